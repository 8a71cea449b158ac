//! ChaCha8, four blocks at a time with one vector lane per block: wasm simd128 when the build enables it, SSE2 on
//! x86-64, plain arrays otherwise. It produces exactly the stream of `rand_chacha::ChaCha8Rng` (djb layout: 64-bit block
//! counter, stream 0; `next_u64` joins two little-endian words), several times faster in wasm. Native tests also
//! build the plain arrays, so every backend is checked against rand_chacha: SSE2 and plain arrays here, simd128 in
//! tests/web.rs.

const BLOCKS: usize = 4;
/// u64 outputs per refill: four 64-byte blocks.
const OUTPUTS: usize = BLOCKS * 8;

/// The sampler's generator: `rand_chacha::ChaCha8Rng`'s stream. Public so that tests/web.rs can check the
/// simd128 backend against rand_chacha in the browser.
pub struct ChaCha8 {
    key: [u32; 8],
    counter: u64,
    buffer: [u64; OUTPUTS],
    next: usize,
    first: FirstColumns<Fast>,
}

impl ChaCha8 {
    pub fn from_seed(seed: [u8; 32]) -> ChaCha8 {
        let key = std::array::from_fn(|i| {
            u32::from_le_bytes([
                seed[4 * i],
                seed[4 * i + 1],
                seed[4 * i + 2],
                seed[4 * i + 3],
            ])
        });
        ChaCha8 {
            key,
            counter: 0,
            buffer: [0; OUTPUTS],
            next: OUTPUTS,
            first: FirstColumns::default(),
        }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let x = self.buffered()[0];
        self.next += 1;
        x
    }

    /// The next outputs of the stream, at least one, without consuming them (see `consume`).
    #[inline]
    pub fn buffered(&mut self) -> &[u64] {
        if self.next == OUTPUTS {
            self.refill();
        }
        &self.buffer[self.next..]
    }

    /// Consumes the first `count` outputs returned by `buffered`.
    #[inline]
    pub fn consume(&mut self, count: usize) {
        self.next += count;
    }

    fn refill(&mut self) {
        blocks::<Fast>(&self.key, self.counter, &mut self.first, &mut self.buffer);
        self.counter = self.counter.wrapping_add(BLOCKS as u64);
        self.next = 0;
    }
}

/// The backend of this build.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
type Fast = core::arch::wasm32::v128;
#[cfg(target_arch = "x86_64")]
type Fast = core::arch::x86_64::__m128i;
#[cfg(not(any(
    all(target_arch = "wasm32", target_feature = "simd128"),
    target_arch = "x86_64"
)))]
type Fast = [u32; 4];

/// One state word for the four blocks, lane `b` holding block `b`.
trait Lanes: Copy {
    fn splat(x: u32) -> Self;
    fn words(w: [u32; 4]) -> Self;
    fn add(a: Self, b: Self) -> Self;
    /// `(a ^ b).rotate_left(by)` per lane.
    fn xor_rotate(a: Self, b: Self, by: u32) -> Self;
    /// The four blocks' words as outputs in stream order: block `b`'s words `2p` (low) and `2p + 1` (high) are
    /// output `8b + p`.
    fn store(x: &[Self; 16], out: &mut [u64; OUTPUTS]);
}

/// The first round's quarter rounds on columns 1–3 read only the key, the constants and the counter's high word
/// (word 13), so while the four blocks share that word their results are the same in every lane and every
/// refill: kept here, computed again only when the high word changes.
struct FirstColumns<L> {
    high: Option<u64>,
    x: [L; 16],
}

impl<L: Lanes> Default for FirstColumns<L> {
    fn default() -> Self {
        FirstColumns {
            high: None,
            x: [L::splat(0); 16],
        }
    }
}

/// The four 64-byte blocks numbered from `counter`, as outputs in stream order.
#[inline(always)]
fn blocks<L: Lanes>(
    key: &[u32; 8],
    counter: u64,
    first: &mut FirstColumns<L>,
    out: &mut [u64; OUTPUTS],
) {
    const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];
    let block: [u64; BLOCKS] = std::array::from_fn(|lane| counter.wrapping_add(lane as u64));
    let input: [L; 16] = std::array::from_fn(|word| match word {
        0..4 => L::splat(SIGMA[word]),
        4..12 => L::splat(key[word - 4]),
        12 => L::words(block.map(|b| b as u32)),
        13 => L::words(block.map(|b| (b >> 32) as u32)),
        _ => L::splat(0),
    });
    let mut x = input;
    let high = counter >> 32;
    if counter.wrapping_add(BLOCKS as u64 - 1) >> 32 == high {
        if first.high != Some(high) {
            let mut c = input;
            for column in 1..4 {
                quarter(&mut c, column, column + 4, column + 8, column + 12);
            }
            *first = FirstColumns {
                high: Some(high),
                x: c,
            };
        }
        quarter(&mut x, 0, 4, 8, 12);
        let column = [x[0], x[4], x[8], x[12]];
        x = first.x;
        [x[0], x[4], x[8], x[12]] = column;
        diagonals(&mut x);
    } else {
        double_round(&mut x);
    }
    // Written out three times: a loop's back edge costs wasm engines a stack check and register moves.
    double_round(&mut x);
    double_round(&mut x);
    double_round(&mut x);
    // Input words 14 and 15 (the stream number) are zero.
    for (word, lanes) in x.iter_mut().enumerate().take(14) {
        *lanes = L::add(*lanes, input[word]);
    }
    L::store(&x, out);
}

/// wasm simd128.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128 {
    use core::arch::wasm32::{
        i8x16_shuffle, i32x4_shuffle, i64x2_shuffle, u32x4, u32x4_add, u32x4_shl, u32x4_shr,
        u32x4_splat, u64x2_extract_lane, v128, v128_or, v128_xor,
    };

    use super::{Lanes, OUTPUTS};

    impl Lanes for v128 {
        #[inline(always)]
        fn splat(x: u32) -> Self {
            u32x4_splat(x)
        }

        #[inline(always)]
        fn words(w: [u32; 4]) -> Self {
            u32x4(w[0], w[1], w[2], w[3])
        }

        #[inline(always)]
        fn add(a: Self, b: Self) -> Self {
            u32x4_add(a, b)
        }

        /// By 16 it swaps the halves, a shuffle that V8 compiles to two
        /// instructions on x86-64 (other byte shuffles cost it more than the three shifting ones).
        #[inline(always)]
        fn xor_rotate(a: Self, b: Self, by: u32) -> Self {
            let x = v128_xor(a, b);
            if by == 16 {
                return i8x16_shuffle::<2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13>(x, x);
            }
            v128_or(u32x4_shl(x, by), u32x4_shr(x, 32 - by))
        }

        /// Transposes each group of four words so that one vector holds two outputs of one block.
        #[inline(always)]
        fn store(x: &[Self; 16], out: &mut [u64; OUTPUTS]) {
            for q in 0..4 {
                let [a, b, c, d] = [x[4 * q], x[4 * q + 1], x[4 * q + 2], x[4 * q + 3]];
                let (ab_lo, ab_hi) = (
                    i32x4_shuffle::<0, 4, 1, 5>(a, b),
                    i32x4_shuffle::<2, 6, 3, 7>(a, b),
                );
                let (cd_lo, cd_hi) = (
                    i32x4_shuffle::<0, 4, 1, 5>(c, d),
                    i32x4_shuffle::<2, 6, 3, 7>(c, d),
                );
                let blocks = [
                    i64x2_shuffle::<0, 2>(ab_lo, cd_lo),
                    i64x2_shuffle::<1, 3>(ab_lo, cd_lo),
                    i64x2_shuffle::<0, 2>(ab_hi, cd_hi),
                    i64x2_shuffle::<1, 3>(ab_hi, cd_hi),
                ];
                for (block, v) in blocks.into_iter().enumerate() {
                    out[8 * block + 2 * q] = u64x2_extract_lane::<0>(v);
                    out[8 * block + 2 * q + 1] = u64x2_extract_lane::<1>(v);
                }
            }
        }
    }
}

/// SSE2 (every x86-64 has it).
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use core::arch::x86_64::{
        __m128i, _mm_add_epi32, _mm_cvtsi32_si128, _mm_cvtsi128_si64, _mm_or_si128, _mm_set1_epi32,
        _mm_setr_epi32, _mm_shufflehi_epi16, _mm_shufflelo_epi16, _mm_sll_epi32, _mm_srl_epi32,
        _mm_unpackhi_epi32, _mm_unpackhi_epi64, _mm_unpacklo_epi32, _mm_unpacklo_epi64,
        _mm_xor_si128,
    };

    use super::{Lanes, OUTPUTS};

    impl Lanes for __m128i {
        #[inline(always)]
        fn splat(x: u32) -> Self {
            // SAFETY (every `unsafe` here): SSE2 is part of the x86-64 baseline, and no pointer is involved.
            unsafe { _mm_set1_epi32(x as i32) }
        }

        #[inline(always)]
        fn words(w: [u32; 4]) -> Self {
            unsafe { _mm_setr_epi32(w[0] as i32, w[1] as i32, w[2] as i32, w[3] as i32) }
        }

        #[inline(always)]
        fn add(a: Self, b: Self) -> Self {
            unsafe { _mm_add_epi32(a, b) }
        }

        /// By 16 it swaps the halves.
        #[inline(always)]
        fn xor_rotate(a: Self, b: Self, by: u32) -> Self {
            unsafe {
                let x = _mm_xor_si128(a, b);
                if by == 16 {
                    return _mm_shufflehi_epi16::<0xb1>(_mm_shufflelo_epi16::<0xb1>(x));
                }
                let (left, right) = (
                    _mm_cvtsi32_si128(by as i32),
                    _mm_cvtsi32_si128(32 - by as i32),
                );
                _mm_or_si128(_mm_sll_epi32(x, left), _mm_srl_epi32(x, right))
            }
        }

        /// Transposes each group of four words so that one vector holds two outputs of one block.
        #[inline(always)]
        fn store(x: &[Self; 16], out: &mut [u64; OUTPUTS]) {
            for q in 0..4 {
                unsafe {
                    let [a, b, c, d] = [x[4 * q], x[4 * q + 1], x[4 * q + 2], x[4 * q + 3]];
                    let (ab_lo, ab_hi) = (_mm_unpacklo_epi32(a, b), _mm_unpackhi_epi32(a, b));
                    let (cd_lo, cd_hi) = (_mm_unpacklo_epi32(c, d), _mm_unpackhi_epi32(c, d));
                    let blocks = [
                        _mm_unpacklo_epi64(ab_lo, cd_lo),
                        _mm_unpackhi_epi64(ab_lo, cd_lo),
                        _mm_unpacklo_epi64(ab_hi, cd_hi),
                        _mm_unpackhi_epi64(ab_hi, cd_hi),
                    ];
                    for (block, v) in blocks.into_iter().enumerate() {
                        out[8 * block + 2 * q] = _mm_cvtsi128_si64(v) as u64;
                        out[8 * block + 2 * q + 1] =
                            _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64;
                    }
                }
            }
        }
    }
}

/// Plain arrays: the backend elsewhere, and built for native tests.
#[cfg(any(
    test,
    not(any(
        all(target_arch = "wasm32", target_feature = "simd128"),
        target_arch = "x86_64"
    ))
))]
mod scalar {
    use super::{Lanes, OUTPUTS};

    impl Lanes for [u32; 4] {
        #[inline(always)]
        fn splat(x: u32) -> Self {
            [x; 4]
        }

        #[inline(always)]
        fn words(w: [u32; 4]) -> Self {
            w
        }

        #[inline(always)]
        fn add(a: Self, b: Self) -> Self {
            std::array::from_fn(|i| a[i].wrapping_add(b[i]))
        }

        #[inline(always)]
        fn xor_rotate(a: Self, b: Self, by: u32) -> Self {
            std::array::from_fn(|i| (a[i] ^ b[i]).rotate_left(by))
        }

        #[inline(always)]
        fn store(x: &[Self; 16], out: &mut [u64; OUTPUTS]) {
            for (i, out) in out.iter_mut().enumerate() {
                let (block, pair) = (i / 8, i % 8);
                let (lo, hi) = (x[2 * pair][block], x[2 * pair + 1][block]);
                *out = (u64::from(hi) << 32) | u64::from(lo);
            }
        }
    }
}

#[inline(always)]
fn double_round<L: Lanes>(x: &mut [L; 16]) {
    quarter(x, 0, 4, 8, 12);
    quarter(x, 1, 5, 9, 13);
    quarter(x, 2, 6, 10, 14);
    quarter(x, 3, 7, 11, 15);
    diagonals(x);
}

#[inline(always)]
fn diagonals<L: Lanes>(x: &mut [L; 16]) {
    quarter(x, 0, 5, 10, 15);
    quarter(x, 1, 6, 11, 12);
    quarter(x, 2, 7, 8, 13);
    quarter(x, 3, 4, 9, 14);
}

#[inline(always)]
fn quarter<L: Lanes>(x: &mut [L; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = L::add(x[a], x[b]);
    x[d] = L::xor_rotate(x[d], x[a], 16);
    x[c] = L::add(x[c], x[d]);
    x[b] = L::xor_rotate(x[b], x[c], 12);
    x[a] = L::add(x[a], x[b]);
    x[d] = L::xor_rotate(x[d], x[a], 8);
    x[c] = L::add(x[c], x[d]);
    x[b] = L::xor_rotate(x[b], x[c], 7);
}

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    use super::{ChaCha8, FirstColumns, Lanes, OUTPUTS, blocks};

    const SEEDS: [u64; 4] = [0, 1, 42, u64::MAX];

    #[test]
    fn same_stream_as_rand_chacha() {
        for seed in SEEDS {
            let mut reference = ChaCha8Rng::seed_from_u64(seed);
            let mut ours = ChaCha8::from_seed(reference.get_seed());
            for i in 0..1000 {
                assert_eq!(
                    ours.next_u64(),
                    reference.next_u64(),
                    "seed {seed}, draw {i}"
                );
            }
        }
    }

    /// One backend's blocks against rand_chacha's at the stream's start, further on, across the carry into the
    /// counter's high word, and at its end.
    fn same_blocks_as_rand_chacha<L: Lanes>() {
        for seed in SEEDS {
            let mut reference = ChaCha8Rng::seed_from_u64(seed);
            let key = ChaCha8::from_seed(reference.get_seed()).key;
            // One cache across the counters, as a generator keeps it: reused, renewed at a new high word, and
            // passed over where the four blocks straddle one.
            let mut first = FirstColumns::default();
            for counter in [
                0,
                4,
                1001,
                (1 << 32) - 2,
                1 << 32,
                (1 << 32) + 4,
                u64::MAX - 3,
            ] {
                reference.set_word_pos(u128::from(counter) * 16);
                let expected: [u64; OUTPUTS] = std::array::from_fn(|_| reference.next_u64());
                let mut ours = [0; OUTPUTS];
                blocks::<L>(&key, counter, &mut first, &mut ours);
                assert_eq!(ours, expected, "seed {seed}, block {counter}");
            }
        }
    }

    #[test]
    fn scalar_backend() {
        same_blocks_as_rand_chacha::<[u32; 4]>();
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sse2_backend() {
        same_blocks_as_rand_chacha::<core::arch::x86_64::__m128i>();
    }
}
