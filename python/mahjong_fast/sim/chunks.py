"""The unit of work of a simulation: a chunk of consecutive deal (or match) indices, played
by one worker (any backend) with the same function, :func:`run_chunk`.

Deal ``i`` depends only on ``(seed, i)`` (its wall is ``_core.wall(seed, i)``, AI seats
re-seed from ``(seed, i, player)``, scores start at 0), so how deals are cut into chunks
and which worker plays a chunk cannot change a record.

With ``ChunkSpec.matches`` the unit is a whole match (TW §16; Hong Kong: four deals with the
scores carried over): deal ``i`` of match ``j`` has the wall index ``(j << 32) | i``, so
match ``j`` depends only on ``(seed, j)``, whoever plays it.
"""

from __future__ import annotations

import math
import signal
from dataclasses import dataclass
from typing import Any

from ..rules import DEFAULT_RULES, Ruleset

__all__ = [
    "DEFAULT_MAX_CHUNK",
    "ChunkSpec",
    "auto_chunk_size",
    "chunk_bounds",
    "core_chunk_size",
    "run_chunk",
]

#: the automatic chunk size never exceeds this many deals (about a second of greedy play:
#: a Ctrl-C loses at most the chunks in flight)
DEFAULT_MAX_CHUNK = 64


@dataclass(frozen=True)
class ChunkSpec:
    """What every chunk of one run shares (small and picklable).

    ``in_core``: play whole deals in the core (built-in seats only; ``_core.Simulator``)
    rather than through the Python game loop. Both give the same records."""

    seats: tuple[str, str, str, str]
    seed: int
    #: the ruleset of every deal (its ``rotate_dealer`` switch picks the dealers)
    rules: Ruleset = DEFAULT_RULES
    in_core: bool = True
    #: the indices are matches (whole matches per chunk), not deals
    matches: bool = False
    #: deals per match for a ruleset whose match is a number of deals (HK §12); None: the
    #: ruleset's own length
    match_deals: int | None = None


def auto_chunk_size(deals: int, workers: int) -> int:
    """About eight chunks per worker, at most :data:`DEFAULT_MAX_CHUNK` deals each."""
    return max(1, min(DEFAULT_MAX_CHUNK, math.ceil(deals / (8 * max(1, workers)))))


def core_chunk_size(deals: int, workers: int) -> int:
    """For the core backend, where one chunk is shared by all threads: about eight chunks in
    all, each at least 32 deals per thread and at most 1024 per thread."""
    w = max(1, workers)
    return max(32 * w, min(1024 * w, math.ceil(deals / 8)))


def chunk_bounds(start: int, deals: int, chunk_size: int) -> list[tuple[int, int]]:
    """``[(first, stop), ...]`` covering deal indices ``start .. start+deals-1`` in order."""
    stop = start + deals
    return [(a, min(a + chunk_size, stop)) for a in range(start, stop, chunk_size)]


def run_chunk(spec: ChunkSpec, first: int, stop: int) -> list[dict[str, Any]]:
    """Play deals (or, with ``spec.matches``, matches) ``first .. stop-1`` and return their
    records (one per deal, in order): in the core on this thread when ``spec.in_core``,
    else through the Python game loop."""
    if spec.matches:
        return run_match_chunk(spec, first, stop)
    if spec.in_core:
        from .. import _core

        records: list[dict[str, Any]] = _core.Simulator(
            spec.seed, list(spec.seats), spec.rules, 1
        ).run(first, stop)
        return records
    from ..game.match import new_deal, run_deal
    from ..seats import make_seat
    from .output import deal_record

    players = [make_seat(kind, spec.seed) for kind in spec.seats]
    records = []
    for i in range(first, stop):
        deal = new_deal(
            players, seed=spec.seed, deal_index=i, rules=spec.rules, record=False
        )
        records.append(deal_record(run_deal(deal, players), spec.seed))
    return records


def worker_init() -> None:
    """Initializer of pool workers: Ctrl-C, SIGTERM and a hangup are the parent's business
    (it stops the run and ends the workers), so a worker never dies half-way through a chunk
    on one of them (they are also blocked while it starts: ``stop_signals_blocked``)."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)


def run_match_chunk(spec: ChunkSpec, first: int, stop: int) -> list[dict[str, Any]]:
    """The records of every deal of matches ``first .. stop-1``, in (match, deal) order, in
    the fields of :data:`~mahjong_fast.sim.output.MATCH_FIELDS`: from the core's
    ``Simulator.run_matches`` when ``spec.in_core``, else from :func:`play_match` (the
    Python game loop with the seat shells): the same records either way."""
    from .output import deal_record, match_record_order

    if spec.in_core:
        from .. import _core

        records: list[dict[str, Any]] = _core.Simulator(
            spec.seed, list(spec.seats), spec.rules, 1, match_deals=spec.match_deals
        ).run_matches(first, stop)
        return [match_record_order(r) for r in records]
    from ..game.match import MATCH_SHIFT, play_match
    from ..seats import make_seat

    players = [make_seat(kind, spec.seed) for kind in spec.seats]
    records = []
    for j in range(first, stop):
        m = play_match(
            players, seed=spec.seed, match_index=j, deals=spec.match_deals, rules=spec.rules
        )
        for i, res in enumerate(m.results):
            rec = deal_record(
                res, spec.seed, deal_index=(j << MATCH_SHIFT) | i, match_index=j, deal_in_match=i
            )
            records.append(rec)
    return records
