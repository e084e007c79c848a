"""The board's parts, each on its own: given a live game and the few callables it needs, never a whole board."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("ipycanvas")

import ipywidgets as w  # noqa: E402

import xlib  # noqa: E402
from xlib.board.clicks import Input  # noqa: E402
from xlib.board.files import MAX_RECORD_BYTES, Files, read_record  # noqa: E402
from xlib.board.history import History  # noqa: E402
from xlib.board.keeping import Keeping  # noqa: E402
from xlib.board.layout import Parts, build  # noqa: E402
from xlib.board.modes import Modes  # noqa: E402
from xlib.board.newgame import NewGame  # noqa: E402
from xlib.board.picture import Picture  # noqa: E402
from xlib.board.shown import Shown  # noqa: E402
from xlib.board.turns import Turns  # noqa: E402
from xlib.board.words import Words  # noqa: E402
from xlib.classroom import open_store  # noqa: E402
from xlib.classroom.live import LiveTables  # noqa: E402
from xlib.live import LocalGame  # noqa: E402
from xlib.views.x.view import XView  # noqa: E402


def guard(fn: Any) -> Any:
    return fn


class Said:
    """A stand-in for the words' `say`, and a count of the board's refreshes: what a part told its board."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []
        self.refreshed = 0

    def say(self, text: str, kind: str = "info") -> None:
        self.said.append((text, kind))

    def refresh(self) -> None:
        self.refreshed += 1

    @property
    def last(self) -> str:
        return self.said[-1][0] if self.said else ""


def shown_x(moves: tuple[str, ...] = (), seats: dict[int, str] | None = None, size: int = 5) -> Shown:
    state = xlib.game("x", size=size).start(seed=1)
    for m in moves:
        state = state.play(m)
    return Shown(LocalGame(state, seats, {0: "Ana"}, seed=1), XView(size=size))


# ---- shown ---------------------------------------------------------------------------------------------
def test_shown_looks_back_at_an_earlier_position_and_forgets_what_was_marked():
    shown = shown_x(("c3", "d4"))
    shown.browsing, shown.selection, shown.marks = 1, "c3", ("c3",)
    assert shown.shown_state.ply == 1 and shown.state.ply == 2 and not shown.interactive()
    shown.forget()
    assert shown.shown_state is shown.state and shown.selection is None and shown.marks == ()
    assert shown.interactive() and "Ana" in shown.who(0) and shown.moves_listed(shown.state) == 2


# ---- words ---------------------------------------------------------------------------------------------
def test_words_say_a_sentence_and_with_nothing_to_say_show_the_last_move():
    shown = shown_x(("c3",))
    words = Words(shown, True, lambda: None)
    words.say("That cell is taken.", "illegal")
    assert "✗ That cell is taken." in words.message.value and "#B00020" in words.message.value
    words.say("")
    assert "Last move: <code>c3</code>" in words.message.value and words.quiet
    shown.line, shown.browsing = 2, 0
    assert words.status_line(shown.shown_state).startswith("Looking back at move 0. What-if line 2.")


def test_words_keep_what_moves_made_happen_and_outline_it():
    shown = shown_x()
    painted: list[int] = []
    words = Words(shown, "compact", lambda: painted.append(1))
    before = shown.state
    shown.game.listeners.append(lambda change: words.heard(change, alone=True))
    shown.game.play("c3")
    words.tell_news("Ana played c3.")
    assert words.message.value.count("Ana played c3.") == 1 and painted == [1]
    assert words.log is not None and words.text_board is None   # a compact board lists moves, no text position
    words.show_log(shown.state)
    assert "<code>c3</code>" in words.log.value and before.ply == 0


def test_words_say_each_new_move_once_in_the_live_region():
    shown = shown_x()
    words = Words(shown, False, lambda: None)
    words.show_live(shown.state, "")
    assert words.key_live.value == ""
    shown.game.play("c3")
    words.show_live(shown.state, "")
    assert "Move 1: c3" in words.key_live.value
    words.key_live.value = ""
    words.show_live(shown.state, "")   # the same position again: nothing new to say
    assert words.key_live.value == ""


# ---- input ---------------------------------------------------------------------------------------------
def input_for(shown: Shown, said: Said) -> tuple[Input, list[list[Any]]]:
    played: list[list[Any]] = []
    words = Words(shown, True, lambda: None)
    words.say = said.say   # type: ignore[method-assign]
    part = Input(shown, words, True, guard=guard, refresh=said.refresh, repaint=lambda frame=None: None,
                 play_moves=played.append, zoom=lambda: 2.0)
    return part, played


def test_input_plays_a_click_and_refuses_an_illegal_typed_move_with_its_rule():
    shown, said = shown_x(("c3",)), Said()
    part, played = input_for(shown, said)
    refused: list[str] = []
    part.refused_listeners.append(refused.append)
    part.on_canvas_click(*(2.0 * c for c in XView(size=5).cell_centre("b2")))   # the canvas's own pixels
    assert [str(m) for m in played[0]] == ["b2"]
    assert part.type_move("C3") is False and refused and said.said[-1][1] == "illegal"   # taken: its rule said
    assert part.type_move("D4") is True and [str(m) for m in played[1]] == ["d4"]     # capitals read as small
    with pytest.raises(ValueError):
        part.choose("No such choice")


def test_input_answers_a_click_while_busy_and_plays_nothing():
    shown, said = shown_x(), Said()
    part, played = input_for(shown, said)
    shown.busy = "Blue is thinking…"
    part.click(*XView(size=5).cell_centre("c3"))
    part.on_busy_click()
    assert played == [] and part.ignored_clicks == 2 and "not played" in said.last
    shown.busy, shown.locked = None, "Watch this scene first."
    part.click(*XView(size=5).cell_centre("c3"))
    assert played == [] and said.last == "Watch this scene first."


def test_a_panel_beside_the_board_takes_the_decision_and_the_board_says_where():
    shown, said = shown_x(), Said()
    part, played = input_for(shown, said)
    part.decided_beside.append(lambda state: "Aim in the panel beside the board.")
    assert part.type_move("c3") is False and said.last == "Aim in the panel beside the board." and played == []
    assert not part.playable(True)


# ---- turns ---------------------------------------------------------------------------------------------
def turns_for(shown: Shown, background: bool = False) -> tuple[Turns, Said, list[tuple[str, bool]]]:
    said, marks = Said(), []
    words = Words(shown, False, lambda: None)
    turns = Turns(shown, words, w.HTML(), animate=0, background=background, refresh=said.refresh,
                  repaint=lambda frame=None: None, mark=lambda css, on: marks.append((css, on)), report=lambda: None)
    return turns, said, marks


def test_turns_play_a_persons_move_then_the_computers_reply():
    shown = shown_x(seats={1: "easy", 2: "easy"}, size=4)
    turns, said, _ = turns_for(shown)
    told: list[str] = []
    turns.played_listeners.append(lambda state, words: told.append(state.last_move and str(state.last_move)))
    turns.play_moves([shown.state.parse("b2")])
    assert shown.state.ply == 3 and shown.state.to_move == 0 and told == ["b2"] and shown.busy is None


def test_turns_beside_the_page_make_the_board_busy_until_the_computer_has_moved():
    shown = shown_x(seats={1: "easy", 2: "easy"}, size=4)
    turns, said, marks = turns_for(shown, background=True)
    after: list[int] = []
    turns.play_moves([shown.state.parse("b2")])
    assert ("xlib-busy", True) in marks
    turns.after(lambda: after.append(shown.state.ply))
    assert after == [3] and shown.busy is None and marks[-1] == ("xlib-busy", False)


def test_a_moves_animation_takes_at_most_its_share_of_time_however_many_pictures_it_has():
    """A long XAllies sowing shares MOVE_SECONDS among its pictures; a move of one picture shows it for the
    board's whole `animate`."""
    from xlib.board import view_for
    from xlib.board.turns import MOVE_SECONDS

    state = xlib.game("xallies").start(seed=3)
    view = view_for(state)
    rng = random.Random(3)
    while max(len(view.frames(state, m)) for m in state.moves()) < 5:   # play on to a long sowing
        state = state.play(rng.choice(state.moves()))
    longest = max(state.moves(), key=lambda m: len(view.frames(state, m)))
    assert len(view.frames(state, longest)) * 0.15 > MOVE_SECONDS   # it took longer before
    shown = Shown(LocalGame(state, {}, {}, seed=1), view)
    turns, _, _ = turns_for(shown)
    turns.animate = 0.15
    pauses = list(turns.advance(longest))
    assert len(pauses) == len(view.frames(state, longest)) and sum(pauses) <= MOVE_SECONDS + 1e-9
    assert shown.state.last_move == longest
    single = shown_x(size=4)
    turns, _, _ = turns_for(single)
    turns.animate = 0.15
    single.view.frames = lambda state, move: ["one picture"]   # type: ignore[method-assign]
    assert list(turns.advance(single.state.parse("b2"))) == [0.15]


def test_a_computers_turn_of_several_decisions_shares_one_moves_animation_time():
    """An XAllies computer seat sows and then picks the order of its drops, one decision each: the whole turn is
    animated within MOVE_SECONDS, as one move is."""
    from xlib.board import view_for
    from xlib.board.turns import MOVE_SECONDS

    state = xlib.game("xallies").start(seed=4)
    shown = Shown(LocalGame(state, {1: "easy", 2: "easy"}, {}, seed=4), view_for(state))
    turns, _, _ = turns_for(shown)
    turns.animate = 0.15
    rng = random.Random(4)
    longest = 0
    while not shown.state.over and longest < 3:
        shown.game.play(rng.choice(shown.state.moves()))   # the person's decision
        runs: list[tuple[int, list[float]]] = []
        steps = turns.loop()
        for pause in steps:
            mover = shown.state.to_move
            if not runs or runs[-1][0] != mover:
                runs.append((mover, []))
            if pause > 0:
                runs[-1][1].append(pause)
        for mover, pauses in runs:
            assert sum(pauses) <= MOVE_SECONDS + 1e-9, (mover, pauses)
        longest = max([longest] + [len(pauses) for _, pauses in runs])
    assert longest >= 3   # a turn animated in three decisions or more was seen


# ---- history -------------------------------------------------------------------------------------------
def history_for(shown: Shown) -> tuple[History, Said, list[Any]]:
    said, followed = Said(), []
    part = History(shown, True, guard=guard, say=said.say, refresh=said.refresh, may_act=lambda: True,
                   computer_turns=lambda: None, follow=followed.append, lined=lambda game: None)
    return part, said, followed


def test_history_takes_back_and_plays_again_the_moves_as_the_list_writes_them():
    shown = shown_x()
    shown.game.play("c3")
    shown.game.play("d4")
    part, said, _ = history_for(shown)
    part.show_buttons(True)
    assert part.undo_button is not None and not part.undo_button.disabled
    part.undo()
    assert shown.state.ply == 1 and said.last == "Took back <code>d4</code>."
    part.redo()
    assert shown.state.ply == 2 and said.last == "Played again <code>d4</code>."
    part.floor = shown.state
    part.show_buttons(True)
    assert not part.undoable() and part.undo_button.disabled


def test_history_tries_a_what_if_line_and_comes_back_to_the_game():
    shown = shown_x()
    for m in ("c3", "d4", "b2"):
        shown.game.play(m)
    game = shown.game
    part, said, followed = history_for(shown)
    part.show(1)
    assert shown.browsing == 1 and said.last.startswith("Move 1 of 3.")
    part.explore()
    assert shown.line == 1 and shown.game is not game and followed == [shown.game] and shown.state.ply == 1
    assert part.line_menu is not None and [label for label, _ in part.line_menu.options][1].startswith("What-if line 1")
    part.back_to_game()
    assert shown.game is game and shown.line == 0 and said.last == "Back to the game."


# ---- new game, files, modes ------------------------------------------------------------------------------
def test_new_game_asks_before_a_game_in_progress_is_lost_and_reads_the_game_number():
    shown, said = shown_x(("c3",)), Said()
    started: list[tuple[Any, dict[str, Any]]] = []
    part = NewGame(shown, guard=guard, say=said.say, refresh=said.refresh, may_act=lambda: True,
                   start=lambda seed, options: started.append((seed, options)))
    part.from_controls()
    part.show(True)
    assert started == [] and part.new_button.description == "Yes, new game" and said.said[-1][1] == "busy"
    part.seed_box.value = "forty"
    part.from_controls()
    assert started == [] and "Game number: forty is not allowed" in said.last
    part.seed_box.value = "42"
    part.from_controls()
    assert started == [(42, {"size": 5})]


def test_files_refuse_what_is_not_a_record_of_this_game_and_load_what_is():
    state = xlib.game("x", size=5).start(seed=2).play("c3")
    assert read_record(json.dumps(state.record()), "x", "X")[0] is not None
    assert "too large" in read_record("x" * (MAX_RECORD_BYTES + 1), "x", "X")[1]
    assert "not a game saved with Save this game" in read_record("{", "x", "X")[1]
    assert "not Alea" in read_record(state.record(), "alea", "Alea")[1]
    said, loaded = Said(), []
    part = Files(guard=guard, say=said.say, load=loaded.append)
    part.on_upload({"new": [{"content": json.dumps(state.record()).encode(), "size": 10}]})
    assert loaded and json.loads(loaded[0]) == state.record() and part.upload.value == ()
    part.show(state, owns_game=False)
    assert part.upload.disabled and "x-game.json" in part.save_link.value


def test_view_modes_put_their_class_on_the_board_and_keep_their_buttons_in_step():
    marks: list[tuple[str, bool]] = []
    part = Modes(lambda css, on: marks.append((css, on)), guard, buttons=True)
    part.projector(True)   # the button follows, and its own call finds the class already on
    assert set(marks) == {("xlib-projector", True)} and part.projector_button is not None
    assert part.projector_button.value and part.zoom_button is not None
    part.zoom_button.value = True   # the button pressed: the class follows
    part.on_motion({"new": True})
    assert marks[-2:] == [("xlib-zoomed", True), ("xlib-still", True)]
    assert Modes(lambda css, on: None, guard, buttons=False).projector_row is None


# ---- keeping -------------------------------------------------------------------------------------------------
def test_keeping_stores_the_game_once_the_page_has_read_and_offers_a_kept_one_back():
    shown, said = shown_x(("c3",)), Said()
    resumed: list[Any] = []
    part = Keeping("xlib-game:x", "xlib-game-x", shown, say=said.say, refresh=said.refresh, guard=guard,
                   resume=resumed.append)
    part.keep()
    assert part.keeper.keep == ""   # not before the page said what it had
    part.keeper.loaded = True
    assert json.loads(part.keeper.keep)["moves"] == 1
    other = xlib.game("x", size=5).start(seed=1).play("b2").play("d4")
    kept = {"game": "x", "title": "X", "record": other.record(), "moves": 2, "age": 200}
    again = Keeping("xlib-game:x", "xlib-game-x", shown, say=said.say, refresh=said.refresh, guard=guard,
                    resume=resumed.append)
    again.keeper.saved = json.dumps(kept)
    again.keeper.loaded = True
    assert again.offer is not None and said.last.startswith("Continue your game? (2 moves, X, 3 minutes ago)")
    yes, no = again.offer_buttons()
    yes.click()
    assert resumed == [kept] and again.offer is None


# ---- the picture and the layout ---------------------------------------------------------------------------
def test_the_picture_is_drawn_sharp_at_its_largest_size_and_counts_its_paints():
    shown = shown_x()
    part = Picture(shown, 600, True, cursor=lambda: None)
    assert part.zoom == pytest.approx(900 / max(shown.view.width, shown.view.height))
    assert part.canvas.width == round(shown.view.width * part.zoom)
    part.repaint()
    assert part.paint_count == 1


def test_the_layout_puts_each_parts_widgets_in_their_places():
    shown = shown_x()
    said = Said()
    words = Words(shown, "compact", lambda: None)
    clicks = Input(shown, words, "compact", guard=guard, refresh=said.refresh, repaint=lambda frame=None: None,
                   play_moves=lambda moves: None, zoom=lambda: 1.0)
    history = History(shown, "compact", guard=guard, say=said.say, refresh=said.refresh, may_act=lambda: True,
                      computer_turns=lambda: None, follow=lambda game: None, lined=lambda game: None)
    canvas = Picture(shown, 400, "compact", cursor=lambda: None).canvas
    tree = build(Parts(canvas, words, clicks, history, w.Output()), "compact", guard)
    body = tree.widget.children[1]
    assert tree.main.children == (words.status, words.message, canvas) and tree.side is None
    side = body.children[1]
    assert side.children[0].children == (history.undo_button, history.redo_button)
    assert side.children[1:3] == (clicks.choice_box, clicks.entry) and side.children[-1] is words.live
    assert "xlib-controls" in tree.widget._dom_classes and "xlib-full" not in tree.widget._dom_classes


# ---- the class store's live tables -----------------------------------------------------------------------
def test_the_live_tables_are_a_part_the_store_hands_its_transactions_to(tmp_path):
    with open_store(str(tmp_path / "classes.sqlite3")) as store:
        assert isinstance(store.live_tables, LiveTables) and not isinstance(store, LiveTables)
        code = store.create_class().code
        runs: list[bool] = []
        real = store._attempt

        def attempt(work: Any, write: bool = False) -> Any:
            runs.append(write)
            return real(work, write)
        store._attempt = attempt   # type: ignore[method-assign]
        info = store.open_table(code, "x", seed=3, size=5)
        assert runs == [True] and store.table(code, info.key).state.ply == 0 and runs == [True, False]


# ---- the parts keep to their own ----------------------------------------------------------------------------
PARTS = ("board", "shown", "picture", "words", "clicks", "turns", "history", "newgame", "files", "modes", "keeping",
         "layout", "keys", "seats")


def test_no_part_reaches_into_another_parts_private_names():
    """A part reads its own private names (`self._…`) and only the public names of what it is given."""
    import ast
    from pathlib import Path

    folder = Path(xlib.__file__).parent / "board"
    reached = []
    for name in PARTS:
        for node in ast.walk(ast.parse((folder / f"{name}.py").read_text())):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                reached.append(f"{name}: {ast.unparse(node)}")
    assert reached == []


def test_the_players_panel_follows_the_seats_of_the_game_it_shows_and_of_no_other():
    from xlib.board.seats import SeatPanel

    shown = shown_x()
    panel = SeatPanel(guard)
    panel.build(shown.game, shown.view)
    shown.game.set_seat(1, "easy")   # by code, or by the teacher: the menu follows
    assert panel.menus[1].value == "easy"
    line = shown.game.branch(shown.state)
    panel.build(line, shown.view)
    shown.game.set_seat(1, "person")   # the game no longer shown: its seats are not this panel's now
    assert panel.menus[1].value == "easy" and shown.game.listeners == []
    line.set_seat(2, "easy")
    assert panel.menus[2].value == "easy"
