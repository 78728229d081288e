"""Driving deals with seats, and matches of several deals (HK §12, TW §16).

>>> from mahjong_fast.seats import make_seat
>>> seats = [make_seat("greedy", 1) for _ in range(4)]
>>> m = play_match(seats, seed=42, deals=4, rules=Ruleset.hong_kong(rotate_dealer=True))  # doctest: +SKIP
>>> m.scores, [r.winner for r in m.results]                       # doctest: +SKIP
>>> m = play_match(seats, seed=42, rules="taiwanese-high")          # doctest: +SKIP
>>> [(r.dealer, r.dealer_streak, r.prevailing_wind) for r in m.results]   # doctest: +SKIP

Every match is the core's (``_core.Match``): the ruleset says how long it is (a Hong Kong match
is the ``deals`` deals asked for, HK §12; a Taiwanese match runs until its ``match_length`` or
``max_deals`` switch ends it, TW §16) and carries the dealer, the dealer's streak, the round
wind and the scores from deal to deal; nothing of HK §12 or TW §15/§16 is computed here.

Walls: deal ``i`` of match ``j`` uses ``_core.wall(seed, (j << 32) | i)`` (match 0: the wall of
deal ``i``), and AI seats key their streams by the same index, so match ``j`` depends only on
``(seed, j)`` (what :func:`mahjong_fast.simulate` relies on for ``matches=``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from mahjong_fast import _core
from mahjong_fast.errors import IllegalActionError, ReplayError, RuleConfigError
from mahjong_fast.rules import Ruleset, RulesLike, resolve_rules, with_rotate_dealer

from .actions import Action, Phase
from .deal import Deal
from .events import Event, visible_event
from .log import LogWriter, _action_of, _parse, _read_lines, replay_deals
from .result import DealResult

__all__ = [
    "MATCH_SHIFT",
    "MAX_RETRIES",
    "MatchResult",
    "checked_action",
    "deal_wall",
    "new_deal",
    "play_match",
    "resume_match",
    "run_deal",
]

#: how often a seat may return an illegal action before run_deal gives up
MAX_RETRIES = 100
#: deal ``i`` of match ``j`` has the wall index ``(j << MATCH_SHIFT) | i``
MATCH_SHIFT = 32


def deal_wall(seed: int, deal_index: int) -> list[int]:
    """HK §12 the wall of deal ``deal_index``: depends only on (seed, deal_index)."""
    return list(_core.wall(seed, deal_index))


def _listener_for(seats: Sequence[object]) -> Callable[[Event], None] | None:
    from ..seats.base import BaseSeat

    hooks = []
    for p, s in enumerate(seats):
        h = getattr(s, "notify", None)
        if callable(h) and getattr(type(s), "notify", None) is not BaseSeat.notify:
            hooks.append((p, h))
    if not hooks:
        return None

    def listen(ev: Event) -> None:
        for p, h in hooks:
            v = visible_event(ev, p)
            if v is not None:
                h(v)

    return listen


def new_deal(
    seats: Sequence[object],
    *,
    seed: int = 0,
    deal_index: int = 0,
    rotate_dealer: bool | None = None,
    scores: Sequence[int] = (0, 0, 0, 0),
    record: bool = True,
    wall: Sequence[int] | None = None,
    rules: RulesLike = None,
    match_index: int = 0,
    dealer: int | None = None,
    prevailing_wind: int = 0,
    dealer_streak: int = 0,
) -> Deal:
    """Build the Deal of ``deal_index`` (of match ``match_index``) for these seats: calls each
    seat's optional ``new_deal(index, player)`` hook with the deal's wall index ``(match_index
    << 32) | deal_index`` (AI seats key their random streams by it) and wires ``notify`` hooks
    as the listener. The wall is ``_core.wall(seed, that index)`` unless ``wall`` is given.

    ``rules``: the ruleset (a :class:`~mahjong_fast.Ruleset` or a name); without ``dealer``,
    the ruleset picks the dealer of the deal played alone (``_core.lone_deal``: HK §12 P0, or
    P(d mod 4) with its ``rotate_dealer`` switch). ``rotate_dealer``: shorthand that sets that
    switch (None: as ``rules`` says). ``dealer``, ``prevailing_wind``, ``dealer_streak``: as
    the match says (TW §16). Raises RuleConfigError for an unknown ruleset name."""
    ruleset = with_rotate_dealer(rules, rotate_dealer)
    index = (match_index << MATCH_SHIFT) | deal_index
    for p, s in enumerate(seats):
        hook = getattr(s, "new_deal", None)
        if callable(hook):
            hook(index, p)
    w = deal_wall(seed, index) if wall is None else list(wall)
    if dealer is None:
        dealer = _core.lone_deal(ruleset, deal_index)["dealer"]
    return Deal(
        w,
        dealer,
        scores,
        deal_index,
        record=record,
        listener=_listener_for(seats),
        rules=ruleset,
        prevailing_wind=prevailing_wind,
        dealer_streak=dealer_streak,
    )


def _seat_name(p: int, seat: object) -> str:
    name = getattr(seat, "name", None)
    return f"seat P{p} ({name})" if isinstance(name, str) and name else f"seat P{p}"


def _integer(x: object) -> int:
    """An int, or a numpy integer scalar as an int; TypeError for anything else (bool too):
    the core's one conversion."""
    return _core.checked_index(x, "value", "an int")


def checked_action(answer: object, p: int, seat: object = None) -> Action:
    """HK §13 what seat ``p`` answered, as an :class:`Action` of plain ints, or an error.

    Raises:
        TypeError: naming the seat, when the answer is not an Action (``None``, a string, a
            legal-action index...) or names a player or tile that is not an integer (numpy
            integer scalars are accepted and converted, so the event log stays JSON).
        IllegalActionError: ``NOT_YOUR_TURN`` when the action is another player's.
    """
    if (
        type(answer) is Action
        and type(answer.player) is int
        and all(type(t) is int for t in answer.tiles)
    ):
        action = answer  # the usual case: one of the legal actions, as given
    elif isinstance(answer, Action):
        try:
            action = Action(
                answer.type, _integer(answer.player), tuple(_integer(t) for t in answer.tiles)
            )
        except TypeError:
            raise TypeError(
                f"{_seat_name(p, seat)} answered {answer!r}: its player and tiles must be "
                "integers (tile ids 0..143)"
            ) from None
    else:
        raise TypeError(
            f"{_seat_name(p, seat)} answered {answer!r} (a {type(answer).__name__}); choose() "
            "must return one of the legal Actions it was given"
        )
    if action.player != p:
        raise IllegalActionError(
            "NOT_YOUR_TURN",
            f"{_seat_name(p, seat)} answered an action for P{action.player}: {action}",
        )
    return action


def run_deal(
    deal: Deal,
    seats: Sequence[object],
    *,
    rules: RulesLike = None,
    on_action: Callable[[], None] | None = None,
) -> DealResult:
    """Play ``deal`` to its end, asking ``seats[p].choose(view, legal)`` for each action.

    ACTION / AFTER_CLAIM: the active player is asked. RESPONSE / ROB: every player in
    ``to_act`` (those with a legal claim; the engine auto-passes the others) is asked in
    player order with the same view; the window is resolved once all have answered. An
    illegal choice, or an action for another player, is rejected (state unchanged); the
    seat's optional ``rejected(action, error)`` hook is called and the seat is asked again.

    ``on_action``, when given, is called after each action the deal accepts (a log written
    as the game goes, :meth:`~mahjong_fast.game.log.LogWriter.catch_up`). A deal already
    under way (rebuilt from a log) is played on from where it is.

    The deal is played under its own ruleset (``deal.rules``). ``rules``, when given (a
    :class:`~mahjong_fast.Ruleset` or a name), must be that ruleset: a different one raises
    RuleConfigError before anything is played.

    Raises:
        TypeError: naming the seat, when a seat answers something that is not an Action (see
            :func:`checked_action`).
        IllegalActionError: naming the seat, after :data:`MAX_RETRIES` rejected answers in a
            row.
    """
    if rules is not None and resolve_rules(rules) != deal.rules:
        raise RuleConfigError(
            f"run_deal got rules={resolve_rules(rules)!r}, but the deal is played under "
            f"{deal.rules!r}; build the Deal with rules= instead"
        )
    # seats that read their view only inside choose() get a LiveView (no table copy)
    views = [deal.live_view if getattr(s, "live_view", False) is True else deal.view for s in seats]
    while deal.phase is not Phase.ENDED:
        for p in tuple(deal.to_act):
            seat = seats[p]
            for _ in range(MAX_RETRIES):
                if p not in deal.to_act:  # (also true once the deal has ended)
                    break
                legal = deal.legal_actions(p)
                answer = seat.choose(views[p](p), legal)  # type: ignore[attr-defined]
                try:
                    deal.apply(checked_action(answer, p, seat))
                except IllegalActionError as e:
                    last = e
                    hook = getattr(seat, "rejected", None)
                    if callable(hook):
                        hook(answer, e)
                    continue
                if on_action is not None:
                    on_action()
                break
            else:
                raise IllegalActionError(
                    last.code,
                    f"{_seat_name(p, seat)} answered {MAX_RETRIES} illegal actions in a row; "
                    f"the last: {last}",
                )
            if deal.phase not in (Phase.RESPONSE, Phase.ROB):
                break  # the turn moved on; re-read to_act
    return deal.result  # type: ignore[return-value]


@dataclass
class MatchResult:
    """A finished match: per-deal results and the final scores.

    ``results[i]`` is deal ``i`` of the match (its dealer, ``dealer_streak`` and
    ``prevailing_wind``; in Taiwanese also ``dealer_after``, ``streak_after``, ``passed``).
    ``passes``: how often the dealership passed (TW §16; in Hong Kong, HK §12, after every
    deal with ``rotate_dealer``, else never)."""

    results: list[DealResult] = field(default_factory=list)
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    seed: int = 0
    seat_names: tuple[str, ...] = ()
    #: the ruleset every deal was played under (with all its switches)
    rules: Ruleset = field(default_factory=resolve_rules)
    match_index: int = 0
    passes: int = 0

    @property
    def deals(self) -> int:
        return len(self.results)

    def to_dict(self) -> dict[str, Any]:
        """The match as plain values for ``json.dumps``: ``seed``, ``match_index``, ``rules``
        (the ruleset's ``to_dict()``), ``seat_names``, ``scores``, ``passes``, ``deals`` and
        ``results`` (each :meth:`DealResult.to_dict`)."""
        return {
            "seed": self.seed,
            "match_index": self.match_index,
            "rules": self.rules.to_dict(),
            "seat_names": list(self.seat_names),
            "scores": list(self.scores),
            "passes": self.passes,
            "deals": self.deals,
            "results": [r.to_dict() for r in self.results],
        }


def play_match(
    seats: Sequence[object],
    *,
    seed: int = 0,
    deals: int | None = None,
    rotate_dealer: bool | None = None,
    log: str | os.PathLike[str] | IO[str] | None = None,
    start_deal: int = 0,
    scores: Sequence[int] | None = None,
    rules: RulesLike = None,
    match_index: int = 0,
    on_deal: Callable[[Deal, DealResult], None] | None = None,
    record: bool | None = None,
) -> MatchResult:
    """Play one match (HK §12, TW §16) through the core's match (``_core.Match``), which the
    ruleset drives: who deals each deal, with which streak and round wind, from which scores,
    and when the match is over.

    Hong Kong: ``deals`` deals (default 1; indices ``start_deal`` ..): deal d uses the wall of
    ``(seed, d)``, dealt by P0 or, with the ``rotate_dealer`` switch, by P(d mod 4); scores
    carry over from ``scores`` (default zeros).

    Taiwanese (``rules="taiwanese-high"`` / ``"taiwanese-low"`` or such a Ruleset): P0 deals
    first; after each deal the match settles it and says the next dealer, streak and round wind
    (TW §15, §16); the match ends when the ruleset's ``match_length`` is reached or
    ``max_deals`` deals are played. Scores start at the ``starting_score`` switch. ``deals``,
    ``start_deal`` and ``scores`` are not options of a Taiwanese match: set the ruleset's
    switches instead.

    Deal ``i`` of match ``match_index`` = j uses the wall ``_core.wall(seed, (j << 32) | i)``
    and AI seats keyed by the same index, so a match depends only on ``(seed, j)``.

    Args:
        rules: the ruleset (a :class:`~mahjong_fast.Ruleset` or a name, default Hong Kong);
            every deal is played under it and every log header records it (HK §18).
        rotate_dealer: shorthand that sets the ruleset's ``rotate_dealer`` switch (None: as
            ``rules`` says; a ruleset without the switch refuses it).
        log: a path or text file to write the JSON Lines event log to (None: no log), as
            the game goes: a match stopped at any moment leaves a log that replays up to
            there, which :func:`resume_match` continues.
        match_index: j, 0 .. 2**32-1.
        on_deal: called as ``on_deal(deal, result)`` after each deal (and after its log
            lines are written), e.g. to show the result.
        record: keep every deal's events (default: only when logging).

    Raises:
        RuleConfigError: an unknown ruleset name; ``deals``, ``start_deal``, ``scores`` or
            ``rotate_dealer`` given to a ruleset whose match does not take them (Taiwanese);
            ``deals`` below 1 or deal indices ``start_deal`` .. beyond 0..2**32-1.
        ValueError: not four seats.
        MahjongError: ``seed`` outside 0..2**64-1, ``start_deal`` or ``deals`` out of range,
            ``scores`` not four scores within ±10**15.
        TypeError: ``seed``, ``deals`` or ``start_deal`` not an int (bool included); ``log``
            neither a path nor a text file.
    """
    if len(seats) != 4:
        raise ValueError("a match needs four seats")
    # the core's one argument conversion (TypeError naming the argument, MahjongError out of range)
    seed = int(_core.checked_int(seed, "seed", 0, 2**64 - 1))
    match_index = int(_core.checked_int(match_index, "match_index", 0, 2**32 - 1))
    ruleset = with_rotate_dealer(resolve_rules(rules), rotate_dealer)
    state = _core.Match(
        ruleset,
        deals=deals,
        start_deal=start_deal,
        scores=None if scores is None else [int(s) for s in scores],
    )
    names = tuple(str(getattr(s, "name", f"P{i}")) for i, s in enumerate(seats))
    writer = LogWriter(log) if log is not None else None
    keep = writer is not None if record is None else record or writer is not None
    out = MatchResult(seed=seed, seat_names=names, rules=ruleset, match_index=match_index)
    try:
        total = (deals or 1) if _house_match(ruleset) and _takes_deal_count(ruleset) else None
        _play_on(state, seats, out, keep=keep, writer=writer, on_deal=on_deal, match_deals=total)
    finally:
        if writer is not None:
            writer.close()
    return out


def _play_on(
    state: _core.Match,
    seats: Sequence[object],
    out: MatchResult,
    *,
    keep: bool,
    writer: LogWriter | None,
    on_deal: Callable[[Deal, DealResult], None] | None,
    under_way: Deal | None = None,
    match_deals: int | None = None,
) -> None:
    """Play the match ``state`` to its end (``under_way``: its next deal, already begun and
    logged as far as it went), adding each deal's result to ``out``; each deal is written to
    ``writer`` as it is played; ``match_deals``, when given, goes into each header."""
    seed, match_index, names = out.seed, out.match_index, out.seat_names
    house = _house_match(out.rules)
    with_passes = house and out.rules.switches.get("match_length") in ("east_round", "full_game")
    while (nxt := state.next_deal()) is not None:
        if under_way is not None:
            deal, under_way = under_way, None
            if writer is not None:
                writer.resume_deal(deal)
        else:
            deal = new_deal(
                seats,
                seed=seed,
                deal_index=nxt["deal_index"],
                match_index=match_index,
                scores=nxt["scores"],
                record=keep,
                rules=out.rules,
                dealer=nxt["dealer"],
                prevailing_wind=nxt["prevailing_wind"],
                dealer_streak=nxt["dealer_streak"],
            )
            if writer is not None:
                passes = state.passes if with_passes else None
                writer.start_deal(
                    deal, seed=seed, seats=names, match=match_index, passes=passes,
                    match_deals=match_deals,
                )  # fmt: skip
        res = run_deal(deal, seats, on_action=None if writer is None else writer.catch_up)
        # the deal's own settlement (HK §19.8 liability and §19.11 a false win included),
        # checked by the core against the settlement of its wins
        settled = state.record_deal(deal._core)
        if tuple(settled["payments"]) != res.payments or tuple(state.scores) != res.scores:
            raise RuntimeError(  # the deal and the match ask the same core ruleset
                f"deal {nxt['deal_index']}: the deal paid {res.payments}, the match "
                f"{settled['payments']}"
            )
        out.results.append(res)
        if writer is not None:
            writer.end_deal()
        if on_deal is not None:
            on_deal(deal, res)
    out.scores = tuple(state.scores)  # type: ignore[assignment]
    out.passes = state.passes
    if writer is not None and house and state.end is not None:
        writer.end_match(state.deals, state.end, state.scores)


def _house_match(rules: Ruleset) -> bool:
    """Whether a match of ``rules`` is played under house match switches (a switch of the
    ruleset's table from HK §19.10 off its default): its log then records the passes of an East
    round or full game in each header and ends with a ``match_end`` line (HK §19.13). A match at
    the seeds' rules logs as before."""
    values = rules.switches
    return any(
        "19.10" in (row.section or "") and values.get(row.name, row.default) != row.default
        for row in rules.switch_table()
    )


def _foreign(why: str, line: int | None = None) -> ReplayError:
    return ReplayError(f"not a match this can resume: {why}", line)


def _takes_deal_count(rules: Ruleset) -> bool:
    """Whether a match of ``rules`` is as long as the ``deals`` it is given (HK §19.10
    ``match_length = independent``, with or without ``dealer_repeat``), a number a log does not
    hold; a ruleset whose match length follows from its results (an East round, TW §16) refuses
    ``deals``."""
    try:
        _core.Match(rules, deals=2)
    except RuleConfigError:
        return False
    return True


def resume_match(
    seats: Sequence[object],
    log: str | os.PathLike[str],
    *,
    deals: int | None = None,
    on_deal: Callable[[Deal, DealResult], None] | None = None,
    on_resumed: Callable[[Deal | None], None] | None = None,
) -> MatchResult:
    """Go on with a match whose log a stopped :func:`play_match` left (Ctrl-C, a closed
    terminal, the end of input): the match of the log's seed, match index and ruleset (HK §18),
    from the first decision the log does not hold, appending to the log.

    The deals the log holds whole are taken as they are. The deal it holds in part is rebuilt
    from its wall and the actions the log records (each seat's past choices are replayed from
    the log, not asked again; seats' ``new_deal`` and ``notify`` hooks see the deal as it
    went), then played on: ``seats`` are asked from there. The log's lines are never changed.

    Args:
        seats: the four seats, as the log's header names them.
        log: the path of the log (it must hold the match from its first deal).
        deals: a Hong Kong match's number of deals (default 1, as :func:`play_match`; the log
            records it only for a match under house match switches, HK §19.10, whose number
            is then taken from the log and a different one refused); a Taiwanese match takes
            none (its switches end it, TW §16).
        on_deal: as :func:`play_match`, for the deals played from here.
        on_resumed: called once the log is replayed, before any seat is asked, with the deal
            under way (None when the log ends between deals).

    Returns the :class:`MatchResult` of the whole match (the deals of the log included).

    Raises:
        ReplayError: the log does not replay (with its line), holds deals of more than one
            match or seed or seat line-up, walls not of its seed, or a finished match.
        RuleConfigError: ``deals`` given to a Taiwanese match, or below 1.
        ValueError: not four seats.
    """
    if len(seats) != 4:
        raise ValueError("a match needs four seats")
    try:
        with open(log, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ReplayError(f"cannot read log: {e.strerror or e}") from None
    except ValueError:
        raise ReplayError("cannot read log: a path holds no NUL byte") from None
    lines = _read_lines(data)
    replayed = replay_deals(lines, allow_unfinished=True)  # ReplayError: not a valid log
    parsed = [(n, _parse(raw, n)) for n, raw in enumerate(lines, start=1) if raw.strip()]
    heads = [(n, obj) for n, obj in parsed if obj.get("type") == "header"]
    ended = any(obj.get("type") == "match_end" for _, obj in parsed)
    first_line, first = heads[0]
    seed, match_index = first.get("seed"), first.get("match")
    if seed is None or match_index is None:
        raise _foreign("its header names no seed or no match", first_line)
    for (n, head), deal in zip(heads, replayed):
        for key in ("seed", "match", "seats"):
            if head.get(key) != first.get(key):
                raise _foreign(
                    f"its deals differ in {key} ({head.get(key)!r}, not {first.get(key)!r})", n
                )
        index = (match_index << MATCH_SHIFT) | deal.deal_index
        if list(deal.wall) != deal_wall(seed, index):
            raise _foreign(f"the wall of deal {deal.deal_index} is not that of seed {seed}", n)
    ruleset = replayed[0].rules
    start = replayed[0]
    logged = first.get("match_deals")  # HK §19.13 match log: the match's number of deals
    if logged is not None:
        if deals is not None and deals != logged:
            raise _foreign(f"its match has {logged} deals, not {deals}", first_line)
        deals = logged
    state = _core.Match(
        ruleset,
        deals=deals,
        start_deal=start.deal_index if ruleset.independent_deals else 0,
        scores=list(first.get("scores", [0, 0, 0, 0])) if ruleset.independent_deals else None,
    )
    names = tuple(str(n) for n in first["seats"])
    out = MatchResult(seed=seed, seat_names=names, rules=ruleset, match_index=match_index)
    done = [d for d in replayed if d.result is not None]

    def over() -> ReplayError:
        hint = ""
        if ruleset.independent_deals or _takes_deal_count(ruleset):
            hint = (" (a Hong Kong log does not hold how many deals the match was to have: "
                    "give that number, deals= or --deals N)")  # fmt: skip
        return ReplayError(
            f"the match is over: the log holds {len(done)} finished deal(s), nothing to resume{hint}"
        )

    if ended:  # HK §19.13: the log says the match ended
        raise ReplayError(
            f"the match is over: the log holds {len(done)} finished deal(s) and its match_end "
            "line, nothing to resume"
        )
    for (n, _), d in zip(heads, done):
        nxt = state.next_deal()
        if nxt is None:
            raise over()
        if nxt["deal_index"] != d.deal_index:
            raise _foreign(f"deal {d.deal_index} is not the next deal of this match", n)
        state.record_deal(d._core)
        out.results.append(d.result)  # type: ignore[arg-type]
    under_way: Deal | None = None
    if replayed[-1].result is None:
        n, head = heads[-1]
        nxt = state.next_deal()
        if nxt is None:
            raise over()
        if nxt["deal_index"] != replayed[-1].deal_index:
            raise _foreign("its last deal is not the next deal of this match", n)
        under_way = new_deal(
            seats, seed=seed, deal_index=nxt["deal_index"], match_index=match_index,
            scores=nxt["scores"], record=True, rules=ruleset, dealer=nxt["dealer"],
            prevailing_wind=nxt["prevailing_wind"], dealer_streak=nxt["dealer_streak"],
        )  # fmt: skip
        for m, obj in parsed:  # the deal's recorded actions, in order
            if m > n and obj.get("e") == "action" and not obj.get("auto"):
                under_way.apply(_action_of(obj, m))
        if len(under_way.events) != len(replayed[-1].events):  # replay_deals proved the log
            raise RuntimeError("the deal rebuilt from the log differs from its replay")
    elif state.next_deal() is None:
        raise over()
    if on_resumed is not None:
        on_resumed(under_way)
    with LogWriter(log, append=True) as writer:
        if data and not data.endswith(b"\n"):
            writer._put("\n")  # the last line was not ended: the next starts on its own
        _play_on(state, seats, out, keep=True, writer=writer, on_deal=on_deal,
                 under_way=under_way, match_deals=logged)  # fmt: skip
    return out
