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

import typer

from ..errors import MahjongError

try:  # typer >= 0.25 vendors click privately; older versions depend on click
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # pragma: no cover - depends on the installed typer
    from click.exceptions import (  # type: ignore[no-redef,import-not-found,assignment,unused-ignore]
        ClickException,
        UsageError,
    )

# the commands register themselves on the app when imported
from . import arena, hand, play, replay, report, result, review, simulate  # noqa: F401
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
