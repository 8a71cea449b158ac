//! Rescoring a changed forecast, for the UI's "what if" buttons and for FermiBench-comparable figures.

use serde::{Deserialize, Serialize};

use crate::cramer::{merged_walk, normal_cramer};
use crate::error::{ScoreError, Side};
use crate::samples::LogSamples;
use crate::special::NormalWalk;
use crate::truth::LogTruth;
use fermi_num::Sum;

/// Cramér-log of three variants of the forecast (log axis, about its own median).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WhatIf {
    /// Slid so that its median is the truth's median.
    pub recentred: f64,
    /// Twice as wide.
    pub wider: f64,
    /// Half as wide.
    pub narrower: f64,
}

impl WhatIf {
    /// Each what-if as a table row: what the estimate becomes, and its score.
    pub fn rows(&self) -> [(&'static str, f64); 3] {
        [
            ("re-centred on the truth's median", self.recentred),
            ("2× wider (on the log axis)", self.wider),
            ("2× narrower", self.narrower),
        ]
    }
}

pub fn what_if(f: &LogSamples, g: &LogTruth) -> WhatIf {
    let median = f.median();
    let y = match g {
        LogTruth::Normal { mu, sigma } => return normal_what_if(f, median, *mu, *sigma),
        LogTruth::Samples(y) => y.sorted(),
        LogTruth::Point(point) => core::slice::from_ref(point),
    };
    // The variants as maps of F's sorted values, so that no moved copy of F is made.
    let shift = median - g.median();
    let scaled = |factor: f64| merged_walk(f.sorted(), |x| median + factor * (x - median), y).0;
    WhatIf {
        recentred: merged_walk(f.sorted(), |x| x - shift, y).0,
        wider: scaled(2.0),
        narrower: scaled(0.5),
    }
}

/// Against a normal the three variants share one pass over F: with `d = (x − median)/σ`, their standardised
/// values are `d` (re-centred on mu), `centre + 2d` and `centre + d/2`, `centre = (median − mu)/σ`, each on its
/// own walk.
fn normal_what_if(f: &LogSamples, median: f64, mu: f64, sigma: f64) -> WhatIf {
    let centre = (median - mu) / sigma;
    let (mut recentred, mut wider, mut narrower) =
        (NormalWalk::new(), NormalWalk::new(), NormalWalk::new());
    // Three named sums rather than an array: the compiler keeps them in registers.
    let mut sums = (Sum::default(), Sum::default(), Sum::default());
    for &x in f.sorted() {
        let d = (x - median) / sigma;
        sums.0.add(recentred.a_at(d));
        sums.1.add(wider.a_at(centre + 2.0 * d));
        sums.2.add(narrower.a_at(centre + 0.5 * d));
    }
    WhatIf {
        recentred: normal_cramer(sums.0, f, 1.0, sigma),
        wider: normal_cramer(sums.1, f, 2.0, sigma),
        narrower: normal_cramer(sums.2, f, 0.5, sigma),
    }
}

impl LogTruth {
    /// **FermiBench convention** (for comparing figures with theirs): a lognormal truth replaced by `n` draws
    /// from it, `mu + sigma·z` with `z` from `standard_normal` (the caller's seeded generator). Point and sampled
    /// truths are returned unchanged. The project's own default scores against the analytic lognormal.
    pub fn sampled_like_fermibench(
        &self,
        n: usize,
        standard_normal: &mut impl FnMut() -> f64,
    ) -> Result<LogTruth, ScoreError> {
        match *self {
            LogTruth::Normal { mu, sigma } => Ok(LogTruth::Samples(LogSamples::from_ln_values(
                (0..n).map(|_| mu + sigma * standard_normal()).collect(),
                Side::Truth,
            )?)),
            LogTruth::Samples(_) | LogTruth::Point(_) => Ok(self.clone()),
        }
    }
}
