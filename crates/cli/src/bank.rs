//! `fermi-playground bank`: see spec/cli.md. (Being built; replaced by its owner.)

use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {
    Check,
}

pub fn run(_cmd: Command) -> ExitCode {
    crate::report::usage("`bank` is not built yet")
}
