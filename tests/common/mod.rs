//! The sample-portability cases shared by the native and the wasm test.

/// One line of tests/data/native_sample_hashes.txt: `dialect seed n source = hash` (`\n` in source = newline).
pub struct HashCase {
    pub line: String,
    pub expected: String,
}

pub const RECORDED: &str = include_str!("../data/native_sample_hashes.txt");

pub fn cases(text: &str) -> Vec<HashCase> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (case, expected) = l.rsplit_once(" = ").expect("case = hash");
            HashCase {
                line: case.trim().to_string(),
                expected: expected.trim().to_string(),
            }
        })
        .collect()
}

/// Evaluates a case and returns the FNV hash of its samples' bits, as 16 hex digits.
pub fn hash_of(case: &str) -> String {
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
    let samples = eval
        .samples
        .unwrap_or_else(|| panic!("{case}: {:?}", eval.diagnostics));
    format!("{:016x}", fermi_eval::samples_hash(&samples))
}
