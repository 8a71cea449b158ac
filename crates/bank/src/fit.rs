//! Ground truth for scoring: what each truth kind becomes (docs/pack-format.md, "How truths are scored").

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use fermi_eval::{Options, evaluate_source};
use fermi_score::{Truth, Z95, quantile_type7};
use fermi_syntax::Dialect;

use crate::format::{Question, TruthSpec};
use crate::load::{Problem, check_positive, ln_sorted};

/// Samples drawn from a distribution truth before fitting its lognormal.
pub const FIT_SAMPLES: usize = 1_000_000;

/// The seed a question's truth program is sampled with: 64-bit FNV-1a of the id's UTF-8 bytes
/// (offset basis 0xcbf29ce484222325, prime 0x100000001b3). Stable across versions and platforms.
pub fn question_seed(id: &str) -> u64 {
    fnv1a(id.as_bytes())
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
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

/// Fits a question's truth (memoised per id and program):
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
            static CACHE: OnceLock<Mutex<HashMap<(String, u64), FittedTruth>>> = OnceLock::new();
            let key = (question.id.clone(), fnv1a(program.as_bytes()));
            let cache = CACHE.get_or_init(Default::default);
            if let Some(fitted) = cache.lock().map_or(None, |c| c.get(&key).copied()) {
                return Ok(fitted);
            }
            let ln = ln_sorted(&program_samples(question, program, FIT_SAMPLES)?);
            let (p5, p95) = (quantile_type7(&ln, 0.05), quantile_type7(&ln, 0.95));
            if p95 <= p5 {
                return Err(Problem::in_question(
                    question,
                    "truth.program",
                    "has no spread: its p5 equals its p95",
                ));
            }
            let fitted = FittedTruth::Lognormal {
                mu: (p5 + p95) / 2.0,
                sigma: (p95 - p5) / (2.0 * Z95),
            };
            if let Ok(mut c) = cache.lock() {
                c.insert(key, fitted);
            }
            Ok(fitted)
        }
    }
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
