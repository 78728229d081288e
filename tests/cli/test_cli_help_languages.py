"""``--help`` in the reader's language (issue 44): every command's summary and every option's
help from the catalogue under ``--lang zh-HK|zh-TW`` (or the locale), the game's terms in the
reader's Chinese, lines that fit the terminal; the English stays typer's (the golden files of
``test_cli_help_golden.py``), and the catalogue's English of each help is the help itself."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import typer
from _cli_helpers import run
from mahjong_fast.cli import app
from mahjong_fast.cli._help import PROGRAM, display_width, help_fields, help_keys, localize
from mahjong_fast.words import CATALOGUE, LANGUAGES, Words

HAN = re.compile(r"[\u3400-\u9fff]")


def _tree() -> list[tuple[str, Any]]:
    group = typer.main.get_command(app)
    return [(PROGRAM, group), *getattr(group, "commands", {}).items()]


def _flat(text: str) -> str:
    return "".join(text.split())


def _key(keys: tuple[str, ...]) -> str | None:
    return next((k for k in keys if k in CATALOGUE), None)


@pytest.fixture(autouse=True)
def _typer_in_english() -> Iterator[None]:
    """Leave typer's own words English for the tests after these."""
    yield
    localize(typer.main.get_command(app), "en")


def test_every_command_and_option_has_its_help_in_the_catalogue() -> None:
    """A command's summary is the first paragraph of its help, an option's help the whole of
    it: the catalogue's English must be that text (so a changed help is seen here), and every
    one has a key (a command added later adds its keys to ``words.py``)."""
    fields = help_fields("en")
    missing = []
    for name, command in _tree():
        key = _key(help_keys(name))
        if key is None:
            missing.append(help_keys(name)[0])
        else:
            first = command.help.split("\n\n")[0]
            assert " ".join(first.split()) == Words("en")(key, **fields), key
        for param in command.params:
            if not getattr(param, "help", None):
                continue
            key = _key(help_keys(name, param))
            if key is None:
                missing.append(help_keys(name, param)[0])
                continue
            assert " ".join(param.help.split()) == Words("en")(key, **fields), key
    assert not missing, f"help keys missing from mahjong_fast.words: {missing}"


COMMANDS = [name for name, _ in _tree() if name != PROGRAM]


@pytest.mark.parametrize("lang", ["zh-HK", "zh-TW"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_commands_help_in_each_chinese(command: str, lang: str) -> None:
    proc = run(command, "--help", "--lang", lang)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    tree = dict(_tree())
    w, fields = Words(lang), help_fields(lang)
    assert _flat(w(f"help:{command}", **fields)) in _flat(out)
    for param in tree[command].params:
        if getattr(param, "help", None):
            said = w(_key(help_keys(command, param)) or "", **fields)
            assert _flat(said) in _flat(out), (param.name, said)
            assert " ".join(param.help.split())[:30] not in " ".join(out.split()), param.name
    assert out.startswith(w("help:_Usage: ")) and "顯示此說明後結束" in out
    assert "Usage" not in out and "Options:" not in out and "Show this message" not in out
    # typer counts a Chinese character as one column: the lines are wrapped by the columns
    # they take (the tests' terminal is 120 wide)
    assert max(display_width(line) for line in out.splitlines()) <= 120


@pytest.mark.parametrize(("locale", "lang"), [("zh_HK.UTF-8", "zh-HK"), ("zh_TW.UTF-8", "zh-TW")])
def test_the_locale_chooses_the_programs_help(locale: str, lang: str) -> None:
    """``mahjong-fast --help`` (the program itself takes no ``--lang``) follows the locale:
    its summary and every command's."""
    out = run("--help", lang_env={"LANG": locale}).stdout
    w, fields = Words(lang), help_fields(lang)
    for name, _ in _tree():
        assert _flat(w(f"help:{name}", **fields)) in _flat(out), name
    assert HAN.search(out) and "Show the version" not in out


def test_the_help_says_the_readers_terms() -> None:
    """With no ruleset at hand the help's terms are the reader's Chinese: 食糊 and 出銃 in Hong
    Kong Chinese, 胡 and 放槍 in Taiwanese."""
    hk = run("score", "--help", "--lang", "zh-HK").stdout
    tw = run("score", "--help", "--lang", "zh-TW").stdout
    assert "食糊" in hk and "出銃" in hk and "放槍" not in hk
    assert "胡" in tw and "放槍" in tw and "食糊" not in tw


def test_the_switches_keep_their_names_and_the_families_are_named() -> None:
    """``--rule``'s list: the switches and values are what is typed (as in English), the
    families named in the reader's words."""
    en = help_fields("en")["switches"]
    zh = help_fields("zh-TW")["switches"]
    assert en.startswith("Hong Kong: min_faan=") and "; Taiwanese: tai_table=" in en
    assert zh.startswith("香港：min_faan=") and "；台灣：tai_table=" in zh
    assert en.replace("Hong Kong: ", "").replace("; Taiwanese: ", "") == zh.replace(
        "香港：", "").replace("；台灣：", "")  # fmt: skip


def test_a_command_added_later_gets_its_help_from_its_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new command (the browser app's ``serve``) needs only its keys in the catalogue."""
    other = typer.Typer(add_completion=False, rich_markup_mode=None)

    @other.command()
    def serve(port: int = typer.Option(8000, "--port", help="The port to listen on.")) -> None:
        """Serve the table in a browser."""

    @other.command()
    def unused() -> None:
        """Without keys."""

    for key, en, zh in (
        ("help:serve", "Serve the table in a browser.", "在瀏覽器開牌桌。"),
        ("help:serve:--port", "The port to listen on.", "監聽的埠。"),
    ):
        monkeypatch.setitem(CATALOGUE, key, dict.fromkeys(LANGUAGES, zh) | {"en": en})
    english = typer.main.get_command(other)
    localize(english, "en")
    assert english.commands["serve"].help == "Serve the table in a browser."
    chinese = typer.main.get_command(other)
    localize(chinese, "zh-HK")
    assert chinese.commands["serve"].help == "在瀏覽器開牌桌。"
    assert chinese.commands["serve"].params[0].help == "監聽的埠。"
    assert chinese.commands["unused"].help == "Without keys."  # no key: the English stays
