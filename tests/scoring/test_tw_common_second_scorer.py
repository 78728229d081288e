"""The common table's three columns (TW §20.4) against a second scorer written from the table
text (``tw_common_reference.py``, pure Python, not the engine's code): 1,000 random winning
hands per preset of TW §20.8, half of them with random common-table options on top. The
documented run of 10,000 per preset is ``python scripts/tw_common_crosscheck.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import tw_common_reference as ref


@pytest.mark.parametrize("preset", ref.PRESETS)
def test_the_engine_scores_random_hands_as_the_table_text_does(preset: str) -> None:
    out = ref.crosscheck(preset, 1000, seed=ref.PRESETS.index(preset))
    assert out.compared == 1000
    # a draw the engine refuses as a situation no deal reaches is replaced; they stay rare
    assert out.refused < 100, out.refused
    assert not out.differences, "\n".join(out.differences[:5])


def test_the_second_scorer_is_not_blind() -> None:
    """The comparison can fail: with one Tai of the text changed, random hands disagree."""
    saved = ref.TAI["C09"]
    try:
        ref.TAI["C09"] = (2, 2, 2)
        out = ref.crosscheck(ref.PRESETS[0], 200, seed=9)
    finally:
        ref.TAI["C09"] = saved
    assert out.differences


def test_the_examples_agree_with_the_second_scorer() -> None:
    """The text's own common-table examples (the mid-deal ones) through the second scorer."""
    import json

    import mahjong_fast as mf

    examples = json.loads((Path(__file__).parents[1] / "data" / "taiwanese-house-examples.json").read_text("utf-8"))
    tiles = {ref.tile_name(t): t for t in range(34)}
    checked = 0
    for e in examples:
        a = e["args"]
        if e["kind"] != "hand" or not e.get("preset") or a["starting_win"] or a["qualification"]:
            continue
        rules = mf.Ruleset.from_name(f"taiwanese-{e['preset']}").replace(**{**e["config"], **e["switches"]})
        before = ref.counts_of(a["before"])
        melds = []
        for m in a["declared"]:
            kind, body = m.rstrip("]").split("[")
            first = tiles[body[0] + body[-1]]
            melds.append(ref.Meld(kind, first))
        bonus = {int(b[0]) for b in a["bonus"].split()}
        w = ref.Win(before, melds, tiles[a["win_tile"]], a["self_drawn"], "ESWN".index(a["seat"]),
                    "ESWN".index(a["round_wind"]), bonus, a["robbing_kong"], a["loose_tile"],
                    a["last_live_tile"] or a["last_discard"], a["declared_ready"])  # fmt: skip
        tai, els, legal = ref.score(w, dict(rules.switches))
        assert (tai, sorted(els), legal) == (e["tai"], sorted((c, v) for c, _, v in e["elements"]), e["legal"]), e["id"]
        checked += 1
    assert checked >= 25
