//! Elementwise arithmetic on sample slices, and arithmetic expressions computed a chunk at a time.
//!
//! Every loop writes its results into a slice and reports whether they all came out finite, so the evaluator
//! looks for a diagnostic only when something is wrong, instead of scanning every result.

use std::collections::HashMap;

use fermi_syntax::{BinOp, Expr, ExprKind, Func};

use crate::eval::Value;
use crate::lanes;

/// Samples per step of a pass that works on cache-sized pieces.
pub(crate) const CHUNK: usize = 512;

/// Nesting of intermediate results a chunked computation may hold at once (each takes a `CHUNK` buffer).
const MAX_SCRATCH: usize = 64;

/// One input of an elementwise operation.
#[derive(Clone, Copy)]
pub(crate) enum Operand<'a> {
    Number(f64),
    Slice(&'a [f64]),
}

/// A one-input operation.
#[derive(Clone, Copy)]
pub(crate) enum Unary {
    Neg,
    Call(Func),
}

/// `dst[i] = x[i] op y[i]`, where `x` is `None` for the values already in `dst`. Whether every result is finite.
pub(crate) fn binary_into(op: BinOp, dst: &mut [f64], x: Option<Operand>, y: Operand) -> bool {
    match op {
        BinOp::Add => zip_into(dst, x, y, |x, y| x + y),
        BinOp::Sub => zip_into(dst, x, y, |x, y| x - y),
        BinOp::Mul => zip_into(dst, x, y, |x, y| x * y),
        BinOp::Div => zip_into(dst, x, y, |x, y| x / y),
        // libm's own shortcuts for these exponents (the same bits), without a call per sample.
        BinOp::Pow => match y {
            Operand::Number(1.0) => zip_into(dst, x, y, |x, _| x),
            Operand::Number(-1.0) => zip_into(dst, x, y, |x, _| 1.0 / x),
            Operand::Number(2.0) => zip_into(dst, x, y, |x, _| x * x),
            Operand::Number(0.5) => zip_into(dst, x, y, |x, y| {
                if x.is_sign_positive() && !x.is_nan() {
                    x.sqrt()
                } else {
                    libm::pow(x, y)
                }
            }),
            _ => zip_into(dst, x, y, libm::pow),
        },
    }
}

/// `dst[i] = op(x[i])`, where `x` is `None` for the values already in `dst`. Whether every result is finite.
pub(crate) fn unary_into(op: Unary, dst: &mut [f64], x: Option<Operand>) -> bool {
    match op {
        Unary::Neg => map_into(dst, x, |x| -x),
        Unary::Call(Func::Log) => in_place_into(dst, x, lanes::log_in_place),
        Unary::Call(Func::Log10) => in_place_into(dst, x, lanes::log10_in_place),
        Unary::Call(Func::Exp) => in_place_into(dst, x, lanes::exp_in_place),
    }
}

/// `dst[i] = f(x[i])` by a function over a whole slice (see `lanes`).
fn in_place_into(dst: &mut [f64], x: Option<Operand>, f: fn(&mut [f64])) -> bool {
    match x {
        None => {}
        Some(Operand::Number(a)) => dst.fill(a),
        Some(Operand::Slice(xs)) => dst.copy_from_slice(xs),
    }
    f(dst);
    dst.iter().fold(true, |finite, r| finite & r.is_finite())
}

/// `n` results of `fill(at, chunk)`, a `CHUNK` at a time: the vector grows a chunk at a time (zeroed in cache)
/// and each chunk is computed in place while it is in cache, with no pass over the whole vector and no copy.
/// Whether every `fill` reported its results finite.
pub(crate) fn chunked(
    n: usize,
    mut fill: impl FnMut(usize, &mut [f64]) -> bool,
) -> (Vec<f64>, bool) {
    let mut out = Vec::with_capacity(n);
    let mut finite = true;
    while out.len() < n {
        let start = out.len();
        out.resize(n.min(start + CHUNK), 0.0);
        finite &= fill(start, &mut out[start..]);
    }
    (out, finite)
}

/// `x op y` for two numbers.
pub(crate) fn binary(op: BinOp, x: f64, y: f64) -> f64 {
    let mut r = [0.0];
    binary_into(op, &mut r, Some(Operand::Number(x)), Operand::Number(y));
    r[0]
}

/// `op(x)` for a number.
pub(crate) fn unary(op: Unary, x: f64) -> f64 {
    let mut r = [0.0];
    unary_into(op, &mut r, Some(Operand::Number(x)));
    r[0]
}

#[inline(always)]
fn zip_into(dst: &mut [f64], x: Option<Operand>, y: Operand, f: impl Fn(f64, f64) -> f64) -> bool {
    let mut finite = true;
    let mut put = |d: &mut f64, r: f64| {
        *d = r;
        finite &= r.is_finite();
    };
    match (x, y) {
        (None, Operand::Number(b)) => dst.iter_mut().for_each(|d| put(d, f(*d, b))),
        (None, Operand::Slice(ys)) => dst.iter_mut().zip(ys).for_each(|(d, &b)| put(d, f(*d, b))),
        (Some(Operand::Number(a)), Operand::Number(b)) => {
            let r = f(a, b);
            dst.fill(r);
            finite = r.is_finite();
        }
        (Some(Operand::Number(a)), Operand::Slice(ys)) => {
            dst.iter_mut().zip(ys).for_each(|(d, &b)| put(d, f(a, b)))
        }
        (Some(Operand::Slice(xs)), Operand::Number(b)) => {
            dst.iter_mut().zip(xs).for_each(|(d, &a)| put(d, f(a, b)))
        }
        (Some(Operand::Slice(xs)), Operand::Slice(ys)) => dst
            .iter_mut()
            .zip(xs.iter().zip(ys))
            .for_each(|(d, (&a, &b))| put(d, f(a, b))),
    }
    finite
}

#[inline(always)]
fn map_into(dst: &mut [f64], x: Option<Operand>, f: impl Fn(f64) -> f64) -> bool {
    let mut finite = true;
    let mut put = |d: &mut f64, r: f64| {
        *d = r;
        finite &= r.is_finite();
    };
    match x {
        None => dst.iter_mut().for_each(|d| put(d, f(*d))),
        Some(Operand::Number(a)) => {
            let r = f(a);
            dst.fill(r);
            finite = r.is_finite();
        }
        Some(Operand::Slice(xs)) => dst.iter_mut().zip(xs).for_each(|(d, &a)| put(d, f(a))),
    }
    finite
}

/// An arithmetic expression over numbers and variables' samples. It draws nothing, so it can be computed a chunk
/// at a time with every intermediate result in cache, into one output vector.
pub(crate) enum Pure<'v> {
    Number(f64),
    Samples(&'v [f64]),
    Unary(Unary, Box<Pure<'v>>),
    Binary(BinOp, Box<Pure<'v>>, Box<Pure<'v>>),
}

impl<'v> Pure<'v> {
    /// `e` as a pure expression, if it is one: numbers, assigned variables, `-`, `log`, `log10`, `exp` and the
    /// binary operators.
    pub fn new(e: &Expr, env: &'v HashMap<&str, Value>) -> Option<Pure<'v>> {
        let sub = |e: &Expr| Pure::new(e, env).map(Box::new);
        Some(match &e.kind {
            ExprKind::Number(x) => Pure::Number(*x),
            ExprKind::Var(name) => match env.get(name.as_str())? {
                Value::Scalar(x) => Pure::Number(*x),
                Value::Samples(v) => Pure::Samples(v),
            },
            ExprKind::Neg(a) => Pure::Unary(Unary::Neg, sub(a)?),
            ExprKind::Call(func, a) => Pure::Unary(Unary::Call(*func), sub(a)?),
            ExprKind::Binary(op, a, b) => Pure::Binary(*op, sub(a)?, sub(b)?),
            _ => return None,
        })
    }

    /// All `n` samples, or `None` if some intermediate or final value is not finite (the evaluator then goes one
    /// operation at a time to find the diagnostic) or the expression nests too deeply for chunking.
    pub fn compute(&self, n: usize) -> Option<Vec<f64>> {
        let depth = self.scratch();
        if depth > MAX_SCRATCH {
            return None;
        }
        let mut scratch = vec![0.0; depth * CHUNK];
        let (out, finite) = chunked(n, |at, dst| self.fill(at, dst, &mut scratch));
        finite.then_some(out)
    }

    /// Chunk buffers `fill` needs: the left operand is computed in the destination, the right one in a buffer.
    fn scratch(&self) -> usize {
        match self {
            Pure::Number(_) | Pure::Samples(_) => 0,
            Pure::Unary(_, a) => a.scratch(),
            Pure::Binary(_, a, b) => match b.leaf(0, 0) {
                Some(_) => a.scratch(),
                None => a.scratch().max(1 + b.scratch()),
            },
        }
    }

    /// A number or a slice of samples `at..at + len`, for an input.
    fn leaf(&self, at: usize, len: usize) -> Option<Operand<'v>> {
        match self {
            Pure::Number(x) => Some(Operand::Number(*x)),
            Pure::Samples(v) => Some(Operand::Slice(&v[at..at + len])),
            _ => None,
        }
    }

    /// Samples `at..at + dst.len()` into `dst`; whether they and every intermediate value are finite.
    fn fill(&self, at: usize, dst: &mut [f64], scratch: &mut [f64]) -> bool {
        let len = dst.len();
        // An input is read where it is; an operation's value first goes to `dst`.
        let operand = |e: &Pure<'v>, dst: &mut [f64], scratch: &mut [f64]| match e.leaf(at, len) {
            Some(x) => (Some(x), true),
            None => (None, e.fill(at, dst, scratch)),
        };
        match self {
            Pure::Number(_) | Pure::Samples(_) => map_into(dst, self.leaf(at, len), |x| x),
            Pure::Unary(op, a) => {
                let (x, finite) = operand(a, dst, scratch);
                unary_into(*op, dst, x) && finite
            }
            Pure::Binary(op, a, b) => {
                let (x, left_finite) = operand(a, dst, scratch);
                if let Some(y) = b.leaf(at, len) {
                    return binary_into(*op, dst, x, y) && left_finite;
                }
                // `scratch` holds at least one chunk here (see `scratch`).
                let (right, rest) = scratch.split_at_mut(CHUNK);
                let right = &mut right[..len];
                b.fill(at, right, rest)
                    && binary_into(*op, dst, x, Operand::Slice(right))
                    && left_finite
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use fermi_syntax::{BinOp, Func};

    use super::{CHUNK, Pure, Unary, binary, unary};

    /// The expression for sample `i` alone.
    fn at(p: &Pure, i: usize) -> f64 {
        match p {
            Pure::Number(x) => *x,
            Pure::Samples(v) => v[i],
            Pure::Unary(op, a) => unary(*op, at(a, i)),
            Pure::Binary(op, a, b) => binary(*op, at(a, i), at(b, i)),
        }
    }

    fn bin<'v>(op: BinOp, a: Pure<'v>, b: Pure<'v>) -> Pure<'v> {
        Pure::Binary(op, Box::new(a), Box::new(b))
    }

    fn un(op: Unary, a: Pure) -> Pure {
        Pure::Unary(op, Box::new(a))
    }

    #[test]
    fn chunks_give_the_bits_of_one_sample_at_a_time() {
        let n = 2 * CHUNK + 37;
        let xs: Vec<f64> = (0..n)
            .map(|i| 1.0 + 9.0 * (i as f64 * 0.37).sin().abs())
            .collect();
        let ys: Vec<f64> = (0..n)
            .map(|i| 2.0 + 18.0 * (i as f64 * 0.11).cos().abs())
            .collect();
        let (x, y) = (|| Pure::Samples(&xs), || Pure::Samples(&ys));
        use BinOp::{Add, Div, Mul, Pow, Sub};
        for p in [
            // P3: (x*y + x/y) * x
            bin(Mul, bin(Add, bin(Mul, x(), y()), bin(Div, x(), y())), x()),
            // Right operands that are operations themselves, nested, with numbers on either side.
            bin(
                Sub,
                un(Unary::Call(Func::Log), x()),
                bin(
                    Div,
                    bin(Pow, Pure::Number(2.0), bin(Div, y(), Pure::Number(10.0))),
                    un(
                        Unary::Neg,
                        bin(Add, x(), bin(Mul, Pure::Number(3.0), Pure::Number(0.5))),
                    ),
                ),
            ),
            un(
                Unary::Call(Func::Exp),
                bin(Mul, un(Unary::Call(Func::Log10), y()), Pure::Number(0.25)),
            ),
            un(Unary::Neg, x()),
        ] {
            let out = p.compute(n).expect("every value is finite");
            assert_eq!(out.len(), n);
            for (i, r) in out.iter().enumerate() {
                assert_eq!(r.to_bits(), at(&p, i).to_bits(), "sample {i}");
            }
        }
    }

    #[test]
    fn a_value_that_is_not_finite_on_the_way_is_refused() {
        let n = CHUNK + 1;
        // Only the last sample overflows, and 1 / ∞ = 0 makes the end result finite again.
        let xs: Vec<f64> = (0..n)
            .map(|i| if i == n - 1 { 1e10 } else { 2.0 })
            .collect();
        let x = || Pure::Samples(&xs);
        let overflow = bin(BinOp::Mul, x(), Pure::Number(1e300));
        assert!(overflow.compute(n).is_none());
        let healed = bin(BinOp::Div, Pure::Number(1.0), overflow);
        assert!(healed.compute(n).is_none());
        assert!(
            bin(BinOp::Div, x(), bin(BinOp::Sub, x(), x()))
                .compute(n)
                .is_none()
        );
        assert!(
            un(
                Unary::Call(Func::Log),
                bin(BinOp::Sub, x(), Pure::Number(2.0))
            )
            .compute(n)
            .is_none()
        );
        assert!(
            bin(BinOp::Mul, x(), Pure::Number(1e290))
                .compute(n)
                .is_some()
        );
    }
}
