//! `fermi-playground eval`: evaluate an estimate program and summarise its samples (docs/cli.md).

use std::process::ExitCode;

use fermi_eval::{DEFAULT_SAMPLES, DEFAULT_SEED, Options};
use fermi_study::ItemSummary;
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
    /// Seed of the random generator; the same seed gives the same samples on every platform.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Print one JSON object (summary and warnings) to stdout.
    #[arg(long)]
    json: bool,
    /// The program file, or `-` for standard input.
    file: String,
}

pub fn run(args: Args) -> ExitCode {
    let source = match report::read_input(&args.file) {
        Ok(source) => source,
        Err(e) => return report::usage(e),
    };
    // clap takes only the dialects' own names.
    let dialect = args.dialect.as_deref().and_then(Dialect::named);
    let dialect = dialect.unwrap_or_else(|| Dialect::from_path(&args.file));
    if let Err(code) = report::check_samples(args.samples) {
        return code;
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
        println!(
            "{}",
            json_report(
                dialect,
                &options,
                &summary,
                ItemSummary::of_values(&samples),
                &source,
                &evaluation.diagnostics
            )
        );
    } else {
        let r = fermi_num::format_readable;
        println!(
            "p5 {}  p50 {}  p95 {}  (mean {}; {} samples, seed {})",
            r(summary.p5),
            r(summary.p50),
            r(summary.p95),
            r(summary.mean),
            options.samples,
            options.seed
        );
        if summary.nonpositive > 0 {
            println!(
                "{} of {} samples are ≤ 0",
                summary.nonpositive, options.samples
            );
        }
    }
    ExitCode::SUCCESS
}

/// The `--json` object of docs/cli.md (warnings carry their end position and hint as extra fields).
/// `record_summary` is the scorer's summary, exactly what a study record and the JS API's `evaluate` carry.
fn json_report(
    dialect: Dialect,
    options: &Options,
    summary: &fermi_eval::Summary,
    record_summary: Option<ItemSummary>,
    source: &str,
    warnings: &[fermi_syntax::Diagnostic],
) -> serde_json::Value {
    json!({
        "dialect": dialect.name(),
        "samples": options.samples,
        "seed": options.seed,
        "summary": summary,
        "record_summary": record_summary,
        "warnings": report::to_json(source, warnings),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_report_has_the_spec_shape() {
        let source = "unused = 1\nto(1, 10)";
        let options = Options {
            samples: 1000,
            seed: 7,
        };
        let evaluation = fermi_eval::evaluate_source(source, Dialect::Squiggle, &options);
        let samples = evaluation.samples.unwrap_or_default();
        let summary = fermi_eval::summarize(&samples);
        let value = json_report(
            Dialect::Squiggle,
            &options,
            &summary,
            ItemSummary::of_values(&samples),
            source,
            &evaluation.diagnostics,
        );
        assert_eq!(
            (
                value["dialect"].as_str(),
                value["samples"].as_u64(),
                value["seed"].as_u64()
            ),
            (Some("squiggle"), Some(1000), Some(7))
        );
        for key in [
            "p5", "p25", "p50", "p75", "p95", "mean", "min", "max", "mean_ln", "sd_ln",
        ] {
            assert!(value["summary"][key].is_f64(), "summary.{key}");
        }
        assert_eq!(value["summary"]["nonpositive"].as_u64(), Some(0));
        for key in ["p5", "p50", "p95", "mean_ln", "sd_ln"] {
            assert!(
                value["record_summary"][key].is_f64(),
                "record_summary.{key}"
            );
        }
        let warning = &value["warnings"][0];
        assert_eq!(
            (warning["line"].as_u64(), warning["col"].as_u64()),
            (Some(1), Some(1))
        );
        assert_eq!(warning["message"].as_str(), Some("`unused` is never used"));
    }

    #[test]
    fn log_moments_are_null_when_a_sample_is_not_positive() {
        let options = Options {
            samples: 1000,
            seed: 1,
        };
        let samples = fermi_eval::evaluate_source("to(1, 10) - 3", Dialect::Squiggle, &options)
            .samples
            .unwrap_or_default();
        let summary = fermi_eval::summarize(&samples);
        let value = json_report(
            Dialect::Squiggle,
            &options,
            &summary,
            ItemSummary::of_values(&samples),
            "",
            &[],
        );
        assert!(value["summary"]["mean_ln"].is_null() && value["summary"]["sd_ln"].is_null());
        assert!(value["record_summary"].is_null());
        assert!(value["summary"]["nonpositive"].as_u64().unwrap_or(0) > 0);
    }
}
