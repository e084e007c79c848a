"""What a class stores, checked before it reaches the database: class codes, group names, game keys,
game names, seats and game records (of any of the five games). Each check returns the value in its
one stored form or raises ClassError naming the problem, so that nothing a student types is ever
trusted as it was typed."""
from __future__ import annotations

import json
import secrets
import unicodedata
from typing import Any, Mapping

from .. import agents
from ..core import State
from ..errors import XlibError
from ..records import replay
from ..registry import game_class, game_names

#: class codes are read off a projector: no 0/O, 1/I/L, nor 5/S or 8/B, which are easily mistaken
CODE_ALPHABET = "234679ACDEFGHJKMNPQRTUVWXYZ"
CODE_LENGTH = 4
_DIGITS = [c for c in CODE_ALPHABET if c.isdigit()]
_NOT_LETTERS = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in CODE_ALPHABET]
GROUP_MIN, GROUP_MAX = 1, 24
GAME_KEY_MIN, GAME_KEY_MAX = 8, 64
MAX_RECORD_CHARS = 200_000       # a whole XAllies game (120 rounds, every drop) is under 60,000; the others less
MAX_MOVES = 10_000               # a move per drop and per shot: a 120-round XAllies game makes under 4,000
PERSON = "person"


class ClassError(XlibError):
    """A class-mode request that cannot be carried out: a wrong code, a bad name or record, a closed class.

    Its text is a plain sentence a group may read; `detail` keeps the database driver's own message
    behind it, if any, for the server's log and never for a group."""

    detail: str = ""


class UnknownClass(ClassError):
    """A well-formed class code that no class has (a typo, or a class the teacher has not started)."""


class ClassClosed(ClassError):
    """A class whose teacher has closed it: it takes no more games."""


class StorageError(ClassError):
    """The class database cannot be opened or reached, or answers with an error."""


def new_code() -> str:
    """A fresh random class code such as `7F3K` (the store retries on the rare clash)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_game_key() -> str:
    """A random key for one game on one board: saving it again updates the same stored game."""
    return secrets.token_hex(16)


def check_code(code: object) -> str:
    """The class code in its stored form (upper case, no spaces or dashes), or ClassError saying why not."""
    if not isinstance(code, str):
        raise ClassError(f"a class code is text such as 7F3K, not {type(code).__name__}")
    text = "".join(code.split()).replace("-", "").upper()
    if not text:
        raise ClassError("no class code given: type the code your teacher shows, such as 7F3K")
    if len(text) != CODE_LENGTH:
        raise ClassError(f"{_quoted(code)} is not a class code: a class code has {CODE_LENGTH} characters, "
                         f"such as 7F3K")
    wrong = [c for c in text if c not in CODE_ALPHABET]
    if wrong:
        raise ClassError(f"{_quoted(code)} is not a class code: {_quoted(wrong[0])} is never used in class codes "
                         f"(they use the digits {', '.join(_DIGITS)} and the letters A to Z but "
                         f"{', '.join(_NOT_LETTERS)})")
    return text


def check_group(name: object) -> str:
    """A group name in its stored form (spaces tidied), or ClassError saying why it is not allowed.

    Letters (any alphabet), digits, spaces, hyphens and underscores, 1 to 24 characters: enough
    for "Table 3" or "Los Tigres", and nothing that could hide markup or personal details."""
    if not isinstance(name, str):
        raise ClassError(f"a group name is text, not {type(name).__name__}")
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if len(text) < GROUP_MIN:
        raise ClassError("no group name given: choose a name for your group, such as Table 3")
    for c in text:
        if not (c.isalnum() or c in " -_"):
            raise ClassError(f"the group name {_quoted(text)} holds {_quoted(c)}: a group name uses letters, "
                             f"digits, spaces, - and _ only")
    if len(text) > GROUP_MAX:
        raise ClassError(f"the group name {_quoted(text)} is {len(text)} characters long; a group name has at "
                         f"most {GROUP_MAX}")
    return text


def group_key(name: str) -> str:
    """What makes two group names the same group: "Table 3" and "table 3" are one group."""
    return name.casefold()


def check_game_key(key: object) -> str:
    """A game key made by new_game_key (hex digits and letters), or ClassError."""
    if not isinstance(key, str) or not GAME_KEY_MIN <= len(key) <= GAME_KEY_MAX or \
            not all(c.isascii() and (c.isalnum() or c in "-_") for c in key):
        raise ClassError(f"{_quoted(key)} is not a game key: {GAME_KEY_MIN} to {GAME_KEY_MAX} ASCII letters, "
                         f"digits, - or _")
    return key


def game_title(name: str) -> str:
    """A registered game's name as people write it: 'alea' is Alea Evangelion."""
    return game_class(name).title


def check_game(name: object) -> str:
    """The name of one of the games a class stores (every registered game), or ClassError naming them."""
    if not isinstance(name, str) or name not in game_names():
        raise ClassError(f"a class stores games of {_titles()}, not {_quoted(name)}")
    return name


def lesson_exercises(game: str) -> list[str]:
    """Every exercise of a game's lesson, by its key ('Rule title#k'), in lesson order."""
    from .. import registry

    return [f"{scene.title}#{k}" for scene in registry.lesson(game).SCENES for k in range(len(scene.exercises))]


def check_exercises(game: str, progress: object) -> list[tuple[str, tuple[bool, int]]]:
    """A group's exercises of `game`: known exercise keys, each with (solved, misses); ClassError otherwise."""
    if not isinstance(progress, Mapping):
        raise ClassError("exercises come as a mapping of exercise to (solved, misses)")
    known = set(lesson_exercises(game))
    out = []
    for key, value in progress.items():
        if key not in known:
            raise ClassError(f"{game_title(game)} has no exercise {_quoted(key)}")
        if not (isinstance(value, (tuple, list)) and len(value) == 2 and isinstance(value[0], bool)
                and isinstance(value[1], int) and not isinstance(value[1], bool) and 0 <= value[1] <= 10_000):
            raise ClassError(f"exercise {_quoted(key)}: give (solved, misses), a yes or no and a count")
        out.append((key, (value[0], value[1])))
    return out


def _titles() -> str:
    titles = [game_title(n) for n in game_names()]
    return ", ".join(titles[:-1]) + " and " + titles[-1]


def check_seats(seats: object, players: int, game: str = "xallies") -> list[str]:
    """Who sat at each seat: "person" or the name of a computer player of `game`, one per player."""
    if seats is None:
        return [PERSON] * players
    if not isinstance(seats, (list, tuple)) or len(seats) != players:
        raise ClassError(f"seats name who played each of the {players} seats (person or a computer player), "
                         f"not {_quoted(seats)}")
    known = {PERSON} | {name for name, _ in agents.for_game(check_game(game), players)}
    for who in seats:
        if not isinstance(who, str) or who not in known:
            raise ClassError(f"{_quoted(who)} is not a seat: a seat is person or one of "
                             f"{', '.join(sorted(known - {PERSON}))}")
    return list(seats)


def check_record(record: object) -> tuple[State, str]:
    """The replayed final state of a record of any game a class stores, and its canonical JSON text, or ClassError.

    The size and the number of moves are checked before anything is replayed; the replay then
    checks every move against the rules, so only games that really happened are stored."""
    if isinstance(record, (bytes, bytearray)):
        if len(record) > 4 * MAX_RECORD_CHARS:
            raise ClassError(_too_long(len(record)))
        try:
            record = bytes(record).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ClassError(f"the game record is not UTF-8 text: {exc}") from None
    if isinstance(record, str):
        if len(record) > MAX_RECORD_CHARS:
            raise ClassError(_too_long(len(record)))
        try:
            record = json.loads(record)
        except RecursionError:
            raise ClassError("the game record is not valid JSON: it is nested too deeply") from None
        except ValueError as exc:
            raise ClassError(f"the game record is not valid JSON: {exc}") from None
    if not isinstance(record, dict):
        raise ClassError(f"a game record is a JSON object made by State.record(), not {type(record).__name__}")
    try:
        size = len(json.dumps(record, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ClassError(f"the game record is not JSON data: {str(exc)[:80]}") from None
    if size > MAX_RECORD_CHARS:
        raise ClassError(_too_long(size))
    moves = record.get("moves")
    if isinstance(moves, list) and len(moves) > MAX_MOVES:
        raise ClassError(f"the game record has {len(moves):,} moves; a class stores games of at most "
                         f"{MAX_MOVES:,} moves")
    title = game_title(check_game(record.get("game")))
    if "position" in record:
        raise ClassError(f"a class game starts from {title}'s usual set-up; this record starts from another "
                         f"position")
    try:
        state = replay(record)
    except XlibError as exc:
        raise ClassError(f"the game record cannot be replayed: {exc}") from None
    return state, json.dumps(state.record(), separators=(",", ":"))


def _too_long(size: int) -> str:
    return f"the game record is {size:,} characters long; a class stores records of at most {MAX_RECORD_CHARS:,}"


def _quoted(value: Any) -> str:
    """`value` quoted for a message, cut short if it is long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
