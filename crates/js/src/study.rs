//! The study core for pages that are not study mode (the jsPsych plugin): a participant's plan of a study file
//! (order, arm, each item's formats, samples and per-item seed), an item session (the answer, its clock, the item
//! record it becomes — `fermi_study`'s own) and the response record built from a timeline's data. Seeds above 2⁵³
//! cannot be JavaScript numbers: they cross as `BigInt`s into the page and as decimal strings in data meant for
//! JSON, and records leave as JSON text.

use fermi_answer::{Answer, Now};
use fermi_study::{AppInfo, ItemRecord, ItemSpec, Open, Participant, Record, Study};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::{JsDiagnostic, fail, fail_with, to_js};

/// The largest integer a JavaScript number holds exactly.
const MAX_SAFE: u64 = (1 << 53) - 1;

/// A seed as a JavaScript value: a number when exact, else a `BigInt`.
fn seed_to_js(seed: u64) -> JsValue {
    if seed <= MAX_SAFE {
        JsValue::from_f64(seed as f64)
    } else {
        js_sys::BigInt::from(seed).into()
    }
}

/// A seed in data meant for JSON: a number when exact, else its decimal string.
fn seed_to_json(seed: u64) -> serde_json::Value {
    if seed <= MAX_SAFE {
        seed.into()
    } else {
        seed.to_string().into()
    }
}

fn parse(study_toml: &str) -> Result<Study, JsValue> {
    fermi_study::parse_study(study_toml).map_err(|diagnostics| {
        fail(
            diagnostics
                .iter()
                .map(|d| JsDiagnostic::new(d, Some(study_toml)))
                .collect(),
        )
    })
}

fn from<T: for<'de> Deserialize<'de>>(value: JsValue, what: &str) -> Result<T, JsValue> {
    serde_wasm_bindgen::from_value(value).map_err(|e| fail_with(format!("{what}: {e}")))
}

#[derive(Serialize)]
struct Plan<'s> {
    id: &'s str,
    version: u32,
    sha256: String,
    arm: Option<&'s str>,
    arm_text: Option<&'s str>,
    order: Vec<String>,
}

/// A participant's plan of a study file (its TOML text): the study's id, version and SHA-256, the participant's
/// arm and order, and `items`, one `{question, formats, samples, seed, time_limit_s}` per scored item in that
/// order — the plugin's parameters, with the study's per-item seed. An invalid study throws every problem.
#[wasm_bindgen(js_name = studyPlan, unchecked_return_type = "StudyPlan")]
pub fn study_plan(study_toml: &str, participant: &str) -> Result<JsValue, JsValue> {
    let study = parse(study_toml)?;
    let arm = study.arm_for(participant);
    let plan = to_js(&Plan {
        id: &study.id,
        version: study.version,
        sha256: fermi_study::sha256_hex(study_toml.as_bytes()),
        arm: arm.map(|a| a.id.as_str()),
        arm_text: arm.map(|a| a.text.as_str()),
        order: study.order_for(participant),
    })?;
    let items = js_sys::Array::new();
    for question in study.order_for(participant) {
        let spec = study.item_spec(participant, arm.map(|a| a.id.as_str()), &question);
        let item = to_js(&Item {
            question: &question,
            formats: &spec.formats,
            samples: spec.samples,
            time_limit_s: spec.time_limit_s,
        })?;
        let _ = js_sys::Reflect::set(&item, &"seed".into(), &seed_to_js(spec.seed));
        items.push(&item);
    }
    let _ = js_sys::Reflect::set(&plan, &"items".into(), &items);
    Ok(plan)
}

/// A plan's item; its seed is set apart (a `BigInt` above 2⁵³).
#[derive(Serialize)]
struct Item<'a> {
    question: &'a str,
    formats: &'a [fermi_study::Format],
    samples: usize,
    time_limit_s: u32,
}

/// One item on screen outside study mode: the question, the participant's answer and its clock, run and recorded
/// by the study core. Moments are `{wall_ms: Date.now(), mono_ms: performance.now(), visible: !document.hidden}`.
#[wasm_bindgen]
pub struct ItemSession {
    open: Open,
    spec: ItemSpec,
}

#[wasm_bindgen]
impl ItemSession {
    /// `question` (`PACK/ID`, or `null`) shown at `now`, run with `spec` (`{formats, samples, seed,
    /// time_limit_s}`: a plan's item, or the trial's own); the answer starts empty in the first format.
    #[wasm_bindgen(constructor)]
    pub fn new(
        question: Option<String>,
        #[wasm_bindgen(unchecked_param_type = "ItemSpec")] spec: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Now")] now: JsValue,
    ) -> Result<ItemSession, JsValue> {
        let spec: ItemSpec = from(spec, "spec")?;
        let Some(&first) = spec.formats.first() else {
            return Err(fail_with(
                "spec: formats must name quick, squiggle or fermi",
            ));
        };
        let now: Now = from(now, "now")?;
        Ok(ItemSession {
            open: Open::new(&question.unwrap_or_default(), first, now),
            spec,
        })
    }

    /// The answer changed: `{way: 'quick', low, high}` or `{way: 'program', dialect, source}`.
    pub fn edit(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "AnswerInput")] answer: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Now")] now: JsValue,
    ) -> Result<(), JsValue> {
        let answer: Answer = from(answer, "answer")?;
        self.open.edit(answer, from(now, "now")?);
        Ok(())
    }

    /// Brings the clock up to `now` (a visibility change, a timer).
    pub fn tick(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Now")] now: JsValue,
    ) -> Result<(), JsValue> {
        self.open.clock.tick(from(now, "now")?);
        Ok(())
    }

    /// A run of `program` finished, with errors or not (each program text counts once).
    pub fn ran(&mut self, program: &str, errors: bool) {
        self.open.clock.ran(program, errors);
    }

    /// The program the answer runs as, `{dialect, source}`; throws why the answer is not ready yet, in words.
    #[wasm_bindgen(unchecked_return_type = "{ dialect: Dialect; source: string }")]
    pub fn program(&self) -> Result<JsValue, JsValue> {
        let program = self
            .open
            .answer
            .program()
            .map_err(|why| fail_with(why.message()))?;
        to_js(&program)
    }

    /// The countdown's words and whether the item is over its time, `[text, over]`; `null` without a limit.
    pub fn countdown(&self) -> Result<JsValue, JsValue> {
        to_js(&self.open.clock.countdown(self.spec.time_limit_s))
    }

    /// The item's data at `now`, answered: the item fields of a study response record (`position` is the
    /// record's to give). Throws why the answer cannot be recorded yet.
    #[wasm_bindgen(unchecked_return_type = "FermiEstimateData")]
    pub fn finish(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Now")] now: JsValue,
    ) -> Result<JsValue, JsValue> {
        let record = self
            .open
            .record(
                &self.spec,
                0,
                fermi_study::ItemStatus::Answered,
                None,
                None,
                from(now, "now")?,
            )
            .map_err(fail_with)?;
        let mut value = serde_json::to_value(&record).map_err(fail_with)?;
        if let Some(fields) = value.as_object_mut() {
            fields.remove("position");
            fields.insert("seed".into(), seed_to_json(record.seed));
            if record.question.is_empty() {
                fields.insert("question".into(), serde_json::Value::Null);
            }
        }
        to_js(&value)
    }
}

/// Who answered and when, for [`study_record`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordMeta {
    participant: ParticipantIn,
    submission_id: String,
    started_at: String,
    finished_at: String,
    #[serde(default)]
    user_agent: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ParticipantIn {
    id: String,
    #[serde(default = "typed")]
    source: String,
    #[serde(default)]
    params: std::collections::BTreeMap<String, String>,
}

fn typed() -> String {
    "typed".into()
}

/// The trial fields jsPsych adds, which a record's item does not carry.
const JSPSYCH_FIELDS: [&str; 5] = [
    "trial_type",
    "trial_index",
    "time_elapsed",
    "internal_node_id",
    "rt",
];

/// A study response record (`docs/study-format.md`) as JSON text, ready for `fermi-playground study score`: the
/// study file's TOML text, `{participant: {id, source?, params?}, submission_id, started_at, finished_at,
/// user_agent?}`, and a jsPsych timeline's data (`jsPsych.data.get().values()`), of which the `fermi-estimate`
/// trials become the items, numbered by the participant's order.
#[wasm_bindgen(js_name = studyRecord)]
pub fn study_record(
    study_toml: &str,
    #[wasm_bindgen(unchecked_param_type = "StudyRecordMeta")] meta: JsValue,
    #[wasm_bindgen(unchecked_param_type = "object[]")] data: JsValue,
) -> Result<String, JsValue> {
    let study = parse(study_toml)?;
    let meta: RecordMeta = from(meta, "meta")?;
    let trials: Vec<serde_json::Value> = from(data, "data")?;
    let mut items = Vec::new();
    for (k, mut trial) in trials.into_iter().enumerate() {
        let Some(fields) = trial.as_object_mut() else {
            return Err(fail_with(format!("data[{k}] is not an object")));
        };
        if fields.get("trial_type").and_then(|t| t.as_str()) != Some("fermi-estimate") {
            continue;
        }
        for key in JSPSYCH_FIELDS {
            fields.remove(key);
        }
        fields.insert("position".into(), 0.into());
        let seed = match fields.get("seed") {
            Some(serde_json::Value::String(s)) => s.parse::<u64>().ok(),
            Some(n) => n.as_u64(),
            None => None,
        };
        let Some(seed) = seed else {
            return Err(fail_with(format!(
                "data[{k}]: seed must be a whole number, or its decimal string"
            )));
        };
        fields.insert("seed".into(), seed.into());
        let item: ItemRecord = serde_json::from_value(trial)
            .map_err(|e| fail_with(format!("data[{k}]: not a fermi-estimate trial's data: {e}")))?;
        items.push(item);
    }
    let participant = Participant {
        id: meta.participant.id,
        source: meta.participant.source,
        params: meta.participant.params,
    };
    let record = Record::start(
        &study,
        &fermi_study::sha256_hex(study_toml.as_bytes()),
        participant,
        meta.submission_id,
        AppInfo {
            version: env!("CARGO_PKG_VERSION").into(),
            commit: None,
        },
        &meta.user_agent,
        meta.started_at,
    )
    .with_items(items, meta.finished_at);
    serde_json::to_string_pretty(&record).map_err(fail_with)
}
