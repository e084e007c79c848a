"""The class databases the class-mode tests run against: SQLite, and a throwaway PostgreSQL server on loopback
started with Debian's binaries (outside CI skipped when they are missing; in CI, CI=true, they must run)."""
from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

from xlib.classroom import open_store

PG_USER = "xlib"


# ---- a throwaway PostgreSQL server --------------------------------------------------------------

def postgres_bin() -> Path | None:
    """The newest Debian PostgreSQL bin folder with initdb and pg_ctl, or None."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    return found[-1].parent if found and (found[-1].parent / "pg_ctl").exists() else None


def require_postgres() -> Path:
    """The binaries' folder; a skip outside CI when they are missing, a failure in CI."""
    bindir = postgres_bin()
    if bindir is None:
        message = "PostgreSQL's binaries are not installed (/usr/lib/postgresql/*/bin; apt-get install postgresql)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + ": the PostgreSQL tests must run in CI")
        pytest.skip(message)
    return bindir


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def postgres_server(bindir: Path) -> Iterator[str]:
    """A PostgreSQL cluster in a temporary folder on 127.0.0.1 (run as `postgres` when we are root); its URL."""
    folder = Path(tempfile.mkdtemp(prefix="xlib-pg-"))
    prefix: list[str] = []
    if os.geteuid() == 0:   # PostgreSQL refuses to run as root
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    data, port = folder / "data", _free_port()
    try:
        subprocess.run([*prefix, str(bindir / "initdb"), "-D", str(data), "-U", PG_USER, "--auth=trust",
                        "-E", "UTF8", "--no-sync"], check=True, capture_output=True, timeout=120)
        options = f"-h 127.0.0.1 -p {port} -k {folder} -c max_connections=120 -c fsync=off"
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l",
                        str(folder / "server.log"), "-w", "-t", "60", "start"], check=True, capture_output=True,
                       timeout=120)
        yield f"postgresql://{PG_USER}@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


_databases = itertools.count(1)


def fresh_database(server: str) -> str:
    """A new empty database on the server; its URL."""
    import psycopg

    name = f"classes_{os.getpid()}_{next(_databases)}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")   # a name this test made, not input
    return server.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="module")
def pg_server() -> Iterator[str]:
    with postgres_server(require_postgres()) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path) -> str:
    """A fresh, empty class database of each kind."""
    if request.param == "sqlite":
        return str(tmp_path / "classes.sqlite3")
    return fresh_database(request.getfixturevalue("pg_server"))


@pytest.fixture
def store(url):
    with open_store(url) as s:
        yield s
