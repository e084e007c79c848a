"""Golden records (tests/data/*.json): recorded games of every game replay to the same positions and result.

Regenerate them only after a deliberate change of the rules: python -m tests.data.regenerate --write
"""
import json
from pathlib import Path

import pytest

import xlib
from tests.data.regenerate import GOLDEN, summary

DATA = Path(__file__).resolve().parent / "data"
FILES = sorted(DATA.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_record_replays_to_its_positions_and_result(path):
    golden = json.loads(path.read_text())
    state = xlib.replay(golden["record"])
    assert summary(state) == golden


def test_every_game_has_golden_records():
    assert {p.stem for p in FILES} == set(GOLDEN)
    games = {json.loads(p.read_text())["record"]["game"] for p in FILES}
    assert games == set(xlib.game_names())
