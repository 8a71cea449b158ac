use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;

use fermi_practice::Theme;
use fermi_practice::chart::Overlay;

use crate::run::Pipeline;
use fermi_charts::overlay::draw;
use fermi_charts::{DARK, LIGHT, Palette};

/// Draws on `canvas` with `draw` (given the area, the theme's palette and the device pixel ratio), after sizing it
/// in device pixels so it stays crisp.
pub fn paint(
    canvas: web_sys::HtmlCanvasElement,
    draw: impl FnOnce(&DrawingArea<CanvasBackend, Shift>, Palette, f64) -> Result<(), String>,
) {
    let ratio = web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .max(1.0);
    let css_width = canvas.client_width().max(280) as f64;
    let css_height = canvas.client_height().max(200) as f64;
    let (width, height) = ((css_width * ratio) as u32, (css_height * ratio) as u32);
    // Resizing clears and reallocates the canvas: only when its size changed (every drawing fills it anyway).
    if (canvas.width(), canvas.height()) != (width, height) {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    let palette = if dark_theme() { DARK } else { LIGHT };
    if let Some(backend) = CanvasBackend::with_canvas_object(canvas)
        && let Err(e) = draw(&backend.into_drawing_area(), palette, ratio)
    {
        leptos::logging::warn!("chart: {e}");
    }
}

/// The app's theme (read as a signal, so a change redraws): the one chosen, else the system's.
fn dark_theme() -> bool {
    let chosen = use_context::<RwSignal<Theme>>().map_or(Theme::System, |t| t.get());
    chosen.is_dark(|| {
        web_sys::window()
            .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
            .is_some_and(|m| m.matches())
    })
}

/// A canvas redrawn whenever `draw` would draw something else (`class` styles it; `label` says what it shows).
#[component]
pub fn Figure(
    #[prop(into)] testid: String,
    label: &'static str,
    #[prop(default = "chart small")] class: &'static str,
    /// Nothing to draw: a phone folds the empty area away (www/style.css).
    #[prop(optional)]
    empty: Option<Signal<bool>>,
    draw: impl Fn(web_sys::HtmlCanvasElement) + 'static,
) -> impl IntoView {
    let canvas = NodeRef::<Canvas>::new();
    Effect::new(move |_| {
        if let Some(c) = canvas.get() {
            draw(c);
        }
    });
    let empty = move || empty.is_some_and(|e| e.get());
    view! { <canvas node_ref=canvas class=class class:empty=empty data-testid=testid role="img" aria-label=label></canvas> }
}

/// The overlay of the `Pipeline` in context, redrawn whenever its run or score changes; `unit` labels the axis.
#[component]
pub fn Chart(#[prop(into)] unit: Signal<String>) -> impl IntoView {
    let pipeline = expect_context::<Pipeline>();
    let draw = move |canvas| {
        let run = pipeline.run.get();
        let truth = pipeline.scored.get().map(|s| s.truth);
        let unit = unit.get();
        let overlay = Overlay::of(run.series.as_ref(), truth, &unit);
        paint(canvas, |area, palette, ratio| {
            draw(area, &overlay, palette, ratio)
        });
    };
    // Nothing to draw yet (no estimate, no truth): a phone folds the empty area away (www/style.css).
    let empty = Signal::derive(move || {
        let truth = pipeline.scored.get().map(|s| s.truth);
        pipeline.run.with(|run| {
            Overlay::of(run.series.as_ref(), truth, "")
                .x_range()
                .is_none()
        })
    });
    view! {
        <Figure
            class="chart"
            empty
            testid="chart"
            label="Density of your estimate and, after you submit, of the truth, on a log axis. The table below gives the same numbers."
            draw
        />
    }
}
