"""Three-player personas for X and XATS: playing for oneself, against the leader, or as a kingmaker.

Each looks one move ahead: it plays every legal move, takes a win at once (a kingmaker that has
given up leaves it to the player it helps), judges the rest by a quick estimate of each player's
chance to win (xlib.agents.standings: chances in X, nearness in XATS) weighted its own way, and of its
best few moves avoids one that hands an unwanted player a win at once. What "cannot win"
and "leads" mean is xlib.agents.standings' (the lab's measures count the same things).

XATS note: a player still in an XATS game can always hope to win (destroyed stacks give tiles
back), so there the kingmaker and the spoiler act once they are *out of the running*: their own
chance is the smallest and below 1 in 10, and they keep to that role for the rest of the game.
In X they act only once they surely cannot win.
"""
from __future__ import annotations

from typing import Any, ClassVar

from ..core import Move, State
from ..errors import XlibError
from .standings import can_still_win, chances, check_three_players, leader, nearness
from .simple import GreedyAgent
from .words import WINS_AT_ONCE, Why, chances as in_words, player_name

#: XATS: a player whose chance estimate is the smallest and below this counts itself out of the running
OUT_OF_RUNNING = 0.1
#: how many of the best moves are checked for handing the next player a win at once
CHECKED = 6
HELPS = ("next", "previous")


class Politician(GreedyAgent):
    """One move ahead in a three-player game; subclasses say whose chances it weighs, and when."""

    classifier: ClassVar[dict[str, Any]] = {"games": {"x", "xats"}, "players": 3, "stochastic": True,
                                            "long_run_time": False}

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed=seed)
        self.weights: dict[int, float] = {}  # whose chances count, and how much, this move
        self.allowed: set[int] = set()       # players it lets win at once (itself, or whom it helps)
        self.focus: int | None = None        # the player whose chance the reason quotes
        self.goal = ""                       # the aim in words, for the reason
        self._gave_up: State | None = None   # XATS: the first position of the game in which it gave up

    # ---- what a persona decides ----------------------------------------------------------------
    def aim(self, state: State, me: int) -> None:
        """Before choosing: set what the persona plays for (its weights, its goal in words, whom it lets win)."""
        self.play_for({me: 1.0}, {me}, me, "it plays for its own chance to win")

    def play_for(self, weights: dict[int, float], allowed: set[int], focus: int, goal: str) -> None:
        """Set this move's aim: whose chances count and how much, whom it lets win at once, whom the reason
        quotes, and the aim in words."""
        self.weights, self.allowed, self.focus, self.goal = weights, allowed, focus, goal

    def utility(self, state: State, me: int) -> float:
        """The weighted chances after a move (XATS: the weighted players' nearness to a win, worked out
        only for them, since the exact one of the player to move costs a look at their moves)."""
        if state.game.name == "xats":
            return sum(w * nearness(state, p) for p, w in self.weights.items())
        est = chances(state)
        return sum(w * est[p] for p, w in self.weights.items())

    # ---- looking one move ahead ----------------------------------------------------------------
    def out_of_running(self, state: State, me: int) -> bool:
        """Cannot win for certain (X, and XATS once out), or in XATS the smallest chance, below 1 in 10, now
        or at an earlier turn of the same game (a persona that gave up keeps to its role)."""
        if me not in can_still_win(state):
            return True
        if state.game.name != "xats":
            return False
        root = state.root
        if self._gave_up is root:
            return True
        est = chances(state)
        if est[me] < OUT_OF_RUNNING and est[me] <= min(est):
            self._gave_up = root
            return True
        return False

    @staticmethod
    def giving_up(state: State, me: int) -> str:
        """Why it gave up, in words: it surely cannot win (X, or out in XATS), or in XATS its chance is tiny."""
        return "it can no longer win" if me not in can_still_win(state) else "it has almost no chance to win"

    def choose(self, state: State) -> Move:
        check_three_players(state)
        moves = state.moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        me = state.to_move
        assert me is not None
        if state.game.name == "x":
            chances(state)  # settles every corner of this position once: the positions after each move inherit it
        self.aim(state, me)
        scored: list[tuple[float, float, Move, State]] = []
        for m in moves:
            after = state.play(m)
            if after.over and after.winners == (me,) and me in self.allowed:
                self._why = Why(state, m, [after], WINS_AT_ONCE)
                return m
            scored.append((self.utility(after, me), self.rng.random(), m, after))
        scored.sort(key=lambda t: (-t[0], t[1]))
        for value, _, m, after in scored[:CHECKED]:
            threat = self._gift(after)
            if threat is None:
                return self._chosen(state, m, after)
        _, _, m, after = scored[0]
        return self._chosen(state, m, after, cornered=True)

    def _gift(self, after: State) -> int | None:
        """The player this move hands the game to, when the persona does not want that: the winner of a move
        that ends the game, or the next player when they could then win at once."""
        if after.over:  # the move itself ends the game
            return None if after.winners[0] in self.allowed else after.winners[0]
        nxt = after.to_move
        if nxt is None or nxt in self.allowed or not self._near_end(after):
            return None
        for reply in after.moves():
            final = after.play(reply)
            if final.over and final.winners == (nxt,):
                return nxt
        return None

    @staticmethod
    def _near_end(state: State) -> bool:
        """Whether a win at once is possible at all: in X, only with at least two corners already decided."""
        if state.game.name == "x":
            return sum(o is not None for o in state.final_corners.values()) >= 2  # type: ignore[attr-defined]
        return True

    def _chosen(self, state: State, move: Move, after: State, cornered: bool = False) -> Move:
        goal, focus = self.goal, self.focus

        def line() -> list[State]:  # put into words only when asked: the estimate after the move costs a look
            weighed = [goal]
            if focus is not None and not after.over:
                who = "it" if focus == state.to_move else player_name(state, focus)
                weighed.append(f"it thinks that after this move {who} would win {in_words(chances(after)[focus])}")
            if cornered:
                weighed.append("each of its best moves lets a player it is not playing for win at once, so it "
                               "took the best of them")
            why.weighed, why.line = tuple(weighed), [after]
            return [after]

        why = self._why = Why(state, move, line, goal)
        return move


class SelfInterest(Politician):
    """Plays for its own chance to win, whoever else gains."""

    name = "self-interest"
    label = "Self-interest"
    description = "plays for its own win and nothing else"


class AntiLeader(Politician):
    """While someone else leads, plays to cut the leader's chance (its own counts a little); else for itself."""

    name = "anti-leader"
    label = "Anti-leader"
    description = "when it is not in the lead, plays against whoever leads"

    def aim(self, state: State, me: int) -> None:
        super().aim(state, me)
        lead = leader(state)
        if lead is not None and lead != me:
            self.play_for({lead: -1.0, me: 0.25}, {p for p in range(3) if p != lead}, lead,  # anyone else may win
                          f"{player_name(state, lead)} leads, so it plays against {player_name(state, lead)}")


class Kingmaker(Politician):
    """Once it cannot win, plays for a chosen player: `helps` = "next", "previous" or a seat (0, 1, 2)."""

    name = "kingmaker"
    label = "Kingmaker"
    description = "once it can no longer win, helps a chosen player (the next one, unless told otherwise)"

    def __init__(self, seed: int = 0, helps: str | int = "next") -> None:
        super().__init__(seed=seed)
        if isinstance(helps, bool) or not (helps in HELPS or (isinstance(helps, int) and helps in (0, 1, 2))):
            raise XlibError(f"a kingmaker helps 'next', 'previous' or a seat 0, 1 or 2, not {helps!r}")
        self.helps = helps

    def beneficiary(self, me: int) -> int:
        """The seat it helps, seen from its own seat `me`."""
        if self.helps == "next":
            return (me + 1) % 3
        if self.helps == "previous":
            return (me + 2) % 3
        assert isinstance(self.helps, int)
        if self.helps == me:
            raise XlibError(f"a kingmaker cannot help itself: it sits in seat {me}, the seat it was told to help")
        return self.helps

    def aim(self, state: State, me: int) -> None:
        super().aim(state, me)
        friend = self.beneficiary(me)
        if not self.out_of_running(state, me):
            return
        hopeful = can_still_win(state)
        if friend not in hopeful and hopeful - {me}:
            friend = min(hopeful - {me})  # its friend cannot win either: the one who can gets the help
        self.play_for({friend: 1.0}, {friend}, friend,
                      f"{self.giving_up(state, me)}, so it helps {player_name(state, friend)}")


class LeaderSpoiler(Politician):
    """Once it cannot win, plays to make the leader (or the favourite, when nobody leads) lose."""

    name = "leader-spoiler"
    label = "Leader spoiler"
    description = "once it can no longer win, plays to make the leader lose"

    def aim(self, state: State, me: int) -> None:
        super().aim(state, me)
        if not self.out_of_running(state, me):
            return
        target = leader(state)
        if target is None or target == me:
            est = chances(state)
            target = max((p for p in range(3) if p != me), key=lambda p: est[p])
        self.play_for({target: -1.0}, {p for p in range(3) if p != target}, target,
                      f"{self.giving_up(state, me)}, so it plays to make {player_name(state, target)} lose")


POLITICIANS = {cls.name: cls for cls in (SelfInterest, AntiLeader, Kingmaker, LeaderSpoiler)}
