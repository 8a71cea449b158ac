//! `fermi-charts`: the app's charts, each generic over plotters' `DrawingBackend`, so the browser draws them on a
//! canvas and tests render SVG natively. A face library, not core: it draws numbers the core computed
//! (`fermi_practice::chart`, `fermi_score::lab` and `calibration`, `fermi_factors`' steps) and computes none.

pub mod calibration;
pub mod lab;
pub mod overlay;
pub mod waterfall;

pub use overlay::{DARK, LIGHT, Palette};
