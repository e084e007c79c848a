"""The static site as the browser tests serve it: where `make site` builds it, how long a first visit may take,
and what its plain file server sent (the fixtures that build and serve it once per run are in conftest.py)."""
from __future__ import annotations

import re
import subprocess
import sys

from .harness import ROOT

SITE = ROOT / "build" / "site"
#: a first visit boots Python in the page and runs the whole notebook there (about 15 s on a quiet machine)
VISIT = 240_000


class ServedLog:
    """What Python's http.server (the site's plain file server) sent, read from its log (its standard error): each
    request's file, status and the bytes of its body, a 200 moving the whole file and a 304 (unchanged since the
    browser's copy) none. A file the browser takes from its cache never reaches the server."""

    LINE = re.compile(r'"(?:GET|HEAD) (\S+) HTTP/[\d.]+" (\d{3}) ')

    def __init__(self, path, folder) -> None:
        self.path, self.folder = path, folder

    def mark(self) -> int:
        """Where the log is now: the requests after it are those of what comes next."""
        return len(self.path.read_text(errors="replace").splitlines()) if self.path.exists() else 0

    def quiet_mark(self, quiet: float = 0.5, at_most: float = 30.0) -> int:
        """Where the log is once nothing more has come for `quiet` seconds (at most `at_most` seconds in all): a
        page of an earlier test, closed while it loaded, may still have requests under way, which are not those of
        what comes next."""
        import time

        deadline = time.monotonic() + at_most
        mark = self.mark()
        while time.monotonic() < deadline:
            time.sleep(quiet)
            now = self.mark()
            if now == mark:
                break
            mark = now
        return mark

    def since(self, mark: int) -> list[tuple[str, int, int]]:
        """(file, status, bytes of the body) of every request served after `mark`, in order."""
        from urllib.parse import unquote, urlsplit

        served = []
        for line in self.path.read_text(errors="replace").splitlines()[mark:]:
            m = self.LINE.search(line)
            if not m:
                continue
            name, status = unquote(urlsplit(m.group(1)).path), int(m.group(2))
            file = self.folder / name.lstrip("/")
            if file.is_dir():
                file = file / "index.html"
            size = file.stat().st_size if status == 200 and file.is_file() else 0
            served.append((name, status, size))
        return served

    @staticmethod
    def moved(served: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
        """The requests that moved data: a file sent whole (not a 304, nor a file the browser kept)."""
        return [s for s in served if s[1] == 200]


def build_site(log) -> None:
    """The one step that builds the site, as `make site` does (its own venv and npm packages included)."""
    subprocess.run(["make", "site", f"PYTHON={sys.executable}"], cwd=ROOT, check=True, stdout=log,
                   stderr=subprocess.STDOUT)


