"""Nothing a student does is lost: a full board keeps its game on the device and offers it back when the page
opens again (a reload, or a new kernel after the old one was lost), with its seats and names."""
import json

import pytest

pytest.importorskip("anywidget")

import xlib  # noqa: E402
from xlib.board import Board  # noqa: E402
from xlib.board.board import ago  # noqa: E402


def opened(board, kept=None):
    """What a page's opening does: the device says what it kept (with its age), then that it has read it."""
    if kept is not None:
        board.keeper.saved = json.dumps({**kept, "age": 125})
    board.keeper.loaded = True


def kept_game(moves=("c3", "d4", "b4")):
    b = Board("x", size=6, animate=0, seed=4, names={0: "Ana"}, seats={2: "easy"}, background=False)
    opened(b)
    for m in moves[:2]:
        b.play(m)
    return json.loads(b.keeper.keep), b


def test_a_full_board_keeps_its_game_on_the_device_after_every_move_and_never_before_it_has_read_it():
    b = Board("x", size=6, animate=0, seed=4, background=False)
    b.play("c3")
    assert b.keeper.keep == ""                      # the device has not said what it kept: nothing overwritten
    opened(b)
    kept = json.loads(b.keeper.keep)
    assert kept["moves"] == 1 and kept["record"] == b.state.record() and kept["game"] == "x"
    b.play("d4")
    assert json.loads(b.keeper.keep)["moves"] == 2
    assert Board("x", size=6, controls="compact", animate=0).keeper is None   # lessons keep no game


def test_a_reloaded_page_offers_the_kept_game_and_continues_it_with_seats_and_names():
    kept, old = kept_game()
    b = Board("x", size=6, animate=0, seed=9, background=False)
    opened(b, kept)
    assert "Continue your game? (3 moves, X, 2 minutes ago)" in b.message.value
    labels = [c.description for c in b.choice_box.children]
    assert labels == ["Continue your game", "New game"]
    b.keeper.keep = "untouched"
    b.refresh()
    assert b.keeper.keep == "untouched"            # the kept game is not overwritten while it is offered
    b.choice_box.children[0].click()
    assert b.state.record() == old.state.record() and b.names == {0: "Ana"} and b.seats[2] == "easy"
    assert "goes on from move 3" in b.message.value and b.seat_widgets[2].value == "easy"
    assert json.loads(b.keeper.keep)["record"] == old.state.record()


def test_a_kept_game_is_offered_where_the_page_opens_too_with_a_way_down_to_its_board(monkeypatch):
    """An app's page opens at its lesson's progress, far above the board of Play a whole game: the kept game is
    said there, with a button that takes it back and goes down to the board, and a link to the board's place."""
    from xlib.board import progress as progresses

    kept, old = kept_game()
    page = progresses.LessonProgress("x", keep=False)
    monkeypatch.setitem(progresses._PROGRESS, "x", page)
    b = Board("x", size=6, animate=0, seed=9, background=False)
    assert page.waiting.children == ()
    opened(b, kept)
    words, button, down = page.waiting.children
    assert "Your game of X is waiting</b> on the board below: 3 moves, kept on this device 2 minutes ago" in words.value
    assert b.anchor and f"href='#{b.anchor}'" in down.value and f"id='{b.anchor}'" in b.widget.children[0].value
    asked = page.scroller.count
    button.click()
    assert b.state.record() == old.state.record() and "goes on from move 3" in b.message.value
    assert page.waiting.children == () and page.scroller.count == asked + 1
    assert page.scroller.target == b.anchor and page.scroller.focus   # down to the board, the keys with it
    other = Board("x", size=6, animate=0, seed=9, background=False)
    opened(other, kept)
    assert page.waiting.children
    other.choice_box.children[1].click()   # New game, on the board: nothing waits any more
    assert page.waiting.children == () and other.state.ply == 0


def test_choosing_a_new_game_leaves_the_board_as_it_is_and_keeps_it_instead():
    kept, _ = kept_game()
    b = Board("x", size=6, animate=0, seed=9, background=False)
    opened(b, kept)
    b.choice_box.children[1].click()
    assert b.state.ply == 0 and json.loads(b.keeper.keep)["moves"] == 0


def test_the_computer_moves_on_when_the_kept_game_waits_for_it():
    b0 = Board("x", size=6, animate=0, seed=4, background=False)
    opened(b0)
    b0.play("c3")
    kept = {**json.loads(b0.keeper.keep), "seats": {"1": "easy", "2": "easy"}}
    b = Board("x", size=6, animate=0, seed=9, background=False)
    opened(b, kept)
    b.continue_kept(True)
    assert b.state.ply == 3 and b.state.to_move == 0


@pytest.mark.parametrize("kept", [
    None,
    {"game": "x", "moves": 0, "record": xlib.game("x", size=6).start().record()},
    {"game": "alea", "moves": 2, "record": {"game": "alea"}},
    {"game": "x", "moves": 2, "record": {"game": "x", "moves": ["zz"]}},
    "not json at all",
])
def test_nothing_or_nothing_usable_kept_offers_nothing(kept):
    b = Board("x", size=6, animate=0, seed=9, background=False)
    if isinstance(kept, str):
        b.keeper.saved = kept
        b.keeper.loaded = True
    else:
        opened(b, kept)
    assert b._offer is None and not any(getattr(c, "description", "") == "Continue your game"
                                        for c in b.choice_box.children)
    assert json.loads(b.keeper.keep)["moves"] == 0


def test_the_kernel_answers_the_pages_ping():
    b = Board("x", size=6, animate=0)
    sent = []
    b.keeper.send = lambda content: sent.append(content)
    b.keeper._answer(b.keeper, {"ping": 7}, [])
    assert sent == [{"pong": 7}]


def test_ages_in_words():
    assert [ago(s) for s in (0, 59, 60, 125, 3600, 7300, 86400 * 3)] == [
        "just now", "just now", "a minute ago", "2 minutes ago", "an hour ago", "2 hours ago", "3 days ago"]


def test_xerog_offers_its_quick_row_beside_the_kept_game_offered():
    """The offer of a kept game leaves the board's own buttons where they are: Xero-G's Quick row among them."""
    old = Board("xerog", animate=0, seed=4, background=False)
    opened(old)
    old.play("setup 321123")
    kept = json.loads(old.keeper.keep)
    b = Board("xerog", animate=0, seed=9, background=False)
    opened(b, kept)
    assert "Continue your game?" in b.message.value
    labels = [c.description for c in b.choice_box.children]
    assert labels[:2] == ["Continue your game", "New game"] and "Quick row 3 2 1 1 2 3" in labels, labels
    quick = next(c for c in b.choice_box.children if c.description.startswith("Quick row"))
    quick.click()
    assert str(b.state.last_move) == "setup 321123"
