//! The calibration view: over every answer recorded (the first answer to each question), how often the truth
//! fell inside the 50/80/90% intervals, where it fell in the answers (PIT), bias, sharpness and score over time,
//! overall or for one topic, and the core's advice. Every figure and word comes from `fermi_score::calibration`.

use fermi_score::calibration::{Summary, TREND_WINDOW, Trend, TrendPoint, calibration};
use leptos::prelude::*;

use super::PracticeState;
use crate::components::{Figure, count, paint};
use fermi_charts::calibration::{draw_pit, draw_trend};
use fermi_practice::saved;

#[component]
pub fn CalibrationView() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    let shown = RwSignal::new(false);
    let topic = RwSignal::new(String::new());
    let found = Memo::new(move |_| {
        state.history.track();
        calibration(&state.core.with_untracked(|c| c.answered()), TREND_WINDOW)
    });
    let summary = Memo::new(move |_| {
        let t = topic.get();
        found.with(|c| c.topic(&t).clone())
    });
    let left_out = move || {
        state
            .history
            .with(|h| saved::left_out(h, state.recomputing.get()))
    };
    let body = move || {
        shown.get().then(|| {
            let topics = move || {
                found.with(|c| {
                    c.by_topic
                        .iter()
                        .map(|t| view! { <option value=t.topic.clone() selected=topic.get_untracked() == t.topic>{t.topic.clone()}</option> })
                        .collect_view()
                })
            };
            view! {
                <ul class="advice" data-testid="calibration-advice">
                    {move || found.with(|c| c.advice.iter().map(|a| view! { <li>{a.clone()}</li> }).collect_view())}
                </ul>
                <p class="muted" data-testid="calibration-count">
                    {move || format!("{} counted.", count(summary.with(|s| s.count), "answer"))} " " {left_out}
                </p>
                <label>
                    "Topic "
                    <select
                        data-testid="calibration-topic"
                        on:change=move |ev| topic.set(event_target_value(&ev))
                        prop:value=move || topic.get()
                    >
                        <option value="">"all topics"</option>
                        {topics}
                    </select>
                </label>
                <Coverage summary />
                <Pit summary />
                <Trends summary />
            }
        })
    };
    view! {
        <section class="panel calibration" id="calibration" aria-label="Calibration" data-testid="calibration">
            <div class="row">
                <h2>"Calibration"</h2>
                <button
                    data-testid="calibration-toggle"
                    aria-expanded=move || shown.get().to_string()
                    on:click=move |_| shown.update(|s| *s = !*s)
                >
                    {move || if shown.get() { "Hide" } else { "Show how well your intervals catch the truth" }}
                </button>
            </div>
            {body}
        </section>
    }
}

#[component]
pub fn Coverage(summary: Memo<Summary>) -> impl IntoView {
    let rows = move || {
        summary.with(|s| {
            s.coverage
                .iter()
                .map(|c| {
                    view! {
                        <tr>
                            <th scope="row">{format!("{}% intervals", c.percent)}</th>
                            <td data-testid=format!("coverage-{}", c.percent)>{c.hits_text()}</td>
                            <td>{c.share_text()}</td>
                            <td>{c.plausible_text()}</td>
                            <td>{c.verdict.coverage_words()}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <h3>"Coverage"</h3>
        <table class="coverage" data-testid="coverage-table">
            <caption>"How often the truth fell inside your intervals (the 90% range of what that could mean, given how few answers there are)"</caption>
            <thead><tr><th scope="col">"interval"</th><th scope="col">"caught the truth"</th><th scope="col">"share"</th><th scope="col">"plausible share (90%)"</th><th scope="col">"verdict"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

#[component]
fn Pit(summary: Memo<Summary>) -> impl IntoView {
    let bins = Memo::new(move |_| summary.with(|s| s.pit));
    let rows = move || {
        summary
            .with(Summary::pit_rows)
            .map(|(bin, n)| view! { <tr><th scope="row">{bin}</th><td>{n}</td></tr> })
            .collect_view()
    };
    view! {
        <h3>"Where the truth fell in your answers"</h3>
        <p class="muted">"The share of your distribution below the truth (PIT). Calibrated answers spread evenly over the ten bins; a U shape means too narrow, a hump too wide, a slope a lean."</p>
        <div class="figure">
            <Figure
                testid="pit-chart"
                label="Histogram of where the truth fell in your answers; the table beside it gives the same counts."
                draw=move |c| {
                    let b = bins.get();
                    paint(c, |area, palette, scale| draw_pit(area, &b, palette, scale));
                }
            />
            <table class="pit" data-testid="pit-table">
                <thead><tr><th scope="col">"PIT"</th><th scope="col">"answers"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

#[component]
fn Trends(summary: Memo<Summary>) -> impl IntoView {
    Trend::ALL
        .map(|of| {
            view! {
                <h3>{of.title()}</h3>
                <p data-testid=format!("calibration-{}", of.key())>{move || summary.with(|s| of.sentence(s))}</p>
                <TrendFigure summary of />
            }
        })
        .collect_view()
}

/// One rolling median as a chart and, beside it, its last points as a table.
#[component]
fn TrendFigure(summary: Memo<Summary>, of: Trend) -> impl IntoView {
    let (testid, y_label) = (of.key(), of.y_label());
    let points = Memo::new(move |_| summary.with(|s| of.points(s).to_vec()));
    let rows = move || {
        TrendPoint::rows(&points.get(), TREND_WINDOW, of.digits())
            .into_iter()
            .map(|(i, value, count)| view! { <tr><th scope="row">{i}</th><td>{value}</td><td>{count}</td></tr> })
            .collect_view()
    };
    view! {
        <div class="figure">
            <Figure
                testid=format!("{testid}-chart")
                label="Rolling median by answer; the table beside it gives the latest values."
                draw=move |c| {
                    let xy = TrendPoint::xy(&points.get());
                    paint(c, |area, palette, scale| draw_trend(area, &xy, y_label, of.reference(), palette, scale));
                }
            />
            <table class="trend" data-testid=format!("{testid}-table")>
                <caption>{format!("Rolling median over the last {TREND_WINDOW} answers")}</caption>
                <thead><tr><th scope="col">"answer"</th><th scope="col">{y_label}</th><th scope="col">"answers in window"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
