# Two commands for a new user: `make test` and `make app`. Everything lives in .venv.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8866

.PHONY: install test app lab notebooks bench binder-link clean

install: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "xlib needs Python 3.11 or newer (found $$($(PYTHON) --version))"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[app,test]"
	touch $(STAMP)

test: install
	$(BIN)/python -m pytest tests notebooks --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg

# Preheated kernels run each notebook before anyone opens it: the first paint takes about 1.5 s.
app: install
	@echo "Serving the notebooks at http://127.0.0.1:$(PORT) (Ctrl-C stops)"
	$(BIN)/voila notebooks --no-browser --port=$(PORT) --Voila.ip=127.0.0.1 --preheat_kernel=True --pool_size=2

lab: install
	$(BIN)/jupyter lab notebooks

# Run every notebook and store its outputs (nbval compares against them).
notebooks: install
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.store_widget_state=False notebooks/*.ipynb

bench: install
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python benchmarks/playouts.py
	$(BIN)/python benchmarks/xerog_movegen.py
	$(BIN)/python benchmarks/agents.py
	$(BIN)/python benchmarks/lab.py

# The Binder link that opens the gallery in Voila, for this repository's GitHub remote.
binder-link:
	@$(PYTHON) -c "import re,subprocess; u=subprocess.check_output(['git','remote','get-url','origin'],text=True).strip(); \
	m=re.search(r'github\.com[:/](.+?)(\.git)?$$',u); \
	print('https://mybinder.org/v2/gh/'+m.group(1)+'/main?urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb' if m else 'no GitHub remote named origin')"

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis *.egg-info
