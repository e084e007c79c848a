"""A game's rules as a sheet a teacher prints on A4: self-contained HTML made from the lesson data alone.

Everything on it comes from the lesson module (`xlib.registry.lesson(game)`: SCENES, DECISIONS, CREDIT) and
the game's title; the sheet adds only headings. In order: each rule (a scene) with its title, its sentences
step by step and two pictures, our decisions, the exercises with their task and position, and the answers on
pages of their own at the end. The pictures are drawn by the game's own view (`svg.picture`), sized to fit, a
rule's two with its sentences beside them, and no page break cuts through a rule or an exercise (CSS
`break-inside: avoid`): the exercises follow each other three to a row, and the answers stand in two columns, so
few pages are left half empty. Text in a picture prints at least `svg.MIN_PRINT_PT` points."""
from __future__ import annotations

import html
import re
from typing import Any, Sequence

from .. import registry
from ..board import View, view_for
from ..board.result import result_title
from ..core import State
from ..lessons import Exercise, Scene
from .svg import picture

#: the largest printed size of a picture (width, height in mm): a rule's two side by side with its sentences
#: beside them, a rule's one beside its sentences, an exercise's (three to a row)
RULE_BOX = (54.0, 52.0)
ALONE_BOX = (72.0, 56.0)
EXERCISE_BOX = (57.0, 54.0)
#: how many exercises stand side by side in a row
PER_ROW = 3

CSS = """
@page { size: A4; margin: 13mm 14mm 15mm 14mm;
        @bottom-center { content: "FOOTER · page " counter(page) " of " counter(pages);
                         font: 8pt sans-serif; color: #444; } }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font: 10pt/1.38 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #000; margin: 0; }
@media screen { body { max-width: 182mm; margin: 8mm auto; padding: 0 6mm; } }
h1 { font-size: 22pt; margin: 0 0 1mm; }
h1.part { font-size: 16pt; margin: 0 0 3mm; padding-bottom: 1mm; border-bottom: 1.5pt solid #000; }
h2 { font-size: 12.5pt; margin: 0 0 2mm; }
h3 { font-size: 10.5pt; margin: 0 0 1mm; }
.no { font-weight: normal; color: #333; margin-right: 1.5mm; }
.lead { font-size: 11pt; margin: 0 0 2mm; }
.credit { font-style: italic; margin: 0 0 2mm; }
.contents { margin: 0 0 5mm; color: #333; }
.rule { padding: 3mm 0 3mm; border-top: 0.6pt solid #999; }
.rule .head { break-inside: avoid; page-break-inside: avoid; }
.steps > span { break-inside: avoid; }
.alone, .beside { display: flex; align-items: flex-start; gap: 4mm; break-inside: avoid; page-break-inside: avoid; }
.alone .pictures, .beside .pictures { flex: none; margin: 0; gap: 2mm; }
.alone .steps, .beside .steps { flex: 1; font-size: 9pt; line-height: 1.32; }
h2.head { break-after: avoid; page-break-after: avoid; }
.rule:first-of-type { border-top: none; }
.pictures { display: flex; justify-content: space-around; align-items: flex-end; margin: 1mm 0 2mm; }
figure { margin: 0; text-align: center; }
figure svg { display: block; margin: 0 auto; border: 0.5pt solid #999; }
figcaption { font-size: 8.5pt; color: #222; margin-top: 0.8mm; }
.steps { display: grid; grid-template-columns: max-content 1fr; column-gap: 3mm; row-gap: 1mm; }
.steps .label { font-weight: bold; }
.nobr, code { white-space: nowrap; }
code { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 9.5pt; font-weight: bold; }
.decisions { break-before: auto; padding-top: 2mm; }
.decisions li { break-inside: avoid; page-break-inside: avoid; margin-bottom: 1.2mm; }
.exercises { padding-top: 2mm; }
.exercises h1.part { break-after: avoid; page-break-after: avoid; }
.new-page { break-before: page; page-break-before: always; }
.keep, .row { break-inside: avoid; page-break-inside: avoid; }
.keep h2 { margin-top: 3mm; }
.row { display: flex; justify-content: space-between; align-items: flex-start; margin-bottom: 4mm; }
.exercise { width: 58mm; break-inside: avoid; page-break-inside: avoid; }
.exercise h3 .rule-name { font-weight: normal; color: #333; }
.exercise .task { margin: 0 0 1mm; font-size: 9pt; line-height: 1.3; }
.exercise h3 { font-size: 9.5pt; }
.choices { margin: 0 0 1.5mm; }
.choices span { margin-right: 4mm; white-space: nowrap; }
.answers { columns: 2; column-gap: 7mm; font-size: 9pt; line-height: 1.3; }
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


def fit(view: View, box: tuple[float, float]) -> tuple[str, str]:
    """The printed width and height of a view's picture as large as fits in `box` (mm), keeping its shape."""
    scale = min(box[0] / view.width, box[1] / view.height)
    return f"{view.width * scale:.1f}mm", f"{view.height * scale:.1f}mm"


def _figure(state: State, marks: Sequence[str], box: tuple[float, float], label: str, caption: str = "") -> str:
    """A picture of `state` sized to `box`, named by `label` for a screen reader, with `caption` (HTML) under it."""
    view = view_for(state)
    if state.over:   # a printed picture has no result band: its caption says how the game ended
        result = html.escape(result_title(view, state))
        label, caption = f"{label}: {result}", f"{caption}: <b>{result}</b>" if caption else ""
    svg = picture(state, marks, size=fit(view, box), label=label, view=view, compact=True)
    return f"<figure>{svg}{f'<figcaption>{caption}</figcaption>' if caption else ''}</figure>"


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
        figures = (_figure(states[0], scene.marks_at(0), RULE_BOX, "At the start", "At the start") +
                   _figure(states[-1], scene.marks_at(last), RULE_BOX, after.format(scene.moves[-1]),
                           after.format(_code(scene.moves[-1]))))
    else:
        figures = _figure(states[0], scene.marks_at(0), ALONE_BOX, "The position", "The position")
        steps = [f'<span class="label">Start</span><span>{_text(scene.sentences[0])}</span>']
        return (f'<section class="rule"><h2><span class="no">Rule {number}</span>{_text(scene.title)}</h2>'
                f'<div class="alone head"><div class="pictures">{figures}</div><div class="steps">{"".join(steps)}'
                f'</div></div></section>')
    steps = [f'<span class="label">Start</span><span>{_text(scene.sentences[0])}</span>']
    for k, (move, sentence) in enumerate(zip(scene.moves, scene.sentences[1:]), start=1):
        steps.append(f'<span class="label">{k}. {_code(move)}</span><span>{_text(sentence)}</span>')
    return (f'<section class="rule"><h2 class="head"><span class="no">Rule {number}</span>{_text(scene.title)}</h2>'
            f'<div class="beside"><div class="pictures">{figures}</div><div class="steps">{"".join(steps)}</div>'
            f'</div></section>')


def _choices(exercise: Exercise) -> str:
    if not exercise.choices:
        return ""
    items = "".join(f"<span>({chr(97 + k)}) {_code(c)}</span>" for k, c in enumerate(exercise.choices))
    return f'<p class="choices">{items}</p>'


def exercise_card(number: int, scene: Scene, exercise: Exercise, rule: int | None = None) -> str:
    """An exercise: its number (and its rule's), its task, the moves to choose from (choice kind) and a picture of
    its position."""
    start = exercise.start(scene.game, scene.options)
    figure = _figure(start, (), EXERCISE_BOX, f"The position of exercise {number}")
    of = f' <span class="rule-name">(Rule {rule}: {_text(scene.title)})</span>' if rule is not None else ""
    return (f'<div class="exercise"><h3>Exercise {number}{of}</h3><p class="task">{_text(exercise.task)}</p>'
            f'{_choices(exercise)}{figure}</div>')


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


def _rows(cards: list[str]) -> list[str]:
    return [f'<div class="row">{"".join(cards[k:k + PER_ROW])}</div>' for k in range(0, len(cards), PER_ROW)]


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

    cards, answers, number = [], [], 0   # the exercises follow each other three to a row, each naming its rule
    for rule, scene in enumerate(scenes, start=1):
        for ex in scene.exercises:
            number += 1
            cards.append(exercise_card(number, scene, ex, rule))
            answers.append(answer_block(number, rule, scene, ex))
    if cards:
        parts.append('<section class="exercises"><h1 class="part">Exercises</h1>' + "".join(_rows(cards)) +
                     "</section>")
        parts.append('<section class="new-page"><h1 class="part">Answers</h1><div class="answers">'
                     + "".join(answers) + "</div></section>")

    footer = f"{title} rules".replace("\\", "\\\\").replace('"', '\\"')
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}: the rules</title><style>{CSS.replace('FOOTER', footer)}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")
