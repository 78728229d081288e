"""``simulate``: bulk deals or whole matches with built-in seats, a progress bar, records kept
when interrupted (design §5)."""

from __future__ import annotations

import importlib.util
import signal
import sys
from pathlib import Path
from typing import Annotated, Any

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
from rich.text import Text

from .. import _core
from ..errors import MahjongError
from .common import (
    EXIT_FAILED,
    LangOption,
    RuleOption,
    RulesOption,
    _changed_switches,
    _check_report,
    _error,
    _print_json,
    _ruleset,
    _write_report,
    app,
    console,
    language,
    user_errors,
)

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
            "--seats",
            help="Four seat kinds, comma-separated (expert, greedy, random, strong, value).",
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
        bool,
        typer.Option("--overwrite", help="Replace the --out or --report file if it exists."),
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            help="At the end, write an HTML page of the records in --out to FILE (needs the "
            "'report' extra).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (the summary).")
    ] = False,
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    rotate_dealer: Annotated[
        bool,
        typer.Option("--rotate-dealer", help="Pass the deal on after every deal (a switch)."),
    ] = False,
    lang: LangOption = None,
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
    from ..seats import SEAT_KINDS
    from ..sim.backends import usable_cores
    from ..simulate import SimulationFailed, SimulationInterrupted
    from ..simulate import simulate as run_simulation

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
    backend = backend.strip().lower()
    if backend not in ("auto", "core", "process", "ray"):
        raise _error(f"--backend must be auto, core, process or ray (got {backend!r})",
                     key="err:backend", value=repr(backend))  # fmt: skip
    if address is not None and backend != "ray":
        raise _error("--address is only for --backend ray", key="err:address_ray")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise _error("--backend ray needs Ray: pip install 'mahjong_fast[ray]'", key="err:needs_extra",
                     what="--backend ray", package="Ray", extra="ray")  # fmt: skip
    if out is not None:
        _check_out(out, overwrite)
    if report is not None:
        if out is None:
            raise _error("--report is made from the records file: give --out FILE too", key="err:report_needs_out")
        _check_report(report, overwrite)
    ruleset = _ruleset(rules_name, rule, rotate_dealer)
    if n is not None and matches is not None:
        raise _error("give --deals or --matches, not both", key="err:deals_or_matches")
    if match_deals is not None:
        if matches is None:
            raise _error("--match-deals is the length of each match: give --matches N with it",
                         key="err:match_deals_alone")  # fmt: skip
        try:
            _core.Match(ruleset, deals=match_deals)
        except MahjongError as exc:
            raise _error(f"--match-deals: {exc}", exc=exc, prefix="--match-deals") from None
    # a deal that depends on the one before (TW §16, HK §19.10): the unit is a whole match
    why = ruleset.deal_dependency or "TW §16"
    if n is None and matches is None:
        if not ruleset.independent_deals:
            raise _error(
                f"--rules {ruleset.name} is simulated by whole matches: give --matches N "
                f"(a deal depends on the one before, {why})",
                key="err:by_matches", name=ruleset.name,
            )
        n = 100
    if n is not None and not ruleset.independent_deals:
        raise _error(
            f"--rules {ruleset.name} is simulated by whole matches: use --matches {n}, "
            f"not --deals (a deal depends on the one before, {why})",
            key="err:by_matches", name=ruleset.name,
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
        raise _error(str(exc), key="err:needs_extra", what="--out", package="pyarrow", extra="parquet") from None
    except ValueError as exc:
        raise _error(str(exc), exc=exc) from None
    except FileExistsError:
        raise _error(f"--out {out}: the file exists; add --overwrite to replace it",
                     key="err:exists", file=f"--out {out}") from None  # fmt: skip
    except OSError as exc:
        if out is None or exc.filename is None:
            raise
        raise _error(f"--out {out}: cannot write it: {exc.strerror or exc}", key="err:cannot_write",
                     file=f"--out {out}", why=exc.strerror or exc) from None  # fmt: skip
    _report(result, total, seed, names, title, as_json)
    if report is not None and out is not None:
        from ..reports import records_report_html

        _write_report(report, records_report_html([out], lang=language()))
        if not as_json:
            console.print(f"HTML report: {report}")


def _check_out(out: Path, overwrite: bool) -> None:
    suffix = out.suffix.lower()
    if suffix not in (".parquet", ".pq", ".jsonl", ".ndjson"):
        raise _error(f"--out {out}: name the file *.parquet (Parquet) or *.jsonl (JSON Lines)",
                     key="err:out_suffix", file=f"--out {out}")  # fmt: skip
    if suffix in (".parquet", ".pq") and importlib.util.find_spec("pyarrow") is None:
        raise _error(f"--out {out}: Parquet needs pyarrow: pip install 'mahjong_fast[parquet]'",
                     key="err:needs_extra", what=f"--out {out}", package="pyarrow", extra="parquet")  # fmt: skip
    parent = out.parent if str(out.parent) else Path(".")
    try:
        if not parent.is_dir():
            raise _error(f"--out {out}: no such directory {str(parent)!r}", key="err:no_folder",
                         file=f"--out {out}", folder=repr(str(parent)))  # fmt: skip
        if out.is_dir():
            raise _error(f"--out {out}: is a directory", key="err:is_folder", file=f"--out {out}")
        if out.exists() and not overwrite:
            raise _error(f"--out {out}: the file exists; add --overwrite to replace it",
                         key="err:exists", file=f"--out {out}")  # fmt: skip
    except OSError as exc:  # a name too long, a path through a file...
        raise _error(f"--out {out}: cannot write it: {exc.strerror or exc}", key="err:cannot_write",
                     file=f"--out {out}", why=exc.strerror or exc) from None  # fmt: skip


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
