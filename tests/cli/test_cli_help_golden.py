"""``--help`` of ``mahjong-fast`` and of every command in the C locale, byte for byte as it was
before the help followed ``--lang`` (issue 44): the English help is the golden files'.

``MAHJONG_FAST_WRITE_GOLDEN=1`` rewrites the files (after a deliberate change of the English
help: a new option, a new switch in ``--rule``'s list); review the diff before committing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from _cli_helpers import run

GOLDEN = Path(__file__).parent / "golden" / "help"

#: the commands whose help is pinned ("" is the program's own ``--help``)
COMMANDS = ("", "arena", "score", "waits", "shanten", "decompose", "play", "replay", "report", "serve",
            "review", "simulate")  # fmt: skip


def _golden(command: str) -> Path:
    return GOLDEN / f"{command or 'mahjong-fast'}.txt"


@pytest.mark.parametrize("command", COMMANDS)
def test_the_english_help_is_as_before(command: str) -> None:
    args = (command, "--help") if command else ("--help",)
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    if os.environ.get("MAHJONG_FAST_WRITE_GOLDEN") == "1":
        _golden(command).write_text(proc.stdout, encoding="utf-8")
    assert proc.stdout == _golden(command).read_text(encoding="utf-8")
    # --lang en (which the program itself does not take) and an English locale say the same
    if command:
        assert run(*args, "--lang", "en", lang_env={"LANG": "zh_TW.UTF-8"}).stdout == proc.stdout
    assert run(*args, lang_env={"LANG": "en_US.UTF-8"}).stdout == proc.stdout
