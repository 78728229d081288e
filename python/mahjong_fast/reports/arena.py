"""The arena's report as one self-contained HTML page (``mahjong-fast arena --report FILE``).

It shows, per policy of the line-up: points per deal with its bootstrap 95% interval (the
arena's own, :mod:`mahjong_fast.stats`), the win, deal-in, self-draw and exhaustive-draw rates,
the distribution of points per deal, cumulative points over the walls, and the values of its
wins; and the arena's settings (ruleset and switches, line-up, seed, walls, engine version).
The numbers in its tables are those of :meth:`ArenaReport.to_json` (each cell's
``data-value``); the per-deal plots are drawn from :attr:`ArenaReport.deals`.

>>> from mahjong_fast.arena import arena
>>> html = arena_report_html(arena(["value", "greedy", "greedy", "greedy"], walls=4, seed=1))
>>> html.startswith("<!DOCTYPE html>"), html.count("<svg ") >= 5
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ._page import Html, Table, page, plot_svg, rep, require_report_extra, tr_words

if TYPE_CHECKING:
    from ..arena import ArenaReport

__all__ = ["arena_report_html"]

_COLOURS = ("#1f4e8c", "#b3261e", "#1f6e3a", "#6a3d9a")
_MARKERS = ("o", "s", "^", "D")
_LINES = ("-", "--", "-.", ":")


def _policy_of_player(lineup: tuple[str, ...], names: list[str]) -> npt.NDArray[np.int64]:
    """``(4, 4)``: the policy index of player p in rotation r (``lineup[(p + r) % 4]``)."""
    out = np.empty((4, 4), dtype=np.int64)
    for r in range(4):
        for p in range(4):
            out[r, p] = names.index(lineup[(p + r) % 4])
    return out


def arena_report_html(report: ArenaReport, *, lang: str = "en") -> str:
    """The HTML page of an arena's result.

    Args:
        report: what :func:`mahjong_fast.arena` returned (with its per-deal records).
        lang: the language it opens in (``en``, ``zh-HK``, ``zh-TW``); its language
            buttons switch without a reload.

    Returns:
        The whole document as a str (UTF-8 when written); the same report gives the same
        string.

    Raises:
        MissingExtraError: matplotlib (the ``report`` extra) is not installed.
    """
    require_report_extra()
    from .. import __version__
    from ..rules import resolve_rules

    ruleset = report.ruleset if report.ruleset is not None else resolve_rules(report.rules)
    unit = ruleset.unit_name
    names = [s.seat for s in report.seats]
    j = report.to_json()

    # per-deal arrays: points (n, 4), wall and rotation (n,), the policy of each player
    deals = report.deals
    points = np.array([d["points"] for d in deals], dtype=np.int64).reshape(-1, 4)
    wall = np.array([d["wall"] for d in deals], dtype=np.int64)
    rot = np.array([d["rotation"] for d in deals], dtype=np.int64)
    first = np.array([d["winners"][0] if d["winners"] else -1 for d in deals], dtype=np.int64)
    value = np.array([d["value"] for d in deals], dtype=np.int64)
    drawn = first < 0
    pol = _policy_of_player(report.lineup, names)[rot] if len(deals) else np.empty((0, 4), int)

    # per policy: points of each of its deals, per wall sums, values of its (first) wins
    per_deal: list[npt.NDArray[np.int64]] = []
    per_wall: list[npt.NDArray[np.int64]] = []
    win_values: list[npt.NDArray[np.int64]] = []
    draw_rate: list[float] = []
    for i in range(len(names)):
        mask = pol == i
        per_deal.append(points[mask])
        sums = np.zeros(report.walls, dtype=np.int64)
        np.add.at(sums, np.broadcast_to(wall[:, None], mask.shape)[mask], points[mask])
        per_wall.append(sums)
        won_first = (first >= 0) & (pol[np.arange(len(deals)), np.maximum(first, 0)] == i)
        win_values.append(value[won_first])
        n = int(mask.sum())
        draw_rate.append(float((mask & drawn[:, None]).sum()) / n if n else 0.0)

    def term(key: str, english: str) -> Html:
        """A column named by a term of the game (the ruleset's Chinese), ``english`` in
        English."""
        return tr_words(ruleset, lambda w: english if not w.chinese else w.term(key))

    # ------------------------------------------------------------------ tables
    t_points = Table(
        f"Points per deal, with the bootstrap 95% interval over walls ({report.walls} walls)",
        [rep("seat"), rep("deals"), rep("points/deal"), rep("95% low"), rep("95% high"),
         "no limit", rep("95% low"), rep("95% high")],
        name="points",
    )
    t_rates = Table(
        rep("Rates per deal"),
        [rep("seat"), term("win", "win"), term("deal_in", "deal-in"),
         term("self_draw", "self-draw"), term("exhaustive_draw", "exhaustive draw"), "dead ready",
         "refused/deal", f"{unit}/win"],
        name="rates",
    )
    for s, dr in zip(j["seats"], draw_rate):
        t_points.row([
            s["seat"],
            ("deals", s["deals"], f"{s['deals']:,}"),
            ("mean_points", s["mean_points"], f"{s['mean_points']:+.2f}"),
            ("ci95_low", s["ci95"][0], f"{s['ci95'][0]:+.2f}"),
            ("ci95_high", s["ci95"][1], f"{s['ci95'][1]:+.2f}"),
            ("mean_points_no_limit", s["mean_points_no_limit"],
             f"{s['mean_points_no_limit']:+.2f}"),
            ("ci95_no_limit_low", s["ci95_no_limit"][0], f"{s['ci95_no_limit'][0]:+.2f}"),
            ("ci95_no_limit_high", s["ci95_no_limit"][1], f"{s['ci95_no_limit'][1]:+.2f}"),
        ])  # fmt: skip
        t_rates.row([
            s["seat"],
            ("win_rate", s["win_rate"], f"{s['win_rate']:.1%}"),
            ("deal_in_rate", s["deal_in_rate"], f"{s['deal_in_rate']:.1%}"),
            ("self_draw_rate", s["self_draw_rate"], f"{s['self_draw_rate']:.1%}"),
            ("draw_rate", dr, f"{dr:.1%}"),
            ("dead_ready_share", s["dead_ready_share"], f"{s['dead_ready_share']:.1%}"),
            ("refused_wins_per_deal", s["refused_wins_per_deal"],
             f"{s['refused_wins_per_deal']:.2f}"),
            ("mean_win_value", s["mean_win_value"], f"{s['mean_win_value']:.2f}"),
        ])  # fmt: skip

    # ------------------------------------------------------------------ plots
    plots: list[str] = []

    def draw_points(ax: Any) -> None:
        y = np.arange(len(names))[::-1]
        means = [s.mean_points for s in report.seats]
        lo = [s.mean_points - s.ci95[0] for s in report.seats]
        hi = [s.ci95[1] - s.mean_points for s in report.seats]
        for k in range(len(names)):
            ax.errorbar([means[k]], [y[k]], xerr=[[lo[k]], [hi[k]]], fmt=_MARKERS[k],
                        color=_COLOURS[k], capsize=5, markersize=7)  # fmt: skip
        ax.axvline(0, color="#888", linewidth=0.8)
        ax.set_yticks(y, names)
        ax.set_ylim(-0.7, len(names) - 0.3)
        ax.set_xlabel("points per deal (mean, with 95% interval)")
        ax.set_ylabel("seat")

    plots.append(plot_svg(
        "points", "Points per deal with 95% intervals",
        "Mean points per deal of each seat with its bootstrap 95% interval over walls: "
        + "; ".join(f"{s.seat} {s.mean_points:+.2f} [{s.ci95[0]:+.2f}, {s.ci95[1]:+.2f}]"
                    for s in report.seats) + ".",
        draw_points, size=(6.4, 1.2 + 0.55 * len(names)), rules=ruleset, unit=unit, lead="cap:points",
        data="; ".join(f"{s.seat} {s.mean_points:+.2f} [{s.ci95[0]:+.2f}, {s.ci95[1]:+.2f}]"
                       for s in report.seats),
    ))  # fmt: skip

    rate_names = ("win", "deal-in", "self-draw", "exhaustive draw")
    rates = [
        (s.win_rate, s.deal_in_rate, s.self_draw_rate, dr)
        for s, dr in zip(report.seats, draw_rate)
    ]

    def draw_rates(ax: Any) -> None:
        x = np.arange(len(rate_names))
        width = 0.8 / len(names)
        hatches = ("", "//", "..", "xx")
        for k, name in enumerate(names):
            ax.bar(x + (k - (len(names) - 1) / 2) * width, [100 * v for v in rates[k]], width,
                   label=name, color=_COLOURS[k], hatch=hatches[k], edgecolor="white")  # fmt: skip
        ax.set_xticks(x, rate_names)
        ax.set_xlabel("outcome")
        ax.set_ylabel("share of the seat's deals (%)")
        ax.legend(fontsize=8)

    plots.append(plot_svg(
        "rates", "Win, deal-in, self-draw and draw rates",
        "Per seat, the share of its deals it won, dealt in, won by self-draw, and that ended "
        "in an exhaustive draw: " + "; ".join(
            f"{n}: " + ", ".join(f"{r} {v:.1%}" for r, v in zip(rate_names, rs))
            for n, rs in zip(names, rates)) + ".",
        draw_rates, rules=ruleset, unit=unit, lead="cap:rates",
        data="; ".join(f"{n}: " + " / ".join(f"{v:.1%}" for v in rs)
                       for n, rs in zip(names, rates)),
    ))  # fmt: skip

    def draw_hist(ax: Any) -> None:
        allp = np.concatenate(per_deal) if per_deal else np.zeros(0, dtype=np.int64)
        lo, hi = (int(allp.min()), int(allp.max())) if allp.size else (-1, 1)
        bins = np.histogram_bin_edges(np.array([lo, hi]), bins=min(40, max(1, hi - lo)))
        for k, name in enumerate(names):
            ax.hist(per_deal[k], bins=bins, histtype="step", linewidth=1.6,
                    linestyle=_LINES[k], color=_COLOURS[k], label=name,
                    weights=np.full(per_deal[k].shape, 100 / max(1, per_deal[k].size)))  # fmt: skip
        ax.set_yscale("log")
        ax.set_xlabel("points won (+) or paid (−) in one deal (points)")
        ax.set_ylabel("share of the seat's deals (%, log scale)")
        ax.legend(fontsize=8)

    plots.append(plot_svg(
        "points-hist", "Distribution of points per deal",
        "Histogram of the points each seat won or paid per deal: " + "; ".join(
            f"{n}: zero in {float((pd == 0).mean()) if pd.size else 0.0:.1%} of deals, "
            f"from {int(pd.min()) if pd.size else 0} to {int(pd.max()) if pd.size else 0}"
            for n, pd in zip(names, per_deal)) + ".",
        draw_hist, rules=ruleset, unit=unit, lead="cap:points_hist",
        data="; ".join(f"{n}: {int(pd.min()) if pd.size else 0} … {int(pd.max()) if pd.size else 0}"
                       for n, pd in zip(names, per_deal)),
    ))  # fmt: skip

    def draw_cumulative(ax: Any) -> None:
        x = np.arange(1, report.walls + 1)
        for k, name in enumerate(names):
            ax.plot(x, np.cumsum(per_wall[k]), linestyle=_LINES[k], color=_COLOURS[k],
                    label=name, linewidth=1.6)  # fmt: skip
        ax.axhline(0, color="#888", linewidth=0.8)
        ax.set_xlabel("walls played (4 deals each)")
        ax.set_ylabel("cumulative points")
        ax.legend(fontsize=8)

    plots.append(plot_svg(
        "cumulative", "Cumulative points over the walls",
        "Running total of each seat's points over the walls played: " + "; ".join(
            f"{n} ends at {int(per_wall[k].sum()):+,}" for k, n in enumerate(names)) + ".",
        draw_cumulative, rules=ruleset, unit=unit, lead="cap:cumulative",
        data="; ".join(f"{n} {int(per_wall[k].sum()):+,}" for k, n in enumerate(names)),
    ))  # fmt: skip

    def draw_values(ax: Any) -> None:
        top = max([int(v.max()) for v in win_values if v.size] + [ruleset.min_value, 1])
        x = np.arange(0, top + 1)
        width = 0.8 / len(names)
        for k, name in enumerate(names):
            counts = np.bincount(win_values[k], minlength=top + 1)
            share = 100 * counts / max(1, win_values[k].size)
            ax.bar(x + (k - (len(names) - 1) / 2) * width, share, width, label=name,
                   color=_COLOURS[k], edgecolor="white", hatch=("", "//", "..", "xx")[k])  # fmt: skip
        ax.set_xlabel(f"value of the win ({unit})")
        ax.set_ylabel("share of the seat's wins (%)")
        ax.legend(fontsize=8)

    plots.append(plot_svg(
        "win-values", f"Value of wins ({unit})",
        f"Distribution of the value in {unit} of each seat's wins (first winner of a deal): "
        + "; ".join(f"{n}: {v.size:,} wins, median {float(np.median(v)) if v.size else 0:g}"
                    for n, v in zip(names, win_values)) + ".",
        draw_values, rules=ruleset, unit=unit, lead="cap:win_values",
        data="; ".join(f"{n}: {v.size:,}" for n, v in zip(names, win_values)),
    ))  # fmt: skip

    # ------------------------------------------------------------------ settings
    switches = "".join(
        f"<tr><td>{escape(k)}</td><td>{escape(str(v))}</td></tr>"
        for k, v in ruleset.switches.items()
    )
    settings = (
        f"<h2>{rep('Settings')}</h2><dl>"
        f"<dt>ruleset</dt><dd>{escape(ruleset.title)} (<code>{escape(ruleset.name)}</code>)</dd>"
        f"<dt>line-up</dt><dd>{escape(', '.join(report.lineup))}</dd>"
        f'<dt>seed</dt><dd data-key="seed">{report.seed}</dd>'
        f'<dt>walls</dt><dd data-key="walls">{report.walls} ({4 * report.walls} deals: each '
        "wall played four times with the line-up rotated)</dd>"
        f"<dt>unit</dt><dd>{escape(unit)}</dd>"
        f"<dt>engine</dt><dd>mahjong_fast {escape(__version__)}</dd></dl>"
        '<div class="scroll"><table data-table="switches">'
        f"<caption>{rep('Switches')}</caption>"
        f'<thead><tr><th scope="col">{rep("switch")}</th><th scope="col">{rep("value")}</th>'
        "</tr></thead>"
        f"<tbody>{switches}</tbody></table></div>"
    )
    title = f"Arena: {', '.join(names)} ({ruleset.title})"
    body = [
        f"<h1>{rep('Arena')}: {escape(title.split(': ', 1)[1])}</h1>",
        (
            f'<p class="note">{report.walls} walls, seed {report.seed}, line-up '
            f"{escape(', '.join(report.lineup))}. Each wall is played four times with the "
            "line-up rotated, so every seat meets every wall from every position.</p>"
        ),
        f"<h2>{rep('Points')}</h2>", t_points.html(), plots[0],
        f"<h2>{rep('Rates')}</h2>", t_rates.html(), plots[1],
        f"<h2>{rep('Distributions')}</h2>", plots[2], plots[3], plots[4],
        settings,
    ]  # fmt: skip
    return page(title, body, lang=lang)
