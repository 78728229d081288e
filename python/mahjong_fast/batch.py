"""Batch forms of shanten, waits and scoring over numpy arrays (design §1, rules §9–§11, §14a).

Each function copies its inputs into the Rust core, releases the GIL and spreads the rows over
the cores (rayon). A row is a hand of *concealed tiles only* (no declared sets, no bonus tiles in
the counts) under the Hong Kong shapes: ``counts[i, k]`` = copies of tile kind ``k`` (0..33 =
1m..9m, 1p..9p, 1s..9s, 1z..7z). Inputs must be numpy arrays of exactly the documented dtype
(no silent casts); anything else — another dtype or shape, a count above 4, the wrong number of
tiles, an out-of-range kind or wind — raises :class:`~mahjong_fast.errors.InvalidHandError`
naming the first bad row. Results equal the single-call functions row by row.

>>> import numpy as np, mahjong_fast as mf
>>> c = np.zeros((2, 34), dtype=np.uint8)
>>> c[0, [0, 1, 2, 3, 4, 5, 6, 7, 8]] = 1; c[0, 9] = 4          # 123456789m1111p
>>> c[1, :9] = [3, 1, 1, 1, 1, 1, 1, 1, 3]                       # 1112345678999m
>>> mf.shanten_batch(c).tolist()
[1, 0]
>>> np.flatnonzero(mf.waits_batch(c)[1]).tolist()
[0, 1, 2, 3, 4, 5, 6, 7, 8]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mahjong_fast import _core
from mahjong_fast.rules import RulesLike

__all__ = ["score_batch", "shanten_batch", "waits_batch"]


def shanten_batch(counts: npt.NDArray[np.uint8], *, rules: RulesLike = "hong-kong") -> npt.NDArray[np.int8]:
    """Shanten of each row (rules §14a), like :func:`mahjong_fast.shanten` on a concealed hand.

    Args:
        counts: ``uint8[N, 34]``, each row 13 tiles (→ 0 = ready) or 14 tiles (→ -1 = complete);
            16 or 17 under a Taiwanese ruleset (TW §9, §10a).
        rules: the ruleset (a :class:`~mahjong_fast.Ruleset` or a name); its winning shapes
            are used.

    Returns:
        ``int8[N]``.

    Raises:
        InvalidHandError: not a ``uint8`` array of shape ``(N, 34)``, a count above 4, or a row
            that does not hold 13 or 14 tiles (Taiwanese: 16 or 17).
        RuleConfigError: an unknown ruleset name.
        TypeError: ``rules`` is neither a Ruleset, a name nor None.
    """
    return _core.shanten_batch(counts, rules=rules)


def waits_batch(counts: npt.NDArray[np.uint8], *, rules: RulesLike = "hong-kong") -> npt.NDArray[np.bool_]:
    """Waits of each 13-tile row (rules §14a) as a mask: ``out[i, k]`` is True when kind ``k``
    completes row ``i`` (a kind the row holds four times is never a wait), like
    :func:`mahjong_fast.waits`.

    Args:
        counts: ``uint8[N, 34]``, each row 13 tiles (16 under a Taiwanese ruleset).
        rules: the ruleset (a :class:`~mahjong_fast.Ruleset` or a name); its winning shapes
            are used.

    Returns:
        ``bool[N, 34]``.

    Raises:
        InvalidHandError: not a ``uint8`` array of shape ``(N, 34)``, a count above 4, or a row
            that does not hold 13 tiles (Taiwanese: 16).
        RuleConfigError: an unknown ruleset name.
        TypeError: ``rules`` is neither a Ruleset, a name nor None.
    """
    return _core.waits_batch(counts, rules=rules)


def score_batch(
    counts: npt.NDArray[np.uint8],
    win_tile: npt.NDArray[np.uint8],
    seat_wind: npt.NDArray[np.uint8],
    self_drawn: npt.NDArray[np.bool_],
    bonus_mask: npt.NDArray[np.uint8] | None = None,
    prevailing_wind: int = 0,
    *,
    rules: RulesLike = "hong-kong",
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """Score each row under the table of ``rules`` (Hong Kong: rules §10, §11, §14a, with the
    minimum and cap of §18 ``min_faan``, ``max_faan``; Taiwanese: TW §11 with ``min_tai``, in
    the default mid-deal situation of :func:`mahjong_fast.score` — no streak or discard counts
    per row), like :func:`mahjong_fast.score` on a concealed hand with no declared set.

    Args:
        counts: ``uint8[N, 34]``, the tiles *before* the winning tile (13 per row; 16 under a
            Taiwanese ruleset).
        win_tile: ``uint8[N]``, the winning tile's kind 0..33.
        seat_wind: ``uint8[N]``, the winner's seat wind 0..3 (E, S, W, N).
        self_drawn: ``bool[N]``, won on a drawn tile (F11) rather than a discard.
        bonus_mask: ``uint8[N]`` or None (= no bonus tiles): bit ``b`` set when the winner has
            bonus tile ``b + 1`` f (bits 0..3 flowers 1f..4f, bits 4..7 seasons 5f..8f).
        prevailing_wind: 0..3 for every row (East = 0 in the product, rules §1.2).
        rules: the ruleset (a :class:`~mahjong_fast.Ruleset` or a name, default Hong Kong).

    Returns:
        ``(faan, is_win)``: ``uint8[N]`` faan (Taiwanese: hand Tai) after the cap (``max_faan``, 13 by default; a
        limit hand is worth exactly the cap; 0 when the row has no winning shape, the too-small
        total when below the minimum) and ``bool[N]`` legal win (winning shape and at least
        ``min_faan``, 3 by default).

    Raises:
        InvalidHandError: a wrong dtype or shape (the 1-D arrays must have ``N`` elements), a
            count above 4, a row without 13 tiles, a winning tile that would be a fifth copy, a
            kind or wind out of range.
        RuleConfigError: an unknown ruleset name.
        TypeError: ``rules`` is neither a Ruleset, a name nor None.
    """
    return _core.score_batch(
        counts, win_tile, seat_wind, self_drawn, bonus_mask, prevailing_wind, rules=rules
    )

