//! Answered questions, newest first: each reopens its answer exactly as submitted. Export and import as a JSON
//! file, and the data set aside from damaged storage, offered as a download.

use leptos::prelude::*;

use super::PracticeState;
use crate::adapters;
use crate::components::{self, files};
use fermi_practice::saved;

#[component]
pub fn History() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let rows = move || {
        state.history.with(|h| {
            h.iter()
                .rev()
                .take(50)
                .map(|e| {
                    let entry = e.clone();
                    let tag = e.tag();
                    view! {
                        <li>
                            <button
                                class="question-item"
                                data-testid="history-entry"
                                title="Reopen this answer and its score"
                                on:click=move |_| state.reopen(&entry)
                            >
                                <span class="item-text">{e.text.clone()}</span>
                                <span class="item-tags">{tag}</span>
                            </button>
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
            for (name, read) in files::read_all(list).await {
                let said = state.core.try_update(|c| {
                    saved::import_into(
                        &mut c.history,
                        &name,
                        read.as_deref().map_err(|e| e.as_str()),
                    )
                });
                state.notify(said.unwrap_or_default());
            }
        });
    };
    view! {
        <section class="panel history" aria-label="History">
            <h2>"History"</h2>
            <p class="muted">{move || components::count(state.history.with(Vec::len), "answer")} " · select one to reopen it"</p>
            <ul class="history-list" data-testid="history">{rows}</ul>
            <div class="row">
                <button
                    data-testid="export-history"
                    on:click=move |_| files::download("fermi-history.json", &state.core.with_untracked(|c| saved::export_history(&c.history)))
                >
                    "Export history"
                </button>
            </div>
            <label for="import-history">"Import history (a file exported here)"</label>
            <input id="import-history" data-testid="import-history" type="file" accept=".json" on:change=import />
            <SetAside />
        </section>
    }
}

/// Saved data that could not be read: kept aside until the user downloads or discards it.
#[component]
fn SetAside() -> impl IntoView {
    let held = RwSignal::new(adapters::practice::set_aside());
    move || {
        held.get().map(|text| {
            view! {
                <div class="set-aside" data-testid="set-aside">
                    <p>"Some saved data could not be read and was set aside. Download it to keep it, or discard it."</p>
                    <div class="row">
                        <button
                            data-testid="download-set-aside"
                            on:click=move |_| files::download("fermi-set-aside.json", &text)
                        >
                            "Download the set-aside data"
                        </button>
                        <button
                            data-testid="discard-set-aside"
                            on:click=move |_| {
                                adapters::practice::discard_set_aside();
                                held.set(None);
                            }
                        >
                            "Discard it"
                        </button>
                    </div>
                </div>
            }
        })
    }
}
