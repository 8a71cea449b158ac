//! The app's contact with the browser that every mode shares, each written once: local storage, the clipboard,
//! the address bar, fresh entropy, fetching a file, and practice's saved document (the core's format in local
//! storage).

use fermi_practice::saved::{self, BACKUP_KEY, KEY, Saved};
use wasm_bindgen::prelude::*;

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

const NO_STORAGE: &str = "this browser keeps no local storage here";

/// The text stored under `key`; `Err` when this browser keeps no local storage here (off or refused).
pub fn read(key: &str) -> Result<Option<String>, String> {
    let storage = local_storage().ok_or(NO_STORAGE)?;
    storage.get_item(key).map_err(|_| NO_STORAGE.to_string())
}

/// Stores `text` under `key`; `Err` says why not, in words for people.
pub fn write(key: &str, text: &str) -> Result<(), String> {
    let storage = local_storage().ok_or(NO_STORAGE)?;
    storage
        .set_item(key, text)
        .map_err(|_| "local storage is full or switched off".to_string())
}

/// Fetches `url`, a POST of `json` when given: the response if the server answered 2xx, else why not, in words.
pub async fn fetch(url: &str, json: Option<&str>) -> Result<web_sys::Response, String> {
    let window = web_sys::window().ok_or("no window")?;
    let init = web_sys::RequestInit::new();
    if let Some(body) = json {
        let headers = web_sys::Headers::new().map_err(|_| "no headers")?;
        headers
            .set("content-type", "application/json")
            .map_err(|_| "no headers")?;
        init.set_method("POST");
        init.set_headers(&headers);
        init.set_body(&JsValue::from_str(body));
    }
    let response = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str_and_init(url, &init))
        .await
        .map_err(|_| "the server could not be reached".to_string())?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "no response")?;
    match response.ok() {
        true => Ok(response),
        false => Err(format!("the server answered HTTP {}", response.status())),
    }
}

/// Fetches a same-origin file as text: `Err` says what went wrong, in words.
pub async fn fetch_text(url: &str) -> Result<String, String> {
    let text = fetch(url, None)
        .await?
        .text()
        .map_err(|_| "the file is not text")?;
    wasm_bindgen_futures::JsFuture::from(text)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| "the file could not be read as text".into())
}

pub fn remove(key: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(key);
    }
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = history, js_name = replaceState)]
    fn replace_state(data: &JsValue, unused: &str, url: &str) -> Result<(), JsValue>;
    // `catch`: where the page is not a secure context, `navigator.clipboard` is missing and the call throws.
    #[wasm_bindgen(catch, js_namespace = ["navigator", "clipboard"], js_name = writeText)]
    fn write_text(text: &str) -> Result<js_sys::Promise, JsValue>;
}

/// Puts `text` on the clipboard, then tells `done` whether it is there: false where the browser refuses (the text
/// stays on the page to copy by hand).
pub fn copy(text: String, done: impl FnOnce(bool) + 'static) {
    leptos::task::spawn_local(async move {
        done(match write_text(&text) {
            Ok(promise) => wasm_bindgen_futures::JsFuture::from(promise).await.is_ok(),
            Err(_) => false,
        })
    });
}

/// The page's address without its fragment, for links to share.
pub fn page_address() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

/// Runs `step` once per task while it returns `Some(true)` (`None`: its owner was disposed meanwhile), so that long
/// work in steps (fitting a class's truths, recomputing a history) never holds the page's thread for all of it.
pub fn step_in_tasks(step: impl Fn() -> Option<bool> + 'static) {
    let next = move || {
        if step() == Some(true) {
            step_in_tasks(step);
        }
    };
    leptos::prelude::set_timeout(next, std::time::Duration::ZERO);
}

/// The page address's fragment ("" without one).
pub fn fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Removes the fragment from the address without a reload or a `hashchange`, so that a reload does not apply a
/// link again over later edits.
pub fn clear_fragment() {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return;
    };
    let path = format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    let _ = replace_state(&JsValue::NULL, "", &path);
}

/// A number from the browser's crypto, below 10⁹ (short to read out, exact wherever a number is a double);
/// `None` where the platform has none.
pub fn crypto_entropy() -> Option<u64> {
    getrandom::u64().ok().map(|x| x % 1_000_000_000)
}

/// The app's one source of fresh entropy (a re-rolled seed, a set's order, class codes, a study's submission id):
/// the browser's crypto, and where it has none, one policy: the clocks and a counter mixed, so that draws still
/// differ between calls and between pages. Below 10⁹.
pub fn fresh_entropy() -> u64 {
    thread_local! {
        static DRAWN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }
    crypto_entropy().unwrap_or_else(|| {
        let count = DRAWN.with(|d| {
            d.set(d.get() + 1);
            d.get()
        });
        let since_load = web_sys::window()
            .and_then(|w| w.performance())
            .map_or(0.0, |p| p.now());
        let parts = [js_sys::Date::now().to_bits(), since_load.to_bits(), count];
        fermi_num::fnv1a_words(&parts) % 1_000_000_000
    })
}

/// Practice's saved document in local storage: drafts, history, settings and the app's theme.
pub mod practice {
    use super::*;

    /// The saved document as it stands, without setting anything aside (for a look from another mode).
    pub fn peek() -> Saved {
        read(KEY)
            .ok()
            .flatten()
            .map_or_else(Saved::empty, |text| saved::parse(&text).saved)
    }

    /// The saved document and an optional notice. Whatever could not be read is added to the set-aside data.
    pub fn load() -> (Saved, Option<String>) {
        let stored = read(KEY);
        let (saved, notice, set_aside_file) = saved::open(
            stored.as_ref().map(Option::as_deref).map_err(|_| ()),
            set_aside().as_deref(),
        );
        if let Some(file) = set_aside_file {
            let _ = write(BACKUP_KEY, &file);
        }
        (saved, notice)
    }

    pub fn set_aside() -> Option<String> {
        read(BACKUP_KEY).ok().flatten()
    }

    pub fn discard_set_aside() {
        remove(BACKUP_KEY);
    }

    /// Writes the document; `Err` with a notice when storage is full or refused.
    pub fn save(saved: &Saved) -> Result<(), String> {
        write(KEY, &saved::to_json(saved)).map_err(|_| saved::NOT_SAVED.to_string())
    }
}
