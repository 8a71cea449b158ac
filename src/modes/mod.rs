//! The app by mode: the page's address chooses the face it shows, and each mode owns its state and layout,
//! built from the shared pieces in `components/`.

mod lab;
mod practice;
mod study;

use leptos::prelude::*;

use lab::Lab;
use practice::Practice;

/// The modes the page can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The default, for any address no other mode claims (a share link's `#s1=…` included).
    Practice,
    /// The scoring lab, at `#lab`.
    Lab,
}

impl Mode {
    /// The mode an address fragment asks for; each new mode claims its address (`?study=…`, `#class`) here.
    fn of(fragment: &str) -> Mode {
        match fragment {
            "#lab" => Mode::Lab,
            _ => Mode::Practice,
        }
    }
}

fn fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The page: the mode its address asks for, switched when the fragment changes (a link to `#lab` and back).
/// Leaving a mode ends its state; what practice keeps is in storage already.
#[component]
pub fn App() -> impl IntoView {
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
    })
    .into_any()
}
