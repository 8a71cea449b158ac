//! The Fermi Playground web app: a thin leptos layer over the core crates. It parses, samples and scores nothing
//! itself; it holds state, draws, and stores.

mod app;
mod components;
pub mod plot;
pub mod share;
pub mod state;
pub mod storage;

pub use app::App;
