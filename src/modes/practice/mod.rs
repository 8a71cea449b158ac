//! Practice, the default mode: pick a question, answer with an interval or a program, submit, see the truth and
//! the score. The mode owns `PracticeState` (provided as context with its `Pipeline`), restores saved data and a
//! share link at start, and writes the saved data back as it changes.

mod answered;
mod browser;
mod calibration;
mod calibration_plot;
mod history;
mod question;
mod sets;
mod state;
mod theme;

use leptos::prelude::*;

use crate::components::{
    Answer, AnswerMode, Chart, Notices, QuantileTable, RulesTable, ScoreCard, SettingsPanel,
};
use crate::storage::{self, Saved};
use answered::RecordedAnswer;
use browser::QuestionBrowser;
use calibration::CalibrationView;
use history::History;
use question::{Explanation, QuestionView};
use sets::PracticeSet;
pub use state::PracticeState;
use theme::ThemeChoice;

#[component]
pub fn Practice() -> impl IntoView {
    let (saved, notice) = storage::browser::load();
    let state = PracticeState::new(saved);
    provide_context(state);
    provide_context(state.pipeline);
    provide_context(state.theme);
    if let Some(notice) = notice {
        state.notify(notice);
    }
    open_start_question(state);
    persist(state);
    let unit = state.unit();
    let submitted = state.submitted;
    let problem = Signal::derive(move || state.truth.get().and_then(Result::err));
    view! {
        <a class="skip" href="#answer">"Skip to the answer"</a>
        <header class="masthead">
            <h1>"Fermi Playground"</h1>
            <p class="tagline">
                "Estimate as a program. See it against the truth. Get a proper score. "
                <a href="#lab" data-testid="open-lab">"Scoring lab: why honesty pays"</a>
            </p>
        </header>
        <Notices notices=state.notices />
        <div class="layout">
            <aside class="sidebar">
                <QuestionBrowser />
                <SettingsPanel>
                    <ShareLink />
                    <ThemeChoice />
                </SettingsPanel>
                <History />
            </aside>
            <main class="page">
                <PracticeSet />
                <QuestionView />
                <Answer
                    boxes=state.boxes
                    unit
                    submitted
                    on_submit=Callback::new(move |()| state.submit())
                />
                <section class="result" aria-label="Result">
                    <RecordedAnswer />
                    <ScoreCard submitted problem />
                    <Chart unit />
                    <QuantileTable />
                    <RulesTable />
                </section>
                <Explanation />
                <CalibrationView />
            </main>
        </div>
    }
}

/// The share link of the current estimate: question, program, dialect, seed and samples.
#[component]
fn ShareLink() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let p = state.pipeline;
    let link = move || {
        let question = state.question.get()?;
        let encoded = crate::share::encode(&crate::share::Shared {
            question: question.id.clone(),
            source: p.evaluated.get(),
            dialect: p.dialect.get(),
            seed: p.seed.get(),
            samples: p.samples.get(),
        });
        let location = web_sys::window()?.location();
        let base = format!("{}{}", location.origin().ok()?, location.pathname().ok()?);
        Some(format!("{base}{encoded}"))
    };
    view! {
        <label for="share-link">"Share link (question, program, dialect, seed, samples)"</label>
        <input id="share-link" data-testid="share-link" type="text" readonly prop:value=move || link().unwrap_or_default() />
    }
}

/// A share link in the URL wins; otherwise the first built-in question.
fn open_start_question(state: PracticeState) {
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
                let p = state.pipeline;
                state.boxes.mode.set(AnswerMode::Program);
                p.dialect.set(link.dialect);
                p.seed.set(link.seed);
                p.samples.set(link.samples);
                p.load(link.source);
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
fn persist(state: PracticeState) {
    Effect::new(move |_| {
        let saved = Saved {
            version: storage::VERSION,
            drafts: state.drafts.get(),
            history: state.history.get(),
            settings: state.pipeline.settings(),
            theme: state.theme.get(),
        };
        if let Err(notice) = storage::browser::save(&saved) {
            state.notify(notice);
        }
    });
}
