"""How the search judges a position: a finished game, a sure winner, and a cut-off evaluation.

Everything here reads the public state only, and each game's own knowledge sits in a small
registry keyed by the game's name, so adding a game adds a line, not a branch. A judgement is
two vectors, one entry per player: the reward the search maximises, and the chance of winning
it stands for (what the computer reports in words).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Callable, NamedTuple

from ..core import Game, State


class Judgement(NamedTuple):
    """Each player's reward (what the search maximises) and estimated chance of winning."""

    reward: list[float]
    win: list[float]


def share_of_win(values: tuple[float, ...] | list[float]) -> list[float]:
    """1 for the single leader, split equally among tied leaders, 0 for the rest."""
    best = max(values)
    leaders = [i for i, v in enumerate(values) if v >= best - 1e-9]
    return [1.0 / len(leaders) if i in leaders else 0.0 for i in range(len(values))]


def reward(values: tuple[float, ...] | list[float]) -> list[float]:
    """Mostly the share of the win, partly the share of all worth (tells a narrow loss from a heavy one)."""
    total = sum(v for v in values if v > 0) or 1.0
    return [0.7 * w + 0.3 * max(v, 0.0) / total for w, v in zip(share_of_win(values), values)]


# ---- a finished game -------------------------------------------------------------------------

def winners_outcome(state: State) -> Judgement:
    """A finished game judged by its winners: the win is shared among them."""
    n = len(state.players)
    won = state.winners
    share = [1.0 / len(won) if p in won else 0.0 for p in range(n)] if won else [1.0 / n] * n
    return Judgement(share, share)


def worth_outcome(state: State) -> Judgement:
    """A game judged by its own evaluation, values(), read as a race."""
    values = state.values()
    return Judgement(reward(values), share_of_win(values))


@lru_cache(maxsize=1024)
def _binomial(n: int, p: float) -> tuple[float, ...]:
    """P(k of n shots land) for k = 0..n, each landing with chance p."""
    return tuple(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=8192)
def _shot_odds(points: tuple[int, ...], whites: tuple[int, ...], skills: tuple[float, ...]) -> tuple[float, ...]:
    n = len(points)
    dists = [_binomial(w, float(p)) for w, p in zip(whites, skills)]
    below = []  # below[j][k]: the chance that player j's hits are fewer than k
    for d in dists:
        run, acc = [0.0], 0.0
        for c in d:
            acc += c
            run.append(acc)
        below.append(run)
    share = [0.0] * n
    for i in range(n):
        for h, chance in enumerate(dists[i]):
            if not chance:
                continue
            total = points[i] + h
            # how many rivals tie at `total` while none is above: the coefficients of prod_j (below_j + level_j x)
            ties = [1.0]
            for j in range(n):
                if j == i:
                    continue
                k = total - points[j]  # the hits player j needs to tie
                lo = below[j][min(max(k, 0), len(dists[j]))]
                level = dists[j][k] if 0 <= k < len(dists[j]) else 0.0
                ties = [a * lo + (ties[m - 1] * level if m else 0.0) for m, a in enumerate(ties)] + [ties[-1] * level]
            share[i] += chance * sum(c / (m + 1) for m, c in enumerate(ties))
    return tuple(share)


def shot_odds(points: tuple[int, ...], whites: tuple[int, ...], skills: tuple[float, ...]) -> list[float]:
    """Each player's expected share of the win when every white piece is one shot landing with its skill.

    Exact: for each number of hits a player may make, the chance that no rival ends above and how many tie
    (a tie shares the win), the rivals' shots being independent. Kept for positions met again."""
    return list(_shot_odds(tuple(points), tuple(whites), tuple(skills)))


@lru_cache(maxsize=8192)
def _xallies_odds(skills: tuple[float, ...], expected: bool, points: tuple[int, ...],
                  whites: tuple[int, ...]) -> Judgement:
    values = [pt + sk * w for pt, sk, w in zip(points, skills, whites)]
    win = share_of_win(values) if expected else list(_shot_odds(points, whites, skills))
    total = sum(v for v in values if v > 0) or 1.0
    return Judgement([0.7 * w + 0.3 * max(v, 0.0) / total for w, v in zip(win, values)], win)


def xallies_odds(game: Game, points: tuple[int, ...], whites: tuple[int, ...]) -> Judgement:
    """XAllies at the end of play: the chance to win once the white pieces are shot, never the drawn shots.

    The shots are the dice, not the play: a search that read them would know the future. Kept for endings met
    again, so the judgement is shared: read it, never change it."""
    return _xallies_odds(game.skills, game.options["shooting"] == "expected",  # type: ignore[attr-defined]
                         tuple(points), tuple(whites))


def xallies_outcome(state: State) -> Judgement:
    return xallies_odds(state.game, state.points, state.whites)  # type: ignore[attr-defined]


#: how a finished game is judged, where the winners alone would mislead or peek at the dice
OUTCOMES: dict[str, Callable[[State], Judgement]] = {"xallies": xallies_outcome}


def outcome(state: State) -> Judgement:
    return OUTCOMES.get(state.game.name, winners_outcome)(state)


def values_race(game: Game, result: Any) -> Judgement:
    """The end of a fast playout judged by the values it carries, read as a race."""
    return Judgement(reward(result.values), share_of_win(result.values))


#: how the end of a game's own fast playout is judged (absent: by the values it carries)
PLAYOUT_OUTCOMES: dict[str, Callable[[Game, Any], Judgement]] = {
    "xallies": lambda game, result: xallies_odds(game, result.points, result.whites)}


def playout_outcome(game: Game, result: Any) -> Judgement:
    return PLAYOUT_OUTCOMES.get(game.name, values_race)(game, result)


# ---- a sure winner ---------------------------------------------------------------------------

def sole_winner(state: State) -> int | None:
    """The single winner of a finished game (None on a shared win or a draw)."""
    won = state.winners
    return won[0] if len(won) == 1 else None


def xallies_sure_winner(state: State) -> int | None:
    """The player who wins whatever the shots: ahead even if they miss every shot and the others hit all."""
    points, whites = state.points, state.whites  # type: ignore[attr-defined]
    if state.game.options["shooting"] == "expected":
        return sole_winner(state)
    for p in range(len(points)):
        if all(points[p] > points[q] + whites[q] for q in range(len(points)) if q != p):
            return p
    return None


#: who surely won a finished game, where that is not simply the single winner
SURE_WINNERS: dict[str, Callable[[State], int | None]] = {"xallies": xallies_sure_winner}


def sure_winner(state: State) -> int | None:
    """The player who has won the finished `state` beyond doubt, or None."""
    return SURE_WINNERS.get(state.game.name, sole_winner)(state)


# ---- a position cut off before the end -------------------------------------------------------

def base_letter(player: int) -> str:
    """The notation letter of the base that `player` flies into (South flies into N)."""
    return "N" if player == 0 else "S"


def xerog_threatens(state: State, player: int) -> bool:
    """Could `player` fly into the enemy base from this board, were it their move now?"""
    query = getattr(state, "reaches_base", None)
    if query is not None:
        return bool(query(player))
    text = state.position_text()  # the same board with `player` to move
    other = state.game.position(text[:-1] + "SN"[player])
    return any(str(m).endswith("-" + base_letter(player)) for m in other.moves())


def xerog_evaluation(state: State) -> Judgement:
    """Xero-G cut off: a threat to fly into the base now, and how near each side's home row is to the enemy base.

    The player to move has no flight into the base here (the search proves such positions won),
    so the questions are whether the other side threatens one, which the player to move must
    parry, and whose ships start nearer the enemy base."""
    if getattr(state, "in_setup", False) or state.to_move is None:
        return Judgement([0.5, 0.5], [0.5, 0.5])
    me = state.to_move
    other = 1 - me
    threat = xerog_threatens(state, other)
    # steps from each home row to the enemy base: South flies up past rank 6, North down past rank 1
    south_home = state.home_rank(0) or 1  # type: ignore[attr-defined]
    north_home = state.home_rank(1) or 6  # type: ignore[attr-defined]
    ahead = (north_home - (7 - south_home)) / 6.0  # > 0: South's ships are nearer their goal than North's
    if me == 1:
        ahead = -ahead
    v = 0.5 + 0.2 * ahead - (0.25 if threat else 0.0)
    v = min(0.95, max(0.05, v))
    values = [0.0, 0.0]
    values[me], values[other] = v, 1.0 - v
    return Judgement(values, values)


def alea_evaluation(state: State) -> Judgement:
    """Alea Evangelion cut off: the stone lead once the player to move makes their biggest conversion.

    The player to move will convert if it pays, so a lead that a conversion can undo is no
    lead; the lead is read as a chance through a logistic curve."""
    me = state.to_move
    scores = state.scores
    if me is None:
        me = 0
        grab = 0
    else:
        grab = max((len(f) for f in (getattr(m, "flips", None) for m in state.moves()) if f), default=0)
    lead = scores[me] - scores[1 - me] + 2 * grab
    n = state.game.options["size"] ** 2
    p = 1.0 / (1.0 + math.exp(-6.0 * lead / n))
    values = [0.0, 0.0]
    values[me], values[1 - me] = p, 1.0 - p
    return Judgement(values, values)


#: each game's evaluation of a position cut off before the end (default: its values() as a race)
EVALUATIONS: dict[str, Callable[[State], Judgement]] = {"xerog": xerog_evaluation, "alea": alea_evaluation}

#: plies of random play before the cut-off evaluation (absent: play to the end)
PLAYOUT_PLIES: dict[str, int] = {"xerog": 0, "alea": 0}


#: UCT's exploration weight where a game's evaluation is steady enough to trust sooner (absent: 0.7)
EXPLORATION: dict[str, float] = {"alea": 0.3}


def exploration(game_name: str) -> float:
    return EXPLORATION.get(game_name, 0.7)


def evaluate(state: State) -> Judgement:
    return EVALUATIONS.get(state.game.name, worth_outcome)(state)
