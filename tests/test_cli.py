"""The `xlib` command a teacher without make runs (xlib/cli.py): it starts as a teacher runs it, serves the gallery,
heats the class's pages and says READY, and stops cleanly; wrong settings stop it at once with a plain reason."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from xlib import cli

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=60) as answer:
        return answer.status, answer.read().decode("utf-8", "replace")


def kernels_of(pid: int) -> list[int]:
    import psutil

    try:
        return [p.pid for p in psutil.Process(pid).children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]
    except psutil.Error:
        return []


def test_the_command_serves_a_class_heats_its_pages_says_ready_and_stops(tmp_path):
    """`python -m xlib class --size 2 --app xallies --this-computer-only --port P`, run in the repository as a
    teacher runs it: the gallery answers, the READY line comes once both pages of the app are heated, a student's
    page then opens at once, and SIGTERM (as when the terminal closes) stops it and its kernels."""
    port = free_port()
    log = tmp_path / "xlib.log"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "xlib", "class", "--size", "2", "--app", "xallies",
                                 "--this-computer-only", "--port", str(port)],
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 600
        status, text = 0, ""
        while time.time() < deadline:
            assert proc.poll() is None, "the command stopped:\n" + log.read_text()
            try:
                status, text = get(url + "/")
                break
            except OSError:
                time.sleep(0.5)
        assert status == 200 and "Open the gallery of games" in text, log.read_text()
        ready = "READY: all 2 pages of xallies.ipynb are heated"
        while ready not in log.read_text() and time.time() < deadline:
            assert proc.poll() is None, "the command stopped:\n" + log.read_text()
            time.sleep(0.5)
        said = log.read_text()
        assert ready in said, said
        assert "Heating 2 pages of xallies.ipynb" in said and f"Open {url} : the gallery" in said
        assert "WARNING: xlib" not in said   # this computer only: nothing to warn about
        status, gallery = get(url + "/voila/render/index.ipynb")
        assert status == 200 and "XAllies" in gallery
        started = time.monotonic()
        status, page = get(url + "/voila/render/xallies.ipynb")   # a student's page: a heated one, at once
        assert status == 200 and time.monotonic() - started < 20
        kernels = kernels_of(proc.pid)
        assert len(kernels) >= 2, "the heated pages run no kernel"
    finally:
        proc.terminate()   # SIGTERM: Voila stops its kernels and itself
        try:
            code = proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise AssertionError("the command did not stop within 60 s of being told to")
    assert code in (0, -signal.SIGTERM), log.read_text()
    import psutil
    time.sleep(1)
    assert not [k for k in kernels if psutil.pid_exists(k) and psutil.Process(k).status() != psutil.STATUS_ZOMBIE], \
        "kernels outlived the command"


@pytest.mark.parametrize("args, words", [
    (["class", "--size", "thirty"], "--size is how many pages to heat, a number of students"),
    (["class", "--size", "0"], "--size is how many pages to heat"),
    (["class", "--app", "chess"], "chess is not an app of"),
    (["app", "--app", "../README.md", "--size", "3"], "is not an app of"),
    (["class", "--port", "http"], "--port is a number from 1 to 65535"),
])
def test_a_wrong_setting_stops_with_a_plain_reason_and_exit_2(args, words, capsys):
    assert cli.main([*args, "--notebooks", str(ROOT)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_an_unknown_option_or_command_exits_2(capsys):
    for wrong in (["class", "--students", "30"], ["teach"], []):
        with pytest.raises(SystemExit) as stopped:
            cli.main(wrong)
        assert stopped.value.code == 2
    assert "usage: xlib" in capsys.readouterr().err


def test_the_app_is_named_with_or_without_ipynb_and_the_repository_found_from_inside_it(tmp_path):
    notebooks, serve = cli.find_repository(None, start=ROOT / "notebooks" / "data")
    assert notebooks == ROOT / "notebooks" and serve == ROOT / "serve"
    assert cli.find_repository(str(ROOT / "notebooks")) == (notebooks, serve)
    assert cli.app_name("xallies", notebooks) == cli.app_name("xallies.ipynb", notebooks) == "xallies.ipynb"
    with pytest.raises(cli.Refused, match="no notebooks/ and serve/"):
        cli.find_repository(str(tmp_path))


def test_class_serves_the_network_and_app_this_computer_with_the_address_the_panel_shows(tmp_path):
    args = cli.parser().parse_args(["class", "--notebooks", str(ROOT)])
    plan = cli.plan_from(args)
    assert (plan.host, plan.port, plan.size, plan.app) == ("0.0.0.0", 8866, 30, "xallies.ipynb") and plan.network
    assert cli.app_address(plan, ["192.0.2.7", "10.0.0.4"]) == "http://192.0.2.7:8866"
    assert cli.app_address(plan, []) == ""   # unknown: the class panel says where to look
    said = "\n".join(cli.what_to_say(plan, ["192.0.2.7"], "xlib class"))
    assert "WARNING: xlib class serves the apps to the whole network" in said and "    192.0.2.7" in said
    assert "Open http://127.0.0.1:8866 : the gallery" in said and "xallies-lab.ipynb" in said
    alone = cli.plan_from(cli.parser().parse_args(["class", "--this-computer-only", "--notebooks", str(ROOT)]))
    assert alone.host == "127.0.0.1" and not alone.network
    assert "WARNING" not in "\n".join(cli.what_to_say(alone, [], "xlib class"))
    app = cli.plan_from(cli.parser().parse_args(["app", "--notebooks", str(ROOT)]))
    assert app.host == "127.0.0.1" and app.size is None
    assert cli.app_address(app, []) == "http://127.0.0.1:8866"
    folder = cli.class_config(plan, tmp_path / "build" / "class")
    env = cli.environment(plan, folder, "http://192.0.2.7:8866")
    assert env["JUPYTER_CONFIG_PATH"] == f"{ROOT / 'serve'}{os.pathsep}{folder}"
    assert (folder / "voila.json").read_text().count('"pool_size": 30') == 1
    assert all(not a.startswith("127.") for a in cli.network_addresses())


def test_the_command_is_installed_with_the_package():
    import importlib
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, function = scripts["xlib"].split(":")
    assert getattr(importlib.import_module(module), function) is cli.main
    assert (ROOT / "xlib" / "__main__.py").read_text().count("main()") == 1   # python -m xlib
