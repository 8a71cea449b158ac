//! The Squiggle-subset parser: statements, then a Pratt parser for expressions (after matklad's minipratt).
//! It recovers at statement boundaries, so one pass reports every syntax error.

use crate::ast::{BinOp, Expr, ExprKind, Func, Name, Program, Statement};
use crate::lexer::{Tok, Token, lex};
use crate::{Diagnostic, MAX_NESTING, MAX_STATEMENTS, Span};

/// Binding powers `(left, right)` of an infix operator, lowest first: `to` < `+ -` < `* /` < `^` (right-assoc).
pub fn infix_binding_power(op: Tok) -> Option<(u8, u8)> {
    Some(match op {
        Tok::To => (1, 2),
        Tok::Plus | Tok::Minus => (3, 4),
        Tok::Star | Tok::Slash => (5, 6),
        Tok::Caret => (8, 7),
        _ => return None,
    })
}

/// Unary minus binds tighter than `^` (as in Squiggle): `-2^2` is `(-2)^2`.
const PREFIX_MINUS_BP: u8 = 9;

/// The operator at the top of an expression written without parentheses around it.
#[derive(Clone, Copy, PartialEq)]
enum Bare {
    Atom,
    Neg,
    Op(Tok),
}

struct Parsed {
    expr: Expr,
    depth: usize,
    bare: Bare,
}

pub fn parse(source: &str, diags: &mut Vec<Diagnostic>) -> Program {
    let tokens = lex(source, diags);
    let mut p = Parser {
        src: source,
        tokens,
        pos: 0,
        paren_depth: 0,
        nesting: 0,
        failed: false,
        diags,
    };
    p.program()
}

struct Parser<'a, 'd> {
    src: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    /// Inside parentheses newlines do not end the statement.
    paren_depth: usize,
    nesting: usize,
    /// The current statement already has an error: stay quiet until the next statement.
    failed: bool,
    diags: &'d mut Vec<Diagnostic>,
}

impl Parser<'_, '_> {
    fn peek(&mut self) -> Token {
        if self.paren_depth > 0 {
            self.skip_newlines();
        }
        self.tokens[self.pos]
    }

    fn peek_tok(&mut self) -> Tok {
        self.peek().tok
    }

    fn next_raw(&self) -> Token {
        self.tokens[(self.pos + 1).min(self.tokens.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let t = self.peek();
        if t.tok != Tok::Eof {
            self.pos += 1;
        }
        t
    }

    fn skip_newlines(&mut self) {
        while self.tokens[self.pos].tok == Tok::Newline {
            self.pos += 1;
        }
    }

    fn text(&self, span: Span) -> &str {
        &self.src[span.range()]
    }

    fn error(&mut self, d: Diagnostic) {
        if !self.failed {
            self.diags.push(d);
        }
        self.failed = true;
    }

    fn describe(&self, t: Token) -> String {
        match t.tok {
            Tok::Eof => "the end of the program".into(),
            Tok::Newline => "the end of the line".into(),
            _ => format!("`{}`", self.text(t.span)),
        }
    }

    fn program(&mut self) -> Program {
        let mut statements: Vec<Statement> = Vec::new();
        loop {
            while matches!(self.tokens[self.pos].tok, Tok::Newline | Tok::Semi) {
                self.pos += 1;
            }
            let t = self.tokens[self.pos];
            if t.tok == Tok::Eof {
                break;
            }
            if statements.len() == MAX_STATEMENTS {
                self.diags.push(
                    Diagnostic::error(t.span, format!("more than {MAX_STATEMENTS} statements"))
                        .with_hint("an estimate this long is not supported; combine steps"),
                );
                return Program { statements };
            }
            self.failed = false;
            self.paren_depth = 0;
            let stmt = self.statement();
            let end = self.tokens[self.pos];
            if end.tok == Tok::Error {
                // The lexer reported it.
                self.failed = true;
            }
            if !matches!(end.tok, Tok::Newline | Tok::Semi | Tok::Eof) {
                let hint = self.end_hint(end);
                self.error(
                    Diagnostic::error(
                        end.span,
                        format!(
                            "expected the end of the statement, found {}",
                            self.describe(end)
                        ),
                    )
                    .with_hint(hint),
                );
                while !matches!(
                    self.tokens[self.pos].tok,
                    Tok::Newline | Tok::Semi | Tok::Eof
                ) {
                    self.pos += 1;
                }
            }
            statements.push(stmt);
        }
        check_statement_roles(&statements, self.src.len(), self.diags);
        Program { statements }
    }

    fn end_hint(&self, t: Token) -> String {
        let text = self.text(t.span);
        match t.tok {
            Tok::Ident
                if text.len() == 1
                    && crate::lexer::suffix_multiplier(text.chars().next().unwrap_or(' '))
                        .is_some() =>
            {
                format!("a suffix goes directly after its number, without a space: e.g. `5{text}`")
            }
            Tok::LParen => "write multiplication explicitly with `*`".into(),
            Tok::Number(_) | Tok::Ident | Tok::Upper => {
                "put an operator between values, or start a new statement on a new line".into()
            }
            _ => "each statement is `name = expression` or, last, the estimate itself".into(),
        }
    }

    fn statement(&mut self) -> Statement {
        let start = self.tokens[self.pos];
        let target = if matches!(start.tok, Tok::Ident | Tok::Upper | Tok::To)
            && self.next_raw().tok == Tok::Eq
        {
            self.pos += 2;
            self.skip_newlines();
            match start.tok {
                Tok::Upper => self.error(capitalised(self.text(start.span), start.span)),
                Tok::To => self.error(
                    Diagnostic::error(
                        start.span,
                        "`to` is a keyword and cannot be a variable name",
                    )
                    .with_hint("pick another name"),
                ),
                _ => {
                    if let Some(d) = squiggle_keyword(self.text(start.span), start.span) {
                        self.diags.push(d);
                    }
                }
            }
            Some(Name {
                text: self.text(start.span).to_string(),
                span: start.span,
            })
        } else {
            None
        };
        let value = if self.tokens[self.pos].tok == Tok::Eq {
            let t = self.tokens[self.pos];
            self.error(
                Diagnostic::error(t.span, "expected a name before `=`")
                    .with_hint("write `name = expression`"),
            );
            Expr::new(ExprKind::Error, t.span)
        } else {
            self.expr(0).expr
        };
        let span = start.span.cover(value.span);
        Statement {
            target,
            value,
            span,
        }
    }

    fn expr(&mut self, min_bp: u8) -> Parsed {
        if self.failed {
            return self.error_expr();
        }
        self.nesting += 1;
        let parsed = if self.nesting > MAX_NESTING {
            let t = self.peek();
            self.error(too_deep(t.span));
            self.error_expr()
        } else {
            self.expr_inner(min_bp)
        };
        self.nesting -= 1;
        parsed
    }

    fn error_expr(&mut self) -> Parsed {
        let span = self.tokens[self.pos].span;
        Parsed {
            expr: Expr::new(ExprKind::Error, span),
            depth: 1,
            bare: Bare::Atom,
        }
    }

    fn expr_inner(&mut self, min_bp: u8) -> Parsed {
        let mut lhs = self.prefix();
        loop {
            if self.failed {
                return lhs;
            }
            let continued = self.to_on_next_line();
            let op = continued.unwrap_or_else(|| self.peek());
            let Some((l_bp, r_bp)) = infix_binding_power(op.tok) else {
                break;
            };
            if l_bp < min_bp {
                break;
            }
            if continued.is_some() {
                self.skip_newlines();
            }
            self.bump();
            self.skip_newlines();
            let rhs = self.expr(r_bp);
            lhs = self.combine(op, lhs, rhs);
        }
        lhs
    }

    /// Squiggle 0.10 allows line breaks on both sides of `to` (`2⏎to⏎3` is `2 to 3`): at the end of a line, a `to`
    /// that starts the next non-blank line continues the expression. `to(` without a space starts a call instead,
    /// as in Squiggle, whose infix `to` needs whitespace after it.
    fn to_on_next_line(&self) -> Option<Token> {
        let mut i = self.pos;
        if self.tokens[i].tok != Tok::Newline {
            return None;
        }
        while self.tokens[i].tok == Tok::Newline {
            i += 1;
        }
        let t = self.tokens[i];
        let next = self.tokens[(i + 1).min(self.tokens.len() - 1)];
        let call = next.tok == Tok::LParen && next.span.start == t.span.end;
        (t.tok == Tok::To && !call).then_some(t)
    }

    fn combine(&mut self, op: Token, lhs: Parsed, rhs: Parsed) -> Parsed {
        let span = lhs.expr.span.cover(rhs.expr.span);
        let depth = 1 + lhs.depth.max(rhs.depth);
        if depth > MAX_NESTING {
            self.error(too_deep(span));
            return Parsed {
                expr: Expr::new(ExprKind::Error, span),
                depth: 1,
                bare: Bare::Atom,
            };
        }
        let additive = |b: Bare| matches!(b, Bare::Op(Tok::Plus | Tok::Minus));
        if op.tok == Tok::To && (additive(lhs.bare) || additive(rhs.bare)) {
            let d = self.to_mixed_with_additive(&lhs, &rhs, span);
            self.diags.push(d);
        }
        if op.tok == Tok::Caret
            && lhs.bare == Bare::Neg
            && let ExprKind::Neg(base) = &lhs.expr.kind
        {
            let (b, e) = (self.text(base.span), self.text(rhs.expr.span));
            let message =
                format!("`-{b}^{e}` means `(-{b})^{e}`: unary minus binds tighter than `^`");
            let hint = format!(
                "write `-({b}^{e})` for the negative of the power, or `(-{b})^{e}` to keep this meaning"
            );
            self.diags
                .push(Diagnostic::warning(span, message).with_hint(hint));
        }
        let kind = match op.tok {
            Tok::To => ExprKind::To(Box::new(lhs.expr), Box::new(rhs.expr)),
            _ => {
                let bin = match op.tok {
                    Tok::Plus => BinOp::Add,
                    Tok::Minus => BinOp::Sub,
                    Tok::Star => BinOp::Mul,
                    Tok::Slash => BinOp::Div,
                    _ => BinOp::Pow,
                };
                ExprKind::Binary(bin, Box::new(lhs.expr), Box::new(rhs.expr))
            }
        };
        Parsed {
            expr: Expr::new(kind, span),
            depth,
            bare: Bare::Op(op.tok),
        }
    }

    /// `1 + 2 to 5` is `(1 + 2) to 5`, as in Squiggle 0.10 (so `1 + 2 to 3` is the error `to(3, 3)`), but it is
    /// easy to misread: warn, showing both readings.
    fn to_mixed_with_additive(&self, lhs: &Parsed, rhs: &Parsed, span: Span) -> Diagnostic {
        let t = |e: &Expr| self.text(e.span).to_string();
        let (a, b) = (t(&lhs.expr), t(&rhs.expr));
        let lhs_additive = matches!(lhs.bare, Bare::Op(Tok::Plus | Tok::Minus));
        let (meaning, other) = match (&lhs.expr.kind, &rhs.expr.kind) {
            (ExprKind::Binary(op, x, y), _) if lhs_additive => (
                format!("({a}) to {b}"),
                format!("{} {} ({} to {b})", t(x), op.symbol(), t(y)),
            ),
            (_, ExprKind::Binary(op, x, y)) => (
                format!("{a} to ({b})"),
                format!("({a} to {}) {} {}", t(x), op.symbol(), t(y)),
            ),
            _ => (format!("({a}) to ({b})"), format!("({a}) to ({b})")),
        };
        Diagnostic::warning(
            span,
            format!("this reads as `{meaning}`: `to` binds more loosely than `+` and `-`"),
        )
        .with_hint(format!(
            "add parentheses to say which you mean: `{meaning}` or `{other}`"
        ))
    }

    fn prefix(&mut self) -> Parsed {
        let t = self.peek();
        let atom = |kind| Parsed {
            expr: Expr::new(kind, t.span),
            depth: 1,
            bare: Bare::Atom,
        };
        match t.tok {
            Tok::Number(x) => {
                self.bump();
                atom(ExprKind::Number(x))
            }
            Tok::Error => {
                // Already reported by the lexer.
                self.bump();
                self.failed = true;
                atom(ExprKind::Error)
            }
            Tok::Ident | Tok::To if self.next_raw().tok == Tok::LParen => self.call(),
            Tok::Ident => {
                self.bump();
                atom(ExprKind::Var(self.text(t.span).to_string()))
            }
            Tok::Upper => {
                self.bump();
                self.error(capitalised(self.text(t.span), t.span));
                atom(ExprKind::Error)
            }
            Tok::Minus => {
                self.bump();
                // As in Squiggle, a line may end with a unary minus: `-⏎2` is `-2`.
                self.skip_newlines();
                let operand = self.expr(PREFIX_MINUS_BP);
                let span = t.span.cover(operand.expr.span);
                Parsed {
                    expr: Expr::new(ExprKind::Neg(Box::new(operand.expr)), span),
                    depth: operand.depth + 1,
                    bare: Bare::Neg,
                }
            }
            Tok::LParen => {
                self.bump();
                self.paren_depth += 1;
                let inner = self.expr(0);
                let close = self.close_paren(t);
                self.paren_depth -= 1;
                let mut expr = inner.expr;
                expr.span = t.span.cover(close);
                Parsed {
                    expr,
                    depth: inner.depth,
                    bare: Bare::Atom,
                }
            }
            _ => {
                let d = Diagnostic::error(
                    t.span,
                    format!("expected a value, found {}", self.describe(t)),
                );
                let line_start = self.pos == 0 || self.tokens[self.pos - 1].tok == Tok::Newline;
                let hint = match t.tok {
                    // Never for `to`: a line may start with `to` (it continues the line before).
                    Tok::Plus | Tok::Star | Tok::Slash | Tok::Caret if line_start => {
                        "a line cannot start with an operator; to continue the previous line, end it with the \
                         operator instead (`1 +` on one line, `2` on the next)"
                    }
                    Tok::To => "`to` needs a low bound before it: `1 to 10`, or write `to(1, 10)`",
                    Tok::Plus => "there is no unary `+`; write the number alone",
                    Tok::Star
                        if self
                            .tokens
                            .get(self.pos.wrapping_sub(1))
                            .is_some_and(|p| p.tok == Tok::Star) =>
                    {
                        "powers are written with `^`, as in `10^6`"
                    }
                    Tok::Eof | Tok::Newline => {
                        "finish the expression, e.g. with a number or a name"
                    }
                    _ => {
                        "a value is a number, a name, `to(lo, hi)` or an expression in parentheses"
                    }
                };
                self.error(d.with_hint(hint));
                atom(ExprKind::Error)
            }
        }
    }

    /// Expects `)` closing `open`; on failure reports the unclosed `(` and returns the span reached.
    fn close_paren(&mut self, open: Token) -> Span {
        let t = self.peek();
        if t.tok == Tok::RParen {
            self.bump();
            return t.span;
        }
        let d = Diagnostic::error(
            open.span,
            format!(
                "this `(` is never closed (found {} instead of `)`)",
                self.describe(t)
            ),
        )
        .with_hint("add the missing `)`");
        self.error(d);
        // Resume at the line where the stray token starts, so the next statement still parses.
        while self.pos > 0
            && self.tokens[self.pos - 1].tok == Tok::Newline
            && self.tokens[self.pos - 1].span.start >= open.span.end
        {
            self.pos -= 1;
        }
        t.span
    }

    fn call(&mut self) -> Parsed {
        let name_tok = self.bump();
        let open = self.bump();
        self.paren_depth += 1;
        let mut args = Vec::new();
        let mut depth = 0;
        if self.peek_tok() != Tok::RParen {
            loop {
                let arg = self.expr(0);
                depth = depth.max(arg.depth);
                args.push(arg.expr);
                if self.failed || self.peek_tok() != Tok::Comma {
                    break;
                }
                self.bump();
            }
        }
        let close = self.close_paren(open);
        self.paren_depth -= 1;
        let span = name_tok.span.cover(close);
        let name = self.text(name_tok.span).to_string();
        let fallback = Parsed {
            expr: Expr::new(ExprKind::Error, span),
            depth: 1,
            bare: Bare::Atom,
        };
        if self.failed {
            return fallback;
        }
        let func = if name == "to" {
            None
        } else {
            Func::from_name(&name)
        };
        if name != "to" && func.is_none() {
            self.error(unknown_function(&name, name_tok.span));
            return fallback;
        }
        let want = if func.is_none() { 2 } else { 1 };
        if args.len() != want {
            let form = if func.is_none() {
                "to(lo, hi)".to_string()
            } else {
                format!("{name}(x)")
            };
            self.error(
                Diagnostic::error(
                    span,
                    format!(
                        "`{name}` takes {want} argument{}, found {}",
                        if want == 1 { "" } else { "s" },
                        args.len()
                    ),
                )
                .with_hint(format!("write `{form}`")),
            );
            return fallback;
        }
        let mut args = args.into_iter();
        let kind = match (func, args.next(), args.next()) {
            (None, Some(lo), Some(hi)) => ExprKind::To(Box::new(lo), Box::new(hi)),
            (Some(f), Some(x), None) => ExprKind::Call(f, Box::new(x)),
            _ => return fallback,
        };
        Parsed {
            expr: Expr::new(kind, span),
            depth: depth + 1,
            bare: Bare::Atom,
        }
    }
}

fn too_deep(span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("this expression is nested more than {MAX_NESTING} levels deep"),
    )
    .with_hint("split it into named steps: `a = …` on one line, then use `a`")
}

fn capitalised(name: &str, span: Span) -> Diagnostic {
    let lower: String = name
        .chars()
        .enumerate()
        .map(|(i, c)| if i == 0 { c.to_ascii_lowercase() } else { c })
        .collect();
    Diagnostic::error(
        span,
        format!("names cannot start with a capital letter: `{name}`"),
    )
    .with_hint(format!(
        "Squiggle reserves capitalised names for its namespaces (Dist, Math, …); write `{lower}`"
    ))
}

/// Names that work here but not in Squiggle 0.10: it keeps reading `true` and `false` as booleans after
/// `true = …`, and `export = …` does not parse there.
fn squiggle_keyword(name: &str, span: Span) -> Option<Diagnostic> {
    let message = match name {
        "true" | "false" => format!("in Squiggle `{name}` stays a boolean even after this line"),
        "export" => "in Squiggle `export` is a keyword, and this line does not parse".to_string(),
        _ => return None,
    };
    Some(
        Diagnostic::warning(span, message)
            .with_hint("pick another name to keep the program valid Squiggle"),
    )
}

fn unknown_function(name: &str, span: Span) -> Diagnostic {
    let available = std::iter::once("to")
        .chain(Func::ALL.iter().map(|f| f.name()))
        .collect::<Vec<_>>()
        .join(", ");
    let specific = match name {
        "sqrt" => " (for a square root write `x^0.5`)",
        "ln" => " (the natural logarithm is `log`)",
        "normal" | "lognormal" | "uniform" | "beta" | "mx" | "mixture" => {
            " (write ranges with `to`)"
        }
        _ => "",
    };
    Diagnostic::error(span, format!("unknown function `{name}`"))
        .with_hint(format!("the available functions are {available}{specific}"))
}

/// Every statement but the last is an assignment; the last is the estimate.
pub(crate) fn check_statement_roles(
    statements: &[Statement],
    source_len: usize,
    diags: &mut Vec<Diagnostic>,
) {
    let Some((last, init)) = statements.split_last() else {
        diags.push(
            Diagnostic::error(Span::new(0, source_len), "the program has no estimate")
                .with_hint("write the quantity being estimated, e.g. `to(1, 10)`"),
        );
        return;
    };
    for s in init
        .iter()
        .filter(|s| s.target.is_none() && s.value.kind != ExprKind::Error)
    {
        diags.push(
            Diagnostic::error(s.span, "only the last statement can be a bare expression")
                .with_hint("give this value a name (`name = …`) or remove it; the last line is the estimate"),
        );
    }
    if let Some(name) = &last.target {
        diags.push(
            Diagnostic::error(last.span, "the program ends with an assignment").with_hint(format!(
                "end with the quantity being estimated: add a last line `{}`",
                name.text
            )),
        );
    }
}
