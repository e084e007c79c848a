"""The modules of xlib import one another without a circle, type-only imports (under `if TYPE_CHECKING:`) too:
each module can be read, and loaded, on its own terms."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "xlib"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str], root: Path = ROOT) -> set[str]:
    """The xlib modules `path` imports anywhere in it (a function's body, `if TYPE_CHECKING:` included)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)   # `from . import keys` imports a module
    out = set()
    for target in found:
        while target and target not in modules:   # `xlib.board.view.View` is the module xlib.board.view
            target = target.rpartition(".")[0]
        if target and target != name:
            out.add(target)
    return out


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the package at `root`, with the modules of that package it imports, its packages left out (a
    package's __init__ importing its own modules is how a package is built, not a circle of the module's)."""
    paths = {module_name(p, root): p for p in root.rglob("*.py")}
    modules = set(paths)
    return {name: imports(path, modules, root) - ancestors(name) for name, path in paths.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports (its modules in order, the first repeated at its end), or None."""
    colour: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if colour.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in colour and (found := visit(nxt)) is not None:
                return found
        stack.pop()
        colour[node] = 2
        return None

    for node in sorted(edges):
        if node not in colour and (found := visit(node)) is not None:
            return found
    return None


def ancestors(name: str) -> set[str]:
    """A module's packages: importing `xlib.board.keys` runs `xlib/board/__init__.py` first, which is no circle
    of the module's own making (a package that imports its modules is how a package is built)."""
    bits = name.split(".")
    return {".".join(bits[:i]) for i in range(1, len(bits))}


def test_the_cycle_finder_finds_a_circle_and_none_where_there_is_none() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_type_only_imports_count(tmp_path: Path) -> None:
    """A module that imports another only for its type hints, while that one imports it: a circle all the same."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "board.py").write_text("from . import keys\n")
    (pkg / "keys.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .board import Board\n")
    assert cycle(graph(pkg)) in (["pkg.board", "pkg.keys", "pkg.board"], ["pkg.keys", "pkg.board", "pkg.keys"])
    (pkg / "keys.py").write_text("from .view import View\n")
    (pkg / "view.py").write_text("")
    assert cycle(graph(pkg)) is None


def test_xlib_imports_have_no_circle() -> None:
    found = cycle(graph())
    assert found is None, "a circle of imports: " + " -> ".join(found or [])
