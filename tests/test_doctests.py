"""The examples in the public docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["mahjong_fast", "mahjong_fast.tiles", "mahjong_fast.batch", "mahjong_fast.rules"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_readme_examples() -> None:
    """The README's Python tour is run as a doctest (blocks marked ``+SKIP`` are not)."""
    from pathlib import Path

    readme = Path(__file__).resolve().parent.parent / "README.md"
    if not readme.exists():
        pytest.skip("README.md not beside the tests (installed without the source tree)")
    result = doctest.testfile(
        str(readme), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted > 5 and result.failed == 0
