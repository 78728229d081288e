"""docs/architecture.md maps every rules section (HK §1–§18 with §14a, TW §1–§19 with §10a) to
the files that implement it; every section has a row, and every file it names exists."""

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
