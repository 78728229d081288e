"""A seeded Hong Kong deal and a Taiwanese deal played by clicks (and a Taiwanese one by the
keys) in Debian's chromium against the live app: a claim taken, a hint shown, the result's
values those of the engine and of ``score()`` of the winner's final hand in the situation of
its win; no console error, no request the server refuses, and no ``data-tile`` in ``#hand``
once the deal has ended."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import mahjong_fast as mf
from _browser import browser, chromium_path
from _web_helpers import a_seed_with_a_claim_and_a_win
from _web_server import live_server
from mahjong_fast.game.log import replay_deals

#: a Taiwanese seed whose deal, played by the keys as below, has P0 claim and somebody win
KEYBOARD_SEED = 4
_SETTLED = """() => document.querySelector('#hand [data-tile]')
    || document.querySelector('#actions [data-action]')
    || !document.querySelector('#result').hidden"""


def _play_by_clicks(page: Any, *, keys: bool) -> dict[str, int]:
    """P0 plays: a win when offered, a claim (pung, then chow) when offered, else the discard
    of the drawn tile (the hand's last), else pass; the hint is asked at the first discard.
    ``keys``: by the keyboard (number keys, arrow keys and Enter) instead of the mouse."""
    done = {"claims": 0, "hints": 0, "moves": 0}
    for _ in range(300):
        page.wait_for_function(_SETTLED, timeout=60_000)
        if page.locator("#result").is_visible():
            return done
        pick = None
        for kind in ("win", "pung", "chow"):
            found = page.locator(f'#actions [data-action="{kind}"]')
            if found.count():
                pick = found.first
                done["claims"] += kind != "win"
                break
        if pick is None and page.locator("#hand [data-tile]").count():
            if not done["hints"]:
                page.click("#hint-button")
                page.wait_for_selector("#hint-panel tr.expert", timeout=30_000)
                done["hints"] += 1
            if keys:
                page.keyboard.press("ArrowLeft")
                page.keyboard.press("Enter")
            else:
                page.locator("#hand [data-tile]").last.click()
        else:
            if pick is None:
                pick = page.locator('#actions [data-action="pass"]').first
            if keys:
                page.keyboard.press(pick.get_attribute("data-key"))
            else:
                pick.click()
        done["moves"] += 1
    raise AssertionError("the deal did not end")


_MK = {0: "chow", 1: "pung", 2: "kong", 3: "addkong", 4: "ckong"}


def _score_of_the_win(deal: Any) -> Any:
    """``score()`` of the winner's final hand in the situation of its win, read from the deal
    as replayed from its log: the seat and prevailing winds, self-drawn or the discarder, the
    flags the win was scored with and, under a ruleset that reads the deal's progress (TW §10),
    the dealer's streak, the discards made, the winner's own discards and the interruption."""
    from mahjong_fast.render import code_of_kind

    r = deal.result
    w = r.winner
    kinds = sorted(t // 4 for t in r.final_hands[w])
    if r.win_tile is not None:
        kinds.remove(r.win_tile // 4)
    melds = " ".join(
        f"{_MK[m[0]]}[{''.join(code_of_kind(t // 4)[0] for t in sorted(m[1:]))}"
        f"{code_of_kind(m[1] // 4)[1]}]"
        for m in r.final_melds[w]
    )
    bonus = " ".join(f"{t - 135}f" for t in r.bonus[w])
    kw: dict[str, Any] = {"self_drawn": r.win_kind == "self_drawn", "rules": deal.rules,
                          "seat_wind": "ESWN"[(w - r.dealer) % 4],
                          "prevailing_wind": "ESWN"[r.prevailing_wind]}  # fmt: skip
    if r.discarder is not None:
        kw["discarder"] = "ESWN"[(r.discarder - r.dealer) % 4]
    for k in ("kong_replacement", "robbing_kong", "dealer_start"):
        if r.flags.get(k):
            kw[k] = True
    if r.flags.get("last_wall_tile") or r.flags.get("last_discard"):
        kw["last_tile"] = True
    if deal.rules.reads_progress:  # TW §10: the deal's own record of its progress
        kw.update(dealer_streak=deal.dealer_streak, discards=deal.turn,
                  winner_discards=len(deal.discard_history[w]),
                  interrupted=deal.interrupted)  # fmt: skip
    hand = " ".join(x for x in ("".join(code_of_kind(k) for k in kinds), melds, bonus) if x)
    return mf.score(hand, None if r.win_tile is None else code_of_kind(r.win_tile // 4), **kw)


def _shown_result(page: Any) -> tuple[dict[str | None, int], int, list[int]]:
    """The result panel's elements (code: value), its total and the four payments."""
    shown = {
        row.get_attribute("data-element"): int(row.locator("td.num").inner_text())
        for row in page.locator("#result table.elements tr[data-element]").all()
    }
    total = int(page.locator("#result [data-total]").first.get_attribute("data-total"))
    payments = [int(page.locator(f'#result tr[data-seat="{p}"] [data-payment]')
                    .get_attribute("data-payment")) for p in range(4)]  # fmt: skip
    return shown, total, payments


def _watched(page: Any) -> tuple[list[str], list[str]]:
    """Console and page errors, and every response the server refused, as they come."""
    refused: list[str] = []
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)  # fmt: skip
    return errors, refused


def _check_the_result(
    tmp_path: Path, shown: dict[str | None, int], total: int, payments: list[int]
) -> None:
    """The result shown is the engine's (the deal replayed from its log) and that of
    ``score()`` of the winner's final hand in the situation of its win."""
    (log,) = tmp_path.glob("*.jsonl")
    (deal,) = replay_deals(log)  # the deal the page played, as the engine replays it
    res = deal.result
    assert res.winners, "the seed was chosen for a won deal"
    win = res.wins[0]
    assert shown == {code: value for code, _name, value in win.elements}
    assert total == win.value and payments == list(res.payments)
    s = _score_of_the_win(deal)
    by_code = {code: value for code, _name, value in (tuple(e) for e in s.elements)}
    assert (s.value, by_code) == (total, shown)


@pytest.mark.parametrize("rules", ["hong-kong", "taiwanese-high"])
def test_a_seeded_deal_played_by_clicks_in_chromium(tmp_path: Path, rules: str) -> None:
    """Mouse clicks only; the seed the first whose deal, played so, has P0 claim and a win."""
    chromium_path()
    seed = a_seed_with_a_claim_and_a_win(rules)
    with live_server(tmp_path) as base, browser() as b:
        page = b.new_context(viewport={"width": 1000, "height": 900}).new_page()
        errors, refused = _watched(page)
        page.goto(f"{base}/play?rules={rules}&seed={seed}&pace=0")
        done = _play_by_clicks(page, keys=False)
        assert page.locator("#hand [data-tile]").count() == 0  # the deal has ended
        shown, total, payments = _shown_result(page)
    assert done["claims"] >= 1 and done["hints"] == 1
    assert errors == [] and refused == []
    _check_the_result(tmp_path, shown, total, payments)


def test_a_taiwanese_deal_played_by_the_keyboard_in_chromium(tmp_path: Path) -> None:
    chromium_path()
    with live_server(tmp_path) as base, browser() as b:
        page = b.new_context(viewport={"width": 1000, "height": 900}).new_page()
        errors, refused = _watched(page)
        page.goto(f"{base}/play?rules=taiwanese-high&seed={KEYBOARD_SEED}&pace=0")
        done = _play_by_clicks(page, keys=True)
        assert page.locator("#hand [data-tile]").count() == 0
        shown, total, payments = _shown_result(page)
    assert done["claims"] >= 1 and done["hints"] == 1
    assert errors == [] and refused == []
    _check_the_result(tmp_path, shown, total, payments)


def test_the_new_game_form_lists_the_rulesets_switches_and_starts_a_game(tmp_path: Path) -> None:
    chromium_path()
    errors: list[str] = []
    with live_server(tmp_path) as base, browser() as b:
        page = b.new_context(viewport={"width": 390, "height": 844}).new_page()  # a phone
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/")
        page.select_option("#rules", "taiwanese-high")
        page.wait_for_selector("#sw-min_tai")
        names = page.eval_on_selector_all("[data-switch]", "els => els.map(e => e.dataset.switch)")
        assert names == [row.name for row in mf.Ruleset.from_name("taiwanese-high").switch_table()]
        page.fill("#sw-min_tai", "1")
        page.fill("#seed", "4")
        page.fill("#pace", "0")
        page.click("#start")
        page.wait_for_url("**/game/*")
        page.wait_for_function(_SETTLED, timeout=60_000)
        width = page.evaluate("document.documentElement.scrollWidth")
    assert errors == []
    assert width <= 390 + 1  # nothing wider than the phone


def test_the_ai_moves_are_shown_one_after_another_at_the_pace(tmp_path: Path) -> None:
    chromium_path()
    errors: list[str] = []
    with live_server(tmp_path) as base, browser() as b:
        page = b.new_context(viewport={"width": 1000, "height": 900}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/play?rules=hong-kong&seed=5&pace=0.4")
        page.wait_for_selector("#hand [data-tile]", timeout=60_000)
        pool = '#table [data-seat="1"] .discards .tile'
        before = page.locator(pool).count()
        page.locator("#hand [data-tile]").last.click()
        # P1's discard drawn on its own, before P2 and P3 move, nothing of P0's to click
        page.wait_for_function(f"document.querySelectorAll('{pool}').length > {before}",
                               timeout=30_000)  # fmt: skip
        after_p1 = page.locator(pool).count()
        assert page.locator("#hand [data-tile]").count() == 0
        assert page.locator("#actions [data-action]").count() == 0
        assert page.locator('#table [data-seat="3"] .discards .tile').count() == 0
        page.wait_for_selector('#table .seat.active[data-seat="3"]', timeout=30_000)
        page.wait_for_function(_SETTLED, timeout=60_000)
        assert after_p1 == before + 1 and errors == []
