//! The study file (`study.toml`, docs/study-format.md): strict parsing, every problem a span-carrying
//! [`Diagnostic`], and the per-participant rules the browser and the scorer share (seed, order, arm).

use fermi_bank::{Pack, Question, Tier, is_slug};

use crate::bonus::Bonus;
use crate::exclusions::Quality;
use fermi_eval::{Options, evaluate_source};
use fermi_num::fnv1a;
use fermi_score::LogSamples;
use fermi_syntax::{Diagnostic, LineIndex, Span};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use toml::Spanned;
use toml::de::{DeTable, ValueDeserializer};

use crate::compare::Policy;

/// Largest study file accepted, in bytes.
pub const MAX_STUDY_BYTES: usize = 1 << 20;
/// Most scored items a study may hold.
pub const MAX_ITEMS: usize = 500;
/// Most practice items and arms.
pub const MAX_PRACTICE: usize = 20;
pub const MAX_ARMS: usize = 20;
/// Sample counts a study may ask for (the browser's range).
pub const SAMPLES_RANGE: std::ops::RangeInclusive<usize> = fermi_eval::MIN_SAMPLES..=1_000_000;
/// Longest per-item time limit, in seconds (a day).
pub const MAX_TIME_LIMIT_S: u32 = 86_400;

/// What participants may answer in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Squiggle,
    Fermi,
    /// A 90% interval, recorded as the Squiggle program `to(low, high)` it becomes.
    Quick,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Squiggle => "squiggle",
            Format::Fermi => "fermi",
            Format::Quick => "quick",
        }
    }

    /// The dialect its program is evaluated in.
    pub fn dialect(self) -> fermi_syntax::Dialect {
        match self {
            Format::Fermi => fermi_syntax::Dialect::Fermi,
            Format::Squiggle | Format::Quick => fermi_syntax::Dialect::Squiggle,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Fixed,
    Shuffled,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reveal {
    Never,
    End,
}

/// How an item's seed is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SeedRule {
    /// Derived from the participant id and the question id ([`Study::item_seed`]).
    PerItem,
    Fixed(u64),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum SeedText {
    Number(u64),
    Text(String),
}

impl<'de> Deserialize<'de> for SeedRule {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeedRule, D::Error> {
        match SeedText::deserialize(d)? {
            SeedText::Number(n) => Ok(SeedRule::Fixed(n)),
            SeedText::Text(t) if t == "per-item" => Ok(SeedRule::PerItem),
            SeedText::Text(t) => Err(serde::de::Error::custom(format!(
                "`{t}` is not a seed: write \"per-item\" or a non-negative integer"
            ))),
        }
    }
}

/// A condition participants are assigned to. Each setting it leaves out is the study's (see
/// [`Study::conditions`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Arm {
    pub id: String,
    pub text: String,
    pub formats: Option<Vec<Format>>,
    pub time_limit_s: Option<u32>,
    pub show_percentiles: Option<bool>,
    pub show_chart: Option<bool>,
    pub instructions: Option<String>,
}

/// A question of the study: `PACK_ID/QUESTION_ID`, and where the study file names it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ItemRef {
    pub question: String,
    /// An attention or comprehension check: the known answer, never on the board (see [`crate::Quality`]).
    pub check: Option<Check>,
    #[serde(skip)]
    pub span: Span,
}

/// The known answer of a check item: the participant's median must lie within `tolerance` (relative) of it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Check {
    pub expect: f64,
    pub tolerance: f64,
}

impl ItemRef {
    /// `(pack id, question id)`.
    pub fn parts(&self) -> (&str, &str) {
        self.question
            .split_once('/')
            .unwrap_or(("", &self.question))
    }
}

/// A validated study.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Study {
    pub id: String,
    pub version: u32,
    pub title: String,
    pub consent: String,
    pub instructions: String,
    pub samples: usize,
    pub seed: SeedRule,
    pub order: Order,
    pub formats: Vec<Format>,
    pub time_limit_s: u32,
    pub reveal: Reveal,
    pub allow_skip: bool,
    pub participant_params: Vec<String>,
    pub keep_params: Vec<String>,
    /// Whether the participant sees their answer's live 5%/50%/95% and its chart on scored items.
    pub show_percentiles: bool,
    pub show_chart: bool,
    pub completion_code: Option<String>,
    /// The codes of an attempt stopped early and of declined consent (without one, Prolific's "return the
    /// study" instruction is shown).
    pub partial_code: Option<String>,
    pub declined_code: Option<String>,
    pub completion_url: Option<String>,
    /// Hours after its start a saved attempt may still be resumed; `None`: always.
    pub resume_within_h: Option<u32>,
    pub quality: Quality,
    pub bonus: Option<Bonus>,
    pub submit_url: Option<String>,
    pub packs: Vec<String>,
    pub arms: Vec<Arm>,
    pub practice: Vec<ItemRef>,
    pub items: Vec<ItemRef>,
    /// What enters `study compare` (`[study.compare]`; every default when absent).
    pub compare: Policy,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StudyToml {
    id: Spanned<String>,
    version: Spanned<u32>,
    title: Spanned<String>,
    consent: Spanned<String>,
    instructions: Spanned<String>,
    samples: Spanned<usize>,
    seed: SeedRule,
    order: Order,
    formats: Spanned<Vec<Format>>,
    time_limit_s: Spanned<u32>,
    reveal: Reveal,
    allow_skip: bool,
    #[serde(default = "yes")]
    show_percentiles: bool,
    #[serde(default = "yes")]
    show_chart: bool,
    #[serde(default)]
    participant_params: Vec<Spanned<String>>,
    #[serde(default)]
    keep_params: Vec<Spanned<String>>,
    completion_code: Option<Spanned<String>>,
    partial_code: Option<Spanned<String>>,
    declined_code: Option<Spanned<String>>,
    resume_within_h: Option<Spanned<u32>>,
    #[serde(default)]
    quality: Quality,
    bonus: Option<Bonus>,
    completion_url: Option<Spanned<String>>,
    submit_url: Option<Spanned<String>>,
    #[serde(default)]
    packs: Vec<Spanned<String>>,
    #[serde(default)]
    arm: Vec<ArmToml>,
    #[serde(default)]
    practice: Vec<ItemToml>,
    #[serde(default)]
    item: Vec<ItemToml>,
    #[serde(default)]
    compare: Policy,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArmToml {
    id: Spanned<String>,
    text: Spanned<String>,
    formats: Option<Spanned<Vec<Format>>>,
    time_limit_s: Option<Spanned<u32>>,
    show_percentiles: Option<bool>,
    show_chart: Option<bool>,
    instructions: Option<Spanned<String>>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemToml {
    question: Spanned<String>,
    expect: Option<Spanned<f64>>,
    tolerance: Option<Spanned<f64>>,
}

fn span<T>(s: &Spanned<T>) -> Span {
    Span::new(s.span().start, s.span().end)
}

/// The lowercase hex SHA-256 of a study file's bytes (the record's `study.sha256`).
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The record's `study.sha256`: the SHA-256 of the study file's text with a leading byte-order mark dropped and
/// CRLF line ends read as LF, so a copy whose line ends a server or an editor converted still matches.
pub fn study_sha256(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    sha256_hex(text.replace("\r\n", "\n").as_bytes())
}

/// A pack's content hash (the record's `packs[].sha256`): the SHA-256 of its header and its questions as a page
/// has them before the reveal ([`Question::before_reveal`]: text, unit, truth…; no explanation or sources), as
/// JSON, so it names what the participant saw and had, whatever the file's layout or line ends, and whether or not
/// the page had fetched what the reveal shows (a study's page never does).
pub fn pack_sha256(pack: &Pack) -> String {
    let questions: Vec<Question> = pack.questions.iter().map(Question::before_reveal).collect();
    content_sha256(pack, &questions)
}

/// The content hash of records made before 2026-12-02, over the whole questions (explanations and sources too):
/// the scorer still takes it.
pub fn pack_sha256_whole(pack: &Pack) -> String {
    content_sha256(pack, &pack.questions)
}

fn content_sha256(pack: &Pack, questions: &[Question]) -> String {
    let json = serde_json::to_string(&(&pack.info, questions)).unwrap_or_default();
    sha256_hex(json.as_bytes())
}

/// Parses and validates a study file. Every problem is returned, each with the span of what it is about.
pub fn parse_study(text: &str) -> Result<Study, Vec<Diagnostic>> {
    if text.len() > MAX_STUDY_BYTES {
        return Err(vec![Diagnostic::error(
            Span::default(),
            format!("the study file is over {} KiB", MAX_STUDY_BYTES >> 10),
        )]);
    }
    let (root, errors) = DeTable::parse_recoverable(text);
    if !errors.is_empty() {
        return Err(errors
            .iter()
            .map(|e| {
                let at = e.span().unwrap_or_default();
                Diagnostic::error(
                    Span::new(at.start, at.end),
                    format!("TOML syntax: {}", e.message().trim_end()),
                )
            })
            .collect());
    }
    let mut problems = Vec::new();
    let mut table = None;
    for (key, value) in root.into_inner() {
        let key_span = Span::new(key.span().start, key.span().end);
        if key.get_ref().as_ref() != "study" {
            problems.push(Diagnostic::error(
                key_span,
                format!(
                    "unknown top-level key `{}`: a study file holds only the `[study]` table",
                    key.get_ref()
                ),
            ));
            continue;
        }
        let start = value.span();
        let copy = value.clone();
        let path_error = |e: toml::de::Error| {
            let at = e.span().unwrap_or(start.clone());
            let path = fermi_bank::path_to(&copy, &at);
            let field = if path == "." {
                "study".to_string()
            } else {
                format!("study.{path}")
            };
            Diagnostic::error(
                Span::new(at.start, at.end),
                format!("{field}: {}", e.message().trim_end()),
            )
        };
        match StudyToml::deserialize(ValueDeserializer::from(value)) {
            Ok(t) => table = Some(t),
            Err(e) => problems.push(path_error(e)),
        }
    }
    let Some(t) = table else {
        if problems.is_empty() {
            problems.push(Diagnostic::error(
                Span::default(),
                "no [study] table: the file must hold `[study]` with id, version, title, …",
            ));
        }
        return Err(problems);
    };
    check(&t, &mut problems);
    if !problems.is_empty() {
        return Err(problems);
    }
    let strings = |v: Vec<Spanned<String>>| -> Vec<String> {
        v.into_iter().map(Spanned::into_inner).collect()
    };
    let refs = |v: Vec<ItemToml>| -> Vec<ItemRef> {
        v.into_iter()
            .map(|i| ItemRef {
                span: span(&i.question),
                check: i.expect.map(|e| Check {
                    expect: e.into_inner(),
                    tolerance: i.tolerance.map_or(DEFAULT_TOLERANCE, Spanned::into_inner),
                }),
                question: i.question.into_inner(),
            })
            .collect()
    };
    Ok(Study {
        id: t.id.into_inner(),
        version: t.version.into_inner(),
        title: t.title.into_inner(),
        consent: t.consent.into_inner(),
        instructions: t.instructions.into_inner(),
        samples: t.samples.into_inner(),
        seed: t.seed,
        order: t.order,
        formats: t.formats.into_inner(),
        time_limit_s: t.time_limit_s.into_inner(),
        reveal: t.reveal,
        allow_skip: t.allow_skip,
        show_percentiles: t.show_percentiles,
        show_chart: t.show_chart,
        participant_params: strings(t.participant_params),
        keep_params: strings(t.keep_params),
        completion_code: t.completion_code.map(Spanned::into_inner),
        partial_code: t.partial_code.map(Spanned::into_inner),
        declined_code: t.declined_code.map(Spanned::into_inner),
        resume_within_h: t
            .resume_within_h
            .map(Spanned::into_inner)
            .filter(|&h| h > 0),
        quality: t.quality,
        bonus: t.bonus,
        completion_url: t.completion_url.map(Spanned::into_inner),
        submit_url: t.submit_url.map(Spanned::into_inner),
        packs: strings(t.packs),
        arms: t
            .arm
            .into_iter()
            .map(|a| Arm {
                id: a.id.into_inner(),
                text: a.text.into_inner(),
                formats: a.formats.map(Spanned::into_inner),
                time_limit_s: a.time_limit_s.map(Spanned::into_inner),
                show_percentiles: a.show_percentiles,
                show_chart: a.show_chart,
                instructions: a.instructions.map(Spanned::into_inner),
            })
            .collect(),
        practice: refs(t.practice),
        items: refs(t.item),
        compare: t.compare,
    })
}

/// Every check that needs no pack.
fn check(t: &StudyToml, problems: &mut Vec<Diagnostic>) {
    let mut error = |at: Span, message: String| problems.push(Diagnostic::error(at, message));
    if !is_slug(t.id.get_ref()) {
        error(
            span(&t.id),
            format!(
                "study.id: `{}` is not a slug: use lowercase letters, digits and single hyphens",
                t.id.get_ref()
            ),
        );
    }
    if *t.version.get_ref() == 0 {
        error(span(&t.version), "study.version: must be 1 or more".into());
    }
    for (name, text) in [
        ("title", &t.title),
        ("consent", &t.consent),
        ("instructions", &t.instructions),
    ] {
        if text.get_ref().trim().is_empty() {
            error(span(text), format!("study.{name}: is empty"));
        }
    }
    if !SAMPLES_RANGE.contains(t.samples.get_ref()) {
        error(
            span(&t.samples),
            format!(
                "study.samples: must be between {} and {}, not {}",
                SAMPLES_RANGE.start(),
                SAMPLES_RANGE.end(),
                t.samples.get_ref()
            ),
        );
    }
    check_formats("study.formats", &t.formats, &mut error);
    check_time_limit("study.time_limit_s", &t.time_limit_s, &mut error);
    let params = t
        .participant_params
        .iter()
        .map(|p| ("participant_params", p));
    let keep = t.keep_params.iter().map(|p| ("keep_params", p));
    let mut seen: Vec<&str> = Vec::new();
    for (field, p) in params.chain(keep) {
        let name = p.get_ref().as_str();
        if !is_param(name) {
            error(
                span(p),
                format!(
                    "study.{field}: `{name}` is not a URL parameter name (letters, digits, `_`, `-`, `.`; at most 64)"
                ),
            );
        } else if name == "study" {
            error(
                span(p),
                format!("study.{field}: `study` is the parameter that names the study itself"),
            );
        } else if seen.contains(&name) {
            error(span(p), format!("study.{field}: `{name}` is listed twice"));
        }
        seen.push(name);
    }
    for (name, code) in [
        ("completion_code", &t.completion_code),
        ("partial_code", &t.partial_code),
        ("declined_code", &t.declined_code),
    ] {
        let Some(code) = code else { continue };
        let c = code.get_ref();
        if c.is_empty() || c.len() > 64 || !c.bytes().all(|b| b.is_ascii_alphanumeric()) {
            error(
                span(code),
                format!("study.{name}: use 1 to 64 letters and digits"),
            );
        }
    }
    for why in t.quality.problems() {
        error(span(&t.id), format!("study.quality: {why}"));
    }
    if let Some(bonus) = &t.bonus {
        for why in bonus.problems() {
            error(span(&t.id), format!("study.bonus: {why}"));
        }
    }
    for item in t.practice.iter().filter(|i| i.expect.is_some()) {
        error(
            span(&item.question),
            "study.practice.expect: a check item is a scored item (`[[study.item]]`)".into(),
        );
    }
    for item in &t.item {
        match (&item.expect, &item.tolerance) {
            (None, Some(tol)) => error(
                span(tol),
                "study.item.tolerance: only a check item (with `expect`) has a tolerance".into(),
            ),
            (Some(e), _) if !(e.get_ref().is_finite() && *e.get_ref() > 0.0) => error(
                span(e),
                "study.item.expect: the known answer must be a positive number".into(),
            ),
            (Some(_), Some(tol)) if !(*tol.get_ref() >= 0.0 && *tol.get_ref() < 10.0) => error(
                span(tol),
                "study.item.tolerance: a relative tolerance from 0 (exact) to under 10".into(),
            ),
            _ => {}
        }
    }
    if let Some(url) = &t.completion_url
        && !is_web_link(url.get_ref())
    {
        error(
            span(url),
            "study.completion_url: not an http(s) link".into(),
        );
    }
    if let Some(url) = &t.submit_url {
        let u = url.get_ref();
        if !(is_web_link(u) || (u.starts_with('/') && !u.starts_with("//") && is_link_text(u))) {
            error(
                span(url),
                "study.submit_url: not an http(s) link or a path on the same origin (`/…`)".into(),
            );
        }
    }
    for (i, pack) in t.packs.iter().enumerate() {
        let p = pack.get_ref();
        let plain = !p.is_empty()
            && !p.starts_with('/')
            && !p.contains('\\')
            && p.split('/')
                .all(|part| !part.is_empty() && part != "." && part != "..")
            && p.ends_with(".toml");
        if !plain {
            error(
                span(pack),
                format!(
                    "study.packs: `{p}` is not a `.toml` file beside the study (a relative path without `..`)"
                ),
            );
        } else if t.packs[..i].iter().any(|q| q.get_ref() == p) {
            error(span(pack), format!("study.packs: `{p}` is listed twice"));
        }
    }
    if t.arm.len() > MAX_ARMS {
        error(
            span(&t.arm[MAX_ARMS].id),
            format!("study.arm: at most {MAX_ARMS} arms"),
        );
    }
    for (i, arm) in t.arm.iter().enumerate() {
        if !is_slug(arm.id.get_ref()) {
            error(
                span(&arm.id),
                format!("study.arm.id: `{}` is not a slug", arm.id.get_ref()),
            );
        } else if t.arm[..i]
            .iter()
            .any(|a| a.id.get_ref() == arm.id.get_ref())
        {
            error(
                span(&arm.id),
                format!("study.arm.id: `{}` is used twice", arm.id.get_ref()),
            );
        }
        if arm.text.get_ref().trim().is_empty() {
            error(span(&arm.text), "study.arm.text: is empty".into());
        }
        if let Some(formats) = &arm.formats {
            check_formats("study.arm.formats", formats, &mut error);
        }
        if let Some(limit) = &arm.time_limit_s {
            check_time_limit("study.arm.time_limit_s", limit, &mut error);
        }
        if let Some(text) = &arm.instructions
            && text.get_ref().trim().is_empty()
        {
            error(span(text), "study.arm.instructions: is empty".into());
        }
    }
    if t.item.is_empty() {
        error(
            span(&t.id),
            "no scored item: add at least one `[[study.item]]` with `question = \"PACK/ID\"`"
                .into(),
        );
    }
    for (field, list, most) in [
        ("practice", &t.practice, MAX_PRACTICE),
        ("item", &t.item, MAX_ITEMS),
    ] {
        if list.len() > most {
            error(
                span(&list[most].question),
                format!("study.{field}: at most {most}"),
            );
        }
    }
    let all: Vec<(&str, &Spanned<String>)> = t
        .practice
        .iter()
        .map(|i| ("practice", &i.question))
        .chain(t.item.iter().map(|i| ("item", &i.question)))
        .collect();
    for (k, &(field, q)) in all.iter().enumerate() {
        let text = q.get_ref();
        let ok = text
            .split_once('/')
            .is_some_and(|(pack, id)| is_slug(pack) && is_slug(id));
        if !ok {
            error(
                span(q),
                format!(
                    "study.{field}.question: `{text}` is not `PACK_ID/QUESTION_ID` (the built-in pack is `open`)"
                ),
            );
        } else if let Some(&(first, _)) = all[..k].iter().find(|(_, p)| p.get_ref() == text) {
            error(
                span(q),
                format!(
                    "study.{field}.question: `{text}` is listed twice (first as a {} item)",
                    if first == "item" {
                        "scored"
                    } else {
                        "practice"
                    }
                ),
            );
        }
    }
}

fn check_formats(
    field: &str,
    formats: &Spanned<Vec<Format>>,
    error: &mut impl FnMut(Span, String),
) {
    let list = formats.get_ref();
    if list.is_empty() {
        error(
            span(formats),
            format!("{field}: is empty: list at least one of \"squiggle\", \"fermi\", \"quick\""),
        );
    }
    for (i, f) in list.iter().enumerate() {
        if list[..i].contains(f) {
            error(
                span(formats),
                format!("{field}: `{}` is listed twice", f.as_str()),
            );
        }
    }
}

fn check_time_limit(field: &str, limit: &Spanned<u32>, error: &mut impl FnMut(Span, String)) {
    if *limit.get_ref() > MAX_TIME_LIMIT_S {
        error(
            span(limit),
            format!("{field}: at most {MAX_TIME_LIMIT_S} (a day); 0 means none"),
        );
    }
}

fn is_param(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.')
}

fn is_link_text(s: &str) -> bool {
    s.len() <= 2048 && !s.chars().any(|c| c.is_whitespace() || c.is_control())
}

fn is_web_link(s: &str) -> bool {
    (s.starts_with("https://") || s.starts_with("http://")) && is_link_text(s)
}

/// Relative tolerance of a check item that gives none: its median within 10% of the known answer.
pub const DEFAULT_TOLERANCE: f64 = 0.1;

/// A 64-bit hash of strings joined by newlines (FNV-1a, as the packs' question seeds): stable everywhere.
pub(crate) fn hash(parts: &[&str]) -> u64 {
    fnv1a(parts.join("\n").as_bytes())
}

/// A uniform index below `n` from one draw (the multiply-shift map; its bias, under n/2⁶⁴, is immaterial here).
pub(crate) fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// Samples an answer: its ln samples, or why it failed (where the program is wrong, or that its samples are not
/// all positive). Study and class mode score every answer through this.
pub(crate) fn run_answer(
    format: Format,
    program: &str,
    samples: usize,
    seed: u64,
) -> Result<LogSamples, String> {
    let evaluation = evaluate_source(program, format.dialect(), &Options { samples, seed });
    let Some(samples) = evaluation.samples else {
        let index = LineIndex::new(program);
        let first = evaluation.diagnostics.iter().find(|d| d.is_error());
        return Err(first.map_or("no samples".into(), |d| {
            let at = index.line_col(d.span.start as usize);
            format!("{}:{}: {}", at.line, at.col, d.message)
        }));
    };
    LogSamples::new(&samples).map_err(|e| e.to_string())
}

impl Study {
    /// The seed of a participant's (or model's) answer to a question.
    pub fn item_seed(&self, participant: &str, question: &str) -> u64 {
        match self.seed {
            SeedRule::Fixed(seed) => seed,
            SeedRule::PerItem => hash(&["seed", participant, question]),
        }
    }

    /// How a participant's item of `question` is run and timed, under their arm's conditions.
    pub fn item_spec(
        &self,
        participant: &str,
        arm: Option<&str>,
        question: &str,
    ) -> crate::ItemSpec {
        let conditions = self.conditions(arm);
        crate::ItemSpec {
            formats: conditions.formats,
            samples: self.samples,
            seed: self.item_seed(participant, question),
            time_limit_s: conditions.time_limit_s,
        }
    }

    /// The scored items in the order this participant sees them: as listed, or shuffled by a generator seeded
    /// from the participant id (Fisher–Yates), so the order is reproducible.
    pub fn order_for(&self, participant: &str) -> Vec<String> {
        let mut order: Vec<String> = self.items.iter().map(|i| i.question.clone()).collect();
        if self.order == Order::Shuffled {
            let mut rng = ChaCha8Rng::seed_from_u64(hash(&["order", participant]));
            for i in (1..order.len()).rev() {
                order.swap(i, below(&mut rng, i + 1));
            }
        }
        order
    }

    /// The arm a participant is assigned to: the first draw of ChaCha8 seeded with the id's hash, mapped to an arm
    /// as [`below`] does (FNV-1a alone is not mixed enough: similar ids would share an arm); `None` without arms.
    pub fn arm_for(&self, participant: &str) -> Option<&Arm> {
        let mut rng = ChaCha8Rng::seed_from_u64(hash(&["arm", participant]));
        (!self.arms.is_empty()).then(|| &self.arms[below(&mut rng, self.arms.len())])
    }

    /// Samples an answer at the study's sample count (see [`run_answer`]).
    pub fn run(&self, format: Format, program: &str, seed: u64) -> Result<LogSamples, String> {
        run_answer(format, program, self.samples, seed)
    }

    /// The ids of the packs the study's questions come from, in first-use order.
    pub fn pack_ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = Vec::new();
        for item in self.practice.iter().chain(&self.items) {
            let (pack, _) = item.parts();
            if !ids.contains(&pack) {
                ids.push(pack);
            }
        }
        ids
    }

    /// Checks every practice and scored item against the packs (the built-in pack is id `open`); also that no
    /// `public` tier pack would put its truths in the browser.
    pub fn check_questions(&self, packs: &[&Pack]) -> Vec<Diagnostic> {
        let mut problems = Vec::new();
        for item in self.practice.iter().chain(&self.items) {
            let (pack_id, id) = item.parts();
            match packs.iter().find(|p| p.info.id == pack_id) {
                None => {
                    let known: Vec<&str> = packs.iter().map(|p| p.info.id.as_str()).collect();
                    problems.push(
                        Diagnostic::error(
                            item.span,
                            format!(
                                "no pack `{pack_id}`: the study's packs are {}",
                                known.join(", ")
                            ),
                        )
                        .with_hint("name the pack's file in `packs = [\"….toml\"]`"),
                    );
                }
                Some(pack) if pack.question(id).is_none() => {
                    problems.push(Diagnostic::error(
                        item.span,
                        format!("pack `{pack_id}` has no question `{id}`"),
                    ));
                }
                Some(_) => {}
            }
        }
        let public = |pack_id: &str| {
            packs
                .iter()
                .find(|p| p.info.id == pack_id)
                .filter(|p| p.info.tier == Tier::Public)
        };
        for item in &self.practice {
            if public(item.parts().0).is_some() {
                problems.push(Diagnostic::error(
                    item.span,
                    format!("`{}` is from a public-tier pack: a practice item shows its truth, and a public pack has none", item.question),
                ));
            }
        }
        for item in &self.items {
            let (pack_id, id) = item.parts();
            let Some(q) = public(pack_id).and_then(|p| p.question(id)) else {
                continue;
            };
            let leaks = q.revealing();
            if !leaks.is_empty() {
                problems.push(Diagnostic::error(
                    item.span,
                    format!(
                        "`{}` is in public-tier pack `{pack_id}` but carries its {}: the browser would show how to get the answer",
                        item.question,
                        leaks.join(", ")
                    ),
                ).with_hint("a public-tier pack holds only what participants see: text, unit, clarification"));
            }
        }
        if self.reveal == Reveal::End
            && let Some(item) = self.items.iter().find(|i| public(i.parts().0).is_some())
        {
            problems.push(
                Diagnostic::error(
                    item.span,
                    "reveal = \"end\" with questions from a public-tier pack: their truths are sealed, there is nothing to reveal",
                )
                .with_hint("set `reveal = \"never\"`"),
            );
        }
        problems
    }
}
