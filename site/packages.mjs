// Make the archive of the files the packages install, which each page's Python writes into its file system at
// start (site/start.js) instead of unpacking some 26 wheels at every visit: the site's own Pyodide, booted in
// Node.js, loads the packages a page loads, and every file they installed goes into one archive, gzipped, but
// what no page's Python reads (NEVER_READ). The archive is a header's length (4 bytes), the header (JSON: the
// packages' names, and each file's name and size) and the files' bytes one after the other.
//
//     node site/packages.mjs PYODIDE_FOLDER PACKAGES '{"packages": [...], "env": {...}}'
//
// Run by site/build.py on the staged folder, whose lock lists the shipped wheels.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

// What a page's Python never reads of the packages' files: their front ends (the pages load those from the
// site's own extensions), the data a wheel installs beside its package, tests, caches and type stubs.
export const NEVER_READ = /^\/share\/|\.data\/|\/(labextension|nbextension|tests?|__pycache__)\/|\.pyi$/;

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

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [folder, packagesFile, settings] = process.argv.slice(2);
  const { packages, env } = JSON.parse(settings);
  const core = path.resolve(folder);
  const { loadPyodide } = await import(pathToFileURL(path.join(core, "pyodide.mjs")).href);
  const py = await loadPyodide({ indexURL: core + path.sep, env, stdout: () => {} });
  const before = files(py.FS);
  await py.loadPackage(packages, { messageCallback: () => {} });
  const installed = [...files(py.FS)].filter(([name, data]) => !before.has(name) || !before.get(name).every(
    (byte, i) => data[i] === byte));
  const kept = installed.filter(([name]) => !NEVER_READ.test(name));
  const header = new TextEncoder().encode(JSON.stringify({
    packages: Object.keys(py.loadedPackages), files: kept.map(([name, data]) => [name, data.length]) }));
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, header.length, true);
  writeFileSync(packagesFile, gzipSync(Buffer.concat([length, header, ...kept.map(([, d]) => d)]), { level: 6 }));
  console.log(`packages: ${kept.length} files of ${Object.keys(py.loadedPackages).length} packages ` +
    `(${installed.length - kept.length} files no page reads left out)`);
}
