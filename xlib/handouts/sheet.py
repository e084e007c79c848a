"""A game's rules as a sheet a teacher prints on A4: self-contained HTML made from the lesson data alone.

Everything on it comes from the lesson module (`xlib.registry.lesson(game)`: SCENES, DECISIONS, CREDIT) and
the game's title; the sheet adds only headings. In order: each rule (a scene) with its title, its sentences
step by step and two pictures, our decisions, the exercises with their task and position, and the answers on
pages of their own at the end. The pictures are drawn by the game's own view (`svg.draw`), sized to their box, or
a little larger where their labels need the room, a rule's two with its sentences beside them, and no page break
cuts through a rule or an exercise (CSS `break-inside: avoid`): the exercises follow each other as many to a row as
fit, and the answers stand in two columns, so few pages are left half empty. The page's margins are set and the
sheet is laid out at their printable width, so a browser prints it as it is, never shrunk: text in a picture
prints at least `svg.MIN_PRINT_PT` points, and the sheet's own type is larger."""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any, Sequence

from .. import registry
from ..board import View, view_for
from ..board.result import result_title
from ..core import State
from ..lessons import Exercise, Scene
from .svg import crowded, draw, to_svg

#: the printed size of a picture (width, height in mm; it keeps its shape within): a rule's two side by side with
#: its sentences beside them, a rule's one beside its sentences, an exercise's (as many to a row as fit)
RULE_BOX = (48.0, 45.0)
ALONE_BOX = (72.0, 56.0)
EXERCISE_BOX = (44.0, 44.0)
#: the A4 page and its margins (mm): explicit, so that every browser lays the sheet out at the width it prints,
#: and no browser shrinks it to fit (which would print its smallest type under MIN_PRINT_PT)
PAGE = (210.0, 297.0)
MARGINS = (9.0, 12.0, 10.0, 12.0)   # top, right, bottom, left
WIDTH = PAGE[0] - MARGINS[1] - MARGINS[3]
#: the space between two exercises of a row (mm), and the narrowest an exercise is (its task stays readable)
GAP = 3.0
NARROWEST = 40.0
#: how much larger than its box a picture may print, so that its labels (at MIN_PRINT_PT) stand apart
ROOM = (1.0, 1.1, 1.2, 1.3)

CSS = """
@page { size: A4; margin: MARGINS;
        @bottom-center { content: "FOOTER · page " counter(page) " of " counter(pages);
                         font: 8pt sans-serif; color: #444; } }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font: 9.5pt/1.35 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #000; margin: 0; }
@media print { body { width: WIDTH; } }
@media screen { body { width: WIDTH; margin: 8mm auto; padding: 0 6mm; } }
h1 { font-size: 22pt; margin: 0 0 1mm; }
h1.part { font-size: 15pt; margin: 0 0 2mm; padding-bottom: 0.8mm; border-bottom: 1.5pt solid #000; }
h2 { font-size: 11.5pt; margin: 0 0 1mm; }
h3 { font-size: 10pt; margin: 0 0 0.8mm; }
.no { font-weight: normal; color: #333; margin-right: 1.5mm; }
.lead { font-size: 11pt; margin: 0 0 2mm; }
.credit { font-style: italic; margin: 0 0 2mm; }
.contents { margin: 0 0 5mm; color: #333; }
.rule { padding: 1.5mm 0 1mm; border-top: 0.6pt solid #999; }
.rule .head { break-inside: avoid; page-break-inside: avoid; }
.alone, .beside { break-inside: avoid; page-break-inside: avoid; display: flow-root; }
.alone .pictures, .beside .pictures { float: left; margin: 0 4mm 1mm 0; gap: 2mm; }
.steps { font-size: 8.5pt; line-height: 1.3; }
.steps p { margin: 0 0 1mm; }
.steps .label { font-weight: bold; margin-right: 1.5mm; }
h2.head { break-after: avoid; page-break-after: avoid; }
.rule:first-of-type { border-top: none; }
.pictures { display: flex; justify-content: space-around; align-items: flex-end; margin: 0 0 0.5mm; }
figure { margin: 0; text-align: center; }
figure svg { display: block; margin: 0 auto; outline: 0.5pt solid #999; overflow: hidden; }
figcaption { font-size: 8pt; color: #222; margin-top: 0.5mm; }
.nobr, code { white-space: nowrap; }
code { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.95em; font-weight: bold; }
.decisions { break-before: auto; padding-top: 2mm; font-size: 8.5pt; }
.decisions li { break-inside: avoid; page-break-inside: avoid; margin-bottom: 0.8mm; }
.exercises { padding-top: 0; }
.exercises h1.part { break-after: avoid; page-break-after: avoid; }
.new-page { break-before: page; page-break-before: always; }
.keep, .row { break-inside: avoid; page-break-inside: avoid; }
.keep h2 { margin-top: 3mm; }
.row { display: flex; gap: GAP; align-items: flex-start; margin-bottom: 2.5mm; }
.exercise { width: CARD; break-inside: avoid; page-break-inside: avoid; }
.exercise h3 .rule-name { font-weight: normal; color: #333; font-size: 8pt; }
.exercise .task { margin: 0 0 1mm; font-size: 8.5pt; line-height: 1.25; }
.exercise h3 { font-size: 8.5pt; line-height: 1.25; }
.choices { margin: 0 0 1.5mm; font-size: 8.5pt; }
.choices span { margin-right: 4mm; }
.answers { columns: 2; column-gap: 7mm; font-size: 8.5pt; line-height: 1.3; }
.answer { break-inside: avoid; page-break-inside: avoid; margin: 0 0 2.5mm; padding-bottom: 1.5mm;
          border-bottom: 0.5pt solid #bbb; }
.answer p { margin: 0 0 0.6mm; }
.answer .rule-name { font-weight: normal; color: #333; }
"""


def credits(lesson: Any) -> list[str]:
    """The lesson's credit lines (CREDIT or CREDITS, one line or several), if it has any."""
    out: list[str] = []
    for name in ("CREDIT", "CREDITS"):
        value = getattr(lesson, name, None)
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, (list, tuple)):
            out.extend(str(v) for v in value)
    return out


def fitted(view: View, box: tuple[float, float]) -> tuple[float, float]:
    """The printed width and height (mm) of a view's compact picture as large as fits in `box` (mm), keeping its
    shape."""
    scale = min(box[0] / view.compact_width, box[1] / view.height)
    return view.compact_width * scale, view.height * scale


def fit(view: View, box: tuple[float, float]) -> tuple[str, str]:
    """`fitted` as CSS lengths, as a picture's width and height."""
    width, height = fitted(view, box)
    return f"{width:.1f}mm", f"{height:.1f}mm"


@dataclass
class _Picture:
    """A position drawn for print: the recorded drawing, its view, and what its figure says."""

    ops: list[tuple[str, Any]]
    view: View
    label: str
    caption: str

    def size(self, box: tuple[float, float]) -> tuple[str, str]:
        """Its printed width and height in `box`."""
        return fit(self.view, box)

    def crowded(self, box: tuple[float, float]) -> bool:
        """Whether two of its labels run into each other when it is printed in `box`."""
        return crowded(self.ops, self.view.compact_width, self.view.height, self.size(box))

    def figure(self, box: tuple[float, float]) -> str:
        """The figure printed in `box`: the SVG picture and its caption."""
        svg = to_svg(self.ops, self.view.compact_width, self.view.height, self.size(box), self.label)
        return f"<figure>{svg}{f'<figcaption>{self.caption}</figcaption>' if self.caption else ''}</figure>"


def _picture(state: State, marks: Sequence[str], label: str, caption: str = "") -> _Picture:
    """`state` drawn for print, named by `label` for a screen reader, with `caption` (HTML) under it."""
    view = view_for(state)
    if state.over:   # a printed picture has no result band: its caption says how the game ended
        result = html.escape(result_title(view, state))
        label, caption = f"{label}: {result}", f"{caption}: <b>{result}</b>" if caption else ""
    canvas, _ = draw(state, marks, view, compact=True)
    return _Picture(list(canvas.ops), view, label, caption)


def roomy(pictures: Sequence[_Picture], box: tuple[float, float]) -> tuple[float, float]:
    """`box`, grown by the first of ROOM in which no picture's labels (printed at MIN_PRINT_PT) run into each other
    (the largest when none is)."""
    for grow in ROOM:
        grown = (box[0] * grow, box[1] * grow)
        if not any(p.crowded(grown) for p in pictures):
            break
    return grown


#: a score such as 2-1-1 (or 3-0): printed on one line, never broken at a hyphen
SCORE = re.compile(r"(?<![\w-])\d+(?:-\d+)+(?![\w-])")


def _text(words: str) -> str:
    """Lesson words as HTML: escaped, with every score kept on one line."""
    return SCORE.sub(lambda m: f'<span class="nobr">{m.group(0)}</span>', html.escape(words))


def _code(move: str) -> str:
    return f"<code>{html.escape(move)}</code>"


def rule_section(number: int, scene: Scene) -> str:
    """One rule: its title, two pictures and its sentences step by step.

    The pictures are the position at the start (what the first sentence describes) and the position after the
    scene's last move (what the rule made happen), each with the cells its sentence points at outlined: together
    they show the rule at work, before and after. The sentences stand beside the pictures (a scene without moves
    has the one picture), and a rule stays on one page."""
    states = scene.states()
    last = len(states) - 1
    if last:
        after = f"After move {last} ({{}})"
        pair = [_picture(states[0], scene.marks_at(0), "At the start", "At the start"),
                _picture(states[-1], scene.marks_at(last), after.format(scene.moves[-1]),
                         after.format(_code(scene.moves[-1])))]
        box = roomy(pair, RULE_BOX)   # the two the same size
        figures = "".join(p.figure(box) for p in pair)
    else:
        alone = _picture(states[0], scene.marks_at(0), "The position", "The position")
        figures = alone.figure(roomy([alone], ALONE_BOX))
        steps = [f'<p><span class="label">Start</span>{_text(scene.sentences[0])}</p>']
        return (f'<section class="rule"><h2><span class="no">Rule {number}</span>{_text(scene.title)}</h2>'
                f'<div class="alone head"><div class="pictures">{figures}</div><div class="steps">{"".join(steps)}'
                f'</div></div></section>')
    steps = [f'<p><span class="label">Start</span>{_text(scene.sentences[0])}</p>']
    for k, (move, sentence) in enumerate(zip(scene.moves, scene.sentences[1:]), start=1):
        steps.append(f'<p><span class="label">{k}. {_code(move)}</span>{_text(sentence)}</p>')
    return (f'<section class="rule"><h2 class="head"><span class="no">Rule {number}</span>{_text(scene.title)}</h2>'
            f'<div class="beside"><div class="pictures">{figures}</div><div class="steps">{"".join(steps)}</div>'
            f'</div></section>')


def _choices(exercise: Exercise) -> str:
    if not exercise.choices:
        return ""
    items = " ".join(f"<span>({chr(97 + k)}) {_code(c)}</span>" for k, c in enumerate(exercise.choices))
    return f'<p class="choices">{items}</p>'


def exercise_card(number: int, scene: Scene, exercise: Exercise, rule: int | None = None) -> tuple[str, float]:
    """An exercise: its number (and its rule's), its task, the moves to choose from (choice kind) and a picture of
    its position; with the picture's printed width (mm)."""
    position = _picture(exercise.start(scene.game, scene.options), (), f"The position of exercise {number}")
    box = roomy([position], EXERCISE_BOX)
    of = f' <span class="rule-name">(Rule {rule}: {_text(scene.title)})</span>' if rule is not None else ""
    return (f'<div class="exercise"><h3>Exercise {number}{of}</h3><p class="task">{_text(exercise.task)}</p>'
            f'{_choices(exercise)}{position.figure(box)}</div>', fitted(position.view, box)[0])


def answer_block(number: int, rule: int, scene: Scene, exercise: Exercise) -> str:
    """An exercise's answer: the right choice (choice kind), the moves of one right answer, why, and the hint."""
    lines = []
    if exercise.answer is not None:
        letter = chr(97 + exercise.choices.index(exercise.answer))
        lines.append(f"<p><b>Answer:</b> ({letter}) {_code(exercise.answer)}</p>")
    if exercise.answer is None or tuple(exercise.solution) != (exercise.answer,):
        lines.append(f"<p><b>{'One right turn' if exercise.answer is None else 'Shown on the board'}:</b> "
                     f"{' then '.join(_code(m) for m in exercise.solution)}</p>")
    lines.append(f"<p><b>Why:</b> {_text(exercise.why)}</p>")
    lines.append(f"<p><b>Hint:</b> {_text(exercise.hint)}</p>")
    return (f'<div class="answer"><h3>Exercise {number} <span class="rule-name">(Rule {rule}: '
            f'{_text(scene.title)})</span></h3>{"".join(lines)}</div>')


def per_row(widest: float) -> int:
    """How many exercises stand in a row: as many as fit across the page when the widest picture is `widest` mm
    wide (and an exercise at least NARROWEST)."""
    return max(1, int((WIDTH + GAP) // (max(widest, NARROWEST) + GAP)))


def _rows(cards: list[str], n: int) -> list[str]:
    return [f'<div class="row">{"".join(cards[k:k + n])}</div>' for k in range(0, len(cards), n)]


def handout(game: str) -> str:
    """The printable sheet of `game` as one self-contained HTML page (inline SVG and CSS, A4 pages)."""
    lesson = registry.lesson(game)
    title = registry.game(game).title
    scenes: list[Scene] = list(lesson.SCENES)
    decisions: list[str] = list(getattr(lesson, "DECISIONS", []))
    count = sum(len(s.exercises) for s in scenes)

    parts = [f"<header><h1>{html.escape(title)}</h1>",
             f'<p class="lead">The rules step by step, {"our decisions, " if decisions else ""}'
             f'{count} exercises, and their answers on the last pages.</p>']
    parts += [f'<p class="credit">{html.escape(line)}</p>' for line in credits(lesson)]
    parts.append(f'<p class="contents">Rules 1–{len(scenes)}: {" · ".join(_text(s.title) for s in scenes)}'
                 f'</p></header>')
    parts.append('<h1 class="part">The rules</h1>')
    parts += [rule_section(k, s) for k, s in enumerate(scenes, start=1)]
    if decisions:
        parts.append('<section class="decisions"><h1 class="part">Our decisions</h1><p>Where the rules leave a '
                     'gap, the app decides so:</p><ul>' +
                     "".join(f"<li>{_text(d)}</li>" for d in decisions) + "</ul></section>")

    cards: list[str] = []
    answers, number, widest = [], 0, 0.0   # the exercises follow each other in rows, each naming its rule
    for rule, scene in enumerate(scenes, start=1):
        for ex in scene.exercises:
            number += 1
            card, wide = exercise_card(number, scene, ex, rule)
            cards.append(card)
            answers.append(answer_block(number, rule, scene, ex))
            widest = max(widest, wide)
    across = per_row(widest)
    if cards:
        parts.append('<section class="exercises"><h1 class="part">Exercises</h1>' + "".join(_rows(cards, across)) +
                     "</section>")
        parts.append('<section class="new-page"><h1 class="part">Answers</h1><div class="answers">'
                     + "".join(answers) + "</div></section>")

    footer = f"{title} rules".replace("\\", "\\\\").replace('"', '\\"')
    card_width = (WIDTH - (across - 1) * GAP) / across   # the row's exercises share its width
    css = (CSS.replace("FOOTER", footer).replace("MARGINS", " ".join(f"{m:g}mm" for m in MARGINS))
           .replace("WIDTH", f"{WIDTH:g}mm").replace("CARD", f"{card_width:.1f}mm").replace("GAP", f"{GAP:g}mm"))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}: the rules</title><style>{css}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")
