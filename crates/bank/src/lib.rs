//! Question packs: the format, strict loading and validation, and truth fitting.
