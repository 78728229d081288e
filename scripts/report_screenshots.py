"""Take the PNG screenshots of the HTML reports shown in docs/ and the README, with the browser
harness of the tests (``tests/_browser.py``: Playwright driving Debian's ``chromium``).

    python scripts/report_screenshots.py            # writes docs/*-report.png

Each report is made from a small fixed run (the same seeds every time), loaded from
``file://`` at 900 CSS px and captured whole (the review filtered to the first deal's
decisions where the seat differed from the expert).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from _browser import browser, open_report


def _arena(folder: Path) -> Path:
    from mahjong_fast.arena import arena
    from mahjong_fast.reports import arena_report_html

    out = folder / "arena.html"
    rep = arena(["value", "greedy", "greedy", "greedy"], walls=200, seed=1)
    out.write_text(arena_report_html(rep), encoding="utf-8")
    return out


def _records(folder: Path) -> Path | None:
    try:
        from mahjong_fast.reports import records_report_html
    except ImportError:
        return None
    import mahjong_fast as mf

    data = folder / "deals.jsonl"
    mf.simulate(4000, seed=1, out=data)
    out = folder / "records.html"
    out.write_text(records_report_html([data]), encoding="utf-8")
    return out


def _review(folder: Path) -> Path:
    from mahjong_fast.arena import arena
    from mahjong_fast.reports import review_report_html
    from mahjong_fast.review import review_log

    log = folder / "arena.jsonl"
    arena(["value", "greedy", "greedy", "greedy"], walls=1, seed=2, log=log)
    out = folder / "review.html"
    out.write_text(review_report_html(review_log(log, 0)), encoding="utf-8")
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        pages = {
            "arena-report.png": _arena(folder),
            "records-report.png": _records(folder),
            "review-report.png": _review(folder),
        }
        with browser() as b:
            for name, page in pages.items():
                if page is None:
                    continue
                # the review draws a row's hand when it comes near the screen: a tall window
                height = 3200 if name == "review-report.png" else 900
                with open_report(b, page, width=900, height=height) as loaded:
                    assert loaded.errors == [] and loaded.requests == [], (name, loaded.errors)
                    if name == "review-report.png":  # the first deal, where the seat differed
                        loaded.page.select_option("#f-deal", "1")
                        loaded.page.check("#f-diff")
                    loaded.page.screenshot(path=str(ROOT / "docs" / name), full_page=True)
                print(f"docs/{name}")


if __name__ == "__main__":
    main()
