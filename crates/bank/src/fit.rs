//! Ground truth for scoring: what each truth kind becomes (docs/pack-format.md, "How truths are scored").

use std::collections::HashMap;

use fermi_eval::{Options, evaluate_source};
use fermi_num::{Normal, Z95, fnv1a, quantile_type7};
use fermi_score::Truth;
use fermi_syntax::Dialect;

use crate::format::{Question, TruthSpec};
use crate::load::{Problem, check_positive};

/// Samples drawn from a distribution truth before fitting its lognormal.
pub const FIT_SAMPLES: usize = 1_000_000;

/// The seed a question's truth program is sampled with: 64-bit FNV-1a of the id's UTF-8 bytes
/// (offset basis 0xcbf29ce484222325, prime 0x100000001b3). Stable across versions and platforms.
pub fn question_seed(id: &str) -> u64 {
    fnv1a(id.as_bytes())
}

/// The truth a forecast is scored against, in linear units of the question.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum FittedTruth {
    /// ln of the truth is normal(mu, sigma): fitted to a program's p5/p95, or moment-matched to a log range.
    Lognormal {
        mu: f64,
        sigma: f64,
    },
    Point(f64),
}

impl FittedTruth {
    pub fn p5(&self) -> f64 {
        self.quantile(-Z95)
    }

    pub fn median(&self) -> f64 {
        self.quantile(0.0)
    }

    pub fn p95(&self) -> f64 {
        self.quantile(Z95)
    }

    fn quantile(&self, z: f64) -> f64 {
        match *self {
            FittedTruth::Lognormal { mu, sigma } => libm::exp(mu + z * sigma),
            FittedTruth::Point(value) => value,
        }
    }

    /// The scorer's form.
    pub fn to_truth(&self) -> Truth {
        match *self {
            FittedTruth::Lognormal { mu, sigma } => Truth::Lognormal { mu, sigma },
            FittedTruth::Point(value) => Truth::Point(value),
        }
    }
}

/// Fits a question's truth (10⁶ samples for a program: hold on to the result, or use a [`FitCache`]):
/// - `distribution`: the program at [`FIT_SAMPLES`] samples with [`question_seed`], type-7 p5/p95 of the samples,
///   the lognormal through them;
/// - `log_range`: the lognormal with the same mean and sd in log as the uniform: mu = (ln low + ln high)/2,
///   sigma = (ln high − ln low)/√12;
/// - `point`: the value.
pub fn fit_truth(question: &Question) -> Result<FittedTruth, Problem> {
    match &question.truth {
        TruthSpec::Point { value } => Ok(FittedTruth::Point(*value)),
        TruthSpec::LogRange { low, high } => {
            let (a, b) = (libm::log(*low), libm::log(*high));
            Ok(FittedTruth::Lognormal {
                mu: (a + b) / 2.0,
                sigma: (b - a) / 12f64.sqrt(),
            })
        }
        TruthSpec::Distribution { program, .. } => {
            let mut samples = program_samples(question, program, FIT_SAMPLES)?;
            let (p5, p95) = (
                ln_quantile_type7(&mut samples, 0.05),
                ln_quantile_type7(&mut samples, 0.95),
            );
            if p95 <= p5 {
                return Err(Problem::in_question(
                    question,
                    "truth.program",
                    "has no spread: its p5 equals its p95",
                ));
            }
            let Normal { mu, sigma } = Normal::from_interval90(p5, p95);
            Ok(FittedTruth::Lognormal { mu, sigma })
        }
        TruthSpec::Sealed => Err(Problem::in_question(
            question,
            "truth",
            "is sealed: this public-tier pack holds no truth (give the sealed truths to `study score --truth`)",
        )),
    }
}

/// Fitted truths kept by their owner (the app refits nothing when a question is reopened), keyed by question id
/// and the truth's own text, so an edited pack's question is fitted anew.
#[derive(Debug, Default)]
pub struct FitCache(HashMap<(String, u64), FittedTruth>);

impl FitCache {
    /// [`fit_truth`], remembered on success.
    pub fn fit(&mut self, question: &Question) -> Result<FittedTruth, Problem> {
        let TruthSpec::Distribution { program, .. } = &question.truth else {
            return fit_truth(question);
        };
        let key = (question.id.clone(), fnv1a(program.as_bytes()));
        if let Some(&fitted) = self.0.get(&key) {
            return Ok(fitted);
        }
        let fitted = fit_truth(question)?;
        self.0.insert(key, fitted);
        Ok(fitted)
    }
}

/// The type-7 quantile of the ln values of positive `samples`, found by selection (reordering `samples`) rather
/// than by sorting: ln never decreases, so the k-th smallest ln value is the ln of the k-th smallest sample and
/// the result is that of `quantile_type7` over the sorted ln values, bit for bit, in linear time and without a
/// second vector (a truth is fitted on the page's thread, at 10⁶ samples).
fn ln_quantile_type7(samples: &mut [f64], p: f64) -> f64 {
    let n = samples.len();
    let h = (n - 1) as f64 * p.clamp(0.0, 1.0);
    let k = (libm::floor(h) as usize).min(n - 1);
    let (_, &mut at_k, above) = samples.select_nth_unstable_by(k, f64::total_cmp);
    let next = above.iter().copied().min_by(f64::total_cmp);
    let pair = [at_k, next.unwrap_or(at_k)].map(libm::log);
    quantile_type7(&pair, h - k as f64)
}

/// The FermiBench convention: the truth sampled at the forecast's `n` instead of an analytic fit.
/// A distribution truth runs its program at `n` with [`question_seed`]; a log range becomes `n` evenly spaced
/// quantiles of the uniform in log (`exp(ln low + (i + ½)/n · (ln high − ln low))`); a point stays a point.
pub fn sampled_truth(question: &Question, n: usize) -> Result<Truth, Problem> {
    match &question.truth {
        TruthSpec::Point { value } => Ok(Truth::Point(*value)),
        TruthSpec::LogRange { low, high } => {
            let (a, b) = (libm::log(*low), libm::log(*high));
            Ok(Truth::Samples(
                (0..n)
                    .map(|i| libm::exp(a + (i as f64 + 0.5) / n as f64 * (b - a)))
                    .collect(),
            ))
        }
        TruthSpec::Distribution { program, .. } => {
            Ok(Truth::Samples(program_samples(question, program, n)?))
        }
        TruthSpec::Sealed => Err(Problem::in_question(
            question,
            "truth",
            "is sealed: this public-tier pack holds no truth (give the sealed truths to `study score --truth`)",
        )),
    }
}

/// Runs a truth program; its samples (all positive), or the first problem.
fn program_samples(question: &Question, program: &str, n: usize) -> Result<Vec<f64>, Problem> {
    let options = Options {
        samples: n,
        seed: question_seed(&question.id),
    };
    let evaluation = evaluate_source(program, Dialect::Squiggle, &options);
    if let Some(d) = evaluation.diagnostics.iter().find(|d| d.is_error()) {
        return Err(Problem::in_question(
            question,
            "truth.program",
            d.message.clone(),
        ));
    }
    let Some(samples) = evaluation.samples else {
        return Err(Problem::in_question(
            question,
            "truth.program",
            "produced no samples",
        ));
    };
    check_positive(&samples).map_err(|why| Problem::in_question(question, "truth.program", why))?;
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::ln_sorted;

    #[test]
    fn selection_gives_the_sorted_quantiles_bit_for_bit() {
        // Sizes from one sample up, with ties (repeated values) and values whose ln rounds together.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut draw = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for n in [1, 2, 3, 20, 21, 1000, 4097] {
            let samples: Vec<f64> = (0..n)
                .map(|i| match i % 5 {
                    0 => 7.0,
                    1 => 1.0 + f64::EPSILON,
                    2 => 1.0,
                    _ => libm::exp(40.0 * draw() - 20.0),
                })
                .collect();
            let ln = ln_sorted(&samples);
            for p in [0.0, 0.05, 0.5, 0.95, 1.0] {
                let mut work = samples.clone();
                assert_eq!(
                    ln_quantile_type7(&mut work, p).to_bits(),
                    quantile_type7(&ln, p).to_bits(),
                    "n = {n}, p = {p}"
                );
            }
        }
    }
}
