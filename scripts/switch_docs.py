"""Write the docs' switch and preset tables from the rulesets' switch tables.

The tables in ``docs/`` between ``<!-- switch-table: NAME -->`` and ``<!-- /switch-table -->``
(and ``<!-- preset-table -->`` ... ``<!-- /preset-table -->``) are generated from
``Ruleset.switch_table()`` and the presets' data; ``tests/rules/test_switch_table.py`` fails when
they differ. So are the names tables between ``<!-- names-table: NAME -->`` and
``<!-- /names-table -->`` (``mahjong_fast.words.names_markdown``; ``tests/api/test_names.py``).
Run after changing a switch, a preset or a name::

    python scripts/switch_docs.py          # rewrite the tables
    python scripts/switch_docs.py --check  # exit 1 if a table is stale
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from mahjong_fast.rules import preset_table_markdown, switch_table_markdown
from mahjong_fast.words import names_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"
SWITCH = re.compile(r"(<!-- switch-table: ([a-z-]+) -->\n)(.*?)(<!-- /switch-table -->)", re.DOTALL)
PRESET = re.compile(r"(<!-- preset-table -->\n)(.*?)(<!-- /preset-table -->)", re.DOTALL)
NAMES = re.compile(r"(<!-- names-table: ([a-z-]+) -->\n)(.*?)(<!-- /names-table -->)", re.DOTALL)


def rendered(text: str) -> str:
    """``text`` with every marked table generated again."""
    text = SWITCH.sub(lambda m: m.group(1) + switch_table_markdown(m.group(2)) + m.group(4), text)
    text = PRESET.sub(lambda m: m.group(1) + preset_table_markdown() + m.group(3), text)
    return NAMES.sub(lambda m: m.group(1) + names_markdown(m.group(2)) + m.group(4), text)


def main(argv: list[str]) -> int:
    stale = []
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        new = rendered(text)
        if new != text:
            stale.append(path.name)
            if "--check" not in argv:
                path.write_text(new, encoding="utf-8")
    if stale:
        print(("stale: " if "--check" in argv else "rewrote: ") + ", ".join(stale))
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
