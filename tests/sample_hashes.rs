//! Native side of the portability check: the hashes in tests/data/native_sample_hashes.txt are what native builds
//! produce; tests/web.rs checks that wasm in Chromium produces the same bits. When sampling changes on purpose,
//! rerun with `UPDATE_SAMPLE_HASHES=1 cargo test -p playground --test sample_hashes` to record the new bits.

mod common;

#[test]
fn native_samples_match_the_recorded_hashes() {
    let cases = common::cases(common::RECORDED);
    assert!(cases.len() >= 4);
    if std::env::var_os("UPDATE_SAMPLE_HASHES").is_some() {
        let header: String = common::RECORDED
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        let body: String = cases
            .iter()
            .map(|c| format!("{} = {}\n", c.line, common::hash_of(&c.line)))
            .collect();
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/native_sample_hashes.txt"
        );
        std::fs::write(path, header + &body).expect("write hash file");
        return;
    }
    for case in cases {
        assert_eq!(common::hash_of(&case.line), case.expected, "{}", case.line);
    }
}
