//! After Submit, on a question with a reference decomposition: which step went wrong. The core's sentences, the
//! waterfall of each factor's part of the miss, the reference's factors beside the answer's (a person can say
//! which reference factor each of theirs stands for), and, for an answer without matching factors, "Break it
//! down": the reference's skeleton to fill in, scored the same way. Every number and word comes from
//! `fermi_factors`.

use fermi_bank::Question;
use fermi_factors::{
    Answer, Attribution, Correction, Reference, TruthShape, attribute, ratio_text, skeleton,
};
use fermi_score::format_nats;
use leptos::prelude::*;

use super::{Figure, paint, readable};
use crate::run::{Pipeline, Shared};
use fermi_charts::waterfall;

/// The factor feedback for the `Pipeline` in context against `question`; `on_break_down` gets the skeleton.
#[component]
pub fn FactorFeedback(
    #[prop(into)] question: Signal<Option<Shared<Question>>>,
    on_break_down: Callback<String>,
) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let corrections = RwSignal::new(Vec::<Correction>::new());
    // A person's corrections belong to one question.
    Effect::new(move |_| {
        question.track();
        corrections.set(Vec::new());
    });
    let reference = Memo::new(move |_| {
        question
            .get()
            .and_then(|q| Reference::of(&q).map(|r| (Shared::new(r), skeleton(&q))))
    });
    let attribution = Memo::new(move |_| {
        let scored = pipeline.scored.get()?;
        let (reference, _) = reference.get()?;
        let run = pipeline.run.get();
        let forecast = run.forecast.as_ref()?.as_ref().ok()?;
        let source = pipeline.evaluated.get();
        let answer = Answer {
            source: &source,
            dialect: pipeline.dialect.get(),
            summary: &forecast.summary,
            seed: pipeline.seed.get(),
        };
        let truth = TruthShape::of(&scored.truth.to_truth());
        Some(attribute(&reference, truth, &answer, &corrections.get()).map(Shared::new))
    });
    move || {
        let result = attribution.get()?;
        let skeleton = reference.get().and_then(|(_, s)| s);
        let body = match result {
            Err(why) => view! {
                <p class="muted" data-testid="factors-unavailable">"Not attributed to factors: " {why} "."</p>
            }
            .into_any(),
            Ok(a) => view! { <Breakdown a corrections /> }.into_any(),
        };
        let break_down = skeleton.map(|text| {
            let load = move |_| on_break_down.run(text.clone());
            view! {
                <p class="row">
                    <button data-testid="break-it-down" on:click=load>"Break it down"</button>
                    <span class="muted">
                        "Put the reference's factors in the editor, without values, and estimate them one by one."
                    </span>
                </p>
            }
        });
        Some(view! {
            <section class="panel factors" data-testid="factors" aria-label="Which step went wrong">
                <h3>"Which step went wrong"</h3>
                {body}
                {break_down}
            </section>
        })
    }
}

#[component]
fn Breakdown(a: Shared<Attribution>, corrections: RwSignal<Vec<Correction>>) -> impl IntoView {
    let sentences = a
        .sentences
        .iter()
        .map(|s| view! { <p data-testid="factors-sentence">{s.clone()}</p> })
        .collect_view();
    let rows = a
        .factors
        .iter()
        .map(|r| {
            view! {
                <tr data-testid="factor-row">
                    <th scope="row" data-testid="factor-name">{r.reference.clone()}</th>
                    <td>{r.answer.clone()}</td>
                    <td class="num">{readable(r.answer_median)}</td>
                    <td class="num">{readable(r.reference_median)}</td>
                    <td class="num">{ratio_text(r.log_error)}</td>
                    <td class="num">{format_nats(r.contribution)}</td>
                </tr>
            }
        })
        .collect_view();
    let extra = [("rest of your formula", a.rest), ("residual", a.residual)].map(|(label, v)| {
        view! {
            <tr class="muted">
                <th scope="row" colspan="5">{label}</th>
                <td class="num">{format_nats(v)}</td>
            </tr>
        }
    });
    let missing = (!a.unmatched_reference.is_empty()).then(|| {
        view! {
            <p class="muted" data-testid="factors-missing">
                "Reference factors none of yours stands for: " {a.unmatched_reference.join(", ")}
            </p>
        }
    });
    let names: Vec<String> = a.reference_factors.iter().map(|s| s.name.clone()).collect();
    let choices = a
        .answer_factors
        .iter()
        .filter(|s| s.named)
        .map(|s| {
            let mine = s.name.clone();
            let current = a.matched(&mine).to_string();
            let options = names
                .iter()
                .map(|n| view! { <option value=n.clone() selected=*n == current>{n.clone()}</option> })
                .collect_view();
            let name = mine.clone();
            let change = move |ev| {
                let chosen = event_target_value(&ev);
                corrections.update(|c| Correction::set(c, &name, &chosen));
            };
            view! {
                <label class="factor-match">
                    <code>{mine.clone()}</code>
                    " stands for "
                    <select on:change=change data-testid="factor-match">
                        <option value="" selected=current.is_empty()>"no reference factor"</option>
                        {options}
                    </select>
                </label>
            }
        })
        .collect_view();
    let steps = a.steps();
    let (truth_ln, answer_ln) = (a.truth_median.ln(), a.answer_median.ln());
    let draw = move |canvas| {
        paint(canvas, |area, palette, ratio| {
            waterfall::draw(area, &steps, truth_ln, answer_ln, palette, ratio)
        });
    };
    view! {
        <div role="status" aria-live="polite">{sentences}</div>
        <Figure
            class="chart waterfall"
            testid="factors-waterfall"
            label="Waterfall from the truth's median to your answer's: each factor's part of the miss on a log axis. The table below gives the same numbers."
            draw
        />
        <table class="factors-table" data-testid="factors-table">
            <thead>
                <tr>
                    <th scope="col">"Reference factor"</th>
                    <th scope="col">"Yours"</th>
                    <th scope="col">"Your median"</th>
                    <th scope="col">"Reference median"</th>
                    <th scope="col">"Off by"</th>
                    <th scope="col">"Part of the miss (nats)"</th>
                </tr>
            </thead>
            <tbody>{rows}{extra}</tbody>
        </table>
        {missing}
        <details class="factor-matches">
            <summary>"Which of your factors stands for which"</summary>
            {choices}
        </details>
        <p class="muted" data-testid="factors-method">{a.approximation.clone()}</p>
    }
}
