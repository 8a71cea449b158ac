//! The pieces any mode can lay out. Each reads the `Pipeline` in context and takes what else it needs as props;
//! each renders core results and computes none.

mod answer;
mod bound;
mod chart;
mod diagnostics;
mod factors;
pub mod files;
mod notices;
mod result;
mod settings;

use leptos::prelude::*;

pub use answer::{
    Answer, AnswerBoxes, AnswerMode, Editor, EstimateSummary, ModeTabs, Quick, QuickPrompt,
    UnitWarning, focus_by_id,
};
pub use bound::BoundInput;
pub use chart::{Chart, Figure, paint};
pub use diagnostics::Diagnostics;
pub use factors::FactorFeedback;
pub use notices::Notices;
pub use result::{QuantileTable, RulesTable, ScoreCard};
pub use settings::SettingsPanel;

/// A value in readable form ("98.3 billion"), from the core's formatter.
pub use fermi_num::format_readable as readable;

/// A value of a question in its unit's scale ("31.9%" on a share, "98.3 billion" otherwise), from the core's
/// printer.
pub fn value_in(unit: &str, x: f64) -> String {
    fermi_bank::UnitScale::of(unit).format(x)
}

/// A core message as the page shows it: the core marks code with backticks (`write \`3 8\``), which the CLI
/// prints as they are and the page sets as code.
pub fn coded(text: &str) -> impl IntoView + use<> {
    text.split('`')
        .enumerate()
        .map(|(i, piece)| {
            let piece = piece.to_string();
            if i % 2 == 1 {
                view! { <code>{piece}</code> }.into_any()
            } else {
                view! { <span>{piece}</span> }.into_any()
            }
        })
        .collect_view()
}

/// A count with its noun in the right number: "1 pack", "2 packs" (the core's printer).
pub use fermi_num::count;
