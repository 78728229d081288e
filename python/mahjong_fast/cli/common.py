"""What every command shares: the typer app, the console, exit statuses, one-line errors
and the parsing of the options every command takes (tiles, winds, bonus tiles, the ruleset)."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from ..errors import MahjongError
from ..render import (
    WIND_LETTERS,
    WIND_NAMES,
)

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


def _error(
    message: str,
    code: int = EXIT_USAGE,
    *,
    key: str | None = None,
    exc: BaseException | None = None,
    prefix: str = "",
    lang: str | None = None,
    **fields: Any,
) -> typer.Exit:
    """Print ``error: message`` (one line) on stderr and return the Exit to raise.

    ``message`` is the English. A Chinese reader (``lang``, else this run's language) gets the
    catalogue's string ``key`` (with ``fields``) instead, or, with ``exc``, what
    :func:`error_words` says of that error after ``prefix``; where the catalogue cannot say it,
    the English. The ``error: `` that starts the line, the one line and ``code`` are the same
    in every language."""
    text = message
    w = _words_of(lang)
    if w.chinese:
        said: str | None = None
        if key is not None:
            said = w(key, **fields)
        elif exc is not None:
            said = error_words(w, exc)
            if said is not None and prefix:
                said = f"{prefix}：{said}"
        text = said if said is not None else message
    text = " ".join(str(text).split())  # always exactly one line
    sys.stderr.write(f"error: {text}\n")
    sys.stderr.flush()
    return typer.Exit(code)


def _words_of(lang: str | None) -> Any:
    from ..words import Words

    return Words(lang if lang is not None else language())


def error_words(w: Any, exc: BaseException) -> str | None:
    """A user's mistake that the core reports (``exc``) said in ``w``'s Chinese from the error's
    type and fields: a tile notation that cannot be read (``InvalidTileError``, its
    ``.position``), an unknown switch or a bad value of one, an unknown ruleset
    (``RuleConfigError``, its ``.switch``), a hand the rules cannot make or an impossible
    situation (``InvalidHandError``, its ``.kind``, ``.tiles``, ``.count``, ``.expected``);
    None when the catalogue cannot say it (the English is shown then)."""
    from ..errors import InvalidHandError, InvalidTileError, RuleConfigError

    if isinstance(exc, InvalidTileError):
        pos = getattr(exc, "position", None)
        return str(w("err:bad_tile_any") if pos is None else w("err:bad_tile", pos=pos))
    if isinstance(exc, InvalidHandError):
        return _hand_words(w, exc)
    if isinstance(exc, RuleConfigError):
        switch = getattr(exc, "switch", None)
        if switch is None:
            return None
        if switch == "preset":  # an unknown ruleset name (its name is the caller's to say)
            return str(w("err:unknown_ruleset_any", names=_ruleset_names()))
        known = _known_switches()
        return str(w("err:bad_switch" if switch in known else "err:unknown_switch", switch=switch))
    return None


def _hand_words(w: Any, exc: BaseException) -> str | None:
    """An ``InvalidHandError`` in ``w``'s words from its kind and tiles (None for a kind the
    catalogue does not say: the English then)."""
    kind = getattr(exc, "kind", None)
    tiles = " ".join(map(str, getattr(exc, "tiles", ()) or ()))
    if kind in ("too_many_copies", "bonus_twice", "bad_meld") and tiles:
        return str(w(f"err:{kind}", tiles=tiles))
    if kind == "wrong_size" and getattr(exc, "count", None) is not None:
        expected = str(w("err:or")).join(map(str, getattr(exc, "expected", ())))
        return str(w("err:wrong_size", count=exc.count, expected=expected))  # type: ignore[attr-defined]
    if kind == "situation":
        return str(w("err:situation_of", tiles=tiles) if tiles else w("err:situation"))
    return None


def _ruleset_names() -> str:
    """The ruleset names ``--rules`` takes, as a list for a message."""
    from ..rules import presets

    return ", ".join(presets())


def _known_switches() -> set[str]:
    """Every switch name of every registered ruleset."""
    from .. import _core
    from ..rules import Ruleset

    return {k for name in _core.ruleset_names() for k in Ruleset.from_name(name).switches}


def _corrupt(file: Any, exc: BaseException) -> dict[str, Any]:
    """The catalogue's key and fields of a log that cannot be read (``exc``, a ReplayError with
    its ``.line`` when it knows it), for :func:`_error`."""
    line = getattr(exc, "line", None)
    if line is None:
        return {"key": "err:corrupt_log", "file": file}
    return {"key": "err:corrupt_log_line", "file": file, "line": line}


def user_errors(func: F) -> F:
    """Turn a :class:`MahjongError` raised by a command into one stderr line and exit 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except MahjongError as exc:
            raise _error(str(exc), exc=exc) from None

    return wrapper  # type: ignore[return-value]


def _wind(value: str | None, option: str) -> str | None:
    """A wind option as a letter E/S/W/N (accepts ``S``, ``south``, ``2z``)."""
    if value is None:
        return None
    v = value.strip().lower()
    table = {"e": "E", "s": "S", "w": "W", "n": "N", "1z": "E", "2z": "S", "3z": "W", "4z": "N"}
    table.update({name.lower(): letter for name, letter in zip(WIND_NAMES, WIND_LETTERS)})
    if v not in table:
        raise _error(f"{option} must be a wind E, S, W or N (got {value!r})", key="err:wind",
                     option=option, value=repr(value))  # fmt: skip
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
    from ..tiles import Tile

    try:
        tile = Tile(value.strip())
    except MahjongError as exc:
        raise _error(f"--win {value}: {exc}", exc=exc, prefix=f"--win {value}") from None
    if tile.is_bonus:
        raise _error(f"--win {value}: a bonus tile is never a winning tile (rules §4.4)",
                     key="err:bonus_win_of", value=value)  # fmt: skip


def _bonus(value: str | None) -> tuple[str, ...]:
    """``--bonus``: bonus tiles in hand notation (``1f,5f``, ``1f 5f`` or ``1f5f``), as codes;
    the error names the option."""
    if not value:
        return ()
    from ..tiles import bonus_kinds, tile_code

    try:
        kinds = bonus_kinds(value)
    except MahjongError as exc:
        why = str(exc).split(": ", 1)[1] if str(exc).startswith("invalid tile") else str(exc)
        if "1f..8f" not in why:
            why += " (bonus tiles are 1f..8f, e.g. 1f,5f or 1f5f)"
        raise _error(f"--bonus {value}: {why}", exc=exc, prefix=f"--bonus {value}") from None
    if len(set(kinds)) != len(kinds):
        raise _error(f"--bonus {value}: a bonus tile given twice (there is one of each)",
                     key="err:bonus_given_twice", value=value)  # fmt: skip
    return tuple(tile_code(k) for k in kinds)


def rules_help(with_rule: bool = True) -> str:
    """The ``--rules`` help: every preset name, from the core's registry (and, where the
    command takes ``--rule``, that its switches go on top)."""
    from ..rules import presets

    names = presets()
    text = f"The ruleset or preset: {names[0]} (alias hk; the default), " + ", ".join(names[1:])
    return text + ("; --rule switches go on top." if with_rule else ".")


def _rule_help() -> str:
    from ..rules import rule_help

    return rule_help()


#: the language of this run's human-readable output (``--lang``, else the locale)
_language: list[str] = ["en"]


def _set_language(value: str | None) -> str | None:
    """``--lang``: check it and make it the language of the output (the locale's when not
    given: ``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    from ..words import UnknownLanguageError, resolve_language

    try:
        _language[0] = resolve_language(value)
    except UnknownLanguageError as exc:
        raise typer.BadParameter(str(exc)) from None
    return value


def language() -> str:
    """The language of this run's human-readable output (``en``, ``zh-HK``, ``zh-TW``)."""
    return _language[0]


def words(rules: Any = None) -> Any:
    """The :class:`~mahjong_fast.words.Words` of this run's language for ``rules``."""
    from ..words import Words

    return Words(language(), rules)


LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="Language of the human-readable output: en, zh-HK or zh-TW (default: the "
        "locale's, LC_ALL / LC_MESSAGES / LANG; English unless it is Hong Kong or Taiwan "
        "Chinese). --json is never translated.",
        callback=_set_language,
        is_eager=True,
    ),
]

RulesOption = Annotated[str | None, typer.Option("--rules", help=rules_help())]
RuleOption = Annotated[list[str] | None, typer.Option("--rule", help=_rule_help())]


def _ruleset(name: str | None, switches: list[str] | None, rotate_dealer: bool = False) -> Any:
    """The Ruleset of ``--rules`` / ``--rule`` (and the ``--rotate-dealer`` shorthand); a bad
    name, switch or value is RuleConfigError (one line, exit 2)."""
    from ..errors import RuleConfigError
    from ..rules import ruleset_from_options

    try:
        return ruleset_from_options(name, switches or (), rotate_dealer=rotate_dealer or None)
    except RuleConfigError as exc:
        if getattr(exc, "switch", None) != "preset" or name is None:
            raise
        raise _error(str(exc), key="err:unknown_ruleset", name=name, names=_ruleset_names()) from None


def _changed_switches(rules: Any) -> str:
    """``hong-kong`` or ``hong-kong (min_faan=1, spiciness=half)``: the switches that differ
    from the preset."""
    from ..rules import Ruleset

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
        from .. import __version__

        return str(__version__)
    except ImportError:  # pragma: no cover - during development
        from importlib.metadata import version

        return version("mahjong_fast")


def _version_callback(value: bool) -> None:
    if value:
        build = ""
        try:
            from .. import BUILD_PROFILE

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


# --------------------------------------------------------------------------- play


def _open_log(log: Path | None, overwrite: bool) -> Any:
    """The ``--log`` file, opened for writing before anything is played: an existing file is
    refused (a previous game is never lost) unless ``--overwrite``."""
    if log is None:
        return None
    try:
        return open(log, "w" if overwrite else "x", encoding="utf-8")
    except FileExistsError:
        raise _error(f"--log {log}: the file exists; add --overwrite to replace it",
                     key="err:exists", file=f"--log {log}") from None  # fmt: skip
    except OSError as exc:
        raise _error(f"--log {log}: {exc.strerror or exc}", key="err:cannot_write", file=f"--log {log}",
                     why=exc.strerror or exc) from None  # fmt: skip


LogOverwriteOption = Annotated[
    bool, typer.Option("--overwrite", help="Replace the --log file if it exists.")
]

OutputOverwriteOption = Annotated[
    bool,
    typer.Option("--overwrite", help="Replace the --log or --report file if it exists."),
]


def _check_report(path: Path | None, overwrite: bool, option: str = "--report") -> None:
    """Before any work: the HTML report can be made (the ``report`` extra is installed) and
    written (the file does not exist unless ``--overwrite``; its folder exists). One line on
    stderr and exit 2 otherwise."""
    if path is None:
        return
    from ..reports import MissingExtraError
    from ..reports._page import require_report_extra

    try:
        require_report_extra()
    except MissingExtraError as exc:
        raise _error(str(exc), key="err:needs_extra", what=option, package="matplotlib, polars",
                     extra="report") from None  # fmt: skip
    if path.exists() and not overwrite:
        raise _error(f"{option} {path}: the file exists; add --overwrite to replace it",
                     key="err:exists", file=f"{option} {path}")  # fmt: skip
    if path.is_dir():
        raise _error(f"{option} {path}: is a folder", key="err:is_folder", file=f"{option} {path}")
    if not path.parent.is_dir():
        raise _error(f"{option} {path}: no folder {path.parent}", key="err:no_folder",
                     file=f"{option} {path}", folder=path.parent)  # fmt: skip


def _write_report(path: Path, html: str, option: str = "--report") -> None:
    """Write the report (UTF-8); an OSError is one line and exit 2."""
    try:
        path.write_text(html, encoding="utf-8")
    except OSError as exc:
        raise _error(f"{option} {path}: {exc.strerror or exc}", key="err:cannot_write",
                     file=f"{option} {path}", why=exc.strerror or exc) from None  # fmt: skip
