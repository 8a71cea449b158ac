//! The student link as a QR code (the `qrcode` crate draws the SVG), so a room can join from a projector.

use leptos::prelude::*;
use qrcode::QrCode;
use qrcode::render::svg;

/// A QR code of `text`, or nothing when it is too long for one.
#[component]
pub fn Qr(text: String, #[prop(default = 220)] size: u32) -> impl IntoView {
    let svg = QrCode::new(text.as_bytes()).ok().map(|code| {
        code.render::<svg::Color>()
            .min_dimensions(size, size)
            .quiet_zone(true)
            .build()
    });
    svg.map(|svg| {
        view! { <div class="class-qr" data-testid="class-qr" role="img" aria-label="QR code of the students' link" inner_html=svg></div> }
    })
}
