//! <App/>: the page layout. State lives in `AppState`, provided as context; this file also restores saved data
//! and a share link at start, and writes the saved data back as it changes.

use leptos::prelude::*;

use crate::components::{
    Answer, Chart, Explanation, History, Notices, QuantileTable, QuestionBrowser, QuestionView,
    RulesTable, ScoreCard, SettingsPanel,
};
use crate::state::{AppState, Mode};
use crate::storage::{self, Saved};

#[component]
pub fn App() -> impl IntoView {
    let (saved, notice) = storage::browser::load();
    let state = AppState::new(saved);
    provide_context(state);
    if let Some(notice) = notice {
        state.notify(notice);
    }
    open_start_question(state);
    state.start_effects();
    persist(state);
    view! {
        <a class="skip" href="#answer">"Skip to the answer"</a>
        <header class="masthead">
            <h1>"Fermi Playground"</h1>
            <p class="tagline">"Estimate as a program. See it against the truth. Get a proper score."</p>
        </header>
        <Notices />
        <div class="layout">
            <aside class="sidebar">
                <QuestionBrowser />
                <SettingsPanel />
                <History />
            </aside>
            <main class="page">
                <QuestionView />
                <Answer />
                <section class="result" aria-label="Result">
                    <ScoreCard />
                    <Chart />
                    <QuantileTable />
                    <RulesTable />
                </section>
                <Explanation />
            </main>
        </div>
    }
}

/// A share link in the URL wins; otherwise the first built-in question.
fn open_start_question(state: AppState) {
    let fragment = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    match crate::share::decode(&fragment) {
        Ok(Some(link)) => {
            let known = state
                .packs
                .with_untracked(|p| p[0].question(&link.question).is_some());
            if known {
                state.open(0, &link.question);
                state.mode.set(Mode::Program);
                state.dialect.set(link.dialect);
                state.seed.set(link.seed);
                state.samples.set(link.samples);
                state.source.set(link.source.clone());
                state.evaluated.set(link.source);
                state.notify("A shared estimate was loaded. Press Submit to see its score.");
                return;
            }
            state.notify(format!(
                "This share link names a question that is not in the built-in pack ({}).",
                link.question.chars().take(80).collect::<String>()
            ));
        }
        Ok(None) => {}
        Err(notice) => state.notify(notice),
    }
    let first = state.packs.with_untracked(|p| {
        let pack = &p[0];
        pack.question("germany-coal-to-solar-area")
            .or(pack.questions.first())
            .map(|q| q.id.clone())
    });
    if let Some(id) = first {
        state.open(0, &id);
    }
}

/// Writes drafts, history and settings to local storage whenever they change; a failed write is a notice.
fn persist(state: AppState) {
    Effect::new(move |_| {
        let saved = Saved {
            version: storage::VERSION,
            drafts: state.drafts.get(),
            history: state.history.get(),
            settings: state.settings(),
        };
        if let Err(notice) = storage::browser::save(&saved) {
            state.notify(notice);
        }
    });
}
