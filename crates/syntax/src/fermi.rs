//! The fermi DSL (Nuño Sempere's line-based calculator), lowered to the same tree as the Squiggle subset.
//!
//! Words are resolved as fermi's own parser resolves them (its `runRepl` and `parseWordsIntoOpAndDist`):
//! - a line whose first word is a command (`exit`/`e`, `help`/`h`, `debug`/`d`, `clear`/`c`/`.`, `stats`/`s`) runs
//!   that command and ignores the rest of the line, even when a variable of that name is stored;
//! - the word after `=:`/`=.` is a name, whatever it spells: `=. b`, `=. c`, `=. e`, `=. mx` store variables;
//! - an operand of one word is a stored variable (so `* c`, `/ e`, and a line `b` or `mx` alone, read variables);
//!   three words starting with `beta`/`b` are a beta distribution; four or more starting with `mx` are a mixture,
//!   whose odd words are always variable names.
//!
//! A warning marks the lines a reader could misread: a command word alone on its line that also names a stored
//! variable (`c` clears; it does not multiply by `c`), and words after a command, which fermi ignores.
//!
//! Deliberate differences from fermi (Go): a stored variable reused later is the same sample vector (index-aligned
//! correlation), where fermi treats it as an independent copy; every divisor sample is checked for zero, not only the
//! first; any whitespace separates words (fermi splits on single spaces). Stricter than fermi: a name is letters,
//! digits and `_`, not starting with a digit (fermi stores any word, even `=: 5`, which then shadows the number);
//! beta parameters must be positive and mixture weights non-negative. More lenient: `(` alone opens a block, and a
//! mixture may have one component or numbers as components.

use crate::ast::{BinOp, Expr, ExprKind, Name, Program, Statement};
use crate::{Diagnostic, MAX_NESTING, MAX_STATEMENTS, Span};

/// The running value is split into a hidden variable before its tree gets deeper than this.
const FLUSH_DEPTH: usize = 64;

/// What a command word does when it starts a line.
#[derive(Clone, Copy, PartialEq)]
enum Command {
    Exit,
    Clear,
    /// Prints something in fermi; leaves the running value as it is.
    Ignored,
}

/// fermi's commands: checked before anything else on a line, whatever follows the first word.
fn command(word: &str) -> Option<(Command, &'static str)> {
    Some(match word {
        "exit" | "e" => (Command::Exit, "exit"),
        "clear" | "c" | "." => (Command::Clear, "clear"),
        "help" | "h" => (Command::Ignored, "help"),
        "debug" | "d" => (Command::Ignored, "debug"),
        "stats" | "s" => (Command::Ignored, "stats"),
        _ => return None,
    })
}

#[derive(Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    span: Span,
}

/// A partial result: the tree and its depth.
type Value = (Expr, usize);

struct Block {
    op: BinOp,
    outer: Option<Value>,
    open: Span,
}

pub fn parse(source: &str, diags: &mut Vec<Diagnostic>) -> Program {
    let mut l = Lowering {
        source,
        statements: Vec::new(),
        current: None,
        blocks: Vec::new(),
        hidden: 0,
        diags,
    };
    let mut offset = 0;
    let mut lines = 0;
    for raw in source.split('\n') {
        let start = offset;
        offset += raw.len() + 1;
        let code = &raw[..raw.find('#').unwrap_or(raw.len())];
        let words: Vec<Word> = words(code, start);
        if words.is_empty() {
            continue;
        }
        lines += 1;
        if lines > MAX_STATEMENTS {
            l.diags.push(
                Diagnostic::error(words[0].span, format!("more than {MAX_STATEMENTS} lines"))
                    .with_hint("a model this long is not supported; combine steps"),
            );
            break;
        }
        if !l.line(&words) {
            break;
        }
    }
    for block in std::mem::take(&mut l.blocks) {
        l.diags.push(
            Diagnostic::error(block.open, "this block is never closed")
                .with_hint("end the block with a line holding only `)`"),
        );
    }
    if lines == 0 {
        l.diags.push(
            Diagnostic::error(Span::new(0, source.len()), "the model has no lines").with_hint(
                "write the quantity being estimated, e.g. a line `1 10` (a range from 1 to 10)",
            ),
        );
        return Program::default();
    }
    let end = Span::new(source.len(), source.len());
    let value = l
        .current
        .take()
        .map_or(Expr::new(ExprKind::Number(1.0), end), |(e, _)| e);
    let span = value.span;
    l.statements.push(Statement {
        target: None,
        value,
        span,
    });
    Program {
        statements: l.statements,
    }
}

fn words(code: &str, line_start: usize) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut rest = code;
    let mut at = line_start;
    while let Some(i) = rest.find(|c: char| !c.is_whitespace()) {
        rest = &rest[i..];
        at += i;
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push(Word {
            text: &rest[..len],
            span: Span::new(at, at + len),
        });
        rest = &rest[len..];
        at += len;
    }
    out
}

struct Lowering<'s, 'd> {
    source: &'s str,
    statements: Vec<Statement>,
    /// The running value; `None` is the scalar 1 it starts from.
    current: Option<Value>,
    blocks: Vec<Block>,
    hidden: usize,
    diags: &'d mut Vec<Diagnostic>,
}

impl Lowering<'_, '_> {
    /// Handles one line; returns false at `exit`.
    fn line(&mut self, words: &[Word]) -> bool {
        let line_span = words[0].span.cover(words[words.len() - 1].span);
        let first = words[0].text;
        if let Some((command, long)) = command(first) {
            self.command_warnings(words, command, long);
            match command {
                Command::Exit => return false,
                Command::Clear => self.current = None,
                Command::Ignored => {}
            }
            return true;
        }
        match (first, words.len()) {
            (")", 1) => self.close_block(words[0].span),
            ("=:" | "=.", _) => self.store(words, first == "=:", line_span),
            ("+" | "-" | "*" | "/", 1) => self.diags.push(
                Diagnostic::error(line_span, format!("`{first}` needs an operand")).with_hint(
                    format!("write the operand after it, as in `{first} 2` or `{first} 1 10`"),
                ),
            ),
            ("+" | "-" | "*" | "/", _) => {
                let op = match first {
                    "+" => BinOp::Add,
                    "-" => BinOp::Sub,
                    "/" => BinOp::Div,
                    _ => BinOp::Mul,
                };
                self.operate(op, &words[1..], line_span);
            }
            _ => self.operate(BinOp::Mul, words, line_span),
        }
        true
    }

    /// Warns where a reader could take a command line for something else.
    fn command_warnings(&mut self, words: &[Word], command: Command, long: &str) {
        let first = words[0];
        let effect = match command {
            Command::Exit => "ends the model",
            Command::Clear => "resets the running value to 1",
            Command::Ignored => "leaves the running value as it is",
        };
        if words.len() > 1 {
            let ignored = words[1].span.cover(words[words.len() - 1].span);
            self.diags.push(
                Diagnostic::warning(
                    ignored,
                    format!("ignored: a line that starts with `{}` is fermi's `{long}` command", first.text),
                )
                .with_hint(format!(
                    "fermi {effect} here and skips the rest of the line; put `{}` on a line of its own, or remove these words",
                    first.text
                )),
            );
        } else if self.is_stored(first.text) {
            self.diags.push(
                Diagnostic::warning(
                    first.span,
                    format!(
                        "this line is fermi's `{long}` command, not the variable `{}`",
                        first.text
                    ),
                )
                .with_hint(format!(
                    "a line `{0}` {effect}; to multiply by the variable, write `* {0}`",
                    first.text
                )),
            );
        }
    }

    fn is_stored(&self, name: &str) -> bool {
        self.statements
            .iter()
            .any(|s| s.target.as_ref().is_some_and(|t| t.text == name))
    }

    fn operate(&mut self, op: BinOp, operand: &[Word], line_span: Span) {
        if operand.len() == 1 && operand[0].text == "(" {
            if self.blocks.len() == MAX_NESTING {
                self.diags.push(
                    Diagnostic::error(
                        line_span,
                        format!("blocks nested more than {MAX_NESTING} deep"),
                    )
                    .with_hint("close some blocks with `)` first"),
                );
                return;
            }
            let outer = self.current.take();
            self.blocks.push(Block {
                op,
                outer,
                open: line_span,
            });
            return;
        }
        if let Some(value) = self.operand(operand) {
            self.combine(op, value, line_span);
        }
    }

    fn combine(&mut self, op: BinOp, operand: Value, line_span: Span) {
        let operand = self.flushed(operand);
        let (lhs, lhs_depth) = match self.current.take() {
            None if op == BinOp::Mul => {
                self.current = Some(operand);
                return;
            }
            None => (Expr::new(ExprKind::Number(1.0), line_span), 1),
            Some(current) => self.flushed(current),
        };
        let depth = 1 + lhs_depth.max(operand.1);
        self.current = Some((
            Expr::new(
                ExprKind::Binary(op, Box::new(lhs), Box::new(operand.0)),
                line_span,
            ),
            depth,
        ));
    }

    /// Keeps trees shallow: a deep value becomes a hidden variable assigned here.
    fn flushed(&mut self, value: Value) -> Value {
        if value.1 < FLUSH_DEPTH {
            return value;
        }
        self.hide(value)
    }

    fn hide(&mut self, (expr, _): Value) -> Value {
        self.hidden += 1;
        let mut name = format!("_step{}", self.hidden);
        while self.source.contains(&name) {
            name.push('_');
        }
        let span = expr.span;
        self.statements.push(Statement {
            target: Some(Name {
                text: name.clone(),
                span,
            }),
            value: expr,
            span,
        });
        (Expr::new(ExprKind::Var(name), span), 1)
    }

    fn close_block(&mut self, span: Span) {
        let Some(block) = self.blocks.pop() else {
            self.diags.push(
                Diagnostic::error(span, "`)` without a block to close").with_hint(
                    "a block starts with an operator and `(` on its own line, as in `* (`",
                ),
            );
            return;
        };
        let inner = self
            .current
            .take()
            .unwrap_or((Expr::new(ExprKind::Number(1.0), span), 1));
        self.current = block.outer;
        self.combine(block.op, inner, block.open.cover(span));
    }

    fn store(&mut self, words: &[Word], keep: bool, line_span: Span) {
        let [_, name] = words else {
            self.diags.push(
                Diagnostic::error(
                    line_span,
                    format!("`{}` takes exactly one name", words[0].text),
                )
                .with_hint(format!("write `{} name`", words[0].text)),
            );
            return;
        };
        // Any name, even one spelt like a command (`=. c`): fermi stores it, and `* c` or `mx c 1 …` read it.
        if !is_name(name.text) {
            self.diags.push(
                Diagnostic::error(
                    name.span,
                    format!("`{}` cannot be a variable name", name.text),
                )
                .with_hint("names start with a letter or `_` and hold letters, digits and `_`"),
            );
            return;
        }
        if self.is_stored(name.text) {
            // Pending values in enclosing blocks may read the old binding: evaluate them before it changes.
            for i in 0..self.blocks.len() {
                if let Some(outer) = self.blocks[i].outer.take() {
                    let kept = if matches!(outer.0.kind, ExprKind::Var(_) | ExprKind::Number(_))
                        && outer.0.kind != ExprKind::Var(name.text.to_string())
                    {
                        outer
                    } else {
                        self.hide(outer)
                    };
                    self.blocks[i].outer = Some(kept);
                }
            }
        }
        let (value, _) = self
            .current
            .take()
            .unwrap_or((Expr::new(ExprKind::Number(1.0), line_span), 1));
        let span = value.span;
        self.statements.push(Statement {
            target: Some(Name {
                text: name.text.to_string(),
                span: name.span,
            }),
            value,
            span: span.cover(line_span),
        });
        if keep {
            self.current = Some((
                Expr::new(ExprKind::Var(name.text.to_string()), name.span),
                1,
            ));
        }
    }

    fn operand(&mut self, words: &[Word]) -> Option<Value> {
        let all_span = words[0].span.cover(words[words.len() - 1].span);
        let number = |w: &Word| Some(Expr::new(ExprKind::Number(number(w.text)?), w.span));
        match words {
            [w] => {
                if let Some(x) = number(w) {
                    Some((x, 1))
                } else if is_name(w.text) {
                    Some((Expr::new(ExprKind::Var(w.text.to_string()), w.span), 1))
                } else {
                    self.diags.push(bad_word(w.text, w.span));
                    None
                }
            }
            [lo, hi] => {
                let (Some(l), Some(h)) = (number(lo), number(hi)) else {
                    return self.unreadable(words, all_span);
                };
                self.check_bounds(&l, &h, all_span)?;
                Some((
                    Expr::new(ExprKind::To(Box::new(l), Box::new(h)), all_span),
                    2,
                ))
            }
            [kw, a, b] if kw.text == "beta" || kw.text == "b" => {
                let (Some(a), Some(b)) = (number(a), number(b)) else {
                    return self.unreadable(words, all_span);
                };
                for p in [&a, &b] {
                    if !matches!(p.kind, ExprKind::Number(x) if x > 0.0) {
                        self.diags.push(
                            Diagnostic::error(p.span, "beta parameters must be positive")
                                .with_hint(
                                    "write `beta A B` with A > 0 and B > 0, e.g. `beta 2 8`",
                                ),
                        );
                        return None;
                    }
                }
                Some((
                    Expr::new(ExprKind::Beta(Box::new(a), Box::new(b)), all_span),
                    2,
                ))
            }
            [kw, rest @ ..] if kw.text == "mx" => self.mixture(rest, all_span),
            // Squiggle's and everyday `LO to HI`: fermi writes the range as the two numbers alone.
            [lo, to, hi] if to.text == "to" && number(lo).is_some() && number(hi).is_some() => {
                self.diags.push(
                    Diagnostic::error(to.span, "fermi writes a range without `to`").with_hint(
                        format!(
                            "write `{} {}`: two numbers on a line are a range you are 90% sure of",
                            lo.text, hi.text
                        ),
                    ),
                );
                None
            }
            _ => self.unreadable(words, all_span),
        }
    }

    fn mixture(&mut self, parts: &[Word], span: Span) -> Option<Value> {
        if parts.is_empty() || !parts.len().is_multiple_of(2) {
            self.diags.push(
                Diagnostic::error(span, "a mixture needs pairs of a variable and a weight")
                    .with_hint(
                        "write `mx a 0.3 b 0.7` (variables stored earlier with `=:` or `=.`)",
                    ),
            );
            return None;
        }
        let mut out = Vec::new();
        let mut total = 0.0;
        for pair in parts.chunks(2) {
            let (v, w) = (pair[0], pair[1]);
            let value = match number(v.text) {
                Some(x) => Expr::new(ExprKind::Number(x), v.span),
                None if is_name(v.text) => Expr::new(ExprKind::Var(v.text.to_string()), v.span),
                None => {
                    self.diags.push(bad_word(v.text, v.span));
                    return None;
                }
            };
            let weight = match number(w.text) {
                Some(x) if x >= 0.0 => x,
                _ => {
                    self.diags.push(
                        Diagnostic::error(w.span, format!("`{}` is not a weight", w.text))
                            .with_hint(
                                "weights are non-negative numbers; they are normalised to sum to 1",
                            ),
                    );
                    return None;
                }
            };
            total += weight;
            out.push((value, Expr::new(ExprKind::Number(weight), w.span)));
        }
        if total <= 0.0 || !total.is_finite() {
            self.diags.push(
                Diagnostic::error(span, "the mixture weights add up to zero")
                    .with_hint("give at least one component a positive weight"),
            );
            return None;
        }
        Some((Expr::new(ExprKind::Mixture(out), span), 2))
    }

    fn check_bounds(&mut self, lo: &Expr, hi: &Expr, span: Span) -> Option<()> {
        let (ExprKind::Number(l), ExprKind::Number(h)) = (&lo.kind, &hi.kind) else {
            return Some(());
        };
        let d = if *l <= 0.0 || *h <= 0.0 {
            let bad = if *l <= 0.0 { lo } else { hi };
            Diagnostic::error(bad.span, "range bounds must be positive")
                .with_hint("`LO HI` is a lognormal, for positive quantities; for a quantity that can be negative, \
                            build it as a difference of two positive ranges (`- LO HI`), or use a plain number")
        } else if l > h {
            Diagnostic::error(span, "the low bound is above the high bound").with_hint(format!(
                "swap them: `{} {}`",
                crate::literal(*h),
                crate::literal(*l)
            ))
        } else if l == h {
            Diagnostic::error(span, "the two bounds are equal").with_hint(format!(
                "for an exact value write just `{}`",
                crate::literal(*l)
            ))
        } else {
            return Some(());
        };
        self.diags.push(d);
        None
    }

    fn unreadable(&mut self, words: &[Word], span: Span) -> Option<Value> {
        if let Some(bad) = words
            .iter()
            .find(|w| number(w.text).is_none() && !matches!(w.text, "(" | ".") && !is_name(w.text))
        {
            self.diags.push(bad_word(bad.text, bad.span));
        } else {
            self.diags.push(
                Diagnostic::error(span, "cannot read this line")
                    .with_hint("a line is `[op] NUMBER`, `[op] LO HI`, `[op] beta A B`, `[op] mx a w1 b w2`, \
                                `[op] NAME`, `[op] (`, `)`, `=: NAME`, `=. NAME`, `clear` or `exit`; op is * / + -"),
            );
        }
        None
    }
}

fn is_name(w: &str) -> bool {
    let mut chars = w.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A fermi number: Go float syntax (decimal) plus one uppercase suffix `%` `K` `M` `B` `T`.
pub fn number(word: &str) -> Option<f64> {
    let (digits, multiplier) = match word.char_indices().last()? {
        (i, '%') => (&word[..i], 1e-2),
        (i, 'K') => (&word[..i], 1e3),
        (i, 'M') => (&word[..i], 1e6),
        (i, 'B') => (&word[..i], 1e9),
        (i, 'T') => (&word[..i], 1e12),
        _ => (word, 1.0),
    };
    let body = digits.strip_prefix(['+', '-']).unwrap_or(digits);
    let valid_chars = body
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '_' | 'e' | 'E' | '+' | '-'));
    let starts_well = body.starts_with(|c: char| c.is_ascii_digit() || c == '.');
    if !valid_chars || !starts_well || body.contains("__") || body.ends_with('_') {
        return None;
    }
    let plain: String = digits.chars().filter(|&c| c != '_').collect();
    let x = plain.parse::<f64>().ok()? * multiplier;
    x.is_finite().then_some(x)
}

fn bad_word(word: &str, span: Span) -> Diagnostic {
    let last = word.chars().last().unwrap_or(' ');
    let body = &word[..word.len() - last.len_utf8()];
    if number(body).is_some() && matches!(last, 'k' | 'm' | 'b' | 't') {
        let upper = last.to_ascii_uppercase();
        return Diagnostic::error(span, format!("unknown suffix `{last}` in `{word}`")).with_hint(
            format!("fermi suffixes are uppercase (% K M B T): did you mean `{body}{upper}`?"),
        );
    }
    if let Some(rest) = word.strip_prefix(['*', '/', '+'])
        && (number(rest).is_some() || is_name(rest))
    {
        let op = &word[..1];
        return Diagnostic::error(span, format!("`{word}` needs a space after the operator"))
            .with_hint(format!("write `{op} {rest}`"));
    }
    if word.starts_with("to(") {
        return Diagnostic::error(span, "fermi has no `to(…)`").with_hint(
            "write a range as its two numbers on a line of their own, low first: `3 8` is 3 to 8",
        );
    }
    if number(body).is_some() {
        return Diagnostic::error(span, format!("unknown suffix `{last}` in `{word}`"))
            .with_hint("fermi suffixes are % K M B T (uppercase), directly after the number");
    }
    Diagnostic::error(span, format!("cannot read `{word}`"))
        .with_hint("expected a number (e.g. `2.5`, `1e3`, `40%`, `3M`), a stored variable's name, or a keyword")
}
