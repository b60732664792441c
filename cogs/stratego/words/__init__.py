"""Stratego's words, one module per language (the keys are the same in every language)."""
