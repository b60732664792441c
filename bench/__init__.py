"""Benchmarks (DESIGN §7): programs, not tests. ``make bench`` / ``python -m bench [--quick]``."""
