//! The comparison rules: CRPS-log, KL-log, fp_score, Winkler 90%, coverage and the log score.

use core::f64::consts::LN_10;

use fermi_num::{Normal, Sum};

use crate::cramer::merged_walk;
use crate::samples::LogSamples;
use crate::special::{Phi, Psi};
use crate::truth::LogTruth;

/// The Winkler penalty factor `2/α` for a 90% interval.
const WINKLER_PENALTY: f64 = 20.0;

/// CRPS of F at the truth's median (log axis): rewards collapsing onto a point.
pub fn crps_log(f: &LogSamples, g: &LogTruth) -> f64 {
    merged_walk(f.sorted(), |x| x, &[g.median()]).0
}

/// The fair CRPS (Ferro 2014): `crps − U_X/(2n)`; `None` for a single sample.
pub fn crps_log_fair(f: &LogSamples, crps: f64) -> Option<f64> {
    Some(crps - f.u_statistic()? / (2.0 * f.len() as f64))
}

/// A normal on the log axis fitted to a sample set or a truth.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NormalFit {
    pub mu: f64,
    pub sigma: f64,
}

impl NormalFit {
    /// Fitted from the type-7 p5 and p95, the recipe a lognormal truth is built with.
    pub fn by_quantiles(f: &LogSamples) -> NormalFit {
        let Normal { mu, sigma } = Normal::from_interval90(f.quantile(0.05), f.quantile(0.95));
        NormalFit { mu, sigma }
    }

    /// Fitted by moments (mean, ddof-0 sd).
    pub fn by_moments(f: &LogSamples) -> NormalFit {
        NormalFit {
            mu: f.mean(),
            sigma: f.sd(),
        }
    }

    /// A truth's fit: sampled truths as [`NormalFit::by_quantiles`] or [`NormalFit::by_moments`] (`quantiles`
    /// picks), a lognormal exactly, a point with sigma 0.
    pub fn of_truth(g: &LogTruth, quantiles: bool) -> NormalFit {
        match g {
            LogTruth::Samples(y) if quantiles => NormalFit::by_quantiles(y),
            LogTruth::Samples(y) => NormalFit::by_moments(y),
            LogTruth::Normal { mu, sigma } => NormalFit {
                mu: *mu,
                sigma: *sigma,
            },
            LogTruth::Point(g) => NormalFit { mu: *g, sigma: 0.0 },
        }
    }
}

/// `KL(N1 ‖ N2)`; `None` if either sigma is 0.
pub fn kl_normal(a: NormalFit, b: NormalFit) -> Option<f64> {
    if a.sigma <= 0.0 || b.sigma <= 0.0 {
        return None;
    }
    let d = a.mu - b.mu;
    Some(
        libm::log(b.sigma / a.sigma) + (a.sigma * a.sigma + d * d) / (2.0 * b.sigma * b.sigma)
            - 0.5,
    )
}

/// Kalyan et al. (2021): `max(0, 1 − |med ln F − med ln G| / (3 ln 10))`, 0 at three decades off.
pub fn fp_score(f: &LogSamples, g: &LogTruth) -> f64 {
    (1.0 - (f.median() - g.median()).abs() / (3.0 * LN_10)).max(0.0)
}

/// F's 90% interval on the log axis: type-7 p5 and p95.
pub fn interval90(f: &LogSamples) -> (f64, f64) {
    (f.quantile(0.05), f.quantile(0.95))
}

fn winkler_at(l: f64, u: f64, y: f64) -> f64 {
    (u - l) + WINKLER_PENALTY * (l - y).max(0.0) + WINKLER_PENALTY * (y - u).max(0.0)
}

/// Winkler interval score of F's 90% interval at the truth's median.
pub fn winkler90_at_median(f: &LogSamples, g: &LogTruth) -> f64 {
    let (l, u) = interval90(f);
    winkler_at(l, u, g.median())
}

/// Winkler interval score of F's 90% interval, expected over the truth.
pub fn winkler90_expected(f: &LogSamples, g: &LogTruth) -> f64 {
    let (l, u) = interval90(f);
    match g {
        LogTruth::Samples(y) => {
            y.sorted()
                .iter()
                .map(|&y| winkler_at(l, u, y))
                .collect::<Sum>()
                .value()
                / y.len() as f64
        }
        LogTruth::Normal { mu, sigma } => {
            (u - l) + WINKLER_PENALTY * sigma * (Psi((l - mu) / sigma) + Psi((mu - u) / sigma))
        }
        LogTruth::Point(g) => winkler_at(l, u, *g),
    }
}

/// The truth's mass inside F's closed 90% interval.
pub fn coverage90(f: &LogSamples, g: &LogTruth) -> f64 {
    let (l, u) = interval90(f);
    match g {
        LogTruth::Samples(y) => {
            let y = y.sorted();
            let inside = y.partition_point(|&v| v <= u) - y.partition_point(|&v| v < l);
            inside as f64 / y.len() as f64
        }
        LogTruth::Normal { mu, sigma } => {
            let (zl, zu) = ((l - mu) / sigma, (u - mu) / sigma);
            // In the upper tail the complement keeps the digits.
            if zl > 0.0 {
                Phi(-zl) - Phi(-zu)
            } else {
                Phi(zu) - Phi(zl)
            }
        }
        LogTruth::Point(g) => f64::from(u8::from(l <= *g && *g <= u)),
    }
}

/// Whether the truth's median lies in F's closed 90% interval.
pub fn median_in_interval90(f: &LogSamples, g: &LogTruth) -> bool {
    let (l, u) = interval90(f);
    let m = g.median();
    l <= m && m <= u
}

/// `E_G[ln N(Y; mean ln F, sd ln F)]` on the log axis (no Jacobian; higher is better). `None` if F has no
/// spread.
pub fn log_score(f: &LogSamples, g: &LogTruth) -> Option<f64> {
    let (m, s) = (f.mean(), f.sd());
    if s <= 0.0 {
        return None;
    }
    let mean_square = match g {
        LogTruth::Samples(y) => {
            y.sorted()
                .iter()
                .map(|y| (y - m) * (y - m))
                .collect::<Sum>()
                .value()
                / y.len() as f64
        }
        LogTruth::Normal { mu, sigma } => sigma * sigma + (mu - m) * (mu - m),
        LogTruth::Point(g) => (g - m) * (g - m),
    };
    Some(-libm::log(s * libm::sqrt(2.0 * core::f64::consts::PI)) - mean_square / (2.0 * s * s))
}
