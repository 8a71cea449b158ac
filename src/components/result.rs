//! After Submit: the score card (Cramér-log, its location/shape bar, feedback, diagnostics, what-ifs), the
//! quantile table beside the chart, and the table of the other rules. Before Submit: the estimate only.

use fermi_score::format_nats as nats;
use leptos::prelude::*;

use fermi_practice::chart::quantile_rows;
use fermi_practice::run::Scored;

use crate::run::{Pipeline, Shared};

/// The score of the `Pipeline` in context; `submitted` says whether the truth was asked for, `problem` why it
/// could not be had; the truth reads in the question's `unit` (a share in percent).
#[component]
pub fn ScoreCard(
    #[prop(into)] unit: Signal<String>,
    #[prop(into)] submitted: Signal<bool>,
    #[prop(into)] problem: Signal<Option<String>>,
    /// Leaves out the language models' published scores (study mode: no anchor in a human-vs-model study).
    #[prop(optional)]
    no_benchmark: bool,
) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let scored = move || pipeline.scored.get();
    let score =
        move || scored().map_or_else(|| "–".to_string(), |s| s.assessment.verdicts.score.clone());
    let announcement = move || scored().map(|s| s.announcement()).unwrap_or_default();
    let truth_problem = move || {
        problem
            .get()
            .map(|e| view! { <p class="problem">"The truth could not be computed: " {e}</p> })
    };
    let not_yet = move || {
        (!submitted.get())
            .then(|| view! { <p class="muted">"Submit to reveal the truth and your score."</p> })
    };
    view! {
        <div class="score-card">
            <div class="score-head">
                <span class="score-label">"Cramér-log (lower is better)"</span>
                <span class="score-value" class:pending=move || scored().is_none() data-testid="score-cramer">{score}</span>
            </div>
            <p class="sr-only" role="status" aria-live="polite" data-testid="score-announcement">{announcement}</p>
            {not_yet}
            {truth_problem}
            {move || scored().map(|s| view! { <Details scored=s unit=unit.get() no_benchmark /> })}
        </div>
    }
}

#[component]
fn Details(scored: Shared<Scored>, unit: String, no_benchmark: bool) -> impl IntoView {
    let a = &scored.assessment;
    let verdicts = a.verdicts.clone();
    let truth_text = scored.truth_words(&unit);
    let w = a.what_if;
    let grey = |within: bool| if within { "part noise" } else { "part" };
    let parts = scored.parts();
    view! {
        <p class="score-scale muted" data-testid="score-scale">
            {verdicts.scale.clone()}
            {(!no_benchmark).then(|| format!(" {}", verdicts.benchmark))}
        </p>
        <p class="truth-summary" data-testid="truth-summary">{truth_text}</p>
        <div class="breakdown" aria-label="Where the score comes from">
            <div class="bar" aria-hidden="true">
                {parts.map(|p| view! {
                    <span class=format!("{} {}", grey(p.within_noise), p.key) style=format!("width: {:.1}%", p.percent)></span>
                }).collect_view()}
            </div>
            <dl class="parts">
                {parts.map(|p| view! {
                    <div class=grey(p.within_noise)><dt>{p.name}</dt><dd data-testid=format!("score-{}", p.key)>{nats(p.nats)}</dd></div>
                }).collect_view()}
            </dl>
            <p class="muted" data-testid="noise-floor">{verdicts.noise.clone()}</p>
        </div>
        <ul class="feedback" data-testid="feedback">
            {a.feedback.iter().map(|f| view! { <li>{f.clone()}</li> }).collect_view()}
        </ul>
        <dl class="diag">
            <div><dt>"Median bias"</dt><dd data-testid="bias-factor">{verdicts.bias}</dd></div>
            <div><dt>"Spread ratio (yours ÷ truth's)"</dt><dd data-testid="sd-ratio">{verdicts.spread_text}</dd></div>
            <div><dt>"Coverage"</dt><dd data-testid="coverage">{verdicts.coverage}</dd></div>
        </dl>
        <table class="what-if" data-testid="what-if">
            <caption>"What if your estimate were…"</caption>
            <tbody>
                {w.rows().map(|(what, v)| view! { <tr><th scope="row">{what}</th><td>{nats(v)}</td></tr> }).collect_view()}
            </tbody>
        </table>
    }
}

/// The chart's numbers as text: p5, median and p95 of both distributions, in the question's `unit`.
#[component]
pub fn QuantileTable(#[prop(into)] unit: Signal<String>) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    move || {
        let unit = unit.get();
        let run = pipeline.run.get();
        let f = run.forecast.as_ref()?.as_ref().ok()?;
        let truth = pipeline.scored.get().map(|s| s.truth);
        let rows = quantile_rows(&f.summary, truth, &unit).map(|(name, yours, truth)| {
            view! { <tr><th scope="row">{name}</th><td>{yours}</td><td>{truth}</td></tr> }
        });
        Some(view! {
            <table class="quantiles" data-testid="quantile-table">
                <caption>"The chart as numbers"</caption>
                <thead><tr><th scope="col">"quantile"</th><th scope="col">"your estimate"</th><th scope="col">"truth"</th></tr></thead>
                <tbody>{rows.into_iter().collect_view()}</tbody>
            </table>
        })
    }
}

/// Every other rule of the spec, with which way it reads, whether it is proper, what it rewards and where it fails
/// (all from the core's rule table).
#[component]
pub fn RulesTable() -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    move || {
        let s = pipeline.scored.get()?;
        let rows = s
            .assessment
            .report
            .comparison_rules()
            .into_iter()
            .map(|line| {
                let rule = line.rule;
                view! {
                    <tr data-rule=rule.name>
                        <th scope="row">{rule.name}</th>
                        <td data-label="value">{line.text()}</td>
                        <td data-label="reading">{rule.reading()}</td>
                        <td data-label="proper?">{rule.propriety.label()}</td>
                        <td data-label="rewards">{rule.rewards}</td>
                        <td data-label="weakness">{rule.weakness}</td>
                    </tr>
                }
            });
        Some(view! {
            <details class="rules" data-testid="rules-table">
                <summary>"Other scoring rules"</summary>
                <table>
                    <thead><tr><th scope="col">"rule"</th><th scope="col">"value"</th><th scope="col">"reading"</th><th scope="col">"proper?"</th><th scope="col">"rewards"</th><th scope="col">"weakness"</th></tr></thead>
                    <tbody>{rows.collect_view()}</tbody>
                </table>
            </details>
        })
    }
}
