//! Summaries of a sample vector (docs/cli.md's `summary` object) and a portable hash of samples.

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

/// Hyndman–Fan type 7 quantile of sorted values (linear interpolation between order statistics).
pub fn quantile_sorted(sorted: &[f64], p: f64) -> f64 {
    let Some(&last) = sorted.last() else {
        return f64::NAN;
    };
    let h = (sorted.len() - 1) as f64 * p;
    let lo = h.floor() as usize;
    match sorted.get(lo + 1) {
        Some(&next) => sorted[lo] + (h - lo as f64) * (next - sorted[lo]),
        None => last,
    }
}

/// Summarises samples (at least one) in linear space; the log moments only when every sample is positive.
pub fn summarize(samples: &[f64]) -> Summary {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = samples.len() as f64;
    let q = |p| quantile_sorted(&sorted, p);
    let nonpositive = samples.iter().filter(|&&x| x <= 0.0).count();
    let (mean_ln, sd_ln) = if nonpositive == 0 && !samples.is_empty() {
        let logs: Vec<f64> = samples.iter().map(|&x| libm::log(x)).collect();
        let mean = logs.iter().sum::<f64>() / n;
        let var = logs.iter().map(|l| (l - mean) * (l - mean)).sum::<f64>() / (n - 1.0).max(1.0);
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
        mean: samples.iter().sum::<f64>() / n,
        min: sorted.first().copied().unwrap_or(f64::NAN),
        max: sorted.last().copied().unwrap_or(f64::NAN),
        mean_ln,
        sd_ln,
        nonpositive,
    }
}

/// FNV-1a over the samples' IEEE bits (little-endian): equal hashes mean bit-identical samples across platforms.
pub fn samples_hash(samples: &[f64]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in samples.iter().flat_map(|x| x.to_bits().to_le_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_7_quantiles_interpolate() {
        let sorted = [1.0, 2.0, 3.0, 4.0, 5.0];
        let cases = [
            (0.0, 1.0),
            (0.05, 1.2),
            (0.25, 2.0),
            (0.5, 3.0),
            (0.95, 4.8),
            (1.0, 5.0),
        ];
        for (p, want) in cases {
            assert!((quantile_sorted(&sorted, p) - want).abs() < 1e-12, "p={p}");
        }
    }

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
