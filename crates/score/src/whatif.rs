//! Rescoring a changed forecast, for the UI's "what if" buttons and for FermiBench-comparable figures.

use serde::{Deserialize, Serialize};

use crate::cramer::{cramer_mapped, cramer_shifted, normal_cramer};
use crate::error::{ScoreError, Side};
use crate::samples::LogSamples;
use crate::special::NormalWalk;
use crate::sum::Sum;
use crate::truth::LogTruth;

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

pub fn what_if(f: &LogSamples, g: &LogTruth) -> WhatIf {
    let median = f.median();
    if let LogTruth::Normal { mu, sigma } = *g {
        return normal_what_if(f, median, mu, sigma);
    }
    let scaled = |factor: f64| cramer_mapped(f, |x| median + factor * (x - median), factor, g);
    WhatIf {
        recentred: cramer_shifted(f, median - g.median(), g),
        wider: scaled(2.0),
        narrower: scaled(0.5),
    }
}

/// Against a normal the three variants share one pass over F: with `d = (x − median)/σ`, their standardised
/// values are `d` (re-centred on mu), `c + 2d` and `c + d/2` (`c = (median − mu)/σ`), each on its own walk.
fn normal_what_if(f: &LogSamples, median: f64, mu: f64, sigma: f64) -> WhatIf {
    const STRETCH: [f64; 3] = [1.0, 2.0, 0.5];
    let centre = (median - mu) / sigma;
    let mut walks = [NormalWalk::new(), NormalWalk::new(), NormalWalk::new()];
    let mut distances = [Sum::default(); 3];
    for &x in f.sorted() {
        let d = (x - median) / sigma;
        let z = [d, centre + STRETCH[1] * d, centre + STRETCH[2] * d];
        for ((walk, sum), z) in walks.iter_mut().zip(&mut distances).zip(z) {
            sum.add(walk.at(z).a);
        }
    }
    let [recentred, wider, narrower] =
        core::array::from_fn(|k| normal_cramer(distances[k], f, STRETCH[k], sigma));
    WhatIf {
        recentred,
        wider,
        narrower,
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
