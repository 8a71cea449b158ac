//! Summaries of a sample vector (docs/cli.md's `summary` object) and a portable hash of samples.

use fermi_num::{Fnv1a, Sum, quantile_type7};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub p5: f64,
    pub p25: f64,
    pub p50: f64,
    pub p75: f64,
    pub p95: f64,
    pub mean: f64,
    pub min: f64,
    pub max: f64,
    /// Mean of ln(samples); `None` when any sample is ≤ 0.
    pub mean_ln: Option<f64>,
    /// Sample standard deviation (n − 1) of ln(samples); `None` when any sample is ≤ 0.
    pub sd_ln: Option<f64>,
    /// How many samples are ≤ 0.
    pub nonpositive: usize,
}

/// Summarises samples (at least one) in linear space; the log moments only when every sample is positive.
pub fn summarize(samples: &[f64]) -> Summary {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = samples.len() as f64;
    let q = |p| quantile_type7(&sorted, p);
    let nonpositive = samples.iter().filter(|&&x| x <= 0.0).count();
    let (mean_ln, sd_ln) = if nonpositive == 0 && !samples.is_empty() {
        let logs: Vec<f64> = samples.iter().map(|&x| libm::log(x)).collect();
        // Compensated sums: a constant's mean is the constant and its sd exactly 0.
        let mean = logs.iter().copied().collect::<Sum>().value() / n;
        let var = logs
            .iter()
            .map(|l| (l - mean) * (l - mean))
            .collect::<Sum>()
            .value()
            / (n - 1.0).max(1.0);
        (Some(mean), Some(var.sqrt()))
    } else {
        (None, None)
    };
    Summary {
        p5: q(0.05),
        p25: q(0.25),
        p50: q(0.5),
        p75: q(0.75),
        p95: q(0.95),
        mean: samples.iter().copied().collect::<Sum>().value() / n,
        min: sorted.first().copied().unwrap_or(f64::NAN),
        max: sorted.last().copied().unwrap_or(f64::NAN),
        mean_ln,
        sd_ln,
        nonpositive,
    }
}

/// FNV-1a over the samples' IEEE bits (little-endian): equal hashes mean bit-identical samples across platforms.
pub fn samples_hash(samples: &[f64]) -> u64 {
    let mut hash = Fnv1a::default();
    for x in samples {
        hash.write(&x.to_bits().to_le_bytes());
    }
    hash.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_moments_need_positive_samples() {
        let s = summarize(&[1.0, std::f64::consts::E, -1.0]);
        assert_eq!((s.nonpositive, s.mean_ln, s.sd_ln), (1, None, None));
        let s = summarize(&[1.0, std::f64::consts::E * std::f64::consts::E]);
        assert!((s.mean_ln.unwrap_or(f64::NAN) - 1.0).abs() < 1e-12);
        assert!((s.sd_ln.unwrap_or(f64::NAN) - std::f64::consts::SQRT_2).abs() < 1e-12);
        assert_eq!(
            (s.min, s.max, s.nonpositive),
            (1.0, std::f64::consts::E * std::f64::consts::E, 0)
        );
    }

    #[test]
    fn hash_sees_every_bit() {
        assert_ne!(samples_hash(&[1.0, 2.0]), samples_hash(&[2.0, 1.0]));
        assert_ne!(samples_hash(&[0.0]), samples_hash(&[-0.0]));
        assert_eq!(samples_hash(&[]), 0xcbf2_9ce4_8422_2325);
    }
}
