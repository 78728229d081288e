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


def _codes(notation: str) -> list[str]:
    """The tile codes of concealed tiles in notation (``"123m5p"`` → 1m 2m 3m 5p)."""
    out: list[str] = []
    digits = ""
    for c in notation:
        if c.isdigit():
            digits += c
        else:
            out += [f"{n}{c}" for n in digits]
            digits = ""
    return out


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


@pytest.fixture(scope="module")
def records_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], Path]:
    folder = tmp_path_factory.mktemp("records")
    recs, out = folder / "deals.jsonl", folder / "records.html"
    proc = run("simulate", "-n", "400", "--seed", "3", "--workers", "1", "--json",
               "--out", str(recs), "--report", str(out))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return out, json.loads(proc.stdout), recs


def _table(page: Any, name: str) -> list[dict[str, Any]]:
    """The rows of ``table[data-table=name]``: text cells by position, number cells by key."""
    return list(page.eval_on_selector_all(
        f"table[data-table={name}] tbody tr",
        "rs => rs.map(r => Object.assign({text: [...r.querySelectorAll('td.t')].map("
        "c => c.textContent)}, Object.fromEntries([...r.querySelectorAll('td[data-key]')]"
        ".map(c => [c.dataset.key, [Number(c.dataset.value), c.textContent]]))))",
    ))  # fmt: skip


def test_records_report_loads_offline_with_the_summarys_numbers(
    chromium: Any, records_page: tuple[Path, dict[str, Any], Path]
) -> None:
    from mahjong_fast.reports import records_aggregates

    path, data, recs = records_page
    summary = data["summary"]
    agg = records_aggregates(recs)
    with open_report(chromium, path) as loaded:
        page = loaded.page
        plots = page.eval_on_selector_all(
            "figure[data-plot]",
            "fs => fs.map(f => [f.dataset.plot, f.firstElementChild.tagName.toLowerCase()])",
        )
        assert plots == [["values", "svg"], ["win-kinds", "svg"], ["deal-length", "svg"],
                         ["seat-points", "svg"]]  # fmt: skip
        (row,) = _table(page, "summary")
        assert row["deals"][0] == summary["deals"] == 400
        assert row["win_rate"][0] == summary["win_rate"]
        assert row["win_rate"][1] == f"{summary['win_rate']:.1%}"
        assert row["self_draw_rate"][0] == summary["self_draw_rate"]
        seats = _table(page, "seats")
        assert [r["mean_points"][0] for r in seats] == pytest.approx(summary["mean_points"])
        assert [[r["ci95_low"][0], r["ci95_high"][0]] for r in seats] == summary["points_ci95"]
        elements = _table(page, "elements")
        assert [(r["text"][0], r["count"][0]) for r in elements] == [
            (code, n) for code, _, n in agg["elements"]
        ]
        dealer = _table(page, "dealer")
        assert dealer[0]["mean_points"][0] == pytest.approx(agg["dealer"]["mean_points"])
        assert loaded.errors == [] and loaded.requests == []
    with open_report(chromium, path, width=390) as loaded:
        assert loaded.page.evaluate("document.documentElement.scrollWidth") <= 390


def test_review_report_numbers_filter_and_toggle(
    chromium: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("review")
    log, out = folder / "arena.jsonl", folder / "review.html"
    assert run("arena", "-n", "1", "--seed", "2", "--workers", "1", "--log", str(log)).returncode == 0
    proc = run("review", str(log), "--seat", "0", "--json", "--html", str(out))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    decisions = [d for dr in data["deals"] for d in dr["decisions"]]
    with open_report(chromium, out) as loaded:
        page = loaded.page
        drawn_at_load = page.eval_on_selector_all("td.hand svg", "s => s.length")
        assert page.eval_on_selector_all("figure[data-plot] > svg", "s => s.length") == 1
        deals = _table(page, "deals")
        assert [r["deal"][0] for r in deals] == [dr["deal"] for dr in data["deals"]]
        assert [r["loss"][0] for r in deals] == [dr["summary"]["loss"] for dr in data["deals"]]
        shown = page.eval_on_selector_all(
            "tr.dec", "rs => rs.map(r => [r.hidden, r.querySelector('td[data-key=loss]')"
            ".dataset.value, r.cells[6].textContent, r.cells[8].textContent])",
        )
        assert [s[1] for s in shown] == [repr(d["loss"]) for d in decisions]

        def pts(v: float | None) -> str:
            return "–" if v is None else f"{v:+.2f}"

        assert [(s[2], s[3]) for s in shown] == [
            (pts(d["made_value"]), pts(d["expert_value"])) for d in decisions
        ]
        assert not any(s[0] for s in shown)

        def visible() -> list[tuple[int, str]]:
            return [(d, k) for hidden, d, k, _ in page.eval_on_selector_all(
                "tr.dec", "rs => rs.map(r => [r.hidden, Number(r.dataset.deal), r.dataset.kind,"
                " ''])") if not hidden]  # fmt: skip

        page.select_option("#f-deal", "2")
        assert visible() == [(d["deal"], d["kind"]) for d in decisions if d["deal"] == 2]
        page.select_option("#f-kind", "discard")
        assert visible() == [(d["deal"], d["kind"]) for d in decisions
                             if d["deal"] == 2 and d["kind"] == "discard"]  # fmt: skip
        page.select_option("#f-deal", "")
        page.select_option("#f-kind", "")
        page.check("#f-diff")
        assert visible() == [(d["deal"], d["kind"]) for d in decisions if not d["agreed"]]
        page.uncheck("#f-diff")
        assert drawn_at_load < len(decisions)  # the rows far below waited to be scrolled to
        # every decision's hand is drawn once its rows come near the screen, an agreeing one's
        # too: one <use> per tile of its notation, the notation as its text alternative
        for wanted in (True, False):
            d = [d for d in decisions if d["agreed"] == wanted][-1]
            row = page.locator(f"#d{d['deal']}-l{d['line']}")
            row.scroll_into_view_if_needed()
            page.wait_for_function(
                f"document.querySelector('#d{d['deal']}-l{d['line']} td.hand svg')"
            )
            svg = row.locator("td.hand svg")
            assert svg.get_attribute("aria-label") == d["hand"]
            hrefs = svg.locator("use").evaluate_all("us => us.map(u => u.getAttribute('href'))")
            assert hrefs == [f"#mf-{c}" for c in _codes(d["hand"])]
            assert all(page.locator(f"symbol[id='{h[1:]}']").count() == 1 for h in set(hrefs))
        assert loaded.errors == [] and loaded.requests == []


def test_the_pages_row_script_draws_as_the_renderer(chromium: Any, tmp_path: Path) -> None:
    """``row_script`` (the script the review page draws its hands with) gives the bytes of
    ``render_hand(..., defs=False, compact=True)`` labelled with the notation."""
    from mahjong_fast.render.tiles_svg import render_hand, row_script, symbols

    hands = ["", "5p", "123m55p", "19m19p19s1234567z", "2345678s", "11z 1f"[:3]]
    path = tmp_path / "rows.html"
    path.write_text(f"<!DOCTYPE html><html><body><svg>{symbols()}</svg>"
                    f"<script>{row_script('draw')}</script></body></html>", encoding="utf-8")  # fmt: skip
    with open_report(chromium, path) as loaded:
        drawn = [loaded.page.evaluate("n => draw(n)", h) for h in hands]
        assert loaded.errors == [] and loaded.requests == []
    assert drawn == [render_hand(h, label=h, defs=False, compact=True) for h in hands]
