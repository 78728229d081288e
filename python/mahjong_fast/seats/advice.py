"""The ``hint`` of ``play`` as data: every legal option of a decision, ranked, each with the
command that performs it at the terminal and its reason in words.

:func:`hint_rows` is the one source of the hint: :meth:`mahjong_fast.game.Deal.hint` returns
it, the terminal (``hint`` in ``mahjong-fast play``) prints it, and a browser table can show
the same rows. The ranking is the ``expert`` seat's own (:func:`.expert_hint.expert_ranking`:
expected points for the rest of the deal from what the player can see, rules §14), so the
expert's move is always marked; options whose values are equal to the hundredth of a point
are then ordered by what a player checks next — the shanten after the option (lower first),
the tiles that improve it (ukeire, more first), then safety (a discard more opponents have
discarded themselves first). The tie-break changes only what the hint shows, never what the
``expert`` seat plays.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import _core
from ..errors import InvalidHandError
from ..game.actions import ENGINE_TYPES, Action, ActionType, Phase
from ..render import code_of_id, code_of_kind
from ..rules import resolve_rules
from .claim_hint import ClaimOutlook, claim_outlooks, outlook_text
from .expert import ExpertSeat
from .expert_hint import expert_ranking, option_label
from .narration import _kinds, _tiles
from .situation import win_situation

#: the seat whose answers the hint follows (the ready declaration, TW §20.6.1)
_EXPERT = ExpertSeat()

__all__ = ["POINTS_NOTE", "HintRow", "claim_menu", "hint_rows"]

_WINS = (ActionType.WIN, ActionType.SELF_DRAWN_WIN)
_KONGS = (ActionType.CONCEALED_KONG, ActionType.ADDED_KONG)

#: the line printed under the hint table: what its numbers are
POINTS_NOTE = (
    "points: what the expert expects the option to be worth to you over the rest of the deal "
    "(expected points won or lost, from what you can see)"
)


@dataclass(frozen=True)
class HintRow:
    """One option of a decision, as the hint shows it.

    Attributes:
        action: the legal :class:`~mahjong_fast.game.Action` (the lowest tile id of its kind).
        option: the option in words (``discard 3m``, ``added kong 4m``, ``pung 5z``, ``pass``).
        command: what to type at the ``play`` prompt to make it (``3m``, ``kong 4m``, ``win``,
            ``pung`` or the option's number at a claim, ``pass``).
        value: the expert's value in points (expected points for the rest of the deal, from the
            player's view); ``None`` when it was not computed (see ``reason``).
        shanten: the hand's shanten after the option (-1 for a win; for a pung or chow, after
            the best discard that follows).
        ukeire: for a discard, the unseen tiles that lower the shanten after it (for a ready
            hand: the unseen winning tiles); ``None`` for other options.
        safety: for a discard, how many of the three opponents have discarded that kind
            themselves (0..3); ``None`` for other options.
        reason: why, in words (``keeps 2-shanten, 18 tiles improve; safe: discarded by all
            three``).
        expert: True for the option the ``expert`` seat would play.
    """

    action: Action
    option: str
    command: str
    value: float | None
    shanten: int
    ukeire: int | None
    safety: int | None
    reason: str
    expert: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The row as JSON-ready values (the action as its ``type`` and tile codes)."""
        return {
            "option": self.option,
            "command": self.command,
            "type": self.action.type.value,
            "tiles": [code_of_id(t) for t in self.action.tiles],
            "value": self.value,
            "shanten": self.shanten,
            "ukeire": self.ukeire,
            "safety": self.safety,
            "reason": self.reason,
            "expert": self.expert,
        }


def claim_menu(
    view: Any, legal: Sequence[Action], words: Any = None
) -> list[tuple[str, Action]]:
    """The numbered choices of a claim prompt (``[1]`` first; pass, ``[0]``, is not listed):
    a win, kongs, pungs, then each chow, one per distinct set of kinds, each with its label
    (``pung 5z (with your 5z 5z)``). ``words``: a :class:`~mahjong_fast.words.Words` for the
    labels in its language (``pung 5z：碰（手牌 5z 5z）``); every label begins with the word a
    player types, in every language."""
    from ..words import Words

    w = words if words is not None else Words("en", getattr(view, "rules", None))
    order = {ActionType.WIN: 0, ActionType.KONG: 1, ActionType.PUNG: 2, ActionType.CHOW: 3}
    seen: set[tuple[Any, ...]] = set()
    options: list[tuple[str, Action]] = []
    claims = sorted(
        (a for a in legal if a.type != ActionType.PASS),
        key=lambda a: (order.get(a.type, 9), _kinds(a.tiles)),
    )
    target = view.kong_tile if view.phase == Phase.ROB else view.last_discard
    tcode = code_of_id(target[1]) if target else "?"
    for a in claims:
        key = (a.type, _kinds(a.tiles))
        if key in seen:
            continue
        seen.add(key)
        yours = _tiles(sorted(a.tiles))
        if a.type == ActionType.WIN:
            label = w("claim:rob" if view.phase == Phase.ROB else "claim:win", tile=tcode)
        elif a.type == ActionType.CHOW:
            kinds = sorted([*_kinds(a.tiles), target[1] // 4]) if target else _kinds(a.tiles)
            label = w("claim:chow", tiles=" ".join(code_of_kind(k) for k in kinds), yours=yours)
        elif a.type in (ActionType.PUNG, ActionType.KONG):
            label = w(f"claim:{a.type.value}", tile=tcode, yours=yours)
        else:
            label = f"{a.type.value} {tcode} (with your {yours})"
        options.append((label, a))
    return options


def _claim_command(menu: list[tuple[str, Action]], action: Action) -> str:
    """The word of a claim choice when it names one choice only, else its number."""
    for i, (label, a) in enumerate(menu, 1):
        if a.type == action.type and _kinds(a.tiles) == _kinds(action.tiles):
            word = label.split()[0]
            same = [lb for lb, _ in menu if lb.split()[0] == word]
            return word if len(same) == 1 else str(i)
    return "pass"


def _safety_text(n: int) -> str:
    """Safety in words: how many opponents discarded the kind themselves."""
    if n == 3:
        return "safe: discarded by all three"
    return ("", "discarded by one opponent", "discarded by two opponents")[n]


class _Reasons:
    """Shanten, ukeire, waits and safety of one view's options, from the core's analysis."""

    def __init__(self, view: Any):
        self.view = view
        self.rules = resolve_rules(getattr(view, "rules", None))
        self.counts = view.hand_counts()
        self.melds = list(view.meld_tuples())
        self.unseen = view.unseen_counts()
        self.unit = self.rules.unit
        me = view.player
        self.discarded_by = [
            {t >> 2 for t, _c in view.discard_history[p]} for p in range(4) if p != me
        ]

    def shanten(self, counts: Sequence[int], melds: Sequence[tuple[int, int]]) -> int:
        return int(_core.shanten(list(counts), list(melds), rules=self.rules))

    def waits_text(self, counts: list[int], melds: Sequence[tuple[int, int]]) -> str:
        """``wait 3p 6p (8 tiles), up to 4 faan`` for a ready 13-equivalent hand, or why it
        cannot win."""
        view = self.view
        kinds = list(_core.waits(list(counts), list(melds), rules=self.rules))
        left = sum(self.unseen[k] for k in kinds)
        try:
            values = _core.wait_values(
                counts,
                list(melds),
                view.bonus_mask(),
                view.seat_wind,
                getattr(view, "prevailing_wind", 0),
                rules=self.rules,
                **win_situation(view, next_round=True),
            )
        except InvalidHandError as e:
            # the wall's end is too near for a win in the next round of turns (TW §10a)
            codes = " ".join(code_of_kind(k) for k in kinds)
            return f"ready: wait {codes} ({left} tiles); not valued: {e}"
        best = max(
            (r.value for _k, sd, dc in values for r in (sd, dc) if r.is_win), default=None
        )
        codes = " ".join(code_of_kind(k) for k in kinds)
        if best is None:
            return (
                f"ready on {codes} ({left} tiles), but no wait reaches the "
                f"{self.rules.min_value}-{self.unit} minimum: it cannot win"
            )
        return f"ready: wait {codes} ({left} tiles), worth up to {best} {self.unit}"

    def discard(
        self, kind: int, after: int, ukeire: int, best: int, complete: bool
    ) -> tuple[str, int]:
        """The reason of discarding ``kind`` (shanten ``after`` it, ``best`` over every
        discard; ``complete``: the hand before is a winning shape) and its safety."""
        safety = sum(kind in d for d in self.discarded_by)
        if after == 0:
            c = list(self.counts)
            c[kind] -= 1
            text = self.waits_text(c, self.melds)
            if complete:
                text = "breaks the complete hand; " + text
        elif after == best:
            text = f"keeps {after}-shanten, {ukeire} tiles improve"
        else:
            text = f"raises shanten from {best} to {after}, {ukeire} tiles improve"
        extra = _safety_text(safety)
        return (f"{text}; {extra}" if extra else text), safety

    def kong(self, action: Action) -> tuple[str, int]:
        kind = action.tiles[0] >> 2
        c = list(self.counts)
        melds = list(self.melds)
        if action.type is ActionType.ADDED_KONG:
            c[kind] -= 1
            melds = [(3, kind) if m == (1, kind) else m for m in melds]
        else:
            c[kind] -= 4
            melds.append((4, kind))
        sh = self.shanten(c, melds)
        text = "ready after the replacement tile" if sh == 0 else f"{sh}-shanten"
        if sh == 0:
            text = self.waits_text(c, melds)
        return f"declares the kong and draws a replacement tile; {text}", sh

    def self_drawn_win(self) -> str:
        drawn = getattr(self.view, "drawn_tile", None)
        if drawn is None:
            return "win now (self-drawn)"
        c = list(self.counts)
        c[drawn >> 2] -= 1
        try:
            r = _core.score(
                c,
                self.melds,
                self.view.bonus_mask(),
                drawn >> 2,
                self.view.seat_wind,
                getattr(self.view, "prevailing_wind", 0),
                self_drawn=True,
                last_tile=self.view.remaining == 0,
                rules=self.rules,
                **win_situation(self.view),
            )
        except InvalidHandError:  # a situation the view cannot tell exactly (TW §10a)
            return "win now (self-drawn)"
        return f"win now (self-drawn): {r.value} {self.unit}"


def _not_valued(action: Action) -> str:
    name = action.type.value
    return (
        f"not valued: this {name} brings the hand no closer to ready, so the expert never "
        "makes it and does not price it"
    )


def hint_rows(view: Any, legal: Sequence[Action]) -> list[HintRow]:
    """Every option of ``legal`` (one row per distinct option: copies of a tile are one
    discard), ranked best first.

    The order is the ``expert`` seat's (HK/TW rules §14: only what ``view.player`` may see is
    used): a legal win first unless the expert lets it go, then the highest value; options of
    equal value (to 0.01 point) by lower shanten after them, then more ukeire, then safety.
    The row the expert would play has ``expert=True``.

    A ruleset's other extra actions are not ranked. A ready declaration naming its tile (TW
    §20.6.1 ``declare_ready``) is a discard that also declares: it gets its own row (``declare
    ready with 7z``, command ``ready 7z``) with the values of the discard of that tile, placed
    just before it; it is the expert's row when the expert would discard that tile and declare
    with it (by value: :meth:`ExpertSeat.declares`), else right after the expert's discard.

    Args:
        view: the player's :class:`~mahjong_fast.game.SeatView` (or live view).
        legal: the player's legal actions now (``Deal.legal_actions(player)``), not empty.

    Returns:
        A list of :class:`HintRow`.

    Raises:
        InvalidHandError: ``legal`` empty, or an option the hand cannot make.
    """
    declarations = [a for a in legal if a.type is ActionType.DECLARE_READY and a.tiles]
    engine = [a for a in legal if a.type in ENGINE_TYPES]
    rows = _engine_rows(view, engine)
    if not declarations:
        return rows
    return _with_declarations(rows, declarations, lambda kind: _EXPERT.declares(view, kind))


def _with_declarations(
    rows: list[HintRow], declarations: Sequence[Action], declares: Any
) -> list[HintRow]:
    """``rows`` with a row per kind of ``declarations`` beside the discard of that kind (same
    values). On the expert's discard, ``declares(kind)`` says whether the expert would make it
    a declaration (by value, TW §20.6.1): then the declaration row comes first and takes the
    expert mark, else it follows the discard; on the others it comes just before."""
    by_kind: dict[int, Action] = {}
    for a in sorted(declarations, key=lambda a: a.tiles[0]):
        by_kind.setdefault(a.tiles[0] >> 2, a)
    out: list[HintRow] = []
    for r in rows:
        kind = r.action.tiles[0] >> 2 if r.action.type is ActionType.DISCARD else None
        d = by_kind.pop(kind, None) if kind is not None else None
        if d is not None:
            code = code_of_kind(kind)  # type: ignore[arg-type]
            row = replace(
                r,
                action=d,
                option=f"declare ready with {code}",
                command=f"ready {code}",
                reason=f"declares ready: from then on you discard every tile you draw; {r.reason}",
            )
            if r.expert and not declares(kind):
                out += [r, replace(row, expert=False)]
                continue
            out.append(row)
            r = replace(r, expert=False)
        out.append(r)
    for kind, d in sorted(by_kind.items()):  # a declaration without its discard row (none)
        code = code_of_kind(kind)
        out.append(
            HintRow(
                action=d,
                option=f"declare ready with {code}",
                command=f"ready {code}",
                value=None,
                shanten=0,
                ukeire=None,
                safety=None,
                reason="declares ready: from then on you discard every tile you draw",
            )
        )
    return out


def _engine_rows(view: Any, legal: Sequence[Action]) -> list[HintRow]:
    """:func:`hint_rows` of the engine's own options ``legal``."""
    ranking = expert_ranking(view, legal)
    expert_action = ranking[0][0]
    target = view.kong_tile if view.phase == Phase.ROB else view.last_discard
    disc = target[1] >> 2 if target is not None else None
    claim_phase = view.phase in (Phase.RESPONSE, Phase.ROB)
    menu = claim_menu(view, legal) if claim_phase else []
    why = _Reasons(view)

    # one row per option label; the expert's own copy of its option is the one kept
    firsts: dict[str, tuple[Action, float]] = {}
    for action, value in ranking:
        firsts.setdefault(option_label(action, disc), (action, value))
    outlooks: dict[str, ClaimOutlook] = {}
    if claim_phase:
        acts = [a for a, _v in firsts.values()]
        for a, o in zip(acts, claim_outlooks(view, acts)):
            outlooks[option_label(a, disc)] = o
    rated = {}
    best_after = 99
    if any(a.type is ActionType.DISCARD for a, _v in firsts.values()):
        for kind, after, uk in _core.rate_discards(
            why.counts, why.melds, why.unseen, rules=why.rules
        ):
            rated[kind] = (after, uk)
            best_after = min(best_after, after)
    sh_now = why.shanten(why.counts, why.melds)

    rows: list[HintRow] = []
    for label, (action, value) in firsts.items():
        t = action.type
        shown_value: float | None = None if math.isinf(value) else float(value)
        ukeire: int | None = None
        safety: int | None = None
        option = label
        if t is ActionType.DISCARD:
            kind = action.tiles[0] >> 2
            after, ukeire = rated.get(kind, (why.shanten(why.counts, why.melds), 0))
            reason, safety = why.discard(kind, after, ukeire, best_after, sh_now < 0)
            shanten = after
            command = code_of_kind(kind)
        elif t in _KONGS:
            kind = action.tiles[0] >> 2
            option = ("added kong " if t is ActionType.ADDED_KONG else "concealed kong ") + (
                code_of_kind(kind)
            )
            reason, shanten = why.kong(action)
            command = f"kong {code_of_kind(kind)}"
        elif t is ActionType.SELF_DRAWN_WIN:
            reason, shanten, command = why.self_drawn_win(), -1, "win"
        else:  # a claim window: win on a discard or a robbed kong, pung, kong, chow, pass
            o = outlooks[label]
            reason = outlook_text(o, why.rules.min_value)
            shanten = o.shanten
            command = _claim_command(menu, action) if t is not ActionType.PASS else "pass"
            if t is not ActionType.PASS:
                option = next(
                    (lb for lb, a in menu if a.type == t and _kinds(a.tiles) == _kinds(action.tiles)),
                    label,
                )
        if shown_value is None:
            reason = f"{_not_valued(action)}; {reason}"
        rows.append(
            HintRow(
                action=action,
                option=option,
                command=command,
                value=shown_value,
                shanten=shanten,
                ukeire=ukeire,
                safety=safety,
                reason=reason,
                expert=action is expert_action,
            )
        )

    win_on_offer = any(a.type in _WINS for a in legal)

    def key(item: tuple[int, HintRow]) -> tuple[Any, ...]:
        i, r = item
        # with a win on offer the expert's decision (the win, or passing it by) comes first
        forced_first = r.expert and win_on_offer
        v = -math.inf if r.value is None else round(r.value, 2)
        return (
            not forced_first,
            -v,
            r.shanten,
            -(r.ukeire or 0),
            -(r.safety or 0),
            i,
        )

    return [r for _i, r in sorted(enumerate(rows), key=key)]
