//! The ground truth G, as given (linear space) and as the rules use it (log axis).

use fermi_num::Normal;

use crate::error::{ScoreError, Side};
use crate::samples::LogSamples;
use crate::special::FRAC_1_SQRT_PI;

/// The truth as a question states it.
#[derive(Debug, Clone, PartialEq)]
pub enum Truth {
    /// Linear-space samples (e.g. a truth program's output).
    Samples(Vec<f64>),
    /// A lognormal: `mu` and `sigma` of ln(value).
    Lognormal { mu: f64, sigma: f64 },
    /// A single linear-space value.
    Point(f64),
}

impl Truth {
    /// The lognormal whose 5th and 95th percentiles are `p5` and `p95` (linear space). Validated by
    /// [`LogTruth::new`], which refuses non-positive or crossed bounds.
    pub fn lognormal_from_p5_p95(p5: f64, p95: f64) -> Truth {
        let Normal { mu, sigma } = Normal::from_interval90(libm::log(p5), libm::log(p95));
        Truth::Lognormal { mu, sigma }
    }

    /// Like [`Truth::lognormal_from_p5_p95`], refusing an interval that cannot define a lognormal.
    pub fn checked_lognormal_from_p5_p95(p5: f64, p95: f64) -> Result<Truth, ScoreError> {
        let usable = p5.is_finite() && p95.is_finite() && p5 > 0.0 && p5 <= p95;
        if usable {
            Ok(Truth::lognormal_from_p5_p95(p5, p95))
        } else {
            Err(ScoreError::BadInterval { p5, p95 })
        }
    }
}

/// The truth on the log axis, ready for the rules. A lognormal with sigma = 0 is a point.
#[derive(Debug, Clone, PartialEq)]
pub enum LogTruth {
    Samples(LogSamples),
    Normal { mu: f64, sigma: f64 },
    Point(f64),
}

impl LogTruth {
    pub fn new(truth: &Truth) -> Result<LogTruth, ScoreError> {
        match *truth {
            Truth::Samples(ref values) => Ok(LogTruth::Samples(LogSamples::from_linear(
                values,
                Side::Truth,
            )?)),
            Truth::Lognormal { mu, sigma } => {
                if !(mu.is_finite() && sigma.is_finite() && sigma >= 0.0) {
                    Err(ScoreError::BadLognormal { mu, sigma })
                } else if sigma == 0.0 {
                    Ok(LogTruth::Point(mu))
                } else {
                    Ok(LogTruth::Normal { mu, sigma })
                }
            }
            Truth::Point(g) => {
                if g.is_finite() && g > 0.0 {
                    Ok(LogTruth::Point(libm::log(g)))
                } else {
                    Err(ScoreError::BadPoint(g))
                }
            }
        }
    }

    /// Median on the log axis: type 7 for samples, `mu`, or the point.
    pub fn median(&self) -> f64 {
        match self {
            LogTruth::Samples(y) => y.median(),
            LogTruth::Normal { mu, .. } => *mu,
            LogTruth::Point(g) => *g,
        }
    }

    pub fn mean(&self) -> f64 {
        match self {
            LogTruth::Samples(y) => y.mean(),
            LogTruth::Normal { mu, .. } => *mu,
            LogTruth::Point(g) => *g,
        }
    }

    /// Spread on the log axis (ddof-0 sd for samples, sigma, 0 for a point).
    pub fn sd(&self) -> f64 {
        match self {
            LogTruth::Samples(y) => y.sd(),
            LogTruth::Normal { sigma, .. } => *sigma,
            LogTruth::Point(_) => 0.0,
        }
    }

    /// `½E|Y−Y'|`: V-statistic for samples, `sigma/√π` for a normal, 0 for a point.
    pub fn half_mean_distance(&self) -> f64 {
        match self {
            LogTruth::Samples(y) => y.half_mean_distance(),
            LogTruth::Normal { sigma, .. } => sigma * FRAC_1_SQRT_PI,
            LogTruth::Point(_) => 0.0,
        }
    }
}
