"""The static site without a browser: what its pages say where the site leaves something out (the labs, class
mode), the links configured for the gallery, and the build's own checks (Pyodide's lock lists exactly the shipped
wheels with their sha256 and dependencies; the sqlite3 stand-in holds no module)."""
from __future__ import annotations

import hashlib
import html
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from xlib import runtime
from xlib.panels import gallery

ROOT = Path(__file__).resolve().parent.parent


def load_build():
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "site" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def no_links(monkeypatch):
    for name in ("SITE", "BINDER", "REPO"):
        monkeypatch.delenv(f"XLIB_{name}_URL", raising=False)


def hrefs(html: str) -> list[str]:
    return re.findall(r'href="([^"]*)"', html)


def cards_of(page: str) -> str:
    """The cards of a gallery page, without the line over them."""
    return page[page.index('<div class="xlib-gallery">'):]


def test_served_every_card_links_its_notebook(no_links):
    page = gallery.gallery_html(site=False)
    links = hrefs(cards_of(page))
    assert links == [card.notebook for card in gallery.CARDS]
    assert all((ROOT / "notebooks" / link).exists() for link in links)
    assert "make app" not in page and "xlib-elsewhere" not in page


def test_on_the_site_the_games_link_their_pages_and_the_labs_say_where_they_run(no_links):
    build = load_build()
    page = gallery.gallery_html(site=True)
    games = [card for card in gallery.CARDS if not card.lab]
    apps = [h for h in hrefs(cards_of(page)) if not h.startswith(runtime.SITE_ROOT)]   # not the README's sections
    assert apps == [card.notebook.replace(".ipynb", ".html") for card in games]
    assert {card.notebook for card in games} == set(build.NOTEBOOKS) - {"index.ipynb"}
    for card in gallery.CARDS:
        one = gallery.card_html(card, site=True)
        assert ("Runs with" in one and "make app</code></a> or" in one and "on Binder</a>" in one) == card.lab
    assert "the labs and class mode need the apps served" in page


def anchors(page: Path) -> set[str]:
    return set(re.findall(r' id="([^"]+)"', page.read_text(encoding="utf-8")))


def test_the_gallery_links_the_readme_and_the_rules_the_site_ships_beside_its_pages(tmp_path, no_links):
    """Where no repository is configured, the labs' "make app" and "on Binder" and the rules the games follow link
    pages the site ships at its root, made from README.md and docs/RULES.md, at the sections named."""
    build = load_build()
    build.document_pages(tmp_path)
    lab = next(card for card in gallery.CARDS if card.lab)
    note = gallery.rules_note(site=True)
    linked = hrefs(gallery.card_html(lab, site=True)) + re.findall(r"\]\(([^)]+)\)", note)
    assert len(linked) == 3 and "[docs/RULES.md](" in note
    for href in linked:
        assert href.startswith(runtime.SITE_ROOT), href         # from voici/render/<page>.html to the site's root
        page, _, section = href.removeprefix(runtime.SITE_ROOT).partition("#")
        assert page in runtime.SITE_DOCUMENTS.values() and (tmp_path / page).is_file(), href
        assert not section or section in anchors(tmp_path / page), href
    rules = (tmp_path / "rules.html").read_text(encoding="utf-8")
    assert '<meta charset="utf-8">' in rules and "Alea Evangelion" in rules and "<table>" in rules
    # served, the rules are named where they are; with a repository configured, linked there
    assert "`docs/RULES.md` (in the project's folder)" in gallery.rules_note(site=False)


def test_with_a_repository_configured_the_gallery_links_its_readme_and_rules(monkeypatch, no_links):
    monkeypatch.setenv("XLIB_REPO_URL", "https://github.com/o/r")
    for site in (False, True):
        assert "[docs/RULES.md](https://github.com/o/r/blob/main/docs/RULES.md)" in gallery.rules_note(site=site)
    lab = gallery.card_html(next(card for card in gallery.CARDS if card.lab), site=True)
    assert hrefs(lab) == ["https://github.com/o/r#two-commands", "https://github.com/o/r#binder"]


def test_the_gallery_says_which_game_to_learn_first_and_why(no_links):
    """Its first card, XAllies, has the most to learn: the line over the cards sends a newcomer to X, whose turn is
    one stone on any empty cell, with a link to its app; X's card says to start there."""
    from xlib import registry

    for site in (False, True):
        page = gallery.gallery_html(site=site)
        first = page[:page.index('<div class="xlib-gallery">')]
        assert "Start with" in first and f'href="{"x.html" if site else "x.ipynb"}"' in first
        assert "one stone on any empty cell" in first and "XAllies" in first
        assert page.count("(start here)") == 1 and page.index("(start here)") > page.index("<h3 style=\"margin-top:0\">X")
    assert gallery.CARDS[0].title == "XAllies"
    # the reason holds: X has the fewest decisions of ours and a turn that only places
    decisions = {name: len(registry.lesson(name).DECISIONS) for name in ("x", "alea", "xats", "xerog", "xallies")}
    assert min(decisions, key=decisions.get) == "x"
    assert registry.lesson("x").SCENES[0].title == "Turns: one stone on any empty cell"


def test_configured_links_appear_in_the_gallery(monkeypatch, no_links):
    monkeypatch.setenv("XLIB_BINDER_URL", "https://binder.example/v2/gh/o/r/main")
    monkeypatch.setenv("XLIB_SITE_URL", "https://o.example/r/")
    served = gallery.gallery_html(site=False)
    assert 'href="https://binder.example/v2/gh/o/r/main"' in served and 'href="https://o.example/r/"' in served
    site = gallery.gallery_html(site=True)
    lab = next(card for card in gallery.CARDS if card.lab)
    assert 'href="https://binder.example/v2/gh/o/r/main"' in gallery.card_html(lab, site=True)
    assert "https://o.example/r/" not in site   # the site does not link to itself


def test_the_class_box_on_the_site_says_class_mode_needs_the_served_apps(monkeypatch, no_links):
    from xlib.board import Board
    from xlib.panels.classroom import ClassJoin

    monkeypatch.setattr(runtime, "ON_SITE", True)
    monkeypatch.setenv("XLIB_REPO_URL", "https://github.com/o/r")
    board = Board("alea", seats={1: "computer"})
    before = list(board.listeners)
    box = ClassJoin(board)
    text = box.widget.children[0].value
    assert "Class mode and live tables need the apps served" in text
    assert 'href="https://github.com/o/r#a-class-on-one-computer"' in text
    assert board.listeners == before     # nothing on the page tries to reach a class database
    readme = (ROOT / "README.md").read_text()
    assert "## A class on one computer" in readme
    monkeypatch.delenv("XLIB_REPO_URL")   # the site's own README, shipped beside the apps, at that section
    shipped = ClassJoin(board).widget.children[0].value
    assert 'href="../../readme.html#a-class-on-one-computer"' in shipped and "in the README" not in shipped


def test_where_an_app_tells_a_student_to_join_a_class_it_says_the_site_has_no_join_form():
    """The apps' words are the same served and on the site: the paragraph that says to press Join the class says
    too that on the site the box below says where class mode runs instead."""
    build = load_build()
    for name in set(build.NOTEBOOKS) - {"index.ipynb"}:
        cells = json.loads((ROOT / "notebooks" / name).read_text())["cells"]
        text = next("".join(c["source"]) for c in cells if "".join(c["source"]).startswith("## Play in a class"))
        joining = next(p for p in text.split("\n\n") if "**Join the class**" in p)
        assert "in the box below" in joining and "On the site that runs without a server" in joining, name


def test_the_class_box_served_is_the_join_form(no_links):
    from xlib.board import Board
    from xlib.panels.classroom import ClassJoin

    box = ClassJoin(Board("alea"))
    assert box.widget.children[0].children[2].description == "Join the class"


def _wheel(folder: Path, name: str, version: str, requires: list[str], modules: list[str]) -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        for module in modules:
            zf.writestr(f"{module}/__init__.py", "")
        meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        meta += "".join(f"Requires-Dist: {r}\n" for r in requires)
        zf.writestr(f"{name}-{version}.dist-info/METADATA", meta)
    return path


def test_the_lock_lists_exactly_the_shipped_wheels_with_their_hashes_and_browser_dependencies(tmp_path):
    build = load_build()
    core = tmp_path / "core-lock.json"
    core.write_text(json.dumps({"info": {"version": "0.29.3"}, "packages": {"numpy": {}}}))
    wheels = [_wheel(tmp_path, "alpha", "1.0", ["beta>=2", "gamma; sys_platform == 'win32'",
                                                  "pexpect; sys_platform != 'emscripten'", "kernelpkg"], ["alpha"]),
              _wheel(tmp_path, "beta", "2.1", ['extra-thing; extra == "test"'], ["beta", "beta_extras"])]
    lock = build.write_lock(core, wheels, {"kernelpkg"}, tmp_path / "lock.json")
    assert json.loads((tmp_path / "lock.json").read_text()) == lock
    assert lock["info"] == {"version": "0.29.3"} and set(lock["packages"]) == {"alpha", "beta"}
    alpha = lock["packages"]["alpha"]
    assert alpha["depends"] == ["beta"] and alpha["imports"] == ["alpha"]
    assert alpha["sha256"] == hashlib.sha256(wheels[0].read_bytes()).hexdigest()
    assert lock["packages"]["beta"]["imports"] == ["beta", "beta_extras"]
    with pytest.raises(SystemExit, match="needs beta>=3"):
        build.write_lock(core, [_wheel(tmp_path, "delta", "1.0", ["beta>=3"], ["delta"]), wheels[1]], set(),
                         tmp_path / "lock.json")
    with pytest.raises(SystemExit, match="needs missing"):
        build.write_lock(core, [_wheel(tmp_path, "eps", "1.0", ["missing"], ["eps"])], set(), tmp_path / "lock.json")


@pytest.mark.parametrize("name", ["sqlite3", "jedi"])
def test_a_stand_in_installs_no_module(tmp_path, name):
    build = load_build()
    path = build.stand_in(name, tmp_path)
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        record = zf.read(f"{name}-0.0.0.dist-info/RECORD").decode()
    assert all(n.startswith(f"{name}-0.0.0.dist-info/") for n in names)
    assert all(n in record for n in names)
    entry, requires = build.wheel_entry(path)
    assert entry["imports"] == [] and requires == []


def test_a_stand_in_satisfies_a_versioned_requirement(tmp_path):
    build = load_build()
    core = tmp_path / "core-lock.json"
    core.write_text(json.dumps({"info": {"python": "3.13.2"}, "packages": {}}))
    wheels = [_wheel(tmp_path, "shell", "1.0", ["jedi>=0.16"], ["shell"]), build.stand_in("jedi", tmp_path)]
    lock = build.write_lock(core, wheels, set(), tmp_path / "lock.json")
    assert lock["packages"]["shell"]["depends"] == ["jedi"]


def test_the_kernel_wheels_load_at_start():
    build = load_build()
    config = build.lite_config({})
    packages = config["jupyter-config-data"]["litePluginSettings"][build.KERNEL_PLUGIN]["loadPyodideOptions"][
        "packages"]
    # the kernel installs one by one, after resolving it again, each of these that the page did not load at start
    assert {"micropip", "piplite", "sqlite3", "comm", "jedi", "ipykernel", "pyodide_kernel", "ipython"} <= set(packages)


def test_the_site_wheels_agree_with_the_app_lock_except_where_said():
    build = load_build()
    pins = {line.split("==")[0].lower(): line.split("==")[1]
            for line in build._lines(ROOT / "site" / "pyodide-requirements.txt")}
    build._check_against_app_lock(pins)    # raises if a pin disagrees without a reason
    assert set(build.DIFFER_FROM_APP_LOCK) <= set(pins)
    assert {"ipywidgets", "anywidget", "traitlets", "comm", "ipython", "micropip"} <= set(pins)
    config = build.lite_config({"XLIB_REPO_URL": "https://github.com/o/r"})
    kernel = config["jupyter-config-data"]["litePluginSettings"][build.KERNEL_PLUGIN]
    assert kernel["pyodideUrl"].startswith("./") and kernel["disablePyPIFallback"] is True
    assert "xlib" in kernel["loadPyodideOptions"]["packages"]


def test_a_wheel_as_bytecode_imports_without_its_source_and_keeps_its_record_true(tmp_path, monkeypatch):
    """site/bytecode.py (run by the build inside Pyodide, here by this Python) swaps each module's source for its
    bytecode; a module that does not compile keeps its source."""
    spec = importlib.util.spec_from_file_location("site_bytecode", ROOT / "site" / "bytecode.py")
    bytecode = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bytecode)
    path = tmp_path / "tinypkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("tinypkg/__init__.py", "def double(n):\n    return 2 * n\n")
        zf.writestr("tinypkg/py2_only.py", "print 'old'\n")
        zf.writestr("tinypkg/data.txt", "kept as it is")
        zf.writestr("tinypkg-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: tinypkg\nVersion: 1.0\n")
        zf.writestr("tinypkg-1.0.dist-info/RECORD", "")
    assert bytecode.compile_archive(str(path)) == (1, 1)
    with zipfile.ZipFile(path) as zf:
        names = set(zf.namelist())
        record = zf.read("tinypkg-1.0.dist-info/RECORD").decode().splitlines()
        for line in record:
            name, digest, size = line.split(",")
            if digest:
                data = zf.read(name)
                assert digest == bytecode._record_line(name, data).split(",")[1] and int(size) == len(data)
    assert names == {"tinypkg/__init__.pyc", "tinypkg/py2_only.py", "tinypkg/data.txt",
                     "tinypkg-1.0.dist-info/METADATA", "tinypkg-1.0.dist-info/RECORD"}
    assert {line.split(",")[0] for line in record} == names
    monkeypatch.syspath_prepend(str(path))
    import tinypkg  # type: ignore[import-not-found]

    assert tinypkg.double(21) == 42 and tinypkg.__file__.endswith("__init__.pyc")


def test_the_pages_get_no_service_worker_and_a_kept_one_removes_itself(tmp_path):
    """Voici's app loses the one plugin that registers JupyterLite's service worker, the rest of it unchanged;
    the site's service-worker.js is one that unregisters itself. A Voici whose app differs stops the build."""
    build = load_build()
    scripts = tmp_path / "voici" / "build"
    scripts.mkdir(parents=True)
    entry = 'n(19747).default.filter((e=>"@jupyterlite/application-extension:service-worker-manager"===e.id)),'
    app = f'const e=[n(51757).default,{entry}n(30939),o.themesManagerPlugin];'
    (scripts / "5981.js").write_text(app)
    (scripts / "other.js").write_text("const unrelated = 1;")
    (tmp_path / "service-worker.js").write_text("self.addEventListener('fetch', onFetch);")
    build.no_service_worker(tmp_path)
    assert (scripts / "5981.js").read_text() == "const e=[n(51757).default,n(30939),o.themesManagerPlugin];"
    assert (scripts / "other.js").read_text() == "const unrelated = 1;"
    worker = (tmp_path / "service-worker.js").read_text()
    assert "registration.unregister()" in worker and "\"fetch\"" not in worker and "onFetch" not in worker
    with pytest.raises(SystemExit, match="in 0 places"):
        build.no_service_worker(tmp_path)     # nothing left to take out: this Voici is not the one expected


def test_the_pages_start_python_with_the_packages_archive_and_pyodides_own_files_gzipped(tmp_path):
    """The kernel loads pyodide.js, which is site/start.js with the names of the packages' archive and of the
    gzipped copies of Pyodide's WebAssembly and script written in; those copies unpack to the files themselves,
    and their names change with what they hold (a browser never mixes an earlier build's with a later one's)."""
    import gzip

    build = load_build()
    assert build.START == "pyodide.js" and build.PYODIDE_JS != "pyodide.js"
    assert build.lite_config({})["jupyter-config-data"]["litePluginSettings"][build.KERNEL_PLUGIN][
        "pyodideUrl"].endswith("/" + build.START)
    (tmp_path / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 400)
    (tmp_path / "pyodide.asm.js").write_text("var _createPyodideModule = () => 1;\n" * 300)
    names = build.gzipped_copies(tmp_path)
    assert set(names) == set(build.GZIPPED) == {"WASM_FILE", "ASM_JS_FILE"}
    for key, name in names.items():
        original = (tmp_path / build.GZIPPED[key]).read_bytes()
        packed = (tmp_path / name).read_bytes()
        assert gzip.decompress(packed) == original and len(packed) < len(original) / 4
        assert re.fullmatch(r"pyodide\.asm-[0-9a-f]{16}\.(wasm|js)\.gz", name), name
    (tmp_path / "pyodide.asm.js").write_text("var _createPyodideModule = () => 2;\n")
    assert build.gzipped_copies(tmp_path)["ASM_JS_FILE"] != names["ASM_JS_FILE"]
    start = build.start_script({**names, "PACKAGES_FILE": "packages-0123.gz"})
    assert '"packages-0123.gz"' in start and "_FILE" not in start
    assert all(f'"{name}"' in start for name in names.values())
    assert f'"{build.PYODIDE_JS}"' in start and "snapshot" not in start.lower()


#: the kernel's page side as jupyterlite-pyodide-kernel builds it: the worker script it starts, by chunk number
KERNEL_SIDE = ('initWorker(e){return crossOriginIsolated?new Worker(new URL(n.p+n.u(620),n.b),{type:void 0}):'
               'new Worker(new URL(n.p+n.u(352),n.b),{type:void 0})}')
#: the app pages' template where the build puts its scripts
TEMPLATE = ('<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8" />\n<title>x</title>\n'
            '<script>window.update_loading_text = () => {};</script>\n</head>\n<body>\n'
            '<div id="rendered_cells" style="display: none">cells</div>\n<script src="../build/voici.js"></script>\n'
            '</body>\n</html>\n')


def built_pages(tmp_path) -> tuple[object, Path]:
    """A site's folder as Voici leaves it (the kernel's scripts, the pages), with early_worker run on it."""
    build = load_build()
    static = tmp_path / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    static.mkdir(parents=True)
    (static / "872.f17f.js").write_text("class K{" + KERNEL_SIDE + "}")
    (static / "352.ff00.js").write_text("self.kernelWorker = true;")
    (static / "620.9c1c.js").write_text("self.isolatedWorker = true;")
    (tmp_path / "static" / "pyodide").mkdir(parents=True)
    render = tmp_path / "voici" / "render"
    render.mkdir(parents=True)
    for notebook in build.NOTEBOOKS:
        (render / f"{Path(notebook).stem}.html").write_text(TEMPLATE)
    build.early_worker(tmp_path, {"packages": ["xlib"], "env": {}})
    return build, tmp_path


def test_each_apps_page_starts_its_kernels_worker_as_it_begins_to_load(tmp_path):
    """The build writes site/worker.js (named by a digest of what it holds) to start Python with the kernel's
    options and then run the kernel's own worker script; each app's page starts it first thing in its head
    (site/page.js) and shows itself once its first board is drawn (site/reveal.js, before the cells); the
    gallery's page, which starts no Python, is left alone."""
    build, out = built_pages(tmp_path)
    (worker,) = (out / "static" / "pyodide").glob("worker-*.js")
    assert re.fullmatch(r"worker-[0-9a-f]{16}\.js", worker.name)
    text = worker.read_text()
    assert 'importScripts("../../extensions/@jupyterlite/pyodide-kernel-extension/static/352.ff00.js")' in text
    assert '{"env": {}, "packages": ["xlib"]}' in text and "PYODIDE_OPTIONS" not in text
    assert text.index('importScripts("pyodide.js")') < text.index("self.loadPyodide(") < text.index("352.ff00")
    reveal = (ROOT / "site" / "reveal.js").read_text()
    for notebook in build.NOTEBOOKS:
        page = (out / "voici" / "render" / f"{Path(notebook).stem}.html").read_text()
        if notebook == build.GALLERY:
            assert page == TEMPLATE
            continue
        head = page[:page.index("</head>")]
        assert head.index("<script>") < head.index("update_loading_text"), "page.js is not the head's first script"
        assert '"../../extensions/@jupyterlite/pyodide-kernel-extension/static/352.ff00.js"' in head
        assert f'"../../static/pyodide/{worker.name}"' in head and "EARLY_WORKER" not in head
        assert page.index(reveal) < page.index('<div id="rendered_cells"') < page.index("voici.js")
    (out / "voici" / "render" / "x.html").write_text(TEMPLATE.replace('id="rendered_cells"', 'id="cells"'))
    with pytest.raises(SystemExit, match="not the page"):
        build.early_worker(out, {})   # Voici's template is not the one the scripts expect
    (out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "872.f17f.js").write_text("")
    with pytest.raises(SystemExit, match="found 0 worker scripts"):
        build.early_worker(out, {})


PAGE_CHECK = r"""
const assert = require("node:assert");
const fs = require("node:fs");
const script = fs.readFileSync(process.argv[2], "utf8");
const KERNEL = "http://127.0.0.1:8000/extensions/@jupyterlite/pyodide-kernel-extension/static/352.ff00.js";
function page({ failEarly, isolated = false }) {
  class Native {
    constructor(url, options) { this.url = String(url); this.options = options; this.listeners = []; made.push(this); }
    addEventListener(type, listener) { if (type === "error") this.listeners.push(listener); }
    terminate() { this.terminated = true; }
  }
  const made = [];
  const window = { Worker: Native, crossOriginIsolated: isolated };
  const document = { baseURI: "http://127.0.0.1:8000/voici/render/x.html" };
  const console = { warn: (text) => made.warnings = (made.warnings || []).concat(text) };
  new Function("window", "document", "console", script)(window, document, console);
  if (failEarly) made[0].listeners.forEach((listener) => listener({ message: "404" }));
  return { Worker: window.Worker, made, Native };
}
// the kernel's worker, asked for by its address with the kernel's version, is the one the page started
let { Worker, made, Native } = page({ failEarly: false });
assert.equal(made.length, 1);
assert.equal(made[0].url, "http://127.0.0.1:8000/static/pyodide/worker-0123.js");
const other = new Worker("data:application/javascript,1");
assert.notEqual(other, made[0]);
assert.ok(other instanceof Native && other instanceof Worker);
const kernel = new Worker(new URL(KERNEL + "?v=ff00"), { type: undefined });
assert.equal(kernel, made[0]);
assert.notEqual(new Worker(KERNEL), made[0], "the early worker is handed on once");
// a worker that failed to start is not handed on: the kernel gets one of its own
({ Worker, made } = page({ failEarly: true }));
assert.ok(made[0].terminated);
const own = new Worker(KERNEL + "?v=ff00");
assert.notEqual(own, made[0]);
assert.equal(own.url, KERNEL + "?v=ff00");
assert.match(made.warnings[0], /did not start early: 404/);
// a cross-origin isolated page starts no worker early: its kernel runs another worker script
({ Worker, made } = page({ failEarly: false, isolated: true }));
assert.equal(made.length, 0);
assert.equal(new Worker(KERNEL + "?v=ff00").url, KERNEL + "?v=ff00");
console.log("handed on");
"""


def test_the_kernel_gets_the_worker_the_page_started_and_its_own_when_that_one_failed(tmp_path):
    """site/page.js in Node.js, with a stand-in for the browser's Worker: the worker the kernel asks for (by its
    script's address, whatever version the kernel adds to it) is the one the page started, once; any other worker
    is made as asked; when the early worker failed to start, the kernel gets a worker of its own; and a cross-origin
    isolated page, whose kernel runs another worker script, starts none early."""
    script = (ROOT / "site" / "page.js").read_text()
    script = script.replace('"KERNEL_WORKER"',
                            '"../../extensions/@jupyterlite/pyodide-kernel-extension/static/352.ff00.js"')
    script = script.replace('"EARLY_WORKER"', '"../../static/pyodide/worker-0123.js"')
    (tmp_path / "page.js").write_text(script)
    (tmp_path / "check.js").write_text(PAGE_CHECK)
    done = subprocess.run(["node", str(tmp_path / "check.js"), str(tmp_path / "page.js")], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "handed on", done.stderr


STAND_IN_CHECK = """
import sys, pathlib
sys.path.insert(0, sys.argv[1])
exec(compile(pathlib.Path(sys.argv[2]).read_text(), "startup.py", "exec"), {"__name__": "startup"})
assert "heavy_terminal_stack" not in sys.modules and "heavy_installer" not in sys.modules
import heavypkg
assert "heavy_terminal_stack" not in sys.modules, "the terminal stack was imported with the package"
assert heavypkg.embed(2) == 4 and "heavy_terminal_stack" in sys.modules
import heavypkg.terminal.embed as real
assert real.SHOWN == "terminal" and real.embed(3) == 6 and heavypkg.terminal.embed is real
import pipkg.pipmod
pipkg.pipmod.SETTING = "set by the kernel"
assert "heavy_installer" not in sys.modules, "the installer was imported to be given a setting"
assert pipkg.install("a") == "a with set by the kernel" and "heavy_installer" in sys.modules
assert pipkg.pipmod.install is sys.modules["pipkg.pipmod"].install and pipkg.pipmod.SETTING == "set by the kernel"
import notinstalled_stays_unknown
print("deferred")
"""


def test_a_pages_python_defers_the_terminal_ipython_imports_with_itself(tmp_path):
    """site/startup.py (run in each page's Python before the kernel starts) keeps IPython's terminal module
    unimported when IPython imports `embed` from it, and piplite's module when the kernel gives it its settings;
    the real module takes over at the first use of its names, with those settings. Here packages shaped like
    IPython 9.15 and piplite stand in for them; a package not installed is left alone."""
    package = tmp_path / "heavypkg"
    (package / "terminal").mkdir(parents=True)
    (package / "__init__.py").write_text("from .terminal.embed import embed\n")
    (package / "terminal" / "__init__.py").write_text("")
    (package / "terminal" / "embed.py").write_text(
        "import heavy_terminal_stack\nSHOWN = 'terminal'\ndef embed(n):\n    return 2 * n\n")
    (tmp_path / "heavy_terminal_stack.py").write_text("")
    (tmp_path / "pipkg").mkdir()
    (tmp_path / "pipkg" / "__init__.py").write_text("from .pipmod import install\n")
    (tmp_path / "pipkg" / "pipmod.py").write_text(
        "import heavy_installer\nSETTING = 'none'\ndef install(what):\n    return f'{what} with {SETTING}'\n")
    (tmp_path / "heavy_installer.py").write_text("")
    (tmp_path / "notinstalled_stays_unknown.py").write_text(
        "import sys\nassert 'notinstalled.mod' not in sys.modules\n")
    original = (ROOT / "site" / "startup.py").read_text()
    startup = (original.replace('"IPython.terminal.embed"', '"heavypkg.terminal.embed"')
               .replace('"piplite.piplite"', '"pipkg.pipmod"')
               .replace("DEFERRED: dict", 'DEFERRED_EXTRA = {"notinstalled.mod": (("f",), True)}\nDEFERRED: dict'))
    startup = startup.replace("for _module, (_names, _with_package) in DEFERRED.items():",
                              "for _module, (_names, _with_package) in {**DEFERRED, **DEFERRED_EXTRA}.items():")
    assert startup.count("heavypkg") == 1 and startup.count("pipkg") == 1 and "**DEFERRED_EXTRA}" in startup
    (tmp_path / "startup.py").write_text(startup)
    done = subprocess.run([sys.executable, "-c", STAND_IN_CHECK, str(tmp_path), str(tmp_path / "startup.py")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "deferred" in done.stdout, done.stderr
    script = load_build().start_script({})
    assert json.dumps((ROOT / "site" / "startup.py").read_text()) in script and "STARTUP_PYTHON" not in script


def test_the_packages_archive_leaves_out_what_no_page_reads():
    """site/packages.mjs leaves the packages' front ends, tests, caches and type stubs out of the archive every
    page fetches, and keeps every module and the files the packages read (xlib's canvas script among them)."""
    if shutil.which("node") is None:
        pytest.skip("Node.js is not installed (the site's build needs it)")
    site_packages = "/lib/python3.13/site-packages/"
    left_out = ["/share/jupyter/labextensions/anywidget/static/2.3dbf81c0.js",
                site_packages + "jupyterlab_widgets-3.0.17.data/data/share/jupyter/labextensions/x/package.json",
                site_packages + "anywidget/labextension/static/main.15ebcf03.js",
                site_packages + "anywidget/nbextension/index.js",
                site_packages + "ipywidgets/widgets/tests/test_widget.pyc",
                site_packages + "ipywidgets/widgets/tests/data/jupyter-logo-transparent.png",
                site_packages + "psygnal/_group.pyi", site_packages + "pkg/__pycache__/mod.cpython-313.pyc"]
    kept = [site_packages + "xlib/board/webcanvas.js", site_packages + "xlib/board/board.pyc",
            site_packages + "IPython/core/interactiveshell.pyc", site_packages + "xlib/lessons/text.pyc",
            site_packages + "anywidget-0.11.0.dist-info/METADATA", site_packages + "pygments/lexers/_mapping.pyc",
            site_packages + "IPython/testing/__init__.pyc"]
    script = ("import { NEVER_READ } from " + json.dumps((ROOT / "site" / "packages.mjs").as_uri()) + ";\n"
              "const paths = JSON.parse(process.argv[1]);\n"
              "console.log(JSON.stringify(paths.map((p) => NEVER_READ.test(p))));")
    done = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps(left_out + kept)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [True] * len(left_out) + [False] * len(kept)


def test_the_gallery_is_a_plain_page_made_from_its_notebook(tmp_path, no_links):
    """The site's gallery is a page with no script: the notebook's words, its cards (linking each game's page, the
    labs saying where they run) and every game with its options, from the notebook's own cells run at build time,
    with the links of the site's pages; the sheets of rules to print are linked to the games' pages, which make
    them. The same page is the site's first page, its links the same from there."""
    from html.parser import HTMLParser

    import xlib

    build = load_build()
    build.first_page(tmp_path, {})
    page = (tmp_path / "voici" / "render" / "index.html").read_text(encoding="utf-8")
    first = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert first == page.replace("<title>", '<base href="voici/render/">\n  <title>')

    class Tags(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[str] = []

        def handle_starttag(self, tag, attrs) -> None:
            self.tags.append(tag)

    parsed = Tags()
    parsed.feed(page)
    assert "script" not in parsed.tags and "iframe" not in parsed.tags and "link" not in parsed.tags
    for word in ("jupyter", "kernel", "pyodide", "voici", "ipywidgets", "widget-view"):
        assert word not in page.lower(), word
    assert '<html lang="en">' in page and 'name="viewport"' in page and parsed.tags.count("h1") == 1
    assert "<title>Games for teaching cooperation and self-interest</title>" in page
    assert gallery.gallery_html(site=True) in page
    assert gallery.rules_note(site=True).split("[")[0] in page and 'href="../../rules.html"' in page
    for name in xlib.game_names():
        g = xlib.game(name)
        assert f"<strong>{g.title}</strong>" in page
        for spec in g.option_specs:
            assert html.escape(spec.in_words(), quote=False).split(" (")[0] in page, spec.in_words()
    games = [card for card in gallery.CARDS if not card.lab]
    printing = page[page.index('class="xlib-print"'):]
    assert "Print the rules (A4)" in printing
    assert hrefs(printing[:printing.index("</p>")]) == [card.notebook.replace(".ipynb", ".html") for card in games]
    with pytest.raises(SystemExit, match="cannot"):
        build._run_cell("from ipywidgets import Button\nButton()")


def test_on_binder_the_class_box_says_where_live_tables_work_unless_a_class_database_is_shared(monkeypatch):
    from xlib.board import Board
    from xlib.panels.classroom import ClassJoin

    monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    monkeypatch.delenv("XLIB_CLASS_DB", raising=False)
    board = Board("x", keep=None)
    text = ClassJoin(board).widget.children[0].value
    assert "live tables need the apps served from one computer" in text and "On Binder every visitor" in text
    monkeypatch.setenv("XLIB_CLASS_DB", "postgresql://teacher@school/classes")
    assert "xlib-class-site" not in ClassJoin(board).widget._dom_classes


#: run in a Python where the modules the site does not ship cannot be imported, as in the student's browser
WITHOUT_SITE_MISSING = """
import importlib.abc, sys
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"sqlite3", "_sqlite3", "numpy", "psycopg"}:
            raise ModuleNotFoundError(f"No module named {name!r}")
sys.meta_path.insert(0, Refuse())
"""


def test_every_import_of_the_sites_notebooks_works_without_the_modules_the_site_leaves_out():
    """The site ships no sqlite3 (a stand-in), no numpy and no PostgreSQL driver: every line that imports in the
    site's notebooks, and the class box the pages show there, must work without them (class mode's stores import
    them only when a class is opened)."""
    build = load_build()
    lines = sorted({line for name in build.NOTEBOOKS for cell in json.loads((ROOT / "notebooks" / name).read_text())
                    ["cells"] if cell["cell_type"] == "code"
                    for line in "".join(cell["source"]).splitlines() if line.startswith(("from ", "import "))})
    assert any("xlib.board" in line for line in lines)
    class_box = ("from xlib import runtime\nruntime.ON_SITE = True\nfrom xlib.board import Board\n"
                 "from xlib.panels.classroom import ClassJoin\nClassJoin(Board('x', keep=None))")
    done = subprocess.run([sys.executable, "-c", WITHOUT_SITE_MISSING + "\n".join(lines) + "\n" + class_box],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr


def test_on_the_site_medium_stops_its_search_sooner_and_hard_keeps_its_budget(monkeypatch):
    """In the student's browser the search runs about twice as slowly and the turn also draws the move: there the
    default computer (Medium) stops its search at 0.3 s instead of half a second, with the same imagined games,
    so that its answer comes within about a second; Hard keeps its budget (it still looks further ahead)."""
    from xlib.agents import DEFAULT, make_agent
    from xlib.agents.levels import HARD_NODES, MEDIUM_NODES, Hard, Medium

    monkeypatch.setattr(runtime, "ON_SITE", False)
    assert Medium().seconds == 0.5 and Hard().seconds == 1.0
    monkeypatch.setattr(runtime, "ON_SITE", True)
    medium, hard = make_agent(DEFAULT), Hard()
    assert isinstance(medium, Medium) and medium.seconds == 0.3 and medium.nodes == MEDIUM_NODES
    assert hard.seconds == 1.0 and hard.nodes == HARD_NODES
    assert Medium(seconds=0.2).seconds == 0.2 and Medium(seconds=None).seconds is None
    start = 100.0
    medium._turn_began = start
    assert medium._stop_at(start) - start <= 0.3      # the search stops by its own clock within the cap
