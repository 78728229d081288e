"""The web app's API (Starlette's test client): a game played through it; each class of bad
request a 4xx JSON error naming the problem that changes nothing; the live games bounded; the
log of every game saved, one file each, replayable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from _web_helpers import a_choice, client
from mahjong_fast.game.log import replay


def _new(c: Any, **params: Any) -> dict[str, Any]:
    r = c.post("/api/games", json={"pace": 0, **params})
    assert r.status_code == 201, r.text
    return c.get(f"/api/games/{r.json()['id']}").json()  # type: ignore[no-any-return]


def _play_to_end(c: Any, state: dict[str, Any], **kw: Any) -> dict[str, Any]:
    for _ in range(500):
        if state["status"] == "between":
            state = c.post(f"/api/games/{state['id']}/next").json()
            continue
        if state["status"] != "waiting":
            return state
        r = c.post(f"/api/games/{state['id']}/act", json=a_choice(state, **kw))
        assert r.status_code == 200, r.text
        state = r.json()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("rules", ["hong-kong", "taiwanese-high"])
def test_a_deal_played_through_the_api_ends_with_its_result(tmp_path: Path, rules: str) -> None:
    with client(tmp_path) as c:
        state = _new(c, rules=rules, seed=11)
        assert state["status"] == "waiting" and state["table"]["hand"]
        end = _play_to_end(c, state)
    assert end["status"] == "over" and len(end["results"]) == 1
    res = end["results"][0]
    assert sum(res["payments"]) == 0
    for win in res["wins"]:
        assert sum(e["value"] for e in win["elements"]) >= 0 and "label" in win["elements"][0]
    logs = list(tmp_path.glob("*.jsonl"))
    assert [p.name for p in logs] == [end["log"]]
    replayed = replay(logs[0])  # what `mahjong-fast replay` reads
    assert [r.payments for r in replayed] == [tuple(res["payments"])]


def test_a_hong_kong_match_goes_on_deal_by_deal(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        end = _play_to_end(c, _new(c, rules="hong-kong", seed=5, mode="match"))
    assert end["status"] == "over" and len(end["results"]) == 4
    assert end["final_scores"] == end["results"][-1]["scores"]
    assert len(replay(tmp_path / end["log"])) == 4


def test_two_games_of_one_seed_are_two_logs(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        a = _play_to_end(c, _new(c, seed=3))
        b = _play_to_end(c, _new(c, seed=3))
    assert a["log"] != b["log"]
    assert len(list(tmp_path.glob("*.jsonl"))) == 2


def test_the_hint_is_the_experts_ranking_with_its_reasons() -> None:
    from mahjong_fast.seats.expert_hint import expert_ranking

    with client() as c:
        state = _new(c, seed=8)
        r = c.get(f"/api/games/{state['id']}/hint")
        assert r.status_code == 200
        rows = r.json()["rows"]
        game = c.app.state.games.get(state["id"])
        view = game.deal.view(0)
        best, _value = expert_ranking(view, game.deal.legal_actions(0))[0]
    assert rows and all(row["reason"] for row in rows)
    first = next(row for row in rows if row["expert"])
    assert first["action"]["type"] == best.type.value
    assert [t["id"] for t in first["action"]["tiles"]] == list(best.tiles)


def _snapshot(c: Any, gid: str) -> Any:
    return c.get(f"/api/games/{gid}").json()


BAD_ACTS = [
    (b"not json", 400, "BAD_REQUEST"),
    (b"[1, 2]", 400, "BAD_REQUEST"),
    (b'{"type": "fly"}', 400, "BAD_REQUEST"),
    (b'{"type": "discard", "tiles": "5m"}', 400, "BAD_REQUEST"),
    (b'{"type": "discard", "tiles": [144]}', 400, "BAD_REQUEST"),
    (b'{"type": "discard", "tiles": [true]}', 400, "BAD_REQUEST"),
    (b'{"type": "discard", "tiles": [1, 2, 3, 4, 5]}', 400, "BAD_REQUEST"),
    (b'{"type": "pung", "tiles": [0, 1]}', 422, None),  # the engine's code
]


@pytest.mark.parametrize(("body", "status", "code"), BAD_ACTS)
def test_a_bad_action_is_a_4xx_json_error_and_changes_nothing(
    tmp_path: Path, body: bytes, status: int, code: str | None
) -> None:
    with client(tmp_path) as c:
        state = _new(c, seed=21)
        gid = state["id"]
        before = _snapshot(c, gid)
        r = c.post(f"/api/games/{gid}/act", content=body,
                   headers={"content-type": "application/json"})  # fmt: skip
        assert r.status_code == status, r.text
        err = r.json()
        assert err["message"] and (code is None or err["error"] == code)
        assert _snapshot(c, gid) == before
        # and the game goes on: a legal move is taken afterwards
        assert c.post(f"/api/games/{gid}/act", json=a_choice(before)).status_code == 200


def test_an_illegal_discard_names_the_engines_code_and_changes_nothing() -> None:
    with client() as c:
        state = _new(c, seed=21)
        held = {t["id"] for t in state["table"]["hand"]} | (
            {state["table"]["drawn"]["id"]} if state["table"]["drawn"] else set()
        )
        other = next(t for t in range(136) if t not in held)
        before = _snapshot(c, state["id"])
        r = c.post(f"/api/games/{state['id']}/act", json={"type": "discard", "tiles": [other]})
        assert r.status_code == 422
        assert r.json()["error"] not in ("", "BAD_REQUEST")  # a §13 code of the engine
        assert _snapshot(c, state["id"]) == before


def test_many_illegal_actions_never_end_the_game() -> None:
    with client() as c:
        state = _new(c, seed=21)
        for _ in range(120):
            r = c.post(f"/api/games/{state['id']}/act", json={"type": "pung", "tiles": [0, 1]})
            assert r.status_code == 422
        assert _snapshot(c, state["id"])["status"] == "waiting"


@pytest.mark.parametrize(
    "params",
    [
        {"rules": "no-such-rules"},
        {"rules": "hong-kong", "switches": {"min_faan": 99}},
        {"rules": "hong-kong", "switches": {"no_such_switch": 1}},
        {"rules": "hong-kong", "switches": {"rotate_dealer": "perhaps"}},
        {"rules": "hong-kong", "switches": [1]},
        {"seed": "-1"},
        {"seed": "x"},
        {"seed": str(2**64)},
        {"mode": "league"},
        {"pace": "fast"},
        {"pace": 11},
        {"lang": "fr"},
        {"opponents": "oracle"},
    ],
)
def test_a_bad_new_game_is_a_400_and_starts_nothing(params: dict[str, Any]) -> None:
    with client() as c:
        r = c.post("/api/games", json=params)
        assert r.status_code == 400, r.text
        assert r.json()["error"] in ("BAD_REQUEST", "BAD_RULES") and r.json()["message"]
        assert c.get("/healthz").json()["games"] == 0
        switches = params.get("switches") or {}
        if isinstance(switches, dict):  # the same through /play's query
            query = {k: str(v) for k, v in {**params, **switches}.items() if k != "switches"}
            q = c.get("/play", params=query, follow_redirects=False)
            assert q.status_code == 400, q.text
        assert c.get("/healthz").json()["games"] == 0


def test_play_starts_a_game_from_its_url_with_every_switch() -> None:
    with client() as c:
        r = c.get("/play", params={"rules": "hong-kong", "seed": "4", "pace": "0", "min_faan": "1",
                                   "lang": "zh-HK", "mode": "match"}, follow_redirects=False)  # fmt: skip
        assert r.status_code == 303
        gid = r.headers["location"].rsplit("/", 1)[1]
        game = c.app.state.games.get(gid)
        assert game.settings.rules.switches["min_faan"] == 1
        assert (game.settings.seed, game.settings.lang, game.settings.mode) == (4, "zh-HK", "match")
        page = c.get(r.headers["location"])
        assert page.status_code == 200 and 'lang="zh-HK"' in page.text


def test_requests_out_of_turn_and_unknown_games_are_refused() -> None:
    with client() as c:
        assert c.get("/api/games/nope").status_code == 404
        assert c.post("/api/games/nope/act", json={"type": "pass"}).json()["error"] == "NO_SUCH_GAME"
        state = _new(c, seed=2)
        gid = state["id"]
        assert c.post(f"/api/games/{gid}/next").status_code == 409  # the deal is under way
        end = _play_to_end(c, state)
        assert end["status"] == "over"
        for r in (c.post(f"/api/games/{gid}/act", json={"type": "pass"}),
                  c.get(f"/api/games/{gid}/hint"), c.post(f"/api/games/{gid}/next")):  # fmt: skip
            assert r.status_code == 409 and r.json()["message"]
        assert c.get(f"/api/games/{gid}/act").status_code == 405
        big = b'{"type": "pass", "x": "' + b"x" * 70_000 + b'"}'
        assert c.post(f"/api/games/{gid}/act", content=big).status_code == 413


def test_live_games_are_bounded_and_the_idle_one_is_dropped_and_told() -> None:
    with client(limit=2) as c:
        first = _new(c, seed=1)
        second = _new(c, seed=2)
        c.get(f"/api/games/{second['id']}")  # the first is now the one idle longest
        third = _new(c, seed=3)
        assert c.get("/healthz").json()["games"] == 2
        r = c.get(f"/api/games/{first['id']}")
        assert r.status_code == 410 and r.json()["error"] == "GAME_DROPPED"
        assert c.get(f"/api/games/{second['id']}").status_code == 200
        assert c.get(f"/api/games/{third['id']}").status_code == 200


def test_a_dropped_games_thread_ends() -> None:
    with client(limit=1) as c:
        first = _new(c, seed=1)
        game = c.app.state.games.get(first["id"])
        _new(c, seed=2)  # drops the first
        game._thread.join(timeout=30)
        assert not game._thread.is_alive() and game.status == "dropped"


def test_game_ids_are_unguessable() -> None:
    with client() as c:
        ids = {_new(c, seed=1)["id"] for _ in range(3)}
    assert len(ids) == 3 and all(len(i) >= 24 for i in ids)


def test_healthz_and_the_icon() -> None:
    with client() as c:
        assert c.get("/healthz").status_code == 200
        r = c.get("/favicon.ico")
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg")
        assert c.get("/no/such/page").status_code == 404
