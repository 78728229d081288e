"""``arena``: seats compared in duplicate (each wall played with the line-up rotated)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from .common import (
    LangOption,
    OutputOverwriteOption,
    _check_report,
    _error,
    _open_log,
    _print_json,
    _ruleset,
    _write_report,
    app,
    console,
    language,
    rules_help,
    user_errors,
)


def _arena_tables(rep: Any, title: str) -> list[Table]:
    """The arena's report as two tables that fit 80 columns (:meth:`ArenaReport.tables`)."""
    return list(rep.tables(title))


@app.command()
@user_errors
def arena(
    n: Annotated[
        int, typer.Option("-n", "--walls", min=1, help="Number of walls (4 deals each).")
    ] = 1000,
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
            help=rules_help(with_rule=False),
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
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            help="Also write the report as one self-contained HTML page with plots to FILE "
            "(needs the 'report' extra).",
        ),
    ] = None,
    overwrite: OutputOverwriteOption = False,
    lang: LangOption = None,
) -> None:
    """Measure seats in duplicate: each wall is played four times with the line-up rotated;
    metrics per policy with a bootstrap 95% interval over walls."""
    from ..arena import arena as run_arena
    from ..seats import SEAT_KINDS

    names = [s.strip().lower() for s in seats.split(",") if s.strip()]
    if len(names) != 4:
        raise _error(f"--seats needs four seat kinds separated by commas (got {len(names)})",
                     key="err:seats_four", n=len(names))  # fmt: skip
    for name in names:
        if name not in SEAT_KINDS:
            raise _error(
                f"--seats: unknown seat kind {name!r}; choose from {', '.join(SEAT_KINDS)}",
                key="err:unknown_seat", option="--seats", name=repr(name), kinds=", ".join(SEAT_KINDS),
            )
    if not 0 <= seed < 2**64:
        raise _error(f"--seed must be in 0 .. 2**64-1 (got {seed})", key="err:seed", seed=seed)
    ruleset = _ruleset(rules, None)  # an unknown name: one line, before the log is created
    # HK §19.10: the arena plays single deals, so the match switches change nothing here
    dependency = ruleset.deal_dependency
    note = (
        f"each wall is played as a single deal: the match switches ({dependency}) have no "
        "effect in the arena"
        if dependency is not None
        else None
    )
    _check_report(report, overwrite)
    log_file = _open_log(log, overwrite)
    try:
        rep = run_arena(names, n, rules=rules, seed=seed, workers=workers, log=log_file)
    finally:
        if log_file is not None:
            log_file.close()
    if report is not None:
        from ..reports import arena_report_html

        _write_report(report, arena_report_html(rep, lang=language()))
    if as_json:
        out = rep.to_json()
        if note is not None:
            out["note"] = note
        _print_json(out)
        return
    title = f"arena: {rep.rules}, seed {seed}, {n} walls x 4 rotations\nline-up {', '.join(names)}"
    for table in _arena_tables(rep, title):
        console.print(table)
    if note is not None:
        console.print(Text(f"Note: {note}.", style="dim"))
    if log:
        console.print(Text(f"Event log of the {4 * n} deals written to {log}", style="dim"))
    if report is not None:
        console.print(Text(f"HTML report written to {report}", style="dim"))
