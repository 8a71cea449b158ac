//! One line per case: source → S-expression of the tree (matklad's minipratt style).

use fermi_syntax::{Dialect, LineIndex, parse};

/// The program's S-expression; panics with the diagnostics if there is an error.
fn sexpr(source: &str, dialect: Dialect) -> String {
    let (program, diags) = parse(source, dialect);
    let errors: Vec<_> = diags.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{source:?}: {errors:?}");
    program.to_string()
}

fn check(cases: &[(&str, &str)], dialect: Dialect) {
    for (source, want) in cases {
        assert_eq!(sexpr(source, dialect), *want, "source: {source:?}");
    }
}

/// Each Squiggle source must fail, and its first error must have this message.
fn check_errors(cases: &[(&str, &str)]) {
    for (source, want) in cases {
        let (_, diags) = parse(source, Dialect::Squiggle);
        let first = diags.iter().find(|d| d.is_error());
        assert_eq!(
            first.map(|d| d.message.as_str()),
            Some(*want),
            "source: {source:?}"
        );
    }
}

#[test]
fn squiggle_precedence_consequences_of_the_spec() {
    check(
        &[
            ("1 to 10 * 2", "(to 1 (* 10 2))"),
            ("2 * 1 to 10", "(to (* 2 1) 10)"),
            ("2^3^2", "(^ 2 (^ 3 2))"),
            ("-2^2", "(^ (- 2) 2)"),
            ("-(2^2)", "(- (^ 2 2))"),
            ("1 - 2 - 3", "(- (- 1 2) 3)"),
            ("8 / 4 / 2", "(/ (/ 8 4) 2)"),
            ("1 + 2 * 3", "(+ 1 (* 2 3))"),
            ("1 * 2 + 3", "(+ (* 1 2) 3)"),
            ("2 * 3 ^ 2", "(* 2 (^ 3 2))"),
            ("2 ^ -1", "(^ 2 (- 1))"),
            ("2^-3^2", "(^ 2 (^ (- 3) 2))"),
            ("--2", "(- (- 2))"),
            ("1 to 2 to 3", "(to (to 1 2) 3)"),
            ("1 + 2 to 5", "(to (+ 1 2) 5)"),
            ("1 to 2 + 3", "(to 1 (+ 2 3))"),
            ("1 to 10 - 1", "(to 1 (- 10 1))"),
            ("- 2 to 3", "(to (- 2) 3)"),
            ("1 to 10 / 2 * 3", "(to 1 (* (/ 10 2) 3))"),
            ("(1 + 2) to 3", "(to (+ 1 2) 3)"),
            ("1 + (2 to 3)", "(+ 1 (to 2 3))"),
            ("(1 to 2) + 3", "(+ (to 1 2) 3)"),
            ("to(1, 10) * 2", "(* (to 1 10) 2)"),
            ("to(1 + 1, 10 - 1)", "(to (+ 1 1) (- 10 1))"),
            ("2 * to(1, 10)", "(* 2 (to 1 10))"),
            (
                "log(10) + log10(100) + exp(1)",
                "(+ (+ (log 10) (log10 100)) (exp 1))",
            ),
            ("((1))", "1"),
        ],
        Dialect::Squiggle,
    );
}

#[test]
fn squiggle_numbers_and_suffixes() {
    check(
        &[
            ("12", "12"),
            ("1.5", "1.5"),
            (".5", "0.5"),
            ("5.", "5"),
            ("1e9", "1000000000"),
            ("2.5e-3", "0.0025"),
            ("1E3", "1000"),
            ("1e+3", "1000"),
            ("1e3k", "1000000"),
            ("1_000", "1000"),
            ("5n", "0.000000005"),
            ("5m", "0.005"),
            ("5%", "0.05"),
            ("5k", "5000"),
            ("5M", "5000000"),
            ("5B", "5000000000"),
            ("5G", "5000000000"),
            ("5T", "5000000000000"),
            ("5P", "5000000000000000"),
            ("1.5k", "1500"),
        ],
        Dialect::Squiggle,
    );
}

#[test]
fn squiggle_statements_comments_and_continuation() {
    check(
        &[
            ("x = 1\nx", "(= x 1)\nx"),
            ("x = 1; y = x * 2; y", "(= x 1)\n(= y (* x 2))\ny"),
            ("x = 1\ny = x\ny;", "(= x 1)\n(= y x)\ny"),
            ("x = 1 // one\n/* block\ncomment */ x", "(= x 1)\nx"),
            ("1 +\n2", "(+ 1 2)"),
            ("1 to\n10", "(to 1 10)"),
            ("to(\n1,\n10\n)", "(to 1 10)"),
            ("(1\n+ 2)", "(+ 1 2)"),
            ("x =\n5\nx", "(= x 5)\nx"),
            ("\n\n  1  \n\n", "1"),
            ("_a = 1; $b = _a; $b", "(= _a 1)\n(= $b _a)\n$b"),
            ("x1 = 2\r\nx1", "(= x1 2)\nx1"),
        ],
        Dialect::Squiggle,
    );
}

#[test]
fn squiggle_line_breaks_around_to_and_lone_cr() {
    check(
        &[
            // Squiggle 0.10 allows line breaks on both sides of `to`.
            ("2\nto\n3", "(to 2 3)"),
            ("x = 2\nto 3\nx", "(= x (to 2 3))\nx"),
            ("4 // low\n\nto 9", "(to 4 9)"),
            ("1 to 2\nto 3", "(to (to 1 2) 3)"),
            ("y = 1 +\n2\nto 5\ny", "(= y (to (+ 1 2) 5))\ny"),
            ("5\r\nto\r\n6", "(to 5 6)"),
            // `to(` without a space starts a call on its own line, as in Squiggle.
            ("x = 1\nto(2, 3)", "(= x 1)\n(to 2 3)"),
            ("x = 1\nto (2)\nx", "(= x (to 1 2))\nx"),
            // A line may also end with a unary minus.
            ("x = -\n2\nx", "(= x (- 2))\nx"),
            ("3 * -\n4", "(* 3 (- 4))"),
            // A lone CR is a line break, and it ends a `//` comment.
            ("x = 2\rx * 3", "(= x 2)\n(* x 3)"),
            ("x = 2 // two\rx", "(= x 2)\nx"),
            ("x = 1\r\r\rx", "(= x 1)\nx"),
            ("2 to 3 // c\rto 4", "(to (to 2 3) 4)"),
        ],
        Dialect::Squiggle,
    );
    check_errors(&[
        (
            "1 // a note\r2",
            "only the last statement can be a bare expression",
        ),
        ("x = 1 // a note\r+ 2", "expected a value, found `+`"),
    ]);
    // As in Squiggle, reported positions count LF only: after a lone CR the column goes on.
    let source = "x = 1\ry = 2 +";
    let (_, diags) = parse(source, Dialect::Squiggle);
    let end = diags
        .iter()
        .find(|d| d.message == "expected a value, found the end of the program")
        .expect("an error at the end");
    let at = LineIndex::new(source).line_col(end.span.start as usize);
    assert_eq!((at.line, at.col), (1, 14));
}

// The behaviours Squiggle 0.10.0's own tests (packages/squiggle-lang/__tests__) pin inside our subset, each in our
// own cases; docs/squiggle-conformance.md maps them to the Squiggle test files.

#[test]
fn squiggle_conformance_numbers() {
    check(
        &[
            ("7.", "7"),
            ("2.25", "2.25"),
            (".004", "0.004"),
            ("0.75", "0.75"),
            ("3e2", "300"),
            ("3e-2", "0.03"),
            (".4e2", "40"),
            ("0.4e2", "40"),
            ("0.2e+2", "20"),
            ("0.2e-2", "0.002"),
            ("7.e1", "70"),
            // An exponent's sign is part of the number; the next `+` or `-` is an operator.
            ("0.3e+1+2", "(+ 3 2)"),
            ("0.3e+1-2", "(- 3 2)"),
            ("300e-2-1", "(- 3 1)"),
            // A suffix belongs to its number, before any operator.
            ("250%", "2.5"),
            ("2-50%", "(- 2 0.5)"),
            ("4m", "0.004"),
            ("4M", "4000000"),
            ("2k+3M", "(+ 2000 3000000)"),
        ],
        Dialect::Squiggle,
    );
    check_errors(&[
        ("5q", "unknown number suffix `q`"),
        ("8x", "unknown number suffix `x`"),
        // Squiggle 0.10 also has duration units (`3minutes`); they are not part of the subset.
        ("3hours", "unknown number suffix `hours`"),
    ]);
}

#[test]
fn squiggle_conformance_operators() {
    check(
        &[
            ("6 / 3 * 2", "(* (/ 6 3) 2)"),
            ("6 * 3 / 2", "(/ (* 6 3) 2)"),
            ("2 * 3 * 4", "(* (* 2 3) 4)"),
            ("5 * 6 + 7 * 8", "(+ (* 5 6) (* 7 8))"),
            ("5 * 6 - 7 * 8", "(- (* 5 6) (* 7 8))"),
            ("5 * 6 + 7 / 8", "(+ (* 5 6) (/ 7 8))"),
            ("5 * 6 - 7 / 8", "(- (* 5 6) (/ 7 8))"),
            ("9 - 8 * 7^6", "(- 9 (* 8 (^ 7 6)))"),
            ("9 - 8 * 7^6^5", "(- 9 (* 8 (^ 7 (^ 6 5))))"),
            ("3^2^1", "(^ 3 (^ 2 1))"),
            ("4 ^ 5", "(^ 4 5)"),
            ("-7", "(- 7)"),
            ("5 + -5", "(+ 5 (- 5))"),
            ("4 * -3", "(* 4 (- 3))"),
            ("(((6)))", "6"),
            ("((6 - 2))", "(- 6 2)"),
            ("(6 - 2) * 5", "(* (- 6 2) 5)"),
            ("3 to 7", "(to 3 7)"),
            ("-4 to -1", "(to (- 4) (- 1))"),
            ("2 to 6 - 1", "(to 2 (- 6 1))"),
            ("log(20)", "(log 20)"),
        ],
        Dialect::Squiggle,
    );
    check_errors(&[
        ("zorblax(2)", "unknown function `zorblax`"),
        ("ghost", "`ghost` is not defined"),
    ]);
}

#[test]
fn squiggle_conformance_comments() {
    check(
        &[
            ("7 // trailing note", "7"),
            ("7 /* trailing block */", "7"),
            ("/* leading block */ 7", "7"),
            ("\n  /* over\n  three\n  lines */\n  7", "7"),
            ("/* one */ 3 * /* two */ 4", "(* 3 4)"),
            ("/* 2 * 3 = 6 */ 9", "9"),
            ("/* /* opens twice, closes once */ 9", "9"),
        ],
        Dialect::Squiggle,
    );
}

#[test]
fn squiggle_conformance_statements() {
    check(
        &[
            ("\n 6 *\n 7", "(* 6 7)"),
            ("\n y =\n 4\n y", "(= y 4)\ny"),
            ("\n p = 1\n q = p\n q\n ", "(= p 1)\n(= q p)\nq"),
            ("a = 1; 5", "(= a 1)\n5"),
            ("a = 1; b = a; b", "(= a 1)\n(= b a)\nb"),
            ("a = 1   ; b = a; b", "(= a 1)\n(= b a)\nb"),
            ("a = 1 ;; ; b = a; b", "(= a 1)\n(= b a)\nb"),
            ("a = 1\n ;\nb = a\nb", "(= a 1)\n(= b a)\nb"),
            ("a = 2 * 3; a * 4", "(= a (* 2 3))\n(* a 4)"),
            ("a = 2; b = a * 3; b - 1", "(= a 2)\n(= b (* a 3))\n(- b 1)"),
            ("a = 5; a = 5; a", "(= a 5)\n(= a 5)\na"),
        ],
        Dialect::Squiggle,
    );
    check_errors(&[
        ("4; 5", "only the last statement can be a bare expression"),
        (
            "2 * 2; 3 * 3",
            "only the last statement can be a bare expression",
        ),
        ("4; 4", "only the last statement can be a bare expression"),
        (
            "4; w = 4",
            "only the last statement can be a bare expression",
        ),
        (
            "Rate = 4\nRate",
            "names cannot start with a capital letter: `Rate`",
        ),
        (
            "Dist.cost = 4",
            "names cannot start with a capital letter: `Dist`",
        ),
        // Where Squiggle returns nothing, we ask for the estimate.
        ("", "the program has no estimate"),
        ("// nothing but a note", "the program has no estimate"),
        ("a = 4", "the program ends with an assignment"),
    ]);
}

#[test]
fn squiggle_conformance_spaces_and_tabs_change_nothing() {
    let gaps = ["", " ", "\t", "  ", " \t "];
    let want = sexpr("rate=to(4,5e1);rate*2", Dialect::Squiggle);
    for i in 0..400usize {
        // Nine gaps, each cycling through the spacings at its own pace.
        let g = |k: usize| gaps[(i / (k + 1) + k) % gaps.len()];
        let source = format!(
            "rate{}={}to({}4{},{}5e1){};{}rate{}*{}2",
            g(0),
            g(1),
            g(2),
            g(3),
            g(4),
            g(5),
            g(6),
            g(7),
            g(8)
        );
        assert_eq!(sexpr(&source, Dialect::Squiggle), want, "{source:?}");
    }
}

#[test]
fn squiggle_leniencies_we_keep() {
    check(
        &[
            ("1_000", "1000"),
            ("1 to 10;", "(to 1 10)"),
            ("(1\n+ 2)", "(+ 1 2)"),
            ("to(1\n, 2)", "(to 1 2)"),
            ("(1)to(2)", "(to 1 2)"),
            ("log (10)", "(log 10)"),
            ("/***/ 1", "1"),
            ("/* a **/ 1", "1"),
            ("true = 5\ntrue * 2", "(= true 5)\n(* true 2)"),
        ],
        Dialect::Squiggle,
    );
    check_errors(&[(
        "to = 3\nto",
        "`to` is a keyword and cannot be a variable name",
    )]);
}

#[test]
fn fermi_lines_lower_to_the_same_tree() {
    check(
        &[
            ("1 10", "(to 1 10)"),
            ("1 10\n1 10", "(* (to 1 10) (to 1 10))"),
            (
                "93.9B 98.3B\n/ 150 200\n/ 357B",
                "(/ (/ (to 93900000000 98300000000) (to 150 200)) 357000000000)",
            ),
            ("5% 20%", "(to 0.05 0.2)"),
            ("-3", "-3"),
            ("2\n- 3", "(- 2 3)"),
            ("+ 3", "(+ 1 3)"),
            ("/ 4", "(/ 1 4)"),
            ("* 2", "2"),
            ("beta 1 2", "(beta 1 2)"),
            ("b 1 2", "(beta 1 2)"),
            ("1 10 # a range\n# a comment line\n\n* 2", "(* (to 1 10) 2)"),
            ("1 10\n=: x\n* x", "(= x (to 1 10))\n(* x x)"),
            ("1 10\n=. x\n2 3\n* x", "(= x (to 1 10))\n(* (to 2 3) x)"),
            (
                "1 10\n=. lo\n2 20\n=. hi\nmx lo 0.3 hi 0.7",
                "(= lo (to 1 10))\n(= hi (to 2 20))\n(mx lo 0.3 hi 0.7)",
            ),
            ("2\n* (\n3\n+ 4\n)", "(* 2 (+ 3 4))"),
            ("2\n/ (\n)", "(/ 2 1)"),
            ("5\n.\n6", "6"),
            ("5\nclear\n6", "6"),
            ("5\nc\n* 6", "6"),
            ("5\nexit\n6", "5"),
            ("5\ne\n6", "5"),
            ("5\nstats\nhelp\ndebug", "5"),
            ("1_000 1_500", "(to 1000 1500)"),
            ("1.5K 3M", "(to 1500 3000000)"),
            ("2T", "2000000000000"),
            ("  2 \t 3  ", "(to 2 3)"),
            ("1e3", "1000"),
        ],
        Dialect::Fermi,
    );
}

/// Words that are also commands, resolved as fermi's parser (main.go: `runRepl`, `parseWordsIntoOpAndDist`) does:
/// after `=:`/`=.` a name; as a one-word operand a variable; inside `mx` a variable; first on a line a command.
#[test]
fn fermi_names_spelt_like_commands() {
    check(
        &[
            // The time-to-botec mixture model (NunoSempere/time-to-botec, fermi.go/samples.fermi), verbatim.
            (
                "0\n=. a\n\n1\n=. b \n\n1 3\n=. c\n\n2 10\n=. d\n\nmx a 60% b 20% c 10% d 10%\n\nstats\n\nexit\n",
                "(= a 0)\n(= b 1)\n(= c (to 1 3))\n(= d (to 2 10))\n(mx a 0.6 b 0.2 c 0.1 d 0.1)",
            ),
            // A line `b` alone is not a command in fermi: it reads the variable.
            (
                "1 10\n=. b\n2 20\n=. c\n3\n=. e\nb\n* c\n+ e",
                "(= b (to 1 10))\n(= c (to 2 20))\n(= e 3)\n(+ (* b c) e)",
            ),
            ("2\n=. e\n3\n/ e", "(= e 2)\n(/ 3 e)"),
            // Three words starting with `beta`/`b` are a beta distribution even when a variable has that name.
            (
                "1 10\n=. beta\nbeta 2 3\n* beta",
                "(= beta (to 1 10))\n(* (beta 2 3) beta)",
            ),
            (
                "1 10\n=. b\nb 2 3\n* b",
                "(= b (to 1 10))\n(* (beta 2 3) b)",
            ),
            // Four or more words starting with `mx` are a mixture; `mx` alone reads the variable.
            (
                "1\n=. mx\n2\n=. x\nmx mx 1 x 1\n* mx",
                "(= mx 1)\n(= x 2)\n(* (mx mx 1 x 1) mx)",
            ),
            // A command word first on a line is the command, even when it also names a variable (with a warning).
            ("2\n=: c\nc\n* 5", "(= c 2)\n5"),
            ("2\n=: e\ne\n* 5", "(= e 2)\ne"),
            ("5\nd\nh\ns", "5"),
            // fermi runs the command and ignores the rest of the line (with a warning).
            ("2\nc 5\n* 3", "3"),
            ("2\ne 5\n* 3", "2"),
            ("2\n* (\n3\n=. c\n* c\n)", "(= c 3)\n(* 2 c)"),
        ],
        Dialect::Fermi,
    );
}

#[test]
fn fermi_warns_only_where_a_command_could_be_misread() {
    let messages = |source: &str| -> Vec<String> {
        let (_, diags) = parse(source, Dialect::Fermi);
        diags.iter().map(|d| d.message.clone()).collect()
    };
    // Names spelt like commands, used unambiguously: no warning at all.
    assert_eq!(
        messages("1 10\n=. b\n2 20\n=. c\n3\n=. e\nmx b 1 c 2 e 1\n* c\n/ e\n+ b"),
        Vec::<String>::new()
    );
    assert_eq!(messages("5\nc\n6\nd\nstats\nexit"), Vec::<String>::new());
    // A bare command line that also names a stored variable.
    assert_eq!(
        messages("2\n=: c\nc\n* c"),
        ["this line is fermi's `clear` command, not the variable `c`"]
    );
    assert_eq!(
        messages("2\n=: d\nd\n* d"),
        ["this line is fermi's `debug` command, not the variable `d`"]
    );
    // Words after a command, which fermi skips.
    assert_eq!(
        messages("2\nc 1 10\n* 3"),
        ["ignored: a line that starts with `c` is fermi's `clear` command"]
    );
}

#[test]
fn fermi_store_inside_a_block_keeps_the_outer_reading() {
    // The outer running value reads the old `x`; storing a new `x` inside the block must not change that.
    let tree = sexpr("2\n=: x\n* (\n3\n=: x\n)", Dialect::Fermi);
    assert_eq!(tree, "(= x 2)\n(= _step1 x)\n(= x 3)\n(* _step1 x)");
    let tree = sexpr("2\n=: x\n+ 1\n* (\n3\n=: x\n)", Dialect::Fermi);
    assert!(
        tree.starts_with("(= x 2)\n(= _step1 (+ x 1))\n(= x 3)\n(* _step1 x)"),
        "{tree}"
    );
}

#[test]
fn long_fermi_chains_stay_shallow() {
    let source = "2\n".repeat(5000);
    let (program, diags) = parse(&source, Dialect::Fermi);
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    let deepest = program
        .statements
        .iter()
        .map(|s| s.value.depth())
        .max()
        .unwrap_or(0);
    assert!(deepest <= 66, "depth {deepest}");
    assert!(program.statements.len() > 70);
}

#[test]
fn binding_powers_are_ordered_as_in_squiggle() {
    use fermi_syntax::{Tok, infix_binding_power as bp};
    let order = [Tok::To, Tok::Plus, Tok::Star, Tok::Caret];
    for pair in order.windows(2) {
        assert!(bp(pair[0]).unwrap().1 < bp(pair[1]).unwrap().0, "{pair:?}");
    }
    assert_eq!(bp(Tok::Plus), bp(Tok::Minus));
    assert_eq!(bp(Tok::Star), bp(Tok::Slash));
    let (l, r) = bp(Tok::Caret).unwrap();
    assert!(l > r, "`^` is right-associative");
    assert_eq!(bp(Tok::Comma), None);
}

/// A dialect's name reads back as that dialect; nothing else names one (no guess at a misspelling).
#[test]
fn a_dialect_is_named_by_its_own_name_only() {
    for dialect in [Dialect::Squiggle, Dialect::Fermi] {
        assert_eq!(Dialect::named(dialect.name()), Some(dialect));
    }
    for other in ["", "Fermi", "fermy", "sq", " squiggle"] {
        assert_eq!(Dialect::named(other), None, "{other:?}");
    }
}
