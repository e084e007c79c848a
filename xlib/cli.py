"""The `xlib` command: serve the apps for a lesson on Windows, macOS or Linux, as `make app` does, with no make.

    xlib class --size 30 --app xallies      # the whole classroom's network, 30 pages of the XAllies app heated
    xlib app                                # this computer only, as `make app`
    python -m xlib class ...                # the same, where the command is not on the PATH

It finds the repository's notebooks/ and serve/ (the folder it runs in or one above it, else --notebooks),
writes the class's Voila config (a pool of heated pages of the lesson's app) into build/class, sets the
variables the apps read (JUPYTER_PATH, JUPYTER_CONFIG_PATH, XLIB_APP_ADDRESS), says where the students go, and
runs Voila in this process (Ctrl-C stops it). Voila's log says how many pages are heated and READY when all are
(xlib/serving.py).
"""
from __future__ import annotations

import argparse
import json
import os
import runpy
import socket
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

#: the address every app listens on for this computer alone
LOOPBACK = "127.0.0.1"
#: the address that serves the whole local network (a classroom)
EVERYWHERE = "0.0.0.0"
DEFAULT_PORT = 8866
DEFAULT_APP = "xallies.ipynb"
DEFAULT_CLASS = 30
#: the lab where the teacher starts a class and sees its code
LAB = "xallies-lab.ipynb"
#: the most pages one computer is asked to heat (each is a Python process of about 55 MB)
MOST_PAGES = 200


class Refused(Exception):
    """A setting the command cannot serve with, said in plain words (the command stops with exit code 2)."""


@dataclass(frozen=True)
class Plan:
    """What to serve: the repository's notebooks and serve/ folders, where, and how many pages of which app."""

    notebooks: Path
    serve: Path
    host: str
    port: int
    size: int | None
    app: str

    @property
    def network(self) -> bool:
        """Whether the whole network can reach the apps (not this computer alone)."""
        return self.host not in (LOOPBACK, "localhost")

    @property
    def local_url(self) -> str:
        """The address to open on this computer."""
        return f"http://{LOOPBACK if self.host == EVERYWHERE else self.host}:{self.port}"


def find_repository(given: str | None, start: Path | None = None) -> tuple[Path, Path]:
    """The notebooks/ and serve/ folders: of `given` (the repository or its notebooks folder), else of the
    working folder or the nearest folder above it that has both, else of the checkout this package runs from."""
    def both(root: Path) -> tuple[Path, Path] | None:
        if (root / "notebooks" / "index.ipynb").is_file() and (root / "serve" / "voila.json").is_file():
            return root / "notebooks", root / "serve"
        return None

    if given is not None:
        path = Path(given).expanduser().resolve()
        found = both(path) or both(path.parent)
        if found is None:
            raise Refused(f"{given} holds no notebooks/ and serve/ folders: give the folder of the unzipped "
                          f"repository (the one with README.md) or its notebooks folder")
        return found
    here = (start or Path.cwd()).resolve()
    for root in (here, *here.parents, Path(__file__).resolve().parents[1]):
        found = both(root)
        if found is not None:
            return found
    raise Refused(f"found no notebooks/ and serve/ folders in {here} or above it: run the command in the folder "
                  f"of the unzipped repository (the one with README.md), or give it with --notebooks FOLDER")


def app_name(text: str, notebooks: Path) -> str:
    """The notebook of the lesson's app: 'xallies' or 'xallies.ipynb' gives xallies.ipynb, if notebooks/ has it."""
    name = text if text.endswith(".ipynb") else f"{text}.ipynb"
    if Path(name).name != name or not (notebooks / name).is_file():
        apps = sorted(p.stem for p in notebooks.glob("*.ipynb") if p.stem != "index")
        raise Refused(f"{text} is not an app of {notebooks}: the apps are {', '.join(apps)}")
    return name


def network_addresses() -> list[str]:
    """This computer's addresses on the local network (IPv4, loopback left out), the likeliest first: the one it
    would reach other computers from (no packet is sent), then those its name resolves to."""
    found: list[str] = []
    for probe in ("10.255.255.255", "192.0.2.1"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))   # a datagram socket only picks its route: nothing is sent
                found.append(s.getsockname()[0])
        except OSError:
            pass
    try:
        found.extend(socket.gethostbyname_ex(socket.gethostname())[2])
    except OSError:
        pass
    return list(dict.fromkeys(a for a in found if not a.startswith(("127.", "0.", "169.254."))))


def app_address(plan: Plan, addresses: Sequence[str]) -> str:
    """The address the students open, which the class panel shows beside the class code (XLIB_APP_ADDRESS):
    this computer's first network address when serving the whole network, empty when none was found."""
    if plan.host == EVERYWHERE:
        return f"http://{addresses[0]}:{plan.port}" if addresses else ""
    return f"http://{plan.host}:{plan.port}"


def class_config(plan: Plan, folder: Path) -> Path:
    """Write the class's Voila config into `folder` (read after serve/'s): the lesson's app keeps `size` heated
    pages, every other app one. The folder given, else a temporary one where it cannot be written."""
    text = json.dumps({"VoilaKernelManager": {"kernel_pools_config": {
        "default": {"pool_size": 1}, plan.app: {"pool_size": plan.size}}}})
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "voila.json").write_text(text + "\n")
    except OSError:
        folder = Path(tempfile.mkdtemp(prefix="xlib-class-"))
        (folder / "voila.json").write_text(text + "\n")
    return folder


def environment(plan: Plan, class_folder: Path | None, address: str) -> dict[str, str]:
    """The variables Voila and the kernels read: serve/ for the gallery and its settings, the class's config
    after it, and the address the class panel shows."""
    config = str(plan.serve) + (os.pathsep + str(class_folder) if class_folder is not None else "")
    return {"JUPYTER_PATH": str(plan.serve), "JUPYTER_CONFIG_PATH": config, "XLIB_APP_ADDRESS": address}


def voila_arguments(plan: Plan) -> list[str]:
    return [str(plan.notebooks), "--no-browser", f"--port={plan.port}", f"--Voila.ip={plan.host}"]


def what_to_say(plan: Plan, addresses: Sequence[str], command: str) -> list[str]:
    """The lines printed before Voila starts: the pages heated, the warning for the network, where to open."""
    lines = []
    if plan.size:
        lines += [f"Heating {plan.size} pages of {plan.app} for the class (a few seconds each on two cores): the "
                  f"line READY",
                  "below says when every student's first page opens at once. Another is heated behind each page "
                  "taken."]
    if plan.network:
        lines += ["",
                  f"WARNING: {command} serves the apps to the whole network. Anyone who can reach this",
                  "computer can open them, with no password, and each open page runs on this computer.",
                  "Use it only on a network you trust (a classroom), and stop it with Ctrl-C after the lesson.",
                  f"Students open http://ADDRESS:{plan.port} where ADDRESS is this computer's network address:",
                  "    " + (" ".join(addresses) if addresses else "see your network settings"),
                  ""]
    lines.append(f"Open {plan.local_url} : the gallery of games; click a game's card to play (Ctrl-C stops)")
    if plan.size:
        lines.append(f"Start the class in the XAllies lab ({plan.local_url}/voila/render/{LAB}): its class panel "
                     f"shows the class code, large, beside the address the students open.")
    return lines


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="xlib", description="Serve the board games' apps for a lesson (as `make app` does).")
    commands = top.add_subparsers(dest="command", required=True, metavar="{class,app}")
    for name, what in (("class", "serve a class: the whole classroom's network, the lesson's app heated for "
                                 f"every student (default {DEFAULT_CLASS} pages of {DEFAULT_APP})"),
                       ("app", "serve the apps to this computer alone (as `make app`)")):
        sub = commands.add_parser(name, help=what, description=what)
        sub.add_argument("--size", metavar="N", default=str(DEFAULT_CLASS) if name == "class" else None,
                         help="how many pages of the app to heat: the number of students")
        sub.add_argument("--app", metavar="NAME", default=DEFAULT_APP,
                         help="the lesson's app, a notebook of notebooks/ (xallies or xallies.ipynb)")
        sub.add_argument("--host", default=EVERYWHERE if name == "class" else LOOPBACK,
                         help=f"the address to serve on ({EVERYWHERE}: the whole network; {LOOPBACK}: this computer)")
        sub.add_argument("--port", metavar="PORT", default=str(DEFAULT_PORT), help="the port (default 8866)")
        sub.add_argument("--this-computer-only", action="store_true",
                         help=f"serve to this computer alone (--host {LOOPBACK}), to try it before the lesson")
        sub.add_argument("--notebooks", metavar="FOLDER",
                         help="the unzipped repository (or its notebooks folder), when not run inside it")
        sub.add_argument("--as", dest="said_as", default=None, help=argparse.SUPPRESS)   # `make app`'s own words
    return top


def plan_from(args: argparse.Namespace) -> Plan:
    """The plan the arguments ask for, or Refused saying what is wrong."""
    size: int | None = None
    if args.size not in (None, ""):
        if not str(args.size).isdigit() or not 1 <= int(args.size) <= MOST_PAGES:
            raise Refused(f"--size is how many pages to heat, a number of students from 1 to {MOST_PAGES} such "
                          f"as --size 30, not {args.size}")
        size = int(args.size)
    if not str(args.port).isdigit() or not 1 <= int(args.port) <= 65535:
        raise Refused(f"--port is a number from 1 to 65535 such as --port 8866, not {args.port}")
    notebooks, serve = find_repository(args.notebooks)
    app = app_name(args.app, notebooks)
    host = LOOPBACK if args.this_computer_only else args.host
    return Plan(notebooks, serve, host, int(args.port), size, app)


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the apps as the arguments say; 2 when they cannot be served (the reason printed)."""
    args = parser().parse_args(argv)
    try:
        plan = plan_from(args)
    except Refused as why:
        print(f"xlib {args.command}: {why}", file=sys.stderr)
        return 2
    addresses = network_addresses() if plan.host == EVERYWHERE else []
    command = args.said_as or f"xlib {args.command} --host {plan.host}"
    for line in what_to_say(plan, addresses, command):
        print(line)
    sys.stdout.flush()
    folder = class_config(plan, plan.serve.parent / "build" / "class") if plan.size else None
    os.environ.update(environment(plan, folder, app_address(plan, addresses)))
    sys.argv = ["voila", *voila_arguments(plan)]
    try:
        runpy.run_module("voila", run_name="__main__", alter_sys=True)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
