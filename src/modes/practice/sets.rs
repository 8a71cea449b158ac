//! Practice sets: "N unseen questions" (all topics or one), chosen by the core (`fermi_bank::sets`) with the
//! missed ones due again first; a progress bar while answering, and at the end the set's own calibration.

use fermi_bank::Topic;
use fermi_bank::sets::{self, Attempt, SET_SIZE, SetItem};
use fermi_score::calibration::{Summary, TREND_WINDOW, calibration};
use leptos::prelude::*;

use super::PracticeState;
use super::calibration::Coverage;
use crate::components::count;

/// A set under way: its questions and when it began (its answers are the history's entries from then on).
#[derive(Clone, Debug, PartialEq)]
pub struct SetRun {
    pub items: Vec<SetItem>,
    pub started: f64,
}

#[component]
pub fn PracticeSet() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let topic = RwSignal::new(None::<Topic>);
    let size = RwSignal::new(SET_SIZE);
    // Which of the set's questions have an answer recorded since it began.
    let done = Memo::new(move |_| {
        let run = state.set.get()?;
        Some(state.history.with(|h| {
            run.items
                .iter()
                .map(|item| {
                    h.iter().any(|e| {
                        e.question == item.question && e.at >= run.started && !e.resubmitted
                    })
                })
                .collect::<Vec<bool>>()
        }))
    });
    let start = move |_| {
        let now = js_sys::Date::now();
        let seed = crate::fresh_entropy().unwrap_or_default();
        let items = state.history.with_untracked(|h| {
            let attempts: Vec<Attempt> = h
                .iter()
                .filter(|e| !e.resubmitted)
                .map(|e| Attempt {
                    question: &e.question,
                    at: e.at,
                    missed: e.answer.zip(e.truth).map(|(a, t)| sets::missed(&a, &t)),
                })
                .collect();
            state.packs.with_untracked(|packs| {
                sets::choose_set(
                    packs.iter().flat_map(|p| p.questions.iter()),
                    &attempts,
                    topic.get_untracked(),
                    size.get_untracked(),
                    seed,
                    now,
                )
            })
        });
        if items.is_empty() {
            state.notify("Every question of this topic is answered already: choose another topic, or load a pack.");
            return;
        }
        state.set.set(Some(SetRun {
            items,
            started: now,
        }));
        next(state, done);
    };
    let summary = Memo::new(move |_| {
        let run = state.set.get()?;
        let answered: Vec<_> = state.history.with(|h| {
            h.iter()
                .filter(|e| {
                    e.at >= run.started && run.items.iter().any(|i| i.question == e.question)
                })
                .filter_map(|e| e.answered())
                .collect()
        });
        Some(calibration(&answered, TREND_WINDOW))
    });
    let overall = Memo::new(move |_| {
        summary.with(|c| c.as_ref().map_or_else(empty_summary, |c| c.overall.clone()))
    });
    let running = move || {
        let run = state.set.get()?;
        let flags = done.get().unwrap_or_default();
        let (answered, total) = (flags.iter().filter(|d| **d).count(), run.items.len());
        let current = state.selected.with(|s| {
            let id = &s.as_ref()?.1;
            run.items.iter().position(|i| i.question == *id)
        });
        let retry_note = current
            .filter(|&i| run.items[i].retry && !flags[i])
            .map(|_| view! { <p class="muted" data-testid="set-retry">"You missed this one before: it is offered again."</p> });
        let next_button = (answered < total && current.is_none_or(|i| flags[i])).then(|| {
            view! { <button class="primary" data-testid="set-next" on:click=move |_| next(state, done)>"Next question"</button> }
        });
        let finished = (answered == total).then(|| {
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
            <progress data-testid="set-progress" max=total.to_string() value=answered.to_string() aria-label="Answered in this set"></progress>
            <p data-testid="set-count">{format!("{answered} of {total} answered")}</p>
            {retry_note}
            {next_button}
            {finished}
            <button data-testid="set-close" on:click=move |_| state.set.set(None)>"Close the set"</button>
        })
    };
    let choose = move || {
        state.set.with(Option::is_none).then(|| {
            view! {
                <div class="filters">
                    <label>
                        "Topic"
                        <select data-testid="set-topic" on:change=move |ev| {
                            let v = event_target_value(&ev);
                            topic.set(Topic::ALL.iter().copied().find(|t| t.as_str() == v));
                        }>
                            <option value="">"mixed"</option>
                            {Topic::ALL.iter().map(|t| view! { <option value=t.as_str()>{t.as_str()}</option> }).collect_view()}
                        </select>
                    </label>
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
fn next(state: PracticeState, done: Memo<Option<Vec<bool>>>) {
    let Some(run) = state.set.get_untracked() else {
        return;
    };
    let flags = done.get_untracked().unwrap_or_default();
    let Some(item) = run
        .items
        .iter()
        .zip(flags.iter().chain(std::iter::repeat(&false)))
        .find(|(_, d)| !**d)
        .map(|(i, _)| i.clone())
    else {
        return;
    };
    let pack = state.packs.with_untracked(|packs| {
        packs
            .iter()
            .position(|p| p.question(&item.question).is_some())
    });
    if let Some(pack) = pack {
        state.open(pack, &item.question);
        if item.retry {
            state.submitted.set(false);
        }
    }
}

fn empty_summary() -> Summary {
    calibration(&[], TREND_WINDOW).overall
}
