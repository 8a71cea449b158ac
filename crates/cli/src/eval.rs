//! `fermi-playground eval`: evaluate an estimate program and summarise its samples (spec/cli.md).

use std::io::Read;
use std::process::ExitCode;

use fermi_eval::{DEFAULT_SAMPLES, DEFAULT_SEED, Options};
use fermi_syntax::Dialect;
use serde_json::json;

use crate::report;

#[derive(clap::Args)]
pub struct Args {
    /// Dialect of the program; by default from the file extension (`.fermi` → fermi, otherwise squiggle).
    #[arg(long, value_parser = ["squiggle", "fermi"])]
    dialect: Option<String>,
    /// Number of samples (100 to 10,000,000).
    #[arg(long, default_value_t = DEFAULT_SAMPLES)]
    samples: usize,
    /// Seed of the random generator (default 1); the same seed gives the same samples on every platform.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Print one JSON object (summary and warnings) to stdout.
    #[arg(long)]
    json: bool,
    /// The program file, or `-` for standard input.
    file: String,
}

pub fn run(args: Args) -> ExitCode {
    let source = if args.file == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut s) {
            return report::usage(format!("cannot read standard input: {e}"));
        }
        s
    } else {
        match std::fs::read_to_string(&args.file) {
            Ok(s) => s,
            Err(e) => return report::usage(format!("cannot read {}: {e}", args.file)),
        }
    };
    let dialect = match args.dialect.as_deref() {
        Some("fermi") => Dialect::Fermi,
        Some(_) => Dialect::Squiggle,
        None => Dialect::from_path(&args.file),
    };
    if !(fermi_eval::MIN_SAMPLES..=fermi_eval::MAX_SAMPLES).contains(&args.samples) {
        return report::usage(format!(
            "--samples must be between {} and {}, not {}",
            fermi_eval::MIN_SAMPLES,
            fermi_eval::MAX_SAMPLES,
            args.samples
        ));
    }
    let options = Options {
        samples: args.samples,
        seed: args.seed,
    };
    let evaluation = fermi_eval::evaluate_source(&source, dialect, &options);
    let Some(samples) = evaluation.samples else {
        return report::fail(&args.file, &source, &evaluation.diagnostics, args.json);
    };
    for warning in &evaluation.diagnostics {
        eprint!("{}", report::render(&args.file, &source, warning));
    }
    let summary = fermi_eval::summarize(&samples);
    if args.json {
        let warnings: Vec<_> = report::to_json(&source, &evaluation.diagnostics)
            .into_iter()
            .map(|w| json!({ "line": w.line, "col": w.col, "end_line": w.end_line, "end_col": w.end_col, "message": w.message, "hint": w.hint }))
            .collect();
        let out = json!({
            "dialect": dialect.name(),
            "samples": args.samples,
            "seed": args.seed,
            "summary": summary,
            "warnings": warnings,
        });
        println!("{out}");
    } else {
        let r = fermi_syntax::format_readable;
        println!(
            "p5 {}  p50 {}  p95 {}  (mean {}; {} samples, seed {})",
            r(summary.p5),
            r(summary.p50),
            r(summary.p95),
            r(summary.mean),
            args.samples,
            args.seed
        );
        if summary.nonpositive > 0 {
            println!(
                "{} of {} samples are ≤ 0",
                summary.nonpositive, args.samples
            );
        }
    }
    ExitCode::SUCCESS
}
