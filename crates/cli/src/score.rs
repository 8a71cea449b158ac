//! `fermi-playground score` (spec/cli.md). Form 1: `score --json < CASE.json` scores a case in the shape of
//! `scoring-vectors.json` and prints every key of its `expected`.

use std::io::Read;
use std::process::ExitCode;

use fermi_score::{LogSamples, LogTruth, Report, ScoreError, Truth, feedback, noise};
use serde::Deserialize;
use serde_json::json;

use crate::report;

#[derive(clap::Args)]
pub struct Args {
    /// Print one JSON object with every score (the keys of `scoring-vectors.json`) to stdout.
    #[arg(long)]
    json: bool,
}

/// One side of a case, as written in `scoring-vectors.json` (linear space).
#[derive(Deserialize)]
#[serde(tag = "kind", deny_unknown_fields)]
enum Distribution {
    #[serde(rename = "samples")]
    Samples { values: Vec<f64> },
    #[serde(rename = "lognormal_p5_p95")]
    LognormalP5P95 { p5: f64, p95: f64 },
    #[serde(rename = "point")]
    Point { value: f64 },
}

/// A case: the forecast F (samples) and the truth G. Other fields of a vector case (`id`, `expected`, …) are
/// ignored.
#[derive(Deserialize)]
struct Case {
    #[serde(rename = "F")]
    forecast: Distribution,
    #[serde(rename = "G")]
    truth: Distribution,
}

/// A problem with the input, with its 1-based position when it has one.
struct Problem {
    message: String,
    line: u32,
    col: u32,
}

impl From<ScoreError> for Problem {
    fn from(e: ScoreError) -> Problem {
        Problem {
            message: e.to_string(),
            line: 1,
            col: 1,
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        return report::usage(format!("cannot read standard input: {e}"));
    }
    match score_case(&input) {
        Ok((f, g)) => {
            print_report(&f, &g, args.json);
            ExitCode::SUCCESS
        }
        Err(problem) => fail(&problem, args.json),
    }
}

fn score_case(input: &str) -> Result<(LogSamples, LogTruth), Problem> {
    let case: Case = serde_json::from_str(input).map_err(|e| Problem {
        message: format!("not a scoring case: {e} (expected {{\"F\":{{\"kind\":\"samples\",\"values\":[…]}},\"G\":{{…}}}})"),
        line: e.line().max(1) as u32,
        col: e.column().max(1) as u32,
    })?;
    let Distribution::Samples { values } = case.forecast else {
        return Err(Problem {
            message: "F must be samples (\"kind\": \"samples\")".to_string(),
            line: 1,
            col: 1,
        });
    };
    let truth = match case.truth {
        Distribution::Samples { values } => Truth::Samples(values),
        Distribution::LognormalP5P95 { p5, p95 } => Truth::checked_lognormal_from_p5_p95(p5, p95)?,
        Distribution::Point { value } => Truth::Point(value),
    };
    Ok((LogSamples::new(&values)?, LogTruth::new(&truth)?))
}

fn print_report(f: &LogSamples, g: &LogTruth, json: bool) {
    let report = Report::new(f, g);
    if json {
        println!(
            "{}",
            serde_json::to_string(&report).expect("a report serialises")
        );
        return;
    }
    let b = &report.breakdown_shift;
    println!(
        "Cramér-log  {:.4} nats  (location {:.4} + shape {:.4}; best shift {:+.4} nats)",
        b.total, b.location, b.shape, b.bias
    );
    println!(
        "CRPS-log    {:.4}    W1-log {:.4}    fp_score {:.3}",
        report.crps_log, report.w1_log, report.fp_score
    );
    println!(
        "90% interval [{:.4}, {:.4}] (ln): covers {:.1}% of the truth; Winkler {:.4}",
        report.interval90_l,
        report.interval90_u,
        100.0 * report.coverage90,
        report.winkler90_expected
    );
    for sentence in feedback(&report, &noise(f, g, b)) {
        println!("{sentence}");
    }
}

fn fail(problem: &Problem, json: bool) -> ExitCode {
    eprintln!(
        "<stdin>:{}:{}: error: {}",
        problem.line, problem.col, problem.message
    );
    if json {
        let (line, col) = (problem.line, problem.col);
        let error = json!({ "line": line, "col": col, "end_line": line, "end_col": col, "message": problem.message, "hint": null });
        println!("{}", json!({ "errors": [error] }));
    }
    ExitCode::from(report::EXIT_DIAGNOSTIC)
}
