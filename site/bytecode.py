"""Run inside Pyodide by site/bytecode.mjs: every wheel in a folder, and Pyodide's standard library
(python_stdlib.zip, which the npm package ships as source), gets its Python modules as bytecode of this Python
(the one the browser runs) instead of source, the way Pyodide's own packages are shipped. A page then imports
the standard library, IPython, the widgets and xlib without compiling them first. A module this Python cannot
compile keeps its source."""
import base64
import hashlib
import importlib._bootstrap_external as external
import os
import warnings
import zipfile

#: where each archive's modules are when the browser imports them (the names tracebacks show)
SITE_PACKAGES = "/lib/python3.13/site-packages/"
STDLIB = ("python_stdlib.zip", "/lib/python313.zip/")


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _compiled(name: str, data: bytes, where: str) -> bytes | None:
    """The bytecode of one module, as a sourceless .pyc file holds it; None if it does not compile here."""
    try:
        with warnings.catch_warnings():     # a package's tests with odd escapes say so at each build
            warnings.simplefilter("ignore")
            code = compile(data, where + name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return bytes(external._code_to_timestamp_pyc(code, 0, 0))


def compile_archive(path: str, where: str = SITE_PACKAGES) -> tuple[int, int]:
    """Rewrite one zip archive (a wheel, or the standard library) with .pyc files in place of its .py files,
    each member compressed as before; a wheel's RECORD is written anew. Returns (compiled, kept as source)."""
    with zipfile.ZipFile(path) as zf:
        members = [(info, zf.read(info)) for info in zf.infolist()]
    record = next((info.filename for info, _ in members if info.filename.endswith(".dist-info/RECORD")), None)
    out, compiled, kept = [], 0, 0
    for info, data in members:
        name = info.filename
        top = name.split("/")[0]
        if name.endswith(".py") and not top.endswith((".dist-info", ".data")):
            pyc = _compiled(name, data, where)
            if pyc is None:
                kept += 1
            else:
                name, data = name + "c", pyc
                compiled += 1
        if name != record:
            out.append((name, info, data))
    if record is not None:
        lines = [_record_line(name, data) for name, info, data in out if not info.is_dir()] + [f"{record},,"]
        out.append((record, zipfile.ZipInfo(record, (2020, 1, 1, 0, 0, 0)), ("\n".join(lines) + "\n").encode()))
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w") as zf:
        for name, info, data in out:
            entry = zipfile.ZipInfo(name, max(info.date_time, (1980, 1, 1, 0, 0, 0)))
            entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            zf.writestr(entry, data)
    os.replace(tmp, path)
    return compiled, kept


def compile_folder(folder: str) -> None:
    """Every wheel of the folder and the standard library's zip if there, one line each on what was compiled."""
    for name in sorted(os.listdir(folder)):
        if name.endswith(".whl") or name == STDLIB[0]:
            compiled, kept = compile_archive(os.path.join(folder, name),
                                             STDLIB[1] if name == STDLIB[0] else SITE_PACKAGES)
            print(f"{name}: {compiled} modules as bytecode" + (f", {kept} kept as source" if kept else ""))
