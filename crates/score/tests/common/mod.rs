//! Deterministic inputs shared by the tests and the benchmark.
#![allow(dead_code)]

use fermi_score::Phi_inv;

/// Seeded standard normals: splitmix64 uniforms through Φ⁻¹.
pub struct Normals(u64);

impl Normals {
    pub fn new(seed: u64) -> Normals {
        Normals(seed)
    }

    pub fn uniform(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        // 53 random bits, shifted off 0 so that Φ⁻¹ stays finite.
        (((z ^ (z >> 31)) >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    pub fn next(&mut self) -> f64 {
        Phi_inv(self.uniform())
    }

    /// `n` linear-space draws of a lognormal with ln-mean `mu` and ln-sd `sigma`.
    pub fn lognormal(&mut self, n: usize, mu: f64, sigma: f64) -> Vec<f64> {
        (0..n).map(|_| (mu + sigma * self.next()).exp()).collect()
    }
}

/// The n-point quantile grid of a lognormal (ln values `mu + sigma·Φ⁻¹((i + ½)/n)`), in linear space: the
/// closest n-sample stand-in for the distribution itself.
pub fn lognormal_grid(n: usize, mu: f64, sigma: f64) -> Vec<f64> {
    (0..n)
        .map(|i| (mu + sigma * Phi_inv((i as f64 + 0.5) / n as f64)).exp())
        .collect()
}
