"""Issue 39: the Hong Kong scoring switches checked against a second scorer written from the
rules' text (``hk_reference_scorer``, HK §9, §10, §14a, §19.4-§19.5), not from the engine.

* The reference scorer reproduces every worked ``hand`` example of the rules (E, V, HH), from
  its own copy of the §19.14 preset table, without the engine.
* The engine resolves every preset to that table.
* For every ``hong-kong*`` preset of :func:`mahjong_fast.presets` and random valid switch sets
  on top of it: 1,000 seeded random winning hands (``hk_random_hands``), the engine's total, raw
  total, qualifying faan, legality and breakdown equal to the reference's. A disagreement prints
  the hand, the situation and both breakdowns. ``scripts/hk_reference_check.py`` runs the same
  comparison with more hands (the documented run of ``docs/hong-kong-rules.md``).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from hk_random_hands import engine_score, hk_presets, random_hand, run_preset
from hk_reference_scorer import (
    CHOW,
    PRESETS,
    PUNG,
    WINDS,
    Hand,
    Meld,
    Situation,
    Switches,
    counts_of,
    parse_kinds,
    score,
)
from mahjong_fast.errors import InvalidHandError

DATA = Path(__file__).parents[1] / "data"
HANDS_PER_PRESET = 1000
SEED = 39

DEFAULTS: dict[str, Any] = {
    "min_faan": 3,
    "max_faan": 13,
    "tile_set": 144,
    "seven_pairs": "with_concealed",
    "flowers_break_concealed": False,
    "bonus_faan_in_minimum": True,
    "all_chows_pair": "suited",
    "element_values": {},
}


def resolved(preset: str | None, switches: dict[str, Any] | None) -> dict[str, Any]:
    """§19.14: defaults, then the preset, then the overrides (``element_values`` key by key),
    from the reference's own copy of the preset table."""
    out = dict(DEFAULTS)
    for layer in (PRESETS[preset or "hkos_classic"], switches or {}):
        for k, v in layer.items():
            if k == "element_values":
                out[k] = {**out[k], **v}
            elif k in out:
                out[k] = v
    return out


def meld_of(text: str) -> Meld:
    tag, tiles = text.rstrip("]").split("[")
    kinds = parse_kinds(tiles)
    return Meld(CHOW if kinds[0] != kinds[1] else PUNG, kinds[0], tag)


def hand_of(a: dict[str, Any]) -> Hand:
    """An example's scorer inputs (``hong-kong-examples.json`` §15, §19.15) as a Hand."""
    d = a.get("discarder")
    sit = Situation(
        seat=WINDS.index(a["seat"]),
        prevailing=int(a.get("prevailing", "1z")[0]) - 1,
        self_drawn=a.get("self_drawn", False),
        robbing_kong=a.get("robbing_kong", False),
        kong_replacement=a.get("kong_replacement", False),
        last_tile=a.get("last_wall_tile", False) or a.get("last_discard", False),
        dealer_start=a.get("dealer_start", False),
        discarder=None if d is None else WINDS.index(d),
        earthly=bool(a.get("earthly")),
        bonus_replacement=bool(a.get("bonus_replacement")),
        double_kong=bool(a.get("double_kong")),
    )
    bonus = tuple(sorted(int(b[0]) for b in (a.get("bonus") or "").split()))
    win = a.get("win_tile")
    return Hand(
        tuple(parse_kinds(a["before"])),
        tuple(meld_of(t) for t in a.get("declared", [])),
        bonus,
        None if win is None else parse_kinds(win)[0],
        sit,
    )


def hand_examples() -> list[dict[str, Any]]:
    out = []
    for name in ("hong-kong-examples.json", "hong-kong-house-examples.json"):
        for ex in json.loads((DATA / name).read_text(encoding="utf-8")):
            a = ex.get("args")
            if ex.get("kind", "hand") != "hand" or a is None or "flower_win" in a:
                continue
            if "faan" not in ex or ex["id"] == "V4":
                continue  # V4 is a payment example (tests/data's copy lacks a tile of its hand)
            out.append(ex)
    return out


EXAMPLES = hand_examples()


def test_the_examples_are_all_there() -> None:
    assert len(EXAMPLES) >= 80


@pytest.mark.parametrize("ex", EXAMPLES, ids=[ex["id"] for ex in EXAMPLES])
def test_the_reference_reproduces_the_worked_example(ex: dict[str, Any]) -> None:
    sw = Switches.from_resolved(resolved(ex.get("preset"), ex.get("switches")))
    r = score(hand_of(ex["args"]), sw)
    assert r.faan == ex["faan"]
    assert list(r.elements) == [tuple(e) for e in ex["elements"]]
    assert r.raw == ex.get("raw", sum(v for _, v in ex["elements"]))
    assert r.is_win is ex.get("legal", True)
    assert r.qualifying == ex.get("qualifying", ex["faan"])


def preset_id(name: str) -> str:
    """``hong-kong-benwassa-v1`` -> ``benwassa_v1``; ``hong-kong`` is ``hkos_classic``."""
    return name.removeprefix("hong-kong").removeprefix("-").replace("-", "_") or "hkos_classic"


def test_every_hong_kong_preset_is_in_the_reference_table() -> None:
    assert {preset_id(p) for p in hk_presets()} == set(PRESETS)


@pytest.mark.parametrize("preset", hk_presets())
def test_the_engine_resolves_the_preset_as_19_14_says(preset: str) -> None:
    got = mf.Ruleset.from_name(preset).switches
    want = resolved(preset_id(preset), None)
    assert {k: got[k] for k in want} == want


def test_random_hands_are_possible_winning_hands() -> None:
    """No fifth copy; a winning shape under the switches; the engine accepts the situation."""
    rng = random.Random(SEED)
    for n in range(400):
        seven = n % 2 == 0
        h = random_hand(rng, 144, seven)
        kinds = list(h.concealed())
        for m in h.declared:
            kinds += list(m.kinds) + ([m.first] if m.is_kong else [])
        assert max(counts_of(kinds)) <= 4, h.notation()
        assert len(kinds) - sum(m.is_kong for m in h.declared) == 14
        sw = Switches(seven_pairs="with_concealed" if seven else "off", min_faan=0)
        assert score(h, sw).is_win, h.notation()
        rules = mf.Ruleset.hong_kong(min_faan=0, seven_pairs=sw.seven_pairs)
        assert engine_score(h, rules).reason is None, h.notation()


@pytest.mark.parametrize("preset", hk_presets())
def test_the_engine_agrees_with_the_reference(preset: str) -> None:
    result = run_preset(preset, HANDS_PER_PRESET, SEED)
    assert result.hands == HANDS_PER_PRESET
    report = "\n\n".join(d.report() for d in result.disagreements[:10])
    assert not result.disagreements, (
        f"{len(result.disagreements)} of {result.hands} hands disagree:\n\n{report}"
    )


def test_the_short_mode_of_the_documented_run() -> None:
    """``scripts/hk_reference_check.py --hands 50`` (what CI runs of the documented run)."""
    script = Path(__file__).parents[2] / "scripts" / "hk_reference_check.py"
    proc = subprocess.run(
        [sys.executable, str(script), "--hands", "50", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    for preset in hk_presets():
        line = next(x for x in proc.stdout.splitlines() if x.startswith(preset + " "))
        assert " 50 hands " in line and " 50 agree " in line, line
    assert f"total: {50 * len(hk_presets())} hands" in proc.stdout
    assert " 0 disagree" in proc.stdout


# --------------------------------------------------------------------------- findings
# Disagreements between the engine and the rules' text found by the comparison (issue 39).


def test_an_eight_tile_win_is_refused_under_flower_win_seven() -> None:
    """Found by the comparison: with ``flower_win=seven`` the seventh tile already wins, so
    eight exposed tiles never happen (HK §19.6, §19.3 'X21 with flower_win = seven'); the
    scorer refuses the input as it refuses 'seven' under ``flower_win=eight``."""
    rules = mf.Ruleset.hong_kong(flower_win="seven")
    with pytest.raises(InvalidHandError):
        mf.score(None, None, flower_win="eight", seat_wind="S", rules=rules)


def test_the_symmetric_case_is_refused() -> None:
    """The engine refuses the seven-tile win that ``flower_win=eight`` makes impossible."""
    rules = mf.Ruleset.hong_kong(flower_win="eight")
    with pytest.raises(InvalidHandError):
        mf.score(None, None, flower_win="seven", seat_wind="S", rules=rules)
