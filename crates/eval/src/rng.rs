//! The portable seeded generator: ChaCha8 from a `u64` seed, and samplers built only from IEEE-exact operations
//! (+ − × ÷ and `sqrt`) and `libm`, so native and wasm builds draw bit-identical samples.

use std::sync::OnceLock;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The 256-layer normal ziggurat's edge `R` and layer area `V` (Marsaglia and Tsang 2000).
const ZIGGURAT_R: f64 = 3.654152885361009;
const ZIGGURAT_V: f64 = 4.928_673_233_99e-3;

/// Layer edges `x[i]` (decreasing, `x[256] = 0`; `x[0] = V / f(R)` is the base layer's virtual width) and
/// `f[i] = exp(-x[i]²/2)`. Built with `libm` only, so the table is the same bits on every platform.
struct Ziggurat {
    x: [f64; 257],
    f: [f64; 257],
}

impl Ziggurat {
    fn get() -> &'static Ziggurat {
        static TABLE: OnceLock<Ziggurat> = OnceLock::new();
        TABLE.get_or_init(|| {
            let density = |x: f64| libm::exp(-0.5 * x * x);
            let mut x = [0.0; 257];
            x[0] = ZIGGURAT_V / density(ZIGGURAT_R);
            x[1] = ZIGGURAT_R;
            for i in 1..255 {
                let below = ZIGGURAT_V / x[i] + density(x[i]);
                x[i + 1] = if below < 1.0 {
                    (-2.0 * libm::log(below)).sqrt()
                } else {
                    0.0
                };
            }
            let f = x.map(density);
            Ziggurat { x, f }
        })
    }
}

pub struct Sampler {
    rng: ChaCha8Rng,
    zig: &'static Ziggurat,
}

impl Sampler {
    pub fn new(seed: u64) -> Sampler {
        Sampler {
            rng: ChaCha8Rng::seed_from_u64(seed),
            zig: Ziggurat::get(),
        }
    }

    /// Uniform in [0, 1), 53 random bits.
    pub fn uniform(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Standard normal by the ziggurat method (Marsaglia and Tsang 2000, 256 layers): one 64-bit draw and one
    /// multiply for 99% of samples. Its magnitude stays below 14 (the tail's `ln` of a 53-bit uniform).
    #[inline]
    pub fn normal(&mut self) -> f64 {
        let zig = self.zig;
        loop {
            let bits = self.rng.next_u64();
            let layer = (bits & 0xff) as usize;
            // Uniform in [-1, 1) from the 53 high bits (the low 8 chose the layer).
            let u = (bits >> 11) as f64 * (1.0 / (1u64 << 52) as f64) - 1.0;
            let x = u * zig.x[layer];
            if x.abs() < zig.x[layer + 1] {
                return x;
            }
            if layer == 0 {
                return self.normal_tail(u < 0.0);
            }
            let f = zig.f[layer + 1] + (zig.f[layer] - zig.f[layer + 1]) * self.uniform();
            if f < libm::exp(-0.5 * x * x) {
                return x;
            }
        }
    }

    /// A normal beyond the base layer's edge `R` (Marsaglia 1964).
    #[cold]
    fn normal_tail(&mut self, negative: bool) -> f64 {
        loop {
            let x = -libm::log(self.uniform_open()) / ZIGGURAT_R;
            let y = -libm::log(self.uniform_open());
            if 2.0 * y >= x * x {
                return if negative {
                    -(ZIGGURAT_R + x)
                } else {
                    ZIGGURAT_R + x
                };
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
