"""What a user gets from an installed wheel: one version number everywhere (the package, its
metadata, Cargo.toml, the changelog, log headers and record files), the metadata a package index
shows, and ``python -m mahjong_fast`` as the ``mahjong-fast`` command."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import mahjong_fast
import pytest
from mahjong_fast import arena
from mahjong_fast.errors import ReplayError
from mahjong_fast.game import play_match, replay
from mahjong_fast.seats import GreedySeat

ROOT = Path(__file__).resolve().parents[2]


def _cargo_version() -> str:
    text = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    package = text.split("[package]", 1)[1].split("\n[", 1)[0]
    found = re.search(r'^version\s*=\s*"([^"]+)"', package, re.MULTILINE)
    assert found is not None, "Cargo.toml has no package version"
    return found.group(1)


# --------------------------------------------------------------------------- one version


def test_one_version_number() -> None:
    version = mahjong_fast.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), version
    assert version == _cargo_version()  # the one place it is written
    assert version == metadata.version("mahjong_fast")  # what pip and the package index see
    assert version == mahjong_fast._core.__version__


def test_pyproject_takes_the_version_from_cargo() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    assert re.search(r'^dynamic\s*=\s*\[[^\]]*"version"', project, re.MULTILINE)
    assert not re.search(r"^version\s*=", project, re.MULTILINE)


def test_changelog_has_the_current_version_and_unreleased() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\]", text, re.MULTILINE)
    assert headings[0] == "Unreleased"
    assert mahjong_fast.__version__ in headings[1:]
    # every release heading carries its date, newest first
    dated = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", text, re.MULTILINE)
    assert [v for v, _ in dated] == headings[1:]
    assert [d for _, d in dated] == sorted((d for _, d in dated), reverse=True)


# --------------------------------------------------------------------------- package metadata


def test_metadata_a_package_index_shows() -> None:
    meta = metadata.metadata("mahjong_fast")
    summary = meta["Summary"]
    assert "Hong Kong" in summary and "Taiwanese" in summary
    assert meta["License-Expression"] == "MIT"
    assert "LICENSE" in (meta.get_all("License-File") or [])
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert urls["Homepage"] == "https://github.com/mahjong-fast/mahjong_fast"
    assert {"Repository", "Issues", "Changelog", "Documentation"} <= set(urls)
    classifiers = meta.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    assert "Programming Language :: Python :: 3.10" in classifiers
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "mahjong" in (meta["Keywords"] or "").split(",")
    assert meta["Requires-Python"] == ">=3.10"


def test_license_file_is_mit() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "mahjong_fast developers" in text


# --------------------------------------------------------------------------- engine_version


def _headers(lines: list[str]) -> list[dict[str, object]]:
    objs = [json.loads(line) for line in lines if line.strip()]
    return [o for o in objs if o.get("type") == "header"]


def _game_log() -> str:
    out = io.StringIO()
    play_match([GreedySeat() for _ in range(4)], seed=11, deals=2, log=out)
    return out.getvalue()


def test_log_headers_carry_the_engine_version_beside_the_format() -> None:
    heads = _headers(_game_log().splitlines())
    assert len(heads) == 2
    for head in heads:
        keys = list(head)
        assert keys[keys.index("format") + 1] == "engine_version"
        assert head["engine_version"] == mahjong_fast.__version__


def test_a_log_without_engine_version_still_replays() -> None:
    text = _game_log()
    lines = []
    for line in text.splitlines():
        obj = json.loads(line)
        if obj.get("type") == "header":
            del obj["engine_version"]
            line = json.dumps(obj)
        lines.append(line)
    assert "engine_version" not in "\n".join(lines)
    old = replay(lines)
    assert old == replay(text) and len(old) == 2


def test_a_header_with_a_bad_engine_version_is_a_replay_error() -> None:
    lines = _game_log().splitlines()
    head = json.loads(lines[0])
    head["engine_version"] = 7
    with pytest.raises(ReplayError, match="engine_version") as info:
        replay([json.dumps(head), *lines[1:]])
    assert info.value.line == 1


def test_arena_log_headers_carry_the_engine_version(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    arena(["greedy", "random"] * 2, 1, seed=5, workers=1, log=path)
    heads = _headers(path.read_text(encoding="utf-8").splitlines())
    assert len(heads) == 4
    assert all(h["engine_version"] == mahjong_fast.__version__ for h in heads)


def test_record_files_carry_the_engine_version(tmp_path: Path) -> None:
    from mahjong_fast import simulate
    from mahjong_fast.sim.output import read_metadata

    jsonl = tmp_path / "d.jsonl"
    simulate(4, ("greedy",) * 4, seed=3, workers=1, out=jsonl)
    # the run metadata is in the sidecar beside the records (docs/records.md)
    run = read_metadata(jsonl)
    assert run is not None and run["engine_version"] == mahjong_fast.__version__
    pytest.importorskip("pyarrow", reason="pyarrow not installed (extra parquet)")
    parquet = tmp_path / "d.parquet"
    simulate(4, ("greedy",) * 4, seed=3, workers=1, out=parquet)
    meta = read_metadata(parquet)
    assert meta is not None and meta["engine_version"] == mahjong_fast.__version__


# --------------------------------------------------------------------------- python -m


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="120", NO_COLOR="1", TERM="dumb")
    env.pop("MAHJONG_FAST_DEBUG", None)
    return subprocess.run(
        [sys.executable, *args],
        input="",
        check=False,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=300,
    )


def test_python_m_mahjong_fast_is_the_command() -> None:
    proc = _run("-m", "mahjong_fast", "--version")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[:2] == ["mahjong-fast", mahjong_fast.__version__]

    args = ("simulate", "-n", "6", "--seed", "4", "--json")
    via_m = _run("-m", "mahjong_fast", *args)
    via_cli = _run("-m", "mahjong_fast.cli", *args)
    assert via_m.returncode == 0 == via_cli.returncode, via_m.stderr

    def stable(out: str) -> dict[str, object]:
        data = json.loads(out)
        data["summary"].pop("deals_per_second", None)
        return dict(data)

    assert stable(via_m.stdout) == stable(via_cli.stdout)


def test_python_m_mahjong_fast_reports_a_mistake_in_one_line() -> None:
    proc = _run("-m", "mahjong_fast", "simulate", "-n", "zero")
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "mahjong-fast" in lines[0]
    assert "Traceback" not in proc.stdout + proc.stderr


def test_dev_includes_the_report_extra_and_playwright() -> None:
    """The README's test command (`pip install '.[dev,...]'`) installs what the report tests
    need: every package of the `report` extra, and Playwright (the Python package only: the
    browser is Debian's chromium, never one Playwright downloads)."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in Python 3.11 and later")

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert set(extras["report"]) <= set(extras["dev"])
    assert any(req.startswith("playwright") for req in extras["dev"])
    assert "playwright install" not in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
