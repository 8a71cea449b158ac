//! Converters from public question sets to packs. Pure functions: source text in, a pack and a report out, so the
//! browser can run them too. Each converter keeps what it can state honestly and drops the rest by named reason.

mod calibration;
mod files;
mod realfp;
mod scioly;
mod units;

use std::collections::BTreeMap;
use std::fmt;

pub use calibration::calibration;
pub use files::{
    Converted, FILE_GUIDE, Format, Kind, Loaded, Report, convert, detect, load_files, load_report,
};
pub use realfp::realfp;
pub use scioly::scioly;
pub use units::{Quantity, parse_quantity};

/// What a conversion kept and dropped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImportReport {
    /// Records read from the input(s).
    pub records: usize,
    pub kept: usize,
    /// Reason → the dropped records (each named by its place in the source, e.g. `train_realfp.json #12`).
    pub dropped: BTreeMap<&'static str, Vec<String>>,
    /// Things kept but worth a look (corrections applied, …), counted by kind.
    pub notes: BTreeMap<&'static str, usize>,
}

impl ImportReport {
    fn drop(&mut self, reason: &'static str, record: impl Into<String>) {
        self.dropped.entry(reason).or_default().push(record.into());
    }

    fn note(&mut self, kind: &'static str) {
        *self.notes.entry(kind).or_default() += 1;
    }

    pub fn dropped_total(&self) -> usize {
        self.dropped.values().map(Vec::len).sum()
    }
}

impl fmt::Display for ImportReport {
    /// Counts only; the dropped records are listed by the caller when wanted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "records: {}, kept: {}, dropped: {}",
            self.records,
            self.kept,
            self.dropped_total()
        )?;
        for (reason, records) in &self.dropped {
            writeln!(f, "  dropped {:>5}  {reason}", records.len())?;
        }
        for (kind, count) in &self.notes {
            writeln!(f, "  note    {count:>5}  {kind}")?;
        }
        Ok(())
    }
}

/// A kebab-case slug of ASCII letters and digits (other characters separate words), at most `max` bytes.
pub(crate) fn slugify(text: &str, max: usize) -> String {
    let mut slug = String::new();
    for word in text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        let word = word.to_ascii_lowercase();
        if slug.len() + word.len() + 1 > max {
            break;
        }
        if !slug.is_empty() {
            slug.push('-');
        }
        slug.push_str(&word);
    }
    slug
}

/// Text reduced for duplicate detection: lowercase letters and digits, words separated by single spaces.
fn normalised(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Gives each id a unique form by appending `-2`, `-3`, … on collision.
#[derive(Default)]
struct Ids(std::collections::HashSet<String>);

impl Ids {
    fn unique(&mut self, base: String) -> String {
        let mut id = base.clone();
        let mut n = 2;
        while !self.0.insert(id.clone()) {
            id = format!("{base}-{n}");
            n += 1;
        }
        id
    }
}

/// A JSON input that is not even the expected top-level shape.
fn parse_json(file: &str, text: &str) -> Result<serde_json::Value, String> {
    serde_json::from_str(text)
        .map_err(|e| format!("{file}:{}:{}: not valid JSON: {e}", e.line(), e.column()))
}
