//! `fermi-playground eval`'s `--dialect`: each dialect by its name (the core's `Dialect::named`), and a word that
//! names none refused with the names to write instead.

mod cli_common;

#[test]
fn the_dialect_is_named_or_refused() {
    // (--dialect, program, exit code, what the output says)
    let cases = [
        ("fermi", "2 8\n", 0, "\"dialect\":\"fermi\""),
        ("squiggle", "to(2, 8)", 0, "\"dialect\":\"squiggle\""),
        ("Fermi", "2 8\n", 2, "possible values: squiggle, fermi"),
        ("fermy", "2 8\n", 2, "invalid value 'fermy'"),
    ];
    for (dialect, program, code, says) in cases {
        let out = cli_common::run(
            "eval",
            &["--json", "--samples", "1000", "--dialect", dialect, "-"],
            program,
        );
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(code), "{dialect}: {text}");
        assert!(text.contains(says), "{dialect}: {text}");
    }
}
