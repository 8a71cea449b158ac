//! The explorer: shift and width sliders, the chosen rule's expected score, best report and heat map (click or drag
//! on it to move the report), every rule's expected score, and every rule's curve along each axis.

use std::ops::Range as Span;

use fermi_score::lab::{self, Axis, Rule, format_value};
use leptos::html::Canvas;
use leptos::prelude::*;

use super::belief::BeliefPanel;
use super::{LabState, MIDDLE, STEPS, StepSlider};
use crate::components::{Figure, paint};
use fermi_charts::lab::{draw_curves, draw_heat_map, draw_heat_mark};

/// Heat map cells along each axis: every other slider step, so each cell's centre is a slider position.
const CELLS: usize = STEPS.div_ceil(2);

#[component]
pub fn Explorer() -> impl IntoView {
    let state = expect_context::<LabState>();
    let LabState {
        belief,
        report,
        rule,
        range,
        shift_at,
        width_at,
        ..
    } = state;
    let report_text = move || {
        let text = report.get().describe(belief.get().ok().as_ref());
        view! { <p data-testid="lab-report">{text}</p> }
    };
    // The map and the rule's best depend on the belief and the rule only: a slider move redraws the map with the
    // report's marker moved, and searches for no optimum.
    let heat = Memo::new(move |_| {
        let b = belief.get().ok()?;
        let r = rule.get();
        Some((
            lab::heat_map(r, &b, &range, CELLS, CELLS),
            lab::optimum(r, &b, &range),
        ))
    });
    let selected = move || {
        let r = rule.get();
        let b = belief.get().ok()?;
        let value = r.expected(&b, &report.get());
        let best = heat.with(|h| h.as_ref().and_then(|(_, best)| best.map(|o| o.describe())));
        Some(view! {
            <p class="lab-expected">
                "Expected " {r.name()} " (" {r.orientation().label()} "): "
                <strong data-testid="lab-expected">{format_value(value)}</strong>
            </p>
            <p data-testid="lab-optimum">{best.unwrap_or_default()}</p>
            <p class="muted">{r.info().sentence()}</p>
        })
    };
    let table = move || {
        let b = belief.get().ok()?;
        let rows = lab::expected_all(&b, &report.get()).map(|e| {
            view! {
                <tr data-rule=e.rule.name() class:selected=move || rule.get() == e.rule>
                    <th scope="row">{e.rule.name()}</th>
                    <td class="value">{format_value(e.value)}</td>
                    <td>{e.rule.orientation().label()}</td>
                    <td>{e.rule.propriety().label()}</td>
                </tr>
            }
        });
        Some(view! {
            <table class="lab-rules" data-testid="lab-rules">
                <caption>"Every rule's expected score for this report"</caption>
                <thead><tr><th scope="col">"rule"</th><th scope="col">"expected"</th><th scope="col">"reading"</th><th scope="col">"proper?"</th></tr></thead>
                <tbody>{rows.into_iter().collect_view()}</tbody>
            </table>
        })
    };
    let mark_canvas = NodeRef::<Canvas>::new();
    // The map's plotting area in the canvas's device pixels, as last drawn: where a click lands.
    let plot_area = StoredValue::new(None::<(Span<i32>, Span<i32>)>);
    // Redrawn when the belief or the rule changes, not on a slider move.
    let draw_heat = move |canvas| {
        let Some((map, best)) = heat.get() else {
            return;
        };
        paint(canvas, |area, palette, scale| {
            let drawn = draw_heat_map(area, &map, best.as_ref(), palette, scale)?;
            plot_area.set_value(Some(drawn));
            Ok(())
        });
    };
    // The report's mark, on the transparent canvas over the map: all a slider move redraws there.
    Effect::new(move |_| {
        let r = report.get();
        let Some(canvas) = mark_canvas.get() else {
            return;
        };
        heat.with(|h| {
            let Some((map, _)) = h else {
                return;
            };
            clear(&canvas);
            paint(canvas, |area, _, scale| {
                draw_heat_mark(area, map, &r, scale)
            });
        });
    });
    let pointer = move |ev: web_sys::PointerEvent| {
        if ev.type_() != "pointerdown" && ev.buttons() & 1 == 0 {
            return;
        }
        let Some((xs, ys)) = plot_area.get_value() else {
            return;
        };
        let ratio = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .max(1.0);
        let at = (
            f64::from(ev.offset_x()) * ratio,
            f64::from(ev.offset_y()) * ratio,
        );
        let (shift, width) = lab::heat_map_steps(at, &xs, &ys, STEPS);
        shift_at.set(shift);
        width_at.set(width);
    };
    // Each axis's curves, redrawn when the belief or the report changes.
    let curves = move |axis: Axis| {
        move |canvas| {
            let (Ok(b), r) = (belief.get(), report.get()) else {
                return;
            };
            let curves = lab::curves(&b, &r, &range, axis, STEPS);
            paint(canvas, |area, palette, scale| {
                draw_curves(area, &curves, axis.is_log(), palette, scale)
            });
        }
    };
    view! {
        <div class="lab-pair">
        <BeliefPanel />
        <section class="panel" aria-label="Your report">
            <h2>"What you report"</h2>
            <StepSlider id="lab-shift" last=STEPS - 1 at=shift_at>"Shift (decades, −1 to +1)"</StepSlider>
            <StepSlider id="lab-width" last=STEPS - 1 at=width_at>"Width (×¼ to ×4, log scale)"</StepSlider>
            {report_text}
            <button on:click=move |_| { shift_at.set(MIDDLE); width_at.set(MIDDLE); }>"Report honestly"</button>
        </section>
        </div>
        <section class="panel lab-one-rule" aria-label="One rule">
            <div>
                <label for="lab-rule">"Rule"</label>
                <select
                    id="lab-rule"
                    data-testid="lab-rule"
                    on:change=move |ev| {
                        if let Some(r) = Rule::named(&event_target_value(&ev)) {
                            rule.set(r);
                        }
                    }
                >
                    {Rule::ALL.map(|r| view! { <option value=r.name() selected=move || rule.get() == r>{r.name()}</option> }).into_iter().collect_view()}
                </select>
                {selected}
            </div>
            <div>
                <div class="lab-heatmap-stack" on:pointerdown=pointer on:pointermove=pointer>
                    <Figure
                        class="lab-heatmap"
                        testid="lab-heatmap"
                        label="The chosen rule's expected score over every shift and width; click or drag to move your report there."
                        draw=draw_heat
                    />
                    <canvas node_ref=mark_canvas class="lab-heatmap-mark" data-testid="lab-heatmap-mark" aria-hidden="true"></canvas>
                </div>
                <p class="muted">"Click or drag on the map to move your report. Lighter is better. Ring: honest; white dot: your report; star: the rule's best."</p>
            </div>
        </section>
        <section class="panel" aria-label="Every rule">{table}</section>
        <section class="panel" aria-label="Curves">
            <h2>"Expected score against the width (shift held)"</h2>
            <Figure class="lab-curves" testid="lab-by-width" label="Each rule's expected score against the report's width; the table above gives the current values." draw=curves(Axis::Width) />
            <h2>"Expected score against the shift (width held)"</h2>
            <Figure class="lab-curves" testid="lab-by-shift" label="Each rule's expected score against the report's shift; the table above gives the current values." draw=curves(Axis::Shift) />
            <p class="muted">"Orange line: the honest report; blue line: your report; dot: the rule’s best along the axis, the other held where your report is."</p>
        </section>
    }
}

/// Clears a canvas drawn on transparently (the mark's), which `paint` leaves as it is while its size holds.
fn clear(canvas: &web_sys::HtmlCanvasElement) {
    use wasm_bindgen::JsCast;
    if let Some(context) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    {
        context.clear_rect(
            0.0,
            0.0,
            f64::from(canvas.width()),
            f64::from(canvas.height()),
        );
    }
}
