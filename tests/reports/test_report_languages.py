"""The reports in three languages (issue 44): a page opens in the language of ``--lang``, its
language buttons switch every translated text at once without a reload (CSS alone), Chinese is
drawn with the system's fonts (nothing is fetched), and the numbers do not change. In Debian's
chromium through Playwright (tests/_browser.py); skipped without it, failed under ``CI``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from _browser import browser, chromium_path, open_report
from _cli_helpers import run

from mahjong_fast.arena import arena
from mahjong_fast.reports import arena_report_html
from mahjong_fast.rules import Ruleset

LINEUP = ["value", "greedy", "greedy", "greedy"]


def test_a_report_holds_every_language_and_opens_in_the_chosen_one() -> None:
    rep = arena(LINEUP, walls=2, seed=1)
    en, hk = arena_report_html(rep), arena_report_html(rep, lang="zh-HK")
    assert '<html lang="en" data-lang="en">' in en
    assert '<html lang="zh-HK" data-lang="zh-HK">' in hk
    assert re.search(r'id="lang-zh-HK" value="zh-HK" checked', hk)
    # the same texts and numbers, only the language opened differs
    strip = re.compile(r'lang="[^"]+" data-lang="[^"]+"|id="lang-[^"]+" value="[^"]+"( checked)?')
    assert strip.sub("", en) == strip.sub("", hk)
    for text in ("分數", "出銃", "食糊", "Points"):
        assert text in en
    assert "<script" not in en  # switched by CSS alone


@pytest.fixture(scope="module")
def chromium() -> Any:
    chromium_path()
    with browser() as b:
        yield b


def _shown(page: Any, selector: str) -> list[str]:
    return list(page.eval_on_selector_all(selector, "es => es.map(e => e.innerText.trim())"))


def test_the_language_buttons_switch_without_a_reload(chromium: Any, tmp_path: Path) -> None:
    out = tmp_path / "arena.html"
    proc = run("arena", "-n", "2", "--seed", "7", "--workers", "1", "--report", str(out),
               "--lang", "zh-HK")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    with open_report(chromium, out) as loaded:
        page = loaded.page
        assert _shown(page, "h2")[:3] == ["分數", "比率", "分佈"]
        heads = _shown(page, "table[data-table=rates] th")
        assert heads[:3] == ["座位", "食糊", "出銃"]  # the Hong Kong ruleset's terms
        numbers = _shown(page, "td[data-key]")
        page.evaluate("window.__loaded_once = 1")
        page.check("#lang-en")
        assert _shown(page, "h2")[:3] == ["Points", "Rates", "Distributions"]
        assert _shown(page, "table[data-table=rates] th")[:3] == ["seat", "win", "deal-in"]
        page.check("#lang-zh-TW")
        assert _shown(page, "h2")[:3] == ["分數", "比率", "分布"]
        # still the Hong Kong game's terms in Taiwan's Chinese interface
        assert _shown(page, "table[data-table=rates] th")[1:3] == ["食糊", "出銃"]
        assert page.evaluate("window.__loaded_once") == 1  # the same page: no reload
        assert _shown(page, "td[data-key]") == numbers
        assert loaded.errors == [] and loaded.requests == []


def test_taiwanese_records_name_their_elements_in_taiwanese(chromium: Any, tmp_path: Path) -> None:
    recs, out = tmp_path / "deals.jsonl", tmp_path / "records.html"
    proc = run("simulate", "--matches", "3", "--seed", "1", "--workers", "1", "--rules",
               "taiwanese-high", "--out", str(recs), "--report", str(out), "--lang", "zh-HK")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    names = Ruleset.from_name("taiwanese-high").element_names()
    with open_report(chromium, out) as loaded:
        page = loaded.page
        rows = page.eval_on_selector_all(
            "table[data-table=elements] tbody tr",
            "rs => rs.map(r => [r.cells[0].innerText, r.cells[1].innerText])",
        )
        assert rows
        # a Taiwanese game's names in Taiwan's Chinese, whichever Chinese the reader chose
        assert all(name == names[code]["zh-TW"] for code, name in rows)
        page.check("#lang-en")
        rows_en = page.eval_on_selector_all(
            "table[data-table=elements] tbody tr",
            "rs => rs.map(r => [r.cells[0].innerText, r.cells[1].innerText])",
        )
        assert all(name == names[code]["en"] for code, name in rows_en)
        assert loaded.errors == [] and loaded.requests == []


def test_the_plots_words_switch_with_the_page(chromium: Any, tmp_path: Path) -> None:
    """The plots' titles, axis and tick labels and captions are in every language; the page's
    buttons show one; a Taiwanese game's plots say its terms (胡, 放槍) in either Chinese."""
    out = tmp_path / "arena.html"
    proc = run("arena", "-n", "2", "--seed", "7", "--workers", "1", "--report", str(out),
               "--rules", "taiwanese-high", "--lang", "zh-HK")  # fmt: skip
    assert proc.returncode == 0, proc.stderr

    def drawn(page: Any) -> str:
        # the text of every drawn <text> as shown: hidden tspans are not rendered
        return " ".join(page.eval_on_selector_all(
            "figure[data-plot] svg text",
            "ts => ts.map(t => Array.from(t.childNodes).filter(n => n.nodeType === 3 || "
            "getComputedStyle(n).display !== 'none').map(n => n.textContent).join(''))",
        ))  # fmt: skip

    with open_report(chromium, out) as loaded:
        page = loaded.page
        zh = drawn(page)
        assert "胡" in zh and "放槍" in zh and "累計分數" in zh
        assert "Cumulative points" not in zh and "outcome" not in zh
        captions = _shown(page, "figcaption")
        assert captions[0].startswith("各座位每局平均分數") and "Mean points" not in captions[0]
        page.check("#lang-en")
        en = drawn(page)
        assert "Cumulative points over the walls" in en and "deal-in" in en and "放槍" not in en
        assert _shown(page, "figcaption")[0].startswith("Mean points per deal")
        page.check("#lang-zh-TW")
        assert "放槍" in drawn(page)
        assert loaded.errors == [] and loaded.requests == []
