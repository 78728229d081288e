"""The docs say what the CLI does (issue 36 §3): the README's review sample and the hint
sample of docs/cli.md are produced here and compared; the options and defaults that
docs/cli.md states are those of the CLI itself; every `mahjong-fast` command line of the README
and docs/cli.md parses; every `pip install` of the README installs something that exists."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main
from mahjong_fast.cli import app
from mahjong_fast.seats import SEAT_KINDS

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
CLI_MD = ROOT / "docs" / "cli.md"
#: the CLI's own command tree (typer's click: options, defaults, parsing)
COMMAND: Any = typer.main.get_command(app)


def _docs(path: Path) -> str:
    if not path.exists():
        pytest.skip(f"{path.name} not beside the tests (installed without the source tree)")
    return path.read_text(encoding="utf-8")


def _cli(*args: str, stdin: str | None = None, cwd: Path | None = None) -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "mahjong_fast", *args], input=stdin, capture_output=True,
        text=True, timeout=600, cwd=cwd, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def _block_after(text: str, first_line: str) -> list[str]:
    """The lines of the fenced block whose first line is ``first_line`` (that line excluded)."""
    start = text.index(first_line + "\n") + len(first_line) + 1
    end = text.index("```", start)
    return text[start:end].rstrip("\n").splitlines()


def _block_following(text: str, marker: str) -> list[str]:
    """The lines of the first ``text`` block after ``marker`` (words compared whatever the
    line breaks of the page)."""
    flat = " ".join(text.split(" "))
    at = flat.index(marker) if marker in flat else " ".join(text.split()).index(marker)
    start = text.index("```text\n", at) + len("```text\n")
    return text[start : text.index("```", start)].rstrip("\n").splitlines()


def _lines(out: str) -> list[str]:
    return [line.rstrip() for line in out.rstrip("\n").splitlines()]


# --------------------------------------------------------------------------- samples


def _seed_2_log(tmp_path: Path) -> Path:
    """The README's game: seed 2, `last` at every turn, every claim passed (an empty line)."""
    log = tmp_path / "game.jsonl"
    _cli("play", "--seed", "2", "--no-confirm", "--log", str(log), stdin="last\n\n" * 200)
    return log


def test_the_readme_review_sample_is_what_review_prints(tmp_path: Path) -> None:
    text = _docs(README)
    assert "mahjong-fast play --seed 2 --no-confirm --log game.jsonl" in text
    log = _seed_2_log(tmp_path)
    expected = _block_after(text, "$ mahjong-fast review game.jsonl --top 3")
    assert _lines(_cli("review", str(log), "--top", "3", cwd=tmp_path)) == expected


def test_review_counts_deals_from_1_in_text_and_json(tmp_path: Path) -> None:
    log = _seed_2_log(tmp_path)
    data = json.loads(_cli("review", str(log), "--json"))
    assert [d["deal"] for d in data["deals"]] == [1]
    assert {dec["deal"] for d in data["deals"] for dec in d["decisions"]} == {1}
    text = _cli("review", str(log), "--top", "20")
    rows = [ln.split() for ln in text.splitlines() if re.match(r"\s+1\s+\d+\s+\d+\s+\w", ln)]
    assert rows and all(r[0] == "1" for r in rows)
    # the hand of each listed decision, and one line saying what the numbers are
    hands = {dec["line"]: dec["hand"] for d in data["deals"] for dec in d["decisions"]}
    for ln in text.splitlines():
        m = re.fullmatch(r"\s+1\s+(\d+)\s+(\S+)\s*", ln)
        if m:
            assert hands[int(m.group(1))] == m.group(2)
    assert "pts: expert's expected points for the rest of the deal; loss: expert - played" in text


def test_the_hint_sample_of_cli_md_is_what_hint_prints() -> None:
    text = _docs(CLI_MD)
    out = _cli("play", "--seed", "2", "--ascii", stdin="hint\nquit\ny\n")
    start = out.index("  hint: ")
    shown = _lines(out[start:])
    end = next(i for i, ln in enumerate(shown) if ln.startswith("points:"))
    marker = "(checked by `tests/docs/test_doc_samples.py`):"
    assert marker in text
    assert shown[: end + 1] == _block_following(text, marker)


# --------------------------------------------------------------------------- options


def _sections(text: str) -> dict[str, str]:
    """docs/cli.md's ``##`` sections by the command their heading names."""
    out: dict[str, str] = {}
    parts = re.split(r"^## ", text, flags=re.MULTILINE)
    for part in parts[1:]:
        head = part.splitlines()[0]
        m = re.search(r"`mahjong-fast (\w+)`", head)
        if m:
            out[m.group(1)] = part
    return out


def _options(name: str) -> list[Any]:
    cmd = COMMAND.commands[name]
    return [p for p in cmd.params if p.param_type_name == "option"]


@pytest.mark.parametrize("name", ["play", "simulate", "arena", "review", "replay", "report"])
def test_every_option_of_a_command_is_in_its_section(name: str) -> None:
    section = _sections(_docs(CLI_MD))[name]
    for opt in _options(name):
        longs = [o for o in opt.opts if o.startswith("--")]
        assert any(f"`{o}" in section or f"/{o}" in section for o in longs), (name, longs)


@pytest.mark.parametrize("name", ["play", "simulate", "arena", "review"])
def test_every_default_stated_is_the_clis(name: str) -> None:
    """``(default `X`)`` after an option in docs/cli.md is that option's default in the CLI;
    the seat kinds listed beside ``--opponents`` / ``--seats`` are the CLI's own."""
    section = _sections(_docs(CLI_MD))[name]
    by_name = {o: opt for opt in _options(name) for o in opt.opts}
    flat = " ".join(section.split())
    stated = re.findall(r"`(-[-\w/]+)[^`]*` \((?:[^()]*?[;,] )?default `([^`]+)`", flat)
    assert stated, name
    for opts, default in stated:
        opt = by_name[opts.split("/")[-1]]
        assert str(opt.default) == default, (opts, default, opt.default)
    for word in ("--opponents", "--seats"):
        for m in re.finditer(rf"`{word}[^`]*`( \([^)]*\))?", flat):
            listed = set(re.findall(r"\b(expert|greedy|random|strong|value)\b", m.group(0)))
            if len(listed) > 2:  # a list of the kinds, not an example line-up
                assert listed == set(SEAT_KINDS), (word, listed)


def test_the_commands_said_to_accept_json_are_those_that_do() -> None:
    flat = " ".join(_docs(CLI_MD).split())
    m = re.search(r"((?:`\w+`,? )+and `\w+`) accept `--json`", flat)
    assert m is not None
    said = set(re.findall(r"`(\w+)`", m.group(1)))
    have = {n for n in COMMAND.commands if any("--json" in p.opts for p in _options(n))}
    assert said == have


def _command_lines(text: str) -> list[str]:
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.DOTALL):
        joined = block.replace("\\\n", " ")
        for line in joined.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("mahjong-fast ") and "..." not in line and "[" not in line:
                out.append(line)
    return out


@pytest.mark.parametrize("page", [README, CLI_MD])
def test_every_command_line_of_the_docs_parses(page: Path) -> None:
    lines = _command_lines(_docs(page))
    assert len(lines) > 5
    for line in lines:
        args = shlex.split(line)[1:]
        if args[0].startswith("-"):
            continue  # --version
        sub = COMMAND.commands[args[0]]
        try:
            sub.make_context(args[0], args[1:])
        except Exception as exc:  # noqa: BLE001 - typer's click errors: an unknown option, a bad value
            raise AssertionError(f"{page.name}: {line}: {exc}") from None


def test_every_pip_install_of_the_readme_names_something_that_exists() -> None:
    """Nothing is on PyPI: the README installs the source tree or a wheel file, with extras
    the project declares."""
    text = _docs(README)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    table = pyproject.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
    extras = set(re.findall(r"^(\w+) = \[", table, flags=re.MULTILINE))
    assert {"parquet", "ray", "rl", "dev"} <= extras
    found = re.findall(r"pip install ([^\n`&#]+)", text)
    assert found
    for spec in found:
        for target in shlex.split(spec.replace('"$(ls ./mahjong_fast-*.whl)', '"./x.whl')):
            m = re.fullmatch(r"(.*?)(?:\[([\w,]+)\])?", target)
            assert m is not None
            what, wanted = m.group(1), m.group(2)
            assert what in (".", "maturin", "ziglang") or what.endswith(".whl"), spec
            if wanted:
                assert set(wanted.split(",")) <= extras, spec
