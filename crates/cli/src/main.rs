//! `fermi-playground`: the native face of the core. Every number it prints comes from the same crates the browser runs.

mod bank;
mod compare;
mod eval;
mod import;
mod jatos;
mod report;
mod score;
mod study;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "fermi-playground",
    version,
    about = "Fermi estimates as probabilistic programs, scored against the truth"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate an estimate program and summarise its samples.
    Eval(eval::Args),
    /// Score samples or an estimate program against a truth.
    Score(score::Args),
    /// Check or list question packs.
    #[command(subcommand)]
    Bank(bank::Command),
    /// Convert a public question set into a pack.
    Import(import::Args),
    /// Check a study file; score a study's records and language-model runs; write prompts; simulate; compare.
    #[command(subcommand)]
    Study(study::Command),
}

fn main() -> ExitCode {
    // Output piped into `head` should end the process quietly, as for other Unix tools, not panic in println!.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match cli.command {
        Command::Eval(args) => eval::run(args),
        Command::Score(args) => score::run(args),
        Command::Bank(cmd) => bank::run(cmd),
        Command::Import(args) => import::run(args),
        Command::Study(cmd) => study::run(cmd),
    }
}
