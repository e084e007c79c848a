"""A student's progress through a game's lesson: which exercises are solved, which were missed, which rules
are done, kept on the device (a reload keeps it) and shown as a panel with a link to every rule. The panel stands
where the app's page opens, so it also says when a game kept on the device waits on the page's board below."""
from __future__ import annotations

import html
import re
from collections import Counter
from typing import Any, Callable

import ipywidgets as w

from .. import registry
from ..lessons import Scene
from . import shared
from .keeper import Keeper
from .lazy import Scroller


def rule_anchor(scene: Scene) -> str:
    """The id of a rule's place on the page (its lesson board), for links to it."""
    return "rule-" + re.sub(r"[^a-z0-9]+", "-", scene.title.lower()).strip("-")


def exercise_key(scene: Scene, k: int) -> str:
    return f"{scene.title}#{k}"


class LessonProgress:
    """Exercises solved and missed in one game's lesson; every lesson board of a page shares one."""

    def __init__(self, game: str, keep: bool = True) -> None:
        self.game = game
        self.scenes: list[Scene] = list(registry.lesson(game).SCENES)
        self.solved: set[str] = set()
        self.missed: Counter[str] = Counter()
        self.listeners: list[Callable[[], None]] = []
        self.keeper: Keeper | None = Keeper(f"xlib-lesson:{game}") if keep else None
        if self.keeper is not None:
            self.keeper.observe(lambda ch: self._restore() if ch["new"] else None, names="loaded")
        self.summary = w.HTML(style=shared.html_style(), layout=shared.layout(flex="0 0 auto", margin="0 12px 0 0"))
        self.summary.add_class("xlib-progress")
        # the rules, folded, on the same line as the counts: the lesson's first board stands on the first screen
        self.rules = w.HTML(style=shared.html_style(), layout=shared.layout(flex="1 1 300px", margin="0"))
        line = w.HBox([self.summary, self.rules], layout=shared.layout(flex_flow="row wrap", align_items="baseline"))
        # a game kept on this device, waiting on the board below: said here, where the page opens (empty otherwise)
        self.waiting = w.HBox(layout=shared.layout(flex_flow="row wrap", align_items="center"))
        self.waiting.add_class("xlib-waiting")
        self.scroller = Scroller(layout=shared.layout(height="0px"))
        parts: list[Any] = [self.waiting, line, self.scroller] + ([self.keeper] if self.keeper is not None else [])
        self.widget = w.VBox(parts, layout=shared.layout(margin="4px 0 8px 0"))
        self.widget.add_class("xlib-lesson-progress")
        self._show()

    # ---- counts ----------------------------------------------------------------------------------
    @property
    def exercises(self) -> int:
        return sum(len(s.exercises) for s in self.scenes)

    def done(self, scene: Scene) -> bool:
        """A rule is done when every one of its exercises is solved."""
        return bool(scene.exercises) and all(exercise_key(scene, k) in self.solved
                                             for k in range(len(scene.exercises)))

    def line(self) -> str:
        rules = sum(self.done(s) for s in self.scenes)
        solved = sum(1 for s in self.scenes for k in range(len(s.exercises)) if exercise_key(s, k) in self.solved)
        return f"Rules: {rules} of {len(self.scenes)} · exercises {solved} of {self.exercises}"

    # ---- changes ---------------------------------------------------------------------------------
    def solve(self, scene: Scene, k: int) -> None:
        self.solved.add(exercise_key(scene, k))
        self._changed()

    def miss(self, scene: Scene, k: int) -> None:
        self.missed[exercise_key(scene, k)] += 1
        self._changed()

    def reset(self) -> None:
        """Start the lesson's exercises afresh (on this device)."""
        self.solved.clear()
        self.missed.clear()
        self._changed()

    def _changed(self) -> None:
        self._show()
        if self.keeper is not None and self.keeper.loaded:
            self.keeper.store({"game": self.game, "solved": sorted(self.solved), "missed": dict(self.missed)})
        for listener in self.listeners:
            listener()

    def _restore(self) -> None:
        """The page has opened: take back what this device kept of the lesson, and keep it from now on."""
        assert self.keeper is not None
        kept = self.keeper.read() or {}
        known = {exercise_key(s, k) for s in self.scenes for k in range(len(s.exercises))}
        solved = kept.get("solved", []) if kept.get("game") == self.game else []
        missed = kept.get("missed", {}) if kept.get("game") == self.game else {}
        self.solved |= {k for k in solved if isinstance(k, str) and k in known}
        for key, n in (missed.items() if isinstance(missed, dict) else ()):
            if key in known and isinstance(n, int) and n > 0:
                self.missed[key] = max(self.missed[key], n)
        self._changed()

    # ---- the panel ------------------------------------------------------------------------------
    def _show(self) -> None:
        self.summary.value = (f"<b style='font-size:15px'>{html.escape(self.line())}</b>"
                              f"<span style='font-size:13px;color:#555555'> · kept on this device</span>")
        items = []
        for s in self.scenes:
            mark = "✓" if self.done(s) else "○"
            colour = "#00603C" if self.done(s) else "#555555"
            items.append(f"<a href='#{rule_anchor(s)}' style='color:{colour};text-decoration:none;"
                         f"margin-right:12px;white-space:nowrap'>{mark} {html.escape(s.title)}</a>")
        # opened, the rules wrap onto as many lines as the page needs, never past its edge; a line is 24 px high, so
        # each link is a target a finger can press (WCAG's target size)
        self.rules.value = (f"<details><summary style='font-size:13px;line-height:24px;cursor:pointer;color:#555555'>"
                            f"Go to a rule (the {len(self.scenes)} rules, each with its board below)</summary>"
                            f"<div style='font-size:13px;line-height:24px;white-space:normal;display:flex;"
                            f"flex-wrap:wrap;max-width:100%'>{''.join(items)}</div></details>")

    def offer_game(self, words: str, anchor: str, take_back: Callable[[], None]) -> None:
        """Say that a game kept on this device waits on the board whose place is `anchor` (`words`: what game, how
        many moves, how long ago, as HTML), with a button that takes it back (`take_back`) and goes down to it,
        and a link down to the board, where the game is offered too."""
        def take(_: Any) -> None:
            take_back()
            self.scroller.go(anchor, always=True, focus=True)
        button = w.Button(description="Continue your game", icon="play", button_style="success",
                          tooltip="take back the game kept on this device, and go down to its board",
                          layout=w.Layout(width="auto", min_width="170px"))
        button.add_class("xlib-continue-top")
        button.on_click(take)
        said = w.HTML(f"<span style='font-size:14px;color:#00603C'>{words}</span>", style=shared.html_style(),
                      layout=shared.layout(margin="0 12px 0 0"))
        down = w.HTML(f"<a href='#{html.escape(anchor, quote=True)}' style='font-size:14px;margin-left:12px'>"
                      f"Go down to the game</a>", style=shared.html_style(), layout=shared.layout())
        self.waiting.children = (said, button, down)
        self.waiting.layout = shared.layout(flex_flow="row wrap", align_items="center", margin="0 0 6px 0",
                                            padding="6px 10px", border="1px solid #00603C")

    def game_taken(self) -> None:
        """The kept game was taken back or left for a new one: nothing waits any more."""
        self.waiting.children = ()
        self.waiting.layout = shared.layout(flex_flow="row wrap", align_items="center")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


_PROGRESS: dict[str, LessonProgress] = {}


def progress_for(game: str) -> LessonProgress:
    """The page's progress in a game's lesson (one per game in a kernel: a page is one student's)."""
    if game not in _PROGRESS:
        _PROGRESS[game] = LessonProgress(game)
    return _PROGRESS[game]


def page_progress(game: str) -> LessonProgress | None:
    """The page's progress in a game's lesson where the page has one (an app's page shows it where it opens)."""
    return _PROGRESS.get(game)
