"""A board's history: Undo and Redo, the history slider that looks back at earlier positions, and what-if lines
(other moves tried from a position looked back at, beside the game, which is kept)."""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as w

from ..core import State
from ..live import LiveGame, LocalGame
from . import shared
from .shown import Shown
from .style import SIDE_WIDTH


class History:
    """`undo_button` and `redo_button` (a board with controls), the `slider`, `explore_button`, `back_button` and
    `line_menu` (a full board), and the game's lines: `lines[0]` the game, then the what-if lines tried, each from
    its `branch_points` index. It is given the words' `say`, the board's `refresh`, `may_act` (whether it takes an
    action now), `computer_turns`, `follow` (the board listens to a new line) and `lined` (the line shown changed)."""

    def __init__(self, shown: Shown, controls: bool | str, *, guard: Callable[[Callable[..., Any]], Callable[..., Any]],
                 say: Callable[..., None], refresh: Callable[[], None], may_act: Callable[[], bool],
                 computer_turns: Callable[[], None], follow: Callable[[LiveGame], None],
                 lined: Callable[[LiveGame], None]) -> None:
        self.shown = shown
        self.guard, self.say, self.refresh, self.may_act = guard, say, refresh, may_act
        self.computer_turns, self.follow, self.lined = computer_turns, follow, lined
        self.lines: list[LiveGame] = [shown.game]   # the game (0) and what-if lines beside it
        self.branch_points: list[int] = [0]
        self.undo_button: w.Button | None = None
        self.redo_button: w.Button | None = None
        self.slider: w.IntSlider | None = None
        self.explore_button: w.Button | None = None
        self.back_button: w.Button | None = None
        self.line_menu: w.Dropdown | None = None
        if controls:
            self.undo_button = w.Button(description="Undo", icon="undo", tooltip="take back your last move",
                                        layout=shared.layout(width="84px"), style=shared.button_style())
            self.redo_button = w.Button(description="Redo", icon="repeat", tooltip="play the undone move again",
                                        layout=shared.layout(width="84px"), style=shared.button_style())
            self.undo_button.on_click(guard(lambda _: self.undo()))
            self.redo_button.on_click(guard(lambda _: self.redo()))
            self.undo_button.add_class("xlib-undo")
        if controls is True:
            self.slider = w.IntSlider(min=0, max=0, value=0, description="History", continuous_update=True,
                                      layout=shared.layout(width=f"{SIDE_WIDTH}px"),
                                      style={"description_width": "56px"})
            self.slider.observe(guard(self.on_slider), names="value")
            self.explore_button = w.Button(description="Try a move here", icon="code-fork",
                                           layout=shared.layout(width="146px"),
                                           tooltip="play other moves from the position shown; the game is kept",
                                           style=shared.button_style())
            self.back_button = w.Button(description="Back to the game", icon="reply",
                                        layout=shared.layout(width="146px"),
                                        tooltip="return to the game as it was; your what-if line is kept",
                                        style=shared.button_style())
            self.explore_button.on_click(guard(lambda _: self.explore()))
            self.back_button.on_click(guard(lambda _: self.back_to_game()))
            self.line_menu = w.Dropdown(options=[("The game", 0)], value=0,
                                        layout=w.Layout(width=f"{SIDE_WIDTH}px"), description="Line",
                                        style={"description_width": "56px"})
            self.line_menu.observe(guard(lambda ch: self.switch_line(ch["new"])), names="value")

    # ---- undo and redo ---------------------------------------------------------------------------
    @property
    def redo_stack(self) -> list[State]:
        """The positions Redo plays again (none where moves are not taken back)."""
        return self.shown.game.redo_stack if isinstance(self.shown.game, LocalGame) else []

    @redo_stack.setter
    def redo_stack(self, stack: list[State]) -> None:
        if isinstance(self.shown.game, LocalGame):
            self.shown.game.redo_stack = stack

    @property
    def floor(self) -> State | None:
        """Undo goes back no further than this position (an exercise's given history)."""
        return self.shown.game.floor if isinstance(self.shown.game, LocalGame) else None

    @floor.setter
    def floor(self, state: State | None) -> None:
        if isinstance(self.shown.game, LocalGame):
            self.shown.game.floor = state

    def undoable(self) -> bool:
        """Whether a move stands to be taken back: the live position has a parent and is not the floor (the
        position an exercise starts from, whose given history is not the student's to undo)."""
        return isinstance(self.shown.game, LocalGame) and self.shown.game.undoable()

    def undo(self) -> None:
        """Take back the last move (and the computer's replies, back to a person's move)."""
        if not self.may_act() or not self.undoable():
            return
        if self.shown.locked:
            self.say(self.shown.locked)
            return
        assert isinstance(self.shown.game, LocalGame)
        before = self.shown.game.undo()
        if before is None:   # the last move was chance's outcome (a shot): it stands
            self.say(self.shown.game.standing())
            return
        self.shown.forget()
        moves = ", ".join(f"<code>{html.escape(m)}</code>" for m in self.moves_between(self.shown.state, before))
        self.say(f"Took back {moves}.")
        self.refresh()

    def redo(self) -> None:
        """Play the undone moves again, back to a person's move (the computer's replies too), then let the
        computer move if it is its turn."""
        if not self.may_act() or not self.redo_stack:
            return
        if self.shown.locked:
            self.say(self.shown.locked)
            return
        assert isinstance(self.shown.game, LocalGame)
        before = self.shown.game.redo()
        assert before is not None
        self.shown.forget()
        moves = ", ".join(f"<code>{html.escape(m)}</code>" for m in self.moves_between(before, self.shown.state))
        self.say(f"Played again {moves}.")
        self.refresh()
        if not self.shown.state.over and not self.shown.person_to_move():
            self.computer_turns()

    def moves_between(self, early: State, late: State) -> list[str]:
        """The moves from `early` to `late` as the move list writes them (a turn of several decisions is one)."""
        old, new = self.shown.view.log(early), self.shown.view.log(late)
        common = 0   # a turn in progress in `early` differs from the whole turn in `late`: it is said whole
        while common < min(len(old), len(new)) and old[common][0] == new[common][0]:
            common += 1
        return [m for m, _ in new[common:]]

    # ---- looking back --------------------------------------------------------------------------
    def show(self, index: int) -> None:
        """Show the position after `index` moves (the history slider); the last index is live."""
        shown = self.shown
        last = len(shown.state.history()) - 1
        shown.browsing = None if index >= last else max(0, index)
        shown.selection, shown.marks = None, ()
        if shown.browsing is not None:
            self.say(f"Move {shown.browsing} of {last}. <b>Try a move here</b> plays another move from this "
                     f"position; the game stays as it was.")
        else:
            self.say("")
        self.refresh()

    def on_slider(self, change: dict[str, Any]) -> None:
        """The history slider moved: show that position (not while a move is under way)."""
        if self.shown.busy is not None:
            return
        self.show(change["new"])

    # ---- what-if lines ---------------------------------------------------------------------------
    def explore(self) -> None:
        """Play on from the position shown by the history slider, in a what-if line beside the game."""
        shown = self.shown
        if not self.may_act() or shown.browsing is None:
            return
        start = shown.browsing
        line = shown.game.branch(shown.state.history()[start])
        self.follow(line)
        self.lines.append(line)
        self.branch_points.append(start)
        shown.line = len(self.lines) - 1
        shown.game = line
        shown.forget()
        self.update_line_menu()
        self.lined(line)
        self.say(f"What-if: you are trying other moves from move {start}. The game is kept: "
                 f"<b>Back to the game</b> returns to it.", "good")
        self.refresh()
        self.computer_turns()

    def back_to_game(self) -> None:
        """Return to the game as it was; the what-if line is kept in the Line menu."""
        self.switch_line(0)

    def switch_line(self, index: int) -> None:
        shown = self.shown
        if index == shown.line or not 0 <= index < len(self.lines) or not self.may_act():
            return
        shown.line = index
        shown.game = self.lines[index]
        shown.forget()
        self.update_line_menu()
        self.lined(shown.game)
        self.say("Back to the game." if index == 0 else f"What-if line {index}, from move {self.branch_points[index]}.")
        self.refresh()

    def start(self, game: LiveGame | None = None) -> None:
        """The game alone again, its what-if lines left behind (a new position; `game`: another game shown)."""
        if game is not None:
            self.lines = [game]
        del self.lines[1:]
        self.shown.game, self.shown.line, self.branch_points = self.lines[0], 0, [0]
        self.shown.forget()

    def update_line_menu(self) -> None:
        if self.line_menu is None:
            return
        self.line_menu.unobserve_all("value")
        with self.line_menu.hold_sync():   # options and the line shown reach the page together
            self.line_menu.options = [("The game", 0)] + [
                (f"What-if line {i} (from move {self.branch_points[i]})", i) for i in range(1, len(self.lines))]
            self.line_menu.value = self.shown.line
        self.line_menu.observe(self.guard(lambda ch: self.switch_line(ch["new"])), names="value")

    # ---- the controls as the game stands -----------------------------------------------------------
    def show_buttons(self, idle: bool) -> None:
        """Undo and Redo: off while busy, with nothing to take back or play again, or while a lesson answers."""
        if self.undo_button is not None and self.redo_button is not None:
            # while a lesson shows a scene or an answer (locked), Undo and Redo would do nothing: they look so
            self.undo_button.disabled = not idle or not self.undoable() or bool(self.shown.locked)
            self.redo_button.disabled = not idle or not self.redo_stack or bool(self.shown.locked)

    def show_full(self, idle: bool) -> None:
        """The slider at the position shown, the what-if buttons, and the Line menu while there are lines."""
        if self.slider is None:
            return
        assert self.explore_button is not None and self.back_button is not None and self.line_menu is not None
        shown = self.shown
        last = len(shown.state.history()) - 1
        self.slider.unobserve_all("value")
        self.slider.max = last
        self.slider.value = last if shown.browsing is None else shown.browsing
        self.slider.observe(self.guard(self.on_slider), names="value")
        self.explore_button.disabled = not idle or shown.browsing is None
        self.back_button.disabled = not idle or shown.line == 0
        self.line_menu.layout.display = None if len(self.lines) > 1 else "none"
