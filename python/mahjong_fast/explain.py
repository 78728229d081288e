"""Why a hand is (or is not) a legal win, in words: ``mahjong-fast score --explain`` and the
result screen of ``play``.

A hand scored by :func:`mahjong_fast.score` is one of three things (HK §10, §10.5, §14a;
TW §9, §11, §14):

- a legal win: the elements counted, their total against the minimum (and the cap, when the
  raw total is above it);
- below the minimum (``BELOW_MINIMUM``): the same elements and total, and how far short of the
  minimum it is;
- not a winning shape (``NOT_A_WINNING_HAND``): which shapes the ruleset knows (HK §9: four
  sets and a pair, seven pairs, thirteen orphans; TW §9: five sets and a pair, eight and a
  half pairs) and how far the tiles are from the nearest one (their shanten with the winning
  tile, rules §14a), with the sets already declared.

>>> import mahjong_fast as mf
>>> r = mf.score("456p234s5s [123m] [789m] 3f", "5s", seat_wind="S")
>>> for line in explain_score(r, hand="456p234s5s [123m] [789m] 3f", win="5s"):
...     print(line)
Counted: F1 All chows 1 = 1 faan.
The minimum is 3 faan (HK §10.5): 2 faan short, so this is not a legal win (BELOW_MINIMUM).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_fast import _core
from mahjong_fast.rules import RulesLike, resolve_rules

__all__ = ["explain_final_hand", "explain_score", "explain_waits"]


def _words(lang: str | None, rules: Any) -> Any:
    from mahjong_fast.words import Words

    return Words(lang or "en", rules)


def _unit(w: Any, unit: Any) -> str:
    """The unit's name in a Chinese; in English the unit's key as the lines always said."""
    return str(w.unit(str(unit))) if w.chinese else str(unit)


def _parts(elements: Any, w: Any) -> str:
    return ", ".join(f"{e.code} {w.element(e)} {e.value}" for e in elements)


def _counted(result: Any, w: Any) -> str:
    unit = _unit(w, result.unit)
    if not result.elements:
        return str(w("explain:counted_none", unit=unit))
    return str(w("explain:counted", parts=_parts(result.elements, w), total=result.raw_value,
                 unit=unit))  # fmt: skip


def explain_score(
    result: Any,
    *,
    hand: str | None = None,
    win: str | None = None,
    rules: RulesLike = None,
    lang: str | None = None,
) -> list[str]:
    """Lines saying why ``result`` (a :class:`~mahjong_fast.ScoreResult` of ``score(hand, win,
    rules=rules, ...)``) is a legal win, below the minimum or not a winning shape.

    ``hand`` and ``win`` (the arguments given to ``score``) are needed only to say how far a
    non-winning hand is from a winning shape; without them that line is left out. ``lang``
    (``en``, the default, ``zh-HK`` or ``zh-TW``): the lines' language, the game's terms in
    the ruleset's words (:class:`~mahjong_fast.words.Words`).

    Raises RuleConfigError for an unknown ruleset name, UnknownLanguageError for another
    language, and whatever ``shanten`` raises for a ``hand`` that is not one
    (InvalidHandError / InvalidTileError).
    """
    ruleset = resolve_rules(rules)
    w = _words(lang, ruleset)
    unit = _unit(w, result.unit)
    section = ruleset.section("minimum")
    minimum = ruleset.min_value
    if result.reason == "NOT_A_WINNING_HAND":
        shapes, where = ruleset.describe_shapes(), ruleset.section("shapes")
        lines = [str(w("explain:no_shape", where=where, shapes=shapes))]
        if hand is not None:
            lines.append(_distance(hand, win, ruleset, w))
        return lines
    lines = [_counted(result, w)]
    if result.is_win:
        if result.raw_value != result.value:
            lines.append(
                w("explain:capped", value=result.value, unit=unit, switch=ruleset.cap_switch,
                  section=ruleset.section("cap"))
                + (w("explain:limit_hand", limit=result.limit) if result.limit else "")
                + ("." if not w.chinese else "。")
            )  # fmt: skip
        lines.append(
            w("explain:legal", minimum=minimum, unit=unit, section=section, value=result.value)
        )
        return lines
    short = minimum - result.value
    lines.append(w("explain:short", minimum=minimum, unit=unit, section=section, short=short,
                   reason=result.reason))  # fmt: skip
    return lines


def _distance(hand: str, win: str | None, rules: Any, w: Any) -> str:
    from mahjong_fast.tiles import Hand, Tile

    h = Hand.parse(hand)
    counts = list(h.counts)
    if win is not None:
        counts[Tile(win).kind] += 1
    melds = h.core_melds
    sh = _core.shanten(counts, melds, rules=rules)
    declared = w("explain:declared", n=len(melds)) if melds else ""
    tiles = w("explain:with_win_tile") if win is not None else w("explain:the_hand")
    if sh < 0:  # complete as a shape: refused for another reason (should not happen)
        return str(w("explain:shape_done", tiles=tiles, declared=declared))
    n = sh + 1  # a complete-sized hand of shanten s needs s + 1 exchanges (rules §14a)
    return str(w("explain:distance", tiles=tiles, n=n, plural="s" if n > 1 else "",
                 declared=declared, sh=sh))  # fmt: skip


def explain_waits(
    values: Sequence[Any], *, rules: RulesLike = None, lang: str | None = None
) -> list[str]:
    """Lines for the waits of a ready hand that cannot win (from
    :func:`mahjong_fast.wait_values`): per wait, what was counted self-drawn and the minimum.
    Empty when every wait can win. ``lang`` as :func:`explain_score`."""
    ruleset = resolve_rules(rules)
    w = _words(lang, ruleset)
    lines = []
    for v in values:
        if v.can_win:
            continue
        r = v.self_drawn
        parts = _parts(r.elements, w) or w("explain:nothing")
        lines.append(w("explain:cannot_win_wait", tile=v.tile, parts=parts, value=r.value,
                       unit=_unit(w, r.unit), discard=v.discard.value,
                       minimum=ruleset.min_value))  # fmt: skip
    return lines


def explain_final_hand(
    tile_ids: Sequence[int],
    melds: Sequence[Sequence[int]],
    bonus_ids: Sequence[int],
    *,
    seat_wind: int,
    prevailing_wind: int = 0,
    rules: RulesLike = None,
    lang: str | None = None,
) -> list[str]:
    """For the result screen: when a hand left at the end of a deal (13 tiles counting each
    set as 3) was ready, what each wait was worth, and for the waits that could not win why
    (the elements counted against the minimum, rules §10.5 / TW §14). Empty when the hand was
    not ready.

    Args:
        tile_ids: the concealed physical tile ids (0..135).
        melds: the declared sets as ``(meld_kind, ids...)`` (a DealResult's ``final_melds``).
        bonus_ids: the exposed bonus tile ids (136..143).
        seat_wind: the player's seat wind 0..3.
        prevailing_wind: the deal's prevailing (round) wind 0..3 (default East).
        rules: the deal's ruleset (default Hong Kong).
        lang: as :func:`explain_score`.
    """
    from mahjong_fast import wait_values
    from mahjong_fast.tiles import Hand, Meld, MeldKind, Tile

    counts = [0] * 34
    for t in tile_ids:
        counts[t // 4] += 1
    sets = tuple(Meld(MeldKind(int(m[0])), Tile(min(int(x) for x in m[1:]) // 4)) for m in melds)
    hand = Hand(tuple(counts), sets, tuple(sorted((Tile(34 + b - 136) for b in bonus_ids), key=lambda t: t.kind)))
    if hand.size != resolve_rules(rules).hand_tiles:
        return []
    values = wait_values(hand, rules, seat_wind=seat_wind, prevailing_wind=prevailing_wind)
    if not values:
        return []
    w = _words(lang, resolve_rules(rules))
    unit = _unit(w, values[0].self_drawn.unit)
    worth = ", ".join(
        f"{v.tile} {v.self_drawn.value}/{v.discard.value} {unit}"
        + ("" if v.can_win else w("explain:cannot_win_mark"))
        for v in values
    )
    lines = [str(w("explain:ready", worth=worth))]
    return lines + explain_waits(values, rules=rules, lang=lang)
