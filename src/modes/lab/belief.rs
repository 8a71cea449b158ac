//! The belief: typed as a 90% interval, or taken from a built-in question's truth or from the last practice
//! answer. Either way it ends up in the two boxes, so what the lab uses is always what the boxes show.

use fermi_bank::{FittedTruth, Question, TruthSpec, fit_truth};
use fermi_eval::Options;
use leptos::prelude::*;

use super::LabState;
use crate::adapters;
use crate::components::{BoundInput, readable};
use crate::run;

/// The built-in questions whose truth has a spread (a single-number truth is no belief to report around).
fn spread_questions() -> Vec<Question> {
    fermi_bank::builtin()
        .questions
        .into_iter()
        .filter(|q| !matches!(q.truth, TruthSpec::Point { .. }))
        .collect()
}

/// The lognormal truth's 5% and 95% quantiles as the boxes' text.
fn fill(state: LabState, truth: FittedTruth) {
    state.low.set(readable(truth.p5()));
    state.high.set(readable(truth.p95()));
}

#[component]
pub fn BeliefPanel() -> impl IntoView {
    let state = expect_context::<LabState>();
    let questions = StoredValue::new(spread_questions());
    // Where the boxes' numbers came from, or why taking them failed.
    let origin = RwSignal::new(None::<Result<String, String>>);
    let take_question = move |id: String| {
        let Some(question) = questions.with_value(|qs| qs.iter().find(|q| q.id == id).cloned())
        else {
            return;
        };
        origin.set(Some(match fit_truth(&question) {
            Ok(truth @ FittedTruth::Lognormal { .. }) => {
                fill(state, truth);
                Ok(format!(
                    "The truth of: {} ({})",
                    question.text, question.unit
                ))
            }
            Ok(FittedTruth::Point(_)) => {
                Err("That question's truth is a single number: pick another one.".into())
            }
            Err(problem) => Err(format!(
                "That question's truth could not be computed: {problem}"
            )),
        }));
    };
    let take_last_answer = move |_| {
        let saved = adapters::practice::peek();
        let Some(entry) = saved.history.last() else {
            origin.set(Some(Err(
                "No practice answer yet: answer a question in practice, then come back.".into(),
            )));
            return;
        };
        let options = Options {
            samples: entry
                .samples
                .clamp(run::UI_MIN_SAMPLES, run::UI_MAX_SAMPLES),
            seed: entry.seed,
        };
        let answer = fermi_practice::run::run(&entry.source, entry.dialect, &options);
        origin.set(Some(match answer.forecast {
            Some(Ok(forecast)) => {
                state.low.set(readable(forecast.summary.p5.exp()));
                state.high.set(readable(forecast.summary.p95.exp()));
                Ok(format!("Your last practice answer, to: {}", entry.text))
            }
            _ => Err("Your last practice answer could not be run again.".into()),
        }));
    };
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
        origin.get().map(|o| match o {
            Ok(text) => {
                view! { <p class="muted" data-testid="lab-belief-origin">{text}</p> }.into_any()
            }
            Err(why) => {
                view! { <p class="problem" role="alert" data-testid="lab-belief-origin">{why}</p> }
                    .into_any()
            }
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
