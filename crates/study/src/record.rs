//! The response record (one JSON object per participant attempt) and a language model's answer, as serde types.
//! Unknown fields are accepted (records may grow); every field of the spec's shape must be present, `null` where
//! it may be empty.

use std::collections::BTreeMap;

use fermi_bank::Pack;
use fermi_score::{LogSamples, Summary};
use serde::{Deserialize, Deserializer, Serialize};

use crate::arms::Assignment;
use crate::file::{Format, Study};

/// The record's `schema`.
pub const SCHEMA: &str = "fermi-playground/study-response/1";
/// Largest record (one `.json` file or one `.jsonl` line) read, in bytes.
pub const MAX_RECORD_BYTES: usize = 8 << 20;

/// A field that must be present but may be `null` (serde would otherwise take a missing `Option` as `None`).
fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    Option::deserialize(d)
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub schema: String,
    /// Fixed for one participant's attempt: the receiver's idempotency key.
    pub submission_id: String,
    pub app: AppInfo,
    pub study: StudyRef,
    pub participant: Participant,
    #[serde(deserialize_with = "nullable")]
    pub arm: Option<String>,
    /// The scored items' question ids in the order shown.
    pub order: Vec<String>,
    pub status: RecordStatus,
    pub started_at: String,
    #[serde(deserialize_with = "nullable")]
    pub finished_at: Option<String>,
    pub user_agent: String,
    pub items: Vec<ItemRecord>,
    // Added fields: absent from older records, which read them as empty.
    /// How the arm was chosen; `null`: by the hash of the id.
    #[serde(default)]
    pub assignment: Option<Assignment>,
    /// Every pack the study's questions come from, as the page had it.
    #[serde(default)]
    pub packs: Vec<PackRef>,
    /// The participant's screen, time zone and language.
    #[serde(default)]
    pub device: Option<Device>,
    /// Practice answers (unscored; never on the board).
    #[serde(default)]
    pub practice: Vec<ItemRecord>,
}

/// A pack as the participant's page had it: its id, version and content hash ([`crate::pack_sha256`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackRef {
    pub id: String,
    pub version: u32,
    pub sha256: String,
}

impl PackRef {
    /// The packs of `packs` that the study's items use, as a record names them (the page's and the scorer's).
    pub fn used<'a>(study: &Study, packs: impl IntoIterator<Item = &'a Pack>) -> Vec<PackRef> {
        PackRef::hashed(study, packs, crate::pack_sha256)
    }

    /// As [`PackRef::used`], each pack's content hashed by `sha256`.
    pub fn hashed<'a>(
        study: &Study,
        packs: impl IntoIterator<Item = &'a Pack>,
        sha256: fn(&Pack) -> String,
    ) -> Vec<PackRef> {
        let used = study.pack_ids();
        packs
            .into_iter()
            .filter(|p| used.contains(&p.info.id.as_str()))
            .map(|p| PackRef {
                id: p.info.id.clone(),
                version: p.info.version,
                sha256: sha256(p),
            })
            .collect()
    }
}

/// Facts about the participant's device, as the page read them (`null` where it could not).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Device {
    #[serde(default)]
    pub screen_width: Option<u32>,
    #[serde(default)]
    pub screen_height: Option<u32>,
    /// IANA time zone (`Europe/Paris`).
    #[serde(default)]
    pub time_zone: Option<String>,
    /// The browser's language (`en-GB`).
    #[serde(default)]
    pub language: Option<String>,
}

impl Record {
    /// A participant's record of `study` (its file's SHA-256 `sha256`) as it starts: their arm and order, no
    /// items yet, `partial`.
    pub fn start(
        study: &Study,
        sha256: &str,
        participant: Participant,
        submission_id: String,
        app: AppInfo,
        user_agent: &str,
        started_at: String,
    ) -> Record {
        Record {
            schema: SCHEMA.into(),
            submission_id,
            app,
            study: StudyRef {
                id: study.id.clone(),
                version: study.version,
                sha256: sha256.to_string(),
            },
            arm: study.arm_for(&participant.id).map(|a| a.id.clone()),
            order: study.order_for(&participant.id),
            participant,
            status: RecordStatus::Partial,
            started_at,
            finished_at: None,
            user_agent: user_agent.chars().take(1000).collect(),
            items: Vec::new(),
            assignment: None,
            packs: Vec::new(),
            device: None,
            practice: Vec::new(),
        }
    }

    /// The record of items answered outside study mode (a jsPsych plugin's trials, in the order shown): each
    /// numbered by its place in the participant's order (0 when it has none, which the scorer reports), and the
    /// record `complete`, finished at `finished_at`, once every item of the study is there.
    pub fn with_items(mut self, mut items: Vec<ItemRecord>, finished_at: String) -> Record {
        for item in &mut items {
            item.position = self
                .order
                .iter()
                .position(|q| *q == item.question)
                .map_or(0, |i| i as u32 + 1);
        }
        let complete = self
            .order
            .iter()
            .all(|q| items.iter().any(|i| i.question == *q));
        self.items = items;
        if complete {
            self.status = RecordStatus::Complete;
            self.finished_at = Some(finished_at);
        }
        self
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AppInfo {
    pub version: String,
    #[serde(deserialize_with = "nullable")]
    pub commit: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyRef {
    pub id: String,
    pub version: u32,
    /// Lowercase hex SHA-256 of the study file's bytes.
    pub sha256: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Participant {
    pub id: String,
    /// The URL parameter that gave the id, or `"typed"`.
    pub source: String,
    /// The study's `keep_params` found in the URL.
    pub params: BTreeMap<String, String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordStatus {
    Complete,
    Partial,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ItemStatus {
    Answered,
    Skipped,
}

/// One scored item as the participant left it. Times are milliseconds since the item was first shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemRecord {
    /// `PACK_ID/QUESTION_ID`.
    pub question: String,
    /// 1-based position in `order`.
    pub position: u32,
    pub status: ItemStatus,
    #[serde(deserialize_with = "nullable")]
    pub skip_reason: Option<String>,
    #[serde(deserialize_with = "nullable")]
    pub format: Option<Format>,
    /// The text as evaluated (for a quick answer, the Squiggle `to(low, high)` it became).
    #[serde(deserialize_with = "nullable")]
    pub program: Option<String>,
    /// A quick answer's bounds as typed.
    #[serde(deserialize_with = "nullable")]
    pub quick: Option<Quick>,
    pub samples: usize,
    /// Written as a decimal string (a JSON number above 2⁵³ is rounded by JavaScript and many other readers);
    /// read from a string or a number.
    #[serde(with = "seed_text")]
    pub seed: u64,
    #[serde(deserialize_with = "nullable")]
    pub summary: Option<ItemSummary>,
    pub shown_at: String,
    #[serde(deserialize_with = "nullable")]
    pub first_edit_ms: Option<u64>,
    #[serde(deserialize_with = "nullable")]
    pub answered_ms: Option<u64>,
    pub active_ms: u64,
    pub hidden_ms: u64,
    pub hidden_count: u64,
    pub edits: u64,
    pub error_runs: u64,
    pub over_time: bool,
    /// Paste events into the answer (added field; 0 in older records).
    #[serde(default)]
    pub pastes: u64,
}

/// A seed as a decimal string; read from a string or any JSON number. A number that lost digits on the way (a
/// JavaScript round trip) reads as the nearest u64, and the scorer recognises it ([`seed_was_rounded`]).
pub(crate) mod seed_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&seed.to_string())
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        Exact(u64),
        Float(f64),
        Text(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        match Written::deserialize(d)? {
            Written::Exact(n) => Ok(n),
            // Saturating: 2⁶⁴ − 1 written by JavaScript reads back as 18446744073709552000.
            Written::Float(x) if x >= 0.0 && x.fract() == 0.0 => Ok(x as u64),
            Written::Float(x) => Err(D::Error::custom(format!(
                "seed {x} is not a non-negative integer"
            ))),
            Written::Text(t) => t
                .trim()
                .parse()
                .map_err(|_| D::Error::custom(format!("seed `{t}` is not a non-negative integer"))),
        }
    }
}

/// A recorded seed that differs from the study's only as a JSON number read as a double would (the digits past
/// 2⁵³ lost on the way): the study's seed is meant.
pub fn seed_was_rounded(recorded: u64, expected: u64) -> bool {
    recorded != expected && recorded as f64 == expected as f64
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Quick {
    pub low: String,
    pub high: String,
}

/// What the participant saw of their distribution: the scorer's view of the samples (type-7 quantiles of the ln
/// values, back in the question's unit; mean and sd of the ln values, ddof 0).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemSummary {
    pub p5: f64,
    pub p50: f64,
    pub p95: f64,
    pub mean_ln: f64,
    pub sd_ln: f64,
}

/// The same numbers as the scorer's log-axis [`Summary`] (a worker's run hands that over), quantiles back in the
/// question's unit.
impl From<&Summary> for ItemSummary {
    fn from(s: &Summary) -> ItemSummary {
        ItemSummary {
            p5: libm::exp(s.p5),
            p50: libm::exp(s.median),
            p95: libm::exp(s.p95),
            mean_ln: s.mean,
            sd_ln: s.sd,
        }
    }
}

/// Relative difference beyond which a recorded summary number does not belong to its program (the numbers are
/// written by serde and read back exactly; the slack only forgives another tool's rewriting).
pub const SUMMARY_TOLERANCE: f64 = 1e-9;

impl ItemSummary {
    pub fn of(x: &LogSamples) -> ItemSummary {
        ItemSummary::from(&Summary::of_samples(x))
    }

    /// The summary of linear-space samples; `None` when one is ≤ 0 or not finite (such samples are not scored).
    pub fn of_values(samples: &[f64]) -> Option<ItemSummary> {
        LogSamples::new(samples).ok().map(|x| ItemSummary::of(&x))
    }

    /// The fields that differ from `other` by more than [`SUMMARY_TOLERANCE`], by name.
    pub fn differences(&self, other: &ItemSummary) -> Vec<&'static str> {
        let close = |a: f64, b: f64| (a - b).abs() <= SUMMARY_TOLERANCE * a.abs().max(b.abs());
        [
            ("p5", self.p5, other.p5),
            ("p50", self.p50, other.p50),
            ("p95", self.p95, other.p95),
            ("mean_ln", self.mean_ln, other.mean_ln),
            ("sd_ln", self.sd_ln, other.sd_ln),
        ]
        .into_iter()
        .filter(|&(_, a, b)| !close(a, b))
        .map(|(name, _, _)| name)
        .collect()
    }
}

/// One language model's answer to one question (a line of a `--llm` runs file): a program, a quick answer
/// (`format` `quick` with `quick` bounds), or a failure record (`failure`: why the model's output gave no answer),
/// which is scored as a failure. `sample` tells several answers of one model to one question apart; any other
/// field (temperature, run id, raw output…) is kept in `metadata` and not interpreted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelAnswer {
    pub model: String,
    pub question: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<Format>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quick: Option<Quick>,
    #[serde(
        default,
        with = "optional_seed",
        skip_serializing_if = "Option::is_none"
    )]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    #[serde(flatten)]
    pub metadata: BTreeMap<String, serde_json::Value>,
}

/// A model answer's optional seed, as a string or a number.
mod optional_seed {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(seed: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        seed.map(|x| x.to_string()).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        #[derive(Deserialize)]
        struct Seed(#[serde(with = "super::seed_text")] u64);
        Ok(Option::<Seed>::deserialize(d)?.map(|s| s.0))
    }
}

/// Parses JSON text (a `.json` file or one `.jsonl` line) into `T`; the error names the line and column.
pub fn parse_json<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, String> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(format!("over {} MiB", MAX_RECORD_BYTES >> 20));
    }
    serde_json::from_str(text).map_err(|e| {
        let what = match e.classify() {
            serde_json::error::Category::Eof => "JSON ends early (a truncated record?)",
            serde_json::error::Category::Syntax => "not valid JSON",
            serde_json::error::Category::Data => "not the expected shape",
            serde_json::error::Category::Io => "unreadable",
        };
        format!("{what}: {e}")
    })
}
