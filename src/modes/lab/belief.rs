//! The belief: typed as a 90% interval, or taken from a built-in question's truth or from the last practice
//! answer. Either way it ends up in the two boxes, so what the lab uses is always what the boxes show.

use fermi_practice::belief::{Taken, from_last_answer, from_question, spread_questions};
use leptos::prelude::*;

use super::LabState;
use crate::adapters;
use crate::components::{BoundInput, readable};

/// Puts a belief's 5% and 95% in the boxes, or says why there is none, with where it came from.
fn fill(state: LabState, origin: RwSignal<Option<Result<String, String>>>, taken: Taken) {
    origin.set(Some(taken.map(|((p5, p95), from)| {
        state.low.set(readable(p5));
        state.high.set(readable(p95));
        from
    })));
}

#[component]
pub fn BeliefPanel() -> impl IntoView {
    let state = expect_context::<LabState>();
    let questions = StoredValue::new(spread_questions(&fermi_bank::builtin()));
    // Where the boxes' numbers came from, or why taking them failed.
    let origin = RwSignal::new(None::<Result<String, String>>);
    let take_question = move |id: String| {
        if let Some(taken) =
            questions.with_value(|qs| qs.iter().find(|q| q.id == id).map(from_question))
        {
            fill(state, origin, taken);
        }
    };
    let take_last_answer =
        move |_| fill(state, origin, from_last_answer(&adapters::practice::peek()));
    let summary = move || match state.belief.get() {
        Ok(b) => {
            let q = b.quantiles();
            view! {
                <p class="muted" data-testid="lab-belief">
                    "Median " <strong>{readable(q.p50)}</strong> ", 90% between " {readable(q.p5)} " and "
                    {readable(q.p95)} "."
                </p>
            }
            .into_any()
        }
        Err(why) => view! { <p class="problem" role="alert">{why}</p> }.into_any(),
    };
    let origin_text = move || {
        origin.get().map(|o| {
            let (class, role, text) = match o {
                Ok(text) => ("muted", None, text),
                Err(why) => ("problem", Some("alert"), why),
            };
            view! { <p class=class role=role data-testid="lab-belief-origin">{text}</p> }
        })
    };
    view! {
        <section class="panel" aria-label="Your belief">
            <h2>"What you believe"</h2>
            <p class="muted">"You are 90% sure the quantity lies between:"</p>
            <div class="bounds">
                <BoundInput id="lab-belief-low" label="Low (5th percentile)" value=state.low />
                <BoundInput id="lab-belief-high" label="High (95th percentile)" value=state.high />
            </div>
            {summary}
            <div class="lab-belief-from">
                <label for="lab-belief-question">"Or take a question's truth"</label>
                <select
                    id="lab-belief-question"
                    data-testid="lab-belief-question"
                    on:change=move |ev| take_question(event_target_value(&ev))
                >
                    <option value="">"Pick a question…"</option>
                    {questions.with_value(|qs| {
                        qs.iter()
                            .map(|q| view! { <option value=q.id.clone()>{q.text.clone()}</option> })
                            .collect_view()
                    })}
                </select>
                <button data-testid="lab-belief-last" on:click=take_last_answer>
                    "Use my last practice answer"
                </button>
            </div>
            {origin_text}
        </section>
    }
}
