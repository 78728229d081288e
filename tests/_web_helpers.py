"""Shared helpers of the web-app tests (tests/web): a Starlette test client of the app, a
plain strategy that plays P0 through the API, and the tile ids a response holds."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: the keys under which a response of the app names physical tiles (ids)
TILE_KEYS = frozenset({"id", "tile", "tiles", "hand", "hands", "drawn"})


@contextmanager
def client(logs: Path | None = None, **options: Any) -> Iterator[Any]:
    """A TestClient of the app (its lifespan run: every game dropped at the end)."""
    from mahjong_fast.web.app import create_app
    from starlette.testclient import TestClient

    with TestClient(create_app(logs=logs, **options)) as c:
        yield c


def tile_ids(obj: Any, under_tile_key: bool = False) -> set[int]:
    """Every tile id in a response: the integers under :data:`TILE_KEYS`, at any depth."""
    found: set[int] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            found |= tile_ids(v, under_tile_key or k in TILE_KEYS)
    elif isinstance(obj, list):
        for v in obj:
            found |= tile_ids(v, under_tile_key)
    elif under_tile_key and type(obj) is int:
        found.add(obj)
    return found


def a_choice(state: dict[str, Any], *, claim: bool = True) -> dict[str, Any]:
    """P0's move in a plain way: a win when one is legal, a claim when ``claim``, else the
    discard of the drawn tile (or the last tile of the hand), else the first legal action."""
    legal = state["legal"]
    by_class = {a["class"]: a for a in legal}
    pick = by_class.get("win") or (claim and (by_class.get("pung") or by_class.get("chow")))
    if pick:
        return {"type": pick["type"], "tiles": [t["id"] for t in pick["tiles"]]}
    if state["may_discard"]:
        t = state["table"]
        tiles = [x for x in [*t["hand"], *([t["drawn"]] if t["drawn"] else [])] if x["discard"]]
        return {"type": "discard", "tiles": [tiles[-1]["id"]]}
    pick = by_class.get("pass") or legal[0]
    return {"type": pick["type"], "tiles": [t["id"] for t in pick["tiles"]]}


#: the win kinds scored from a hand (not a Taiwanese bonus-tile win of TW §7)
HAND_WINS = frozenset({"self_drawn", "discard", "robbing_kong"})


def a_seed_with_a_claim_and_a_win(rules: str, seeds: range = range(200)) -> int:
    """The first of ``seeds`` whose deal, played through the API by :func:`a_choice` (the way
    the browser tests click: a win, else a pung or chow, else the last tile), has P0 claim a
    discard and ends with a hand won (not a draw, not a bonus-tile win): deterministic, the
    AI seats and the wall being seeded."""
    import tempfile

    from mahjong_fast.game.log import replay_deals

    for seed in seeds:
        with tempfile.TemporaryDirectory() as tmp, client(Path(tmp)) as c:
            r = c.post("/api/games", json={"rules": rules, "seed": seed, "pace": 0})
            assert r.status_code == 201, r.text
            state = c.get(f"/api/games/{r.json()['id']}").json()
            for _ in range(500):
                if state["status"] != "waiting":
                    break
                state = c.post(f"/api/games/{state['id']}/act", json=a_choice(state)).json()
            (log,) = Path(tmp).glob("*.jsonl")
            (deal,) = replay_deals(log)
        res = deal.result
        claimed = any(m[0] != 4 for m in res.final_melds[0])  # a chow, pung or kong claimed
        if claimed and res.wins and res.wins[0].win_kind in HAND_WINS:
            return seed
    raise AssertionError(f"no seed of {seeds} has P0 claim and a hand won under {rules}")
