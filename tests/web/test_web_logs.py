"""The logs of the web app: listed and opened only from inside ``--logs`` (``..``, absolute
paths and symlinks that leave it refused), a log over 20 MB or that does not replay refused
with its reason (from the directory or uploaded), a live game's log not shown while it is
played; a log opens as steps, and its review is ``review --json``'s data and the review page."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from _web_helpers import a_choice, client
from mahjong_fast.review import review_log
from mahjong_fast.web.replays import MAX_LOG_BYTES, log_file
from mahjong_fast.web.session import GameError


def _finished_log(c: Any, seed: int = 5, mode: str = "deal") -> str:
    gid = c.post("/api/games", json={"seed": seed, "pace": 0, "mode": mode}).json()["id"]
    st = c.get(f"/api/games/{gid}").json()
    while st["status"] in ("waiting", "between"):
        if st["status"] == "between":
            st = c.post(f"/api/games/{gid}/next").json()
        else:
            st = c.post(f"/api/games/{gid}/act", json=a_choice(st)).json()
    assert st["status"] == "over"
    return str(st["log"])


def test_a_saved_log_opens_as_steps_and_reviews(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        name = _finished_log(c)
        listed = c.get("/api/logs").json()["logs"]
        assert [x["name"] for x in listed] == [name]
        data = c.get(f"/api/logs/{name}").json()
        (deal,) = data["deals"]
        assert len(deal["frames"]) > 10 and deal["result"] is not None
        assert all(len(f["hands"]) == 4 for f in deal["frames"])
        review = c.get(f"/api/logs/{name}/review").json()
        page = c.get(f"/review/logs/{name}")
    expected = review_log(tmp_path / name).to_dict()  # review --json's data
    assert {k: v for k, v in review.items() if k != "biggest_losses"} == expected
    lines = {f["line"] for f in deal["frames"]}
    assert all(x["line"] in lines for x in review["biggest_losses"])  # each has its step
    assert page.status_code == 200 and "<html" in page.text


@pytest.mark.parametrize("name", ["%2E%2E", "...jsonl", ".hidden.jsonl", "a\\b.jsonl", "%2E%2E%5Cx.jsonl"])
def test_names_that_leave_the_logs_are_refused(tmp_path: Path, name: str) -> None:
    with client(tmp_path) as c:
        r = c.get(f"/api/logs/{name}")
        assert r.status_code == 403 and r.json()["error"] == "OUTSIDE_LOGS"


def test_paths_and_symlinks_out_of_the_logs_are_refused(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    outside = tmp_path / "secret.jsonl"
    outside.write_text("{}\n")
    os.symlink(outside, logs / "link.jsonl")
    for name in (str(outside), "../secret.jsonl", "sub/x.jsonl", "link.jsonl"):
        with pytest.raises(GameError) as info:
            log_file(logs, name)
        assert info.value.status == 403, name
    with client(logs) as c:
        assert c.get("/api/logs").json()["logs"] == []  # the symlink out is not listed
        r = c.get("/api/logs/link.jsonl")
        assert r.status_code == 403
        assert c.get("/api/logs/%2Fetc%2Fpasswd").status_code in (403, 404)
        assert c.get("/api/logs/none.jsonl").status_code == 404


def test_a_log_over_20_mb_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as f:
        f.truncate(MAX_LOG_BYTES + 1)
    with client(tmp_path) as c:
        r = c.get("/api/logs/big.jsonl")
        assert r.status_code == 413 and r.json()["error"] == "LOG_TOO_LARGE"
        r = c.post("/api/uploads", content=b" " * (MAX_LOG_BYTES + 1))
        assert r.status_code == 413


def test_a_log_that_does_not_replay_is_refused_with_its_reason(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        name = _finished_log(c)
        lines = (tmp_path / name).read_text().splitlines()
        # the first discard recorded made a bonus tile's: an action against the rules
        k = next(i for i, line in enumerate(lines)
                 if json.loads(line).get("action", {}).get("type") == "discard")  # fmt: skip
        obj = json.loads(lines[k])
        obj["action"]["tiles"] = [143]
        broken = [*lines[:k], json.dumps(obj), *lines[k + 1:]]
        (tmp_path / "broken.jsonl").write_text("\n".join(broken) + "\n")
        for r in (c.get("/api/logs/broken.jsonl"),
                  c.post("/api/uploads", content="\n".join(broken).encode()),
                  c.post("/api/uploads", content=b"not a log")):  # fmt: skip
            assert r.status_code == 422, r.text
            assert r.json()["error"] == "BAD_LOG" and "line" in r.json()["message"]


def test_an_uploaded_log_opens_and_reviews(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        name = _finished_log(c, mode="match")
        r = c.post("/api/uploads", content=(tmp_path / name).read_bytes())
        assert r.status_code == 201
        key = r.json()["id"]
        assert len(c.get(f"/api/uploads/{key}").json()["deals"]) == 4
        assert c.get(f"/api/uploads/{key}/review?seat=0").status_code == 200
        assert c.get(f"/api/uploads/{key}/review?seat=9").status_code == 400
        assert c.get("/api/uploads/nope").status_code == 404


def test_a_live_games_log_is_not_shown_while_it_is_played(tmp_path: Path) -> None:
    with client(tmp_path) as c:
        gid = c.post("/api/games", json={"seed": 5, "pace": 0}).json()["id"]
        st = c.get(f"/api/games/{gid}").json()
        assert st["status"] == "waiting"
        r = c.get(f"/api/logs/{st['log']}")
        assert r.status_code == 409 and r.json()["error"] == "GAME_IN_PROGRESS"
