"""What a page's Python runs on the site once its packages' files are written, before the kernel starts.

Two imports the kernel makes at every visit serve nothing a page shows, and cost a school laptop some 0.7 s:
- IPython 9.15 (the newest the kernel can run, see site/pyodide-requirements.txt) imports `IPython.embed`, and
  with it the terminal's whole prompt_toolkit stack, for a terminal a page never has. IPython 9.16 and later
  defer that import themselves.
- The kernel imports piplite (with micropip) to set where `%pip install` looks, though no page installs anything.
Each such module stays unimported until one of its names is first used: then the real module takes its place,
with the settings given to its stand-in meanwhile.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import Any, Callable

#: the modules deferred: the functions their packages import from them, and whether the package itself is
#: imported now (piplite's is cheap once its module waits; IPython is left for the kernel to import)
DEFERRED: dict[str, tuple[tuple[str, ...], bool]] = {
    "IPython.terminal.embed": (("embed",), False),
    "piplite.piplite": (("install",), True),
}


class Deferred(types.ModuleType):
    """A module not imported yet: the first use of one of its names imports it, and it takes this one's place.
    Names set on it meanwhile (a setting) are set on the real module then."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):   # the import system's questions (`__path__`, `__spec__`…) are not a use
            raise AttributeError(name)
        return getattr(load(self.__name__), name)


def load(name: str) -> types.ModuleType:
    """The module itself, imported now in the place of its deferred stand-in."""
    stand_in = sys.modules.get(name)
    if not isinstance(stand_in, Deferred):
        return importlib.import_module(name)
    del sys.modules[name]
    module = importlib.import_module(name)
    for key, value in vars(stand_in).items():
        if not key.startswith("__") and not getattr(value, "deferred", False):
            setattr(module, key, value)
    return module


def deferred_function(module: str, name: str) -> Callable[..., Any]:
    """A stand-in for the function `name` of `module`: its first call imports the module and calls the real one."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(load(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported at its first call."
    call.deferred = True   # type: ignore[attr-defined]
    return call


def defer(module: str, names: tuple[str, ...], with_package: bool = False) -> None:
    """Put a stand-in for `module` where the import system finds it, unless the module is imported already or
    its package is not installed (yet: a page without the packages' archive installs them as the kernel starts);
    `with_package`: import its package now, which then holds the stand-in as it would hold the module."""
    if module in sys.modules or importlib.util.find_spec(module.partition(".")[0]) is None:
        return
    stand_in = Deferred(module)
    for name in names:
        setattr(stand_in, name, deferred_function(module, name))
    sys.modules[module] = stand_in
    package, _, leaf = module.rpartition(".")
    if with_package and package:
        setattr(importlib.import_module(package), leaf, stand_in)


for _module, (_names, _with_package) in DEFERRED.items():
    defer(_module, _names, _with_package)
