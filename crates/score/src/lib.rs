//! Proper scoring rules on log samples (`docs/scoring.md`). Pure: slices in, numbers out.
//!
//! Every rule works on `x = ln(value)`, so results are in nats. Build a [`LogSamples`] (the forecast, sorted
//! once) and a [`LogTruth`] once, then call any rule, or [`Report::new`] for all of them under the names of the
//! scoring vectors; [`cramer_log`] and [`score`] do it from linear-space values.
//!
//! - Primary metric: [`cramer`] (Cramér-log), split by [`shift_breakdown`] into location + shape at the best
//!   shift [`best_shift`]; [`noise`] says how much of either sampling alone explains (the floor and the sd of
//!   b*); [`feedback`] turns a report into sentences; [`what_if`] rescores a re-centred, wider or narrower
//!   forecast.
//! - Comparison rules: [`cramer_unbiased`], [`crps_log`], [`w1`], [`kl_normal`], [`fp_score`], Winkler,
//!   coverage, [`log_score`].
//! - [`lab`]: the scoring lab's expected scores of a shifted or rescaled report under a lognormal belief, for
//!   proper and improper rules, and the best report for each.
//! - [`calibration`]: many answers at once (coverage of the 50/80/90% intervals, PIT, bias, sharpness and score
//!   over time, by topic, with advice), from what a history keeps of each answer.
//! - A lognormal truth is scored exactly (analytic). [`LogTruth::sampled_like_fermibench`] replaces it with n
//!   draws instead, FermiBench's convention, for figures comparable with theirs.

mod assess;
mod breakdown;
pub mod calibration;
mod catalogue;
mod cramer;
pub mod crowd;
mod error;
mod feedback;
pub mod lab;
mod report;
mod rules;
mod samples;
mod special;
mod truth;
mod whatif;

pub use assess::{Assessment, Spread, Verdicts, assess, format_nats};
pub use breakdown::{
    Noise, NormalBreakdown, ShiftBreakdown, best_shift, cramer_normal, noise, normal_breakdown,
    shift_breakdown,
};
pub use catalogue::{
    ORDER_OF_MAGNITUDE_DECADES, Orientation, Propriety, RULES, RuleEntry, RuleId, RuleLine,
    RuleValue, Unit,
};
pub use cramer::{cramer, cramer_unbiased, w1};
pub use error::{ScoreError, Side};
pub use feedback::feedback;
pub use report::{Diagnostics, Report, Summary, score};
pub use rules::{
    NormalFit, coverage90, crps_log, crps_log_fair, fp_score, interval90, kl_normal, log_score,
    median_in_interval90, winkler90_at_median, winkler90_expected,
};
pub use samples::LogSamples;
pub use special::{A, Phi, Phi_inv, Psi, erf, phi};
pub use truth::{LogTruth, Truth};
pub use whatif::{WhatIf, what_if};

/// Cramér-log of linear-space forecast samples against a truth, in nats.
pub fn cramer_log(forecast: &[f64], truth: &Truth) -> Result<f64, ScoreError> {
    Ok(cramer(&LogSamples::new(forecast)?, &LogTruth::new(truth)?))
}
