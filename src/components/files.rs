//! Reading files the user picks or drops (the core's one loading path takes them, `fermi_bank::import::load_report`);
//! and offering a file for download.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Largest file read (bigger ones are refused before reading).
const MAX_BYTES: f64 = 8.0 * 1024.0 * 1024.0;

/// Reads every file as text: `(name, Ok(text) | Err(why))`.
pub async fn read_all(files: web_sys::FileList) -> Vec<(String, Result<String, String>)> {
    let mut out = Vec::new();
    for i in 0..files.length() {
        let Some(file) = files.item(i) else { continue };
        let name = file.name();
        if file.size() > MAX_BYTES {
            out.push((name, Err("the file is larger than 8 MiB".to_string())));
            continue;
        }
        let text = JsFuture::from(file.text())
            .await
            .ok()
            .and_then(|v| v.as_string())
            .ok_or_else(|| "the file could not be read as text".to_string());
        out.push((name, text));
    }
    out
}

/// What one attempt to load files gave, as lines to show (`fermi_bank::import::load_report`).
pub use fermi_bank::import::Report as Outcome;

/// The files of a change event on an `<input type=file>`.
pub fn from_input(ev: &web_sys::Event) -> Option<web_sys::FileList> {
    ev.target()?
        .dyn_into::<web_sys::HtmlInputElement>()
        .ok()?
        .files()
}

/// Offers `text` as a download named `name`.
pub fn download(name: &str, text: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let body = document.body();
    if let Some(a) = document
        .create_element("a")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download(name);
        if let Some(body) = &body {
            let _ = body.append_child(&a);
        }
        a.click();
        a.remove();
    }
    // The download starts asynchronously: revoke the address only afterwards.
    leptos::prelude::set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(5),
    );
}
