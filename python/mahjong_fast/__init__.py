"""mahjong_fast: an exact, fast Hong Kong mahjong engine with a Rust core.

The quick scorer (rules §9–§11, §14a)::

    >>> import mahjong_fast as mf
    >>> r = mf.score("111222333m9s [555p] 1f", "9s", self_drawn=True, seat_wind="E")
    >>> r.faan, [e.code for e in r.elements]
    (5, ['F2', 'F11', 'F17'])
    >>> [str(t) for t in mf.waits("1112345678999s")]
    ['1s', '2s', '3s', '4s', '5s', '6s', '7s', '8s', '9s']
    >>> mf.shanten("123456789m1111p")
    1

Hands are notation strings (``"123m456p11z [555z] (2222p) 1f"``, design §3; the rules §2.5 tags
``chow[..] pung[..] kong[..] addkong[..] ckong[..]`` are accepted too) or :class:`Hand` objects.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable

from mahjong_fast import _core
from mahjong_fast.batch import score_batch, shanten_batch, waits_batch
from mahjong_fast.errors import (
    IllegalActionError,
    InvalidHandError,
    InvalidTileError,
    MahjongError,
    ReplayError,
    RuleConfigError,
)
from mahjong_fast.rules import Ruleset, resolve_rules
from mahjong_fast.tiles import (
    Hand,
    HandLike,
    Meld,
    MeldKind,
    Tile,
    TileLike,
)

__version__: str = _core.__version__
#: ``"release"`` or ``"debug"``: how the native core was compiled.
BUILD_PROFILE: str = _core.BUILD_PROFILE

if BUILD_PROFILE != "release":  # pragma: no cover - depends on how it was built
    warnings.warn(
        "mahjong_fast's native core is a debug build and much slower than a release build; "
        "install with `pip install .` or `maturin develop --release` for real use",
        RuntimeWarning,
        stacklevel=2,
    )

__all__ = [
    "BUILD_PROFILE",
    "Element",
    "Hand",
    "IllegalActionError",
    "InvalidHandError",
    "InvalidTileError",
    "MahjongError",
    "Meld",
    "MeldKind",
    "ReplayError",
    "RuleConfigError",
    "Ruleset",
    "ScoreResult",
    "SimulationInterrupted",
    "SimulationResult",
    "Summary",
    "Tile",
    "__version__",
    "decompose",
    "score",
    "score_batch",
    "shanten",
    "shanten_batch",
    "simulate",
    "waits",
    "waits_batch",
]


#: One line of a faan breakdown: ``Element("F6", "Dragon pung", 1)`` with ``code``, ``name`` and
#: ``faan`` (rules §10.2, §10.4); ``str(e)`` is ``"F6 Dragon pung 1"``; it unpacks as a triple.
Element = _core.Element

#: The score of one hand, explained (rules §10, §11, §14a), as :func:`score` returns it.
#:
#: Attributes (read-only; the breakdown, interpretation and payments are built when read):
#:     is_win: the hand is a legal win (a winning shape worth at least 3 faan).
#:     reason: ``None`` for a win, else ``"NOT_A_WINNING_HAND"`` or ``"BELOW_MINIMUM"``.
#:     faan: the total after the 13-faan cap; for ``BELOW_MINIMUM`` the (too small) total,
#:         for ``NOT_A_WINNING_HAND`` 0.
#:     raw_faan: the total before the cap (13 for a limit hand).
#:     limit: ``"L1"``..``"L8"`` for a limit hand, else ``None``.
#:     elements: the breakdown, a tuple of :data:`Element` in ascending element number (a limit
#:         hand: exactly one entry).
#:     interpretation: the chosen split of the hand in notation, units sorted by tile, declared
#:         sets with their tags (``"111m 222m 333m pung[555p] 99s"``); ``""`` when not a win.
#:     base: the base of a win in points, M(faan) × unit of the ruleset (rules §11.1, §18):
#:         ``2 ** faan`` under the default switches; 0 when not a win.
#:     payments: score change per seat wind (``{"E": 96, "S": -32, ...}``, sums to zero) for a
#:         win; empty when not a win, or for a win on a discard whose ``discarder`` was not given.
ScoreResult = _core.ScoreResult


def _notation(hand: object) -> str:
    """Notation of a :class:`Hand` (the string form is passed as it is)."""
    if isinstance(hand, Hand):
        return str(hand)
    raise TypeError(f"hand must be hand notation (str) or a Hand, not {type(hand).__name__}")


def _bonus_notation(bonus: Iterable[TileLike]) -> str:
    """Bonus tiles given as an iterable of tiles, as notation for the core."""
    if isinstance(bonus, (bytes, int, float)) or bonus is None:
        raise TypeError(f"bonus must be bonus tiles in notation (str) or a list of tiles, not {type(bonus).__name__}")
    return " ".join(Tile(b).code for b in bonus)


def score(
    hand: HandLike,
    win_tile: TileLike | None,
    *,
    self_drawn: bool = False,
    seat_wind: str | int = "E",
    prevailing_wind: str | int = "E",
    bonus: str | Iterable[TileLike] = "",
    robbing_kong: bool = False,
    kong_replacement: bool = False,
    last_tile: bool = False,
    dealer_start: bool = False,
    discarder: str | int | None = None,
    rules: Ruleset | str | None = None,
) -> ScoreResult:
    """Score a winning hand (rules §10, §11, §14a; the Hong Kong table unless ``rules`` says
    otherwise).

    Args:
        hand: the winner's tiles *before* the winning tile: 13 tiles counting each declared set
            as 3 (e.g. ``"111222333m9s [555p]"``), plus any bonus tiles; notation (str, at most
            1024 characters) or a :class:`Hand`. With ``dealer_start=True`` the 14 dealt tiles
            and ``win_tile=None``.
        win_tile: the tile that completed the hand: a code (``"9s"``), a :class:`Tile` or a
            kind (int 0..33, numpy integers too).
        self_drawn: the winner drew the winning tile (F11); otherwise it was a discard.
        seat_wind: the winner's seat wind, ``"E"``, ``"S"``, ``"W"`` or ``"N"`` (or 0..3).
        prevailing_wind: the prevailing wind (East in the product, rules §1.2).
        bonus: the winner's exposed bonus tiles (``"1f,5f"`` or tiles), added to any in ``hand``.
        robbing_kong: won on the tile added to another player's kong (F13).
        kong_replacement: won on a kong's replacement chain (F12); needs ``self_drawn``.
        last_tile: F14 (win on the last wall tile) when ``self_drawn``, otherwise F15 (win on the
            last discard).
        dealer_start: the dealer (East) wins on the 14 dealt tiles (rules §5.2, E28); counts as
            self-drawn (rules §9.4) whether or not ``self_drawn`` is given.
        discarder: seat wind of the player who discarded (or declared the robbed kong), as
            ``seat_wind``; gives the ``payments`` of a win on a discard.
        rules: a :class:`Ruleset`, a ruleset name (``"hk"``) or ``None`` for Hong Kong.

    Returns:
        A :data:`ScoreResult`. A hand that is no win is a result (``is_win=False`` with a
        ``reason``), not an exception.

    Raises:
        TypeError: an argument of the wrong type (a float, bool or None where a tile or a wind
            is expected), naming the argument.
        InvalidTileError: unreadable notation (with the position), a kind outside 0..33, a bonus
            tile as the winning tile.
        InvalidHandError: a fifth copy, the wrong number of tiles, a repeated bonus tile, a bad
            wind, notation over 1024 characters, or an impossible situation (rules §14a: e.g.
            ``kong_replacement`` without a kong, a self-drawn win with a ``discarder``, a
            discarder who is the winner), checked before the hand is valued.
        RuleConfigError: an unknown ruleset name.

    Example:
        >>> score("123m456m789p234s5s", "5s", self_drawn=True, seat_wind="S").faan
        4
    """
    return _core.score_notation(
        hand if type(hand) is str else _notation(hand),
        win_tile if type(win_tile) is str else (win_tile.kind if isinstance(win_tile, Tile) else win_tile),
        self_drawn,
        seat_wind,
        prevailing_wind,
        bonus if type(bonus) is str else _bonus_notation(bonus),
        robbing_kong,
        kong_replacement,
        last_tile,
        dealer_start,
        discarder,
        None if rules is None else resolve_rules(rules),
    )


def waits(hand: HandLike, rules: Ruleset | str | None = None) -> list[Tile]:
    """The waits of a hand of 13 tiles (each declared set counts 3), rules §14a: every tile
    kind that would give it a winning shape (ignoring the 3-faan minimum), except kinds whose
    four copies the player already holds. Empty when the hand is not ready.

    A concealed part alone of ``3n+1`` tiles, fewer than 13, is read as the rest of a hand whose
    missing sets are declared elsewhere (as the ``mahjong`` package and riichienv read it).

    Args:
        hand: notation (str, at most 1024 characters) or a :class:`Hand`.
        rules: a :class:`Ruleset`, a ruleset name or ``None`` for Hong Kong.

    Returns:
        The waiting tiles as :class:`Tile` objects, ascending kind.

    Raises:
        TypeError: ``hand`` is not a str or a Hand. InvalidTileError / InvalidHandError: bad
        notation, a fifth copy, not ``3n+1`` tiles up to 13.

    >>> [str(t) for t in waits("123m456m789p234s5s")]
    ['2s', '5s']
    >>> [str(t) for t in waits("2344m")]       # three sets declared elsewhere
    ['1m', '4m']
    """
    return _core.waits_notation(
        hand if type(hand) is str else _notation(hand), None if rules is None else resolve_rules(rules)
    )


def shanten(hand: HandLike, rules: Ruleset | str | None = None) -> int:
    """Shanten (rules §14a): exchanges needed to be ready; 0 = ready; -1 = complete (14 tiles).
    The minimum over the standard shape, seven pairs and thirteen orphans (the last two only with
    no declared set); targets needing a fifth copy don't count.

    A concealed part alone of ``3n+1`` or ``3n+2`` tiles, fewer than a full hand, is read as the
    rest of a hand whose missing sets are declared elsewhere (so seven pairs and thirteen orphans
    do not apply to it).

    Args:
        hand: notation (str, at most 1024 characters) or a :class:`Hand`.
        rules: a :class:`Ruleset`, a ruleset name or ``None`` for Hong Kong.

    Raises:
        TypeError: ``hand`` is not a str or a Hand. InvalidTileError / InvalidHandError: bad
        notation, a fifth copy, not ``3n+1`` or ``3n+2`` tiles up to 14.

    >>> shanten("123456789m1111p")
    1
    >>> shanten("222567p44468s")                # one set declared elsewhere
    0
    """
    return _core.shanten_notation(
        hand if type(hand) is str else _notation(hand), None if rules is None else resolve_rules(rules)
    )


def decompose(hand: HandLike, rules: Ruleset | str | None = None) -> list[str]:
    """Every interpretation of a complete 14-tile hand (rules §9, §10.1 step 1), each in
    notation with units sorted by tile (declared sets with their tags); empty when the hand has
    no winning shape. A concealed part alone of ``3n+2`` tiles, fewer than 14, is read with its
    missing sets declared elsewhere (they are not shown).

    Args:
        hand: notation (str, at most 1024 characters) or a :class:`Hand`.
        rules: a :class:`Ruleset`, a ruleset name or ``None`` for Hong Kong.

    Raises:
        TypeError: ``hand`` is not a str or a Hand. InvalidTileError / InvalidHandError: bad
        notation, a fifth copy, not ``3n+2`` tiles up to 14.

    >>> decompose("111222333m789p55s")
    ['111m 222m 333m 789p 55s', '123m 123m 123m 789p 55s']
    """
    return _core.decompose_notation(
        hand if type(hand) is str else _notation(hand), None if rules is None else resolve_rules(rules)
    )


# Bound last: importing the submodule sets the package attribute ``simulate`` to the module;
# this rebinds it to the function.
from mahjong_fast.simulate import SimulationInterrupted, SimulationResult, Summary, simulate
