"""The pages switch language without a reload (issue 44): on the new-game form, the table in
the middle of a deal and a replay, the language buttons relabel every visible catalogue
string (as the page served in that language has it), the narration, the hint, the result's
element names and the choices, keeping the game's state and sending no request; the chosen
language goes on in the links and the next page; no console error, no refused request."""

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
from test_table_in_chromium import _SETTLED, _play_by_clicks

#: the visible elements holding a catalogue string: [key, text] each, in the page's order
_CATALOGUE_SHOWN = """() => Array.from(document.querySelectorAll('[data-w]'))
    .filter(e => e.getClientRects().length > 0 || e.tagName === 'OPTION')
    .map(e => [e.dataset.w, e.textContent])"""


def _watch(page: Any) -> tuple[list[str], list[str], list[str]]:
    """Console and page errors, refused responses and every request, as they come."""
    errors: list[str] = []
    refused: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)  # fmt: skip
    page.on("request", lambda r: requests.append(r.url))
    return errors, refused, requests


def _switch(page: Any, requests: list[str], lang: str) -> None:
    """Choose ``lang`` by its button: the page is relabelled at once, by no request."""
    before = len(requests)
    url = page.url
    page.click(f'label:has(#lang-{lang})')
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    assert requests[before:] == []  # no reload, no request
    assert page.url.split("?")[0] == url.split("?")[0] and f"lang={lang}" in page.url
    links = page.eval_on_selector_all("header a[href]", "els => els.map(a => a.href)")
    assert links and all(f"lang={lang}" in h for h in links)  # the next page keeps it


def _served(b: Any, url: str, ready: str = "body") -> list[list[str]]:
    """The catalogue strings a page served at ``url`` shows (its own language) once
    ``ready`` is on it."""
    page = b.new_page()
    try:
        page.goto(url)
        page.wait_for_load_state("load")
        page.wait_for_selector(ready, timeout=60_000)
        return page.evaluate(_CATALOGUE_SHOWN)  # type: ignore[no-any-return]
    finally:
        page.close()


def _check_relabelled(en: list[list[str]], now: list[list[str]], served: list[list[str]]) -> None:
    """Every catalogue string shown changed, to what the page served in that language has."""
    assert [k for k, _ in now] == [k for k, _ in en] and len(en) >= 3
    changed = [k for (k, a), (_, b) in zip(en, now) if a != b]
    assert changed == [k for k, _ in en], "a catalogue string kept its English"
    assert set(dict(now)) <= set(dict(served))
    assert dict(now) == {k: t for k, t in served if k in dict(now)}


def test_the_new_game_form_switches_language_and_the_game_keeps_it(tmp_path: Path) -> None:
    chromium_path()
    with live_server(tmp_path) as base, browser() as b:
        page = b.new_page()
        errors, refused, requests = _watch(page)
        page.goto(f"{base}/")
        page.select_option("#rules", "taiwanese-high")
        page.wait_for_selector("#sw-min_tai")
        page.fill("#seed", "4")
        page.fill("#pace", "0")
        en = page.evaluate(_CATALOGUE_SHOWN)
        rows = page.locator("[data-switch]").count()
        _switch(page, requests, "zh-TW")
        _check_relabelled(en, page.evaluate(_CATALOGUE_SHOWN), _served(b, f"{base}/?lang=zh-TW"))
        # the form as it was filled in
        assert page.input_value("#rules") == "taiwanese-high" and page.input_value("#seed") == "4"
        assert page.locator("[data-switch]").count() == rows
        _switch(page, requests, "en")
        assert page.evaluate(_CATALOGUE_SHOWN) == en
        _switch(page, requests, "zh-TW")
        page.click("#start")  # the game opens in the language chosen
        page.wait_for_url("**/game/*")
        page.wait_for_function(_SETTLED, timeout=60_000)
        assert page.evaluate("document.documentElement.lang") == "zh-TW"
        assert page.is_checked("#lang-zh-TW")
    assert errors == [] and refused == []


def _log_lines(page: Any) -> list[str]:
    return page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")  # type: ignore[no-any-return]


def _told(base: str, gid: str, lang: str) -> list[str]:
    """The narration of a game in ``lang`` as the server tells it (every line so far)."""
    events = httpx.get(f"{base}/api/games/{gid}?since=0", timeout=60).json()["events"]
    return [ev["texts"][lang] for ev in events if ev["texts"][lang]]


def test_the_table_switches_language_mid_deal_keeping_the_game(tmp_path: Path) -> None:
    chromium_path()
    with live_server(tmp_path) as base, browser() as b:
        page = b.new_context(viewport={"width": 1000, "height": 900}).new_page()
        errors, refused, requests = _watch(page)
        page.goto(f"{base}/play?rules=taiwanese-high&seed=4&pace=0")
        page.wait_for_selector("#hand [data-tile]", timeout=60_000)
        gid = page.url.split("/game/")[1].split("?")[0]
        page.click("#hint-button")
        page.wait_for_selector("#hint-panel tr.expert", timeout=30_000)
        en = page.evaluate(_CATALOGUE_SHOWN)
        hand = page.eval_on_selector_all("#hand [data-tile]", "els => els.map(e => e.dataset.tile)")
        info, hint, lines = page.inner_text("#info"), page.inner_text("#hint-panel"), _log_lines(page)
        _switch(page, requests, "zh-TW")
        _check_relabelled(en, page.evaluate(_CATALOGUE_SHOWN),
                          _served(b, f"{base}/game/{gid}?lang=zh-TW", "#hand [data-tile]"))  # fmt: skip
        assert page.inner_text("#info") != info and page.inner_text("#hint-panel") != hint
        assert _log_lines(page) == _told(base, gid, "zh-TW") != lines  # the narration
        # the game as it was: the same hand, still P0's to discard
        assert page.eval_on_selector_all("#hand [data-tile]", "els => els.map(e => e.dataset.tile)") == hand
        _switch(page, requests, "en")
        assert page.evaluate(_CATALOGUE_SHOWN) == en and _log_lines(page) == lines
        assert page.inner_text("#info") == info and page.inner_text("#hint-panel") == hint
        # played on by clicks to the end; the result relabelled too
        done = _play_by_clicks(page, keys=False)
        assert done["claims"] >= 1
        names = page.eval_on_selector_all("#result tr[data-element] td:first-child",
                                          "els => els.map(e => e.textContent)")  # fmt: skip
        _switch(page, requests, "zh-TW")
        state = httpx.get(f"{base}/api/games/{gid}", timeout=60).json()
        labels = [e["labels"]["zh-TW"] for e in state["results"][-1]["wins"][0]["elements"]]
        shown = page.eval_on_selector_all("#result tr[data-element] td:first-child",
                                          "els => els.map(e => e.textContent)")  # fmt: skip
        assert shown == labels != names
        _switch(page, requests, "en")
        assert page.eval_on_selector_all("#result tr[data-element] td:first-child",
                                         "els => els.map(e => e.textContent)") == names  # fmt: skip
    assert errors == [] and refused == []


def _a_saved_game(base: str) -> str:
    with httpx.Client(base_url=base, timeout=120) as c:
        gid = c.post("/api/games", json={"rules": "taiwanese-high", "seed": 4, "pace": 0}).json()["id"]
        st = c.get(f"/api/games/{gid}").json()
        while st["status"] == "waiting":
            st = c.post(f"/api/games/{gid}/act", json=a_choice(st)).json()
        return str(st["log"])


def test_a_replay_switches_language_at_its_step(tmp_path: Path) -> None:
    chromium_path()
    with live_server(tmp_path) as base, browser() as b:
        name = _a_saved_game(base)
        page = b.new_context(viewport={"width": 1000, "height": 900}).new_page()
        errors, refused, requests = _watch(page)
        page.goto(f"{base}/replay?log={name}")
        page.wait_for_selector("#viewer:not([hidden])")
        for _ in range(12):
            page.keyboard.press("ArrowRight")
        step = page.inner_text("#step")
        frames = httpx.get(f"{base}/api/logs/{name}", timeout=60).json()["deals"][0]["frames"]
        en = page.evaluate(_CATALOGUE_SHOWN)
        seats = page.eval_on_selector_all("#seat option", "els => els.map(e => e.textContent)")
        told = page.eval_on_selector_all("#narration li", "els => els.map(e => e.textContent)")
        _switch(page, requests, "zh-TW")
        _check_relabelled(en, page.evaluate(_CATALOGUE_SHOWN),
                          _served(b, f"{base}/replay?log={name}&lang=zh-TW", "#viewer:not([hidden])"))  # fmt: skip
        assert page.inner_text("#step") != step
        assert page.eval_on_selector_all("#seat option", "els => els.map(e => e.textContent)") != seats
        now = page.eval_on_selector_all("#narration li", "els => els.map(e => e.textContent)")
        assert now == frames[12]["texts"]["zh-TW"] and told == frames[12]["texts"]["en"]
        _switch(page, requests, "en")
        assert page.inner_text("#step") == step and page.evaluate(_CATALOGUE_SHOWN) == en
    assert errors == [] and refused == []
