//! What can be wrong with the numbers handed to the scorer, said so that a person can fix it.

use core::fmt;

use fermi_num::thousands;

/// Which side of the comparison a problem is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Forecast,
    Truth,
}

impl Side {
    fn samples(self) -> &'static str {
        match self {
            Side::Forecast => "samples",
            Side::Truth => "truth samples",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ScoreError {
    /// No samples at all.
    Empty(Side),
    /// Some samples cannot be logged: `not_positive` are zero or negative, `not_finite` are infinite or NaN.
    BadSamples {
        side: Side,
        not_positive: usize,
        not_finite: usize,
        total: usize,
    },
    /// A point truth that is not a positive finite number.
    BadPoint(f64),
    /// A lognormal truth whose parameters are not usable.
    BadLognormal { mu: f64, sigma: f64 },
    /// A 90% interval that cannot define a lognormal.
    BadInterval { p5: f64, p95: f64 },
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ScoreError::Empty(side) => {
                write!(
                    f,
                    "there are no {} to score: the distribution needs at least one sample",
                    side.samples()
                )
            }
            ScoreError::BadSamples {
                side,
                not_positive,
                not_finite,
                total,
            } => {
                let total = thousands(total);
                let what = side.samples();
                match (not_positive, not_finite) {
                    (0, k) => write!(
                        f,
                        "{} of {total} {what} are not finite numbers (infinite or NaN): check for a division by zero \
                         or an overflow",
                        thousands(k)
                    ),
                    (k, 0) => write!(
                        f,
                        "{} of {total} {what} are zero or negative: the score works on logarithms and needs a \
                         positive quantity",
                        thousands(k)
                    ),
                    (k, j) => write!(
                        f,
                        "{} of {total} {what} are zero or negative and {} are not finite (infinite or NaN): the \
                         score works on logarithms and needs a positive, finite quantity",
                        thousands(k),
                        thousands(j)
                    ),
                }
            }
            ScoreError::BadPoint(g) => write!(
                f,
                "the true value {g} is not a positive finite number: the score works on logarithms"
            ),
            ScoreError::BadLognormal { mu, sigma } => write!(
                f,
                "the truth's lognormal (mu = {mu}, sigma = {sigma}) needs a finite mu and a finite sigma ≥ 0"
            ),
            ScoreError::BadInterval { p5, p95 } => write!(
                f,
                "the truth's 90% interval [{p5}, {p95}] needs two positive finite numbers with p5 ≤ p95"
            ),
        }
    }
}

impl std::error::Error for ScoreError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_is_wrong() {
        let bad = |not_positive, not_finite, total| ScoreError::BadSamples {
            side: Side::Forecast,
            not_positive,
            not_finite,
            total,
        };
        let cases = [
            (
                bad(3, 0, 10_000),
                "3 of 10,000 samples are zero or negative: the score works on logarithms and needs a positive quantity",
            ),
            (
                bad(0, 1, 250),
                "1 of 250 samples are not finite numbers (infinite or NaN): check for a division by zero or an overflow",
            ),
            (
                bad(1_234, 5, 1_000_000),
                "1,234 of 1,000,000 samples are zero or negative and 5 are not finite (infinite or NaN): the score \
                 works on logarithms and needs a positive, finite quantity",
            ),
            (
                ScoreError::Empty(Side::Truth),
                "there are no truth samples to score: the distribution needs at least one sample",
            ),
            (
                ScoreError::BadPoint(-3.0),
                "the true value -3 is not a positive finite number: the score works on logarithms",
            ),
            (
                ScoreError::BadInterval { p5: 0.0, p95: 4.0 },
                "the truth's 90% interval [0, 4] needs two positive finite numbers with p5 ≤ p95",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
        }
    }
}
