//! The page's parts. Each reads `AppState` from context and renders core results; none computes them.

mod answer;
mod browser;
mod chart;
mod diagnostics;
mod files;
mod history;
mod notices;
mod question;
mod result;
mod settings;

pub use answer::Answer;
pub use browser::QuestionBrowser;
pub use chart::Chart;
pub use history::History;
pub use notices::Notices;
pub use question::{Explanation, QuestionView};
pub use result::{QuantileTable, RulesTable, ScoreCard};
pub use settings::SettingsPanel;

/// A value in readable form ("98.3 billion"), from the core's formatter.
pub fn readable(x: f64) -> String {
    fermi_num::format_readable(x)
}

/// A count with its noun in the right number: "1 pack", "2 packs".
pub fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}
