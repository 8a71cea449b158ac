//! The robust crowd: one forecast made of many people's, the median of their log-quantiles, each quantile on
//! its own. Study comparisons score it as one more forecaster; class mode shows it beside the geometric mean
//! (`lab::class_crowd`). One person's wild answer moves it no further than the median moves.

use crate::lab::Quantiles;

/// The median of the people's ln p5, ln p50 and ln p95, each separately, taken back with exp: class mode's crowd
/// and `study compare`'s. The median is taken on the values themselves (ln keeps their order), so an odd count
/// gives a person's own quantile exactly; an even count, the geometric mean of the middle pair. `None` for nobody
/// or a quantile that is not a positive finite number.
pub fn median_crowd(people: &[Quantiles]) -> Option<Quantiles> {
    if people.is_empty() || !people.iter().all(Quantiles::is_usable) {
        return None;
    }
    let median = |pick: fn(&Quantiles) -> f64| {
        let mut values: Vec<f64> = people.iter().map(pick).collect();
        values.sort_by(f64::total_cmp);
        let n = values.len();
        if n % 2 == 1 {
            values[n / 2]
        } else {
            libm::sqrt(values[n / 2 - 1]) * libm::sqrt(values[n / 2])
        }
    };
    Some(Quantiles {
        p5: median(|q| q.p5),
        p50: median(|q| q.p50),
        p95: median(|q| q.p95),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(p5: f64, p50: f64, p95: f64) -> Quantiles {
        Quantiles { p5, p50, p95 }
    }

    #[test]
    fn each_quantile_is_the_median_of_its_logs() {
        let people = [q(1.0, 10.0, 100.0), q(2.0, 20.0, 1e9), q(4.0, 5.0, 50.0)];
        let c = median_crowd(&people).unwrap();
        // exp(ln x) is x within a few ulps.
        for (got, want) in [(c.p5, 2.0), (c.p50, 10.0), (c.p95, 100.0)] {
            assert!((got / want - 1.0).abs() < 1e-14, "{got} against {want}");
        }
        // An even count takes the geometric mean of the middle two.
        let c = median_crowd(&people[..2]).unwrap();
        assert!((c.p5 - 2f64.sqrt()).abs() < 1e-12);
        assert!((c.p50 - 200f64.sqrt()).abs() < 1e-9);
        assert_eq!(median_crowd(&[]), None);
        assert_eq!(median_crowd(&[q(0.0, 1.0, 2.0)]), None);
    }
}
