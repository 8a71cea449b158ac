//! Runs the built binary as a user would: a subcommand, its arguments, and text on standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `fermi-playground SUBCOMMAND ARGS… < stdin`, with what it printed and its exit status.
pub fn run(subcommand: &str, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fermi-playground"))
        .arg(subcommand)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary starts");
    // The pipe closes at the end of the statement: the input ends there.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
