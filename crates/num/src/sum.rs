//! Compensated summation: the rules add up to 10⁶ terms and some results are small differences.

/// Neumaier's variant of Kahan summation.
#[derive(Debug, Default, Clone, Copy)]
pub struct Sum {
    total: f64,
    compensation: f64,
}

impl Sum {
    pub fn add(&mut self, x: f64) {
        let t = self.total + x;
        if self.total.abs() >= x.abs() {
            self.compensation += (self.total - t) + x;
        } else {
            self.compensation += (x - t) + self.total;
        }
        self.total = t;
    }

    pub fn value(&self) -> f64 {
        self.total + self.compensation
    }
}

impl FromIterator<f64> for Sum {
    fn from_iter<I: IntoIterator<Item = f64>>(iter: I) -> Sum {
        let mut sum = Sum::default();
        for x in iter {
            sum.add(x);
        }
        sum
    }
}
