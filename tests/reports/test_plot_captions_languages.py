"""The plots' captions in the reader's language (issue 44): a Chinese caption says what the
English caption's prose says, short (the catalogue's ``cap:`` lead in the game's terms and the
ruleset's unit), then its numbers; the English caption is the report's own, which is also the
svg's ``<desc>`` (``<title>`` and ``<desc>`` stay English)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import mahjong_fast as mf
import pytest

pytest.importorskip("matplotlib", reason="the report extra (matplotlib) is not installed")
pytest.importorskip("polars", reason="the report extra (polars) is not installed")

from mahjong_fast.arena import arena
from mahjong_fast.reports import arena_report_html, records_report_html
from mahjong_fast.words import Words

FIGURE = re.compile(r'<figure data-plot="([^"]+)">(.*?)</figure>', re.DOTALL)


def _captions(html: str) -> dict[str, dict[str, str]]:
    """Each plot's caption by language, and its ``<desc>`` (under ``"desc"``)."""
    out: dict[str, dict[str, str]] = {}
    for name, body in FIGURE.findall(html):
        cap = re.search(r"<figcaption>(.*?)</figcaption>", body, re.DOTALL)
        desc = re.search(r"<desc[^>]*>(.*?)</desc>", body, re.DOTALL)
        assert cap and desc, name
        spans = dict(re.findall(r'<span class="l10n" data-lang="([^"]+)">(.*?)</span>', cap[1]))
        out[name] = {k: unescape(v) for k, v in spans.items()} | {"desc": unescape(desc[1])}
    return out


def _check(html: str, leads: dict[str, str], rules: mf.Ruleset, names: tuple[str, ...]) -> None:
    """Each plot of ``leads`` (its name → its ``cap:`` key) has its lead in each Chinese and
    no English word but ``names`` (the policies', the files' names)."""
    captions = _captions(html)
    assert set(leads) <= set(captions)
    for name, key in leads.items():
        cap = captions[name]
        assert cap["en"] == cap["desc"], name  # the English caption is the report's own
        for lang in ("zh-HK", "zh-TW"):
            w = Words(lang, rules)
            lead = w(key, unit=w.unit(), kinds="", who="")
            # the lead's words before any field the plot fills in
            head = re.split(r"[（(]", lead)[0]
            assert cap[lang].startswith(head), (name, lang, cap[lang])
            bare = re.sub("|".join(map(re.escape, names)), "", cap[lang])
            assert not re.search(r"[A-Za-z]{3,}", bare), cap[lang]


def test_the_arena_plots_captions_in_each_chinese() -> None:
    rules = mf.Ruleset.from_name("taiwanese-high")
    rep = arena(["value", "greedy", "greedy", "greedy"], walls=2, seed=1, rules=rules)
    html = arena_report_html(rep, lang="zh-TW")
    _check(html, {"points": "cap:points", "rates": "cap:rates", "points-hist": "cap:points_hist",
                  "cumulative": "cap:cumulative", "win-values": "cap:win_values"}, rules,
           ("value", "greedy"))  # fmt: skip
    rates = _captions(html)["rates"]
    # a Taiwanese game's terms in either Chinese, and the English prose gone
    assert "放槍" in rates["zh-HK"] and "胡" in rates["zh-HK"] and "Per seat" not in rates["zh-HK"]
    assert rates["en"].startswith("Per seat, the share of its deals it won")


def test_the_records_plots_captions_in_each_chinese(tmp_path: Path) -> None:
    out = tmp_path / "deals.jsonl"
    mf.simulate(200, seed=4, workers=1, out=out)
    html = records_report_html([out], lang="zh-HK")
    rules = mf.Ruleset.from_name("hong-kong")
    _check(html, {"values": "cap:values", "win-kinds": "cap:win_kinds",
                  "deal-length": "cap:deal_length", "seat-points": "cap:seat_points"}, rules,
           ("deals.jsonl",))  # fmt: skip
    caps = _captions(html)
    assert "自摸" in caps["win-kinds"]["zh-HK"] and "self drawn" not in caps["win-kinds"]["zh-HK"]
    assert "中位數" in caps["deal-length"]["zh-TW"] and "番數" in caps["values"]["zh-TW"]
