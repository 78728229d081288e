"""``play``: one person against three AI seats, deal by deal (rules enforced by the core)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from .. import _core
from ..errors import MahjongError
from .common import (
    EXIT_INPUT_ENDED,
    EXIT_INTERRUPTED,
    LangOption,
    LogOverwriteOption,
    RuleOption,
    RulesOption,
    _changed_switches,
    _corrupt,
    _error,
    _open_log,
    _ruleset,
    app,
    console,
    language,
    words,
)
from .result import _who, show_result


class _Stopped(KeyboardInterrupt):
    """A stop signal other than Ctrl-C (SIGHUP: the terminal closed; SIGTERM)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def _stop_signals() -> Iterator[None]:
    """SIGHUP and SIGTERM stop the game as Ctrl-C does (the log keeps what was played)."""
    previous: dict[int, Any] = {}

    def stop(signum: int, _frame: object) -> None:
        raise _Stopped(signum)

    for name in ("SIGHUP", "SIGTERM"):
        sig = getattr(signal, name, None)
        if sig is not None:
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                previous[sig] = signal.signal(sig, stop)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _tell(message: str) -> None:
    """One line on stderr, if the terminal is still there (after SIGHUP it may not be)."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(message + "\n")
        sys.stderr.flush()


#: the options a resumed game takes from its log
_FROM_THE_LOG = {"seed": "--seed", "rules_name": "--rules", "rule": "--rule",
                 "rotate_dealer": "--rotate-dealer", "opponents": "--opponents", "log": "--log",
                 "overwrite": "--overwrite"}  # fmt: skip


@app.command()
def play(
    ctx: typer.Context,
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
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            help="Go on with the game a stopped `play --log FILE` left in FILE (its ruleset, "
            "seats and seed; appended to). Hong Kong: give the game's --deals again.",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Play against three AI seats (you are P0, East, the dealer of the first deal).

    Hong Kong: --deals deals. Taiwanese (--rules taiwanese-high / taiwanese-low): a whole
    match of rotating deals (TW §16; --rule match_length=one_deal|east_round|full_game).

    With --log FILE the game is written as it goes: stopped at any moment (quit, Ctrl-C, a
    closed terminal, the end of input), FILE holds what was played and --resume FILE goes on
    from there."""
    if resume is not None:
        # (typer carries its own click: the source is compared by name)
        given = [opt for name, opt in _FROM_THE_LOG.items()
                 if getattr(ctx.get_parameter_source(name), "name", "") == "COMMANDLINE"]  # fmt: skip
        if given:
            raise _error(
                f"--resume takes the ruleset, seats and seed from the log: drop {', '.join(given)}",
                key="err:resume_drop", given=", ".join(given),
            )
        _resume(resume, deals, ascii=ascii, confirm=not no_confirm)
        return
    try:
        ruleset = _ruleset(rules_name, rule, rotate_dealer)
    except MahjongError as exc:
        raise _error(str(exc), exc=exc) from None
    # a match the ruleset sets itself (TW §16) takes no --deals: the core says so
    try:
        _core.Match(ruleset, deals=deals)
    except MahjongError as exc:
        raise _error(f"--deals: {exc}", exc=exc, prefix="--deals") from None
    by_switches = deals is None and not ruleset.independent_deals
    from ..game.match import play_match
    from ..seats import SEAT_KINDS, make_seat
    from ..seats.human import HumanSeat

    if opponents not in SEAT_KINDS:
        raise _error(
            f"--opponents: unknown seat kind {opponents!r}; choose from {', '.join(SEAT_KINDS)}",
            key="err:unknown_seat", option="--opponents", name=repr(opponents), kinds=", ".join(SEAT_KINDS),
        )

    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little")
    elif not 0 <= seed < 2**64:
        raise _error(f"--seed must be in 0 .. 2**64-1 (got {seed})", key="err:seed", seed=seed)
    log_file = _open_log(log, overwrite)
    if console.is_terminal:
        # a terminal: lines are wrapped here at word and tile boundaries to its width (a pipe
        # gets every line whole)
        console.soft_wrap = False
    human = HumanSeat(
        console, ascii=ascii, confirm=not no_confirm, rules=ruleset, lang=language()
    )
    seats = [human, *(make_seat(opponents, seed + p) for p in (1, 2, 3))]
    # short lines: the banner reads whole in 80 columns
    for line in _banner(ruleset, deals, seed):
        console.print(Text(line, style="bold"))
    console.print(Text(words(ruleset)("play:you_are"), style="bold"))
    finished: list[Any] = []  # the results shown so far

    def on_deal(_deal: Any, res: Any) -> None:
        finished.append(res)
        show_result(res, ascii=ascii, rules=ruleset, lang=language())

    def run() -> Any:
        # each result is shown when its deal ends (HK §12, TW §16); the human seat waits for
        # Enter before the next deal starts
        return play_match(seats, seed=seed, deals=deals, rules=ruleset, log=log_file,
                          on_deal=on_deal)  # fmt: skip

    try:
        match = _played(run, finished, log)
    finally:
        if log_file is not None:
            log_file.close()
            # nothing played (stopped before the first deal began): no file is left behind
            with contextlib.suppress(OSError):
                if log is not None and os.path.getsize(log) == 0:
                    os.unlink(log)
    _final(match, by_switches, log)


def _banner(ruleset: Any, deals: int | None, seed: int) -> tuple[str, str]:
    """The two opening lines of ``play``: the ruleset, seed and changed switches, then how long
    the match lasts. English is the core's own text (``ruleset.title``, ``Match.describe``); a
    Chinese reader gets the ruleset by the name ``--rules`` takes with its unit's term, and the
    match from its switches in the game's terms (the core's description is English only)."""
    w = words(ruleset)
    rules_text = _changed_switches(ruleset)
    if not w.chinese:
        described = _core.Match(ruleset, deals=deals).describe()
        return (
            w("play:banner", title=ruleset.title, seed=seed, rules=rules_text),
            f"{described[:1].upper()}{described[1:]}.",
        )
    title = w("play:ruleset_named", name=ruleset.name, unit=w.unit())
    sw = ruleset.switches
    length, top = sw.get("match_length"), sw.get("max_deals")
    if length in ("east_round", "full_game"):
        match_line = w(f"match:{length}", max=top)
    elif length == "one_deal" or (deals or 1) == 1:
        match_line = w("match:one_deal")
    elif not sw.get("rotate_dealer", False):
        match_line = w("match:deals", n=deals)
    else:
        repeat = sw.get("dealer_repeat", "never")
        key = {"on_win": "match:deals_keep", "on_win_or_draw": "match:deals_keep_draw"}
        match_line = w(key.get(str(repeat), "match:deals_rotate"), n=deals)
    return w("play:banner", title=title, seed=seed, rules=rules_text), match_line


def _played(run: Any, finished: list[Any], log: Path | None, prefix: str = "") -> Any:
    """``run()`` (the match), its ways of stopping turned into exit statuses; the log, written
    as the game went, keeps what was played."""
    resume_hint = (
        f"the game so far is in {log}: `mahjong-fast play --resume {log}` goes on with it"
        if log is not None
        else ""
    )
    from ..seats.human import QuitGame

    try:
        with _stop_signals():
            return run()
    except QuitGame as q:
        if finished:  # the deals played are the game's result so far: never lost
            line = "  ".join(f"{_who(p)} {v}" for p, v in enumerate(finished[-1].scores))
            n_done = len(finished)
            console.print(
                Text(
                    f"Scores after {n_done} deal{'s' if n_done != 1 else ''}: {line}", style="bold"
                )
            )
        if log is not None and log.is_file() and log.stat().st_size:
            console.print(Text(resume_hint[:1].upper() + resume_hint[1:] + ".", style="dim"))
        if q.reason == "eof":  # a pipe (or Ctrl-D) ended before the game did
            sys.stderr.write(
                f"input ended before the game did: leaving it (exit status {EXIT_INPUT_ENDED})\n"
            )
            raise typer.Exit(EXIT_INPUT_ENDED) from None
        console.print(words()("play:bye"))
        raise typer.Exit(0) from None
    except KeyboardInterrupt as exc:
        signum = exc.signum if isinstance(exc, _Stopped) else signal.SIGINT
        saved = log is not None and log.is_file() and log.stat().st_size > 0
        _tell("\ninterrupted" + (f": {resume_hint}" if saved else ""))
        raise typer.Exit(EXIT_INTERRUPTED if signum == signal.SIGINT else 128 + signum) from None
    except MahjongError as exc:
        raise _error(prefix + str(exc), exc=exc, prefix=prefix.rstrip(": ")) from None


def _final(match: Any, by_switches: bool, log: Path | None) -> None:
    """The end of a match: the final scores, and where the log is."""
    scores, deals = tuple(match.scores), match.deals
    if by_switches or (deals or 1) > 1:
        line = "  ".join(f"{'You' if p == 0 else f'P{p}'} {v}" for p, v in enumerate(scores))
        plural = "s" if deals != 1 else ""
        end = f"Final scores after {deals} deal{plural}"
        if by_switches:
            times = "once" if match.passes == 1 else f"{match.passes} times"
            end = f"End of the match ({deals} deal{plural}, the deal passed {times}). Final scores"
        console.print(Text(f"{end}: {line}", style="bold"))
    if log:
        console.print(Text(words()("play:log_written", path=log), style="dim"))


def _resume(path: Path, deals: int | None, *, ascii: bool, confirm: bool) -> None:
    """``play --resume FILE``: the game a stopped ``play --log FILE`` left, from the first
    decision FILE does not hold (the ruleset, seats and seed of its header; the AI seats' past
    choices replayed from it), appended to FILE. A log that does not replay, is not a game of
    ``play`` or is finished: one line, exit 2."""
    from ..errors import ReplayError
    from ..game.log import _parse, _read_lines, header_rules
    from ..game.match import resume_match
    from ..seats import SEAT_KINDS, make_seat
    from ..seats.human import HumanSeat

    if not path.is_file():
        raise _error(f"--resume {path}: no such file", key="err:no_such_file",
                     file=f"--resume {path}")  # fmt: skip
    try:
        lines = _read_lines(path)
        first = next((_parse(raw, n) for n, raw in enumerate(lines, start=1) if raw.strip()), None)
        if first is None:
            raise ReplayError("the log is empty: it holds no deal (no header line)")
        ruleset = header_rules(first, 1)
    except ReplayError as exc:
        raise _error(f"--resume {path}: corrupt log: {exc}",
                     **_corrupt(f"--resume {path}", exc)) from None  # fmt: skip
    names = first.get("seats")
    kinds = names[1:] if isinstance(names, list) and len(names) == 4 else []
    if (
        not isinstance(names, list)
        or names[:1] != ["human"]
        or len(set(map(str, kinds))) != 1
        or kinds[0] not in SEAT_KINDS
    ):
        raise _error(
            f"--resume {path}: not a game of `mahjong-fast play` (its seats are {names!r}); "
            "nothing to resume",
            key="err:not_a_play_log", file=f"--resume {path}",
        )
    seed = first.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise _error(f"--resume {path}: its header names no seed; nothing to resume",
                     key="err:no_seed_in_log", file=f"--resume {path}")  # fmt: skip
    try:
        _core.Match(ruleset, deals=deals)
    except MahjongError as exc:
        raise _error(f"--deals: {exc}", exc=exc, prefix="--deals") from None
    human = HumanSeat(console, ascii=ascii, confirm=confirm, rules=ruleset, lang=language())
    human.muted = True  # the deal is rebuilt from the log quietly, then shown
    seats = [human, *(make_seat(str(kinds[0]), seed + p) for p in (1, 2, 3))]
    by_switches = deals is None and not ruleset.independent_deals
    finished: list[Any] = []

    def on_resumed(deal: Any) -> None:  # the log is valid and the game goes on: say so
        human.muted = False
        console.print(
            Text(
                f"mahjong-fast: resuming {path}: {ruleset.title}, seed {seed}, rules "
                f"{_changed_switches(ruleset)}, opponents {kinds[0]}.",
                style="bold",
            )
        )
        if deal is not None:
            deal_n = words(ruleset)("deal_n", n=deal.deal_index + 1)
            console.print(Text(f"\n=== {deal_n} ===", style="bold"))
            done = sum(1 for ev in deal.events if ev.type == "action" and not ev.data.get("auto"))
            console.print(
                Text(f"Deal {deal.deal_index + 1} goes on after {done} actions.", style="bold")
            )
        console.print(Text(words(ruleset)("play:you_are"), style="bold"))

    def on_deal(_deal: Any, res: Any) -> None:
        finished.append(res)
        show_result(res, ascii=ascii, rules=ruleset, lang=language())

    def run() -> Any:
        return resume_match(seats, path, deals=deals, on_deal=on_deal, on_resumed=on_resumed)

    match = _played(run, finished, path, prefix=f"--resume {path}: ")
    _final(match, by_switches, path)
