"""HK §14 (TW §1 keeps it): for 200 seeded positions of each ruleset, no response of the web
app holds another seat's concealed tiles or a tile of the wall; P0 sees only its own hand and
the public tiles."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from _web_helpers import a_choice, client, tile_ids

POSITIONS = 200


def _hidden(deal: Any) -> set[int]:
    """The ids P0 may not see now: the other seats' concealed tiles and the untaken wall."""
    hands = deal.hands
    seen: set[int] = set(hands[0])
    for p in range(4):
        for m in deal.melds[p]:
            seen |= set(m.tiles)
        seen |= {int(t) for t, _by in deal.discard_history[p]}
        seen |= set(deal.bonus[p])
    others = {t for p in (1, 2, 3) for t in hands[p]}
    wall = set(range(144)) - seen - others
    if deal.result is not None:  # the winners' hands are shown at the end (HK §14)
        for p in deal.result.winners:
            others -= set(hands[p])
    return (others | wall) - seen


@pytest.mark.parametrize("rules", ["hong-kong", "taiwanese-high"])
def test_no_response_holds_another_seats_tiles_or_the_wall(rules: str) -> None:
    positions = 0
    seed = 0
    with client() as c:
        games = c.app.state.games
        while positions < POSITIONS:
            seed += 1
            r = c.post("/api/games", json={"rules": rules, "seed": seed, "pace": 0,
                                           "mode": "match" if seed % 3 == 0 else "deal"})  # fmt: skip
            gid = r.json()["id"]
            state = c.get(f"/api/games/{gid}").json()
            deal = None
            for step in range(400):
                game = games.get(gid)
                # (a game that has ended lets its deal go: the last one seen is checked)
                deal = game.deal or deal
                if deal is None or deal.deal_index != state["table"]["deal_index"]:
                    break  # (a last deal of a match that ended without a decision of P0's)
                hidden = _hidden(deal)
                # (every answer holds the game's events from the first: since=0)
                now = deal.deal_index
                # the events of earlier deals name the tiles of those deals
                response = {**state, "events": [e for e in state["events"] if e["deal"] == now]}
                leaked = tile_ids(response) & hidden
                assert not leaked, (seed, step, sorted(leaked))
                if state["status"] == "waiting":
                    hint = c.get(f"/api/games/{gid}/hint").json()
                    assert not tile_ids(hint) & hidden
                    positions += 1
                    state = c.post(f"/api/games/{gid}/act",
                                   json=a_choice(state, claim=step % 2 == 0)).json()  # fmt: skip
                elif state["status"] == "between":
                    state = c.post(f"/api/games/{gid}/next").json()
                else:
                    break
    assert positions >= POSITIONS


def test_the_check_finds_a_leak() -> None:
    # the walk of the test above sees a tile id wherever the app puts one
    leak = {"events": [{"e": {"e": "deal", "hands": [[1, 2], [None, None], [3]]}}]}
    assert tile_ids(leak) == {1, 2, 3}
    assert tile_ids({"table": {"hand": [{"id": 7, "code": "2m"}]}, "scores": [5]}) == {7}
