"""34 counts as the hand of ``shanten``, ``waits`` and ``decompose``, read by the core without
the notation round trip (issue 42): a list of Python ints and numpy arrays of any integer dtype,
contiguous or strided, give exactly what the notation gives; every faulty input gives the same
typed error as before (the general path reads it)."""

from __future__ import annotations

import random

import mahjong_fast as mf
import numpy as np
import pytest
from mahjong_fast import _core
from mahjong_fast.errors import InvalidHandError

DTYPES = [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


def _random_counts(rng: random.Random, n: int) -> list[int]:
    wall = [k for k in range(34) for _ in range(4)]
    counts = [0] * 34
    for k in rng.sample(wall, n):
        counts[k] += 1
    return counts


def _forms(counts: list[int]) -> list[object]:
    strided = np.zeros(68, np.int32)
    strided[::2] = counts
    return [
        counts,
        tuple(counts),
        bytes(counts),
        [np.int64(c) for c in counts],  # numpy ints in a list: the general path
        strided[::2],  # not contiguous
        *(np.array(counts, dt) for dt in DTYPES),
    ]


@pytest.mark.parametrize("rules", [None, "taiwanese-high"])
def test_every_form_equals_the_notation(rules: str | None) -> None:
    rng = random.Random(42)
    full = 16 if rules else 13
    for i in range(600):
        counts = _random_counts(rng, full + (i % 2))
        text = _core.format_hand(counts)
        # waits of the 13/16-tile hands, decompositions of the 14/17-tile ones
        waiting = i % 2 == 0
        want = (mf.shanten(text, rules), mf.waits(text, rules) if waiting else mf.decompose(text, rules))
        for form in _forms(counts):
            got = (
                mf.shanten(form, rules),  # type: ignore[arg-type]
                mf.waits(form, rules) if waiting else mf.decompose(form, rules),  # type: ignore[arg-type]
            )
            assert got == want, (counts, type(form))


def _error(call: object) -> tuple[type[BaseException], str]:
    try:
        call()  # type: ignore[operator]
    except Exception as e:  # the error is what is compared
        return type(e), str(e)
    raise AssertionError("no error")


HAND = [1] * 13 + [0] * 21  # 1m..9m 1p..4p: 13 tiles


@pytest.mark.parametrize(
    ("bad", "kind", "text"),
    [
        (np.array(HAND, float), TypeError, "not float64"),
        (np.array(HAND, bool), TypeError, "not bool"),
        (np.array(HAND, object), None, None),  # python ints in an object array: read as counts
        (np.zeros((2, 34), np.int8), TypeError, "shape (2, 34)"),
        (np.array([5] + HAND[1:], np.uint8), InvalidHandError, "count of 1m is 5"),
        (np.array([-1] + HAND[1:], np.int64), InvalidHandError, "count of 1m is -1"),
        (np.array([300] + HAND[1:], np.int64), InvalidHandError, "count of 1m is 300"),
        (np.array(HAND[:30], np.uint8), InvalidHandError, "34 entries"),
        ([True, *HAND[1:]], TypeError, "not bool"),
        ([5, *HAND[1:]], InvalidHandError, "count of 1m is 5"),
        ([1] * 34, InvalidHandError, "wrong number of tiles"),
        (HAND[:33], InvalidHandError, "34 entries"),
        ([1.0, *HAND[1:]], TypeError, "float"),
        ([2**70, *HAND[1:]], InvalidHandError, "count of 1m is"),
    ],
)
def test_faults_give_the_errors_of_the_general_path(bad: object, kind: type[BaseException] | None, text: str | None) -> None:
    for f in (mf.shanten, mf.waits):
        if kind is None:
            assert f(bad) == f(_core.format_hand([int(x) for x in bad]))  # type: ignore[arg-type, attr-defined]
            continue
        k, message = _error(lambda f=f: f(bad))  # type: ignore[misc]
        assert k is kind and text in message, (f.__name__, message)


def test_tile_code_lists_and_hands_still_read() -> None:
    assert mf.shanten(["2m", "3m", "4m", "4m"]) == mf.shanten("2344m") == 0
    assert mf.waits(mf.Hand.parse("2344m")) == mf.waits("2344m")
    with pytest.raises(TypeError, match="not a mix"):
        mf.shanten(["2m", 3, "4m", "4m"])
    with pytest.raises(TypeError):
        mf.shanten(12.5)  # type: ignore[arg-type]
