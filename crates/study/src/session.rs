//! One participant's attempt as a state machine: instructions → practice → scored items → done, the item in
//! progress (its answer and its clock), and the response record it builds. The page hands in every timestamp as
//! plain numbers ([`Now`]) and every entropy draw as numbers ([`uuid_v4`]): the core reads no clock.

use fermi_answer::{Answer, Now};
use fermi_bank::{FittedTruth, Pack, fit_truth};
use fermi_bank::{UnitScale, unit_words};
use fermi_score::{LogTruth, assess};
use serde::{Deserialize, Serialize};

use crate::arms::{Assignment, Conditions};
use crate::file::{Format, Reveal, Study};
use crate::item::{ItemSpec, Open, Ran, Step};
use crate::record::{AppInfo, ItemRecord, ItemStatus, Participant, Record, RecordStatus};

/// The version of a saved [`Session`] (local storage); another version is not resumed.
pub const SESSION_VERSION: u32 = 2;
/// Longest skip reason kept, in characters.
pub const MAX_REASON_CHARS: usize = 2000;
/// Longest participant id accepted (the scorer refuses longer ones), in bytes.
pub const MAX_ID_BYTES: usize = 200;

/// Where the participant is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    Instructions,
    /// A practice item; `revealed` once its truth is shown.
    Practice {
        index: usize,
        revealed: bool,
    },
    /// A scored item, by its place in the participant's order.
    Item {
        index: usize,
    },
    Done,
}

/// A participant's attempt: the record so far, where they are, the item on screen, and whether the researcher's
/// server has the record. Saved whole to local storage at every change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub version: u32,
    pub record: Record,
    pub stage: Stage,
    pub open: Option<Open>,
    /// The researcher's server answered a 2xx to this record as it now stands.
    pub sent: bool,
    /// When the attempt started (ms since 1970); absent in sessions saved by older versions.
    #[serde(default)]
    pub started_wall_ms: Option<f64>,
}

/// A UUID v4 from entropy draws (each below 10⁹, as `playground::fresh_entropy` gives them): five draws hold
/// about 149 bits, folded into 128, of which the version and variant fix 6.
pub fn uuid_v4(draws: [u64; 5]) -> String {
    let mut x: u128 = 0;
    for d in draws {
        x = x.wrapping_mul(1_000_000_000).wrapping_add(u128::from(d));
    }
    x = (x & !(0xf << 76)) | (0x4 << 76);
    x = (x & !(0x3 << 62)) | (0x2 << 62);
    let h = format!("{x:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// An RFC 3339 UTC stamp (`2026-11-30T10:00:00.123Z`) of milliseconds since 1970.
pub fn rfc3339(ms: f64) -> String {
    let ms = if ms.is_finite() {
        ms.max(0.0) as i64
    } else {
        0
    };
    let (days, in_day) = (ms.div_euclid(86_400_000), ms.rem_euclid(86_400_000));
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        in_day / 3_600_000,
        in_day / 60_000 % 60,
        in_day / 1000 % 60,
        in_day % 1000
    )
}

/// The local-storage key of a participant's attempt at a study.
pub fn storage_key(study: &str, participant: &str) -> String {
    format!("fermi-study/{study}/{participant}")
}

/// Checks a typed participant id: `Err` says what to change.
pub fn check_participant_id(id: &str) -> Result<&str, String> {
    let id = id.trim();
    if id.is_empty() {
        Err("Type your participant id to continue.".into())
    } else if id.len() > MAX_ID_BYTES || id.chars().any(char::is_control) {
        Err(format!(
            "A participant id has at most {MAX_ID_BYTES} characters, on one line."
        ))
    } else {
        Ok(id)
    }
}

/// The participant id from the URL's parameters: the first of the study's `participant_params` present (and
/// valid) wins, as `Participant` with the `keep_params` found; `None` means the participant types an id.
pub fn participant_from_params(study: &Study, params: &[(String, String)]) -> Option<Participant> {
    let (source, id) = study.participant_params.iter().find_map(|p| {
        let id = check_participant_id(crate::link::param(params, p)?).ok()?;
        Some((p.clone(), id.to_string()))
    })?;
    Some(Participant {
        id,
        source,
        params: kept_params(study, params),
    })
}

/// The study's `keep_params` found in the URL (at most 1,000 characters each).
pub fn kept_params(
    study: &Study,
    params: &[(String, String)],
) -> std::collections::BTreeMap<String, String> {
    study
        .keep_params
        .iter()
        .filter_map(|k| {
            let v = crate::link::param(params, k)?;
            Some((k.clone(), v.chars().take(1000).collect()))
        })
        .collect()
}

impl Session {
    /// A new attempt, at the instructions. `sha256` is the study file's.
    pub fn new(
        study: &Study,
        sha256: &str,
        participant: Participant,
        submission_id: String,
        app: AppInfo,
        user_agent: String,
        now: Now,
    ) -> Session {
        let record = Record::start(
            study,
            sha256,
            participant,
            submission_id,
            app,
            &user_agent,
            rfc3339(now.wall_ms),
        );
        Session {
            version: SESSION_VERSION,
            record,
            stage: Stage::Instructions,
            open: None,
            sent: false,
            started_wall_ms: Some(now.wall_ms),
        }
    }

    /// Assigns the arm by a shared counter (balanced blocks, see [`Study::arm_in_block`]) instead of the hash.
    pub fn assign_block(&mut self, study: &Study, counter: u64) {
        self.record.assignment = Some(Assignment::Block { counter });
        self.record.arm = study.arm_in_block(counter).map(|a| a.id.clone());
    }

    /// Why a saved attempt is too old to resume under the study's `resume_within_h`, if it is.
    pub fn expired(&self, study: &Study, now_wall_ms: f64) -> Option<String> {
        let hours = study.resume_within_h?;
        let started = self.started_wall_ms?;
        (now_wall_ms - started > f64::from(hours) * 3_600_000.0).then(|| {
            format!("the answers saved in this browser were started over {hours} hours ago, longer than this study keeps an attempt open")
        })
    }

    /// The participant's conditions (the study's, with their arm's changes).
    pub fn conditions(&self, study: &Study) -> Conditions {
        study.conditions(self.record.arm.as_deref())
    }

    /// A paste into the answer of the item on screen.
    pub fn paste(&mut self) {
        if let Some(open) = &mut self.open {
            open.clock.pastes += 1;
        }
    }

    /// Reads a saved session of this study file; `Err` says why it cannot be resumed.
    pub fn from_json(text: &str, study: &Study, sha256: &str) -> Result<Session, String> {
        let session: Session = serde_json::from_str(text)
            .map_err(|e| format!("the answers saved in this browser are unreadable ({e})"))?;
        if session.version != SESSION_VERSION {
            return Err(format!(
                "the answers saved in this browser are from another version of the app (format {})",
                session.version
            ));
        }
        let r = &session.record.study;
        if r.id != study.id || r.version != study.version || r.sha256 != sha256 {
            return Err(
                "the study file changed since you started: your earlier answers belong to the old file".into(),
            );
        }
        Ok(session)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The record as it stands, pretty-printed (the download and the upload).
    pub fn record_json(&self) -> String {
        serde_json::to_string_pretty(&self.record).unwrap_or_default()
    }

    /// The download's file name: `STUDY-PARTICIPANT.json`, the id kept to letters, digits, `-` and `_`.
    pub fn file_name(&self) -> String {
        let id: String = self
            .record
            .participant
            .id
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .take(64)
            .collect();
        format!("{}-{id}.json", self.record.study.id)
    }

    /// The arm's text, shown with the instructions.
    pub fn arm_text<'s>(&self, study: &'s Study) -> Option<&'s str> {
        let arm = self.record.arm.as_deref()?;
        study
            .arms
            .iter()
            .find(|a| a.id == arm)
            .map(|a| a.text.as_str())
    }

    /// "Practice" on a practice item, "k of n" on a scored one.
    pub fn position(&self) -> Option<String> {
        match self.stage {
            Stage::Practice { .. } => Some("Practice".into()),
            Stage::Item { index } => Some(format!("{} of {}", index + 1, self.record.order.len())),
            Stage::Instructions | Stage::Done => None,
        }
    }

    /// What the button that moves on says: reveal a practice item's answer, go on, or finish on the last item.
    pub fn next_label(&self) -> &'static str {
        match self.stage {
            Stage::Practice {
                revealed: false, ..
            } => "Show the answer",
            Stage::Practice { .. } => "Next",
            Stage::Item { index } if index + 1 == self.record.order.len() => "Finish",
            _ => "Next question",
        }
    }

    /// The seed of the item on screen.
    pub fn seed(&self, study: &Study) -> Option<u64> {
        let open = self.open.as_ref()?;
        Some(study.item_seed(&self.record.participant.id, &open.question))
    }

    /// How the item on screen is run and timed.
    pub fn spec(&self, study: &Study) -> Option<ItemSpec> {
        let open = self.open.as_ref()?;
        Some(study.item_spec(
            &self.record.participant.id,
            self.record.arm.as_deref(),
            &open.question,
        ))
    }

    /// Brings the clock of the item on screen up to `now` (called on every event, and each second).
    pub fn tick(&mut self, now: Now) {
        if let Some(open) = &mut self.open {
            open.clock.tick(now);
        }
    }

    /// The countdown's words, with whether the item is over its time; `None` without a time limit (and on a
    /// practice item).
    pub fn timer(&self, study: &Study) -> Option<(String, bool)> {
        let open = self.open.as_ref()?;
        if matches!(self.stage, Stage::Practice { .. }) {
            return None;
        }
        open.clock.countdown(self.conditions(study).time_limit_s)
    }

    /// The editor changed: the answer as it now stands.
    pub fn edit(&mut self, answer: Answer, now: Now) {
        if let Some(open) = &mut self.open {
            open.edit(answer, now);
        }
    }

    /// A run of `program` finished; `errors` if it had any (each program text counts once).
    pub fn ran(&mut self, program: &str, errors: bool) {
        if let Some(open) = &mut self.open {
            open.clock.ran(program, errors);
        }
    }

    /// `study-next`: instructions → the first item; a practice item reveals its truth, then moves on; a scored
    /// item is answered and the next one shown. `ran` is the page's run of the answer, when it has one (see
    /// [`Ran`]). `Err` says what the participant must do first.
    pub fn next(&mut self, study: &Study, ran: Option<&Ran>, now: Now) -> Result<(), String> {
        self.tick(now);
        match self.stage {
            Stage::Instructions => self.show(study, 0, now),
            Stage::Practice {
                index,
                revealed: false,
            } => {
                let item = self.item_record(study, ItemStatus::Answered, None, ran, now)?;
                self.record.practice.push(item);
                self.sent = false;
                self.stage = Stage::Practice {
                    index,
                    revealed: true,
                };
            }
            Stage::Practice {
                index,
                revealed: true,
            } => self.show(study, index + 1, now),
            Stage::Item { index } => {
                let item = self.item_record(study, ItemStatus::Answered, None, ran, now)?;
                self.record.items.push(item);
                self.sent = false;
                self.show(study, study.practice.len() + index + 1, now);
            }
            Stage::Done => {}
        }
        Ok(())
    }

    /// `study-skip` confirmed with a reason: the scored item is recorded as it stood, and the next one shown.
    pub fn skip(
        &mut self,
        study: &Study,
        reason: &str,
        ran: Option<&Ran>,
        now: Now,
    ) -> Result<(), String> {
        self.tick(now);
        let Stage::Item { index } = self.stage else {
            return Err("Only a scored item can be skipped.".into());
        };
        if !study.allow_skip {
            return Err("This study does not allow skipping.".into());
        }
        let reason = reason.trim();
        if reason.is_empty() {
            return Err("Say why you skip this question to continue.".into());
        }
        let reason: String = reason.chars().take(MAX_REASON_CHARS).collect();
        let item = self.item_record(study, ItemStatus::Skipped, Some(reason), ran, now)?;
        self.record.items.push(item);
        self.sent = false;
        self.show(study, study.practice.len() + index + 1, now);
        Ok(())
    }

    /// Takes `step` ([`Session::next`] or [`Session::skip`]); `Ok(true)` when another question (or none) is now
    /// open, whose answer the page puts on screen.
    pub fn step(
        &mut self,
        study: &Study,
        step: &Step,
        ran: Option<&Ran>,
        now: Now,
    ) -> Result<bool, String> {
        let before = self.open.as_ref().map(|o| o.question.clone());
        match step {
            Step::Next => self.next(study, ran, now),
            Step::Skip(reason) => self.skip(study, reason, ran, now),
        }?;
        Ok(self.open.as_ref().map(|o| &o.question) != before.as_ref())
    }

    /// The practice question whose truth is on screen (once revealed); a scored item never shows its truth.
    pub fn revealed<'p>(&self, packs: &'p [Pack]) -> Option<&'p fermi_bank::Question> {
        if !matches!(self.stage, Stage::Practice { revealed: true, .. }) {
            return None;
        }
        crate::question(packs, &self.open.as_ref()?.question)
    }

    /// The item on screen's answer and seed, for the page's editor.
    pub fn draft(&self, study: &Study) -> Option<(Answer, Option<u64>)> {
        let open = self.open.as_ref()?;
        Some((open.answer.clone(), self.seed(study)))
    }

    /// The participant stops early: the record stays `partial` with the items answered so far (the item on screen
    /// is dropped), and the end screen sends it.
    pub fn stop(&mut self, now: Now) {
        if self.stage == Stage::Done {
            return;
        }
        self.tick(now);
        self.stage = Stage::Done;
        self.open = None;
        self.sent = false;
    }

    /// Shows step `k` of practice items then scored items, or ends the study.
    fn show(&mut self, study: &Study, k: usize, now: Now) {
        let format = self
            .conditions(study)
            .formats
            .first()
            .copied()
            .unwrap_or(Format::Quick);
        let practice = study.practice.len();
        let (stage, question) = if k < practice {
            (
                Stage::Practice {
                    index: k,
                    revealed: false,
                },
                study.practice[k].question.clone(),
            )
        } else if let Some(q) = self.record.order.get(k - practice) {
            (
                Stage::Item {
                    index: k - practice,
                },
                q.clone(),
            )
        } else {
            self.stage = Stage::Done;
            self.open = None;
            self.record.status = RecordStatus::Complete;
            self.record.finished_at = Some(rfc3339(now.wall_ms));
            self.sent = false;
            return;
        };
        self.stage = stage;
        self.open = Some(Open::new(&question, format, now));
    }

    fn item_record(
        &self,
        study: &Study,
        status: ItemStatus,
        skip_reason: Option<String>,
        ran: Option<&Ran>,
        now: Now,
    ) -> Result<ItemRecord, String> {
        let (Stage::Item { index } | Stage::Practice { index, .. }) = self.stage else {
            return Err("No question is open.".into());
        };
        let open = self.open.as_ref().ok_or("No question is open.")?;
        let spec = self.spec(study).ok_or("No question is open.")?;
        open.record(&spec, index as u32 + 1, status, skip_reason, ran, now)
    }
}

/// One line of the debrief: the question, the truth, the answer, its score and one line of feedback.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DebriefRow {
    pub question: String,
    pub text: String,
    pub truth: String,
    pub answer: String,
    pub score: String,
    pub feedback: String,
}

/// A distribution in words, numbers in the unit's scale: `median 12 thousand (5% 9 thousand, 95% 15 thousand) km`,
/// `median 19% (5% 15%, 95% 25%) of smartphone shipments`, or one value.
fn spread_words(p5: f64, p50: f64, p95: f64, unit: &str) -> String {
    let (scale, words) = (UnitScale::of(unit), unit_words(unit));
    let text = if p5 == p95 {
        format!("{} {words}", scale.format(p50))
    } else {
        format!(
            "median {} (5% {}, 95% {}) {words}",
            scale.format(p50),
            scale.format(p5),
            scale.format(p95)
        )
    };
    text.trim_end().to_string()
}

fn fitted_words(t: &FittedTruth, unit: &str) -> String {
    spread_words(t.p5(), t.median(), t.p95(), unit)
}

/// The truth of a question in words (as [`fitted_words`]), or why it cannot be had.
pub fn truth_words(question: &fermi_bank::Question) -> String {
    match fit_truth(question) {
        Ok(t) => fitted_words(&t, &question.unit),
        Err(p) => format!("not available ({})", p.diagnostic.message),
    }
}

/// The debrief of a finished record (`reveal = "end"`): every scored item with its truth, the answer's score and
/// the first line of the core's feedback. Empty for `reveal = "never"`.
pub fn debrief(study: &Study, packs: &[Pack], record: &Record) -> Vec<DebriefRow> {
    if study.reveal != Reveal::End {
        return Vec::new();
    }
    record
        .items
        .iter()
        .filter_map(|item| {
            let question = crate::question(packs, &item.question)?;
            let fitted = fit_truth(question).ok();
            let mut row = DebriefRow {
                question: item.question.clone(),
                text: question.text.clone(),
                truth: fitted.as_ref().map_or_else(
                    || truth_words(question),
                    |t| fitted_words(t, &question.unit),
                ),
                answer: "skipped".into(),
                score: "–".into(),
                feedback: item
                    .skip_reason
                    .as_ref()
                    .map(|r| format!("You skipped it: {r}"))
                    .unwrap_or_default(),
            };
            if item.status == ItemStatus::Answered {
                let truth = fitted.and_then(|t| LogTruth::new(&t.to_truth()).ok());
                let samples = match (item.format, &item.program) {
                    (Some(f), Some(p)) => study.run(f, p, item.seed).ok(),
                    _ => None,
                };
                if let Some(s) = &item.summary {
                    row.answer = spread_words(s.p5, s.p50, s.p95, &question.unit);
                }
                if let (Some(samples), Some(truth)) = (samples, truth) {
                    let a = assess(&samples, &truth);
                    row.score = a.verdicts.score.clone();
                    row.feedback = a.feedback.into_iter().next().unwrap_or_default();
                }
            }
            Some(row)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_rfc3339_utc() {
        for (ms, text) in [
            (0.0, "1970-01-01T00:00:00.000Z"),
            (951_782_400_000.0, "2000-02-29T00:00:00.000Z"),
            (1_795_000_000_123.0, "2026-11-18T11:06:40.123Z"),
            (-5.0, "1970-01-01T00:00:00.000Z"),
            (f64::NAN, "1970-01-01T00:00:00.000Z"),
        ] {
            assert_eq!(rfc3339(ms), text, "{ms}");
        }
    }

    #[test]
    fn a_uuid_is_version_4_and_varies_with_every_draw() {
        let a = uuid_v4([1, 2, 3, 4, 5]);
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "4");
        assert!("89ab".contains(&a[19..20]), "{a}");
        for i in 0..5 {
            let mut d = [1, 2, 3, 4, 5];
            d[i] += 1;
            assert_ne!(uuid_v4(d), a, "draw {i}");
        }
    }
}
