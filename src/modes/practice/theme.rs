use leptos::prelude::*;

use fermi_practice::Theme;

/// The app's colours: the system's, light or dark (kept with the saved settings; every mode shows them).
#[component]
pub fn ThemeChoice() -> impl IntoView {
    let theme = expect_context::<RwSignal<Theme>>();
    view! {
        <label for="theme">"Theme"</label>
        <select
            id="theme"
            data-testid="theme"
            prop:value=move || theme.get().name()
            on:change=move |ev| {
                let chosen = event_target_value(&ev);
                if let Some(chosen) = Theme::ALL.into_iter().find(|t| t.name() == chosen) {
                    theme.set(chosen);
                }
            }
        >
            <option value="system">"as the system"</option>
            <option value="light">"light"</option>
            <option value="dark">"dark"</option>
        </select>
    }
}
