//! The one syntax tree both dialects lower to. `Display` prints S-expressions: `(to 1 (* 10 2))`.

use std::fmt;

use crate::Span;

/// A whole program: assignments, then the estimate (a final statement without a target).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Program {
    pub statements: Vec<Statement>,
}

/// `target = value`, or a bare `value` (only valid as the last statement: the estimate).
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    pub target: Option<Name>,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

/// Built-in functions beyond `to`, with Squiggle's names and meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Func {
    /// Natural logarithm (Squiggle's `log`).
    Log,
    Log10,
    Exp,
}

impl Func {
    pub const ALL: [Func; 3] = [Func::Log, Func::Log10, Func::Exp];

    pub fn name(self) -> &'static str {
        match self {
            Func::Log => "log",
            Func::Log10 => "log10",
            Func::Exp => "exp",
        }
    }

    pub fn from_name(name: &str) -> Option<Func> {
        Func::ALL.into_iter().find(|f| f.name() == name)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Number(f64),
    Var(String),
    Neg(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// Lognormal with 5th percentile `lo` and 95th percentile `hi`: `to(lo, hi)`, `lo to hi`, fermi's `LO HI`.
    To(Box<Expr>, Box<Expr>),
    Call(Func, Box<Expr>),
    /// Beta(a, b) (fermi's `beta A B`; Squiggle-subset programs cannot write it).
    Beta(Box<Expr>, Box<Expr>),
    /// A mixture of values with weights (fermi's `mx v1 w1 v2 w2 …`); weights are normalised at evaluation.
    Mixture(Vec<(Expr, Expr)>),
    /// Stands in for something that failed to parse (a diagnostic says what).
    Error,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    /// The direct sub-expressions, in evaluation order.
    pub fn children(&self) -> Vec<&Expr> {
        match &self.kind {
            ExprKind::Number(_) | ExprKind::Var(_) | ExprKind::Error => Vec::new(),
            ExprKind::Neg(a) | ExprKind::Call(_, a) => vec![a],
            ExprKind::Binary(_, a, b) | ExprKind::To(a, b) | ExprKind::Beta(a, b) => vec![a, b],
            ExprKind::Mixture(parts) => parts.iter().flat_map(|(v, w)| [v, w]).collect(),
        }
    }

    /// Height of the tree (an atom is 1).
    pub fn depth(&self) -> usize {
        1 + self
            .children()
            .into_iter()
            .map(Expr::depth)
            .max()
            .unwrap_or(0)
    }
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Pow => "^",
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ExprKind::Number(x) => write!(f, "{x}"),
            ExprKind::Var(name) => write!(f, "{name}"),
            ExprKind::Neg(a) => write!(f, "(- {a})"),
            ExprKind::Binary(op, a, b) => write!(f, "({} {a} {b})", op.symbol()),
            ExprKind::To(a, b) => write!(f, "(to {a} {b})"),
            ExprKind::Call(func, a) => write!(f, "({} {a})", func.name()),
            ExprKind::Beta(a, b) => write!(f, "(beta {a} {b})"),
            ExprKind::Mixture(parts) => {
                write!(f, "(mx")?;
                for (v, w) in parts {
                    write!(f, " {v} {w}")?;
                }
                write!(f, ")")
            }
            ExprKind::Error => write!(f, "<error>"),
        }
    }
}

impl fmt::Display for Statement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.target {
            Some(name) => write!(f, "(= {} {})", name.text, self.value),
            None => write!(f, "{}", self.value),
        }
    }
}

/// One statement per line.
impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.statements.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}
