//! One end of a 90% interval typed as a quantity ("98.3 billion"), with its readable echo: the quick answer's boxes
//! and the lab's belief both use it.

use leptos::prelude::*;

use super::readable;

/// A labelled text box bound to `value`; `id` is also its test hook. Below it, what the text reads as, or how to
/// write a number when it is not one yet.
#[component]
pub fn BoundInput(id: &'static str, label: &'static str, value: RwSignal<String>) -> impl IntoView {
    let echo = move || {
        let text = value.get();
        if text.trim().is_empty() {
            return String::new();
        }
        match fermi_num::parse_readable(&text) {
            Some(v) => format!("{} = {}", text.trim(), readable(v)),
            None => "not a number yet (try 98.3e9, 98.3 billion or 98.3B)".to_string(),
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
