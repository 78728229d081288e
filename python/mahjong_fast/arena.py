"""The arena: how strong a seat is, measured in duplicate (any ruleset; ``docs/ai.md``).

Each wall ``0 .. walls-1`` of a seed is played four times with the line-up of seats rotated
(player ``p`` plays ``seats[(p + rotation) % 4]``), so each policy meets each wall from each
position and the luck of the wall cancels out. Metrics per policy, aggregated over all the
positions it holds:

- ``mean_points``: points won per deal, with ``ci95`` a bootstrap 95% interval over walls
  (1,000 resamples of the walls' sums, :func:`mahjong_fast.stats.mean_interval`: the one
  interval method of the arena and the simulation); ``mean_points_no_limit`` /
  ``ci95_no_limit`` the same over deals without a limit hand (a few limit hands dominate the
  variance);
- ``win_rate``, ``deal_in_rate`` (its discard or added kong won on), ``self_draw_rate``:
  fractions of its deals;
- ``dead_ready_share``: of the moments it is ready after its own discard, the share with no
  wait that would be a legal win (self-drawn or on a discard, rules §10.5);
- ``refused_wins_per_deal``: winning shapes refused as under the minimum, when it draws them or
  another seat discards them (robbing windows not counted);
- ``mean_win_value``: mean value of its wins, in the ruleset's ``unit`` (faan or Tai).

The whole run is deterministic by seed, whatever ``workers``.

With ``log`` (``mahjong-fast arena --log FILE``), every deal of the arena is written as an
event log in the game's log format (:mod:`mahjong_fast.game.log`): one JSON Lines file holding
the ``4 * walls`` deals in deal order (wall ``w``, then rotation ``r``: the ``4w + r``-th deal),
each a header line then its events, exactly what a game played through :class:`Deal` writes.
The header's ``deal_index`` is the wall, ``seed`` the arena's seed and ``seats`` the line-up as
that deal played it (``seats[(p + r) % 4]`` for player ``p``). ``mahjong-fast replay FILE`` (or
:func:`mahjong_fast.game.replay`) reads it back and re-checks every action.

>>> rep = arena(["value", "greedy", "greedy", "greedy"], walls=20, seed=1)
>>> [s.seat for s in rep.seats], rep.seats[0].deals
(['value', 'greedy'], 80)
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import IO, Any

from mahjong_fast import _core
from mahjong_fast.game.deal import Deal
from mahjong_fast.game.log import LogWriter
from mahjong_fast.rules import DEFAULT_RULES, Ruleset, resolve_rules, unit_name
from mahjong_fast.stats import mean_interval

__all__ = ["ArenaReport", "PolicyStats", "arena"]


@dataclass(frozen=True)
class PolicyStats:
    """The arena's metrics for one policy (see the module docstring for each field)."""

    seat: str
    deals: int
    mean_points: float
    ci95: tuple[float, float]
    mean_points_no_limit: float
    ci95_no_limit: tuple[float, float]
    win_rate: float
    deal_in_rate: float
    self_draw_rate: float
    dead_ready_share: float
    refused_wins_per_deal: float
    mean_win_value: float


@dataclass(frozen=True)
class ArenaReport:
    """The arena's result: ``seats`` one :class:`PolicyStats` per distinct policy in order of
    first appearance; ``deals`` the per-deal records (wall, rotation, winners, discarder,
    win_kind, value, limit, points per player, counts per player ``(ready, dead_ready,
    refused)``), for checking. ``unit``: the unit of every value (the ruleset's). ``mahjong_fast.reports.arena_report_html``
    turns it into an HTML page."""

    walls: int
    seed: int
    rules: str
    lineup: tuple[str, ...]
    seats: list[PolicyStats]
    deals: list[dict[str, Any]] = field(default_factory=list, repr=False)
    unit: str = DEFAULT_RULES.unit
    #: the ruleset played, every switch included (the HTML report shows it); None for a
    #: report built by hand, which then means the preset named by ``rules``
    ruleset: Ruleset | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """``{"seats": [{"seat": ..., "mean_points": ..., "ci95": [lo, hi], ...}], "walls": ...,
        "seed": ..., "rules": ..., "unit": ..., "lineup": [...]}`` (no per-deal records)."""
        seats = []
        for s in self.seats:
            d = asdict(s)
            d["ci95"] = list(s.ci95)
            d["ci95_no_limit"] = list(s.ci95_no_limit)
            seats.append(d)
        return {
            "seats": seats,
            "walls": self.walls,
            "seed": self.seed,
            "rules": self.rules,
            "unit": self.unit,
            "lineup": list(self.lineup),
        }

    def to_dict(self) -> dict[str, Any]:
        """The same JSON-ready dict as :meth:`to_json` (what ``mahjong-fast arena --json``
        prints), under the name the other results use."""
        return self.to_json()

    def tables(self, title: str | None = None) -> list[Any]:
        """The report as the two :class:`rich.table.Table` of ``mahjong-fast arena`` (80
        columns): points per deal with their 95% intervals (also without limit hands), then
        win, deal-in and self-draw rates, the dead-ready share, refused wins per deal and the
        mean value of a win."""
        from rich import box
        from rich.table import Table

        if title is None:
            title = (
                f"arena: {self.rules}, seed {self.seed}, {self.walls} walls x 4 rotations\n"
                f"line-up {', '.join(self.lineup)}"
            )
        unit = unit_name(self.unit)

        def ci(lo: float, hi: float) -> str:
            return f"[{lo:+.2f}, {hi:+.2f}]"

        style: dict[str, Any] = {
            "box": box.SIMPLE_HEAD,
            "show_edge": False,
            "collapse_padding": True,
        }
        points = Table(title=title, title_justify="left", **style)
        for col in ("seat", "deals", "points/deal", "95% CI", "no limit", "95% CI"):
            points.add_column(col, justify="left" if col == "seat" else "right", no_wrap=True)
        play = Table(**style)
        for col in ("seat", "win", "deal-in", "self-draw", "dead ready", "refused/deal",
                    f"{unit}/win"):  # fmt: skip
            play.add_column(col, justify="left" if col == "seat" else "right", no_wrap=True)
        for st in self.seats:
            points.add_row(
                st.seat,
                str(st.deals),
                f"{st.mean_points:+.2f}",
                ci(*st.ci95),
                f"{st.mean_points_no_limit:+.2f}",
                ci(*st.ci95_no_limit),
            )
            play.add_row(
                st.seat,
                f"{st.win_rate:.1%}",
                f"{st.deal_in_rate:.1%}",
                f"{st.self_draw_rate:.1%}",
                f"{st.dead_ready_share:.1%}",
                f"{st.refused_wins_per_deal:.2f}",
                f"{st.mean_win_value:.2f}",
            )
        return [points, play]

    def __rich__(self) -> Any:
        from rich.console import Group

        return Group(*self.tables())

    def __str__(self) -> str:
        """The report's tables as plain text (what ``print(report)`` shows, as the CLI)."""
        import io

        from rich.console import Console

        buf = io.StringIO()
        Console(file=buf, width=80, color_system=None, highlight=False).print(self)
        return buf.getvalue().rstrip("\n")


def _wrap(core: _core.Deal) -> Deal:
    """The ended deal the core played, as a recorded :class:`Deal` (as ``Deal.from_hands``
    wraps the core deal it builds)."""
    deal = Deal.__new__(Deal)
    deal._init(core, True, None)
    return deal


def arena(
    seats: Sequence[str],
    walls: int,
    *,
    rules: Ruleset | str | None = None,
    seed: int = 0,
    workers: int | None = None,
    log: str | os.PathLike[str] | IO[str] | None = None,
) -> ArenaReport:
    """Play ``walls`` duplicate walls (4 deals each) with the line-up ``seats`` rotated, in the
    core, and measure each policy.

    Args:
        seats: four built-in seat kinds (``"expert"``, ``"greedy"``, ``"random"``, ``"strong"``, ``"value"``), the line-up.
        walls: number of walls, >= 1 (the deals played are ``4 * walls``).
        rules: a :class:`Ruleset` or its name (default Hong Kong).
        seed: 0 .. 2**64-1; wall ``w`` is the wall of deal ``w`` of a simulation with this seed.
        workers: threads (default every core); never changes a result.
        log: a path or an open text file: write every deal's event log there (JSON Lines in
            the format of :mod:`mahjong_fast.game.log`, deals in order wall then rotation; see
            the module docstring). Never changes a result. A path is created (or replaced)
            before the first deal is played.

    Raises:
        ValueError: not four seats; MahjongError (a ValueError): ``walls`` outside
            1 .. ``_core.MAX_ARENA_WALLS`` (262,144: every deal's record is held; play
            several seeds for more), ``workers < 1`` or a seed outside 0 .. 2**64-1, all
            before any work. ``workers`` above the cores this process may use is capped to
            them with a RuntimeWarning.
        RuleConfigError: an unknown seat kind or ruleset name.
        TypeError: an argument of the wrong type (named in the message): ``rules`` neither a
            Ruleset, a name nor None; ``walls``, ``seed`` or ``workers`` not an int (bool and
            float included); ``seats`` not a sequence of str.
        OSError: ``log`` cannot be written.
    """
    from mahjong_fast.sim.backends import usable_cores

    ruleset = resolve_rules(rules)
    # the core's one argument conversion (TypeError naming the argument, MahjongError out of
    # range however large), before any work and before the log file is created
    lineup = tuple(_core.checked_names(seats, "seats"))
    if len(lineup) != 4:
        raise ValueError(f"seats: four seat kinds expected, got {len(lineup)}")
    _core.checked_int(walls, "walls", 1, _core.MAX_ARENA_WALLS)
    _core.checked_int(seed, "seed", 0, 2**64 - 1)
    cores = usable_cores()
    threads = cores if workers is None else _core.checked_int(workers, "workers", 1, 2**63 - 1)
    if threads > cores:
        warnings.warn(
            f"workers={threads} is more than the {cores} cores this process may use; "
            f"using {cores} threads",
            RuntimeWarning,
            stacklevel=2,
        )
        threads = cores
    if log is None:
        rep, deals = _core.arena(list(lineup), walls, seed, threads, ruleset)
    else:
        with LogWriter(log) as writer:

            def write(_wall: int, rotation: int, core: _core.Deal) -> None:
                names = [lineup[(p + rotation) % 4] for p in range(4)]
                writer.write_deal(_wrap(core), seed=seed, seats=names)

            rep, deals = _core.arena(list(lineup), walls, seed, threads, ruleset, write)
    stats = [
        PolicyStats(
            seat=s["seat"],
            deals=s["deals"],
            mean_points=s["mean_points"],
            ci95=mean_interval(s["per_wall_points"], s["per_wall_deals"], seed=(seed, i, 0)),
            mean_points_no_limit=s["mean_points_no_limit"],
            ci95_no_limit=mean_interval(
                s["per_wall_points_no_limit"], s["per_wall_deals_no_limit"], seed=(seed, i, 1)
            ),
            win_rate=s["win_rate"],
            deal_in_rate=s["deal_in_rate"],
            self_draw_rate=s["self_draw_rate"],
            dead_ready_share=s["dead_ready_share"],
            refused_wins_per_deal=s["refused_wins_per_deal"],
            mean_win_value=s["mean_win_value"],
        )
        for i, s in enumerate(rep["seats"])
    ]
    return ArenaReport(
        walls, seed, ruleset.name, lineup, stats, deals, unit=ruleset.unit, ruleset=ruleset
    )
