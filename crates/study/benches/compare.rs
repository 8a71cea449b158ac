//! `study compare` at scale: 10,000 participants × 60 questions × 20 models (and the crowd), with 2,000
//! crossed-bootstrap draws, from scores already computed (scoring itself is `score_study`'s figure). Run once:
//! `cargo bench -p fermi-study --features parallel --bench compare`. The 2,500-participant case beside it shows
//! the growth: the bootstrap is O(draws × participants × questions), the adjusted scores' fit O(rounds ×
//! participants × questions), the rest linear in the table.

use fermi_study::compare::{Count, Entry, Forecaster, Hits, Items, Person, Policy, Table, compare};

fn main() {
    divan::main();
}

/// SplitMix64: deterministic synthetic scores.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A Cramér-log-like score (positive, skewed); 3% skips or failures.
    fn entry(&mut self, difficulty: f64, miss: Entry) -> Entry {
        if self.next() < 0.03 {
            miss
        } else {
            Entry::Scored(difficulty * (0.1 + 2.0 * self.next() * self.next()))
        }
    }
}

const QUESTIONS: usize = 60;
const MODELS: usize = 20;

fn table(people: usize) -> Table {
    let mut mix = Mix(7);
    let difficulty: Vec<f64> = (0..QUESTIONS).map(|_| 0.5 + mix.next()).collect();
    let forecaster = |name: String, mix: &mut Mix| Forecaster {
        name,
        entries: difficulty
            .iter()
            .map(|&d| vec![mix.entry(d, Entry::Failed)])
            .collect(),
        hits: Hits {
            hits: [20, 40, 50],
            answers: QUESTIONS,
        },
    };
    Table {
        questions: (0..QUESTIONS).map(|q| format!("bench/q{q}")).collect(),
        people: (0..people)
            .map(|i| Person {
                id: format!("p{i}"),
                arm: None,
                entries: difficulty
                    .iter()
                    .map(|&d| Some(mix.entry(d, Entry::Skipped)))
                    .collect(),
            })
            .collect(),
        human_hits: Hits {
            hits: [people * 20, people * 35, people * 45],
            answers: people * QUESTIONS,
        },
        models: (0..MODELS)
            .map(|m| forecaster(format!("model-{m:02}"), &mut mix))
            .collect(),
        crowd: Some(forecaster("crowd".into(), &mut mix)),
        ..Table::default()
    }
}

#[divan::bench(args = [2_500, 10_000], sample_count = 1, sample_size = 1)]
fn compare_60_questions_20_models_2000_draws(bencher: divan::Bencher, people: usize) {
    let policy = Policy {
        items: Items::All,
        skip: Count::Drop,
        failure: Count::Penalty(5.0),
    };
    bencher
        .with_inputs(|| table(people))
        .bench_local_refs(|t| compare(t, &policy, 2_000, 1));
}
