"""``report``: a simulation's records file(s) as one self-contained HTML page."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from .common import LangOption, _check_report, _error, _write_report, app, console, language


@app.command()
def report(
    records: Annotated[
        list[Path],
        typer.Argument(
            help="Records files of `simulate --out` (FILE.parquet, or FILE.jsonl with its "
            "sidecar); several are compared side by side.",
            show_default=False,
        ),
    ],
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="The HTML page to write.", show_default=False),
    ],
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace the --out file if it exists.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Write one self-contained HTML page of plots and tables over simulation records
    (needs the 'report' extra)."""
    _check_report(out, overwrite, "--out")
    from ..reports import records_report_html
    from ..reports.records import RecordsError

    try:
        html = records_report_html(records, lang=language())
    except RecordsError as exc:
        raise _error(str(exc), key="err:not_records") from None
    _write_report(out, html, "--out")
    console.print(Text(f"HTML report of {len(records)} records file(s) written to {out}",
                       style="dim"))  # fmt: skip
