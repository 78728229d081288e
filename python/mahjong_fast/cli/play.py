"""``play``: one person against three AI seats, deal by deal (rules enforced by the core)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from .. import _core
from ..errors import MahjongError
from .common import (
    EXIT_INPUT_ENDED,
    EXIT_INTERRUPTED,
    LogOverwriteOption,
    RuleOption,
    RulesOption,
    _changed_switches,
    _error,
    _open_log,
    _ruleset,
    app,
    console,
)
from .result import _who, show_result


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
    from ..game.match import play_match
    from ..seats import SEAT_KINDS, make_seat
    from ..seats.human import HumanSeat, QuitGame

    if opponents not in SEAT_KINDS:
        raise _error(
            f"--opponents: unknown seat kind {opponents!r}; choose from {', '.join(SEAT_KINDS)}"
        )

    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little")
    elif not 0 <= seed < 2**64:
        raise _error(f"--seed must be in 0 .. 2**64-1 (got {seed})")
    log_file = _open_log(log, overwrite)
    if console.is_terminal:
        # a terminal: lines are wrapped here at word and tile boundaries to its width (a pipe
        # gets every line whole)
        console.soft_wrap = False
    human = HumanSeat(console, ascii=ascii, confirm=not no_confirm, rules=ruleset)
    seats = [human, *(make_seat(opponents, seed + p) for p in (1, 2, 3))]
    what = ruleset.title
    described = _core.Match(ruleset, deals=deals).describe()
    match_line = described[:1].upper() + described[1:]
    # short lines: the banner reads whole in 80 columns
    console.print(
        Text(
            f"mahjong-fast: {what}, seed {seed}, rules {_changed_switches(ruleset)}.", style="bold"
        )
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
                Text(
                    f"Scores after {n_done} deal{'s' if n_done != 1 else ''}: {line}", style="bold"
                )
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
