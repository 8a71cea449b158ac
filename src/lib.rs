//! The Fermi Playground web app (being built).
