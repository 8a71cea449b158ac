//! `fermi-playground import scioly|realfp|calibration`: convert a public question set into a pack (docs/cli.md).

use std::process::ExitCode;

use fermi_bank::Pack;
use fermi_bank::import::{Format, ImportReport, convert};

use crate::report;

#[derive(clap::Args)]
pub struct Args {
    /// The question set's format.
    #[arg(value_parser = ["scioly", "realfp", "calibration"])]
    format: String,
    /// The set's file(s): scioly `questions.json`; realfp one or more split files (questions repeated across them are
    /// dropped); calibration `questions.json`.
    #[arg(required = true)]
    files: Vec<String>,
    /// scioly only: `corrections.json`, applied before filtering.
    #[arg(long)]
    corrections: Option<String>,
    /// Where to write the pack (TOML); `-` for standard output.
    #[arg(short = 'o', long = "output")]
    output: String,
    /// Also list every dropped record with its reason.
    #[arg(long)]
    verbose: bool,
}

pub fn run(args: Args) -> ExitCode {
    let read =
        |path: &str| std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"));
    let texts = match args
        .files
        .iter()
        .map(|f| read(f))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(texts) => texts,
        Err(e) => return report::usage(e),
    };
    if args.corrections.is_some() && args.format != "scioly" {
        return report::usage("--corrections applies to `scioly` only");
    }
    if args.format != "realfp" && texts.len() != 1 {
        return report::usage(format!(
            "`{}` converts one file, not {}",
            args.format,
            texts.len()
        ));
    }
    let format = match args.format.as_str() {
        "scioly" => Format::SciOly,
        "realfp" => Format::RealFp,
        _ => Format::Calibration,
    };
    let corrections = match args.corrections.as_deref().map(read).transpose() {
        Ok(c) => c,
        Err(e) => return report::usage(e),
    };
    let mut named: Vec<(&str, &str)> = args
        .files
        .iter()
        .zip(&texts)
        .map(|(f, t)| (file_name(f), t.as_str()))
        .collect();
    let corrections = args
        .corrections
        .as_deref()
        .zip(corrections.as_deref())
        .map(|(f, t)| (file_name(f), t));
    let converted = match convert(format, &named, corrections) {
        Ok(converted) => converted,
        Err(problems) => {
            named.extend(corrections);
            let text = |file: &str| named.iter().find(|f| f.0 == file).map(|f| f.1);
            for p in &problems {
                eprint!("{}", report::render_problem(p, text(&p.file)));
            }
            eprintln!("fermi-playground: nothing written");
            return ExitCode::from(report::EXIT_DIAGNOSTIC);
        }
    };
    print_report(&converted.pack, &converted.report, args.verbose);
    let text = converted.toml;
    if args.output == "-" {
        print!("{text}");
    } else if let Err(e) = std::fs::write(&args.output, text) {
        return report::usage(format!("cannot write {}: {e}", args.output));
    } else {
        eprintln!(
            "wrote {} questions to {}",
            converted.pack.questions.len(),
            args.output
        );
    }
    ExitCode::SUCCESS
}

fn file_name(path: &str) -> &str {
    std::path::Path::new(path)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(path)
}

/// Counts by reason to stderr (stdout may carry the pack).
fn print_report(pack: &Pack, import_report: &ImportReport, verbose: bool) {
    eprint!("{}: {import_report}", pack.info.id);
    if verbose {
        for (reason, records) in &import_report.dropped {
            for record in records {
                eprintln!("  dropped: {reason}: {record}");
            }
        }
    }
}
