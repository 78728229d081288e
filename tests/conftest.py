"""The tests live in topic folders (tests/scoring, tests/game, ...); the helpers they share
(``_game_helpers``, ``_cli_helpers``, ``_golden``, ``_taker_seat``, ``_tw_helpers``) and the data
(``tests/data``) stay here, at the top. This puts ``tests/`` on ``sys.path`` so that ``import
_game_helpers`` works from every folder and from a test file at the top level too.

pytest imports the test files in its default ("prepend") mode: each folder has no
``__init__.py``, so a test file's name must be unique across all folders (pytest stops with
"import file mismatch" otherwise), which also lets process workers unpickle the seats a test
module defines."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

# The tests run in the C locale (issue 44): the command's human-readable output is English
# unless a test asks for a language (--lang, or its own locale variables).
import os  # noqa: E402

os.environ["LANG"] = "C"
for _var in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_var, None)
