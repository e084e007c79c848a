"""The X board driven headless, as a person's clicks would: placing, refusing, corners drawn, the early end."""
import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib.board import Board, palette  # noqa: E402
from xlib.board.view import Overlay  # noqa: E402
from xlib.board.calls import Recorder  # noqa: E402
from xlib.views.x.view import XView  # noqa: E402
from xlib.lessons import x as lesson  # noqa: E402

RED, YELLOW, GREEN = 0, 1, 2


def drawn(view, state):
    canvas = Recorder()
    view.draw(canvas, state, Overlay(interactive=False))
    return canvas.ops


def drawn_with_marks(board):
    canvas = Recorder()
    board.view.draw(canvas, board.state, Overlay(marks=board.marks, interactive=True))
    return canvas.ops


def strokes(ops, colour):
    """The points of every line stroked in `colour`: lists of line_to points."""
    out, current, points = [], None, []
    for name, value in ops:
        if name == "stroke_style":
            current = value
        elif name == "begin_path":
            points = []
        elif name in ("move_to", "line_to"):
            points.append(value)
        elif name == "stroke" and current == colour and points:
            out.append(points)
    return out


def click(board, cell):
    board.click(*board.view.cell_centre(cell))


def test_a_click_places_a_stone_of_the_colour_to_move():
    b = Board("x", animate=0, seed=0)
    click(b, "e5")
    assert b.state.stone("e5") == RED and b.state.to_move == YELLOW
    assert "1. <code>e5</code>" in b.log.value and "Yellow to move" in b.status.value
    click(b, "d4")
    assert b.state.stone("d4") == YELLOW
    b.click(-50, -50)                        # off the board: nothing happens
    assert b.state.ply == 2


def test_an_occupied_cell_says_so_is_marked_and_changes_nothing():
    b = Board("x", animate=0, seed=0)
    click(b, "e5")
    click(b, "e5")
    assert "e5 is taken by Red: a stone goes on an empty cell." in b.message.value
    assert b.marks == (b.view.index_of("e5"),) and b.state.ply == 1
    ring = strokes(drawn_with_marks(b), palette.MARK)
    assert ring and all(abs(x - b.view.centre(b.marks[0])[0]) < b.view.radius * 1.1 for x, _ in ring[0])


def test_stones_carry_their_letters_in_three_colours_and_the_last_one_is_ringed():
    view = XView(size=6)
    state = xlib.game("x", size=6).start().play("c3").play("d4").play("b4")
    pieces = {c: view.piece(state, view.index_of(c)) for c in ("c3", "d4", "b4")}
    assert [(p.fill, p.letter) for p in pieces.values()] == [
        (palette.VERMILLION, "R"), (palette.YELLOW, "Y"), (palette.GREEN, "G")]
    assert view.piece(state, view.index_of("a1")) is None
    x, y = view.centre(view.index_of("b4"))
    rings = [a for name, a in drawn(view, state) if name == "stroke_circle" and a[:2] == (x, y)]
    assert len(rings) >= 2    # the stone's own edge and the last-stone ring


def test_the_owners_outermost_path_is_drawn_in_the_owners_colour_from_side_to_side():
    view = XView(size=6)
    before, after, _ = lesson.OUTERMOST.states()
    a1 = view.picture(before).corners[0]
    assert a1.owner == YELLOW and [view.name_of(i) for i in a1.path] == ["b1", "a2"]
    a1 = view.picture(after).corners[0]
    assert a1.owner == RED and [view.name_of(i) for i in a1.path] == ["d1", "c2", "b3", "a4"]
    red_lines = strokes(drawn(view, after), palette.VERMILLION)
    centres = [view.centre(i) for i in a1.path]
    path_line = next(line for line in red_lines if all(c in line for c in centres))
    assert len(path_line) == len(centres) + 2                     # a stub onto each side around the stones
    top, left = path_line[0], path_line[-1]
    assert top[1] < view.centre(view.index_of("d1"))[1]          # the stub leaves d1 upwards, onto the top side
    assert left[0] < view.centre(view.index_of("a4"))[0]         # and a4 leftwards, onto the left side
    assert not strokes(drawn(view, after), palette.YELLOW)      # Yellow's inner group owns nothing: no path


def test_the_path_keeps_to_the_outside_of_a_thick_group():
    view = XView(size=6)
    game = xlib.game("x", size=6)
    triangle = game.position("RRRR../RRR.../RR..../R...../....../...... Y")
    assert [view.name_of(i) for i in view.picture(triangle).corners[0].path] == ["d1", "c2", "b3", "a4"]
    block = game.position("..RRRR/..RRRR/...RRR/....RR/....../...... Y")
    assert [view.name_of(i) for i in view.picture(block).corners[1].path] == \
        ["c1", "c2", "d2", "d3", "e3", "e4", "f4"]


def test_a_corner_stone_alone_is_a_path_of_one_with_two_stubs():
    view = XView(size=6)
    red = lesson.CORNER_CELL.states()[1]
    f1 = view.picture(red).corners[1]
    assert f1.owner == RED and [view.name_of(i) for i in f1.path] == ["f1"]


def test_decided_corners_are_shaded_locked_and_counted_in_the_status():
    view = XView()
    start = lesson.DECIDED.states()[0]
    pic = view.picture(start)
    a1 = pic.corners[0]
    assert a1.decided and a1.owner == YELLOW and not pic.corners[2].decided
    inside = view.index_of("b2")
    assert inside in a1.enclosed and view.cell_fill(start, inside) == palette.tint(palette.YELLOW, 0.6)
    assert view.cell_fill(start, view.index_of("e5")) == palette.CELL
    assert view.status(start) == "Yellow to move · corners 1-1-0."
    assert view.corner_line(start) == "Decided: a1 Yellow. For now: a9 Red. No owner yet: i1, i9."
    assert XView(size=6).corner_line(lesson.TURNS.start()) == "No owner yet: a1, f1, a6, f6."
    locks = [a for name, a in drawn(view, start) if name == "arc"]
    assert len(locks) == 1                                       # one padlock shackle: a1's badge


def test_the_early_end_is_explained_in_the_status_the_log_and_under_the_board():
    b = Board(state=lesson.DECIDED.states()[-2], animate=0)
    assert not b.state.over
    click(b, "i1")
    assert b.state.over
    assert "Game over, every corner is decided: Red wins 2-1-1." in b.status.value
    assert "i1</code> takes corner i1; ends the game: every corner is decided" in b.log.value
    assert "Red takes corner i1. Game over, every corner is decided: Red wins 2-1-1." in b.message.value
    line = b.view.corner_line(b.state)
    assert line == "Every corner is decided, so the score cannot change: play stops with 35 cells empty."
    assert line in b.view.describe(b.state) and line in b.text_board.value
    click(b, "b1")
    assert "The game is over" in b.message.value and b.state.stone("b1") is None


def test_the_move_log_says_which_corners_a_stone_takes_and_decides():
    b = Board(state=lesson.DECIDED.start(), animate=0)
    for cell in lesson.DECIDED.moves:
        click(b, cell)
    assert ">2. <code>e9</code> takes corner i9; decides a9 and i9</div>" in b.log.value


def test_a_corner_changing_hands_is_said_in_the_log_and_the_message_with_the_new_path_outlined():
    b = Board(state=lesson.CORNER_CELL.start(), animate=0)
    for cell in lesson.CORNER_CELL.moves:
        click(b, cell)
    assert "3. <code>f2</code> takes corner f1 from Red<br>" in b.log.value.replace("</div>", "<br>")
    assert "Green takes corner f1 from Red. Green's group joins the two sides farther out." in b.message.value
    assert {b.view.name_of(i) for i in b.marks} == {"e1", "e2", "f2"}    # Green's path, outlined
    click(b, "d5")                                                       # a stone that changes no corner
    assert "takes" not in b.message.value and not b.marks


def test_a_newly_decided_corner_is_told_with_its_owner():
    view = XView()
    before, after = lesson.DECIDED.states()[1:3]
    text, marks = view.news(before, after)
    assert text == "Green takes corner i9. Corners a9 and i9 are decided: a9 stays Red's, i9 stays Green's."
    assert view.index_of("e9") in marks and view.index_of("a1") not in marks
    assert view.news(*lesson.DECIDED.states()[:2]) == ("", ())      # i2 changes no corner: nothing to tell


def test_the_score_line_names_the_leader_by_the_largest_count_nobody_shares():
    view = XView()
    assert view.score_line(lesson.WIN_211.states()[-1]) == \
        "Red 2 · Yellow 1 · Green 1: Red wins with the largest count nobody shares"
    assert view.score_line(lesson.WIN_022.states()[-1]) == \
        "Red 0 · Yellow 2 · Green 2: Red wins, since 0 is the only count nobody shares"
    assert view.score_line(lesson.WIN_211.states()[0]) == \
        "Red 1 · Yellow 1 · Green 1: nobody leads, every count is shared"
    quick = XView(size=6)
    assert quick.score_line(lesson.CONNECT.states()[-1]) == \
        "Red 1 · Yellow 1 · Green 0: Green leads, since 0 is the only count nobody shares"
    assert "Game over, the board is full: Red wins 2-1-1." == quick.status(lesson.NO_DRAWS.states()[-1])


def quick_board(**kwargs):
    """A 6×6 board (Board's own `size` is its width in pixels, so the game's size comes with the state)."""
    return Board(state=xlib.game("x", size=6).start(seed=0), animate=0, **kwargs)


def test_a_quick_game_and_options_in_plain_words():
    b = quick_board()
    assert b.view.size == 6 and b.canvas.width > 0
    assert b.option_fields.fields["size"].label.startswith("Board size")
    b.option_fields.fields["size"].control.value = 9
    b.new_game_from_controls()
    assert b.state.game.options["size"] == 9 and b.view.size == 9


def test_computer_seats_answer_and_undo_returns_to_the_persons_move():
    b = quick_board(seats={1: "easy", 2: "easy"})
    click(b, "c3")
    assert b.state.ply == 3 and b.state.to_move == RED
    b.undo()
    assert b.state.ply == 0 and b.state.stone("c3") is None


def test_typed_moves_play_and_bad_names_are_explained():
    b = quick_board()
    assert b.type_move("c3") and b.state.stone("c3") == RED
    assert not b.type_move("z9") and "not a cell" in b.message.value and b.state.ply == 1


def test_corners_taken_from_another_player_are_named_before_new_ones():
    view = XView()
    before, after = lesson.WIN_400.states()
    assert view.phrase(before, after.last_move).startswith("takes corner a9 from Green and corner a1;")
