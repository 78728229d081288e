"""Shared helpers of the browser tests (tests/reports): Playwright for Python driving Debian's
``chromium`` from the PATH (never a downloaded browser).

Without a ``chromium`` on the PATH (or without the playwright package) the tests skip with the
reason; with the environment variable ``CI`` set they fail instead, so CI never passes by
skipping them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest


def chromium_path() -> str:
    """The chromium executable, or skip (fail under ``CI``) saying why."""
    why = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        why = "the playwright package is not installed (pip install -e '.[dev]')"
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if why is None and exe is None:
        why = "no chromium on the PATH (Debian: apt-get install -y chromium)"
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {why}")
        pytest.skip(why)
    assert exe is not None
    return exe


@contextmanager
def browser() -> Iterator[Any]:
    """A headless chromium (Playwright ``Browser``), closed at the end."""
    from playwright.sync_api import sync_playwright

    exe = chromium_path()
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


class Loaded:
    """A page loaded from ``file://`` with what it logged and fetched."""

    def __init__(self, page: Any, errors: list[str], requests: list[str]) -> None:
        self.page = page
        self.errors = errors
        self.requests = requests


@contextmanager
def open_report(
    b: Any, path: Path, *, width: int = 1000, height: int = 900
) -> Iterator[Loaded]:
    """Load ``path`` in a fresh page of ``width`` x ``height`` CSS px, recording console
    errors, page errors and every request that is not the file itself."""
    ctx = b.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    errors: list[str] = []
    requests: list[str] = []
    url = path.resolve().as_uri()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url) if r.url != url else None)
    page.goto(url)
    page.wait_for_load_state("load")
    try:
        yield Loaded(page, errors, requests)
    finally:
        ctx.close()
