//! Practice mode's rules, apart from any browser: drafts, the history and the first-answer rule
//! (`practice`), practice sets and their progression (`sets`), the saved document with its formats, migration and
//! entry-by-entry salvage (`saved`), share links (`share`), why Submit is blocked (`submit`) and what the chart
//! shows as numbers (`chart`); and one run of an answer's program as every mode's pipeline makes it, with its score
//! and the worker's wire format (`run`). No I/O, no clock, no entropy: the time and seeds come in as values.

pub mod belief;
pub mod browse;
pub mod chart;
pub mod packs;
pub mod practice;
pub mod run;
pub mod saved;
pub mod sets;
pub mod share;
pub mod submit;

pub use practice::{Outcome, Practice, Program, SetProgress, SetRun, topic_of};
pub use saved::{Draft, HistoryEntry, MAX_SAMPLES, MIN_SAMPLES, Saved, Settings, Theme};
