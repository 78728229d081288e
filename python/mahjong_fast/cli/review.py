"""``review``: a game log's decisions of one seat beside the expert's, biggest losses first."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from .common import (
    LangOption,
    _check_report,
    _corrupt,
    _error,
    _print_json,
    _write_report,
    app,
    console,
    language,
    user_errors,
    words,
)

#: the line under the review's head: what its numbers mean
LEGEND = "pts: expert's expected points for the rest of the deal; loss: expert - played"


def _rate(decisions: int, agreement: float) -> str:
    """An agreement rate, or "-" where there was no decision to agree with."""
    return f"{agreement:.0%}" if decisions else "-"

def _pts(v: float | None) -> str:
    return "-" if v is None else f"{v:+.2f}"


def _short(label: str) -> str:
    """An option's label short enough for the table (``concealed kong 5z`` → ``c.kong 5z``)."""
    return label.replace("concealed kong", "c.kong").replace("added kong", "a.kong")


def _review_tables(rev: Any, top: int, w: Any = None) -> list[Table]:
    """The biggest losses, then the summaries per deal and per kind: tables of 80 columns
    (``w``: the words of a Chinese for its titles and column names)."""

    def c(col: str) -> str:
        return col if w is None else w(f"col:{col}")

    def title(key: str, english: str) -> str:
        return english if w is None else w(key)

    from rich import box

    from ..review import KINDS
    from ..words import kind_name

    style: dict[str, Any] = {"box": box.SIMPLE_HEAD, "show_edge": False, "collapse_padding": True}
    losses = Table(title=title("biggest_losses", f"Biggest losses (top {top}, expected points)"),
                   title_justify="left",
                   **style)  # fmt: skip
    for col in ("deal", "line", "left", "kind", "played", "pts", "expert", "pts", "loss"):
        losses.add_column(c(col), justify="left" if col in ("kind", "played", "expert") else "right",
                          no_wrap=True)  # fmt: skip
    for d in rev.biggest_losses(top):
        losses.add_row(
            str(d.deal), str(d.line), str(d.remaining),
            d.kind if w is None else kind_name(w, d.kind), _short(d.made),
            _pts(d.made_value), _short(d.expert), _pts(d.expert_value),
            "unrated" if d.loss is None else f"{d.loss:.2f}",
        )  # fmt: skip
    hands = Table(title=title("hands_at_decisions", "Your hand at each of these decisions"
                              if rev.seat_name == "human"
                              else f"P{rev.seat}'s hand at each of these decisions"),
                  title_justify="left", **style)  # fmt: skip
    for col in ("deal", "line", "hand (concealed tiles)"):
        hands.add_column(c(col), justify="right" if col != "hand (concealed tiles)" else "left",
                         no_wrap=True)  # fmt: skip
    for d in rev.biggest_losses(top):
        hands.add_row(str(d.deal), str(d.line), d.hand)
    deals = Table(title=title("per_deal", "Per deal"), title_justify="left", **style)
    for col in ("deal", "index", "seat", "decisions", "agreed", "agreement", "loss"):
        deals.add_column(c(col), justify="left" if col == "seat" else "right", no_wrap=True)
    for dr in rev.deals:
        s = dr.summary
        deals.add_row(str(dr.deal), str(dr.deal_index), dr.seat_name[:12], str(s.decisions),
                      str(s.agreed), _rate(s.decisions, s.agreement), f"{s.loss:.2f}")  # fmt: skip
    kinds = Table(title=title("per_kind", "Per kind of decision (whole log)"), title_justify="left",
                  **style)  # fmt: skip
    for col in ("kind", "decisions", "agreed", "agreement", "loss"):
        kinds.add_column(c(col), justify="left" if col == "kind" else "right", no_wrap=True)
    for kind in KINDS:
        k = rev.summary.by_kind[kind]
        kinds.add_row(kind if w is None else kind_name(w, kind), str(k.decisions), str(k.agreed), _rate(k.decisions, k.agreement),
                      f"{k.loss:.2f}")  # fmt: skip
    s = rev.summary
    kinds.add_row("all" if w is None else w("all"), str(s.decisions), str(s.agreed), _rate(s.decisions, s.agreement), f"{s.loss:.2f}",
                  style="bold")  # fmt: skip
    return [losses, hands, deals, kinds] if top else [losses, deals, kinds]


@app.command()
@user_errors
def review(
    file: Annotated[
        Path, typer.Argument(help="An event log written by `play --log` or `arena --log`.")
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            help="The player reviewed, 0..3 (default: the human seat of a `play` log; "
            "required when no human sat).",
        ),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="The whole review as JSON (every decision).")
    ] = False,
    top: Annotated[
        int, typer.Option("--top", help="How many of the biggest losses to show.")
    ] = 10,
    html: Annotated[
        Path | None,
        typer.Option(
            "--html",
            help="Also write the review as one self-contained HTML page to FILE (needs the "
            "'report' extra).",
        ),
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace the --html file if it exists.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Review one seat's decisions in a game log against the expert seat.

    Every discard, claim or pass, kong and declined win of the seat is valued by the expert
    from the seat's view at that moment (its own tiles and the table, never a hidden tile), in
    expected points for the rest of the deal; the loss is the expert's value minus the value
    of the option played."""
    from ..errors import ReplayError
    from ..review import review_log

    if top < 0:
        raise _error(f"--top must be 0 or more (got {top})", key="err:top", value=top)
    if seat is not None and not 0 <= seat <= 3:
        raise _error(f"--seat must be 0..3 (got {seat})", key="err:seat_range", value=seat)
    if not file.is_file():
        raise _error(f"{file}: no such file", key="err:no_such_file", file=file)
    _check_report(html, overwrite, "--html")
    try:
        rev = review_log(file, seat)
    except ReplayError as exc:
        raise _error(f"{file}: corrupt log: {exc}", **_corrupt(file, exc)) from None
    except TypeError as exc:  # pragma: no cover - the options are typed
        raise _error(str(exc)) from None
    if html is not None:
        from ..reports import review_report_html

        _write_report(html, review_report_html(rev, top=top, lang=language()), "--html")
    if json_out:
        _print_json(rev.to_dict())
        return
    s = rev.summary
    names = "/".join(dict.fromkeys(dr.seat_name for dr in rev.deals))
    if language() != "en":
        from ..reports.review import _rules_of

        w = words(_rules_of(rev.ruleset))
        console.print(
            Text(
                f"{w('review_of')} P{rev.seat}（{names[:30]}），{rev.ruleset}，"
                f"{len(rev.deals)} {w('deal')}：\n"
                f"{w('decisions')} {s.decisions}，{w('agreement')} {s.agreement:.0%}，"
                f"{w('estimated_loss')} {s.loss:.2f} {w('points')}",
                style="bold",
            )
        )
        console.print(Text(w("review_legend"), style="dim"))
        for table in _review_tables(rev, top, w):
            console.print(table)
        return
    console.print(
        Text(
            f"Review of P{rev.seat} ({names[:30]}), {rev.ruleset}, {len(rev.deals)} deal(s):\n"
            f"{s.decisions} decisions, {s.agreement:.0%} as the expert, "
            f"estimated loss {s.loss:.2f} points",
            style="bold",
        )
    )
    console.print(Text(LEGEND, style="dim"))
    for table in _review_tables(rev, top):
        console.print(table)
