//! Packs the user loads: added once (the same pack again is "already loaded"), and kept in this browser between
//! visits while their files are small, under their own storage key (apart from drafts and history): the files as
//! given, loaded again through the core's one loading path at start.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::PracticeState;
use crate::adapters;
use crate::components::files;
use crate::run::Shared;

const KEY: &str = "fermi-playground.packs";
/// Most characters of files kept (local storage holds about five million in all, drafts and history included).
const MAX_KEPT_CHARS: usize = 2_500_000;

/// The files of each load that added a pack, as `(name, text)`.
#[derive(Default, Serialize, Deserialize)]
struct Kept {
    batches: Vec<Vec<(String, String)>>,
}

fn read() -> Kept {
    adapters::read(KEY)
        .ok()
        .flatten()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// Keeps a batch of files; `Err` says why not, for people.
fn keep(batch: Vec<(String, String)>) -> Result<(), String> {
    let mut kept = read();
    kept.batches.push(batch);
    let size: usize = kept
        .batches
        .iter()
        .flatten()
        .map(|(n, t)| n.len() + t.len())
        .sum();
    if size > MAX_KEPT_CHARS {
        return Err(format!(
            "Not kept in this browser: loaded packs may take {:.1} million characters and these would make {:.1}. \
             After a reload, load the files again.",
            MAX_KEPT_CHARS as f64 / 1e6,
            size as f64 / 1e6
        ));
    }
    let refused = "Not kept in this browser (local storage refused it): after a reload, load the files again.";
    let json = serde_json::to_string(&kept).map_err(|_| refused)?;
    adapters::write(KEY, &json).map_err(|_| refused.to_string())
}

/// Forgets every kept pack.
pub fn forget() {
    adapters::remove(KEY);
}

/// Loads the files read through the core and adds each new pack. `keep_files` keeps the batch for the next visit
/// when it added a pack. Returns the report to show and the index of the first pack added.
pub fn add(
    state: PracticeState,
    read: &[(String, Result<String, String>)],
    keep_files: bool,
) -> (files::Outcome, Option<usize>) {
    let (packs, mut outcome) = files::load(read);
    let mut first_added = None;
    // `files::load` words one "Loaded …" line per pack, in order; a duplicate's line says so instead.
    let said = std::mem::take(&mut outcome.loaded);
    for (pack, line) in packs.into_iter().zip(said) {
        if state
            .packs
            .with_untracked(|p| p.iter().any(|loaded| loaded.same_as(&pack)))
        {
            outcome.loaded.push(format!(
                "“{}” (id {}, version {}) is already loaded: not added again.",
                pack.info.title, pack.info.id, pack.info.version
            ));
            continue;
        }
        outcome.loaded.push(line);
        state.packs.update(|p| {
            first_added.get_or_insert(p.len());
            p.push(Shared::new(pack));
        });
    }
    if keep_files && first_added.is_some() {
        let batch: Vec<(String, String)> = read
            .iter()
            .filter_map(|(name, text)| Some((name.clone(), text.as_ref().ok()?.clone())))
            .collect();
        match keep(batch) {
            Ok(()) => outcome.loaded.push(
                "Kept in this browser: it loads again on your next visit (\"Forget loaded packs\" removes it)."
                    .to_string(),
            ),
            Err(why) => outcome.problems.push(why),
        }
    }
    (outcome, first_added)
}

/// Loads the packs kept from earlier visits; the report says which came back.
pub fn restore(state: PracticeState) -> Option<files::Outcome> {
    let kept = read();
    if kept.batches.is_empty() {
        return None;
    }
    let before = state.packs.with_untracked(Vec::len);
    for batch in kept.batches {
        let read: Vec<(String, Result<String, String>)> = batch
            .into_iter()
            .map(|(name, text)| (name, Ok(text)))
            .collect();
        add(state, &read, false);
    }
    let titles: Vec<String> = state.packs.with_untracked(|p| {
        p[before..]
            .iter()
            .map(|pack| {
                format!(
                    "“{}” ({})",
                    pack.info.title,
                    crate::components::count(pack.questions.len(), "question")
                )
            })
            .collect()
    });
    Some(files::Outcome {
        loaded: vec![format!(
            "Loaded again from your last visit: {}.",
            titles.join(", ")
        )],
        problems: Vec::new(),
    })
}
