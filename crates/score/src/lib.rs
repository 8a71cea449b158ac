//! Proper scoring rules on log samples. Pure: slices in, numbers out.
