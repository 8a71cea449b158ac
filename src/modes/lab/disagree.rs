//! "Rules disagree": five stored answers to one built-in question, ranked by every rule side by side, with each
//! rank that differs from the first column's marked, and one sentence per rule on what it rewards.

use fermi_practice::belief::{disagreement, range_words};
use fermi_score::lab::{self, Rule, format_value};
use leptos::prelude::*;

use crate::components::value_in;

#[component]
pub fn RulesDisagree() -> impl IntoView {
    let Some((question, truth)) = disagreement(&fermi_bank::builtin()) else {
        return view! {
            <section class="panel"><p class="problem" role="alert">"The stored answers' question is missing from the built-in pack."</p></section>
        }
        .into_any();
    };
    let result = lab::disagree(&truth);
    let t = truth.quantiles();
    let header = result
        .standings
        .iter()
        .map(|s| view! { <th scope="col" title=s.rule.orientation().label()>{s.rule.name()}</th> })
        .collect_view();
    let rows = result
        .answers
        .iter()
        .enumerate()
        .map(|(i, (answer, q))| {
            let range = range_words(answer, q, &question.unit);
            let cells = result
                .standings
                .iter()
                .map(|s| {
                    let moved = s.moved[i];
                    view! {
                        <td class:moved=moved data-rule=s.rule.name() data-rank=s.ranks[i].to_string()>
                            <strong>{format!("#{}", s.ranks[i])}</strong>
                            <span class="muted">{format!(" {}", format_value(s.values[i]))}</span>
                            {moved.then(|| view! { <span class="sr-only">{format!(" (rank differs from {}'s)", lab::REFERENCE.name())}</span> })}
                        </td>
                    }
                })
                .collect_view();
            view! {
                <tr data-answer=answer.label>
                    <th scope="row">
                        {answer.label} <span class="muted">{format!(": {}", answer.description)}</span>
                        <br /><span class="muted">{format!("90%: {range}")}</span>
                    </th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    let words = Rule::ALL
        .map(|r| {
            view! { <li data-rule=r.name()><strong>{r.name()}</strong> " (" {r.orientation().label()} ", " {r.propriety().label()} "): " {r.info().sentence()}</li> }
        })
        .into_iter()
        .collect_view();
    view! {
        <section class="panel" aria-label="Rules disagree">
            <h2>"Rules disagree"</h2>
            <p>"Five students answered the same question. " <strong>{question.text.clone()}</strong></p>
            <p class="muted">
                "The truth (" {question.unit.clone()} "): median " {value_in(&question.unit, t.p50)} ", 90% between "
                {value_in(&question.unit, t.p5)} " and " {value_in(&question.unit, t.p95)} ". Each cell is the answer's rank under that rule (#1 is best) "
                "and its expected score against the truth. Highlighted: a rank that differs from the first column's ("
                {lab::REFERENCE.name()} ", the rule the class board ranks by)."
            </p>
            <div class="table-scroll">
                <table class="lab-disagree" data-testid="lab-disagree">
                    <thead><tr><th scope="col">"answer"</th>{header}</tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <h3>"What each rule rewards"</h3>
            <ul class="lab-rewards" data-testid="lab-rewards">{words}</ul>
        </section>
    }
    .into_any()
}
