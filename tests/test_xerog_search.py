"""The search for a Xero-G ship's ringed landing squares answers every click of the lessons at once: its steps are
counted, and every scene's and exercise position's every ship stays within a budget of steps."""
from xlib.games.xerog import SQ_NAMES, XeroGState, sq_name
from xlib.lessons import xerog as L
from xlib.views.xerog.flights import CHOOSE, Entry, XeroGFlights

#: the most search steps (gates looked at) the first click on a ship, and each Rocket Boost after it, may take
BUDGET = 5_000


def routes(state: XeroGState) -> list[tuple[int, tuple[int, ...], int | None]]:
    """Every legal flight of `state` as a person may click it: (ship, landings, drop), each route once."""
    view = XeroGFlights()
    out: list[tuple[int, tuple[int, ...], int | None]] = []

    def go(ship: int, landings: tuple[int, ...]) -> None:
        for z in view.reachable(state, Entry(ship, landings)):
            now = landings + (z,)
            if z < 0 or z == ship or not state.board[z]:
                out.append((ship, now, None))
                continue
            out.extend((ship, now, d) for d in sorted(view.drops(state, Entry(ship, now, CHOOSE))))
            if view.reachable(state, Entry(ship, now)):
                go(ship, now)

    for ship in view.ships(state):
        go(ship, ())
    return out


def text(route: tuple[int, tuple[int, ...], int | None]) -> str:
    ship, landings, drop = route
    names = "-".join(SQ_NAMES[s] for s in (ship, *landings))
    return names + (f">{SQ_NAMES[drop]}" if drop is not None else "")


def positions():
    """Every position a Xero-G lesson shows: each scene's every step, and each exercise's position."""
    for scene in L.SCENES:
        for k, state in enumerate(scene.states()):
            yield f"{scene.title}, step {k}", state
        for j, ex in enumerate(scene.exercises):
            yield f"{scene.title}, exercise {j + 1}", ex.start("xerog", scene.options)


def test_every_ship_of_every_lesson_position_answers_within_the_budget():
    checked = 0
    for where, state in positions():
        if not isinstance(state, XeroGState) or state.over or state.in_setup:
            continue
        for ship in XeroGFlights().ships(state):
            view = XeroGFlights()
            first = view.reachable(state, Entry(ship))
            for z in first:   # each pyramid the first leg may land on, then a Rocket Boost from it
                if z >= 0 and z != ship and state.board[z]:
                    view.reachable(state, Entry(ship, (z,)))
            steps = view.search_steps(state, ship)
            assert steps <= BUDGET, f"{where}: the ship on {sq_name(ship)} took {steps} search steps"
            for z, flight in first.items():   # every ringed square has a legal flight through it
                assert flight.landings[0] == z and state.explain(flight.notation()) is None, (where, sq_name(z))
            checked += 1
    assert checked > 200


def test_the_fallback_scene_rings_the_landings_of_c2_at_once():
    """"When the home row cannot move" invites a click on c2 (ranks 1-2 full): its three landings, at once."""
    state = L.FALLBACK.states()[0]
    view = XeroGFlights()
    assert {sq_name(z) for z in view.reachable(state, Entry(8))} == {"b3", "c4", "d3"}
    assert view.search_steps(state, 8) <= 200


def test_every_ship_of_positions_from_played_games_answers_within_the_budget():
    """Positions of games played at random (quick start), every ship: the same budget as the lessons."""
    import random

    from xlib import registry
    rng = random.Random(51)
    for seed in range(12):
        state = registry.game("xerog", quick_start=True).start(seed=seed)
        for _ in range(40):
            if state.over:
                break
            for ship in XeroGFlights().ships(state):
                view = XeroGFlights()
                for z in view.reachable(state, Entry(ship)):
                    if z >= 0 and z != ship and state.board[z]:
                        view.reachable(state, Entry(ship, (z,)))
                assert view.search_steps(state, ship) <= BUDGET, (state.position_text(), sq_name(ship))
            state = state.play(rng.choice(state.moves()))
