"""Shanten and waits agree under TW §20.4.2 rule 4 (a common table with `eight_half_pairs`: a
kind held four times counts as two of the seven pairs of eight and a half pairs), and under
TW §9.2 (the seed's tables: it never does)."""

from __future__ import annotations

import random

import mahjong_fast as mf
import pytest

COMMON = mf.Ruleset.from_name("taiwanese-omu-standard").replace(eight_half_pairs=True)
HIGH = mf.Ruleset.from_name("taiwanese-high")
# one tile from eight and a half pairs only if 1111m is two pairs
QUAD_READY = ["1111m22m33m555m66p77s8s", "1111m33m555m66p77s88s9s"]


@pytest.mark.parametrize("hand", QUAD_READY)
def test_quads_as_two_pairs_make_the_hand_ready_under_the_common_table(hand):
    assert mf.shanten(hand, rules=COMMON) == 0
    assert mf.waits(hand, rules=COMMON)
    # the seed's tables never count four tiles as two pairs (TW §9.2)
    assert mf.shanten(hand, rules=HIGH) > 0 and not mf.waits(hand, rules=HIGH)


def test_shanten_zero_exactly_when_there_are_waits_on_pair_heavy_hands():
    rng = random.Random(2026)
    kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    checked = quads = 0
    for _ in range(400):
        counts: dict[str, int] = {}
        while sum(counts.values()) < 16:
            k = rng.choice(kinds)
            step = 2 if sum(counts.values()) <= 14 and rng.random() < 0.8 else 1
            if counts.get(k, 0) + step <= 4:
                counts[k] = counts.get(k, 0) + step
        hand = "".join(k * n for k, n in counts.items())
        quads += 4 in counts.values()
        for rules in (COMMON, HIGH):
            assert (mf.shanten(hand, rules=rules) == 0) == bool(mf.waits(hand, rules=rules)), hand
            checked += 1
    assert checked == 800 and quads > 50
