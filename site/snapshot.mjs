// Make the memory snapshot each page's Python starts from: the site's own Pyodide, booted in Node.js with the
// packages a page loads and the page's environment, imports the kernel's and the apps' modules
// (site/snapshot.py), and its memory is written, gzipped, to OUT. A page then restores that memory
// (site/start.js) instead of importing those modules anew at every visit.
//
//     node site/snapshot.mjs PYODIDE_FOLDER OUT '{"packages": [...], "env": {...}, "modules": [...]}'
//
// Run by site/build.py on the staged folder, whose lock lists the shipped wheels.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const [folder, out, settings] = process.argv.slice(2);
const { packages, env, modules } = JSON.parse(settings);
const core = path.resolve(folder);
const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: core + path.sep, packages, env, _makeSnapshot: true, stdout: () => {} });
const scope = py.toPy({});   // site/snapshot.py runs in a namespace of its own, let go before the snapshot
py.runPython(readFileSync(new URL("./snapshot.py", import.meta.url), "utf8"), { globals: scope });
py.runPython(`kernel_mocks()\nprepare(${JSON.stringify(modules)})`, { globals: scope });
scope.destroy();
// The restored Python loads the packages' files again, as Pyodide keeps files outside its memory: Pyodide's
// list of loaded packages starts empty there, as it does here once emptied.
for (const name of Object.keys(py.loadedPackages)) delete py.loadedPackages[name];
const open = Object.keys(py.FS.streams).filter((fd) => py.FS.streams[fd] && fd > 2);
if (open.length) throw new Error(`files still open in the snapshot (descriptors ${open}): a restored page has none`);
const memory = py.makeMemorySnapshot();
writeFileSync(out, gzipSync(memory, { level: 6 }));
console.log(`snapshot: ${(memory.length / 1e6).toFixed(1)} MB of memory, ${modules.length} modules imported`);
