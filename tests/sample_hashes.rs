//! Native side of the portability check: tests/data/native_sample_hashes.txt and native_score_bits.txt hold what
//! native builds produce; tests/web.rs checks that wasm in Chromium produces the same bits. When sampling or scoring
//! changes on purpose, rerun with `UPDATE_RECORDED_BITS=1 cargo test -p playground --test sample_hashes` to record
//! the new bits.
#![cfg(not(target_arch = "wasm32"))]

mod common;

fn check(file: &str, recorded: &str, compute: fn(&str) -> String) {
    let cases = common::cases(recorded);
    assert!(cases.len() >= 4);
    if std::env::var_os("UPDATE_RECORDED_BITS").is_some() {
        common::record(file, recorded, compute);
        return;
    }
    for case in cases {
        assert_eq!(compute(&case.line), case.expected, "{}", case.line);
    }
}

#[test]
fn native_samples_match_the_recorded_hashes() {
    check(
        "native_sample_hashes.txt",
        common::RECORDED_SAMPLES,
        common::hash_of,
    );
}

#[test]
fn native_scores_match_the_recorded_bits() {
    check(
        "native_score_bits.txt",
        common::RECORDED_SCORES,
        common::score_bits,
    );
}

#[test]
fn native_chacha8_matches_rand_chacha() {
    common::chacha8_matches_rand_chacha();
}
