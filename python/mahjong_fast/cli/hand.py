"""``score``, ``waits``, ``shanten`` and ``decompose``: one hand analysed (HK §9, §10, §14a; TW §9,
§10)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from ..errors import InvalidHandError
from ..render import (
    WIND_LETTERS,
    glyph_of_kind,
)
from .common import (
    _SITUATION_WORDS,
    LangOption,
    RuleOption,
    RulesOption,
    _bonus,
    _error,
    _print_json,
    _ruleset,
    _tile_str,
    _win_tile,
    _wind,
    _with_rules,
    app,
    console,
    user_errors,
    words,
)

# --------------------------------------------------------------------------- score


def _score_payload(hand: str, result: Any, rules: Any) -> dict[str, Any]:
    return {
        "hand": hand,
        "is_win": bool(result.is_win),
        "reason": result.reason,
        "value": result.value,
        "raw_value": result.raw_value,
        "unit": result.unit,
        # the unit's own name as an alias (HK: faan, raw_faan; TW: tai, uncapped: no raw alias)
        result.unit: result.value,
        **({f"raw_{result.unit}": result.raw_value} if rules.capped else {}),
        "limit": result.limit,
        "elements": [{"code": e.code, "name": e.name, "value": e.value} for e in result.elements],
        "interpretation": result.interpretation,
        "base": getattr(result, "base", None),
        "payments": dict(getattr(result, "payments", {}) or {}),
    }


@app.command()
@user_errors
def score(
    hand: Annotated[
        str, typer.Argument(help='The hand before the winning tile, e.g. "111222333m9s [555p] 1f".')
    ],
    win: Annotated[
        str | None, typer.Option("--win", "-w", help="The winning tile, e.g. 5s.")
    ] = None,
    self_drawn: Annotated[
        bool, typer.Option("--self-drawn", help="The winning tile was drawn by the winner.")
    ] = False,
    seat: Annotated[
        str, typer.Option("--seat", help="The winner's seat wind: E, S, W or N.")
    ] = "E",
    prevailing: Annotated[
        str, typer.Option("--prevailing", help="The prevailing wind (East in play).")
    ] = "E",
    bonus: Annotated[
        str | None, typer.Option("--bonus", help="Exposed bonus tiles, e.g. 1f,5f.")
    ] = None,
    robbing_kong: Annotated[
        bool, typer.Option("--robbing-kong", help="Won by robbing a kong (F13).")
    ] = False,
    kong_replacement: Annotated[
        bool, typer.Option("--kong-replacement", help="Won on a kong replacement (F12).")
    ] = False,
    last_tile: Annotated[
        bool,
        typer.Option("--last-tile", help="Won on the last wall tile / last discard (F14/F15)."),
    ] = False,
    dealer_start: Annotated[
        bool, typer.Option("--dealer-start", help="The dealer wins on the 14 dealt tiles.")
    ] = False,
    discarder: Annotated[
        str | None, typer.Option("--discarder", help="Seat wind of the discarder (for payments).")
    ] = None,
    dealer_streak: Annotated[
        int | None,
        typer.Option(
            "--dealer-streak", help="Taiwanese: the dealer's streak k (TW §15); the dealer is East."
        ),
    ] = None,
    discards: Annotated[
        int | None,
        typer.Option("--discards", help="Taiwanese: discards made in the deal, D (TW §10)."),
    ] = None,
    winner_discards: Annotated[
        int | None,
        typer.Option("--winner-discards", help="Taiwanese: discards the winner has made."),
    ] = None,
    interrupted: Annotated[
        bool | None,
        typer.Option(
            "--interrupted/--uninterrupted",
            help="Taiwanese: a chow, pung or kong was made earlier in the deal (TW §10).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="Say why the hand is (or is not) a legal win: the elements counted, the total "
            "against the minimum, and for a hand that is no winning shape how far it is from one.",
        ),
    ] = False,
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    lang: LangOption = None,
) -> None:
    """Score a winning hand: faan (or Tai) breakdown, total, limit, reading and payments."""
    ruleset = _ruleset(rules_name, rule)
    situation: dict[str, Any] = {
        k: v
        for k, v in (
            ("dealer_streak", dealer_streak),
            ("discards", discards),
            ("winner_discards", winner_discards),
            ("interrupted", interrupted),
        )
        if v is not None
    }
    seat_l = _wind(seat, "--seat") or "E"
    prev_l = _wind(prevailing, "--prevailing") or "E"
    disc_l = _wind(discarder, "--discarder")
    if win is not None:
        _win_tile(win)
    if win is None and not dealer_start:
        raise _error("--win is required (the winning tile, e.g. --win 5s), unless --dealer-start",
                     key="err:win_required")  # fmt: skip
    if disc_l is not None and self_drawn:
        raise _error("--discarder makes no sense with --self-drawn", key="err:discarder_self_drawn")
    if disc_l is not None and disc_l == seat_l:
        raise _error("--discarder cannot be the winner's own seat", key="err:discarder_winner")
    given = {
        "--self-drawn": self_drawn,
        "--robbing-kong": robbing_kong,
        "--kong-replacement": kong_replacement,
        "--last-tile": last_tile,
        "--dealer-start": dealer_start,
        "--discarder": disc_l is not None,
    }
    try:
        result = _score_under(
            ruleset,
            hand,
            win,
            self_drawn=self_drawn,
            seat_wind=seat_l,
            prevailing_wind=prev_l,
            bonus=_bonus(bonus),
            robbing_kong=robbing_kong,
            kong_replacement=kong_replacement,
            last_tile=last_tile,
            dealer_start=dealer_start,
            discarder=disc_l,
            **situation,
        )
    except InvalidHandError as exc:  # an impossible situation names the options that made it
        named = [opt for opt, on in given.items() if on and _SITUATION_WORDS[opt] in str(exc)]
        prefix = ", ".join(named)
        raise _error(f"{prefix}: {exc}" if named else str(exc), exc=exc, prefix=prefix) from None
    why: list[str] = []
    if explain:
        from ..explain import explain_score

        why = explain_score(result, hand=hand, win=win, rules=ruleset,
                            lang=None if as_json else words().lang)  # fmt: skip
    if as_json:
        payload = _score_payload(hand, result, ruleset)
        payload["rules"] = ruleset.to_dict()
        if explain:
            payload["explain"] = why
        _print_json(payload)
        return
    _print_score(hand, win, result, seat_l or "E", self_drawn, disc_l, ruleset)
    for line in why:
        console.print(Text(line, style="" if result.is_win else "yellow"))


def _score_under(rules: Any, hand: str, win: str | None, **kw: Any) -> Any:
    """``mahjong_fast.score`` under ``rules``: the one validated path, as from Python."""
    from .. import score as score_hand

    return score_hand(hand, win, **kw, rules=rules)


def _print_score(
    hand: str,
    win: str | None,
    result: Any,
    seat: str,
    self_drawn: bool,
    discarder: str | None,
    rules: Any,
) -> None:
    wd = words(rules)
    if wd.chinese:
        _print_score_words(hand, win, result, rules, wd)
        return
    title = f"{hand}  +  {win}" if win else f"{hand}  (dealt hand)"
    unit = str(result.unit)
    table = Table(title=title, show_footer=True, title_justify="left")
    table.add_column("Code", footer="Total")
    table.add_column(
        "Element", footer=f"raw {result.raw_value}" if result.raw_value != result.value else ""
    )
    table.add_column(unit.capitalize(), justify="right", footer=str(result.value))
    for e in result.elements:
        table.add_row(e.code, e.name, str(e.value))
    console.print(table)
    if result.is_win and not rules.capped:
        console.print(Text(f"Total: {result.value} {unit}", style="bold green"))
    elif result.is_win:
        console.print(
            Text(f"Total: {result.value} {unit} (raw {result.raw_value})", style="bold green")
        )
    elif result.reason == "NOT_A_WINNING_HAND":
        console.print(
            Text(
                "Not a win: NOT_A_WINNING_HAND (the tiles do not form a winning shape)",
                style="bold red",
            )
        )
    else:
        console.print(
            Text(
                f"Not a legal win: {result.reason} ({result.value} {unit}, "
                f"raw {result.raw_value}; the minimum is {rules.min_value})",
                style="bold red",
            )
        )
    if rules.capped:  # a limit hand is worth the cap (HK §10.4)
        console.print(f"Limit: {result.limit or '-'}")
    if result.interpretation:
        console.print(f"Interpretation: {result.interpretation}")
    if not result.is_win:
        return
    if rules.reads_progress:
        # the dealer and the streak are in the payments (TW §15: each payer pays (hand Tai +
        # dealer Tai) x tai_value); the dealer is East
        section = rules.section("payments")
        by_seat = dict(getattr(result, "payments", {}) or {})
        if by_seat:
            parts = [f"{w} {by_seat.get(w, 0):+d}" for w in WIND_LETTERS]
            console.print(f"Payments ({section}, dealer East): " + "  ".join(parts))
        else:
            console.print(f"Payments: give --discarder for payments by seat ({section})")
        return
    base = getattr(result, "base", None) or rules.base(result.value)
    payments = dict(getattr(result, "payments", {}) or {})
    console.print(f"Base: {base}")
    if payments:
        parts = [f"{w} {payments.get(w, 0):+d}" for w in WIND_LETTERS]
        console.print("Payments: " + "  ".join(parts))
    elif self_drawn:
        console.print(f"Payments: each opponent pays {base}; {seat} gains {3 * base}")
    else:
        # who pays on a discard depends on the responsibility switch (HK §18): show it by
        # seat for a discarder one seat after the winner
        pays = rules.payments(result.value, 0, False, 1)
        others = f", the others {-pays[2]} each" if pays[2] else ""
        console.print(
            f"Payments: the discarder pays {-pays[1]}{others}; {seat} gains {pays[0]} "
            "(give --discarder for payments by seat)"
        )


# --------------------------------------------------------------------------- analysis


@app.command()
@user_errors
def waits(
    hand: Annotated[
        str,
        typer.Argument(help='A 13-tile hand (declared sets count 3), e.g. "123m456m789p234s5s".'),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    lang: LangOption = None,
) -> None:
    """The winning tiles of a hand of 13 (ignoring the minimum, rules §14a)."""
    from .. import shanten as shanten_of
    from .. import waits as waits_of

    ruleset = _ruleset(rules_name, rule)
    w = words(ruleset)
    tiles = [_tile_str(t) for t in _with_rules(waits_of, ruleset, hand)]
    sh = _with_rules(shanten_of, ruleset, hand)
    if as_json:
        _print_json({"hand": hand, "waits": tiles, "shanten": sh, "ready": bool(tiles)})
        return
    if tiles:
        line = w("hand:waits", tiles=" ".join(tiles))
        console.print(line)
        glyphs = "  ".join(glyph_of_kind(_kind(t)) for t in tiles)
        # the glyphs under the codes: the label's width in columns (a Chinese label is wider)
        from rich.cells import cell_len

        console.print(" " * cell_len(line[: len(line) - len(" ".join(tiles))]) + glyphs)
    else:
        console.print(w("hand:no_waits", n=sh))


def _kind(code: str) -> int:
    from ..render import kind_of_code

    k = kind_of_code(code)
    return 0 if k is None else k


@app.command()
@user_errors
def shanten(
    hand: Annotated[
        str, typer.Argument(help='A hand of 13 or 14 tiles, e.g. "123m456m789p2345s".')
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    lang: LangOption = None,
) -> None:
    """Shanten of a hand: 0 = ready, -1 = complete (14 tiles), n = n exchanges from ready."""
    from .. import shanten as shanten_of

    ruleset = _ruleset(rules_name, rule)
    sh = _with_rules(shanten_of, ruleset, hand)
    if as_json:
        _print_json({"hand": hand, "shanten": sh})
        return
    w = words(ruleset)
    meaning = {-1: w("hand:complete"), 0: w("hand:tenpai")}.get(sh) or w("hand:away", n=sh)
    console.print(w("hand:shanten", n=sh, meaning=meaning))


@app.command()
@user_errors
def decompose(
    hand: Annotated[
        str, typer.Argument(help='A complete hand of 14 tiles, e.g. "111222333m789p55s".')
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    lang: LangOption = None,
) -> None:
    """Every way a complete hand splits into sets and a pair (and seven pairs / thirteen orphans)."""
    from .. import decompose as decompose_of

    ruleset = _ruleset(rules_name, rule)
    readings = [str(r) for r in _with_rules(decompose_of, ruleset, hand)]
    if as_json:
        _print_json({"hand": hand, "interpretations": readings})
        return
    if not readings:
        console.print(words(ruleset)("hand:no_shape"))
        return
    for i, r in enumerate(readings, 1):
        console.print(f"{i}. {r}")


def _print_score_words(hand: str, win: str | None, result: Any, rules: Any, w: Any) -> None:
    """The score screen in a Chinese (``--lang zh-HK|zh-TW``): the catalogue's labels, the
    ruleset's terms and the elements' names; the numbers and codes of the English screen."""
    unit = w.unit(str(result.unit))
    title = f"{hand}  +  {win} ({w.tile(win)})" if win else hand
    table = Table(title=title, show_footer=True, title_justify="left")
    raw = f"{w('raw')} {result.raw_value}" if result.raw_value != result.value else ""
    table.add_column(w("code"), footer=w("total"))
    table.add_column(w("element"), footer=raw)
    table.add_column(unit, justify="right", footer=str(result.value))
    for e in result.elements:
        table.add_row(e.code, w.element(e), str(e.value))
    console.print(table)
    if result.is_win:
        console.print(Text(f"{w('total')}：{result.value} {unit}", style="bold green"))
    elif result.reason == "NOT_A_WINNING_HAND":
        console.print(Text(f"{w('not_a_win')}：NOT_A_WINNING_HAND", style="bold red"))
    else:
        console.print(
            Text(
                f"{w('below_minimum')}：{result.reason}（{result.value} {unit}；"
                f"{w('minimum')} {rules.min_value} {unit}）",
                style="bold red",
            )
        )
    if rules.capped:
        console.print(f"{w.term('limit_hand')}：{result.limit or '-'}")
    if result.interpretation:
        console.print(f"{w('interpretation')}：{result.interpretation}")
    if not result.is_win:
        return
    payments = dict(getattr(result, "payments", {}) or {})
    if not rules.reads_progress:
        console.print(f"{w('base')}：{getattr(result, 'base', None) or rules.base(result.value)}")
    if payments:
        winds = {letter: w.wind(i) for i, letter in enumerate(WIND_LETTERS)}
        parts = [f"{winds[x]} {payments.get(x, 0):+d}" for x in WIND_LETTERS]
        console.print(f"{w('payments')}：" + "  ".join(parts))
