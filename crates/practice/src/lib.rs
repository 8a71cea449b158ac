//! Practice mode's rules, apart from any browser: drafts, the history and the first-answer rule
//! (`practice`), practice sets and their progression (`sets`), the saved document with its formats, migration and
//! entry-by-entry salvage (`saved`), share links (`share`), why Submit is blocked and a class question's check
//! (`submit`), what the chart shows as numbers (`chart`), the question browser (`browse`), loaded packs (`packs`),
//! pack prose (`prose`), the lab's belief from a truth or an answer (`belief`), the page's notices; and one run
//! of an answer's program as every mode's pipeline makes it, with its score and the worker's wire format (`run`).
//! No I/O, no clock, no entropy: the time and seeds come in as values.

pub mod belief;
pub mod browse;
pub mod chart;
pub mod packs;
pub mod practice;
pub mod prose;
pub mod run;
pub mod saved;
pub mod sets;
pub mod share;
pub mod submit;

pub use practice::{Outcome, Practice, Program, Recomputing, SetProgress, SetRun, topic_of};
pub use saved::{Draft, HistoryEntry, MAX_SAMPLES, MIN_SAMPLES, Saved, Settings, Theme};

/// Notices kept at once: the newest stay, older ones have been seen, and a pile hides the page.
pub const MAX_NOTICES: usize = 3;

/// Adds a notice for the page (storage trouble, a bad link): once, and only the newest [`MAX_NOTICES`] kept.
pub fn notify(notices: &mut Vec<String>, message: String) {
    if !notices.contains(&message) {
        notices.push(message);
    }
    let extra = notices.len().saturating_sub(MAX_NOTICES);
    notices.drain(..extra);
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_notice_is_said_once_and_the_newest_stay() {
        let mut n = Vec::new();
        for m in ["a", "b", "a", "c", "d"] {
            super::notify(&mut n, m.to_string());
        }
        assert_eq!(n, ["b", "c", "d"]);
    }
}
