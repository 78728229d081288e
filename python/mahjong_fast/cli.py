"""The ``mahjong-fast`` command (typer + rich), design §1 "Playing in the CLI".

Commands::

    mahjong-fast play [--seed N] [--deals N] [--rotate-dealer] [--log FILE] [--ascii] [--no-confirm]
    mahjong-fast score "111222333m9s [555p]" --win 9s --self-drawn --seat E --bonus 1f [--json]
    mahjong-fast waits "123m456m789p234s5s" [--json]
    mahjong-fast shanten "123m456m789p2345s" [--json]
    mahjong-fast decompose "111222333m789p55s"
    mahjong-fast simulate -n 1000 --seed 1 [--seats greedy,greedy,random,random] [--json]
                          [--workers 2] [--backend auto|core|process|ray [--address ADDR]]
                          [--chunk-size N] [--out deals.parquet|deals.jsonl]
    mahjong-fast replay game.jsonl
    mahjong-fast --version

Every command that plays or scores (play, score, waits, shanten, decompose, simulate, replay)
takes the ruleset: ``--rules NAME`` (``hong-kong``, alias ``hk``; the default;
``taiwanese-high`` / ``taiwanese-low`` for score, waits, shanten and decompose) and
``--rule KEY=VALUE`` once per switch of rules §18 (TW §2), e.g. ``--rule min_faan=1 --rule
spiciness=half``; ``--rotate-dealer`` is the shorthand of ``--rule rotate_dealer=true``.
Taiwanese scoring also takes ``--dealer-streak``, ``--discards``, ``--winner-discards`` and
``--interrupted/--uninterrupted`` (TW §10, §15).

A user's mistake (a bad tile string, a fifth copy, a bad option value) prints one line
``error: ...`` on stderr and exits with status 2; no traceback reaches the user.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from . import _core
from .errors import InvalidHandError, MahjongError
from .render import (
    WIND_LETTERS,
    WIND_NAMES,
    glyph_of_kind,
    meld_label,
    tiles_label,
)

try:  # typer >= 0.25 vendors click privately; older versions depend on click
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # pragma: no cover - depends on the installed typer
    from click.exceptions import (  # type: ignore[no-redef,import-not-found,assignment,unused-ignore]
        ClickException,
        UsageError,
    )

__all__ = ["app", "main"]

app = typer.Typer(
    name="mahjong-fast",
    help="Hong Kong and Taiwanese mahjong: play against three AI seats, score hands, "
    "simulate deals.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

console = Console(highlight=False, soft_wrap=True)
F = TypeVar("F", bound=Callable[..., Any])

#: exit status for a user's mistake, and for an interrupt (128 + SIGINT)
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
#: exit status of a simulation whose worker died (the finished deals are still reported)
EXIT_FAILED = 1
#: exit status of ``play`` when its input ends before the game does
EXIT_INPUT_ENDED = 3


# --------------------------------------------------------------------------- helpers


def _error(message: str, code: int = EXIT_USAGE) -> typer.Exit:
    """Print ``error: message`` (one line) on stderr and return the Exit to raise."""
    message = " ".join(str(message).split())  # always exactly one line
    sys.stderr.write(f"error: {message}\n")
    sys.stderr.flush()
    return typer.Exit(code)


def user_errors(func: F) -> F:
    """Turn a :class:`MahjongError` raised by a command into one stderr line and exit 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except MahjongError as exc:
            raise _error(str(exc)) from None

    return wrapper  # type: ignore[return-value]


def _wind(value: str | None, option: str) -> str | None:
    """A wind option as a letter E/S/W/N (accepts ``S``, ``south``, ``2z``)."""
    if value is None:
        return None
    v = value.strip().lower()
    table = {"e": "E", "s": "S", "w": "W", "n": "N", "1z": "E", "2z": "S", "3z": "W", "4z": "N"}
    table.update({name.lower(): letter for name, letter in zip(WIND_NAMES, WIND_LETTERS)})
    if v not in table:
        raise _error(f"{option} must be a wind E, S, W or N (got {value!r})")
    return table[v]


#: words of the scorer's situation errors (rules §14a) that point at each option
_SITUATION_WORDS = {
    "--self-drawn": "self-drawn",
    "--robbing-kong": "robb",
    "--kong-replacement": "kong replacement",
    "--last-tile": "last",
    "--dealer-start": "start of play",
    "--discarder": "discarder",
}


def _win_tile(value: str) -> None:
    """Check ``--win``: one tile code, not a bonus tile; the error names the option."""
    from .tiles import Tile

    try:
        tile = Tile(value.strip())
    except MahjongError as exc:
        raise _error(f"--win {value}: {exc}") from None
    if tile.is_bonus:
        raise _error(f"--win {value}: a bonus tile is never a winning tile (rules §4.4)")


def _bonus(value: str | None) -> tuple[str, ...]:
    """``--bonus``: bonus tiles in hand notation (``1f,5f``, ``1f 5f`` or ``1f5f``), as codes;
    the error names the option."""
    if not value:
        return ()
    from .tiles import bonus_kinds, tile_code

    try:
        kinds = bonus_kinds(value)
    except MahjongError as exc:
        why = str(exc).split(": ", 1)[1] if str(exc).startswith("invalid tile") else str(exc)
        if "1f..8f" not in why:
            why += " (bonus tiles are 1f..8f, e.g. 1f,5f or 1f5f)"
        raise _error(f"--bonus {value}: {why}") from None
    if len(set(kinds)) != len(kinds):
        raise _error(f"--bonus {value}: a bonus tile given twice (there is one of each)")
    return tuple(tile_code(k) for k in kinds)


RulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        help="The ruleset: hong-kong (alias hk; the default), taiwanese-high or taiwanese-low.",
    ),
]
RuleOption = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        help="One switch of the ruleset as KEY=VALUE (repeatable), e.g. --rule min_faan=1; "
        "switches: min_faan, max_faan, spiciness, responsibility, unit, rotate_dealer "
        "(Taiwanese: tai_table, min_tai, tai_value, high_seat_bonus_extra, "
        "high_wind_pung_extra, match_length, max_deals, starting_score).",
    ),
]


def _ruleset(name: str | None, switches: list[str] | None, rotate_dealer: bool = False) -> Any:
    """The Ruleset of ``--rules`` / ``--rule`` (and the ``--rotate-dealer`` shorthand); a bad
    name, switch or value is RuleConfigError (one line, exit 2)."""
    from .rules import ruleset_from_options

    return ruleset_from_options(name, switches or (), rotate_dealer=rotate_dealer or None)


def _changed_switches(rules: Any) -> str:
    """``hong-kong`` or ``hong-kong (min_faan=1, spiciness=half)``: the switches that differ
    from the preset."""
    from .rules import Ruleset

    preset = Ruleset.from_name(rules.name).switches
    changed = [f"{k}={v}" for k, v in rules.switches.items() if preset.get(k) != v]
    return str(rules.name) + (f" ({', '.join(changed)})" if changed else "")


def _with_rules(func: Callable[..., Any], rules: Any, *args: Any, **kwargs: Any) -> Any:
    """``func(*args, rules=rules, **kwargs)``: every analysis function takes the ruleset."""
    return func(*args, rules=rules, **kwargs)


def _print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _tile_str(tile: Any) -> str:
    return str(getattr(tile, "code", tile))


def _version() -> str:
    try:
        from . import __version__

        return str(__version__)
    except ImportError:  # pragma: no cover - during development
        from importlib.metadata import version

        return version("mahjong_fast")


def _version_callback(value: bool) -> None:
    if value:
        build = ""
        try:
            from . import BUILD_PROFILE

            build = f" ({BUILD_PROFILE} build)"
        except ImportError:
            pass
        console.print(f"mahjong-fast {_version()}{build}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version_callback,
            is_eager=True,
            help="Show the version and exit.",
        ),
    ] = False,
) -> None:
    """Hong Kong and Taiwanese mahjong: play against three AI seats, score hands, simulate
    deals."""


# --------------------------------------------------------------------------- score


def _score_payload(hand: str, result: Any) -> dict[str, Any]:
    return {
        "hand": hand,
        "is_win": bool(result.is_win),
        "reason": result.reason,
        "value": result.value,
        "raw_value": result.raw_value,
        "unit": result.unit,
        # the unit's own name as an alias (HK: faan; TW: tai)
        **(
            {"tai": result.value}
            if result.unit == "tai"
            else {"faan": result.value, "raw_faan": result.raw_value}
        ),
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
        raise _error("--win is required (the winning tile, e.g. --win 5s), unless --dealer-start")
    if disc_l is not None and self_drawn:
        raise _error("--discarder makes no sense with --self-drawn")
    if disc_l is not None and disc_l == seat_l:
        raise _error("--discarder cannot be the winner's own seat")
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
        raise _error(f"{', '.join(named)}: {exc}" if named else str(exc)) from None
    why: list[str] = []
    if explain:
        from .explain import explain_score

        why = explain_score(result, hand=hand, win=win, rules=ruleset)
    if as_json:
        payload = _score_payload(hand, result)
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
    from . import score as score_hand

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
    if result.is_win and unit == "tai":
        console.print(Text(f"Total: {result.value} tai", style="bold green"))
    elif result.is_win:
        console.print(
            Text(f"Total: {result.value} faan (raw {result.raw_value})", style="bold green")
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
    if unit != "tai":
        console.print(f"Limit: {result.limit or '-'}")
    if result.interpretation:
        console.print(f"Interpretation: {result.interpretation}")
    if not result.is_win:
        return
    if unit == "tai":
        # TW §15: each payer pays (hand Tai + dealer Tai) x tai_value; the dealer is East.
        tw_payments = dict(getattr(result, "payments", {}) or {})
        if tw_payments:
            parts = [f"{w} {tw_payments.get(w, 0):+d}" for w in WIND_LETTERS]
            console.print("Payments (TW §15, dealer East): " + "  ".join(parts))
        else:
            console.print("Payments: give --discarder for payments by seat (TW §15)")
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
) -> None:
    """The winning tiles of a hand of 13 (ignoring the minimum, rules §14a)."""
    from . import shanten as shanten_of
    from . import waits as waits_of

    ruleset = _ruleset(rules_name, rule)
    tiles = [_tile_str(t) for t in _with_rules(waits_of, ruleset, hand)]
    sh = _with_rules(shanten_of, ruleset, hand)
    if as_json:
        _print_json({"hand": hand, "waits": tiles, "shanten": sh, "ready": bool(tiles)})
        return
    if tiles:
        console.print(f"waits: {' '.join(tiles)}")
        glyphs = "  ".join(glyph_of_kind(_kind(t)) for t in tiles)
        console.print(f"       {glyphs}")
    else:
        console.print(f"waits: none (not ready; shanten {sh})")


def _kind(code: str) -> int:
    from .render import kind_of_code

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
) -> None:
    """Shanten of a hand: 0 = ready, -1 = complete (14 tiles), n = n exchanges from ready."""
    from . import shanten as shanten_of

    sh = _with_rules(shanten_of, _ruleset(rules_name, rule), hand)
    if as_json:
        _print_json({"hand": hand, "shanten": sh})
        return
    meaning = {-1: "complete: a winning shape", 0: "ready: tenpai"}.get(
        sh, f"{sh} away from ready"
    )
    console.print(f"shanten: {sh}  ({meaning})")


@app.command()
@user_errors
def decompose(
    hand: Annotated[
        str, typer.Argument(help='A complete hand of 14 tiles, e.g. "111222333m789p55s".')
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    rules_name: RulesOption = None,
    rule: RuleOption = None,
) -> None:
    """Every way a complete hand splits into sets and a pair (and seven pairs / thirteen orphans)."""
    from . import decompose as decompose_of

    readings = [str(r) for r in _with_rules(decompose_of, _ruleset(rules_name, rule), hand)]
    if as_json:
        _print_json({"hand": hand, "interpretations": readings})
        return
    if not readings:
        console.print("no winning shape")
        return
    for i, r in enumerate(readings, 1):
        console.print(f"{i}. {r}")


# --------------------------------------------------------------------------- simulate


@app.command()
@user_errors
def simulate(
    n: Annotated[
        int | None,
        typer.Option("-n", "--deals", min=1, help="Number of deals (Hong Kong; default 100)."),
    ] = None,
    matches: Annotated[
        int | None,
        typer.Option(
            "--matches",
            "-m",
            min=1,
            help="Number of whole matches instead (needed for the Taiwanese rules).",
        ),
    ] = None,
    match_deals: Annotated[
        int | None,
        typer.Option(
            "--match-deals",
            min=1,
            help="Deals of each match with --matches, for a ruleset whose match is a number "
            "of deals (Hong Kong, default 1; e.g. 4 with --rotate-dealer).",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed of the walls (deal i depends on (seed, i)).")
    ] = 0,
    seats: Annotated[
        str,
        typer.Option(
            "--seats", help="Four seat kinds, comma-separated (expert, greedy, random, strong, value)."
        ),
    ] = "greedy,greedy,greedy,greedy",
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", min=1, help="Parallel workers (default: every core)."),
    ] = None,
    backend: Annotated[
        str,
        typer.Option(
            "--backend",
            help="Where deals run: auto (default: core), core (threads in the Rust core), "
            "process (the Python game loop in processes) or ray.",
        ),
    ] = "auto",
    address: Annotated[
        str | None,
        typer.Option("--address", help="Ray cluster address (default: a local Ray instance)."),
    ] = None,
    chunk_size: Annotated[
        int | None,
        typer.Option("--chunk-size", min=1, help="Deals per task (default: automatic)."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", help="Write one record per deal to FILE.parquet or FILE.jsonl."
        ),
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace the --out file if it exists.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (the summary).")
    ] = False,
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    rotate_dealer: Annotated[
        bool,
        typer.Option("--rotate-dealer", help="Pass the deal on after every deal (a switch)."),
    ] = False,
) -> None:
    """Play N AI-vs-AI deals (or --matches M whole matches) in parallel, print a summary,
    optionally write every record.

    Taiwanese rules (--rules taiwanese-high / taiwanese-low) are simulated by matches: a deal
    depends on the one before (the dealer's streak). Match j depends only on (seed, j).

    Ctrl-C stops the run: the output file keeps every finished chunk and is closed properly,
    the summary of what finished is printed, and the exit status is 130. SIGTERM and SIGHUP
    do the same (exit status 143 and 129). If a worker process dies, the same happens with an
    error line and exit status 1.
    """
    from .seats import SEAT_KINDS
    from .sim.backends import usable_cores
    from .simulate import SimulationFailed, SimulationInterrupted
    from .simulate import simulate as run_simulation

    names = [s.strip().lower() for s in seats.split(",") if s.strip()]
    if len(names) != 4:
        raise _error(f"--seats needs four seat kinds separated by commas (got {len(names)})")
    for name in names:
        if name not in SEAT_KINDS:
            raise _error(
                f"--seats: unknown seat kind {name!r}; choose from {', '.join(SEAT_KINDS)}"
            )
    if not 0 <= seed < 2**64:
        raise _error(f"--seed must be in 0 .. 2**64-1 (got {seed})")
    backend = backend.strip().lower()
    if backend not in ("auto", "core", "process", "ray"):
        raise _error(f"--backend must be auto, core, process or ray (got {backend!r})")
    if address is not None and backend != "ray":
        raise _error("--address is only for --backend ray")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise _error("--backend ray needs Ray: pip install 'mahjong_fast[ray]'")
    if out is not None:
        _check_out(out, overwrite)
    ruleset = _ruleset(rules_name, rule, rotate_dealer)
    if n is not None and matches is not None:
        raise _error("give --deals or --matches, not both")
    if match_deals is not None:
        if matches is None:
            raise _error("--match-deals is the length of each match: give --matches N with it")
        try:
            _core.Match(ruleset, deals=match_deals)
        except MahjongError as exc:
            raise _error(f"--match-deals: {exc}") from None
    if n is None and matches is None:
        if not ruleset.independent_deals:
            raise _error(
                f"--rules {ruleset.name} is simulated by whole matches: give --matches N "
                "(a deal depends on the one before, TW §16)"
            )
        n = 100
    if n is not None and not ruleset.independent_deals:
        raise _error(
            f"--rules {ruleset.name} is simulated by whole matches: use --matches {n}, "
            "not --deals (a deal depends on the one before, TW §16)"
        )
    unit = "matches" if matches is not None else "deals"
    total = matches if matches is not None else n
    assert total is not None
    if workers is not None:  # the API's range (MahjongError: a one-line error)
        _core.checked_int(workers, "workers", 1, 2**63 - 1)
    # threads (core backend) as processes: more than the cores only wait, and thousands take
    # minutes to start
    if backend != "ray" and workers is not None and workers > (cores := usable_cores()):
        sys.stderr.write(
            f"warning: --workers {workers} is more than the {cores} cores of this machine; "
            f"using {cores}\n"
        )
        workers = cores

    title = f"seed {seed}, seats {', '.join(names)}"
    if ruleset != _ruleset(None, None):
        title += f", rules {_changed_switches(ruleset)}"
    err = Console(stderr=True, highlight=False)
    bar = _progress(err, unit)
    try:
        with bar:
            task = bar.add_task("simulate", total=total)
            result = run_simulation(
                n,
                names,
                matches=matches,
                match_deals=match_deals,
                rules=ruleset,
                seed=seed,
                workers=workers,
                backend=backend,
                chunk_size=chunk_size,
                out=out,
                address=address,
                progress=lambda done, total: bar.update(task, completed=done),
                overwrite=overwrite,
            )
    except SimulationFailed as failed:
        sys.stderr.write(f"error: {failed}\n")
        _report(failed.result, total, seed, names, title, as_json)
        raise typer.Exit(EXIT_FAILED) from None
    except SimulationInterrupted as stopped:
        partial = stopped.result
        done = partial.summary.matches if matches is not None else partial.summary.deals
        by = "" if stopped.signal == signal.SIGINT else f" by {stopped.signal.name}"
        sys.stderr.write(
            f"\ninterrupted{by}: {done} of {total} {unit} finished"
            + (f" ({partial.summary.deals} deals)" if matches is not None else "")
            + (f", all of them in {out}" if out else "")
            + "\n"
        )
        _report(partial, total, seed, names, title, as_json)
        # 130 after Ctrl-C; 128 + the signal's number after SIGTERM (143) or SIGHUP (129)
        raise typer.Exit(128 + int(stopped.signal)) from None
    except ImportError as exc:  # an extra is missing (pyarrow)
        raise _error(str(exc)) from None
    except ValueError as exc:
        raise _error(str(exc)) from None
    except FileExistsError:
        raise _error(f"--out {out}: the file exists; add --overwrite to replace it") from None
    except OSError as exc:
        if out is None or exc.filename is None:
            raise
        raise _error(f"--out {out}: cannot write it: {exc.strerror or exc}") from None
    _report(result, total, seed, names, title, as_json)


def _check_out(out: Path, overwrite: bool) -> None:
    suffix = out.suffix.lower()
    if suffix not in (".parquet", ".pq", ".jsonl", ".ndjson"):
        raise _error(f"--out {out}: name the file *.parquet (Parquet) or *.jsonl (JSON Lines)")
    if suffix in (".parquet", ".pq") and importlib.util.find_spec("pyarrow") is None:
        raise _error(f"--out {out}: Parquet needs pyarrow: pip install 'mahjong_fast[parquet]'")
    parent = out.parent if str(out.parent) else Path(".")
    try:
        if not parent.is_dir():
            raise _error(f"--out {out}: no such directory {str(parent)!r}")
        if out.is_dir():
            raise _error(f"--out {out}: is a directory")
        if out.exists() and not overwrite:
            raise _error(f"--out {out}: the file exists; add --overwrite to replace it")
    except OSError as exc:  # a name too long, a path through a file...
        raise _error(f"--out {out}: cannot write it: {exc.strerror or exc}") from None


class _SpeedColumn(ProgressColumn):
    """Deals (or matches) per second, from rich's moving average."""

    def __init__(self, unit: str = "deals"):
        super().__init__()
        self.unit = unit

    def render(self, task: Any) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.0f} {self.unit}/s", style="cyan")


def _progress(err: Console, unit: str = "deals") -> Progress:
    return Progress(
        TextColumn("[bold]simulate"),
        BarColumn(),
        MofNCompleteColumn(),
        _SpeedColumn(unit),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err,
        disable=not err.is_terminal,
        transient=False,
    )


def _report(result: Any, n: int, seed: int, names: list[str], title: str, as_json: bool) -> None:
    summary = result.summary
    by_matches = bool(getattr(result, "matches", 0))
    if as_json:
        payload: dict[str, Any] = {
            "matches" if by_matches else "deals": n,
            "seed": seed,
            "seats": names,
        }
        rules = getattr(result, "rules", None)
        if rules is not None:
            payload["rules"] = rules.to_dict()
        if result.out is not None:
            payload["out"] = str(result.out)
        if result.interrupted:
            payload["interrupted"] = True
        if getattr(result, "failure", None):
            payload["failure"] = result.failure
        payload["summary"] = _as_dict(summary)
        _print_json(payload)
        return
    done, unit = (summary.matches, "matches") if by_matches else (summary.deals, "deals")
    partial = done != n
    summary.title = f"{done} of {n} {unit}, {title}" if partial else f"{n} {unit}, {title}"
    console.print(summary)
    if result.out is not None:
        console.print(f"records: {result.out} ({summary.deals:,} deals)")


def _as_dict(obj: Any) -> Any:
    """A JSON-ready form of a summary (dict, dataclass or object with ``to_dict``)."""
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    if hasattr(obj, "__dataclass_fields__"):
        import dataclasses

        return dataclasses.asdict(obj)
    if isinstance(obj, dict):
        return {str(k): _as_dict(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_as_dict(v) for v in obj]
    return obj


# --------------------------------------------------------------------------- replay


@app.command()
@user_errors
def replay(
    file: Annotated[
        Path, typer.Argument(help="An event log written by `play --log` (JSON Lines).")
    ],
    ascii: Annotated[
        bool, typer.Option("--ascii", help="Tile codes only (no Unicode glyphs).")
    ] = False,
    rules_name: RulesOption = None,
    rule: RuleOption = None,
) -> None:
    """Check an event log against the rules and print its deals step by step.

    Each deal is replayed under the ruleset of its header; ``--rules`` / ``--rule``, when
    given, must be that ruleset (switches included)."""
    from .errors import ReplayError
    from .game.log import replay as replay_log

    expected = _ruleset(rules_name, rule) if rules_name is not None or rule else None

    if not file.is_file():
        raise _error(f"{file}: no such file")
    try:
        replayed = replay_log(file, rules=expected)  # every kind of bad log is a ReplayError with its line
    except ReplayError as exc:
        if expected is not None and "was given" in str(exc):
            raise _error(f"{file}: {exc}") from None
        raise _error(f"{file}: corrupt log: {exc}") from None
    # the log is valid UTF-8 JSON Lines now: show it
    text = file.read_bytes().decode("utf-8")
    unit = "faan"
    for raw in text.split("\n"):
        if raw.strip():
            obj = json.loads(raw)
            if obj.get("e") is None:  # a header: the unit of its deal's wins
                from .game.log import header_rules

                unit = header_rules(obj).unit
            _print_log_line(obj, ascii, unit)
    results = _deal_results(replayed)
    if results:
        console.print(
            Text(f"Replay OK: {len(results)} deal(s), every action legal.", style="bold green")
        )
    else:
        console.print(Text("Replay OK.", style="bold green"))


def _print_log_line(obj: dict[str, Any], ascii: bool, unit: str = "faan") -> None:
    from .seats.human import describe_event

    etype = obj.get("e")
    if etype is None:  # the header of a deal
        from .game.log import header_rules

        fields = [f"ruleset {_changed_switches(header_rules(obj))}"]
        keys = ("seed", "deal_index", "dealer", "prevailing_wind", "dealer_streak", "seats", "scores")
        fields += [f"{k} {obj[k]}" for k in keys if k in obj]
        console.print(
            Text("\n" + str(obj.get("type", "header")) + ": " + ", ".join(fields), style="dim")
        )
        return
    if etype == "deal":
        dealer = obj.get("dealer", obj.get("p"))
        console.print(Text(f"\n=== Deal (dealer P{dealer}) ===", style="bold"))
        for p, hand in enumerate(obj.get("hands") or ()):
            t = Text(f"  P{p} dealt: ")
            t.append_text(tiles_label(sorted(x for x in hand if isinstance(x, int)), ascii=ascii))
            console.print(t)
        return
    if etype == "payments":
        pay = obj.get("payments") or ()
        scores = obj.get("scores") or ()
        console.print(
            f"  » payments: {'  '.join(f'P{i} {v:+d}' for i, v in enumerate(pay))}"
            + (
                f"   scores: {'  '.join(f'P{i} {v}' for i, v in enumerate(scores))}"
                if scores
                else ""
            )
        )
        return
    if etype == "draw" or etype == "replacement_draw":
        tile = obj.get("tile")
        t = Text(f"  » P{obj.get('p')} draws ", style="dim")
        if etype == "replacement_draw":
            t = Text(f"  » P{obj.get('p')} draws a replacement ({obj.get('reason')}) ", style="dim")
        if isinstance(tile, int):
            t.append_text(tiles_label([tile], ascii=ascii))
        console.print(t)
        return
    line = describe_event(obj, None, ascii=ascii, unit=unit)
    if line is not None:
        console.print(line)
    if etype == "win" and obj.get("elements"):
        for e in obj["elements"]:
            code, name, faan = (list(e) + [None, None])[:3] if len(e) >= 3 else (e[0], "", e[-1])
            console.print(f"      {code:<4} {name:<28} {faan}")


def _deal_results(replayed: Any) -> list[Any]:
    if replayed is None:
        return []
    for attr in ("results", "deals"):
        if hasattr(replayed, attr):
            return list(getattr(replayed, attr))
    if isinstance(replayed, (list, tuple)):
        return list(replayed)
    return [replayed]


# --------------------------------------------------------------------------- play


def _open_log(log: Path | None, overwrite: bool) -> Any:
    """The ``--log`` file, opened for writing before anything is played: an existing file is
    refused (a previous game is never lost) unless ``--overwrite``."""
    if log is None:
        return None
    try:
        return open(log, "w" if overwrite else "x", encoding="utf-8")
    except FileExistsError:
        raise _error(f"--log {log}: the file exists; add --overwrite to replace it") from None
    except OSError as exc:
        raise _error(f"--log {log}: {exc.strerror or exc}") from None


LogOverwriteOption = Annotated[
    bool, typer.Option("--overwrite", help="Replace the --log file if it exists.")
]


def _arena_tables(rep: Any, title: str) -> list[Table]:
    """The arena's report as two tables that fit 80 columns: points (each with its 95%
    interval beside it), then how each policy plays."""
    from rich import box

    unit = "Tai" if rep.unit == "tai" else rep.unit

    def ci(lo: float, hi: float) -> str:
        return f"[{lo:+.2f}, {hi:+.2f}]"

    style: dict[str, Any] = {"box": box.SIMPLE_HEAD, "show_edge": False, "collapse_padding": True}
    points = Table(title=title, title_justify="left", **style)
    for col in ("seat", "deals", "points/deal", "95% CI", "no limit", "95% CI"):
        points.add_column(col, justify="left" if col == "seat" else "right", no_wrap=True)
    play = Table(**style)
    for col in ("seat", "win", "deal-in", "self-draw", "dead ready", "refused/deal",
                f"{unit}/win"):  # fmt: skip
        play.add_column(col, justify="left" if col == "seat" else "right", no_wrap=True)
    for st in rep.seats:
        points.add_row(
            st.seat,
            str(st.deals),
            f"{st.mean_points:+.2f}",
            ci(*st.ci95),
            f"{st.mean_points_no_limit:+.2f}",
            ci(*st.ci95_no_limit),
        )
        play.add_row(
            st.seat,
            f"{st.win_rate:.1%}",
            f"{st.deal_in_rate:.1%}",
            f"{st.self_draw_rate:.1%}",
            f"{st.dead_ready_share:.1%}",
            f"{st.refused_wins_per_deal:.2f}",
            f"{st.mean_win_value:.2f}",
        )
    return [points, play]


@app.command()
@user_errors
def arena(
    n: Annotated[int, typer.Option("-n", "--walls", min=1, help="Number of walls (4 deals each).")] = 1000,
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            help="The line-up: four seat kinds, comma-separated (expert, greedy, random, strong, value).",
        ),
    ] = "value,greedy,greedy,greedy",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the walls.")] = 0,
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            help="The ruleset: hong-kong (alias hk; the default), taiwanese-high or "
            "taiwanese-low.",
        ),
    ] = "hk",
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", min=1, help="Threads (default: every core).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    log: Annotated[
        Path | None,
        typer.Option(
            "--log",
            help="Write every deal's event log to FILE (JSON Lines, one header per deal, "
            "wall then rotation; `mahjong-fast replay FILE` reads it).",
        ),
    ] = None,
    overwrite: LogOverwriteOption = False,
) -> None:
    """Measure seats in duplicate: each wall is played four times with the line-up rotated;
    metrics per policy with a bootstrap 95% interval over walls."""
    from .arena import arena as run_arena
    from .seats import SEAT_KINDS

    names = [s.strip().lower() for s in seats.split(",") if s.strip()]
    if len(names) != 4:
        raise _error(f"--seats needs four seat kinds separated by commas (got {len(names)})")
    for name in names:
        if name not in SEAT_KINDS:
            raise _error(f"--seats: unknown seat kind {name!r}; choose from {', '.join(SEAT_KINDS)}")
    if not 0 <= seed < 2**64:
        raise _error(f"--seed must be in 0 .. 2**64-1 (got {seed})")
    _ruleset(rules, None)  # an unknown name: one line, before the log is created
    log_file = _open_log(log, overwrite)
    try:
        rep = run_arena(names, n, rules=rules, seed=seed, workers=workers, log=log_file)
    finally:
        if log_file is not None:
            log_file.close()
    if as_json:
        _print_json(rep.to_json())
        return
    title = f"arena: {rep.rules}, seed {seed}, {n} walls x 4 rotations\nline-up {', '.join(names)}"
    for table in _arena_tables(rep, title):
        console.print(table)
    if log:
        console.print(Text(f"Event log of the {4 * n} deals written to {log}", style="dim"))


@app.command()
def play(
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the walls (random if not given).")
    ] = None,
    deals: Annotated[
        int | None,
        typer.Option(
            "--deals",
            min=1,
            help="Number of deals in the match (Hong Kong, default 1; a Taiwanese match is "
            "set by --rule match_length=one_deal|east_round|full_game).",
        ),
    ] = None,
    rotate_dealer: Annotated[
        bool, typer.Option("--rotate-dealer", help="Pass the deal on after every deal.")
    ] = False,
    log: Annotated[
        Path | None, typer.Option("--log", help="Write the event log (JSON Lines) to FILE.")
    ] = None,
    overwrite: LogOverwriteOption = False,
    ascii: Annotated[
        bool, typer.Option("--ascii", help="Tile codes only (no Unicode glyphs).")
    ] = False,
    no_confirm: Annotated[
        bool, typer.Option("--no-confirm", help="Discard without asking for confirmation.")
    ] = False,
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    opponents: Annotated[
        str,
        typer.Option(
            "--opponents", help="The three AI seats' kind: expert, strong, value, greedy or random."
        ),
    ] = "expert",
) -> None:
    """Play against three AI seats (you are P0, East, the dealer of the first deal).

    Hong Kong: --deals deals. Taiwanese (--rules taiwanese-high / taiwanese-low): a whole
    match of rotating deals (TW §16; --rule match_length=one_deal|east_round|full_game)."""
    try:
        ruleset = _ruleset(rules_name, rule, rotate_dealer)
    except MahjongError as exc:
        raise _error(str(exc)) from None
    # a match the ruleset sets itself (TW §16) takes no --deals: the core says so
    try:
        _core.Match(ruleset, deals=deals)
    except MahjongError as exc:
        raise _error(f"--deals: {exc}") from None
    by_switches = deals is None and not ruleset.independent_deals
    from .game.match import play_match
    from .seats import SEAT_KINDS, make_seat
    from .seats.human import HumanSeat, QuitGame

    if opponents not in SEAT_KINDS:
        raise _error(f"--opponents: unknown seat kind {opponents!r}; choose from {', '.join(SEAT_KINDS)}")

    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little")
    elif not 0 <= seed < 2**64:
        raise _error(f"--seed must be in 0 .. 2**64-1 (got {seed})")
    log_file = _open_log(log, overwrite)
    human = HumanSeat(console, ascii=ascii, confirm=not no_confirm, rules=ruleset)
    seats = [human, *(make_seat(opponents, seed + p) for p in (1, 2, 3))]
    what = ruleset.title
    described = _core.Match(ruleset, deals=deals).describe()
    match_line = described[:1].upper() + described[1:]
    # short lines: the banner reads whole in 80 columns
    console.print(
        Text(f"mahjong-fast: {what}, seed {seed}, rules {_changed_switches(ruleset)}.", style="bold")
    )
    console.print(Text(f"{match_line}.", style="bold"))
    console.print(Text("You are P0; type 'help' for the commands.", style="bold"))
    scores: tuple[int, ...] = (0, 0, 0, 0)
    finished: list[Any] = []  # the results shown so far

    def on_deal(_deal: Any, res: Any) -> None:
        finished.append(res)
        show_result(res, ascii=ascii, rules=ruleset)

    try:
        # each result is shown when its deal ends (HK §12, TW §16); the human seat waits for
        # Enter before the next deal starts
        match = play_match(seats, seed=seed, deals=deals, rules=ruleset, log=log_file,
                           on_deal=on_deal)  # fmt: skip
        scores = tuple(match.scores)
        deals = match.deals
    except QuitGame as q:
        if finished:  # the deals played are the game's result so far: never lost
            line = "  ".join(f"{_who(p)} {v}" for p, v in enumerate(finished[-1].scores))
            n_done = len(finished)
            console.print(
                Text(f"Scores after {n_done} deal{'s' if n_done != 1 else ''}: {line}", style="bold")
            )
            if log:
                console.print(Text(f"Event log of the deals played written to {log}", style="dim"))
        if q.reason == "eof":  # a pipe (or Ctrl-D) ended before the game did
            sys.stderr.write(
                f"input ended before the game did: leaving it (exit status {EXIT_INPUT_ENDED})\n"
            )
            raise typer.Exit(EXIT_INPUT_ENDED) from None
        console.print("Bye.")
        raise typer.Exit(0) from None
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        raise typer.Exit(EXIT_INTERRUPTED) from None
    except MahjongError as exc:
        raise _error(str(exc)) from None
    finally:
        if log_file is not None:
            log_file.close()
    if by_switches or (deals or 1) > 1:
        line = "  ".join(f"{'You' if p == 0 else f'P{p}'} {v}" for p, v in enumerate(scores))
        plural = "s" if deals != 1 else ""
        end = f"Final scores after {deals} deal{plural}"
        if by_switches:
            times = "once" if match.passes == 1 else f"{match.passes} times"
            end = f"End of the match ({deals} deal{plural}, the deal passed {times}). Final scores"
        console.print(Text(f"{end}: {line}", style="bold"))
    if log:
        console.print(Text(f"Event log written to {log}", style="dim"))


def show_result(res: Any, *, ascii: bool = False, rules: Any = None) -> None:
    """The end of a deal: every hand revealed, each winner's breakdown (faan or Tai) and
    settlement, or a draw; in Taiwanese also what happens to the dealer (TW §16)."""
    console.print(Text("─" * 72, style="dim"))
    from .rules import resolve_rules

    head = f"End of deal {res.deal_index + 1} (dealer P{res.dealer}"
    if rules is not None and not resolve_rules(rules).independent_deals:
        head += (
            f", round wind {WIND_NAMES[res.prevailing_wind]}, dealer streak {res.dealer_streak}"
        )
    console.print(Text(head + ")", style="bold"))
    seat_winds = [(p - res.dealer) % 4 for p in range(4)]
    winners = set(res.winners or (() if res.winner is None else (res.winner,)))
    # every hand revealed: a grid, so that a long hand (17 tiles, sets, bonus tiles) wraps
    # between tiles under its own column on a narrow terminal, never under the names
    hands = Table.grid(padding=(0, 1))
    hands.add_column(no_wrap=True)
    hands.add_column()
    for p in range(4):
        who = Text(f" {_who(p):<4} {WIND_NAMES[seat_winds[p]]:<5}", style="bold" if p in winners else "")
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
    if res.exhaustive_draw or res.winner is None:
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
                    f"{len(wins)} winners on one tile: each is paid separately (TW §5.2).",
                    style="bold green",
                )
            )
        for w in wins:
            _show_win(res, w)
        if len(wins) > 1:
            console.print("Payments: " + _signed(res.payments))
    if res.passed is not None:
        nxt = "you" if res.dealer_after == 0 else _who(res.dealer_after)
        console.print(
            Text(
                f"The deal passes to {nxt}." if res.passed
                else f"{_stays(res.dealer).capitalize()} dealer (streak {res.streak_after})."
                if not res.exhaustive_draw
                else f"Draw: {_stays(res.dealer)} dealer, the streak stays {res.streak_after}.",
                style="bold",
            )
        )  # fmt: skip
    _explain_own_hand(res, rules)
    console.print(
        "Scores:   " + "  ".join(f"{_who(p)} {v}" for p, v in enumerate(res.scores))
    )


def _explain_own_hand(res: Any, rules: Any = None) -> None:
    """Your ready hand at the end of a deal you did not win: each wait's value, and why the
    waits that could not win were below the minimum (``mahjong_fast.explain``)."""
    if 0 in (res.winners or (() if res.winner is None else (res.winner,))) or not res.final_hands:
        return
    from .explain import explain_final_hand

    try:
        lines = explain_final_hand(
            res.final_hands[0],
            res.final_melds[0] if res.final_melds else (),
            res.bonus[0] if res.bonus else (),
            seat_wind=(0 - res.dealer) % 4,
            prevailing_wind=res.prevailing_wind,
            rules=rules,
        )
    except Exception:  # noqa: BLE001 - an explanation must never stop the game
        return
    for line in lines:
        console.print(Text(line, style="yellow"))


def _stays(p: int) -> str:
    return "you stay" if p == 0 else f"P{p} stays"


def _who(p: int | None) -> str:
    return "You" if p == 0 else f"P{p}"


def _signed(values: Any) -> str:
    return "  ".join(f"{_who(p)} {v:+d}" for p, v in enumerate(values))


def _show_win(res: Any, w: Any) -> None:
    """One winner: how, the breakdown and this win's settlement."""
    tai = w.unit == "tai"
    unit = "Tai" if tai else "faan"
    whose = "your" if w.discarder == 0 else f"P{w.discarder}'s"
    how = {
        "self_drawn": "by self-draw",
        "discard": f"on {whose} discard",
        "robbing_kong": f"by robbing {whose} kong",
        "bonus_all_eight": "with all eight bonus tiles (TW §7)",
        "bonus_rob_eighth": f"by robbing {whose} eighth bonus tile (TW §7)",
    }.get(w.win_kind or "", "")
    tile = "" if w.win_tile is None else f" with {_code(w.win_tile)}"
    extra = ""
    if not tai and res.raw_value != res.value:
        extra += f" (raw {res.raw_value})"
    if not tai and res.limit:
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
    if tai:
        # TW §15: each payer pays (Tai + dealer adjustment) x tai_value
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
    from .render import code_of_id

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


# --------------------------------------------------------------------------- entry point


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``mahjong-fast`` script. Exits 0, 2 (user error) or 130 (Ctrl-C)."""
    try:
        # Ctrl-C is a KeyboardInterrupt again (the package's import-time guard is done): from
        # here on inside this try, so that one arriving while the commands are built is an
        # "interrupted" line, not a traceback
        with contextlib.suppress(ValueError):  # not the main thread: nothing was installed
            signal.signal(signal.SIGINT, signal.default_int_handler)
        command = typer.main.get_command(app)
        rv = command.main(args=argv, prog_name="mahjong-fast", standalone_mode=False)
    except UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError" and exc.ctx is not None:
            console.print(exc.ctx.get_help())  # no arguments at all: show the help
            raise SystemExit(0) from None
        where = exc.ctx.command_path if exc.ctx is not None else "mahjong-fast"
        message = f"{exc.format_message()} (see '{where} --help')"
        raise SystemExit(_exit_with(message, EXIT_USAGE)) from None
    except ClickException as exc:
        raise SystemExit(_exit_with(exc.format_message(), exc.exit_code)) from None
    except typer.Abort:
        sys.stderr.write("\ninterrupted\n")
        raise SystemExit(EXIT_INTERRUPTED) from None
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        raise SystemExit(EXIT_INTERRUPTED) from None
    except MahjongError as exc:
        raise SystemExit(_exit_with(str(exc), EXIT_USAGE)) from None
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        except OSError:
            pass
        raise SystemExit(1) from None
    except Exception as exc:
        if os.environ.get("MAHJONG_FAST_DEBUG"):
            raise
        message = f"internal error: {type(exc).__name__}: {exc} (MAHJONG_FAST_DEBUG=1 shows more)"
        raise SystemExit(_exit_with(message, 1)) from None
    raise SystemExit(rv if isinstance(rv, int) else 0)


def _exit_with(message: str, code: int) -> int:
    _error(message, code)
    return code


if __name__ == "__main__":  # pragma: no cover
    main()
