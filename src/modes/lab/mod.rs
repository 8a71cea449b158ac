//! The scoring lab (`#lab`): set a belief, move a report away from it (shift, width), and see what every rule
//! expects to pay, from `fermi_score::lab`. A proper rule is best at the honest report; an improper one is not.

mod plot;

use fermi_score::lab::{self, Belief, Range, Report, Rule};
use leptos::html::Canvas;
use leptos::prelude::*;

use crate::components::{paint, readable};
use plot::{Panel, draw_panels};

/// Points along each slider (and each curve); odd, so that the middle one is the honest report exactly.
const STEPS: usize = 81;
const MIDDLE: usize = STEPS / 2;

#[component]
pub fn Lab() -> impl IntoView {
    let range = Range::default();
    let shifts = StoredValue::new(range.shifts(STEPS));
    let widths = StoredValue::new(range.widths(STEPS));
    let low = RwSignal::new("1 million".to_string());
    let high = RwSignal::new("100 million".to_string());
    let shift_at = RwSignal::new(MIDDLE);
    let width_at = RwSignal::new(MIDDLE);
    let rule = RwSignal::new(Rule::CrpsLog);
    let belief = Memo::new(move |_| {
        let (lo, hi) = (low.get(), high.get());
        let lo = fermi_num::parse_readable(&lo).ok_or("The low end is not a number yet.")?;
        let hi = fermi_num::parse_readable(&hi).ok_or("The high end is not a number yet.")?;
        Belief::from_p5_p95(lo, hi).map_err(|e| e.to_string())
    });
    let report = Memo::new(move |_| {
        Report::new(
            shifts.with_value(|s| s[shift_at.get()]),
            widths.with_value(|w| w[width_at.get()]),
        )
    });
    let slider = move |id: &'static str, label: &'static str, at: RwSignal<usize>| {
        view! {
            <label for=id>{label}</label>
            <input
                id=id
                data-testid=id
                type="range"
                min="0"
                max=STEPS - 1
                step="1"
                prop:value=move || at.get().to_string()
                on:input=move |ev| {
                    if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                        at.set(i.min(STEPS - 1));
                    }
                }
            />
        }
    };
    let bound = move |id: &'static str, label: &'static str, text: RwSignal<String>| {
        view! {
            <div class="bound">
                <label for=id>{label}</label>
                <input
                    id=id
                    data-testid=id
                    type="text"
                    autocomplete="off"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                />
            </div>
        }
    };
    let belief_text = move || match belief.get() {
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
    let report_text = move || {
        let r = report.get();
        let shift = format!("Shift {:+.2} decades", r.shift_decades());
        let width = format!("width ×{:.2}", r.width);
        let quantiles = belief.get().ok().map(|b| {
            let q = r.quantiles(&b);
            format!(
                ": you report median {}, 90% between {} and {}",
                readable(q.p50),
                readable(q.p5),
                readable(q.p95)
            )
        });
        let honest = if r.is_honest() { " (honest)" } else { "" };
        view! { <p data-testid="lab-report">{shift} ", " {width} {honest} {quantiles} "."</p> }
    };
    let selected = move || {
        let r = rule.get();
        let b = belief.get().ok()?;
        let value = r.expected(&b, &report.get());
        let best = lab::optimum(r, &b, &range).map(|o| o.describe());
        Some(view! {
            <p class="lab-expected">
                "Expected " {r.name()} " (" {r.orientation().label()} "): "
                <strong data-testid="lab-expected">{number(value)}</strong>
            </p>
            <p data-testid="lab-optimum">{best.unwrap_or_default()}</p>
            <p class="muted">{r.definition()} ". " {r.rewards()}</p>
        })
    };
    let table = move || {
        let b = belief.get().ok()?;
        let rows = lab::expected_all(&b, &report.get()).map(|e| {
            view! {
                <tr data-rule=e.rule.name() class:selected=move || rule.get() == e.rule>
                    <th scope="row">{e.rule.name()}</th>
                    <td class="value">{number(e.value)}</td>
                    <td>{e.rule.orientation().label()}</td>
                    <td>{kind(e.rule)}</td>
                </tr>
            }
        });
        Some(view! {
            <table class="lab-rules" data-testid="lab-rules">
                <caption>"Every rule's expected score for this report"</caption>
                <thead><tr><th scope="col">"rule"</th><th scope="col">"expected"</th><th scope="col">"reading"</th><th scope="col">"kind"</th></tr></thead>
                <tbody>{rows.into_iter().collect_view()}</tbody>
            </table>
        })
    };
    let by_width = NodeRef::<Canvas>::new();
    let by_shift = NodeRef::<Canvas>::new();
    // Both sets of curves follow the belief and the report: each rule's expected score along one axis, the other
    // held where the report is.
    Effect::new(move |_| {
        let (Ok(b), r) = (belief.get(), report.get()) else {
            return;
        };
        let curves = |along: Range,
                      grid: Vec<Report>,
                      axis: fn(&Report) -> f64,
                      end: fn(&lab::Optimum) -> lab::End| {
            Rule::ALL
                .iter()
                .map(|&rule| Panel {
                    title: format!("{} ({})", rule.name(), rule.orientation().label()),
                    points: grid
                        .iter()
                        .map(|g| (axis(g), rule.expected(&b, g)))
                        .collect(),
                    honest: axis(&Report::HONEST),
                    current: axis(&r),
                    best: lab::optimum(rule, &b, &along)
                        .filter(|o| end(o) != lab::End::Anywhere)
                        .map(|o| (axis(&o.report), o.value)),
                })
                .collect::<Vec<_>>()
        };
        let along_width = Range {
            shift_min: r.shift,
            shift_max: r.shift,
            ..range
        };
        let width_grid =
            widths.with_value(|w| w.iter().map(|&w| Report::new(r.shift, w)).collect());
        let along_shift = Range {
            width_min: r.width,
            width_max: r.width,
            ..range
        };
        let shift_grid =
            shifts.with_value(|s| s.iter().map(|&d| Report::new(d, r.width)).collect());
        let width_panels = curves(along_width, width_grid, |r| r.width, |o| o.width_end);
        let shift_panels = curves(along_shift, shift_grid, Report::shift_decades, |o| {
            o.shift_end
        });
        for (canvas, panels, log_x) in [
            (by_width, width_panels, true),
            (by_shift, shift_panels, false),
        ] {
            if let Some(canvas) = canvas.get() {
                paint(canvas, |area, palette, scale| {
                    draw_panels(area, &panels, log_x, palette, scale)
                });
            }
        }
    });
    view! {
        <header class="masthead">
            <h1>"Fermi Playground · Scoring lab"</h1>
            <p class="tagline">
                "Say what you believe, then report something else: see what each scoring rule expects to pay. "
                <a href="#" data-testid="open-practice">"Back to practice"</a>
            </p>
        </header>
        <main class="lab">
            <section class="panel" aria-label="Your belief">
                <h2>"What you believe"</h2>
                <p class="muted">"You are 90% sure the quantity lies between:"</p>
                <div class="bounds">
                    {bound("lab-belief-low", "Low (5th percentile)", low)}
                    {bound("lab-belief-high", "High (95th percentile)", high)}
                </div>
                {belief_text}
            </section>
            <section class="panel" aria-label="Your report">
                <h2>"What you report"</h2>
                {slider("lab-shift", "Shift (decades, −1 to +1)", shift_at)}
                {slider("lab-width", "Width (×¼ to ×4, log scale)", width_at)}
                {report_text}
                <button on:click=move |_| { shift_at.set(MIDDLE); width_at.set(MIDDLE); }>"Report honestly"</button>
            </section>
            <section class="panel" aria-label="One rule">
                <label for="lab-rule">"Rule"</label>
                <select
                    id="lab-rule"
                    data-testid="lab-rule"
                    on:change=move |ev| {
                        let name = event_target_value(&ev);
                        if let Some(r) = Rule::ALL.into_iter().find(|r| r.name() == name) {
                            rule.set(r);
                        }
                    }
                >
                    {Rule::ALL.map(|r| view! { <option value=r.name() selected=move || rule.get() == r>{r.name()}</option> }).into_iter().collect_view()}
                </select>
                {selected}
            </section>
            <section class="panel" aria-label="Every rule">{table}</section>
            <section class="panel" aria-label="Curves">
                <h2>"Expected score against the width (shift held)"</h2>
                <canvas node_ref=by_width class="lab-curves" data-testid="lab-by-width" role="img" aria-label="Each rule's expected score against the report's width; the table above gives the current values."></canvas>
                <h2>"Expected score against the shift (width held)"</h2>
                <canvas node_ref=by_shift class="lab-curves" data-testid="lab-by-shift" role="img" aria-label="Each rule's expected score against the report's shift; the table above gives the current values."></canvas>
                <p class="muted">"Orange line: the honest report; blue line: your report; dot: the rule’s best along the axis, the other held where your report is."</p>
            </section>
        </main>
    }
}

/// An expected score as shown: four decimals.
fn number(value: f64) -> String {
    format!("{value:.4}")
}

fn kind(rule: Rule) -> &'static str {
    match rule.kind() {
        lab::Kind::Proper => "proper",
        lab::Kind::Improper => "improper",
        lab::Kind::Divergence => "distance",
    }
}
