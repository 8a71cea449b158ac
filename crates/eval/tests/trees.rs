//! Trees no parser produces, built by hand for `evaluate` (which takes any `Program`): the evaluator's checks that
//! only such trees reach. The parsers refuse each of these shapes with their own diagnostic first.

use fermi_eval::{Options, evaluate};
use fermi_syntax::{Expr, ExprKind, Name, Program, Span, Statement};

fn expr(kind: ExprKind) -> Expr {
    Expr::new(kind, Span::new(0, 1))
}

fn num(x: f64) -> Expr {
    expr(ExprKind::Number(x))
}

fn to(lo: f64, hi: f64) -> Expr {
    expr(ExprKind::To(Box::new(num(lo)), Box::new(num(hi))))
}

fn beta(a: Expr, b: Expr) -> Expr {
    expr(ExprKind::Beta(Box::new(a), Box::new(b)))
}

fn mixture(parts: Vec<(Expr, Expr)>) -> Expr {
    expr(ExprKind::Mixture(parts))
}

fn bare(value: Expr) -> Statement {
    Statement {
        target: None,
        value,
        span: Span::new(0, 1),
    }
}

fn assign(name: &str, value: Expr) -> Statement {
    Statement {
        target: Some(Name {
            text: name.into(),
            span: Span::new(0, 1),
        }),
        ..bare(value)
    }
}

fn run(statements: Vec<Statement>) -> fermi_eval::Evaluation {
    evaluate(
        &Program { statements },
        &Options {
            samples: 1000,
            seed: 1,
        },
    )
}

#[test]
fn checks_only_hand_built_trees_reach() {
    let cases = [
        // Both parsers report undefined names.
        (
            vec![bare(expr(ExprKind::Var("ghost".into())))],
            "`ghost` is not defined",
        ),
        // An error node always comes with a parse error, which stops evaluation before it starts.
        (
            vec![bare(expr(ExprKind::Error))],
            "this part of the program did not parse",
        ),
        // fermi's `beta A B` takes two positive numbers and nothing else.
        (
            vec![bare(beta(to(1.0, 2.0), num(3.0)))],
            "beta parameters must be plain numbers",
        ),
        (
            vec![bare(beta(num(0.0), num(3.0)))],
            "beta parameters must be positive, found 0 and 3",
        ),
        // fermi's `mx` takes weights that are non-negative numbers with a positive, finite sum.
        (
            vec![bare(mixture(vec![(num(1.0), to(1.0, 2.0))]))],
            "mixture weights must be plain numbers",
        ),
        (
            vec![bare(mixture(vec![(num(1.0), num(-1.0))]))],
            "mixture weights must not be negative",
        ),
        (
            vec![bare(mixture(vec![(num(1.0), num(f64::NAN))]))],
            "mixture weights must not be negative",
        ),
        (
            vec![bare(mixture(vec![
                (num(1.0), num(0.0)),
                (num(2.0), num(0.0)),
            ]))],
            "the mixture weights add up to zero",
        ),
        (
            vec![bare(mixture(vec![(num(1.0), num(f64::INFINITY))]))],
            "the mixture weights add up to zero",
        ),
        // Squiggle refuses a bare expression before the last statement; its errors still count.
        (
            vec![bare(to(2.0, 1.0)), bare(num(3.0))],
            "`to` needs the low bound first: they are 2 and 1",
        ),
    ];
    for (statements, message) in cases {
        let shown = format!("{statements:?}");
        let evaluation = run(statements);
        assert_eq!(evaluation.samples, None, "{shown}");
        let messages: Vec<&str> = evaluation
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(messages, [message], "{shown}");
    }
}

/// A bare expression before the last statement is evaluated and dropped; the last statement is the estimate.
#[test]
fn only_the_last_statement_is_the_estimate() {
    let evaluation = run(vec![
        bare(to(1.0, 2.0)),
        assign("x", num(4.0)),
        bare(expr(ExprKind::Var("x".into()))),
    ]);
    assert_eq!(evaluation.samples, Some(vec![4.0; 1000]));
}
