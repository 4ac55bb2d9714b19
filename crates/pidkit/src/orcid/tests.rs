//! Tests of the unit.
