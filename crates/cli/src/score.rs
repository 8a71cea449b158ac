//! `fermi-playground score`: see spec/cli.md. (Being built; replaced by its owner.)

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    crate::report::usage("`score` is not built yet")
}
