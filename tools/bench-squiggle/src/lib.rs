//! The evaluator for node, for the side-by-side benchmark: `evaluate` as the app runs it (the samples stay in wasm
//! memory, where the app's scorer reads them) and `samples`, which also copies them out to a `Float64Array`.

use fermi_eval::{Options, evaluate_source};
use fermi_syntax::Dialect;
use wasm_bindgen::prelude::wasm_bindgen;

/// Parses and samples a Squiggle-subset program; returns how many samples it made, or throws the first error.
#[wasm_bindgen]
pub fn evaluate(source: &str, samples: usize, seed: u64) -> Result<usize, String> {
    run(source, samples, seed).map(|s| s.len())
}

/// As `evaluate`, returning the samples (copied into a `Float64Array`).
#[wasm_bindgen]
pub fn samples(source: &str, samples: usize, seed: u64) -> Result<Vec<f64>, String> {
    run(source, samples, seed)
}

fn run(source: &str, samples: usize, seed: u64) -> Result<Vec<f64>, String> {
    let e = evaluate_source(source, Dialect::Squiggle, &Options { samples, seed });
    e.samples.ok_or_else(|| {
        e.diagnostics
            .iter()
            .find(|d| d.is_error())
            .map(|d| d.message.clone())
            .unwrap_or_default()
    })
}
