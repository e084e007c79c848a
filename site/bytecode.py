"""Run inside Pyodide by site/bytecode.mjs: every wheel in a folder gets its Python modules as bytecode of this
Python (the one the browser runs) instead of source, the way Pyodide's own packages are shipped. A page then
imports IPython, the widgets and xlib without compiling them first. A module this Python cannot compile keeps
its source."""
import base64
import hashlib
import importlib._bootstrap_external as external
import os
import warnings
import zipfile

SITE_PACKAGES = "/lib/python3.13/site-packages/"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(path: str) -> tuple[int, int]:
    """Rewrite one wheel with .pyc files in place of its .py files; returns (compiled, kept as source)."""
    with zipfile.ZipFile(path) as zf:
        members = [(info, zf.read(info)) for info in zf.infolist() if not info.is_dir()]
    record = next(info.filename for info, _ in members if info.filename.endswith(".dist-info/RECORD"))
    out, compiled, kept = [], 0, 0
    for info, data in members:
        name = info.filename
        top = name.split("/")[0]
        if name.endswith(".py") and not top.endswith((".dist-info", ".data")):
            try:
                with warnings.catch_warnings():     # a package's tests with odd escapes say so at each build
                    warnings.simplefilter("ignore")
                    code = compile(data, SITE_PACKAGES + name, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                kept += 1
            else:
                name, data = name + "c", bytes(external._code_to_timestamp_pyc(code, 0, 0))
                compiled += 1
        if name != record:
            out.append((name, info.date_time, data))
    lines = [_record_line(name, data) for name, _, data in out] + [f"{record},,"]
    out.append((record, (2020, 1, 1, 0, 0, 0), ("\n".join(lines) + "\n").encode()))
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, date_time, data in out:
            zf.writestr(zipfile.ZipInfo(name, max(date_time, (1980, 1, 1, 0, 0, 0))), data,
                        compress_type=zipfile.ZIP_DEFLATED)
    os.replace(tmp, path)
    return compiled, kept


def compile_folder(folder: str) -> None:
    """Every wheel of the folder, one line each on what was compiled."""
    for name in sorted(os.listdir(folder)):
        if name.endswith(".whl"):
            compiled, kept = compile_wheel(os.path.join(folder, name))
            print(f"{name}: {compiled} modules as bytecode" + (f", {kept} kept as source" if kept else ""))
