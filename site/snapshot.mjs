// Make what each page's Python starts from: the site's own Pyodide, booted in Node.js with the page's environment,
// loads the packages a page loads and imports the kernel's and the apps' modules (site/snapshot.py). Its memory is
// written, gzipped, to SNAPSHOT, and the files the packages installed, in one archive, to PACKAGES. A page then
// restores that memory and writes those files (site/start.js), instead of importing the modules and unpacking the
// packages' wheels anew at every visit.
//
//     node site/snapshot.mjs PYODIDE_FOLDER SNAPSHOT PACKAGES '{"packages": [...], "env": {...}, "modules": [...]}'
//
// Run by site/build.py on the staged folder, whose lock lists the shipped wheels.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const [folder, snapshotFile, packagesFile, settings] = process.argv.slice(2);
const { packages, env, modules } = JSON.parse(settings);
const core = path.resolve(folder);
const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: core + path.sep, env, _makeSnapshot: true, stdout: () => {} });

/** Every regular file under `top` in Pyodide's file system, with its contents, but /dev and /proc. */
function files(FS, top = "/") {
  const found = new Map();
  const walk = (dir) => {
    for (const name of FS.readdir(dir)) {
      const full = dir === "/" ? `/${name}` : `${dir}/${name}`;
      if (name === "." || name === ".." || full === "/dev" || full === "/proc") continue;
      const mode = FS.lstat(full).mode;
      if (FS.isDir(mode)) walk(full);
      else if (FS.isFile(mode)) found.set(full, FS.readFile(full));
    }
  };
  walk(top);
  return found;
}

const before = files(py.FS);
await py.loadPackage(packages, { messageCallback: () => {} });
const installed = [...files(py.FS)].filter(([name, data]) => !before.has(name) || !before.get(name).every(
  (byte, i) => data[i] === byte));
const header = new TextEncoder().encode(JSON.stringify({
  packages: Object.keys(py.loadedPackages), files: installed.map(([name, data]) => [name, data.length]) }));
const length = new Uint8Array(4);
new DataView(length.buffer).setUint32(0, header.length, true);
writeFileSync(packagesFile, gzipSync(Buffer.concat([length, header, ...installed.map(([, d]) => d)]),
  { level: 6 }));

const scope = py.toPy({});   // site/snapshot.py runs in a namespace of its own, let go before the snapshot
py.runPython(readFileSync(new URL("./snapshot.py", import.meta.url), "utf8"), { globals: scope });
py.runPython(`kernel_mocks()\nprepare(${JSON.stringify(modules)})`, { globals: scope });
scope.destroy();
// Pyodide keeps files outside its memory: the restored Python gets the packages' files from their archive, and
// Pyodide's list of loaded packages starts empty there, as it does here once emptied.
for (const name of Object.keys(py.loadedPackages)) delete py.loadedPackages[name];
const open = Object.keys(py.FS.streams).filter((fd) => py.FS.streams[fd] && fd > 2);
if (open.length) throw new Error(`files still open in the snapshot (descriptors ${open}): a restored page has none`);
const memory = py.makeMemorySnapshot();
writeFileSync(snapshotFile, gzipSync(memory, { level: 6 }));
console.log(`snapshot: ${(memory.length / 1e6).toFixed(1)} MB of memory, ${modules.length} modules imported; ` +
  `${installed.length} files of ${Object.keys(JSON.parse(new TextDecoder().decode(header)).packages).length} packages`);
