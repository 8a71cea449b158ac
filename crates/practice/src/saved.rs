//! What survives a reload: drafts per question, the answered history, the settings and the theme, as one
//! versioned JSON document (the app keeps it in local storage under [`KEY`]). Reading never fails: it goes entry
//! by entry, so a damaged entry is set aside (the app keeps it under [`BACKUP_KEY`] and offers it as a download)
//! and the rest read; old formats are read and migrated.

use std::collections::BTreeMap;

use fermi_score::calibration::{AnswerQuantiles, Answered, TruthQuantiles};
use fermi_syntax::{Dialect, ExprKind};
use serde::{Deserialize, Serialize};

use fermi_answer::{Answer, Way};

pub const KEY: &str = "fermi-playground";
/// Where unreadable saved data is moved, so that nothing is silently destroyed (offered as a download).
pub const BACKUP_KEY: &str = "fermi-playground.unreadable";
/// 2: history entries keep what calibration needs (the topic, the answer's and the truth's quantiles).
/// 3: a share question's answers are fractions (`fermi_bank::UnitScale`); formats 1–2 answered a built-in question
/// in percent in percent points, so reading them divides those answers by 100 ([`percent_points_to_fractions`]).
pub const VERSION: u32 = 3;

/// A question's draft: the answer on screen when it was left (blank quick boxes before anything is typed).
/// Stored in the shape every format has used ([`StoredDraft`]), so older versions still read it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "StoredDraft", into = "StoredDraft")]
pub struct Draft {
    pub answer: Answer,
}

impl Default for Draft {
    fn default() -> Draft {
        Draft {
            answer: Answer::quick("", ""),
        }
    }
}

/// A draft as stored: the tab, both boxes, the program as run (a quick answer's too) and, from format 2, the
/// program's dialect.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct StoredDraft {
    mode: Way,
    low: String,
    high: String,
    source: String,
    #[serde(default)]
    dialect: Option<Dialect>,
}

impl StoredDraft {
    /// The draft, a program without a dialect (format 1) taking `dialect`, the settings' then.
    fn into_draft(self, dialect: Dialect) -> Draft {
        let answer = match self.mode {
            Way::Quick => Answer::quick(self.low, self.high),
            Way::Program => Answer::written(self.dialect.unwrap_or(dialect), self.source),
        };
        Draft { answer }
    }
}

impl From<StoredDraft> for Draft {
    fn from(stored: StoredDraft) -> Draft {
        stored.into_draft(Dialect::Squiggle)
    }
}

impl From<Draft> for StoredDraft {
    fn from(draft: Draft) -> StoredDraft {
        match draft.answer {
            Answer::Quick(b) => StoredDraft {
                mode: Way::Quick,
                source: b.program(Dialect::Squiggle).unwrap_or_default(),
                low: b.low,
                high: b.high,
                dialect: None,
            },
            Answer::Program(p) => StoredDraft {
                mode: Way::Program,
                low: String::new(),
                high: String::new(),
                source: p.source,
                dialect: Some(p.dialect),
            },
        }
    }
}

/// One submitted answer: the program exactly as run (so its samples and score can be recomputed) and what
/// calibration needs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub question: String,
    pub text: String,
    pub source: String,
    pub dialect: Dialect,
    pub seed: u64,
    pub samples: usize,
    pub cramer_log: f64,
    /// Milliseconds since 1970 (the browser clock; the core never reads it).
    pub at: f64,
    /// The question's first topic ("untagged" without one); `None` in entries from format 1 until recomputed.
    #[serde(default)]
    pub topic: Option<String>,
    /// The answer's ln quantiles and the truth's; `None` in entries from format 1 until recomputed.
    #[serde(default)]
    pub answer: Option<AnswerQuantiles>,
    #[serde(default)]
    pub truth: Option<TruthQuantiles>,
    /// A format-1 submission of a question already answered (after its reveal): kept and listed, but only the
    /// first answer counts, so calibration leaves it out.
    #[serde(default, skip_serializing_if = "is_false")]
    pub resubmitted: bool,
}

fn is_false(b: &bool) -> bool {
    !b
}

impl HistoryEntry {
    /// The history list's tag: the score, and whether it counts.
    pub fn tag(&self) -> String {
        let score = fermi_score::format_nats(self.cramer_log);
        if self.resubmitted {
            format!("Cramér-log {score} · after the reveal, not counted")
        } else {
            format!("Cramér-log {score}")
        }
    }

    /// What calibration takes from this entry; `None` while it lacks quantiles or is a re-submission.
    pub fn answered(&self) -> Option<Answered> {
        if self.resubmitted {
            return None;
        }
        Some(Answered {
            answer: self.answer?,
            truth: self.truth?,
            cramer: self.cramer_log,
            topic: self.topic.clone()?,
            time: self.at,
        })
    }

    /// True when this entry still needs its quantiles recomputed (a format-1 entry).
    pub fn needs_quantiles(&self) -> bool {
        !self.resubmitted && (self.answer.is_none() || self.truth.is_none() || self.topic.is_none())
    }
}

/// The settings' sample-count range (a share link outside it is refused).
pub const MIN_SAMPLES: usize = 1_000;
pub const MAX_SAMPLES: usize = 1_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub samples: usize,
    pub seed: u64,
    pub dialect: Dialect,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            samples: fermi_eval::DEFAULT_SAMPLES,
            seed: fermi_eval::DEFAULT_SEED,
            dialect: Dialect::Squiggle,
        }
    }
}

/// The page's colours: the system's choice, or one fixed by the user.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

impl Settings {
    /// A sample count as typed in the settings, or why it is refused (`current` is kept).
    pub fn read_samples(text: &str, current: usize) -> Result<usize, String> {
        match text.trim().parse::<usize>() {
            Ok(n) if (MIN_SAMPLES..=MAX_SAMPLES).contains(&n) => Ok(n),
            _ => Err(format!(
                "“{text}” is not a whole number from 1,000 to 1,000,000; still using {current}."
            )),
        }
    }

    /// A seed as typed in the settings, or why it is refused (`current` is kept).
    pub fn read_seed(text: &str, current: u64) -> Result<u64, String> {
        text.trim().parse::<u64>().map_err(|_| {
            format!(
                "“{}” is not a seed: a seed is a whole number from 0 to 18,446,744,073,709,551,615; still using \
                 {current}.",
                text.trim()
            )
        })
    }
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    /// The theme of this [`name`](Theme::name).
    pub fn named(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Whether the page is dark: as chosen, else as the system says (`system_dark`, asked only then).
    pub fn is_dark(self, system_dark: impl FnOnce() -> bool) -> bool {
        match self {
            Theme::Dark => true,
            Theme::Light => false,
            Theme::System => system_dark(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    pub version: u32,
    #[serde(default)]
    pub drafts: BTreeMap<String, Draft>,
    #[serde(default)]
    pub history: Vec<HistoryEntry>,
    #[serde(default)]
    pub settings: Settings,
    #[serde(default)]
    pub theme: Theme,
}

impl Saved {
    /// Nothing saved yet, in the current format.
    pub fn empty() -> Saved {
        Saved {
            version: VERSION,
            ..Saved::default()
        }
    }
}

/// One piece of saved data that could not be read: where it was, why, and the data itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetAside {
    /// "history entry 3", "the draft of question x", "all saved data".
    pub place: String,
    pub why: String,
    pub data: serde_json::Value,
}

/// What reading saved text gave: everything readable, what was set aside, and a notice saying so (if anything was).
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub saved: Saved,
    pub set_aside: Vec<SetAside>,
    pub notice: Option<String>,
}

/// What a page opening practice makes of its storage: `stored` is the saved text (`None`: nothing saved; `Err`:
/// no storage at all), `earlier` the data set aside before. Returns the document, a notice for the page, and
/// the set-aside file to write when something was set aside now.
pub fn open(
    stored: Result<Option<&str>, ()>,
    earlier: Option<&str>,
) -> (Saved, Option<String>, Option<String>) {
    match stored {
        Ok(None) => (Saved::empty(), None, None),
        Ok(Some(text)) => {
            let loaded = parse(text);
            let file =
                (!loaded.set_aside.is_empty()).then(|| add_set_aside(earlier, loaded.set_aside));
            (loaded.saved, loaded.notice, file)
        }
        Err(()) => (
            Saved::empty(),
            Some(
                "Local storage is unavailable: drafts and history will not survive a reload."
                    .into(),
            ),
            None,
        ),
    }
}

/// What the page says when storage refuses the saved document.
pub const NOT_SAVED: &str = "Local storage is full or refused the write: your latest drafts are not saved. Export \
    your history, then clear some site data.";

/// Reads saved text entry by entry: a damaged draft, history entry or settings block is set aside and the rest
/// kept; only text that is not the playground's format at all, or from a newer format, is set aside whole.
/// Format 1 is read as format 2 (its entries recompute their quantiles later; re-submissions are marked).
pub fn parse(text: &str) -> Loaded {
    let whole = |why: String, notice: String| Loaded {
        saved: Saved::empty(),
        set_aside: vec![SetAside {
            place: "all saved data".into(),
            why,
            data: serde_json::from_str(text).unwrap_or_else(|_| text.into()),
        }],
        notice: Some(notice),
    };
    let unreadable = "Your saved drafts and history could not be read: the stored text is not in the playground's \
                      format. The app started fresh; the unreadable text was set aside (download it under History).";
    let Ok(serde_json::Value::Object(mut root)) = serde_json::from_str::<serde_json::Value>(text)
    else {
        return whole(
            "not the playground's saved format".into(),
            unreadable.into(),
        );
    };
    let version = root.get("version").and_then(serde_json::Value::as_u64);
    match version {
        Some(v) if (1..=u64::from(VERSION)).contains(&v) => {}
        Some(v) => {
            return whole(
                format!("saved by another version of the playground (format {v})"),
                format!(
                    "Your saved data is from another version of the playground (format {v}; this one reads formats \
                     1 to {VERSION}). The app started fresh; the old data was set aside (download it under History)."
                ),
            );
        }
        None => return whole("no format version".into(), unreadable.into()),
    }
    let mut set_aside = Vec::new();
    let mut saved = Saved::empty();
    if let Some(value) = root.remove("settings").filter(|v| !v.is_null()) {
        match serde_json::from_value::<Settings>(value.clone()) {
            Ok(settings) => saved.settings = settings,
            Err(_) => set_aside.push(SetAside {
                place: "the settings".into(),
                why: "not settings this playground wrote; the defaults are used".into(),
                data: value,
            }),
        }
    }
    match root.remove("drafts") {
        None | Some(serde_json::Value::Null) => {}
        Some(serde_json::Value::Object(drafts)) => {
            for (id, value) in drafts {
                match serde_json::from_value::<StoredDraft>(value.clone()) {
                    Ok(draft) => {
                        saved
                            .drafts
                            .insert(id, draft.into_draft(saved.settings.dialect));
                    }
                    Err(_) => set_aside.push(SetAside {
                        place: format!("the draft of question “{id}”"),
                        why: "not a draft this playground wrote".into(),
                        data: value,
                    }),
                }
            }
        }
        Some(other) => set_aside.push(SetAside {
            place: "all drafts".into(),
            why: "not a list of drafts".into(),
            data: other,
        }),
    }
    match root.remove("history") {
        None | Some(serde_json::Value::Null) => {}
        Some(serde_json::Value::Array(entries)) => {
            let (kept, damaged) = read_entries(entries);
            saved.history = kept;
            set_aside.extend(damaged);
        }
        Some(other) => set_aside.push(SetAside {
            place: "the whole history".into(),
            why: "not a list of answers".into(),
            data: other,
        }),
    }
    if let Some(value) = root.remove("theme").filter(|v| !v.is_null()) {
        match serde_json::from_value::<Theme>(value.clone()) {
            Ok(theme) => saved.theme = theme,
            Err(_) => set_aside.push(SetAside {
                place: "the theme".into(),
                why: "not a theme this playground knows; the system's is used".into(),
                data: value,
            }),
        }
    }
    if version == Some(1) {
        mark_resubmissions(&mut saved.history);
    }
    if version < Some(3) {
        percent_points_to_fractions(&mut saved.drafts, &mut saved.history);
    }
    let notice = (!set_aside.is_empty()).then(|| {
        let places: Vec<&str> = set_aside.iter().map(|s| s.place.as_str()).collect();
        format!(
            "Part of your saved data could not be read and was set aside: {}. Everything else was kept; you can \
             download the set-aside data under History.",
            places.join(", ")
        )
    });
    Loaded {
        saved,
        set_aside,
        notice,
    }
}

/// History entries read one by one: the readable ones (with a finite score), and the others set aside.
fn read_entries(entries: Vec<serde_json::Value>) -> (Vec<HistoryEntry>, Vec<SetAside>) {
    let mut kept = Vec::new();
    let mut damaged = Vec::new();
    for (i, value) in entries.into_iter().enumerate() {
        match serde_json::from_value::<HistoryEntry>(value.clone()) {
            Ok(entry) if entry.cramer_log.is_finite() && entry.at.is_finite() => kept.push(entry),
            _ => damaged.push(SetAside {
                place: format!("history entry {}", i + 1),
                why: "not an answer this playground recorded".into(),
                data: value,
            }),
        }
    }
    (kept, damaged)
}

/// Formats 1–2 answered a built-in question whose unit is in percent ("percent of the labour force") in percent
/// points; format 3 stores shares as fractions. Each such draft and history entry is divided by 100: a quick draft's
/// bounds become percent (`15` → `15%`, read as 0.15), a program gets `/ 100` on its result, and a history entry's
/// quantiles and its truth's move by ln 100 together (so its score, which depends only on their ratio, stands).
fn percent_points_to_fractions(drafts: &mut BTreeMap<String, Draft>, history: &mut [HistoryEntry]) {
    let percent: std::collections::BTreeSet<String> = fermi_bank::builtin()
        .questions
        .into_iter()
        .filter(|q| {
            let unit = q.unit.trim().to_lowercase();
            ["percent", "per cent", "%"]
                .iter()
                .any(|w| unit.starts_with(w))
        })
        .map(|q| q.id)
        .collect();
    for (id, draft) in drafts.iter_mut() {
        if !percent.contains(id) {
            continue;
        }
        draft.answer = match std::mem::replace(&mut draft.answer, Answer::quick("", "")) {
            Answer::Quick(b) => {
                Answer::quick(points_to_percent(&b.low), points_to_percent(&b.high))
            }
            Answer::Program(p) => Answer::written(p.dialect, divided_by_100(&p.source, p.dialect)),
        };
    }
    let ln100 = 100f64.ln();
    for entry in history.iter_mut().filter(|e| percent.contains(&e.question)) {
        entry.source = divided_by_100(&entry.source, entry.dialect);
        if let Some(a) = &mut entry.answer {
            a.ln.iter_mut().for_each(|x| *x -= ln100);
        }
        if let Some(t) = &mut entry.truth {
            t.ln_p5 -= ln100;
            t.ln_median -= ln100;
            t.ln_p95 -= ln100;
        }
    }
}

/// A bound typed in percent points as percent: `15` → `15%`, `0.8%` (0.008 points) → `0.008%`; text that is not a
/// number stays as typed.
fn points_to_percent(text: &str) -> String {
    match fermi_num::read_number(text) {
        Ok(points) => format!("{points}%"),
        Err(_) => text.to_string(),
    }
}

/// `source` with its result divided by 100: fermi takes one more step (`/ 100`); a Squiggle program's last
/// expression is wrapped (`to(15, 25)` → `to(15, 25) / 100`). Blank text stays blank.
fn divided_by_100(source: &str, dialect: Dialect) -> String {
    if source.trim().is_empty() {
        return source.to_string();
    }
    if dialect == Dialect::Fermi {
        return format!("{}\n/ 100", source.trim_end());
    }
    let (ast, _) = fermi_syntax::parse(source, dialect);
    let Some(last) = ast.statements.last().filter(|s| s.target.is_none()) else {
        return source.to_string();
    };
    let range = last.value.span.range();
    let expr = &source[range.clone()];
    let divided = match last.value.kind {
        ExprKind::Number(_) | ExprKind::Var(_) | ExprKind::To(..) | ExprKind::Call(..) => {
            format!("{expr} / 100")
        }
        _ => format!("({expr}) / 100"),
    };
    format!(
        "{}{divided}{}",
        &source[..range.start],
        &source[range.end..]
    )
}

/// Format 1 recorded every Submit, also after the reveal: only the first answer to a question counts.
fn mark_resubmissions(history: &mut [HistoryEntry]) {
    let mut seen = std::collections::BTreeSet::new();
    for entry in history {
        if !seen.insert(entry.question.clone()) {
            entry.resubmitted = true;
        }
    }
}

pub fn to_json(saved: &Saved) -> String {
    serde_json::to_string(saved).unwrap_or_default()
}

/// The set-aside data as a file to download (`fermi-set-aside.json`).
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SetAsideFile {
    pub fermi_playground_set_aside: u32,
    pub items: Vec<SetAside>,
}

/// Adds newly set-aside items to what an earlier load set aside (`earlier`, the stored text, if any).
pub fn add_set_aside(earlier: Option<&str>, items: Vec<SetAside>) -> String {
    let mut file = match earlier {
        None => SetAsideFile::default(),
        Some(text) => serde_json::from_str::<SetAsideFile>(text).unwrap_or_else(|_| SetAsideFile {
            items: vec![SetAside {
                place: "data set aside earlier".into(),
                why: "kept as it was".into(),
                data: text.into(),
            }],
            ..SetAsideFile::default()
        }),
    };
    file.fermi_playground_set_aside = 1;
    file.items.extend(items);
    serde_json::to_string_pretty(&file).unwrap_or_default()
}

/// A history file (export/import): the entries only.
#[derive(Serialize, Deserialize)]
pub struct HistoryFile {
    pub fermi_playground_history: u32,
    pub entries: Vec<HistoryEntry>,
}

pub fn export_history(entries: &[HistoryEntry]) -> String {
    serde_json::to_string_pretty(&HistoryFile {
        fermi_playground_history: VERSION,
        entries: entries.to_vec(),
    })
    .unwrap_or_default()
}

/// Reads a history file of format 1 or 2, entry by entry: the readable entries, and how many were not.
pub fn import_history(text: &str) -> Result<(Vec<HistoryEntry>, usize), String> {
    let not_ours = "This is not a history file exported by the playground.";
    let serde_json::Value::Object(mut file) = serde_json::from_str(text).map_err(|_| not_ours)?
    else {
        return Err(not_ours.into());
    };
    let version = file
        .get("fermi_playground_history")
        .and_then(serde_json::Value::as_u64)
        .ok_or(not_ours)?;
    if !(1..=u64::from(VERSION)).contains(&version) {
        return Err(format!(
            "This history file has format {version}; this playground reads formats 1 to {VERSION}."
        ));
    }
    let Some(serde_json::Value::Array(entries)) = file.remove("entries") else {
        return Err(not_ours.into());
    };
    let (mut kept, damaged) = read_entries(entries);
    if version == 1 {
        mark_resubmissions(&mut kept);
    }
    if version < 3 {
        percent_points_to_fractions(&mut BTreeMap::new(), &mut kept);
    }
    Ok((kept, damaged.len()))
}

/// Imports a history file, as read (or why it could not be), into `history`: what the page says of it (`name`'s
/// entries added, those unreadable).
pub fn import_into(
    history: &mut Vec<HistoryEntry>,
    name: &str,
    read: Result<&str, &str>,
) -> String {
    match read.map_err(str::to_string).and_then(import_history) {
        Ok((entries, damaged)) => {
            let added = merge_history(history, entries);
            let skipped = match damaged {
                0 => String::new(),
                1 => " 1 entry could not be read and was skipped.".to_string(),
                n => format!(" {n} entries could not be read and were skipped."),
            };
            format!(
                "{name}: {} added to the history.{skipped}",
                fermi_num::count(added, "answer")
            )
        }
        Err(why) => format!("{name}: {why}"),
    }
}

/// Why answers are left out of calibration, in words: those submitted again after the reveal, and older ones
/// still without quantiles (`recomputing` while they are being recomputed).
pub fn left_out(history: &[HistoryEntry], recomputing: bool) -> String {
    let resubmitted = history.iter().filter(|e| e.resubmitted).count();
    let pending = history.iter().filter(|e| e.needs_quantiles()).count();
    let mut notes = Vec::new();
    if resubmitted > 0 {
        notes.push(format!(
            "{} left out: submitted again after the reveal (only the first answer counts).",
            fermi_num::count(resubmitted, "answer")
        ));
    }
    if pending > 0 {
        notes.push(if recomputing {
            format!(
                "Recomputing {} from an older version…",
                fermi_num::count(pending, "answer")
            )
        } else {
            format!(
                "{} from an older version left out: the question is not in the loaded packs, or its truth has \
                 changed since.",
                fermi_num::count(pending, "answer")
            )
        });
    }
    notes.join(" ")
}

/// Merges imported entries, skipping exact duplicates (importing the same file twice changes nothing).
pub fn merge_history(into: &mut Vec<HistoryEntry>, entries: Vec<HistoryEntry>) -> usize {
    let before = into.len();
    for e in entries {
        if !into.contains(&e) {
            into.push(e);
        }
    }
    into.len() - before
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(question: &str, cramer_log: f64) -> HistoryEntry {
        HistoryEntry {
            question: question.into(),
            text: "<b>not markup</b>".into(),
            source: "to(1, 2)".into(),
            dialect: Dialect::Squiggle,
            seed: u64::MAX,
            samples: 10_000,
            cramer_log,
            at: 1.0e12,
            topic: Some("energy".into()),
            answer: Some(AnswerQuantiles::normal(0.0, 1.0)),
            truth: Some(TruthQuantiles {
                ln_p5: -1.0,
                ln_median: 0.5,
                ln_p95: 2.0,
            }),
            resubmitted: false,
        }
    }

    #[test]
    fn saved_state_round_trips() {
        let mut saved = Saved::empty();
        saved.drafts.insert(
            "q".into(),
            Draft {
                answer: Answer::written(Dialect::Fermi, "1 2e9"),
            },
        );
        saved.drafts.insert(
            "r".into(),
            Draft {
                answer: Answer::quick("1", "2 billion"),
            },
        );
        saved.history.push(entry("q", 0.25));
        saved.theme = Theme::Dark;
        let loaded = parse(&to_json(&saved));
        assert_eq!(
            (loaded.saved, loaded.set_aside, loaded.notice),
            (saved, vec![], None)
        );
    }

    /// Text that is not the playground's at all, or from a newer format, is set aside whole, with words for
    /// people (no parser jargon).
    #[test]
    fn unreadable_data_is_set_aside_whole_with_a_notice() {
        for (text, expect) in [
            ("{not json", "could not be read"),
            ("", "could not be read"),
            ("[1,2]", "could not be read"),
            (r#"{"drafts": {}}"#, "could not be read"),
            (r#"{"version": 0, "drafts": {}}"#, "another version"),
            (r#"{"version": 99}"#, "another version"),
            (r#"{"version": "2"}"#, "could not be read"),
        ] {
            let loaded = parse(text);
            let notice = loaded.notice.expect(text);
            assert!(notice.contains(expect), "{text}: {notice}");
            for jargon in ["expected", "struct", "line 1", "column"] {
                assert!(!notice.contains(jargon), "{text}: {notice}");
            }
            assert_eq!(loaded.saved, Saved::empty(), "{text}");
            assert_eq!(loaded.set_aside.len(), 1, "{text}");
            assert_eq!(loaded.set_aside[0].place, "all saved data");
        }
    }

    /// One damaged draft, history entry or settings block is set aside; everything else is kept.
    #[test]
    fn damaged_entries_are_set_aside_one_by_one() {
        let good = serde_json::to_value(entry("a", 0.5)).unwrap();
        let later = serde_json::to_value(entry("b", 1.5)).unwrap();
        for (text, places, history, drafts) in [
            (
                format!(r#"{{"version": 2, "history": [{good}, {{"question": 1}}, {later}]}}"#),
                vec!["history entry 2"],
                2,
                0,
            ),
            (
                format!(r#"{{"version": 2, "history": [{good}, 5, {later}], "drafts": {{"x": 3, "y": {{"mode": "quick", "low": "1", "high": "2", "source": ""}}}}}}"#),
                vec!["the draft of question “x”", "history entry 2"],
                2,
                1,
            ),
            (
                r#"{"version": 2, "history": {"a": 1}, "drafts": 7, "settings": [1]}"#.to_string(),
                vec!["the settings", "all drafts", "the whole history"],
                0,
                0,
            ),
            (
                r#"{"version": 2, "history": [{"question": "q", "text": "", "source": "", "dialect": "squiggle", "seed": 1, "samples": 10, "cramer_log": null, "at": 0}]}"#.to_string(),
                vec!["history entry 1"],
                0,
                0,
            ),
        ] {
            let loaded = parse(&text);
            let got: Vec<&str> = loaded.set_aside.iter().map(|s| s.place.as_str()).collect();
            assert_eq!(got, places, "{text}");
            assert_eq!(loaded.saved.history.len(), history, "{text}");
            assert_eq!(loaded.saved.drafts.len(), drafts, "{text}");
            let notice = loaded.notice.unwrap();
            assert!(notice.contains("Everything else was kept"), "{notice}");
            assert!(!notice.contains("expected"), "{notice}");
        }
    }

    #[test]
    fn set_aside_data_accumulates_as_one_file() {
        let item = |place: &str| SetAside {
            place: place.into(),
            why: "test".into(),
            data: serde_json::json!({"x": 1}),
        };
        let first = add_set_aside(None, vec![item("history entry 1")]);
        let second = add_set_aside(Some(&first), vec![item("history entry 4")]);
        let file: SetAsideFile = serde_json::from_str(&second).unwrap();
        assert_eq!(file.items.len(), 2);
        // What an older version set aside (raw text) is kept inside the file.
        let wrapped: SetAsideFile =
            serde_json::from_str(&add_set_aside(Some("{broken"), vec![])).unwrap();
        assert_eq!(wrapped.items[0].data, serde_json::Value::from("{broken"));
    }

    #[test]
    fn history_export_imports_back_without_duplicates() {
        let entry = entry("q", 1.5);
        let file = export_history(std::slice::from_ref(&entry));
        let mut history = vec![entry.clone()];
        let (entries, damaged) = import_history(&file).unwrap();
        assert_eq!((merge_history(&mut history, entries), damaged), (0, 0));
        assert_eq!(history.len(), 1);
        assert!(import_history("{}").is_err());
        assert!(import_history("[]").is_err());
        assert!(
            import_history(r#"{"fermi_playground_history": 4, "entries": []}"#)
                .unwrap_err()
                .contains("format 4")
        );
        let mixed = format!(
            r#"{{"fermi_playground_history": 2, "entries": [{}, {{"question": 2}}]}}"#,
            serde_json::to_string(&entry).unwrap()
        );
        assert_eq!(import_history(&mixed).unwrap().1, 1);
    }
}
