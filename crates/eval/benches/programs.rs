//! Evaluation (parse + sample) of the programs P1–P3 at 10⁴, 10⁵ and 10⁶ samples, and of the 200 random
//! programs `npm run bench:squiggle` times (tests/data/random_programs.json) at 10⁵.
//! Run: `cargo bench -p fermi-eval --bench programs` (figures in docs/performance.md).

use std::fmt;

use fermi_eval::{Options, evaluate_source};
use fermi_syntax::Dialect;

fn main() {
    divan::main();
}

#[derive(Clone, Copy, Debug)]
struct Case {
    name: &'static str,
    source: &'static str,
    samples: usize,
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} n={}", self.name, self.samples)
    }
}

const P1: &str = "coal_kwh = to(93.9e9, 98.3e9)\nsolar_yield = to(150, 200)\ngermany_m2 = 357022e6\ncoal_kwh / solar_yield / germany_m2";
const P2: &str =
    "to(1,3)*to(2,5)/to(1.5,4)*to(10,20)/to(3,9)*to(0.5,2)/to(5,15)*to(1,100)/to(2,8)*to(0.1,1)";
const P3: &str = "a = to(1,10)\nb = to(2,20)\n(a*b + a/b) * a";

const fn case(name: &'static str, source: &'static str, samples: usize) -> Case {
    Case {
        name,
        source,
        samples,
    }
}

const CASES: [Case; 9] = [
    case("P1", P1, 10_000),
    case("P1", P1, 100_000),
    case("P1", P1, 1_000_000),
    case("P2", P2, 10_000),
    case("P2", P2, 100_000),
    case("P2", P2, 1_000_000),
    case("P3", P3, 10_000),
    case("P3", P3, 100_000),
    case("P3", P3, 1_000_000),
];

#[divan::bench(args = CASES, sample_count = 20)]
fn evaluate(bencher: divan::Bencher, case: Case) {
    let options = Options {
        samples: case.samples,
        seed: 1,
    };
    bencher.bench(|| evaluate_source(divan::black_box(case.source), Dialect::Squiggle, &options));
}

/// All 200 random programs, one after the other (those that fail stop as early as they do in the app).
#[divan::bench(sample_count = 10)]
fn random_programs(bencher: divan::Bencher) {
    let programs: Vec<String> =
        serde_json::from_str(include_str!("../tests/data/random_programs.json")).unwrap();
    let options = Options {
        samples: 100_000,
        seed: 1,
    };
    bencher.bench(|| {
        for source in &programs {
            divan::black_box(evaluate_source(source, Dialect::Squiggle, &options));
        }
    });
}
