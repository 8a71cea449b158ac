//! Packs the user loads, over `fermi_practice::packs`: added once, and the files kept in local storage between
//! visits, loaded again through the core's one loading path at start.

use fermi_practice::packs::{self, KEPT, KEY, Kept, REFUSED};
use leptos::prelude::*;

use super::PracticeState;
use crate::adapters;
use crate::components::files::Outcome;
use crate::run::Shared;

fn read() -> Kept {
    Kept::read(adapters::read(KEY).ok().flatten().as_deref())
}

/// Forgets every kept pack.
pub fn forget() {
    adapters::remove(KEY);
}

/// Loads the files read through the core and adds each new pack. `keep_files` keeps the batch for the next visit
/// when it added a pack. Returns the report to show and the index of the first pack added.
pub fn add(
    state: PracticeState,
    read_files: &[(String, Result<String, String>)],
    keep_files: bool,
) -> (Outcome, Option<usize>) {
    let mut added = None;
    // Only a pack added is a change of the list.
    state.packs.maybe_update(|p| {
        let result = packs::add(p, read_files, Shared::new);
        let changed = result.1.is_some();
        added = Some(result);
        changed
    });
    let Some((mut outcome, first_added, batch)) = added else {
        return (Outcome::default(), None);
    };
    if let Some(batch) = batch.filter(|_| keep_files) {
        let kept = read()
            .keep(batch)
            .and_then(|json| adapters::write(KEY, &json).map_err(|_| REFUSED.to_string()));
        match kept {
            Ok(()) => outcome.loaded.push(KEPT.to_string()),
            Err(why) => outcome.problems.push(why),
        }
    }
    (outcome, first_added)
}

/// Loads the packs kept from earlier visits; the report says which came back.
pub fn restore(state: PracticeState) -> Option<Outcome> {
    let kept = read();
    if kept.batches.is_empty() {
        return None;
    }
    let before = state.packs.with_untracked(Vec::len);
    for batch in kept.files() {
        add(state, &batch, false);
    }
    Some(state.packs.with_untracked(|p| packs::restored(p, before)))
}
