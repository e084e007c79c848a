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


# ---- two tabs of one app: every game kept, both offered -----------------------------------------------------
def merge_in_the_browser(writes, stored=None):
    """Run the page's own merge (keeper.MERGE_JS) in Node on a sequence of writes, as tabs store their games one
    after another under one key; what the device then holds."""
    import shutil
    import subprocess

    from xlib.board.keeper import MERGE_JS

    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node to run the page's merge")
    script = MERGE_JS + (f"let stored = {json.dumps(json.dumps(stored) if stored is not None else None)};\n"
                         f"for (const d of {json.dumps(writes)}) stored = JSON.stringify(merged(stored, d));\n"
                         "process.stdout.write(stored);")
    return json.loads(subprocess.run([node, "-e", script], capture_output=True, text=True, check=True).stdout)


def x_game(moves, seed=4):
    """What a board keeps of an X game of these moves (its record), under a tab's id."""
    state = xlib.game("x", size=6).start(seed=seed)
    for m in moves:
        state = state.play(m)
    return {"game": "x", "title": "X", "record": state.record(), "moves": len(moves), "seats": {}, "names": {}}


def test_two_tabs_keep_both_games_and_the_game_played_on_replaces_only_its_own_earlier_moves():
    six = ["c3", "d4", "b4", "a1", "f6", "e2"]
    other = ["a2", "b2", "c2"]
    first = {**x_game(six), "id": "tab1"}
    second = {**x_game(other, seed=5), "id": "tab2"}
    held = merge_in_the_browser([first, {**x_game([]), "id": "tab2"}, second])
    assert [g["id"] for g in held["kept"]] == ["tab2", "tab1"]          # the new tab's game beside the first
    played_on = {**x_game(six + ["a6", "b6", "c6"]), "id": "tab1"}
    held = merge_in_the_browser([played_on], held)
    assert [(g["id"], g["moves"]) for g in held["kept"]] == [("tab1", 9), ("tab2", 3)]
    # the second tab took the first tab's 6-move game back, which the first tab played on to 9: nothing lost
    held = merge_in_the_browser([{**x_game(six), "id": "tab2"}], held)
    assert [(g["id"], g["moves"]) for g in held["kept"]] == [("tab1", 9)]
    diverged = {**x_game(six + ["d6"]), "id": "tab2"}
    held = merge_in_the_browser([diverged], held)
    assert sorted(g["moves"] for g in held["kept"]) == [7, 9]
    old = x_game(six)   # a game kept before games were kept side by side
    assert [g["moves"] for g in merge_in_the_browser([second], old)["kept"]] == [3, 6]


def test_a_page_offers_every_game_kept_newest_first_and_each_continues():
    six, nine = x_game(["c3", "d4", "b4", "a1", "f6", "e2"]), x_game(["a2", "b2", "c2", "d2", "e2", "f2", "a3",
                                                                     "b3", "c3"], seed=5)
    b = Board("x", size=6, animate=0, seed=9, background=False)
    b.keeper.saved = json.dumps({"kept": [{**six, "id": "t1", "age": 300}, {**nine, "id": "t2", "age": 20}]})
    b.keeper.loaded = True
    said = b.message.value
    assert "Continue your game? (9 moves, X, just now)" in said and "Another game is kept too (6 moves" in said
    labels = [c.description for c in b.choice_box.children]
    assert labels == ["Continue your game", "New game", "The 6-move game"]
    b.choice_box.children[2].click()
    assert b.state.record() == six["record"] and "goes on from move 6" in b.message.value
    again = Board("x", size=6, animate=0, seed=9, background=False)
    again.keeper.saved = b.keeper.saved
    again.keeper.loaded = True
    again.play("c3")                        # the offer ignored: the game played is kept beside the games offered
    kept = json.loads(again.keeper.keep)
    assert kept["moves"] == 1 and kept["id"] == again.keeper.tab and again.keeper.tab != b.keeper.tab
    again.choice_box.children[0].click()
    assert again.state.record() == nine["record"]
