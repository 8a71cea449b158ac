//! Hostile sizes: each limit is a clear error, never a panic, a hang or a stack overflow.

use fermi_syntax::{Dialect, MAX_NESTING, parse};

fn first_error(source: &str, dialect: Dialect) -> String {
    let (_, diags) = parse(source, dialect);
    let d = diags
        .iter()
        .find(|d| d.is_error())
        .unwrap_or_else(|| panic!("no error for {} bytes", source.len()));
    assert!(
        diags
            .iter()
            .all(|d| (d.span.end as usize) <= source.len() && d.span.start <= d.span.end)
    );
    d.message.clone()
}

#[test]
fn source_over_64_kib_is_refused() {
    let deep = "(".repeat(100_000) + "1" + &")".repeat(100_000);
    assert_eq!(
        first_error(&deep, Dialect::Squiggle),
        "the program is longer than 64 KiB"
    );
    assert_eq!(
        first_error(&"1 10\n".repeat(20_000), Dialect::Fermi),
        "the program is longer than 64 KiB"
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let nested = "is nested more than 256 levels deep";
    let sources = [
        "(".repeat(30_000) + "1" + &")".repeat(30_000),
        "(".repeat(60_000),
        "-".repeat(60_000) + "1",
        "2^".repeat(30_000) + "2",
        "1+".repeat(30_000) + "1",
        "to(".repeat(20_000) + "1",
        "x = 1\n".to_string() + &"x*".repeat(30_000) + "x",
    ];
    for source in &sources {
        let message = first_error(source, Dialect::Squiggle);
        assert!(message.contains(nested), "{}…: {message}", &source[..10]);
    }
}

#[test]
fn nesting_up_to_the_limit_parses() {
    let depth = MAX_NESTING - 2;
    let source = "(".repeat(depth) + "1" + &")".repeat(depth);
    let (program, diags) = parse(&source, Dialect::Squiggle);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(program.to_string(), "1");
    let chain = "1+".repeat(depth) + "1";
    assert!(parse(&chain, Dialect::Squiggle).1.is_empty());
}

#[test]
fn too_many_statements_are_refused() {
    let squiggle = "a=1\n".repeat(10_001) + "a";
    assert_eq!(
        first_error(&squiggle, Dialect::Squiggle),
        "more than 10000 statements"
    );
    assert_eq!(
        first_error(&"2\n".repeat(10_001), Dialect::Fermi),
        "more than 10000 lines"
    );
    let (_, diags) = parse(&("a=1\n".repeat(9_999) + "a"), Dialect::Squiggle);
    assert!(diags.iter().all(|d| !d.is_error()));
}

#[test]
fn fermi_blocks_nest_at_most_256_deep() {
    let source = "* (\n".repeat(300) + &")\n".repeat(300);
    assert_eq!(
        first_error(&source, Dialect::Fermi),
        "blocks nested more than 256 deep"
    );
    let ok = "* (\n2\n".repeat(200) + &")\n".repeat(200);
    assert!(parse(&ok, Dialect::Fermi).1.iter().all(|d| !d.is_error()));
}
