//! The study's contact with the browser: clocks, timers, fetch and POST, the one-tab lock, JATOS.
//! Nothing here decides anything; the core does.

use std::cell::Cell;
use std::rc::Rc;

use fermi_study::Now;
use fermi_study::gate::{Heard, Lock};
use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// The page's clocks and visibility, for the core.
pub fn now() -> Now {
    let window = web_sys::window();
    let mono_ms = window
        .as_ref()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now());
    let visible = !window
        .and_then(|w| w.document())
        .is_some_and(|d| d.hidden());
    Now {
        wall_ms: js_sys::Date::now(),
        mono_ms,
        visible,
    }
}

/// Resolves after `ms` milliseconds.
pub async fn sleep(ms: i32) {
    let promise = Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = JsFuture::from(promise).await;
}

thread_local! {
    /// The study link's parameters as JATOS hands them over (`jatos.urlQueryParameters`), once `jatos.js` ran.
    static JATOS_PARAMS: std::cell::RefCell<Vec<(String, String)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The URL's query parameters, in order; inside JATOS, the study link's parameters (JATOS keeps them in
/// `jatos.urlQueryParameters`, not in the component page's address) come first.
pub fn query_params() -> Vec<(String, String)> {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let mut out = JATOS_PARAMS.with_borrow(Clone::clone);
    out.extend(fermi_study::link::query(&search));
    out
}

/// The lock that keeps one tab per study and participant: a tab holding it answers every other tab's probe.
const CHANNEL: &str = "fermi-study-lock";

/// Probes for another tab holding `key` (waiting a moment for an answer); if none does, takes the lock for this
/// page's life and returns `true`. Without BroadcastChannel, there is no lock to take and this returns `true`.
pub async fn claim(key: &str) -> bool {
    thread_local! {
        /// The keys this page holds (its own second look, after consent, must not find itself).
        static HELD: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    if HELD.with_borrow(|h| h.iter().any(|k| k == key)) {
        return true;
    }
    let Ok(channel) = web_sys::BroadcastChannel::new(CHANNEL) else {
        return true;
    };
    let lock = Rc::new(Lock::new(key));
    let held = Rc::new(Cell::new(false));
    let mine = Rc::new(Cell::new(false));
    let handler = {
        let (held, mine, channel, lock) =
            (held.clone(), mine.clone(), channel.clone(), lock.clone());
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            match lock.heard(&ev.data().as_string().unwrap_or_default(), mine.get()) {
                Heard::Held => held.set(true),
                Heard::Probed => {
                    let _ = channel.post_message(&JsValue::from_str(&lock.answer));
                }
                Heard::Other => {}
            }
        })
    };
    channel.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    let _ = channel.post_message(&JsValue::from_str(&lock.probe));
    sleep(400).await;
    if held.get() {
        channel.set_onmessage(None);
        channel.close();
        return false;
    }
    mine.set(true);
    HELD.with_borrow_mut(|h| h.push(key.to_string()));
    // The lock lasts as long as the page: the handler and its channel are never dropped.
    handler.forget();
    std::mem::forget(channel);
    true
}

/// Whether the page is served by JATOS: its study pages live under `/publix/`.
pub fn served_by_jatos() -> bool {
    web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .is_some_and(|p| fermi_study::link::served_by_jatos(&p))
}

/// Loads `jatos.js` from where JATOS serves it (beside the page) and waits for `jatos.onLoad`; then reads the
/// study link's parameters from `jatos.urlQueryParameters`. `Err` says what failed.
pub async fn start_jatos() -> Result<(), String> {
    let document = leptos::prelude::document();
    if jatos().is_none() {
        let script: web_sys::HtmlScriptElement = document
            .create_element("script")
            .map_err(|_| "no script element")?
            .unchecked_into();
        script.set_src("jatos.js");
        let loaded = Promise::new(&mut |resolve, reject| {
            script.set_onload(Some(&resolve));
            script.set_onerror(Some(&reject));
        });
        document
            .head()
            .ok_or("no head")?
            .append_child(&script)
            .map_err(|_| "cannot add jatos.js")?;
        JsFuture::from(loaded)
            .await
            .map_err(|_| "jatos.js could not be loaded from this study's folder".to_string())?;
    }
    let jatos = jatos().ok_or("jatos.js ran but there is no `jatos`")?;
    let on_load: Function = Reflect::get(&jatos, &"onLoad".into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or("jatos.onLoad is missing")?;
    let ready = Promise::new(&mut |resolve, _| {
        let _ = on_load.call1(&jatos, &resolve);
    });
    JsFuture::from(ready)
        .await
        .map_err(|_| "jatos.onLoad failed")?;
    let params = Reflect::get(&jatos, &"urlQueryParameters".into()).unwrap_or(JsValue::NULL);
    let mut found = Vec::new();
    if params.is_object() {
        for entry in js_sys::Object::entries(params.unchecked_ref()).iter() {
            let pair = js_sys::Array::from(&entry);
            if let (Some(k), Some(v)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                found.push((k, v));
            }
        }
    }
    JATOS_PARAMS.with_borrow_mut(|p| *p = found);
    Ok(())
}

/// JATOS's `jatos` object, when the page runs inside a JATOS study.
fn jatos() -> Option<JsValue> {
    let window = web_sys::window()?;
    let jatos = Reflect::get(&window, &"jatos".into()).ok()?;
    (jatos.is_object()).then_some(jatos)
}

pub fn in_jatos() -> bool {
    jatos().is_some()
}

/// Calls `jatos.NAME(args…)` and awaits its promise if it returns one.
async fn call_jatos(name: &str, args: &js_sys::Array) -> Result<(), String> {
    let jatos = jatos().ok_or("JATOS is not there")?;
    let f: Function = Reflect::get(&jatos, &name.into())
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(|| format!("jatos.{name} is missing"))?;
    let result = f
        .apply(&jatos, args)
        .map_err(|e| format!("jatos.{name} failed: {e:?}"))?;
    if let Ok(promise) = result.dyn_into::<Promise>() {
        JsFuture::from(promise)
            .await
            .map_err(|e| format!("jatos.{name} failed: {e:?}"))?;
    }
    Ok(())
}

/// The batch session's key of the participant counter that balances arms.
const COUNTER: &str = "fermi-study-participants";

/// Takes the next number of JATOS's batch-session counter (shared by every participant of the batch): reads it,
/// writes it plus one, and tries again when another participant's write came first (JATOS refuses a stale
/// write). `None` when there is no batch session or it keeps failing.
pub async fn jatos_counter() -> Option<u64> {
    let session = Reflect::get(&jatos()?, &"batchSession".into()).ok()?;
    let get: Function = Reflect::get(&session, &"get".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let set: Function = Reflect::get(&session, &"set".into())
        .ok()?
        .dyn_into()
        .ok()?;
    for _ in 0..5 {
        let now = get
            .call1(&session, &COUNTER.into())
            .ok()?
            .as_f64()
            .unwrap_or(0.0);
        let written = set
            .call2(&session, &COUNTER.into(), &(now + 1.0).into())
            .ok()?;
        let ok = match written.dyn_into::<Promise>() {
            Ok(promise) => JsFuture::from(promise).await.is_ok(),
            Err(_) => true,
        };
        if ok && let Some(n) = fermi_study::counter(now) {
            return Some(n);
        }
        sleep(200).await;
    }
    None
}

/// Hands the record to JATOS (`jatos.submitResultData`, which replaces the component's result data: JATOS keeps
/// the latest).
pub async fn jatos_submit(record: &str) -> Result<(), String> {
    call_jatos("submitResultData", &js_sys::Array::of1(&record.into())).await
}

/// Ends the JATOS study: `jatos.endStudyAndRedirect(url)` with a completion link, else `jatos.endStudy()`.
pub async fn jatos_end(redirect: Option<&str>) -> Result<(), String> {
    match redirect {
        Some(url) => call_jatos("endStudyAndRedirect", &js_sys::Array::of1(&url.into())).await,
        None => call_jatos("endStudy", &js_sys::Array::new()).await,
    }
}

/// Sends `body` as the page goes away (`navigator.sendBeacon`, as `text/plain`: a beacon to another site may not
/// say `application/json`); `false` when the browser would not queue it.
pub fn beacon(url: &str, body: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.navigator().send_beacon_with_opt_str(url, Some(body)).ok())
        .unwrap_or(false)
}

/// The participant's screen, time zone and language, as far as the browser tells.
pub fn device() -> fermi_study::Device {
    let window = web_sys::window();
    let screen = window.as_ref().and_then(|w| w.screen().ok());
    let options = js_sys::Intl::DateTimeFormat::new(&js_sys::Array::new(), &js_sys::Object::new())
        .resolved_options();
    fermi_study::Device::of(
        screen.as_ref().and_then(|s| s.width().ok()),
        screen.as_ref().and_then(|s| s.height().ok()),
        Reflect::get(&options, &"timeZone".into())
            .ok()
            .and_then(|z| z.as_string()),
        window.and_then(|w| w.navigator().language()),
    )
}

/// The browser's user agent.
pub fn user_agent() -> String {
    web_sys::window()
        .and_then(|w| w.navigator().user_agent().ok())
        .unwrap_or_default()
}

/// Goes to a web address (the completion link).
pub fn go_to(url: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign(url);
    }
}

/// Resolves a path against the page's address (a study's pack beside its file).
pub fn resolve(path: &str, base: &str) -> Option<String> {
    let page = web_sys::window()?.location().href().ok()?;
    let base = web_sys::Url::new_with_base(base, &page).ok()?;
    Some(web_sys::Url::new_with_base(path, &base.href()).ok()?.href())
}
