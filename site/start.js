// How the kernel's worker starts Python on the site, shipped as the pyodide.js the kernel loads (Pyodide's own is
// pyodide-core.js). Python starts from the memory snapshot the build made (site/snapshot.mjs), in which the
// kernel's and the apps' modules are already imported, and the files the packages install come from one archive
// written straight into Pyodide's file system: no module is imported anew and no wheel is unpacked at each visit.
// The two files' names carry a digest of their contents (the build writes them in below): a browser that kept
// one of an earlier build never mixes it with the other of a later one.
// The time module's zone (time.timezone, time.tzname) is the build's, UTC; local times come from the browser as
// without the snapshot. Without the snapshot (a failed request, another Pyodide), Python starts as usual.

const SNAPSHOT = "SNAPSHOT_FILE";
const PACKAGES = "PACKAGES_FILE";

/** A file of the site as bytes, gunzipped (unless the server sent it unpacked). */
async function fetchGzipped(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const data = new Uint8Array(await response.arrayBuffer());
  if (data[0] !== 0x1f || data[1] !== 0x8b) return data;
  const unpacked = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

/** Write the packages' files (packages.gz: a header's length, the header, the files' bytes) into Pyodide's file
 * system; returns the names of the packages they are. */
function writeFiles(FS, archive) {
  const length = new DataView(archive.buffer, archive.byteOffset).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(archive.subarray(4, 4 + length)));
  let at = 4 + length;
  for (const [name, size] of header.files) {
    FS.mkdirTree(name.slice(0, name.lastIndexOf("/")));
    FS.writeFile(name, archive.subarray(at, at + size));
    at += size;
  }
  return header.packages;
}

self.loadPyodide = async (options) => {
  const snapshot = fetchGzipped(options.indexURL + SNAPSHOT);
  const archive = fetchGzipped(options.indexURL + PACKAGES);
  for (const part of [snapshot, archive]) part.catch(() => {});   // a failure is met below, where they are awaited
  importScripts(options.indexURL + "pyodide-core.js");   // Pyodide's own loadPyodide takes this one's place
  try {
    const pyodide = await self.loadPyodide({ ...options, packages: [], _loadSnapshot: snapshot });
    for (const name of writeFiles(pyodide.FS, await archive)) pyodide.loadedPackages[name] = "default channel";
    // The snapshot holds the build's state: this page's environment, and a random seed of its own.
    pyodide.runPython(`import importlib, json, os, random
importlib.invalidate_caches()
os.environ.update(json.loads(${JSON.stringify(JSON.stringify(options.env || {}))}))
random.seed()`);
    return pyodide;
  } catch (error) {
    console.warn(`Python starts without its snapshot: ${error}`);
    return await self.loadPyodide(options);
  }
};
