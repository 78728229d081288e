"""The obvious code of a user who comes from the ``mahjong`` package or riichienv works
(tiles compare with their codes, 34 counts are a hand, errors name the public function, the
package shows its public names)."""

from __future__ import annotations

import mahjong_fast as mf
import numpy as np
import pytest

COUNTS_2344M = [0, 1, 1, 2] + [0] * 30


def test_a_tile_equals_and_hashes_like_its_code() -> None:
    assert "1m" in mf.waits("2344m") and "4m" in mf.waits("2344m")
    assert "2m" not in mf.waits("2344m")
    assert mf.waits("2344m") == ["1m", "4m"]
    assert mf.Tile("5s") == "5s" and "5s" == mf.Tile("5s") and mf.Tile("5s") != "5p"
    assert {mf.Tile("5s"): 1}["5s"] == 1 and {"5s": 1}[mf.Tile("5s")] == 1
    assert hash(mf.Tile("7z")) == hash("7z")
    assert mf.Tile(22) == mf.Tile("5s") and mf.Tile("5s") != 22  # a kind is no code
    assert len({mf.Tile("1m"), "1m", mf.Tile(0)}) == 1


@pytest.mark.parametrize(
    "counts",
    [COUNTS_2344M, tuple(COUNTS_2344M), bytes(COUNTS_2344M), np.array(COUNTS_2344M),
     np.array(COUNTS_2344M, dtype=np.uint8)],
    ids=["list", "tuple", "bytes", "array", "uint8"],
)  # fmt: skip
def test_shanten_waits_decompose_take_34_counts(counts: object) -> None:
    assert mf.shanten(counts) == mf.shanten("2344m") == 0  # type: ignore[arg-type]
    assert mf.waits(counts) == mf.waits("2344m")  # type: ignore[arg-type]
    full = [0] * 34
    for k in (0, 0, 0, 1, 1, 1, 2, 2, 2, 15, 16, 17, 22, 22):
        full[k] += 1
    assert mf.decompose(full) == mf.decompose("111222333m789p55s")
    assert mf.shanten(full) == -1


def test_counts_that_are_no_hand_are_refused_clearly() -> None:
    with pytest.raises(mf.InvalidHandError, match="34 entries"):
        mf.shanten([0] * 33)
    with pytest.raises(mf.InvalidHandError, match="0..4"):
        mf.shanten([5] + [0] * 33)
    with pytest.raises(TypeError, match="one row of 34"):
        mf.shanten(np.zeros((2, 34), dtype=int))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        mf.shanten([0.5] * 34)  # type: ignore[list-item]


def test_an_unknown_keyword_is_reported_against_score() -> None:
    with pytest.raises(TypeError, match=r"^score\(\) got an unexpected keyword argument 'seat'"):
        mf.score("123m456m789p234s5s", "5s", seat="S")  # type: ignore[call-arg]


def test_dir_shows_the_public_names_only() -> None:
    names = dir(mf)
    for private in ("annotations", "dataclass", "Iterable", "warnings", "Sequence", "_core"):
        assert private not in names
    assert set(mf.__all__) <= set(names)
    assert {"game", "sim", "errors"} <= set(names)
    assert all(hasattr(mf, n) for n in names)
