//! The portable seeded generator: ChaCha8 from a `u64` seed, and samplers built only from IEEE-exact operations
//! (+ − × ÷ and `sqrt`) and `libm`, so native and wasm builds draw bit-identical samples.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

pub struct Sampler {
    rng: ChaCha8Rng,
    /// Marsaglia's polar method makes normals in pairs; the second waits here.
    spare: Option<f64>,
}

impl Sampler {
    pub fn new(seed: u64) -> Sampler {
        Sampler {
            rng: ChaCha8Rng::seed_from_u64(seed),
            spare: None,
        }
    }

    /// Uniform in [0, 1), 53 random bits.
    pub fn uniform(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Standard normal (Marsaglia's polar method).
    pub fn normal(&mut self) -> f64 {
        if let Some(z) = self.spare.take() {
            return z;
        }
        loop {
            let u = 2.0 * self.uniform() - 1.0;
            let v = 2.0 * self.uniform() - 1.0;
            let s = u * u + v * v;
            if s < 1.0 && s > 0.0 {
                let factor = (-2.0 * libm::log(s) / s).sqrt();
                self.spare = Some(v * factor);
                return u * factor;
            }
        }
    }

    /// Gamma(shape, 1) by Marsaglia and Tsang (2000); shapes below 1 use the boost `G(a+1)·U^(1/a)`.
    pub fn gamma(&mut self, shape: f64) -> f64 {
        if shape < 1.0 {
            let u = self.uniform_open();
            return self.gamma(shape + 1.0) * libm::pow(u, 1.0 / shape);
        }
        let d = shape - 1.0 / 3.0;
        let c = 1.0 / (9.0 * d).sqrt();
        loop {
            let x = self.normal();
            let v = 1.0 + c * x;
            if v <= 0.0 {
                continue;
            }
            let v = v * v * v;
            let u = self.uniform_open();
            let x2 = x * x;
            if u < 1.0 - 0.0331 * x2 * x2 || libm::log(u) < 0.5 * x2 + d * (1.0 - v + libm::log(v))
            {
                return d * v;
            }
        }
    }

    /// Beta(a, b) as `X / (X + Y)` with `X ~ Gamma(a)`, `Y ~ Gamma(b)`.
    pub fn beta(&mut self, a: f64, b: f64) -> f64 {
        let x = self.gamma(a);
        let y = self.gamma(b);
        x / (x + y)
    }

    /// Uniform in (0, 1): never exactly 0, so logarithms and powers stay finite.
    fn uniform_open(&mut self) -> f64 {
        ((self.rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64)
    }
}
