//! The app by mode: the page's address chooses the face it shows, and each mode owns its state and layout,
//! built from the shared pieces in `components/`.

mod class;
mod lab;
mod practice;
mod study;

use fermi_practice::Theme;
use leptos::prelude::*;

use class::Class;
use lab::Lab;
use practice::Practice;

/// The modes the page can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The default, for any address no other mode claims (a share link's `#s1=…` included).
    Practice,
    /// The scoring lab, at `#lab`.
    Lab,
    /// Class mode, at `#class`, `#class=…` (a student) and `#class-teacher=…`.
    Class,
}

impl Mode {
    /// The mode an address fragment asks for; each new mode claims its address (`?study=…`, `#class`) here.
    fn of(fragment: &str) -> Mode {
        match fragment {
            "#lab" => Mode::Lab,
            f if fermi_study::class::page(f).is_some() => Mode::Class,
            _ => Mode::Practice,
        }
    }
}

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
    let mode = Memo::new(move |_| Mode::of(&address.get()));
    (move || match mode.get() {
        Mode::Practice => view! { <Practice /> }.into_any(),
        Mode::Lab => view! { <Lab /> }.into_any(),
        Mode::Class => view! { <Class address=Memo::new(move |_| address.get()) /> }.into_any(),
    })
    .into_any()
}
