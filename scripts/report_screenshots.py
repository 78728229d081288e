"""Take the PNG screenshots of the HTML reports shown in docs/ and the README, with the browser
harness of the tests (``tests/_browser.py``: Playwright driving Debian's ``chromium``).

    python scripts/report_screenshots.py            # writes docs/*-report.png
    python scripts/report_screenshots.py --chinese  # writes docs/*-zh-HK.png, docs/*-zh-TW.png
    python scripts/report_screenshots.py --chinese replay-zh-TW.png help-zh-HK.png  # only these

Each report is made from a small fixed run (the same seeds every time), loaded from
``file://`` at 900 CSS px and captured whole (the review filtered to the first deal's
decisions where the seat differed from the expert).

``--chinese`` takes one Chinese screen of each kind instead: the three reports opened in a
Chinese (Hong Kong Chinese for the Hong Kong arena and review, Taiwanese for Taiwanese records)
and the terminal screens (``score``, the end of a ``play`` deal, ``replay`` of a Taiwanese
game, ``review`` of a Hong Kong one, and ``--help``) drawn as the terminal shows them, all
with the system's CJK fonts (Debian's ``fonts-noto-cjk``). Names of screens after the options
take only those.
"""

from __future__ import annotations

import html
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from _browser import browser, open_report


def _arena(folder: Path, lang: str = "en") -> Path:
    from mahjong_fast.arena import arena
    from mahjong_fast.reports import arena_report_html

    out = folder / "arena.html"
    rep = arena(["value", "greedy", "greedy", "greedy"], walls=200, seed=1)
    out.write_text(arena_report_html(rep, lang=lang), encoding="utf-8")
    return out


def _records(folder: Path, lang: str = "en") -> Path | None:
    try:
        from mahjong_fast.reports import records_report_html
    except ImportError:
        return None
    import mahjong_fast as mf

    data = folder / "deals.jsonl"
    if lang == "zh-TW":  # Taiwanese records for the Taiwanese screen: whole matches
        mf.simulate(matches=100, seed=1, out=data, rules="taiwanese-high")
    else:
        mf.simulate(4000, seed=1, out=data)
    out = folder / "records.html"
    out.write_text(records_report_html([data], lang=lang), encoding="utf-8")
    return out


def _review(folder: Path, lang: str = "en") -> Path:
    from mahjong_fast.arena import arena
    from mahjong_fast.reports import review_report_html
    from mahjong_fast.review import review_log

    log = folder / "arena.jsonl"
    arena(["value", "greedy", "greedy", "greedy"], walls=1, seed=2, log=log)
    out = folder / "review.html"
    out.write_text(review_report_html(review_log(log, 0), lang=lang), encoding="utf-8")
    return out


def _game_log(folder: Path, name: str, args: list[str]) -> str:
    """The log of a game of ``play ARGS`` (seed 3; the player discards the drawn tile and
    passes every claim), for the ``replay`` and ``review`` screens: its name in ``folder``,
    where the terminal screens run."""
    log = f"{name}.jsonl"
    subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", "play", "--seed", "3", "--no-confirm",
         "--ascii", "--log", log, "--overwrite", *args], cwd=folder,
        input="14\n\n" * 300, capture_output=True, text=True, encoding="utf-8", check=True,
        env=dict(os.environ, LANG="C"),
    )  # fmt: skip
    return log


def _terminal(
    folder: Path,
    name: str,
    args: list[str],
    stdin: str = "",
    tail: int = 0,
    head: int = 0,
    env: dict[str, str] | None = None,
) -> Path:
    """The output of ``mahjong-fast ARGS`` (the last ``tail`` lines, or the first ``head``, if
    given) as a terminal page: monospace text on a dark background, CJK in the system's
    monospace CJK font; ``env``, the locale's variables (``LANG=zh_HK.UTF-8``)."""
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1", TERM="dumb", PYTHONIOENCODING="utf-8",
               **(env or {}))  # fmt: skip
    proc = subprocess.run([sys.executable, "-m", "mahjong_fast.cli", *args], input=stdin,
                          capture_output=True, text=True, encoding="utf-8", env=env, check=False,
                          cwd=folder)  # fmt: skip
    lines = proc.stdout.rstrip("\n").split("\n")
    text = "\n".join(lines[-tail:] if tail else lines[:head] if head else lines)
    # the CJK monospace font draws a box-drawing character a full em wide where a terminal
    # gives it one column (half an em): each one in a box of one column
    shown = "".join(
        f'<span class="b">{c}</span>' if "\u2500" <= c <= "\u257f" else html.escape(c)
        for c in f"$ mahjong-fast {' '.join(args)}\n{text}"
    )
    out = folder / f"{name}.html"
    out.write_text(
        '<!DOCTYPE html><html lang="zh-Hant"><head><meta charset="utf-8"><style>'
        "body{margin:0;background:#1d2733;color:#e8e6e1}"
        "pre{margin:0;padding:16px;font:15px/1.35 'Noto Sans Mono CJK TC',monospace}"
        ".b{display:inline-block;width:.5em;overflow:hidden;vertical-align:bottom}"
        f"</style></head><body><pre>{shown}</pre></body></html>",
        encoding="utf-8",
    )
    return out


def chinese(folder: Path) -> dict[str, Callable[[], Path | None]]:
    """One Chinese screen of each kind, each made when called: the three reports and the
    terminal screens."""
    return {
        "arena-report-zh-HK.png": lambda: _arena(folder / "a", "zh-HK"),
        "records-report-zh-TW.png": lambda: _records(folder / "r", "zh-TW"),
        "review-report-zh-HK.png": lambda: _review(folder / "v", "zh-HK"),
        "score-zh-TW.png": lambda: _terminal(folder, "score", [
            "score", "123m456m789p123456s1z", "--win", "1z", "--self-drawn",
            "--rules", "taiwanese-high", "--lang", "zh-TW"]),
        "play-zh-HK.png": lambda: _terminal(folder, "play", [
            "play", "--seed", "3", "--no-confirm", "--ascii", "--lang", "zh-HK"],
            stdin="14\n\n" * 300, tail=24),
        "replay-zh-TW.png": lambda: _terminal(folder, "replay", [
            "replay", _game_log(folder, "game", ["--rules", "taiwanese-high", "--rule",
                                                  "match_length=one_deal"]),
            "--ascii", "--lang", "zh-TW"], tail=28),
        "review-zh-HK.png": lambda: _terminal(folder, "review", [
            "review", _game_log(folder, "game", []), "--top", "5", "--lang", "zh-HK"],
            head=40),
        "help-zh-HK.png": lambda: _terminal(folder, "help", ["score", "--help", "--lang", "zh-HK"],
                                            head=30),
    }  # fmt: skip


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if "--chinese" in sys.argv[1:]:
            for sub in ("a", "r", "v"):
                (folder / sub).mkdir()
            only = [a for a in sys.argv[1:] if a.endswith(".png")]
            pages = {k: make() for k, make in chinese(folder).items() if not only or k in only}
        else:
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
                height = 3200 if name.startswith("review-report") else 900
                if not name.endswith("report.png") and "-report-" not in name:
                    height = 200  # a terminal screen: as tall as its text
                with open_report(b, page, width=900, height=height) as loaded:
                    assert loaded.errors == [] and loaded.requests == [], (name, loaded.errors)
                    if name.startswith("review-report"):  # the first deal, where it differed
                        loaded.page.select_option("#f-deal", "1")
                        loaded.page.check("#f-diff")
                    loaded.page.screenshot(path=str(ROOT / "docs" / name), full_page=True)
                print(f"docs/{name}")


if __name__ == "__main__":
    main()
