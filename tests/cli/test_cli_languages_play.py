"""``play`` under ``--lang`` (issue 44): the hint (its ranking and reasons), the claim menu's
choices and the opening banner follow the reader's language, the game's terms in the ruleset's
words; the words typed stay English; ``LANG=C`` is English byte for byte as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from _cli_helpers import run

GOLDEN = Path(__file__).parent / "golden"
#: a hint at every prompt, then the first choice: position 1 at a turn, choice [1] (a claim:
#: the chows of this seed) at a claim prompt
SCRIPT = "hint\n1\n" * 400
HAN = re.compile(r"[\u3400-\u9fff]")


def _play(*args: str) -> str:
    proc = run("play", "--seed", "3", "--ascii", "--no-confirm", *args, input=SCRIPT)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_english_is_byte_for_byte_as_before() -> None:
    """The C locale and ``--lang en`` give the screens of 0.x's English (the golden file was
    written by the code before the hint, claim menu and banner went through the catalogue)."""
    golden = (GOLDEN / "play_hint_en.txt").read_text(encoding="utf-8")
    assert _play() == golden
    assert _play("--lang", "en") == golden


@pytest.mark.parametrize("lang", ["zh-HK", "zh-TW"])
def test_hint_claim_menu_and_banner_in_chinese(lang: str) -> None:
    out = _play("--lang", lang)
    lines = out.splitlines()
    # the banner: the ruleset as --rules names it, counted in its unit (its term), the match in the terms
    assert lines[0] == "mahjong-fast：hong-kong（以番計），種子 3，規則 hong-kong。"
    assert lines[1] == "一局。"
    # the claim menu: the word typed first, the rest in Hong Kong terms (上, never 吃)
    menu = [ln for ln in lines if ln.startswith("  [1] ")]
    assert menu and all(ln.startswith("  [1] chow ") for ln in menu), menu
    assert "  [1] chow 7p 8p 9p：上（手牌 7p 8p）" in lines
    assert "吃" not in out and "(with your" not in out
    # typing "1" made the chow: the menu's choices still select
    assert "你 上（P3）9p：7p 8p 9p" in out
    # the hint: its head, headings, reasons and note
    assert "  提示：向聽 3" in out and "專家之選；" in out and "張進張" in out
    assert re.search(r"^ +輸入 +分 原因", out, re.MULTILINE)
    assert "分：專家估計此選項在本局餘下對你的得失（期望值）" in out
    # none of the English hint is left
    for english in ("hint:", "expert's choice", "tiles improve", "keeps ", "shanten ",
                    "points: what", "  type", "One deal", "seed 3"):  # fmt: skip
        assert english not in out, english


def test_a_taiwanese_game_in_hong_kong_chinese_says_taiwanese_terms() -> None:
    """A Taiwanese ruleset's terms under either Chinese: 吃 (never 上) in the claim menu and its
    hint, 台 as the unit, the East round of its match in the ruleset's words."""
    proc = run("play", "--seed", "5", "--ascii", "--no-confirm", "--rules", "taiwanese-high",
               "--lang", "zh-HK", input=SCRIPT)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("mahjong-fast：taiwanese-high（以台計），種子 5，")
    assert lines[1] == "東風圈，最多 32 局。"
    menu = [ln for ln in lines if ln.startswith("  [1] chow ")]
    assert menu and all("：吃（手牌 " in ln for ln in menu), menu
    assert not any(ln.lstrip().startswith("chow") and " 上 " in ln for ln in lines)


def test_english_banner_of_a_taiwanese_match_is_the_cores() -> None:
    out = run("play", "--seed", "5", "--ascii", "--no-confirm", "--rules", "taiwanese-high",
              input="quit\ny\n").stdout  # fmt: skip
    assert out.splitlines()[1] == (
        "A match of the East round (the deal passes four times), at most 32 deals."
    )


@pytest.mark.parametrize(
    ("args", "hk"),
    [
        (("--deals", "3"), "3 局。"),
        (("--deals", "3", "--rotate-dealer"), "3 局，輪莊。"),
        (("--rotate-dealer", "--rule", "match_length=east_round"), "東圈，最多 64 局。"),
        (("--rotate-dealer", "--rule", "dealer_repeat=on_win", "--deals", "4"),
         "4 局，莊家贏牌連莊。"),
    ],
)
def test_the_match_line_of_hong_kong_matches(args: tuple[str, ...], hk: str) -> None:
    en = run("play", "--seed", "1", "--ascii", *args, input="quit\ny\n")
    zh = run("play", "--seed", "1", "--ascii", *args, "--lang", "zh-HK", input="quit\ny\n")
    assert en.returncode == zh.returncode == 0, en.stderr + zh.stderr
    assert en.stdout.splitlines()[1].startswith(("A match of", "An East round"))
    assert zh.stdout.splitlines()[1] == hk
    assert HAN.search(zh.stdout.splitlines()[0])
