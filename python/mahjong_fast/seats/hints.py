"""The ``hint`` of ``play`` beside the expert's ranking: shanten, the discards that keep it, the
waits with what each is worth self-drawn / on a discard under the ruleset (HK §10, §10.5,
§14a; TW §11, §14), and what each option of a claim prompt does to the hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..errors import InvalidHandError
from ..game.actions import Action, ActionType
from ..render import (
    code_of_kind,
)
from ..rules import resolve_rules
from .advice import POINTS_NOTE, HintRow
from .situation import win_situation

__all__ = ["claim_hint_text", "hint_table", "hint_text"]


def hint_table(rows: Sequence[HintRow], words: Any = None) -> Group:
    """The rows of :func:`.advice.hint_rows` as the terminal shows them: what to type, the
    points, and the reason (wrapped at word boundaries to the console's width), then one line
    saying what the points are. ``words``: a Chinese :class:`~mahjong_fast.words.Words` gives
    the headings and short reasons in that Chinese (built from each row's shanten, tiles that
    improve and safety; the English reasons' prose is not translated); None: English."""
    from ..words import Words

    w = words if words is not None else Words("en")
    table = Table(
        box=None,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1, 0, 0),
        header_style="bold",
    )
    table.add_column(w("hint:col_type"), no_wrap=True, style="bold")
    table.add_column(w("hint:col_points"), justify="right", no_wrap=True)
    table.add_column(w("hint:col_why"), ratio=1)
    for r in rows:
        value = "-" if r.value is None else f"{r.value:+.2f}"
        mark = w("hint:expert") if r.expert else ""
        if w.chinese:
            option = _option_words(w, r)
            head = "" if r.action.type is ActionType.DISCARD else f"{option}："
            reason = _reason_words(w, r)
        else:
            head = "" if r.action.type is ActionType.DISCARD else f"{r.option}: "
            reason = r.reason
        table.add_row(f"  {r.command}", value, f"{mark}{head}{reason}")
    note = POINTS_NOTE if not w.chinese else w("hint:points_note")
    return Group(table, Text(note, style="dim"))


def _option_words(w: Any, r: HintRow) -> str:
    """A hint row's option in the reader's Chinese: the term of its action with its tiles (the
    claim menu's label for a claim)."""
    t, kind = r.action.type, (r.action.tiles[0] >> 2 if r.action.tiles else None)
    code = code_of_kind(kind) if kind is not None else ""
    if t is ActionType.CONCEALED_KONG:
        return str(w("hint:opt_concealed_kong", code=code))
    if t is ActionType.ADDED_KONG:
        return str(w("hint:opt_added_kong", code=code))
    if t in (ActionType.SELF_DRAWN_WIN, ActionType.WIN):
        return str(w.term("self_draw" if t is ActionType.SELF_DRAWN_WIN else "win"))
    if t is ActionType.PASS:
        return str(w("hint:opt_pass"))
    if t in (ActionType.PUNG, ActionType.KONG, ActionType.CHOW):
        term = {"pung": "pung_claim", "kong": "kong_declare", "chow": "chow_claim"}[t.value]
        return f"{w.term(term)} {r.option.split(' (')[0].split(' ', 1)[-1]}"
    return str(w("hint:opt_discard", code=code))


def _reason_words(w: Any, r: HintRow) -> str:
    """A hint row's reason in the reader's Chinese, short: a win, ready or the shanten after
    the option, the tiles that improve it and how many opponents discarded the tile."""
    parts = []
    if r.value is None:
        parts.append(w("hint:not_valued"))
    if r.shanten < 0:
        parts.append(w("hint:win_now"))
    elif r.shanten == 0:
        parts.append(w("hint:ready"))
    else:
        parts.append(w("hint:shanten", n=r.shanten))
    if r.ukeire is not None:
        parts.append(w("hint:improve", n=r.ukeire))
    if r.safety:
        parts.append(w("hint:safety", n=r.safety))
    return "，".join(parts)


def _waits_with_values(view: Any, counts: list[int], melds: Any) -> str:
    """The waits of a ready hand, each with its value self-drawn / on a discard under the view's
    ruleset (HK §10, TW §11), marking the waits that cannot win (below the ruleset's minimum,
    HK §10.5, TW §14)."""
    from .. import _core

    rules = resolve_rules(getattr(view, "rules", None))
    unit, minimum = rules.unit, rules.min_value
    parts = []
    try:
        values = _core.wait_values(
            counts,
            melds,
            view.bonus_mask(),
            view.seat_wind,
            getattr(view, "prevailing_wind", 0),
            rules=rules,
            **win_situation(view, next_round=True),
        )
    except InvalidHandError as e:  # no win in the next round of turns (TW §10a: the wall's end)
        return f"not valued: {e}"
    for kind, sd, dc in values:
        code = code_of_kind(kind)
        if sd.is_win and dc.is_win:
            parts.append(f"{code} {sd.value}/{dc.value} {unit}")
        elif sd.is_win:
            parts.append(
                f"{code} {sd.value} {unit} self-drawn only ({dc.value} on a discard is below "
                f"{minimum})"
            )
        elif dc.is_win:
            parts.append(
                f"{code} {dc.value} {unit} on a discard only ({sd.value} self-drawn is below "
                f"{minimum})"
            )
        else:
            parts.append(f"{code} cannot win ({sd.value} {unit} self-drawn, below {minimum})")
    return ", ".join(parts)


def _complete_text(
    view: Any, counts: list[int], melds: Any, can_win: bool | None, w: Any = None
) -> str:
    """What a complete (winning-shape) hand of 14 is worth self-drawn: a legal win, or why it is
    not one (the elements counted against the minimum, rules §10.5)."""
    from .. import _core
    from ..explain import explain_score
    from ..words import Words

    w = w if w is not None else Words("en")
    if can_win:
        return str(w("hint:complete_win"))
    drawn = getattr(view, "drawn_tile", None)
    if can_win is None or drawn is None:
        return str(w("hint:complete"))
    c = list(counts)
    c[drawn // 4] -= 1
    rules = getattr(view, "rules", None)
    try:
        r = _core.score(
            c, list(melds), view.bonus_mask(), drawn // 4, view.seat_wind, self_drawn=True,
            last_tile=view.remaining == 0, rules=rules, **win_situation(view),
        )
    except InvalidHandError:  # a situation the view cannot tell exactly (TW §10a)
        return str(w("hint:complete"))
    why = ("" if w.chinese else " ").join(explain_score(r, rules=rules, lang=w.lang))
    return str(w("hint:complete_short", why=why))


def hint_text(
    view: Any,
    top: int = 5,
    *,
    can_win: bool | None = None,
    discards: bool = True,
    words: Any = None,
) -> Text:
    """Shanten, waits (when ready, with their value self-drawn / on a discard) and the discards
    that keep the hand's best shanten, most tiles that improve it first. ``can_win``: whether a
    self-drawn win is offered now (a complete hand that is not is explained: its value against
    the minimum). ``discards=False`` leaves the list of discards out (the hint table of
    :func:`hint_table` has every option with its reason). ``words``: a Chinese
    :class:`~mahjong_fast.words.Words` gives the head (the shanten, or what a complete hand is
    worth) in that Chinese; the list of discards stays English."""
    from .. import _core

    rules = resolve_rules(getattr(view, "rules", None))
    counts = view.hand_counts()
    melds = view.meld_tuples()
    n = sum(counts) + 3 * len(melds)
    w = words if words is not None and words.chinese else None
    out = Text("  hint: " if w is None else w("hint:head"), style="cyan")
    if n == rules.hand_tiles + 1:
        sh = _core.shanten(counts, melds, rules=rules)
        if sh == -1:
            out.append(_complete_text(view, counts, melds, can_win, w))
        else:
            out.append(f"shanten {sh}. " if w is None else w("hint:shanten", n=sh) + "。")
        if not discards:
            return out
        rated = sorted(
            _core.rate_discards(counts, melds, view.unseen_counts(), rules=rules),
            key=lambda r: (r[1], -r[2], r[0]),
        )
        # only the discards that keep the hand's best shanten (one that raises it is no advice)
        rated = [r for r in rated if r[1] == rated[0][1]] if rated else rated
        out.append("discards that keep it: ")
        for i, (kind, after, ukeire) in enumerate(rated[:top]):
            if i:
                out.append(", ")
            out.append(f"{code_of_kind(kind)} (shanten {after}, {ukeire} tiles improve")
            if after == 0:
                c = list(counts)
                c[kind] -= 1
                out.append("; waits " + _waits_with_values(view, c, melds))
            out.append(")")
    else:
        sh = _core.shanten(counts, melds, rules=rules)
        if w is not None:
            out.append(w("hint:ready") if sh == 0 else w("hint:shanten", n=sh))
            return out
        out.append(f"shanten {sh}")
        if sh == 0:
            out.append("; ready, waiting on " + _waits_with_values(view, list(counts), melds))
    return out


def claim_hint_text(view: Any, options: Sequence[tuple[str, Action]], pass_action: Action) -> Text:
    """Per numbered option of a claim prompt (and pass, ``[0]``): shanten after it and the best
    value still reachable (see :mod:`.claim_hint`); options after which no wait can reach the
    minimum are marked."""
    from ..rules import resolve_rules
    from .claim_hint import claim_outlooks, outlook_text

    rules = getattr(view, "rules", None)
    minimum = resolve_rules(rules).min_value
    actions = [a for _label, a in options] + [pass_action]
    labels = [f"[{i}] {label}" for i, (label, _a) in enumerate(options, 1)] + ["[0] pass"]
    out = Text()
    for i, (label, o) in enumerate(zip(labels, claim_outlooks(view, actions))):
        if i:
            out.append("\n")
        out.append(f"    {label}: ", style="cyan")
        out.append(outlook_text(o, minimum), style="red" if o.dead else "")
    return out
