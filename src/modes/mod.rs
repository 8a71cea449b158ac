//! The app by mode: the page's address chooses the mode's module (index.html), and each mode owns its state and
//! layout, built from the shared pieces in `components/`.

mod class;
mod lab;
mod practice;
mod study;

use fermi_practice::Theme;
use leptos::prelude::*;

use class::Class;
use lab::Lab;
use practice::Practice;

use crate::adapters::{self, fragment};

/// The app's theme, one signal for every mode (the choice is practice's, kept with its saved data): the CSS reads
/// `data-theme` on the page's root, and the charts read the signal in context.
fn provide_theme() {
    let theme = RwSignal::new(adapters::practice::peek().theme);
    provide_context(theme);
    Effect::new(move |_| {
        let chosen = theme.get();
        if let Some(root) = document().document_element() {
            let _ = match chosen {
                Theme::System => root.remove_attribute("data-theme"),
                chosen => root.set_attribute("data-theme", chosen.name()),
            };
        }
    });
}

/// Practice, the default mode. Each mode's app is the root of its own module (`src/bin/`); moving to another mode
/// loads the page again (index.html's loader).
#[component]
pub fn App() -> impl IntoView {
    provide_theme();
    view! { <Practice /> }
}

/// A study item (`?study=…`, or a page JATOS serves), whatever the fragment.
#[component]
pub fn StudyApp() -> impl IntoView {
    provide_theme();
    view! { <study::StudyMode name=study::requested().unwrap_or_default() /> }
}

#[component]
pub fn LabApp() -> impl IntoView {
    provide_theme();
    view! { <Lab /> }
}

#[component]
pub fn ClassApp() -> impl IntoView {
    provide_theme();
    let address = RwSignal::new(fragment());
    let listener = window_event_listener(leptos::ev::hashchange, move |_| address.set(fragment()));
    on_cleanup(move || listener.remove());
    view! { <Class address=Memo::new(move |_| address.get()) /> }
}
