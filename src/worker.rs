//! Large runs go to a module Web Worker (`www/worker.js`) so typing never waits for them. The worker loads this
//! same wasm module and calls [`worker_run`](crate::worker_run), i.e. `state::run` and, once the truth is
//! revealed, `state::score`. The run crosses as plain JS values without its samples (the worker keeps them and
//! scores there), the truth and the score in postcard (every double exact), so the page shows the very same
//! numbers and never holds a million samples.

use fermi_bank::FittedTruth;
use fermi_syntax::{Diagnostic, Severity, Span};
use js_sys::{Array, Float64Array, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::plot::Series;
use crate::state::{Forecast, Run, RunRequest, Scored};

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
export function post_run(worker, id, source, fermi, samples, seed, truth) {
  worker.postMessage({ id, source, fermi, samples, seed, truth });
}
"#)]
extern "C" {
    fn spawn_worker(on_result: &Closure<dyn FnMut(f64, JsValue)>) -> JsValue;
    fn post_run(
        worker: &JsValue,
        id: f64,
        source: &str,
        fermi: bool,
        samples: usize,
        seed: u64,
        truth: Option<Vec<u8>>,
    );
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

    /// Asks for a run, and for its score when `truth` is given.
    pub fn post(&self, id: u64, request: &RunRequest, truth: Option<FittedTruth>) {
        post_run(
            &self.0,
            id as f64,
            &request.source,
            request.dialect == fermi_syntax::Dialect::Fermi,
            request.options.samples,
            request.options.seed,
            truth.and_then(|t| postcard::to_allocvec(&t).ok()),
        );
    }
}

fn set(target: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a property on a plain object cannot fail.
    let _ = Reflect::set(target, &key.into(), &value.into());
}

fn get(source: &JsValue, key: &str) -> JsValue {
    Reflect::get(source, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// A run as plain JS values: `diagnostics` (an array of objects), then either `forecast` (sample count and
/// quantiles) or `problem`, `series` when there is a density, and `scored` (postcard bytes) when it was scored.
pub fn encode(run: &Run, scored: Option<&Scored>) -> JsValue {
    let out = Object::new();
    let diagnostics: Array = run
        .diagnostics
        .iter()
        .map(|d| {
            let o = Object::new();
            set(&o, "error", d.is_error());
            set(&o, "start", d.span.start);
            set(&o, "end", d.span.end);
            set(&o, "message", d.message.as_str());
            if let Some(hint) = &d.hint {
                set(&o, "hint", hint.as_str());
            }
            JsValue::from(o)
        })
        .collect();
    set(&out, "diagnostics", diagnostics);
    match &run.forecast {
        Some(Ok(f)) => {
            let o = Object::new();
            set(&o, "n", f.n);
            set(&o, "ln_p5", f.ln_p5);
            set(&o, "ln_median", f.ln_median);
            set(&o, "ln_p95", f.ln_p95);
            set(&out, "forecast", o);
        }
        Some(Err(problem)) => set(&out, "problem", problem.as_str()),
        None => {}
    }
    if let Some(s) = &run.series {
        let o = Object::new();
        set(&o, "ln_x", Float64Array::from(s.ln_x.as_slice()));
        set(&o, "density", Float64Array::from(s.density.as_slice()));
        set(&o, "p5", s.p5);
        set(&o, "median", s.median);
        set(&o, "p95", s.p95);
        set(&out, "series", o);
    }
    if let Some(bytes) = scored.and_then(|s| postcard::to_allocvec(s).ok()) {
        set(&out, "scored", Uint8Array::from(bytes.as_slice()));
    }
    out.into()
}

/// The inverse of [`encode`]; `None` for anything else.
pub fn decode(value: &JsValue) -> Option<(Run, Option<Scored>)> {
    let number = |v: &JsValue, key: &str| get(v, key).as_f64();
    let diagnostics = get(value, "diagnostics")
        .dyn_into::<Array>()
        .ok()?
        .iter()
        .map(|d| {
            Some(Diagnostic {
                severity: if get(&d, "error").as_bool()? {
                    Severity::Error
                } else {
                    Severity::Warning
                },
                span: Span {
                    start: number(&d, "start")? as u32,
                    end: number(&d, "end")? as u32,
                },
                message: get(&d, "message").as_string()?,
                hint: get(&d, "hint").as_string(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let forecast = get(value, "forecast");
    let forecast = if forecast.is_undefined() {
        get(value, "problem").as_string().map(Err)
    } else {
        Some(Ok(Forecast {
            n: number(&forecast, "n")? as usize,
            ln_p5: number(&forecast, "ln_p5")?,
            ln_median: number(&forecast, "ln_median")?,
            ln_p95: number(&forecast, "ln_p95")?,
            samples: None,
        }))
    };
    let series = get(value, "series");
    let series = if series.is_undefined() {
        None
    } else {
        let array = |key: &str| Some(get(&series, key).dyn_into::<Float64Array>().ok()?.to_vec());
        Some(Series {
            ln_x: array("ln_x")?,
            density: array("density")?,
            p5: number(&series, "p5")?,
            median: number(&series, "median")?,
            p95: number(&series, "p95")?,
        })
    };
    let scored = get(value, "scored");
    let scored = if scored.is_undefined() {
        None
    } else {
        let bytes = scored.dyn_into::<Uint8Array>().ok()?.to_vec();
        Some(postcard::from_bytes(&bytes).ok()?)
    };
    let run = Run {
        diagnostics,
        forecast,
        series,
    };
    Some((run, scored))
}
