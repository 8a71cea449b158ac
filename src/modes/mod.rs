//! The app by mode: the page's address chooses the face it shows, and each mode owns its state and layout,
//! built from the shared pieces in `components/`.

mod practice;

use leptos::prelude::*;

use practice::Practice;

/// The modes the page can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The default, for any address no other mode claims (a share link's `#s1=…` included).
    Practice,
}

impl Mode {
    /// The mode the page's address asks for; each new mode claims its address (`?study=…`, `#lab`, `#class`) here.
    fn of_page() -> Mode {
        Mode::Practice
    }
}

#[component]
pub fn App() -> impl IntoView {
    match Mode::of_page() {
        Mode::Practice => view! { <Practice /> },
    }
}
