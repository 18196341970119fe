//! Unit tests of the Schafkopf engine.
