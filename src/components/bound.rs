//! One end of a 90% interval typed as a quantity ("98.3 billion"), with its readable echo: the quick answer's boxes
//! and the lab's belief both use it.

use leptos::prelude::*;

use super::readable;

/// A labelled text box bound to `value`; `id` is also its test hook. Below it, what the text reads as, or how to
/// write it when it is not a number (a decimal comma, out of range, an unknown word).
#[component]
pub fn BoundInput(id: &'static str, label: &'static str, value: RwSignal<String>) -> impl IntoView {
    let echo = move || {
        let text = value.get();
        if text.trim().is_empty() {
            return String::new();
        }
        match fermi_num::read_number(&text) {
            Ok(v) => format!("{} = {}", text.trim(), readable(v)),
            Err(e) => e.message(),
        }
    };
    view! {
        <div class="bound">
            <label for=id>{label}</label>
            <input
                id=id
                data-testid=id
                type="text"
                inputmode="decimal"
                autocomplete="off"
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))
            />
            <span class="echo" aria-live="polite">{echo}</span>
        </div>
    }
}
