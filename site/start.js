// How the kernel's worker starts Python on the site, shipped as the pyodide.js the kernel loads (Pyodide's own is
// pyodide-core.js). Python boots, and the files the packages install come from one archive written straight into
// Pyodide's file system (site/packages.mjs made it): no wheel is unpacked at each visit, and the modules are
// bytecode already. Pyodide's WebAssembly and the script around it come gzipped too: a plain file server sends
// every file as it is on disk, and this script unpacks them as they arrive, so that Pyodide finds them as if
// fetched whole. These files' names carry a digest of their contents (the build writes them in below): a browser
// that kept one of an earlier build never mixes it with the others of a later one. Where the archive cannot be
// had, Python loads the packages' wheels as usual; where a gzipped copy cannot, Pyodide fetches its own file.
// A worker starts one Python, which imports the kernel's module at once: an app's page starts its kernel's worker
// as the page begins to load (site/worker.js), and the kernel, when it asks a second later, gets that Python.
// The whole script is one function's body: the kernel's worker may run it twice (site/worker.js, then the kernel).

(() => {
  const PACKAGES = "PACKAGES_FILE";
  const WASM = "WASM_FILE";
  const ASM_JS = "ASM_JS_FILE";
  // site/startup.py, run once the packages' files are there, before the kernel imports IPython
  const STARTUP = "STARTUP_PYTHON";

  /** A file of the site as bytes, gunzipped (unless the server sent it unpacked). */
  async function fetchGzipped(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const data = new Uint8Array(await response.arrayBuffer());
    if (data[0] !== 0x1f || data[1] !== 0x8b) return data;
    const unpacked = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unpacked).arrayBuffer());
  }

  /** Write the packages' files (a header's length, the header, the files' bytes) into Pyodide's file system;
   * returns the names of the packages they are. */
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

  /** The worker's fetch, but that Pyodide's WebAssembly comes from its gzipped copy, unpacked as it arrives. */
  function unpackingFetch(plain, indexURL) {
    const wasm = new URL("pyodide.asm.wasm", indexURL).href;
    return (input, init) => {
      if (String(input instanceof Request ? input.url : input) !== wasm) return plain(input, init);
      return plain(new URL(WASM, indexURL).href).then((response) => {
        if (!response.ok) return plain(input, init);
        const body = response.body.pipeThrough(new DecompressionStream("gzip"));
        return new Response(body, { headers: { "Content-Type": "application/wasm" } });
      }, () => plain(input, init));
    };
  }

  /** Run site/startup.py in a namespace of its own (not the notebook's). */
  function startup(pyodide) {
    pyodide.runPython(STARTUP, { globals: pyodide.toPy({ __name__: "startup" }) });
    return pyodide;
  }

  /** Run Pyodide's pyodide.asm.js from its gzipped copy (Pyodide then does not fetch it), or leave it to Pyodide. */
  async function loadAsmJs(script) {
    try {
      const url = URL.createObjectURL(new Blob([await script], { type: "text/javascript" }));
      try { importScripts(url); } finally { URL.revokeObjectURL(url); }
    } catch (error) {
      console.warn(`Pyodide's script is fetched whole: ${error}`);
    }
  }

  /** Start Python: Pyodide, the packages' files, site/startup.py, then the kernel's module. */
  async function start(options) {
    const indexURL = new URL(options.indexURL, location.href).href;
    const archive = fetchGzipped(indexURL + PACKAGES);
    const script = fetchGzipped(indexURL + ASM_JS);
    for (const part of [archive, script]) part.catch(() => {});   // a failure is met below, where they are awaited
    self.fetch = unpackingFetch(self.fetch.bind(self), indexURL);
    importScripts(indexURL + "pyodide-core.js");
    const boot = self.loadPyodide;   // Pyodide's own
    self.loadPyodide = load;
    await loadAsmJs(script);
    let files;
    try {
      files = await archive;
    } catch (error) {
      console.warn(`Python starts without its packages' archive: ${error}`);
      return kernelModule(startup(await boot(options)));
    }
    const pyodide = await boot({ ...options, packages: [] });
    for (const name of writeFiles(pyodide.FS, files)) pyodide.loadedPackages[name] = "default channel";
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
    return kernelModule(startup(pyodide));
  }

  /** Import the kernel's module (IPython with it), which the kernel imports first once Python is there. */
  function kernelModule(pyodide) {
    pyodide.runPython("import pyodide_kernel");
    return pyodide;
  }

  /** This worker's Python, started at the first call; a later call (the kernel's, when the page started the worker
   * before the kernel asked) gets the same Python, its output going where that call says. */
  function load(options) {
    self.xlibPython ??= start(options);
    return self.xlibPython.then((pyodide) => {
      if (options.stdout) pyodide.setStdout({ batched: options.stdout });
      if (options.stderr) pyodide.setStderr({ batched: options.stderr });
      return pyodide;
    });
  }

  self.loadPyodide = load;
})();
