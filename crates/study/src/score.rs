//! Validating records and model answers and scoring each item against its question's truth.

use std::collections::{HashMap, HashSet};
use std::fmt;

use fermi_bank::{FittedTruth, Pack, fit_truth};
use fermi_score::calibration::{AnswerQuantiles, LEVELS};
use fermi_score::{LogSamples, LogTruth, Report};
use serde::Serialize;

use fermi_syntax::{Dialect, quick_program};

use crate::file::{Check, Format, Study};
use crate::record::{
    ItemRecord, ItemStatus, ItemSummary, ModelAnswer, PackRef, Record, RecordStatus, SCHEMA,
    seed_was_rounded,
};

/// One thing wrong with a record or a model answer: `participant P, item Q: why`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Problem {
    pub participant: Option<String>,
    pub item: Option<String>,
    pub message: String,
}

impl fmt::Display for Problem {
    /// `participant P, item Q: why`, leaving out what is not known.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut about = Vec::new();
        if let Some(p) = &self.participant {
            about.push(format!("participant {p}"));
        }
        if let Some(q) = &self.item {
            about.push(format!("item {q}"));
        }
        if about.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", about.join(", "), self.message)
        }
    }
}

/// Who gave an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Who {
    Human { id: String, arm: Option<String> },
    Model { name: String },
}

impl Who {
    /// `humans`, `humans:ARM` or `model:NAME`: the most specific board group.
    pub fn group(&self) -> String {
        match self {
            Who::Human { arm: None, .. } => "humans".into(),
            Who::Human { arm: Some(a), .. } => format!("humans:{a}"),
            Who::Model { name } => format!("model:{name}"),
        }
    }

    pub fn id(&self) -> &str {
        match self {
            Who::Human { id, .. } => id,
            Who::Model { name } => name,
        }
    }

    pub fn arm(&self) -> Option<&str> {
        match self {
            Who::Human { arm, .. } => arm.as_deref(),
            Who::Model { .. } => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RowStatus {
    Answered,
    Skipped,
    /// The program does not parse or evaluate, or gives samples that are not positive.
    Failed,
}

impl RowStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RowStatus::Answered => "answered",
            RowStatus::Skipped => "skipped",
            RowStatus::Failed => "failed",
        }
    }
}

/// One item's scores, straight from the core's [`Report`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ItemScore {
    pub cramer_log: f64,
    pub location: f64,
    pub shape: f64,
    pub crps_log: f64,
    pub log_score: Option<f64>,
    /// The expected Winkler 90% score over the truth.
    pub winkler90: f64,
    pub fp_score: f64,
    pub oom_hit: bool,
    /// The truth's median is inside the answer's 5–95% interval.
    pub covered90: bool,
    /// exp(median ln F − median ln G): above 1 too high by that factor.
    pub bias_factor: f64,
}

impl ItemScore {
    pub fn from_report(r: &Report) -> ItemScore {
        ItemScore {
            cramer_log: r.cramer_log,
            location: r.breakdown_shift.location,
            shape: r.breakdown_shift.shape,
            crps_log: r.crps_log,
            log_score: r.log_score,
            winkler90: r.winkler90_expected,
            fp_score: r.fp_score,
            oom_hit: r.order_of_magnitude_hit(),
            covered90: r.median_in_interval90,
            bias_factor: r.diagnostics.bias_median_factor,
        }
    }
}

/// One row of `items.csv`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ItemRow {
    pub who: Who,
    pub question: String,
    pub format: Option<Format>,
    pub status: RowStatus,
    /// The answer's p5, p50, p95 in the question's unit.
    pub answer: Option<[f64; 3]>,
    /// The truth's p5, p50, p95.
    pub truth: [f64; 3],
    pub score: Option<ItemScore>,
    /// Why a failed item failed.
    pub failure: Option<String>,
    pub answered_s: Option<f64>,
    pub hidden_s: Option<f64>,
    pub edits: Option<u64>,
    /// A model's `sample` number (several answers of one model to one question).
    pub sample: Option<u32>,
    /// Whether the answer's central 50%, 80% and 90% intervals hold the truth's median.
    pub coverage: Option<[bool; 3]>,
    /// The program as evaluated (a model's, or a participant's).
    pub program: Option<String>,
    /// A participant's item as recorded; `None` for a model answer.
    pub detail: Option<ItemDetail>,
    /// A check item: whether its answer was within the tolerance of the known answer (never on the board).
    pub check_passed: Option<bool>,
    /// Something the scorer repaired and says (a seed rounded on the way), not a problem.
    pub note: Option<String>,
    /// Why the participant is excluded (their rows are not on the board).
    pub excluded: Option<String>,
}

/// The recorded facts of a participant's item, for `items.csv`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ItemDetail {
    pub position: u32,
    pub skip_reason: Option<String>,
    pub over_time: bool,
    pub active_ms: u64,
    pub hidden_count: u64,
    pub first_edit_ms: Option<u64>,
    pub pastes: u64,
    /// The record's status (`complete`, `partial`), its submission id and the `SESSION_ID` parameter if kept.
    pub record_status: RecordStatus,
    pub submission_id: String,
    pub session_id: Option<String>,
}

/// A question's truth, fitted once.
struct QuestionTruth {
    fitted: FittedTruth,
    log: LogTruth,
}

/// Everything scoring needs, fixed for a run (shared across threads).
pub struct Context<'a> {
    pub study: &'a Study,
    /// The study file hashes a record may name (see [`Context::also_accept`]).
    sha256: Vec<String>,
    /// By `PACK/ID`, for every scored item but the check items.
    truths: HashMap<String, QuestionTruth>,
    checks: HashMap<String, Check>,
    /// The study's packs as the scorer has them.
    packs: Vec<PackRef>,
    /// Their hashes as records made before 2026-12-02 named them ([`crate::pack_sha256_whole`]).
    packs_whole: Vec<PackRef>,
}

impl<'a> Context<'a> {
    /// Fits the truth of every scored item: from `sealed` packs first (a public-tier study's `--truth`), else from
    /// the study's packs. `sha256` is the study file's (see [`crate::study_sha256`]). Every missing or unusable
    /// truth is listed.
    pub fn new(
        study: &'a Study,
        sha256: &str,
        packs: &[&Pack],
        sealed: &[&Pack],
    ) -> Result<Context<'a>, Vec<Problem>> {
        let mut truths = HashMap::new();
        let mut checks = HashMap::new();
        let mut problems = Vec::new();
        for item in &study.items {
            if let Some(check) = item.check {
                checks.insert(item.question.clone(), check);
                continue;
            }
            let (pack_id, id) = item.parts();
            let problem = |message: String| Problem {
                participant: None,
                item: Some(item.question.clone()),
                message,
            };
            let found = sealed
                .iter()
                .chain(packs)
                .filter(|p| p.info.id == pack_id)
                .find_map(|p| p.question(id).filter(|q| !q.truth.is_sealed()));
            let Some(question) = found else {
                problems.push(problem(format!(
                    "no truth: no pack `{pack_id}` holding `{id}` (a public-tier study's truths come with --truth)"
                )));
                continue;
            };
            match fit_truth(question).map(|fitted| (fitted, LogTruth::new(&fitted.to_truth()))) {
                Ok((fitted, Ok(log))) => {
                    truths.insert(item.question.clone(), QuestionTruth { fitted, log });
                }
                Ok((_, Err(e))) => problems.push(problem(format!("truth: {e}"))),
                Err(p) => problems.push(problem(format!("truth: {}", p.diagnostic.message))),
            }
        }
        let packs_whole = PackRef::hashed(study, packs.iter().copied(), crate::pack_sha256_whole);
        let packs = PackRef::used(study, packs.iter().copied());
        if problems.is_empty() {
            Ok(Context {
                study,
                sha256: vec![sha256.to_ascii_lowercase()],
                truths,
                checks,
                packs,
                packs_whole,
            })
        } else {
            Err(problems)
        }
    }

    /// Also accepts records naming this study file hash: the hash of the raw bytes, which records made before
    /// line ends were normalised carry ([`crate::sha256_hex`] of the file; equal to [`crate::study_sha256`] for a file
    /// with LF line ends).
    pub fn also_accept(mut self, sha256: &str) -> Context<'a> {
        let sha = sha256.to_ascii_lowercase();
        if !self.sha256.contains(&sha) {
            self.sha256.push(sha);
        }
        self
    }

    /// The fitted truth of a scored item.
    pub fn truth(&self, question: &str) -> Option<FittedTruth> {
        self.truths.get(question).map(|t| t.fitted)
    }

    /// An answer's p5, p50 and p95, its scores, and its 50/80/90% coverage of the truth's median.
    pub(crate) fn scored(
        &self,
        question: &str,
        samples: &LogSamples,
    ) -> ([f64; 3], ItemScore, [bool; 3]) {
        let truth = &self.truths[question];
        let report = Report::new(samples, &truth.log);
        let s = ItemSummary::of(samples);
        let quantiles = AnswerQuantiles::of(samples);
        let median = libm::log(truth.fitted.median());
        let coverage = LEVELS.map(|(percent, _, _)| quantiles.catches(percent, median));
        (
            [s.p5, s.p50, s.p95],
            ItemScore::from_report(&report),
            coverage,
        )
    }

    fn truth_row(&self, question: &str) -> [f64; 3] {
        if let Some(c) = self.checks.get(question) {
            return [c.expect; 3];
        }
        let t = self.truths[question].fitted;
        [t.p5(), t.median(), t.p95()]
    }

    /// Validates a record whole (everything but duplicates, see [`Seen`]) and scores its items. A record with any
    /// problem is left out entirely.
    pub fn score_record(&self, r: &Record) -> Result<Vec<ItemRow>, Vec<Problem>> {
        let study = self.study;
        let pid = r.participant.id.clone();
        let mut problems = Vec::new();
        let mut problem = |item: Option<&str>, message: String| {
            problems.push(Problem {
                participant: Some(pid.clone()),
                item: item.map(str::to_string),
                message,
            })
        };
        if r.schema != SCHEMA {
            problem(None, format!("schema `{}` is not `{SCHEMA}`", r.schema));
            return Err(problems);
        }
        if r.study.id != study.id || r.study.version != study.version {
            problem(
                None,
                format!(
                    "answers study `{}` version {}, not `{}` version {}",
                    r.study.id, r.study.version, study.id, study.version
                ),
            );
            return Err(problems);
        }
        if !self.sha256.contains(&r.study.sha256.to_ascii_lowercase()) {
            problem(
                None,
                format!(
                    "study sha256 {} is not this study file's ({}): the file changed without a version bump",
                    r.study.sha256, self.sha256[0]
                ),
            );
            return Err(problems);
        }
        for p in &r.packs {
            match self.packs.iter().find(|mine| mine.id == p.id) {
                Some(mine)
                    if mine.sha256 == p.sha256.to_ascii_lowercase()
                        || self
                            .packs_whole
                            .iter()
                            .any(|w| w.id == p.id && w.sha256 == p.sha256.to_ascii_lowercase()) => {
                }
                Some(mine) => problem(
                    None,
                    format!(
                        "pack `{}` version {} (sha256 {}) is not the one scored here (version {}, sha256 {}): the questions or truths changed; score with the pack the participant had",
                        p.id, p.version, p.sha256, mine.version, mine.sha256
                    ),
                ),
                None => problem(
                    None,
                    format!("pack `{}` is not one of the study's packs", p.id),
                ),
            }
        }
        if r.submission_id.trim().is_empty() || r.submission_id.len() > 200 {
            problem(None, "submission_id is empty or over 200 bytes".into());
        }
        let id = &r.participant.id;
        if id.trim().is_empty() || id.len() > 200 || id.chars().any(char::is_control) {
            problem(
                None,
                "participant.id is empty, over 200 bytes or holds control characters".into(),
            );
        }
        let source = r.participant.source.as_str();
        if source != "typed" && !study.participant_params.iter().any(|p| p == source) {
            problem(
                None,
                format!(
                    "participant.source `{source}` is neither `typed` nor one of the study's participant_params"
                ),
            );
        }
        let assigned = study
            .assigned_arm(id, r.assignment.as_ref())
            .map(|a| a.id.as_str());
        if r.arm.as_deref() != assigned {
            problem(
                None,
                format!(
                    "arm {} but the study assigns this participant {}",
                    r.arm.as_deref().map_or("null".into(), |a| format!("`{a}`")),
                    assigned.map_or("no arm".into(), |a| format!("`{a}`"))
                ),
            );
        }
        if r.order != study.order_for(id) {
            problem(
                None,
                "order is not the study's order for this participant".into(),
            );
        }
        if r.status == RecordStatus::Complete
            && (r.finished_at.is_none() || r.items.len() != study.items.len())
        {
            problem(
                None,
                "status is complete but finished_at is null or items are missing".into(),
            );
        }
        let mut rows = Vec::with_capacity(r.items.len());
        for (k, item) in r.items.iter().enumerate() {
            let q = item.question.as_str();
            if !self.truths.contains_key(q) && !self.checks.contains_key(q) {
                problem(
                    Some(q),
                    "unknown question: not a scored item of the study".into(),
                );
                continue;
            }
            if r.items[..k].iter().any(|i| i.question == q) {
                problem(Some(q), "answered twice in one record".into());
                continue;
            }
            let position = r.order.iter().position(|o| o == q).map(|i| i as u32 + 1);
            if position != Some(item.position) {
                problem(
                    Some(q),
                    format!(
                        "position {} does not match its place in order",
                        item.position
                    ),
                );
            }
            match self.score_item(id, r.arm.as_deref(), item) {
                Ok(mut row) => {
                    if let Some(d) = &mut row.detail {
                        d.record_status = r.status;
                        d.submission_id = r.submission_id.clone();
                        d.session_id = r.participant.params.get("SESSION_ID").cloned();
                    }
                    rows.push(row.with(Who::Human {
                        id: id.clone(),
                        arm: r.arm.clone(),
                    }))
                }
                Err(why) => problem(Some(q), why),
            }
        }
        if problems.is_empty() {
            Ok(rows)
        } else {
            Err(problems)
        }
    }

    /// Checks one item against the study and recomputes its summary; its row (without `who`) or why not.
    fn score_item(
        &self,
        participant: &str,
        arm: Option<&str>,
        item: &ItemRecord,
    ) -> Result<PartialRow, String> {
        let study = self.study;
        let q = item.question.as_str();
        let mut note = None;
        if item.samples != study.samples {
            return Err(format!(
                "samples {} but the study samples every answer at {}",
                item.samples, study.samples
            ));
        }
        let seed = study.item_seed(participant, q);
        if seed_was_rounded(item.seed, seed) {
            note = Some(format!(
                "seed {} was rounded on the way (a JSON number read as a double); the study's seed {seed} is used",
                item.seed
            ));
        } else if item.seed != seed {
            return Err(format!(
                "seed {} but the study's seed here is {seed}",
                item.seed
            ));
        }
        if let Some(f) = item.format
            && !study.conditions(arm).formats.contains(&f)
        {
            return Err(format!(
                "format `{}` is not allowed by the study",
                f.as_str()
            ));
        }
        if (item.format == Some(Format::Quick)) != item.quick.is_some() {
            return Err("`quick` must be given exactly when the format is quick".into());
        }
        let answered = item.status == ItemStatus::Answered;
        if !answered
            && item
                .skip_reason
                .as_deref()
                .is_none_or(|s| s.trim().is_empty())
        {
            return Err("skipped without a skip_reason".into());
        }
        if !study.allow_skip && !answered {
            return Err("skipped, but the study does not allow skipping".into());
        }
        let run = match (item.format, &item.program) {
            (Some(format), Some(program)) => Some(self.study.run(format, program, seed)),
            _ => None,
        };
        let recomputed = match &run {
            Some(Ok(samples)) => Some(ItemSummary::of(samples)),
            _ => None,
        };
        match (&item.summary, &recomputed) {
            (Some(recorded), Some(fresh)) => {
                let differ = recorded.differences(fresh);
                if !differ.is_empty() {
                    return Err(format!(
                        "summary does not belong to the program: {} differ (recorded p50 {}, recomputed {})",
                        differ.join(", "),
                        recorded.p50,
                        fresh.p50
                    ));
                }
            }
            (Some(_), None) => {
                return Err(
                    "a summary is recorded, but the program gives no positive samples".into(),
                );
            }
            (None, Some(_)) if answered => {
                return Err("summary is null, but the program evaluates".into());
            }
            _ => {}
        }
        let seconds = |ms: u64| ms as f64 / 1000.0;
        let mut row = PartialRow {
            question: q.to_string(),
            format: item.format,
            status: RowStatus::Skipped,
            answer: recomputed.map(|s| [s.p5, s.p50, s.p95]),
            truth: self.truth_row(q),
            score: None,
            failure: None,
            answered_s: item.answered_ms.map(seconds),
            hidden_s: Some(seconds(item.hidden_ms)),
            edits: Some(item.edits),
            sample: None,
            coverage: None,
            program: item.program.clone(),
            detail: Some(ItemDetail {
                position: item.position,
                skip_reason: item.skip_reason.clone(),
                over_time: item.over_time,
                active_ms: item.active_ms,
                hidden_count: item.hidden_count,
                first_edit_ms: item.first_edit_ms,
                pastes: item.pastes,
                record_status: RecordStatus::Partial,
                submission_id: String::new(),
                session_id: None,
            }),
            check_passed: None,
            note,
        };
        if let Some(check) = self.checks.get(q) {
            let median = recomputed.filter(|_| answered).map(|s| s.p50);
            row.check_passed = Some(
                median.is_some_and(|m| (m - check.expect).abs() <= check.tolerance * check.expect),
            );
            row.status = match (answered, &run) {
                (false, _) => RowStatus::Skipped,
                (true, Some(Ok(_))) => RowStatus::Answered,
                (true, _) => RowStatus::Failed,
            };
            if let Some(Err(why)) = run {
                row.failure = Some(why);
            }
            return Ok(row);
        }
        if answered {
            match run {
                Some(Ok(samples)) => {
                    let (answer, score, coverage) = self.scored(q, &samples);
                    row.status = RowStatus::Answered;
                    row.answer = Some(answer);
                    row.score = Some(score);
                    row.coverage = Some(coverage);
                }
                Some(Err(why)) => {
                    row.status = RowStatus::Failed;
                    row.failure = Some(why);
                }
                None => return Err("answered, but format or program is null".into()),
            }
        }
        Ok(row)
    }

    /// Scores one model answer: a program or quick answer that fails, and a failure record, count as failures,
    /// not problems; duplicates are found by [`Seen`].
    pub fn score_answer(&self, a: &ModelAnswer) -> Result<ItemRow, Problem> {
        let problem = |message: String| Problem {
            participant: Some(a.model.clone()),
            item: Some(a.question.clone()),
            message,
        };
        if a.model.trim().is_empty() || a.model.len() > 200 || a.model.contains(char::is_control) {
            return Err(problem(
                "model is empty, over 200 bytes or holds control characters".into(),
            ));
        }
        if !self.truths.contains_key(&a.question) {
            return Err(problem(
                "unknown question: not a scored item of the study".into(),
            ));
        }
        let seed = a
            .seed
            .unwrap_or_else(|| self.study.item_seed(&a.model, &a.question));
        let mut row = PartialRow {
            question: a.question.clone(),
            format: a.format,
            status: RowStatus::Failed,
            answer: None,
            truth: self.truth_row(&a.question),
            score: None,
            failure: None,
            answered_s: None,
            hidden_s: None,
            edits: None,
            sample: a.sample,
            coverage: None,
            program: a.program.clone(),
            detail: None,
            check_passed: None,
            note: None,
        };
        let program = match (&a.failure, a.format, &a.program, &a.quick) {
            (Some(why), None, None, None) => {
                Err(format!("the model's output gave no answer: {why}"))
            }
            (Some(_), ..) => {
                return Err(problem(
                    "a failure record holds no format, program or quick".into(),
                ));
            }
            (None, None, ..) => {
                return Err(problem(
                    "no format: give squiggle, fermi or quick (or a `failure`)".into(),
                ));
            }
            (None, Some(Format::Quick), program, Some(q)) => {
                let written = quick_program(&q.low, &q.high, Dialect::Squiggle);
                match (written, program) {
                    (Some(w), Some(p)) if *p != w => {
                        return Err(problem(format!(
                            "program `{p}` is not the quick answer's `{w}`"
                        )));
                    }
                    (Some(w), _) => Ok(w),
                    (None, _) => Err(format!(
                        "the bounds `{}` and `{}` are not numbers",
                        q.low, q.high
                    )),
                }
            }
            (None, Some(Format::Quick), _, None) => {
                return Err(problem(
                    "format quick needs `quick` with low and high".into(),
                ));
            }
            (None, Some(_), _, Some(_)) => {
                return Err(problem(
                    "`quick` must be given exactly when the format is quick".into(),
                ));
            }
            (None, Some(_), Some(p), None) => Ok(p.clone()),
            (None, Some(_), None, None) => {
                return Err(problem("no program (or a `failure`)".into()));
            }
        };
        if let Ok(p) = &program {
            row.program = Some(p.clone());
        }
        match program.and_then(|p| {
            self.study
                .run(a.format.unwrap_or(Format::Squiggle), &p, seed)
        }) {
            Ok(samples) => {
                let (answer, score, coverage) = self.scored(&a.question, &samples);
                row.status = RowStatus::Answered;
                row.answer = Some(answer);
                row.score = Some(score);
                row.coverage = Some(coverage);
            }
            Err(why) => row.failure = Some(why),
        }
        Ok(row.with(Who::Model {
            name: a.model.clone(),
        }))
    }
}

/// An [`ItemRow`] before its `who` is known.
struct PartialRow {
    question: String,
    format: Option<Format>,
    status: RowStatus,
    answer: Option<[f64; 3]>,
    truth: [f64; 3],
    score: Option<ItemScore>,
    failure: Option<String>,
    answered_s: Option<f64>,
    hidden_s: Option<f64>,
    edits: Option<u64>,
    sample: Option<u32>,
    coverage: Option<[bool; 3]>,
    program: Option<String>,
    detail: Option<ItemDetail>,
    check_passed: Option<bool>,
    note: Option<String>,
}

impl PartialRow {
    fn with(self, who: Who) -> ItemRow {
        ItemRow {
            who,
            question: self.question,
            format: self.format,
            status: self.status,
            answer: self.answer,
            truth: self.truth,
            score: self.score,
            failure: self.failure,
            answered_s: self.answered_s,
            hidden_s: self.hidden_s,
            edits: self.edits,
            sample: self.sample,
            coverage: self.coverage,
            program: self.program,
            detail: self.detail,
            check_passed: self.check_passed,
            note: self.note,
            excluded: None,
        }
    }
}

/// The ids seen so far, in input order: a repeated submission, participant or (model, question) is a problem
/// (the first one stands).
#[derive(Default)]
pub struct Seen {
    submissions: HashSet<String>,
    participants: HashSet<String>,
    answers: HashSet<(String, String, Option<u32>)>,
}

impl Seen {
    pub fn record(&mut self, r: &Record) -> Vec<Problem> {
        let mut problems = Vec::new();
        let problem = |message: String| Problem {
            participant: Some(r.participant.id.clone()),
            item: None,
            message,
        };
        if !self.submissions.insert(r.submission_id.clone()) {
            problems.push(problem(format!(
                "duplicate submission_id {}: an earlier record has it",
                r.submission_id
            )));
        }
        if !self.participants.insert(r.participant.id.clone()) {
            problems.push(problem(
                "duplicate participant: an earlier record is from the same participant".into(),
            ));
        }
        problems
    }

    pub fn answer(&mut self, a: &ModelAnswer) -> Option<Problem> {
        let key = (a.model.clone(), a.question.clone(), a.sample);
        (!self.answers.insert(key)).then(|| Problem {
            participant: Some(a.model.clone()),
            item: Some(a.question.clone()),
            message: "duplicate: this model already answered this question (with this `sample`)"
                .into(),
        })
    }
}
