//! The Squiggle-subset lexer. Problems become diagnostics; the token stream always ends with `Eof`.

use crate::{Diagnostic, Span};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tok {
    Number(f64),
    /// A lowercase-initial name (`coal`, `_x`, `$y`).
    Ident,
    /// A capitalised name: reserved by Squiggle for namespaces, so always an error here.
    Upper,
    To,
    Plus,
    Minus,
    Star,
    Slash,
    Caret,
    LParen,
    RParen,
    Comma,
    Eq,
    Semi,
    Newline,
    /// Something the lexer already reported.
    Error,
    Eof,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// Squiggle's number suffixes, applied after the exponent.
pub const SUFFIXES: [(char, f64); 9] = [
    ('n', 1e-9),
    ('m', 1e-3),
    ('%', 1e-2),
    ('k', 1e3),
    ('M', 1e6),
    ('B', 1e9),
    ('G', 1e9),
    ('T', 1e12),
    ('P', 1e15),
];

pub fn suffix_multiplier(c: char) -> Option<f64> {
    SUFFIXES.iter().find(|(s, _)| *s == c).map(|&(_, m)| m)
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || c == '$'
}

fn is_ident_continue(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

pub fn lex(source: &str, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
    let mut lexer = Lexer {
        src: source,
        pos: 0,
        tokens: Vec::new(),
        diags,
    };
    lexer.run();
    lexer.tokens
}

struct Lexer<'a, 'd> {
    src: &'a str,
    pos: usize,
    tokens: Vec<Token>,
    diags: &'d mut Vec<Diagnostic>,
}

impl Lexer<'_, '_> {
    fn peek_at(&self, offset: usize) -> Option<char> {
        self.src.get(self.pos + offset..)?.chars().next()
    }

    fn push(&mut self, tok: Tok, start: usize) {
        self.tokens.push(Token {
            tok,
            span: Span::new(start, self.pos),
        });
    }

    fn eat_while(&mut self, f: impl Fn(char) -> bool) {
        while let Some(c) = self.peek_at(0) {
            if !f(c) {
                break;
            }
            self.pos += c.len_utf8();
        }
    }

    fn run(&mut self) {
        while let Some(c) = self.peek_at(0) {
            let start = self.pos;
            match c {
                ' ' | '\t' => self.pos += 1,
                // A line break is LF, CRLF or a lone CR (as in Squiggle): one `Newline` token each.
                '\n' | '\r' => {
                    self.pos += 1;
                    if c == '\r' && self.peek_at(0) == Some('\n') {
                        self.pos += 1;
                    }
                    self.push(Tok::Newline, start);
                }
                '/' if self.peek_at(1) == Some('/') => self.eat_while(|c| c != '\n' && c != '\r'),
                '/' if self.peek_at(1) == Some('*') => match self.src[start + 2..].find("*/") {
                    Some(end) => self.pos = start + 2 + end + 2,
                    None => {
                        self.diags.push(
                            Diagnostic::error(
                                Span::new(start, start + 2),
                                "this comment is never closed",
                            )
                            .with_hint("close it with `*/`"),
                        );
                        self.pos = self.src.len();
                    }
                },
                '0'..='9' => self.number(),
                '.' if self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) => self.number(),
                c if is_ident_start(c) => {
                    self.eat_while(is_ident_continue);
                    let text = &self.src[start..self.pos];
                    let tok = if text == "to" {
                        Tok::To
                    } else if c.is_ascii_uppercase() {
                        Tok::Upper
                    } else {
                        Tok::Ident
                    };
                    self.push(tok, start);
                }
                _ => {
                    self.pos += c.len_utf8();
                    let tok = match c {
                        '+' => Tok::Plus,
                        '-' => Tok::Minus,
                        '*' => Tok::Star,
                        '/' => Tok::Slash,
                        '^' => Tok::Caret,
                        '(' => Tok::LParen,
                        ')' => Tok::RParen,
                        ',' => Tok::Comma,
                        '=' => Tok::Eq,
                        ';' => Tok::Semi,
                        _ => {
                            self.unexpected_char(c, start);
                            Tok::Error
                        }
                    };
                    self.push(tok, start);
                }
            }
        }
        let end = self.src.len();
        self.tokens.push(Token {
            tok: Tok::Eof,
            span: Span::new(end, end),
        });
    }

    fn unexpected_char(&mut self, c: char, start: usize) {
        let hint = match c {
            '#' => "comments start with `//` (or wrap them in `/* … */`)",
            '%' => "a suffix goes directly after its number, without a space: `5%`",
            '.' => {
                "only numbers, names, `to`, + - * / ^ and parentheses are available (no `Dist.` or `Math.` namespaces)"
            }
            '×' | '·' => "write multiplication as `*`",
            '"' | '\'' => "text is not part of the estimate language; use a `//` comment for notes",
            _ => "only numbers, names, `to`, + - * / ^, parentheses, `,`, `=` and `;` are allowed",
        };
        let span = Span::new(start, start + c.len_utf8());
        self.diags
            .push(Diagnostic::error(span, format!("unexpected character `{c}`")).with_hint(hint));
    }

    fn digits(&mut self) {
        self.eat_while(|c| c.is_ascii_digit() || c == '_');
    }

    fn number(&mut self) {
        let start = self.pos;
        self.digits();
        if self.peek_at(0) == Some('.') {
            self.pos += 1;
            self.digits();
        }
        let exp_digit_at = match (self.peek_at(0), self.peek_at(1)) {
            (Some('e' | 'E'), Some('+' | '-')) => 2,
            (Some('e' | 'E'), _) => 1,
            _ => 0,
        };
        if exp_digit_at > 0
            && self
                .peek_at(exp_digit_at)
                .is_some_and(|c| c.is_ascii_digit())
        {
            self.pos += exp_digit_at;
            self.digits();
        }
        let digits_end = self.pos;
        let text: String = self.src[start..digits_end]
            .chars()
            .filter(|&c| c != '_')
            .collect();
        let misplaced_underscore = self.src[start..digits_end].contains("__")
            || self.src[start..digits_end].ends_with('_')
            || self.src[start..digits_end].contains("_.")
            || self.src[start..digits_end].contains("._");
        let mut value = text.parse::<f64>().unwrap_or(f64::NAN);

        // Suffix: one char, then no further name characters.
        let suffix_start = self.pos;
        self.eat_while(|c| is_ident_continue(c) || c == '%');
        let suffix = &self.src[suffix_start..self.pos];
        let span = Span::new(start, self.pos);
        let mut ok = !misplaced_underscore;
        if misplaced_underscore {
            self.diags.push(
                Diagnostic::error(span, "misplaced `_` in a number")
                    .with_hint("`_` may only separate digits, as in `1_000_000`"),
            );
        }
        let mut chars = suffix.chars();
        match (chars.next(), chars.next()) {
            (None, _) => {}
            (Some(c), None) if suffix_multiplier(c).is_some() => {
                value *= suffix_multiplier(c).unwrap_or(1.0)
            }
            _ => {
                ok = false;
                self.diags
                    .push(bad_suffix(&self.src[start..digits_end], suffix, span));
            }
        }
        if ok && !value.is_finite() {
            ok = false;
            self.diags.push(
                Diagnostic::error(span, "this number is too large")
                    .with_hint("numbers must stay below about 1.8e308"),
            );
        }
        self.push(if ok { Tok::Number(value) } else { Tok::Error }, start);
    }
}

fn bad_suffix(number: &str, suffix: &str, span: Span) -> Diagnostic {
    let valid = "suffixes are n (1e-9), m (1e-3), % (1e-2), k (1e3), M (1e6), B or G (1e9), T (1e12), P (1e15), \
                 written directly after the number";
    let mut chars = suffix.chars();
    let single = match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    };
    if let Some(c) = single {
        let swapped = if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        };
        if suffix_multiplier(swapped).is_some() {
            return Diagnostic::error(span, format!("unknown number suffix `{c}`")).with_hint(
                format!("did you mean `{number}{swapped}`? Suffixes are case-sensitive"),
            );
        }
    }
    if suffix.starts_with(['e', 'E']) {
        return Diagnostic::error(span, format!("`{number}{suffix}` has no exponent digits"))
            .with_hint("write the exponent after the `e`, as in `1e6` or `2.5e-3`");
    }
    Diagnostic::error(span, format!("unknown number suffix `{suffix}`"))
        .with_hint(format!("{valid}; leave units out of the numbers"))
}
