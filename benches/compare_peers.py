"""Time mahjong_fast against other mahjong libraries on the same seeded hands.

Run (release build of mahjong_fast; peers are optional):

    pip install mahjong riichienv        # the peers that are on PyPI
    python benches/compare_peers.py [--hands 2000] [--repeats 7]
    python benches/compare_peers.py --short   # a few hands and deals: it runs (CI), no timing

Each operation is timed per call from Python over the same seeded hands, in one run, and
reported as the median over repeats in microseconds, with each peer's time divided by ours.
A peer that is not installed is skipped with a note. The peers score other rulesets (riichi),
so "score" compares the cost of evaluating a complete hand, not the same faan.

Inputs: mahjong_fast takes 34 counts as ``bytes`` (its fast path); ``mahjong`` takes 34-count
lists (136-id lists for scoring); ``riichienv`` takes 136-id lists.

The ``(str)`` rows time the public string forms from notation such as ``"123m456m789p234s5s"``:
``mf.shanten(s)``, ``mf.waits(s)``, ``mf.score(s, win, ...)`` against each peer's own parser
followed by the same operation (``mahjong``: ``TilesConverter.one_line_string_to_34_array``;
riichienv: ``parse_hand``, ``HandEvaluator.hand_from_text`` and ``calc_from_text``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import mahjong_fast as mf
from mahjong_fast import _core

from hands import complete_hands, random_hands


def ids136(counts: Sequence[int]) -> list[int]:
    return [4 * k + c for k in range(34) for c in range(counts[k])]


def notation(counts: Sequence[int]) -> str:
    """MPSZ notation of 34 counts, e.g. ``123m456p11z`` (the same in all three libraries)."""
    out = []
    for suit, lo, hi in (("m", 0, 9), ("p", 9, 18), ("s", 18, 27), ("z", 27, 34)):
        digits = "".join(str(k - lo + 1) * counts[k] for k in range(lo, hi))
        out.append(digits + suit if digits else "")
    return "".join(out)


def code(kind: int) -> str:
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


def per_call_us(fn: Callable[[Any], object], items: Sequence[Any], repeats: int) -> float:
    """Median over ``repeats`` of the mean time per call over all items, in µs."""
    runs = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for x in items:
            fn(x)
        runs.append((time.perf_counter() - t0) / len(items) * 1e6)
    return statistics.median(runs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--deals", type=int, default=4000, help="simulation rows (0: skip)")
    ap.add_argument("--short", action="store_true",
                    help="a few hands and deals, one repeat: that every row runs (CI), no timing")
    args = ap.parse_args(argv)
    if args.short:
        args.hands, args.repeats, args.deals = 30, 1, 40
    if mf.BUILD_PROFILE != "release":
        print("compare_peers needs a release build of mahjong_fast", file=sys.stderr)
        return 2

    h13 = random_hands(args.seed, 13, args.hands)
    comp = complete_hands(args.seed + 1, args.hands)
    ready = [c for c, _ in comp]
    full = [[c + (k == w) for k, c in enumerate(counts)] for counts, w in comp]

    rows: list[tuple[str, str, float]] = []  # (operation, library, µs)
    b13, bready, bfull = [bytes(c) for c in h13], [bytes(c) for c in ready], [bytes(c) for c in full]
    rows.append(("agari", "mahjong_fast", per_call_us(lambda c: _core.is_complete(c, 0), bfull, args.repeats)))
    rows.append(("shanten", "mahjong_fast", per_call_us(_core.shanten, b13, args.repeats)))
    rows.append(("waits", "mahjong_fast", per_call_us(_core.waits, bready, args.repeats)))
    rows.append(("decompose", "mahjong_fast", per_call_us(_core.decompose, bfull, args.repeats)))
    sc = [(bytes(c), w) for c, w in comp]
    rows.append(("score", "mahjong_fast",
                 per_call_us(lambda x: _core.score(x[0], None, 0, x[1], 0, 0, self_drawn=True), sc, args.repeats)))

    s13 = [notation(c) for c in h13]
    sready = [notation(c) for c in ready]
    sscore = [(notation(c), code(w)) for c, w in comp]
    rows.append(("shanten(str)", "mahjong_fast", per_call_us(mf.shanten, s13, args.repeats)))
    rows.append(("waits(str)", "mahjong_fast", per_call_us(mf.waits, sready, args.repeats)))
    rows.append(("score(str)", "mahjong_fast",
                 per_call_us(lambda x: mf.score(x[0], x[1], self_drawn=True, seat_wind="E"), sscore, args.repeats)))

    notes: list[str] = []
    try:
        from mahjong.agari import Agari
        from mahjong.hand_calculating.divider import HandDivider
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
        from mahjong.shanten import Shanten

        agari, shanten, divider, calc = Agari(), Shanten(), HandDivider(), HandCalculator()
        cfg = HandConfig(is_tsumo=True)

        def m_waits(c: list[int]) -> list[int]:
            return [t for t in range(34) if c[t] < 4 and agari.is_agari([n + (k == t) for k, n in enumerate(c)])]

        m_score = [(ids136(f), 4 * w + c[w]) for (c, w), f in zip(comp, full)]
        rows.append(("agari", "mahjong", per_call_us(agari.is_agari, full, args.repeats)))
        rows.append(("shanten", "mahjong", per_call_us(shanten.calculate_shanten, h13, args.repeats)))
        rows.append(("waits", "mahjong", per_call_us(m_waits, ready, args.repeats)))
        rows.append(("decompose", "mahjong", per_call_us(divider.divide_hand, full, args.repeats)))
        rows.append(("score", "mahjong",
                     per_call_us(lambda x: calc.estimate_hand_value(x[0], x[1], config=cfg), m_score, args.repeats)))
        from mahjong.tile import TilesConverter

        to34, to136 = TilesConverter.one_line_string_to_34_array, TilesConverter.one_line_string_to_136_array

        def m_score_str(x: tuple[str, str]) -> object:
            tiles = to136(x[0] + x[1])
            win = max(t for t in tiles if t // 4 == to34(x[1]).index(1))
            return calc.estimate_hand_value(tiles, win, config=cfg)

        rows.append(("shanten(str)", "mahjong",
                     per_call_us(lambda s: shanten.calculate_shanten(to34(s)), s13, args.repeats)))
        rows.append(("waits(str)", "mahjong", per_call_us(lambda s: m_waits(to34(s)), sready, args.repeats)))
        rows.append(("score(str)", "mahjong", per_call_us(m_score_str, sscore, args.repeats)))
    except ImportError:
        notes.append("mahjong not installed (pip install mahjong): skipped")
    try:
        import riichienv

        r13 = [ids136(c) for c in h13]
        rready = [ids136(c) for c in ready]
        rows.append(("shanten", "riichienv", per_call_us(riichienv.calculate_shanten, r13, args.repeats)))
        rows.append(("waits", "riichienv",
                     per_call_us(lambda t: riichienv.HandEvaluator(t).get_waits(), rready, args.repeats)))
        r_score = [(ids136(c), 4 * w + c[w]) for c, w in comp]
        cond = riichienv.Conditions(tsumo=True)
        rows.append(("score", "riichienv",
                     per_call_us(lambda x: riichienv.HandEvaluator(x[0]).calc(x[1], conditions=cond), r_score,
                                 args.repeats)))
        rows.append(("shanten(str)", "riichienv",
                     per_call_us(lambda s: riichienv.calculate_shanten(riichienv.parse_hand(s)[0]), s13, args.repeats)))
        rows.append(("waits(str)", "riichienv",
                     per_call_us(lambda s: riichienv.HandEvaluator.hand_from_text(s).get_waits(), sready,
                                 args.repeats)))
        rows.append(("score(str)", "riichienv",
                     per_call_us(lambda x: riichienv.HandEvaluator.calc_from_text(x[0] + x[1], conditions=cond),
                                 sscore, args.repeats)))
    except ImportError:
        notes.append("riichienv not installed (pip install riichienv): skipped")

    ours = {op: us for op, lib, us in rows if lib == "mahjong_fast"}
    print(f"{args.hands} seeded hands, median of {args.repeats} runs, µs per call from Python")
    print(f"{'operation':<13} {'library':<13} {'µs/call':>9} {'× ours':>8}")
    for op in ("agari", "shanten", "waits", "decompose", "score", "shanten(str)", "waits(str)", "score(str)"):
        for o, lib, us in rows:
            if o == op:
                ratio = "" if lib == "mahjong_fast" else f"{us / ours[op]:.1f}"
                print(f"{op:<13} {lib:<13} {us:>9.2f} {ratio:>8}")
    if args.deals:
        simulation_rows(args.deals, args.seed, notes)
    for n in notes:
        print(n)
    return 0


class PyRandomSeat:
    """A seat written in Python (not a built-in shell): uniform over the legal actions."""

    live_view = True
    name = "py-random"

    def __init__(self, seed: int) -> None:
        import random

        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))]


def simulation_rows(deals: int, seed: int, notes: list[str]) -> None:
    """Whole deals per second on one core, records kept, in one run, each after a warm-up (steady
    state): ours in the core (random
    and greedy built-in seats), ours driven from Python by a seat written in Python (the
    game loop of legal_actions / apply), and riichienv's env stepped from Python with random
    choices (one hand per reset)."""
    from mahjong_fast.game.match import new_deal, run_deal

    rows: list[tuple[str, float]] = []

    def rate(fn: Callable[[int], object], n: int) -> float:
        # steady state: a warm-up of a tenth of the run first (the greedy seats' shanten
        # tables, 31 MB, are built on first use; issue 42), outside the timed region
        fn(max(1, n // 10))
        t0 = time.perf_counter()
        fn(n)
        return n / (time.perf_counter() - t0)

    for kind, n in (("random", deals), ("greedy", max(1, deals // 10))):
        sim = _core.Simulator(seed, [kind] * 4, None, 1)
        rows.append((f"mahjong_fast core, {kind} seats", rate(lambda k, sim=sim: sim.run(0, k), n)))

    def python_loop(n: int) -> None:
        seats = [PyRandomSeat(seed + p) for p in range(4)]
        for i in range(n):
            run_deal(new_deal(seats, seed=seed, deal_index=i, record=False), seats).to_record()

    py_n = max(1, deals // 20)
    rows.append(("mahjong_fast, Python seat in the Python loop", rate(python_loop, py_n)))
    try:
        import random

        import riichienv

        def riichi(n: int) -> None:
            rng = random.Random(seed)
            env = riichienv.RiichiEnv(seed=seed)
            for _ in range(n):
                obs = env.reset()
                while not env.done():
                    acts = {}
                    for pid, o in obs.items():
                        legal = o.legal_actions()
                        acts[pid] = legal[rng.randrange(len(legal))]
                    obs = env.step(acts)

        rows.append(("riichienv, random choices stepped from Python", rate(riichi, py_n)))
    except ImportError:
        notes.append("riichienv not installed (pip install riichienv): simulation row skipped")
    print(f"\nwhole deals per second, one core, same run ({deals} core deals)")
    for name, dps in rows:
        print(f"{name:<50} {dps:>10,.0f}")


if __name__ == "__main__":
    sys.exit(main())
