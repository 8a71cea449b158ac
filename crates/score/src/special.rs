//! The normal distribution's special functions, through `libm` so that native and wasm agree.

use core::f64::consts::FRAC_1_SQRT_2;

/// 1/√(2π).
const FRAC_1_SQRT_2PI: f64 = 0.398_942_280_401_432_7;
/// √(2π).
const SQRT_2PI: f64 = 2.506_628_274_631_000_7;
/// 1/√π.
pub(crate) const FRAC_1_SQRT_PI: f64 = 0.564_189_583_547_756_3;

pub fn erf(x: f64) -> f64 {
    libm::erf(x)
}

/// Standard normal density.
pub fn phi(z: f64) -> f64 {
    FRAC_1_SQRT_2PI * libm::exp(-0.5 * z * z)
}

/// Standard normal cdf; erfc keeps full relative accuracy in the lower tail.
#[allow(non_snake_case)]
pub fn Phi(z: f64) -> f64 {
    0.5 * libm::erfc(-z * FRAC_1_SQRT_2)
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
