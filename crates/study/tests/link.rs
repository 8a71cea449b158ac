//! What a study link names: a bundled study, a path on this site, or nothing (with why); and a study file's
//! problems as the error page's lines.

use fermi_study::link::{
    Source, UNNAMED, file_name, lines, named, param, query, served_by_jatos, source, unreachable,
};

#[test]
fn a_link_names_a_bundled_study_or_a_path_here() {
    assert!(matches!(source("demo"), Ok(Source::Bundled(text)) if text.contains("[study]")));
    for (name, path) in [
        ("studies/mine.toml", true),
        ("mine.toml", true),
        ("../up/mine.toml", true),
        ("https://elsewhere.example/s.toml", false),
        ("//elsewhere.example/s.toml", false),
        ("c:\\s.toml", false),
        ("javascript:alert(1)", false),
        ("a b.toml", false),
        ("a\nb.toml", false),
    ] {
        match source(name) {
            Ok(Source::Path) => assert!(path, "{name:?} taken as a path"),
            Ok(Source::Bundled(_)) => panic!("{name:?}"),
            Err(why) => {
                assert!(!path, "{name:?}: {why}");
                assert!(
                    why.contains("neither a study bundled with the app (demo)"),
                    "{why}"
                );
            }
        }
    }
    assert_eq!(source(""), Err(UNNAMED.to_string()));
    assert!(source(&"x".repeat(3000)).is_err_and(|why| why.chars().count() < 400));
    assert_eq!(
        unreachable("s.toml", "the server answered HTTP 404"),
        "The study file “s.toml” could not be loaded: the server answered HTTP 404."
    );
    assert_eq!(
        (file_name("a/b/s.toml"), file_name("s.toml")),
        ("s.toml", "s.toml")
    );
}

#[test]
fn problems_are_placed_lines() {
    let text = "[study]\nid = 3\n";
    let problems = fermi_study::parse_study(text).unwrap_err();
    let said = lines("s.toml", text, &problems);
    assert_eq!(said.len(), problems.len());
    assert!(said.iter().all(|l| l.starts_with("s.toml:")), "{said:?}");
    assert_eq!(
        fermi_study::link::study("a/s.toml", text).unwrap_err(),
        said
    );
    let hinted = fermi_syntax::Diagnostic::error(fermi_syntax::Span::new(9, 11), "bad")
        .with_hint("write it so");
    assert_eq!(lines("f", text, &[hinted]), ["f:2:2: bad (write it so)"]);
}

/// A link's query as the browser's `URLSearchParams` reads it: in order, `+` a space, percent-escapes decoded.
#[test]
fn a_query_reads_as_the_browser_reads_it() {
    let pairs = |p: &[(&str, &str)]| -> Vec<(String, String)> {
        p.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    for (search, read) in [
        ("", pairs(&[])),
        ("?", pairs(&[])),
        ("?study=demo", pairs(&[("study", "demo")])),
        (
            "study=a%2Fb.toml&x",
            pairs(&[("study", "a/b.toml"), ("x", "")]),
        ),
        (
            "?PROLIFIC_PID=p+42&study=demo&study=other",
            pairs(&[
                ("PROLIFIC_PID", "p 42"),
                ("study", "demo"),
                ("study", "other"),
            ]),
        ),
        ("?a=%E2%9C%93&&b==c", pairs(&[("a", "✓"), ("b", "=c")])),
    ] {
        assert_eq!(query(search), read, "{search}");
    }
    let params = query("?study=one&study=two&pid=7");
    assert_eq!(named(&params).as_deref(), Some("one"), "the first wins");
    assert_eq!(param(&params, "pid"), Some("7"));
    assert_eq!(named(&query("?pid=7")), None);
    for (path, jatos) in [
        ("/publix/abc/start", true),
        ("/jatos/publix/1/x/index.html", true),
        ("/index.html", false),
        ("/publixx", false),
    ] {
        assert_eq!(served_by_jatos(path), jatos, "{path}");
    }
}

/// The page's loader (index.html) picks a mode's module from the address before any wasm runs, by the rows of
/// tests/data/addresses.json (e2e/loader.test.mjs runs it on them); the core's readers of an address, which the
/// modules use once loaded, must agree: a study by `named`/`served_by_jatos`, class by `class::page`.
#[test]
fn the_loaders_addresses_agree_with_the_core() {
    #[derive(serde::Deserialize)]
    struct Row {
        path: String,
        search: String,
        hash: String,
        mode: String,
    }
    let rows: Vec<Row> =
        serde_json::from_str(include_str!("../../../tests/data/addresses.json")).unwrap();
    for row in rows {
        let study = named(&query(&row.search)).is_some() || served_by_jatos(&row.path);
        let class = fermi_study::class::page(&row.hash).is_some();
        assert_eq!(study, row.mode == "study", "{}{}", row.path, row.search);
        if !study {
            assert_eq!(class, row.mode == "class", "{}", row.hash);
        }
    }
}
