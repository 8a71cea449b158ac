//! Any bytes, either dialect: parsing and evaluation never panic, hang or overflow the stack, every span lies inside
//! the source, and samples come back exactly when there is no error, all finite.
#![no_main]

use fermi_eval::{Options, evaluate_source};
use fermi_syntax::{Dialect, LineIndex};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(source) = std::str::from_utf8(rest) else { return };
    let dialect = if selector & 1 == 0 { Dialect::Squiggle } else { Dialect::Fermi };
    let options = Options { samples: 100 + usize::from(selector >> 1), seed: u64::from(selector) };
    let evaluation = evaluate_source(source, dialect, &options);
    let index = LineIndex::new(source);
    for d in &evaluation.diagnostics {
        let (start, end) = (d.span.start as usize, d.span.end as usize);
        assert!(start <= end && end <= source.len(), "span {start}..{end} outside {} bytes", source.len());
        assert!(source.is_char_boundary(start) && source.is_char_boundary(end), "span splits a character");
        index.line_col(start);
    }
    let has_error = evaluation.diagnostics.iter().any(|d| d.is_error());
    assert_eq!(evaluation.samples.is_none(), has_error);
    if let Some(samples) = evaluation.samples {
        assert_eq!(samples.len(), options.samples);
        assert!(samples.iter().all(|x| x.is_finite()), "a non-finite sample escaped");
    }
});
