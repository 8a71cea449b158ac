//! A pack's prose as blocks: paragraphs joined from hard-wrapped lines, lists from "- " lines; and which source
//! addresses become links.

use fermi_practice::prose::{Block, blocks, linkable};

#[test]
fn prose_keeps_its_shape() {
    let p = |s: &str| Block::Paragraph(s.to_string());
    let l = |items: &[&str]| Block::List(items.iter().map(|s| s.to_string()).collect());
    let cases: Vec<(&str, Vec<Block>)> = vec![
        ("", vec![]),
        ("One line.", vec![p("One line.")]),
        ("Hard\n  wrapped\nlines.", vec![p("Hard wrapped lines.")]),
        ("First.\n\nSecond.", vec![p("First."), p("Second.")]),
        (
            "Facts:\n- a\n- b\nAfter.",
            vec![p("Facts:"), l(&["a", "b"]), p("After.")],
        ),
        ("- a\n\n- b", vec![l(&["a"]), l(&["b"])]),
        ("\n\n\n", vec![]),
        ("<b>not markup</b>", vec![p("<b>not markup</b>")]),
    ];
    for (text, expected) in cases {
        assert_eq!(blocks(text), expected, "{text:?}");
    }
}

#[test]
fn only_web_addresses_are_links() {
    for (url, link) in [
        ("https://example.org/a", true),
        ("http://example.org/a", true),
        ("javascript:alert(1)", false),
        ("data:text/html,x", false),
        ("example.org", false),
        (" https://example.org", false),
    ] {
        assert_eq!(linkable(url), link, "{url}");
    }
}
