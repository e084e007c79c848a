// An app's page starts its kernel's worker (site/worker.js) as the page begins to load, and hands it to the
// kernel when JupyterLab's scripts, about a second later, make the kernel's worker: Python has started meanwhile.
// The worker the kernel asks for is known by its script's address; any other worker is made as usual, and so is
// the kernel's own if the early one failed to start. The build writes in both scripts' addresses.
(() => {
  const Native = window.Worker;
  // the script's address without its query (the kernel adds the version: ?v=...)
  const script = (url) => {
    const { origin, pathname } = new URL(String(url), document.baseURI);
    return origin + pathname;
  };
  const kernelScript = script("KERNEL_WORKER");
  let early = null;
  // a cross-origin isolated page (never one from a plain file server) has the kernel run a worker script of its own
  if (window.crossOriginIsolated) return;
  try {
    const worker = new Native(new URL("EARLY_WORKER", document.baseURI));
    worker.addEventListener("error", (event) => {
      if (early !== worker) return;   // the kernel's now: its errors are the kernel's to show
      console.warn(`The kernel's worker did not start early: ${event.message}`);
      worker.terminate();
      early = null;
    });
    early = worker;
  } catch (error) {
    console.warn(`The kernel's worker did not start early: ${error}`);
  }
  function Worker(url, options) {
    if (early && script(url) === kernelScript) {
      const worker = early;
      early = null;
      return worker;
    }
    return new Native(url, options);
  }
  Worker.prototype = Native.prototype;
  window.Worker = Worker;
})();
