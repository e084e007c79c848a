"""Who leads a three-player game, who can still win it, and a quick estimate of each player's chances.

The three-player politics lab and its personas read positions through these functions only,
so a persona acts on exactly what the measures count. Two games are covered:

- **X** (RULES.md section 5). A corner's *contenders* are the players who could still own it
  at the end: only its owner once it is decided; otherwise its owner now (who keeps it if
  nobody connects farther out) and every other player who could connect its two sides farther
  out than the owner using their own stones and empty cells (the engine's own path search, the
  one that decides corners). A player *can still win* when some choice of one contender per
  corner gives them the win by the winner rule (the largest count nobody shares). The test is
  certain when it says a player can no longer win (every real ending is among those choices);
  it may say "can still win" a little longer than a perfect player would know, since it looks at
  each corner on its own. The *leader* is the winner rule applied to the owners now (the X
  board's "leads"); nobody leads while every count is shared.
- **XATS** with 3 players (RULES.md section 3). A player can no longer win once out of the
  game (no tiles at the end of a turn): that is the only certain case, since tiles come back to
  a reserve when a stack is destroyed. The leader is the player still in whose next move can
  bring their top spikes nearest the number of tiles in their reserve (the winning condition; see
  `distance`), when no one else is as near.
"""
from __future__ import annotations

import itertools
import math
from functools import lru_cache

from ..core import State
from ..errors import XlibError
from ..games.x import XState, winner
from ..games.xats import spikes as spike_count

GAMES = ("x", "xats")
#: the chance an owner of an open X corner keeps it, in the quick estimate (the others share the rest)
KEEP = 0.6


def check_three_players(state: State) -> None:
    """A clear error unless `state` is X or three-player XATS, the games these measures are defined for."""
    name = state.game.name
    if name not in GAMES:
        raise XlibError(f"three-player politics is defined for X and three-player XATS, not {state.game.title}")
    if len(state.players) != 3:
        raise XlibError(f"three-player politics needs three players; this {state.game.title} game has "
                        f"{len(state.players)} (choose players=3)")


# ---- X -------------------------------------------------------------------------------------------

def corner_contenders(state: XState) -> tuple[frozenset[int], ...]:
    """For each corner (a1, last file of rank 1, rank n file a, the far corner): who could still own it."""
    final = state.final_corners  # settles every corner: decided_owner is then complete
    out = []
    for k, cell in enumerate(state.game.corner_cells):
        decided = final[state.game.names[cell]]
        if decided is not None:
            out.append(frozenset((decided,)))
            continue
        owner = state.owners[k]
        ra, rb = state.reaches[k]
        who = {owner} if owner is not None else set()
        for q in range(3):
            if q != owner:
                kind = [2 if c == q else 0 for c in range(3)] + [1]  # by stone colour; kind[-1]: an empty cell
                if state._outer_path(k, kind, ra, rb) is not None:
                    who.add(q)
        out.append(frozenset(who))
    return tuple(out)


@lru_cache(maxsize=4096)
def _possible_winners(contenders: tuple[frozenset[int], ...]) -> frozenset[int]:
    won = set()
    for owners in itertools.product(*(sorted(c) for c in contenders)):
        won.add(winner(tuple(owners.count(p) for p in range(3))))
    return frozenset(won)


def x_leader(counts: tuple[int, ...]) -> int | None:
    """The winner rule on corner counts now; None while every count is shared (0-0-0, 1-1-1)."""
    if not any(counts.count(c) == 1 for c in counts):
        return None
    return winner(counts)


@lru_cache(maxsize=4096)
def _corner_chances(statuses: tuple[tuple[str, int], ...]) -> tuple[float, ...]:
    """Each player's chance to win when corners are settled independently: a decided corner stays its
    owner's, an open owned corner stays with chance KEEP, an unowned one goes to anyone alike."""
    dists = []
    for kind, owner in statuses:
        if kind == "decided":
            dists.append({owner: 1.0})
        elif kind == "owned":
            dists.append({q: KEEP if q == owner else (1 - KEEP) / 2 for q in range(3)})
        else:
            dists.append({q: 1 / 3 for q in range(3)})
    win = [0.0, 0.0, 0.0]
    for combo in itertools.product(*(d.items() for d in dists)):
        owners = [o for o, _ in combo]
        win[winner(tuple(owners.count(p) for p in range(3)))] += math.prod(c for _, c in combo)
    return tuple(win)


def _x_chances(state: XState) -> tuple[float, ...]:
    final = state.final_corners
    owners = state.corners
    statuses: list[tuple[str, int]] = []
    for name, decided in final.items():
        owner = owners[name]
        if decided is not None:
            statuses.append(("decided", decided))
        elif owner is not None:
            statuses.append(("owned", owner))
        else:
            statuses.append(("open", -1))
    return _corner_chances(tuple(statuses))


# ---- XATS --------------------------------------------------------------------------------------

def gap(state: State, player: int) -> int:
    """XATS: tiles in the player's reserve minus the spikes on their top tiles (0 at the end of their turn wins)."""
    return len(state.reserve(player)) - state.top_spikes(player)  # type: ignore[attr-defined]


def distance(state: State, player: int) -> int | None:
    """XATS: how near the player's next move can bring them to a win (0: it wins); None once out.

    For the player to move, exactly: the smallest |gap| their legal moves leave. For the others,
    an estimate without their move list: playing tile t takes it from the reserve and shows its
    spikes on top (when it covers no tile of theirs), leaving gap - 1 - spikes(t), so the smallest
    |gap - 1 - spikes(t)| over their reserve (as if their best tile fitted somewhere)."""
    if not state.active[player]:  # type: ignore[attr-defined]
        return None
    if player == state.to_move:
        best = None
        for m in state.moves():
            after = state.play(m)
            if after.over:
                d = 0 if after.winners == (player,) else None
            else:
                d = abs(gap(after, player)) if after.active[player] else None  # type: ignore[attr-defined]
            if d is not None and (best is None or d < best):
                best = d
        return best
    g = gap(state, player)
    return min((abs(g - 1 - spike_count(t)) for t in state.reserve(player)),  # type: ignore[attr-defined]
               default=abs(g))


def nearness(state: State, player: int) -> float:
    """XATS: e^(-distance / 2), 1 for a win on the player's next move, 0 for a player out of the game."""
    d = distance(state, player) if not state.over else (0 if player in state.winners else None)
    return 0.0 if d is None else math.exp(-d / 2)


def _xats_leader(state: State) -> int | None:
    near = {p: d for p in range(3) if (d := distance(state, p)) is not None}
    best = min(near.values())
    leaders = [p for p, d in near.items() if d == best]
    return leaders[0] if len(leaders) == 1 else None


def _xats_chances(state: State) -> tuple[float, ...]:
    weights = [nearness(state, p) for p in range(3)]
    total = sum(weights) or 1.0
    return tuple(w / total for w in weights)


# ---- both games --------------------------------------------------------------------------------

def can_still_win(state: State) -> frozenset[int]:
    """The players who can still win (certain when it leaves a player out; see the module's note)."""
    check_three_players(state)
    if state.over:
        return frozenset(state.winners)
    if isinstance(state, XState):
        return _possible_winners(corner_contenders(state))
    return frozenset(p for p in range(3) if state.active[p])  # type: ignore[attr-defined]


def leader(state: State) -> int | None:
    """Who leads now (the winner once the game is over); None when nobody does."""
    check_three_players(state)
    if state.over:
        return state.winners[0]
    if isinstance(state, XState):
        return x_leader(tuple(int(c) for c in state.scores))
    return _xats_leader(state)


def chances(state: State) -> tuple[float, ...]:
    """A quick estimate of each player's chance to win, for one-move-ahead players (sums to 1).

    X: corners settled independently (see _corner_chances). XATS: players still in weighted by how
    near their next move can bring them to a win (e^(-distance/2)); a player out has none."""
    check_three_players(state)
    if state.over:
        return tuple(1.0 if p in state.winners else 0.0 for p in range(3))
    if isinstance(state, XState):
        return _x_chances(state)
    return _xats_chances(state)
