"""``--lang en|zh-HK|zh-TW`` on every command (issue 44): the human-readable output of score,
play, replay and review switches language, the locale is read when ``--lang`` is not given,
``--json`` never changes, and a bad language is one line and exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer
from _cli_helpers import assert_one_line_error, run

from mahjong_fast.cli import app

SCORE = ("score", "111222333m9s [555p]", "--win", "9s", "--self-drawn")
TW_SCORE = ("score", "123m456m789p123456s1z", "--win", "1z", "--self-drawn",
            "--rules", "taiwanese-high")  # fmt: skip


def test_every_command_takes_lang() -> None:
    group = typer.main.get_command(app)
    commands = group.commands  # type: ignore[attr-defined]
    assert len(commands) >= 10
    for name, command in commands.items():
        opts = [o for p in command.params for o in getattr(p, "opts", ())]
        assert "--lang" in opts, name


def test_score_in_each_language() -> None:
    en, hk, tw = (run(*SCORE, "--lang", lang) for lang in ("en", "zh-HK", "zh-TW"))
    assert en.returncode == hk.returncode == tw.returncode == 0
    assert "All pungs" in en.stdout and "對對糊" not in en.stdout
    # the Hong Kong ruleset's terms in either Chinese: 番; the interface's own words too
    for proc in (hk, tw):
        assert "對對糊" in proc.stdout and "5 番" in proc.stdout and "合計" in proc.stdout
        assert "All pungs" not in proc.stdout and "Total" not in proc.stdout
    default = run(*SCORE)  # LANG=C: English, exactly as --lang en
    assert default.stdout == en.stdout


def test_taiwanese_score_uses_taiwanese_terms() -> None:
    for lang in ("zh-HK", "zh-TW"):
        proc = run(*TW_SCORE, "--lang", lang)
        assert proc.returncode == 0, proc.stderr
        assert "胡牌" in proc.stdout and "台" in proc.stdout and "番" not in proc.stdout


def test_the_locale_chooses_when_lang_is_not_given() -> None:
    hk = run(*SCORE, lang_env={"LANG": "zh_HK.UTF-8"})
    assert hk.returncode == 0 and "對對糊" in hk.stdout
    forced = run(*SCORE, "--lang", "en", lang_env={"LANG": "zh_HK.UTF-8"})
    assert "All pungs" in forced.stdout and "對對糊" not in forced.stdout
    overridden = run(*SCORE, lang_env={"LANG": "zh_HK.UTF-8", "LC_ALL": "C"})
    assert "All pungs" in overridden.stdout


def test_json_is_never_translated() -> None:
    en = run(*SCORE, "--json")
    for lang in ("zh-HK", "zh-TW"):
        proc = run(*SCORE, "--json", "--lang", lang)
        assert json.loads(proc.stdout) == json.loads(en.stdout)
    assert run(*SCORE, "--json", lang_env={"LANG": "zh_TW.UTF-8"}).stdout == en.stdout


@pytest.mark.parametrize("bad", ["fr", "zh", "zh-CN", ""])
def test_a_bad_language_is_one_line(bad: str) -> None:
    proc = run(*SCORE, "--lang", bad)
    assert_one_line_error(proc)
    assert "--lang" in proc.stderr


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Hong Kong deal played to its end (discard the last tile, pass every claim)."""
    log = tmp_path_factory.mktemp("lang") / "game.jsonl"
    proc = run("play", "--seed", "3", "--no-confirm", "--ascii", "--log", str(log),
               input="14\n\n" * 300)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return log


def test_play_and_replay_in_chinese(game_log: Path, tmp_path: Path) -> None:
    en = run("replay", str(game_log))
    hk = run("replay", str(game_log), "--lang", "zh-HK")
    tw = run("replay", str(game_log), "--lang", "zh-TW")
    assert en.returncode == hk.returncode == tw.returncode == 0
    assert "Replay OK" in en.stdout and "出銃" not in en.stdout
    # a Hong Kong game: Hong Kong terms whichever Chinese the reader chose
    for proc in (hk, tw):
        assert "重播無誤" in proc.stdout and "食糊" in proc.stdout and "出銃" in proc.stdout
        assert "Replay OK" not in proc.stdout and "放槍" not in proc.stdout
    played = run("play", "--seed", "3", "--no-confirm", "--ascii", "--lang", "zh-TW",
                 input="14\n\n" * 300)  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "第 1 局完" in played.stdout and "分數" in played.stdout and "食糊" in played.stdout


def test_review_in_chinese(game_log: Path) -> None:
    en = run("review", str(game_log))
    hk = run("review", str(game_log), "--lang", "zh-HK")
    assert en.returncode == hk.returncode == 0
    assert "Per deal" in en.stdout and "每局" not in en.stdout
    assert "每局" in hk.stdout and "決策數" in hk.stdout and "Per deal" not in hk.stdout
    assert run("review", str(game_log), "--json", "--lang", "zh-HK").stdout == run(
        "review", str(game_log), "--json"
    ).stdout


def test_review_names_the_kind_of_each_loss_in_chinese(game_log: Path) -> None:
    """The biggest losses' kind column is the game's term (打牌, 叫牌, 開槓, 食糊), as the
    per-kind table's is; what was played stays the option typed (``discard 5p``)."""
    hk = run("review", str(game_log), "--top", "5", "--lang", "zh-HK").stdout
    losses = hk.split("各決策時的手牌")[0].split("最大損失")[1]
    rows = [line.split() for line in losses.splitlines() if line.strip()[:1].isdigit()]
    assert rows and all(r[3] in ("打牌", "叫牌", "開槓", "食糊") for r in rows), losses


def _english_words(prefix: str) -> set[str]:
    """The English words of the catalogue's strings under ``prefix`` (fields left out), that
    no Chinese screen should show."""
    from mahjong_fast.words import CATALOGUE

    out: set[str] = set()
    for key, texts in CATALOGUE.items():
        if key.startswith(prefix):
            out |= {w for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"{\w+}", "", texts["en"]))}
    # the program's own words, typed or printed as they are in every language
    return out - {"hint", "board", "quit", "kong", "last", "pass", "chow", "pung", "Enter",
                  "rules", "help", "NOT_A_WINNING_HAND", "BELOW_MINIMUM"}  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [
        ("waits", "123m456m789p234s5s"),
        ("waits", "1m4m7m2p5p8p3s6s9s1234z"),
        ("shanten", "123m456m789p2345s"),
        ("shanten", "1m4m7m2p5p8p3s6s9s12345z"),
        ("decompose", "111222333m789p55s"),
        ("decompose", "1m4m7m2p5p8p3s6s9s12345z"),
        ("score", "456p234s5s [123m] [789m] 3f", "--win", "5s", "--seat", "S", "--explain"),
        ("score", "456p234s5s [123m] [789m] 3f", "--win", "1z", "--explain"),
        ("score", *TW_SCORE[1:], "--explain"),
    ],
)
def test_hand_commands_and_explain_in_each_language(args: tuple[str, ...]) -> None:
    en, hk, tw = (run(*args, "--lang", lang) for lang in ("en", "zh-HK", "zh-TW"))
    assert en.returncode == hk.returncode == tw.returncode == 0, (en.stderr, hk.stderr)
    assert run(*args).stdout == en.stdout  # LANG=C: English
    english = _english_words("hand:") | _english_words("explain:")
    if args != ("decompose", "111222333m789p55s"):  # that one prints only its readings
        assert any(w in en.stdout for w in english)
    for proc in (hk, tw):
        left = {w for w in english if w in proc.stdout}
        assert not left, (left, proc.stdout)
    # the game's terms are the ruleset's: a Taiwanese game says 台 in either Chinese
    if "--explain" in args:
        unit = "台" if "taiwanese-high" in args else "番"
        assert unit in hk.stdout and unit in tw.stdout
    # --json is the same in every language
    json_en = run(*args, "--json")
    assert run(*args, "--json", "--lang", "zh-TW").stdout == json_en.stdout


def test_play_prompts_and_help_in_each_language() -> None:
    script = "help\nxyz\n99\n" + "14\n\n" * 300
    en = run("play", "--seed", "3", "--ascii", "--no-confirm", input=script)
    default = run("play", "--seed", "3", "--ascii", "--no-confirm", "--lang", "en", input=script)
    assert en.returncode == default.returncode == 0, en.stderr
    assert en.stdout == default.stdout
    assert "commands: a tile code" in en.stdout and "You are P0" in en.stdout
    assert "unknown command 'xyz'" in en.stdout and "there is no position 99" in en.stdout
    english = _english_words("play:")
    for lang in ("zh-HK", "zh-TW"):
        proc = run("play", "--seed", "3", "--ascii", "--no-confirm", "--lang", lang,
                   input=script)  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        out = proc.stdout
        assert "你是 P0" in out and "指令：" in out and "不明指令「xyz」" in out
        assert "沒有位置 99" in out
        # a Hong Kong game: its terms (打牌) in either Chinese, never Taiwan's (捨牌)
        assert "＝打牌" in out and "捨牌" not in out
        # the claim menu's choices start with the word typed (chow 6s 7s 8s): left out here,
        # as the program's name in the banner
        said = "\n".join(line for line in out.splitlines()
                         if not line.lstrip().startswith("[")).replace("mahjong-fast", "")
        left = {w for w in english if re.search(rf"\b{w}\b", said)}
        assert not left, left


def test_a_taiwanese_game_prompts_with_taiwanese_terms() -> None:
    script = "help\n" + "17\n\n" * 300
    proc = run("play", "--seed", "3", "--ascii", "--no-confirm", "--rules", "taiwanese-high",
               "--lang", "zh-HK", input=script)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "＝捨牌" in proc.stdout and "＝打牌" not in proc.stdout
