"""The board played by keyboard in every game: arrow keys reach every place a click could choose, Enter plays
there as a click does, Escape drops a selection; and a page that asks for reduced motion gets no animation."""
import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib.board import Board, keys, view_for  # noqa: E402
from xlib.board import access  # noqa: E402
from xlib.views.xallies.view import well_centre  # noqa: E402

from xlib import registry  # noqa: E402
from xlib.board import Tutorial  # noqa: E402
from xlib.board.progress import LessonProgress  # noqa: E402

from .keyboard import ARROW_PRESSES, arrow_path, clicks_for_move, keys_for_clicks, split_press  # noqa: E402

GAMES = ["xallies", "alea", "xats", "xerog", "x"]


def clicks_for_a_turn(game: str, state) -> list[tuple[float, float]]:
    """Points whose clicks play a whole turn from the opening (checked against the view)."""
    view = view_for(state)
    cells = {"alea": ["d4"], "x": ["e5"], "xerog": ["a1", "b1", "c1", "d1", "e1", "f1"]}
    if game in cells:
        points = [view.cell_centre(c) for c in cells[game]]
        if game == "xerog":   # the set-up: a size from the stash, then a square, for each square of the row
            points = []
            for c, size in zip(cells[game], ("Large", "Medium", "Small", "Small", "Medium", "Large")):
                points += [view.button_centre(state, None, size), view.cell_centre(c)]
    elif game == "xats":
        points = [view.tray_tile_centre(state, 0, 1), view.table_point(state)]
    else:
        points = [well_centre(3), well_centre(4)]
    return points


def press_all(board: Board, presses: list[str]) -> None:
    for press in presses:
        key, shift = split_press(press)
        keys.on_key(board)(key, shift, False, False)


@pytest.mark.parametrize("game", GAMES)
def test_every_place_a_click_could_choose_is_reached_by_the_arrow_keys(game):
    state = xlib.game(game).start(seed=0)
    view = view_for(state)
    targets = view.key_targets(state)
    assert len({t.name for t in targets}) == len(targets) > 3
    start = keys.start_target(targets, view.width, view.height)
    for t in targets:
        arrow_path(view, targets, start, t)
        assert 0 <= t.x <= view.width and 0 <= t.y <= view.height


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_turn_played_by_keys_is_the_turn_the_clicks_play(game):
    by_keys = Board(game, seed=0, animate=0)
    by_clicks = Board(game, seed=0, animate=0)
    points = clicks_for_a_turn(game, by_keys.state)
    press_all(by_keys, keys_for_clicks(by_keys.view, by_keys.state, points))
    for x, y in points:
        by_clicks.click(x, y)
    assert by_keys.state.ply > 0 and by_keys.state.record() == by_clicks.state.record()
    assert by_keys.key_live.value   # the cursor's place was said in words


@pytest.mark.parametrize("game", GAMES)
def test_every_exercise_on_the_board_is_answered_by_keys_alone(game):
    """Each exercise played on the board (not one answered by choosing among buttons, which the page's Tab and
    Enter press) is solved by arrow keys and Enter alone: its solution's moves found as places to choose, then
    pressed; a decision the board offers as buttons (XATS's Destroy) is one such button."""
    answered = 0
    for scene in registry.lesson(game).SCENES:
        t = Tutorial(scene, animate=0, background=False, progress=LessonProgress(game, keep=False))
        for k, ex in enumerate(scene.exercises):
            if ex.kind == "choice":
                continue
            t.start_exercise(k)
            for move in ex.solution:
                board = t.board
                goal = board.state.play(move).record()
                points, button = clicks_for_move(board.view, board.state, move)
                press_all(board, keys_for_clicks(board.view, board.state, points, keys.cursor_target(board)))
                if button is not None:   # a choice below the board: a button, which Tab reaches and Enter presses
                    board.choose(button)
                assert board.state.record() == goal, (scene.title, k, move)
            assert "✓" in t.board.message.value, (scene.title, k, t.board.message.value)
            answered += 1
    assert answered >= 10


def test_the_cursor_is_drawn_and_said_and_escape_drops_a_selection():
    board = Board("xallies", seed=0, animate=0)
    painted = board.paint_count
    press_all(board, ["ArrowUp"])
    assert board.paint_count == painted + 1 and "Well" in board.key_live.value
    here = keys.cursor_target(board)
    assert here is not None
    press_all(board, arrow_path(board.view, board.view.key_targets(board.state), here,
                                next(t for t in board.view.key_targets(board.state) if t.name.startswith("Well 3,"))))
    press_all(board, ["Enter"])
    assert board.selection == 3
    press_all(board, ["Escape"])
    assert board.selection is None and "Selection dropped" in board.message.value
    press_all(board, ["Control"])   # a key that means nothing here changes nothing
    assert board.state.ply == 0


def test_a_wrong_move_by_keys_is_explained_as_a_wrong_click():
    board = Board("xallies", seed=0, animate=0)
    targets = board.view.key_targets(board.state)
    start = keys.start_target(targets, board.view.width, board.view.height)
    six = next(t for t in targets if t.name.startswith("Well 6,"))
    press_all(board, ["ArrowUp"] + arrow_path(board.view, targets, start, six) + [" "])
    assert "purple's region" in board.message.value and board.marks == (6,)


def test_reduced_motion_plays_moves_without_their_animation_frames():
    page = access.page_access()
    animated, still = Board("xallies", seed=0, animate=0.001), Board("xallies", seed=0, animate=0.001)
    try:
        page.reduced_motion = False
        before = animated.paint_count
        animated.play("3+")
        frames = animated.paint_count - before
        page.reduced_motion = True
        before = still.paint_count
        still.play("3+")
        assert still.paint_count - before < frames and still.state.turns() == animated.state.turns()
    finally:
        page.reduced_motion = False


def test_a_turn_said_while_it_is_sown_is_said_again_when_it_is_complete():
    """XAllies: a sowing whose drops the player chooses is said as it starts, and again, in its whole notation,
    when its last piece is dropped (the move list's line changed, though no line was added)."""
    state = xlib.game("xallies").position("0:bbg* 1:bbg* 2:bb* 3:* 4:bpp* 5:bpp* 6:pp* 7:* 8:pgg* 9:pgg* 10:gg* "
                                          "11:* ; to b ; whites 1 1 1 ; supply 9 ; turn 3")
    board = Board(state=state, animate=0, keep=None)
    board.play("0+")
    assert board.state.in_turn and "Move 1: 0+:…, blue is sowing" in board.key_live.value
    board.play("g")
    assert "Move 1: 0+:gbb, blue sows well 0 clockwise" in board.key_live.value
    board.undo()
    assert "0+:gbb" in board.key_live.value   # a move taken back is said by the message box, not here


@pytest.mark.parametrize("size", [9, 6])
def test_on_x_hexagons_each_key_goes_to_one_of_the_six_neighbours_and_each_neighbour_is_one_press_away(size):
    """Left and Right along the rank, Up and Down along the file, Shift with Up or Down to the other cell above or
    below: every key goes to a neighbouring cell or, at the edge, nowhere; so a move takes as many presses as the
    cells between, and Enter."""
    state = xlib.game("x", size=size).start(seed=0)
    view = view_for(state)
    targets = view.key_targets(state)
    name = {t.name.split(",")[0]: t for t in targets}
    for t in targets:
        here = view.index_of(t.name.split(",")[0])
        reached = set()
        for press in ARROW_PRESSES:
            arrow = view.arrow(*press)
            there = keys.step(targets, (t.x, t.y), arrow)
            if there is not None:
                reached.add(view.index_of(there.name.split(",")[0]))
        assert reached == set(view.neighbours(here)), t.name
    d4 = name["d4"]
    assert keys.step(targets, (d4.x, d4.y), view.arrow("ArrowUp")).name.startswith("d3,")
    assert keys.step(targets, (d4.x, d4.y), view.arrow("ArrowUp", True)).name.startswith("e3,")
    assert keys.step(targets, (d4.x, d4.y), view.arrow("ArrowDown", True)).name.startswith("c5,")
    a, b = name["a1"], name[f"{'abcdefghi'[size - 1]}{size}"]
    assert len(arrow_path(view, targets, a, b)) == view.distance(view.index_of("a1"), view.index_of(b.name[:2]))


def test_the_hex_keys_are_said_as_the_cursor_appears_and_shift_up_plays_there():
    board = Board("x", seed=0, animate=0, keep=None)
    press_all(board, ["ArrowUp"])   # the cursor appears near the middle, on d6
    assert "d6, empty. " in board.key_live.value and "Shift with Up or Down" in board.key_live.value
    press_all(board, ["Shift+ArrowUp"])
    assert board.key_live.value == "<span>e5, empty</span>"
    press_all(board, ["Enter"])
    assert str(board.state.history()[1].last_move) == "e5"
    square = Board("alea", seed=0, animate=0, keep=None)
    press_all(square, ["ArrowUp"])
    assert "Shift" not in square.key_live.value   # the four arrows reach every neighbour of a square
