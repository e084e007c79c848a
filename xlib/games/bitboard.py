"""Sets of board cells as bits of one Python integer (bit i for cell i), the way fast board engines keep them.

A board's stones of one colour, its empty cells or a path are one integer: a union is `|`, a test
is `&`, a count is `bit_count()`, all at C speed and immutable, so states share them freely.
This module holds what such boards need beside the integer operators: each cell's neighbours as
a mask, the mask of a list of cells, and the cells of a mask listed in order.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable, Sequence

# the set bits of each byte value, lowest first
_BYTE_BITS = tuple(tuple(k for k in range(8) if v >> k & 1) for v in range(256))


def mask_of(cells: Iterable[int]) -> int:
    """The bit set of `cells`."""
    out = 0
    for i in cells:
        out |= 1 << i
    return out


def neighbour_masks(neighbours: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each cell's neighbours (as the grid helper lists them) as one mask per cell."""
    return tuple(mask_of(nbrs) for nbrs in neighbours)


@lru_cache(maxsize=None)
def _byte_tables(cells: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each byte of a board's mask, the cells that each value of that byte holds."""
    return tuple(tuple(tuple(8 * b + k for k in bits) for bits in _BYTE_BITS) for b in range((cells + 7) // 8))


def cell_lister(cells: int) -> Callable[[int], list[int]]:
    """A function listing the cells of a mask of a `cells`-cell board in increasing order.

    It reads the mask a byte at a time through tables made once per board size, so a sparse
    set costs a few table look-ups rather than a step per cell."""
    tables = _byte_tables(cells)
    size = len(tables)

    def cells_of(mask: int) -> list[int]:
        out: list[int] = []
        for table, byte in zip(tables, mask.to_bytes(size, "little")):
            if byte:
                out += table[byte]
        return out

    return cells_of
