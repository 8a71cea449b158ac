//! `fermi-playground study check|score` (docs/study-format.md): validate a study file and show what a participant will
//! see; score participants' records and language-model answers into the board. The core (`fermi-study`) does
//! every check and number; this module reads files, streams records through it and prints.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fermi_bank::Pack;
use fermi_study::compare::{Collector, Table};
use fermi_study::{
    Context, MAX_RECORD_BYTES, ModelAnswer, Output, Problem, Record, Scoring, Study, parse_json,
    parse_study, sha256_hex,
};
use serde_json::json;

use crate::report;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Validate a study file and the packs it names; print what a participant will see.
    Check {
        /// Print the study as JSON.
        #[arg(long)]
        json: bool,
        /// The study file (`study.toml`).
        study: String,
    },
    /// Score participants' records (and language-model answers) into a board.
    Score(ScoreArgs),
    /// Write one JSONL prompt per scored item, in the study's words, for a model runner.
    Prompts(crate::compare::PromptsArgs),
    /// Write simulated participants' records and three simulated models' runs (seeded).
    Simulate(crate::compare::SimulateArgs),
    /// Compare language models with the humans on the same questions (paired, crossed bootstrap); `--report`.
    Compare(crate::compare::CompareArgs),
}

#[derive(clap::Args)]
pub struct ScoreArgs {
    /// The study file the records answer.
    #[arg(long)]
    pub study: String,
    /// A pack holding the study's truths (a public-tier study's sealed truths); repeatable.
    #[arg(long)]
    truth: Vec<String>,
    /// Language-model runs: one JSON object per line, {"model","question","format","program"} (or "quick", or a
    /// "failure"), with optional "seed", "sample" and any metadata.
    #[arg(long)]
    llm: Vec<String>,
    /// Bootstrap resamples for the intervals.
    #[arg(long, default_value_t = fermi_study::DEFAULT_RESAMPLES)]
    pub bootstrap: usize,
    /// Seed of the bootstrap.
    #[arg(long, default_value_t = fermi_study::DEFAULT_SEED)]
    pub seed: u64,
    /// Print the results and every problem as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Any problem with a record or an answer is an error (exit 1).
    #[arg(long)]
    strict: bool,
    /// Write items.csv, participants.csv, questions.csv and board.csv into this folder.
    #[arg(short = 'o', long = "out")]
    out: Option<PathBuf>,
    /// Records: `.json` files, `.jsonl` files (one record per line) or folders of them.
    responses: Vec<String>,
}

/// Records validated and scored per batch (bounds memory; large enough for every core to work).
const BATCH: usize = 64;

pub fn run(cmd: Command) -> ExitCode {
    match cmd {
        Command::Check { json, study } => check(&study, json),
        Command::Score(args) => score(&args),
        Command::Prompts(args) => crate::compare::prompts(&args),
        Command::Simulate(args) => crate::compare::simulate(&args),
        Command::Compare(args) => crate::compare::compare(&args),
    }
}

/// A study file, parsed, with its text and the packs its questions come from.
pub struct Loaded {
    pub text: String,
    pub study: Study,
    pub packs: Vec<Pack>,
}

/// Reads and validates a study and its packs; on failure prints every problem and gives the exit code.
pub fn load(path: &str, json: bool) -> Result<Loaded, ExitCode> {
    let bytes =
        read_capped(Path::new(path), fermi_study::MAX_STUDY_BYTES).map_err(report::usage)?;
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(report::usage(format!("{path} is not UTF-8 text")));
    };
    let study = parse_study(&text).map_err(|d| report::fail(path, &text, &d, json))?;
    let dir = Path::new(path).parent().unwrap_or(Path::new("."));
    let mut packs = Vec::new();
    for name in &study.packs {
        packs.push(load_pack(&dir.join(name).display().to_string())?);
    }
    if !packs.iter().any(|p| p.info.id == "open") {
        packs.push(fermi_bank::builtin());
    }
    let refs: Vec<&Pack> = packs.iter().collect();
    let problems = study.check_questions(&refs);
    if !problems.is_empty() {
        return Err(report::fail(path, &text, &problems, json));
    }
    Ok(Loaded { text, study, packs })
}

/// One pack file or folder, fully validated.
fn load_pack(path: &str) -> Result<Pack, ExitCode> {
    let files = crate::bank::read_packs(&[path.to_string()]).map_err(report::usage)?;
    files[0].load().map_err(|problems| {
        for p in &problems {
            eprintln!("{p}");
        }
        ExitCode::from(report::EXIT_DIAGNOSTIC)
    })
}

fn check(path: &str, json: bool) -> ExitCode {
    let Loaded { text, study, packs } = match load(path, json) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let question = |q: &str| {
        let (pack, id) = q.split_once('/').unwrap_or(("", q));
        packs
            .iter()
            .find(|p| p.info.id == pack)
            .and_then(|p| p.question(id))
    };
    let describe = |items: &[fermi_study::ItemRef]| -> Vec<serde_json::Value> {
        items
            .iter()
            .map(|i| {
                let q = question(&i.question);
                json!({
                    "question": i.question,
                    "text": q.map(|q| q.text.as_str()),
                    "unit": q.map(|q| q.unit.as_str()),
                })
            })
            .collect()
    };
    let used = study.pack_ids();
    let pack_list: Vec<serde_json::Value> = packs
        .iter()
        .filter(|p| used.contains(&p.info.id.as_str()))
        .map(|p| json!({"id": p.info.id, "version": p.info.version, "tier": p.info.tier.as_str()}))
        .collect();
    let seed = match study.seed {
        fermi_study::SeedRule::PerItem => json!("per-item"),
        fermi_study::SeedRule::Fixed(s) => json!(s),
    };
    let out = json!({
        "id": study.id,
        "version": study.version,
        "sha256": sha256_hex(text.as_bytes()),
        "title": study.title,
        "items": study.items.len(),
        "practice": study.practice.len(),
        "arms": study.arms,
        "formats": study.formats,
        "samples": study.samples,
        "seed": seed,
        "order": study.order,
        "time_limit_s": study.time_limit_s,
        "reveal": study.reveal,
        "allow_skip": study.allow_skip,
        "participant_params": study.participant_params,
        "keep_params": study.keep_params,
        "completion_code": study.completion_code,
        "completion_url": study.completion_url,
        "submit_url": study.submit_url,
        // Every pack the study can hold today carries its truths (a public-tier one is refused above).
        "truths_in_browser": true,
        "packs": pack_list,
        "practice_items": describe(&study.practice),
        "scored_items": describe(&study.items),
    });
    if json {
        println!("{out}");
        return ExitCode::SUCCESS;
    }
    let formats: Vec<&str> = study.formats.iter().map(|f| f.as_str()).collect();
    println!(
        "{path}: study `{}` version {}: valid",
        study.id, study.version
    );
    println!("sha256 {}", out["sha256"].as_str().unwrap_or_default());
    println!("Title: {}", study.title);
    println!(
        "{} scored item(s), {} practice item(s), order {}, answers in {} at {} samples (seed {})",
        study.items.len(),
        study.practice.len(),
        out["order"].as_str().unwrap_or_default(),
        formats.join(", "),
        study.samples,
        seed.to_string().trim_matches('"')
    );
    let limit = match study.time_limit_s {
        0 => "no time limit".to_string(),
        s => format!("a soft limit of {s} s per item"),
    };
    println!(
        "{limit}; skipping {}; truths and scores {}",
        if study.allow_skip {
            "allowed (with a reason)"
        } else {
            "not allowed"
        },
        match study.reveal {
            fermi_study::Reveal::End => "revealed in a debrief at the end",
            fermi_study::Reveal::Never => "never revealed",
        }
    );
    let params = if study.participant_params.is_empty() {
        "typed by the participant".to_string()
    } else {
        format!("from {} (else typed)", study.participant_params.join(", "))
    };
    println!("Participant id {params}");
    if let Some(code) = &study.completion_code {
        println!("Completion code {code}");
    }
    match &study.submit_url {
        Some(url) => println!("Records are POSTed to {url} and offered as a download"),
        None => println!("Records are offered as a download (no submit_url)"),
    }
    for p in &pack_list {
        println!(
            "Pack {} version {} ({} tier): truths are in the browser",
            p["id"].as_str().unwrap_or_default(),
            p["version"],
            p["tier"].as_str().unwrap_or_default()
        );
    }
    if !study.arms.is_empty() {
        println!("Arms (assigned by a hash of the participant id):");
        for arm in &study.arms {
            println!("  {}: {}", arm.id, arm.text);
        }
    }
    for (title, items) in [("Practice", &study.practice), ("Items", &study.items)] {
        if items.is_empty() {
            continue;
        }
        println!("{title}:");
        for (k, item) in items.iter().enumerate() {
            let q = question(&item.question);
            println!(
                "  {}. {} [{}]",
                k + 1,
                q.map_or("", |q| q.text.as_str()),
                item.question
            );
        }
    }
    ExitCode::SUCCESS
}

/// Where a record or answer came from: `FILE` or `FILE:LINE`.
#[derive(Clone)]
struct Label {
    file: String,
    line: Option<usize>,
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}", self.file),
            None => write!(f, "{}", self.file),
        }
    }
}

/// Problems found so far, for stderr and `--json`.
#[derive(Default)]
pub struct Log {
    problems: Vec<serde_json::Value>,
    left_out: usize,
    scored: usize,
    answers_left_out: usize,
    answers_scored: usize,
}

impl Log {
    fn problem(&mut self, at: &Label, p: &Problem) {
        eprintln!("{at}: {p}");
        self.problems.push(json!({
            "file": at.file, "line": at.line, "participant": p.participant, "item": p.item,
            "message": p.message,
        }));
    }

    fn unreadable(&mut self, at: &Label, message: &str) {
        self.problem(
            at,
            &Problem {
                participant: None,
                item: None,
                message: message.to_string(),
            },
        );
    }
}

/// A scoring run's state: the core's, the items.csv being written, the problems.
struct Run<'a> {
    scoring: Scoring<'a>,
    items: Option<csv::Writer<File>>,
    log: Log,
    /// For `study compare`: every scored row's outcome.
    collector: Option<Collector>,
}

impl Run<'_> {
    /// Parses, validates and scores entries (records, or model answers) a batch at a time.
    fn stream(
        &mut self,
        entries: Box<dyn Iterator<Item = Entry>>,
        human: bool,
    ) -> Result<(), String> {
        let mut batch = Vec::new();
        let mut entries = entries.peekable();
        while let Some((label, text)) = entries.next() {
            match text {
                Ok(text) => batch.push((label, text)),
                Err(why) => self.left_out(&label, &why, human),
            }
            if batch.len() == BATCH || entries.peek().is_none() {
                self.batch(std::mem::take(&mut batch), human)?;
            }
        }
        Ok(())
    }

    fn left_out(&mut self, label: &Label, why: &str, human: bool) {
        let what = if human {
            self.log.left_out += 1;
            "record"
        } else {
            self.log.answers_left_out += 1;
            "answer"
        };
        self.log
            .unreadable(label, &format!("{what} left out: {why}"));
    }

    fn batch(&mut self, batch: Vec<(Label, String)>, human: bool) -> Result<(), String> {
        let mut labels = Vec::new();
        let outcomes = if human {
            let mut records = Vec::new();
            for (label, text) in batch {
                match parse_json::<Record>(&text) {
                    Ok(r) => {
                        records.push(r);
                        labels.push(label);
                    }
                    Err(why) => self.left_out(&label, &why, true),
                }
            }
            self.scoring.records(&records)
        } else {
            let mut answers = Vec::new();
            for (label, text) in batch {
                match parse_json::<ModelAnswer>(&text) {
                    Ok(a) => {
                        answers.push(a);
                        labels.push(label);
                    }
                    Err(why) => self.left_out(&label, &why, false),
                }
            }
            self.scoring.answers(&answers)
        };
        for (outcome, label) in outcomes.into_iter().zip(&labels) {
            match outcome {
                Ok(rows) => {
                    if human {
                        self.log.scored += 1;
                    } else {
                        self.log.answers_scored += 1;
                    }
                    if let Some(c) = &mut self.collector {
                        c.add(&rows);
                    }
                    if let Some(w) = &mut self.items {
                        for row in &rows {
                            csv_out::item(w, row)
                                .map_err(|e| format!("cannot write items.csv: {e}"))?;
                        }
                    }
                }
                Err(problems) => {
                    if human {
                        self.log.left_out += 1;
                    } else {
                        self.log.answers_left_out += 1;
                    }
                    for p in &problems {
                        self.log.problem(label, p);
                    }
                }
            }
        }
        Ok(())
    }
}

/// What scoring gave: the board, the problems, and with `compare`, the comparison's table and the study's
/// policy.
pub struct Scored {
    pub output: Output,
    pub log: Log,
    pub table: Option<(Table, fermi_study::compare::Policy)>,
}

fn score(args: &ScoreArgs) -> ExitCode {
    match scored(args, None) {
        Ok(Scored { output, log, .. }) => finish(args, &log, || {
            let mut out = serde_json::to_value(&output).expect("the output serialises");
            if let Some(map) = out.as_object_mut() {
                map.remove("questions");
                map.remove("participants");
            }
            (out, table(&output))
        }),
        Err(code) => code,
    }
}

/// Prints the counts on stderr and the result (`--json`: with the counts and problems added) on stdout; the
/// exit code under `--strict`.
pub fn finish(
    args: &ScoreArgs,
    log: &Log,
    result: impl FnOnce() -> (serde_json::Value, String),
) -> ExitCode {
    eprintln!(
        "{} record(s) scored, {} left out; {} model answer(s) scored, {} left out",
        log.scored, log.left_out, log.answers_scored, log.answers_left_out
    );
    let (mut out, text) = result();
    if args.json {
        out["records"] = json!({ "scored": log.scored, "left_out": log.left_out });
        out["answers"] = json!({ "scored": log.answers_scored, "left_out": log.answers_left_out });
        out["problems"] = json!(log.problems);
        println!("{out}");
    } else {
        print!("{text}");
    }
    if args.strict && !log.problems.is_empty() {
        return ExitCode::from(report::EXIT_DIAGNOSTIC);
    }
    ExitCode::SUCCESS
}

/// Loads the study, streams the records and runs through the core and writes `-o`'s files; with `compare`
/// (`Some(arm)`), also collects the comparison's table.
pub fn scored(args: &ScoreArgs, compare: Option<Option<String>>) -> Result<Scored, ExitCode> {
    if args.bootstrap > fermi_study::MAX_RESAMPLES {
        return Err(report::usage(format!(
            "--bootstrap must be at most {}",
            fermi_study::MAX_RESAMPLES
        )));
    }
    let Loaded { text, study, packs } = load(&args.study, args.json)?;
    if let Some(Some(arm)) = &compare
        && !study.arms.iter().any(|a| a.id == *arm)
    {
        return Err(report::usage(format!(
            "--arm {arm}: the study has no such arm"
        )));
    }
    let mut sealed = Vec::new();
    for path in &args.truth {
        match load_pack(path) {
            Ok(p) => sealed.push(p),
            Err(code) => return Err(code),
        }
    }
    let pack_refs: Vec<&Pack> = packs.iter().collect();
    let sealed_refs: Vec<&Pack> = sealed.iter().collect();
    let context = match Context::new(
        &study,
        &sha256_hex(text.as_bytes()),
        &pack_refs,
        &sealed_refs,
    ) {
        Ok(c) => c,
        Err(problems) => {
            for p in &problems {
                eprintln!("{}: {p}", args.study);
            }
            return Err(ExitCode::from(report::EXIT_DIAGNOSTIC));
        }
    };
    let inputs = match expand(&args.responses) {
        Ok(i) => i,
        Err(e) => return Err(report::usage(e)),
    };
    let items = match &args.out {
        Some(dir) => match std::fs::create_dir_all(dir)
            .map_err(|e| e.to_string())
            .and_then(|()| csv::Writer::from_path(dir.join("items.csv")).map_err(|e| e.to_string()))
        {
            Ok(mut w) => {
                if let Err(e) = w.write_record(csv_out::ITEM_HEADER) {
                    return Err(report::usage(format!("cannot write items.csv: {e}")));
                }
                Some(w)
            }
            Err(e) => {
                return Err(report::usage(format!(
                    "cannot write into {}: {e}",
                    dir.display()
                )));
            }
        },
        None => None,
    };
    let mut run = Run {
        scoring: Scoring::new(context),
        items,
        log: Log::default(),
        collector: compare.map(|arm| Collector::new(&study, arm)),
    };
    for input in &inputs {
        let entries = match read_entries(input) {
            Ok(e) => e,
            Err(e) => return Err(report::usage(e)),
        };
        if let Err(e) = run.stream(entries, true) {
            return Err(report::usage(e));
        }
    }
    for path in &args.llm {
        let entries = match read_jsonl(Path::new(path)) {
            Ok(e) => e,
            Err(e) => return Err(report::usage(e)),
        };
        if let Err(e) = run.stream(Box::new(entries), false) {
            return Err(report::usage(e));
        }
    }
    let Run {
        scoring,
        items,
        log,
        collector,
    } = run;
    if let Some(mut w) = items
        && let Err(e) = w.flush()
    {
        return Err(report::usage(format!("cannot write items.csv: {e}")));
    }
    let table = collector.map(|c| (c.finish(scoring.context()), study.compare));
    let output = scoring.finish(args.bootstrap, args.seed);
    if let Some(dir) = &args.out
        && let Err(e) = csv_out::summaries(dir, &output)
    {
        return Err(report::usage(format!(
            "cannot write into {}: {e}",
            dir.display()
        )));
    }
    Ok(Scored { output, log, table })
}

/// The files named on the command line, folders walked (sorted, recursively) for `.json` and `.jsonl` files.
fn expand(args: &[String]) -> Result<Vec<PathBuf>, String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out)?;
            } else if path
                .extension()
                .is_some_and(|e| e == "json" || e == "jsonl")
            {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for arg in args {
        let path = Path::new(arg);
        if path.is_dir() {
            walk(path, &mut out)?;
        } else if path.is_file() {
            out.push(path.to_path_buf());
        } else {
            return Err(format!("{arg}: no such file or folder"));
        }
    }
    Ok(out)
}

/// A file's bytes, refused beyond `cap`.
fn read_capped(path: &Path, cap: usize) -> Result<Vec<u8>, String> {
    let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(cap as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() > cap {
        return Err(format!("{} is over {} KiB", path.display(), cap >> 10));
    }
    Ok(bytes)
}

type Entry = (Label, Result<String, String>);

/// The records of one input: a `.jsonl` file line by line, any other file whole.
fn read_entries(path: &Path) -> Result<Box<dyn Iterator<Item = Entry>>, String> {
    if path.extension().is_some_and(|e| e == "jsonl") {
        return Ok(Box::new(read_jsonl(path)?));
    }
    let label = Label {
        file: path.display().to_string(),
        line: None,
    };
    let text = match read_capped(path, MAX_RECORD_BYTES) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string()),
        Err(e) => Err(e),
    };
    Ok(Box::new(std::iter::once((label, text))))
}

/// The non-blank lines of a file, one at a time; a line over [`MAX_RECORD_BYTES`] is skipped unread (an error
/// entry), so memory stays bounded whatever the file holds.
fn read_jsonl(path: &Path) -> Result<impl Iterator<Item = Entry> + use<>, String> {
    let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut reader = BufReader::new(file);
    let name = path.display().to_string();
    let mut line = 0;
    let mut buf = Vec::new();
    Ok(std::iter::from_fn(move || {
        loop {
            line += 1;
            let label = Label {
                file: name.clone(),
                line: Some(line),
            };
            match next_line(&mut reader, &mut buf) {
                Err(e) => return Some((label, Err(format!("cannot read: {e}")))),
                Ok(None) => return None,
                Ok(Some(false)) => {
                    return Some((
                        label,
                        Err(format!("the line is over {} MiB", MAX_RECORD_BYTES >> 20)),
                    ));
                }
                Ok(Some(true)) if buf.iter().all(u8::is_ascii_whitespace) => continue,
                Ok(Some(true)) => {
                    let text = String::from_utf8(std::mem::take(&mut buf))
                        .map_err(|_| "not UTF-8 text".to_string());
                    return Some((label, text));
                }
            }
        }
    }))
}

/// Reads one line into `buf` (without its newline): `None` at the end, `Some(false)` when the line is over
/// [`MAX_RECORD_BYTES`] (consumed, not kept).
fn next_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
    buf.clear();
    let (mut any, mut fits) = (false, true);
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            return Ok(any.then_some(fits));
        }
        any = true;
        let end = chunk.iter().position(|&b| b == b'\n');
        let take = end.unwrap_or(chunk.len());
        if fits && buf.len() + take <= MAX_RECORD_BYTES {
            buf.extend_from_slice(&chunk[..take]);
        } else if fits {
            fits = false;
            *buf = Vec::new();
        }
        reader.consume(take + usize::from(end.is_some()));
        if end.is_some() {
            return Ok(Some(fits));
        }
    }
}

/// The board and the per-question view as text.
fn table(out: &Output) -> String {
    let n = |x: Option<f64>| x.map_or("–".to_string(), |v| format!("{v:.3}"));
    let mut s = String::from(
        "Board (Cramér-log in nats, lower is better; 95% bootstrap interval over questions)\n",
    );
    s.push_str(&format!(
        "{:<28} {:>6} {:>9} {:>8} {:>17} {:>7} {:>10} {:>9} {:>8}\n",
        "group",
        "people",
        "questions",
        "median",
        "95% interval",
        "mean",
        "brackets",
        "fail rate",
        "time s"
    ));
    for r in &out.board {
        let interval = match (r.ci_low, r.ci_high) {
            (Some(a), Some(b)) => format!("[{a:.3}, {b:.3}]"),
            _ => "–".into(),
        };
        s.push_str(&format!(
            "{:<28} {:>6} {:>9} {:>8} {:>17} {:>7} {:>10} {:>9} {:>8}\n",
            r.group,
            r.participants,
            r.questions,
            n(r.median_cramer_log),
            interval,
            n(r.mean_cramer_log),
            format!("{} of {}", r.brackets, r.attempts),
            r.fail_rate
                .map_or("–".into(), |f| format!("{:.1}%", 100.0 * f)),
            r.median_time_s.map_or("–".into(), |t| format!("{t:.0}")),
        ));
    }
    s.push_str(
        "\nPer question (median Cramér-log, median bias ×factor), largest human–model gap first\n",
    );
    s.push_str(&format!("{:<48} {:>20}", "question", "humans"));
    for m in &out.models {
        s.push_str(&format!(" {:>20}", m));
    }
    s.push_str(&format!(" {:>7}\n", "gap"));
    let cell = |c: &Option<fermi_study::Cell>| {
        c.map_or("–".into(), |c| {
            format!("{:.3} ×{:.3}", c.median_cramer_log, c.median_bias_factor)
        })
    };
    for v in &out.view {
        s.push_str(&format!("{:<48} {:>20}", v.question, cell(&v.humans)));
        for m in &v.models {
            s.push_str(&format!(" {:>20}", cell(m)));
        }
        s.push_str(&format!(" {:>7}\n", n(v.gap)));
    }
    s
}

/// The CSV files (the `csv` crate quotes; numbers print in Rust's shortest round-trip form, empty when undefined).
mod csv_out {
    use std::fs::File;
    use std::path::Path;

    use fermi_study::{ItemRow, Output};

    pub const ITEM_HEADER: [&str; 24] = [
        "group",
        "participant",
        "arm",
        "question",
        "format",
        "status",
        "p5",
        "p50",
        "p95",
        "truth_p5",
        "truth_p50",
        "truth_p95",
        "cramer_log",
        "location",
        "shape",
        "crps_log",
        "log_score",
        "winkler90",
        "fp_score",
        "oom_hit",
        "covered90",
        "answered_s",
        "hidden_s",
        "edits",
    ];

    fn num(x: Option<f64>) -> String {
        x.map_or(String::new(), |v| v.to_string())
    }

    fn int(x: Option<impl ToString>) -> String {
        x.map_or(String::new(), |v| v.to_string())
    }

    pub fn item(w: &mut csv::Writer<File>, row: &ItemRow) -> Result<(), csv::Error> {
        let s = row.score;
        let a = |i: usize| num(row.answer.map(|a| a[i]));
        w.write_record([
            row.who.group(),
            row.who.id().to_string(),
            row.who.arm().unwrap_or_default().to_string(),
            row.question.clone(),
            row.format.map_or("", |f| f.as_str()).to_string(),
            row.status.as_str().to_string(),
            a(0),
            a(1),
            a(2),
            row.truth[0].to_string(),
            row.truth[1].to_string(),
            row.truth[2].to_string(),
            num(s.map(|s| s.cramer_log)),
            num(s.map(|s| s.location)),
            num(s.map(|s| s.shape)),
            num(s.map(|s| s.crps_log)),
            num(s.and_then(|s| s.log_score)),
            num(s.map(|s| s.winkler90)),
            num(s.map(|s| s.fp_score)),
            int(s.map(|s| s.oom_hit)),
            int(s.map(|s| s.covered90)),
            num(row.answered_s),
            num(row.hidden_s),
            int(row.edits),
        ])
    }

    /// participants.csv, questions.csv and board.csv.
    pub fn summaries(dir: &Path, out: &Output) -> Result<(), csv::Error> {
        let mut w = csv::Writer::from_path(dir.join("participants.csv"))?;
        w.write_record([
            "group",
            "participant",
            "arm",
            "answered",
            "skipped",
            "failed",
            "median_cramer_log",
            "mean_cramer_log",
            "brackets",
            "median_time_s",
            "hidden_s",
        ])?;
        for p in &out.participants {
            w.write_record([
                p.group.clone(),
                p.participant.clone(),
                p.arm.clone().unwrap_or_default(),
                p.answered.to_string(),
                p.skipped.to_string(),
                p.failed.to_string(),
                num(p.median_cramer_log),
                num(p.mean_cramer_log),
                p.brackets.to_string(),
                num(p.median_time_s),
                p.hidden_s.to_string(),
            ])?;
        }
        w.flush()?;
        let mut w = csv::Writer::from_path(dir.join("questions.csv"))?;
        w.write_record([
            "question",
            "group",
            "answered",
            "skipped",
            "failed",
            "median_cramer_log",
            "median_bias_factor",
            "brackets",
            "median_time_s",
        ])?;
        for q in &out.questions {
            w.write_record([
                q.question.clone(),
                q.group.clone(),
                q.answered.to_string(),
                q.skipped.to_string(),
                q.failed.to_string(),
                num(q.median_cramer_log),
                num(q.median_bias_factor),
                q.brackets.to_string(),
                num(q.median_time_s),
            ])?;
        }
        w.flush()?;
        let mut w = csv::Writer::from_path(dir.join("board.csv"))?;
        w.write_record([
            "group",
            "participants",
            "questions",
            "answers",
            "median_cramer_log",
            "ci_low",
            "ci_high",
            "mean_cramer_log",
            "brackets",
            "attempts",
            "failures",
            "fail_rate",
            "skips",
            "median_time_s",
        ])?;
        for r in &out.board {
            w.write_record([
                r.group.clone(),
                r.participants.to_string(),
                r.questions.to_string(),
                r.answers.to_string(),
                num(r.median_cramer_log),
                num(r.ci_low),
                num(r.ci_high),
                num(r.mean_cramer_log),
                r.brackets.to_string(),
                r.attempts.to_string(),
                r.failures.to_string(),
                num(r.fail_rate),
                r.skips.to_string(),
                num(r.median_time_s),
            ])?;
        }
        w.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_skipped_without_being_kept() {
        let big = "x".repeat(MAX_RECORD_BYTES + 10);
        let text = format!("{{\"a\":1}}\n{big}\n\n{{\"b\":2}}");
        let mut reader = BufReader::with_capacity(4096, text.as_bytes());
        let mut buf = Vec::new();
        assert_eq!(next_line(&mut reader, &mut buf).unwrap(), Some(true));
        assert_eq!(buf, b"{\"a\":1}");
        assert_eq!(next_line(&mut reader, &mut buf).unwrap(), Some(false));
        assert!(buf.capacity() <= MAX_RECORD_BYTES + 4096);
        assert_eq!(next_line(&mut reader, &mut buf).unwrap(), Some(true));
        assert!(buf.is_empty());
        assert_eq!(next_line(&mut reader, &mut buf).unwrap(), Some(true));
        assert_eq!(buf, b"{\"b\":2}");
        assert_eq!(next_line(&mut reader, &mut buf).unwrap(), None);
    }
}
