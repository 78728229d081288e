"""The 0.1 Python state machine, kept verbatim while the Rust engine is checked against it."""
