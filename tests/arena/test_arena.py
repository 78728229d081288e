"""The arena (duplicate walls, line-up rotated): deterministic by seed and thread count, and
every metric recomputed from the event logs of the same deals played through the Python game
loop, with code independent of the arena's (hands rebuilt from the events, waits and scores
from the public API)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from typing import Any

import mahjong_fast as mf
import pytest
from mahjong_fast.game.log import replay_deals
from mahjong_fast.game.match import new_deal, run_deal
from mahjong_fast.seats import make_seat
from mahjong_fast.tiles import Tile

WALL_TILES = 144  # HK §4.1, no dead wall (§4.2)
TAG = {"chow": "chow", "pung": "pung", "kong": "kong"}


class Seat:
    """A player's tiles as the events show them."""

    def __init__(self, ids: list[int]) -> None:
        self.kinds: list[int] = [t >> 2 for t in ids if t < 136]
        self.bonus: list[int] = [t for t in ids if t >= 136]
        self.melds: list[tuple[str, list[int]]] = []

    def text(self, extra: list[int] | None = None, without: int | None = None) -> str:
        kinds = sorted(self.kinds + (extra or []))
        if without is not None:
            kinds.remove(without)
        parts = ["".join(Tile(k).code for k in kinds)]
        parts += [f"{tag}[{''.join(Tile(k).code for k in ks)}]" for tag, ks in self.melds]
        parts += [Tile(34 + (b - 136)).code for b in self.bonus]
        return " ".join(p for p in parts if p)


def recompute(events: list[Any]) -> tuple[dict[int, dict[str, float]], dict[str, Any]]:
    """Per player: ready, dead_ready, refused, and the deal's outcome."""
    seats: list[Seat] = []
    winds: list[str] = []
    drawn = 0
    out: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    outcome: dict[str, Any] = {"winner": None, "from": None, "kind": None, "faan": 0, "limit": None, "points": [0] * 4}
    pending_draw: tuple[int, bool] | None = None  # (player, kong replacement) to check at its action
    dealer_start = True
    kong_chain = False
    for ev in events:
        t, p, d = ev.type, ev.player, ev.data
        if t == "deal":
            seats = [Seat(list(h)) for h in d["hands"]]
            winds = ["ESWN"[w] for w in d["seat_winds"]]
            drawn = sum(len(h) for h in d["hands"])
            dealer = d["dealer"]
            pending_draw = (dealer, False)
        elif t in ("draw", "replacement_draw"):
            drawn += 1
            # HK §7.4: a bonus tile's replacement inside a kong's replacement chain is still in
            # that chain (F12)
            if t == "draw":
                kong_chain = False
            elif d["reason"] == "kong":
                kong_chain = True
            if d["tile"] >= 136:
                seats[p].bonus.append(d["tile"])
            else:
                seats[p].kinds.append(d["tile"] >> 2)
                pending_draw = (p, t == "replacement_draw" and kong_chain)
        elif t == "bonus":
            s = seats[p]
            if d["tile"] not in s.bonus:
                s.bonus.append(d["tile"])
        elif t == "action" and not d["auto"] and pending_draw is not None and pending_draw[0] == p:
            # the drawer's first decision: was a self-drawn winning shape refused?
            q, kong = pending_draw
            pending_draw = None
            s = seats[q]
            if dealer_start:
                r = mf.score(s.text(), None, dealer_start=True, seat_wind=winds[q])
            else:
                last = s.kinds[-1]
                r = mf.score(
                    s.text(without=last),
                    Tile(last),
                    self_drawn=True,
                    seat_wind=winds[q],
                    kong_replacement=kong,
                    last_tile=drawn == WALL_TILES,
                )
            if r.reason == mf.BELOW_MINIMUM:
                out[q]["refused"] += 1
            dealer_start = False
        elif t == "discard":
            dealer_start = False
            pending_draw = None
            k = d["tile"] >> 2
            s = seats[p]
            s.kinds.remove(k)
            w = mf.wait_values(s.text(), seat_wind=winds[p])
            if w:
                out[p]["ready"] += 1
                if not any(x.can_win for x in w):
                    out[p]["dead_ready"] += 1
            for q in range(4):
                if q == p or Tile(k) not in mf.waits(seats[q].text()):
                    continue
                r = mf.score(seats[q].text(), Tile(k), seat_wind=winds[q], last_tile=d["last"])
                if r.reason == mf.BELOW_MINIMUM:
                    out[q]["refused"] += 1
        elif t == "claim":
            k = d["tile"] >> 2
            ks = sorted(x >> 2 for x in d["tiles"])
            rest = list(ks)
            rest.remove(k)
            for x in rest:
                seats[p].kinds.remove(x)
            seats[p].melds.append((TAG[d["type"]], ks))
            pending_draw = None
        elif t == "concealed_kong":
            ks = [x >> 2 for x in d["tiles"]]
            for x in ks:
                seats[p].kinds.remove(x)
            seats[p].melds.append(("ckong", ks))
            pending_draw = None
        elif t == "added_kong":
            k = d["tile"] >> 2
            seats[p].kinds.remove(k)
            seats[p].melds = [("addkong", [k] * 4) if m == ("pung", [k] * 3) else m for m in seats[p].melds]
            pending_draw = None
        elif t == "win" and outcome["winner"] is None:
            outcome.update(winner=p, kind=d["kind"], faan=d["faan"], limit=d["limit"], **{"from": d["from"]})
        elif t == "payments":
            outcome["points"] = list(d["payments"])
    return out, outcome


def accumulate(acc: dict[str, dict[str, float]], lineup: tuple[str, ...], r: int, events: list[Any]) -> None:
    """Add one deal (rotation ``r``) to the per-policy sums, recomputed from its events."""
    counts, outcome = recompute(events)
    for p in range(4):
        a = acc[lineup[(p + r) % 4]]
        a["deals"] += 1
        a["points"] += outcome["points"][p]
        if outcome["limit"] is None:
            a["points_nl"] += outcome["points"][p]
            a["deals_nl"] += 1
        won = outcome["winner"] == p
        a["wins"] += won
        a["faan"] += outcome["faan"] if won else 0
        a["self_draws"] += won and outcome["kind"] == "self_drawn"
        a["deal_ins"] += outcome["from"] == p
        for key in ("ready", "dead_ready", "refused"):
            a[key] += counts[p][key]


def check_report(rep: mf.ArenaReport, acc: dict[str, dict[str, float]]) -> None:
    """Every metric of the arena's report equals the recomputed one."""
    for s in rep.seats:
        a = acc[s.seat]
        assert s.deals == a["deals"]
        assert s.mean_points == pytest.approx(a["points"] / a["deals"])
        assert s.mean_points_no_limit == pytest.approx(a["points_nl"] / max(a["deals_nl"], 1))
        assert s.win_rate == pytest.approx(a["wins"] / a["deals"])
        assert s.deal_in_rate == pytest.approx(a["deal_ins"] / a["deals"])
        assert s.self_draw_rate == pytest.approx(a["self_draws"] / a["deals"])
        assert s.dead_ready_share == pytest.approx(a["dead_ready"] / max(a["ready"], 1))
        assert s.refused_wins_per_deal == pytest.approx(a["refused"] / a["deals"])
        assert s.mean_win_value == pytest.approx(a["faan"] / max(a["wins"], 1))
        assert s.ci95[0] <= s.mean_points <= s.ci95[1]
        assert s.ci95_no_limit[0] <= s.mean_points_no_limit <= s.ci95_no_limit[1]
    # the sample is not trivial
    assert sum(a["refused"] for a in acc.values()) > 0 and sum(a["ready"] for a in acc.values()) > 0


@pytest.mark.parametrize("lineup", [("value", "greedy", "greedy", "greedy"), ("greedy", "random", "value", "value")])
def test_metrics_recomputed_from_event_logs(lineup: tuple[str, ...]) -> None:
    """The same deals played again through the Python game loop, metrics from their events."""
    walls, seed = 12, 4
    rep = mf.arena(lineup, walls, seed=seed, workers=2)
    assert [s.seat for s in rep.seats] == list(dict.fromkeys(lineup))
    acc: dict[str, dict[str, float]] = {k: defaultdict(float) for k in lineup}
    per_deal = iter(rep.deals)
    for w in range(walls):
        for r in range(4):
            players = [make_seat(lineup[(p + r) % 4], seed) for p in range(4)]
            deal = new_deal(players, seed=seed, deal_index=w, record=True)
            run_deal(deal, players)
            core = next(per_deal)
            assert (core["wall"], core["rotation"]) == (w, r)
            accumulate(acc, lineup, r, list(deal.events))
    check_report(rep, acc)


@pytest.mark.parametrize("lineup", [("value", "greedy", "greedy", "greedy"), ("random", "greedy", "value", "random")])
def test_logged_arena_replays_to_the_same_results_and_metrics(tmp_path: Any, lineup: tuple[str, ...]) -> None:
    """`arena(log=...)` writes every deal in the game's log format: `replay` re-checks each one
    and gets the arena's results, and the metrics recomputed from the logged events (which
    replay compared with the file line by line) are the report's."""
    walls, seed = 70, 11  # more than one chunk of 64 walls
    path = tmp_path / "arena.jsonl"
    rep = mf.arena(lineup, walls, seed=seed, workers=2, log=path)
    assert rep.to_json() == mf.arena(lineup, walls, seed=seed, workers=1).to_json()  # logging changes nothing
    replayed = replay_deals(path)
    assert len(replayed) == len(rep.deals) == 4 * walls
    headers = [json.loads(line) for line in path.read_text().splitlines() if '"type":"header"' in line]
    acc: dict[str, dict[str, float]] = {k: defaultdict(float) for k in lineup}
    for i, (deal, core, head) in enumerate(zip(replayed, rep.deals, headers)):
        w, r = divmod(i, 4)
        assert (core["wall"], core["rotation"]) == (w, r)
        assert head["deal_index"] == w and head["seed"] == seed
        assert head["seats"] == [lineup[(p + r) % 4] for p in range(4)]
        assert head["wall"] == mf._core.wall(seed, w)
        res = deal.result
        assert res is not None
        assert list(res.payments) == core["points"]
        assert list(res.winners) == core["winners"]
        accumulate(acc, lineup, r, list(deal.events))
    check_report(rep, acc)
    # the CLI writes the same file and `replay` accepts it
    cli_log = tmp_path / "cli.jsonl"
    cmd = [sys.executable, "-m", "mahjong_fast.cli", "arena", "--seats", ",".join(lineup), "-n", "3",
           "--seed", str(seed), "--json", "--log", str(cli_log)]
    proc = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    first_lines = path.read_text().splitlines()
    cli_lines = cli_log.read_text().splitlines()
    assert cli_lines == first_lines[: len(cli_lines)] and len(replay_deals(cli_log)) == 12
    proc = subprocess.run([sys.executable, "-m", "mahjong_fast.cli", "replay", str(cli_log)],
                          check=False, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


def test_log_to_a_path_that_cannot_be_written(tmp_path: Any) -> None:
    cmd = [sys.executable, "-m", "mahjong_fast.cli", "arena", "-n", "1", "--log", str(tmp_path / "no" / "x.jsonl")]
    proc = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "--log" in proc.stderr, proc.stderr


def test_deterministic_whatever_the_workers() -> None:
    a = mf.arena(["value", "greedy", "greedy", "greedy"], 16, seed=2, workers=1)
    b = mf.arena(["value", "greedy", "greedy", "greedy"], 16, seed=2, workers=3)
    assert a.to_json() == b.to_json() and a.deals == b.deals
    c = mf.arena(["value", "greedy", "greedy", "greedy"], 16, seed=3, workers=1)
    assert c.to_json() != a.to_json()


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="four"):
        mf.arena(["value", "greedy"], 4)
    with pytest.raises(ValueError, match="walls"):
        mf.arena(["value"] * 4, 0)
    with pytest.raises(mf.RuleConfigError):
        mf.arena(["value", "oracle", "greedy", "greedy"], 4)
    with pytest.raises(mf.RuleConfigError):
        mf.arena(["value"] * 4, 4, rules="mars")


def test_cli_json_and_errors() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "mahjong_fast.cli", "arena", *args]
        return subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=300)

    ok = run("--seats", "value,greedy,greedy,greedy", "-n", "8", "--seed", "5", "--json")
    assert ok.returncode == 0, ok.stderr
    got = json.loads(ok.stdout)
    assert got == mf.arena(["value", "greedy", "greedy", "greedy"], 8, seed=5).to_json()
    assert {"seat", "mean_points", "ci95", "win_rate", "deal_in_rate", "dead_ready_share"} <= set(got["seats"][0])
    for bad in (("--seats", "value,greedy"), ("--seats", "a,b,c,d"), ("--rules", "mars")):
        proc = run(*bad, "-n", "2")
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
