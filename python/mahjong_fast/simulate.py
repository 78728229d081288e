"""Bulk AI-vs-AI simulation (design §5), single process for now.

    >>> from mahjong_fast.simulate import simulate
    >>> res = simulate(100, seed=1)                 # doctest: +SKIP
    >>> res.summary["win_rate"], len(res.records)   # doctest: +SKIP

Deal ``i`` depends only on ``(seed, i)``: its wall is ``_core.wall(seed, i)``, every deal
starts from scores 0 (records report the payments of that deal), and AI seats re-seed
their own random streams from ``(seed, i, player)``. So a deal gives the same record
whether it is simulated alone or in any batch.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .game.match import new_deal, run_deal
from .seats import make_seat

__all__ = ["SimulationResult", "simulate", "summarize"]


@dataclass
class SimulationResult:
    """``records``: one dict per deal (see :meth:`DealResult.to_record`, plus ``seed``);
    ``summary``: aggregate numbers (see :func:`summarize`)."""

    records: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)


def summarize(records: Sequence[dict[str, Any]], elapsed: float | None = None) -> dict[str, Any]:
    """Summary of simulation records: deals, win/draw/self-draw rates, faan histogram,
    mean points per seat, deals per second (when ``elapsed`` is given)."""
    n = len(records)
    wins = [r for r in records if r["winner"] is not None]
    hist: dict[int, int] = {}
    for r in wins:
        hist[r["faan"]] = hist.get(r["faan"], 0) + 1
    totals = [0, 0, 0, 0]
    for r in records:
        for i in range(4):
            totals[i] += r["payments"][i]
    return {
        "deals": n,
        "win_rate": len(wins) / n if n else 0.0,
        "exhaustive_draw_rate": (n - len(wins)) / n if n else 0.0,
        "self_draw_rate": sum(1 for r in wins if r["win_kind"] == "self_drawn") / n if n else 0.0,
        "faan_histogram": dict(sorted(hist.items())),
        "mean_points": [t / n if n else 0.0 for t in totals],
        "deals_per_second": (n / elapsed if elapsed else None) if elapsed is not None else None,
    }


def simulate(
    deals: int,
    seats: Sequence[str] = ("greedy",) * 4,
    seed: int = 0,
    *,
    rotate_dealer: bool = False,
    progress: Callable[[int, int], None] | None = None,
    start: int = 0,
) -> SimulationResult:
    """Simulate deals ``start .. start+deals-1`` with AI seats named in ``seats`` (four of
    ``"greedy"`` / ``"random"``). ``progress(done, total)`` is called after each deal."""
    if len(seats) != 4:
        raise ValueError("simulate needs four seat kinds")
    players = [make_seat(kind, seed) for kind in seats]
    out = SimulationResult()
    t0 = time.perf_counter()
    for i in range(start, start + deals):
        deal = new_deal(players, seed=seed, deal_index=i, rotate_dealer=rotate_dealer, record=False)
        res = run_deal(deal, players)
        rec = res.to_record()
        rec["seed"] = seed
        out.records.append(rec)
        if progress is not None:
            progress(i - start + 1, deals)
    out.summary = summarize(out.records, time.perf_counter() - t0)
    return out
