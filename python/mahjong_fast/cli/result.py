"""The result screen of a deal: the wins with their breakdown, the payments, the hands."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from ..render import (
    WIND_NAMES,
    meld_label,
    tiles_label,
)
from ..rules import resolve_rules, unit_name
from ..words import Words
from .common import (
    console,
    words,
)


def show_result(
    res: Any, *, ascii: bool = False, rules: Any = None, lang: str | None = None
) -> None:
    """The end of a deal: every hand revealed, each winner's breakdown (faan or Tai) and
    settlement, or a draw; in Taiwanese also what happens to the dealer (TW §16). In the
    language of ``--lang`` (the catalogue's labels and the ruleset's terms)."""
    w = words(resolve_rules(rules)) if lang is None else Words(lang, resolve_rules(rules))
    if w.chinese:
        _show_result_words(res, w, ascii=ascii, rules=rules)
        return
    console.print(Text("─" * 72, style="dim"))
    head = f"End of deal {res.deal_index + 1} (dealer P{res.dealer}"
    # the dealer's streak is a Taiwanese count (TW §15, §16); Hong Kong deals have none (§12)
    streaks = rules is not None and not resolve_rules(rules).independent_deals
    if streaks:
        head += f", round wind {WIND_NAMES[res.prevailing_wind]}, dealer streak {res.dealer_streak}"
    console.print(Text(head + ")", style="bold"))
    seat_winds = [(p - res.dealer) % 4 for p in range(4)]
    winners = set(res.winners or (() if res.winner is None else (res.winner,)))
    # every hand revealed: a grid, so that a long hand (17 tiles, sets, bonus tiles) wraps
    # between tiles under its own column on a narrow terminal, never under the names
    hands = Table.grid(padding=(0, 1))
    hands.add_column(no_wrap=True)
    hands.add_column()
    for p in range(4):
        who = Text(
            f" {_who(p):<4} {WIND_NAMES[seat_winds[p]]:<5}", style="bold" if p in winners else ""
        )
        hand = res.final_hands[p] if res.final_hands else ()
        t = tiles_label(sorted(hand), ascii=ascii)
        melds = res.final_melds[p] if res.final_melds else ()
        for m in melds:
            t.append("  ")
            t.append_text(_meld_from_tuple(m, ascii))
        bonus = res.bonus[p] if res.bonus else ()
        if bonus:
            t.append("  bonus ")
            t.append_text(tiles_label(bonus, ascii=ascii))
        if p in winners:
            t.append("  ← winner", style="bold green")
        hands.add_row(who, t)
    console.print(hands)
    if getattr(res, "false_win", None) is not None:
        # HK §19.11: the declaration ended the deal; the offender pays each other player
        off = res.false_win
        console.print(
            Text(
                f"Result: false win by {_who(off)} (a win declared that the rules refuse): "
                f"{_who(off)} {'pay' if off == 0 else 'pays'} each other player "
                f"{max(res.payments)}.",
                style="bold red",
            )
        )
        console.print("Payments: " + _signed(res.payments))
    elif res.exhaustive_draw or res.winner is None:
        why = {
            "last_discard": "nobody won on the last discard",
            "no_replacement": "no tile left for a bonus replacement",
        }.get(res.draw_reason or "", "")
        console.print(
            Text(
                f"Result: exhaustive draw{f' ({why})' if why else ''}. No payments.",
                style="bold yellow",
            )
        )
    else:
        wins = res.wins or ()
        if len(wins) > 1:
            console.print(
                Text(
                    f"{len(wins)} winners on one tile: each is paid separately (TW §5.2, HK §19.7).",
                    style="bold green",
                )
            )
        ruleset = resolve_rules(rules)
        for w in wins:
            _show_win(res, w, ruleset)
        if len(wins) > 1:
            console.print("Payments: " + _signed(res.payments))
    if res.passed is not None:
        console.print(Text(_next_dealer_line(res, winners, streaks), style="bold"))
    _explain_own_hand(res, rules)
    console.print("Scores:   " + "  ".join(f"{_who(p)} {v}" for p, v in enumerate(res.scores)))


def _explain_own_hand(res: Any, rules: Any = None, lang: str | None = None) -> None:
    """Your ready hand at the end of a deal you did not win: each wait's value, and why the
    waits that could not win were below the minimum (``mahjong_fast.explain``)."""
    if 0 in (res.winners or (() if res.winner is None else (res.winner,))) or not res.final_hands:
        return
    from ..explain import explain_final_hand

    try:
        lines = explain_final_hand(
            res.final_hands[0],
            res.final_melds[0] if res.final_melds else (),
            res.bonus[0] if res.bonus else (),
            seat_wind=(0 - res.dealer) % 4,
            prevailing_wind=res.prevailing_wind,
            rules=rules,
            lang=lang,
        )
    except Exception:  # noqa: BLE001 - an explanation must never stop the game
        return
    for line in lines:
        console.print(Text(line, style="yellow"))


def _next_dealer_line(res: Any, winners: set[int], streaks: bool) -> str:
    """Who deals next, as the ruleset's settlement decided it (HK §12, §19.10; TW §16)."""
    nxt = "you" if res.dealer_after == 0 else _who(res.dealer_after)
    if res.passed:
        return f"The deal passes to {nxt}."
    if getattr(res, "false_win", None) is not None:
        # HK §19.11 step 5: a false win moves the dealer as an exhaustive draw does
        line = f"False win: {_stays(res.dealer)} dealer"
        return line + (f", the streak is {res.streak_after}." if streaks else ".")
    if res.exhaustive_draw:
        line = f"Draw: {_stays(res.dealer)} dealer"
        return line + (f", the streak stays {res.streak_after}." if streaks else ".")
    if res.dealer in winners:
        line = f"{_who(res.dealer)} won as dealer: {_stays(res.dealer)} dealer"
        return line + (f" (streak {res.streak_after})." if streaks or res.streak_after else ".")
    # another player won and the dealership did not pass: the dealer never rotates (HK §12)
    who = "You deal" if res.dealer_after == 0 else f"{_who(res.dealer_after)} deals"
    return f"{who} the next deal too (the dealer does not rotate)."


def _stays(p: int) -> str:
    return "you stay" if p == 0 else f"P{p} stays"


def _who(p: int | None) -> str:
    return "You" if p == 0 else f"P{p}"


def _signed(values: Any) -> str:
    return "  ".join(f"{_who(p)} {v:+d}" for p, v in enumerate(values))


def _show_win(res: Any, w: Any, rules: Any) -> None:
    """One winner: how, the breakdown and this win's settlement (``rules`` the deal's
    Ruleset: whether values are capped, whether the dealer's streak changes payments)."""
    unit = unit_name(w.unit)
    whose = "your" if w.discarder == 0 else f"P{w.discarder}'s"
    # the rule of the win: §7's forced wins, or §20.5.8's offered (or compound) ones
    sw = getattr(rules, "switches", None) or {}
    forced = sw.get("eight_bonus_mode", "forced_standalone") == "forced_standalone"
    eight = "TW §7" if forced else "TW §20.5.8"
    rob = "TW §20.5.8" if sw.get("seven_bonus_rob") == "optional" else "TW §7"
    how = {
        "self_drawn": "by self-draw",
        "discard": f"on {whose} discard",
        "robbing_kong": f"by robbing {whose} kong",
        "bonus_all_eight": f"with all eight bonus tiles ({eight})",
        "bonus_rob_eighth": f"by robbing {whose} eighth bonus tile ({rob})"
        if w.discarder is not None
        else "by self-draw (the hand of a seven-rob win, TW §20.5.8)",
        "flower_win": "with bonus tiles (a flower win, HK §19.6)",
        "flower_win_rob": f"by robbing {whose} eighth bonus tile (HK §19.6)",
    }.get(w.win_kind or "", "")
    tile = "" if w.win_tile is None else f" with {_code(w.win_tile)}"
    extra = ""
    if rules.capped and res.raw_value != res.value:
        extra += f" (raw {res.raw_value})"
    if rules.capped and res.limit:
        extra += f", limit hand {res.limit}"
    console.print(
        Text(
            f"Result: {_who(w.player)} won {how}{tile}: {w.value} {unit}{extra}",
            style="bold green",
        )
    )
    table = Table(show_footer=True)
    table.add_column("Code", footer="Total")
    table.add_column("Element")
    table.add_column(unit, justify="right", footer=str(w.value))
    for code, name, value in w.elements:
        table.add_row(code, name, str(value))
    console.print(table)
    if w.interpretation:
        console.print(f"Interpretation: {w.interpretation}")
    if rules.reads_progress:
        # the dealer's streak is in the payments (TW §15): each payer pays (Tai + dealer
        # adjustment) x tai_value
        payers = [p for p in range(4) if w.payments[p] < 0]
        parts = [f"{_who(p)} {'pay' if p == 0 else 'pays'} {-w.payments[p]}" for p in payers]
        note = ""
        if w.player == res.dealer:
            note = f" (dealer: +1 Tai, +2 per consecutive win; streak {res.dealer_streak})"
        elif res.dealer in payers:
            note = " (the dealer pays 1 Tai more)"
        gains = "gain" if w.player == 0 else "gains"
        console.print(
            f"Settlement: {', '.join(parts)}; {_who(w.player)} {gains} {w.payments[w.player]}{note}"
        )
    else:
        console.print("Payments: " + _signed(res.payments))


def _code(tile_id: int) -> str:
    from ..render import code_of_id

    return code_of_id(tile_id)


def _meld_from_tuple(m: Any, ascii: bool) -> Text:
    """A ``(meld_kind, ids...)`` tuple of a DealResult (or a MeldView) as ``pung[555s]``."""
    if hasattr(m, "tiles"):
        return meld_label(m, ascii=ascii)

    class _M:
        def __init__(self, kind: int, tiles: tuple[int, ...]):
            self.kind, self.tiles = kind, tiles
            self.name = ("chow", "pung", "kong", "addkong", "ckong")[kind]

    return meld_label(_M(int(m[0]), tuple(m[1:])), ascii=ascii)


def _show_result_words(res: Any, w: Any, *, ascii: bool, rules: Any) -> None:
    """:func:`show_result` in a Chinese: the same facts with the catalogue's labels, the
    ruleset's terms (莊家, 自摸, 出銃/放槍, 流局) and the elements' names."""
    ruleset = resolve_rules(rules)
    console.print(Text("─" * 72, style="dim"))
    head = f"{w('end_of_deal', n=res.deal_index + 1)}（{w.term('dealer')} {w.who(res.dealer)}"
    if not ruleset.independent_deals:
        head += f"，{w.term('prevailing_wind')} {w.wind(res.prevailing_wind)}"
        head += f"，{w.term('dealer_streak')} {res.dealer_streak}"
    console.print(Text(head + "）", style="bold"))
    winners = set(res.winners or (() if res.winner is None else (res.winner,)))
    hands = Table.grid(padding=(0, 1))
    hands.add_column(no_wrap=True)
    hands.add_column()
    for p in range(4):
        seat = w.wind((p - res.dealer) % 4)
        who = Text(f" {w.who(p)} {seat}", style="bold" if p in winners else "")
        t = tiles_label(sorted(res.final_hands[p] if res.final_hands else ()), ascii=ascii)
        for m in res.final_melds[p] if res.final_melds else ():
            t.append("  ")
            t.append_text(_meld_from_tuple(m, ascii))
        bonus = res.bonus[p] if res.bonus else ()
        if bonus:
            t.append(f"  {w.term('bonus_tile')} ")
            t.append_text(tiles_label(bonus, ascii=ascii))
        if p in winners:
            t.append(f"  ← {w('winner')}", style="bold green")
        hands.add_row(who, t)
    console.print(hands)
    if res.exhaustive_draw or res.winner is None:
        console.print(Text(f"{w('result')}：{w.term('exhaustive_draw')}", style="bold yellow"))
    else:
        for win in res.wins or ():
            unit = w.unit(win.unit)
            if win.win_kind == "self_drawn":
                how = w.term("self_draw")
            elif win.win_kind == "robbing_kong":
                how = f"{w.term('robbing_kong')}（{w.who(win.discarder)}）"
            elif win.discarder is not None:
                how = f"{w.who(win.discarder)} {w.term('deal_in')}"
            else:
                how = w.term("win")
            tile = "" if win.win_tile is None else f" {w.tile(_code(win.win_tile))}"
            console.print(
                Text(
                    f"{w('result')}：{w.who(win.player)} {w.term('win')}，{how}{tile}："
                    f"{win.value} {unit}",
                    style="bold green",
                )
            )
            table = Table(show_footer=True)
            table.add_column(w("code"), footer=w("total"))
            table.add_column(w("element"))
            table.add_column(unit, justify="right", footer=str(win.value))
            for code, name, value in win.elements:
                table.add_row(code, w.element((code, name)), str(value))
            console.print(table)
            if win.interpretation:
                console.print(f"{w('interpretation')}：{win.interpretation}")
        signed = "  ".join(f"{w.who(p)} {v:+d}" for p, v in enumerate(res.payments))
        console.print(f"{w('payments')}：{signed}")
    if res.passed is not None:
        console.print(Text(f"{w('next_dealer')}：{w.who(res.dealer_after)}", style="bold"))
    _explain_own_hand(res, rules, lang=w.lang)
    console.print(
        f"{w('scores')}：" + "  ".join(f"{w.who(p)} {v}" for p, v in enumerate(res.scores))
    )
