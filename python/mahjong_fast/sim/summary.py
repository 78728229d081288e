"""The summary of a simulation, kept from running sums so that memory stays flat (design §5).

    >>> s = Summary()
    >>> pts = lambda *v: dict(zip(("points_p0", "points_p1", "points_p2", "points_p3"), v))
    >>> s.add({"wins": [{"win_kind": "self_drawn", "value": 3}], **pts(-8, 24, -8, -8)})
    >>> s.add({"wins": [], **pts(0, 0, 0, 0)})
    >>> s.win_rate, s.self_draw_rate, s.faan_histogram, s.mean_points
    (0.5, 0.5, {3: 1}, [-4.0, 12.0, -4.0, -4.0])

Records of a simulation by matches (``deal_in_match`` present) also count matches, and every
winner of a deal with several winners (Taiwanese, TW §5.2) counts in the histogram with its
own value (``wins``). ``unit`` names the value: faan (Hong Kong) or Tai (Taiwanese). Records
of 0.2 and earlier (``winner``, ``faan``, ``values``) are counted too.

Points are integers, so the sums (and the sums of squares) are exact Python ints; the sample
standard deviation is computed from them exactly. The 95% interval of each seat's mean is the
one interval method of the arena and the simulation (:func:`mahjong_fast.stats.mean_interval`):
a bootstrap over clusters of deals: deal index modulo 256 (a simulation by matches: match index
modulo 256, a match's deals staying together), whose sums the summary keeps (at most 256 small
entries: memory stays flat).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mahjong_fast.rules import DEFAULT_RULES, unit_name
from mahjong_fast.stats import cluster_of, mean_interval

#: The unit of the default ruleset, the only one of 0.1: a summary in it keeps the 0.1 shape
#: (no ``unit`` / ``mean_value`` unless it counts matches). Data, not a ruleset's rule.
_UNIT_OF_0_1 = DEFAULT_RULES.unit

#: the record fields of each seat's points (see ``mahjong_fast.sim.output.FIELDS``)
_POINTS = ("points_p0", "points_p1", "points_p2", "points_p3")

__all__ = ["Z95", "Summary"]

#: two-sided 95% quantile of the standard normal distribution
Z95 = 1.959963984540054
#: the histogram's entries are put on lines of at most this many characters: a table of 72
#: or 80 columns (a pipe) never has to wrap one and cut an entry in two
HISTOGRAM_LINE = 34


def _entry_lines(entries: list[str], width: int = HISTOGRAM_LINE) -> str:
    """``entries`` joined by two spaces, on lines of at most ``width`` characters (an entry
    is never split); ``-`` when there is none."""
    lines: list[str] = []
    for e in entries:
        if lines and len(lines[-1]) + 2 + len(e) <= width:
            lines[-1] += "  " + e
        else:
            lines.append(e)
    return "\n".join(lines) or "-"


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
    #: the unit of the values counted in the histogram: "faan" or "tai"
    unit: str = DEFAULT_RULES.unit
    #: matches seen (records with ``deal_in_match`` 0); 0 when simulating by deals
    matches: int = 0
    #: deals with more than one winner (TW §5.2)
    multiple_wins: int = 0
    #: the clusters of the intervals (:func:`mahjong_fast.stats.cluster_of`): cluster ->
    #: [deals, points P0, P1, P2, P3]
    blocks: dict[int, list[int]] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ accumulation

    def add(self, record: Mapping[str, Any]) -> None:
        """Count one deal record (see :meth:`DealResult.to_record`)."""
        self.deals += 1
        if record.get("deal_in_match") == 0:
            self.matches += 1
        wins = record.get("wins")
        if wins is not None:
            values = [w["value"] for w in wins]
            kind = wins[0]["win_kind"] if wins else None
        elif record["winner"] is not None:  # a record of 0.2 or earlier
            values = list(record.get("values") or (record["faan"],))
            kind = record["win_kind"]
        else:
            values, kind = [], None
        if values:
            self.wins += 1
            if len(values) > 1:
                self.multiple_wins += 1
            for v in values:
                self.faan_counts[int(v)] = self.faan_counts.get(int(v), 0) + 1
            if kind in ("self_drawn", "bonus_all_eight", "flower_win"):
                self.self_draws += 1
        match = record.get("match_index")
        if match is not None:
            block = cluster_of(int(match))
        else:
            index = record.get("deal_index")
            block = cluster_of(int(index) if index is not None else self.deals - 1)
        entry = self.blocks.get(block)
        if entry is None:
            entry = self.blocks[block] = [0, 0, 0, 0, 0]
        entry[0] += 1
        for p, key in enumerate(_POINTS):
            v = record[key]
            self.points_sum[p] += v
            self.points_sq_sum[p] += v * v
            entry[p + 1] += v

    def add_all(self, records: Iterable[Mapping[str, Any]]) -> None:
        for r in records:
            self.add(r)

    def merge(self, other: Summary) -> None:
        """Add the counts of another summary (of other deals) to this one."""
        self.deals += other.deals
        self.matches += other.matches
        self.multiple_wins += other.multiple_wins
        self.wins += other.wins
        self.self_draws += other.self_draws
        for k, v in other.faan_counts.items():
            self.faan_counts[k] = self.faan_counts.get(k, 0) + v
        for p in range(4):
            self.points_sum[p] += other.points_sum[p]
            self.points_sq_sum[p] += other.points_sq_sum[p]
        for block, theirs in other.blocks.items():
            mine = self.blocks.setdefault(block, [0, 0, 0, 0, 0])
            for i, v in enumerate(theirs):
                mine[i] += v

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
        """Wins by value (faan, or hand Tai under a Taiwanese ruleset: see :attr:`unit`),
        ascending; every winner of a deal counts."""
        return dict(sorted(self.faan_counts.items()))

    @property
    def value_histogram(self) -> dict[int, int]:
        """The same as :attr:`faan_histogram`, by its unit-neutral name."""
        return self.faan_histogram

    @property
    def mean_value(self) -> float | None:
        """Mean value of a win in :attr:`unit` (None without wins)."""
        n = sum(self.faan_counts.values())
        return sum(k * v for k, v in self.faan_counts.items()) / n if n else None

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
        """95% interval of each seat's mean points: the bootstrap over clusters of deals of
        :func:`mahjong_fast.stats.mean_interval` (the arena's method), keyed by the seat. None
        below two deals, or for a summary made from sums alone (no blocks)."""
        if self.deals < 2 or not self.blocks:
            return [None] * 4
        table = np.array([self.blocks[k] for k in sorted(self.blocks)], dtype=np.float64)
        return [mean_interval(table[:, p + 1], table[:, 0], seed=(p,)) for p in range(4)]

    @property
    def deals_per_second(self) -> float | None:
        if not self.elapsed:
            return None
        return self.deals / self.elapsed

    @property
    def matches_per_second(self) -> float | None:
        if not self.elapsed or not self.matches:
            return None
        return self.matches / self.elapsed

    # ------------------------------------------------------------------ views

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the statistics."""
        out: dict[str, Any] = {
            "deals": self.deals,
            "win_rate": self.win_rate,
            "exhaustive_draw_rate": self.exhaustive_draw_rate,
            "self_draw_rate": self.self_draw_rate,
            f"{self.unit}_histogram": self.faan_histogram,
            "mean_points": self.mean_points,
            "points_ci95": [list(ci) if ci is not None else None for ci in self.points_ci95],
            "deals_per_second": self.deals_per_second,
        }
        if self.unit != _UNIT_OF_0_1 or self.matches:
            out["unit"] = self.unit
            out["mean_value"] = self.mean_value
            out["multiple_win_rate"] = self._rate(self.multiple_wins)
        if self.matches:
            out["matches"] = self.matches
            out["matches_per_second"] = self.matches_per_second
        return out

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
        if self.matches:
            table.add_row("matches", f"{self.matches:,}")
        table.add_row("deals", f"{self.deals:,}")
        table.add_row("win rate", f"{self.win_rate:.2%}")
        table.add_row("exhaustive draw rate", f"{self.exhaustive_draw_rate:.2%}")
        table.add_row("self-draw rate (of deals)", f"{self.self_draw_rate:.2%}")
        if self.multiple_wins:
            table.add_row("several winners (of deals)", f"{self._rate(self.multiple_wins):.2%}")
        hist = self.faan_histogram
        unit = unit_name(self.unit)
        table.add_row(f"{unit} histogram", _entry_lines([f"{k}: {v}" for k, v in hist.items()]))
        mean = self.mean_value
        if self.unit != _UNIT_OF_0_1 and mean is not None:
            table.add_row(f"mean {unit} per win", f"{mean:.2f}")
        for p, (mean, ci) in enumerate(zip(self.mean_points, self.points_ci95)):
            ci_text = f"  [{ci[0]:+.2f}, {ci[1]:+.2f}]" if ci is not None else ""
            table.add_row(f"mean points P{p} (95% CI)", f"{mean:+.2f}{ci_text}")
        dps = self.deals_per_second
        table.add_row("deals/s", f"{dps:,.1f}" if dps is not None else "-")
        mps = self.matches_per_second
        if mps is not None:
            table.add_row("matches/s", f"{mps:,.1f}")
        return table
