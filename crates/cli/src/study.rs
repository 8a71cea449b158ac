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
    Context, Excluded, ItemRow, MAX_RECORD_BYTES, ModelAnswer, Output, Problem, Record, RowStatus,
    Scoring, Study, parse_json, parse_study, sha256_hex, study_sha256,
};
use serde_json::json;

use crate::jatos::{self, Kind};
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
    /// Any problem with a record or an answer, and any answer that cannot be read or run, is an error (exit 1).
    #[arg(long)]
    strict: bool,
    /// Write items.csv, participants.csv, questions.csv and board.csv (and bonus.csv with a bonus rule) into
    /// this folder.
    #[arg(short = 'o', long = "out")]
    out: Option<PathBuf>,
    /// Records: `.json` files, `.jsonl` files (one record per line), JATOS exports (`.jrzip`, `data.txt`) or
    /// folders of them.
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
    let mut own = Vec::new();
    for name in &study.packs {
        own.push((
            name.clone(),
            load_pack(&dir.join(name).display().to_string())?,
        ));
    }
    let packs = fermi_study::assemble(&study, own)
        .map_err(|problems| report::fail(path, &text, &problems, json))?;
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
    let question = |q: &str| fermi_study::question(&packs, q);
    // What a participant reads of each item, and any number in it that gives the answer away.
    let describe = |items: &[fermi_study::ItemRef]| -> Vec<serde_json::Value> {
        items
            .iter()
            .map(|i| {
                let q = question(&i.question);
                // The bank's own check, as `bank check` runs it (a sealed truth cannot be checked here).
                let give_aways: Vec<String> = q
                    .and_then(|q| Some(fermi_bank::giveaways(q, &fermi_bank::fit_truth(q).ok()?)))
                    .unwrap_or_default()
                    .into_iter()
                    .map(|p| p.diagnostic.message)
                    .collect();
                json!({
                    "question": i.question,
                    "text": q.map(|q| q.text.as_str()),
                    "unit": q.map(|q| q.unit.as_str()),
                    "clarification": q.and_then(|q| q.disambiguation.as_deref()),
                    "check": i.check,
                    "give_aways": give_aways,
                    // A public-tier question's truth is sealed: the check needs the sealed pack.
                    "give_aways_checked": q.is_some_and(|q| !q.truth.is_sealed()),
                })
            })
            .collect()
    };
    let used = study.pack_ids();
    let pack_list: Vec<serde_json::Value> = packs
        .iter()
        .filter(|p| used.contains(&p.info.id.as_str()))
        .map(|p| {
            json!({
                "id": p.info.id, "version": p.info.version, "tier": p.info.tier.as_str(),
                "sha256": fermi_study::pack_sha256(p),
                "truths_in_browser": p.questions.iter().any(|q| !q.truth.is_sealed()),
            })
        })
        .collect();
    let truths_in_browser = pack_list.iter().any(|p| p["truths_in_browser"] == true);
    // How unevenly the hash splits a typical study's participants (the page balances blocks where JATOS's
    // batch session counts participants).
    let spread = fermi_study::hash_spread(100, study.arms.len());
    let seed = match study.seed {
        fermi_study::SeedRule::PerItem => json!("per-item"),
        fermi_study::SeedRule::Fixed(s) => json!(s),
    };
    let out = json!({
        "id": study.id,
        "version": study.version,
        "sha256": study_sha256(&text),
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
        "partial_code": study.partial_code,
        "declined_code": study.declined_code,
        "resume_within_h": study.resume_within_h,
        "show_percentiles": study.show_percentiles,
        "show_chart": study.show_chart,
        "quality": study.quality,
        "bonus": study.bonus,
        "hash_spread_of_100": spread.map(|(a, b)| json!([a, b])),
        "completion_url": study.completion_url,
        "submit_url": study.submit_url,
        "truths_in_browser": truths_in_browser,
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
    for (what, code) in [
        ("Completion code", &study.completion_code),
        (
            "Code for a participant who stops early",
            &study.partial_code,
        ),
        ("Code for a participant who declines", &study.declined_code),
    ] {
        match code {
            Some(code) => println!("{what}: {code}"),
            None if what != "Completion code" => {
                println!("{what}: none (they are asked to return the study on Prolific)")
            }
            None => {}
        }
    }
    if let Some(h) = study.resume_within_h {
        println!("A saved attempt is resumed within {h} hours of its start, not later");
    }
    if !study.show_percentiles || !study.show_chart {
        println!(
            "On items participants see {}",
            match (study.show_percentiles, study.show_chart) {
                (false, false) => "neither their percentiles nor the chart",
                (true, false) => "their percentiles but no chart",
                _ => "the chart but not their percentiles",
            }
        );
    }
    if study.quality.any() {
        println!(
            "Quality rules (study score excludes who breaks one): {}",
            serde_json::to_string(&study.quality).unwrap_or_default()
        );
    } else {
        println!(
            "No quality rules ([study.quality]): study score excludes nobody for time, hidden time or pastes"
        );
    }
    if let Some(b) = &study.bonus {
        println!(
            "Bonus: {} per item for a perfect answer, falling linearly to 0 at a Cramér-log of {}{}",
            b.per_item,
            b.zero_at,
            b.max_total
                .map_or(String::new(), |m| format!(", at most {m} in all"))
        );
    }
    match &study.submit_url {
        Some(url) => println!("Records are POSTed to {url} and offered as a download"),
        None => println!(
            "Records are offered as a download (no submit_url): unless JATOS stores them, a record reaches you only \
             if the participant sends the file"
        ),
    }
    for p in &pack_list {
        println!(
            "Pack {} version {} ({} tier): {}",
            p["id"].as_str().unwrap_or_default(),
            p["version"],
            p["tier"].as_str().unwrap_or_default(),
            if p["truths_in_browser"] == true {
                "truths are in the browser"
            } else {
                "no truths in the browser (score with --truth SEALED.toml)"
            }
        );
    }
    if !study.arms.is_empty() {
        println!(
            "Arms: balanced in blocks of {} where a JATOS batch session counts participants; else by a hash of the id",
            fermi_study::BLOCK_ROUNDS * study.arms.len()
        );
        if let Some((low, high)) = spread {
            println!(
                "  by the hash, an arm gets {low} to {high} of 100 participants in 90% of studies (not balanced)"
            );
        }
        for arm in &study.arms {
            let c = study.conditions(Some(&arm.id));
            let formats: Vec<&str> = c.formats.iter().map(|f| f.as_str()).collect();
            println!(
                "  {}: {} [formats {}; time limit {} s; percentiles {}; chart {}]",
                arm.id,
                arm.text,
                formats.join(", "),
                c.time_limit_s,
                if c.show_percentiles {
                    "shown"
                } else {
                    "hidden"
                },
                if c.show_chart { "shown" } else { "hidden" },
            );
        }
    }
    for (title, items) in [("Practice", &study.practice), ("Items", &study.items)] {
        if items.is_empty() {
            continue;
        }
        println!("{title}:");
        let described = describe(items);
        for (k, (item, d)) in items.iter().zip(&described).enumerate() {
            let q = question(&item.question);
            println!(
                "  {}. {} [{}]",
                k + 1,
                q.map_or("", |q| q.text.as_str()),
                item.question
            );
            println!("     unit: {}", q.map_or("", |q| q.unit.as_str()));
            if let Some(c) = q.and_then(|q| q.disambiguation.as_deref()) {
                println!("     clarification: {c}");
            }
            if let Some(c) = item.check {
                println!(
                    "     check item: the answer's median must be within {}% of {}",
                    c.tolerance * 100.0,
                    c.expect
                );
            }
            if d["give_aways_checked"] == false {
                println!(
                    "     giveaways not checked: the truth is sealed (`bank check SEALED.toml` checks its text)"
                );
            }
            for flag in d["give_aways"].as_array().into_iter().flatten() {
                println!(
                    "     warning: the text gives the answer away: {}",
                    flag.as_str().unwrap_or_default()
                );
            }
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
    /// Files and archive entries not read, with why.
    skipped: Vec<(String, String)>,
    /// What the scorer repaired or noticed, not problems (a rounded seed, a failed answer, an unknown build).
    notes: Vec<serde_json::Value>,
    unknown_commit: usize,
    /// Answers whose program or bounds could not be read or run (scored as failures; not a declared failure
    /// record): an error under `--strict`.
    unreadable: usize,
    /// (participant, amount) of each scored, kept participant with a bonus.
    bonuses: Vec<(String, f64)>,
}

impl Log {
    fn problem(&mut self, at: &Label, p: &Problem) {
        eprintln!("{at}: {p}");
        self.problems.push(json!({
            "file": at.file, "line": at.line, "participant": p.participant, "item": p.item,
            "message": p.message,
        }));
    }

    fn note(&mut self, at: &Label, row: &ItemRow, message: &str) {
        eprintln!(
            "{at}: note: {} {}, item {}: {message}",
            if matches!(row.who, fermi_study::Who::Model { .. }) {
                "model"
            } else {
                "participant"
            },
            row.who.id(),
            row.question
        );
        self.notes.push(json!({
            "file": at.file, "line": at.line, "participant": row.who.id(), "item": row.question,
            "message": message,
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
            self.log.unknown_commit += records
                .iter()
                .filter(|r| r.app.commit.as_deref().is_none_or(|c| c == "unknown"))
                .count();
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
                    for row in &rows {
                        if let Some(note) = &row.note {
                            self.log.note(label, row, note);
                        }
                        if row.status == RowStatus::Failed {
                            self.log.unreadable += usize::from(row.format.is_some());
                            let why = row.failure.as_deref().unwrap_or("no samples");
                            self.log.note(
                                label,
                                row,
                                &format!("failed (scored as a failure): {why}"),
                            );
                        }
                    }
                    if let (Some(bonus), Some(first)) =
                        (&self.scoring.context().study.bonus, rows.first())
                        && human
                        && first.excluded.is_none()
                    {
                        let amount = bonus.total(&rows);
                        if amount > 0.0 {
                            self.log.bonuses.push((first.who.id().to_string(), amount));
                        }
                    }
                    if let Some(w) = &mut self.items {
                        for row in &rows {
                            csv_out::item(w, row, self.scoring.context().study.bonus.as_ref())
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
    /// With `compare`: which factor each group misses most, per question with a reference decomposition.
    pub factors: Vec<fermi_factors::FactorMiss>,
    /// The participants left off the board by the study's exclusion rules.
    pub excluded: Vec<Excluded>,
}

fn score(args: &ScoreArgs) -> ExitCode {
    match scored(args, None) {
        Ok(Scored {
            output,
            log,
            excluded,
            ..
        }) => finish(args, &log, &excluded, || {
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

/// Prints what was skipped, excluded and counted on stderr and the result (`--json`: with the counts, problems,
/// skipped files, exclusions, notes and bonuses added) on stdout; exit 1 when no record given was scored, or
/// under `--strict` with a problem.
pub fn finish(
    args: &ScoreArgs,
    log: &Log,
    excluded: &[Excluded],
    result: impl FnOnce() -> (serde_json::Value, String),
) -> ExitCode {
    for (file, why) in &log.skipped {
        eprintln!("{file}: skipped: {why}");
    }
    for e in excluded {
        eprintln!(
            "participant {}: excluded: {}",
            e.participant,
            e.reasons.join("; ")
        );
    }
    if log.unknown_commit > 0 {
        eprintln!(
            "note: {} record(s) come from a build whose commit is unknown: which code collected them cannot be told",
            log.unknown_commit
        );
    }
    eprintln!(
        "{} record(s) scored ({} excluded), {} left out, {} file(s) skipped; {} model answer(s) scored, {} left out",
        log.scored,
        excluded.len(),
        log.left_out,
        log.skipped.len(),
        log.answers_scored,
        log.answers_left_out
    );
    let (mut out, text) = result();
    if args.json {
        out["records"] = json!({ "scored": log.scored, "left_out": log.left_out });
        out["answers"] = json!({
            "scored": log.answers_scored, "left_out": log.answers_left_out, "unreadable": log.unreadable,
        });
        out["problems"] = json!(log.problems);
        out["skipped"] = json!(
            log.skipped
                .iter()
                .map(|(file, why)| json!({"file": file, "why": why}))
                .collect::<Vec<_>>()
        );
        out["excluded"] = json!(excluded);
        out["notes"] = json!(log.notes);
        out["bonuses"] = json!(
            log.bonuses
                .iter()
                .map(|(p, a)| json!({"participant": p, "amount": a}))
                .collect::<Vec<_>>()
        );
        println!("{out}");
    } else {
        print!("{text}");
    }
    let given = log.scored + log.left_out + log.skipped.len();
    if given > 0 && log.scored == 0 {
        eprintln!(
            "error: no record was scored: {} left out and {} file(s) skipped (each listed above)",
            log.left_out,
            log.skipped.len()
        );
        return ExitCode::from(report::EXIT_DIAGNOSTIC);
    }
    if args.strict && log.unreadable > 0 {
        eprintln!(
            "error: --strict: {} answer(s) could not be read or run (each noted above, scored as failures)",
            log.unreadable
        );
    }
    if args.strict && (!log.problems.is_empty() || log.unreadable > 0) {
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
    let context = match Context::new(&study, &study_sha256(&text), &pack_refs, &sealed_refs) {
        Ok(c) => c.also_accept(&sha256_hex(text.as_bytes())),
        Err(problems) => {
            for p in &problems {
                eprintln!("{}: {p}", args.study);
            }
            return Err(ExitCode::from(report::EXIT_DIAGNOSTIC));
        }
    };
    let mut skipped = Vec::new();
    let inputs = match expand(&args.responses, &mut skipped) {
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
    run.log.skipped = skipped;
    for input in &inputs {
        let entries = match read_entries(input, &mut run.log.skipped) {
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
    let excluded = scoring.excluded().to_vec();
    let table = collector.map(|c| (c.finish(scoring.context()), study.compare));
    // A public study's references come with its sealed truths.
    let factors = table.as_ref().map_or(Vec::new(), |(t, _)| {
        fermi_study::compare::factor_misses(t, &study, |id| {
            fermi_study::question(&sealed, id).or_else(|| fermi_study::question(&packs, id))
        })
    });
    let output = scoring.finish(args.bootstrap, args.seed);
    if let Some(dir) = &args.out {
        let written = csv_out::summaries(dir, &output).and_then(|()| match &study.bonus {
            Some(_) => csv_out::bonus(dir, &log.bonuses),
            None => Ok(()),
        });
        if let Err(e) = written {
            return Err(report::usage(format!(
                "cannot write into {}: {e}",
                dir.display()
            )));
        }
    }
    Ok(Scored {
        output,
        log,
        table,
        factors,
        excluded,
    })
}

/// The files named on the command line, folders walked (sorted, recursively) for record files (see
/// [`jatos::kind`]); every other file found goes to `skipped` with why.
fn expand(args: &[String], skipped: &mut Vec<(String, String)>) -> Result<Vec<PathBuf>, String> {
    fn walk(
        dir: &Path,
        out: &mut Vec<PathBuf>,
        skipped: &mut Vec<(String, String)>,
    ) -> Result<(), String> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out, skipped)?;
            } else {
                match jatos::kind(&path.display().to_string()) {
                    Ok(_) => out.push(path),
                    Err(why) => skipped.push((path.display().to_string(), why.into())),
                }
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for arg in args {
        let path = Path::new(arg);
        if path.is_dir() {
            walk(path, &mut out, skipped)?;
        } else if path.is_file() {
            // A file named on the command line is read whatever its name, unless it is JATOS's metadata.
            match jatos::kind(arg) {
                Err(why) if arg.ends_with(".json") => skipped.push((arg.clone(), why.into())),
                _ => out.push(path.to_path_buf()),
            }
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

/// The records of one input: a `.jsonl` file or a `data.txt` line by line, a JATOS archive entry by entry (what
/// it holds besides records goes to `skipped`), any other file whole.
fn read_entries(
    path: &Path,
    skipped: &mut Vec<(String, String)>,
) -> Result<Box<dyn Iterator<Item = Entry>>, String> {
    match jatos::kind(&path.display().to_string()) {
        Ok(Kind::Lines) => return Ok(Box::new(read_jsonl(path)?)),
        Ok(Kind::Archive) => {
            let shown = path.display().to_string();
            let mut entries = Vec::new();
            for e in jatos::archive(path, skipped)? {
                let file = format!("{shown}[{}]", e.name);
                match (e.kind, e.text) {
                    (_, Err(why)) => entries.push((Label { file, line: None }, Err(why))),
                    (Kind::Lines, Ok(text)) => {
                        entries.extend(
                            text.lines()
                                .enumerate()
                                .filter(|(_, l)| !l.trim().is_empty())
                                .map(|(i, l)| {
                                    let label = Label {
                                        file: file.clone(),
                                        line: Some(i + 1),
                                    };
                                    (label, Ok(l.to_string()))
                                }),
                        );
                    }
                    (_, Ok(text)) => entries.push((Label { file, line: None }, Ok(text))),
                }
            }
            if entries.is_empty() {
                skipped.push((
                    shown,
                    "an archive without records (no data.txt, .json or .jsonl inside)".into(),
                ));
            }
            return Ok(Box::new(entries.into_iter()));
        }
        Ok(Kind::Whole) | Err(_) => {}
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
    // An empty cell says which of failed, skipped or not answered; the reasons follow the table.
    let cell = |c: &Option<fermi_study::Cell>, empty: &Option<String>| match (c, empty) {
        (Some(c), _) => format!("{:.3} ×{:.3}", c.median_cramer_log, c.median_bias_factor),
        (None, Some(why)) => why.split(':').next().unwrap_or(why).to_string(),
        (None, None) => "–".into(),
    };
    let mut reasons = Vec::new();
    for v in &out.view {
        s.push_str(&format!(
            "{:<48} {:>20}",
            v.question,
            cell(&v.humans, &v.humans_empty)
        ));
        for ((m, empty), name) in v.models.iter().zip(&v.models_empty).zip(&out.models) {
            s.push_str(&format!(" {:>20}", cell(m, empty)));
            if let Some(why) = empty.as_ref().filter(|w| w.contains(':')) {
                reasons.push(format!("  {} {name}: {why}", v.question));
            }
        }
        if let Some(why) = v.humans_empty.as_ref().filter(|w| w.contains(':')) {
            reasons.push(format!("  {} humans: {why}", v.question));
        }
        s.push_str(&format!(" {:>7}\n", n(v.gap)));
    }
    if !reasons.is_empty() {
        s.push_str("Empty cells (a model's failure counts in its fail rate):\n");
        for r in reasons {
            s.push_str(&format!("{r}\n"));
        }
    }
    s
}

/// The CSV files (the `csv` crate quotes; numbers print in Rust's shortest round-trip form, empty when undefined).
mod csv_out {
    use std::fs::File;
    use std::path::Path;

    use fermi_study::{ItemRow, Output};

    pub const ITEM_HEADER: [&str; 40] = [
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
        // Added columns (the contract only grows): the item as recorded, and the participant's exclusion.
        "position",
        "program",
        "skip_reason",
        "failure",
        "over_time",
        "active_ms",
        "hidden_count",
        "first_edit_ms",
        "pastes",
        "record_status",
        "submission_id",
        "session_id",
        "check_passed",
        "excluded",
        "note",
        "bonus",
    ];

    fn num(x: Option<f64>) -> String {
        x.map_or(String::new(), |v| v.to_string())
    }

    fn int(x: Option<impl ToString>) -> String {
        x.map_or(String::new(), |v| v.to_string())
    }

    pub fn item(
        w: &mut csv::Writer<File>,
        row: &ItemRow,
        bonus: Option<&fermi_study::Bonus>,
    ) -> Result<(), csv::Error> {
        let s = row.score;
        let d = row.detail.as_ref();
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
            int(d.map(|d| d.position)),
            row.program.clone().unwrap_or_default(),
            d.and_then(|d| d.skip_reason.clone()).unwrap_or_default(),
            row.failure.clone().unwrap_or_default(),
            int(d.map(|d| d.over_time)),
            int(d.map(|d| d.active_ms)),
            int(d.map(|d| d.hidden_count)),
            int(d.and_then(|d| d.first_edit_ms)),
            int(d.map(|d| d.pastes)),
            d.map_or("", |d| match d.record_status {
                fermi_study::RecordStatus::Complete => "complete",
                fermi_study::RecordStatus::Partial => "partial",
            })
            .to_string(),
            d.map(|d| d.submission_id.clone()).unwrap_or_default(),
            d.and_then(|d| d.session_id.clone()).unwrap_or_default(),
            int(row.check_passed),
            row.excluded.clone().unwrap_or_default(),
            row.note.clone().unwrap_or_default(),
            num(bonus
                .filter(|_| row.excluded.is_none())
                .map(|b| b.item(row))),
        ])
    }

    /// bonus.csv in Prolific's bulk-bonus form: `PARTICIPANT_ID,AMOUNT` a line, no header, amounts to the cent.
    pub fn bonus(dir: &Path, bonuses: &[(String, f64)]) -> Result<(), csv::Error> {
        let mut w = csv::WriterBuilder::new()
            .has_headers(false)
            .from_path(dir.join("bonus.csv"))?;
        for (participant, amount) in bonuses {
            w.write_record([participant.clone(), format!("{amount:.2}")])?;
        }
        w.flush()?;
        Ok(())
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
