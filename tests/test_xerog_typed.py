"""A Xero-G flight typed in the Move box is judged and told exactly as the same route clicked: in every exercise and
every scene's Your turn of the Xero-G lessons, every legal route, clicked and typed, gets the same words."""
import pytest

pytest.importorskip("ipycanvas")

from xlib.board import Tutorial  # noqa: E402
from xlib.board.progress import LessonProgress  # noqa: E402
from xlib.games.xerog import BASE, SQ_NAMES, XeroGState  # noqa: E402
from xlib.lessons import xerog as L  # noqa: E402
from tests.test_xerog_search import routes, text  # noqa: E402
from xlib.views.xerog import XeroGView  # noqa: E402


def click_route(board, route) -> None:
    """Click the ship, each landing (Rocket Boost between legs) and Reprogram and the drop square."""
    v = board.view
    ship, landings, drop = route

    def at(square: int) -> None:
        if square < 0:
            board.click(*v.base_centre("N" if square == BASE[1] else "S"))
        else:
            board.click(*v.cell_centre(SQ_NAMES[square]))

    def press(label: str) -> None:
        board.click(*v.button_centre(board.state, board.selection, label))

    at(ship)
    for k, z in enumerate(landings):
        if k:
            press("Rocket Boost")
        at(z)
    if drop is not None:
        press("Reprogram")
        at(drop)


def said(board) -> tuple[str, str, tuple[str, ...]]:
    """What the student is told: the message, the move list's last entry, and the lock's words."""
    log = board.view.log(board.state)
    return board.message.value, log[-1][0] if log else "", (board.locked or "",)


def tutorial(scene) -> Tutorial:
    return Tutorial(scene, animate=0, background=False, progress=LessonProgress("xerog", keep=False))


def view_click_route(view, state, route) -> str:
    """The move the board's view makes of the route clicked square by square, with no board around it."""
    ship, landings, drop = route
    selection = None

    def at(square: int):
        x, y = view.base_centre("N" if square == BASE[1] else "S") if square < 0 else view.cell_centre(SQ_NAMES[square])
        return view.click(state, x, y, selection)

    def press(label: str):
        return view.click(state, *view.button_centre(state, selection, label), selection)

    steps = [lambda: at(ship)]
    for k, z in enumerate(landings):
        if k:
            steps.append(lambda: press("Rocket Boost"))
        steps.append(lambda z=z: at(z))
    if drop is not None:
        steps += [lambda: press("Reprogram"), lambda: at(drop)]
    for step in steps:
        result = step()
        assert not result.illegal, (text(route), result.message)
        if result.move is not None:
            view.typed(state, result.move)   # as the board plays a clicked move
            return str(result.move)
        selection = result.selection
    raise AssertionError(f"{text(route)}: the clicks made no move")


def told(ex, view, start, move: str) -> tuple[str, bool, str]:
    """The move list's entry for the flight, the verdict, and the words the exercise says of it."""
    end = start.play(move)
    entered = (view.log(end)[-1][0],)
    right = ex.check(start, end, entered)
    return entered[0], right, ex.why if right else ex.missed_because(start, end, entered)


def move_exercises():
    for scene in L.SCENES:
        for k, ex in enumerate(scene.exercises):
            if ex.kind == "move":
                yield scene, k, ex


def test_every_route_typed_gets_the_verdict_and_words_of_the_same_route_clicked():
    """Over every legal route of every Xero-G move exercise: the view clicked square by square, and the text typed."""
    checked = 0
    for scene, k, ex in move_exercises():
        start = ex.start("xerog", scene.options)
        clicked_view, typed_view = XeroGView(), XeroGView()   # kept, with their searches; the routes kept, cleared
        for route in routes(start):
            clicked_view._written.clear()
            typed_view._written.clear()
            move = view_click_route(clicked_view, start, route)
            assert move == text(route)
            typed_view.typed(start, text(route))
            clicked = told(ex, clicked_view, start, move)
            assert clicked[0] == text(route), (scene.title, k + 1, text(route), clicked[0])
            assert told(ex, typed_view, start, text(route)) == clicked, (scene.title, k + 1, text(route))
            checked += 1
    assert checked > 3000


@pytest.mark.parametrize("scene, k, typed, right", [
    (L.BOOST, 0, "c1-c3>c5", False),             # the ship stays on c3: no boost flies it on to c5
    (L.BOOST, 0, "c1-c3-c5", True),
    (L.REPROGRAM, 0, "e2-f3>a1", False),         # f3's pyramid, not d3's, is reprogrammed
    (L.REPROGRAM, 0, "e2-f3>b2", False),
])
def test_the_routes_the_audit_found_are_judged_as_typed_on_the_lesson_board(scene, k, typed, right):
    t = tutorial(scene)
    t.start_exercise(k)
    t.board.type_move(typed)
    typed_said = said(t.board)
    assert ("✓ Right!" in typed_said[0]) == right, typed_said[0]
    assert typed_said[1] == typed and f"<code>{typed.replace('>', '&gt;')}</code>" in typed_said[0] or right
    t.start_exercise(k)
    start = t.board.state
    click_route(t.board, next(r for r in routes(start) if text(r) == typed))
    assert said(t.board) == typed_said


def sampled(items: list, every: int) -> list:
    """Every `every`-th item, the first and the last: a board-level sample of what the view test covers whole."""
    return [x for i, x in enumerate(items) if i % every == 0 or i == len(items) - 1]


def test_a_sample_of_routes_typed_and_clicked_on_the_lesson_board_say_the_same():
    """The whole board, its message and move list, on a sample of each move exercise's routes (drawing left out)."""
    for scene, k, ex in move_exercises():
        t = tutorial(scene)
        t.board.repaint = lambda frame=None: None   # what is said, not what is drawn
        t.start_exercise(k)
        for route in sampled(routes(t.start_state), 60):
            t.start_exercise(k)
            click_route(t.board, route)
            clicked = said(t.board)
            t.start_exercise(k)
            t.board.type_move(text(route))
            assert said(t.board) == clicked, (scene.title, k + 1, text(route))
            assert clicked[1] == text(route)


def test_every_route_typed_is_told_as_the_same_route_clicked_in_every_scenes_your_turn():
    checked = 0
    for scene in L.SCENES:
        t = tutorial(scene)
        t.board.repaint = lambda frame=None: None
        t.your_turn()
        start = t.board.state
        if not isinstance(start, XeroGState) or start.over or start.in_setup:
            continue
        for route in sampled(routes(start), 30):
            t.board.reset(start)
            t.your_turn()
            click_route(t.board, route)
            clicked = said(t.board)
            t.board.reset(start)
            t.your_turn()
            t.board.type_move(text(route))
            assert said(t.board) == clicked, (scene.title, text(route))
            checked += 1
    assert checked > 50
