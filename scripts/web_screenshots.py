"""Take the PNG screenshots of the web app shown in docs/ and the README (``mahjong-fast
serve``), with the browser harness of the tests (``tests/_browser.py``: Playwright driving
Debian's ``chromium``) against a live server of the app (``tests/_web_server.py``).

    python scripts/web_screenshots.py     # writes docs/web-table.png, web-result.png, web-review.png

The same seeded Hong Kong deal every time, played in Hong Kong Chinese: the table at the first
claim offered, with the hint open; the result; the replay of the deal with the review on, at its
biggest loss.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from _browser import browser
from _web_server import live_server

SETTLED = """() => document.querySelector('#hand [data-tile]')
    || document.querySelector('#actions [data-action]')
    || !document.querySelector('#result').hidden"""


def main() -> None:
    docs = ROOT / "docs"
    with tempfile.TemporaryDirectory() as tmp, live_server(Path(tmp)) as base, browser() as b:
        page = b.new_context(viewport={"width": 1000, "height": 900}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/play?rules=hong-kong&seed=5&pace=0&lang=zh-HK")
        shot_table = False
        for _ in range(300):
            page.wait_for_function(SETTLED, timeout=60_000)
            if page.locator("#result").is_visible():
                break
            claim = page.locator('#actions [data-action="chow"], #actions [data-action="pung"]')
            if claim.count() and not shot_table:
                page.click("#hint-button")
                page.wait_for_selector("#hint-panel tr")
                page.screenshot(path=str(docs / "web-table.png"), full_page=True)
                shot_table = True
            win = page.locator('#actions [data-action="win"]')
            if win.count():
                win.first.click()
            elif claim.count():
                claim.first.click()
            elif page.locator("#hand [data-tile]").count():
                page.locator("#hand [data-tile]").last.click()
            else:
                page.locator('#actions [data-action="pass"]').first.click()
        page.locator("#result").scroll_into_view_if_needed()
        page.locator("#result").screenshot(path=str(docs / "web-result.png"))
        page.goto(f"{base}/replay")
        page.locator("#logs a").first.click()
        page.wait_for_selector("#viewer:not([hidden])")
        page.check("#review-on")
        page.wait_for_selector("#losses button")
        page.locator("#losses button").first.click()
        page.wait_for_selector("#decision:not([hidden])")
        page.screenshot(path=str(docs / "web-review.png"), full_page=True)
        assert errors == [], errors
    for name in ("web-table.png", "web-result.png", "web-review.png"):
        print(f"docs/{name}")


if __name__ == "__main__":
    main()
