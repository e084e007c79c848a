"""Tutorial scenes for the notebooks, as data (a position, scripted moves, a sentence per step)."""
