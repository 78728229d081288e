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
    mahjong-fast review game.jsonl [--seat N] [--json] [--top K]
    mahjong-fast report deals.parquet [more.jsonl ...] --out report.html [--overwrite]
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
import os
import signal
import sys
from typing import Any

import typer

from ..errors import MahjongError

try:  # typer >= 0.25 vendors click privately; older versions depend on click
    from typer._click.exceptions import (
        BadOptionUsage,
        BadParameter,
        ClickException,
        MissingParameter,
        NoSuchOption,
        UsageError,
    )
except ImportError:  # pragma: no cover - depends on the installed typer
    from click.exceptions import (  # type: ignore[no-redef,import-not-found,assignment,unused-ignore]
        BadOptionUsage,
        BadParameter,
        ClickException,
        MissingParameter,
        NoSuchOption,
        UsageError,
    )

# the commands register themselves on the app when imported
from . import arena, hand, play, replay, report, result, review, serve, simulate  # noqa: F401
from ._help import localize
from .arena import _arena_tables
from .common import EXIT_INTERRUPTED, EXIT_USAGE, _error, app, console
from .result import show_result

__all__ = ["_arena_tables", "app", "console", "main", "show_result"]


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
        localize(command, _language_of(sys.argv[1:] if argv is None else argv))
        rv = command.main(args=argv, prog_name="mahjong-fast", standalone_mode=False)
    except UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError" and exc.ctx is not None:
            console.print(exc.ctx.get_help())  # no arguments at all: show the help
            raise SystemExit(0) from None
        where = exc.ctx.command_path if exc.ctx is not None else "mahjong-fast"
        message = f"{exc.format_message()} (see '{where} --help')"
        lang = _language_of(sys.argv[1:] if argv is None else argv)
        try:
            said = _usage_words(exc, where, lang)
        except Exception:  # noqa: BLE001 - the English is always there to say it
            said = None
        raise SystemExit(_exit_with(message if said is None else said, EXIT_USAGE)) from None
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


def _language_of(argv: list[str]) -> str:
    """The language a usage error is said in: ``--lang`` when the command line gives a known
    one (the error may come before it is read), else the locale's."""
    from ..words import UnknownLanguageError, resolve_language

    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None:
            try:
                return resolve_language(value)
            except UnknownLanguageError:
                break
    return resolve_language(None)


def _usage_words(exc: Any, where: str, lang: str) -> str | None:
    """A usage error of the command line (an unknown option, a bad or missing value) in
    ``lang``'s Chinese, from the error's kind and the option it names; None in English, or
    when the catalogue cannot say it (the English is shown then)."""
    from ..words import Words

    w = Words(lang)
    if not w.chinese:
        return None
    hint = getattr(exc, "param_hint", None)
    if hint is None:  # the option's own names (an argument's is its name)
        hint = getattr(getattr(exc, "param", None), "opts", None)
    option = " / ".join(map(str, hint)) if isinstance(hint, (list, tuple)) else hint
    if isinstance(exc, NoSuchOption):
        said = w("err:no_such_option", option=exc.option_name)
    elif isinstance(exc, BadOptionUsage):
        said = w("err:option_usage", option=exc.option_name)
    elif isinstance(exc, MissingParameter) and option:
        said = w("err:missing", option=option)
    elif isinstance(exc, BadParameter) and option:
        said = w("err:bad_value", option=option)
    else:
        return None
    return str(said) + str(w("err:see_help", where=where))


def _exit_with(message: str, code: int) -> int:
    _error(message, code)
    return code


if __name__ == "__main__":  # pragma: no cover
    main()
