"""The project frame: dependency files agree, CI and Binder are wired, the README leads with two commands."""
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def conda_deps(path: Path) -> set[str]:
    """The conda package specs of an environment.yml (pip sub-list and python/pip themselves left out)."""
    deps = set()
    section = path.read_text().split("\ndependencies:\n", 1)[1]
    for line in section.splitlines():
        m = re.match(r"^  - ([A-Za-z0-9_.-]+)(.*)$", line)
        if m and m.group(1) not in ("python", "pip"):
            deps.add((m.group(1) + m.group(2)).replace(" ", ""))
    return deps


def pyproject_deps() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    deps = list(project["dependencies"])
    for extra in ("app", "test"):
        deps += project["optional-dependencies"][extra]
    return {d.replace(" ", "") for d in deps}


def test_environment_yml_agrees_with_pyproject():
    assert conda_deps(ROOT / "environment.yml") == pyproject_deps()


def test_binder_environment_agrees_with_pyproject_and_installs_xlib():
    assert conda_deps(ROOT / "binder" / "environment.yml") == pyproject_deps()
    post = (ROOT / "binder" / "postBuild").read_text()
    assert "pip install" in post and " ." in post


def test_xlib_has_no_runtime_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == []
    for path in (ROOT / "xlib").rglob("*.py"):
        text = path.read_text()
        if path.parent.name not in ("board", "lessons"):  # only the board needs the widget stack
            # at module level: tournament() imports pandas only when it is called
            assert not re.search(r"^(import|from) (ipywidgets|ipycanvas|numpy|pandas|tqdm)", text, re.M), path


def test_ci_runs_the_readme_test_command():
    assert "make test" in (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert readme.index("make test") < readme.index("JupyterLab") and "make app" in readme
    assert "voila%2Frender%2Fnotebooks%2Findex.ipynb" in readme


def test_every_registered_game_is_in_the_rules_and_the_readme():
    import xlib

    readme = (ROOT / "README.md").read_text()
    for name in xlib.game_names():
        assert xlib.game(name).title in readme


def test_docs_rules_match_the_shared_rules():
    shared = ROOT.parent / "shared" / "RULES.md"
    if shared.exists():  # beside a checkout in CI and on developers' machines
        assert (ROOT / "docs" / "RULES.md").read_text() == shared.read_text()
