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
    // The pipe closes at the end of the statement: the input ends there. A refused argument can end the program
    // before it reads any input; the closed pipe is then its answer, not the test's failure.
    match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    child.wait_with_output().unwrap()
}
