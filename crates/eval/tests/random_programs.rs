//! Arbitrary programs keep their samples: the 200 programs of the differential check's generator that
//! `npm run bench:squiggle` times (seed 20261201, `tests/data/random_programs.json`), each evaluated at two sample
//! counts, against the bits (or the first error) recorded in `tests/data/random_program_hashes.txt`. A speed-up of
//! the evaluator must leave every line as it is; when sampling changes on purpose, rerun with
//! `UPDATE_RECORDED_BITS=1 cargo test -p fermi-eval --test random_programs` to record the new bits.
//!
//! The programs were written by
//! `node -e 'import("./tools/squiggle-diff/generate.mjs").then(m => console.log(JSON.stringify(m.generate(20261201, 200))))'`.

use fermi_eval::{Options, evaluate_source, samples_hash};
use fermi_syntax::Dialect;

const PROGRAMS: &str = include_str!("data/random_programs.json");
const RECORDED: &str = include_str!("data/random_program_hashes.txt");
const HEADER: &str = "# program seed n = FNV-1a hash of the samples' bits and the warning count, or the first error\n";

/// (seed, samples): a count that is not a multiple of any chunk size, and the benchmark's 10⁵.
const RUNS: [(u64, usize); 2] = [(7, 1_003), (1, 100_000)];

fn outcome(source: &str, seed: u64, samples: usize) -> String {
    let e = evaluate_source(source, Dialect::Squiggle, &Options { samples, seed });
    match e.samples {
        Some(xs) => format!("{:016x} {}w", samples_hash(&xs), e.diagnostics.len()),
        None => format!("error: {}", e.diagnostics[0].message),
    }
}

fn table() -> String {
    let programs: Vec<String> = serde_json::from_str(PROGRAMS).expect("a JSON array of programs");
    assert_eq!(programs.len(), 200);
    let mut text = HEADER.to_string();
    for (i, source) in programs.iter().enumerate() {
        for (seed, n) in RUNS {
            text += &format!("{i} {seed} {n} = {}\n", outcome(source, seed, n));
        }
    }
    text
}

#[test]
fn random_programs_keep_their_recorded_samples() {
    let now = table();
    if std::env::var_os("UPDATE_RECORDED_BITS").is_some() {
        let path = format!(
            "{}/tests/data/random_program_hashes.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::write(path, &now).expect("write the recorded table");
        return;
    }
    for (got, want) in now.lines().zip(RECORDED.lines()) {
        assert_eq!(got, want);
    }
    assert_eq!(now.lines().count(), RECORDED.lines().count());
}
