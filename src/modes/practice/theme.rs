use leptos::prelude::*;

use super::PracticeState;
use crate::storage::Theme;

/// The page's colours: the system's, light or dark (kept with the saved settings).
#[component]
pub fn ThemeChoice() -> impl IntoView {
    let state = expect_context::<PracticeState>();
    view! {
        <label for="theme">"Theme"</label>
        <select
            id="theme"
            data-testid="theme"
            prop:value=move || state.theme.get().name()
            on:change=move |ev| {
                let chosen = event_target_value(&ev);
                if let Some(theme) = Theme::ALL.into_iter().find(|t| t.name() == chosen) {
                    state.theme.set(theme);
                }
            }
        >
            <option value="system">"as the system"</option>
            <option value="light">"light"</option>
            <option value="dark">"dark"</option>
        </select>
    }
}
