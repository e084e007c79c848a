"""Sets of board cells as bits of one Python integer (bit i for cell i), the way fast board engines keep them.

A board's stones of one colour, its empty cells or a path are one integer: a union is `|`, a test
is `&`, a count is `bit_count()`, all at C speed and immutable, so states share them freely.
This module holds what such boards need beside the integer operators: each cell's neighbours as
a mask, the mask of a list of cells, and the cells of a mask (or anything kept per cell) listed
in order, a byte of the mask at a time.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Generic, Iterable, Sequence, TypeVar

T = TypeVar("T")

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


class ByteTable(dict[int, tuple[T, ...]], Generic[T]):
    """For one byte of a mask (cells 8·b to 8·b + 7), the items of the cells that each value of the byte
    holds, in cell order; made the first time a value is looked up, so only the values that occur cost
    memory."""

    def __init__(self, items: Sequence[T], b: int) -> None:
        super().__init__()
        self.items, self.first = items, 8 * b

    def __missing__(self, byte: int) -> tuple[T, ...]:
        cells = [self.first + k for k in _BYTE_BITS[byte]]
        found = self[byte] = tuple(self.items[i] for i in cells if i < len(self.items))
        return found


def byte_tables(items: Sequence[T]) -> tuple[ByteTable[T], ...]:
    """One ByteTable per byte of a mask over len(items) cells. The items of a mask's cells, in order:

        for table, byte in zip(tables, mask.to_bytes(len(tables), "little")):
            if byte:
                for item in table[byte]: ...

    A sparse set costs a look-up per byte rather than a step per cell."""
    return tuple(ByteTable(items, b) for b in range((len(items) + 7) // 8))


@lru_cache(maxsize=None)
def _cell_tables(cells: int) -> tuple[ByteTable[int], ...]:
    return byte_tables(range(cells))


def cell_lister(cells: int) -> Callable[[int], list[int]]:
    """A function listing the cells of a mask of a `cells`-cell board in increasing order."""
    tables = _cell_tables(cells)
    size = len(tables)

    def cells_of(mask: int) -> list[int]:
        out: list[int] = []
        for table, byte in zip(tables, mask.to_bytes(size, "little")):
            if byte:
                out += table[byte]
        return out

    return cells_of
