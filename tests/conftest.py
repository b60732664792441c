"""Fixtures shared across test modules."""

pytest_plugins = ["tests.db_fixtures"]
