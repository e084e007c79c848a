"""The tree shows the architecture: no import cycle in xlib, each part imports only the parts below it,
every module says what it holds, and every game's view is a folder of xlib/views like the others."""
import ast
from pathlib import Path

import xlib
from xlib import registry

ROOT = Path(__file__).resolve().parent.parent
XLIB = ROOT / "xlib"

#: the parts of xlib from the bottom up: a module may import its own part and the parts before it
LAYERS = [
    {"core", "errors", "options", "rng", "text", "records", "registry", "runtime", "threads"},
    {"games"},
    {"lessons"},
    {"agents"},
    {"experiments"},
    {"classroom"},
    {"live"},
    {"board"},
    {"views"},
    {"handouts"},
    {"panels"},
    {"serving"},
    {"cli", "__main__"},   # the `xlib` command, which serves the apps
]
#: inside experiments, the same rule: each module imports only those before it
EXPERIMENT_LAYERS = ["matches", "runner", "tournament", "xallies", "politics", "balance"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in XLIB.rglob("*.py")}


def is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def imports(name: str) -> set[str]:
    """The xlib modules `name` imports when it runs (in functions too), each resolved to a module file; imports
    for the type checker alone (under `if TYPE_CHECKING:`) are not run and do not count."""
    out: set[str] = set()
    package = name if is_package(name) else name.rsplit(".", 1)[0]
    tree = ast.parse(MODULES[name].read_text())
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                   for stmt in block.body for n in ast.walk(stmt)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("xlib"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in MODULES else target)
    return {m for m in out if m in MODULES and m != name}


GRAPH = {name: imports(name) for name in MODULES}


def part(name: str) -> str:
    return name.split(".")[1] if "." in name else "xlib"


def layer(name: str) -> int:
    top = part(name)
    return next(i for i, names in enumerate(LAYERS) if top in names)


def test_every_xlib_module_falls_in_a_layer():
    assert {part(m) for m in MODULES if m != "xlib"} <= set().union(*LAYERS)


def test_no_import_cycle_anywhere_in_xlib():
    seen: dict[str, int] = {}   # 1: on the current path, 2: done
    cycles = []

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for nxt in sorted(GRAPH[node]):
            if seen.get(nxt) == 1:
                cycles.append(path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in seen:
                visit(nxt, path + [nxt])
        seen[node] = 2

    for m in sorted(GRAPH):
        if m not in seen:
            visit(m, [m])
    assert cycles == [], " ; ".join(" -> ".join(c) for c in cycles)


def test_each_part_imports_only_the_parts_below_it():
    wrong = [(m, t) for m, targets in GRAPH.items() if m != "xlib" for t in targets
             if t != "xlib" and layer(t) > layer(m)]
    assert wrong == []


def test_experiments_import_in_their_order():
    order = {f"xlib.experiments.{n}": i for i, n in enumerate(EXPERIMENT_LAYERS)}
    assert set(order) == {m for m in MODULES if m.startswith("xlib.experiments.")}
    wrong = [(m, t) for m in order for t in GRAPH[m] if t in order and order[t] >= order[m]]
    assert wrong == []


def test_the_public_api_stays_at_the_top():
    import xlib.board
    import xlib.classroom  # noqa: F401

    for name in ("game", "game_names", "tournament", "play_match", "replay", "IllegalMove"):
        assert hasattr(xlib, name), name
    assert xlib.board.Board.__module__ == "xlib.board.board"
    assert hasattr(xlib.board, "Tutorial") and hasattr(xlib.agents, "make_agent")


def test_every_module_says_what_it_holds():
    missing = [m for m, p in MODULES.items() if not (ast.get_docstring(ast.parse(p.read_text())) or "").strip()]
    assert missing == []


def test_every_game_has_its_view_folder_and_lesson_alike():
    for name in xlib.game_names():
        folder = XLIB / "views" / name
        assert (folder / "__init__.py").exists() and (folder / "view.py").exists(), name
        assert registry._VIEWS[name].startswith(f"xlib.views.{name}:"), name
        assert registry.view_class(name).__module__.startswith(f"xlib.views.{name}."), name
        assert registry._LESSONS[name] == f"xlib.lessons.{name}"
        assert registry._GAMES[name].startswith(f"xlib.games.{name}:")
    assert {p.name for p in (XLIB / "views").iterdir() if p.is_dir() and p.name != "__pycache__"} == \
        set(xlib.game_names())


def test_no_module_reaches_into_the_boards_private_parts():
    """The board's helpers (keys, layout, seats) and the panels use what a Board offers in public: a module that
    calls a board's private method ties itself to the board's insides (an import circle in all but name)."""
    reached = []
    for name, path in MODULES.items():
        if name == "xlib.board.board":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and isinstance(node.value, (ast.Name, ast.Attribute))
                    and (node.value.id if isinstance(node.value, ast.Name) else node.value.attr) in ("board", "_board")):
                reached.append(f"{name}: board.{node.attr}")
    assert reached == []
