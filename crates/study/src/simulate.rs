//! A seeded generator of a study's data, for demonstrations and tests (`study simulate`): participants' response
//! records that pass validation, and three language models' runs in the runs format.
//!
//! Every answer is a 90% interval `to(low, high)` around the truth's median moved by a normal error in decades:
//! - a participant has an error spread drawn uniformly from 0.3–1.0 decades and a width from 0.4–1.6 decades;
//!   each item is skipped with probability 5% where the study allows it; answers are quick where the study allows,
//!   else Squiggle;
//! - `sim-sharp` (error 0.25 decades, width 1 decade, two samples per question), `sim-middling` (0.6 decades,
//!   width 0.5 decades, its first answer given as a quick answer) and `sim-wild` (1.2 decades, width 0.4 decades,
//!   its last question a failure record). Each run line carries `temperature` and `run_id` as metadata.
//!
//! Normal draws are Box–Muller on ChaCha8 seeded with the FNV-1a hash of `"simulate\n{seed}\n{who}"`.

use fermi_num::fnv1a;
use fermi_syntax::{Dialect, literal, quick_program};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::file::Format;
use crate::record::{
    AppInfo, ItemRecord, ItemStatus, ItemSummary, ModelAnswer, Participant, Quick, Record,
    RecordStatus, SCHEMA, StudyRef,
};
use crate::score::Context;

/// The simulated models: (name, error sd in decades, 90% width in decades, samples per question).
pub const MODELS: [(&str, f64, f64, u32); 3] = [
    ("sim-sharp", 0.25, 1.0, 2),
    ("sim-middling", 0.6, 0.5, 1),
    ("sim-wild", 1.2, 0.4, 1),
];

struct Draws(ChaCha8Rng);

impl Draws {
    fn new(seed: u64, who: &str) -> Draws {
        Draws(ChaCha8Rng::seed_from_u64(fnv1a(
            format!("simulate\n{seed}\n{who}").as_bytes(),
        )))
    }

    /// Uniform in (0, 1).
    fn uniform(&mut self) -> f64 {
        ((self.0.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    fn normal(&mut self) -> f64 {
        let (u, v) = (self.uniform(), self.uniform());
        libm::sqrt(-2.0 * libm::log(u)) * libm::cos(std::f64::consts::TAU * v)
    }

    /// A 90% interval of `width` decades around `median` moved by a normal error of `sd` decades.
    fn interval(&mut self, median: f64, sd: f64, width: f64) -> (String, String) {
        let centre = libm::log10(median) + sd * self.normal();
        let bound = |d: f64| literal(libm::pow(10.0, centre + d));
        (bound(-width / 2.0), bound(width / 2.0))
    }
}

/// `people` participants' records for the study of `context` (whose file has SHA-256 `sha256`).
pub fn records(context: &Context, sha256: &str, people: usize, seed: u64) -> Vec<Record> {
    let study = context.study;
    let source = study
        .participant_params
        .first()
        .cloned()
        .unwrap_or_else(|| "typed".into());
    (0..people)
        .map(|k| {
            let id = format!("sim-{k:04}");
            let formats = study
                .arm_for(&id)
                .and_then(|a| a.formats.clone())
                .unwrap_or_else(|| study.formats.clone());
            let quick = formats.contains(&Format::Quick);
            let mut d = Draws::new(seed, &id);
            let sd = 0.3 + 0.7 * d.uniform();
            let width = 0.4 + 1.2 * d.uniform();
            let order = study.order_for(&id);
            let items = order
                .iter()
                .enumerate()
                .map(|(i, q)| {
                    // A check item is answered right: a narrow interval around its known answer.
                    let check = study
                        .items
                        .iter()
                        .find(|it| it.question == *q)
                        .and_then(|it| it.check);
                    let median = context.truth(q).map_or(1.0, |t| t.median());
                    let (low, high) = match check {
                        Some(c) => (literal(c.expect * 0.99), literal(c.expect * 1.01)),
                        None => d.interval(median, sd, width),
                    };
                    let skipped = study.allow_skip && check.is_none() && d.uniform() < 0.05;
                    let format = if quick {
                        Format::Quick
                    } else {
                        Format::Squiggle
                    };
                    let program = quick_program(&low, &high, Dialect::Squiggle);
                    let seed = study.item_seed(&id, q);
                    let summary = program
                        .as_ref()
                        .and_then(|p| study.run(format, p, seed).ok())
                        .map(|s| ItemSummary::of(&s));
                    let answered = !skipped;
                    ItemRecord {
                        question: q.clone(),
                        position: i as u32 + 1,
                        status: if answered {
                            ItemStatus::Answered
                        } else {
                            ItemStatus::Skipped
                        },
                        skip_reason: (!answered).then(|| "simulated skip".into()),
                        format: answered.then_some(format),
                        program: if answered { program } else { None },
                        quick: (answered && quick).then_some(Quick { low, high }),
                        samples: study.samples,
                        seed,
                        summary: if answered { summary } else { None },
                        shown_at: "2026-12-01T10:00:00Z".into(),
                        first_edit_ms: Some(4000),
                        answered_ms: Some(60_000 + (d.uniform() * 240_000.0) as u64),
                        active_ms: 60_000,
                        hidden_ms: 0,
                        hidden_count: 0,
                        edits: 12,
                        error_runs: 0,
                        over_time: false,
                        pastes: 0,
                    }
                })
                .collect();
            Record {
                schema: SCHEMA.into(),
                submission_id: format!("simulated-{seed}-{k}"),
                app: AppInfo {
                    version: "simulated".into(),
                    commit: None,
                },
                study: StudyRef {
                    id: study.id.clone(),
                    version: study.version,
                    sha256: sha256.into(),
                },
                participant: Participant {
                    id: id.clone(),
                    source: source.clone(),
                    params: Default::default(),
                },
                arm: study.arm_for(&id).map(|a| a.id.clone()),
                order,
                status: RecordStatus::Complete,
                started_at: "2026-12-01T10:00:00Z".into(),
                finished_at: Some("2026-12-01T11:00:00Z".into()),
                user_agent: "simulated".into(),
                items,
                assignment: None,
                packs: Vec::new(),
                device: None,
                practice: Vec::new(),
            }
        })
        .collect()
}

/// The three [`MODELS`]' runs on every scored item of the study.
pub fn runs(context: &Context, seed: u64) -> Vec<ModelAnswer> {
    let study = context.study;
    let last = study
        .items
        .iter()
        .filter(|i| i.check.is_none())
        .count()
        .saturating_sub(1);
    let mut out = Vec::new();
    for (name, sd, width, samples) in MODELS {
        let mut d = Draws::new(seed, name);
        for (i, item) in study.items.iter().filter(|i| i.check.is_none()).enumerate() {
            let q = &item.question;
            let median = context.truth(q).map_or(1.0, |t| t.median());
            for sample in 0..samples {
                let (low, high) = d.interval(median, sd, width);
                let mut answer = ModelAnswer {
                    model: name.into(),
                    question: q.clone(),
                    format: Some(Format::Squiggle),
                    program: Some(format!("to({low}, {high})")),
                    quick: None,
                    seed: None,
                    sample: (samples > 1).then_some(sample),
                    failure: None,
                    metadata: [
                        ("temperature".to_string(), serde_json::json!(0.7)),
                        (
                            "run_id".to_string(),
                            serde_json::json!(format!("{name}-{seed}")),
                        ),
                    ]
                    .into_iter()
                    .collect(),
                };
                if name == "sim-middling" && i == 0 {
                    answer.format = Some(Format::Quick);
                    answer.program = None;
                    answer.quick = Some(Quick { low, high });
                } else if name == "sim-wild" && i == last {
                    answer.format = None;
                    answer.program = None;
                    answer.failure = Some("no distribution in the output".into());
                    answer.metadata.insert(
                        "raw".into(),
                        serde_json::json!("I think it is about a lot."),
                    );
                }
                out.push(answer);
            }
        }
    }
    out
}
