//! The page's parts. Each reads `AppState` from context and renders core results; none computes them.

mod chart;
mod diagnostics;
mod editor;
mod question;
mod score;

pub use chart::Chart;
pub use diagnostics::Diagnostics;
pub use editor::Editor;
pub use question::QuestionView;
pub use score::ScoreCard;
