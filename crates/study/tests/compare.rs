//! The comparison's statistics: a cross-check against an independent computation on one fixed dataset, and a
//! simulation showing the crossed bootstrap's 90% interval covering a known human–model difference.

use fermi_study::compare::{Count, Entry, Forecaster, Hits, Items, Person, Policy, Table, compare};

const S: Option<Entry> = Some(Entry::Skipped);
const F: Option<Entry> = Some(Entry::Failed);

fn scored(x: f64) -> Option<Entry> {
    Some(Entry::Scored(x))
}

/// Five people and one model on four questions, with a skip, two failures and a question a person never saw.
fn fixed_table() -> Table {
    let rows = [
        [scored(0.10), scored(0.50), scored(1.20), scored(0.30)],
        [scored(0.20), scored(0.40), S, scored(0.60)],
        [scored(0.05), scored(0.90), scored(0.80), None],
        [scored(0.40), scored(0.30), scored(1.50), scored(0.20)],
        [scored(0.15), F, scored(1.00), scored(0.45)],
    ];
    let model = [
        Entry::Scored(0.12),
        Entry::Scored(0.35),
        Entry::Failed,
        Entry::Scored(0.25),
    ];
    Table {
        questions: (1..=4).map(|q| format!("t/q{q}")).collect(),
        arm: None,
        people: rows
            .iter()
            .enumerate()
            .map(|(i, r)| Person {
                id: format!("p{i}"),
                arm: None,
                entries: r.to_vec(),
            })
            .collect(),
        human_hits: Hits::default(),
        arm_hits: Vec::new(),
        models: vec![Forecaster {
            name: "m".into(),
            entries: model.iter().map(|e| vec![*e]).collect(),
            hits: Hits {
                hits: [1, 2, 3],
                answers: 4,
            },
        }],
        crowd: None,
        written: Vec::new(),
    }
}

fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-9, "{a} is not {b}");
}

/// The expected numbers were computed once by this plain-Python script (no code shared with the crate; the
/// adjusted scores by solving the least-squares normal equations of score = θ_forecaster + β_question with
/// Σβ = 0 directly, not by alternating updates):
///
/// ```python
/// people = [[0.10,0.50,1.20,0.30],[0.20,0.40,S,0.60],[0.05,0.90,0.80,None],[0.40,0.30,1.50,0.20],[0.15,F,1.00,0.45]]
/// model = [0.12, 0.35, F, 0.25]
/// # per policy: replace S/F by the penalty or None; per question the people's mean and median; the difference is
/// # the mean over questions both have of model − mean; beat counts model < median; percentile = 100 (worse +
/// # ties/2) / n; θ from the 9×9 normal equations (6 forecasters, β₃ = −β₀ − β₁ − β₂) by Gauss–Jordan.
/// ```
/// which printed
/// ```text
/// skip=None fail=None
///   means [0.18, 0.525, 1.125, 0.3875]   difference -0.12416666666666666 beat 3 of 3
///   percentiles [60.0, 75.0, None, 75.0]   humans adjusted 0.5525212765957448 model adjusted 0.43430851063829795
/// skip=2.0 fail=3.0
///   means [0.18, 1.02, 1.3, 0.3875]   difference 0.208125 beat 3 of 4
///   percentiles [60.0, 80.0, 0.0, 75.0]   humans adjusted 0.7022666666666668 model adjusted 0.9299999999999999
/// ```
#[test]
fn the_fixed_dataset_matches_an_independent_computation() {
    let table = fixed_table();
    let dropped = compare(&table, &Policy::default(), 500, 1);
    let line = &dropped.paired[0];
    close(line.difference.unwrap(), -0.12416666666666666);
    assert_eq!((line.beat_median, line.questions), (3, 3));
    let means: Vec<f64> = dropped
        .questions
        .iter()
        .map(|q| q.humans.mean.unwrap())
        .collect();
    for (a, b) in means.iter().zip([0.18, 0.525, 1.125, 0.3875]) {
        close(*a, b);
    }
    let percentiles: Vec<Option<f64>> = dropped
        .questions
        .iter()
        .map(|q| q.models[0].as_ref().and_then(|m| m.percentile))
        .collect();
    assert_eq!(percentiles, [Some(60.0), Some(75.0), None, Some(75.0)]);
    close(dropped.groups[0].adjusted.unwrap(), 0.5525212765957448);
    close(dropped.groups[1].adjusted.unwrap(), 0.43430851063829795);
    assert!(
        line.words.starts_with(
            "m beat the median participant on 3 of 3 questions; its score was 0.12 lower"
        ),
        "{}",
        line.words
    );

    let penalised = Policy {
        items: Items::All,
        skip: Count::Penalty(2.0),
        failure: Count::Penalty(3.0),
    };
    let p = compare(&table, &penalised, 500, 1);
    close(p.paired[0].difference.unwrap(), 0.208125);
    assert_eq!((p.paired[0].beat_median, p.paired[0].questions), (3, 4));
    let percentiles: Vec<Option<f64>> = p
        .questions
        .iter()
        .map(|q| q.models[0].as_ref().and_then(|m| m.percentile))
        .collect();
    assert_eq!(percentiles, [Some(60.0), Some(80.0), Some(0.0), Some(75.0)]);
    close(p.groups[0].adjusted.unwrap(), 0.7022666666666668);
    close(p.groups[1].adjusted.unwrap(), 0.9299999999999999);

    // `common` leaves out the question the model failed, for the humans too.
    let common = compare(
        &table,
        &Policy {
            items: Items::Common,
            ..Policy::default()
        },
        500,
        1,
    );
    assert!(!common.questions[2].compared);
    assert_eq!(common.groups[0].questions, 3);
    // Coverage: Clopper–Pearson 95% of 3 hits in 4 at the 90% level.
    let c90 = &dropped.groups[1].coverage[2];
    assert_eq!((c90.level, c90.hits, c90.answers), (90, 3, 4));
    let [lo, hi] = fermi_score::calibration::clopper_pearson(3, 4, 0.95);
    assert_eq!((c90.low, c90.high), (lo, hi));
}

/// SplitMix64 and Box–Muller: the simulation's own generator, independent of the crate's.
struct Gen(u64);

impl Gen {
    fn uniform(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (((z ^ (z >> 31)) >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    fn normal(&mut self) -> f64 {
        let (u, v) = (self.uniform(), self.uniform());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

/// 400 simulated studies, each with fresh people and questions: score(person i, question q) = 1 + b_q + a_i +
/// e_iq and score(model, q) = 1 + b_q + δ + u_q, with b ~ N(0, 0.5), a ~ N(0, 0.3), e ~ N(0, 0.4), u ~ N(0, 0.4)
/// and δ = −0.3: the model is 0.3 nats better than the population of people on the population of questions.
/// The crossed bootstrap's 90% interval must hold δ in 85–95% of the studies.
#[test]
fn the_crossed_bootstrap_covers_a_known_difference() {
    const STUDIES: usize = 400;
    const PEOPLE: usize = 40;
    const QUESTIONS: usize = 25;
    const DELTA: f64 = -0.3;
    let mut g = Gen(2026);
    let mut covered = 0;
    for study in 0..STUDIES {
        let b: Vec<f64> = (0..QUESTIONS).map(|_| 0.5 * g.normal()).collect();
        let people = (0..PEOPLE)
            .map(|i| {
                let a = 0.3 * g.normal();
                Person {
                    id: format!("p{i}"),
                    arm: None,
                    entries: b
                        .iter()
                        .map(|bq| scored(1.0 + bq + a + 0.4 * g.normal()))
                        .collect(),
                }
            })
            .collect();
        let model = b
            .iter()
            .map(|bq| vec![Entry::Scored(1.0 + bq + DELTA + 0.4 * g.normal())])
            .collect();
        let table = Table {
            questions: (0..QUESTIONS).map(|q| format!("s/q{q}")).collect(),
            people,
            models: vec![Forecaster {
                name: "m".into(),
                entries: model,
                hits: Hits::default(),
            }],
            ..Table::default()
        };
        let c = compare(&table, &Policy::default(), 400, study as u64);
        let [lo, hi] = c.paired[0].ci90.unwrap();
        covered += usize::from(lo <= DELTA && DELTA <= hi);
    }
    let share = covered as f64 / STUDIES as f64;
    eprintln!(
        "the 90% interval covered δ in {covered} of {STUDIES} studies ({:.1}%)",
        100.0 * share
    );
    assert!((0.85..=0.95).contains(&share), "coverage {share}");
}

#[test]
fn the_policy_is_declared_in_the_study_file() {
    let demo = fermi_study::BUNDLED[0].1;
    let study = fermi_study::parse_study(demo).unwrap();
    assert_eq!(study.compare, Policy::default());
    let with =
        format!("{demo}\n[study.compare]\nitems = \"common\"\nskip = 2.5\nfailure = \"drop\"\n");
    let study = fermi_study::parse_study(&with).unwrap();
    assert_eq!(
        study.compare,
        Policy {
            items: Items::Common,
            skip: Count::Penalty(2.5),
            failure: Count::Drop
        }
    );
    assert!(
        study
            .compare
            .words()
            .contains("a skip scores a penalty of 2.5 nats")
    );
    for bad in [
        "skip = \"zero\"",
        "failure = -1.0",
        "items = \"some\"",
        "extra = 1",
    ] {
        let text = format!("{demo}\n[study.compare]\n{bad}\n");
        let problems = fermi_study::parse_study(&text).unwrap_err();
        assert!(
            problems[0].message.starts_with("study.compare"),
            "{bad}: {}",
            problems[0].message
        );
    }
}
