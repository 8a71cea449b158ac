//! Seeded Monte Carlo evaluation: syntax tree → sample vector. No I/O, no clock, no OS entropy.
