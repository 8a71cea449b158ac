//! The JavaScript API (docs/embedding.md): the core's results as plain JavaScript values. Conversion only: every
//! number comes from the core crates, so the API, the app and the CLI give the same numbers for the same input.
//! Mistakes in the input are thrown as JavaScript `Error`s carrying a `diagnostics` list, never a panic.

use fermi_bank::{FittedTruth, Pack, Problem, Question, TruthSpec};
use fermi_eval::{DEFAULT_SAMPLES, DEFAULT_SEED, Options};
use fermi_score::{LogSamples, LogTruth, Truth};
use fermi_study::ItemSummary;
use fermi_syntax::{Diagnostic, Dialect, LineIndex, Severity};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

mod study;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

/// The file name pack problems are reported under.
const PACK_FILE: &str = "pack.toml";

/// `{dialect, samples, seed}`, each optional.
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
struct EvalOptions {
    dialect: Dialect,
    samples: usize,
    seed: u64,
}

impl Default for EvalOptions {
    fn default() -> EvalOptions {
        EvalOptions {
            dialect: Dialect::Squiggle,
            samples: DEFAULT_SAMPLES,
            seed: DEFAULT_SEED,
        }
    }
}

/// A diagnostic placed by line and column (1-based, columns in characters); no place is `null`.
#[derive(Serialize)]
struct JsDiagnostic {
    line: Option<u32>,
    col: Option<u32>,
    end_line: Option<u32>,
    end_col: Option<u32>,
    severity: Severity,
    message: String,
    hint: Option<String>,
}

impl JsDiagnostic {
    fn new(d: &Diagnostic, source: Option<&str>) -> JsDiagnostic {
        let index = source.map(LineIndex::new);
        let at = |offset: u32| index.as_ref().map(|i| i.line_col(offset as usize));
        let (start, end) = (at(d.span.start), at(d.span.end));
        JsDiagnostic {
            line: start.map(|p| p.line),
            col: start.map(|p| p.col),
            end_line: end.map(|p| p.line),
            end_col: end.map(|p| p.col),
            severity: d.severity,
            message: d.message.clone(),
            hint: d.hint.clone(),
        }
    }

    fn unplaced(message: String) -> JsDiagnostic {
        JsDiagnostic::new(&Diagnostic::error(Default::default(), message), None)
    }

    fn of_problem(p: &Problem, text: &str) -> JsDiagnostic {
        JsDiagnostic::new(&p.described(), p.located.then_some(text))
    }
}

/// A thrown `Error`: its message is the first error's (with its place), `diagnostics` holds them all.
fn fail(diagnostics: Vec<JsDiagnostic>) -> JsValue {
    let first = diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .or(diagnostics.first());
    let message = match first {
        Some(JsDiagnostic {
            line: Some(line),
            col: Some(col),
            message,
            ..
        }) => format!("{line}:{col}: {message}"),
        Some(d) => d.message.clone(),
        None => "unknown error".to_string(),
    };
    let error = js_sys::Error::new(&message);
    let list = diagnostics
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL);
    // Setting a property on a fresh Error cannot fail.
    let _ = js_sys::Reflect::set(&error, &"diagnostics".into(), &list);
    error.into()
}

fn fail_with(message: impl ToString) -> JsValue {
    fail(vec![JsDiagnostic::unplaced(message.to_string())])
}

/// Plain objects (not `Map`s) and `null` for a missing value, as JSON would have them.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(fail_with)
}

/// `undefined` and `null` mean "all defaults".
fn from_js<T: for<'de> Deserialize<'de> + Default>(
    value: JsValue,
    what: &str,
) -> Result<T, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    serde_wasm_bindgen::from_value(value).map_err(|e| fail_with(format!("{what}: {e}")))
}

#[derive(Serialize)]
struct Quantiles {
    p5: f64,
    p50: f64,
    p95: f64,
}

#[derive(Serialize)]
struct EvalResult {
    /// Type-7 quantiles of the linear-space samples (defined for negative samples too).
    quantiles: Quantiles,
    /// The scorer's summary, as a study record carries it and `eval --json` prints it as `record_summary`.
    summary: Option<ItemSummary>,
    count: usize,
    diagnostics: Vec<JsDiagnostic>,
}

fn samples_of(
    source: &str,
    options: &EvalOptions,
) -> Result<(Vec<f64>, Vec<JsDiagnostic>), JsValue> {
    let evaluation = fermi_eval::evaluate_source(
        source,
        options.dialect,
        &Options {
            samples: options.samples,
            seed: options.seed,
        },
    );
    let diagnostics = evaluation
        .diagnostics
        .iter()
        .map(|d| JsDiagnostic::new(d, Some(source)))
        .collect();
    match evaluation.samples {
        Some(samples) => Ok((samples, diagnostics)),
        None => Err(fail(diagnostics)),
    }
}

/// Evaluates a program: its linear-space 5/50/95% quantiles, the scorer's summary (`null` when a sample is ≤ 0),
/// the sample count and the warnings. A program with errors throws.
#[wasm_bindgen(unchecked_return_type = "Evaluation")]
pub fn evaluate(
    source: &str,
    #[wasm_bindgen(unchecked_optional_param_type = "EvaluateOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let options: EvalOptions = from_js(options, "options")?;
    let (samples, diagnostics) = samples_of(source, &options)?;
    let summary = fermi_eval::summarize(&samples);
    to_js(&EvalResult {
        quantiles: Quantiles {
            p5: summary.p5,
            p50: summary.p50,
            p95: summary.p95,
        },
        summary: ItemSummary::of_values(&samples),
        count: samples.len(),
        diagnostics,
    })
}

/// The program the quick mode writes for a 90% interval typed as text ("2 million", "3e4"): exactly what the app
/// writes, so a quick answer can be recomputed like any program.
#[wasm_bindgen(js_name = quickProgram)]
pub fn quick_program(
    low: &str,
    high: &str,
    #[wasm_bindgen(unchecked_optional_param_type = "Dialect")] dialect: JsValue,
) -> Result<String, JsValue> {
    let dialect = if dialect.is_undefined() || dialect.is_null() {
        Dialect::Squiggle
    } else {
        serde_wasm_bindgen::from_value(dialect).map_err(|e| fail_with(format!("dialect: {e}")))?
    };
    fermi_syntax::quick_program(low, high, dialect).ok_or_else(|| {
        fail_with(format!(
            "`{low}` and `{high}` must both be numbers, like `2e6` or `2 million`"
        ))
    })
}

/// A number as the app shows it: `9.4e10` → "94 billion".
#[wasm_bindgen]
pub fn readable(x: f64) -> String {
    fermi_num::format_readable(x)
}

/// A value of a question as the app shows it in the question's `unit`: a share (a unit in percent or a fraction)
/// in percent, `valueIn("percent", 0.15)` → "15%"; anything else as [`readable`].
#[wasm_bindgen(js_name = valueIn)]
pub fn value_in(unit: &str, x: f64) -> String {
    fermi_bank::UnitScale::of(unit).format(x)
}

/// A value with its question's unit as the app shows it: `quantity("percent of the labour force", 0.319)` →
/// "31.9% of the labour force", `quantity("kWh", 9.83e10)` → "98.3 billion kWh".
#[wasm_bindgen]
pub fn quantity(unit: &str, x: f64) -> String {
    fermi_bank::quantity(unit, x)
}

/// The app's warning when an estimate with these 5th and 95th percentiles looks like the wrong scale for `unit`
/// (a bare `15` on a share reads as 1,500%), or `undefined` when it fits.
#[wasm_bindgen(js_name = unitWarning)]
pub fn unit_warning(unit: &str, p5: f64, p95: f64) -> Option<String> {
    fermi_bank::unit_warning(unit, p5, p95)
}

/// An answer: a program with its options, or linear-space sample values.
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Answer {
    program: Option<String>,
    values: Option<Vec<f64>>,
    dialect: Dialect,
    samples: usize,
    seed: u64,
}

impl Default for Answer {
    fn default() -> Answer {
        let EvalOptions {
            dialect,
            samples,
            seed,
        } = EvalOptions::default();
        Answer {
            program: None,
            values: None,
            dialect,
            samples,
            seed,
        }
    }
}

/// A fitted truth as `fitTruth` returns it; its quantiles are there for display and ignored on the way in.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum JsFitted {
    Lognormal { mu: f64, sigma: f64 },
    Point { value: f64 },
}

#[derive(Serialize)]
struct FittedOut {
    #[serde(flatten)]
    truth: JsFitted,
    p5: f64,
    p50: f64,
    p95: f64,
}

/// A truth: fitted (`fitTruth`'s result), a 90% interval, or a single value.
#[derive(Deserialize)]
#[serde(untagged)]
enum TruthIn {
    Fitted(JsFitted),
    Interval { p5: f64, p95: f64 },
    Point { point: f64 },
}

const TRUTH_SHAPES: &str = "a truth is fitTruth's result, {p5, p95} or {point}";

/// `score`'s third argument: the question the answer is to, for the factor attribution.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct ScoreOptions {
    /// A question id of `pack` (the built-in pack when absent).
    question: Option<String>,
    /// A pack's TOML text.
    pack: Option<String>,
    /// A person's corrections of the factor matching.
    matches: Vec<fermi_factors::Correction>,
}

/// An assessment with every rule's line from the rule table, as `score --json` gives them.
#[derive(Serialize)]
struct Scored<'a> {
    #[serde(flatten)]
    assessment: &'a fermi_score::Assessment,
    rules: Vec<fermi_score::RuleLine>,
}

/// Scores an answer against a truth: the report, the sampling noise, the what-ifs, the verdict words, the
/// feedback sentences and every rule's line from the rule table, exactly as the app shows them. With `{question}` and a program, also `factors`: the miss
/// attributed to the question's reference factors (`null` when it has none), as `score --factors` prints it.
#[wasm_bindgen(unchecked_return_type = "Assessment")]
pub fn score(
    #[wasm_bindgen(unchecked_param_type = "Answer")] answer: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TruthInput")] truth: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ScoreOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let answer: Answer = from_js(answer, "answer")?;
    let options: ScoreOptions = from_js(options, "options")?;
    let program = answer.program.clone();
    let samples = match (answer.program, answer.values) {
        (Some(program), None) => {
            let options = EvalOptions {
                dialect: answer.dialect,
                samples: answer.samples,
                seed: answer.seed,
            };
            samples_of(&program, &options)?.0
        }
        (None, Some(values)) => values,
        _ => {
            return Err(fail_with(
                "an answer is {program, dialect?, samples?, seed?} or {values}, with exactly one of program and values",
            ));
        }
    };
    let truth = match serde_wasm_bindgen::from_value(truth) {
        Ok(TruthIn::Fitted(JsFitted::Lognormal { mu, sigma })) => Truth::Lognormal { mu, sigma },
        Ok(TruthIn::Fitted(JsFitted::Point { value })) | Ok(TruthIn::Point { point: value }) => {
            Truth::Point(value)
        }
        Ok(TruthIn::Interval { p5, p95 }) => {
            Truth::checked_lognormal_from_p5_p95(p5, p95).map_err(fail_with)?
        }
        Err(_) => return Err(fail_with(TRUTH_SHAPES)),
    };
    let forecast = LogSamples::new(&samples).map_err(fail_with)?;
    let log_truth = LogTruth::new(&truth).map_err(fail_with)?;
    let assessment = fermi_score::assess(&forecast, &log_truth);
    let value = to_js(&Scored {
        rules: assessment.report.comparison_rules(),
        assessment: &assessment,
    })?;
    let Some(id) = options.question else {
        return Ok(value);
    };
    let pack = load(options.pack.as_deref())?;
    let question = pack
        .question(&id)
        .ok_or_else(|| fail_with(format!("no question `{id}` in pack `{}`", pack.info.id)))?;
    let factors = match (program, fermi_factors::Reference::of(question)) {
        (Some(program), Some(reference)) => {
            let answer = fermi_factors::Answer {
                source: &program,
                dialect: answer.dialect,
                summary: &fermi_score::Summary::of_samples(&forecast),
                seed: answer.seed,
            };
            let shape = fermi_factors::TruthShape::of(&truth);
            let attribution =
                fermi_factors::attribute(&reference, shape, &answer, &options.matches)
                    .map_err(fail_with)?;
            to_js(&attribution)?
        }
        _ => JsValue::NULL,
    };
    let _ = js_sys::Reflect::set(&value, &"factors".into(), &factors);
    Ok(value)
}

/// A pack from its TOML text, or the built-in pack; an invalid pack throws every problem.
fn load(pack_toml: Option<&str>) -> Result<Pack, JsValue> {
    match pack_toml {
        None => Ok(fermi_bank::builtin()),
        Some(text) => fermi_bank::load_pack(&[(PACK_FILE, text)]).map_err(|problems| {
            fail(
                problems
                    .iter()
                    .map(|p| JsDiagnostic::of_problem(p, text))
                    .collect(),
            )
        }),
    }
}

#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct QuestionsOptions {
    truths: bool,
}

/// What is shown only after answering: left out unless truths are asked for.
const AFTER_ANSWERING: [&str; 7] = [
    "truth",
    "explanation",
    "trap",
    "derivation",
    "factor",
    "reference",
    "trap_value",
];

/// The questions of a pack (its TOML text; the built-in pack when `undefined`), each with its pack's id as
/// `pack`. Truths, explanations, traps and derivations only with `{truths: true}`. An invalid pack throws every
/// problem.
#[wasm_bindgen(unchecked_return_type = "Question[]")]
pub fn questions(
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] pack_toml: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "{ truths?: boolean }")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let options: QuestionsOptions = from_js(options, "options")?;
    let pack_toml = match pack_toml.as_string() {
        Some(text) => Some(text),
        None if pack_toml.is_undefined() || pack_toml.is_null() => None,
        None => return Err(fail_with("a pack is its TOML text, as a string")),
    };
    let pack = load(pack_toml.as_deref())?;
    let list = js_sys::Array::new();
    for question in &pack.questions {
        let value = to_js(question)?;
        let _ = js_sys::Reflect::set(&value, &"pack".into(), &pack.info.id.as_str().into());
        if !options.truths {
            for key in AFTER_ANSWERING {
                let _ = js_sys::Reflect::delete_property(
                    value.unchecked_ref::<js_sys::Object>(),
                    &key.into(),
                );
            }
        }
        list.push(&value);
    }
    Ok(list.into())
}

/// What `fitTruth` reads of a question: its id (the seed of its truth program) and its truth.
#[derive(Deserialize)]
struct QuestionTruth {
    id: String,
    truth: TruthSpec,
}

/// Fits a question's truth (a question from `questions(…, {truths: true})`): a program's truth is sampled 10⁶
/// times with the question's own seed and fitted to a lognormal, as the app and the CLI do.
#[wasm_bindgen(js_name = fitTruth, unchecked_return_type = "FittedTruth")]
pub fn fit_truth(
    #[wasm_bindgen(unchecked_param_type = "Question")] question: JsValue,
) -> Result<JsValue, JsValue> {
    let QuestionTruth { id, truth } = serde_wasm_bindgen::from_value(question).map_err(|e| {
        fail_with(format!(
            "fitTruth needs a question with its truth (questions(pack, {{truths: true}})): {e}"
        ))
    })?;
    let question = Question {
        file: PACK_FILE.to_string(),
        ..Question::new(id, truth)
    };
    let fitted = fermi_bank::fit_truth(&question)
        .map_err(|p| fail(vec![JsDiagnostic::of_problem(&p, "")]))?;
    to_js(&FittedOut {
        truth: match fitted {
            FittedTruth::Lognormal { mu, sigma } => JsFitted::Lognormal { mu, sigma },
            FittedTruth::Point(value) => JsFitted::Point { value },
        },
        p5: fitted.p5(),
        p50: fitted.median(),
        p95: fitted.p95(),
    })
}
