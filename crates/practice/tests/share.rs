//! Share links decode only what `encode` could have written: arbitrary text and damaged links never panic.

use fermi_practice::share::{PREFIX, Shared, decode, encode};
use fermi_syntax::Dialect;
use proptest::prelude::*;

fn link() -> Shared {
    Shared {
        question: "germany-coal-to-solar-area".into(),
        source: "coal = to(93.9e9, 98.3e9)\ncoal / 1e9".into(),
        dialect: Dialect::Fermi,
        seed: 42,
        samples: 10_000,
    }
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = decode(&text);
        let _ = decode(&format!("{PREFIX}{text}"));
    }

    #[test]
    fn arbitrary_link_bodies_never_panic(body in "[A-Za-z0-9+$-]{0,400}") {
        if let Err(notice) = decode(&format!("{PREFIX}{body}")) {
            prop_assert!(notice.contains("damaged"));
        }
    }

    /// One character of a good link changed: a notice or a valid link, never a panic or a link out of range.
    #[test]
    fn a_changed_character_never_panics(at in any::<usize>(), to in any::<char>()) {
        let good = encode(&link());
        let body: Vec<char> = good[PREFIX.len()..].chars().collect();
        let mut changed = body.clone();
        changed[at % body.len()] = to;
        let text = format!("{PREFIX}{}", changed.into_iter().collect::<String>());
        match decode(&text) {
            Ok(Some(l)) => prop_assert!((fermi_practice::MIN_SAMPLES..=fermi_practice::MAX_SAMPLES).contains(&l.samples)),
            Ok(None) => prop_assert!(false, "a prefixed text is a link"),
            Err(notice) => prop_assert!(notice.contains("damaged")),
        }
    }

    #[test]
    fn every_valid_link_round_trips(question in "[a-z0-9-]{1,40}", source in any::<String>(), seed in any::<u64>(), samples in 1_000usize..=1_000_000, fermi in any::<bool>()) {
        let l = Shared { question, source, dialect: if fermi { Dialect::Fermi } else { Dialect::Squiggle }, seed, samples };
        prop_assert_eq!(decode(&encode(&l)), Ok(Some(l)));
    }
}
