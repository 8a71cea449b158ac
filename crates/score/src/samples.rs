//! A sample set on the log axis, sorted once and reused by every rule.

use crate::error::{ScoreError, Side};
use fermi_num::Sum;

/// Ln values of a sample set, sorted ascending, with the statistics every rule shares.
#[derive(Debug, Clone, PartialEq)]
pub struct LogSamples {
    sorted: Vec<f64>,
    mean: f64,
    sd: f64,
    /// `Σ_{i<j} (x_(j) − x_(i))`, half the sum of all pairwise distances.
    pair_distance_sum: f64,
}

impl LogSamples {
    /// The forecast: positive, finite linear-space samples.
    pub fn new(samples: &[f64]) -> Result<LogSamples, ScoreError> {
        LogSamples::from_linear(samples, Side::Forecast)
    }

    pub(crate) fn from_linear(samples: &[f64], side: Side) -> Result<LogSamples, ScoreError> {
        if samples.is_empty() {
            return Err(ScoreError::Empty(side));
        }
        // One pass to accept; counting is for the message only.
        if !samples.iter().all(|v| v.is_finite() && *v > 0.0) {
            let not_finite = samples.iter().filter(|v| !v.is_finite()).count();
            let not_positive = samples
                .iter()
                .filter(|v| v.is_finite() && **v <= 0.0)
                .count();
            return Err(ScoreError::BadSamples {
                side,
                not_positive,
                not_finite,
                total: samples.len(),
            });
        }
        // Positive finite doubles sort like their bit patterns, and integers sort faster than floats.
        let mut bits: Vec<u64> = samples.iter().map(|v| v.to_bits()).collect();
        bits.sort_unstable();
        Ok(LogSamples::from_ln(
            bits.into_iter()
                .map(|b| libm::log(f64::from_bits(b)))
                .collect(),
        ))
    }

    /// Values already on the log axis (finite, any order), e.g. a truth sampled from its lognormal.
    pub fn from_ln_values(ln_values: Vec<f64>, side: Side) -> Result<LogSamples, ScoreError> {
        if ln_values.is_empty() {
            return Err(ScoreError::Empty(side));
        }
        let not_finite = ln_values.iter().filter(|v| !v.is_finite()).count();
        if not_finite > 0 {
            return Err(ScoreError::BadSamples {
                side,
                not_positive: 0,
                not_finite,
                total: ln_values.len(),
            });
        }
        Ok(LogSamples::from_ln(ln_values))
    }

    /// `ln_values` must be non-empty and finite.
    pub(crate) fn from_ln(mut sorted: Vec<f64>) -> LogSamples {
        // Already sorted when it comes from sorted linear values (ln is monotone); checking is one cheap pass.
        if !sorted.is_sorted() {
            sorted.sort_unstable_by(f64::total_cmp);
        }
        let n = sorted.len() as f64;
        // Offsetting by the smallest value keeps a constant set's mean exact and its sd exactly 0.
        let origin = sorted[0];
        let (mut offsets, mut pair_distances) = (Sum::default(), Sum::default());
        let mut previous = origin;
        for (k, &x) in sorted.iter().enumerate() {
            offsets.add(x - origin);
            // The gap below x_(k+1) lies between k·(n − k) pairs.
            pair_distances.add((x - previous) * (k as f64 * (sorted.len() - k) as f64));
            previous = x;
        }
        let mean = origin + offsets.value() / n;
        let variance = sorted
            .iter()
            .map(|x| (x - mean) * (x - mean))
            .collect::<Sum>()
            .value()
            / n;
        let pair_distance_sum = pair_distances.value();
        LogSamples {
            mean,
            sd: libm::sqrt(variance),
            pair_distance_sum,
            sorted,
        }
    }

    /// Sorted ln values.
    pub fn sorted(&self) -> &[f64] {
        &self.sorted
    }

    pub fn len(&self) -> usize {
        self.sorted.len()
    }

    /// Never true: construction refuses an empty set.
    pub fn is_empty(&self) -> bool {
        self.sorted.is_empty()
    }

    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// Standard deviation with ddof = 0.
    pub fn sd(&self) -> f64 {
        self.sd
    }

    /// Type-7 quantile of the ln values.
    pub fn quantile(&self, p: f64) -> f64 {
        fermi_num::quantile_type7(&self.sorted, p)
    }

    pub fn median(&self) -> f64 {
        self.quantile(0.5)
    }

    /// `½E|X−X'|` over all pairs including i = j (the V-statistic).
    pub fn half_mean_distance(&self) -> f64 {
        let n = self.len() as f64;
        self.pair_distance_sum / (n * n)
    }

    /// `U = Σ_{i≠j}|x_i−x_j| / (n(n−1))`; `None` for a single value.
    pub fn u_statistic(&self) -> Option<f64> {
        let n = self.len() as f64;
        (self.len() > 1).then(|| 2.0 * self.pair_distance_sum / (n * (n - 1.0)))
    }
}
