use leptos::prelude::*;

use crate::state::AppState;

#[component]
pub fn Editor() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <label class="editor-label" for="estimate-input">"Your estimate (Squiggle subset)"</label>
        <textarea
            id="estimate-input"
            class="editor"
            data-testid="estimate-input"
            spellcheck="false"
            rows="6"
            placeholder="coal_kwh = to(90e9, 100e9)\n…"
            prop:value=move || state.source.get()
            on:input=move |ev| state.source.set(event_target_value(&ev))
        ></textarea>
    }
}
