//! Practice, the default mode: pick a question, answer with an interval or a program, submit, see the truth and
//! the score. The mode owns `PracticeState` (provided as context with its `Pipeline`), restores saved data and a
//! share link at start, and writes the saved data back as it changes.

mod answered;
mod browser;
mod calibration;
mod history;
mod packs;
mod question;
mod sets;
mod state;
mod theme;

use leptos::prelude::*;

use crate::adapters::{self, fragment};
use crate::components::{
    Answer, AnswerMode, Chart, FactorFeedback, Notices, QuantileTable, RulesTable, ScoreCard,
    SettingsPanel,
};
use answered::RecordedAnswer;
use browser::QuestionBrowser;
use calibration::CalibrationView;
use fermi_practice::Theme;
use fermi_practice::share::{self, Arrival, Shared};
use history::History;
use question::{Explanation, QuestionView};
use sets::PracticeSet;
pub use state::PracticeState;
use theme::ThemeChoice;

#[component]
pub fn Practice() -> impl IntoView {
    let (saved, notice) = adapters::practice::load();
    let state = PracticeState::new(saved);
    provide_context(state);
    provide_context(state.pipeline);
    if let Some(notice) = notice {
        state.notify(notice);
    }
    // A share link for a question with a different draft waits here for the user's choice.
    let pending = RwSignal::new(None::<Shared>);
    open_start_question(state, pending);
    // A link pasted into the open tab changes only the fragment.
    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        open_link(state, pending, &fragment());
    });
    on_cleanup(move || listener.remove());
    persist(state);
    // The built-in pack's explanations and sources, after the first screen: its questions then gain them.
    leptos::task::spawn_local(async move {
        match crate::load_bank(false).await {
            Ok(()) => state
                .packs
                .update(|p| p[0] = crate::run::Shared::new(fermi_bank::builtin())),
            Err(why) => state.notify(format!(
                "Explanations and sources could not be loaded ({why}): reload to try again."
            )),
        }
    });
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
                <LinkChoice pending />
                <QuestionView />
                <Answer
                    boxes=state.boxes
                    unit
                    submitted
                    on_submit=Callback::new(move |()| state.submit())
                />
                <section class="result" aria-label="Result">
                    <RecordedAnswer />
                    <ScoreCard unit submitted problem />
                    <FactorFeedback question=state.question on_break_down=break_down(state) />
                    <Chart unit />
                    <QuantileTable unit />
                    <RulesTable />
                </section>
                <Explanation />
                <CalibrationView />
            </main>
        </div>
    }
}

/// "Break it down": the skeleton replaces the answer in the program editor.
fn break_down(state: PracticeState) -> Callback<String> {
    Callback::new(move |skeleton: String| {
        state.boxes.mode.set(AnswerMode::Program);
        state.pipeline.load(skeleton);
        crate::components::focus_by_id("estimate-input");
    })
}

/// The share link of the current estimate (question, program, dialect, seed, samples), with a Copy button.
#[component]
fn ShareLink() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let p = state.pipeline;
    let link = move || {
        let question = state.question.get()?;
        let encoded = share::encode(&Shared::of(&question.id, p.program()));
        Some(format!("{}{encoded}", adapters::page_address()))
    };
    let copied = RwSignal::new(None::<&'static str>);
    let copy = move |_| {
        let Some(text) = link() else { return };
        adapters::copy(text, move |ok| {
            copied.set(Some(match ok {
                true => "Copied: paste it anywhere to share this estimate.",
                false => "The browser refused to copy: select the link above and copy it by hand.",
            }))
        });
    };
    view! {
        <label for="share-link">"Share link (question, program, dialect, seed, samples)"</label>
        <div class="row">
            <input id="share-link" data-testid="share-link" type="text" readonly prop:value=move || link().unwrap_or_default() />
            <button data-testid="share-copy" on:click=copy>"Copy"</button>
        </div>
        <p class="muted" role="status" data-testid="share-copied">{move || copied.get()}</p>
    }
}

/// A share link in the URL wins; otherwise the first built-in question.
fn open_start_question(state: PracticeState, pending: RwSignal<Option<Shared>>) {
    if open_link(state, pending, &fragment()) {
        return;
    }
    let first = state
        .packs
        .with_untracked(|p| fermi_practice::browse::start_question(&p[0]));
    if let Some(id) = first {
        state.open(0, &id);
    }
}

/// Opens the question of a share link in `fragment`; true if it did. The link is taken out of the address once
/// read, so a reload does not apply it again. Where the question has a draft that differs, the shared estimate
/// waits in `pending` for the user's choice instead of replacing it.
fn open_link(state: PracticeState, pending: RwSignal<Option<Shared>>, fragment: &str) -> bool {
    let arrival = state.packs.with_untracked(|p| {
        let known = |id: &str| p[0].question(id).is_some();
        state
            .core
            .with_untracked(|c| Arrival::of(fragment, known, &c.drafts))
    });
    if arrival != Arrival::Nothing {
        adapters::clear_fragment();
    }
    match arrival {
        Arrival::Nothing => false,
        Arrival::Refused(notice) => {
            state.notify(notice);
            false
        }
        Arrival::Ask(link) => {
            state.open(0, &link.question);
            pending.set(Some(link));
            true
        }
        Arrival::Apply(link) => {
            state.open(0, &link.question);
            pending.set(None);
            apply_link(state, link);
            true
        }
    }
}

/// Puts a shared estimate in the editor of the open question, with its dialect, seed and sample count.
fn apply_link(state: PracticeState, link: Shared) {
    state.load(link.program());
    state.notify("A shared estimate was loaded. Press Submit to see its score.");
}

/// The choice a share link asks for when its question already has a different draft: open the shared estimate
/// in its place, or keep the draft.
#[component]
fn LinkChoice(pending: RwSignal<Option<Shared>>) -> impl IntoView {
    let state = expect_context::<PracticeState>();
    move || {
        let link = pending.get()?;
        let program = link.source.clone();
        let text = state
            .packs
            .with(|p| p[0].question(&link.question).map(|q| q.text.clone()))
            .unwrap_or_default();
        let open_shared = move |_| {
            pending.set(None);
            state.open(0, &link.question);
            apply_link(state, link.clone());
        };
        Some(view! {
            <section class="panel share-choice" data-testid="share-choice" aria-label="A shared estimate">
                <p>
                    <strong>"This link holds a shared estimate, and you already have a draft for its question: "</strong>
                    {text}
                </p>
                <p class="muted">"Opening the shared estimate puts it in the editor in place of your draft."</p>
                <pre class="code" data-testid="share-choice-program">{program}</pre>
                <div class="row">
                    <button class="primary" data-testid="share-use" on:click=open_shared>"Open the shared estimate"</button>
                    <button data-testid="share-keep" on:click=move |_| pending.set(None)>"Keep my draft"</button>
                </div>
            </section>
        })
    }
}

/// Writes drafts, history, settings and the app's theme to local storage whenever they change; a failed write is
/// a notice.
fn persist(state: PracticeState) {
    let theme = expect_context::<RwSignal<Theme>>();
    Effect::new(move |_| {
        let saved = state
            .core
            .with(|c| c.saved(state.pipeline.settings(), theme.get()));
        if let Err(notice) = adapters::practice::save(&saved) {
            state.notify(notice);
        }
    });
}
