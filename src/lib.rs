//! The Fermi Playground web app: a thin leptos layer over the core crates. It parses, samples and scores nothing
//! itself; it holds state, draws, and stores.

mod app;
mod components;
pub mod plot;
mod state;

pub use app::App;
