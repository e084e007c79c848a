"""Run inside Pyodide by site/snapshot.mjs before it takes the memory snapshot the site's pages start from: the
modules every page imports are imported, and what the snapshot must not hold is let go (a file left open would be
a descriptor the restored Python does not have)."""
import gc
import importlib
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import zipfile


def kernel_mocks() -> None:
    """The kernel (pyodide_kernel) puts empty modules in the place of a few (termios, fcntl...) before it imports
    IPython: the same here, so that IPython is imported as in the kernel. The kernel's module of mocks is loaded
    from its file, since importing the kernel's package would start the kernel, which needs a page."""
    package = importlib.util.find_spec("pyodide_kernel")
    folder = package.submodule_search_locations[0]
    name = next(f for f in ("mocks.pyc", "mocks.py") if os.path.exists(os.path.join(folder, f)))
    machinery = importlib.machinery
    loader_type = machinery.SourcelessFileLoader if name.endswith("c") else machinery.SourceFileLoader
    loader = loader_type("_kernel_mocks", os.path.join(folder, name))
    spec = importlib.util.spec_from_loader("_kernel_mocks", loader)
    mocks = importlib.util.module_from_spec(spec)
    loader.exec_module(mocks)
    mocks.apply_mocks()


def prepare(modules: list[str]) -> None:
    """Import `modules`; stop if a zip file stays open (importlib.metadata keeps one per path it has read)."""
    for name in modules:
        importlib.import_module(name)
    importlib.metadata.FastPath.__new__.cache_clear()
    gc.collect()
    still = [z.filename for z in gc.get_objects() if isinstance(z, zipfile.ZipFile) and z.fp is not None]
    if still:
        raise RuntimeError(f"zip files still open before the snapshot: {still}")
