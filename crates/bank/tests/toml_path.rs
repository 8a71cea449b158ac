//! `path_to` names the wrong part of a TOML value exactly as the path-tracking deserialiser does, for errors in
//! tables opened by headers, arrays of tables, inline arrays and tables, unknown and missing keys.

use fermi_bank::path_to;
use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Doc {
    name: String,
    inner: Option<Inner>,
    #[serde(default)]
    items: Vec<Item>,
    kind: Option<Kind>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Inner {
    count: u32,
    deeper: Option<Deeper>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Deeper {
    values: Vec<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Item {
    id: String,
    weight: f64,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum Kind {
    Point,
    Range,
}

#[test]
fn the_path_is_the_tracking_deserialisers() {
    let cases = [
        ("name = 1", "name"),
        ("name = 'a'\nextra = 1", "extra"),
        ("name = 'a'\nkind = 'exact'", "kind"),
        ("name = 'a'\n[inner]\ncount = 'x'", "inner.count"),
        ("name = 'a'\n[inner]\ncount = 1\nspare = 2", "inner.spare"),
        ("name = 'a'\n[inner]\n", "inner"),
        (
            "name = 'a'\n[inner]\ncount = 1\n[inner.deeper]\nvalues = [1.0, 'x']",
            "inner.deeper.values[1]",
        ),
        (
            "name = 'a'\ninner = { count = 1, deeper = { values = true } }",
            "inner.deeper.values",
        ),
        (
            "name = 'a'\n[[items]]\nid = 'a'\nweight = 1\n[[items]]\nid = 'b'\nweight = 'heavy'",
            "items[1].weight",
        ),
        ("name = 'a'\n[[items]]\nid = 'a'", "items[0]"),
        (
            "name = 'a'\nitems = [{ id = 'a', weight = 1 }, { id = 2, weight = 1 }]",
            "items[1].id",
        ),
    ];
    for (text, expected) in cases {
        let root = DeTable::parse(text).unwrap();
        let span = root.span();
        let value = Spanned::new(span, DeValue::Table(root.into_inner()));
        let tracked =
            serde_path_to_error::deserialize::<_, Doc>(ValueDeserializer::from(value.clone()))
                .err()
                .unwrap_or_else(|| panic!("{text:?} should not deserialise"));
        assert_eq!(
            tracked.path().to_string(),
            expected,
            "the reference, {text:?}"
        );
        let error = Doc::deserialize(ValueDeserializer::from(value.clone()))
            .err()
            .unwrap_or_else(|| panic!("{text:?} should not deserialise"));
        let wrong = error
            .span()
            .unwrap_or_else(|| panic!("{text:?}: no span in {error}"));
        assert_eq!(path_to(&value, &wrong), expected, "{text:?}: {error}");
    }
}
