"""The one-line errors of a user's own mistakes under ``--lang`` (issue 44): a bad tile string,
an unknown option or switch, a bad value, a missing or corrupt file are said in the reader's
Chinese; the line still starts with ``error: ``, is one line, and the exit status is 2; in the
C locale the English is as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from _cli_helpers import assert_one_line_error, run

HAN = re.compile(r"[\u3400-\u9fff]")
HAND = "111222333m9s[555p]"


@pytest.fixture(scope="module")
def corrupt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "bad.jsonl"
    path.write_text("{bad\n", encoding="utf-8")
    return path


#: (arguments, the English line as before, what the Chinese line holds, the English it drops)
CASES = [
    (("score", "123m4x", "--win", "1m"),
     ("error: invalid tile notation at position 5: unknown character 'x' (expected digits 1-9 "
     "and suit letters m p s z f)"), "牌碼無效（位置 5）", "invalid tile"),
    (("score", HAND, "--win", "9x"),
     ("error: --win 9x: invalid tile notation at position 1: unknown character 'x' (expected "
     "digits 1-9 and suit letters m p s z f)"), "--win 9x：牌碼無效（位置 1）", "invalid tile"),
    (("score", HAND, "--win", "9s", "--rule", "nosuch=1"), None, "不明開關 nosuch", "unknown"),
    (("score", HAND, "--win", "9s", "--rule", "min_faan=abc"),
     "error: invalid rule configuration: switch min_faan takes an integer, got 'abc' (str)",
     "開關 min_faan 的值無效", "integer"),
    (("score", HAND, "--win", "9s", "--seat", "7"),
     "error: --seat must be a wind E, S, W or N (got '7')", "--seat 須是 E、S、W 或 N", "must"),
    (("score", HAND, "--win", "9s", "--bogus"),
     ("error: No such option: --bogus (Possible options: --bonus) (see 'mahjong-fast score "
     "--help')"), "沒有這個選項：--bogus（見 mahjong-fast score --help）", "No such"),
    (("simulate", "--deals", "abc"), None, "-n / --deals 的值無效", "Invalid value"),
    (("replay",), "error: Missing argument 'file'. (see 'mahjong-fast replay --help')",
     "缺少 file", "Missing"),
    (("replay", "/no/such/file.jsonl"), "error: /no/such/file.jsonl: no such file",
     "/no/such/file.jsonl：沒有這個檔案", "no such file"),
    # an unknown ruleset, said with the names there are
    (("score", HAND, "--win", "9s", "--rules", "nosuch"), None,
     "error: 不明規則 nosuch（可用：hong-kong, taiwanese-high, taiwanese-low, ", "unknown ruleset"),
    (("play", "--rules", "nosuch"), None, "不明規則 nosuch", "unknown ruleset"),
    # the core's hand a rule cannot make and impossible situations, from their kind and tiles
    (("score", "11111m22233m9s[555p]", "--win", "9s"),
     "error: invalid hand: 5 copies of 1m (there are only 4 of each kind)", "error: 1m 多於四張",
     "copies"),
    (("score", "1112223334m[124p]", "--win", "9s"),
     "error: invalid hand: meld at position 11 (124p) is not a valid meld (a chow, a pung or a kong)",
     "error: 124p 不成牌組", "meld"),
    (("score", HAND + "1f1f", "--win", "9s"),
     "error: invalid hand: bonus tile 1f given twice (there is one of each)", " 1f 重複", "twice"),
    (("score", "11112222333m9s[555p]", "--win", "9s"),
     ("error: invalid hand: wrong number of tiles before the winning tile: 15 (counting each "
      "declared set as 3), 13 expected"), "error: 張數不對：15 張，應為 13 張", "wrong number"),
    (("waits", "123m"),
     ("error: invalid hand: wrong number of tiles: the hand has 3 (counting each declared set as "
      "3), 13 expected (or fewer, 3n+1, when the missing sets are declared elsewhere)"),
     "error: 張數不對：3 張，應為 13 張", "wrong number"),
    (("score", HAND, "--win", "9s", "--self-drawn", "--robbing-kong"),
     ("error: --robbing-kong: invalid hand: the robbed tile 9s cannot be robbed: the winner "
      "holds a copy of it"), "error: --robbing-kong：不可能的情況：9s", "robbed"),
    (("score", HAND, "--win", "9s", "--dealer-start"),
     "error: --dealer-start: invalid hand: a win at the start of play has no winning tile",
     "error: --dealer-start：不可能的情況", "start of play"),
    # the CLI's own mistakes (each with its catalogue key now)
    (("simulate", "--seats", "greedy,greedy"),
     "error: --seats needs four seat kinds separated by commas (got 2)",
     "--seats 須有四個以逗號分隔的座位類型（現有 2 個）", "needs four"),
    (("arena", "--seats", "greedy,greedy,greedy,nosuch", "-n", "1"),
     "error: --seats: unknown seat kind 'nosuch'; choose from expert, greedy, random, strong, value",
     "--seats：不明座位類型 'nosuch'", "unknown seat"),
    (("simulate", "--backend", "gpu"), "error: --backend must be auto, core, process or ray (got 'gpu')",
     "--backend 須為 auto、core、process 或 ray", "must be"),
    (("simulate", "--address", "x:1"), "error: --address is only for --backend ray",
     "--address 只用於 --backend ray", "only for"),
    (("simulate", "--report", "r.html"),
     "error: --report is made from the records file: give --out FILE too", "--report 由紀錄檔製成",
     "is made"),
    (("simulate", "--deals", "2", "--matches", "2"), "error: give --deals or --matches, not both",
     "--deals 與 --matches 只可給一個", "not both"),
    (("simulate", "--match-deals", "2"),
     "error: --match-deals is the length of each match: give --matches N with it",
     "--match-deals 是每場比賽的局數", "length of each"),
    (("simulate", "--rules", "taiwanese-high"), None, "--rules taiwanese-high 以整場比賽模擬", "whole matches"),
    (("simulate", "-n", "1", "--out", "x.csv"),
     "error: --out x.csv: name the file *.parquet (Parquet) or *.jsonl (JSON Lines)",
     "--out x.csv：檔名須為 *.parquet", "name the file"),
    (("simulate", "-n", "1", "--out", "/no/such/dir/x.jsonl"),
     "error: --out /no/such/dir/x.jsonl: no such directory '/no/such/dir'",
     "--out /no/such/dir/x.jsonl：沒有資料夾 '/no/such/dir'", "no such directory"),
    (("score", HAND, "--win", "9s", "--self-drawn", "--discarder", "E"),
     "error: --discarder makes no sense with --self-drawn", "--discarder 不可與 --self-drawn 同用",
     "no sense"),
    (("score", HAND, "--win", "9s", "--seat", "E", "--discarder", "E"),
     "error: --discarder cannot be the winner's own seat", "--discarder 不可是胡牌者自己的座位",
     "cannot be"),
    (("play", "--opponents", "nosuch"), None, "--opponents：不明座位類型 'nosuch'", "unknown seat"),
    (("review", "/no/such/file.jsonl", "--top", "-1"), "error: --top must be 0 or more (got -1)",
     "--top 須為 0 或以上（不是 -1）", "must be"),
    (("review", "/no/such/file.jsonl", "--seat", "5"), "error: --seat must be 0..3 (got 5)",
     "--seat 須為 0..3（不是 5）", "must be"),
]


@pytest.mark.parametrize(("args", "english", "chinese", "dropped"), CASES)
def test_a_users_mistake_in_each_language(
    args: tuple[str, ...], english: str | None, chinese: str, dropped: str
) -> None:
    en = run(*args)
    assert_one_line_error(en)
    if english is not None:
        assert en.stderr == english + "\n"
    assert run(*args, "--lang", "en").stderr == en.stderr
    for lang in ("zh-HK", "zh-TW"):
        zh = run(*args, "--lang", lang)
        assert_one_line_error(zh)
        assert chinese in zh.stderr and HAN.search(zh.stderr), zh.stderr
        assert dropped not in zh.stderr, zh.stderr


def test_a_bonus_tile_given_twice_says_the_readers_term() -> None:
    assert run("score", HAND + "1f1f", "--win", "9s", "--lang", "zh-HK").stderr == "error: 花 1f 重複\n"
    assert run("score", HAND + "1f1f", "--win", "9s", "--lang", "zh-TW").stderr == "error: 花牌 1f 重複\n"


def test_a_corrupt_log_names_its_line(corrupt: Path) -> None:
    en = run("replay", str(corrupt))
    assert_one_line_error(en)
    assert en.stderr.startswith(f"error: {corrupt}: corrupt log: line 1: not JSON")
    for cmd in (("replay", str(corrupt)), ("review", str(corrupt))):
        zh = run(*cmd, "--lang", "zh-TW")
        assert_one_line_error(zh)
        assert zh.stderr == f"error: {corrupt}：紀錄檔損壞（第 1 行）\n"


def test_the_locale_chooses_even_before_the_options_are_read() -> None:
    """An unknown option stops the command line before ``--lang`` is read: the error is still
    in the language the command line or the locale asks for."""
    args = ("score", HAND, "--bogus")
    by_locale = run(*args, lang_env={"LANG": "zh_HK.UTF-8"})
    by_option = run(*args, "--lang=zh-HK")
    for proc in (by_locale, by_option):
        assert_one_line_error(proc)
        assert "沒有這個選項：--bogus" in proc.stderr
    assert "No such option" in run(*args, "--lang", "en", lang_env={"LANG": "zh_HK.UTF-8"}).stderr
