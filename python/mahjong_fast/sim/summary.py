"""The summary of a simulation, kept from running sums so that memory stays flat (design §5).

    >>> s = Summary()
    >>> pts = lambda *v: dict(zip(("points_p0", "points_p1", "points_p2", "points_p3"), v))
    >>> s.add({"winner": 1, "win_kind": "self_drawn", "faan": 3, **pts(-8, 24, -8, -8)})
    >>> s.add({"winner": None, "win_kind": None, "faan": 0, **pts(0, 0, 0, 0)})
    >>> s.win_rate, s.self_draw_rate, s.faan_histogram, s.mean_points
    (0.5, 0.5, {3: 1}, [-4.0, 12.0, -4.0, -4.0])

Points are integers, so the sums (and the sums of squares) are exact Python ints; the sample
variance is computed from them exactly, then the 95% interval of each seat's mean uses the
normal approximation ``mean ± 1.96·sd/√n``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

#: the record fields of each seat's points (see ``mahjong_fast.sim.output.FIELDS``)
_POINTS = ("points_p0", "points_p1", "points_p2", "points_p3")

__all__ = ["Z95", "Summary"]

#: two-sided 95% quantile of the standard normal distribution
Z95 = 1.959963984540054


@dataclass
class Summary:
    """Aggregate of simulation records. Add records with :meth:`add`; read the rates and
    intervals as properties, everything at once with :meth:`to_dict` (``summary["win_rate"]``
    reads the same dict), or print it: it renders itself as a rich table."""

    deals: int = 0
    wins: int = 0
    self_draws: int = 0
    faan_counts: dict[int, int] = field(default_factory=dict)
    points_sum: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    points_sq_sum: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    #: wall-clock seconds of the run (None: not timed)
    elapsed: float | None = None
    #: a caption for the table (seats, seed, ...)
    title: str = ""

    # ------------------------------------------------------------------ accumulation

    def add(self, record: Mapping[str, Any]) -> None:
        """Count one deal record (see :meth:`DealResult.to_record`)."""
        self.deals += 1
        if record["winner"] is not None:
            self.wins += 1
            faan = int(record["faan"])
            self.faan_counts[faan] = self.faan_counts.get(faan, 0) + 1
            if record["win_kind"] == "self_drawn":
                self.self_draws += 1
        for p, key in enumerate(_POINTS):
            v = record[key]
            self.points_sum[p] += v
            self.points_sq_sum[p] += v * v

    def add_all(self, records: Iterable[Mapping[str, Any]]) -> None:
        for r in records:
            self.add(r)

    def merge(self, other: Summary) -> None:
        """Add the counts of another summary (of other deals) to this one."""
        self.deals += other.deals
        self.wins += other.wins
        self.self_draws += other.self_draws
        for k, v in other.faan_counts.items():
            self.faan_counts[k] = self.faan_counts.get(k, 0) + v
        for p in range(4):
            self.points_sum[p] += other.points_sum[p]
            self.points_sq_sum[p] += other.points_sq_sum[p]

    # ------------------------------------------------------------------ statistics

    def _rate(self, count: int) -> float:
        return count / self.deals if self.deals else 0.0

    @property
    def win_rate(self) -> float:
        return self._rate(self.wins)

    @property
    def exhaustive_draw_rate(self) -> float:
        return self._rate(self.deals - self.wins)

    @property
    def self_draw_rate(self) -> float:
        """Self-drawn wins per deal (not per win)."""
        return self._rate(self.self_draws)

    @property
    def faan_histogram(self) -> dict[int, int]:
        """Wins by faan, ascending."""
        return dict(sorted(self.faan_counts.items()))

    @property
    def mean_points(self) -> list[float]:
        """Mean payment per deal received by each seat P0..P3."""
        return [s / self.deals if self.deals else 0.0 for s in self.points_sum]

    @property
    def points_sd(self) -> list[float | None]:
        """Sample standard deviation of each seat's payments (None below two deals)."""
        n = self.deals
        if n < 2:
            return [None] * 4
        # exact in integers: n·Σx² − (Σx)² = n(n−1)·s²
        return [
            math.sqrt((n * q - s * s) / (n * (n - 1)))
            for s, q in zip(self.points_sum, self.points_sq_sum)
        ]

    @property
    def points_ci95(self) -> list[tuple[float, float] | None]:
        """95% confidence interval of each seat's mean points, ``mean ± 1.96·sd/√n``."""
        out: list[tuple[float, float] | None] = []
        for mean, sd in zip(self.mean_points, self.points_sd):
            if sd is None:
                out.append(None)
            else:
                half = Z95 * sd / math.sqrt(self.deals)
                out.append((mean - half, mean + half))
        return out

    @property
    def deals_per_second(self) -> float | None:
        if not self.elapsed:
            return None
        return self.deals / self.elapsed

    # ------------------------------------------------------------------ views

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the statistics."""
        return {
            "deals": self.deals,
            "win_rate": self.win_rate,
            "exhaustive_draw_rate": self.exhaustive_draw_rate,
            "self_draw_rate": self.self_draw_rate,
            "faan_histogram": self.faan_histogram,
            "mean_points": self.mean_points,
            "points_ci95": [list(ci) if ci is not None else None for ci in self.points_ci95],
            "deals_per_second": self.deals_per_second,
        }

    def __getitem__(self, key: str) -> Any:
        return self.to_dict()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.to_dict())

    def __str__(self) -> str:
        """The table as plain text (what ``print(summary)`` shows)."""
        import io

        from rich.console import Console

        buf = io.StringIO()
        Console(file=buf, width=72, color_system=None, highlight=False).print(self)
        return buf.getvalue().rstrip("\n")

    def __rich__(self) -> Any:
        from rich.table import Table

        table = Table(title=self.title or None, title_justify="left")
        table.add_column("Statistic")
        table.add_column("Value", justify="right")
        table.add_row("deals", f"{self.deals:,}")
        table.add_row("win rate", f"{self.win_rate:.2%}")
        table.add_row("exhaustive draw rate", f"{self.exhaustive_draw_rate:.2%}")
        table.add_row("self-draw rate (of deals)", f"{self.self_draw_rate:.2%}")
        hist = self.faan_histogram
        table.add_row(
            "faan histogram",
            "  ".join(f"{k}: {v}" for k, v in hist.items()) if hist else "-",
        )
        for p, (mean, ci) in enumerate(zip(self.mean_points, self.points_ci95)):
            ci_text = f"  [{ci[0]:+.2f}, {ci[1]:+.2f}]" if ci is not None else ""
            table.add_row(f"mean points P{p} (95% CI)", f"{mean:+.2f}{ci_text}")
        dps = self.deals_per_second
        table.add_row("deals/s", f"{dps:,.1f}" if dps is not None else "-")
        return table
