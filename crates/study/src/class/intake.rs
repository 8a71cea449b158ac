//! Codes taken out of whatever the teacher pastes: one per line, several on a line, or a chat transcript whose
//! other lines ("[10:02] Ada: here is mine:") are counted and left alone.

use super::CODE_PREFIX;

/// The codes found, in order, and how many non-blank lines held none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Intake {
    pub codes: Vec<String>,
    pub ignored_lines: usize,
}

/// A character a code can hold: lz-string's URI alphabet, the dot before the checksum, and hex digits.
fn in_code(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '$' | '.')
}

/// Every code in `text`: each starts at [`CODE_PREFIX`] and runs to the first character a code cannot hold (a
/// sentence's last dot is dropped). A damaged code is still taken, so that it is listed with why it failed.
pub fn take_codes(text: &str) -> Intake {
    let mut intake = Intake::default();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut rest = line;
        let mut found = false;
        while let Some(at) = rest.find(CODE_PREFIX) {
            let from = &rest[at..];
            let end = from
                .char_indices()
                .find(|&(_, c)| !in_code(c))
                .map_or(from.len(), |(i, _)| i);
            let code = from[..end].trim_end_matches('.');
            intake.codes.push(code.to_string());
            found = true;
            rest = &from[end.max(CODE_PREFIX.len())..];
        }
        if !found {
            intake.ignored_lines += 1;
        }
    }
    intake
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_come_out_of_lines_transcripts_and_sentences() {
        let cases: [(&str, &[&str], usize); 6] = [
            ("", &[], 0),
            ("FC1.abc.0123abcd", &["FC1.abc.0123abcd"], 0),
            (
                "  FC1.a.1  FC1.b.2\n\nFC1.c.3",
                &["FC1.a.1", "FC1.b.2", "FC1.c.3"],
                0,
            ),
            (
                "[10:02] Ada: here is mine: FC1.x$y-z+.00ff00ff.\n[10:03] Bo: sorry, late\nBo: `FC1.q.1`",
                &["FC1.x$y-z+.00ff00ff", "FC1.q.1"],
                1,
            ),
            ("hello\nworld\n  \n", &[], 2),
            // A prefix alone is still a code (a damaged one): the teacher sees why it failed.
            ("Cy: FC1.", &["FC1"], 0),
        ];
        for (text, codes, ignored) in cases {
            let intake = take_codes(text);
            assert_eq!(intake.codes, codes, "{text}");
            assert_eq!(intake.ignored_lines, ignored, "{text}");
        }
    }
}
