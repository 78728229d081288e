"""Step-by-step equivalence of the Rust deal engine with the 0.1 Python state machine
(kept in tests/_reference_engine while the port is checked; see the golden-deal test for
what stays afterwards). Both engines get the same wall and the same actions; at every step
the legal-action lists of all four players, the events, the snapshot and every seat's view
must be equal, and illegal actions tried on both must fail with the same §13 code and leave
both unchanged."""

from __future__ import annotations

import dataclasses
import os
import random
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(__file__))

from _golden import action_list, normal_snapshot  # noqa: E402
from _reference_engine.deal import Deal as RefDeal  # noqa: E402
from _taker_seat import TakerSeat  # noqa: E402

from mahjong_fast import _core  # noqa: E402
from mahjong_fast.errors import IllegalActionError  # noqa: E402
from mahjong_fast.game import Action, ActionType, Deal, Phase  # noqa: E402
from mahjong_fast.seats import make_seat  # noqa: E402

N_DEALS = int(os.environ.get("MAHJONG_EQUIV_DEALS", "60"))
A = ActionType


def _view(v: Any) -> dict[str, Any]:
    d = {f.name: getattr(v, f.name) for f in dataclasses.fields(v)}
    d["melds"] = [[(m.kind, m.tiles, m.claimed_from, m.claimed_tile) for m in ms] for ms in d["melds"]]
    return d


def _seats(style: str, seed: int) -> list[Any]:
    if style == "random":
        return [make_seat("random", seed + p) for p in range(4)]
    if style == "greedy":
        return [make_seat("greedy", seed) for _ in range(4)]
    if style == "taker":
        return [TakerSeat(seed + p) for p in range(4)]
    return [TakerSeat(seed), make_seat("greedy", seed), make_seat("random", seed), TakerSeat(seed + 3)]


def _probe(rng: random.Random, ref: RefDeal, new: Deal) -> Action:
    """A random action, often illegal: any type, any player, tiles from hands or anywhere."""
    t = rng.choice(list(A))
    p = rng.randrange(5) if rng.random() < 0.1 else rng.randrange(4)
    n = rng.choice([0, 1, 1, 2, 2, 3, 4])
    pool = ref.hands[p % 4] + [rng.randrange(150)]
    return Action(t, p, tuple(rng.choice(pool) for _ in range(n)))


def _compare(ref: RefDeal, new: Deal, ctx: str) -> None:
    assert new.phase is ref.phase, ctx
    for p in range(4):
        assert new.legal_actions(p) == ref.legal_actions(p), (ctx, p)
    assert [e.to_json() for e in new.events] == [e.to_json() for e in ref.events], ctx
    assert normal_snapshot(new.snapshot()) == normal_snapshot(ref.snapshot()), ctx
    for p in range(4):
        assert _view(new.view(p)) == _view(ref.view(p)), (ctx, p)
        lv = new.live_view(p)
        assert lv.unseen_counts() == ref.live_view(p).unseen_counts(), (ctx, p)
        assert lv.meld_tuples() == ref.live_view(p).meld_tuples(), (ctx, p)
    assert sorted(new.tile_locations()) == list(range(144)), ctx


def run_equivalence(n_deals: int, seed: int = 20261130) -> dict[str, int]:
    counts = {"deals": 0, "steps": 0, "probes": 0, "illegal": 0, "wins": 0, "kongs": 0, "robs": 0}
    styles = ["random", "greedy", "taker", "mixed"]
    for i in range(n_deals):
        style = styles[i % 4]
        auto_pass = i % 7 != 3
        seats = _seats(style, seed + i)
        dealer = i % 4
        wall = list(_core.wall(seed, i))
        for p, s in enumerate(seats):
            hook = getattr(s, "new_deal", None)
            if callable(hook):
                hook(i, p)
        ref = RefDeal(wall, dealer, (0, 0, 0, 0), i, auto_pass=auto_pass)
        new = Deal(wall, dealer, (0, 0, 0, 0), i, auto_pass=auto_pass)
        rng = random.Random(i)
        ctx = f"deal {i} ({style}, auto_pass={auto_pass})"
        _compare(ref, new, ctx)
        step = 0
        while ref.phase is not Phase.ENDED:
            if rng.random() < 0.3:
                probe = _probe(rng, ref, new)
                counts["probes"] += 1
                errs = []
                for d in (ref, new):
                    try:
                        d.apply(probe)
                        errs.append(None)
                    except IllegalActionError as e:
                        errs.append(e.code)
                assert errs[0] == errs[1], (ctx, step, probe, errs)
                counts["illegal"] += errs[0] is not None
                _compare(ref, new, f"{ctx} probe {probe}")
                continue
            p = ref.to_act[0]
            action = seats[p].choose(ref.live_view(p), ref.legal_actions(p))
            ref.apply(action)
            new.apply(action)
            counts["kongs"] += action.type in (A.CONCEALED_KONG, A.ADDED_KONG, A.KONG)
            counts["robs"] += action.type is A.WIN and ref.phase is Phase.ENDED and ref.result.win_kind == "robbing_kong"  # type: ignore[union-attr]
            step += 1
            _compare(ref, new, f"{ctx} step {step}")
        counts["steps"] += step
        counts["deals"] += 1
        counts["wins"] += not new.result.exhaustive_draw  # type: ignore[union-attr]
        assert new.result.winners == ((new.result.winner,) if new.result.winner is not None else ())  # type: ignore[union-attr]
    return counts


def test_rust_engine_equals_python_engine_step_by_step() -> None:
    counts = run_equivalence(N_DEALS)
    assert counts["deals"] == N_DEALS and counts["steps"] > 50 * N_DEALS


if __name__ == "__main__":
    print(run_equivalence(int(sys.argv[1]) if len(sys.argv) > 1 else N_DEALS))
