//! The app by mode: the page's address chooses the face it shows, and each mode owns its state and layout,
//! built from the shared pieces in `components/`.

mod class;
mod lab;
mod practice;
mod study;

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
        Mode::Class => view! { <Class address=Memo::new(move |_| address.get()) /> }.into_any(),
    })
    .into_any()
}
