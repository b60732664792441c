# Deskovka: `make run` starts the bot, `make test` runs lint, the type checker and the whole suite,
# `make quick` the same without the tests marked slow (the long random playouts), `make soak` those
# playouts with five times the games `make test` plays (tests/playouts.py).
# Each creates the virtual environment and installs what it needs first: `run` only the pinned
# runtime dependencies (requirements.txt), the others the test tools too (requirements-dev.txt).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip install --quiet --disable-pip-version-check
RUN_STAMP  := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test quick soak lint types bench bench-quick clean

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Deskovka needs Python 3.11 or newer (found %s)." % sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): requirements.txt | $(PY)
	$(PIP) -r requirements.txt
	@touch $@

# requirements-dev.txt includes requirements.txt, so this satisfies `make run` as well.
$(TEST_STAMP): requirements.txt requirements-dev.txt | $(PY)
	$(PIP) -r requirements-dev.txt
	@touch $(RUN_STAMP) $@

run: $(RUN_STAMP)
	$(PY) bot.py

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .

# mypy's settings (strict for bot.py, cogs/, rules/, render/, db/, bench/, the bot process of
# the end-to-end tests and benches (tests/e2e/bot_process.py, stratego_in_play.py) and the toy
# game's engine, tests/toygame.py) and the files it checks: pyproject.toml.
types: $(TEST_STAMP)
	$(PY) -m mypy

test: lint types
	$(PY) -m pytest -n auto --dist worksteal

quick: lint types
	$(PY) -m pytest -m "not slow" -n auto

soak: $(TEST_STAMP)
	DESKOVKA_PLAYOUTS=full $(PY) -m pytest -m slow -n auto --dist worksteal

bench: $(TEST_STAMP)
	$(PY) -m bench

bench-quick: $(TEST_STAMP)
	$(PY) -m bench --quick

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis
