"""The benchmarks' databases (bench/databases.py): PostgreSQL when a server starts, else the reason."""

from __future__ import annotations

from tests.bench.run import check


def test_without_postgresql_the_benches_get_the_reason() -> None:
    check("without_postgresql_the_benches_get_the_reason")


def test_a_new_database_is_migrated_and_open_at_opens_either() -> None:
    check("a_new_database_is_migrated_and_open_at_opens_either")


def test_the_server_names_its_first_process() -> None:
    check("the_server_names_its_first_process")
