//! The Fermi Playground web app: a thin leptos layer over the core crates. It parses, samples and scores nothing
//! itself; it holds state, draws, and stores.

mod app;
mod components;
pub mod plot;
pub mod share;
pub mod state;
pub mod storage;
pub mod worker;

pub use app::App;

/// Benchmark hook (`window.wasmBindings.bench_run` on the built page): one run exactly as the page does it while
/// typing (evaluate, sort the ln samples, build the density), returning the median, or NaN when the program fails.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_run(source: &str, n: usize, seed: u64) -> f64 {
    let options = fermi_eval::Options { samples: n, seed };
    let run = state::run(source, fermi_syntax::Dialect::Squiggle, &options);
    run.log_samples().map_or(f64::NAN, |s| s.median().exp())
}

/// The worker's entry (`www/worker.js`): one run exactly as `state::run` does it on the page, as plain JS values
/// (see `worker::encode`).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn worker_run(source: &str, fermi: bool, n: usize, seed: u64) -> wasm_bindgen::JsValue {
    let dialect = if fermi {
        fermi_syntax::Dialect::Fermi
    } else {
        fermi_syntax::Dialect::Squiggle
    };
    let options = fermi_eval::Options { samples: n, seed };
    worker::encode(&state::run(source, dialect, &options))
}
