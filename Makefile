# Two commands for a new user: `make test` and `make app`. Everything lives in .venv.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The one lock of every app and test dependency: `make install`, Binder and environment.yml use it.
LOCK   := binder/requirements.txt
PORT   ?= 8866
# 127.0.0.1: this computer only. HOST=0.0.0.0 serves the whole local network (a classroom).
HOST   ?= 127.0.0.1
# A lesson: CLASS=30 heats 30 pages of APP (a notebook of notebooks/) before the class arrives.
CLASS  ?=
APP    ?= xallies.ipynb
# The class's Voila config (a pool of CLASS heated pages of APP), build/class/voila.json, read after serve/'s,
# the variables the apps read and the address the students open are the `xlib` command's (xlib/cli.py), which a
# teacher without make runs as `xlib class --size 30 --app xallies`.

.PHONY: install lock test app lab notebooks bench binder-link site clean

install: $(STAMP)

$(STAMP): pyproject.toml $(LOCK)
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "xlib needs Python 3.11 or newer (found $$($(PYTHON) --version))"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

# Pin every app and test dependency of pyproject.toml for every platform, one version each.
# Pins that still fit are kept; `make lock UPGRADE=1` moves all of them to the newest allowed.
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet "uv>=0.9"
	$(BIN)/uv pip compile pyproject.toml --extra app --extra test --universal --fork-strategy fewest \
		--python-version 3.11 $(if $(UPGRADE),--upgrade) --custom-compile-command "make lock" \
		--quiet --output-file $(LOCK)

# Two runs side by side on the two cores: the browser tests, which mostly wait for pages, and (at a lower
# priority, its report printed after) the rest with the notebooks, then the board tests again on the web canvas,
# the one boards draw on in the browser, then LATER_BROWSER_TESTS, which so start once the lighter tests are
# done: the static site's (the one run that builds the site) and the serving tests (each starts servers of its
# own, and waits for their culling). Any failing fails the whole.
LATER_BROWSER_TESTS := tests/browser/test_site.py tests/browser/test_serving.py \
	tests/browser/test_phone.py::test_an_app_of_the_static_site_on_a_phone
test: install
	@mkdir -p build; \
	{ nice -n 10 $(BIN)/python -m pytest tests notebooks --ignore=tests/browser --nbval \
		--nbval-sanitize-with tests/nbval_sanitize.cfg && \
	  XLIB_CANVAS=web nice -n 10 $(BIN)/python -m pytest -q tests/test_board.py tests/test_framework.py; \
	  lighter=$$?; \
	  $(BIN)/python -m pytest -p no:cacheprovider $(LATER_BROWSER_TESTS); later=$$?; \
	  test $$lighter -eq 0 && test $$later -eq 0; \
	} > build/tests-beside-the-browser.log 2>&1 & rest=$$!; \
	$(BIN)/python -m pytest tests/browser $(addprefix --deselect ,$(LATER_BROWSER_TESTS)); browser=$$?; \
	wait $$rest; others=$$?; \
	echo; echo "==== the tests run beside the browser tests (build/tests-beside-the-browser.log) ===="; \
	cat build/tests-beside-the-browser.log; \
	test $$browser -eq 0 && test $$others -eq 0

# The first page is the gallery; each notebook has a kernel pre-heated (already run), so a page
# appears at once (CLASS=N APP=x.ipynb: N of them for a whole class); the kernel of a closed tab
# is stopped after 5 idle minutes, timed from when its page took it (serve/voila.json, xlib/serving.py).
# It runs the `xlib app` command (xlib/cli.py), which serves the same on a computer without make.
app: install
	@if [ -n "$(CLASS)" ]; then \
		case "$(CLASS)" in ''|*[!0-9]*) echo "CLASS is how many pages to heat, a number such as CLASS=30"; exit 2;; esac; \
		test -f "notebooks/$(APP)" || { echo "APP=$(APP) is not a notebook of notebooks/"; exit 2; }; \
	fi
	$(BIN)/python -m xlib app --notebooks="$(CURDIR)" --host=$(HOST) --port=$(PORT) \
		$(if $(CLASS),--size=$(CLASS) --app=$(APP)) --as="HOST=$(HOST)"

lab: install
	$(BIN)/jupyter lab notebooks

# The static site: the gallery and the game apps running in each student's browser (Pyodide), built from the
# registries into build/site by site/build.py, with its own tools in .venv-site (site/requirements.txt).
SITE_VENV := .venv-site
$(SITE_VENV)/.installed: site/requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "the site's build needs Python 3.11 or newer (found $$($(PYTHON) --version))"; exit 1; }
	test -x $(SITE_VENV)/bin/python || $(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(SITE_VENV)/bin/python -m pip install --quiet -r site/requirements.txt
	touch $@

site: $(SITE_VENV)/.installed
	$(SITE_VENV)/bin/python site/build.py build/site

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
	rm -rf $(VENV) $(SITE_VENV) build .pytest_cache .hypothesis *.egg-info
