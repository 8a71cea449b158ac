//! Tree-walking evaluation over flat sample vectors: each node yields a scalar or `n` samples, elementwise with
//! scalars broadcast. Variables are shared vectors, so reuse is index-aligned (`x / x` is exactly 1).

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use fermi_num::Normal;
use fermi_syntax::{BinOp, Diagnostic, Expr, ExprKind, Func, Program, Span};

use crate::arith::{self, CHUNK, Operand, Pure, Unary};

use crate::fuse::{self, Binding, Fused};
use crate::lanes;
use crate::rng::Sampler;
use crate::{MAX_LIVE_SAMPLE_VALUES, MAX_SAMPLE_OPERATIONS, Options};

/// `to()` bounds further apart than this ratio (6 decades) get a warning.
pub(crate) const WIDE_RANGE_RATIO: f64 = 1e6;

#[derive(Clone)]
pub(crate) enum Value {
    Scalar(f64),
    Samples(Rc<Vec<f64>>),
}

impl Value {
    fn at(&self, i: usize) -> f64 {
        match self {
            Value::Scalar(x) => *x,
            Value::Samples(v) => v[i],
        }
    }

    /// The first index where `bad` holds, if any (index 0 for a scalar).
    fn find(&self, bad: impl Fn(f64) -> bool) -> Option<usize> {
        match self {
            Value::Scalar(x) => bad(*x).then_some(0),
            Value::Samples(v) => v.iter().position(|&x| bad(x)),
        }
    }

    fn is_scalar(&self) -> bool {
        matches!(self, Value::Scalar(_))
    }

    /// Samples `at..at + len` as an input (a number stands for every sample).
    fn operand(&self, at: usize, len: usize) -> Operand<'_> {
        match self {
            Value::Scalar(x) => Operand::Number(*x),
            Value::Samples(v) => Operand::Slice(&v[at..at + len]),
        }
    }
}

/// `op(a)`, and whether every result is finite.
fn unary_value(op: Unary, a: &Value) -> (Value, bool) {
    match a {
        Value::Scalar(x) => {
            let r = arith::unary(op, *x);
            (Value::Scalar(r), r.is_finite())
        }
        Value::Samples(xs) => {
            let (out, finite) = arith::chunked(xs.len(), |at, dst| {
                arith::unary_into(op, dst, Some(a.operand(at, dst.len())))
            });
            (Value::Samples(Rc::new(out)), finite)
        }
    }
}

/// `a op b`, and whether every result is finite.
fn binary_value(op: BinOp, a: &Value, b: &Value) -> (Value, bool) {
    match (a, b) {
        (Value::Scalar(x), Value::Scalar(y)) => {
            let r = arith::binary(op, *x, *y);
            (Value::Scalar(r), r.is_finite())
        }
        (Value::Samples(v), _) | (_, Value::Samples(v)) => {
            let (out, finite) = arith::chunked(v.len(), |at, dst| {
                let len = dst.len();
                arith::binary_into(op, dst, Some(a.operand(at, len)), b.operand(at, len))
            });
            (Value::Samples(Rc::new(out)), finite)
        }
    }
}

/// A number for a message: six significant digits, written as a program would write it.
pub(crate) fn show(x: f64) -> String {
    fermi_syntax::literal(format!("{x:.5e}").parse().unwrap_or(x))
}

/// "in sample 17 " for vectors; nothing for scalars.
fn where_(vector: bool, i: usize) -> String {
    if vector {
        format!("in sample {} of the run, ", i + 1)
    } else {
        String::new()
    }
}

/// Samples of a program's estimate. Assignments the estimate never reads (directly or through other variables) are
/// not drawn with it: they cost nothing at any sample count and cannot shift its samples; a probe at
/// [`PROBE_SAMPLES`] on a stream of its own still reports their errors and warnings.
pub fn run(
    program: &Program,
    options: &Options,
) -> Result<(Vec<f64>, Vec<Diagnostic>), Vec<Diagnostic>> {
    let live = live_assignments(program);
    let (samples, mut warnings) = run_statements(program, options, &live)?;
    if live.contains(&false) {
        let probe = Options {
            samples: PROBE_SAMPLES,
            seed: options.seed ^ PROBE_STREAM,
        };
        let everything = vec![true; live.len()];
        let dead: Vec<Span> = program
            .statements
            .iter()
            .zip(&live)
            .filter(|(_, live)| !**live)
            .map(|(s, _)| s.span)
            .collect();
        let in_dead = |d: &Diagnostic| {
            dead.iter()
                .any(|s| s.start <= d.span.start && d.span.end <= s.end)
        };
        match run_statements(program, &probe, &everything) {
            Ok((_, probed)) => warnings.extend(probed.into_iter().filter(in_dead)),
            Err(errors) => {
                let dead_errors: Vec<Diagnostic> = errors.into_iter().filter(in_dead).collect();
                if !dead_errors.is_empty() {
                    return Err(dead_errors);
                }
            }
        }
    }
    Ok((samples, warnings))
}

/// Samples an unread assignment is checked on.
pub const PROBE_SAMPLES: usize = 16;
/// Mixed into the seed for the probe's stream ("probe" in ASCII), so it never repeats the estimate's draws.
const PROBE_STREAM: u64 = 0x0070_726f_6265;

/// For each statement, whether the estimate (the last statement) depends on it: a backward pass that keeps an
/// assignment when a later live statement reads its name before another assignment to that name.
fn live_assignments(program: &Program) -> Vec<bool> {
    let mut needed: HashSet<&str> = HashSet::new();
    let mut live = vec![false; program.statements.len()];
    for (i, stmt) in program.statements.iter().enumerate().rev() {
        let is_last = i + 1 == program.statements.len();
        let keep = match &stmt.target {
            Some(target) => needed.remove(target.text.as_str()),
            None => true,
        };
        if keep || is_last {
            live[i] = true;
            reads(&stmt.value, &mut needed);
        }
    }
    live
}

fn reads<'p>(e: &'p Expr, names: &mut HashSet<&'p str>) {
    if let ExprKind::Var(name) = &e.kind {
        names.insert(name.as_str());
    }
    for child in e.children() {
        reads(child, names);
    }
}

fn run_statements(
    program: &Program,
    options: &Options,
    live: &[bool],
) -> Result<(Vec<f64>, Vec<Diagnostic>), Vec<Diagnostic>> {
    let n = options.samples;
    let Some((last, assignments)) = program.statements.split_last() else {
        return Err(vec![
            Diagnostic::error(Span::default(), "the program has no estimate")
                .with_hint("write the quantity being estimated, e.g. `to(1, 10)`"),
        ]);
    };
    if last.target.is_some() {
        return Err(vec![
            Diagnostic::error(last.span, "the program ends with an assignment")
                .with_hint("end with the quantity being estimated"),
        ]);
    }
    let operations: usize = program
        .statements
        .iter()
        .zip(live)
        .filter(|(_, live)| **live)
        .map(|(s, _)| count_nodes(&s.value))
        .sum();
    if operations.saturating_mul(n) > MAX_SAMPLE_OPERATIONS {
        return Err(vec![Diagnostic::error(last.span, format!(
            "this program has {operations} operations: at {n} samples that is more than the {} million sample operations one run may take",
            MAX_SAMPLE_OPERATIONS / 1_000_000
        ))
        .with_hint("lower the sample count or simplify the program")]);
    }
    check_memory(program, n, live)?;
    let mut ev = Evaluator {
        n,
        sampler: Sampler::new(options.seed),
        env: HashMap::new(),
        warnings: Vec::new(),
        deferred: HashMap::new(),
        fused: HashMap::new(),
        pure: HashSet::new(),
    };
    let used_once = fuse::used_once(program, live);
    for (stmt, _) in assignments.iter().zip(live).filter(|(_, live)| **live) {
        let wait_for = stmt
            .target
            .as_ref()
            .map(|t| t.text.as_str())
            .filter(|t| used_once.contains(t));
        if ev.plan(&stmt.value, wait_for) {
            continue;
        }
        let value = ev.expr(&stmt.value).map_err(|d| vec![d])?;
        ev.fused.clear();
        ev.pure.clear();
        // A bare expression before the last statement (the parser refuses one) is evaluated and dropped.
        if let Some(name) = &stmt.target {
            ev.env.insert(name.text.as_str(), value);
        }
    }
    // The estimate has no name, so nothing waits for it.
    ev.plan(&last.value, None);
    let samples = match ev.expr(&last.value).map_err(|d| vec![d])? {
        Value::Scalar(x) => vec![x; n],
        Value::Samples(v) => Rc::try_unwrap(v).unwrap_or_else(|shared| shared.to_vec()),
    };
    Ok((samples, ev.warnings))
}

/// Refuses, before sampling anything, a program whose sample vectors alive at once would exceed the memory budget:
/// the random variables assigned so far plus the vectors one statement needs while it is evaluated.
fn check_memory(program: &Program, n: usize, live: &[bool]) -> Result<(), Vec<Diagnostic>> {
    let mut random: HashSet<&str> = HashSet::new();
    for (stmt, _) in program
        .statements
        .iter()
        .zip(live)
        .filter(|(_, live)| **live)
    {
        let live = random.len() + registers(&stmt.value);
        if live.saturating_mul(n) > MAX_LIVE_SAMPLE_VALUES {
            let message = format!(
                "at {n} samples the program would hold more than {} million sample values in memory at once here",
                MAX_LIVE_SAMPLE_VALUES / 1_000_000
            );
            let hint = "lower the sample count, or use fewer variables that hold ranges";
            return Err(vec![Diagnostic::error(stmt.span, message).with_hint(hint)]);
        }
        if let Some(target) = &stmt.target {
            if is_random(&stmt.value, &random) {
                random.insert(&target.text);
            } else {
                random.remove(target.text.as_str());
            }
        }
    }
    Ok(())
}

/// Whether an expression yields samples rather than one number.
fn is_random(e: &Expr, random: &HashSet<&str>) -> bool {
    match &e.kind {
        ExprKind::To(..) | ExprKind::Beta(..) | ExprKind::Mixture(_) => true,
        ExprKind::Var(name) => random.contains(name.as_str()),
        _ => e.children().into_iter().any(|c| is_random(c, random)),
    }
}

fn count_nodes(e: &Expr) -> usize {
    1 + e.children().into_iter().map(count_nodes).sum::<usize>()
}

/// Upper bound on the sample vectors alive while evaluating `e` (inputs and output of the widest step).
fn registers(e: &Expr) -> usize {
    let kids: Vec<usize> = e.children().into_iter().map(registers).collect();
    let staggered = kids
        .iter()
        .enumerate()
        .map(|(i, k)| k + i)
        .max()
        .unwrap_or(0);
    staggered.max(kids.len() + 1)
}

/// Records `e` as the root of a chunked computation, unless it is a variable (whose samples are shared as they are).
fn mark_pure(e: &Expr, roots: &mut HashSet<*const Expr>) {
    if !matches!(e.kind, ExprKind::Var(_)) {
        roots.insert(e as *const Expr);
    }
}

struct Evaluator<'p> {
    n: usize,
    sampler: Sampler,
    env: HashMap<&'p str, Value>,
    warnings: Vec<Diagnostic>,
    /// Variables read once whose fused value is sampled where it is read (see `fuse`).
    deferred: HashMap<&'p str, Fused>,
    /// The current statement's fused products, by node address.
    fused: HashMap<*const Expr, Fused>,
    /// The current statement's outermost arithmetic over variables' samples (see `arith::Pure`), by node address.
    pure: HashSet<*const Expr>,
}

impl<'p> Evaluator<'p> {
    /// Plans one statement's fusion and chunking. True when its whole value is a fused product that waits for
    /// the one use of `wait_for`, where it is drawn (see `fuse`).
    fn plan(&mut self, value: &Expr, wait_for: Option<&'p str>) -> bool {
        let mut found = std::mem::take(&mut self.fused);
        let whole = fuse::plan(value, &|name| self.binding(name), &mut found);
        self.fused = found;
        match (whole, wait_for) {
            (Some(mut f), Some(target)) if f.is_random() => {
                // Warned here, where the unfused program would draw it.
                self.warn_wide(std::mem::take(&mut f.wide));
                self.deferred.insert(target, f);
                return true;
            }
            (whole, _) => fuse::keep(value, whole, &mut self.fused),
        }
        let mut pure = std::mem::take(&mut self.pure);
        if self.plan_pure(value, &mut pure) == Some(true) {
            mark_pure(value, &mut pure);
        }
        self.pure = pure;
        false
    }

    fn binding(&self, name: &str) -> Binding<'_> {
        match (self.env.get(name), self.deferred.get(name)) {
            (Some(Value::Scalar(x)), _) => Binding::Scalar(*x),
            (None, Some(f)) => Binding::Deferred(f),
            _ => Binding::Other,
        }
    }

    /// Whether `e` is arithmetic over numbers and assigned variables (`Some(true)` if some of them hold
    /// samples). Records each such expression over samples that is an operation below one that is not.
    fn plan_pure(&self, e: &Expr, roots: &mut HashSet<*const Expr>) -> Option<bool> {
        let kids = e.children();
        let pure: Vec<Option<bool>> = kids.iter().map(|k| self.plan_pure(k, roots)).collect();
        let here = match &e.kind {
            ExprKind::Number(_) => Some(false),
            ExprKind::Var(name) => self.env.get(name.as_str()).map(|v| !v.is_scalar()),
            ExprKind::Neg(_) | ExprKind::Call(..) | ExprKind::Binary(..) => pure
                .iter()
                .copied()
                .try_fold(false, |any, k| Some(any | k?)),
            _ => None,
        };
        if here.is_none() {
            for (kid, _) in kids.iter().zip(&pure).filter(|(_, p)| **p == Some(true)) {
                mark_pure(kid, roots);
            }
        }
        here
    }

    fn warn_wide(&mut self, wide: Vec<(Span, f64, f64)>) {
        for (span, lo, hi) in wide {
            self.warnings.push(wide_range(lo, hi, span));
        }
    }

    /// `n` samples of `exp(mu + sigma·Z)` for `ln` = N(mu, sigma).
    fn lognormal(&mut self, ln: Normal) -> Value {
        Value::Samples(Rc::new(self.sampler.lognormal(self.n, ln.mu, ln.sigma)))
    }

    fn expr(&mut self, e: &Expr) -> Result<Value, Diagnostic> {
        let fused = match &e.kind {
            ExprKind::Var(name) => self.deferred.remove(name.as_str()),
            _ => self.fused.remove(&(e as *const Expr)),
        };
        if let Some(mut f) = fused {
            self.warn_wide(std::mem::take(&mut f.wide));
            return Ok(self.lognormal(f.lognormal()));
        }
        if self.pure.contains(&(e as *const Expr))
            && let Some(samples) = Pure::new(e, &self.env).and_then(|p| p.compute(self.n))
        {
            return Ok(Value::Samples(Rc::new(samples)));
        }
        match &e.kind {
            ExprKind::Number(x) => Ok(Value::Scalar(*x)),
            ExprKind::Var(name) => self.env.get(name.as_str()).cloned().ok_or_else(|| {
                Diagnostic::error(e.span, format!("`{name}` is not defined"))
                    .with_hint("assign it on an earlier line")
            }),
            ExprKind::Neg(a) => Ok(unary_value(Unary::Neg, &self.expr(a)?).0),
            ExprKind::Binary(op, a, b) => {
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                binary(*op, &a, &b, e.span)
            }
            ExprKind::To(lo, hi) => {
                let lo = self.expr(lo)?;
                let hi = self.expr(hi)?;
                self.to(&lo, &hi, e.span)
            }
            ExprKind::Call(func, a) => call(*func, &self.expr(a)?, e.span),
            ExprKind::Beta(a, b) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                let (Value::Scalar(a), Value::Scalar(b)) = (a, b) else {
                    return Err(
                        Diagnostic::error(e.span, "beta parameters must be plain numbers")
                            .with_hint("write `beta A B` with two positive numbers"),
                    );
                };
                if !(a > 0.0 && b > 0.0) {
                    return Err(Diagnostic::error(
                        e.span,
                        format!(
                            "beta parameters must be positive, found {} and {}",
                            show(a),
                            show(b)
                        ),
                    )
                    .with_hint("write `beta A B` with A > 0 and B > 0"));
                }
                Ok(Value::Samples(Rc::new(
                    (0..self.n).map(|_| self.sampler.beta(a, b)).collect(),
                )))
            }
            ExprKind::Mixture(parts) => self.mixture(parts, e.span),
            ExprKind::Error => Err(Diagnostic::error(
                e.span,
                "this part of the program did not parse",
            )
            .with_hint("fix the syntax errors first")),
        }
    }

    fn to(&mut self, lo: &Value, hi: &Value, span: Span) -> Result<Value, Diagnostic> {
        let vector = !(lo.is_scalar() && hi.is_scalar());
        let bad_bound = |l: f64, h: f64| !(l > 0.0 && h > 0.0 && l < h);
        let first_bad =
            (0..if vector { self.n } else { 1 }).find(|&i| bad_bound(lo.at(i), hi.at(i)));
        if let Some(i) = first_bad {
            return Err(bad_to(lo.at(i), hi.at(i), where_(vector, i), span));
        }
        if let (Value::Scalar(l), Value::Scalar(h)) = (lo, hi) {
            if h / l > WIDE_RANGE_RATIO {
                self.warnings.push(wide_range(*l, *h, span));
            }
            return Ok(self.lognormal(Normal::from_interval90(libm::log(*l), libm::log(*h))));
        }
        // Sampled bounds: each sample's own lognormal, a chunk at a time (the normals are drawn in the same order
        // as one per sample).
        let (mut ln_lo, mut ln_hi) = ([0.0; CHUNK], [0.0; CHUNK]);
        let sampler = &mut self.sampler;
        let (out, _) = arith::chunked(self.n, |at, chunk| {
            let (ln_lo, ln_hi) = (&mut ln_lo[..chunk.len()], &mut ln_hi[..chunk.len()]);
            for (bound, ln) in [(lo, &mut *ln_lo), (hi, &mut *ln_hi)] {
                match bound.operand(at, ln.len()) {
                    Operand::Number(x) => ln.fill(x),
                    Operand::Slice(v) => ln.copy_from_slice(v),
                }
                lanes::log_in_place(ln);
            }
            sampler.fill_normal(chunk);
            for ((z, &l), &h) in chunk.iter_mut().zip(&*ln_lo).zip(&*ln_hi) {
                let ln = Normal::from_interval90(l, h);
                *z = ln.mu + ln.sigma * *z;
            }
            lanes::exp_in_place(chunk);
            true
        });
        Ok(Value::Samples(Rc::new(out)))
    }

    fn mixture(&mut self, parts: &[(Expr, Expr)], span: Span) -> Result<Value, Diagnostic> {
        let mut values = Vec::with_capacity(parts.len());
        let mut cumulative = Vec::with_capacity(parts.len());
        let mut total = 0.0;
        for (v, w) in parts {
            values.push(self.expr(v)?);
            let Value::Scalar(w) = self.expr(w)? else {
                return Err(Diagnostic::error(
                    w.span,
                    "mixture weights must be plain numbers",
                ));
            };
            if w.is_nan() || w < 0.0 {
                return Err(Diagnostic::error(
                    span,
                    "mixture weights must not be negative",
                ));
            }
            total += w;
            cumulative.push(total);
        }
        if !(total > 0.0 && total.is_finite()) {
            return Err(
                Diagnostic::error(span, "the mixture weights add up to zero")
                    .with_hint("give at least one component a positive weight"),
            );
        }
        let out = (0..self.n)
            .map(|i| {
                let u = self.sampler.uniform() * total;
                let k = cumulative
                    .iter()
                    .position(|&c| u < c)
                    .unwrap_or(values.len() - 1);
                values[k].at(i)
            })
            .collect();
        Ok(Value::Samples(Rc::new(out)))
    }
}

fn wide_range(lo: f64, hi: f64, span: Span) -> Diagnostic {
    Diagnostic::warning(
        span,
        format!(
            "this range spans {:.1} orders of magnitude",
            libm::log10(hi / lo)
        ),
    )
    .with_hint(
        "a range wider than a factor of a million is rarely meant: check the zeros and suffixes",
    )
}

fn bad_to(lo: f64, hi: f64, at: String, span: Span) -> Diagnostic {
    let (l, h) = (show(lo), show(hi));
    if lo <= 0.0 || hi <= 0.0 {
        return Diagnostic::error(span, format!("`to` needs positive bounds: {at}they are {l} and {h}")).with_hint(
            "`to(lo, hi)` is a lognormal, for quantities that are always positive. For a quantity that can be \
             negative, write it as a difference of two positive ones, e.g. `to(20, 30) - to(5, 15)`",
        );
    }
    if lo == hi {
        return Diagnostic::error(
            span,
            format!("`to` needs two different bounds: {at}both are {l}"),
        )
        .with_hint(format!("for an exact value write just `{l}`"));
    }
    Diagnostic::error(
        span,
        format!("`to` needs the low bound first: {at}they are {l} and {h}"),
    )
    .with_hint(format!("swap them: `to({h}, {l})`"))
}

fn binary(op: BinOp, a: &Value, b: &Value, span: Span) -> Result<Value, Diagnostic> {
    let (result, finite) = binary_value(op, a, b);
    if finite {
        return Ok(result);
    }
    let vector = !(a.is_scalar() && b.is_scalar());
    let sample = |i: usize| (a.at(i), b.at(i));
    if op == BinOp::Div
        && let Some(i) = b.find(|y| y == 0.0)
    {
        let (x, _) = sample(i);
        return Err(Diagnostic::error(
            span,
            format!("division by zero: {}{} / 0", where_(vector, i), show(x)),
        )
        .with_hint("the divisor must never be 0; check what it is made of"));
    }
    let negative_base = |i: usize| {
        let (x, y) = sample(i);
        x < 0.0 && y.fract() != 0.0
    };
    if op == BinOp::Pow
        && let Some(i) = result.find(f64::is_nan).filter(|&i| negative_base(i))
    {
        let (x, y) = sample(i);
        return Err(Diagnostic::error(
            span,
            format!(
                "a negative number to a fractional power: {}({})^{}",
                where_(vector, i),
                show(x),
                show(y)
            ),
        )
        .with_hint("this has no real value; make sure the base stays positive"));
    }
    // `finite` is false, so some result is not finite.
    let i = result.find(|r| !r.is_finite()).unwrap_or_default();
    let (x, y) = sample(i);
    let hint = if op == BinOp::Pow && x == 0.0 {
        "0 to a negative power is infinite; make sure the base stays positive"
    } else {
        "numbers must stay below about 1.8e308; check the magnitudes"
    };
    let message = format!(
        "the result is too large (or not a number): {}{} {} {} = {}",
        where_(vector, i),
        show(x),
        op.symbol(),
        show(y),
        result.at(i)
    );
    Err(Diagnostic::error(span, message).with_hint(hint))
}

fn call(func: Func, a: &Value, span: Span) -> Result<Value, Diagnostic> {
    let (result, finite) = unary_value(Unary::Call(func), a);
    if finite {
        return Ok(result);
    }
    let vector = !a.is_scalar();
    if matches!(func, Func::Log | Func::Log10)
        && let Some(i) = a.find(|x| x <= 0.0)
    {
        return Err(Diagnostic::error(
            span,
            format!(
                "the logarithm of a number that is not positive: {}{}({})",
                where_(vector, i),
                func.name(),
                show(a.at(i))
            ),
        )
        .with_hint("logarithms need positive arguments"));
    }
    // `finite` is false and the argument is in the domain: `exp` overflowed.
    let i = result.find(|r| !r.is_finite()).unwrap_or_default();
    Err(Diagnostic::error(
        span,
        format!(
            "the result is too large: {}{}({}) overflows",
            where_(vector, i),
            func.name(),
            show(a.at(i))
        ),
    )
    .with_hint("numbers must stay below about 1.8e308"))
}
