"""Start Voila on the notebooks and drive Debian's Chromium with Playwright (tests and benchmarks)."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("XLIB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]


def chromium_available() -> bool:
    return Path(CHROMIUM).exists() or shutil.which("chromium") is not None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def voila(*extra: str) -> Iterator[str]:
    """Serve notebooks/ with Voila on a free loopback port; yields the base URL."""
    port = free_port()
    log = open(ROOT / "test-artifacts" / "voila.log", "a") if (ROOT / "test-artifacts").is_dir() else subprocess.DEVNULL
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(ROOT / "notebooks"), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", *extra],
        stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                urllib.request.urlopen(url + "/", timeout=2)
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError("Voila stopped at start-up; see test-artifacts/voila.log")
                time.sleep(0.3)
        else:
            raise RuntimeError("Voila did not answer within 60 s")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


PAINTED_JS = """(el) => {
  const c = el.querySelector('canvas') || el;
  const ctx = c.getContext('2d');
  const d = ctx.getImageData(0, 0, c.width, c.height).data;
  const seen = new Set();
  let inked = 0;
  for (let i = 0; i < d.length; i += 4 * 37) {
    seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    if (d[i + 3] > 0) inked++;
  }
  return {colours: seen.size, inked: inked};
}"""

HASH_JS = """(el) => {
  const c = el.querySelector('canvas') || el;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 0;
  for (let i = 0; i < d.length; i += 4 * 13) h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) | 0;
  return h;
}"""
