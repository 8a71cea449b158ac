//! The Fermi Playground web app: a thin leptos layer over the core crates. It parses, samples and scores nothing
//! itself; it holds state, draws, and stores.

pub mod adapters;
mod components;
mod modes;
pub mod run;
pub mod worker;

pub use modes::App;

/// Benchmark hook (`window.wasmBindings.bench_run` on the built page): one run exactly as the page does it while
/// typing (evaluate, sort the ln samples, build the density), returning the median, or NaN when the program fails.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_run(source: &str, n: usize, seed: u64) -> f64 {
    let options = fermi_eval::Options { samples: n, seed };
    let run = run::run(source, fermi_syntax::Dialect::Squiggle, &options);
    run.log_samples().map_or(f64::NAN, |s| s.median().exp())
}

/// The worker's entry (`www/worker.js`): one run exactly as `run::run` does it on the page and, given a truth
/// (a `FittedTruth` in postcard), its score as `run::score` does it, in postcard (see `worker::encode`).
/// The last run is kept, so that a request differing only in its truth (Submit) is scored without sampling again.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn worker_run(
    source: String,
    fermi: bool,
    n: usize,
    seed: u64,
    truth: Option<Vec<u8>>,
) -> Vec<u8> {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(run::RunRequest, run::Run)>> =
            const { std::cell::RefCell::new(None) };
    }
    let dialect = if fermi {
        fermi_syntax::Dialect::Fermi
    } else {
        fermi_syntax::Dialect::Squiggle
    };
    let request = run::RunRequest {
        source,
        dialect,
        options: fermi_eval::Options { samples: n, seed },
    };
    let truth = truth.and_then(|t| postcard::from_bytes(&t).ok());
    LAST.with_borrow_mut(|last| {
        if last.as_ref().is_some_and(|(of, _)| *of != request) {
            *last = None;
        }
        let (_, run) = last.get_or_insert_with(|| {
            let run = run::run(&request.source, request.dialect, &request.options);
            (request, run)
        });
        let scored = truth.and_then(|t| run::score(run.log_samples()?, t));
        worker::encode(run, scored.as_ref())
    })
}
