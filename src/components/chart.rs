use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;

use crate::plot::{LIGHT, draw};
use crate::state::AppState;

/// The overlay, redrawn whenever the run changes. The canvas is sized in device pixels so it stays crisp.
#[component]
pub fn Chart() -> impl IntoView {
    let state = expect_context::<AppState>();
    let canvas = NodeRef::<Canvas>::new();
    Effect::new(move |_| {
        let run = state.run.get();
        let Some(canvas) = canvas.get() else { return };
        let ratio = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .max(1.0);
        let css_width = canvas.client_width().max(320) as f64;
        let css_height = canvas.client_height().max(200) as f64;
        canvas.set_width((css_width * ratio) as u32);
        canvas.set_height((css_height * ratio) as u32);
        if let Some(backend) = CanvasBackend::with_canvas_object(canvas) {
            let area = backend.into_drawing_area();
            if let Err(e) = draw(&area, &run.0.overlay, LIGHT, ratio) {
                leptos::logging::warn!("chart: {e}");
            }
        }
    });
    view! {
        <canvas
            node_ref=canvas
            class="chart"
            data-testid="chart"
            role="img"
            aria-label="Your estimate's distribution and the truth's, on a log axis"
        ></canvas>
    }
}
