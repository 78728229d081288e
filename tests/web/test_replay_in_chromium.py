"""Replay and review of a saved game in Debian's chromium: the log opened from the list,
stepped with the arrow keys, one seat's view, the review's loss list followed to its step
(the move played beside the expert's); no console error and no refused request."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

import httpx
from _browser import browser, chromium_path
from _web_helpers import a_choice
from _web_server import live_server
from mahjong_fast.review import review_log


def _play(base: str) -> str:
    with httpx.Client(base_url=base, timeout=120) as c:
        gid = c.post("/api/games", json={"seed": 5, "pace": 0, "mode": "match"}).json()["id"]
        st = c.get(f"/api/games/{gid}").json()
        while st["status"] in ("waiting", "between"):
            if st["status"] == "between":
                st = c.post(f"/api/games/{gid}/next").json()
            else:
                st = c.post(f"/api/games/{gid}/act", json=a_choice(st)).json()
        return str(st["log"])


def _watch(page: Any, errors: list[str], refused: list[str]) -> None:
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)  # fmt: skip


def test_a_replay_stepped_with_keys_and_its_review_followed(tmp_path: Path) -> None:
    chromium_path()
    errors: list[str] = []
    refused: list[str] = []
    with live_server(tmp_path) as base, browser() as b:
        name = _play(base)
        page = b.new_context(viewport={"width": 1000, "height": 900}).new_page()
        _watch(page, errors, refused)
        page.goto(f"{base}/replay")
        page.click(f'#logs a[data-log="{name}"]')
        page.wait_for_selector("#viewer:not([hidden])")
        first = page.locator("#step").inner_text()
        pools = page.locator("#replay-table .row").all_inner_texts()
        for _ in range(6):
            page.keyboard.press("ArrowRight")
        assert page.locator("#step").inner_text() != first
        page.keyboard.press("ArrowLeft")
        assert "6" in page.locator("#step").inner_text()
        # one seat's view: the other hands face down
        page.select_option("#seat", "0")
        backs = page.locator('#replay-table [data-hand="1"] [title="back"]').count()
        assert backs > 0 and page.locator('#replay-table [data-hand="0"] [title="back"]').count() == 0
        # the review: the biggest loss, followed to its step
        page.check("#review-on")
        page.wait_for_selector("#losses button")
        loss = page.locator("#losses button").first
        line = int(loss.get_attribute("data-line"))
        loss.click()
        page.wait_for_selector("#decision:not([hidden])")
        made = page.locator("#decision [data-made]").get_attribute("data-made")
        expert = page.locator("#decision [data-expert]").get_attribute("data-expert")
        full = page.locator("#review-page").get_attribute("href")
        page.goto(base + full)
        page.wait_for_selector("h1")
    assert pools  # the table was drawn
    assert errors == [] and refused == []
    review = review_log(tmp_path / name, 0)
    top = review.biggest_losses(1)[0]
    assert (top.line, top.made, top.expert) == (line, made, expert)
