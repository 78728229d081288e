"""A simulation's records as one self-contained HTML page (``mahjong-fast report RECORDS --out
FILE``, ``simulate ... --report FILE``).

The records (``docs/records.md``: Parquet, or JSON Lines with its sidecar) are aggregated by
polars over columns, never by a Python loop over rows (:func:`records_aggregates`). The page
shows, per file (several are compared side by side): the distribution of hand values, how often
each scoring element appears (top 20, by code, with names), self-drawn against discard wins,
the deal length in discards, the dealer's results against the others', and per seat the win,
self-draw and deal-in rates and mean points with the bootstrap 95% interval of
:mod:`mahjong_fast.stats` (the same blocks and keys as ``simulate``'s summary, so the same
interval).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import MahjongError
from ..words import CATALOGUE
from ._page import Html, Table, page, plot_svg, rep, require_report_extra, tr, tr_words

__all__ = ["RecordsError", "records_aggregates", "records_report_html"]

_COLOURS = ("#1f4e8c", "#b3261e", "#1f6e3a", "#6a3d9a")
_HATCHES = ("", "//", "..", "xx")
_SELF = ("self_drawn", "bonus_all_eight", "flower_win")
#: a win as the report reads it (the elements by code)
_WIN_FIELDS = {"seat": "Int8", "win_kind": "String", "discarder": "Int8", "value": "Int16"}
#: the columns a report reads (besides points_p0..3)
_COLUMNS = ("deal_index", "dealer", "winners", "wins", "discards", "exhaustive_draw",
            "match_index")  # fmt: skip  # won without a discarder (as simulate's summary)
TOP_ELEMENTS = 20


class RecordsError(MahjongError):
    """A records file that cannot be reported: missing, unreadable, or not of records
    format 2 (``docs/records.md``)."""


def _polars() -> Any:
    require_report_extra()
    import polars as pl

    return pl


def _read(path: Path) -> tuple[Any, Any, Any]:
    """``(frame, lazy frame, ruleset)`` of a records file: the frame holds the columns counted,
    each win's elements by code only; RecordsError when the file cannot be read."""
    pl = _polars()
    from ..rules import Ruleset
    from ..sim.output import RULESET_KEY, format_of, read_rules

    if not path.is_file():
        raise RecordsError(f"{path}: no such records file")
    try:
        kind = format_of(path)
    except ValueError as exc:
        raise RecordsError(str(exc)) from None
    try:
        if kind == "parquet":
            lf = pl.scan_parquet(path)
            raw = pl.read_parquet_metadata(path).get(RULESET_KEY)
            rules = Ruleset.from_json(raw) if raw else read_rules(path)
        else:
            lf = pl.scan_ndjson(path, infer_schema_length=None)
            rules = read_rules(path)
        schema = lf.collect_schema()
        need = {"deal_index", "dealer", "winners", "wins", "discards", "exhaustive_draw"}
        missing = sorted(need - set(schema.names()))
        if missing:
            raise RecordsError(
                f"{path}: not a records file of format 2 (no column {', '.join(missing)}; "
                "docs/records.md)"
            )
        # only what is counted: not the seeds, the hands' notation nor the elements' names
        # (a tenth of the memory of the whole file; the names of the top 20 are read apart)
        wanted = set(_COLUMNS) | {f"points_p{p}" for p in range(4)}
        cols = [c for c in schema.names() if c in wanted and c != "wins"]
        inner = schema["wins"]
        if isinstance(inner, pl.List) and isinstance(inner.inner, pl.Struct):
            e = pl.element()
            wins = pl.col("wins").list.eval(pl.struct(
                e.struct.field("seat"), e.struct.field("win_kind"), e.struct.field("discarder"),
                e.struct.field("value"),
                e.struct.field("elements").list.eval(pl.element().struct.field("code")),
            ))  # fmt: skip
        else:  # no win in the whole file: an empty list of wins per deal
            win = pl.Struct({**{k: getattr(pl, t) for k, t in _WIN_FIELDS.items()},
                             "elements": pl.List(pl.String)})  # fmt: skip
            wins = pl.lit(None, dtype=pl.List(win))
        df = lf.select(*cols, wins.alias("wins")).collect()
    except (MahjongError, RecordsError) as exc:
        if isinstance(exc, RecordsError):
            raise
        raise RecordsError(f"{path}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - polars' many read errors: one line for the user
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise RecordsError(f"{path}: not a readable records file ({first})") from None
    if df.height == 0:
        raise RecordsError(f"{path}: not a records file of format 2 (no deals; docs/records.md)")
    return df, lf, rules


def _element_names(lf: Any, codes: list[str]) -> dict[str, str]:
    """The name of each of ``codes`` as the file writes it (the first holding it)."""
    pl = _polars()
    if not codes:
        return {}
    found = (
        lf.select(pl.col("wins").list.eval(pl.element().struct.field("elements")).alias("e"))
        .explode("e")
        .explode("e")
        .drop_nulls("e")
        .select(pl.col("e").struct.field("code"), pl.col("e").struct.field("name"))
        .filter(pl.col("code").is_in(codes))
        .group_by("code")
        .agg(pl.col("name").first())
        .collect()
    )
    return dict(zip(found["code"].to_list(), found["name"].to_list()))


def records_aggregates(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The numbers the records page shows, computed by polars over the file's columns.

    Returns:
        ``{"deals", "wins" (deals with a win), "win_rate", "exhaustive_draw_rate",
        "self_draw_rate" (per deal, as simulate's summary), "multiple_wins",
        "value_histogram" {value: winners}, "win_kinds" {kind: winners},
        "elements" [(code, name, wins holding it)] (top 20, most frequent first, then by
        code), "winners" (every winner counted), "discards_histogram" {discards: deals},
        "dealer": {"deals", "win_rate", "deal_in_rate", "mean_points"}, "others": the same
        for the three other seats, "seats": [{"seat", "win_rate", "self_draw_rate",
        "deal_in_rate", "mean_points", "ci95"}] for P0..P3, "unit", "ruleset"}``. Rates are
        fractions of the deals (a seat's: of its deals, every deal).

    Raises:
        RecordsError: the file is missing, unreadable or not records of format 2.
        MahjongError: polars (the ``report`` extra) is not installed.
    """
    pl = _polars()
    from ..stats import CLUSTERS, mean_interval

    df, lf, rules = _read(Path(path))
    n = df.height
    points = [f"points_p{p}" for p in range(4)]
    # one row per winner: seat, win_kind, discarder, value, elements (codes)
    wins = df.select("deal_index", "dealer", "wins").explode("wins").drop_nulls("wins").unnest("wins")
    firsts = df.select(pl.col("wins").list.first().struct.field("win_kind").alias("kind"))
    won = df.select((pl.col("winners").list.len() > 0).sum()).item()
    self_draws = firsts.select(pl.col("kind").is_in(list(_SELF)).sum()).item()
    multiple = df.select((pl.col("winners").list.len() > 1).sum()).item()

    values = wins.group_by("value").len().sort("value")
    kinds = wins.group_by("win_kind").len().sort("win_kind")
    elements = (
        wins.with_row_index("win")
        .select("win", "elements")
        .explode("elements")
        .drop_nulls("elements")
        .unique(["win", "elements"])
        .group_by("elements")
        .len()
        .sort(["len", "elements"], descending=[True, False])
        .head(TOP_ELEMENTS)
    )
    top_codes = elements["elements"].to_list()
    element_names = _element_names(lf, top_codes)
    discards = df.group_by("discards").len().sort("discards")

    # the dealer against the others: points by the dealer's seat, wins and deal-ins
    dealer_points = df.select(
        pl.sum_horizontal(
            [pl.when(pl.col("dealer") == p).then(pl.col(c)).otherwise(0) for p, c in
             enumerate(points)]
        ).alias("d")
    )["d"]
    dealer_won = df.select(pl.col("winners").list.contains(pl.col("dealer")).sum()).item()
    winner_entries = df.select(pl.col("winners").list.len().sum()).item()
    deal_in = wins.filter(pl.col("discarder").is_not_null()).unique(["deal_index", "discarder"])
    dealer_in = deal_in.filter(pl.col("discarder") == pl.col("dealer")).height
    dealer_sum = int(dealer_points.sum())

    # per seat; intervals as simulate's summary: clusters by deal index (match index)
    if "match_index" in df.columns:
        block = (pl.col("match_index") % CLUSTERS).alias("block")
    else:
        block = (pl.col("deal_index") % CLUSTERS).alias("block")
    blocks = (
        df.group_by(block)
        .agg(pl.len().alias("n"), *[pl.col(c).sum() for c in points])
        .sort("block")
    )
    counts = blocks["n"].to_numpy()
    seats = []
    for p, c in enumerate(points):
        seat_wins = wins.filter(pl.col("seat") == p)
        seats.append({
            "seat": p,
            "win_rate": df.select(pl.col("winners").list.contains(p).sum()).item() / n,
            "self_draw_rate": seat_wins.filter(pl.col("win_kind").is_in(list(_SELF))).height / n,
            "deal_in_rate": deal_in.filter(pl.col("discarder") == p).height / n,
            "mean_points": float(df[c].sum()) / n,
            "ci95": mean_interval(blocks[c].to_numpy(), counts, seed=(p,)) if n >= 2 else None,
        })  # fmt: skip
    return {
        "deals": n,
        "wins": won,
        "win_rate": won / n,
        "exhaustive_draw_rate": (n - won) / n,
        "self_draw_rate": self_draws / n,
        "multiple_wins": multiple,
        "winners": wins.height,
        "value_histogram": dict(zip(values["value"].to_list(), values["len"].to_list())),
        "win_kinds": dict(zip(kinds["win_kind"].to_list(), kinds["len"].to_list())),
        "elements": [(c, element_names.get(c, c), n) for c, n in
                     zip(top_codes, elements["len"].to_list())],
        "discards_histogram": dict(zip(discards["discards"].to_list(), discards["len"].to_list())),
        "dealer": {
            "deals": n,
            "win_rate": dealer_won / n,
            "deal_in_rate": dealer_in / n,
            "mean_points": dealer_sum / n,
        },
        "others": {
            "deals": 3 * n,
            "win_rate": (winner_entries - dealer_won) / (3 * n),
            "deal_in_rate": (deal_in.height - dealer_in) / (3 * n),
            "mean_points": -dealer_sum / (3 * n),  # every deal's points sum to 0
        },
        "seats": seats,
        "unit": rules.unit_name,
        "ruleset": rules,
    }


def _median_discards(a: dict[str, Any]) -> float:
    """The median number of discards of a deal in the records ``a``."""
    h = a["discards_histogram"]
    return float(np.median(np.repeat(list(h), list(h.values()))))


def _win_kinds(aggs: Sequence[dict[str, Any]]) -> list[str]:
    """The ways hands were won in any of ``aggs``, in one order (the plot's)."""
    return sorted({k for a in aggs for k in a["win_kinds"]})


def _kind_names(aggs: Sequence[dict[str, Any]], rules: Any) -> dict[str, str]:
    """The ways hands were won (:func:`_win_kinds`) named in every language, ``" / "``
    between them: the plot's tick labels (``self drawn`` → 自摸)."""
    from ._page import plot_words

    known = plot_words(rules)
    names = [k.replace("_", " ") for k in _win_kinds(aggs)]
    return {lang: " / ".join(known.get(n, {}).get(lang, n) for n in names)
            for lang in ("en", "zh-HK", "zh-TW")}  # fmt: skip


def _element_name(w: Any, *, code: str, name: str) -> str:
    """An element's name in the words ``w``."""
    return str(w.element((code, name)))


def records_report_html(paths: Sequence[str | os.PathLike[str]], *, lang: str = "en") -> str:
    """The HTML page of one or more records files (compared side by side).

    Args:
        paths: records files of ``simulate`` (``.parquet``, or ``.jsonl`` with its sidecar).
        lang: the language it opens in (``en``, ``zh-HK``, ``zh-TW``); its language
            buttons switch without a reload.

    Returns:
        The whole document as a str; the same files give the same string.

    Raises:
        RecordsError: a file is missing, unreadable or not records of format 2.
        MissingExtraError: matplotlib (the ``report`` extra) is not installed.
    """
    require_report_extra()
    from .. import __version__

    if not paths:
        raise RecordsError("no records file given")
    names = [Path(p).name for p in paths]
    if len(set(names)) != len(names):
        names = [os.fspath(p) for p in paths]
    aggs = [records_aggregates(p) for p in paths]
    units = sorted({a["unit"] for a in aggs})
    unit = " / ".join(units)

    rules0 = aggs[0]["ruleset"]

    def term(key: str, english: str) -> Html:
        """A column named by a term of the game (the first file's ruleset's Chinese)."""
        return tr_words(rules0, lambda w: english if not w.chinese else w.term(key))

    summary = Table(rep("Deals"), [rep("file"), rep("deals"), term("win", "win"),
                                   term("exhaustive_draw", "exhaustive draw"),
                                   term("self_draw", "self-draw"),
                                   term("multiple_winners", "several winners"), rep("ruleset")],
                    name="summary")  # fmt: skip
    for name, a in zip(names, aggs):
        summary.row([
            name,
            ("deals", a["deals"], f"{a['deals']:,}"),
            ("win_rate", a["win_rate"], f"{a['win_rate']:.1%}"),
            ("exhaustive_draw_rate", a["exhaustive_draw_rate"], f"{a['exhaustive_draw_rate']:.1%}"),
            ("self_draw_rate", a["self_draw_rate"], f"{a['self_draw_rate']:.1%}"),
            ("multiple_wins", a["multiple_wins"], f"{a['multiple_wins']:,}"),
            a["ruleset"].title,
        ])  # fmt: skip
    seats = Table("Per seat (rates per deal; mean points with the bootstrap 95% interval)",
                  [rep("file"), rep("seat"), term("win", "win"), term("self_draw", "self-draw"),
                   term("deal_in", "deal-in"), rep("points/deal"), rep("95% low"),
                   rep("95% high")], name="seats")  # fmt: skip
    dealer = Table(rep("The dealer against the other three seats"),
                   [rep("file"), rep("who"), term("win", "win"), term("deal_in", "deal-in"),
                    rep("points/deal")], name="dealer")  # fmt: skip
    for name, a in zip(names, aggs):
        for s in a["seats"]:
            lo, hi = s["ci95"] if s["ci95"] is not None else (float("nan"), float("nan"))
            seats.row([
                name, f"P{s['seat']}",
                ("win_rate", s["win_rate"], f"{s['win_rate']:.1%}"),
                ("self_draw_rate", s["self_draw_rate"], f"{s['self_draw_rate']:.1%}"),
                ("deal_in_rate", s["deal_in_rate"], f"{s['deal_in_rate']:.1%}"),
                ("mean_points", s["mean_points"], f"{s['mean_points']:+.2f}"),
                ("ci95_low", lo, f"{lo:+.2f}"),
                ("ci95_high", hi, f"{hi:+.2f}"),
            ])  # fmt: skip
        for who in ("dealer", "others"):
            d = a[who]
            dealer.row([
                name, term("dealer", "dealer") if who == "dealer"
                else term("non_dealer", "other seats"),
                ("win_rate", d["win_rate"], f"{d['win_rate']:.1%}"),
                ("deal_in_rate", d["deal_in_rate"], f"{d['deal_in_rate']:.1%}"),
                ("mean_points", d["mean_points"], f"{d['mean_points']:+.2f}"),
            ])  # fmt: skip
    elements_html = []
    for name, a in zip(names, aggs):
        english = (f"Top {TOP_ELEMENTS} scoring elements: {name} (share of {a['winners']:,} "
                   "winning hands holding it)")
        caption = tr({"en": english, **{
            lang_: f"{CATALOGUE['r:Top scoring elements'][lang_]}（{TOP_ELEMENTS}）：{name}"
            f"（{a['winners']:,} {CATALOGUE['r:winning hands'][lang_]}）"
            for lang_ in ("zh-HK", "zh-TW")}})  # fmt: skip
        t = Table(caption, [rep("code"), rep("element"), rep("wins"), rep("share")],
                  name="elements")  # fmt: skip
        rules_a = a["ruleset"]
        for code, ename, count in a["elements"]:
            share = count / a["winners"] if a["winners"] else 0.0
            shown = tr_words(rules_a, functools.partial(_element_name, code=code, name=ename))
            t.row([code, shown, ("count", count, f"{count:,}"), ("share", share, f"{share:.1%}")])
        elements_html.append(t.html())

    width = 0.8 / len(aggs)

    def offset(k: int) -> float:
        return (k - (len(aggs) - 1) / 2) * width

    def draw_values(ax: Any) -> None:
        top = max([max(a["value_histogram"], default=0) for a in aggs] + [1])
        x = np.arange(top + 1)
        for k, a in enumerate(aggs):
            h = a["value_histogram"]
            total = max(1, sum(h.values()))
            ax.bar(x + offset(k), [100 * h.get(int(v), 0) / total for v in x], width,
                   color=_COLOURS[k % 4], hatch=_HATCHES[k % 4], edgecolor="white",
                   label=names[k])  # fmt: skip
        ax.set_xlabel(f"hand value ({unit})")
        ax.set_ylabel("share of winning hands (%)")
        ax.legend(fontsize=8)

    def draw_kinds(ax: Any) -> None:
        kinds = sorted({k for a in aggs for k in a["win_kinds"]})
        x = np.arange(len(kinds))
        for k, a in enumerate(aggs):
            total = max(1, a["winners"])
            ax.bar(x + offset(k), [100 * a["win_kinds"].get(w, 0) / total for w in kinds],
                   width, color=_COLOURS[k % 4], hatch=_HATCHES[k % 4], edgecolor="white",
                   label=names[k])  # fmt: skip
        ax.set_xticks(x, [w.replace("_", " ") for w in kinds])
        ax.set_xlabel("how the hand was won")
        ax.set_ylabel("share of winning hands (%)")
        ax.legend(fontsize=8)

    def draw_length(ax: Any) -> None:
        for k, a in enumerate(aggs):
            h = a["discards_histogram"]
            xs = sorted(h)
            total = max(1, sum(h.values()))
            ax.step(xs, [100 * h[v] / total for v in xs], where="mid", color=_COLOURS[k % 4],
                    linestyle=("-", "--", "-.", ":")[k % 4], label=names[k])  # fmt: skip
        ax.set_xlabel("deal length (discards made in the deal)")
        ax.set_ylabel("share of deals (%)")
        ax.legend(fontsize=8)

    def draw_seats(ax: Any) -> None:
        x = np.arange(4)
        for k, a in enumerate(aggs):
            means = [s["mean_points"] for s in a["seats"]]
            err = [[m - (s["ci95"] or (m, m))[0] for m, s in zip(means, a["seats"])],
                   [(s["ci95"] or (m, m))[1] - m for m, s in zip(means, a["seats"])]]  # fmt: skip
            ax.errorbar(x + offset(k), means, yerr=err, fmt=("o", "s", "^", "D")[k % 4],
                        color=_COLOURS[k % 4], capsize=4, label=names[k])  # fmt: skip
        ax.axhline(0, color="#888", linewidth=0.8)
        ax.set_xticks(x, [f"P{p}" for p in range(4)])
        ax.set_xlabel("seat")
        ax.set_ylabel("points per deal (mean, 95% interval)")
        ax.legend(fontsize=8)

    def words(fmt: Any) -> str:
        return "; ".join(f"{n}: {fmt(a)}" for n, a in zip(names, aggs))

    plots = [
        plot_svg("values", f"Distribution of hand values ({unit})",
                 "Share of winning hands by value: " + words(lambda a: ", ".join(
                     f"{v} {unit}: {c:,}" for v, c in a["value_histogram"].items())) + ".",
                 draw_values, rules=rules0, unit=unit, lead="cap:values", data=words(
                     lambda a: ", ".join(f"{v}: {c:,}" for v, c in a["value_histogram"].items()))),
        plot_svg("win-kinds", "Self-drawn against discard wins",
                 "Share of winning hands by how they were won: " + words(lambda a: ", ".join(
                     f"{k.replace('_', ' ')} {c:,}" for k, c in a["win_kinds"].items())) + ".",
                 draw_kinds, rules=rules0, unit=unit, data=words(lambda a: " / ".join(
                     f"{a['win_kinds'].get(k, 0):,}" for k in _win_kinds(aggs))),
                 lead="cap:win_kinds", fields={"kinds": _kind_names(aggs, rules0)}),
        plot_svg("deal-length", "Deal length",
                 "Share of deals by the number of discards made: " + words(lambda a: (
                     f"median {_median_discards(a):g} discards")) + ".",
                 draw_length, rules=rules0, unit=unit, lead="cap:deal_length",
                 data=words(lambda a: f"{_median_discards(a):g}")),
        plot_svg("seat-points", "Points per deal by seat",
                 "Mean points per deal of each seat with its bootstrap 95% interval: " + words(
                     lambda a: ", ".join(f"P{s['seat']} {s['mean_points']:+.2f}"
                                         for s in a["seats"])) + ".",
                 draw_seats, rules=rules0, unit=unit, lead="cap:seat_points", data=words(
                     lambda a: ", ".join(f"P{s['seat']} {s['mean_points']:+.2f}"
                                         for s in a["seats"]))),
    ]  # fmt: skip

    settings = []
    for name, a in zip(names, aggs):
        rules = a["ruleset"]
        sw = ", ".join(f"{k}={v}" for k, v in rules.switches.items())
        settings.append(
            f"<dt>{escape(name)}</dt><dd>{escape(rules.title)} (<code>{escape(rules.name)}"
            f"</code>; {escape(sw)}); values in {escape(a['unit'])}</dd>"
        )
    title = "Simulation records: " + ", ".join(names)
    body = [
        f"<h1>{rep('Simulation records')}: {escape(', '.join(names))}</h1>",
        (f'<p class="note">{sum(a["deals"] for a in aggs):,} deals. Made by mahjong_fast '
        f"{escape(__version__)} from the records files (docs/records.md).</p>"),
        f"<h2>{rep('Deals')}</h2>", summary.html(),
        f"<h2>{rep('Hand values')}</h2>", plots[0],
        f"<h2>{rep('Scoring elements')}</h2>", *elements_html,
        f"<h2>{rep('How hands are won')}</h2>", plots[1],
        f"<h2>{rep('Deal length')}</h2>", plots[2],
        f"<h2>{rep('Seats and the dealer')}</h2>", seats.html(), plots[3], dealer.html(),
        f"<h2>{rep('Settings')}</h2><dl>" + "".join(settings) + "</dl>",
    ]  # fmt: skip
    return page(title, body, lang=lang)
