"""A game log reviewed decision by decision against the ``expert`` seat (``mahjong-fast review``).

Each deal of the log is replayed (:func:`~mahjong_fast.game.log.replay_deals` first checks the
whole log: one that does not replay raises :class:`~mahjong_fast.errors.ReplayError` with its
line). At every decision of the reviewed seat — a discard, a claim or a pass on a discard, a
kong, and whether to take a legal win — the seat's view at that moment (rules §14: its own
tiles and the public table, never a hidden tile) is given to the expert
(:meth:`~mahjong_fast.seats.expert.ExpertSeat.option_values`), which values every legal option
in expected points for the rest of the deal. The review records the option played, the option
the expert plays (a legal win first, unless it would wait for a far bigger self-drawn win,
then the highest value), both values and the difference
(the estimated loss: the expert's value minus the value of the option played).

A moment where the seat had one option only (a forced pass) is not a decision. A pung or chow
that does not advance the hand is not rated by the expert (value ``-inf``): when the seat made
one, the decision is a disagreement whose loss is ``None`` (not counted in the totals).

    >>> r = review_log("game.jsonl")                      # doctest: +SKIP
    >>> r.summary.agreement, r.summary.loss               # doctest: +SKIP
    (0.86, 12.4)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from . import _core
from .errors import MahjongError
from .game.actions import ENGINE_TYPES, Action, ActionType, Phase
from .game.deal import Deal
from .game.log import LogSource, _deal_from_header, _parse, _read_lines, replay_deals
from .seats.expert_hint import expert_ranking, option_label

__all__ = ["KINDS", "DealReview", "Decision", "KindSummary", "Review", "Summary", "review_log"]

#: the kinds of decision, in the order the summaries show them
KINDS = ("discard", "claim", "kong", "win")
#: the seat name ``play`` gives the person at the table
HUMAN = "human"

_WINS = (ActionType.WIN, ActionType.SELF_DRAWN_WIN)
_KONGS = (ActionType.CONCEALED_KONG, ActionType.ADDED_KONG, ActionType.KONG)


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat.

    Attributes:
        deal: the deal's position in the log (1 = the first, as ``review`` prints it).
        line: the 1-based log line of the action played.
        remaining: tiles left in the wall at the decision.
        kind: ``"discard"``, ``"claim"`` (claim or pass on a discard), ``"kong"`` or
            ``"win"`` (a legal win was on offer).
        hand: the seat's concealed tiles then (notation, e.g. ``"123m45p"``).
        made: the option played (``"discard 3m"``, ``"pung 555z"``, ``"pass"``, ``"win"``).
        expert: the option the expert plays.
        made_value: the expert's expected points after the option played (``None``: a claim
            the expert does not rate).
        expert_value: the expert's expected points after its own option (``None`` only if
            the expert rates none of the options).
        loss: ``expert_value - made_value`` (0 when they agree; ``None`` when not rated).
    """

    deal: int
    line: int
    remaining: int
    kind: str
    hand: str
    made: str
    expert: str
    made_value: float | None
    expert_value: float | None
    loss: float | None

    @property
    def agreed(self) -> bool:
        """The option played is the expert's (same label: which copy of a tile is not a choice)."""
        return self.made == self.expert


@dataclass(frozen=True)
class KindSummary:
    """Decisions of one kind: how many, how many agreed with the expert, the estimated loss
    (points, the sum of the rated losses)."""

    decisions: int = 0
    agreed: int = 0
    loss: float = 0.0

    @property
    def agreement(self) -> float:
        """Share of decisions where the seat played the expert's option (1.0 when none)."""
        return self.agreed / self.decisions if self.decisions else 1.0


@dataclass(frozen=True)
class Summary:
    """The totals of some decisions, and the same per kind of decision (every kind of
    :data:`KINDS`, present even when empty)."""

    decisions: int
    agreed: int
    loss: float
    by_kind: dict[str, KindSummary]

    @property
    def agreement(self) -> float:
        """Share of decisions where the seat played the expert's option (1.0 when none)."""
        return self.agreed / self.decisions if self.decisions else 1.0

    @classmethod
    def of(cls, decisions: Sequence[Decision]) -> Summary:
        by_kind: dict[str, KindSummary] = {}
        for kind in KINDS:
            ds = [d for d in decisions if d.kind == kind]
            by_kind[kind] = KindSummary(
                len(ds), sum(d.agreed for d in ds), sum((d.loss or 0.0 for d in ds), 0.0)
            )
        return cls(
            len(decisions),
            sum(d.agreed for d in decisions),
            sum((d.loss or 0.0 for d in decisions), 0.0),
            by_kind,
        )


@dataclass(frozen=True)
class DealReview:
    """The review of one deal: its position in the log (1 = the first), its deal index, the reviewed seat's
    name in its header (an arena log rotates the line-up from deal to deal), its decisions in
    the order played, and their summary."""

    deal: int
    deal_index: int
    seat_name: str
    decisions: list[Decision]
    summary: Summary


@dataclass(frozen=True)
class Review:
    """The review of a log: the seat reviewed (0..3) and its name in the first deal's header,
    the ruleset name (of the first deal),
    each deal's review, and the summary of the whole log."""

    seat: int
    seat_name: str
    ruleset: str
    deals: list[DealReview]
    summary: Summary = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "summary", Summary.of([d for dr in self.deals for d in dr.decisions])
        )

    @property
    def decisions(self) -> list[Decision]:
        """Every decision of the log, in the order played."""
        return [d for dr in self.deals for d in dr.decisions]

    def biggest_losses(self, top: int | None = None) -> list[Decision]:
        """The disagreements, biggest rated loss first (unrated ones after), ``top`` at most."""
        out = sorted(
            (d for d in self.decisions if not d.agreed),
            key=lambda d: (d.loss is None, -(d.loss or 0.0), d.deal, d.line),
        )
        return out if top is None else out[:top]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (each summary with its ``agreement``)."""

        def summ(s: Summary) -> dict[str, Any]:
            return {
                "decisions": s.decisions,
                "agreed": s.agreed,
                "agreement": s.agreement,
                "loss": s.loss,
                "by_kind": {
                    k: {**asdict(v), "agreement": v.agreement} for k, v in s.by_kind.items()
                },
            }

        return {
            "seat": self.seat,
            "seat_name": self.seat_name,
            "ruleset": self.ruleset,
            "unit": "points",
            "deals": [
                {
                    "deal": dr.deal,
                    "deal_index": dr.deal_index,
                    "seat_name": dr.seat_name,
                    "decisions": [{**asdict(d), "agreed": d.agreed} for d in dr.decisions],
                    "summary": summ(dr.summary),
                }
                for dr in self.deals
            ],
            "summary": summ(self.summary),
        }


def _kind(deal: Deal, legal: Sequence[Action], made: Action, best: Action) -> str:
    if any(a.type in _WINS for a in legal):
        return "win"
    if deal.phase in (Phase.RESPONSE, Phase.ROB):
        return "claim"
    if made.type in _KONGS or best.type in _KONGS:
        return "kong"
    return "discard"


def _finite(v: float) -> float | None:
    return None if math.isinf(v) or math.isnan(v) else float(v)


def _decision(
    deal: Deal, pos: int, line: int, action: Action, seat: int
) -> Decision | None:
    if action.type not in ENGINE_TYPES:
        return None  # a ruleset's extra action (declare_ready): the expert does not value it
    legal = [a for a in deal.legal_actions(seat) if a.type in ENGINE_TYPES]
    view = deal.view(seat)
    disc = view.last_discard[1] >> 2 if view.last_discard is not None else None
    labels = [option_label(a, disc) for a in legal]
    if len(set(labels)) < 2:
        return None  # one option only: not a decision
    ranking = expert_ranking(view, legal)
    best, best_value = ranking[0]
    made_label = option_label(action, disc)
    # an action outside the legal list is a false win (HK §19.11): no value, its loss unknown
    made_value = next((v for a, v in ranking if option_label(a, disc) == made_label), -math.inf)
    best_label = option_label(best, disc)
    ev = _finite(best_value)
    mv = _finite(made_value)
    if made_label == best_label:
        loss: float | None = 0.0
    else:
        loss = None if mv is None or ev is None else ev - mv
    return Decision(
        deal=pos,
        line=line,
        remaining=deal.remaining,
        kind=_kind(deal, legal, action, best),
        hand=_core.format_hand(view.hand_counts()),
        made=made_label,
        expert=best_label,
        made_value=mv,
        expert_value=ev,
        loss=loss,
    )


def _default_seat(names: Sequence[str]) -> int:
    humans = [i for i, n in enumerate(names) if n == HUMAN]
    if len(humans) != 1:
        raise MahjongError(
            "no human sat at this log's table (seats: "
            + ", ".join(f"P{i} {n}" for i, n in enumerate(names))
            + "): say which seat to review (0..3; --seat N on the command line)"
        )
    return humans[0]


def review_log(src: LogSource | bytes, seat: int | None = None) -> Review:
    """Review the decisions of ``seat`` in a game log against the expert seat.

    Args:
        src: a log written by ``play --log`` or ``arena --log`` (any ruleset): a path, the log
            text, its bytes, an open file or an iterable of lines (as
            :func:`~mahjong_fast.game.log.replay`). A game stopped before its end is
            reviewed as far as it went.
        seat: the player reviewed, 0..3; default the human seat of a ``play`` log.

    Returns a :class:`Review`: every deal's decisions (values in the expert's expected points
    for the rest of the deal, from the seat's view only, rules §14) and the summaries.

    Raises:
        ReplayError: the log does not replay (with its line).
        MahjongError: ``seat`` not given and no single human seat in the log; ``seat`` not 0..3.
        TypeError: ``seat`` not an int (numpy's integer scalars are ints; a bool is not), or
            ``src`` none of the forms above.
    """
    if seat is not None:  # the core's conversion: an int or numpy integer, not a bool
        seat = int(_core.checked_index(seat, "seat", "an int 0..3"))
        if not 0 <= seat <= 3:
            raise MahjongError(f"seat must be 0..3 (got {seat})")
    lines = _read_lines(src)
    # the whole log is checked first (ReplayError with its line); a game stopped before its
    # end (play --log, interrupted) is reviewed as far as it went
    replay_deals(lines, allow_unfinished=True)
    if seat is None:  # the first line that is not blank is a header (replay_deals checked it)
        first = next(_parse(raw, n) for n, raw in enumerate(lines, start=1) if raw.strip())
        seat = _default_seat(_seat_names(first))
    who: int = seat
    reviewed: list[DealReview] = []
    deal: Deal | None = None
    decisions: list[Decision] = []
    names: list[str] = []  # the first deal's seats
    name = ""  # the reviewed seat's name in the current deal
    ruleset = ""

    def close() -> None:
        if deal is not None:
            reviewed.append(
                DealReview(
                    len(reviewed) + 1, deal.deal_index, name, decisions, Summary.of(decisions)
                )
            )

    for lineno, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        obj = _parse(raw, lineno)
        if obj.get("type") == "header":
            close()
            deal = _deal_from_header(obj, lineno, None)
            decisions = []
            seats = _seat_names(obj)
            if not names:
                names = seats
                ruleset = deal.rules.name
            name = seats[who]
            continue
        if deal is None or obj.get("e") != "action" or obj.get("auto"):
            continue  # the engine's own events (replay_deals has checked them)
        data = obj["action"]
        action = Action(ActionType(data["type"]), data["player"], tuple(data.get("tiles", [])))
        if action.player == who:
            d = _decision(deal, len(reviewed) + 1, lineno, action, who)
            if d is not None:
                decisions.append(d)
        deal.apply(action)
    close()
    return Review(who, names[who], ruleset, reviewed)


def _seat_names(obj: dict[str, Any]) -> list[str]:
    """The four seat names of a header (``P0``..``P3`` where it names none)."""
    got = obj.get("seats")
    if not isinstance(got, list) or len(got) != 4:
        return [f"P{i}" for i in range(4)]
    return [str(n) for n in got]
