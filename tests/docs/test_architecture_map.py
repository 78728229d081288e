"""docs/architecture.md maps every rules section (HK §1–§18 with §14a, TW §1–§19 with §10a) to
the files that implement it; every section has a row, every file it names exists, and every file
it names cites that row's section (the text ``HK §14``, ``TW §7``, ... in a comment or a
docstring), so that a reader who opens the file from the map finds the rule there. The data
files under ``tests/data/`` (JSON: no comments) are read by the tests named beside them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"

SECTIONS = {
    "HK": [str(n) for n in range(1, 19)] + ["14a"],
    "TW": [str(n) for n in range(1, 20)] + ["10a"],
}


def _rows() -> dict[tuple[str, str], list[str]]:
    text = DOC.read_text(encoding="utf-8")
    part = text.split("## Where each rules section is implemented", 1)[1]
    rows: dict[tuple[str, str], list[str]] = {}
    for line in part.splitlines():
        m = re.match(r"\| (HK|TW) §(\d+a?) [^|]*\| (.*) \|$", line)
        if m:
            key = (m.group(1), m.group(2))
            assert key not in rows, f"{key} has two rows"
            rows[key] = re.findall(r"`([^`]+)`", m.group(3))
    return rows


def test_every_section_has_a_row_with_files() -> None:
    rows = _rows()
    want = {(book, n) for book, ns in SECTIONS.items() for n in ns}
    assert set(rows) == want, sorted(want ^ set(rows))
    assert all(rows.values()), [k for k, v in rows.items() if not v]


def test_every_file_named_exists() -> None:
    missing = [f for files in _rows().values() for f in files if not (ROOT / f).is_file()]
    assert missing == []


def _cites(text: str, book: str, section: str) -> bool:
    """``text`` names ``book §section`` itself: ``HK §4`` or ``HK §4.3``, not ``HK §14`` or
    ``HK §4a``."""
    return re.search(rf"\b{book} §{re.escape(section)}(?![0-9a-z])", text) is not None


def test_every_file_named_cites_its_rows_section() -> None:
    uncited = [
        f"{book} §{n}: {f}"
        for (book, n), files in _rows().items()
        for f in files
        if not f.startswith("tests/data/")
        and (ROOT / f).is_file()
        and not _cites((ROOT / f).read_text(encoding="utf-8"), book, n)
    ]
    assert uncited == []


def test_the_citation_rule_reads_sections_exactly() -> None:
    assert _cites("the wall (HK §4.3)", "HK", "4")
    assert _cites("HK §14 visibility", "HK", "14")
    assert not _cites("HK §14 visibility", "HK", "1")
    assert not _cites("HK §14a conventions", "HK", "14")
    assert _cites("HK §14a conventions", "HK", "14a")
    assert not _cites("TW §7", "HK", "7")
    assert not _cites("rules §7", "TW", "7")


def test_the_map_names_the_files_that_trigger_a_rule() -> None:
    rows = _rows()
    # the deal engine asks the ruleset for a bonus-tile win after each exposure
    assert "rust/src/game/deal/transitions.rs" in rows[("TW", "7")]
    # the views count only the live tiles (the dead wall is never drawn)
    assert {"rust/src/game/deal/views.rs", "rust/src/game/view.rs"} <= set(rows[("TW", "4")])
    # the events a seat may see
    assert "python/mahjong_fast/game/events.py" in rows[("HK", "14")]
