"""The review page's filter menus and counter follow its language buttons (issue 44): a menu's
``<option>`` holds text only, so the page's script relabels them when a button is chosen, with
no reload and from ``file://``; the page opened in English reads as before. Skipped (with the
reason) without chromium, failed instead when ``CI`` is set."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _browser import browser, chromium_path, open_report
from _cli_helpers import run


@pytest.fixture(scope="module")
def chromium() -> Any:
    chromium_path()  # skip or fail with the reason first
    with browser() as b:
        yield b


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "arena.jsonl"
    assert run("arena", "-n", "1", "--seed", "2", "--workers", "1", "--log", str(path)).returncode == 0
    return path


def _menus(page: Any) -> tuple[list[str], list[str], str]:
    deal = page.eval_on_selector_all("#f-deal option", "os => os.map(o => o.textContent)")
    kind = page.eval_on_selector_all("#f-kind option", "os => os.map(o => o.textContent)")
    return deal, kind, page.text_content("#f-count") or ""


def _shown(page: Any) -> int:
    return int(page.eval_on_selector_all("tr.dec", "rs => rs.filter(r => !r.hidden).length"))


@pytest.mark.parametrize("opened", ["en", "zh-HK"])
def test_the_menus_and_counter_switch_with_the_language_buttons(
    chromium: Any, log: Path, tmp_path: Path, opened: str
) -> None:
    out = tmp_path / "review.html"
    proc = run("review", str(log), "--seat", "0", "--html", str(out), "--lang", opened)
    assert proc.returncode == 0, proc.stderr
    with open_report(chromium, out) as loaded:
        page = loaded.page
        total = _shown(page)
        deal, kind, count = _menus(page)
        if opened == "en":  # as before
            assert deal[:3] == ["all", "deal 1", "deal 2"] and kind[0] == "all"
            assert "discard" in kind and count == f"{total} shown"
        else:
            assert deal[:3] == ["全部", "第 1 局", "第 2 局"] and "打牌" in kind
            assert count == f"顯示 {total} 項"
        page.select_option("#f-deal", "2")
        n2 = _shown(page)
        assert 0 < n2 < total
        # Taiwanese Chinese: the game's terms stay the ruleset's (a Hong Kong game: 打牌)
        page.check("#lang-zh-TW")
        deal, kind, count = _menus(page)
        assert deal[:3] == ["全部", "第 1 局", "第 2 局"]
        assert "打牌" in kind and "捨牌" not in kind and "全部" in kind
        assert count == f"顯示 {n2} 項"
        # the filter chosen stays chosen
        assert page.eval_on_selector("#f-deal", "s => s.value") == "2"
        page.check("#lang-en")
        deal, kind, count = _menus(page)
        assert deal[:3] == ["all", "deal 1", "deal 2"] and "discard" in kind
        assert count == f"{n2} shown"
        assert loaded.errors == [] and loaded.requests == []
