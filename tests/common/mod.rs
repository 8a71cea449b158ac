//! The portability cases shared by the native and the wasm test: samples, scores and the ChaCha8 stream.

/// One line of a recorded table (tests/data/*.txt): `case = expected`.
pub struct Case {
    pub line: String,
    pub expected: String,
}

/// `dialect seed n source = hash` (`\n` in source = newline).
pub const RECORDED_SAMPLES: &str = include_str!("../data/native_sample_hashes.txt");
/// `truth | dialect seed n source = named bits`.
pub const RECORDED_SCORES: &str = include_str!("../data/native_score_bits.txt");

pub fn cases(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (case, expected) = l.rsplit_once(" = ").expect("case = expected");
            Case {
                line: case.trim().to_string(),
                expected: expected.trim().to_string(),
            }
        })
        .collect()
}

/// Rewrites a recorded table (under tests/data) with what `compute` gives now, keeping its header comments.
#[cfg(not(target_arch = "wasm32"))]
pub fn record(file: &str, recorded: &str, compute: fn(&str) -> String) {
    let header: String = recorded
        .lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let body: String = cases(recorded)
        .iter()
        .map(|c| format!("{} = {}\n", c.line, compute(&c.line)))
        .collect();
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(path, header + &body).expect("write the recorded table");
}

/// Evaluates `dialect seed n source`.
fn samples_of(case: &str) -> Vec<f64> {
    let (dialect, rest) = case.split_once(' ').expect("dialect seed n source");
    let mut parts = rest.splitn(3, ' ');
    let seed: u64 = parts.next().unwrap().parse().unwrap();
    let n: usize = parts.next().unwrap().parse().unwrap();
    let source = parts.next().unwrap().replace("\\n", "\n");
    let dialect = if dialect == "fermi" {
        fermi_syntax::Dialect::Fermi
    } else {
        fermi_syntax::Dialect::Squiggle
    };
    let eval =
        fermi_eval::evaluate_source(&source, dialect, &fermi_eval::Options { samples: n, seed });
    eval.samples
        .unwrap_or_else(|| panic!("{case}: {:?}", eval.diagnostics))
}

/// The FNV hash of a case's samples' bits, as 16 hex digits.
pub fn hash_of(case: &str) -> String {
    format!("{:016x}", fermi_eval::samples_hash(&samples_of(case)))
}

/// `lognormal MU SIGMA | sample case` or `point VALUE | sample case`, assessed as every face does it: the
/// Cramér-log and its location/shape breakdown as bits, then `all`, a hash of every number of the report, the
/// noise, the what-ifs, the verdicts and the feedback (`fermi_score::assess` in postcard, exact to the bit).
pub fn score_bits(case: &str) -> String {
    use fermi_score::{LogSamples, LogTruth, Truth};
    let (truth, samples) = case.split_once(" | ").expect("truth | sample case");
    let numbers: Vec<f64> = truth
        .split(' ')
        .skip(1)
        .map(|x| x.parse().unwrap())
        .collect();
    let truth = match (truth.split(' ').next(), numbers.as_slice()) {
        (Some("lognormal"), &[mu, sigma]) => Truth::Lognormal { mu, sigma },
        (Some("point"), &[value]) => Truth::Point(value),
        _ => panic!("unknown truth `{truth}`"),
    };
    let g = LogTruth::new(&truth).unwrap();
    let f = LogSamples::new(&samples_of(samples)).unwrap();
    let assessment = fermi_score::assess(&f, &g);
    let report = &assessment.report;
    let bytes = postcard::to_allocvec(&assessment).unwrap();
    let b = report.breakdown_shift;
    format!(
        "cramer {:016x} location {:016x} shape {:016x} bias {:016x} all {:016x}",
        report.cramer_log.to_bits(),
        b.location.to_bits(),
        b.shape.to_bits(),
        b.bias.to_bits(),
        fermi_num::fnv1a(&bytes)
    )
}

/// The sampler's ChaCha8 (simd128 in wasm, SSE2 on x86-64) against rand_chacha's stream, for several seeds, over
/// the first refills and further on.
pub fn chacha8_matches_rand_chacha() {
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};
    for seed in [0, 1, 7, 42, 0x9e37_79b9_7f4a_7c15, u64::MAX] {
        let mut reference = ChaCha8Rng::seed_from_u64(seed);
        let mut ours = fermi_eval::ChaCha8::from_seed(reference.get_seed());
        for draw in 0..100_003 {
            let (a, b) = (ours.next_u64(), reference.next_u64());
            assert_eq!(a, b, "seed {seed}, draw {draw}");
        }
    }
}
