"""What students read: the computer's sentences and the gallery's option lists, in plain words.

Every computer player of every game plays a few seeded moves and a winning move; its sentences must
say what it did and why in the game's words, with none of the search's measures (visits, tries),
no codes (a set-up written 231132), no Python (None, quotes, name=value), and a win said once."""
import json
import re
from pathlib import Path

import pytest

import xlib
from xlib.agents import AGENTS, MCTSAgent, for_game, make_agent
from xlib.options import Option, integer

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "index.ipynb"

#: words of the search and of Python that a student should never read in a reason
FORBIDDEN = ("iteration", "visit", "tries", "tried", "rough guess", "reserve", "None", "legal", "estimate",
             "rollout", "playout", "utility", "value")

#: every game with the player counts its seat menus offer, and the options that keep the test quick
SETUPS = [("xallies", {}), ("xallies", {"players": 4}), ("alea", {}), ("xats", {}), ("xats", {"players": 3}),
          ("xerog", {}), ("x", {"size": 6})]

#: positions where the player to move wins at once (from tests/test_agents.py), per game
WINNING = {
    "xallies": ({}, "0:bb 1:bb 2:bb 3:b 4:bpp* 5:pp 6:pp 7:pp 8:gg 9:gg 10:gg 11:gg ; to b ; points 9 3 0"),
    "alea": ({"size": 4}, "BWWW/BBBW/BWWW/BWWW B b1 final 1"),
    "xats": ({}, "W:8,9,11,12,13 R:3,6,8,9,11,12 | s8:10R,1R s10:7R,4W s11:13R,5R,1W | "
                 "x:2R,5W,4R,7W,2W,10W,3W,6W | next 12 | to R"),
    "xerog": ({}, "110230/000000/002200/000000/030030/321010 S"),
    "x": ({}, "GRRR.RYGG/RGGYRR.YR/G.GGRGGRY/YYGYGGRRY/YYGRRGYYY/RGRGYYYYR/YYYGRYRRR/GR.RYRGYR/GYGGYGGRY G"),
}
XATS_3_WIN = "W:1,2 B:3,4 R:5,6 | s1:13W s2:12B | x:- | next 3 | to W"


def player(name: str, seed: int) -> object:
    """A computer player by name; a searcher counts imagined games instead of seconds, so the test repeats."""
    options = {"iterations": 40, "seconds": None} if issubclass(AGENTS[name], MCTSAgent) else {}
    return make_agent(name, seed=seed, **options)


def problems(text: str) -> list[str]:
    """What is wrong with a reason a student reads; empty when it is plain."""
    found = [f"says {word!r}" for word in FORBIDDEN if word.lower() in text.lower()]
    bare = re.sub(r"\bs\d+\b", "", text)  # XATS stacks are named s1, s2, ... in the app too
    if re.search(r"\d{3,}", bare):
        found.append("has a code of digits")
    if re.search(r"\d\.\d|%", text):
        found.append("has a decimal or a percentage")
    if re.search(r"\bof \d+ (\w+ )?moves\b", text):
        found.append("counts the moves it looked at")
    if len(re.findall(r"\bwins\b", text)) > 1 or "that wins" in text:
        found.append("says the win twice")
    if text.count("Why:") > 1 or not text.endswith("."):
        found.append("is not one statement and one reason")
    if "it while" in text or ": it it" in text:
        found.append("breaks its grammar")
    return found


def reasons_of_a_game(game_name: str, options: dict, agent_name: str, plies: int = 8) -> list[str]:
    """The sentences of `plies` seeded moves, the agent in every seat."""
    game = xlib.game(game_name, **options)
    seats = [player(agent_name, seed) for seed in range(len(game.players))]
    state, said = game.start(seed=3), []
    while not state.over and len(said) < plies:
        agent = seats[state.to_move]
        move = agent.choose(state)
        said.append(agent.reason())
        state = state.play(move)
    return said


@pytest.mark.parametrize("game_name, options", SETUPS, ids=[f"{g}{o.get('players', '')}" for g, o in SETUPS])
def test_every_computer_player_says_what_it_did_and_why_in_plain_words(game_name, options):
    n = len(xlib.game(game_name, **options).players)
    for agent_name, _ in for_game(game_name, n):
        for text in reasons_of_a_game(game_name, options, agent_name):
            assert not problems(text), (agent_name, text, problems(text))
            assert text[:1].isupper() and ("Why: " in text or " and wins at once" in text), (agent_name, text)


@pytest.mark.parametrize("game_name", list(WINNING))
def test_a_winning_move_says_the_win_once(game_name):
    options, position = WINNING[game_name]
    state = xlib.game(game_name, **options).position(position)
    for agent_name, _ in for_game(game_name, len(state.players)):
        agent = player(agent_name, 0)
        move = agent.choose(state)
        text = agent.reason()
        assert not problems(text), (agent_name, text, problems(text))
        if state.play(move).winners == (state.to_move,):
            assert " and wins at once" in text and "it wins at once" not in text, (agent_name, text)


def test_the_xats_win_is_said_once_in_the_trays_words():
    state = xlib.game("xats").position(WINNING["xats"][1])
    easy = make_agent("easy")
    easy.choose(state)
    assert easy.reason() == ("Red started a new stack with tile 12 and wins at once: its top tiles now show "
                             "5 spikes, as many as the tiles left in its tray.")
    three = xlib.game("xats", players=3).position(XATS_3_WIN)
    for name in ("self-interest", "anti-leader", "kingmaker", "leader-spoiler", "medium"):
        agent = player(name, 0)
        agent.choose(three)
        assert agent.reason().startswith("White put tile 2 on stack s1 and wins at once: its top tiles now show "
                                         "1 spike, as many as the tiles left in its tray"), (name, agent.reason())


def test_xats_reasons_count_the_tiles_left_in_the_tray():
    said = " ".join(reasons_of_a_game("xats", {}, "greedy", plies=4))
    assert "tiles are left in its tray" in said and "reserve" not in said


def test_a_xerog_set_up_names_the_squares_of_each_pyramid():
    state = xlib.game("xerog").start()
    for name in ("easy", "medium", "random"):
        agent = player(name, 1)
        move = agent.choose(state)
        row = str(move).split()[1]
        text = agent.reason()
        assert text.startswith("South set up its back row: large pyramids on "), text
        assert row not in text and not problems(text), text
        large = [f"{'abcdef'[f]}1" for f, pips in enumerate(row) if pips == "3"]
        assert f"large pyramids on {large[0]} and {large[1]}," in text, (row, text)


def test_a_xerog_flight_says_which_pyramid_flew_and_where_it_landed():
    state = xlib.game("xerog").position("000300/102000/011223/120033/000000/000000 N")
    flight = state.parse("d6-e4>c6")
    from xlib.agents.words import sentence

    text = sentence(state, flight, [state.play(flight)], "it picks any move the rules allow, at random")
    assert text == ("North flew the large pyramid from d6 (d6-e4>c6): it lands on the pyramid on e4 and "
                    "reprograms it, moving it to c6. Why: it picks any move the rules allow, at random.")


def test_the_spoiler_says_whether_it_leads():
    ahead = xlib.game("xallies").position("0:bb* 1:bb* 2:bb* 3:b* 4:bpp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* "
                                          "11:gg* ; to b ; points 9 3 0")
    behind = xlib.game("xallies").position("0:bb* 1:bb* 2:bb* 3:b* 4:bpp* 5:pp* 6:pp* 7:pp* 8:gg* 9:gg* 10:gg* "
                                           "11:gg* ; to b ; points 0 3 9")
    spoiler = make_agent("spoiler")
    spoiler.choose(ahead)
    assert "Why: it is in the lead, so it plays to use up the black pieces" in spoiler.reason()
    spoiler.choose(behind)
    assert "Why: it is not in the lead, so it plays for its own score" in spoiler.reason()


def test_a_search_that_imagined_few_games_after_its_move_says_it_is_unsure_without_counting():
    agent = make_agent("medium", iterations=12, seconds=None)
    agent.choose(xlib.game("alea").start())
    assert "but it is not sure: it imagined few games after this move" in agent.reason()
    assert not problems(agent.reason())


# ---- the gallery's option lists -------------------------------------------------------------------

def python_in(text: str) -> list[str]:
    """Python a student should not read in an option line: None, name=value, quoted strings."""
    found = [s for s in ("None", "=", '"', "True", "False") if s in text]
    return found + re.findall(r"'[\w-]+'", text)


@pytest.mark.parametrize("game_name", xlib.game_names())
def test_every_option_has_a_plain_line(game_name):
    for spec in xlib.game(game_name).option_specs:
        line = spec.in_words()
        assert spec.label and line.startswith(spec.label + ": "), line
        assert not python_in(line), (line, python_in(line))
        assert "_" not in line, line  # never a name of the code, like drop_order or max_plies
        for value in getattr(spec.check, "values", ()):  # every choice is said in words, never as 'own-first'
            assert any(v == value and type(v) is type(value) for v, _ in spec.words), (spec.name, value)


def test_option_lines_say_choices_and_no_limit_in_words():
    xallies = {s.name: s for s in xlib.game("xallies").option_specs}
    assert xallies["supply"].in_words() == "White pieces in the supply: 12 (or unlimited)"
    assert xallies["drop_order"].in_words() == ("Order of the drops: the player chooses the colour of each "
                                                "drop; or the player's own colour first, then the others in turn order")
    xerog = {s.name: s for s in xlib.game("xerog").option_specs}
    assert xerog["repetitions"].in_words() == "A position seen this many times is a draw: 3 (or never)"
    assert "321123" not in xerog["quick_start"].in_words()
    bare = Option("laps", 2, "laps; None for no limit", integer(1, allow_none=True))
    assert bare.in_words() == "Laps; None for no limit: 2 (or no limit)"  # no label: the help stands in


def test_the_gallery_shows_the_options_in_plain_words():
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    shown = ""
    for cell in cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            shown += "".join(data.get("text/markdown", [])) + "".join(out.get("text", []))
    assert shown, "the gallery notebook has no stored outputs"
    for name in xlib.game_names():
        for spec in xlib.game(name).option_specs:
            assert f"- {spec.in_words()}\n" in shown + "\n", spec.name
    assert not python_in(shown), python_in(shown)
    assert "reserve" not in "".join("".join(c["source"]) for c in cells)
