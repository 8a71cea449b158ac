//! Every number of the spec for one forecast against one truth, under the names of `scoring-vectors.json`.

use core::f64::consts::LN_10;

use serde::{Deserialize, Serialize};

use crate::breakdown::{NormalBreakdown, ShiftBreakdown, normal_breakdown, shift_breakdown};
use crate::cramer::{cramer_and_w1, unbiased_from};
use crate::error::ScoreError;
use crate::rules::{
    NormalFit, coverage90, crps_log, crps_log_fair, fp_score, interval90, kl_normal, log_score,
    median_in_interval90, winkler90_at_median, winkler90_expected,
};
use crate::samples::LogSamples;
use fermi_num::Z95;

use crate::truth::{LogTruth, Truth};

/// Location and spread of one side on the log axis (nats).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub mean: f64,
    /// ddof 0.
    pub sd: f64,
    pub median: f64,
    pub p5: f64,
    pub p95: f64,
}

impl Summary {
    /// Type-7 quantiles of the ln values.
    pub fn of_samples(x: &LogSamples) -> Summary {
        Summary {
            mean: x.mean(),
            sd: x.sd(),
            median: x.median(),
            p5: x.quantile(0.05),
            p95: x.quantile(0.95),
        }
    }

    /// A lognormal's own mu, sigma and `mu ∓ Z95·sigma`; a point's value everywhere.
    pub fn of_truth(g: &LogTruth) -> Summary {
        match *g {
            LogTruth::Samples(ref y) => Summary::of_samples(y),
            LogTruth::Normal { mu, sigma } => Summary {
                mean: mu,
                sd: sigma,
                median: mu,
                p5: mu - Z95 * sigma,
                p95: mu + Z95 * sigma,
            },
            LogTruth::Point(g) => Summary {
                mean: g,
                sd: 0.0,
                median: g,
                p5: g,
                p95: g,
            },
        }
    }
}

/// Signed bias (F minus G) and sharpness.
#[allow(non_snake_case)]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Diagnostics {
    pub bias_mean_nats: f64,
    pub bias_median_nats: f64,
    pub bias_median_decades: f64,
    /// `exp(bias_median_nats)`: above 1 the estimate is too high by that factor.
    pub bias_median_factor: f64,
    /// sd of ln F (nats); a spread of one decade is 2.30.
    pub sharpness_F: f64,
    pub sharpness_G: f64,
    /// σF/σG: above 1 under-confident (too wide), below 1 over-confident. `None` for a truth without spread.
    pub sd_ratio: Option<f64>,
}

/// Every output of the spec (`None` = undefined, JSON `null`). Field names are the vector keys.
#[allow(non_snake_case)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub cramer_log: f64,
    pub cramer_log_unbiased: Option<f64>,
    pub crps_log: f64,
    pub crps_log_fair: Option<f64>,
    pub w1_log: f64,
    pub kl_log_q_FG: Option<f64>,
    pub kl_log_q_GF: Option<f64>,
    pub kl_log_m_FG: Option<f64>,
    pub kl_log_m_GF: Option<f64>,
    pub fp_score: f64,
    pub interval90_l: f64,
    pub interval90_u: f64,
    pub winkler90_expected: f64,
    pub winkler90_at_median: f64,
    pub coverage90: f64,
    pub median_in_interval90: bool,
    pub log_score: Option<f64>,
    pub breakdown_shift: ShiftBreakdown,
    pub breakdown_normal: NormalBreakdown,
    pub diagnostics: Diagnostics,
    pub summary_F: Summary,
    pub summary_G: Summary,
}

impl Report {
    pub fn new(f: &LogSamples, g: &LogTruth) -> Report {
        let (d, w1) = cramer_and_w1(f, g);
        let crps = match g {
            // The CRPS at a point truth's median is the Cramér distance to that point: the same walk.
            LogTruth::Point(_) => d,
            LogTruth::Samples(_) | LogTruth::Normal { .. } => crps_log(f, g),
        };
        let (fq, fm) = (NormalFit::by_quantiles(f), NormalFit::by_moments(f));
        let (gq, gm) = (NormalFit::of_truth(g, true), NormalFit::of_truth(g, false));
        let (l, u) = interval90(f);
        let bias_median = f.median() - g.median();
        Report {
            cramer_log: d,
            cramer_log_unbiased: unbiased_from(d, f, g),
            crps_log: crps,
            crps_log_fair: crps_log_fair(f, crps),
            w1_log: w1,
            kl_log_q_FG: kl_normal(fq, gq),
            kl_log_q_GF: kl_normal(gq, fq),
            kl_log_m_FG: kl_normal(fm, gm),
            kl_log_m_GF: kl_normal(gm, fm),
            fp_score: fp_score(f, g),
            interval90_l: l,
            interval90_u: u,
            winkler90_expected: winkler90_expected(f, g),
            winkler90_at_median: winkler90_at_median(f, g),
            coverage90: coverage90(f, g),
            median_in_interval90: median_in_interval90(f, g),
            log_score: log_score(f, g),
            breakdown_shift: shift_breakdown(f, g, d),
            breakdown_normal: normal_breakdown(f, g, d),
            diagnostics: Diagnostics {
                bias_mean_nats: f.mean() - g.mean(),
                bias_median_nats: bias_median,
                bias_median_decades: bias_median / LN_10,
                bias_median_factor: libm::exp(bias_median),
                sharpness_F: f.sd(),
                sharpness_G: g.sd(),
                sd_ratio: (g.sd() > 0.0).then(|| f.sd() / g.sd()),
            },
            summary_F: Summary::of_samples(f),
            summary_G: Summary::of_truth(g),
        }
    }
}

/// [`Report::new`] from linear-space forecast samples and a truth.
pub fn score(forecast: &[f64], truth: &Truth) -> Result<Report, ScoreError> {
    Ok(Report::new(
        &LogSamples::new(forecast)?,
        &LogTruth::new(truth)?,
    ))
}
