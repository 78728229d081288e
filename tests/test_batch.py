"""Batch forms over numpy (shanten_batch, waits_batch, score_batch) equal the single calls row by
row on thousands of seeded hands, and reject bad input with InvalidHandError."""

from __future__ import annotations

import numpy as np
import pytest

import mahjong_fast as mf
from mahjong_fast import _core
from mahjong_fast.errors import InvalidHandError


def _random_rows(seed: int, n: int, n_tiles: int) -> np.ndarray:
    """Random hands drawn from the 136 tiles."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    tiles = np.repeat(np.arange(34), 4)
    for i in range(n):
        pick = rng.choice(tiles, size=n_tiles, replace=False)
        np.add.at(out[i], pick, 1)
    return out


def _near_rows(seed: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """13 tiles of a complete hand plus its 14th tile (often scoring), built from sets and a pair."""
    rng = np.random.default_rng(seed)
    rows = np.zeros((n, 34), dtype=np.uint8)
    win = np.zeros(n, dtype=np.uint8)
    i = 0
    while i < n:
        c = np.zeros(34, dtype=np.int64)
        suit = int(rng.integers(4))  # bias towards one suit for flushes
        for _ in range(4):
            if rng.random() < 0.5:
                s = suit if (suit < 3 and rng.random() < 0.7) else int(rng.integers(3))
                k = 9 * s + int(rng.integers(7))
                c[k : k + 3] += 1
            else:
                c[int(rng.integers(34))] += 3
        c[int(rng.integers(34))] += 2
        if c.max() > 4:
            continue
        tiles = np.repeat(np.arange(34), c)
        w = int(rng.choice(tiles))
        c[w] -= 1
        rows[i] = c
        win[i] = w
        i += 1
    return rows, win


RANDOM13 = _random_rows(11, 2000, 13)
RANDOM14 = _random_rows(12, 1000, 14)
NEAR13, NEAR_WIN = _near_rows(13, 3000)


def test_shanten_batch_equals_single() -> None:
    for rows in (RANDOM13, RANDOM14, NEAR13):
        got = mf.shanten_batch(rows)
        assert got.dtype == np.int8 and got.shape == (len(rows),)
        want = [_core.shanten(r.tolist()) for r in rows]
        assert got.tolist() == want


def test_waits_batch_equals_single() -> None:
    for rows in (RANDOM13, NEAR13):
        got = mf.waits_batch(rows)
        assert got.dtype == np.bool_ and got.shape == (len(rows), 34)
        for r, mask in zip(rows, got):
            assert np.flatnonzero(mask).tolist() == _core.waits(r.tolist())
    assert mf.waits_batch(NEAR13).any(axis=1).sum() > 1000


def test_score_batch_equals_single() -> None:
    rng = np.random.default_rng(14)
    n = len(NEAR13)
    seat = rng.integers(0, 4, n).astype(np.uint8)
    drawn = rng.random(n) < 0.5
    bonus = rng.integers(0, 256, n).astype(np.uint8)
    for prevailing in (0, 2):
        faan, is_win = mf.score_batch(NEAR13, NEAR_WIN, seat, drawn, bonus, prevailing_wind=prevailing)
        assert faan.dtype == np.uint8 and is_win.dtype == np.bool_
        for i in range(n):
            r = _core.score(
                NEAR13[i].tolist(), [], int(bonus[i]), int(NEAR_WIN[i]), int(seat[i]), prevailing,
                self_drawn=bool(drawn[i]),
            )
            assert (int(faan[i]), bool(is_win[i])) == (r.faan, r.is_win), i
        assert 500 < is_win.sum() < n
    # Default bonus mask: none.
    faan, _ = mf.score_batch(NEAR13[:50], NEAR_WIN[:50], seat[:50], drawn[:50])
    faan0, _ = mf.score_batch(NEAR13[:50], NEAR_WIN[:50], seat[:50], drawn[:50], np.zeros(50, np.uint8))
    assert faan.tolist() == faan0.tolist()


def test_empty_and_strided() -> None:
    empty = np.zeros((0, 34), dtype=np.uint8)
    assert mf.shanten_batch(empty).shape == (0,)
    assert mf.waits_batch(empty).shape == (0, 34)
    f, w = mf.score_batch(empty, np.zeros(0, np.uint8), np.zeros(0, np.uint8), np.zeros(0, bool))
    assert f.shape == w.shape == (0,)
    # A non-contiguous view (every other row, Fortran order) gives the same answers.
    view = np.asfortranarray(RANDOM13)[::2]
    assert mf.shanten_batch(view).tolist() == mf.shanten_batch(np.ascontiguousarray(view)).tolist()


@pytest.mark.parametrize(
    "bad",
    [
        RANDOM13.astype(np.int64),  # wrong dtype
        RANDOM13[:, :33],  # wrong shape
        RANDOM13[0],  # 1-D
        RANDOM13.tolist(),  # not an array
    ],
)
def test_bad_arrays(bad: object) -> None:
    for fn in (mf.shanten_batch, mf.waits_batch):
        with pytest.raises(InvalidHandError):
            fn(bad)  # type: ignore[arg-type]


def test_bad_rows_name_the_row() -> None:
    rows = RANDOM13.copy()
    rows[7, 0] = 5
    with pytest.raises(InvalidHandError, match="row 7"):
        mf.shanten_batch(rows)
    rows = RANDOM13.copy()
    rows[3] = 0
    rows[3, :4] = 3  # 12 tiles
    with pytest.raises(InvalidHandError, match="row 3: wrong number of tiles"):
        mf.waits_batch(rows)
    with pytest.raises(InvalidHandError, match="row 0"):
        mf.waits_batch(RANDOM14)  # 14 tiles: not a waits hand


def test_score_batch_errors() -> None:
    n = 10
    rows, win = NEAR13[:n], NEAR_WIN[:n]
    seat = np.zeros(n, np.uint8)
    drawn = np.zeros(n, bool)
    with pytest.raises(InvalidHandError, match="win_tile"):
        mf.score_batch(rows, win.astype(np.int32), seat, drawn)
    with pytest.raises(InvalidHandError, match="seat_wind"):
        mf.score_batch(rows, win, seat[:5], drawn)
    bad_win = win.copy()
    bad_win[2] = 34
    with pytest.raises(InvalidHandError, match="row 2"):
        mf.score_batch(rows, bad_win, seat, drawn)
    bad_seat = seat.copy()
    bad_seat[4] = 4
    with pytest.raises(InvalidHandError, match="row 4"):
        mf.score_batch(rows, win, bad_seat, drawn)
    with pytest.raises(InvalidHandError, match="prevailing"):
        mf.score_batch(rows, win, seat, drawn, prevailing_wind=7)
    # A winning tile that would be a fifth copy.
    five = rows.copy()
    five[1] = 0
    five[1, 0] = 4
    five[1, 1:10] = 1
    w5 = win.copy()
    w5[1] = 0
    with pytest.raises(InvalidHandError, match="row 1"):
        mf.score_batch(five, w5, seat, drawn)


def test_single_calls_accept_bytes_and_lists() -> None:
    for r in RANDOM13[:200]:
        assert _core.shanten(bytes(r)) == _core.shanten(r.tolist()) == _core.shanten(tuple(r.tolist()))
        assert _core.waits(bytes(r)) == _core.waits(r.tolist())
    with pytest.raises(InvalidHandError):
        _core.shanten(bytes(33))
    with pytest.raises(InvalidHandError):
        _core.shanten(b"\x05" + bytes(33))


def test_tables_built_at_import() -> None:
    assert 0 <= _core.TABLES_BUILD_SECONDS < 5
