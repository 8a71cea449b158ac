//! The Fermi Playground web app: a thin leptos layer over the core crates. It parses, samples and scores nothing
//! itself; it holds state, draws, and stores.

pub mod adapters;
mod components;
mod modes;
pub mod run;
pub mod worker;

pub use modes::{App, ClassApp, LabApp, StudyApp};

/// Each module's `main` (`src/bin/`, one per mode, picked by index.html's loader): mounts `app`, the only mode
/// linked into that module, once the built-in question bank is in. The evaluation worker (`www/worker.js`) loads
/// the page's module for [`worker_run`]: there is no page to mount there.
pub fn main<V: leptos::IntoView + 'static>(app: fn() -> V) {
    console_error_panic_hook::set_once();
    if web_sys::window().is_some() {
        wasm_bindgen_futures::spawn_local(start(app));
    }
}

/// Mounts `app` once the bank's first part is in; without it the page says why rather than staying blank.
async fn start<V: leptos::IntoView + 'static>(app: fn() -> V) {
    match load_bank(true).await {
        Ok(()) => leptos::mount::mount_to_body(app),
        Err(why) => {
            if let Some(body) = leptos::prelude::document().body() {
                body.set_text_content(Some(&format!(
                    "The question bank could not be loaded: {why}. Check the connection and reload the page."
                )));
            }
        }
    }
}

/// Installs the bank's part the page names (`scripts/bank-data.mjs`): the `first` in a preload link, fetched while
/// the wasm downloaded; else the whole files (`<meta name="bank-details">`), which practice fetches after its first
/// screen for what the reveal shows.
pub(crate) async fn load_bank(first: bool) -> Result<(), String> {
    let (selector, attribute) = match first {
        true => (r#"link[rel="preload"][type="application/json"]"#, "href"),
        false => (r#"meta[name="bank-details"]"#, "content"),
    };
    let document = leptos::prelude::document();
    let element = document.query_selector(selector).ok().flatten();
    let href = element
        .and_then(|e| e.get_attribute(attribute))
        .ok_or("the page names no question bank")?;
    let json = adapters::fetch_text(&href).await?;
    match first {
        true => fermi_bank::install_builtin(&json),
        false => fermi_bank::install_builtin_details(&json),
    }
}

/// Benchmark hook (`window.wasmBindings.bench_run` on the built page): one run exactly as the page does it while
/// typing (evaluate, sort the ln samples, build the density), returning the median, or NaN when the program fails.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_run(source: &str, n: usize, seed: u64) -> f64 {
    let options = fermi_eval::Options { samples: n, seed };
    let run = fermi_practice::run::run(source, fermi_syntax::Dialect::Squiggle, &options);
    run.log_samples().map_or(f64::NAN, |s| s.median().exp())
}

/// The worker's entry (`www/worker.js`): the core's `Runner` answering one request (`encode_request`'s bytes)
/// with its run and, given a truth, its score, in postcard (`fermi_practice::run::encode`).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn worker_run(request: &[u8]) -> Vec<u8> {
    thread_local! {
        static RUNNER: std::cell::RefCell<fermi_practice::run::Runner> = Default::default();
    }
    RUNNER.with_borrow_mut(|runner| runner.answer(request))
}
