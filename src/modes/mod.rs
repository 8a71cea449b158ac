//! The app by mode: the page's address chooses the face it shows, and each mode owns its state and layout,
//! built from the shared pieces in `components/`.

mod class;
mod lab;
mod practice;
mod study;

use fermi_practice::Theme;
use fermi_study::link::Face;
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
        let root = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element());
        if let Some(root) = root {
            let _ = match chosen {
                Theme::System => root.remove_attribute("data-theme"),
                chosen => root.set_attribute("data-theme", chosen.name()),
            };
        }
    });
}

/// The page: the mode its address asks for, switched when the fragment changes (a link to `#lab` and back).
/// Leaving a mode ends its state; what practice keeps is in storage already.
#[component]
pub fn App() -> impl IntoView {
    provide_theme();
    // A study link shows only the study, whatever the fragment.
    if let Some(name) = study::requested() {
        return view! { <study::StudyMode name /> }.into_any();
    }
    let address = RwSignal::new(fragment());
    let listener = window_event_listener(leptos::ev::hashchange, move |_| address.set(fragment()));
    on_cleanup(move || listener.remove());
    let face = Memo::new(move |_| Face::of(&address.get()));
    (move || match face.get() {
        Face::Practice => view! { <Practice /> }.into_any(),
        Face::Lab => view! { <Lab /> }.into_any(),
        Face::Class => view! { <Class address=Memo::new(move |_| address.get()) /> }.into_any(),
    })
    .into_any()
}
