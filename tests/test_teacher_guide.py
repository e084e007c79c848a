"""The XAllies lab's guide for the teacher is written for live tables: every student on their own device, joining
by the QR code or the code, seated round after round with partners or strangers, and when to discuss what."""
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def guide() -> str:
    cells = json.loads((ROOT / "notebooks" / "xallies-lab.ipynb").read_text())["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return text[text.index("## For the teacher"):]


def plan(minutes: int) -> str:
    text = guide()
    return text[text.index(f"**A {minutes}-minute lesson.**"):].split("\n\n", 1)[0]


def test_the_guide_has_each_student_join_on_their_own_device_by_the_qr_code_not_groups_sharing_one():
    text = guide()
    for shared in ("each group opens", "on its device", "the code under the board", "each group"):
        assert shared not in text, shared
    assert "their own device" in text and "nobody shares one" in text
    assert "xlib class --size 30" in text   # served without make too


def test_the_20_and_45_minute_plans_seat_rounds_and_say_what_to_discuss_and_when():
    short, long = plan(20), plan(45)
    for p in (short, long):
        assert "QR code" in p and "Seat the students" in p and "their own first name" in p
        assert "(" in p and sum(int(m) for m in re.findall(r"^- \((\d+) min\)", p, re.M)) in (20, 45)
        assert "*Discuss" in p and "?" in p   # what to discuss, with its questions, at a time of its own
    assert sum(int(m) for m in re.findall(r"^- \((\d+) min\)", short, re.M)) == 20
    assert sum(int(m) for m in re.findall(r"^- \((\d+) min\)", long, re.M)) == 45
    # the long lesson: rounds of partners, then of strangers, then the comparison of the two
    partners, strangers = long.index("Two rounds of partners"), long.index("Two rounds of strangers")
    assert partners < strangers < long.index("Discuss partners against strangers")
    assert "at least two tables" in long and "our class: partners" in long and "our class: strangers" in long
