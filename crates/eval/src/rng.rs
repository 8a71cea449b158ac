//! The portable seeded generator: ChaCha8 from a `u64` seed, and samplers built only from IEEE-exact operations
//! (+ − × ÷ and `sqrt`) and `libm`, so native and wasm builds draw bit-identical samples.

use std::sync::OnceLock;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::chacha::ChaCha8;

/// The 256-layer normal ziggurat's edge `R` and layer area `V` (Marsaglia and Tsang 2000).
const ZIGGURAT_R: f64 = 3.654152885361009;
const ZIGGURAT_V: f64 = 4.928_673_233_99e-3;

/// Layer edges `x[i]` (decreasing, `x[256] = 0`; `x[0] = V / f(R)` is the base layer's virtual width) and
/// `f[i] = exp(-x[i]²/2)`. Built with `libm` only, so the table is the same bits on every platform.
struct Ziggurat {
    x: [f64; 257],
    f: [f64; 257],
    /// Per layer, straight lines below and above the density across its wedge (see `under`).
    wedge: [Wedge; 256],
    /// Per layer, what `candidate` reads.
    edges: [Edge; 256],
}

/// A layer's candidate `x = i·scaled` for `i = u·2⁵²` (an integer, |i| ≤ 2⁵²), `scaled = x[l]·2⁻⁵²` (exact), and
/// its inner-rectangle test `|x| < x[l + 1]` as one on `i`: `|i| < k`, for `k` the least `|i|` whose rounded `x`
/// reaches `x[l + 1]`, written `(i + k − 1) as u64 < 2k − 1` (`width` 0 when `k` is 0, as in the last layer).
#[derive(Clone, Copy)]
struct Edge {
    scaled: f64,
    offset: u64,
    width: u64,
}

impl Edge {
    fn new(outer: f64, inner: f64) -> Edge {
        let scaled = outer * (1.0 / (1u64 << 52) as f64);
        // The least k with k·scaled (rounded) ≥ inner; 2⁵²·scaled = outer > inner.
        let (mut low, mut high) = (0u64, 1u64 << 52);
        while low < high {
            let mid = low + (high - low) / 2;
            if mid as f64 * scaled >= inner {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        Edge {
            scaled,
            offset: low.wrapping_sub(1),
            width: (2 * low).saturating_sub(1),
        }
    }
}

/// Below the density on a layer's wedge `x[l + 1] ≤ a ≤ x[l]`: `f[l] + low_slope·(x[l] − a)`; above it:
/// `high_base + high_slope·(high_from − a)`. Where the density is convex (a ≥ 1) the tangent at the outer edge
/// lies below it and the chord above; where it is concave (a ≤ 1), the chord below and the tangent at the inner
/// edge above; the layer across a = 1 has only its own range, `f[l]` to `f[l + 1]`.
#[derive(Clone, Copy)]
struct Wedge {
    low_slope: f64,
    high_base: f64,
    high_slope: f64,
    high_from: f64,
}

/// Relative room left between a straight line and the density for rounding: every value involved (libm's `exp`,
/// the table, the lines) is within 2⁻⁴⁹ of its exact value.
const WEDGE_MARGIN: f64 = 1.0 / (1u64 << 40) as f64;

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
            let wedge = std::array::from_fn(|l| {
                let (outer, inner) = (x[l], x[l + 1]);
                let chord = (f[l + 1] - f[l]) / (outer - inner);
                if inner >= 1.0 {
                    Wedge {
                        low_slope: outer * f[l],
                        high_base: f[l],
                        high_slope: chord,
                        high_from: outer,
                    }
                } else if outer <= 1.0 {
                    Wedge {
                        low_slope: chord,
                        high_base: f[l + 1],
                        high_slope: inner * f[l + 1],
                        high_from: inner,
                    }
                } else {
                    Wedge {
                        low_slope: 0.0,
                        high_base: f[l + 1],
                        high_slope: 0.0,
                        high_from: inner,
                    }
                }
            });
            let edges = std::array::from_fn(|l| Edge::new(x[l], x[l + 1]));
            Ziggurat { x, f, wedge, edges }
        })
    }

    /// The point that the 64-bit draw `bits` picks (layer from the low 8 bits, position in [-1, 1) from the high
    /// 53), and whether it lies inside its layer's inner rectangle, where it is accepted at once.
    #[inline(always)]
    fn candidate(&self, bits: u64) -> (f64, bool) {
        let edge = &self.edges[(bits & 0xff) as usize];
        // u·2⁵² for u = (bits >> 11)·2⁻⁵² − 1, exactly: `u · x[l]` as `(u·2⁵²) · (x[l]·2⁻⁵²)` is the same product
        // rounded once, and a signed conversion is one wasm instruction where the unsigned one is a branch.
        let i = (bits >> 11) as i64 - (1 << 52);
        let x = i as f64 * edge.scaled;
        (x, (i as u64).wrapping_add(edge.offset) < edge.width)
    }

    /// `f < exp(-x²/2)` as libm computes it, for `x` in the wedge of `layer` (≥ 1): the wedge's straight lines
    /// settle most cases without the exponential, always as the exponential would (`WEDGE_MARGIN`).
    #[inline(always)]
    fn under(&self, layer: usize, x: f64, f: f64) -> bool {
        let (a, w) = (x.abs(), &self.wedge[layer]);
        if f < (self.f[layer] + w.low_slope * (self.x[layer] - a)) * (1.0 - WEDGE_MARGIN) {
            return true;
        }
        if f > (w.high_base + w.high_slope * (w.high_from - a)) * (1.0 + WEDGE_MARGIN) {
            return false;
        }
        f < crate::lanes::exp(-0.5 * x * x)
    }
}

pub struct Sampler {
    rng: ChaCha8,
    zig: &'static Ziggurat,
}

impl Sampler {
    pub fn new(seed: u64) -> Sampler {
        Sampler {
            // rand_chacha expands the seed into the key; our ChaCha8 then makes the same stream, faster.
            rng: ChaCha8::from_seed(ChaCha8Rng::seed_from_u64(seed).get_seed()),
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
        let bits = self.rng.next_u64();
        self.normal_from(bits)
    }

    /// Fills `out` with the normals that calling `normal` once per element would give, in a loop over the
    /// generator's buffered outputs that leaves the rare draws needing more than one output to `normal_from`.
    pub fn fill_normal(&mut self, out: &mut [f64]) {
        let zig = self.zig;
        let mut filled = 0;
        while filled < out.len() {
            let words = self.rng.buffered();
            let take = words.len().min(out.len() - filled);
            let (words, dst) = (&words[..take], &mut out[filled..filled + take]);
            // Four at a time while all four are inside (96%): one branch and one loop back edge for four.
            let mut start = 0;
            for (quad, o) in words.chunks_exact(4).zip(dst.chunks_exact_mut(4)) {
                let c = [0, 1, 2, 3].map(|j| zig.candidate(quad[j]));
                if !(c[0].1 & c[1].1 & c[2].1 & c[3].1) {
                    break;
                }
                for (o, (x, _)) in o.iter_mut().zip(c) {
                    *o = x;
                }
                start += 4;
            }
            let mut accepted = take;
            for (k, (&bits, o)) in words.iter().zip(dst.iter_mut()).enumerate().skip(start) {
                let (x, inside) = zig.candidate(bits);
                if !inside {
                    accepted = k;
                    break;
                }
                *o = x;
            }
            self.rng.consume(accepted);
            filled += accepted;
            if accepted < take {
                let bits = self.rng.next_u64();
                out[filled] = self.normal_from(bits);
                filled += 1;
            }
        }
    }

    /// `n` samples of `exp(mu + sigma·Z)`, a chunk at a time so that the normals are still in cache for `exp`.
    pub fn lognormal(&mut self, n: usize, mu: f64, sigma: f64) -> Vec<f64> {
        let mut scratch = ExpScratch::default();
        let (out, _) = crate::arith::chunked(n, |_, chunk| {
            self.fill_normal(chunk);
            exp_affine_in_place(chunk, mu, sigma, &mut scratch);
            true
        });
        out
    }

    /// The ziggurat draw that starts with the generator output `bits`.
    #[inline]
    fn normal_from(&mut self, mut bits: u64) -> f64 {
        let zig = self.zig;
        loop {
            let (x, inside) = zig.candidate(bits);
            if inside {
                return x;
            }
            let layer = (bits & 0xff) as usize;
            if layer == 0 {
                return self.normal_tail(x < 0.0);
            }
            let f = zig.f[layer + 1] + (zig.f[layer] - zig.f[layer + 1]) * self.uniform();
            if zig.under(layer, x, f) {
                return x;
            }
            bits = self.rng.next_u64();
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

/// `exp(mu + sigma·zᵢ)` in place over normals `zᵢ`. When every argument is safely inside the normal range
/// (|mu| + 40·sigma below 700; normals stay below 14 in magnitude) it uses a branch-free `exp` that vectorises;
/// otherwise `libm::exp`, whose overflow to ∞ the evaluator reports.
fn exp_affine_in_place(values: &mut [f64], mu: f64, sigma: f64, scratch: &mut ExpScratch) {
    if mu.abs() + 40.0 * sigma < 700.0 {
        for block in values.chunks_mut(EXP_BLOCK) {
            exp_in_range_passes(block, mu, sigma, scratch);
        }
    } else {
        for v in values.iter_mut() {
            *v = libm::exp(mu + sigma * *v);
        }
    }
}

/// Values `exp_in_range_passes` takes at once (the evaluator's cache-sized chunk).
const EXP_BLOCK: usize = crate::arith::CHUNK;
/// Multiply-add steps per pass over a block.
const PASS_STEPS: usize = 4;

/// `exp_in_range_passes`'s intermediate values: `t` (k in the low mantissa bits) and the reduced argument `r`.
struct ExpScratch {
    t: [f64; EXP_BLOCK],
    r: [f64; EXP_BLOCK],
}

impl Default for ExpScratch {
    fn default() -> ExpScratch {
        ExpScratch {
            t: [0.0; EXP_BLOCK],
            r: [0.0; EXP_BLOCK],
        }
    }
}

/// 1.5·2⁵²: adding it rounds to an integer that lands in the low mantissa bits.
const SHIFT: f64 = 6_755_399_441_055_744.0;
/// The Taylor coefficients 1/13!, 1/12!, …, 1/0!.
const COEFFICIENTS: [f64; 14] = [
    1.0 / 6_227_020_800.0,
    1.0 / 479_001_600.0,
    1.0 / 39_916_800.0,
    1.0 / 3_628_800.0,
    1.0 / 362_880.0,
    1.0 / 40_320.0,
    1.0 / 5_040.0,
    1.0 / 720.0,
    1.0 / 120.0,
    1.0 / 24.0,
    1.0 / 6.0,
    1.0 / 2.0,
    1.0,
    1.0,
];
const INV_LN2: f64 = core::f64::consts::LOG2_E;
const LN2_HI: f64 = 6.931_471_803_691_238e-1;
const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;

/// `exp_in_range(mu + sigma·zᵢ)` over `zs` (at most `EXP_BLOCK` values): each value gets the same operations in
/// the same order, but a few multiply-add steps at a time over the whole block. Each pass is a short loop of
/// independent iterations, so the chains of many values overlap; one value's whole series at a time (twelve side
/// by side) waited on the latency of its 26 dependent operations.
#[inline(always)]
fn exp_in_range_passes(zs: &mut [f64], mu: f64, sigma: f64, scratch: &mut ExpScratch) {
    let (t, r) = (&mut scratch.t[..zs.len()], &mut scratch.r[..zs.len()]);
    for ((p, t), r) in zs.iter_mut().zip(t.iter_mut()).zip(r.iter_mut()) {
        let x = mu + sigma * *p;
        *t = x * INV_LN2 + SHIFT;
        let k = *t - SHIFT;
        *r = (x - k * LN2_HI) - k * LN2_LO;
        *p = COEFFICIENTS[0] * *r + COEFFICIENTS[1];
    }
    for c in COEFFICIENTS[2..].chunks(PASS_STEPS) {
        for (p, &r) in zs.iter_mut().zip(r.iter()) {
            for &c in c {
                *p = *p * r + c;
            }
        }
    }
    // `p·2ᵏ` by adding k to the exponent bits: exact, as the product is, for p near 1 and |k| ≤ 1010 (normal
    // results), and an integer add where the product was a floating-point multiply.
    for (p, &t) in zs.iter_mut().zip(t.iter()) {
        let k = t.to_bits().wrapping_sub(SHIFT.to_bits());
        *p = f64::from_bits(p.to_bits().wrapping_add(k << 52));
    }
}

/// e^x for |x| ≤ 700 within 2 ulp, without branches: x = k·ln 2 + r with |r| ≤ ln 2 / 2 (Cody–Waite), e^r by its
/// Taylor series to degree 13, then 2^k put into the exponent bits. Only + − × and bit operations, so every
/// platform gets the same bits. Element-wise over `L` arguments. The sampler's own until `exp_in_range_passes`
/// replaced it; now the reference the passes must match bit for bit.
#[cfg(test)]
fn exp_in_range<const L: usize>(x: [f64; L]) -> [f64; L] {
    let t = x.map(|x| x * INV_LN2 + SHIFT);
    let k = t.map(|t| t - SHIFT);
    let r: [f64; L] = std::array::from_fn(|i| (x[i] - k[i] * LN2_HI) - k[i] * LN2_LO);
    let mut p = [COEFFICIENTS[0]; L];
    for c in &COEFFICIENTS[1..] {
        for (p, r) in p.iter_mut().zip(r) {
            *p = *p * r + c;
        }
    }
    std::array::from_fn(|i| {
        let biased = t[i]
            .to_bits()
            .wrapping_sub(SHIFT.to_bits())
            .wrapping_add(1023);
        p[i] * f64::from_bits(biased << 52)
    })
}

#[cfg(test)]
mod tests {
    use super::{ExpScratch, Sampler, WEDGE_MARGIN, Ziggurat, exp_affine_in_place, exp_in_range};

    fn bits(xs: &[f64]) -> Vec<u64> {
        xs.iter().map(|x| x.to_bits()).collect()
    }

    #[test]
    fn candidates_are_the_textbook_formula() {
        let zig = Ziggurat::get();
        let mut rng = crate::ChaCha8::from_seed([9; 32]);
        // Random words; every layer at both ends and the middle of the position range, and at its integer
        // threshold k and one below it on both sides.
        let word = |l: u64, i: i64| ((i + (1 << 52)) as u64) << 11 | l;
        let ends =
            (0..256u64).flat_map(|l| [l, l | (1 << 63), u64::MAX - 255 + l, l | (0x7ff << 52)]);
        let thresholds = (0..256u64).flat_map(|l| {
            let k = zig.edges[l as usize].offset.wrapping_add(1) as i64;
            [k, k - 1, -k, 1 - k]
                .into_iter()
                .filter(|i| i.abs() <= 1 << 52 && *i != 1 << 52)
                .map(move |i| word(l, i))
        });
        let words = (0..1_000_000).map(|_| rng.next_u64());
        for bits in words.chain(ends).chain(thresholds) {
            let layer = (bits & 0xff) as usize;
            let u = (bits >> 11) as f64 * (1.0 / (1u64 << 52) as f64) - 1.0;
            let x = u * zig.x[layer];
            let (ours, inside) = zig.candidate(bits);
            assert_eq!(ours.to_bits(), x.to_bits(), "bits {bits:#x}");
            assert_eq!(inside, x.abs() < zig.x[layer + 1]);
        }
    }

    #[test]
    fn fill_normal_draws_what_normal_draws() {
        for seed in [1, 2, 42] {
            let (mut filled, mut single) = (Sampler::new(seed), Sampler::new(seed));
            // Lengths around the generator's 32 buffered outputs; 20,000 normals include ~250 second tries and
            // some tail draws.
            for len in [1, 31, 32, 33, 100, 20_000] {
                let mut xs = vec![0.0; len];
                filled.fill_normal(&mut xs);
                let ys: Vec<f64> = (0..len).map(|_| single.normal()).collect();
                assert_eq!(bits(&xs), bits(&ys), "seed {seed}, length {len}");
            }
            assert_eq!(filled.uniform().to_bits(), single.uniform().to_bits());
        }
    }

    #[test]
    fn wedge_lines_decide_as_the_exponential() {
        let zig = Ziggurat::get();
        let mut rng = crate::ChaCha8::from_seed([5; 32]);
        let (mut checked, mut by_lines) = (0, 0);
        while checked < 200_000 {
            let bits = rng.next_u64();
            let layer = (bits & 0xff) as usize;
            let (x, inside) = zig.candidate(bits);
            if inside || layer == 0 {
                continue;
            }
            let exact = |f: f64| f < crate::lanes::exp(-0.5 * x * x);
            // Uniform heights over the wedge, and heights a few ulp around the density itself.
            let e = crate::lanes::exp(-0.5 * x * x);
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let f = zig.f[layer + 1] + (zig.f[layer] - zig.f[layer + 1]) * u;
            for f in [
                f,
                e,
                e * (1.0 + 1e-15),
                e * (1.0 - 1e-15),
                e * (1.0 + 1e-12),
                e * (1.0 - 1e-12),
            ] {
                assert_eq!(
                    zig.under(layer, x, f),
                    exact(f),
                    "layer {layer}, x {x:e}, f {f:e}"
                );
            }
            let low = zig.f[layer] + zig.wedge[layer].low_slope * (zig.x[layer] - x.abs());
            let w = &zig.wedge[layer];
            let high = w.high_base + w.high_slope * (w.high_from - x.abs());
            if f < low * (1.0 - WEDGE_MARGIN) || f > high * (1.0 + WEDGE_MARGIN) {
                by_lines += 1;
            }
            checked += 1;
        }
        // The lines spare the exponential in most draws.
        assert!(by_lines > checked * 3 / 4, "{by_lines} of {checked}");
    }

    #[test]
    fn exp_in_passes_gives_the_bits_of_exp_one_at_a_time() {
        let normals: Vec<f64> = (0..1003).map(|i| -4.0 + i as f64 * 0.008).collect();
        // Every argument the lane formula takes, as mu = 0 and sigma = 1 leave it.
        let sweep: Vec<f64> = (0..=1_400_000)
            .map(|i| -700.0 + i as f64 * 1e-3 + 1e-7 * (i % 7) as f64)
            .collect();
        for (zs, mu, sigma) in [(normals, 1.3, 0.7), (sweep, 0.0, 1.0)] {
            let mut passes = zs.clone();
            exp_affine_in_place(&mut passes, mu, sigma, &mut ExpScratch::default());
            let single: Vec<f64> = zs
                .iter()
                .map(|z| exp_in_range([mu + sigma * z])[0])
                .collect();
            assert_eq!(bits(&passes), bits(&single));
        }
    }

    #[test]
    fn branch_free_exp_is_within_two_ulp_of_libm() {
        let mut worst = 0.0f64;
        for i in 0..=1_400_000 {
            let x = -700.0 + i as f64 * 1e-3 + 1e-7 * (i % 7) as f64;
            let (ours, reference) = (exp_in_range([x])[0], libm::exp(x));
            worst = worst.max(((ours - reference) / reference).abs());
        }
        for x in [
            0.0, -0.0, 1e-300, 0.5, -0.3465, 0.3466, 1.0, 699.99, -699.99,
        ] {
            let (ours, reference) = (exp_in_range([x])[0], libm::exp(x));
            worst = worst.max(((ours - reference) / reference).abs());
        }
        assert!(
            worst <= 2.0 * f64::EPSILON,
            "worst relative error {worst:e}"
        );
        assert_eq!(exp_in_range([0.0])[0], 1.0);
    }
}
