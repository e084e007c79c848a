"""Widget models each app creates when its page loads (printed, never asserted): what a browser receives
before the first paint. Runs each notebook's code cells in a fresh process and counts the live widgets.

    python benchmarks/widgets.py [notebooks/x.ipynb ...]
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COUNT = r"""
import json, sys
import ipywidgets
cells = json.load(open(sys.argv[1]))["cells"]
code = [''.join(c["source"]) for c in cells if c["cell_type"] == "code"]
ns = {}
for src in code:
    exec(compile(src, "cell", "exec"), ns)
print(len(ipywidgets.Widget.widgets))
"""


def count(notebook: Path) -> int:
    out = subprocess.run([sys.executable, "-c", COUNT, str(notebook)], capture_output=True, text=True, check=True,
                         cwd=notebook.parent)
    return int(out.stdout.strip().splitlines()[-1])


def main() -> None:
    paths = [Path(p) for p in sys.argv[1:]] or [ROOT / "notebooks" / f"{g}.ipynb"
                                                 for g in ("alea", "x", "xats", "xerog", "xallies")]
    for p in paths:
        print(f"{p.name}: {count(p)} widget models at load", flush=True)


if __name__ == "__main__":
    main()
