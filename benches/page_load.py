"""Size and load time of HTML pages (the reports) in Debian's chromium, through Playwright.

    python benches/page_load.py old.html new.html --runs 3

Each page is loaded ``--runs`` times from ``file://`` in a fresh browser context (a viewport
of 1000 x 900 CSS px); a load is timed from the navigation's start to the end of its ``load``
event (the page's own Navigation Timing), which includes parsing, the inline script and the
first layout. Prints each page's size and the median and spread of its loads. Give the pages
in one run to compare them on the same machine at the same time (a shared machine varies).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pages", nargs="+", type=Path)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        print("no chromium on the PATH (Debian: apt-get install -y chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        try:
            times: dict[Path, list[float]] = {p: [] for p in args.pages}
            for _ in range(args.runs):  # interleaved, so a busy moment hits every page
                for path in args.pages:
                    ctx = browser.new_context(viewport={"width": 1000, "height": 900})
                    page = ctx.new_page()
                    page.goto(path.resolve().as_uri(), wait_until="load", timeout=120_000)
                    ms = page.evaluate(
                        "(() => { const n = performance.getEntriesByType('navigation')[0];"
                        " return n.loadEventEnd - n.startTime; })()"
                    )
                    times[path].append(float(ms) / 1000)
                    ctx.close()
        finally:
            browser.close()
    for path, ts in times.items():
        size = path.stat().st_size
        print(
            f"{path}: {size / 1e6:.1f} MB, load {statistics.median(ts):.2f} s median "
            f"of {len(ts)} (min {min(ts):.2f}, max {max(ts):.2f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
