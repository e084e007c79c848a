"""The project frame: one lock serves make install, Binder and conda; `make app` opens on the gallery
and culls the kernels of closed tabs; CI is wired; the README leads with two commands."""
import importlib.metadata
import json
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "binder" / "requirements.txt"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)\s*(?:;\s*(.+))?$")


def lock_pins() -> list[tuple[str, str, str | None]]:
    """(normalised name, version, environment marker or None) of every line of the lock."""
    pins = []
    for line in LOCK.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            m = PIN.match(line)
            assert m, f"the lock holds a line that is not an exact pin: {line!r}"
            pins.append((canonicalize_name(m[1]), m[2], m[3]))
    return pins


def declared() -> list[Requirement]:
    """The runtime, app and test dependencies of pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    return [Requirement(r) for r in [*project["dependencies"], *extras["app"], *extras["test"]]]


def binder_python() -> str:
    """The X.Y of binder/runtime.txt, where repo2docker reads the Python version."""
    m = re.fullmatch(r"python-(3\.\d+)\s*", (ROOT / "binder" / "runtime.txt").read_text())
    assert m, "binder/runtime.txt must read python-3.X"
    return m[1]


def test_the_lock_satisfies_pyproject():
    pins = lock_pins()
    versions: dict[str, list[str]] = {}
    for name, version, _ in pins:
        versions.setdefault(name, []).append(version)
    # one version of each package whatever the platform or Python: everyone runs the same code
    assert {n: v for n, v in versions.items() if len(v) > 1} == {}
    for req in declared():
        pinned = versions.get(canonicalize_name(req.name))
        assert pinned, f"{req.name} is in pyproject.toml but not in the lock: run make lock"
        assert req.specifier.contains(pinned[0], prereleases=True), \
            f"the lock pins {req.name}=={pinned[0]}, outside {req.specifier}: run make lock"


def test_make_install_installs_the_lock_and_this_environment_matches_it():
    recipe = subprocess.run(["make", "-n", "-B", "install"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout
    assert re.search(r"pip install .*-r binder/requirements\.txt", recipe)
    assert re.search(r"pip install .*--no-deps -e \.", recipe)  # xlib itself adds no other package
    wrong = {}
    for name, version, marker in lock_pins():
        if marker is None or Marker(marker).evaluate():
            try:
                installed = importlib.metadata.version(name)
            except importlib.metadata.PackageNotFoundError:
                installed = None
            if installed != version:
                wrong[name] = (installed, version)
    assert wrong == {}, f"installed versions differ from the lock (installed, locked): {wrong}; run make install"


def test_binder_dockerfile_uses_the_pinned_python_and_installs_the_lock():
    out = subprocess.run([sys.executable, "-m", "repo2docker", "--no-build", "--debug", str(ROOT)],
                         capture_output=True, text=True, timeout=300, check=True)
    log = out.stdout + out.stderr
    assert "Python version unspecified" not in log
    dockerfile = log[log.index("FROM "):]
    # the base environment repo2docker copies in names its Python (file names escaped as -XX hex)
    sources = re.findall(r"^COPY \S+ build_script_files/(\S+)", dockerfile, re.M)
    names = [re.sub(r"-([0-9a-f]{2})", lambda m: chr(int(m[1], 16)), s) for s in sources]
    base = [n for n in names if re.search(r"environment\.py-3\.\d+-linux-64\.lock", n)]
    assert base and all(f"environment.py-{binder_python()}-linux-64.lock" in n for n in base), names
    assert re.search(r'^RUN \S*pip install --no-cache-dir -r "binder/requirements\.txt"', dockerfile, re.M)
    assert "RUN ./binder/postBuild" in dockerfile
    assert "environment.yml" not in dockerfile and "env update" not in dockerfile  # nothing but the lock
    post = [line for line in (ROOT / "binder" / "postBuild").read_text().splitlines() if "pip install" in line]
    assert post and all("--no-deps" in line for line in post)


def test_environment_yml_is_the_binder_python_and_the_lock():
    text = (ROOT / "environment.yml").read_text().split("\ndependencies:\n", 1)[1]
    conda = re.findall(r"^  - ([^\s:]+)\s*$", text, re.M)
    pip = re.findall(r"^      - (.+?)\s*$", text, re.M)
    assert conda == [f"python={binder_python()}", "pip"]
    assert pip == ["-r binder/requirements.txt", "-e ."]


def fake_make_app(tmp_path: Path):
    """`make app …` with a stand-in for Voila: .venv/bin/python runs the `xlib` command (xlib/cli.py), whose Voila
    is a module that says what it was given instead of serving."""
    voila = tmp_path / "fake" / "voila"
    voila.mkdir(parents=True)
    (voila / "__init__.py").write_text("")
    (voila / "__main__.py").write_text(
        "import os, sys\nprint(f\"config={os.environ['JUPYTER_CONFIG_PATH']} "
        "path={os.environ['JUPYTER_PATH']} address={os.environ['XLIB_APP_ADDRESS']} args={' '.join(sys.argv[1:])}\")\n")
    python = tmp_path / "python"   # stands for .venv/bin/python, with the stand-in first on its path
    python.write_text(f'#!/bin/sh\nPYTHONPATH="{tmp_path / "fake"}:{ROOT}" exec "{sys.executable}" "$@"\n')
    python.chmod(0o755)
    stamp = tmp_path / "installed"   # newer than the lock and pyproject.toml: nothing to install
    stamp.touch()

    def app(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["make", "app", f"BIN={tmp_path}", f"STAMP={stamp}", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
    return app


def test_make_app_serves_the_gallery_first_with_culling_on_loopback(tmp_path):
    app = fake_make_app(tmp_path)
    recipe = subprocess.run(["make", "-n", "app"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "-m xlib app" in recipe and "--host=127.0.0.1" in recipe   # the `xlib` command serves
    serve = ROOT / "serve"
    done = app()
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"config={serve} path={serve} " in done.stdout and "--Voila.ip=127.0.0.1" in done.stdout
    assert "WARNING" not in done.stdout
    network = app("HOST=0.0.0.0")
    assert "--Voila.ip=0.0.0.0" in network.stdout and "WARNING: HOST=0.0.0.0 serves" in network.stdout
    config = json.loads((serve / "voila.json").read_text())
    assert config["VoilaConfiguration"]["template"] == "gallery"
    assert (serve / "voila" / "templates" / "gallery" / "tree-lab.html").exists()
    cull = config["MappingKernelManager"]
    assert cull["cull_idle_timeout"] > 0 and cull["cull_interval"] > 0 and cull["cull_connected"] is False
    # a pre-heated kernel per notebook, whose idle clock starts when a page takes it from the pool
    voila = config["VoilaConfiguration"]
    assert voila["preheat_kernel"] is True and voila["default_pool_size"] >= 1
    assert voila["multi_kernel_manager_class"] == "xlib.serving.ClassroomKernelManager"
    # on a busy computer a cell's widget can come later than nbclient's default 4 s, and would be dropped
    assert config["VoilaExecutor"]["iopub_timeout"] >= 30


def test_make_app_class_heats_the_lessons_app_and_tells_the_kernels_the_address(tmp_path):
    """`make app CLASS=30 APP=x.ipynb` gives Voila a config with a pool of 30 heated pages of x.ipynb (one for
    every other app), and the kernels learn the address the students open, shown beside the class code."""
    app = fake_make_app(tmp_path)
    done = app("CLASS=30", "APP=x.ipynb", "HOST=10.1.2.3", "PORT=9000")
    said = re.search(r"^config=(\S+) path=\S+ address=(\S*) args=(.*)$", done.stdout, re.M)
    assert done.returncode == 0 and said is not None, done.stdout + done.stderr
    paths = said.group(1).split(":")
    assert paths[0] == str(ROOT / "serve") and len(paths) == 2
    assert json.loads((Path(paths[1]) / "voila.json").read_text()) == {"VoilaKernelManager": {"kernel_pools_config": {
        "default": {"pool_size": 1}, "x.ipynb": {"pool_size": 30}}}}
    assert said.group(2) == "http://10.1.2.3:9000" and "--port=9000" in said.group(3) and "READY" in done.stdout
    plain = re.search(r"^config=(\S+) path=\S+ address=(\S*) ", app().stdout, re.M)
    assert plain is not None and plain.groups() == (str(ROOT / "serve"), "http://127.0.0.1:8866")
    network = re.search(r"^config=\S+ path=\S+ address=(\S*) ", app("HOST=0.0.0.0").stdout, re.M)
    assert network is not None and re.fullmatch(r"(http://\S+:8866)?", network.group(1))
    # a class size that is no number, or an app that is no notebook, stops before serving
    for wrong, words in ((["CLASS=thirty"], "a number such as CLASS=30"),
                         (["CLASS=30", "APP=nothing.ipynb"], "is not a notebook of notebooks/")):
        done = app(*wrong)
        assert done.returncode != 0 and words in done.stdout and "config=" not in done.stdout, done.stdout


def kernel_alive(kernel_id: str) -> bool:
    import psutil

    for p in psutil.Process().children(recursive=True):
        try:
            if f"kernel-{kernel_id}.json" in " ".join(p.cmdline()):
                return True
        except psutil.Error:
            pass
    return False


def test_xlib_has_no_runtime_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == []
    assert project["license"] == "MIT"  # an SPDX expression (PEP 639)
    for path in (ROOT / "xlib").rglob("*.py"):
        text = path.read_text()
        if path.relative_to(ROOT / "xlib").parts[0] not in ("board", "views", "panels"):  # only these need widgets
            # at module level: tournament() imports pandas only when it is called
            assert not re.search(r"^(import|from) (ipywidgets|ipycanvas|numpy|pandas|tqdm)", text, re.M), path


def test_ci_runs_the_readme_test_command():
    assert "make test" in (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert readme.index("make test") < readme.index("JupyterLab") and "make app" in readme
    assert "voila%2Frender%2Fnotebooks%2Findex.ipynb" in readme


def test_the_readme_tells_how_to_serve_a_class_and_a_school():
    readme = (ROOT / "README.md").read_text()
    assert "benchmarks/concurrency.py" in readme and "HOST=0.0.0.0" in readme
    assert "## A class on one computer" in readme
    assert "JupyterHub" in readme and "default_url" in readme
    # the class figures are measured ones, not left as placeholders
    assert not re.search(r"^(FIGURES|CAPACITY)$|GALLERY MB", readme, re.M)
    assert re.search(r"memory per open app \(its kernel\) \| \d+ MB", readme)


def test_every_registered_game_is_in_the_rules_and_the_readme():
    import xlib

    readme = (ROOT / "README.md").read_text()
    for name in xlib.game_names():
        assert xlib.game(name).title in readme


def test_docs_rules_match_the_shared_rules():
    shared = ROOT.parent / "shared" / "RULES.md"
    if shared.exists():  # beside a checkout in CI and on developers' machines
        assert (ROOT / "docs" / "RULES.md").read_text() == shared.read_text()
