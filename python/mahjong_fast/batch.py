"""Batch forms of shanten, waits and scoring over numpy arrays (design §1, rules §9–§11, §14a).

Each function copies its inputs into the Rust core, releases the GIL and spreads the rows over
the cores (rayon). A row is a hand of *concealed tiles only* (no declared sets, no bonus tiles in
the counts) under the Hong Kong shapes: ``counts[i, k]`` = copies of tile kind ``k`` (0..33 =
1m..9m, 1p..9p, 1s..9s, 1z..7z). ``counts`` must be a numpy array of exactly the documented
dtype (no silent casts); anything else — another dtype or shape, a count above 4, the wrong
number of tiles, an out-of-range kind or wind — raises
:class:`~mahjong_fast.errors.InvalidHandError` naming the first bad row. ``score_batch`` takes
the situation per row (one numpy value per row, or one value for every row): a situation array
of another dtype is a ``TypeError`` naming the argument, one of another length an
``InvalidHandError`` naming it. Results equal the single-call functions row by row.

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


def shanten_batch(counts: npt.NDArray[np.uint8], *, rules: RulesLike = None) -> npt.NDArray[np.int8]:
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


def waits_batch(counts: npt.NDArray[np.uint8], *, rules: RulesLike = None) -> npt.NDArray[np.bool_]:
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


#: A per-row situation argument: one value per row (a numpy array of the documented dtype and
#: shape ``(N,)``) or one value for every row.
Bools = npt.NDArray[np.bool_] | bool
Kinds = npt.NDArray[np.uint8] | int | str
Counts32 = npt.NDArray[np.uint32] | int


def score_batch(
    counts: npt.NDArray[np.uint8],
    win_tile: Kinds,
    seat_wind: Kinds,
    self_drawn: Bools,
    bonus_mask: npt.NDArray[np.uint8] | int | None = None,
    prevailing_wind: Kinds | None = None,
    *,
    robbing_kong: Bools | None = None,
    kong_replacement: Bools | None = None,
    last_tile: Bools | None = None,
    dealer_streak: Counts32 | None = None,
    discards: Counts32 | None = None,
    winner_discards: Counts32 | None = None,
    interrupted: Bools | None = None,
    rules: RulesLike = None,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """Score each row under the table of ``rules``, each row in its own situation: row ``i``
    gives what :func:`mahjong_fast.score` gives for the concealed hand ``counts[i]`` (no
    declared set) won on ``win_tile[i]`` with the situation keywords of row ``i``. Hong Kong:
    rules §10, §11, §14a with the minimum and cap of §18 (``min_faan``, ``max_faan``);
    Taiwanese: TW §10, §11, §14 with ``min_tai``.

    Every situation argument is either a numpy array of shape ``(N,)`` and exactly the dtype
    below (one value per row) or one value for all rows (a Python int, bool or wind letter).
    An argument left out (None) takes the default of :func:`mahjong_fast.score`.

    Args:
        counts: ``uint8[N, 34]``, the tiles *before* the winning tile (13 per row; 16 under a
            Taiwanese ruleset).
        win_tile: ``uint8[N]``, the winning tile's kind 0..33 (or one kind / tile code).
        seat_wind: ``uint8[N]``, the winner's seat wind 0..3 (E, S, W, N); or one wind.
        self_drawn: ``bool[N]``, won on a drawn tile (F11) rather than a discard; or one bool.
        bonus_mask: ``uint8[N]`` or one int 0..255 (None = no bonus tiles): bit ``b`` set when
            the winner has bonus tile ``b + 1`` f (bits 0..3 flowers 1f..4f, bits 4..7 seasons
            5f..8f).
        prevailing_wind: ``uint8[N]`` or one wind 0..3 (default East, rules §1.2).
        robbing_kong, kong_replacement, last_tile: ``bool[N]`` or one bool (default False):
            the situations of the same keywords of ``score`` (HK F12–F15; TW §10; ``last_tile``
            is F14 on a self-drawn row, F15 on a discard), checked per row as ``score``
            checks them.
        dealer_streak, discards, winner_discards: ``uint32[N]`` or one int 0..1,000,000, the
            deal's progress for rulesets that read it (TW §10, §15; default the mid-deal
            situation 0, 20, 5); refused by the others (Hong Kong).
        interrupted: ``bool[N]`` or one bool, the deal's progress as above (default True).
        rules: the ruleset (a :class:`~mahjong_fast.Ruleset` or a name, default Hong Kong).

    Returns:
        ``(value, is_win)``: ``uint8[N]`` faan (Taiwanese: hand Tai) after the cap
        (``max_faan``, 13 by default; a limit hand is worth exactly the cap; 0 when the row
        has no winning shape, the too-small total when below the minimum) and ``bool[N]``
        legal win (winning shape and at least the minimum).

    Raises:
        InvalidHandError: ``counts`` of a wrong dtype or shape, a count above 4, a row without
            13 tiles (16), a winning tile that would be a fifth copy, a situation array whose
            length is not ``N`` (naming it), a kind, wind or count out of range or a
            situation ``score`` refuses (naming the first bad row), a Taiwanese situation
            under Hong Kong.
        TypeError: a situation array of another dtype, or a single value of the wrong type
            (naming the argument); ``rules`` neither a Ruleset, a name nor None.
        RuleConfigError: an unknown ruleset name.

    >>> import numpy as np, mahjong_fast as mf
    >>> c = np.zeros((2, 34), dtype=np.uint8)
    >>> c[:, [0, 1, 2, 12, 13, 14, 24, 25, 26]] = 1
    >>> c[:, 27] = 2; c[:, 31] = 2                      # 123m456p789s11z55z, waiting on 1z/5z
    >>> value, ok = mf.score_batch(c, np.array([27, 31], np.uint8), "E", np.array([True, False]))
    >>> value.tolist(), ok.tolist()
    ([5, 3], [True, True])
    >>> mf.score_batch(c, np.array([27, 31], np.uint8), "E", False)[0].tolist()  # one value for all
    [4, 3]
    """
    return _core.score_batch(
        counts,
        win_tile,
        seat_wind,
        self_drawn,
        bonus_mask,
        prevailing_wind,
        robbing_kong=robbing_kong,
        kong_replacement=kong_replacement,
        last_tile=last_tile,
        dealer_streak=dealer_streak,
        discards=discards,
        winner_discards=winner_discards,
        interrupted=interrupted,
        rules=rules,
    )
