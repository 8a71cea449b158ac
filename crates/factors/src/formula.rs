//! A program seen as a formula over its factors: the estimate with every variable that is built from other
//! variables written out, down to the leaves (assignments that read no variable) and the ranges written inline.
//! The formula is evaluated at a point with its gradient (forward mode), which gives each factor's elasticity.

use std::collections::HashMap;

use fermi_eval::Options;
use fermi_num::{Normal, Z95, quantile_type7};
use fermi_syntax::{BinOp, Expr, ExprKind, Func, Program, Span, Statement};

/// Samples a leaf that is not a plain `to()` or number is drawn at to find its median and spread.
pub const LEAF_SAMPLES: usize = 20_000;

/// One factor of a formula: a named assignment that reads no variable, or a range written inline.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaf {
    /// The variable's name, or an inline range's source text.
    pub name: String,
    /// Whether it is a named variable (an inline range is matched by nothing but a person's correction).
    pub named: bool,
    pub expr: Expr,
    /// Median of the leaf on its own.
    pub median: f64,
    /// Log-space spread: the sd of the normal through its ln p5 and ln p95 (0 for a number).
    pub sigma: f64,
}

/// The estimate as an expression whose variables are leaves (`Var(leaf name)`), and the leaves.
#[derive(Clone, Debug, PartialEq)]
pub struct Formula {
    pub expr: Expr,
    pub leaves: Vec<Leaf>,
}

enum Binding {
    Leaf(String),
    Inline(Expr),
}

impl Formula {
    /// The formula of a parsed program that evaluates without errors. `source` is its text (inline ranges are
    /// named by it); leaves that need sampling are drawn with `seed` at [`LEAF_SAMPLES`], each on its own.
    pub fn of(program: &Program, source: &str, seed: u64) -> Result<Formula, String> {
        let Some((last, assignments)) = program.statements.split_last() else {
            return Err("the program has no estimate".into());
        };
        let mut bindings: HashMap<String, Binding> = HashMap::new();
        let mut leaves: Vec<Leaf> = Vec::new();
        for stmt in assignments {
            let Some(target) = &stmt.target else { continue };
            let value = substitute(&stmt.value, &bindings);
            if reads_nothing(&value) {
                // A name given to a leaf again becomes a new leaf; earlier uses keep the old one.
                let mut name = target.text.clone();
                while leaves.iter().any(|l| l.name == name) {
                    name.push('\'');
                }
                leaves.push(leaf(name.clone(), true, value, seed)?);
                bindings.insert(target.text.clone(), Binding::Leaf(name));
            } else {
                bindings.insert(target.text.clone(), Binding::Inline(value));
            }
        }
        let mut expr = substitute(&last.value, &bindings);
        let mut inline = Vec::new();
        extract_ranges(&mut expr, source, &mut inline);
        for (name, e) in inline {
            if !leaves.iter().any(|l| l.name == name) {
                leaves.push(leaf(name, false, e, seed)?);
            }
        }
        // Only the leaves the estimate reads are factors.
        let mut read = Vec::new();
        vars(&expr, &mut read);
        leaves.retain(|l| read.contains(&l.name.as_str()));
        Ok(Formula { expr, leaves })
    }

    pub fn index(&self, name: &str) -> Option<usize> {
        self.leaves.iter().position(|l| l.name == name)
    }

    pub fn medians(&self) -> Vec<f64> {
        self.leaves.iter().map(|l| l.median).collect()
    }

    /// The formula's value at `x` (one value per leaf) and its gradient, or `None` where it is not defined.
    pub fn value_grad(&self, x: &[f64]) -> Option<(f64, Vec<f64>)> {
        let index: HashMap<&str, usize> = self
            .leaves
            .iter()
            .enumerate()
            .map(|(i, l)| (l.name.as_str(), i))
            .collect();
        let d = dual(&self.expr, &index, x)?;
        (d.v.is_finite() && d.g.iter().all(|g| g.is_finite())).then_some((d.v, d.g))
    }

    /// d ln F / d ln x_i at `x`, for a positive value; `None` where the formula is not positive.
    pub fn elasticities(&self, x: &[f64]) -> Option<(f64, Vec<f64>)> {
        let (v, g) = self.value_grad(x)?;
        (v > 0.0).then(|| (v, g.iter().zip(x).map(|(g, x)| g * x / v).collect()))
    }

    /// Each leaf's exponent when the formula is a product of powers of leaves and positive constants (products,
    /// ratios, powers with constant exponents): then ln F is exactly linear in the leaves' logs.
    pub fn exponents(&self) -> Option<Vec<f64>> {
        let mut e = vec![0.0; self.leaves.len()];
        monomial(&self.expr, self, 1.0, &mut e).then_some(e)
    }
}

fn leaf(name: String, named: bool, expr: Expr, seed: u64) -> Result<Leaf, String> {
    let (median, sigma) = spread(&expr, seed)?;
    Ok(Leaf {
        name,
        named,
        expr,
        median,
        sigma,
    })
}

/// A leaf's median and log spread: exact for a number and a `to()` of numbers, else from samples.
fn spread(expr: &Expr, seed: u64) -> Result<(f64, f64), String> {
    match &expr.kind {
        ExprKind::Number(x) => return Ok((*x, 0.0)),
        ExprKind::To(lo, hi) => {
            if let (ExprKind::Number(lo), ExprKind::Number(hi)) = (&lo.kind, &hi.kind)
                && *lo > 0.0
                && lo < hi
            {
                let n = Normal::from_interval90(libm::log(*lo), libm::log(*hi));
                return Ok((libm::exp(n.mu), n.sigma));
            }
        }
        _ => {}
    }
    let program = Program {
        statements: vec![Statement {
            target: None,
            value: expr.clone(),
            span: expr.span,
        }],
    };
    let options = Options {
        samples: LEAF_SAMPLES,
        seed,
    };
    let run = fermi_eval::evaluate(&program, &options);
    let Some(mut samples) = run.samples else {
        return Err("a factor does not evaluate".into());
    };
    samples.sort_by(f64::total_cmp);
    let median = quantile_type7(&samples, 0.5);
    let (p5, p95) = (
        quantile_type7(&samples, 0.05),
        quantile_type7(&samples, 0.95),
    );
    let sigma = if p5 > 0.0 && p95 > 0.0 {
        (libm::log(p95) - libm::log(p5)) / (2.0 * Z95)
    } else {
        0.0
    };
    Ok((median, sigma))
}

fn substitute(e: &Expr, bindings: &HashMap<String, Binding>) -> Expr {
    if let ExprKind::Var(name) = &e.kind {
        return match bindings.get(name) {
            Some(Binding::Leaf(leaf)) => Expr::new(ExprKind::Var(leaf.clone()), e.span),
            Some(Binding::Inline(value)) => value.clone(),
            None => e.clone(),
        };
    }
    map_children(e, |c| substitute(c, bindings))
}

fn map_children(e: &Expr, mut f: impl FnMut(&Expr) -> Expr) -> Expr {
    let mut b = |x: &Expr| Box::new(f(x));
    let kind = match &e.kind {
        ExprKind::Number(_) | ExprKind::Var(_) | ExprKind::Error => e.kind.clone(),
        ExprKind::Neg(a) => ExprKind::Neg(b(a)),
        ExprKind::Call(func, a) => ExprKind::Call(*func, b(a)),
        ExprKind::Binary(op, a, c) => ExprKind::Binary(*op, b(a), b(c)),
        ExprKind::To(a, c) => ExprKind::To(b(a), b(c)),
        ExprKind::Beta(a, c) => ExprKind::Beta(b(a), b(c)),
        ExprKind::Mixture(parts) => {
            ExprKind::Mixture(parts.iter().map(|(v, w)| (f(v), f(w))).collect())
        }
    };
    Expr::new(kind, e.span)
}

pub(crate) fn reads_nothing(e: &Expr) -> bool {
    !matches!(e.kind, ExprKind::Var(_)) && e.children().into_iter().all(reads_nothing)
}

fn is_random(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::To(..) | ExprKind::Beta(..) | ExprKind::Mixture(_)
    ) || e.children().into_iter().any(is_random)
}

fn vars<'e>(e: &'e Expr, out: &mut Vec<&'e str>) {
    if let ExprKind::Var(name) = &e.kind {
        out.push(name);
    }
    for c in e.children() {
        vars(c, out);
    }
}

/// Replaces each largest random part that reads no variable (an inline `to(2, 3)`) by a leaf named by its text.
fn extract_ranges(e: &mut Expr, source: &str, out: &mut Vec<(String, Expr)>) {
    if reads_nothing(e) && is_random(e) {
        let name = text_of(source, e.span);
        out.push((name.clone(), e.clone()));
        *e = Expr::new(ExprKind::Var(name), e.span);
        return;
    }
    match &mut e.kind {
        ExprKind::Neg(a) | ExprKind::Call(_, a) => extract_ranges(a, source, out),
        ExprKind::Binary(_, a, b) | ExprKind::To(a, b) | ExprKind::Beta(a, b) => {
            extract_ranges(a, source, out);
            extract_ranges(b, source, out);
        }
        ExprKind::Mixture(parts) => {
            for (v, w) in parts {
                extract_ranges(v, source, out);
                extract_ranges(w, source, out);
            }
        }
        ExprKind::Number(_) | ExprKind::Var(_) | ExprKind::Error => {}
    }
}

fn text_of(source: &str, span: Span) -> String {
    source
        .get(span.range())
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// A value with its gradient over the leaves.
struct Dual {
    v: f64,
    g: Vec<f64>,
}

impl Dual {
    fn constant(v: f64, n: usize) -> Dual {
        Dual { v, g: vec![0.0; n] }
    }

    fn map(self, v: f64, d: f64) -> Dual {
        Dual {
            v,
            g: self.g.into_iter().map(|g| g * d).collect(),
        }
    }

    /// `a·self.g + b·other.g` with value `v`.
    fn combine(self, other: Dual, v: f64, a: f64, b: f64) -> Dual {
        Dual {
            v,
            g: self
                .g
                .iter()
                .zip(&other.g)
                .map(|(x, y)| a * x + b * y)
                .collect(),
        }
    }
}

fn dual(e: &Expr, index: &HashMap<&str, usize>, x: &[f64]) -> Option<Dual> {
    let n = x.len();
    Some(match &e.kind {
        ExprKind::Number(c) => Dual::constant(*c, n),
        ExprKind::Var(name) => {
            let i = *index.get(name.as_str())?;
            let mut d = Dual::constant(x[i], n);
            d.g[i] = 1.0;
            d
        }
        ExprKind::Neg(a) => {
            let a = dual(a, index, x)?;
            let v = -a.v;
            a.map(v, -1.0)
        }
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (dual(a, index, x)?, dual(b, index, x)?);
            let (u, w) = (a.v, b.v);
            match op {
                BinOp::Add => a.combine(b, u + w, 1.0, 1.0),
                BinOp::Sub => a.combine(b, u - w, 1.0, -1.0),
                BinOp::Mul => a.combine(b, u * w, w, u),
                BinOp::Div => a.combine(b, u / w, 1.0 / w, -u / (w * w)),
                BinOp::Pow => {
                    let v = libm::pow(u, w);
                    let db = if u > 0.0 { v * libm::log(u) } else { 0.0 };
                    a.combine(b, v, w * libm::pow(u, w - 1.0), db)
                }
            }
        }
        // A lognormal's median is the geometric mean of its bounds.
        ExprKind::To(a, b) => {
            let (a, b) = (dual(a, index, x)?, dual(b, index, x)?);
            let v = libm::sqrt(a.v * b.v);
            let (da, db) = (0.5 * v / a.v, 0.5 * v / b.v);
            a.combine(b, v, da, db)
        }
        ExprKind::Call(func, a) => {
            let a = dual(a, index, x)?;
            let u = a.v;
            match func {
                Func::Log => a.map(libm::log(u), 1.0 / u),
                Func::Log10 => a.map(libm::log10(u), 1.0 / (u * std::f64::consts::LN_10)),
                Func::Exp => {
                    let v = libm::exp(u);
                    a.map(v, v)
                }
            }
        }
        ExprKind::Beta(..) | ExprKind::Mixture(_) | ExprKind::Error => return None,
    })
}

/// Adds `scale ×` each leaf's exponent in `e` to `out`; false when `e` is not a product of powers.
fn monomial(e: &Expr, f: &Formula, scale: f64, out: &mut [f64]) -> bool {
    match &e.kind {
        ExprKind::Number(c) => *c > 0.0,
        ExprKind::Var(name) => match f.index(name) {
            Some(i) => {
                out[i] += scale;
                true
            }
            None => false,
        },
        ExprKind::Binary(BinOp::Mul, a, b) => {
            monomial(a, f, scale, out) && monomial(b, f, scale, out)
        }
        ExprKind::Binary(BinOp::Div, a, b) => {
            monomial(a, f, scale, out) && monomial(b, f, -scale, out)
        }
        ExprKind::Binary(BinOp::Pow, a, b) => match constant(b) {
            Some(p) => monomial(a, f, scale * p, out),
            None => false,
        },
        ExprKind::To(a, b) => monomial(a, f, scale / 2.0, out) && monomial(b, f, scale / 2.0, out),
        _ => false,
    }
}

/// The value of an expression that reads no variable and draws nothing.
fn constant(e: &Expr) -> Option<f64> {
    if !reads_nothing(e) || is_random(e) {
        return None;
    }
    dual(e, &HashMap::new(), &[]).map(|d| d.v)
}
