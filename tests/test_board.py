"""The board widget, driven headless through its Python handlers, as a person's clicks would."""
import json
from typing import Iterator

import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib.board import Board, Tutorial  # noqa: E402
from xlib.board.webcanvas import WebCanvas  # noqa: E402
from xlib.views.xallies.view import XAlliesView, well_centre  # noqa: E402
from xlib.lessons import Scene  # noqa: E402


def click_well(board: Board, w: int) -> None:
    board.click(*well_centre(w))


def buttons(board: Board) -> list[str]:
    return [b.description for b in board.choice_box.children]


@pytest.fixture
def board() -> Board:
    return Board("xallies", animate=0, seed=0)


def test_click_a_well_then_the_next_well_sows_that_way(board):
    click_well(board, 3)
    assert board.selection == 3 and buttons(board) == ["Sow 3 clockwise (3+)", "Sow 3 counter-clockwise (3-)"]
    click_well(board, 4)
    assert board.state.turns() == ["3+:bb"] and board.state.to_move == 1
    assert "1. <code>3+:bb</code> blue sows well 3 clockwise" in board.log.value


def test_direction_buttons_sow(board):
    click_well(board, 2)
    board.choose("Sow 2 counter-clockwise")
    assert board.state.turns() == ["2-:bb"]


def test_illegal_click_shows_the_explain_sentence_and_changes_nothing(board):
    click_well(board, 6)
    assert "Well 6 is in purple's region; blue sows only from wells 0–3." in board.message.value
    assert board.state.ply == 0 and board.selection is None
    assert board.marks == (6,)  # the well the sentence names is outlined


def test_colour_choice_drop_by_drop_and_automatic_order():
    s = xlib.game("xallies").position("0:bbb* 1:bbbb* 2:* 3:bpp* 4:ppp* 5:ppp* 6:* 7:* 8:gggg* 9:gggg* 10:* 11:* ; to b")
    b = Board(state=s, animate=0)
    click_well(b, 3)
    click_well(b, 4)
    assert b.state.in_turn and buttons(b) == ["Drop blue (b)", "Drop purple (p)", "Automatic order"]
    chips = XAlliesView.chip_positions(b.state)
    purple = next((x, y) for c, x, y in chips if c == 1)
    b.click(*purple)  # a click on the purple piece in the hand
    assert b.state.dropped == "p" and b.state.in_turn
    b.choose("Automatic order")  # own colour first: b, then the last p
    assert b.state.turns() == ["3+:pbp"]


def test_undo_redo_and_history_slider(board):
    for m in ("3+", "7+", "11+"):
        board.play(m)
    board.undo()
    assert board.state.ply == 2 and not board.undo_button.disabled and not board.redo_button.disabled
    board.redo()
    assert board.state.ply == 3 and board.redo_button.disabled
    board.slider.value = 1
    assert board.browsing == 1 and board.shown_state.ply == 1
    click_well(board, 0)
    assert "earlier position" in board.message.value and board.state.ply == 3
    board.slider.value = 3
    assert board.browsing is None


def test_computer_seats_move_until_a_person_is_to_move(board):
    board.set_seat(1, "random")
    board.set_seat(2, "random")
    board.play("3+")
    assert board.state.to_move == 0 and len(board.state.turns()) == 3


def test_all_computer_seats_play_a_whole_game():
    b = Board("xallies", animate=0, seed=0, seats={0: "random", 1: "random", 2: "random"})
    b.computer_turns()
    assert b.state.over and "Game over" in b.status.value


def test_new_game_with_options_and_bad_option_is_shown(board):
    board.option_fields.fields["players"].control.value = 4
    board.new_button.click()
    assert board.state.players == ("blue", "purple", "green", "grey") and len(board.seat_widgets) == 4
    board.option_fields.fields["supply"].control.value = -3
    board.new_button.click()
    assert "White pieces in the supply: -3 is not allowed (it must be at least 0)" in board.message.value
    assert len(board.state.players) == 4


def test_save_and_load_a_record(board):
    board.play("3+")
    href = board.save_link.value.split('href="')[1].split('"')[0]
    import base64
    record = json.loads(base64.b64decode(href.split(",", 1)[1]))
    assert record["moves"] == ["3+"]
    fresh = Board("xallies", animate=0, seed=1)
    fresh.load(json.dumps(record))
    assert fresh.state.turns() == ["3+:bb"]
    fresh.load("{broken")
    assert "could not be loaded: this file is not a game saved with Save this game" in fresh.message.value


def test_a_loaded_game_the_computer_answers_at_once_still_says_it_was_loaded():
    """The computer may move before the page has shown "Loaded a game" (the browser's Python answers in one go):
    its sentence follows the loaded one, never replaces it."""
    record = xlib.game("alea").start(seed=3).play("d4").record()   # the computer (White) is to move
    board = Board("alea", seats={1: "computer"}, animate=0, keep=None)
    board.load(json.dumps(record))
    assert len(board.state.moves_played()) == 2
    said = board.message.value
    assert "Loaded a game of 1 move." in said and said.index("Loaded a game") < said.index("White"), said


def test_callback_errors_show_on_the_page(board):
    def broken(_state):
        raise RuntimeError("boom")
    board.listeners.append(broken)
    board.guard(board.click)(*well_centre(3))
    board.guard(board.click)(*well_centre(4))
    assert any("boom" in o.get("text", "") for o in board.errors.outputs)


def test_client_ready_repaints_and_resends_the_canvas_switch(board):
    before = board.paint_count
    if isinstance(board.canvas, WebCanvas):   # the page says a view is ready; the board paints it
        board.canvas._on_event(board.canvas, {"event": "client_ready"}, [])
        assert board.canvas.sent[-1][0] == ["clear", []]
    else:
        board.canvas._canvas_manager._current_canvas = board.canvas
        board.canvas._client_ready_callbacks()
    assert board.paint_count == before + 1


def test_manual_shooting_buttons():
    g = xlib.game("xallies", shooting="manual", rounds=1)
    b = Board(state=g.start(), animate=0)
    for m in ("3+", "7+", "11+"):
        b.play(m)
    assert buttons(b) == ["Hit", "Miss"]
    b.choose("Hit")
    b.choose("Miss")
    b.choose("Hit")
    assert b.state.over and b.state.hits == (1, 0, 1)


def test_animation_frames_come_from_the_engine(board):
    frames = board.view.frames(board.state, board.state.parse("3+"))
    assert [f.dropped_at for f in frames] == [4, 5] and frames[0].whites == (1, 0, 0)


def test_tutorial_next_back_and_your_turn():
    scene = Scene("xallies", "An alliance", ["Start.", "Blue sows.", "Purple sows."], ["3+:bb", "7+:pp"])
    t = Tutorial(scene, animate=0)
    click_well(t.board, 2)
    assert "Press Next" in t.board.message.value and t.board.state.ply == 0
    t.next()
    assert t.board.state.turns() == ["3+:bb"] and ">Blue sows." in t.sentence.value
    t.back()
    assert t.board.state.ply == 0
    t.next()
    t.your_turn()
    click_well(t.board, 6)
    click_well(t.board, 7)
    assert t.board.state.turns() == ["3+:bb", "6+:pp"]


def test_scene_checks_its_script():
    with pytest.raises(ValueError, match="one sentence for the position and one after each move"):
        Scene("xallies", "bad", ["only one"], ["3+"])
    with pytest.raises(xlib.IllegalMove):
        Scene("xallies", "illegal", ["a", "b"], ["5+"]).states()


def test_shooting_range_hits_when_the_aim_is_over_the_well_and_enters_the_shot():
    from xlib.views.xallies.shooting import ShootingRange

    g = xlib.game("xallies", shooting="manual", rounds=1)
    b = Board(state=g.start(), animate=0)
    for m in ("3+", "7+", "11+"):
        b.play(m)
    r = ShootingRange(b)
    assert r.shoot() is False and b.state.ledger.shots[0] == (False,)   # the aim starts far to the side
    assert "0 hits from 1 shot." in r.result.value
    r.clock.value = 22  # swept over the well
    assert r.shoot() is True and b.state.ledger.shots[1] == (True,)
    assert "1 hit from 2 shots" in r.result.value
    b.new_game(seed=3)
    assert r.shots == [] and r.result.value == ""  # the shooting box resets with a new game


def test_beside_the_aiming_game_a_person_shoots_only_with_it_and_nobody_awards_themselves_a_point():
    """The app's board has the aiming game beside it: while the players shoot, it stands in view, the board offers
    no Hit or Miss, and a typed shot or a click on the board says where to shoot; its Shoot enters the person's
    shot, and takes none while a computer seat shoots."""
    from xlib.views.xallies.shooting import ShootingRange

    g = xlib.game("xallies", shooting="manual", rounds=1)
    b = Board(state=g.start(), animate=0, seats={2: "easy"}, background=False)
    r = ShootingRange(b)
    assert r.widget.layout.display == "none"          # out of the way during play
    for m in ("3+", "7+"):
        b.play(m)
    assert b.state.phase == "shoot" and b.state.to_move == 0
    assert r.widget.layout.display == ""               # shown (None would never reach the page on the site)
    assert buttons(b) == [] and b.entry is not None and b.entry.disabled
    assert not b.type_move("hit") and "aiming game" in b.message.value and b.state.ledger.shots[0] == ()
    click_well(b, 4)
    assert "aiming game" in b.message.value and b.state.ledger.shots[0] == ()
    r.clock.value = 22                                  # the aim over the well
    assert r.shoot() is True and b.state.ledger.shots[0] == (True,) and "blue: <b>Hit!</b>" in r.result.value
    b.set_seat(1, "easy")                               # purple's shot is thrown by chance for the computer seat
    assert b.state.over and len(b.state.ledger.shots[1]) == 1 and len(r.shots) == 1
    plain = Board(state=g.start(), animate=0)           # real marbles on a table: their results are entered
    for m in ("3+", "7+", "11+"):
        plain.play(m)
    assert buttons(plain) == ["Hit", "Miss"]


def test_the_aiming_game_takes_no_shot_for_a_computer_seat():
    from xlib.views.xallies.shooting import ShootingRange

    state = xlib.game("xallies", shooting="manual", rounds=1).start()
    for m in ("3+", "7+", "11+"):
        state = state.play(m)
    b = Board(state=state, animate=0, seats={0: "easy"}, background=False)
    r = ShootingRange(b)
    assert r.shoot() is False and b.state.ledger.shots[0] == () and r.shots == []
    assert "Not your shot: blue shoots now." in r.result.value


def test_undo_says_what_it_took_back_even_during_shooting():
    g = xlib.game("xallies", shooting="manual", rounds=1)
    b = Board(state=g.start(), animate=0, seed=0)
    for m in ("3+", "7+", "11+"):
        b.play(m)
    b.choose("Hit")
    b.undo()   # a shot is chance's outcome: it stands, and Undo says so
    assert "A shot's outcome stands: it can't be taken back." in b.message.value and b.state.ledger.shots[0] == (True,)


def test_a_seat_handed_to_the_computer_as_a_turn_ends_plays_at_once():
    """A group sets its seats quickly: Red's seat goes to the computer while the turn started by the previous seat
    change is still ending (it found Red, a person, to move). The computer takes Red's turn once that turn ends,
    and plays the game to its end, with no move played twice."""
    import threading
    import time

    board = Board("x", size=4, seed=1, seats={1: "easy", 2: "easy"}, animate=0, background=True)
    real, ending = board._computer_loop, threading.Event()

    def slow_to_end(*words: str) -> Iterator[float]:
        yield from real(*words)
        ending.wait(10)   # the turn has looked at the seats and not yet ended
    board._computer_loop = slow_to_end
    board._run(board._computer_loop, "The computer is thinking…")   # a turn ending, as Yellow's and Green's do
    assert board.busy is not None and board.state.ply == 0
    board.set_seat(0, "easy")
    assert board.state.ply == 0   # the turn under way has already looked at Red's seat
    ending.set()
    deadline = time.monotonic() + 30
    while not board.state.over and time.monotonic() < deadline:
        time.sleep(0.05)
    board.wait()
    assert board.state.over and board.busy is None
    assert xlib.replay(board.state.record()).record() == board.state.record()


def test_undo_never_redraws_a_shot_of_the_aiming_game_and_every_count_agrees():
    """After "blue: Missed. 0 hits from 1 shot.", Undo takes nothing back and says the shot stands; shooting again is
    the next shot. The game, the board's count, the aiming game's and the game kept on the device all agree."""
    import json

    from xlib.views.xallies.shooting import ShootingRange

    g = xlib.game("xallies", shooting="manual", rounds=1)
    b = Board(state=g.start(), animate=0, background=False)
    b.keeper.loaded = True
    r = ShootingRange(b)
    for m in ("3+", "7+", "11+"):
        b.play(m)
    assert r.shoot() is False and "0 hits from 1 shot." in r.result.value
    b.undo()
    assert "A shot's outcome stands: it can't be taken back." in b.message.value
    assert b.state.ledger.shots[0] == (False,) and b.undo_button is not None
    r.clock.value = 22
    assert r.shoot() is True and "1 hit from 2 shots" in r.result.value
    shots = b.state.ledger.shots
    assert shots[0] == (False,) and shots[1] == (True,) and sum(map(len, shots)) == len(r.shots) == 2
    assert "(1 of 1 shots hit so far)" in b.view.news(b.state.parent, b.state)[0]
    kept = xlib.replay(json.loads(b.keeper.keep)["record"])
    assert kept.ledger.shots == shots
