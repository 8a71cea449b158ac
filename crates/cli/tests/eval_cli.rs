//! `fermi-playground eval`'s `--dialect`: each dialect by its name (the core's `Dialect::named`), and a word that
//! names none refused with the names to write instead.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn eval(args: &[&str], program: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fermi-playground"))
        .arg("eval")
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary starts");
    // The pipe closes at the end of the statement: the program ends there.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(program.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

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
        let out = eval(
            &["--json", "--samples", "1000", "--dialect", dialect],
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
