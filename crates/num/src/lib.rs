//! The numeric pieces that several layers need, each written once: the syntax, the evaluator, the scorer, the
//! bank and the faces all call these rather than keep a copy.

mod readable;
mod sum;

pub use readable::{
    NumberError, count, format_percent, format_readable, parse_readable, read_number, thousands,
};
pub use sum::Sum;

/// `Φ⁻¹(0.95)`: a normal's 5th and 95th percentiles sit at `mu ∓ Z95·sigma`.
pub const Z95: f64 = 1.6448536269514722;

/// A normal on one axis (for a lognormal, the ln axis): mean `mu`, standard deviation `sigma`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Normal {
    pub mu: f64,
    pub sigma: f64,
}

impl Normal {
    /// The normal whose 5th and 95th percentiles are `lo` and `hi` (on the axis it lives on: pass ln values for a
    /// lognormal). `to(lo, hi)`, a truth's fit and the rules' quantile fits are all this.
    pub fn from_interval90(lo: f64, hi: f64) -> Normal {
        Normal {
            mu: (lo + hi) / 2.0,
            sigma: (hi - lo) / (2.0 * Z95),
        }
    }
}

/// Hyndman–Fan type-7 quantile of ascending `sorted` values: `h = (n−1)·p`, interpolate between `x[⌊h⌋]` and the
/// next. NaN for an empty slice; `p` is clamped to [0, 1].
pub fn quantile_type7(sorted: &[f64], p: f64) -> f64 {
    let n = sorted.len();
    if n == 0 {
        return f64::NAN;
    }
    let h = (n - 1) as f64 * p.clamp(0.0, 1.0);
    let k = libm::floor(h) as usize;
    if k >= n - 1 {
        return sorted[n - 1];
    }
    sorted[k] + (h - k as f64) * (sorted[k + 1] - sorted[k])
}

/// 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3), fed in pieces: stable across versions
/// and platforms, so it names question seeds and checks that samples are bit-identical everywhere.
#[derive(Debug, Clone, Copy)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// FNV-1a of numbers' little-endian bytes, in turn (a seed mixed from several numbers).
pub fn fnv1a_words(words: &[u64]) -> u64 {
    let mut h = Fnv1a::default();
    for word in words {
        h.write(&word.to_le_bytes());
    }
    h.finish()
}

/// FNV-1a of one byte string.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a::default();
    h.write(bytes);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words hash as their bytes in turn: the same as one byte string of them, and order matters.
    #[test]
    fn fnv1a_of_words_is_of_their_bytes() {
        let cases: [&[u64]; 3] = [&[], &[1], &[7, u64::MAX, 0]];
        for words in cases {
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            assert_eq!(fnv1a_words(words), fnv1a(&bytes), "{words:?}");
        }
        assert_eq!(fnv1a_words(&[]), 0xcbf2_9ce4_8422_2325);
        assert_ne!(fnv1a_words(&[1, 2]), fnv1a_words(&[2, 1]));
    }

    #[test]
    fn type_7_quantiles_interpolate_and_clamp() {
        let sorted = [1.0, 2.0, 3.0, 4.0, 5.0];
        let cases = [
            (-1.0, 1.0),
            (0.0, 1.0),
            (0.05, 1.2),
            (0.25, 2.0),
            (0.5, 3.0),
            (0.95, 4.8),
            (1.0, 5.0),
            (2.0, 5.0),
        ];
        for (p, want) in cases {
            assert!((quantile_type7(&sorted, p) - want).abs() < 1e-12, "p={p}");
        }
        assert!(quantile_type7(&[], 0.5).is_nan());
        assert_eq!(quantile_type7(&[7.0], 0.3), 7.0);
    }

    #[test]
    fn fnv1a_matches_published_values() {
        // Test vectors published with FNV-1a 64.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
        let mut pieces = Fnv1a::default();
        pieces.write(b"foo");
        pieces.write(b"bar");
        assert_eq!(pieces.finish(), fnv1a(b"foobar"));
    }

    #[test]
    fn the_interval_sits_at_the_normals_5th_and_95th_percentiles() {
        let n = Normal::from_interval90(2.0, 6.0);
        assert_eq!(n.mu, 4.0);
        assert!((n.mu + Z95 * n.sigma - 6.0).abs() < 1e-15);
        assert!((n.mu - Z95 * n.sigma - 2.0).abs() < 1e-15);
    }
}
