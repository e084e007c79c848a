"""The XATS table: towers of hexagonal spiked tiles, and each player's tiles not yet played in a tray
(the rules' "reserve"; a student only ever reads "tray").

Each stack is drawn as a tower, bottom tile at the bottom, every tile a hexagon with its spikes
on the edges where the engine laid them, so tiles one above the other show which spikes rest on
which. Play by clicking a tile of your tray (which only chooses it, with a hint of where it may
go), then a stack or the empty table; destroy by choosing a stack (or a tile) and pressing a
Destroy button. Only a target where the tile may not go is an error (✗). A tile that does not
fit is drawn over the stack's top tile, solid but dimmed and ringed in red, with the spike that
has nothing under it large and red. Outlines of targets lie behind the tiles, so spikes stay seen.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

from ...core import Move, State
from ...games.xats import COLOURS, SPIKES, Destroy, Play, XatsState, edges, fit_orientation, orientations, spikes
from ...board import palette
from ...board.view import Choice, Click, Overlay, Target, View
from .words import XatsWords, and_list, forced_stacking, plural, tiles_of, won_the_count

__all__ = ["XatsView", "and_list", "forced_stacking", "plural", "tiles_of", "won_the_count"]

TABLE = "#CDBEA4"          # the table the tiles lie on (white tiles need it darker than the page)
TRAY = "#BCAB8E"           # a tray's floor
TILE_EDGE = "#2B2B2B"      # the dark outline every tile carries (white tiles on a light table)
FILLS = {"white": palette.WHITE, "blue": palette.BLUE, "red": palette.VERMILLION}
SQRT3 = math.sqrt(3)
WIDTH, HEIGHT = 560, 540
MARGIN = 12
HEADER = 30                # the line over the table: the last move
TRAY_H = 70
TRAY_R = 17                # radius of a tile in a tray
#: a tray tile's slot across (13 in a row); a tap picks the tile whose slot it falls in, within half a slot of its
#: centre: 41 units, 25 px across on a phone 360 px wide (the board drawn 348 px wide), more than a finger's 24
TRAY_SLOT = (WIDTH - 2 * MARGIN) / 13
LABEL = 26                 # under a tower: its name and height
GHOST_ALPHA = 0.7          # a tile held over a stack: solid, but the tile under it still shows through
#: the least type on the board: 16.5 units is 10 px and more on a phone 360 px wide (the board drawn 348 px wide)
TYPE = 16.5
MISFIT_GROW = 1.7          # a spike with nothing under it is drawn this much larger than a spike


@dataclass
class Tower:
    """Where stack `number` stands: centre x, the centre y of its bottom tile, and its column's width."""

    number: int
    x: float
    base: float
    width: float


@dataclass
class Layout:
    """The geometry of one position: tile size, towers, the new-stack place and the trays."""

    radius: float
    pitch: float
    towers: list[Tower]
    new_slot: Tower
    table_bottom: float
    tray_top: float

    def level_y(self, tower: Tower, level: int) -> float:
        return tower.base - level * self.pitch

    def tower(self, number: int) -> Tower:
        return next(t for t in self.towers if t.number == number)


def spike_length(radius: float) -> float:
    return 0.48 * radius


def column_width(radius: float) -> float:
    return 2 * radius + 2 * 0.866 * spike_length(radius) + 12


def level_pitch(radius: float) -> float:
    return SQRT3 * radius + 2 * spike_length(radius) + 3


class XatsView(View):
    """The table with its towers over one tray per player; the race of each player in their tray."""

    #: the game's three colours; with two players white and red (seat_colour maps seats to colours)
    seat_colours: ClassVar[tuple[str, ...]] = (palette.WHITE, palette.BLUE, palette.VERMILLION)
    option_labels = {"players": "Number of players"}
    value_labels = {"players": {2: "2 players: white and red", 3: "3 players: white, blue and red"}}

    def __init__(self, **options: Any) -> None:
        super().__init__(width=WIDTH, height=HEIGHT, options=options)
        self.colour_names = COLOURS[int(options.get("players", 2))]
        #: what the table says: whose turn, each tray's race, what a move did (xlib.views.xats.words)
        self.words = XatsWords(self.player_name)

    # ---- colours and words -------------------------------------------------------------------
    def seat_colour(self, seat: int) -> str:
        return FILLS[self.colour_names[seat % len(self.colour_names)]]

    count = staticmethod(XatsWords.count)

    def race(self, state: State, player: int) -> str:
        return self.words.race(state, player)

    def others_out(self, state: XatsState, winner: int) -> str:
        return self.words.others_out(state, winner)

    def status(self, state: State) -> str:
        return self.words.status(state)

    def phrase(self, before: State, move: Move) -> str:
        return self.words.phrase(before, move)

    def news(self, before: State, after: State) -> tuple[str, tuple[Any, ...]]:
        return self.words.news(before, after)

    # ---- geometry ----------------------------------------------------------------------------
    def layout(self, state: XatsState) -> Layout:
        """Tile size and the place of every tower: as large as fits, in one to four rows."""
        n = state.game.n
        tray_top = HEIGHT - n * TRAY_H - 4
        top, bottom = HEADER + 4, tray_top - 6
        items = len(state.stack_list) + 1
        levels = min(8, max([1] + [len(t) for _, t in state.stack_list]) + 1)
        radius, rows = 6.0, 1
        for r in (26, 23, 20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6):
            fitted = next((k for k in (1, 2, 3, 4)
                           if math.ceil(items / k) * column_width(r) <= WIDTH - 2 * MARGIN
                           and k * (levels * level_pitch(r) + LABEL) <= bottom - top), None)
            if fitted is not None:
                radius, rows = float(r), fitted
                break
        per_row = math.ceil(items / rows)
        pitch = level_pitch(radius)
        row_h = levels * pitch + LABEL
        spacing = min(column_width(radius) * 1.35, (WIDTH - 2 * MARGIN) / per_row)
        block = rows * row_h
        y0 = top + max(0.0, (bottom - top - block) / 2)
        places = []
        for i in range(items):
            row, col = divmod(i, per_row)
            in_row = min(per_row, items - row * per_row)
            x = WIDTH / 2 + (col - (in_row - 1) / 2) * spacing
            base = y0 + (row + 1) * row_h - LABEL - pitch / 2
            places.append((x, base))
        towers = [Tower(k, x, b, spacing) for (k, _), (x, b) in zip(state.stack_list, places)]
        x, b = places[-1]
        return Layout(radius, pitch, towers, Tower(0, x, b, spacing), bottom, tray_top)

    def tray_tile_centre(self, state: State, player: int, tile: int) -> tuple[float, float]:
        """Where tile `tile` of `player` lies in their tray (whether it is there or not)."""
        assert isinstance(state, XatsState)
        top = HEIGHT - state.game.n * TRAY_H - 4 + player * TRAY_H
        return MARGIN + TRAY_SLOT * (tile - 0.5), top + 42   # its top spikes clear of the row's words

    def stack_point(self, state: State, name: str) -> tuple[float, float]:
        """The centre of the top tile of stack `name` ("s2"): where a person clicks to choose it."""
        assert isinstance(state, XatsState)
        lay = self.layout(state)
        number = int(name.lstrip("s"))
        tower = lay.tower(number)
        return tower.x, lay.level_y(tower, len(tiles_of(state, number)) - 1)

    def table_point(self, state: State) -> tuple[float, float]:
        """The place for a new stack, on the empty table."""
        assert isinstance(state, XatsState)
        lay = self.layout(state)
        return lay.new_slot.x, lay.new_slot.base

    def hit(self, state: XatsState, x: float, y: float) -> tuple[Any, ...] | None:
        """What is under (x, y): ("tray", player, tile), ("stack", number), ("table",) or None."""
        lay = self.layout(state)
        if y >= lay.tray_top:
            for p in range(state.game.n):
                for t in SPIKES:
                    cx, cy = self.tray_tile_centre(state, p, t)
                    if (x - cx) ** 2 + (y - cy) ** 2 <= (TRAY_SLOT / 2) ** 2:
                        return ("tray", p, t)
            return None
        for tw in lay.towers:
            height = len(tiles_of(state, tw.number))
            top = lay.level_y(tw, height - 1) - lay.pitch / 2
            if abs(x - tw.x) <= tw.width / 2 - 1 and top <= y <= tw.base + lay.pitch / 2 + LABEL:
                return ("stack", tw.number)
        if HEADER <= y <= lay.table_bottom:
            return ("table",)
        return None

    # ---- the keyboard ----------------------------------------------------------------------------
    def key_targets(self, state: State, selection: Any = None) -> list[Target]:
        """The tiles in the tray of the player to move, every stack's top tile, and the table's free place."""
        assert isinstance(state, XatsState)
        lay = self.layout(state)
        out = []
        if not state.over:
            p = state.mover
            for t in sorted(state.reserve(p)):
                out.append(Target(f"Tile {t} of {self.player_name(state, p)}'s tray, {plural(spikes(t), 'spike')}",
                                  *self.tray_tile_centre(state, p, t), TRAY_SLOT / 2, TRAY_SLOT / 2))
        for number, tiles in state.stack_list:
            x, y = self.stack_point(state, f"s{number}")
            out.append(Target(f"Stack s{number}, {plural(len(tiles), 'tile')} high, tile {tiles[-1][0]} on top",
                              x, y, lay.radius + 2, lay.radius + 2))
        x, y = self.table_point(state)
        out.append(Target("The table: a new stack", x, y, lay.radius + 2, lay.radius + 2))
        return out

    # ---- clicks ------------------------------------------------------------------------------
    def click(self, state: State, x: float, y: float, selection: Any = None) -> Click:
        assert isinstance(state, XatsState)
        hit = self.hit(state, x, y)
        if hit is None:
            return Click(selection=selection)
        if hit[0] == "tray":
            return self._tray_click(state, hit[1], hit[2], selection)
        if hit[0] == "stack":
            return self._stack_click(state, hit[1], selection)
        return self._table_click(state, selection)

    def _tray_click(self, state: XatsState, player: int, tile: int, selection: Any) -> Click:
        p = state.mover
        mover = self.player_name(state, p)
        if player != p:
            return Click(selection=selection, message=f"That is {self.player_name(state, player)}'s tray: it is "
                                                      f"{mover}'s turn.")
        if tile not in state.reserve(p):
            where = next((f"on the table, in s{k}" for k, tiles in state.stack_list
                          for t, o, _, _ in tiles if t == tile and o == p), None)
            return Click(selection=selection, message=f"Tile {tile} is {where or 'discarded: it has left the game'}.")
        if selection == ("tile", tile):
            return Click(message=f"Tile {tile} is back in the tray.")
        if isinstance(selection, tuple) and selection[0] == "stack":
            return self._stack_click(state, selection[1], ("tile", tile), keep=selection)
        return Click(selection=("tile", tile), message=self.tile_hint(state, tile))

    def tile_hint(self, state: XatsState, tile: int) -> str:
        """Where a chosen tile may go, as the rules say: said quietly, since nothing has been tried yet.

        A tile that fits nowhere is told what it can still do (start a new stack, destroy, or nothing this
        turn); whether another tile fits is said without naming it, so the student still looks."""
        fits = [k for k, _ in state.stack_list if state.explain(f"{tile}>s{k}") is None]
        destroys = [k for k, tiles in state.stack_list if len(tiles) == spikes(tile)]
        head = f"Tile {tile} ({plural(spikes(tile), 'spike')})"
        if fits:
            return f"{head} fits on {and_list([f's{k}' for k in fits])}: click a highlighted stack." \
                   f"{destroy_hint(tile, destroys)}"
        if not state.stack_list:
            return f"{head}: click the empty table to start the first stack."
        if not forced_stacking(state):
            return (f"{head} fits on no stack, and no tile of yours does: click the empty table to start a new "
                    f"stack.{destroy_hint(tile, destroys)}")
        rule = "it cannot start a new stack either, because another tile of yours fits on a stack"
        if destroys:
            return (f"{head} fits on no stack, and {rule}. It can only destroy {and_list([f's{k}' for k in destroys])}"
                    f" ({plural(spikes(tile), 'tile')} high): the Destroy buttons.")
        none = ("a tile with no spikes destroys nothing" if not spikes(tile)
                else f"no stack is {plural(spikes(tile), 'tile')} high")
        return f"{head} fits on no stack and destroys none ({none}), and {rule}: it has no use this turn."

    def _stack_click(self, state: XatsState, number: int, selection: Any, keep: Any = None) -> Click:
        tiles = tiles_of(state, number)
        h = len(tiles)
        if isinstance(selection, tuple) and selection[0] == "tile":
            tile = selection[1]
            text = f"{tile}>s{number}"
            if state.explain(text) is None:
                return Click(move=text)
            return Click(selection=keep or selection, message=self.why_not(state, tile, number),
                         marks=self.misfit_marks(state, tile, number), illegal=True)
        if selection == ("stack", number):
            return Click(message=f"s{number} is no longer chosen.")
        p = state.mover
        top = tiles[-1][0]
        fit = [t for t in state.reserve(p) if state.explain(f"{t}>s{number}") is None]
        can_destroy = [t for t in state.reserve(p) if spikes(t) == h]
        head = (f"s{number} is {plural(h, 'tile')} high, tile {top} "
                f"({plural(spikes(top), 'spike')}) on top.")
        if fit:
            head += f" Click a tile of yours to put on it (tiles {', '.join(map(str, fit))} fit)"
        else:
            head += " No tile of yours fits on it"
        if can_destroy:
            head += f"; or destroy it with a {h}-spike tile (the buttons)."
        else:
            head += f"; you have no tile with {plural(h, 'spike')} to destroy it."
        return Click(selection=("stack", number), message=head)

    def _table_click(self, state: XatsState, selection: Any) -> Click:
        if not (isinstance(selection, tuple) and selection[0] == "tile"):
            return Click(selection=selection, message="Click a tile of your tray first, then a stack or the table.")
        tile = selection[1]
        if state.explain(str(tile)) is None:
            return Click(move=str(tile))
        fits = tuple(("stack", k) for k, _ in state.stack_list if state.explain(f"{tile}>s{k}") is None)
        if fits:
            names = " or ".join(f"s{k}" for _, k in fits)
            text = f"Tile {tile} fits on {names} (highlighted), so you must stack: no new stack while a tile fits."
        else:
            text = ("A tile of yours fits on a stack (highlighted), so you must stack that one: no new stack while "
                    "a tile fits.")
        return Click(selection=selection, message=text, marks=fits or forced_targets(state), illegal=True)

    def why_not(self, state: XatsState, tile: int, number: int) -> str:
        """Why `tile` cannot go on stack `number`, in a student's words (the engine's sentence otherwise)."""
        reason = state.explain(f"{tile}>s{number}") or ""
        try:
            top = tiles_of(state, number)[-1][0]
        except KeyError:
            return reason
        if tile not in state.reserve(state.mover) or spikes(tile) >= spikes(top):
            return reason
        turned = "turned every way and either side up" if tile == 8 else "turned every way"
        return (f"Tile {tile} does not fit on s{number}: {turned}, one of its spikes has no spike of tile {top} "
                f"under it (marked in red).")

    def misfit_marks(self, state: XatsState, tile: int, number: int) -> tuple[Any, ...]:
        """Marks for `tile` that cannot go on stack `number`: the stack, and the tile laid over its top
        in its best turn with the spikes that have nothing under them."""
        try:
            tiles = tiles_of(state, number)
        except KeyError:
            return ()
        rotation, flipped, missing = best_turn(tile, tiles[-1])
        return (("stack", number), ("ghost", number, tile, rotation, flipped, missing))

    def turned_over_mark(self, state: XatsState, tile: int, number: int) -> tuple[Any, ...]:
        """A mark showing `tile` turned over (flipped), laid over stack `number` the first way it fits that
        side up; a ghost with no bare spike, drawn dimmed and named."""
        below = tiles_of(state, number)[-1]
        under = edges(below[0], below[2], below[3])
        rotation = next((r for r in range(6) if edges(tile, r, True) <= under), 0)
        missing = tuple(sorted(edges(tile, rotation, True) - under))
        return ("ghost", number, tile, rotation, True, missing)

    def choices(self, state: State, selection: Any = None) -> list[Choice]:
        assert isinstance(state, XatsState)
        if state.over or not isinstance(selection, tuple):
            return []
        reserve = state.reserve(state.mover)
        if selection[0] == "tile":
            pairs = [(k, selection[1]) for k, tiles in state.stack_list if len(tiles) == spikes(selection[1])]
        else:
            h = len(tiles_of(state, selection[1]))
            pairs = [(selection[1], t) for t in reserve if spikes(t) == h]
        return [Choice(f"Destroy s{k} with tile {t}", f"s{k}x{t}",
                       f"discard tile {t}: it leaves the game, and every tile of s{k} goes back to its owner's tray")
                for k, t in pairs if state.explain(f"s{k}x{t}") is None]

    def marks_for(self, state: State, move: Move | str) -> tuple[Any, ...]:
        assert isinstance(state, XatsState)
        try:
            m = state.parse(str(move))
        except ValueError:
            return ()
        if isinstance(m, Destroy):
            return (("stack", m.stack), ("tray", state.mover, m.tile))
        if isinstance(m, Play) and m.stack is not None:
            return self.misfit_marks(state, m.tile, m.stack)
        if isinstance(m, Play):
            return forced_targets(state)
        return ()

    def marks_of_names(self, state: State, names: tuple[str, ...]) -> tuple[Any, ...]:
        """Lesson names: "s2" a stack, "W8" a tray tile, "new" the table, "3>s2" tile 3 laid over s2,
        "8~>s1" tile 8 turned over, laid over s1 the first way it fits."""
        assert isinstance(state, XatsState)
        out: list[Any] = []
        for name in names:
            if "~>" in name:
                tile, stack = name.split("~>")
                out.append(self.turned_over_mark(state, int(tile), int(stack.lstrip("s"))))
            elif ">" in name:
                tile, stack = name.split(">")
                out.extend(self.misfit_marks(state, int(tile), int(stack.lstrip("s"))))
            elif name == "new":
                out.append(("new",))
            elif name.startswith("s"):
                out.append(("stack", int(name[1:])))
            else:
                out.append(("tray", state.game.letters.index(name[0]), int(name[1:])))
        return tuple(out)

    # ---- animation -----------------------------------------------------------------------------
    def frames(self, state: State, move: Move) -> list[Any]:
        """One picture before the move lands: the tile lifted over its place, or the stack struck out."""
        assert isinstance(state, XatsState)
        return [("move", str(move))]

    # ---- drawing ---------------------------------------------------------------------------------
    def draw(self, canvas: Any, state: State, overlay: Overlay) -> None:
        assert isinstance(state, XatsState)
        lay = self.layout(state)
        canvas.fill_style = TABLE
        canvas.fill_rect(0, 0, WIDTH, HEIGHT)
        live = overlay.interactive and not state.over and overlay.frame is None
        sel = overlay.selection if isinstance(overlay.selection, tuple) else None
        moving = state.parse(overlay.frame[1]) if overlay.frame is not None else None
        if not overlay.compact:   # printed, the sentences beside the picture say the last move
            self._header(canvas, state, moving, overlay.interactive)
        targets = self.targets(state, sel) if live else set()
        marked = {m for m in overlay.marks if isinstance(m, tuple)}
        for tw in lay.towers:
            self._tower(canvas, state, lay, tw, targets, sel, marked, moving, overlay.compact)
        self._new_slot(canvas, state, lay, ("new",) in targets, ("new",) in marked, moving, overlay.compact)
        for mark in marked:
            if mark[0] == "ghost":
                self._ghost(canvas, state, lay, mark)
        if isinstance(moving, Play) and moving.stack is not None:
            rotation, flipped = fit_turn(state, moving.tile, moving.stack)
            tw = lay.tower(moving.stack)
            y = lay.level_y(tw, len(tiles_of(state, moving.stack)))
            self.tile(canvas, tw.x, y, lay.radius, moving.tile, state.mover, rotation, flipped, state, alpha=0.6)
        for p in range(state.game.n):
            self._tray(canvas, state, p, targets, sel, marked, moving, overlay.compact)

    def targets(self, state: XatsState, sel: tuple[Any, ...] | None) -> set[tuple[Any, ...]]:
        """What to outline as playable now: the stacks a chosen tile fits on (or the table), or the tiles that
        fit on a chosen stack. Nothing before a choice: which tile must be stacked is for the student to find."""
        if sel is not None and sel[0] == "tile":
            fits = {("stack", k) for k, _ in state.stack_list if state.explain(f"{sel[1]}>s{k}") is None}
            return fits or ({("new",)} if state.explain(str(sel[1])) is None else set())
        if sel is not None and sel[0] == "stack":
            return {("tray", state.mover, t) for t in state.reserve(state.mover)
                    if state.explain(f"{t}>s{sel[1]}") is None}
        return set()

    def _header(self, canvas: Any, state: XatsState, moving: Move | None, interactive: bool = True) -> None:
        """The line above the table: the move being made, the last move, or what the table shows (and what to
        click first only where a click plays: a printed picture shows the position alone)."""
        canvas.text_align = "left"
        canvas.text_baseline = "middle"
        canvas.fill_style = palette.TEXT
        canvas.font = f"{TYPE}px sans-serif"
        if moving is not None:
            text = self.phrase(state, moving) + "…"
        elif state.last_move is not None and state.parent is not None:
            text = "Last move: " + self.phrase(state.parent, state.last_move) + "."
        else:
            text = (("No stacks yet." + (" Click a tile of your tray, then the table." if interactive else ""))
                    if not state.stack_list else "Each stack stands bottom to top.")
        canvas.fill_text(text, MARGIN, HEADER / 2 + 2)

    def _tower(self, canvas: Any, state: XatsState, lay: Layout, tw: Tower, targets: set[Any],
               sel: tuple[Any, ...] | None, marked: set[Any], moving: Move | None, compact: bool = False) -> None:
        tiles = tiles_of(state, tw.number)
        r = lay.radius
        top_y = lay.level_y(tw, len(tiles) - 1)
        # the tower's pole and foot
        canvas.fill_style = "#A8967A"
        canvas.fill_rect(tw.x - 2, top_y, 4, tw.base - top_y)
        canvas.fill_rect(tw.x - r * 0.9, tw.base + lay.pitch / 2 - 4, r * 1.8, 4)
        # the outlines of a target and of the chosen stack lie behind the top tile, so its spikes stay seen
        if ("stack", tw.number) in targets:
            self._outline(canvas, hexagon(tw.x, top_y, r + 5), palette.HIGHLIGHT, 5)
        if sel == ("stack", tw.number):
            self._outline(canvas, hexagon(tw.x, top_y, r + 8), palette.BLACK, 2.5, dash=True)
        for level, (tile, owner, rotation, flipped) in enumerate(tiles):
            self.tile(canvas, tw.x, lay.level_y(tw, level), r, tile, owner, rotation, flipped, state)
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_style = palette.TEXT
        canvas.font = f"bold {TYPE}px sans-serif"
        # as much as the tower's column has room for: "s2 · 3 high", "s2·3", or its name alone
        label = (f"s{tw.number}" if compact or tw.width < 46 else f"s{tw.number} · {len(tiles)} high"
                 if tw.width >= 104 else f"s{tw.number}·{len(tiles)}")
        canvas.fill_text(label, tw.x, tw.base + lay.pitch / 2 + 14)
        if ("stack", tw.number) in marked:  # the whole tower, with its name
            x0, x1 = tw.x - tw.width / 2 + 3, tw.x + tw.width / 2 - 3
            y0, y1 = top_y - lay.pitch / 2 - 4, tw.base + lay.pitch / 2 + LABEL - 2
            self._mark(canvas, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        if isinstance(moving, Destroy) and moving.stack == tw.number:
            canvas.stroke_style = palette.MARK
            canvas.line_width = 5
            lo, hi = tw.base + lay.pitch / 2, top_y - lay.pitch / 2
            canvas.stroke_line(tw.x - r, hi, tw.x + r, lo)
            canvas.stroke_line(tw.x + r, hi, tw.x - r, lo)

    def _new_slot(self, canvas: Any, state: XatsState, lay: Layout, target: bool, marked: bool,
                  moving: Move | None, compact: bool = False) -> None:
        slot = lay.new_slot
        r = lay.radius
        forced = forced_stacking(state)
        if state.over:
            return
        canvas.set_line_dash([5, 4])
        canvas.line_width = 1.5
        canvas.stroke_style = "#7A6A50"
        canvas.stroke_polygon(hexagon(slot.x, slot.base, r))
        canvas.set_line_dash([])
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_style = "#5A4C36"
        canvas.font = f"bold {max(TYPE, int(r))}px sans-serif"
        canvas.fill_text("+", slot.x, slot.base + 1)
        canvas.font = f"{TYPE}px sans-serif"
        words = "new stack" if not forced or state.over else "no new stack"
        if slot.width < 112:   # a crowded table: the words short, inside the slot's column
            words = "new" if not forced or state.over else "no new"
        if not compact:
            canvas.fill_text(words, slot.x, slot.base + lay.pitch / 2 + 14)
        if isinstance(moving, Play) and moving.stack is None:
            self.tile(canvas, slot.x, slot.base, r, moving.tile, state.mover, 0, False, state, alpha=0.6)
        if target:
            self._outline(canvas, hexagon(slot.x, slot.base, r + 5), palette.HIGHLIGHT, 4)
        if marked:
            self._mark(canvas, hexagon(slot.x, slot.base, r + 5))

    def _ghost(self, canvas: Any, state: XatsState, lay: Layout, mark: tuple[Any, ...]) -> None:
        """The chosen tile held over the stack's top tile in its best turn, solid but dimmed.

        When it does not fit, it lies over the top tile, ringed in red under a red "✗ tile N", and each spike
        with no spike under it is drawn large and red over the bare edge of the tile below. A tile that fits
        (a lesson showing tile 8 turned over) is shown where it would be laid, ringed in black and named."""
        _, number, tile, rotation, flipped, missing = mark
        try:
            tw = lay.tower(number)
        except StopIteration:
            return
        tiles = tiles_of(state, number)
        bad = bool(missing) or spikes(tile) >= spikes(tiles[-1][0])   # a bare spike, or too many spikes
        # a tile that may not go there lies over the top tile, its bare spike over the bare edge; one that
        # fits is shown where it would be laid, above the top tile, so the top tile stays in view
        x, y = tw.x, lay.level_y(tw, len(tiles) - 1 if bad else len(tiles))
        r = lay.radius
        fill = self.seat_colour(state.mover)
        canvas.global_alpha = GHOST_ALPHA
        canvas.fill_style = fill
        canvas.stroke_style = TILE_EDGE
        canvas.line_width = 1.3
        for e in sorted(edges(tile, rotation, flipped)):
            if e not in missing:
                pts = spike(x, y, r, e)
                canvas.fill_polygon(pts)
                canvas.stroke_polygon(pts)
        body = hexagon(x, y, r)
        canvas.fill_polygon(body)
        canvas.global_alpha = 1.0
        self._label(canvas, f"{tile}{state.game.letters[state.mover]}", x, y, r, fill)
        self._outline(canvas, body, palette.MARK if bad else palette.BLACK, 3)
        for e in missing:
            pts = spike(x, y, r, e, grow=MISFIT_GROW)
            canvas.fill_style = palette.MARK
            canvas.stroke_style = palette.BLACK
            canvas.line_width = 1.5
            canvas.fill_polygon(pts)
            canvas.stroke_polygon(pts)
        canvas.fill_style = palette.MARK if bad else palette.TEXT
        canvas.font = f"bold {TYPE}px sans-serif"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        words = f"✗ tile {tile}" if bad else f"tile {tile}" + (", turned over" if flipped else "")
        above = y - r * SQRT3 / 2 - spike_length(r) * MISFIT_GROW - 10
        canvas.fill_text(words, x, max(HEADER + 8, above))

    def _tray(self, canvas: Any, state: XatsState, p: int, targets: set[Any], sel: tuple[Any, ...] | None,
              marked: set[Any], moving: Move | None, compact: bool = False) -> None:
        top = HEIGHT - state.game.n * TRAY_H - 4 + p * TRAY_H
        to_move = not state.over and state.mover == p
        canvas.fill_style = TRAY
        canvas.fill_rect(MARGIN - 6, top + 2, WIDTH - 2 * MARGIN + 12, TRAY_H - 4)
        if to_move:
            canvas.stroke_style = palette.BLACK
            canvas.line_width = 2.5
            canvas.stroke_rect(MARGIN - 6, top + 2, WIDTH - 2 * MARGIN + 12, TRAY_H - 4)
        name = self.player_name(state, p)
        letter = state.game.letters[p]
        canvas.text_baseline = "middle"
        canvas.text_align = "left"
        canvas.fill_style = palette.TEXT
        canvas.font = f"bold {TYPE}px sans-serif"
        # printed, the row is named short (its race says "out of the game"), its tiles by number alone
        head = f"{'▶ ' if to_move else ''}{name} ({letter}){'' if compact else ', tray'}"
        if not state.active[p] and state.reserve(p) and not compact:
            head += ": out, never played again"
        canvas.fill_text(head, MARGIN, top + 12)
        canvas.text_align = "right"
        won = p in state.winners
        canvas.font = f"bold {TYPE}px sans-serif" if won or to_move else f"{TYPE}px sans-serif"
        race = self.race(state, p)   # printed, how the game ended is the caption's
        canvas.fill_text(race.split(": wins")[0] + ": wins" if compact and ": wins" in race else race,
                         WIDTH - MARGIN, top + 12)
        reserve = set(state.reserve(p))
        discarded = {t for t, o in state.discarded if o == p}
        for t in SPIKES:
            x, y = self.tray_tile_centre(state, p, t)
            if ("tray", p, t) in targets:     # behind the tile, so its spikes stay seen
                self._outline(canvas, hexagon(x, y, TRAY_R + 4), palette.HIGHLIGHT, 4)
            if sel == ("tile", t) and p == state.mover:
                self._outline(canvas, hexagon(x, y, TRAY_R + 5), palette.BLACK, 2.5, dash=True)
            if t in reserve:
                lifted = isinstance(moving, (Play, Destroy)) and moving.tile == t and p == state.mover
                self.tile(canvas, x, y, TRAY_R, t, p, 0, False, state, alpha=0.35 if lifted else 1.0,
                          letter=not compact)
            else:
                canvas.set_line_dash([2, 3])
                canvas.line_width = 1
                canvas.stroke_style = "#6E5F48"
                canvas.stroke_polygon(hexagon(x, y, TRAY_R))
                canvas.set_line_dash([])
                if reserve or state.active[p]:   # a tray with none left says so across it instead
                    canvas.fill_style = "#6E5F48"
                    canvas.font = f"{TYPE}px sans-serif"
                    canvas.text_align = "center"
                    canvas.fill_text(str(t), x, y + 1)
                if t in discarded:
                    canvas.stroke_style = palette.MARK
                    canvas.line_width = 2
                    canvas.stroke_line(x - TRAY_R * 0.7, y - TRAY_R * 0.7, x + TRAY_R * 0.7, y + TRAY_R * 0.7)
                    canvas.stroke_line(x + TRAY_R * 0.7, y - TRAY_R * 0.7, x - TRAY_R * 0.7, y + TRAY_R * 0.7)
        if not state.active[p]:   # shaded; tiles that came home stay in view, never to be played
            canvas.fill_style = "rgba(60,50,40,0.35)"
            canvas.fill_rect(MARGIN - 6, top + 20, WIDTH - 2 * MARGIN + 12, TRAY_H - 22)
            if not reserve:
                canvas.fill_style = palette.WHITE
                canvas.font = f"bold {TYPE}px sans-serif"
                canvas.text_align = "center"
                canvas.fill_text(f"{name} {'lost' if state.over else 'is out'}: no tiles and no win", WIDTH / 2,
                                 top + 40)
        for t in SPIKES:
            if ("tray", p, t) in marked:
                x, y = self.tray_tile_centre(state, p, t)
                self._mark(canvas, hexagon(x, y, TRAY_R + 4))

    def tile(self, canvas: Any, x: float, y: float, r: float, tile: int, owner: int, rotation: int,
             flipped: bool, state: XatsState, alpha: float = 1.0, label: bool = True, letter: bool = True) -> None:
        """A tile: its spikes on the edges where they lie, the owner's colour, its number and (unless in a printed
        tray, whose row names its owner) letter."""
        fill = self.seat_colour(owner)
        canvas.global_alpha = alpha
        canvas.fill_style = fill
        canvas.stroke_style = TILE_EDGE
        canvas.line_width = 1.3
        for e in edges(tile, rotation, flipped):
            pts = spike(x, y, r, e)
            canvas.fill_polygon(pts)
            canvas.stroke_polygon(pts)
        body = hexagon(x, y, r)
        canvas.fill_polygon(body)
        canvas.line_width = 1.6
        canvas.stroke_polygon(body)
        if label:
            self._label(canvas, f"{tile}{state.game.letters[owner] if letter else ''}", x, y, r, fill)
        canvas.global_alpha = 1.0

    @staticmethod
    def _label(canvas: Any, text: str, x: float, y: float, r: float, fill: str) -> None:
        """A tile's number and letter, never under TYPE: on a halo of the tile's own colour, so that where the
        words are wider than a small tile they still read over its spikes and the table."""
        canvas.font = f"bold {max(TYPE, int(r * 0.78))}px sans-serif"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.line_width = 3
        canvas.line_join = "round"
        canvas.stroke_style = fill
        canvas.stroke_text(text, x, y + 1)
        canvas.line_join = "miter"
        canvas.fill_style = palette.text_colour(fill)
        canvas.fill_text(text, x, y + 1)

    def _mark(self, canvas: Any, points: list[tuple[float, float]]) -> None:
        """What a message or a lesson points at: a red line inside a dark one, seen on every tile colour."""
        self._outline(canvas, points, palette.BLACK, 5)
        self._outline(canvas, points, palette.MARK, 2.5)

    @staticmethod
    def _outline(canvas: Any, points: list[tuple[float, float]], colour: str, width: float,
                 dash: bool = False) -> None:
        canvas.set_line_dash([6, 4] if dash else [])
        canvas.line_width = width
        canvas.stroke_style = colour
        canvas.stroke_polygon(points)
        canvas.set_line_dash([])


# ---- geometry of a tile: flat-topped hexagon, edge 0 at the top, numbered clockwise --------------
def hexagon(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [(x + r * math.cos(math.radians(60 * k)), y + r * math.sin(math.radians(60 * k))) for k in range(6)]


def edge_point(x: float, y: float, r: float, edge: int, distance: float) -> tuple[float, float]:
    """The point `distance` from the centre straight out through the middle of `edge`."""
    a = math.radians(-90 + 60 * edge)
    return x + distance * math.cos(a), y + distance * math.sin(a)


def spike(x: float, y: float, r: float, edge: int, grow: float = 1.0) -> list[tuple[float, float]]:
    """The triangle of a spike on `edge`: its base on the edge, its point outwards."""
    a = math.radians(-90 + 60 * edge)
    apothem = r * SQRT3 / 2
    half = 0.3 * r * grow
    mx, my = x + apothem * math.cos(a), y + apothem * math.sin(a)
    tx, ty = -math.sin(a), math.cos(a)
    tip = edge_point(x, y, r, edge, apothem + spike_length(r) * grow)
    return [(mx + half * tx, my + half * ty), tip, (mx - half * tx, my - half * ty)]


# ---- what the rules say about a position, in the shapes the drawing needs -----------------------
def forced_targets(state: XatsState) -> tuple[tuple[Any, ...], ...]:
    """When stacking is forced: the mover's tiles that can be stacked and the stacks that take them."""
    if not forced_stacking(state):
        return ()
    plays = [m for m in state.moves() if isinstance(m, Play) and m.stack is not None]
    tiles = sorted({m.tile for m in plays})
    stacks = sorted({m.stack for m in plays if m.stack is not None})
    return tuple(("tray", state.mover, t) for t in tiles) + tuple(("stack", k) for k in stacks)


def best_turn(tile: int, below: tuple[int, int, int, bool]) -> tuple[int, bool, tuple[int, ...]]:
    """The turn of `tile` over `below` leaving the fewest spikes with nothing under them, and those edges."""
    under = edges(below[0], below[2], below[3])
    best: tuple[int, bool, tuple[int, ...]] | None = None
    for r, f in orientations(tile):
        missing = tuple(sorted(edges(tile, r, f) - under))
        if best is None or len(missing) < len(best[2]):
            best = (r, f, missing)
    assert best is not None
    return best


def fit_turn(state: XatsState, tile: int, number: int) -> tuple[int, bool]:
    """The turn in which `tile` will lie on stack `number` (as the engine lays it)."""
    below = tiles_of(state, number)[-1]
    return fit_orientation(tile, below[0], below[2], below[3]) or (0, False)


def destroy_hint(tile: int, stacks: list[int]) -> str:
    if not stacks:
        return ""
    return f" It can also destroy {and_list([f's{k}' for k in stacks])} ({plural(spikes(tile), 'tile')} high): the " \
           f"Destroy buttons."
