"""Build the static site: the gallery and the five game apps as a Voici site, each student's Python running in
their own browser (Pyodide), with every file the pages load inside the site's folder.

Run by `make site` in .venv-site (site/requirements.txt): `python site/build.py [OUTPUT]` (default build/site).
Everything comes from the package registries now, and nothing from anywhere at run time:

- npm (site/package.json and its lock): the Pyodide core, and the Font Awesome stylesheets Voila's page asks for;
- PyPI (site/pyodide-requirements.txt): the pure-Python wheels the apps import, and a wheel of xlib built from
  this working tree; Pyodide's lock is written here to list exactly the shipped wheels with their sha256;
- the kernel's own helper wheels (piplite, the ipykernel shim, pyodide_kernel) come with
  jupyterlite-pyodide-kernel; they are shipped with the others so that they load at start, all at once.

Every shipped wheel, and Pyodide's standard library, carries its modules compiled to bytecode by the browser's own
Python (site/bytecode.mjs runs the npm Pyodide in Node.js), so that no page compiles them at each visit. That
Pyodide then makes one archive of the files the packages install (site/packages.mjs), which a page's pyodide.js
(site/start.js) writes into its Python's file system instead of unpacking the wheels at each visit; Pyodide's
WebAssembly and its script are shipped gzipped as well, and unpacked there. The gallery is a plain page, made from
its notebook here (gallery_page): only a game's page starts Python. A first visit to a game fetches under 20 MB
from a plain file server, which compresses nothing (tests/test_site.py). The pages run without JupyterLite's
service worker (see no_service_worker). Each game's page starts its kernel's worker, and Python in it, as the page
begins to load (site/page.js, site/worker.js), and shows itself once its first board is drawn (site/reveal.js):
see early_worker.

Links the gallery shows (another place to open the apps) come from the environment at build time:
XLIB_SITE_URL (where this site is published), XLIB_BINDER_URL and XLIB_REPO_URL (the repository, for the README's
sections); the last two default to this repository's GitHub remote, if it has one.
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import html
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path
from types import ModuleType

import mistune
from mistune.toc import add_toc_hook
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: the notebooks the site serves: the gallery and the five game apps (the labs need numpy and a shared database)
NOTEBOOKS = ["index.ipynb", "alea.ipynb", "x.ipynb", "xats.ipynb", "xerog.ipynb", "xallies.ipynb"]
#: the gallery's notebook: on the site a plain page made from it at build time (gallery_page), with no Python in
#: the browser, so that it shows at once and fetches next to nothing; only the apps' pages start Python
GALLERY = "index.ipynb"
#: the packages each page's Python loads when it starts, with what they depend on: the kernel's own (micropip,
#: piplite, sqlite3, comm, jedi, ipykernel, pyodide_kernel, ipython; the kernel installs any of them not listed
#: here one by one, after resolving it again) and the apps' (ipywidgets, anywidget, xlib)
PRELOAD = ["micropip", "piplite", "sqlite3", "comm", "jedi", "ipykernel", "pyodide_kernel", "ipython", "ipywidgets",
           "anywidget", "xlib"]
#: the kernel's own wheels, shipped with Pyodide's packages so that they load at start with the others
KERNEL_WHEELS = ["piplite", "ipykernel", "pyodide_kernel"]
#: packages the kernel asks for that the site replaces by an empty stand-in, and why
STAND_INS = {
    "sqlite3": "Stands in for Pyodide's unvendored sqlite3 module, which this site does not ship",
    "jedi": "Stands in for jedi, which IPython imports at start only to complete code as it is typed",
}
#: the script that starts a page's Python in the kernel's worker (site/start.js), shipped as pyodide.js (the
#: kernel's build tool points the kernel at that name), and the name Pyodide's own pyodide.js takes
START, PYODIDE_JS = "pyodide.js", "pyodide-core.js"
#: the archive of the packages' files a page's Python starts with, by the placeholder of its name in site/start.js,
#: and the start of that name (a digest of its contents follows)
STARTS_FROM = {"PACKAGES_FILE": "packages"}
#: Pyodide's own files that the site ships gzipped as well, by the placeholders of their copies' names in
#: site/start.js, which unpacks them in the browser (a plain file server sends every file as it is on disk)
GZIPPED = {"WASM_FILE": "pyodide.asm.wasm", "ASM_JS_FILE": "pyodide.asm.js"}
#: the Pyodide core files the site ships (the npm package lists 300+ wheels in its lock but ships none of them)
CORE = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"]
#: the Python the browser runs, to judge each wheel's dependency markers
PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
                   "platform_machine": "wasm32", "python_version": "3.13", "python_full_version": "3.13.2",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
FONT_AWESOME = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the entry of Voici's app bundle that adds JupyterLite's service worker to every page (see no_service_worker)
SERVICE_WORKER_PLUGIN = re.compile(
    r'\w+\(\d+\)\.default\.filter\(\(\w+=>"@jupyterlite/application-extension:service-worker-manager"===\w+\.id\)\),')
#: what the site serves as service-worker.js: a worker that removes itself, for a browser that kept the one an
#: earlier build of the site registered
UNREGISTER_WORKER = """// The site registers no service worker. A browser that kept one from an earlier version of the site
// fetches this file when it checks for an update: this worker then takes over and removes itself.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.registration.unregister()));
"""
#: where the kernel's page side makes its worker: a worker script of its own when the page is cross-origin
#: isolated (never on a plain file server), else the one whose webpack chunk number this finds (see early_worker)
KERNEL_WORKER_CHUNK = re.compile(r"crossOriginIsolated\?new Worker\(new URL\(\w+\.p\+\w+\.u\(\d+\),\w+\.b\),"
                                 r"\{type:void 0\}\):new Worker\(new URL\(\w+\.p\+\w+\.u\((\d+)\),\w+\.b\)")
#: the app pages' template: where site/page.js goes (first thing in the head), and where site/reveal.js goes (after
#: the template's own scripts that show the cells, before the cells)
PAGE_HEAD = re.compile(r'<head>\s*<meta charset="utf-8"\s*/?>')
BEFORE_CELLS = '<div id="rendered_cells"'
#: pins that may differ from the app lock's, and why
DIFFER_FROM_APP_LOCK = {"ipython": "the kernel needs IPython before 9.16 (see site/pyodide-requirements.txt)"}


def run(*cmd: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command (with `env` added to the environment), stopping the build with its output if it fails."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], cwd=cwd, check=True, env={**os.environ, **env} if env else None)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def npm_packages(work: Path) -> Path:
    """Install site/package.json's locked packages (npm ci) into `work`; returns its node_modules."""
    work.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(HERE / name, work / name)
    run("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", cwd=work)
    return work / "node_modules"


def download_wheels(dest: Path) -> list[Path]:
    """The pinned pure-Python wheels from PyPI, no dependency resolution (the pins are the whole set)."""
    dest.mkdir(parents=True, exist_ok=True)
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "--platform", "any",
        "--python-version", "3.13", "--implementation", "py", "--abi", "none", "-r", HERE / "pyodide-requirements.txt",
        "-d", dest)
    pins = {canonicalize_name(Requirement(line).name): str(Requirement(line).specifier).lstrip("=")
            for line in _lines(HERE / "pyodide-requirements.txt")}
    wheels = []
    for path in sorted(dest.glob("*.whl")):
        name, version, _, _ = parse_wheel_filename(path.name)
        if pins.get(name) == str(version):
            wheels.append(path)
    missing = set(pins) - {parse_wheel_filename(p.name)[0] for p in wheels}
    if missing:
        raise SystemExit(f"no pure-Python wheel on the registry for: {', '.join(sorted(missing))}")
    _check_against_app_lock(pins)
    return wheels


def _lines(path: Path) -> list[str]:
    return [s for s in (line.split("#")[0].strip() for line in path.read_text().splitlines()) if s]


def _check_against_app_lock(pins: dict[str, str]) -> None:
    """The browser runs the versions the tests ran: every pin that the app lock also pins must agree with it."""
    lock = {}
    for line in _lines(ROOT / "binder" / "requirements.txt"):
        if "==" in line and not line.startswith("-"):
            req = Requirement(line.split(";")[0].strip())
            lock[canonicalize_name(req.name)] = str(req.specifier).lstrip("=")
    differ = [f"{n} {v} (the app lock has {lock[n]})" for n, v in pins.items()
              if n in lock and lock[n] != v and n not in DIFFER_FROM_APP_LOCK]
    if differ:
        raise SystemExit("site/pyodide-requirements.txt disagrees with binder/requirements.txt: " + ", ".join(differ))


def xlib_wheel(dest: Path) -> Path:
    """A wheel of xlib from this working tree, without its (app) dependencies."""
    for old in dest.glob("xlib-*.whl"):
        old.unlink()
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", dest, ROOT)
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)   # setuptools' staging folder
    (wheel,) = dest.glob("xlib-*.whl")
    return wheel


def stand_in(name: str, dest: Path) -> Path:
    """An empty package named `name` (see STAND_INS). The kernel asks for Pyodide's sqlite3 module, which the npm
    package does not ship: with the stand-in installed instead, `import sqlite3` fails as IPython expects when
    SQLite is missing, and IPython keeps its history in memory (class mode, which needs SQLite, is not offered on
    the site). IPython imports jedi, when it is there, only to complete code as one types, which no app page does:
    without it, a page starts about a second sooner and downloads 1.6 MB less."""
    path = dest / f"{name}-0.0.0-py3-none-any.whl"
    info = f"{name}-0.0.0.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\nSummary: {STAND_INS[name]}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: xlib-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    with zipfile.ZipFile(path, "w") as zf:
        for fname, text in files.items():
            data = text.encode()
            zf.writestr(zipfile.ZipInfo(fname, (2020, 1, 1, 0, 0, 0)), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{fname},sha256={digest},{len(data)}")
        record.append(f"{info}/RECORD,,")
        zf.writestr(zipfile.ZipInfo(f"{info}/RECORD", (2020, 1, 1, 0, 0, 0)), "\n".join(record) + "\n")
    return path


def as_bytecode(archives: list[Path], pyodide_core: Path, dest: Path) -> list[Path]:
    """Copies of the wheels (and of Pyodide's standard library, which npm ships as source) with their modules
    compiled by the browser's own Python (site/bytecode.mjs runs the npm Pyodide in Node.js): a page then imports
    them without compiling each module first, at every visit."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    copies = [Path(shutil.copy2(path, dest / path.name)) for path in archives]
    run("node", HERE / "bytecode.mjs", pyodide_core, dest)
    return copies


def packages_archive(pyodide: Path, env: dict[str, str]) -> dict[str, str]:
    """The archive of the files the pages' packages install, made by the site's own Pyodide in Node.js
    (site/packages.mjs) and written gzipped into `pyodide`, with gzipped copies of Pyodide's own largest files;
    and the script that starts a page's Python from them (site/start.js) in the place of Pyodide's pyodide.js.
    Returns the files' names by their placeholders in the script.

    The site once started each page's Python from a memory snapshot of a Python that had imported IPython, the
    widgets and xlib: it saved some 1.5 s of a computer's time at each visit, but it was 11.7 MB of the 38 MB a
    first visit fetched, as many bytes as all of Python's own files, and more than a class fetching the site at
    once on one school connection can spare."""
    settings = {"packages": PRELOAD, "env": env}
    made = pyodide / "packages.gz"
    run("node", HERE / "packages.mjs", pyodide, made, json.dumps(settings), env={"TZ": "UTC"})
    names = {"PACKAGES_FILE": f"{STARTS_FROM['PACKAGES_FILE']}-{sha256(made)[:16]}.gz"}
    made.rename(pyodide / names["PACKAGES_FILE"])
    names.update(gzipped_copies(pyodide))
    shutil.move(pyodide / START, pyodide / PYODIDE_JS)
    (pyodide / START).write_text(start_script(names))
    return names


def gzipped_copies(pyodide: Path) -> dict[str, str]:
    """Gzipped copies of Pyodide's WebAssembly and of the script around it (GZIPPED), named by a digest of their
    contents, beside the files themselves (which Pyodide fetches where a copy cannot be had): a first visit then
    fetches some 6.7 MB less from a plain file server. Returns the copies' names by their placeholders."""
    names = {}
    for key, name in GZIPPED.items():
        data = (pyodide / name).read_bytes()
        stem, _, ext = name.rpartition(".")
        names[key] = f"{stem}-{hashlib.sha256(data).hexdigest()[:16]}.{ext}.gz"
        (pyodide / names[key]).write_bytes(gzip.compress(data, compresslevel=6, mtime=0))
    return names


def start_script(names: dict[str, str]) -> str:
    """site/start.js with the names of the files it starts Python from in the place of their placeholders, and
    the text of site/startup.py in the place of STARTUP_PYTHON."""
    text = (HERE / "start.js").read_text()
    for key, name in {**names, "STARTUP_PYTHON": (HERE / "startup.py").read_text()}.items():
        if f'"{key}"' not in text:
            raise SystemExit(f"site/start.js does not name {key}")
        text = text.replace(f'"{key}"', json.dumps(name))
    return text


def wheel_entry(path: Path) -> tuple[dict, list[Requirement]]:
    """A wheel as Pyodide's lock lists it (without its dependencies yet), and its requirements."""
    name, version, _, _ = parse_wheel_filename(path.name)
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(zf.read(meta_name).decode("utf-8"))
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top:
            imports = [s.strip() for s in zf.read(top).decode().splitlines() if s.strip()]
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if not n.split("/")[0].endswith((".dist-info", ".data"))
                              and (n.endswith(".py") or "/" in n)})
    reqs = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
    entry = {"name": str(name), "version": str(version), "file_name": path.name, "install_dir": "site",
             "sha256": sha256(path), "package_type": "package", "imports": [i for i in imports if i.isidentifier()],
             "depends": [], "unvendored_tests": False}
    return entry, reqs


def write_lock(core_lock: Path, wheels: list[Path], kernel_wheels: set[str], out: Path) -> dict:
    """Pyodide's lock for the site: the core's own `info`, and exactly the shipped wheels with their sha256 and
    their dependencies (as Pyodide sees them: Python 3.13 in a browser). A dependency that is neither shipped nor
    one the kernel installs from its own wheels stops the build."""
    env = {**default_environment(), **PYODIDE_MARKERS}
    entries, reqs = {}, {}
    for path in wheels:
        entry, wanted = wheel_entry(path)
        key = canonicalize_name(entry["name"])
        entries[key], reqs[key] = entry, wanted
    missing = []
    for key, wanted in reqs.items():
        for req in wanted:
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            dep = canonicalize_name(req.name)
            if dep in entries:
                if dep not in STAND_INS and not req.specifier.contains(entries[dep]["version"], prereleases=True):
                    missing.append(f"{key} needs {req} (shipped: {entries[dep]['version']})")
                entries[key]["depends"].append(dep)
            elif dep not in kernel_wheels:
                missing.append(f"{key} needs {req}")
    if missing:
        raise SystemExit("the site's wheels miss dependencies: " + "; ".join(missing))
    lock = {"info": json.loads(core_lock.read_text())["info"], "packages": dict(sorted(entries.items()))}
    out.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock


def git_remote() -> str | None:
    """This repository's GitHub address, from the remote named origin (None without one)."""
    try:
        url = subprocess.run(["git", "remote", "get-url", "origin"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    m = re.search(r"github\.com[:/](.+?)(\.git)?$", url)
    return f"https://github.com/{m.group(1)}" if m else None


def links() -> dict[str, str]:
    """The links the pages show, from the environment (or this repository's remote): passed to each page's Python
    as environment variables."""
    repo = os.environ.get("XLIB_REPO_URL") or git_remote()
    out = {"XLIB_REPO_URL": repo or "", "XLIB_SITE_URL": os.environ.get("XLIB_SITE_URL", "")}
    binder = os.environ.get("XLIB_BINDER_URL")
    if binder is None and repo:
        binder = (repo.replace("https://github.com/", "https://mybinder.org/v2/gh/")
                  + "/main?urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb")
    out["XLIB_BINDER_URL"] = binder or ""
    return {k: v for k, v in out.items() if v}


def stage_notebooks(dest: Path) -> None:
    """The site's apps' notebooks, outputs cleared (each page runs its notebook anew in the browser); not the
    gallery's, which is a plain page (gallery_page)."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for name in NOTEBOOKS:
        if name == GALLERY:
            continue
        nb = json.loads((ROOT / "notebooks" / name).read_text())
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        nb["metadata"].pop("widgets", None)
        (dest / name).write_text(json.dumps(nb, indent=1) + "\n")


def lite_config(env: dict[str, str]) -> dict:
    """jupyter-lite.json: Pyodide from the site's own folder (pyodide.js, which starts it with the packages'
    archive), no fallback to PyPI, packages loaded at start."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "XAllies and friends",
        "litePluginSettings": {KERNEL_PLUGIN: {
            "pyodideUrl": "./static/pyodide/pyodide.js",
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": PRELOAD, "env": env},
        }},
    }}


def ship_font_awesome(modules: Path, out: Path) -> None:
    """Voila's page template links two Font Awesome stylesheets on a CDN: ship them, and point the pages here."""
    fa = modules / "@fortawesome" / "fontawesome-free"
    dest = out / "static" / "fontawesome"
    shutil.rmtree(dest, ignore_errors=True)
    (dest / "css").mkdir(parents=True)
    for css in ("all.min.css", "v4-shims.min.css"):
        shutil.copy2(fa / "css" / css, dest / "css" / css)
    shutil.copytree(fa / "webfonts", dest / "webfonts")
    for page in out.rglob("*.html"):
        text = page.read_text()
        if FONT_AWESOME in text:
            rel = os.path.relpath(dest / "css", page.parent).replace(os.sep, "/")
            page.write_text(text.replace(FONT_AWESOME, rel + "/"))


def kernel_worker_script(out: Path) -> Path:
    """The script the kernel's page side runs its worker from (on a page that is not cross-origin isolated)."""
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    chunks = {match for script in static.glob("*.js") for match in KERNEL_WORKER_CHUNK.findall(script.read_text())}
    scripts = [path for chunk in chunks for path in static.glob(f"{chunk}.*.js")]
    if len(scripts) != 1:
        raise SystemExit(f"found {len(scripts)} worker scripts of the kernel (expected one, chunks {sorted(chunks)}): "
                         "check KERNEL_WORKER_CHUNK against this jupyterlite-pyodide-kernel")
    return scripts[0]


def early_worker(out: Path, options: dict) -> None:
    """Each app's page starts its kernel's worker, and with it Python, as the page begins to load (site/page.js),
    not about a second later when JupyterLab's scripts have run and start the kernel: with the computer's two
    cores, Python boots while the page's scripts load, and the board shows some 0.7 s sooner. The worker
    (site/worker.js, named by a digest of what it holds) starts Python with the kernel's options, then runs the
    kernel's own worker script, which the kernel's page side then talks to. The page also shows itself once its
    first board is drawn (site/reveal.js), not when the last cell has run."""
    pyodide = out / "static" / "pyodide"
    kernel = kernel_worker_script(out)
    worker = (HERE / "worker.js").read_text()
    for key, value in {'"KERNEL_WORKER"': json.dumps(os.path.relpath(kernel, pyodide).replace(os.sep, "/")),
                       "PYODIDE_OPTIONS": json.dumps(options, sort_keys=True)}.items():
        if key not in worker:
            raise SystemExit(f"site/worker.js does not name {key}")
        worker = worker.replace(key, value)
    name = f"worker-{hashlib.sha256(worker.encode()).hexdigest()[:16]}.js"
    (pyodide / name).write_text(worker, encoding="utf-8")
    reveal = (HERE / "reveal.js").read_text()
    for stem in (Path(notebook).stem for notebook in NOTEBOOKS if notebook != GALLERY):
        page = out / "voici" / "render" / f"{stem}.html"
        to = {"KERNEL_WORKER": kernel, "EARLY_WORKER": pyodide / name}
        head = (HERE / "page.js").read_text()
        for key, path in to.items():
            head = head.replace(f'"{key}"', json.dumps(os.path.relpath(path, page.parent).replace(os.sep, "/")))
        text = page.read_text(encoding="utf-8")
        text, heads = PAGE_HEAD.subn(lambda found: f"{found.group(0)}\n<script>\n{head}</script>", text, count=1)
        if not heads or text.count(BEFORE_CELLS) != 1:
            raise SystemExit(f"{page} is not the page site/page.js and site/reveal.js expect")
        page.write_text(text.replace(BEFORE_CELLS, f"<script>\n{reveal}</script>\n{BEFORE_CELLS}"), encoding="utf-8")


def no_service_worker(out: Path) -> None:
    """Voici registers JupyterLite's service worker on every page, for what the apps never use (the site's files
    inside Python, input() in a cell). With it, the kernel makes that drive Python's working folder, so that each
    module imported asks the page for the folder by a request that waits for the answer (some 200 per visit), and
    every file a page loads passes through the worker, which keeps the browser from reusing the Pyodide and the
    scripts it compiled at the last visit. Its plugin is taken out of Voici's app, and service-worker.js removes
    the worker from a browser that kept it."""
    found = []
    for script in (out / "voici" / "build").glob("*.js"):
        text = script.read_text(encoding="utf-8")
        new, count = SERVICE_WORKER_PLUGIN.subn("", text)
        if count:
            script.write_text(new, encoding="utf-8")
            found += [script.name] * count
    if len(found) != 1:
        raise SystemExit(f"Voici's app adds the service worker in {len(found)} places (expected one: {found}): "
                         "check SERVICE_WORKER_PLUGIN against this Voici version")
    (out / "service-worker.js").write_text(UNREGISTER_WORKER, encoding="utf-8")


#: the gallery's page: the notebook's words and the gallery's cards, laid out for a computer's screen or a phone
GALLERY_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  {base}<title>{title}</title>
  <style>
    body {{ margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; }}
    main {{ max-width: 1140px; margin: 0 auto; padding: 12px 16px 32px; }}
    h1 {{ font-size: 28px; line-height: 1.25; margin: 12px 6px; }}
    main > p, main > ul, .xlib-rules {{ margin-left: 6px; margin-right: 6px; }}
    a {{ color: #0b57d0; }}
    .xlib-card {{ box-sizing: border-box; max-width: calc(100% - 12px); }}
    .xlib-card a {{ color: #0842a0; }}
    .xlib-print a {{ display: inline-block; margin: 2px 10px 2px 0; }}
    @media (max-width: 600px) {{
      main {{ padding: 8px 8px 24px; }}
      h1 {{ font-size: 22px; }}
      .xlib-card {{ display: block !important; width: auto !important; min-height: 0 !important; }}
    }}
  </style>
</head>
<body>
<main>
{body}
</main>
</body>
</html>
"""
#: what the gallery's page shows on the site in the place of a cell that needs the widgets (the notebook's
#: paragraph before it goes with it): the sheets of rules are made in each game's page
SITE_INSTEAD = {
    "HandoutLinks": "<p class=\"xlib-print\"><b>Print the rules.</b> Each game's page makes its rules as a sheet to "
                    "print on A4: every rule with pictures, our decisions, exercises, and their answers on the last "
                    "pages. Open the game, press <i>Print the rules (A4)</i> near the end of its page, then save the "
                    "sheet with the link that appears, open it in a browser and print it.<br>{links}</p>",
}


class _Shown:
    """What IPython.display's HTML and Markdown hold, for the gallery's cells run at build time."""

    def __init__(self, data: str) -> None:
        self.data = data


class _HTML(_Shown):
    def html(self) -> str:
        return self.data


class _Markdown(_Shown):
    def html(self) -> str:
        return mistune.html(self.data)


def _run_cell(source: str) -> str:
    """Run one of the gallery notebook's cells here, as the site's page would in the browser, with IPython's
    display of HTML and Markdown stood in for (IPython need not be installed here); returns its result's HTML."""
    import ast
    import types

    display = types.ModuleType("IPython.display")
    display.HTML, display.Markdown = _HTML, _Markdown   # type: ignore[attr-defined]
    saved = {name: sys.modules.get(name) for name in ("IPython", "IPython.display")}
    sys.modules["IPython.display"] = display
    sys.modules.setdefault("IPython", types.ModuleType("IPython"))
    try:
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        scope: dict = {"__name__": "__gallery__"}
        exec(compile(tree, GALLERY, "exec"), scope)
        shown = eval(compile(ast.Expression(last.value), GALLERY, "eval"), scope) if last is not None else None
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    if shown is None:
        return ""
    if not isinstance(shown, _Shown):
        raise SystemExit(f"a cell of {GALLERY} shows what a plain page cannot: {type(shown).__name__}")
    return shown.html()


def gallery_page(env: dict[str, str], base: str = "") -> str:
    """The gallery as a plain page, made here from its notebook: the notebook's words, and its cells run in this
    Python as the site's page runs them (the cards, the rules each game follows and its options), with the links
    the site's pages get. A cell that needs the widgets gives way to what SITE_INSTEAD says. `base` is the folder
    the page's links start from (the site's first page is in the site's root, its links are from the apps')."""
    sys.path.insert(0, str(ROOT))
    saved = {key: os.environ.get(key) for key in env}
    os.environ.update(env)
    try:
        from xlib import runtime
        from xlib.panels import gallery

        site, runtime.ON_SITE = runtime.ON_SITE, True
        try:
            cells = json.loads((ROOT / "notebooks" / GALLERY).read_text())["cells"]
            parts: list[str] = []
            title = ""
            for cell in cells:
                source = "".join(cell["source"])
                if cell["cell_type"] == "markdown":
                    title = title or next((line.lstrip("# ").strip() for line in source.splitlines()
                                           if line.startswith("# ")), "")
                    parts.append(mistune.html(source))
                    continue
                instead = next((text for name, text in SITE_INSTEAD.items() if name in source), None)
                if instead is not None:
                    if parts and cells[cells.index(cell) - 1]["cell_type"] == "markdown":
                        parts.pop()          # the notebook's words on the cell that gives way
                    links = " ".join(f'<a href="{gallery._page(card.notebook, True)}">{card.title}</a>'
                                     for card in gallery.CARDS if not card.lab)
                    parts.append(instead.format(links=links))
                else:
                    parts.append(f'<div class="xlib-cell">{_run_cell(source)}</div>')
        finally:
            runtime.ON_SITE = site
    finally:
        sys.path.remove(str(ROOT))
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return GALLERY_PAGE.format(title=html.escape(title), base=f'<base href="{base}">\n  ' if base else "",
                               body="\n".join(parts))


def first_page(out: Path, env: dict[str, str]) -> None:
    """The site's first page is the gallery of games, as in `make app`: a plain page, at the site's root and
    where Voici's page of the gallery would be (voici/render/index.html), its links the same from both."""
    render = out / "voici" / "render"
    render.mkdir(parents=True, exist_ok=True)
    (render / "index.html").write_text(gallery_page(env), encoding="utf-8")
    (out / "index.html").write_text(gallery_page(env, base="voici/render/"), encoding="utf-8")


DOCUMENT_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <style>
    body {{ max-width: 860px; margin: 24px auto; padding: 0 16px; font: 16px/1.5 sans-serif; color: #1a1a1a; }}
    code, pre {{ background: #f3f3f3; font-size: 14px; }} pre {{ padding: 8px; overflow-x: auto; }}
    table {{ border-collapse: collapse; }} th, td {{ border: 1px solid #bbb; padding: 4px 8px; }}
    a {{ color: #0b57d0; }}
  </style>
</head>
<body>
<p><a href="index.html">The gallery of games</a> · from the project's {path}</p>
{body}
</body>
</html>
"""


def runtime_module() -> ModuleType:
    """xlib/runtime.py, read on its own (it needs nothing but the standard library): the site's pages link what it
    names."""
    spec = importlib.util.spec_from_file_location("xlib_runtime", ROOT / "xlib" / "runtime.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: small letters, spaces to hyphens, other marks left out."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def document_pages(out: Path) -> None:
    """The repository's documents the gallery links where no repository is configured (the README, the rules), as
    pages at the site's root, each heading with the anchor GitHub gives it."""
    for path, page in runtime_module().SITE_DOCUMENTS.items():
        text = (ROOT / path).read_text(encoding="utf-8")
        md = mistune.create_markdown(plugins=["table", "strikethrough"])
        add_toc_hook(md, 1, 6, lambda token, index: anchor(token["text"]))
        title = text.splitlines()[0].lstrip("# ").strip()
        (out / page).write_text(DOCUMENT_PAGE.format(title=html.escape(title), path=html.escape(path),
                                                     body=md(text)), encoding="utf-8")


def check_config(out: Path) -> None:
    """Every jupyter-lite.json of the site points at the site's own Pyodide with PyPI turned off (a page without
    it would fetch Pyodide from a CDN)."""
    for path in out.rglob("jupyter-lite.json"):
        data = json.loads(path.read_text())["jupyter-config-data"]
        settings = data.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
        if not (settings.get("pyodideUrl", "").startswith("./") and settings.get("disablePyPIFallback") is True):
            raise SystemExit(f"{path} does not load Pyodide from the site itself: {settings}")


def build(out: Path) -> None:
    work = ROOT / "build" / "site-work"
    modules = npm_packages(work / "npm")
    wheels = download_wheels(work / "wheels")
    local = work / "local-wheels"
    local.mkdir(parents=True, exist_ok=True)
    kernel_pypi = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / \
        "pyodide-kernel-extension" / "static" / "pypi"
    kernel_wheels = {canonicalize_name(parse_wheel_filename(p.name)[0]) for p in kernel_pypi.glob("*.whl")}
    # the widgets' notebook extension: the kernel's own empty stand-in, so the real one's files are not shipped
    (shim,) = kernel_pypi.glob("widgetsnbextension-4.*.whl")
    kernel_own = [w for w in kernel_pypi.glob("*.whl")
                  if canonicalize_name(parse_wheel_filename(w.name)[0]) in map(canonicalize_name, KERNEL_WHEELS)]
    stand_ins = [stand_in(name, local) for name in STAND_INS]
    *compiled, stdlib = as_bytecode(wheels + kernel_own + [xlib_wheel(local), shim,
                                                           modules / "pyodide" / "python_stdlib.zip"],
                                    modules / "pyodide", work / "bytecode")
    shipped = compiled + stand_ins

    lite = work / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    pyodide = lite / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    core = modules / "pyodide"
    for name in CORE:
        shutil.copy2(stdlib if name == stdlib.name else core / name, pyodide / name)
    for wheel in shipped:
        shutil.copy2(wheel, pyodide / wheel.name)
    lock = write_lock(core / "pyodide-lock.json", shipped, kernel_wheels - {"widgetsnbextension"},
                      pyodide / "pyodide-lock.json")
    absent = [p for p in PRELOAD if canonicalize_name(p) not in lock["packages"]]
    if absent:
        raise SystemExit(f"the pages load packages the site does not ship: {absent}")
    env = links()
    packages_archive(pyodide, env)
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(env), indent=2) + "\n")
    contents = work / "notebooks"
    stage_notebooks(contents)
    # the anywidget frontend comes from the very wheel the browser's Python installs, so the two always agree
    (anywidget,) = [w for w in wheels if w.name.startswith("anywidget-")]
    (lite / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
        "federated_extensions": [str(anywidget)], "no_sourcemaps": True}}, indent=2) + "\n")

    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(lite / ".cache", ignore_errors=True)
    run(Path(sys.executable).parent / "voici", "build", "--lite-dir", lite, "--contents", contents,
        "--output-dir", out, cwd=lite)
    ship_font_awesome(modules, out)
    no_service_worker(out)
    early_worker(out, lite_config(env)["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN][
        "loadPyodideOptions"])
    first_page(out, env)
    document_pages(out)
    check_config(out)
    for junk in out.rglob(".jupyterlite.doit.db*"):
        junk.unlink()
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"The site is in {out}: {size / 1e6:.0f} MB. Try it: python -m http.server -d {out}")


if __name__ == "__main__":
    build(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT / "build" / "site")
