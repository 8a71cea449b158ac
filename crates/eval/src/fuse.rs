//! Closed-form fusion. A product or quotient of independent lognormal factors and positive constants is itself a
//! lognormal (`ln X = Σ ±ln Xᵢ`: means add, variances add), so it is sampled as one vector instead of one vector
//! per factor and per operation. This is how fermi evaluates its chains, and it is exact: fused and unfused give
//! the same distribution. Fusion happens only where it cannot change what a program means:
//! - every factor is used once: a `to()` written in the chain, or a variable assigned once and used once (a
//!   variable used twice keeps its one index-aligned sample vector, so `x / x` stays exactly 1);
//! - every `to()` has constant, valid bounds, so a bad bound is still reported unfused, on its own span;
//! - no partial product can overflow or underflow, so the unfused program could not have failed either.
//!
//! Only the order of random draws changes, hence the samples for a given seed.

use std::collections::{HashMap, HashSet};

use fermi_syntax::{BinOp, Expr, ExprKind, Program, Span};

use fermi_num::Normal;

use crate::eval::WIDE_RANGE_RATIO;

/// Bound on |z| of `Sampler::normal` (below 14), with room to spare.
const Z_REACH: f64 = 40.0;
/// |ln x| below this keeps x finite and normal (ln f64::MAX ≈ 709.8; ln of the least normal ≈ −708.4).
const LN_SAFE: f64 = 700.0;

/// What a variable holds, as far as fusion is concerned.
pub(crate) enum Binding<'a> {
    Scalar(f64),
    /// A fusable value whose sampling waits for its one use.
    Deferred(&'a Fused),
    Other,
}

/// A product of independent lognormal factors and positive constants.
#[derive(Clone, Debug)]
pub(crate) struct Fused {
    mu: f64,
    variance: f64,
    /// Σ over factors of the largest |ln| one of its samples can reach: every partial product stays below it.
    reach: f64,
    random: bool,
    /// Its own `to()` ranges wider than six decades, in evaluation order (`(span, lo, hi)`), to warn as unfused.
    pub wide: Vec<(Span, f64, f64)>,
}

impl Fused {
    /// ln of the product is this normal.
    pub fn lognormal(&self) -> Normal {
        Normal {
            mu: self.mu,
            sigma: self.variance.sqrt(),
        }
    }

    /// Whether it holds a random factor (a product of constants is left to plain arithmetic).
    pub fn is_random(&self) -> bool {
        self.random
    }

    /// Every number a program computes is finite (and a hand-built infinite one has infinite reach, so it never
    /// fuses).
    fn constant(c: f64) -> Option<Fused> {
        (c > 0.0).then(|| Fused {
            mu: libm::log(c),
            variance: 0.0,
            reach: libm::log(c).abs(),
            random: false,
            wide: Vec::new(),
        })
    }

    fn factor(ln: Normal, wide: Vec<(Span, f64, f64)>) -> Fused {
        Fused {
            mu: ln.mu,
            variance: ln.sigma * ln.sigma,
            reach: ln.mu.abs() + Z_REACH * ln.sigma,
            random: true,
            wide,
        }
    }

    fn combine(mut self, op: BinOp, other: Fused) -> Fused {
        self.mu = if op == BinOp::Div {
            self.mu - other.mu
        } else {
            self.mu + other.mu
        };
        self.variance += other.variance;
        self.reach += other.reach;
        self.random |= other.random;
        self.wide.extend(other.wide);
        self
    }
}

/// Names assigned exactly once and read exactly once, after their assignment, among the `live` statements (those
/// evaluated): their value may wait for that use.
pub(crate) fn used_once<'p>(program: &'p Program, live: &[bool]) -> HashSet<&'p str> {
    let statements = || {
        program
            .statements
            .iter()
            .zip(live)
            .enumerate()
            .filter(|(_, (_, live))| **live)
            .map(|(i, (stmt, _))| (i, stmt))
    };
    let mut assigned: HashMap<&str, (usize, usize)> = HashMap::new();
    for (i, stmt) in statements() {
        if let Some(target) = &stmt.target {
            assigned.entry(&target.text).or_insert((i, 0)).1 += 1;
        }
    }
    let mut reads: HashMap<&str, usize> = HashMap::new();
    for (i, stmt) in statements() {
        count_reads(&stmt.value, &mut |name| {
            if assigned.get(name).is_some_and(|&(at, _)| at < i) {
                *reads.entry(name).or_default() += 1;
            }
        });
    }
    assigned
        .into_iter()
        .filter(|&(name, (_, times))| times == 1 && reads.get(name) == Some(&1))
        .map(|(name, _)| name)
        .collect()
}

fn count_reads<'p>(e: &'p Expr, read: &mut impl FnMut(&'p str)) {
    if let ExprKind::Var(name) = &e.kind {
        read(name);
    }
    for child in e.children() {
        count_reads(child, read);
    }
}

/// Analyses one statement's value. Returns the whole value if it fuses; every other outermost fusable
/// product or quotient below it goes into `found`, keyed by node address, for the evaluator to sample in one go.
pub(crate) fn plan<'a>(
    e: &Expr,
    lookup: &dyn Fn(&str) -> Binding<'a>,
    found: &mut HashMap<*const Expr, Fused>,
) -> Option<Fused> {
    match &e.kind {
        ExprKind::Number(c) => Fused::constant(*c),
        ExprKind::Var(name) => match lookup(name) {
            Binding::Scalar(c) => Fused::constant(c),
            // Its wide ranges were reported where it was assigned.
            Binding::Deferred(f) => Some(f.clone()),
            Binding::Other => None,
        },
        ExprKind::To(lo, hi) => {
            let (Some(l), Some(h)) = (constant(lo, lookup), constant(hi, lookup)) else {
                walk_children(e, lookup, found);
                return None;
            };
            if !(l > 0.0 && h > 0.0 && l < h) {
                return None;
            }
            let wide = if h / l > WIDE_RANGE_RATIO {
                vec![(e.span, l, h)]
            } else {
                Vec::new()
            };
            let f = Fused::factor(Normal::from_interval90(libm::log(l), libm::log(h)), wide);
            (f.reach < LN_SAFE).then_some(f)
        }
        ExprKind::Binary(op @ (BinOp::Mul | BinOp::Div), a, b) => {
            let fa = plan(a, lookup, found);
            let fb = plan(b, lookup, found);
            match (fa, fb) {
                (Some(x), Some(y)) if x.reach + y.reach < LN_SAFE => Some(x.combine(*op, y)),
                (x, y) => {
                    keep(a, x, found);
                    keep(b, y, found);
                    None
                }
            }
        }
        _ => {
            walk_children(e, lookup, found);
            None
        }
    }
}

/// Records a fused product found below a node that does not fuse.
pub(crate) fn keep(e: &Expr, fused: Option<Fused>, found: &mut HashMap<*const Expr, Fused>) {
    if let Some(f) = fused
        && f.random
        && matches!(e.kind, ExprKind::Binary(..))
    {
        found.insert(e as *const Expr, f);
    }
}

fn walk_children<'a>(
    e: &Expr,
    lookup: &dyn Fn(&str) -> Binding<'a>,
    found: &mut HashMap<*const Expr, Fused>,
) {
    for child in e.children() {
        let f = plan(child, lookup, found);
        keep(child, f, found);
    }
}

/// A bound that is a number or a variable holding one.
fn constant<'a>(e: &Expr, lookup: &dyn Fn(&str) -> Binding<'a>) -> Option<f64> {
    match &e.kind {
        ExprKind::Number(c) => Some(*c),
        ExprKind::Var(name) => match lookup(name) {
            Binding::Scalar(c) => Some(c),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use fermi_syntax::Dialect;

    use crate::{Evaluation, Options, evaluate_source};
    use fermi_num::quantile_type7;

    fn eval(source: &str, samples: usize, seed: u64) -> Evaluation {
        evaluate_source(source, Dialect::Squiggle, &Options { samples, seed })
    }

    fn sorted(source: &str, samples: usize) -> Vec<f64> {
        let e = eval(source, samples, 3);
        let mut xs = e
            .samples
            .unwrap_or_else(|| panic!("{source}: {:?}", e.diagnostics));
        xs.sort_by(f64::total_cmp);
        xs
    }

    const P2: &str = "to(1,3)*to(2,5)/to(1.5,4)*to(10,20)/to(3,9)*to(0.5,2)/to(5,15)*to(1,100)/to(2,8)*to(0.1,1)";

    /// The same factors with every one bound to a variable read twice (`+ f * 0`), which keeps them unfused.
    fn unfused_p2() -> String {
        let factors = [
            "to(1,3)",
            "to(2,5)",
            "to(1.5,4)",
            "to(10,20)",
            "to(3,9)",
            "to(0.5,2)",
            "to(5,15)",
            "to(1,100)",
            "to(2,8)",
            "to(0.1,1)",
        ];
        let ops = ["*", "/", "*", "/", "*", "/", "*", "/", "*"];
        let mut program = String::new();
        let mut chain = "f0".to_string();
        let mut zeros = "f0 * 0".to_string();
        for (i, f) in factors.iter().enumerate() {
            program += &format!("f{i} = {f}\n");
            if i > 0 {
                chain += &format!(" {} f{i}", ops[i - 1]);
                zeros += &format!(" + f{i} * 0");
            }
        }
        format!("{program}{chain} + ({zeros})")
    }

    fn close_in_log(fused: &[f64], unfused: &[f64], tolerance: f64) {
        for p in [0.05, 0.5, 0.95] {
            let (a, b) = (quantile_type7(fused, p), quantile_type7(unfused, p));
            assert!(
                (a.ln() - b.ln()).abs() < tolerance,
                "p{p}: fused {a}, unfused {b}"
            );
        }
    }

    #[test]
    fn fused_and_unfused_programs_agree_in_distribution() {
        let n = 400_000;
        // ln-sd of P2 is about 2: 0.02 nats is some 5 standard errors of a quantile at this n.
        close_in_log(&sorted(P2, n), &sorted(&unfused_p2(), n), 0.02);
        let p1 = "coal_kwh = to(93.9e9, 98.3e9)\nsolar_yield = to(150, 200)\ngermany_m2 = 357022e6\ncoal_kwh / solar_yield / germany_m2";
        let p1_unfused = format!("{p1} + coal_kwh * 0 + solar_yield * 0");
        close_in_log(&sorted(p1, n), &sorted(&p1_unfused, n), 0.002);
        // The closed form itself: to(1,10) twice is exactly lognormal(ln 10, √2·σ), p5 1.9629, p95 50.9456.
        let twice = sorted("to(1,10) * to(1,10)", n);
        assert!((quantile_type7(&twice, 0.05) / 1.9629 - 1.0).abs() < 0.01);
        assert!((quantile_type7(&twice, 0.95) / 50.9456 - 1.0).abs() < 0.01);
    }

    #[test]
    fn fusion_changes_the_draws_but_not_the_meaning() {
        // One fused vector instead of two factor vectors: different samples, same summary (checked above).
        let fused = eval("a = to(1, 10)\nb = to(2, 20)\na * b", 1000, 1)
            .samples
            .unwrap();
        let unfused = eval("a = to(1, 10)\nb = to(2, 20)\na * b + a * 0", 1000, 1)
            .samples
            .unwrap();
        assert_ne!(fused, unfused);
    }

    #[test]
    fn a_variable_read_twice_keeps_its_aligned_samples() {
        for source in [
            "x = to(1, 10)\nx / x",
            "x = to(1, 10)\ny = x * to(2, 3)\ny / y",
            "x = to(1, 10) * to(2, 5)\nx / x * 2 / 2",
        ] {
            let xs = eval(source, 1000, 5).samples.unwrap();
            assert!(xs.iter().all(|&x| x == 1.0), "{source}");
        }
    }

    #[test]
    fn errors_and_warnings_are_those_of_the_unfused_program() {
        // Each quoted span's text with its message: the twin shifts offsets but must say the same things.
        let diagnostics = |source: &str| {
            eval(source, 1000, 1)
                .diagnostics
                .iter()
                .map(|d| {
                    (
                        source[d.span.start as usize..d.span.end as usize].to_string(),
                        d.message.clone(),
                    )
                })
                .collect::<Vec<_>>()
        };
        // Pairs: a fusable program and a twin that cannot fuse (a factor wrapped in `(… + 0)` or read twice).
        for (fusable, twin) in [
            ("to(1, 3) * to(10, 2)", "(to(1, 3) + 0) * to(10, 2)"),
            (
                "a = to(5, 1)\na * to(1, 2)",
                "a = to(5, 1)\n(a + 0) * to(1, 2)",
            ),
            (
                "to(1, 1e7) * to(1, 2) / to(1, 1e9)",
                "to(1, 1e7) * (to(1, 2) + 0) / to(1, 1e9)",
            ),
            (
                "a = to(1, 1e7)\nb = 2\na / b",
                "a = to(1, 1e7)\nb = 2\n(a + 0) / b",
            ),
            ("a = to(1, 2)\na / 0", "a = to(1, 2)\na / 0 + a * 0"),
            (
                "x = to(1e200, 1e201)\nx * to(1e200, 1e201) / to(1e200, 1e201)",
                "x = to(1e200, 1e201)\nx * to(1e200, 1e201) / to(1e200, 1e201) + x * 0",
            ),
            ("to(-1, 2) * 3", "(to(-1, 2) + 0) * 3"),
        ] {
            let (a, b) = (diagnostics(fusable), diagnostics(twin));
            assert!(!a.is_empty(), "{fusable}");
            assert_eq!(a, b, "{fusable}");
        }
        assert_eq!(diagnostics("to(1, 1e7) * to(1, 2) / to(1, 1e9)").len(), 2);
        let overflow = diagnostics("x = to(1e200, 1e201)\nx * to(1e200, 1e201) / to(1e200, 1e201)");
        assert!(overflow[0].1.contains("too large"), "{overflow:?}");
    }
}
