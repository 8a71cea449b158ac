//! `evaluate(source, samples, seed)` for node: what the side-by-side benchmark times against Squiggle's `run`.

use fermi_eval::{Options, evaluate_source};
use fermi_syntax::Dialect;
use wasm_bindgen::prelude::wasm_bindgen;

/// Parses and samples a Squiggle-subset program; returns the samples (copied into a `Float64Array`), or throws
/// the first error's message.
#[wasm_bindgen]
pub fn evaluate(source: &str, samples: usize, seed: u64) -> Result<Vec<f64>, String> {
    let e = evaluate_source(source, Dialect::Squiggle, &Options { samples, seed });
    e.samples.ok_or_else(|| {
        e.diagnostics
            .iter()
            .find(|d| d.is_error())
            .map(|d| d.message.clone())
            .unwrap_or_default()
    })
}
