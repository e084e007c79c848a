"""Where this Python runs, asked in one place: in a kernel on a server (`make app`, Jupyter, Binder), or in a
student's own browser on the static site (Pyodide), where there are no threads, no shared class database and no
numpy. Also the links a page offers to the other places, as configured in the environment (the site's build
passes them to each page's Python)."""
from __future__ import annotations

import os
import sys

#: True in the browser (Pyodide runs Python compiled for the web, whose platform is emscripten)
ON_SITE = sys.platform == "emscripten"

#: the README's section that tells how to serve the apps for a class
CLASS_SECTION = "a-class-on-one-computer"
#: the repository's documents the static site ships as pages beside its apps (site/build.py makes them), by path
SITE_DOCUMENTS = {"README.md": "readme.html", "docs/RULES.md": "rules.html"}
#: the site's root, seen from an app's page (voici/render/<app>.html)
SITE_ROOT = "../../"


def on_site() -> bool:
    """Whether this page runs on the static site, in the student's browser (no server behind it)."""
    return ON_SITE


def on_binder() -> bool:
    """Whether this kernel runs on a BinderHub (mybinder.org or a school's), where every visitor has a computer of
    their own: a class's devices share no class database there unless XLIB_CLASS_DB names one."""
    return bool(os.environ.get("BINDER_LAUNCH_HOST") or os.environ.get("BINDER_REQUEST"))


def shared_classes() -> bool:
    """Whether the devices of a class can meet in one class database here: not on the static site, and not on
    Binder unless a database for everyone is configured (XLIB_CLASS_DB)."""
    if on_site():
        return False
    return not on_binder() or bool(os.environ.get("XLIB_CLASS_DB", "").strip())


def link(name: str) -> str | None:
    """A configured address: "SITE" (where the static site is published), "BINDER" (the gallery on Binder) or
    "REPO" (the repository), from XLIB_<NAME>_URL; None where none is configured."""
    return os.environ.get(f"XLIB_{name}_URL") or None


def document(path: str, section: str = "", site: bool | None = None) -> str | None:
    """The address of a document of the repository ("README.md", "docs/RULES.md"), at a `section` (its heading's
    anchor) when given: in the repository when one is configured, else on the static site the page it ships beside
    the apps; None for a served app with no repository configured."""
    repo = link("REPO")
    anchor = f"#{section}" if section else ""
    if repo:
        return repo.rstrip("/") + ("" if path == "README.md" else f"/blob/main/{path}") + anchor
    if (on_site() if site is None else site) and path in SITE_DOCUMENTS:
        return SITE_ROOT + SITE_DOCUMENTS[path] + anchor
    return None
