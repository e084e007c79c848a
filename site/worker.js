// The kernel's worker, started by an app's page as soon as the page begins to load (site/page.js), and not a
// second later, when JupyterLab's scripts have run and start the kernel: meanwhile Python boots and imports the
// kernel's module, on the computer's other core. The kernel's own worker script then runs here and answers the
// kernel as it would in a worker of its own; its Python is the one started here (site/start.js keeps it).
// The build writes in the names of the kernel's worker script and the options the kernel starts Python with.

importScripts("pyodide.js");   // site/start.js
// the kernel meets a failure to start when it asks for this Python
self.loadPyodide({ indexURL: new URL(".", location.href).href, ...PYODIDE_OPTIONS }).catch(() => {});
importScripts("KERNEL_WORKER");
