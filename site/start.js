// How the kernel's worker starts Python on the site, shipped as the pyodide.js the kernel loads (Pyodide's own is
// pyodide-core.js): from the memory snapshot the build made (site/snapshot.mjs), in which the kernel's and the
// apps' modules are already imported, instead of importing them anew at every visit. The time module's zone
// (time.timezone, time.tzname) is the build's, UTC; local times come from the browser as without the snapshot.
// Without the snapshot (a failed request, another Pyodide), Python starts as usual.
const SNAPSHOT = "snapshot.gz";

async function fetchSnapshot(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const data = new Uint8Array(await response.arrayBuffer());
  if (data[0] !== 0x1f || data[1] !== 0x8b) return data;   // a server that unpacked it already
  const unpacked = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

self.loadPyodide = async (options) => {
  const snapshot = fetchSnapshot(options.indexURL + SNAPSHOT);
  snapshot.catch(() => {});   // a failure is met below, where Pyodide awaits it
  importScripts(options.indexURL + "pyodide-core.js");   // Pyodide's own loadPyodide takes this one's place
  try {
    const pyodide = await self.loadPyodide({ ...options, _loadSnapshot: snapshot });
    // The snapshot holds the build's state: this page's environment, and a random seed of its own.
    pyodide.runPython(`import json, os, random
os.environ.update(json.loads(${JSON.stringify(JSON.stringify(options.env || {}))}))
random.seed()`);
    return pyodide;
  } catch (error) {
    console.warn(`Python starts without its snapshot: ${error}`);
    return await self.loadPyodide(options);
  }
};
