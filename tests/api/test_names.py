"""Names in English, Hong Kong Chinese and Taiwanese Chinese (issue 44): every element of every
table and preset through the API, the game's terms and tiles, the catalogue of the interface's
strings, and the docs' names tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import mahjong_fast as mf
from mahjong_fast import _core
from mahjong_fast.rules import Ruleset, presets
from mahjong_fast.words import (
    CATALOGUE,
    LANGUAGES,
    TERM_KEYS,
    UnknownLanguageError,
    Words,
    catalogue,
    language_from_environment,
    names_markdown,
    resolve_language,
    term_names,
    tile_names,
)

DOCS = Path(__file__).resolve().parents[2] / "docs"
HAN = re.compile(r"[\u3400-\u9fff]")


def _filled(names: dict[str, str]) -> bool:
    return set(names) == set(LANGUAGES) and all(names[lang].strip() for lang in LANGUAGES)


@pytest.mark.parametrize("name", presets())
def test_every_element_of_every_preset_has_three_names(name: str) -> None:
    rules = Ruleset.from_name(name)
    names = rules.element_names()
    assert names, name
    for code, row in names.items():
        assert _filled(row), (name, code, row)
        for lang in ("zh-HK", "zh-TW"):  # a Chinese name is written in Chinese
            assert HAN.search(row[lang]), (name, code, lang, row[lang])
    marks = rules.descriptive_names()
    assert set(marks) <= set(names)
    assert all(set(langs) <= {"en", "zh-HK", "zh-TW"} and langs for langs in marks.values())


def test_the_families_have_their_tables() -> None:
    hk = Ruleset.from_name("hong-kong").element_names()
    assert list(hk)[:2] == ["F1", "F2"] and "L8" in hk and "X22" in hk and len(hk) == 50
    high = Ruleset.from_name("taiwanese-high").element_names()
    low = Ruleset.from_name("taiwanese-low").element_names()
    assert "H40" in high and "L01" not in high and "L01" in low and "H40" not in low
    # the sourced names of the issue: HK 番 terms, TW 台 terms
    assert (hk["F2"]["zh-HK"], hk["F2"]["zh-TW"]) == ("對對糊", "碰碰胡")
    assert hk["X1"]["zh-HK"] == "小四喜" and hk["X3"]["zh-TW"] == "天胡"
    assert Ruleset.from_name("hong-kong").locale == "zh-HK"
    assert Ruleset.from_name("taiwanese-low").locale == "zh-TW"


@pytest.mark.parametrize(
    ("hand", "win", "rules", "kw"),
    [
        ("111222333m9s [555p]", "9s", "hong-kong", {"self_drawn": True}),
        ("123m456m789p123456s1z", "1z", "taiwanese-high", {"self_drawn": True}),
        ("123m456m789p123456s1z", "1z", "taiwanese-low", {"self_drawn": True}),
    ],
)
def test_a_scored_elements_names_are_its_tables(
    hand: str, win: str, rules: str, kw: dict[str, bool]
) -> None:
    result = mf.score(hand, win, rules=rules, **kw)
    table = Ruleset.from_name(rules).element_names()
    assert result.elements
    for e in result.elements:
        assert e.names == table[e.code]
        assert e.names["en"] == e.name  # Element.name stays English


def test_an_element_made_by_hand_keeps_its_name_in_every_language() -> None:
    assert mf.Element("F6", "Dragon pung", 1).names["zh-HK"] == "三元牌"
    assert mf.Element("H40", "Win", 2, "tai").names["zh-TW"] == "胡牌"
    assert mf.Element("F6", "My pung", 1).names == dict.fromkeys(LANGUAGES, "My pung")
    assert mf.Element("H40", "Win", 2).names == dict.fromkeys(LANGUAGES, "Win")  # not faan's
    assert mf.Element("X1", "Small four winds", 6).chinese_name == "小四喜"


def test_terms_and_tiles_are_named_in_every_language() -> None:
    terms = term_names()
    assert all(_filled(v) for v in terms.values())
    assert (terms["deal_in"]["zh-HK"], terms["deal_in"]["zh-TW"]) == ("出銃", "放槍")
    assert (terms["win"]["zh-HK"], terms["win"]["zh-TW"]) == ("食糊", "胡")
    for key in ("faan", "tai", "east", "dealer", "seat_wind", "chow", "pung", "kong", "discard",
                "self_draw", "robbing_kong", "exhaustive_draw", "bonus_tile"):  # fmt: skip
        assert key in terms, key
    tiles = tile_names()
    assert len(tiles) == 42 and all(_filled(t) for t in tiles)
    assert (tiles[mf.Tile("5s").kind]["zh-HK"], tiles[mf.Tile("5s").kind]["zh-TW"]) == ("五索", "五條")
    assert tiles[mf.Tile("1m").kind]["en"] == mf.Tile("1m").name


def test_every_catalogue_key_is_in_every_language_and_no_chinese_is_empty() -> None:
    full = catalogue()
    assert set(CATALOGUE) < set(full)
    assert {f"term:{k}" for k in TERM_KEYS} <= set(full)
    for key, texts in full.items():
        assert set(texts) == set(LANGUAGES), key
        assert texts["en"].strip(), key
        for lang in ("zh-HK", "zh-TW"):
            assert texts[lang].strip(), (key, lang)
            filled = re.sub(r"{t_(\w+)}", lambda m, lang=lang: term_names()[m[1]][lang],
                            texts[lang])  # fmt: skip
            assert HAN.search(filled), (key, lang, texts[lang])
        # the fields a caller fills are the English string's; a Chinese may leave out an
        # English-only one (a plural's "s", the English words of the shapes) but adds none; a
        # field {t_KEY} is the game's term KEY, filled by Words
        fields = {lang: set(re.findall(r"{(\w+)}", texts[lang])) for lang in LANGUAGES}
        given = {f for f in fields["en"] if not f.startswith("t_")}
        for lang in ("zh-HK", "zh-TW"):
            assert {f for f in fields[lang] if not f.startswith("t_")} <= given, (key, lang)
            terms = {f[2:] for f in fields[lang] if f.startswith("t_")}
            assert terms <= set(term_names()), (key, lang)


def test_the_rulesets_terms_are_its_own_chinese() -> None:
    hk, tw = Ruleset.from_name("hong-kong"), Ruleset.from_name("taiwanese-high")
    for lang in ("zh-HK", "zh-TW"):
        assert (Words(lang, hk).term("deal_in"), Words(lang, hk).unit()) == ("出銃", "番")
        assert (Words(lang, tw).term("deal_in"), Words(lang, tw).unit()) == ("放槍", "台")
    # the interface's own strings follow the reader; without a ruleset the terms do too
    assert Words("zh-TW", hk)("histogram") == "分布" and Words("zh-HK", hk)("histogram") == "分佈"
    assert Words("zh-TW").term("discard") == "捨牌" and Words("zh-HK").term("discard") == "打牌"
    assert Words("en", tw).term("deal_in") == "deal in" and Words("en", tw).unit() == "Tai"


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "C"}, "en"),
        ({}, "en"),
        ({"LANG": "zh_HK.UTF-8"}, "zh-HK"),
        ({"LANG": "zh_TW.UTF-8"}, "zh-TW"),
        ({"LANG": "zh_CN.UTF-8"}, "en"),
        ({"LANG": "zh_TW.UTF-8", "LC_MESSAGES": "zh_MO"}, "zh-HK"),
        ({"LANG": "zh_TW.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LC_ALL": "", "LANG": "zh_HK"}, "zh-HK"),
    ],
)
def test_the_locale_gives_the_language(env: dict[str, str], lang: str) -> None:
    assert language_from_environment(env) == lang


def test_a_language_is_checked() -> None:
    assert resolve_language("zh_tw") == "zh-TW" and resolve_language("EN") == "en"
    with pytest.raises(UnknownLanguageError, match="zh-HK"):
        resolve_language("fr")
    assert issubclass(UnknownLanguageError, ValueError)
    assert _core.languages() == list(LANGUAGES)


@pytest.mark.parametrize("table", ["hong-kong", "taiwanese-high", "taiwanese-low", "terms"])
def test_the_docs_names_tables_are_the_data(table: str) -> None:
    text = (DOCS / "languages.md").read_text(encoding="utf-8")
    m = re.search(rf"<!-- names-table: {table} -->\n(.*?)<!-- /names-table -->", text, re.DOTALL)
    assert m is not None, f"docs/languages.md has no {table} names table"
    assert m.group(1) == names_markdown(table), "run python scripts/switch_docs.py"


def test_descriptive_names_are_marked_in_the_docs() -> None:
    md = names_markdown("taiwanese-high")
    marks = Ruleset.from_name("taiwanese-high").descriptive_names()
    assert marks["H40"] == ["zh-HK", "zh-TW"]
    (row,) = [line for line in md.splitlines() if line.startswith("| `H40` |")]
    assert row == "| `H40` | Win | 食糊 † | 胡牌 † |"
    (row,) = [line for line in md.splitlines() if line.startswith("| `H27` |")]
    assert row.endswith("| 暗龍 | 門清一條龍 † |")


@pytest.mark.parametrize("name", ["hong-kong", "taiwanese-high"])
def test_every_catalogue_string_is_filled_in_every_language(name: str) -> None:
    """Given its English fields, every string fills in every language, its terms (``{t_KEY}``)
    in the ruleset's Chinese: no field is left over."""
    rules = Ruleset.from_name(name)
    other = {"zh-HK": "zh-TW", "zh-TW": "zh-HK"}[rules.locale]
    for key, texts in CATALOGUE.items():
        given = {f: "X" for f in re.findall(r"{(\w+)}", texts["en"])}
        for lang in LANGUAGES:
            text = Words(lang, rules)(key, **given)
            assert "{" not in text and "}" not in text, (key, lang, text)
        for term in re.findall(r"{t_(\w+)}", texts["zh-HK"]):
            # under either Chinese the game's own terms: never the other Chinese's own word
            own, theirs = term_names()[term][rules.locale], term_names()[term][other]
            if own != theirs:
                for lang in ("zh-HK", "zh-TW"):
                    assert own in Words(lang, rules)(key, **given), (key, lang)
