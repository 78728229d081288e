"""The HTML reports in a real browser: Debian's chromium driven by Playwright (tests/_browser.py).
Each page loads from ``file://`` with no console error and no request; its plots are ``<svg>``
elements; the numbers it shows are the arena's ``--json``; it does not scroll sideways at a
phone's 390 px. Skipped (with the reason) without chromium, failed instead when ``CI`` is set."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _browser import browser, chromium_path, open_report
from _cli_helpers import run

PLOTS = ["points", "rates", "points-hist", "cumulative", "win-values"]


@pytest.fixture(scope="module")
def chromium() -> Any:
    chromium_path()  # skip or fail with the reason first
    with browser() as b:
        yield b


@pytest.fixture(scope="module")
def arena_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("arena") / "arena.html"
    proc = run("arena", "-n", "8", "--seed", "7", "--workers", "1", "--json", "--report", str(out))
    assert proc.returncode == 0, proc.stderr
    return out, json.loads(proc.stdout)


def test_arena_report_loads_offline_with_its_numbers(
    chromium: Any, arena_page: tuple[Path, dict[str, Any]]
) -> None:
    path, data = arena_page
    with open_report(chromium, path) as loaded:
        page = loaded.page
        plots = page.eval_on_selector_all(
            "figure[data-plot]",
            "fs => fs.map(f => [f.dataset.plot, f.firstElementChild.tagName.toLowerCase(),"
            " f.querySelector('svg title').textContent,"
            " f.querySelector('svg').getBoundingClientRect().width])",
        )
        assert [p[0] for p in plots] == PLOTS
        assert all(tag == "svg" and title and width > 100 for _, tag, title, width in plots)
        shown = page.eval_on_selector_all(
            "table[data-table] tbody tr",
            "rs => rs.map(r => [r.cells[0].textContent, Object.fromEntries("
            "[...r.querySelectorAll('td[data-key]')].map(c => [c.dataset.key,"
            " [Number(c.dataset.value), c.textContent]])) ])",
        )
        by_seat: dict[str, dict[str, Any]] = {}
        for seat, cells in shown:
            by_seat.setdefault(seat, {}).update(cells)
        for s in data["seats"]:
            cells = by_seat[s["seat"]]
            assert cells["mean_points"][0] == s["mean_points"]
            assert cells["mean_points"][1] == f"{s['mean_points']:+.2f}"
            assert cells["ci95_low"][0] == s["ci95"][0]
            assert cells["ci95_high"][0] == s["ci95"][1]
            assert cells["win_rate"][1] == f"{s['win_rate']:.1%}"
            assert cells["deal_in_rate"][0] == s["deal_in_rate"]
            assert cells["self_draw_rate"][0] == s["self_draw_rate"]
        assert page.text_content("dd[data-key=seed]") == str(data["seed"])
        assert loaded.errors == [] and loaded.requests == []


def test_arena_report_fits_a_phone(chromium: Any, arena_page: tuple[Path, dict[str, Any]]) -> None:
    path, _ = arena_page
    with open_report(chromium, path, width=390) as loaded:
        width = loaded.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
        assert loaded.errors == [] and loaded.requests == []
