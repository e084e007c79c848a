"""Tutorial scenes on a live board: Next and Back step through a scene's script, "Your turn" hands the board
to the student there, and the scene's exercises check what the student learned. Scenes are data
(`xlib.lessons`); the checking is the exercise's own goal, the feedback the game's own words."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..core import Move, State
from ..lessons import Exercise, Scene, turn_over
from . import shared
from .board import Board, message_size
from .lazy import Lazy, Scroller
from .progress import LessonProgress, exercise_key, progress_for, rule_anchor

#: screen height a lesson board's placeholder holds before it is built, so the page does not jump
PLACEHOLDER_HEIGHT = "calc(100vh + 40px)"
#: the message box's lines and height in an exercise: what the turn was, why it misses and the hint, in 13 px
#: type or more; reserved from the exercise's start, so that nothing moves when the hint comes
EXERCISE_MESSAGE = (5, "92px")
SCENE_MESSAGE = (3, "64px")
#: the sentence above the board: a scene's (three lines) and an exercise's task (two lines of 13 px or more),
#: so that the board stands where it stood in the scene although the message box below has grown
SCENE_SENTENCE, EXERCISE_SENTENCE = "72px", "44px"
AGAIN = "Press <b>Try again</b> to play this exercise again, <b>Show me</b> for an answer, or go on."


class Tutorial:
    """Steps through scenes on a live board: Next, Back, "Your turn", and the scene's exercises.

    `lazy=True` builds the board only when its place on the page comes into view; `show_progress=True`
    puts the lesson's progress (rules and exercises done, with a link to each rule) above it."""

    def __init__(self, scenes: Scene | list[Scene], animate: float = 0.15, pixels: int = 640,
                 background: bool | None = None, lazy: bool = False, show_progress: bool = False,
                 progress: LessonProgress | None = None) -> None:
        self.scenes = [scenes] if isinstance(scenes, Scene) else list(scenes)
        self.animate, self.pixels, self.background = animate, pixels, background
        self.show_progress = show_progress
        self._progress = progress
        self._board: Board | None = None
        self._widget: w.VBox | None = None
        self.lazy = Lazy(self._make, PLACEHOLDER_HEIGHT, f"{html.escape(self.scenes[0].title)}: the lesson board "
                         f"appears here.", rule_anchor(self.scenes[0])) if lazy else None
        if not lazy:
            self._make()

    # ---- building ---------------------------------------------------------------------------------
    @property
    def progress(self) -> LessonProgress:
        if self._progress is None:
            self._progress = progress_for(self.scenes[0].game)
        return self._progress

    @property
    def board(self) -> Board:
        if self._board is None:
            self._make()
        assert self._board is not None
        return self._board

    @property
    def widget(self) -> Any:
        if self.lazy is not None and self._widget is None:
            return self.lazy.widget
        if self._widget is None:
            self._make()
        return self._widget

    def _make(self) -> Tutorial:
        if self._widget is not None:
            return self
        self.index = 0
        self.step = 0
        self.live = False
        self.exercise: int | None = None     # the exercise on the board, None while the scene plays
        self.start_state: State | None = None
        self.judged: State | None = None     # the position last judged, so it is judged once
        self.misses = 0
        self.answered = False
        self.showing = False
        # a lazy board's placeholder holds the rule's anchor; an eager one carries its own
        anchor = f"<a id='{rule_anchor(self.scenes[0])}'></a>" if self.lazy is None else ""
        self.anchor = w.HTML(anchor, layout=shared.layout(height="0px"), style=shared.html_style())
        self.title = w.HTML(layout=shared.layout(height="30px", overflow="hidden"), style=shared.html_style())
        self.title.add_class("xlib-title")
        self.sentence = w.HTML(layout=shared.layout(height="72px", overflow="auto", width="100%", max_width="760px"), style=shared.html_style())
        self.sentence.add_class("xlib-sentence")
        self.back_button = w.Button(description="Back", icon="arrow-left", layout=shared.layout(width="90px"), style=shared.button_style())
        self.next_button = w.Button(description="Next", icon="arrow-right", button_style="primary",
                                    layout=shared.layout(width="90px"))
        self.turn_button = w.Button(description="Your turn", icon="hand-pointer-o", tooltip="play from here",
                                    layout=shared.layout(width="110px"), style=shared.button_style())
        self.exercise_button = w.Button(description="Exercises", icon="check-square-o", button_style="info",
                                        tooltip="check what you learned: a task on a position, checked by the game",
                                        layout=shared.layout(width="120px"))
        self.exercise_button.add_class("xlib-exercises")
        self.scene_menu = w.Dropdown(options=[(s.title, i) for i, s in enumerate(self.scenes)],
                                     layout=shared.layout(width="340px"), tooltip="Go to a rule of this lesson")
        # a choice exercise's answers stand beside its buttons where the row has room (the board lower by no row)
        self.choices = w.HBox(layout=shared.layout(min_height="0px", flex_flow="row wrap", margin="0 0 0 10px"))
        self.choices.add_class("xlib-exercise-choices")
        self._board = Board(state=self.scenes[0].start(), animate=self.animate, controls="compact",
                            pixels=self.pixels, background=self.background, seed=self.scenes[0].seed)
        guard = self._board.guard
        self.back_button.on_click(guard(lambda _: self.back()))
        self.next_button.on_click(guard(lambda _: self.next()))
        self.turn_button.on_click(guard(lambda _: self.your_turn()))
        self.exercise_button.on_click(guard(lambda _: self.start_exercise(0)))
        self.scene_menu.observe(guard(lambda ch: self.goto(ch["new"])), names="value")
        self._board.played_listeners.append(self._on_position)
        self._board.refused_listeners.append(self._on_refused)
        self.progress.listeners.append(self._on_progress)
        self.bar = w.HBox(layout=shared.layout(flex_flow="row wrap"))
        self.scroller = Scroller(layout=shared.layout(height="0px"))
        lesson = w.VBox([self.anchor, self.title, self.sentence, self.bar, self._board.widget,
                         self.scroller], layout=shared.layout())
        lesson.add_class("xlib-tutorial")
        # the lesson's progress stands above the first board, outside it
        self._widget = w.VBox([self.progress.widget, lesson], layout=shared.layout()) if self.show_progress \
            else lesson
        self.goto(0)
        return self

    def _exercise_bar(self) -> tuple[w.Button, ...]:
        """The exercise's buttons, made when the first exercise opens (a lesson board loads lighter)."""
        if not hasattr(self, "again_button"):
            guard = self.board.guard
            self.again_button = w.Button(description="Try again", icon="repeat", layout=shared.layout(width="110px"), style=shared.button_style())
            self.show_button = w.Button(description="Show me", icon="eye", layout=shared.layout(width="100px"), style=shared.button_style())
            self.after_button = w.Button(description="Next exercise", icon="arrow-right", button_style="primary",
                                         layout=shared.layout(width="140px"))
            self.rule_button = w.Button(description="Back to the rule", icon="book", layout=shared.layout(width="150px"), style=shared.button_style())
            self.again_button.on_click(guard(lambda _: self.try_again()))
            self.show_button.on_click(guard(lambda _: self.show_me()))
            self.after_button.on_click(guard(lambda _: self.next_exercise()))
            self.rule_button.on_click(guard(lambda _: self.goto(self.index)))
        return (self.rule_button, self.again_button, self.show_button, self.after_button)

    @property
    def scene(self) -> Scene:
        return self.scenes[self.index]

    @property
    def current(self) -> Exercise | None:
        return None if self.exercise is None else self.scene.exercises[self.exercise]

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    # ---- the scene ----------------------------------------------------------------------------------
    def _title(self) -> str:
        s = self.scene
        done = " <span style='color:#00603C'>✓ done</span>" if self.progress.done(s) else ""
        count = f" · {len(s.exercises)} exercise{'s' if len(s.exercises) != 1 else ''}" if s.exercises else ""
        return f"<h4 style='margin:4px 0'>{html.escape(s.title)}<span style='font-weight:normal;font-size:13px'>" \
               f"{count}</span>{done}</h4>"

    def _show(self) -> None:
        s = self.scene
        self.title.value = self._title()
        if self.current is not None:
            self._show_exercise()
            return
        if self.live:
            text = s.your_turn
        else:
            text = s.sentences[self.step]
            if self.step < len(s.moves) and self.step == 0 and self._first_rule():
                text += " <i>(Press Next to see the first move.)</i>"   # its notation is explained after it
            elif self.step < len(s.moves):
                text += f" <i>(Next plays <code>{s.moves[self.step]}</code>.)</i>"
        # a long sentence in smaller type, so that its end is never hidden
        self.sentence.layout.height = SCENE_SENTENCE
        self.sentence.value = f"<div style='font-size:{message_size(text, 700)}px;line-height:1.3'>{text}</div>"
        self.back_button.disabled = self.step == 0 and not self.live
        self.next_button.disabled = self.live or self.step >= len(s.moves)
        self.turn_button.disabled = self.live or not any(not x.over for x in s.states()[:self.step + 1])
        self.exercise_button.disabled = not s.exercises
        self.bar.children = tuple([self.back_button, self.next_button, self.turn_button] +
                                  ([self.exercise_button] if s.exercises else []) +
                                  ([self.scene_menu] if len(self.scenes) > 1 else []))
        self.choices.children = ()
        self.board.locked = None if self.live else self._locked_sentence()
        if not self.live and s.marks_at(self.step):
            self.board.marks = self.board.view.marks_of_names(self.board.state, s.marks_at(self.step))
        self.board.refresh()

    def _first_rule(self) -> bool:
        """Whether this board shows the lesson's first rule (where no move's notation has been explained yet)."""
        scenes = self.progress.scenes
        return self.index == 0 and bool(scenes) and scenes[0].title == self.scenes[0].title

    def _locked_sentence(self) -> str:
        """What a click on the board during a scene says: only the buttons that can be pressed now."""
        s = self.scene
        turn = not self.turn_button.disabled
        if self.step < len(s.moves):
            return "Press Next to see the next step" + (", or Your turn to play from here." if turn else ".")
        options = (["Your turn to play from here"] if turn else []) + \
            (["Exercises to check what you learned"] if s.exercises else []) + \
            (["Back to see it again"] if self.step > 0 else [])
        return "This is the scene's last step: press " + ", or ".join(options) + "."

    def next_rule(self) -> Scene | None:
        """The lesson's rule after the last one this board shows (on its own board further down the page)."""
        titles = [x.title for x in self.progress.scenes]
        last = self.scenes[-1].title
        if last in titles and titles.index(last) + 1 < len(titles):
            return self.progress.scenes[titles.index(last) + 1]
        return None

    def goto(self, index: int) -> None:
        """Open scene `index` at its first step."""
        self.index, self.step, self.live = index, 0, False
        self.exercise = None
        if self.scene_menu.value != index:
            self.scene_menu.value = index
        self._message_room(SCENE_MESSAGE)
        self.board.reset(self.scene.start())
        self.board.marks = ()
        self._show()

    def next(self) -> None:
        if self.board.busy is not None:
            return
        if not self.live and self.exercise is None and self.step < len(self.scene.moves):
            self.board.locked = None
            self.board.marks = ()
            self.step += 1
            self.board.play(self.scene.moves[self.step - 1])
        self.board.after(self._show)   # once the move has been shown

    def back(self) -> None:
        if self.board.busy is not None:
            return
        if self.live:  # back to the scripted position the student started from
            self.live = False
            self.board.reset(self.scene.states()[self.step])
        elif self.step > 0:
            self.step -= 1
            self.board.reset(self.scene.states()[self.step])
        self.board.marks = ()
        self._show()

    def your_turn(self) -> None:
        """Hand the live board to the student at this position; where the scene has reached the end of a game,
        at the last position before it, so that there is always something to try."""
        note = ""
        if self.board.state.over:
            states = self.scene.states()[:self.step + 1]
            open_states = [k for k, s in enumerate(states) if not s.over]
            if open_states:
                self.step = open_states[-1]
                self.board.reset(states[self.step])
                note = "The game ended in this scene, so you start from the position before its last move. "
        self.live = True
        self.board.marks = ()
        self._show()
        if self.board.state.over:
            self.board.say("This scene ends with the game over: press Back to try it yourself.")
        else:
            self.board.say(note + "Your move.")

    def states(self) -> list[Any]:
        return self.scene.states()

    # ---- exercises ------------------------------------------------------------------------------------
    def start_exercise(self, k: int) -> None:
        """Put exercise `k` of this scene on the board: its position, its task, the student to play."""
        if self.board.busy is not None or not 0 <= k < len(self.scene.exercises):
            return
        ex = self.scene.exercises[k]
        self.exercise, self.live, self.misses = k, True, 0
        self.answered = False    # a choice exercise answered right: other choices are then only explained
        self.start_state = ex.start(self.scene.game, self.scene.options)
        self._message_room(EXERCISE_MESSAGE)
        self.board.reset(self.start_state)
        self.board.floor = self.start_state     # Undo stops at the exercise's start, before its given history
        self.judged = self.start_state
        self.board.marks = ()
        self.board.locked = None
        self._show()
        self.board.say("Choose one of the answers below the task." if ex.kind == "choice" else "Your move.")
        self.scroller.go(rule_anchor(self.scenes[0]))   # the task, the board and the feedback in one view

    def _message_room(self, room: tuple[int, str]) -> None:
        """Give the board's message box `room` (its lines of type and its height)."""
        self.board.message_lines = room[0]
        if self.board.message.layout.height != room[1]:
            self.board.message.layout.height = room[1]

    def _show_exercise(self) -> None:
        ex = self.current
        assert ex is not None and self.exercise is not None
        n = len(self.scene.exercises)
        solved = exercise_key(self.scene, self.exercise) in self.progress.solved
        tick = " <span style='color:#00603C'>✓ solved before</span>" if solved else ""
        task = f"<b>Exercise {self.exercise + 1} of {n}:</b> {ex.task}{tick}"
        self.sentence.layout.height = EXERCISE_SENTENCE
        self.sentence.value = f"<div style='font-size:{message_size(task, 700, 2)}px;line-height:1.3'>{task}</div>"
        self.bar.children = self._exercise_bar() + ((self.choices,) if ex.kind == "choice" else ())
        self.after_button.description = "Next exercise" if self.exercise + 1 < n else \
            ("Next rule" if self.index + 1 < len(self.scenes) or self.next_rule() is not None else "Done")
        if ex.kind == "choice":
            buttons = []
            for c in ex.choices:
                b = w.Button(description=c, layout=shared.layout(width="auto", min_width="80px", margin="2px 6px 2px 0"), style=shared.button_style())
                b.add_class("xlib-choice")
                b.on_click(self.board.guard(lambda _, c=c: self.choose(c)))
                buttons.append(b)
            self.choices.children = tuple(buttons)
            self.board.locked = "Answer with one of the buttons under the task."
        else:
            self.choices.children = ()
        self.board.refresh()

    def _on_position(self, state: State, told: str = "") -> None:
        """After every move the student plays: when the turn in an exercise is over, judge it."""
        ex, start = self.current, self.start_state
        if ex is None or start is None or ex.kind != "move" or state is self.judged or self.board.locked \
                or self.showing:
            return
        if state is start or not turn_over(start, state):
            return
        self.judged = state
        assert self.exercise is not None
        entered = self._entered(start, state)
        if ex.check(start, state, entered):
            self.progress.solve(self.scene, self.exercise)
            self.board.say(f"✓ Right! {ex.why}", "good")
            self.board.locked = "Solved. " + AGAIN
        else:
            self.misses += 1
            self.progress.miss(self.scene, self.exercise)
            # what the turn was, then what it did and why that misses the task: each said once
            hint = f" <b>Hint:</b> {ex.hint}" if self.misses >= 2 else ""
            self.board.say(f"{self._what_happened(entered)} {html.escape(ex.missed_because(start, state, entered))} "
                           f"Press <b>Try again</b>.{hint}", "illegal")
            self.board.locked = "Not this time. " + AGAIN
        self.board.refresh()

    def _entered(self, start: State, end: State) -> tuple[str, ...]:
        """The moves the student played, as the move list writes them: a Xero-G flight as it was clicked, where the
        game keeps another flight that leaves the same board."""
        return tuple(m for m, _ in self.board.view.log(end)[len(self.board.view.log(start)):])

    def _what_happened(self, entered: tuple[str, ...]) -> str:
        """The moves the student played (what they did is the exercise's to say)."""
        said = " ".join(f"<code>{html.escape(m)}</code>" for m in entered)
        return f"You played {said}:" if said else "You played:"

    def _on_refused(self, text: str) -> None:
        """A move the rules refused counts as a miss in an exercise (the board has said why)."""
        ex = self.current
        if ex is None or self.exercise is None or ex.kind != "move":
            return
        self.misses += 1
        self.progress.miss(self.scene, self.exercise)
        if self.misses >= 2:
            self.board.say(f"{text} <b>Hint:</b> {ex.hint}", "illegal")

    def choose(self, choice: str) -> None:
        """The student's answer to a choice exercise."""
        ex, start = self.current, self.start_state
        if ex is None or start is None or self.exercise is None or ex.kind != "choice":
            return
        if ex.solved_by_choice(choice):
            self.progress.solve(self.scene, self.exercise)
            self.answered = True
            self.board.say(f"✓ Right: {html.escape(choice)}. {ex.why}", "good")
            self.board.refresh()
            return
        said = f"<b>{html.escape(choice)}</b>: {html.escape(ex.why_not(start, choice))}"
        if self.answered:   # another choice looked at after the right answer: its reason, and no miss
            self.board.say(f"{said} The answer is <b>{html.escape(str(ex.answer))}</b>.", "info")
            self.board.refresh()
            return
        self.misses += 1
        self.progress.miss(self.scene, self.exercise)
        hint = f" <b>Hint:</b> {ex.hint}" if self.misses >= 2 else " Try another answer."
        self.board.say(f"{said}{hint}", "illegal")
        self.board.refresh()

    def try_again(self) -> None:
        if self.exercise is not None:
            misses = self.misses
            self.start_exercise(self.exercise)
            self.misses = misses

    def show_me(self) -> None:
        """Play one right answer from the exercise's position, with its sentence (or name the right choice)."""
        ex = self.current
        if ex is None or self.exercise is None or self.board.busy is not None:
            return
        assert self.start_state is not None
        self.board.reset(self.start_state)
        if ex.kind == "choice":
            self.board.say(f"The answer: <b>{html.escape(str(ex.answer))}</b>. {ex.why}", "good")
            self._answer_shown()
            return
        self.board.locked = None
        moves: list[Move] = []
        s = self.start_state
        for m in ex.solution:
            moves.append(s.parse(m))
            s = s.play(m)
        shown = ", ".join(f"<code>{html.escape(m)}</code>" for m in ex.solution)

        def played() -> None:   # once the answer's moves have been shown
            self.showing = False
            self.board.say(f"One answer: {shown}. {ex.why}", "good")
            self._answer_shown()

        self.showing = True   # an answer shown is not an answer solved
        try:
            self.board.play_line(moves)
        except BaseException:
            self.showing = False
            raise
        self.board.after(played)

    def _answer_shown(self) -> None:
        """The board after an answer was shown: it stays as shown, and a click says how to try again."""
        self.board.locked = "That was one answer. " + AGAIN
        self.board.refresh()

    def next_exercise(self) -> None:
        if self.exercise is None:
            return
        if self.exercise + 1 < len(self.scene.exercises):
            self.start_exercise(self.exercise + 1)
        elif self.index + 1 < len(self.scenes):
            self.goto(self.index + 1)
        elif (following := self.next_rule()) is not None:
            self.goto(self.index)   # this board back at its rule; the page goes on to the next rule's board
            self.board.say(f"On to the next rule below: {html.escape(following.title)}.", "good")
            self.scroller.go(rule_anchor(following), always=True)
        else:
            self.goto(self.index)
            self.board.say(f"{html.escape(self.progress.line())}. Well done!", "good")

    def _on_progress(self) -> None:
        if self._widget is not None:
            self.title.value = self._title()
