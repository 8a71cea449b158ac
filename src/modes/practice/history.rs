use leptos::prelude::*;

use super::PracticeState;
use crate::components::{self, files};
use crate::storage;

/// Answered questions, newest first, with export and import as a JSON file.
#[component]
pub fn History() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let rows = move || {
        state.history.with(|h| {
            h.iter()
                .rev()
                .take(50)
                .map(|e| {
                    view! {
                        <li>
                            <span class="item-text">{e.text.clone()}</span>
                            <span class="item-tags">{format!("Cramér-log {:.4}", e.cramer_log)}</span>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let import = move |ev: web_sys::Event| {
        let Some(list) = files::from_input(&ev) else {
            return;
        };
        leptos::task::spawn_local(async move {
            for (name, text) in files::read_all(list).await {
                match text.and_then(|t| storage::import_history(&t)) {
                    Ok(entries) => {
                        let mut added = 0;
                        state
                            .history
                            .update(|h| added = storage::merge_history(h, entries));
                        state.notify(format!(
                            "{name}: {} added to the history.",
                            components::count(added, "answer")
                        ));
                    }
                    Err(why) => state.notify(format!("{name}: {why}")),
                }
            }
        });
    };
    view! {
        <section class="panel history" aria-label="History">
            <h2>"History"</h2>
            <p class="muted">{move || components::count(state.history.with(Vec::len), "answer")}</p>
            <ul class="history-list" data-testid="history">{rows}</ul>
            <div class="row">
                <button
                    data-testid="export-history"
                    on:click=move |_| files::download("fermi-history.json", &storage::export_history(&state.history.get_untracked()))
                >
                    "Export history"
                </button>
            </div>
            <label for="import-history">"Import history (a file exported here)"</label>
            <input id="import-history" data-testid="import-history" type="file" accept=".json" on:change=import />
        </section>
    }
}
