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
                if let Some(chosen) = Theme::named(&event_target_value(&ev)) {
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
