"""What each option of a claim prompt does to the hand: the ``hint`` of ``play`` in a claim
window (rules §6 claims, §10 values, §10.5
the minimum, §14a waits).

For each offered option — a win, each pung / kong / chow, and pass — :func:`claim_outlooks`
gives the hand's shanten after it and the best value the hand can still reach, read from the
core's ``shanten``, ``wait_values`` and ``score`` (the numbers the engine enforces):

- a win: its value now (``score`` of the claimed tile);
- an option after which the hand is ready (after the best discard, for a pung or chow): the
  best legal wait value, self-drawn or on a discard, or "dead" when no wait can reach the
  minimum;
- a 1-shanten hand: an estimate looking one draw ahead — over every tile the seat cannot see
  and every discard that leaves the hand ready, the best legal wait value (``dead`` when none
  reaches the minimum); it is a bound on what one lucky draw gives, not an expectation;
- further from ready: the value is unknown (``None``).

Only what the seat may see is used (rules §14): its own hand and sets, its bonus tiles and the
unseen counts of its view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import _core
from ..errors import InvalidHandError
from ..game.actions import Action, ActionType, Phase
from ..render import code_of_kind
from ..rules import resolve_rules
from .situation import win_situation

__all__ = ["ClaimOutlook", "claim_outlooks", "outlook_text"]

Melds = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class ClaimOutlook:
    """What one option does to the hand.

    Attributes:
        shanten: shanten after the option (-1: the option is a win; after a pung or chow, the
            best over the discard that follows).
        value: the best reachable value in ``unit`` (faan / tai): the win's value, the best
            legal wait of a ready hand, or the one-draw-ahead estimate of a 1-shanten hand;
            ``None`` when no legal win is reachable that way or the value is unknown.
        dead: True when the hand is ready (or 1-shanten) and no wait can reach the minimum.
        estimate: True when ``value`` / ``dead`` come from looking one draw ahead.
        detail: how the value is reached (``discard 3m, wait 5s self-drawn``), for the screen.
    """

    shanten: int
    value: int | None
    unit: str
    dead: bool = False
    estimate: bool = False
    detail: str = ""


def _discarder(view: Any) -> int | None:
    """The player whose discard is on offer, if any."""
    return view.last_discard[0] if view.last_discard else None


class _Analyst:
    """Core calls for one view, with the wait values of each hand cached for the hint."""

    def __init__(self, view: Any):
        self.rules = getattr(view, "rules", None)
        self.seat = view.seat_wind
        self.prevailing = getattr(view, "prevailing_wind", 0)
        self.bonus = view.bonus_mask()
        self.unseen = view.unseen_counts()
        self._best: dict[tuple[tuple[int, ...], Melds], tuple[int, str, str] | None] = {}
        self.unit = resolve_rules(self.rules).unit
        # a ready hand's waits are won in the round of turns after the claim's discard
        self.situation = win_situation(view, next_round=True)

    def shanten(self, counts: Sequence[int], melds: Melds) -> int:
        return int(_core.shanten(list(counts), list(melds), rules=self.rules))

    def best_wait(self, counts: Sequence[int], melds: Melds) -> tuple[int, str, str] | None:
        """(value, wait code, how) of the best legal wait of a ready 13-equivalent hand, or
        None when no wait is a legal win."""
        key = (tuple(counts), melds)
        if key in self._best:
            return self._best[key]
        best: tuple[int, str, str] | None = None
        try:
            values = _core.wait_values(
                list(counts), list(melds), self.bonus, self.seat, self.prevailing, self.rules,
                **self.situation,
            )
        except InvalidHandError:  # no win in the next round of turns (TW §10a: the wall's end)
            values = []
        for kind, sd, dc in values:
            self.unit = sd.unit
            for res, how in ((sd, "self-drawn"), (dc, "on a discard")):
                if res.is_win and (best is None or res.value > best[0]):
                    best = (res.value, code_of_kind(kind), how)
        self._best[key] = best
        return best

    def ahead(self, counts: list[int], melds: Melds) -> tuple[int, str] | None:
        """The best legal wait value of a 1-shanten 13-equivalent hand one draw ahead (a kind
        the seat cannot see, then the discard that leaves it ready), or None."""
        best: tuple[int, str] | None = None
        for t in range(34):
            if self.unseen[t] == 0:  # every copy is in sight (own hand and sets included)
                continue
            counts[t] += 1
            if self.shanten(counts, melds) == 0:
                for k in range(34):
                    if counts[k] == 0 or k == t:
                        continue
                    counts[k] -= 1
                    if self.shanten(counts, melds) == 0:
                        w = self.best_wait(counts, melds)
                        if w is not None and (best is None or w[0] > best[0]):
                            how = f"draw {code_of_kind(t)}, discard {code_of_kind(k)}, wait {w[1]} {w[2]}"
                            best = (w[0], how)
                    counts[k] += 1
            counts[t] -= 1
        return best

    def thirteen(self, counts: list[int], melds: Melds) -> ClaimOutlook:
        """A 13-equivalent hand (pass, or after an exposed kong before its replacement)."""
        sh = self.shanten(counts, melds)
        if sh == 0:
            w = self.best_wait(counts, melds)
            if w is None:
                return ClaimOutlook(0, None, self.unit, dead=True)
            return ClaimOutlook(0, w[0], self.unit, detail=f"wait {w[1]} {w[2]}")
        if sh == 1:
            a = self.ahead(counts, melds)
            if a is None:
                return ClaimOutlook(1, None, self.unit, dead=True, estimate=True)
            return ClaimOutlook(1, a[0], self.unit, estimate=True, detail=a[1])
        return ClaimOutlook(sh, None, self.unit)

    def fourteen(self, counts: list[int], melds: Melds) -> ClaimOutlook:
        """A 14-equivalent hand after a pung or chow: the discard that follows is chosen for
        the lowest shanten, then the best value."""
        after: list[tuple[int, int]] = []
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                after.append((self.shanten(counts, melds), k))
                counts[k] += 1
        best_sh = min(s for s, _ in after)
        if best_sh > 1:
            return ClaimOutlook(best_sh, None, self.unit)
        found: ClaimOutlook | None = None
        for s, k in after:
            if s != best_sh:
                continue
            counts[k] -= 1
            o = self.thirteen(counts, melds)
            counts[k] += 1
            if o.value is not None and (found is None or found.value is None or o.value > found.value):
                found = ClaimOutlook(o.shanten, o.value, self.unit, estimate=o.estimate,
                                     detail=f"discard {code_of_kind(k)}, {o.detail}")
        if found is None:
            return ClaimOutlook(best_sh, None, self.unit, dead=True, estimate=best_sh == 1)
        return found


def claim_outlooks(view: Any, options: Sequence[Action]) -> list[ClaimOutlook]:
    """One :class:`ClaimOutlook` per option of a claim window (``options``: the offered
    actions — win, pung, kong, chow, pass — of ``view.player``), in the same order.

    Raises InvalidHandError only if the view's hand is not one (never during play)."""
    an = _Analyst(view)
    counts = view.hand_counts()
    melds: Melds = tuple(view.meld_tuples())
    target = view.kong_tile if view.phase == Phase.ROB else view.last_discard
    kind = target[1] // 4 if target else None
    out: list[ClaimOutlook] = []
    for a in options:
        if a.type == ActionType.PASS or kind is None:
            out.append(an.thirteen(list(counts), melds))
            continue
        if a.type == ActionType.WIN:
            try:
                r = _core.score(
                    list(counts), list(melds), an.bonus, kind, an.seat, an.prevailing,
                    robbing_kong=view.phase == Phase.ROB,
                    last_tile=bool(view.is_last_discard),
                    rules=an.rules,
                    discarder=None if view.phase == Phase.ROB else _discarder(view),
                    **win_situation(view),
                )
            except InvalidHandError:  # a situation the view cannot tell exactly (TW §10a)
                out.append(ClaimOutlook(-1, None, an.unit, detail="win now"))
                continue
            out.append(ClaimOutlook(-1, r.value if r.is_win else None, r.unit,
                                    detail="win now" if r.is_win else "not a legal win"))
            continue
        c = list(counts)
        for t in a.tiles:
            c[t // 4] -= 1
        if a.type == ActionType.KONG:
            out.append(an.thirteen(c, (*melds, (2, kind))))
        elif a.type == ActionType.PUNG:
            out.append(an.fourteen(c, (*melds, (1, kind))))
        else:  # chow: the lowest kind of the three
            low = min(kind, *(t // 4 for t in a.tiles))
            out.append(an.fourteen(c, (*melds, (0, low))))
    return out


def outlook_text(o: ClaimOutlook, minimum: int) -> str:
    """One line for the screen: ``shanten 0, best legal wait 4 faan (discard 3m, wait 5s
    self-drawn)``; a dead option says that no wait reaches the minimum."""
    if o.shanten == -1:
        return f"win now: {o.value} {o.unit}" if o.value is not None else "not a legal win"
    head = "ready" if o.shanten == 0 else f"shanten {o.shanten}"
    if o.dead:
        ahead = " even one draw ahead" if o.estimate else ""
        return f"{head}; no wait can reach the {minimum}-{o.unit} minimum{ahead} (cannot win)"
    if o.value is None:
        return f"{head}; value unknown (too far from ready to say)"
    if o.estimate:
        return f"{head}; one draw ahead up to {o.value} {o.unit} ({o.detail}; an estimate)"
    return f"{head}; best legal wait {o.value} {o.unit} ({o.detail})"
