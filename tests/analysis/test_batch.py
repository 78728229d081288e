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


def _near_rows(seed: int, n: int, n_sets: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """13 tiles of a complete hand plus its 14th tile (often scoring), built from sets and a pair
    (``n_sets = 5``: 16 tiles of a Taiwanese hand plus its 17th)."""
    rng = np.random.default_rng(seed)
    rows = np.zeros((n, 34), dtype=np.uint8)
    win = np.zeros(n, dtype=np.uint8)
    i = 0
    while i < n:
        c = np.zeros(34, dtype=np.int64)
        suit = int(rng.integers(4))  # bias towards one suit for flushes
        for _ in range(n_sets):
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
    with pytest.raises(TypeError, match="win_tile"):
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


def _situations(seed: int, n: int) -> dict[str, np.ndarray]:
    """Per-row Hong Kong situations that `score` accepts: a self-drawn row may be a kong
    replacement or the last wall tile, a row won on a discard may rob a kong or be the last
    discard (rules §7.4, §8, F12–F15)."""
    rng = np.random.default_rng(seed)
    drawn = rng.random(n) < 0.5
    return {
        "seat_wind": rng.integers(0, 4, n).astype(np.uint8),
        "prevailing_wind": rng.integers(0, 4, n).astype(np.uint8),
        "self_drawn": drawn,
        "bonus_mask": rng.integers(0, 256, n).astype(np.uint8),
        "kong_replacement": drawn & (rng.random(n) < 0.3),
        # F14 on a self-drawn row, F15 on a discard
        "last_tile": np.where(drawn, rng.random(n) < 0.3, rng.random(n) < 0.2),
        "robbing_kong": ~drawn & (rng.random(n) < 0.2),
    }


def _single(rows: np.ndarray, win: np.ndarray, sit: dict[str, np.ndarray], i: int, rules: str) -> mf.ScoreResult | None:
    """`_core.score` of row ``i`` in its situation (None when `score` refuses the situation)."""
    kw = {k: (bool(v[i]) if v.dtype == np.bool_ else int(v[i])) for k, v in sit.items()}
    bonus = kw.pop("bonus_mask", 0)
    seat, prevailing = kw.pop("seat_wind"), kw.pop("prevailing_wind")
    try:
        return _core.score(bytes(rows[i]), None, bonus, int(win[i]), seat, prevailing, rules=rules, **kw)
    except InvalidHandError:
        return None


def _check_rows(rows: np.ndarray, win: np.ndarray, sit: dict[str, np.ndarray], rules: str) -> int:
    """Score the rows `score` accepts in one batch call and compare each with `score`."""
    want = [_single(rows, win, sit, i, rules) for i in range(len(rows))]
    keep = np.array([w is not None for w in want])
    value, is_win = mf.score_batch(rows[keep], win[keep], rules=rules, **{k: v[keep] for k, v in sit.items()})
    assert value.dtype == np.uint8 and is_win.dtype == np.bool_
    got = list(zip(value.tolist(), is_win.tolist()))
    assert got == [(w.value, w.is_win) for w in want if w is not None]
    if not keep.all():  # the first refused row is named
        bad = int(np.flatnonzero(~keep)[0])
        with pytest.raises(InvalidHandError, match=f"row {bad}:"):
            mf.score_batch(rows, win, rules=rules, **sit)
    return int(is_win[:].sum())


def test_score_batch_situation_arrays_equal_score_row_by_row() -> None:
    sit = _situations(21, len(NEAR13))
    legal = _check_rows(NEAR13, NEAR_WIN, sit, "hong-kong")
    assert 500 < legal < len(NEAR13)
    # the situations change values: rows won on the last tile, the last discard or a robbed
    # kong score higher than the same rows without (F13-F15; a kong replacement needs a
    # declared kong, which these concealed rows never have, so `score` refuses those rows)
    sit["kong_replacement"][:] = False
    keep = np.array([_single(NEAR13, NEAR_WIN, sit, i, "hong-kong") is not None for i in range(len(NEAR13))])
    rows, win = NEAR13[keep], NEAR_WIN[keep]
    sit = {k: v[keep] for k, v in sit.items()}
    plain = mf.score_batch(rows, win, sit["seat_wind"], sit["self_drawn"], sit["bonus_mask"], sit["prevailing_wind"])[0]
    full = mf.score_batch(rows, win, rules="hong-kong", **sit)[0]
    assert (full >= plain).all() and (full > plain).sum() > 100


@pytest.mark.parametrize("name", ["taiwanese-high", "taiwanese-low"])
def test_score_batch_taiwanese_situations_equal_score(name: str) -> None:
    rows, win = _near_rows(31, 1500, n_sets=5)
    n = len(rows)
    rng = np.random.default_rng(32)
    sit = _situations(33, n)
    sit.update(
        dealer_streak=rng.integers(0, 4, n).astype(np.uint32),
        discards=rng.integers(0, 40, n).astype(np.uint32),
        winner_discards=rng.integers(0, 10, n).astype(np.uint32),
        interrupted=rng.random(n) < 0.8,
    )
    legal = _check_rows(rows, win, sit, name)
    assert 0 < legal < n
    # early wins (few discards, uninterrupted) are reached and valued differently
    early = dict(sit, discards=np.full(n, 3, np.uint32), winner_discards=np.zeros(n, np.uint32), interrupted=np.zeros(n, bool))
    _check_rows(rows, win, early, name)
    both = [i for i in range(n) if None not in (_single(rows, win, sit, i, name), _single(rows, win, early, i, name))]
    assert len(both) > 100
    a = mf.score_batch(rows[both], win[both], rules=name, **{k: v[both] for k, v in sit.items()})[0]
    b = mf.score_batch(rows[both], win[both], rules=name, **{k: v[both] for k, v in early.items()})[0]
    assert (a != b).any()


def test_score_batch_scalars_broadcast_like_arrays() -> None:
    rows, win = NEAR13[:300], NEAR_WIN[:300]
    n = len(rows)
    ones = mf.score_batch(rows, win, "S", True, 3, "W", last_tile=True)
    arrays = mf.score_batch(
        rows, win, np.full(n, 1, np.uint8), np.ones(n, bool), np.full(n, 3, np.uint8), np.full(n, 2, np.uint8),
        last_tile=np.ones(n, bool),
    )
    assert ones[0].tolist() == arrays[0].tolist() and ones[1].tolist() == arrays[1].tolist()
    tw_rows, tw_win = _near_rows(41, 50, n_sets=5)
    # (a dealer winning on the 7th discard has made at most 3 of them: TW §10a)
    a = mf.score_batch(tw_rows, tw_win, 0, False, rules="taiwanese-high", discards=7, winner_discards=2,
                       dealer_streak=2)
    b = mf.score_batch(tw_rows, tw_win, 0, False, rules="taiwanese-high", discards=np.full(50, 7, np.uint32),
                       winner_discards=np.full(50, 2, np.uint32), dealer_streak=np.full(50, 2, np.uint32))
    assert a[0].tolist() == b[0].tolist()


def test_score_batch_situation_errors_name_the_argument() -> None:
    n = 10
    rows, win = NEAR13[:n], NEAR_WIN[:n]
    seat, drawn = np.zeros(n, np.uint8), np.zeros(n, bool)
    for name, bad in [
        ("self_drawn", {"self_drawn": drawn.astype(np.uint8)}),
        ("seat_wind", {"seat_wind": seat.astype(np.int64)}),
        ("prevailing_wind", {"prevailing_wind": seat.astype(np.float32)}),
        ("bonus_mask", {"bonus_mask": seat.astype(np.uint16)}),
        ("robbing_kong", {"robbing_kong": np.zeros(n, np.int8)}),
        ("last_tile", {"last_tile": 1}),  # an int is not a bool
        ("kong_replacement", {"kong_replacement": "yes"}),
    ]:
        args = {"seat_wind": seat, "self_drawn": drawn, **bad}
        with pytest.raises(TypeError, match=name):
            mf.score_batch(rows, win, **args)  # type: ignore[arg-type]
    for name, bad in [
        ("self_drawn", {"self_drawn": drawn[:3]}),
        ("last_tile", {"last_tile": np.zeros((n, 1), bool)}),
        ("bonus_mask", {"bonus_mask": np.zeros(n + 1, np.uint8)}),
    ]:
        args = {"seat_wind": seat, "self_drawn": drawn, **bad}
        with pytest.raises(InvalidHandError, match=name):
            mf.score_batch(rows, win, **args)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="discards"):
        mf.score_batch(rows, win, seat, drawn, rules="taiwanese-low", discards=np.zeros(n, np.int64))
    with pytest.raises(InvalidHandError, match="dealer_streak is part of the deal.s progress.*hong-kong rules do not read"):
        mf.score_batch(rows, win, seat, drawn, dealer_streak=np.zeros(n, np.uint32))
    with pytest.raises(InvalidHandError, match="row 3: prevailing wind 9"):
        p = np.zeros(n, np.uint8)
        p[3] = 9
        mf.score_batch(rows, win, seat, drawn, prevailing_wind=p)
    with pytest.raises(InvalidHandError, match="row 0:"):  # a self-drawn win cannot rob a kong
        mf.score_batch(rows, win, seat, True, robbing_kong=True)
