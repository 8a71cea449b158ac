//! `fermi-playground study prompts|simulate|compare` (docs/study-format.md): the study as prompts for a model
//! runner, a seeded simulated dataset, and the comparison of models with people (`fermi_study::compare` computes
//! every number; this module reads, prints and writes).

mod report;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fermi_bank::Pack;
use fermi_study::compare::{Comparison, compare as compared};
use fermi_study::{Context, Format, simulate as sim, study_sha256};
use fermi_syntax::{Dialect, syntax_card};
use serde_json::json;

use crate::report as diag;
use crate::study::{Loaded, ScoreArgs, Scored, finish, load, scored};

#[derive(clap::Args)]
pub struct PromptsArgs {
    /// Include this arm's text with the instructions (a model run under that arm's conditions).
    #[arg(long)]
    arm: Option<String>,
    /// The study file.
    study: String,
}

#[derive(clap::Args)]
pub struct SimulateArgs {
    /// The study file.
    #[arg(long)]
    study: String,
    /// Simulated participants.
    #[arg(long, default_value_t = 60)]
    people: usize,
    /// Seed of the simulation.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Folder for `responses.jsonl` (the records) and `runs.jsonl` (the models' runs).
    #[arg(short = 'o', long = "out")]
    out: PathBuf,
}

#[derive(clap::Args)]
pub struct CompareArgs {
    #[command(flatten)]
    score: ScoreArgs,
    /// Only this arm's participants stand for the humans (a matched condition).
    #[arg(long)]
    arm: Option<String>,
    /// Write `index.html` (charts and tables) and the tables as CSV into this folder.
    #[arg(long)]
    report: Option<PathBuf>,
}

/// Most simulated participants.
const MAX_PEOPLE: usize = 100_000;

/// The words a participant reads about each answer format: the quick boxes' labels and the editor's syntax card.
fn format_guide(formats: &[Format], unit: &str) -> String {
    formats
        .iter()
        .map(|f| match f {
            Format::Quick => format!(
                "Quick: a 90% interval. You are 90% sure the answer lies between these ({unit}): a low and a high value."
            ),
            Format::Squiggle | Format::Fermi => {
                let card = syntax_card(f.dialect());
                let name = if f.dialect() == Dialect::Fermi { "fermi" } else { "Squiggle" };
                let examples: Vec<String> = card
                    .examples
                    .iter()
                    .map(|(program, what)| format!("`{}` ({what})", program.replace('\n', "; ")))
                    .collect();
                format!(
                    "A {name} model: {} Examples: {}.",
                    card.rules.join(" "),
                    examples.join(", ")
                )
            }
        })
        .chain(fermi_bank::share_guide(unit))
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn prompts(args: &PromptsArgs) -> ExitCode {
    let Loaded { study, packs, .. } = match load(&args.study, false) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let arm = match &args.arm {
        Some(a) => match study.arms.iter().find(|x| x.id == *a) {
            Some(arm) => Some(arm),
            None => return diag::usage(format!("--arm {a}: the study has no such arm")),
        },
        None => None,
    };
    // An arm may set the formats and replace the instructions; check items are for people only.
    let formats = arm
        .and_then(|a| a.formats.clone())
        .unwrap_or_else(|| study.formats.clone());
    let base = arm
        .and_then(|a| a.instructions.as_deref())
        .unwrap_or(&study.instructions)
        .trim_end();
    let mut out = std::io::stdout().lock();
    for (i, item) in study.items.iter().filter(|i| i.check.is_none()).enumerate() {
        let (pack, id) = item.parts();
        let Some(q) = packs
            .iter()
            .find(|p| p.info.id == pack)
            .and_then(|p| p.question(id))
        else {
            continue;
        };
        let instructions = match arm {
            Some(a) => format!("{base}\n\n{}", a.text),
            None => base.to_string(),
        };
        let line = json!({
            "study": study.id,
            "version": study.version,
            "question": item.question,
            "position": i + 1,
            "text": q.text,
            "unit": q.unit,
            "formats": formats,
            "arm": arm.map(|a| &a.id),
            "instructions": instructions,
            "format_guide": format_guide(&formats, &q.unit),
            "samples": study.samples,
        });
        if writeln!(out, "{line}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn write_jsonl<T: serde::Serialize>(path: &Path, lines: &[T]) -> Result<(), String> {
    let mut text = String::new();
    for l in lines {
        text.push_str(&serde_json::to_string(l).map_err(|e| e.to_string())?);
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

pub fn simulate(args: &SimulateArgs) -> ExitCode {
    if args.people == 0 || args.people > MAX_PEOPLE {
        return diag::usage(format!("--people must be 1 to {MAX_PEOPLE}"));
    }
    let Loaded { text, study, packs } = match load(&args.study, false) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let sha = study_sha256(&text);
    let refs: Vec<&Pack> = packs.iter().collect();
    let context = match Context::new(&study, &sha, &refs, &[]) {
        Ok(c) => c,
        Err(problems) => {
            for p in &problems {
                eprintln!("{}: {p}", args.study);
            }
            return ExitCode::from(diag::EXIT_DIAGNOSTIC);
        }
    };
    let records = sim::records(&context, &sha, args.people, args.seed);
    let runs = sim::runs(&context, args.seed);
    let written = std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))
        .and_then(|()| write_jsonl(&args.out.join("responses.jsonl"), &records))
        .and_then(|()| write_jsonl(&args.out.join("runs.jsonl"), &runs));
    if let Err(e) = written {
        return diag::usage(e);
    }
    eprintln!(
        "{} record(s) in {}, {} model answer(s) in {}",
        records.len(),
        args.out.join("responses.jsonl").display(),
        runs.len(),
        args.out.join("runs.jsonl").display()
    );
    ExitCode::SUCCESS
}

pub fn compare(args: &CompareArgs) -> ExitCode {
    let Scored {
        log,
        table,
        factors,
        excluded,
        ..
    } = match scored(&args.score, Some(args.arm.clone())) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let Some((table, policy)) = table else {
        return ExitCode::FAILURE;
    };
    let mut c = compared(&table, &policy, args.score.bootstrap, args.score.seed);
    c.factors = factors;
    if let Some(dir) = &args.report {
        let name = Path::new(&args.score.study)
            .file_name()
            .map_or(args.score.study.clone(), |n| {
                n.to_string_lossy().into_owned()
            });
        let title = format!("Humans beside language models: {name}");
        if let Err(e) = report::write(dir, &title, &c) {
            return diag::usage(e);
        }
        eprintln!("report: {}", dir.join("index.html").display());
    }
    finish(&args.score, &log, &excluded, || {
        (
            serde_json::to_value(&c).expect("the comparison serialises"),
            text(&c),
        )
    })
}

fn n(x: Option<f64>) -> String {
    x.map_or("–".into(), |v| format!("{v:.3}"))
}

fn ci(x: Option<[f64; 2]>) -> String {
    x.map_or("–".into(), |[a, b]| format!("[{a:.3}, {b:.3}]"))
}

/// The comparison as text: the policy, the paired table and its sentences, the groups, and per question.
fn text(c: &Comparison) -> String {
    let mut s = format!("{}\n", c.policy_words);
    s.push_str(&format!(
        "Humans: {} participant(s){}; crossed bootstrap over participants and questions, {} draws, seed {}.\n\n",
        c.people,
        c.arm.as_ref().map_or(String::new(), |a| format!(" of arm {a}")),
        c.draws,
        c.seed
    ));
    s.push_str("Paired with the humans on the same questions (Cramér-log: forecaster − humans' mean; negative is better)\n");
    s.push_str(&format!(
        "{:<24} {:>9} {:>12} {:>10} {:>18} {:>18}\n",
        "group", "questions", "beat median", "difference", "95% CI", "90% CI"
    ));
    for p in &c.paired {
        s.push_str(&format!(
            "{:<24} {:>9} {:>12} {:>10} {:>18} {:>18}\n",
            p.group,
            p.questions,
            format!("{} of {}", p.beat_median, p.questions),
            n(p.difference),
            ci(p.ci95),
            ci(p.ci90)
        ));
    }
    s.push('\n');
    for p in &c.paired {
        s.push_str(&format!("{}\n", p.words));
    }
    s.push_str("\nGroups (mean over questions; adjusted: question effects removed; coverage k/n with 95% Clopper–Pearson)\n");
    s.push_str(&format!(
        "{:<24} {:>6} {:>9} {:>7} {:>8} {:>20} {:>20} {:>20}\n",
        "group", "people", "questions", "mean", "adjusted", "50%", "80%", "90%"
    ));
    for g in &c.groups {
        let cov: Vec<String> = g
            .coverage
            .iter()
            .map(|c| format!("{}/{} [{:.2}, {:.2}]", c.hits, c.answers, c.low, c.high))
            .collect();
        s.push_str(&format!(
            "{:<24} {:>6} {:>9} {:>7} {:>8} {:>20} {:>20} {:>20}\n",
            g.group,
            g.forecasters,
            g.questions,
            n(g.mean),
            n(g.adjusted),
            cov[0],
            cov[1],
            cov[2]
        ));
    }
    s.push_str("\nPer question (humans: median [25%–75%] of their scores; forecasters: score, and the share of people it beats)\n");
    s.push_str(&format!("{:<48} {:>22}", "question", "humans"));
    for m in &c.models {
        s.push_str(&format!(" {m:>18}"));
    }
    s.push_str(&format!(" {:>18}\n", "crowd"));
    for q in &c.questions {
        let h = &q.humans;
        let humans = match (h.median, h.p25, h.p75) {
            (Some(m), Some(a), Some(b)) => format!("{m:.3} [{a:.3}–{b:.3}]"),
            _ => "–".into(),
        };
        let name = if q.compared {
            q.question.clone()
        } else {
            format!("{} (not compared)", q.question)
        };
        s.push_str(&format!("{name:<48} {humans:>22}"));
        let empty = q.models_empty.iter().chain(std::iter::once(&q.crowd_empty));
        for (m, why) in q.models.iter().chain(std::iter::once(&q.crowd)).zip(empty) {
            let cell = match (m, why) {
                (Some(m), _) => format!(
                    "{:.3} {:>4}",
                    m.score,
                    m.percentile.map_or("–".into(), |p| format!("{p:.0}%"))
                ),
                (None, Some(why)) => why.clone(),
                (None, None) => "–".into(),
            };
            s.push_str(&format!(" {cell:>18}"));
        }
        s.push('\n');
    }
    s.push_str(
        "(failed, skipped: left out by the policy, each failure's reason is a note on stderr; not answered: no answer given)\n",
    );
    if !c.factors.is_empty() {
        s.push_str("\nWhich factor each group misses most (answers written as programs, on questions with a reference decomposition;\nmean |contribution| in nats over the answers that matched the factor, signed mean: + too high; largest: answers where it weighed most)\n");
        s.push_str(&format!(
            "{:<44} {:<18} {:<22} {:>9} {:>9} {:>8} {:>8}\n",
            "question", "group", "factor", "matched", "mean |c|", "mean c", "largest"
        ));
        for f in &c.factors {
            s.push_str(&format!(
                "{:<44} {:<18} {:<22} {:>9} {:>9} {:>8} {:>8}\n",
                f.question,
                f.group,
                f.factor,
                format!("{} of {}", f.matched, f.answers),
                n(f.mean_abs_contribution),
                n(f.mean_contribution),
                f.largest
            ));
        }
    }
    s
}
