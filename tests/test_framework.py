"""The board framework, game-neutral: registry, palette, lessons without widgets, the cell view,
and the interaction every board gets (no queued clicks, marks, typing, what-if, screen readers)."""
import subprocess
import sys
import threading

import pytest

pytest.importorskip("ipycanvas")

import xlib  # noqa: E402
from xlib import registry  # noqa: E402
from xlib.board import Board, CellView, palette  # noqa: E402
from xlib.board.view import Overlay, View  # noqa: E402
from xlib.views.xallies.view import well_centre  # noqa: E402
from xlib.board.calls import Recorder  # noqa: E402

VISION_GAP = 20.0   # smallest CIELAB ΔE between two seat colours, for every kind of vision


def games_with_views() -> list[str]:
    return [name for name in xlib.game_names() if name in registry._VIEWS]


# ---- registry ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", games_with_views())
def test_every_view_is_found_through_the_registry_and_draws_its_start(name):
    cls = registry.view_class(name)
    assert issubclass(cls, View)
    b = Board(name, animate=0, seed=0)
    assert type(b.view) is cls and b.paint_count >= 1


def test_board_has_no_default_game():
    with pytest.raises(xlib.XlibError, match="a Board needs a game, one of xallies"):
        Board()


def test_registry_names_a_game_without_a_view_or_lesson_clearly():
    with pytest.raises(xlib.OptionError, match="no game named 'chess'"):
        registry.view_class("chess")
    with pytest.raises(xlib.OptionError, match="no game named 'chess'"):
        registry.lesson("chess")


@pytest.mark.parametrize("name", [n for n in xlib.game_names() if n in registry._LESSONS])
def test_every_lesson_is_found_through_the_registry_and_its_scenes_play(name):
    lesson = registry.lesson(name)
    assert lesson.SCENES and lesson.DECISIONS
    for scene in lesson.SCENES:
        assert scene.game == name and len(scene.states()) == len(scene.moves) + 1


# ---- colours ------------------------------------------------------------------------------------
def test_the_old_xallies_colours_merge_for_deuteranopia_so_the_check_has_teeth():
    gap, a, b, vision = palette.distinct(["#0072B2", "#CC79A7", "#009E73", "#999999"])
    assert gap < VISION_GAP and vision == "deuteranopia"


SEATINGS = {"xallies": [{"players": 3}, {"players": 4}], "xats": [{"players": 2}, {"players": 3}]}


@pytest.mark.parametrize("name", games_with_views())
def test_seat_colours_stay_apart_for_colour_blind_eyes(name):
    for options in SEATINGS.get(name, [{}]):
        b = Board(name, animate=0, seed=0, **options)
        colours = [b.view.seat_colour(p) for p in range(len(b.state.players))]   # as drawn, for this seating
        gap, a, c, vision = palette.distinct(colours)   # pieces are outlined, so the background need not differ
        assert gap >= VISION_GAP, f"{name} {options}: {a} and {c} are only ΔE {gap:.1f} apart under {vision}"


@pytest.mark.parametrize("name", [n for n in xlib.game_names() if n in registry._LESSONS])
def test_every_lesson_sentence_fits_the_tutorial_box(name):
    for scene in registry.lesson(name).SCENES:
        for step, sentence in enumerate(scene.sentences + [scene.your_turn]):
            suffix = len(scene.moves[step]) + 20 if step < len(scene.moves) else 0   # "(Next plays …)"
            assert len(sentence) + suffix <= 300, (scene.title, step)


@pytest.mark.parametrize("name", games_with_views())
def test_every_seat_has_a_letter(name):
    b = Board(name, animate=0, seed=0)
    letters = [b.view.seat_letter(b.state, p) for p in range(len(b.state.players))]
    assert all(len(x) == 1 for x in letters) and len(set(letters)) == len(letters)


def test_xallies_black_pieces_stay_apart_from_every_seat():
    from xlib.views.xallies.view import XAlliesView

    gap, *_ = palette.distinct(list(XAlliesView.seat_colours) + [palette.BLACK])
    assert gap >= VISION_GAP


# ---- lessons are data -----------------------------------------------------------------------------
def test_lessons_import_with_no_widget_library():
    code = ("import sys; sys.modules['ipywidgets'] = None; sys.modules['ipycanvas'] = None\n"
            "from xlib import registry\n"
            "for name in registry._LESSONS:\n"
            "    lesson = registry.lesson(name)\n"
            "    [s.states() for s in lesson.SCENES]\n"
            "assert 'xlib.board' not in sys.modules\n"
            "print('ok', len(registry._LESSONS))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok")


# ---- the cell view ----------------------------------------------------------------------------------
@pytest.mark.parametrize("shape, size", [("square", 4), ("square", 8), ("square", 19), ("hex", 6), ("hex", 9)])
def test_cell_view_hit_testing_finds_every_cell_at_its_centre_and_nothing_off_the_board(shape, size):
    view = type("V", (CellView,), {"shape": shape})(size=size)
    for i in range(size * size):
        x, y = view.centre(i)
        assert view.cell_at(x, y) == i
        assert view.cell_at(x + view.radius * 0.4, y + view.radius * 0.3) == i
        assert view.name_of(i) == xlib.core.grid_cell_names(size)[i] and view.index_of(view.name_of(i)) == i
        assert 0 <= x <= view.width and 0 <= y <= view.height
    assert view.cell_at(-5, -5) is None and view.cell_at(view.width + 5, view.height / 2) is None


def test_hex_cells_touch_their_six_neighbours_and_no_others():
    view = type("V", (CellView,), {"shape": "hex"})(size=5)
    _, _, neighbours = xlib.core.grid(5, ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)))
    step = 3 ** 0.5 * view.radius
    for i in range(25):
        xi, yi = view.centre(i)
        for j in range(25):
            xj, yj = view.centre(j)
            d = ((xi - xj) ** 2 + (yi - yj) ** 2) ** 0.5
            assert (abs(d - step) < 1e-6) == (j in neighbours[i])


@pytest.mark.parametrize("name", ["alea", "x"])
def test_cell_view_click_plays_the_cells_move_or_explains_and_marks_it(name):
    state = xlib.game(name).start(seed=0)
    view = type("V", (CellView,), {"shape": "hex" if name == "x" else "square"})(size=state.game.options["size"])
    legal = next(m for m in state.moves() if isinstance(getattr(m, "cell", None), int))
    click = view.click(state, *view.centre(legal.cell))
    assert click.move == view.name_of(legal.cell)
    after = state.play(legal)
    again = view.click(after, *view.centre(legal.cell))
    assert again.move is None and again.illegal and again.marks == (legal.cell,)
    assert again.message == after.explain(view.name_of(legal.cell))


def test_cell_view_outlines_legal_cells_only_when_a_person_may_play():
    state = xlib.game("x", size=4).start(seed=0)
    view = type("V", (CellView,), {"shape": "hex"})(size=4)
    on, off = Recorder(), Recorder()
    view.draw(on, state, Overlay(interactive=True))
    view.draw(off, state, Overlay(interactive=False))
    orange = [c for c in on.ops if c == ("stroke_style", palette.HIGHLIGHT)]
    assert len(orange) == 16 and ("stroke_style", palette.HIGHLIGHT) not in off.ops


# ---- interaction every board gets -----------------------------------------------------------------------
class _Held:
    """A computer player that waits until released, so clicks can arrive while it thinks."""

    def __init__(self):
        self.release = threading.Event()
        self.thinking = threading.Event()

    def choose(self, state):
        self.thinking.set()
        assert self.release.wait(30)
        return state.moves()[0]


def test_clicks_while_the_computer_thinks_are_answered_and_dropped_never_played_later():
    b = Board("xallies", animate=0, seed=0, background=True, seats={1: "random", 2: "random"})
    held = _Held()
    b._agents[1] = held
    b.click(*well_centre(3))
    b.click(*well_centre(4))          # blue sows 3+; purple (held) starts thinking in the background
    assert held.thinking.wait(30)
    for well in (2, 1, 2, 3):          # four clicks while purple thinks
        b.click(*well_centre(well))
    assert b.ignored_clicks == 4 and "thinking" in b.message.value and "not played" in b.message.value
    assert b.undo_button.disabled and b.entry.disabled
    held.release.set()
    b.wait()
    assert b.busy is None and b.state.to_move == 0
    assert len(b.state.turns()) == 3 and b.state.turns()[0] == "3+:bb"   # none of the four clicks was played
    assert b.selection is None and not b.undo_button.disabled


def test_typed_moves_play_and_illegal_ones_explain_and_mark():
    b = Board("xallies", animate=0, seed=0)
    assert "3+" in b.entry.options
    b.type_move("6+")
    assert "purple's region" in b.message.value and b.marks == (6,) and b.state.ply == 0
    b.type_move("3+")
    assert b.state.turns() == ["3+:bb"]
    b.type_move("#?!")
    assert b.message.value and b.state.turns() == ["3+:bb"]


def test_the_position_in_words_stays_in_step_and_each_move_is_said_in_the_move_lists_words():
    b = Board("xallies", animate=0, seed=0)
    assert "blue to move" in b.live.value and not b.key_live.value
    b.type_move("3+")
    assert "was played" in b.live.value and "purple to move" in b.live.value
    assert "Move 1: 3+:bb, blue sows well 3 clockwise" in b.key_live.value
    b.undo()
    b.type_move("2-")
    assert "Move 1: 2-:bb" in b.key_live.value


def test_what_if_tries_another_move_and_returns_to_the_game_as_it_was():
    b = Board("xallies", animate=0, seed=0)
    for m in ("3+", "7+", "11+"):
        b.play(m)
    game_text = b.state.position_text()
    b.slider.value = 1
    assert not b.explore_button.disabled
    b.explore()
    assert b.line == 1 and b.state.ply == 1
    b.play("6-")
    assert b.state.turns() == ["3+:bb", "6-:pp"]
    b.back_to_game()
    assert b.line == 0 and b.state.position_text() == game_text
    assert [label for label, _ in b.line_menu.options] == ["The game", "What-if line 1 (from move 1)"]
    b.switch_line(1)
    assert b.state.turns() == ["3+:bb", "6-:pp"]


def test_new_game_draws_a_new_number_unless_one_is_chosen():
    b = Board("xallies", animate=0, seed=5)
    seeds = set()
    for _ in range(3):
        b.new_game_from_controls()
        seeds.add(b.seed)
    assert len(seeds) == 3
    b.seed_box.value = "42"
    b.new_game_from_controls()
    assert b.seed == 42 and b.state.seed == 42
    b.seed_box.value = "４２"
    b.new_game_from_controls()
    assert "Game number" in b.message.value and b.seed == 42


def test_option_controls_speak_plain_words():
    b = Board("xallies", animate=0, seed=0)
    supply = b.option_fields.fields["supply"]
    assert supply.label == "White pieces in the supply" and supply.unlimited is not None
    drop = b.option_fields.fields["drop_order"].control
    assert [label for label, _ in drop.options] == ["you choose each colour", "your own colour first, then in turn order"]
    assert "None" not in str([f.label for f in b.option_fields.fields.values()])
    supply.unlimited.value = True
    b.new_game_from_controls()
    assert b.state.game.options["supply"] is None


def test_seats_offer_named_levels_declared_by_the_players_and_carry_names():
    b = Board("xallies", animate=0, seed=0, names={0: "Ana"})
    labels = [label for label, _ in b.seat_widgets[0].options]
    assert labels[0] == "Person" and all(label.startswith("Computer: ") for label in labels[1:])
    assert b.status.value.startswith("<b>Ana (blue)")


def test_the_board_fills_its_column_while_the_controls_keep_their_place():
    b = Board("xallies", animate=0, seed=0)
    side = b.side
    assert side.layout.width == side.layout.min_width             # the controls never move
    assert b.main.layout.flex == "0 1 auto"                       # the column is as wide as the board drawn
    assert b.message.layout.height and b.status.layout.height and b.choice_box.layout.height
    layout = b.canvas.layout
    assert layout.width == "auto" and "100%" in layout.max_width and "100vh" in layout.max_height
    assert max(b.canvas.width, b.canvas.height) >= 1.5 * b.pixels * 0.99 or max(b.canvas.width, b.canvas.height) >= 1399
    b.click(*well_centre(3))                                      # clicks stay in the view's coordinates
    b._on_canvas_click(*(c * b.zoom for c in well_centre(4)))     # the canvas reports its own pixels
    assert b.state.turns() == ["3+:bb"]


def test_game_options_reach_the_game_even_when_named_like_board_settings():
    b = Board("x", size=6, animate=0, seed=0)
    assert b.state.game.options["size"] == 6 and b.view.size == 6


def test_the_busy_message_clears_when_the_move_is_done():
    b = Board("xallies", animate=0.01, seed=0, background=True)
    b.click(*well_centre(3))
    b.click(*well_centre(4))     # an animated sowing, in the background
    b.wait()
    assert b.busy is None and "moving" not in b.message.value and b.state.turns() == ["3+:bb"]


# ---- what students found in the apps ------------------------------------------------------------
@pytest.mark.parametrize("name", games_with_views())
def test_redo_after_undo_plays_the_computer_reply_again_and_the_computer_is_never_stuck(name):
    b = Board(name, animate=0, seed=3, background=False)
    others = {p: "random" for p in range(1, len(b.state.players))}
    for p, who in others.items():
        b.set_seat(p, who)
    while b.state.to_move != 0 and not b.state.over:   # a game whose first mover is a person
        b.new_game(seed=b.seed + 1)
    move = b.state.moves()[0]
    while b.state.to_move == 0 and not b.state.over:   # the person's whole turn, then the computer replies
        b.play(b.state.moves()[0] if b.state.ply else move)
    played = b.state
    assert b._person_to_move() or played.over
    b.undo()
    assert "Took back" in b.message.value and b._person_to_move()
    b.redo()
    assert b.state is played or b.state.position_text() == played.position_text()
    assert "Took back" not in b.message.value and "Played again" in b.message.value
    assert b._person_to_move() or b.state.over   # never left waiting on the computer
    b.undo()
    b.redo_stack = b.redo_stack[-1:]              # only the person's move is left to redo
    b.redo()
    assert b._person_to_move() or b.state.over   # the computer moved by itself


def test_a_mistyped_move_stays_in_the_box_to_be_corrected():
    b = Board("x", size=6, animate=0, seed=0)
    b.entry.value = "c33"
    assert b.entry.value == "c33" and "✗" in b.message.value
    b.entry.value = "c3"
    assert b.entry.value == "" and b.state.ply == 1


def test_new_game_asks_before_it_throws_a_game_in_progress_away():
    b = Board("x", size=6, animate=0, seed=0)
    b.new_game_from_controls()                    # nothing played yet: no question
    assert b.state.ply == 0 and b.new_button.description == "New game"
    b.play("c3")
    b.new_game_from_controls()
    assert b.state.ply == 1 and "will be lost" in b.message.value and b.new_button.description == "Yes, new game"
    b.new_game_from_controls()
    assert b.state.ply == 0 and b.new_button.description == "New game"


def test_the_end_of_a_game_shows_the_result_beside_the_board_with_new_game_and_undo_where_they_were():
    s = xlib.game("x", size=6).start(seed=0)
    while not s.over:
        s = s.play(s.moves()[0])
    b = Board(state=s, animate=0)
    assert "wins" in b.choice_box.children[0].value or "draw" in b.choice_box.children[0].value
    # New game and Undo stay where they were all game, New game lit: the layout does not move at the end
    assert not b.new_button.disabled and b.new_button.button_style == "success" and not b.undo_button.disabled
    b.undo_button.click()
    assert not b.state.over and b.new_button.button_style == ""


def test_long_messages_shrink_to_fit_and_short_ones_keep_their_size():
    from xlib.board.board import message_size

    assert message_size("Red to move.") == 14
    long = "The pyramid on d3 was reprogrammed and moved to b5, where it blocks the gate between c4 and c5. " * 3
    assert 12 <= message_size(long) < 14 and message_size(long * 5) == 12   # smaller, never unreadably small
    b = Board("x", size=6, animate=0, seed=0)
    b.say(long)
    assert "font-size:1" in b.message.value and long.strip()[-20:] in b.message.value


def test_the_move_list_keeps_its_newest_move_in_view():
    b = Board("x", size=6, animate=0, seed=0)
    for m in ("c3", "d4", "b4", "a1"):
        b.play(m)
    assert "column-reverse" in b.log.value and b.log.value.index("1. ") < b.log.value.index("4. ")


def test_no_control_says_python_words():
    b = Board("xallies", animate=0, seed=0)
    assert b.upload.tooltip and "null" not in str(b.upload.tooltip) and "None" not in str(b.upload.tooltip)
    for f in b.option_fields.fields.values():
        assert "None" not in f.control.tooltip and "=" not in f.control.tooltip, f.control.tooltip


@pytest.mark.parametrize("name", games_with_views())
def test_your_turn_never_starts_from_a_finished_game(name):
    from xlib.board import Tutorial

    for scene in registry.lesson(name).SCENES:
        t = Tutorial(scene, animate=0, background=False)
        while not t.next_button.disabled:
            t.next()
        t.your_turn()
        if any(not s.over for s in scene.states()):
            assert not t.board.state.over, scene.title
            assert "Your move" in t.board.message.value


def test_a_file_that_is_no_game_record_is_named_so_without_the_parsers_words():
    b = Board("x", size=6, animate=0, seed=0)
    b.load("{this is not json")
    assert "not a game saved with Save this game" in b.message.value and "Expecting" not in b.message.value


def test_undo_and_redo_name_whole_turns_as_the_move_list_does():
    b = Board("xallies", animate=0, seed=0, background=False, seats={1: "greedy", 2: "greedy"})
    b.type_move("3+")
    assert len(b.state.turns()) == 3
    b.undo()
    said = b.message.value
    assert "3+:bb" in said and said.count("<code>") == 3     # three turns, not every decision of them
    b.redo()
    assert b.message.value.count("<code>") == 3 and "Played again" in b.message.value
