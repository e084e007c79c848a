"""Each option has one label, the same on the board's options, in the gallery and in its tooltip; and every
option a decisions list (a notebook's, a lesson's) names is quoted as that label shows it."""
import json
import re
from pathlib import Path

import pytest

import xlib

ROOT = Path(__file__).resolve().parent.parent
QUOTED = re.compile(r"[Oo]ption[^“”.]{0,3}“([^”]+)”")


def shown_labels(name: str) -> set[str]:
    """The labels the screen shows for a game's options: the board's, which are the gallery's (tested below)."""
    return {spec.title() for spec in xlib.game(name).option_specs}


def test_the_board_shows_each_option_under_the_label_the_gallery_and_tooltips_show():
    pytest.importorskip("ipycanvas")
    from xlib.board import Board

    for name in xlib.game_names():
        fields = Board(name, animate=0, background=False).option_fields
        assert fields is not None
        for spec in xlib.game(name).option_specs:
            assert fields.fields[spec.name].label == spec.title(), (name, spec.name)
            assert spec.in_words().startswith(fields.fields[spec.name].label + ": ")


def quotes() -> list[tuple[str, str, str]]:
    """(where, game, option name) for every option a decisions list or a lesson quotes."""
    out = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        game = path.stem if path.stem in xlib.game_names() else ""
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            text = "".join(cell["source"])
            for o in cell.get("outputs", []):
                text += "".join(o.get("text", [])) + "".join("".join(v) for k, v in o.get("data", {}).items()
                                                             if k.startswith("text/"))
            out += [(path.name, game, q) for q in QUOTED.findall(text)]
    for path in sorted((ROOT / "xlib" / "lessons").glob("*.py")):
        game = path.stem if path.stem in xlib.game_names() else ""
        out += [(path.name, game, q) for q in QUOTED.findall(re.sub(r'"\s*\n\s*"', "", path.read_text("utf-8")))]
    return out


def test_every_option_a_decisions_list_names_is_quoted_as_its_label_shows():
    found = quotes()
    assert len(found) >= 15 and {g for _, g, _ in found} >= set(xlib.game_names())
    for where, game, quoted in found:
        labels = shown_labels(game) if game else {x for n in xlib.game_names() for x in shown_labels(n)}
        assert any(label == quoted or label.startswith(quoted + " ") or label.startswith(quoted + ":")
                   for label in labels), f"{where} quotes “{quoted}”, which no option of {game or 'any game'} shows"


def test_the_decisions_quote_order_of_the_drops_and_board_size_as_the_screen_labels_them():
    assert "Order of the drops" in shown_labels("xallies")
    assert any(label.startswith("Board size ") for label in shown_labels("alea") | shown_labels("x"))
