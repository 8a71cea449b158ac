//! Strict loading: a pack is accepted whole or refused with every problem listed (file, question, field, why).

use std::collections::HashMap;

use fermi_eval::{Options, evaluate_source};
use fermi_num::quantile_type7;
use fermi_syntax::{Dialect, LineIndex, Span};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::fit::question_seed;
use crate::format::{
    Pack, PackInfo, Question, ReferenceFactor, ReferenceProgram, Source, SourceKind, Tier, Topic,
    TrapValue, TruthSpec,
};
// fit.rs and advice.rs name it from here.
pub(crate) use crate::problem::Problem;
use crate::read::{self, Reader, span};

/// Samples drawn when validating a truth program at load time (the fit itself uses more, lazily).
pub const VALIDATION_SAMPLES: usize = 20_000;
/// Largest allowed gap, in nats, between a program and its fermi twin at p5, p50 and p95 (≈ 10%).
pub const TWIN_TOLERANCE: f64 = 0.1;
/// Largest pack file accepted, in bytes (hostile input must not exhaust memory).
pub const MAX_FILE_BYTES: usize = 8 << 20;
/// Most questions a pack may hold (each distribution truth is run at load).
pub const MAX_QUESTIONS: usize = 10_000;

/// Loads a pack from its files (`(file name, text)`), validating everything including the truth programs.
/// Exactly one file holds the `[pack]` table; any file may hold `[[question]]` tables. Every problem of every
/// file is listed at once, each placed at its span in its file.
pub fn load_pack(files: &[(&str, &str)]) -> Result<Pack, Vec<Problem>> {
    load(files, true, true)
}

/// `evaluate = false` skips running truth programs: for the built-in pack, whose programs the test suite checks.
/// `details = false` reads files without what is shown after the reveal (`crate::read_builtin`): the checks
/// between the truth and the sources wait for the whole files.
pub(crate) fn load(
    files: &[(&str, &str)],
    evaluate: bool,
    details: bool,
) -> Result<Pack, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut info: Option<(PackInfo, String)> = None;
    let mut questions = Vec::new();
    for &(name, text) in files {
        parse_file(name, text, &mut info, &mut questions, &mut problems);
    }
    if info.is_none() && !files.is_empty() && problems.is_empty() {
        problems.push(
            Problem::new(
                files[0].0,
                None,
                "no [pack] table: one file must hold `[pack]` with id, title, version and tier",
            )
            .field("pack"),
        );
    }
    if let Some((extra, _)) = questions.get(MAX_QUESTIONS) {
        problems.push(
            Problem::in_question(
                extra,
                "",
                format!(
                    "{} questions; a pack holds at most {MAX_QUESTIONS}: split it",
                    questions.len()
                ),
            )
            .question(None)
            .field("question"),
        );
        return Err(problems);
    }
    let public = info.as_ref().map(|(i, _)| i.tier == Tier::Public);
    let mut first_file: HashMap<&str, &str> = HashMap::new();
    for (q, sources_read) in &questions {
        match (public, q.truth.is_sealed()) {
            (Some(false), true) => problems.push(Problem::in_question(
                q,
                "truth",
                "missing: every question of an open or private pack needs a truth",
            )),
            (Some(true), false) => problems.push(Problem::in_question(
                q,
                "truth",
                "a public-tier pack holds no truths (they would reach participants): keep them in a sealed pack given to `study score --truth`",
            )),
            _ => {}
        }
        if let Some(first) = first_file.insert(&q.id, &q.file) {
            problems.push(Problem::in_question(
                q,
                "id",
                format!("duplicate id (first used in {first})"),
            ));
        }
        check_question(q, details && *sources_read, &mut problems);
        if evaluate {
            check_truth_program(q, &mut problems);
        }
    }
    // In reading order: by file, then by place in the file.
    problems.sort_by_key(|p| {
        let file = files.iter().position(|f| f.0 == &*p.file);
        (file, p.span().map(|s| (s.start, s.end)))
    });
    match info {
        Some((info, _)) if problems.is_empty() => Ok(Pack {
            info,
            questions: questions.into_iter().map(|(q, _)| q).collect(),
        }),
        _ => Err(problems),
    }
}

/// Reads one file's `[pack]` and `[[question]]` tables. Each question comes with whether all its sources were
/// read (the checks between the program's factors and the sources need them all).
fn parse_file(
    name: &str,
    text: &str,
    info: &mut Option<(PackInfo, String)>,
    questions: &mut Vec<(Question, bool)>,
    problems: &mut Vec<Problem>,
) {
    if text.len() > MAX_FILE_BYTES {
        problems.push(Problem::new(
            name,
            Some(Span::new(MAX_FILE_BYTES, text.len())),
            format!("file is over {} MiB", MAX_FILE_BYTES >> 20),
        ));
        return;
    }
    let (root, errors) = DeTable::parse_recoverable(text);
    if !errors.is_empty() {
        for e in errors {
            problems.push(Problem::new(
                name,
                e.span().map(span),
                format!("TOML syntax: {}", e.message().trim_end()),
            ));
        }
        return;
    }
    for (key, value) in root.into_inner() {
        let at = span(key.span());
        match key.get_ref().as_ref() {
            "pack" => {
                if let Some((_, first)) = info {
                    let message =
                        format!("a second [pack] table (the first is in {first}); a pack has one header");
                    problems.push(Problem::new(name, Some(at), message).field("pack"));
                } else if let Some(pack) = read_pack_info(name, value, problems) {
                    *info = Some((pack, name.to_string()));
                }
            }
            "question" => {
                let DeValue::Array(items) = value.into_inner() else {
                    problems.push(
                        Problem::new(
                            name,
                            Some(at),
                            "must be an array of tables: write each question as `[[question]]`",
                        )
                        .field("question"),
                    );
                    continue;
                };
                questions.extend(items.into_iter().filter_map(|item| read_question(name, text, item, problems)));
            }
            other => problems.push(
                Problem::new(
                    name,
                    Some(at),
                    "unknown top-level key: a pack file holds only `[pack]` and `[[question]]` tables",
                )
                .field(other),
            ),
        }
    }
}

fn read_pack_info(
    file: &str,
    value: Spanned<DeValue<'_>>,
    problems: &mut Vec<Problem>,
) -> Option<PackInfo> {
    let mut r = Reader::new(file, None, "pack", value, problems)?;
    let id = r.get::<String>("id", true);
    if let Some((id, at)) = &id
        && !is_slug(id)
    {
        r.say(
            "id",
            *at,
            format!("`{id}` is not a slug: use lowercase letters, digits and single hyphens"),
        );
    }
    let title = r.get::<String>("title", true);
    if let Some((title, at)) = &title {
        not_blank(&mut r, "title", title, *at);
    }
    let version = r.get::<u32>("version", true);
    if let Some((0, at)) = version {
        r.say("version", at, "must be 1 or more");
    }
    let tier = r.get("tier", true);
    let description = r.get("description", false);
    let license = r.get("license", false);
    r.finish(&["id", "title", "version", "tier", "description", "license"]);
    Some(PackInfo {
        id: id?.0,
        title: title?.0,
        version: version?.0,
        tier: tier?.0,
        description: description.map(|d| d.0),
        license: license.map(|l| l.0),
    })
}

const QUESTION_KEYS: &[&str] = &[
    "id",
    "text",
    "unit",
    "as_of",
    "topics",
    "countries",
    "difficulty",
    "disambiguation",
    "explanation",
    "trap",
    "derivation",
    "width",
    "no_primary_source",
    "truth",
    "sources",
    "factor",
    "reference",
    "trap_value",
];

/// One `[[question]]` table, with every key read and checked on its own. `None` when a required key is missing
/// or mistyped (its problems are listed); otherwise the question and whether all its sources were read.
fn read_question(
    file: &str,
    text: &str,
    item: Spanned<DeValue<'_>>,
    problems: &mut Vec<Problem>,
) -> Option<(Question, bool)> {
    let places = read::places(text, &item);
    let id = item
        .get_ref()
        .get("id")
        .and_then(|v| v.get_ref().as_str())
        .map(str::to_string);
    let mut r = Reader::new(file, id, "", item, problems)?;
    let id = r.get::<String>("id", true);
    if let Some((id, at)) = &id
        && !is_slug(id)
    {
        r.say(
            "id",
            *at,
            format!(
                "`{id}` is not a slug: use lowercase letters, digits and single hyphens, at most 80"
            ),
        );
    }
    let text = r.get::<String>("text", true);
    let unit = r.get::<String>("unit", true);
    for (key, value) in [("text", &text), ("unit", &unit)] {
        if let Some((value, at)) = value {
            not_blank(&mut r, key, value, *at);
        }
    }
    let as_of = r.get::<String>("as_of", true);
    if let Some((date, at)) = &as_of
        && let Err(why) = check_date(date)
    {
        r.say("as_of", *at, why);
    }
    let topics = r.list::<Topic>("topics");
    for (i, (topic, at)) in topics.iter().flatten().enumerate() {
        if topics.iter().flatten().take(i).any(|(t, _)| t == topic) {
            r.say(
                &format!("topics[{i}]"),
                *at,
                format!("`{}` is listed twice", topic.as_str()),
            );
        }
    }
    let countries = r.list::<String>("countries");
    for (i, (code, at)) in countries.iter().flatten().enumerate() {
        let field = format!("countries[{i}]");
        if code == "UK" {
            r.say(
                &field,
                *at,
                "`UK` is not an ISO 3166-1 code: the United Kingdom is `GB`",
            );
        } else if code != "WORLD"
            && !(code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase()))
        {
            r.say(
                &field,
                *at,
                format!(
                    "`{code}` is not an ISO 3166-1 alpha-2 code (two capital letters) or `WORLD`"
                ),
            );
        } else if countries.iter().flatten().take(i).any(|(c, _)| c == code) {
            r.say(&field, *at, format!("`{code}` is listed twice"));
        }
    }
    let difficulty = r.get("difficulty", false);
    let optional_text = |r: &mut Reader, key: &str| r.get::<String>(key, false).map(|t| t.0);
    let disambiguation = optional_text(&mut r, "disambiguation");
    let explanation = optional_text(&mut r, "explanation");
    let trap = optional_text(&mut r, "trap");
    let derivation = optional_text(&mut r, "derivation");
    let width = r.get("width", false).map(|w| w.0);
    let no_primary_source = r.get::<String>("no_primary_source", false);
    if let Some((why, at)) = &no_primary_source {
        not_blank(&mut r, "no_primary_source", why, *at);
    }
    // Both may be missing in a public-tier pack; `load` checks against the tier once the header is read.
    let truth = r.get::<TruthSpec>("truth", false);
    let mut sources_read = true;
    let sources = r.array("sources", false).map(|items| {
        let mut sources = Vec::new();
        for (i, item) in items.into_iter().enumerate() {
            let source = Reader::new(
                file,
                r.question.clone(),
                &format!("sources[{i}]"),
                item,
                r.problems,
            )
            .and_then(read_source);
            sources_read &= source.is_some();
            sources.extend(source);
        }
        sources
    });
    let factor = r.get::<Vec<ReferenceFactor>>("factor", false);
    let reference = r.get::<ReferenceProgram>("reference", false);
    let trap_value = r.get::<Vec<TrapValue>>("trap_value", false);
    r.finish(QUESTION_KEYS);
    Some((
        Question {
            id: id?.0,
            text: text?.0,
            unit: unit?.0,
            as_of: as_of?.0,
            topics: topics?.into_iter().map(|t| t.0).collect(),
            countries: countries?.into_iter().map(|c| c.0).collect(),
            difficulty: difficulty.map(|d| d.0),
            disambiguation,
            explanation,
            trap,
            derivation,
            width,
            no_primary_source: no_primary_source.map(|n| n.0),
            truth: truth.map_or(TruthSpec::Sealed, |t| t.0),
            sources: sources.unwrap_or_default(),
            file: file.to_string(),
            places,
            factor: factor.map(|f| f.0).unwrap_or_default(),
            reference: reference.map(|r| r.0),
            trap_value: trap_value.map(|t| t.0).unwrap_or_default(),
        },
        sources_read,
    ))
}

/// One `[[question.sources]]` table; `None` when a required key is missing or mistyped.
fn read_source(mut r: Reader<'_, '_>) -> Option<Source> {
    let factor = r.get("factor", false).map(|f| f.0);
    let text = |r: &mut Reader, key: &str| {
        let value = r.get::<String>(key, true);
        if let Some((value, at)) = &value {
            not_blank(r, key, value, *at);
        }
        value.map(|v| v.0)
    };
    let publisher = text(&mut r, "publisher");
    let title = text(&mut r, "title");
    let detail = text(&mut r, "detail");
    let url = r.get::<String>("url", true);
    // Links are shown to people: only web links, never `javascript:` or `data:`.
    if let Some((url, at)) = &url
        && (!(url.starts_with("https://") || url.starts_with("http://"))
            || url.contains(char::is_whitespace))
    {
        r.say("url", *at, format!("`{url}` is not an http(s) link"));
    }
    let tier = r.get("tier", true);
    let kind = r.get("kind", false).map(|k| k.0);
    let accessed = r.get::<String>("accessed", false);
    if let Some((date, at)) = &accessed
        && let Err(why) = check_date(date)
    {
        r.say("accessed", *at, why);
    }
    r.finish(&[
        "factor",
        "publisher",
        "title",
        "url",
        "tier",
        "kind",
        "detail",
        "accessed",
    ]);
    Some(Source {
        factor,
        publisher: publisher?,
        title: title?,
        url: url?.0,
        tier: tier?.0,
        kind,
        detail: detail?,
        accessed: accessed.map(|a| a.0),
    })
}

fn not_blank(r: &mut Reader, key: &str, value: &str, at: Span) {
    if value.trim().is_empty() {
        r.say(key, at, "is empty");
    }
}

/// The checks across keys: the truth's numbers, the program's factors against the sources.
fn check_question(q: &Question, sources_read: bool, problems: &mut Vec<Problem>) {
    let mut problem =
        |field: &str, message: String| problems.push(Problem::in_question(q, field, message));
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
        TruthSpec::Distribution { program, .. } if sources_read => {
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
        TruthSpec::Distribution { .. } | TruthSpec::Sealed => {}
    }
    if q.no_primary_source.is_some()
        && let Some(i) = q
            .sources
            .iter()
            .position(|s| s.kind == Some(SourceKind::Primary))
    {
        problem(
            "no_primary_source",
            format!(
                "says no primary source exists, but sources[{i}] is `kind = \"primary\"`: keep one of the two"
            ),
        );
    }
    if q.sources.is_empty() && sources_read && !q.truth.is_sealed() {
        problem(
            "sources",
            "no source: add at least one `[[question.sources]]`".into(),
        );
    }
    check_reference(q, sources_read, problems);
}

/// The reference factors, their program and the trap values against the truth and the sources.
fn check_reference(q: &Question, sources_read: bool, problems: &mut Vec<Problem>) {
    let mut problem =
        |field: String, message: String| problems.push(Problem::in_question(q, &field, message));
    let program_names = match &q.truth {
        TruthSpec::Distribution { program, .. } => Some(assigned_names(program)),
        _ => None,
    };
    for (i, f) in q.factor.iter().enumerate() {
        let field = |key: &str| format!("factor[{i}].{key}");
        if q.factor[..i].iter().any(|g| g.name == f.name) {
            problem(field("name"), format!("`{}` is listed twice", f.name));
        }
        if f.unit.trim().is_empty() {
            problem(field("unit"), "is empty".into());
        }
        let given = (f.value, f.low, f.high);
        match (&program_names, given) {
            (Some(names), _) if !names.contains(&f.name) => problem(
                field("name"),
                format!("`{}` is not a variable of the truth program", f.name),
            ),
            (Some(_), (None, None, None)) => {}
            (Some(_), _) => problem(
                field("value"),
                "a distribution truth's program gives its factors' values: leave out value, low and high"
                    .into(),
            ),
            (None, (Some(v), None, None)) if v.is_finite() && v > 0.0 => {}
            (None, (None, Some(lo), Some(hi))) if lo.is_finite() && hi.is_finite() && 0.0 < lo && lo < hi => {}
            (None, _) => problem(
                field("value"),
                "give either `value` (positive) or `low` and `high` (0 < low < high)".into(),
            ),
        }
        if program_names.is_none()
            && sources_read
            && !q
                .sources
                .iter()
                .any(|s| s.factor.as_deref() == Some(&f.name))
        {
            problem(
                "sources".into(),
                format!(
                    "no source has `factor = \"{}\"`: every reference factor needs one",
                    f.name
                ),
            );
        }
    }
    if program_names.is_none() {
        match (&q.reference, q.factor.is_empty()) {
            (Some(_), true) => problem(
                "reference".into(),
                "a reference program needs its factors as `[[question.factor]]` tables".into(),
            ),
            (None, false) => problem(
                "factor".into(),
                "reference factors need `[question.reference]` with the program that combines them"
                    .into(),
            ),
            _ => {}
        }
    } else if q.reference.is_some() {
        problem(
            "reference".into(),
            "a distribution truth's program is its reference: leave out `[question.reference]`"
                .into(),
        );
    }
    let names: Vec<String> = program_names
        .clone()
        .unwrap_or_else(|| q.factor.iter().map(|f| f.name.clone()).collect());
    for (i, t) in q.trap_value.iter().enumerate() {
        let field = |key: &str| format!("trap_value[{i}].{key}");
        if let Some(factor) = &t.factor
            && !names.contains(factor)
        {
            problem(
                field("factor"),
                format!("`{factor}` is not a reference factor of this question"),
            );
        }
        if !(t.value.is_finite() && t.value > 0.0) {
            problem(
                field("value"),
                format!("{} is not a positive finite number", t.value),
            );
        }
        if !(t.tolerance > 0.0 && t.tolerance <= 1.0) {
            problem(
                field("tolerance"),
                format!(
                    "{} is not a fraction in (0, 1] (0.1 means ±10%)",
                    t.tolerance
                ),
            );
        }
        if t.says.trim().is_empty() {
            problem(field("says"), "is empty".into());
        }
    }
}

/// Largest gap, in nats, between the median of a point or log-range truth and that of its reference program
/// (≈ 10%).
pub const REFERENCE_TOLERANCE: f64 = 0.1;

/// Runs a point or log-range truth's reference program: it must evaluate cleanly to positive samples whose
/// median is within [`REFERENCE_TOLERANCE`] of the truth's.
fn check_reference_program(q: &Question, problems: &mut Vec<Problem>) {
    let truth_ln_median = match q.truth {
        TruthSpec::Point { value } => libm::log(value),
        TruthSpec::LogRange { low, high } => (libm::log(low) + libm::log(high)) / 2.0,
        TruthSpec::Distribution { .. } | TruthSpec::Sealed => return,
    };
    let Some(text) = q.reference_program() else {
        return;
    };
    let options = Options {
        samples: VALIDATION_SAMPLES,
        seed: question_seed(&q.id),
    };
    let evaluation = evaluate_source(&text, Dialect::Squiggle, &options);
    let say = |message: String| Problem::in_question(q, "reference.program", message);
    // An error first: it is why there are no samples.
    let first = evaluation
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .or(evaluation.diagnostics.first());
    if let Some(d) = first {
        let index = LineIndex::new(&text);
        let at = index.line_col(d.span.start as usize);
        let kind = if d.is_error() { "" } else { "warning: " };
        problems.push(say(format!(
            "line {} col {} of the factors and program: {kind}{}",
            at.line, at.col, d.message
        )));
        return;
    }
    let Some(samples) = evaluation.samples else {
        return;
    };
    if let Err(why) = check_positive(&samples) {
        problems.push(say(why));
        return;
    }
    let median = quantile_type7(&ln_sorted(&samples), 0.5);
    if (median - truth_ln_median).abs() > REFERENCE_TOLERANCE {
        problems.push(say(format!(
            "does not reproduce the truth: its median is {:.4e} against {:.4e} (more than {:.0}% apart)",
            libm::exp(median),
            libm::exp(truth_ln_median),
            REFERENCE_TOLERANCE * 100.0
        )));
    }
}

/// Runs a distribution truth and its fermi twin: both must evaluate cleanly to positive samples and agree.
fn check_truth_program(q: &Question, problems: &mut Vec<Problem>) {
    check_reference_program(q, problems);
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
/// Each diagnostic is placed in the file: at its own span when the file writes the program verbatim, else at the
/// string, with the program's line and column in words.
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
        let kind = if d.is_error() { "" } else { "warning: " };
        let mut problem = Problem::in_question(q, field, format!("{kind}{}", d.message));
        problem.diagnostic.hint = d.hint.clone();
        match q.places.in_string(field, d.span) {
            Some(span) => problem.diagnostic.span = span,
            None => {
                let at = index.line_col(d.span.start as usize);
                problem.diagnostic.message = format!(
                    "line {} col {} of the program: {}",
                    at.line, at.col, problem.diagnostic.message
                );
            }
        }
        problems.push(problem);
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
pub fn is_slug(s: &str) -> bool {
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
