"""Fixtures shared across test modules."""

pytest_plugins = ["tests.postgres", "tests.db_fixtures"]
