//! Packs a practice page loads: added once (the same pack again is "already loaded"), and the files kept between
//! visits while they are small (local storage holds about five million characters in all, drafts and history
//! included), under their own storage key: the files as given, loaded again through the bank's one loading path.

use fermi_bank::Pack;
use fermi_bank::import::{Report, load_report};
use serde::{Deserialize, Serialize};

/// The storage key of the kept files (apart from drafts and history).
pub const KEY: &str = "fermi-playground.packs";
/// Most characters of files kept.
pub const MAX_KEPT_CHARS: usize = 2_500_000;

/// Files as `(name, text)`.
pub type Batch = Vec<(String, String)>;

/// The files of each load that added a pack, as `(name, text)`.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Kept {
    pub batches: Vec<Batch>,
}

impl Kept {
    /// The kept files as stored; nothing for a missing or damaged entry.
    pub fn read(text: Option<&str>) -> Kept {
        text.and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or_default()
    }

    /// The kept batches as files read, for the one loading path.
    pub fn files(self) -> Vec<Vec<(String, Result<String, String>)>> {
        self.batches
            .into_iter()
            .map(|batch| {
                batch
                    .into_iter()
                    .map(|(name, text)| (name, Ok(text)))
                    .collect()
            })
            .collect()
    }

    /// Adds a batch of files: the JSON to store, or why it is not kept, for people.
    pub fn keep(mut self, batch: Batch) -> Result<String, String> {
        self.batches.push(batch);
        let size: usize = self
            .batches
            .iter()
            .flatten()
            .map(|(n, t)| n.len() + t.len())
            .sum();
        if size > MAX_KEPT_CHARS {
            return Err(format!(
                "Not kept in this browser: loaded packs may take {:.1} million characters and these would make \
                 {:.1}. After a reload, load the files again.",
                MAX_KEPT_CHARS as f64 / 1e6,
                size as f64 / 1e6
            ));
        }
        serde_json::to_string(&self).map_err(|_| REFUSED.to_string())
    }
}

/// Why kept files were not stored when storage refused them.
pub const REFUSED: &str =
    "Not kept in this browser (local storage refused it): after a reload, load the files again.";

/// The line said when a batch was kept.
pub const KEPT: &str =
    "Kept in this browser: it loads again on your next visit (\"Forget loaded packs\" removes it).";

/// Loads files as read and adds each pack not loaded yet to `packs` (through `wrap`, the page's handle on a
/// pack). Returns the report and the index of the first pack added, and the batch to keep when one was (the
/// files read).
pub fn add<P: std::ops::Deref<Target = Pack>>(
    packs: &mut Vec<P>,
    read: &[(String, Result<String, String>)],
    wrap: impl Fn(Pack) -> P,
) -> (Report, Option<usize>, Option<Batch>) {
    let (loaded, mut report) = load_report(read);
    let mut first_added = None;
    // One "Loaded …" line per pack, in order; a duplicate's line says so instead.
    let said = std::mem::take(&mut report.loaded);
    for (pack, line) in loaded.into_iter().zip(said) {
        if packs.iter().any(|p| p.same_as(&pack)) {
            report.loaded.push(format!(
                "“{}” (id {}, version {}) is already loaded: not added again.",
                pack.info.title, pack.info.id, pack.info.version
            ));
            continue;
        }
        report.loaded.push(line);
        first_added.get_or_insert(packs.len());
        packs.push(wrap(pack));
    }
    let batch = first_added.map(|_| {
        read.iter()
            .filter_map(|(name, text)| Some((name.clone(), text.as_ref().ok()?.clone())))
            .collect()
    });
    (report, first_added, batch)
}

/// What the page says after loading the kept packs again: the packs from `packs[before..]`.
pub fn restored<P: std::ops::Deref<Target = Pack>>(packs: &[P], before: usize) -> Report {
    let titles: Vec<String> = packs[before.min(packs.len())..]
        .iter()
        .map(|pack| {
            format!(
                "“{}” ({})",
                pack.info.title,
                fermi_num::count(pack.questions.len(), "question")
            )
        })
        .collect();
    Report {
        loaded: vec![format!(
            "Loaded again from your last visit: {}.",
            titles.join(", ")
        )],
        problems: Vec::new(),
    }
}

/// Forgets every loaded pack but the built-in one (the first): the question to open instead when the one open
/// (in pack `open`) was in a loaded pack, and the report to show.
pub fn forget<P: std::ops::Deref<Target = Pack>>(
    packs: &mut Vec<P>,
    open: Option<usize>,
) -> (Option<String>, Report) {
    packs.truncate(1);
    let reopen = open
        .filter(|pack| *pack > 0)
        .and_then(|_| packs.first()?.questions.first().map(|q| q.id.clone()));
    let report = Report {
        loaded: vec!["Loaded packs forgotten: only the built-in questions remain.".to_string()],
        problems: Vec::new(),
    };
    (reopen, report)
}
