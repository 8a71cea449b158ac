//! Large runs go to a module Web Worker (`www/worker.js`) so typing never waits for them. The worker loads this
//! same wasm module and calls [`worker_run`](crate::worker_run), i.e. `fermi_practice::run::Runner`. The run
//! (without its samples: the worker keeps them and scores there), the truth and the score cross in the core's
//! postcard bytes (every double exact), so the page shows the very same numbers and never holds a million
//! samples.

use fermi_bank::FittedTruth;
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

use fermi_practice::run::{RunRequest, encode_truth};

#[wasm_bindgen(inline_js = r#"
export function spawn_worker(on_result) {
  // Trunk names its output files by hash; the page's own preload links say where they are.
  const glue = document.querySelector('link[rel="modulepreload"][href$=".js"]');
  const wasm = document.querySelector('link[rel="preload"][type="application/wasm"]');
  if (typeof Worker === 'undefined' || !glue || !wasm) return null;
  try {
    const worker = new Worker(new URL('worker.js', document.baseURI), { type: 'module' });
    worker.onmessage = (e) => on_result(e.data.id, e.data.run);
    worker.onerror = (e) => { e.preventDefault(); on_result(-1, null); };
    worker.postMessage({ glue: glue.href, wasm: wasm.href });
    return worker;
  } catch (_) {
    return null;
  }
}
export function post_run(worker, id, lane, source, fermi, samples, seed, truth) {
  worker.postMessage({ id, lane, source, fermi, samples, seed, truth });
}
export function stop_worker(worker) {
  worker.terminate();
}
"#)]
extern "C" {
    fn spawn_worker(on_result: &Closure<dyn FnMut(f64, JsValue)>) -> JsValue;
    fn post_run(
        worker: &JsValue,
        id: f64,
        lane: usize,
        source: &str,
        fermi: bool,
        samples: usize,
        seed: u64,
        truth: Option<Vec<u8>>,
    );
    fn stop_worker(worker: &JsValue);
}

/// The page's handle on its worker.
#[derive(Clone)]
pub struct Worker(JsValue);

impl Worker {
    /// Starts the worker; `None` where there is none to start (no Worker support, or a page not built by Trunk,
    /// such as the wasm tests). `on_result` gets a request id and its run; id −1 (with no run) says the worker
    /// failed and runs must stay on the page.
    pub fn spawn(on_result: impl FnMut(f64, JsValue) + 'static) -> Option<Worker> {
        let closure = Closure::<dyn FnMut(f64, JsValue)>::new(on_result);
        let worker = spawn_worker(&closure);
        if worker.is_null() {
            return None;
        }
        // The worker lives as long as the page, and so does its callback.
        closure.forget();
        Some(Worker(worker))
    }

    /// Asks for a run, and for its score when `truth` is given; a newer request of the same `lane` (one pipeline
    /// of those sharing the worker) supersedes it.
    pub fn post(&self, id: u64, lane: usize, request: &RunRequest, truth: Option<FittedTruth>) {
        post_run(
            &self.0,
            id as f64,
            lane,
            &request.source,
            request.dialect == fermi_syntax::Dialect::Fermi,
            request.options.samples,
            request.options.seed,
            truth.map(encode_truth),
        );
    }

    pub fn stop(&self) {
        stop_worker(&self.0);
    }
}

/// The bytes of a worker's message (a `Uint8Array`); `None` for anything else.
pub fn message_bytes(value: &JsValue) -> Option<Vec<u8>> {
    Some(value.dyn_ref::<Uint8Array>()?.to_vec())
}
