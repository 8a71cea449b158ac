//! Strict loading: a pack is accepted whole or refused with every problem listed (file, question, field, why).

use std::collections::HashMap;
use std::fmt;

use fermi_eval::{Options, evaluate_source};
use fermi_num::quantile_type7;
use fermi_syntax::{Dialect, LineIndex};
use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

use crate::fit::question_seed;
use crate::format::{Pack, PackInfo, Question, TruthSpec};

/// Samples drawn when validating a truth program at load time (the fit itself uses more, lazily).
pub const VALIDATION_SAMPLES: usize = 20_000;
/// Largest allowed gap, in nats, between a program and its fermi twin at p5, p50 and p95 (≈ 10%).
pub const TWIN_TOLERANCE: f64 = 0.1;
/// Largest pack file accepted, in bytes (hostile input must not exhaust memory).
pub const MAX_FILE_BYTES: usize = 8 << 20;
/// Most questions a pack may hold (each distribution truth is run at load).
pub const MAX_QUESTIONS: usize = 10_000;

/// One thing wrong with a pack.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Problem {
    pub file: String,
    /// 1-based line and column in the file, when known.
    pub location: Option<(u32, u32)>,
    pub question: Option<String>,
    /// The key path, e.g. `truth.program` or `sources[2].tier`.
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for Problem {
    /// `FILE[:LINE:COL]: [question ID: ][FIELD: ]why`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some((line, col)) = self.location {
            write!(f, ":{line}:{col}")?;
        }
        if let Some(id) = &self.question {
            write!(f, ": question {id}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ": {field}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl Problem {
    pub(crate) fn in_question(q: &Question, field: &str, message: impl Into<String>) -> Problem {
        Problem {
            file: q.file.clone(),
            location: None,
            question: Some(q.id.clone()),
            field: Some(field.to_string()),
            message: message.into(),
        }
    }
}

/// Loads a pack from its files (`(file name, text)`), validating everything including the truth programs.
/// Exactly one file holds the `[pack]` table; any file may hold `[[question]]` tables.
pub fn load_pack(files: &[(&str, &str)]) -> Result<Pack, Vec<Problem>> {
    load(files, true)
}

/// `evaluate = false` skips running truth programs: for the built-in pack, whose programs the test suite checks.
pub(crate) fn load(files: &[(&str, &str)], evaluate: bool) -> Result<Pack, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut info: Option<(PackInfo, String)> = None;
    let mut questions = Vec::new();
    for &(name, text) in files {
        parse_file(name, text, &mut info, &mut questions, &mut problems);
    }
    if info.is_none() && problems.is_empty() {
        let file = files.first().map_or("(no file)", |f| f.0).to_string();
        problems.push(Problem {
            file,
            location: None,
            question: None,
            field: Some("pack".into()),
            message:
                "no [pack] table: one file must hold `[pack]` with id, title, version and tier"
                    .into(),
        });
    }
    if questions.len() > MAX_QUESTIONS {
        problems.push(Problem {
            file: files.first().map_or("(no file)", |f| f.0).to_string(),
            location: None,
            question: None,
            field: Some("question".into()),
            message: format!(
                "{} questions; a pack holds at most {MAX_QUESTIONS}: split it",
                questions.len()
            ),
        });
        return Err(problems);
    }
    let mut first_file: HashMap<&str, &str> = HashMap::new();
    for q in &questions {
        if let Some(first) = first_file.insert(&q.id, &q.file) {
            problems.push(Problem::in_question(
                q,
                "id",
                format!("duplicate id (first used in {first})"),
            ));
            continue;
        }
        check_question(q, &mut problems);
        if evaluate {
            check_truth_program(q, &mut problems);
        }
    }
    match info {
        Some((info, _)) if problems.is_empty() => Ok(Pack { info, questions }),
        _ => Err(problems),
    }
}

fn parse_file(
    name: &str,
    text: &str,
    info: &mut Option<(PackInfo, String)>,
    questions: &mut Vec<Question>,
    problems: &mut Vec<Problem>,
) {
    let at = |span: Option<std::ops::Range<usize>>,
              question: Option<String>,
              field: Option<String>,
              message: String| {
        Problem {
            file: name.to_string(),
            location: span.map(|s| {
                let lc = LineIndex::new(text).line_col(s.start);
                (lc.line, lc.col)
            }),
            question,
            field,
            message,
        }
    };
    if text.len() > MAX_FILE_BYTES {
        problems.push(at(
            None,
            None,
            None,
            format!("file is over {} MiB", MAX_FILE_BYTES >> 20),
        ));
        return;
    }
    let (root, errors) = DeTable::parse_recoverable(text);
    if !errors.is_empty() {
        for e in errors {
            problems.push(at(
                e.span(),
                None,
                None,
                format!("TOML syntax: {}", e.message().trim_end()),
            ));
        }
        return;
    }
    for (key, value) in root.into_inner() {
        match key.get_ref().as_ref() {
            "pack" => match deserialize::<PackInfo>(value) {
                Ok(pack) => {
                    if let Some((_, first)) = info {
                        problems.push(at(
                            Some(key.span()),
                            None,
                            Some("pack".into()),
                            format!("a second [pack] table (the first is in {first}); a pack has one header"),
                        ));
                    } else {
                        check_pack_info(name, &pack, problems);
                        *info = Some((pack, name.to_string()));
                    }
                }
                Err((span, path, message)) => {
                    problems.push(at(span, None, Some(prefixed("pack", &path)), message));
                }
            },
            "question" => {
                let DeValue::Array(items) = value.into_inner() else {
                    problems.push(at(
                        Some(key.span()),
                        None,
                        Some("question".into()),
                        "must be an array of tables: write each question as `[[question]]`".into(),
                    ));
                    continue;
                };
                for item in items {
                    let id = item
                        .get_ref()
                        .get("id")
                        .and_then(|v| v.get_ref().as_str())
                        .map(str::to_string);
                    let start = item.span();
                    match deserialize::<Question>(item) {
                        Ok(mut q) => {
                            q.file = name.to_string();
                            questions.push(q);
                        }
                        Err((span, path, message)) => {
                            let field = (!path.is_empty()).then_some(path);
                            problems.push(at(span.or(Some(start)), id, field, message));
                        }
                    }
                }
            }
            other => problems.push(at(
                Some(key.span()),
                None,
                Some(other.to_string()),
                "unknown top-level key: a pack file holds only `[pack]` and `[[question]]` tables"
                    .into(),
            )),
        }
    }
}

fn prefixed(prefix: &str, path: &str) -> String {
    if path.is_empty() {
        prefix.to_string()
    } else {
        format!("{prefix}.{path}")
    }
}

/// Deserialises one value, returning the error's span, key path and message.
fn deserialize<T: for<'de> Deserialize<'de>>(
    value: Spanned<DeValue<'_>>,
) -> Result<T, (Option<std::ops::Range<usize>>, String, String)> {
    serde_path_to_error::deserialize(ValueDeserializer::from(value)).map_err(|e| {
        let path = e.path().to_string();
        let path = if path == "." { String::new() } else { path };
        let inner = e.into_inner();
        (inner.span(), path, inner.message().trim_end().to_string())
    })
}

fn check_pack_info(file: &str, info: &PackInfo, problems: &mut Vec<Problem>) {
    let mut problem = |field: &str, message: String| {
        problems.push(Problem {
            file: file.to_string(),
            location: None,
            question: None,
            field: Some(format!("pack.{field}")),
            message,
        })
    };
    if !is_slug(&info.id) {
        problem(
            "id",
            format!(
                "`{}` is not a slug: use lowercase letters, digits and single hyphens",
                info.id
            ),
        );
    }
    if info.title.trim().is_empty() {
        problem("title", "is empty".into());
    }
    if info.version == 0 {
        problem("version", "must be 1 or more".into());
    }
}

/// The checks that need no evaluation.
fn check_question(q: &Question, problems: &mut Vec<Problem>) {
    let mut problem =
        |field: &str, message: String| problems.push(Problem::in_question(q, field, message));
    if !is_slug(&q.id) {
        problem(
            "id",
            format!(
                "`{}` is not a slug: use lowercase letters, digits and single hyphens, at most 80",
                q.id
            ),
        );
    }
    for (field, value) in [("text", &q.text), ("unit", &q.unit)] {
        if value.trim().is_empty() {
            problem(field, "is empty".into());
        }
    }
    if let Err(why) = check_date(&q.as_of) {
        problem("as_of", why);
    }
    for (i, topic) in q.topics.iter().enumerate() {
        if q.topics[..i].contains(topic) {
            problem("topics", format!("`{}` is listed twice", topic.as_str()));
        }
    }
    for (i, code) in q.countries.iter().enumerate() {
        let field = format!("countries[{i}]");
        if code == "UK" {
            problem(
                &field,
                "`UK` is not an ISO 3166-1 code: the United Kingdom is `GB`".into(),
            );
        } else if code != "WORLD"
            && !(code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase()))
        {
            problem(
                &field,
                format!(
                    "`{code}` is not an ISO 3166-1 alpha-2 code (two capital letters) or `WORLD`"
                ),
            );
        } else if q.countries[..i].contains(code) {
            problem(&field, format!("`{code}` is listed twice"));
        }
    }
    match &q.truth {
        TruthSpec::Point { value } => {
            if !(value.is_finite() && *value > 0.0) {
                problem(
                    "truth.value",
                    format!("{value} is not a positive finite number (scoring is in log space)"),
                );
            }
        }
        TruthSpec::LogRange { low, high } => {
            if !(low.is_finite() && high.is_finite() && 0.0 < *low && low < high) {
                problem(
                    "truth",
                    format!(
                        "log_range needs 0 < low < high, both finite; got low = {low}, high = {high}"
                    ),
                );
            }
        }
        TruthSpec::Distribution { program, .. } => {
            let variables = assigned_names(program);
            for name in &variables {
                if !q.sources.iter().any(|s| s.factor.as_deref() == Some(name)) {
                    problem(
                        "sources",
                        format!(
                            "no source has `factor = \"{name}\"`: every factor of the program needs one"
                        ),
                    );
                }
            }
            for (i, source) in q.sources.iter().enumerate() {
                if let Some(factor) = &source.factor
                    && !variables.contains(factor)
                {
                    problem(
                        &format!("sources[{i}].factor"),
                        format!("`{factor}` is not a variable of the truth program"),
                    );
                }
            }
        }
    }
    if q.sources.is_empty() {
        problem(
            "sources",
            "no source: add at least one `[[question.sources]]`".into(),
        );
    }
    for (i, s) in q.sources.iter().enumerate() {
        for (name, value) in [
            ("publisher", &s.publisher),
            ("title", &s.title),
            ("detail", &s.detail),
        ] {
            if value.trim().is_empty() {
                problem(&format!("sources[{i}].{name}"), "is empty".into());
            }
        }
        // Links are shown to people: only web links, never `javascript:` or `data:`.
        if !(s.url.starts_with("https://") || s.url.starts_with("http://"))
            || s.url.contains(char::is_whitespace)
        {
            problem(
                &format!("sources[{i}].url"),
                format!("`{}` is not an http(s) link", s.url),
            );
        }
        if let Some(accessed) = &s.accessed
            && let Err(why) = check_date(accessed)
        {
            problem(&format!("sources[{i}].accessed"), why);
        }
    }
}

/// Runs a distribution truth and its fermi twin: both must evaluate cleanly to positive samples and agree.
fn check_truth_program(q: &Question, problems: &mut Vec<Problem>) {
    let TruthSpec::Distribution { program, fermi } = &q.truth else {
        return;
    };
    let Some(main) = run(q, "truth.program", program, Dialect::Squiggle, problems) else {
        return;
    };
    let Some(fermi) = fermi else { return };
    let Some(twin) = run(q, "truth.fermi", fermi, Dialect::Fermi, problems) else {
        return;
    };
    for p in [0.05, 0.5, 0.95] {
        let (a, b) = (quantile_type7(&main, p), quantile_type7(&twin, p));
        if (a - b).abs() > TWIN_TOLERANCE {
            problems.push(Problem::in_question(
                q,
                "truth.fermi",
                format!(
                    "disagrees with the program: its {}th percentile is {:.4e} against {:.4e} (more than {:.0}% apart)",
                    (p * 100.0).round(),
                    libm::exp(b),
                    libm::exp(a),
                    TWIN_TOLERANCE * 100.0
                ),
            ));
            return;
        }
    }
}

/// Evaluates a truth program at validation size; returns its sorted ln samples when it ran cleanly and positive.
fn run(
    q: &Question,
    field: &str,
    source: &str,
    dialect: Dialect,
    problems: &mut Vec<Problem>,
) -> Option<Vec<f64>> {
    let options = Options {
        samples: VALIDATION_SAMPLES,
        seed: question_seed(&q.id),
    };
    let evaluation = evaluate_source(source, dialect, &options);
    let index = LineIndex::new(source);
    for d in &evaluation.diagnostics {
        let at = index.line_col(d.span.start as usize);
        let hint = d
            .hint
            .as_ref()
            .map(|h| format!(" (hint: {h})"))
            .unwrap_or_default();
        let kind = if d.is_error() { "" } else { "warning: " };
        problems.push(Problem::in_question(
            q,
            field,
            format!("line {} col {}: {kind}{}{hint}", at.line, at.col, d.message),
        ));
    }
    let samples = evaluation.samples?;
    if !evaluation.diagnostics.is_empty() {
        return None;
    }
    match check_positive(&samples) {
        Ok(()) => Some(ln_sorted(&samples)),
        Err(why) => {
            problems.push(Problem::in_question(q, field, why));
            None
        }
    }
}

/// An error naming how many samples are not positive and finite, if any are.
pub(crate) fn check_positive(samples: &[f64]) -> Result<(), String> {
    let bad = samples
        .iter()
        .filter(|x| !(x.is_finite() && **x > 0.0))
        .count();
    if samples.is_empty() || bad > 0 {
        return Err(format!(
            "{bad} of {} samples are not positive finite numbers: truth programs must give positive samples",
            samples.len()
        ));
    }
    Ok(())
}

/// ln of positive samples, sorted ascending (the scorer's quantiles are on ln values).
pub(crate) fn ln_sorted(samples: &[f64]) -> Vec<f64> {
    let mut ln: Vec<f64> = samples.iter().map(|&x| libm::log(x)).collect();
    ln.sort_by(f64::total_cmp);
    ln
}

/// Kebab-case: lowercase ASCII letters and digits in groups joined by single hyphens, at most 80 bytes.
pub(crate) fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 80
        && s.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` with a real month and day.
fn check_date(s: &str) -> Result<(), String> {
    let parts: Vec<&str> = s.split('-').collect();
    let number = |p: &str, len: usize| {
        (p.len() == len && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse::<u32>().ok())
            .flatten()
    };
    let ok = match parts.as_slice() {
        [y] => number(y, 4).is_some(),
        [y, m] => number(y, 4).is_some() && number(m, 2).is_some_and(|m| (1..=12).contains(&m)),
        [y, m, d] => {
            number(y, 4).is_some()
                && number(m, 2).is_some_and(|m| (1..=12).contains(&m))
                && number(d, 2).is_some_and(|d| (1..=31).contains(&d))
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{s}` is not a date of the form YYYY, YYYY-MM or YYYY-MM-DD"
        ))
    }
}

/// The names a truth program assigns (`name = expr` statements), in order, without repeats.
pub(crate) fn assigned_names(program: &str) -> Vec<String> {
    let (ast, _) = fermi_syntax::parse(program, Dialect::Squiggle);
    let mut names: Vec<String> = Vec::new();
    for name in ast.statements.into_iter().filter_map(|s| s.target) {
        if !names.contains(&name.text) {
            names.push(name.text);
        }
    }
    names
}
