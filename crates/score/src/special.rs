//! The normal distribution's special functions, through `libm` so that native and wasm agree.

use core::f64::consts::{FRAC_1_SQRT_2, FRAC_2_SQRT_PI};

/// 1/√(2π).
const FRAC_1_SQRT_2PI: f64 = 0.398_942_280_401_432_7;
/// √(2π).
const SQRT_2PI: f64 = 2.506_628_274_631_000_7;
/// 1/√π.
pub(crate) const FRAC_1_SQRT_PI: f64 = 0.564_189_583_547_756_3;

pub fn erf(x: f64) -> f64 {
    libm::erf(x)
}

/// `a·b − product` exactly, for `product = a·b` rounded (Dekker's two-product with Veltkamp's split): what
/// `fma(a, b, −product)` gives, in plain arithmetic, which wasm and most builds have no fused instruction for.
/// Exact while `|a|` and `|b|` stay below 1e300 and the product's error does not underflow (here |z| ≤ 40).
fn product_error(a: f64, b: f64, product: f64) -> f64 {
    // 2^27 + 1 splits a double into two halves of at most 26 significant bits each.
    const SPLITTER: f64 = 134_217_729.0;
    let split = |v: f64| {
        let scaled = SPLITTER * v;
        let high = scaled - (scaled - v);
        (high, v - high)
    };
    let ((a_high, a_low), (b_high, b_low)) = (split(a), split(b));
    ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low
}

/// Standard normal density. `z²` is carried as an exact pair (fma), so that the density keeps full relative
/// accuracy in the tails, where `z²/2` is large and its rounding error would be magnified by exp.
pub fn phi(z: f64) -> f64 {
    let square = z * z;
    // Within |z| ≤ 4 the plain form is already within 1e-15; the correction is for the tails.
    if z.abs() <= 4.0 {
        return FRAC_1_SQRT_2PI * libm::exp(-0.5 * square);
    }
    // φ underflows beyond 38.6; this also keeps an infinite z from making inf − inf in the correction.
    if z.abs() > 40.0 {
        return 0.0;
    }
    let square_error = product_error(z, z, square);
    FRAC_1_SQRT_2PI * libm::exp(-0.5 * square) * (1.0 - 0.5 * square_error)
}

/// Standard normal cdf, `½·erfc(−z/√2)`. erfc keeps full relative accuracy in the lower tail; below −2 the
/// argument is carried as an exact pair `x + dx` and `erfc(x + dx) ≈ erfc(x) − dx·(2/√π)·e^(−x²)`, because the
/// rounding of `−z/√2` alone would cost a relative `z²·ε` (1e-13 at z = −37).
#[allow(non_snake_case)]
pub fn Phi(z: f64) -> f64 {
    // 1 − Φ < 1e-17 is under half an ulp of 1: Φ is exactly 1 (as erfc gives it), without the erfc.
    if z >= SATURATED {
        return 1.0;
    }
    let x = -z * FRAC_1_SQRT_2;
    if z >= -2.0 {
        return 0.5 * libm::erfc(x);
    }
    // Φ underflows below −38.5; this also keeps z = −∞ from making inf − inf in the correction.
    if z < -40.0 {
        return 0.0;
    }
    // 1/√2 = FRAC_1_SQRT_2 + FRAC_1_SQRT_2_LOW exactly to ~2⁻¹⁰⁶.
    const FRAC_1_SQRT_2_LOW: f64 = -4.833_646_656_726_457e-17;
    let dx = product_error(-z, FRAC_1_SQRT_2, x) - z * FRAC_1_SQRT_2_LOW;
    0.5 * (libm::erfc(x) - dx * FRAC_2_SQRT_PI * libm::exp(-x * x))
}

/// `A(z) = E|z − Z| = 2φ(z) + z·erf(z/√2)` for a standard normal Z.
#[allow(non_snake_case)]
pub fn A(z: f64) -> f64 {
    2.0 * phi(z) + z * erf(z * FRAC_1_SQRT_2)
}

/// `Ψ(z) = z·Φ(z) + φ(z) = ∫_{−∞}^{z} Φ`.
#[allow(non_snake_case)]
pub fn Psi(z: f64) -> f64 {
    z * Phi(z) + phi(z)
}

/// From here on up (and for `A` also down from −8.5), `Φ`, `A` and `Ψ` round to their limits: φ(8.5) < 1e-16.
pub(crate) const SATURATED: f64 = 8.5;

/// `Φ(z)`, `φ(z)`, `A(z)` and `Ψ(z)` at one point.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NormalAt {
    pub cdf: f64,
    pub density: f64,
    pub a: f64,
    pub psi: f64,
}

/// `Φ`, `φ`, `A` and `Ψ` along a walk over nearby points, such as sorted samples: exact ([`Phi`], [`phi`]) at
/// an anchor z₀, then Taylor polynomials about it while `|t| = |z − z₀|` stays within `1/(32(|z₀| + 3))`.
/// There `φ(z₀ + t) = φ(z₀)·Σ e_k t^k` with `e_k = (−1)^k He_k(z₀)/k!` and `|e_k t^k| ≤ 32^−k/k!`; `Φ` is its
/// integral, and `A` and `Ψ = (A + z)/2` its second integrals (times 2 and 1). The terms kept (9 for `φ`, 8 for
/// `Φ`, 6 for `A` and `Ψ`) leave out less than 1e-17 of each value (`Φ` ≥ φ/(|z| + 3) in the lower tail,
/// `A` ≥ 0.79), and of each change of `Ψ`. Dense sorted samples mostly fall within an anchor's reach, where a
/// point costs a few dozen flops instead of an erfc and an exp.
pub(crate) struct NormalWalk {
    anchor: NormalAt,
    z: f64,
    reach: f64,
    /// `A'(z₀) = erf(z₀/√2) = 2Φ(z₀) − 1`.
    slope: f64,
    /// Whether the terms below belong to this anchor: they are worked out only once a point falls within its
    /// reach, so that sparse points (tails, very wide forecasts) cost no more than the exact functions.
    expanded: bool,
    /// `e_k` for `φ`, `e_k/(k+1)` for `Φ`, `2e_k/((k+1)(k+2))` for `A`, each times `φ(z₀)`.
    density_terms: [f64; 9],
    cdf_terms: [f64; 8],
    a_terms: [f64; 6],
}

/// `Σ terms[k]·t^k`, by pairs `(c_2i + c_2i+1·t)` in powers of t²: half the dependent steps of Horner's rule.
#[inline(always)]
fn polynomial<const N: usize>(terms: &[f64; N], t: f64) -> f64 {
    let square = t * t;
    let pairs = terms.chunks_exact(2);
    let top = pairs.remainder().first().copied().unwrap_or(0.0);
    pairs
        .rev()
        .fold(top, |acc, pair| acc * square + (pair[0] + pair[1] * t))
}

impl NormalWalk {
    pub fn new() -> NormalWalk {
        let nothing = NormalAt {
            cdf: f64::NAN,
            density: f64::NAN,
            a: f64::NAN,
            psi: f64::NAN,
        };
        NormalWalk {
            anchor: nothing,
            z: f64::NAN,
            reach: f64::NAN,
            slope: f64::NAN,
            expanded: false,
            density_terms: [0.0; 9],
            cdf_terms: [0.0; 8],
            a_terms: [0.0; 6],
        }
    }

    // Inlined so that a caller pays only for the polynomials whose values it uses.
    #[inline(always)]
    pub fn at(&mut self, z: f64) -> NormalAt {
        let t = z - self.z;
        // False for NaN: the first point, and infinite z, become anchors.
        if t.abs() <= self.reach {
            if !self.expanded {
                self.expand();
            }
            // A'' = 2Ψ'' = 2φ: one polynomial serves both (halving is exact).
            let curve = polynomial(&self.a_terms, t);
            NormalAt {
                cdf: self.anchor.cdf + t * polynomial(&self.cdf_terms, t),
                density: polynomial(&self.density_terms, t),
                a: self.anchor.a + t * (self.slope + t * curve),
                psi: self.anchor.psi + t * (self.anchor.cdf + t * (0.5 * curve)),
            }
        } else {
            self.move_anchor(z);
            self.anchor
        }
    }

    /// `A(z)` alone. From |z| = [`SATURATED`] on, `A(z) = |z| + 2φ(z) − 2|z|Φ(−|z|)` lies within
    /// 2φ(z) < 2e-16 of `|z|`, under half an ulp of it, so `|z|` is `A` correctly rounded. Forecasts far wider
    /// than the truth, or far from it, put most points there, where the walk would need an anchor (an erfc and
    /// an exp) for each.
    #[inline(always)]
    pub fn a_at(&mut self, z: f64) -> f64 {
        if z.abs() >= SATURATED {
            return z.abs();
        }
        self.at(z).a
    }

    /// `(Φ, A, Ψ)` at z; from z = [`SATURATED`] up, `(1, z, z)`, each the exact value correctly rounded
    /// (`Ψ = z + φ − zΦ(−z)` is within φ < 1e-16 of z).
    #[inline(always)]
    pub fn cdf_a_psi_at(&mut self, z: f64) -> (f64, f64, f64) {
        if z >= SATURATED {
            return (1.0, z, z);
        }
        let at = self.at(z);
        (at.cdf, at.a, at.psi)
    }

    fn move_anchor(&mut self, z: f64) {
        let (cdf, density) = (Phi(z), phi(z));
        let slope = 2.0 * cdf - 1.0;
        self.anchor = NormalAt {
            cdf,
            density,
            a: 2.0 * density + z * slope,
            // Where Φ underflows (z = −∞ included), Ψ = zΦ + φ does too.
            psi: if cdf > 0.0 {
                z * cdf + density
            } else {
                density
            },
        };
        (self.z, self.slope, self.expanded) = (z, slope, false);
        self.reach = 1.0 / (32.0 * (z.abs() + 3.0));
    }

    fn expand(&mut self) {
        // 1/(k + 1): multiplying by these is cheaper than dividing.
        const RECIPROCALS: [f64; 10] = {
            let mut r = [0.0; 10];
            let mut k = 0;
            while k < r.len() {
                r[k] = 1.0 / (k + 1) as f64;
                k += 1;
            }
            r
        };
        // He_{k+1} = z·He_k − k·He_{k−1} becomes e_{k+1} = −(z·e_k + e_{k−1})/(k + 1).
        let (mut previous, mut e) = (0.0, self.anchor.density);
        for k in 0..self.density_terms.len() {
            self.density_terms[k] = e;
            if let Some(term) = self.cdf_terms.get_mut(k) {
                *term = e * RECIPROCALS[k];
            }
            if let Some(term) = self.a_terms.get_mut(k) {
                *term = 2.0 * e * RECIPROCALS[k] * RECIPROCALS[k + 1];
            }
            (previous, e) = (e, -(self.z * e + previous) * RECIPROCALS[k]);
        }
        self.expanded = true;
    }
}

/// Standard normal quantile: Wichura's AS241 (PPND16, about 1e-16 relative) followed by one Halley step on
/// the lower-tail side, where `Φ` is computed with full relative accuracy. `p` outside (0, 1) gives ±∞ at the
/// ends and NaN beyond them.
#[allow(non_snake_case)]
pub fn Phi_inv(p: f64) -> f64 {
    if p.is_nan() || !(0.0..=1.0).contains(&p) {
        return f64::NAN;
    }
    if p == 0.0 {
        return f64::NEG_INFINITY;
    }
    if p == 1.0 {
        return f64::INFINITY;
    }
    if p > 0.5 {
        // 1 − p is exact here (Sterbenz), so the upper half mirrors the lower.
        return -lower_quantile(1.0 - p);
    }
    lower_quantile(p)
}

fn lower_quantile(p: f64) -> f64 {
    let x = as241(p);
    if !x.is_finite() {
        return x;
    }
    // Halley: e = Φ(x) − p, u = e/φ(x).
    let e = Phi(x) - p;
    let u = e * SQRT_2PI * libm::exp(0.5 * x * x);
    if !u.is_finite() {
        return x;
    }
    x - u / (1.0 + 0.5 * x * u)
}

fn poly(coefficients: &[f64], x: f64) -> f64 {
    coefficients.iter().rev().fold(0.0, |acc, &c| acc * x + c)
}

/// Wichura (1988), Algorithm AS 241, PPND16. The coefficients are the published ones, verbatim.
#[allow(clippy::excessive_precision)]
pub(crate) fn as241(p: f64) -> f64 {
    const A: [f64; 8] = [
        3.387_132_872_796_366_608e0,
        1.331_416_678_917_843_774_5e2,
        1.971_590_950_306_551_442_7e3,
        1.373_169_376_550_946_112_5e4,
        4.592_195_393_154_987_145_7e4,
        6.726_577_092_700_870_085_3e4,
        3.343_057_558_358_812_810_5e4,
        2.509_080_928_730_122_672_7e3,
    ];
    const B: [f64; 8] = [
        1.0,
        4.231_333_070_160_091_125_2e1,
        6.871_870_074_920_579_083e2,
        5.394_196_021_424_751_107_7e3,
        2.121_379_430_158_659_586_7e4,
        3.930_789_580_009_271_061e4,
        2.872_908_573_572_194_267_4e4,
        5.226_495_278_852_854_561e3,
    ];
    const C: [f64; 8] = [
        1.423_437_110_749_683_577_34e0,
        4.630_337_846_156_545_295_9e0,
        5.769_497_221_460_691_405_5e0,
        3.647_848_324_763_204_605_04e0,
        1.270_458_252_452_368_382_58e0,
        2.417_807_251_774_506_117_7e-1,
        2.272_384_498_926_918_458_33e-2,
        7.745_450_142_783_414_076_4e-4,
    ];
    const D: [f64; 8] = [
        1.0,
        2.053_191_626_637_758_821_87e0,
        1.676_384_830_183_803_849_4e0,
        6.897_673_349_851_000_045_5e-1,
        1.481_039_764_274_800_745_9e-1,
        1.519_866_656_361_645_719_66e-2,
        5.475_938_084_995_344_946e-4,
        1.050_750_071_644_416_843_24e-9,
    ];
    const E: [f64; 8] = [
        6.657_904_643_501_103_777_2e0,
        5.463_784_911_164_114_369_9e0,
        1.784_826_539_917_291_335_8e0,
        2.965_605_718_285_048_912_3e-1,
        2.653_218_952_657_612_309_3e-2,
        1.242_660_947_388_078_438_6e-3,
        2.711_555_568_743_487_578_15e-5,
        2.010_334_399_292_288_132_65e-7,
    ];
    const F: [f64; 8] = [
        1.0,
        5.998_322_065_558_879_376_9e-1,
        1.369_298_809_227_358_053_1e-1,
        1.487_536_129_085_061_485_25e-2,
        7.868_691_311_456_132_591e-4,
        1.846_318_317_510_054_681_8e-5,
        1.421_511_758_316_445_888_7e-7,
        2.044_263_103_389_939_785_64e-15,
    ];
    let q = p - 0.5;
    if q.abs() <= 0.425 {
        let r = 0.180_625 - q * q;
        return q * poly(&A, r) / poly(&B, r);
    }
    let tail = if q < 0.0 { p } else { 1.0 - p };
    let r = libm::sqrt(-libm::log(tail));
    let x = if r <= 5.0 {
        let r = r - 1.6;
        poly(&C, r) / poly(&D, r)
    } else {
        let r = r - 5.0;
        poly(&E, r) / poly(&F, r)
    };
    if q < 0.0 { -x } else { x }
}

#[cfg(test)]
#[allow(clippy::excessive_precision)] // reference values as printed by mpmath
mod tests {
    use super::*;

    /// (z, Φ(z)) from a 50-digit mpmath evaluation.
    const PHI_REFERENCE: [(f64, f64); 15] = [
        (-37.5, 4.6053530095819548438e-308),
        (-30.0, 4.9067139271481870595e-198),
        (-20.0, 2.7536241186062336951e-89),
        (-10.0, 7.619853024160526066e-24),
        (-8.0, 6.2209605742717841235e-16),
        (-5.0, 2.8665157187919391167e-7),
        (-3.0, 0.0013498980316300945267),
        (-1.0, 0.15865525393145705141),
        (-0.1, 0.46017216272297101633),
        (0.0, 0.5),
        (0.5, 0.69146246127401310364),
        (1.0, 0.84134474606854294859),
        (3.0, 0.99865010196836990547),
        (5.0, 0.99999971334842812081),
        (8.0, 0.9999999999999993779),
    ];

    /// (p, Φ⁻¹(p)) for the exact double p, from a 60-digit mpmath root.
    const QUANTILE_REFERENCE: [(f64, f64); 16] = [
        (1e-300, -37.047096299361199237),
        (1e-200, -30.205594179579643063),
        (1e-100, -21.273453560965324294),
        (1e-50, -14.933337534788488981),
        (1e-20, -9.2623400897984075796),
        (1e-10, -6.3613409024040561991),
        (1e-05, -4.2648907939228246102),
        (0.001, -3.0902323061678135354),
        (0.025, -1.9599639845400542118),
        (0.05, -1.644853626951472688),
        (0.3, -0.52440051270804081597),
        (0.7, 0.52440051270804065631),
        (0.95, 1.6448536269514722843),
        (0.975, 1.9599639845400538556),
        (0.999, 3.0902323061678132778),
        (0.9999999, 5.1993375822906610937),
    ];

    fn relative_error(got: f64, want: f64) -> f64 {
        ((got - want) / want).abs()
    }

    #[test]
    fn cdf_keeps_relative_accuracy_into_the_far_lower_tail() {
        for (z, want) in PHI_REFERENCE {
            assert!(
                relative_error(Phi(z), want) <= 1.5e-15,
                "Phi({z}) = {:e}, want {want:e}",
                Phi(z)
            );
        }
    }

    #[test]
    fn quantile_matches_reference_in_both_tails() {
        for (p, want) in QUANTILE_REFERENCE {
            assert!(
                relative_error(Phi_inv(p), want) <= 1e-15,
                "Phi_inv({p:e}) = {}, want {want}",
                Phi_inv(p)
            );
            // AS241 alone is already this close; a wrong coefficient would show here.
            assert!(
                relative_error(as241(p), want) <= 1e-14,
                "as241({p:e}) = {}, want {want}",
                as241(p)
            );
        }
        assert_eq!(Phi_inv(0.5), 0.0);
        assert_eq!(
            (Phi_inv(0.0), Phi_inv(1.0)),
            (f64::NEG_INFINITY, f64::INFINITY)
        );
        assert!(Phi_inv(-0.1).is_nan() && Phi_inv(1.5).is_nan() && Phi_inv(f64::NAN).is_nan());
    }

    #[test]
    fn quantile_inverts_the_cdf_across_the_range() {
        for k in 0..=600 {
            let p = 10f64.powf(-300.0 + 0.5 * k as f64).min(0.5);
            let x = Phi_inv(p);
            // Φ(x(1 + ε)) = p(1 + x²ε): the round trip can only be as good as x² ulps.
            let tolerance = 4.0 * f64::EPSILON * x.abs().max(1.0).powi(2);
            assert!(relative_error(Phi(x), p) <= tolerance, "p = {p:e}");
            if 1.0 - (1.0 - p) == p {
                assert_eq!(Phi_inv(1.0 - p), -Phi_inv(p), "symmetry at p = {p:e}");
            }
        }
    }

    #[test]
    fn product_error_is_what_fma_gives() {
        let mut z: f64 = -40.0;
        while z <= 40.0 {
            let square = z * z;
            assert_eq!(
                product_error(z, z, square).to_bits(),
                libm::fma(z, z, -square).to_bits(),
                "z = {z}"
            );
            let x = -z * FRAC_1_SQRT_2;
            assert_eq!(
                product_error(-z, FRAC_1_SQRT_2, x).to_bits(),
                libm::fma(-z, FRAC_1_SQRT_2, -x).to_bits(),
                "z = {z}"
            );
            // An irregular step, so that every bit of the significand varies.
            z += 0.000_731_9;
        }
    }

    #[test]
    fn saturated_values_are_what_the_direct_functions_give() {
        // From 8.3 up, erfc's own result is already exactly 1.
        let mut z = 8.3;
        while z <= 41.0 {
            assert_eq!(0.5 * libm::erfc(-z * FRAC_1_SQRT_2), 1.0, "z = {z}");
            assert_eq!(Phi(z), 1.0, "z = {z}");
            if z >= SATURATED {
                let mut walk = NormalWalk::new();
                assert_eq!(walk.cdf_a_psi_at(z), (Phi(z), A(z), Psi(z)), "z = {z}");
                assert_eq!(walk.a_at(-z), A(-z), "z = {z}");
            }
            z += 0.01;
        }
        assert!(Phi(8.29) < 1.0);
    }

    #[test]
    fn density_keeps_relative_accuracy_in_the_tails() {
        // (z, φ(z)) from mpmath.
        for (z, want) in [
            (-37.5, 1.7282337322841052208e-306),
            (8.0, 5.052271083536892288e-15),
            (0.0, FRAC_1_SQRT_2PI),
        ] {
            assert!(
                relative_error(phi(z), want) <= 1.5e-15,
                "phi({z}) = {:e}",
                phi(z)
            );
        }
    }

    /// Walks up and down with steps from far below to above the reach: every value stays as close to the direct
    /// functions as those are to the truth (the worst seen: cdf 8e-16, density 1.1e-15, A 4e-16, Ψ 1.2e-15 of
    /// φ where it cancels).
    #[test]
    fn walk_matches_the_direct_functions() {
        let steps = [1e-9, 1e-5, 3e-4, 1e-3, 2.5e-3, 4e-3, 7e-3, 0.011];
        let (mut worst, mut polynomial_points) = ([0.0f64; 4], 0);
        for direction in [1.0, -1.0] {
            let mut walk = NormalWalk::new();
            // Down to Φ(−37) ≈ 6e-301; below, subnormals have fewer digits.
            let mut z: f64 = -37.0 * direction;
            for i in 0..40_000 {
                let step = if i % 997 == 0 {
                    0.3
                } else {
                    steps[(i * 5 + i / 3) % steps.len()]
                };
                z += direction * step;
                if z.abs() > 37.0 {
                    break;
                }
                let got = walk.at(z);
                polynomial_points += usize::from(walk.z != z);
                let a = A(z);
                for (k, (got, want)) in [(got.cdf, Phi(z)), (got.density, phi(z)), (got.a, a)]
                    .into_iter()
                    .enumerate()
                {
                    worst[k] = worst[k].max(relative_error(got, want));
                }
                // Ψ = zΦ + φ cancels in the lower tail, the direct form as much as the walk's anchor.
                let psi_scale = phi(z).max(z * Phi(z) + phi(z));
                worst[3] = worst[3].max((got.psi - Psi(z)).abs() / psi_scale);
            }
        }
        assert!(polynomial_points > 20_000, "{polynomial_points}");
        for (name, worst) in ["cdf", "density", "A", "psi"].into_iter().zip(worst) {
            assert!(worst <= 1.5e-15, "{name}: {worst:e}");
        }
    }

    #[test]
    fn a_and_psi_identities() {
        for z in [-6.0, -1.5, -0.2, 0.0, 0.7, 2.0, 9.0] {
            // A is E|z − Z|: even, and Ψ(z) − Ψ(−z) = z.
            assert!((A(z) - A(-z)).abs() <= 1e-15);
            assert!((Psi(z) - Psi(-z) - z).abs() <= 1e-14 * z.abs().max(1.0));
            assert!((A(z) - (2.0 * Psi(z) - z)).abs() <= 1e-14 * A(z));
        }
        assert!((A(0.0) - 2.0 * FRAC_1_SQRT_2PI).abs() <= 1e-16);
        // Infinite arguments (a truth with a vanishing sigma) give the limits, not NaN.
        let infinite = f64::INFINITY;
        assert_eq!((Phi(-infinite), Phi(infinite)), (0.0, 1.0));
        assert_eq!((phi(-infinite), phi(infinite)), (0.0, 0.0));
        assert_eq!((A(-infinite), A(infinite)), (infinite, infinite));
        let mut walk = NormalWalk::new();
        assert_eq!(walk.at(-infinite).a, infinite);
        assert_eq!(walk.at(infinite).a, infinite);
    }
}
