"""The type hints hold: mypy (configured in pyproject.toml) finds no error in the xlib package."""
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_xlib_is_mypy_clean():
    pytest.importorskip("mypy")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--no-error-summary", str(ROOT / "xlib")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert done.returncode == 0 and not errors, "\n".join(errors or [done.stdout, done.stderr])


def test_xlib_ships_its_type_hints():
    assert (ROOT / "xlib" / "py.typed").is_file()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["xlib"]
