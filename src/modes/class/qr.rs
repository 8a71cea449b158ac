//! The student link as a QR code (`fermi_study::class::qr_svg` draws the SVG), so a room can join from a projector.

use leptos::prelude::*;

/// A QR code of `text`, or nothing when it is too long for one.
#[component]
pub fn Qr(text: String, #[prop(default = 220)] size: u32) -> impl IntoView {
    fermi_study::class::qr_svg(&text, size).map(|svg| {
        view! { <div class="class-qr" data-testid="class-qr" role="img" aria-label="QR code of the students' link" inner_html=svg></div> }
    })
}
