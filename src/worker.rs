//! Large runs go to a module Web Worker (`www/worker.js`) so typing never waits for them. The worker loads this
//! same wasm module and calls [`worker_run`](crate::worker_run), i.e. `fermi_practice::run::Runner`. The run
//! (without its samples: the worker keeps them and scores there), the truth and the score cross in the core's
//! postcard bytes (every double exact), so the page shows the very same numbers and never holds a million
//! samples.

use fermi_bank::FittedTruth;
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;

use fermi_practice::run::{RunRequest, encode_request};

/// The page's handle on its worker.
#[derive(Clone)]
pub struct Worker(web_sys::Worker);

/// Sets `key` on a plain JS object.
fn set(object: &js_sys::Object, key: &str, value: impl Into<JsValue>) {
    let _ = js_sys::Reflect::set(object, &key.into(), &value.into());
}

impl Worker {
    /// Starts the worker; `None` where there is none to start (no Worker support, or a page not built by Trunk,
    /// such as the wasm tests). `on_result` gets a request id and its run; id −1 (with no run) says the worker
    /// failed and runs must stay on the page.
    ///
    /// Written with web-sys rather than an inline JS snippet: a snippet is a file of its own, not named by its
    /// content, so the service worker must ask the network for it first, a round trip before every start.
    pub fn spawn(on_result: impl FnMut(f64, JsValue) + 'static) -> Option<Worker> {
        let document = web_sys::window()?.document()?;
        let base = document.base_uri().ok()??;
        let absolute = |href: &str| Some(web_sys::Url::new_with_base(href, &base).ok()?.href());
        // The mode's module, by content-hashed name: the page's loader preloads it (index.html).
        let linked = |selector: &str| {
            absolute(
                &document
                    .query_selector(selector)
                    .ok()??
                    .get_attribute("href")?,
            )
        };
        let glue = linked(r#"link[rel="modulepreload"][href$=".js"]"#)?;
        let wasm = linked(r#"link[rel="preload"][type="application/wasm"]"#)?;
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(&absolute("worker.js")?, &options).ok()?;
        let on_result = std::rc::Rc::new(std::cell::RefCell::new(on_result));
        let results = on_result.clone();
        let on_message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let data = e.data();
                let field =
                    |key: &str| js_sys::Reflect::get(&data, &key.into()).unwrap_or(JsValue::NULL);
                (results.borrow_mut())(field("id").as_f64().unwrap_or(-1.0), field("run"));
            });
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            e.prevent_default();
            (on_result.borrow_mut())(-1.0, JsValue::NULL);
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        // The worker lives as long as the page, and so do its callbacks.
        on_message.forget();
        on_error.forget();
        let start = js_sys::Object::new();
        set(&start, "glue", glue);
        set(&start, "wasm", wasm);
        worker.post_message(&start).ok()?;
        Some(Worker(worker))
    }

    /// Asks for a run, and for its score when `truth` is given; a newer request of the same `lane` (one pipeline
    /// of those sharing the worker) supersedes it.
    pub fn post(&self, id: u64, lane: usize, request: &RunRequest, truth: Option<FittedTruth>) {
        let message = js_sys::Object::new();
        set(&message, "id", id as f64);
        set(&message, "lane", lane as f64);
        let bytes = encode_request(request, truth);
        set(&message, "request", Uint8Array::from(bytes.as_slice()));
        let _ = self.0.post_message(&message);
    }

    pub fn stop(&self) {
        self.0.terminate();
    }
}

/// The bytes of a worker's message (a `Uint8Array`); `None` for anything else.
pub fn message_bytes(value: &JsValue) -> Option<Vec<u8>> {
    Some(value.dyn_ref::<Uint8Array>()?.to_vec())
}
