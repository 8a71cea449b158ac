//! `fermi-playground score` (docs/cli.md). Form 1: `score --json < CASE.json` scores a case in the shape of
//! `scoring-vectors.json` and prints every key of its `expected`. Form 2: `score --question ID ESTIMATE_FILE`
//! evaluates an estimate program and scores it against a question's truth.

use std::process::ExitCode;

use fermi_bank::Problem;
use fermi_score::{Assessment, LogSamples, LogTruth, ScoreError, Truth, assess};
use serde::Deserialize;

use crate::report;

#[derive(clap::Args)]
#[command(
    after_help = "Form 1 (without --question) reads a case from standard input: {\"F\":{\"kind\":\"samples\",\"values\":[…]}, \"G\":{\"kind\":\"samples\"|\"lognormal_p5_p95\"|\"point\", …}} (linear space, as in scoring-vectors.json), e.g. `fermi-playground score --json < case.json`.\nForm 2: `fermi-playground score --question ID [--json] ESTIMATE_FILE`."
)]
pub struct Args {
    /// Print one JSON object with every score (the keys of `scoring-vectors.json`) to stdout.
    #[arg(long)]
    json: bool,
    /// Form 2: score ESTIMATE_FILE against this question's truth (see `bank list`).
    #[arg(long, requires = "estimate")]
    question: Option<String>,
    /// Form 2: the pack holding the question (a `.toml` file or a folder); default the built-in pack.
    #[arg(long, requires = "question")]
    pack: Option<String>,
    /// Form 2: samples drawn from the estimate (100 to 10,000,000).
    #[arg(long, requires = "question", default_value_t = fermi_eval::DEFAULT_SAMPLES)]
    samples: usize,
    /// Form 2: seed of the estimate's random generator.
    #[arg(long, requires = "question", default_value_t = fermi_eval::DEFAULT_SEED)]
    seed: u64,
    /// Form 2: FermiBench's convention, the truth sampled at the estimate's n, instead of the fitted lognormal.
    #[arg(long, requires = "question")]
    sampled_truth: bool,
    /// Form 2: attribute the miss to the question's reference factors (docs/scoring.md, "Factor attribution").
    #[arg(long, requires = "question")]
    factors: bool,
    /// Form 2 with --factors: say which reference factor an answer's variable stands for (`ANSWER=REFERENCE`,
    /// or `ANSWER=` for none); repeatable.
    #[arg(long = "match", value_name = "ANSWER=REFERENCE", requires = "factors")]
    matches: Vec<String>,
    /// Form 2: the estimate program (`.sq`, `.fermi`), or `-` for standard input.
    #[arg(requires = "question")]
    estimate: Option<String>,
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

const STDIN: &str = "<stdin>";

/// A problem of the case as a whole: it has no place in the input.
fn unplaced(e: ScoreError) -> Problem {
    Problem::new(STDIN, None, e.to_string())
}

pub fn run(args: Args) -> ExitCode {
    if let (Some(id), Some(estimate)) = (&args.question, &args.estimate) {
        return question_form::run(id, estimate, &args);
    }
    let input = match report::read_input("-") {
        Ok(input) => input,
        Err(e) => return report::usage(e),
    };
    match score_case(&input) {
        Ok((f, g)) => {
            print_report(&f, &g, args.json);
            ExitCode::SUCCESS
        }
        Err(problem) => report::fail_problems(&[problem], |_| Some(input.as_str()), args.json),
    }
}

fn score_case(input: &str) -> Result<(LogSamples, LogTruth), Problem> {
    let case: Case = serde_json::from_str(input).map_err(|e| {
        let expected = r#"{"F":{"kind":"samples","values":[…]},"G":{…}}"#;
        let message = format!("not a scoring case: {e} (expected {expected})");
        Problem::at_json_error(STDIN, input, &e, message)
    })?;
    let Distribution::Samples { values } = case.forecast else {
        return Err(Problem::new(
            STDIN,
            None,
            "F must be samples (\"kind\": \"samples\")",
        ));
    };
    let truth = match case.truth {
        Distribution::Samples { values } => Truth::Samples(values),
        Distribution::LognormalP5P95 { p5, p95 } => {
            Truth::checked_lognormal_from_p5_p95(p5, p95).map_err(unplaced)?
        }
        Distribution::Point { value } => Truth::Point(value),
    };
    Ok((
        LogSamples::new(&values).map_err(unplaced)?,
        LogTruth::new(&truth).map_err(unplaced)?,
    ))
}

fn print_report(f: &LogSamples, g: &LogTruth, json: bool) {
    let Assessment {
        report, feedback, ..
    } = assess(f, g);
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
    for sentence in feedback {
        println!("{sentence}");
    }
}

/// Form 2: an estimate program against a question of a pack.
mod question_form {
    use std::process::ExitCode;

    use fermi_bank::{
        FittedTruth, Pack, Question, UnitScale, fit_truth, quantity, sampled_truth, unit_words,
    };
    use fermi_eval::Options;
    use fermi_score::{LogSamples, LogTruth, assess};
    use fermi_syntax::Dialect;
    use serde_json::{Value, json};

    use super::{Args, print_report};
    use crate::report;

    pub fn run(id: &str, estimate: &str, args: &Args) -> ExitCode {
        let pack = match load(args.pack.as_deref()) {
            Ok(pack) => pack,
            Err(code) => return code,
        };
        let Some(question) = pack.question(id) else {
            return report::usage(format!(
                "no question `{id}` in pack `{}` (`fermi-playground bank list` shows the ids)",
                pack.info.id
            ));
        };
        if let Err(code) = report::check_samples(args.samples) {
            return code;
        }
        let source = match report::read_input(estimate) {
            Ok(source) => source,
            Err(e) => return report::usage(e),
        };
        let options = Options {
            samples: args.samples,
            seed: args.seed,
        };
        let evaluation =
            fermi_eval::evaluate_source(&source, Dialect::from_path(estimate), &options);
        let Some(samples) = evaluation.samples else {
            return report::fail(estimate, &source, &evaluation.diagnostics, args.json);
        };
        for warning in &evaluation.diagnostics {
            eprint!("{}", report::render(estimate, &source, warning));
        }
        let (truth, truth_json) = match truth(question, args) {
            Ok(t) => t,
            Err(p) => return report::fail_problems(&[p], |_| None, args.json),
        };
        let (f, g) = match (LogSamples::new(&samples), LogTruth::new(&truth)) {
            (Ok(f), Ok(g)) => (f, g),
            (Err(e), _) => return problem(estimate, &e.to_string(), args.json),
            (_, Err(e)) => {
                return problem(
                    &question.file,
                    &format!("question {id}: truth: {e}"),
                    args.json,
                );
            }
        };
        let factors = if args.factors {
            let corrections = args
                .matches
                .iter()
                .map(|m| {
                    let (answer, reference) = m.split_once('=').unwrap_or((m, ""));
                    fermi_factors::Correction {
                        answer: answer.to_string(),
                        reference: (!reference.is_empty()).then(|| reference.to_string()),
                    }
                })
                .collect::<Vec<_>>();
            let answer = fermi_factors::Answer {
                source: &source,
                dialect: Dialect::from_path(estimate),
                summary: &fermi_score::Summary::of_samples(&f),
                seed: args.seed,
            };
            let shape = fermi_factors::TruthShape::of(&truth);
            match fermi_factors::Reference::of(question)
                .map(|r| fermi_factors::attribute(&r, shape, &answer, &corrections))
            {
                None => Factors::None,
                Some(Ok(a)) => Factors::Some(Box::new(a)),
                Some(Err(why)) => Factors::Refused(why),
            }
        } else {
            Factors::NotAsked
        };
        if args.json {
            let assessment = assess(&f, &g);
            let mut out = serde_json::to_value(&assessment.report).expect("a report serialises");
            // The words the browser shows for the same answer.
            out["feedback"] = json!(assessment.feedback);
            out["verdicts"] = json!(assessment.verdicts);
            // Every rule with its name, reading, propriety and words from the rule table, and its value.
            out["rules"] = json!(assessment.report.comparison_rules());
            out["question"] = json!(id);
            out["truth"] = truth_json;
            out["samples"] = json!(args.samples);
            out["seed"] = json!(args.seed);
            match &factors {
                Factors::NotAsked => {}
                Factors::None => out["factors"] = Value::Null,
                Factors::Some(a) => {
                    out["factors"] = serde_json::to_value(a).expect("an attribution serialises")
                }
                Factors::Refused(why) => out["factors"] = json!({ "error": why }),
            }
            println!("{out}");
        } else {
            println!("Question {id}: {}", question.text);
            println!("Truth: {}", describe(&truth_json, &question.unit));
            print_report(&f, &g, false);
            print_factors(&factors);
        }
        ExitCode::SUCCESS
    }

    /// What `--factors` found.
    enum Factors {
        NotAsked,
        /// The question has no reference decomposition.
        None,
        Some(Box<fermi_factors::Attribution>),
        Refused(String),
    }

    fn print_factors(factors: &Factors) {
        match factors {
            Factors::NotAsked => {}
            Factors::None => println!("Factors: this question has no reference decomposition."),
            Factors::Refused(why) => println!("Factors: not attributed: {why}."),
            Factors::Some(a) => {
                println!("Factors (total {:+.4} nats; {:?}):", a.total, a.method);
                for r in &a.factors {
                    println!(
                        "  {:<28} {:+.4}  you {:.4e}, the reference {:.4e} ({})",
                        r.reference, r.contribution, r.answer_median, r.reference_median, r.answer
                    );
                }
                println!("  {:<28} {:+.4}", "rest of your formula", a.rest);
                println!("  {:<28} {:+.4}", "residual", a.residual);
                for sentence in &a.sentences {
                    println!("{sentence}");
                }
            }
        }
    }

    /// The named pack (fully validated), or the built-in one.
    fn load(path: Option<&str>) -> Result<Pack, ExitCode> {
        let Some(path) = path else {
            return Ok(fermi_bank::builtin());
        };
        let packs = crate::bank::read_packs(&[path.to_string()]).map_err(report::usage)?;
        packs[0].load().map_err(|problems| {
            packs[0].print(&problems);
            ExitCode::from(report::EXIT_DIAGNOSTIC)
        })
    }

    /// The truth to score against and its JSON description.
    fn truth(
        question: &Question,
        args: &Args,
    ) -> Result<(fermi_score::Truth, Value), fermi_bank::Problem> {
        let kind = question.truth.kind();
        if args.sampled_truth {
            let truth = sampled_truth(question, args.samples)?;
            let mut described = json!({ "kind": kind, "mode": "sampled", "samples": args.samples });
            if let fermi_score::Truth::Point(value) = truth {
                described = json!({ "kind": "point", "value": value });
            }
            return Ok((truth, described));
        }
        let fitted = fit_truth(question)?;
        let described = match fitted {
            FittedTruth::Lognormal { mu, sigma } => json!({
                "kind": kind, "mode": "fitted", "mu": mu, "sigma": sigma,
                "p5": fitted.p5(), "median": fitted.median(), "p95": fitted.p95(),
            }),
            FittedTruth::Point(value) => json!({ "kind": "point", "value": value }),
        };
        Ok((fitted.to_truth(), described))
    }

    fn describe(truth: &Value, unit: &str) -> String {
        let number = |k: &str| truth[k].as_f64().unwrap_or(f64::NAN);
        let share = UnitScale::of(unit) == UnitScale::Share;
        match truth["kind"].as_str() {
            // A share reads in percent, with the fraction it is stored and scored as.
            Some("point") if share => format!(
                "{} (the fraction {})",
                quantity(unit, number("value")),
                number("value")
            ),
            Some("point") => format!("{} {unit}", number("value")),
            _ if share && truth["mode"] == "fitted" => format!(
                "lognormal, median {}, 90% interval [{}, {}] {} (fractions; mu {:.4}, sigma {:.4})",
                UnitScale::Share.format(number("median")),
                UnitScale::Share.format(number("p5")),
                UnitScale::Share.format(number("p95")),
                unit_words(unit),
                number("mu"),
                number("sigma")
            ),
            _ if truth["mode"] == "sampled" => {
                format!("{} samples of the truth program ({unit})", truth["samples"])
            }
            _ => format!(
                "lognormal, median {:.4e}, 90% interval [{:.4e}, {:.4e}] {unit} (mu {:.4}, sigma {:.4})",
                number("median"),
                number("p5"),
                number("p95"),
                number("mu"),
                number("sigma")
            ),
        }
    }

    /// A problem of `file` with no place in it (the estimate's samples, the question's truth).
    fn problem(file: &str, message: &str, json: bool) -> ExitCode {
        report::fail_problems(
            &[fermi_bank::Problem::new(file, None, message)],
            |_| None,
            json,
        )
    }
}
