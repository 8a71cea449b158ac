//! What can be wrong with the numbers handed to the scorer, said so that a person can fix it.

use core::fmt;

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

/// `10000` → "10,000".
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
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
