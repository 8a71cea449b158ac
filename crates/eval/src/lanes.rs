//! libm's `exp`, `log` and `log10` (libm 0.2.16, after musl and FreeBSD) over a slice: for the arguments where
//! their special cases do not apply, the same operations in the same order with the branches turned into
//! selects, so that a group of arguments goes side by side (and vectorises) instead of one call each; every other
//! argument (zero, negative, subnormal, near overflow, tiny, not finite) goes to libm itself. Bit-identical to
//! libm: the tests compare them over millions of arguments, range boundaries included. A per-sample `exp` or `log`
//! cost 30–50 ns in a call of its own (most of a `to()` with sampled bounds, of `log(to(…))`).

/// Arguments computed side by side.
const LANES: usize = 8;

/// `xs[i] = exp(xs[i])`, as `libm::exp`.
pub(crate) fn exp_in_place(xs: &mut [f64]) {
    in_place(xs, exp_fits, exp_lane, libm::exp);
}

/// `libm::exp(x)`, inline where the lane formula applies.
#[inline]
pub(crate) fn exp(x: f64) -> f64 {
    if exp_fits(x) {
        exp_lane(x)
    } else {
        libm::exp(x)
    }
}

/// `xs[i] = ln(xs[i])`, as `libm::log`.
pub(crate) fn log_in_place(xs: &mut [f64]) {
    in_place(xs, log_fits, log_lane, libm::log);
}

/// `xs[i] = log10(xs[i])`, as `libm::log10`.
pub(crate) fn log10_in_place(xs: &mut [f64]) {
    in_place(xs, log_fits, log10_lane, libm::log10);
}

#[inline(always)]
fn in_place(
    xs: &mut [f64],
    fits: impl Fn(f64) -> bool,
    lane: impl Fn(f64) -> f64,
    libm: fn(f64) -> f64,
) {
    let (groups, rest) = xs.as_chunks_mut::<LANES>();
    for group in groups {
        let all_fit = group.iter().fold(true, |all, &x| all & fits(x));
        if all_fit {
            *group = group.map(&lane);
        } else {
            group.iter_mut().for_each(|x| *x = libm(*x));
        }
    }
    rest.iter_mut().for_each(|x| *x = libm(*x));
}

/// The high 32 bits, as libm reads them.
#[inline(always)]
fn high(x: f64) -> u32 {
    (x.to_bits() >> 32) as u32
}

// exp (libm/src/math/exp.rs); its ln 2 split is log's `LN2_HI`, `LN2_LO` below. Bits as libm writes them.
const INVLN2: f64 = core::f64::consts::LOG2_E;
const P1: f64 = f64::from_bits(0x3fc5_5555_5555_553e); // 1.66666666666666019037e-01
const P2: f64 = f64::from_bits(0xbf66_c16c_16be_bd93); // -2.77777777770155933842e-03
const P3: f64 = f64::from_bits(0x3f11_566a_af25_de2c); // 6.61375632143793436117e-05
const P4: f64 = f64::from_bits(0xbebb_bd41_c5d2_6bf1); // -1.65339022054652515390e-06
const P5: f64 = f64::from_bits(0x3e66_3769_72be_a4d0); // 4.13813679705723846039e-08

/// 2⁻²⁸ < |x| < 708.39: neither the `1 + x` of tiny arguments nor the overflow and underflow checks, and
/// `scalbn` is one multiplication.
#[inline(always)]
fn exp_fits(x: f64) -> bool {
    let hx = high(x) & 0x7fff_ffff;
    hx > 0x3e30_0000 && hx < 0x4086_232b
}

#[inline(always)]
fn exp_lane(x: f64) -> f64 {
    let hx = high(x) & 0x7fff_ffff;
    let negative = x.is_sign_negative();
    let half = if negative { -0.5 } else { 0.5 };
    // k = 0 (|x| ≤ 0.5 ln 2) leaves hi = x and lo = 0, as libm's own branch sets them.
    let k: i32 = if hx >= 0x3ff0_a2b2 {
        (INVLN2 * x + half) as i32
    } else if hx > 0x3fd6_2e42 {
        if negative { -1 } else { 1 }
    } else {
        0
    };
    let hi = x - k as f64 * LN2_HI;
    let lo = k as f64 * LN2_LO;
    let x = hi - lo;
    let xx = x * x;
    let c = x - xx * (P1 + xx * (P2 + xx * (P3 + xx * (P4 + xx * P5))));
    let y = 1. + (x * c / (2. - c) - lo + hi);
    y * f64::from_bits(((0x3ff + k) as u64) << 52)
}

// log and log10 (libm/src/math/log.rs, log10.rs).
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000); // 6.93147180369123816490e-01
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76); // 1.90821492927058770002e-10
const IVLN10HI: f64 = f64::from_bits(0x3fdb_cb7b_1520_0000); // 4.34294481878168880939e-01
const IVLN10LO: f64 = f64::from_bits(0x3dbb_9438_ca9a_add5); // 2.50829467116452752298e-11
const LOG10_2HI: f64 = f64::from_bits(0x3fd3_4413_509f_6000); // 3.01029995663611771306e-01
const LOG10_2LO: f64 = f64::from_bits(0x3d59_fef3_11f1_2b36); // 3.69423907715893078616e-13
const LG1: f64 = f64::from_bits(0x3fe5_5555_5555_5593); // 6.666666666666735130e-01
const LG2: f64 = f64::from_bits(0x3fd9_9999_9997_fa04); // 3.999999999940941908e-01
const LG3: f64 = f64::from_bits(0x3fd2_4924_9422_9359); // 2.857142874366239149e-01
const LG4: f64 = f64::from_bits(0x3fcc_71c5_1d8e_78af); // 2.222219843214978396e-01
const LG5: f64 = f64::from_bits(0x3fc7_4664_96cb_03de); // 1.818357216161805012e-01
const LG6: f64 = f64::from_bits(0x3fc3_9a09_d078_c69f); // 1.531383769920937332e-01
const LG7: f64 = f64::from_bits(0x3fc2_f112_df3e_5244); // 1.479819860511658591e-01

/// Positive, normal and finite (libm's formula gives its special case x = 1 its value, +0, too).
#[inline(always)]
fn log_fits(x: f64) -> bool {
    let hx = high(x);
    (0x0010_0000..0x7ff0_0000).contains(&hx)
}

/// x = 2^k·(1 + f) with √2/2 < 1 + f < √2, and log(1 + f)'s pieces.
#[inline(always)]
fn log_reduce(x: f64) -> (i32, f64, f64, f64, f64) {
    let ui = x.to_bits();
    let hx = high(x).wrapping_add(0x3ff0_0000 - 0x3fe6_a09e);
    let k = (hx >> 20) as i32 - 0x3ff;
    let hx = (hx & 0x000f_ffff) + 0x3fe6_a09e;
    let x = f64::from_bits(((hx as u64) << 32) | (ui & 0xffff_ffff));
    let f = x - 1.0;
    let hfsq = 0.5 * f * f;
    let s = f / (2.0 + f);
    let z = s * s;
    let w = z * z;
    let t1 = w * (LG2 + w * (LG4 + w * LG6));
    let t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
    (k, f, hfsq, s, t2 + t1)
}

#[inline(always)]
fn log_lane(x: f64) -> f64 {
    let (k, f, hfsq, s, r) = log_reduce(x);
    let dk = k as f64;
    s * (hfsq + r) + dk * LN2_LO - hfsq + f + dk * LN2_HI
}

#[inline(always)]
fn log10_lane(x: f64) -> f64 {
    let (k, f, hfsq, s, r) = log_reduce(x);
    let hi = f64::from_bits((f - hfsq).to_bits() & ((-1i64 as u64) << 32));
    let lo = f - hi - hfsq + s * (hfsq + r);
    let val_hi = hi * IVLN10HI;
    let dk = k as f64;
    let y = dk * LOG10_2HI;
    let val_lo = dk * LOG10_2LO + (lo + hi) * IVLN10LO + lo * IVLN10HI;
    let w = y + val_hi;
    let val_lo = val_lo + ((y - w) + val_hi);
    val_lo + w
}

#[cfg(test)]
mod tests {
    use super::{
        exp_fits, exp_in_place, exp_lane, log_fits, log_in_place, log_lane, log10_in_place,
        log10_lane,
    };

    /// Arguments over every range the functions branch on: random bit patterns (every sign, exponent, subnormal,
    /// infinity, NaN), a dense sweep of each function's working range, and the boundaries themselves.
    fn arguments() -> Vec<f64> {
        let mut rng = crate::ChaCha8::from_seed([3; 32]);
        let mut xs: Vec<f64> = (0..1_000_000)
            .map(|_| f64::from_bits(rng.next_u64()))
            .collect();
        xs.extend((0..1_000_000).map(|i| -800.0 + i as f64 * 1.6e-3 + 1e-9 * (i % 13) as f64));
        xs.extend((0..500_000).map(|i| (i as f64 * 1e-5 - 2.5).exp2() * 1.000_000_1));
        xs.extend((0..200_000).map(|i| 1.0 + (i as f64 - 1e5) * 1e-14));
        for hx in [
            0x3e30_0000u64,
            0x3fd6_2e42,
            0x3ff0_a2b2,
            0x4086_232b,
            0x0010_0000,
            0x7ff0_0000,
            0x3ff0_0000,
        ] {
            for low in [0, 1, 0x7fff_ffff, 0xffff_ffff] {
                for sign in [0, 1u64 << 63] {
                    for d in [-1i64, 0, 1] {
                        xs.push(f64::from_bits(((hx << 32 | low) as i64 + d) as u64 | sign));
                    }
                }
            }
        }
        xs.extend([
            0.0,
            -0.0,
            1.0,
            -1.0,
            f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
        ]);
        xs.extend([
            709.78,
            708.39,
            -708.39,
            -745.1,
            0.5 * std::f64::consts::LN_2,
            1.5 * std::f64::consts::LN_2,
        ]);
        xs
    }

    /// The slice function, and the lane formula alone on every argument it takes.
    fn same_bits_as_libm(
        in_place: fn(&mut [f64]),
        fits: fn(f64) -> bool,
        lane: fn(f64) -> f64,
        libm: fn(f64) -> f64,
    ) {
        let xs = arguments();
        let mut ours = xs.clone();
        in_place(&mut ours);
        let mut fitting = 0;
        for (x, y) in xs.iter().zip(&ours) {
            let want = libm(*x);
            let same = |y: f64| y.to_bits() == want.to_bits() || (y.is_nan() && want.is_nan());
            assert!(same(*y), "{x:e} ({:#x}): {y:e}, libm {want:e}", x.to_bits());
            if fits(*x) {
                fitting += 1;
                assert!(same(lane(*x)), "lane: {x:e} ({:#x})", x.to_bits());
            }
        }
        assert!(fitting > xs.len() / 3, "{fitting} of {}", xs.len());
    }

    #[test]
    fn exp_gives_the_bits_of_libm() {
        same_bits_as_libm(exp_in_place, exp_fits, exp_lane, libm::exp);
    }

    #[test]
    fn log_gives_the_bits_of_libm() {
        same_bits_as_libm(log_in_place, log_fits, log_lane, libm::log);
    }

    #[test]
    fn log10_gives_the_bits_of_libm() {
        same_bits_as_libm(log10_in_place, log_fits, log10_lane, libm::log10);
    }
}
