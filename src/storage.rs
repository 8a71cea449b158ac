//! What survives a reload: drafts per question, the answered history and the settings, as one versioned JSON
//! document in local storage. Reading never fails: corrupt, old or unreadable data becomes a notice.

use std::collections::BTreeMap;

use fermi_syntax::Dialect;
use serde::{Deserialize, Serialize};

use crate::components::AnswerMode;

pub const KEY: &str = "fermi-playground";
/// Where unreadable saved data is moved, so that nothing is silently destroyed.
pub const BACKUP_KEY: &str = "fermi-playground.unreadable";
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    pub mode: AnswerMode,
    pub low: String,
    pub high: String,
    pub source: String,
    #[serde(default)]
    pub dialect: Option<Dialect>,
}

impl Default for Draft {
    fn default() -> Draft {
        Draft {
            mode: AnswerMode::Quick,
            low: String::new(),
            high: String::new(),
            source: String::new(),
            dialect: None,
        }
    }
}

/// One submitted answer.
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
}

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

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    pub version: u32,
    #[serde(default)]
    pub drafts: BTreeMap<String, Draft>,
    #[serde(default)]
    pub history: Vec<HistoryEntry>,
    #[serde(default)]
    pub settings: Settings,
}

#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// Reads saved text. `Err` carries the notice to show; the caller then starts fresh and keeps the text aside.
pub fn parse(text: &str) -> Result<Saved, String> {
    let version = serde_json::from_str::<VersionOnly>(text)
        .map_err(|e| format!("Your saved drafts and history could not be read ({e}). The app started fresh; the unreadable data was set aside."))?
        .version;
    if version != VERSION {
        return Err(format!(
            "Your saved data is from another version of the playground (format {version}, this one reads {VERSION}). \
             The app started fresh; the old data was set aside."
        ));
    }
    let mut saved: Saved = serde_json::from_str(text).map_err(|e| {
        format!("Your saved drafts and history are damaged ({e}). The app started fresh; the damaged data was set aside.")
    })?;
    saved.history.retain(|h| h.cramer_log.is_finite());
    Ok(saved)
}

pub fn to_json(saved: &Saved) -> String {
    serde_json::to_string(saved).unwrap_or_default()
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

pub fn import_history(text: &str) -> Result<Vec<HistoryEntry>, String> {
    let file: HistoryFile = serde_json::from_str(text)
        .map_err(|e| format!("This is not a history file exported by the playground ({e})."))?;
    if file.fermi_playground_history != VERSION {
        return Err(format!(
            "This history file has format {}; this playground reads format {VERSION}.",
            file.fermi_playground_history
        ));
    }
    Ok(file.entries)
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

/// The browser side: local storage, with every failure turned into a notice.
pub mod browser {
    use super::*;

    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }

    /// The saved state and an optional notice.
    pub fn load() -> (Saved, Option<String>) {
        let Some(storage) = storage() else {
            return (
                Saved::default(),
                Some(
                    "Local storage is unavailable: drafts and history will not survive a reload."
                        .into(),
                ),
            );
        };
        match storage.get_item(KEY) {
            Ok(None) => (
                Saved {
                    version: VERSION,
                    ..Saved::default()
                },
                None,
            ),
            Ok(Some(text)) => match parse(&text) {
                Ok(saved) => (saved, None),
                Err(notice) => {
                    let _ = storage.set_item(BACKUP_KEY, &text);
                    let _ = storage.remove_item(KEY);
                    (
                        Saved {
                            version: VERSION,
                            ..Saved::default()
                        },
                        Some(notice),
                    )
                }
            },
            Err(_) => (
                Saved::default(),
                Some("Local storage could not be read: drafts and history will not survive a reload.".into()),
            ),
        }
    }

    /// Writes the state; `Err` with a notice when storage is full or refused.
    pub fn save(saved: &Saved) -> Result<(), String> {
        let storage =
            storage().ok_or("Local storage is unavailable: drafts are not being saved.")?;
        storage.set_item(KEY, &to_json(saved)).map_err(|_| {
            "Local storage is full or refused the write: your latest drafts are not saved. Export your history, \
             then clear some site data."
                .to_string()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_state_round_trips() {
        let mut saved = Saved {
            version: VERSION,
            ..Saved::default()
        };
        saved.drafts.insert(
            "q".into(),
            Draft {
                mode: AnswerMode::Program,
                low: "1".into(),
                high: "2 billion".into(),
                source: "to(1, 2e9)".into(),
                dialect: Some(Dialect::Fermi),
            },
        );
        saved.history.push(HistoryEntry {
            question: "q".into(),
            text: "How many?".into(),
            source: "to(1, 2)".into(),
            dialect: Dialect::Squiggle,
            seed: u64::MAX,
            samples: 10_000,
            cramer_log: 0.25,
            at: 1.0e12,
        });
        assert_eq!(parse(&to_json(&saved)), Ok(saved));
    }

    #[test]
    fn unreadable_data_becomes_a_notice() {
        for (text, expect) in [
            ("{not json", "could not be read"),
            ("", "could not be read"),
            ("[1,2]", "could not be read"),
            (r#"{"version": 0, "drafts": {}}"#, "another version"),
            (r#"{"version": 99}"#, "another version"),
            (r#"{"version": 1, "drafts": 5}"#, "damaged"),
            (r#"{"version": 1, "history": [{"question": 1}]}"#, "damaged"),
        ] {
            let notice = parse(text).expect_err(text);
            assert!(notice.contains(expect), "{text}: {notice}");
        }
    }

    #[test]
    fn history_export_imports_back_without_duplicates() {
        let entry = HistoryEntry {
            question: "q".into(),
            text: "<b>not markup</b>".into(),
            source: "1 10".into(),
            dialect: Dialect::Fermi,
            seed: 7,
            samples: 1000,
            cramer_log: 1.5,
            at: 0.0,
        };
        let file = export_history(std::slice::from_ref(&entry));
        let mut history = vec![entry.clone()];
        assert_eq!(
            merge_history(&mut history, import_history(&file).unwrap()),
            0
        );
        assert_eq!(history.len(), 1);
        assert!(import_history("{}").is_err());
        assert!(
            import_history(r#"{"fermi_playground_history": 2, "entries": []}"#)
                .unwrap_err()
                .contains("format 2")
        );
    }
}
