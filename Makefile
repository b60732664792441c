# Deskovka: `make run` starts the bot, `make test` runs lint and the whole suite.
# Both create the virtual environment and install the pinned dependencies first.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench bench-quick clean

$(STAMP): requirements.txt requirements-dev.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Deskovka needs Python 3.11 or newer (found %s)." % sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $(STAMP)

run: $(STAMP)
	$(PY) bot.py

lint: $(STAMP)
	$(VENV)/bin/ruff check .

test: lint
	$(PY) -m pytest -n auto --dist worksteal

bench: $(STAMP)
	$(PY) -m bench

bench-quick: $(STAMP)
	$(PY) -m bench --quick

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
