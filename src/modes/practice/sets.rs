//! Practice sets: "N unseen questions" (all topics or one), chosen by the core (`fermi_bank::sets`) with the
//! missed ones due again first; a progress bar while answering, and at the end the set's own calibration.

use fermi_bank::Topic;
use fermi_practice::sets::SET_SIZE;
use fermi_score::calibration::{Summary, TREND_WINDOW, calibration};
use leptos::prelude::*;

use super::PracticeState;
use super::browser::NamedSelect;
use super::calibration::Coverage;
use crate::components::count;

#[component]
pub fn PracticeSet() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let topic = RwSignal::new(None::<Topic>);
    let size = RwSignal::new(SET_SIZE);
    let run = Memo::new(move |_| state.core.with(|c| c.set.clone()));
    let start = move |_| {
        let now = js_sys::Date::now();
        let seed = crate::adapters::fresh_entropy();
        let started = state.packs.with_untracked(|packs| {
            let questions = packs.iter().flat_map(|p| p.questions.iter());
            let (topic, size) = (topic.get_untracked(), size.get_untracked());
            state
                .core
                .try_update(|c| c.start_set(questions, topic, size, seed, now))
        });
        match started {
            Some(Ok(())) => next(state),
            Some(Err(why)) => state.notify(why),
            None => {}
        }
    };
    let summary = Memo::new(move |_| {
        run.track();
        state.history.track();
        state.core.with_untracked(|c| c.set_calibration())
    });
    let overall = Memo::new(move |_| {
        summary.with(|c| c.as_ref().map_or_else(empty_summary, |c| c.overall.clone()))
    });
    let running = move || {
        run.track();
        state.history.track();
        let open = state
            .selected
            .with(|s| s.as_ref().map(|(_, id)| id.clone()));
        let progress = state
            .core
            .with_untracked(|c| c.set_progress(open.as_deref()))?;
        let retry_note = progress.retry_here.then(|| view! { <p class="muted" data-testid="set-retry">"You missed this one before: it is offered again."</p> });
        let next_button = progress.next.then(|| {
            view! { <button class="primary" data-testid="set-next" on:click=move |_| next(state)>"Next question"</button> }
        });
        let finished = progress.finished().then(|| {
            view! {
                <div class="set-summary" data-testid="set-summary">
                    <h3>"Set complete"</h3>
                    <ul class="advice">
                        {summary.with(|c| c.as_ref().map(|c| c.advice.iter().map(|a| view! { <li>{a.clone()}</li> }).collect_view()))}
                    </ul>
                    <Coverage summary=overall />
                </div>
            }
        });
        Some(view! {
            <progress data-testid="set-progress" max=progress.total.to_string() value=progress.answered.to_string() aria-label="Answered in this set"></progress>
            <p data-testid="set-count">{progress.words()}</p>
            {retry_note}
            {next_button}
            {finished}
            <button data-testid="set-close" on:click=move |_| state.core.update(|c| c.set = None)>"Close the set"</button>
        })
    };
    let choose = move || {
        run.with(Option::is_none).then(|| {
            view! {
                <div class="filters">
                    <NamedSelect label="Topic" testid="set-topic" any="mixed" options=Topic::ALL name=Topic::as_str value=topic />
                    <label>
                        "Questions"
                        <select data-testid="set-size" prop:value=move || size.get().to_string() on:change=move |ev| {
                            if let Ok(n) = event_target_value(&ev).parse() {
                                size.set(n);
                            }
                        }>
                            {[3, 5, 10, 20].into_iter().map(|n| view! { <option value=n.to_string()>{n}</option> }).collect_view()}
                        </select>
                    </label>
                </div>
                <button data-testid="start-set" on:click=start>
                    {move || format!("Start {} (missed ones come back a day later)", count(size.get(), "unseen question"))}
                </button>
            }
        })
    };
    view! {
        <section class="panel practice-set" aria-label="Practice set" data-testid="practice-set">
            <h2>"Practice set"</h2>
            {choose}
            {running}
        </section>
    }
}

/// Opens the set's first question not answered yet; a missed one comes back unrevealed, to be answered afresh.
fn next(state: PracticeState) {
    let next = state
        .packs
        .with_untracked(|packs| state.core.with_untracked(|c| c.set_next_in(packs)));
    if let Some((pack, item)) = next {
        state.open(pack, &item.question);
        if item.retry {
            state.submitted.set(false);
        }
    }
}

fn empty_summary() -> Summary {
    calibration(&[], TREND_WINDOW).overall
}
