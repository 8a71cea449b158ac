//! One end of a 90% interval typed as a quantity ("98.3 billion"), with its readable echo: the quick answer's boxes
//! and the lab's belief both use it.

use leptos::prelude::*;

/// A labelled text box bound to `value`; `id` is also its test hook (`{id}-echo` the echo's). Below it, what the
/// text reads as (in `unit`, when given, a share in percent: the core's `bound_echo`), or why it is not a number (a decimal comma, out of range, an unknown word).
#[component]
pub fn BoundInput(
    id: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    #[prop(optional, into)] unit: Option<Signal<String>>,
    /// Keys pressed in the box (the quick answer's Enter and Ctrl/Cmd-Enter).
    #[prop(optional)]
    on_keydown: Option<Callback<web_sys::KeyboardEvent>>,
    /// The id of a line that says what the keys do.
    #[prop(optional)]
    described_by: Option<&'static str>,
) -> impl IntoView {
    let echo = move || {
        let unit = unit.map(|u| u.get()).unwrap_or_default();
        fermi_bank::bound_echo(&value.get(), &unit)
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
                enterkeyhint="go"
                aria-describedby=described_by
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))
                on:keydown=move |ev| {
                    if let Some(on_keydown) = on_keydown {
                        on_keydown.run(ev);
                    }
                }
            />
            <span class="echo" data-testid=format!("{id}-echo") aria-live="polite">{echo}</span>
        </div>
    }
}
