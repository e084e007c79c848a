"""`python -m xlib class --size 30 --app xallies`: the `xlib` command (xlib/cli.py) where it is not on the PATH."""
import sys

from .cli import main

sys.exit(main())
