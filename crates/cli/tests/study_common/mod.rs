//! Shared by the study tests: the fixture study, hand-chosen answers, and records built from them by the core.
#![allow(dead_code)] // Each test file uses a different part.

use std::path::PathBuf;
use std::process::{Command, Output};

use fermi_study::{
    AppInfo, Format, ItemRecord, ItemStatus, ItemSummary, Participant, Quick, Record, RecordStatus,
    SCHEMA, Study, StudyRef, parse_study, sha256_hex,
};

pub fn fixture(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/study")
        .join(rel)
}

pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fermi-playground"))
        .args(args)
        .output()
        .expect("binary starts")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fermi-study-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn study_text() -> String {
    std::fs::read_to_string(fixture("study.toml")).unwrap()
}

pub fn study() -> Study {
    parse_study(&study_text()).unwrap()
}

/// One answer as a participant left it: question id (without the pack), format, program or quick bounds,
/// skipped, seconds taken, hidden seconds, edits.
pub struct Answer {
    pub question: &'static str,
    pub format: Option<Format>,
    pub program: &'static str,
    pub skip: Option<&'static str>,
    pub seconds: u64,
    pub hidden: u64,
    pub edits: u64,
}

pub const fn sq(question: &'static str, program: &'static str, seconds: u64) -> Answer {
    Answer {
        question,
        format: Some(Format::Squiggle),
        program,
        skip: None,
        seconds,
        hidden: 0,
        edits: 12,
    }
}

/// The fixture participants and their answers (hand-chosen: good, poor, wide, narrow, a quick answer, a fermi
/// model, a skip, hidden time).
pub fn answers() -> Vec<(&'static str, &'static str, Vec<Answer>)> {
    vec![
        (
            "ada",
            "PROLIFIC_PID",
            vec![
                sq("piano-tuners", "to(50, 300)", 95),
                sq("bridge-cars", "to(2e4, 9e4)", 120),
                Answer {
                    format: Some(Format::Fermi),
                    ..sq("tree-leaves", "1000 5000\n* 50 100", 240)
                },
                sq("lake-volume", "10k * 2k * to(20, 80)", 60),
            ],
        ),
        (
            "bob",
            "PROLIFIC_PID",
            vec![
                sq("piano-tuners", "to(500, 3000)", 30),
                Answer {
                    format: Some(Format::Quick),
                    ..sq("bridge-cars", "to(1000, 5000)", 40)
                },
                sq("tree-leaves", "to(1e6, 1e7)", 50),
                Answer {
                    hidden: 35,
                    ..sq("lake-volume", "to(1e8, 1e10)", 80)
                },
            ],
        ),
        (
            "cy",
            "typed",
            vec![
                sq("piano-tuners", "to(80, 150)", 70),
                sq("bridge-cars", "to(3e4, 5e4)", 65),
                sq("tree-leaves", "to(2e5, 3e5)", 90),
                Answer {
                    format: None,
                    skip: Some("I have no idea about lakes"),
                    ..sq("lake-volume", "", 20)
                },
            ],
        ),
        (
            "eve",
            "PROLIFIC_PID",
            vec![
                sq("piano-tuners", "to(10, 1000)", 55),
                sq("bridge-cars", "to(5e3, 5e5)", 45),
                sq("tree-leaves", "to(5e4, 5e5)", 75),
                sq("lake-volume", "to(5e8, 2e9)", 100),
            ],
        ),
        (
            "hal",
            "PROLIFIC_PID",
            vec![
                sq("piano-tuners", "to(100, 200)", 35),
                sq("bridge-cars", "to(1e5, 3e5)", 30),
                sq("tree-leaves", "to(1e4, 3e4)", 25),
                sq("lake-volume", "to(8e8, 1.2e9)", 40),
            ],
        ),
    ]
}

/// A valid record for each fixture participant, built by the core's rules.
pub fn fixture_records() -> Vec<Record> {
    let study = study();
    let sha = sha256_hex(study_text().as_bytes());
    answers()
        .into_iter()
        .enumerate()
        .map(|(k, (id, source, answers))| record(&study, &sha, k, id, source, &answers))
        .collect()
}

pub fn record(
    study: &Study,
    sha: &str,
    k: usize,
    id: &str,
    source: &str,
    answers: &[Answer],
) -> Record {
    let order = study.order_for(id);
    let mut items: Vec<ItemRecord> = answers
        .iter()
        .map(|a| {
            // A bare id is the fixture pack's; `PACK/ID` names another.
            let question = if a.question.contains('/') {
                a.question.to_string()
            } else {
                format!("fixture/{}", a.question)
            };
            let seed = study.item_seed(id, &question);
            let position = order.iter().position(|q| *q == question).unwrap() as u32 + 1;
            let quick = (a.format == Some(Format::Quick)).then(|| {
                let inner = a.program.trim_start_matches("to(").trim_end_matches(')');
                let (low, high) = inner.split_once(", ").unwrap();
                Quick {
                    low: low.into(),
                    high: high.into(),
                }
            });
            let summary = a.format.and_then(|f| {
                study
                    .run(f, a.program, seed)
                    .ok()
                    .map(|x| ItemSummary::of(&x))
            });
            ItemRecord {
                question,
                position,
                status: if a.skip.is_some() {
                    ItemStatus::Skipped
                } else {
                    ItemStatus::Answered
                },
                skip_reason: a.skip.map(str::to_string),
                format: a.format,
                program: a.format.map(|_| a.program.to_string()),
                quick,
                samples: study.samples,
                seed,
                summary,
                shown_at: format!("2026-11-30T10:{:02}:00Z", position * 5),
                first_edit_ms: Some(4000),
                answered_ms: Some(a.seconds * 1000),
                active_ms: (a.seconds - a.hidden) * 1000,
                hidden_ms: a.hidden * 1000,
                hidden_count: u64::from(a.hidden > 0),
                edits: a.edits,
                error_runs: 1,
                over_time: false,
                pastes: 0,
            }
        })
        .collect();
    items.sort_by_key(|i| i.position);
    Record {
        schema: SCHEMA.into(),
        submission_id: format!("00000000-0000-4000-8000-{:012}", k + 1),
        app: AppInfo {
            version: "0.1.0".into(),
            commit: None,
        },
        study: StudyRef {
            id: study.id.clone(),
            version: study.version,
            sha256: sha.into(),
        },
        participant: Participant {
            id: id.into(),
            source: source.into(),
            params: [("SESSION_ID".to_string(), format!("s-{id}"))].into(),
        },
        arm: study.arm_for(id).map(|a| a.id.clone()),
        order,
        status: RecordStatus::Complete,
        started_at: "2026-11-30T10:00:00Z".into(),
        finished_at: Some("2026-11-30T10:40:00Z".into()),
        user_agent: "fixture".into(),
        items,
        assignment: None,
        packs: Vec::new(),
        device: None,
        practice: Vec::new(),
    }
}
