// Compile the Python modules of the site's wheels to bytecode with the very Python the browser runs (the npm
// Pyodide, booted in Node.js), so that no page compiles them again at every visit: each wheel's .py files become
// .pyc files in place, as Pyodide's own packages ship them, and the wheel's RECORD is rewritten to match.
//
//     node site/bytecode.mjs PYODIDE_FOLDER WHEEL_FOLDER    (run by site/build.py; the wheels change in place)
import path from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";

const [core, wheels] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: core + path.sep });
py.FS.mkdirTree("/wheels");
py.FS.mount(py.FS.filesystems.NODEFS, { root: wheels }, "/wheels");
py.runPython(readFileSync(new URL("./bytecode.py", import.meta.url), "utf8"));
py.runPython("compile_folder('/wheels')");
