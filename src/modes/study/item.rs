//! One item on screen: the question, the answer editor in the formats the study allows, the participant's own
//! 5%/50%/95% and chart, and `study-next` / `study-skip`. A practice item shows its truth after `study-next`;
//! a scored item never shows a truth or a score.

use fermi_study::{Session, Stage};
use leptos::prelude::*;

use super::state::StudyState;
use crate::components::{
    AnswerMode, Chart, Diagnostics, Editor, EstimateSummary, ModeTabs, Quick, ScoreCard,
    UnitWarning,
};

#[component]
pub fn ItemView() -> impl IntoView {
    let state = expect_context::<StudyState>();
    let question = Memo::new(move |_| {
        let id = state.question.get()?;
        state.loaded.with_value(|l| {
            l.question(&id)
                .map(|q| (q.text.clone(), q.unit.clone(), q.disambiguation.clone()))
        })
    });
    let unit = Signal::derive(move || question.get().map(|q| q.1).unwrap_or_default());
    // A practice item's truth once it is revealed (the core's rule: a scored item never shows one).
    let truth_words = Memo::new(move |_| {
        state.stage.track();
        state.loaded.with_value(|l| {
            let shown = |s: &Session| s.revealed(&l.packs).map(fermi_study::truth_words);
            state.session.with_untracked(shown)
        })
    });
    let scored = Memo::new(move |_| matches!(state.stage.get(), Stage::Item { .. }));
    let next_label = move || state.session.with(Session::next_label);
    let truth = move || {
        let words = truth_words.get()?;
        Some(view! {
            <div class="study-truth" data-testid="study-truth">
                <p class="truth-summary">"The answer: " {words}</p>
                <ScoreCard unit submitted=true problem=Signal::derive(|| None::<String>) no_benchmark=true />
            </div>
        })
    };
    let allow_skip = state.study(|s| s.allow_skip);
    // An arm may hide the live percentiles and the chart (matched conditions with a model that sees neither).
    let conditions = state.conditions();
    let summary = conditions
        .show_percentiles
        .then(|| view! { <EstimateSummary unit /> });
    let chart = conditions.show_chart.then(|| view! { <Chart unit /> });
    // The quick/program tabs, where the study takes both ways of answering.
    let tabs = conditions
        .picks_way()
        .then(|| view! { <ModeTabs boxes=state.boxes /> });
    let both = conditions.picks_dialect();
    view! {
        <section class="panel question" data-testid="study-item" aria-labelledby="study-question">
            <p id="study-question" class="question-text">{move || question.get().map(|q| q.0)}</p>
            {move || question.get().and_then(|q| q.2).map(|d| view! { <p class="muted">{d}</p> })}
            <p class="question-meta"><span>"Unit: " <strong>{unit}</strong></span></p>
        </section>
        <section class="panel answer" id="answer" aria-label="Your answer" on:paste=move |_| state.session.update(|s| s.paste())>
            {tabs}
            {move || match state.boxes.mode.get() {
                AnswerMode::Quick => view! { <Quick boxes=state.boxes unit /> }.into_any(),
                // The dialect switch only when the study takes both.
                AnswerMode::Program => view! { <Editor dialect_switch=both /> }.into_any(),
            }}
            <Diagnostics places=Signal::derive(move || state.boxes.mode.get() == AnswerMode::Program) />
            {summary}
            <UnitWarning boxes=state.boxes unit />
            {chart}
            {truth}
            <div class="submit-row">
                <button class="primary" data-testid="study-next" on:click=move |_| state.next()>{next_label}</button>
                {move || (allow_skip && scored.get()).then(|| view! { <Skip /> })}
                {move || scored.get().then(|| view! { <Stop /> })}
            </div>
            <p class="problem" role="alert" data-testid="study-refusal">{move || state.refusal.get()}</p>
        </section>
    }
}

/// `study-skip`: a reason box with its own confirm.
#[component]
fn Skip() -> impl IntoView {
    let state = expect_context::<StudyState>();
    let open = RwSignal::new(false);
    let reason = RwSignal::new(String::new());
    view! {
        <button data-testid="study-skip" on:click=move |_| open.update(|o| *o = !*o)>"Skip this question"</button>
        {move || open.get().then(|| view! {
            <div class="study-skip-box" role="group" aria-label="Why you skip">
                <label for="study-skip-reason">"Why do you skip it? (required)"</label>
                <textarea
                    id="study-skip-reason"
                    data-testid="study-skip-reason"
                    rows="2"
                    prop:value=move || reason.get()
                    on:input=move |ev| reason.set(event_target_value(&ev))
                ></textarea>
                <div class="row">
                    <button
                        class="primary"
                        data-testid="study-skip-confirm"
                        on:click=move |_| {
                            if state.skip(&reason.get_untracked()) {
                                reason.set(String::new());
                                open.set(false);
                            }
                        }
                    >"Skip it"</button>
                    <button on:click=move |_| open.set(false)>"Cancel"</button>
                </div>
            </div>
        })}
    }
}

/// `study-stop`: ends the study early after a confirm; what was answered is handed in as a partial record.
#[component]
fn Stop() -> impl IntoView {
    let state = expect_context::<StudyState>();
    let open = RwSignal::new(false);
    view! {
        <button class="link" data-testid="study-stop" on:click=move |_| open.update(|o| *o = !*o)>"Stop here"</button>
        {move || open.get().then(|| view! {
            <div class="study-skip-box" role="group" aria-label="Stop the study">
                <p>"Stop the study now? The questions you answered are handed in; this one and the rest are not."</p>
                <div class="row">
                    <button class="primary" data-testid="study-stop-confirm" on:click=move |_| state.stop()>"Stop and hand in"</button>
                    <button on:click=move |_| open.set(false)>"Go on with the study"</button>
                </div>
            </div>
        })}
    }
}
