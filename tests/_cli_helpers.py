"""Running the ``mahjong-fast`` command as a user runs it (a subprocess fed through
stdin/argv), for the CLI tests of every topic."""

from __future__ import annotations

import os
import subprocess
import sys

TIMEOUT = 300


def run(
    *args: str, input: str | None = None, lang_env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``mahjong-fast ARGS`` (as ``python -m mahjong_fast.cli``) and capture its output,
    with ``LANG=C`` (``lang_env``: other locale variables)."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="120", NO_COLOR="1", TERM="dumb")
    env.pop("MAHJONG_FAST_DEBUG", None)
    # the tests run in the C locale: English unless a test passes --lang or its own locale
    env.update({"LANG": "C"}, **(lang_env or {}))
    for var in ("LC_ALL", "LC_MESSAGES"):
        if var not in (lang_env or {}):
            env.pop(var, None)
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", *args],
        input=input if input is not None else "",
        check=False,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=TIMEOUT,
    )


def assert_one_line_error(proc: subprocess.CompletedProcess[str]) -> None:
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in proc.stderr + proc.stdout
