"""The examples in the public docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

MODULES = [
    "mahjong_fast",
    "mahjong_fast.tiles",
    "mahjong_fast.batch",
    "mahjong_fast.rules",
    "mahjong_fast.render.tiles_svg",
    "mahjong_fast.reports.arena",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    if name.startswith("mahjong_fast.reports"):
        pytest.importorskip("matplotlib", reason="the report extra is not installed")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


ROOT = Path(__file__).resolve().parents[2]
#: the pages whose Python examples are run: the README and every page of docs/ that has any
PAGES = ["README.md"] + sorted(
    str(p.relative_to(ROOT))
    for p in (ROOT / "docs").glob("**/*.md")
    if ">>> " in p.read_text(encoding="utf-8")
)


@pytest.mark.parametrize("page", PAGES)
def test_page_examples(page: str) -> None:
    """The Python examples of the README and of docs/ are run as doctests (blocks marked
    ``+SKIP`` are not), wherever they moved."""
    path = ROOT / page
    if not path.exists():
        pytest.skip(f"{page} not beside the tests (installed without the source tree)")
    result = doctest.testfile(
        str(path), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted > 0 and result.failed == 0


def test_the_readme_is_for_users() -> None:
    """A user's first steps, within about 400 lines, with the two set-up commands; reference
    material lives in docs/."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 400
    assert (
        "python3 -m venv .venv && . .venv/bin/activate && pip install . && mahjong-fast play"
        in text
    )
    assert (
        "python3 -m venv .venv && . .venv/bin/activate && pip install '.[dev,parquet,ray,rl]' "
        "&& pytest" in text
    )
    assert "_core" not in text  # the public API only
    for page in ("api", "cli", "records", "speed", "ai", "rl", "hong-kong-rules", "taiwanese-rules"):
        assert f"docs/{page}.md" in text and (ROOT / "docs" / f"{page}.md").exists(), page
