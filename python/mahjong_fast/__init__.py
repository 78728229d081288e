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

import os as _os
import signal as _signal
import sys as _sys
from types import FrameType as _FrameType


def _interrupted_while_starting(signum: int, frame: _FrameType | None) -> None:
    """Ctrl-C while the ``mahjong-fast`` script is still importing: stop quietly with the CLI's
    status 130 (``mahjong_fast.cli.main`` puts Python's own handler back once it runs)."""
    _sys.stderr.write("\ninterrupted\n")
    _os._exit(130)


# The script imports this package (numpy, the core's tables) before the CLI can catch Ctrl-C;
# a Ctrl-C in that first instant must not print a traceback (no traceback reaches a CLI user).
if _os.path.basename(_sys.argv[0] if _sys.argv else "") == "mahjong-fast":
    _signal.signal(_signal.SIGINT, _interrupted_while_starting)

import warnings as _warnings
from collections.abc import Iterable as _Iterable
from collections.abc import Sequence as _Sequence
from dataclasses import dataclass as _dataclass
from typing import Any as _Any

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
from mahjong_fast.rules import Ruleset, presets, resolve_rules
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
    _warnings.warn(
        "mahjong_fast's native core is a debug build and much slower than a release build; "
        "install with `pip install .` or `maturin develop --release` for real use",
        RuntimeWarning,
        stacklevel=2,
    )

__all__ = [
    "BELOW_MINIMUM",
    "BUILD_PROFILE",
    "ArenaReport",
    "Element",
    "Hand",
    "IllegalActionError",
    "InvalidHandError",
    "InvalidTileError",
    "MahjongError",
    "Match",
    "Meld",
    "MeldKind",
    "PolicyStats",
    "ReplayError",
    "RuleConfigError",
    "Ruleset",
    "ScoreResult",
    "SimulationInterrupted",
    "SimulationResult",
    "Summary",
    "TaiwaneseMatch",
    "Tile",
    "WaitValue",
    "__version__",
    "arena",
    "bonus_win",
    "decompose",
    "presets",
    "score",
    "score_batch",
    "settle_deal",
    "shanten",
    "shanten_batch",
    "simulate",
    "wait_values",
    "waits",
    "waits_batch",
]

#: ``ScoreResult.reason`` of a winning shape worth less than the minimum (rules §10.5)
BELOW_MINIMUM = "BELOW_MINIMUM"


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


#: Score a winning hand (rules §10, §11, §14a): ``score(hand, win_tile, *, self_drawn=False,
#: seat_wind="E", prevailing_wind="E", bonus="", robbing_kong=False, kong_replacement=False,
#: last_tile=False, dealer_start=False, discarder=None, rules=None) -> ScoreResult``.
#: The function is the core's own (``help(score)`` has the arguments, errors and an example):
#: the notation is parsed and the situation checked in Rust, in one call, with no Python frame.
#:
#: >>> score("123m456m789p234s5s", "5s", self_drawn=True, seat_wind="S").faan
#: 4
score = _core.score_notation

Match = _core.Match

#: The name that the deprecated ``settle_deal``, ``bonus_win`` and ``TaiwaneseMatch`` still
#: default to for one release (data: no decision reads it).
_LEGACY_DEFAULT = "taiwanese-high"


def _legacy_rules(what: str, instead: str, rules: Ruleset | str | None) -> Ruleset:
    """The ruleset of a deprecated entry point, with its DeprecationWarning: without ``rules``
    the 0.x default (``"taiwanese-high"``), kept for this release only."""
    if rules is None:
        _warnings.warn(
            f"{what} is deprecated; called without rules= it still uses {_LEGACY_DEFAULT!r} in "
            f"this release, but will use Hong Kong (the default of every rules= argument) in the "
            f"next. Use {instead} with the ruleset named.",
            DeprecationWarning,
            stacklevel=3,
        )
        return resolve_rules(_LEGACY_DEFAULT)
    _warnings.warn(f"{what} is deprecated; use {instead}.", DeprecationWarning, stacklevel=3)
    return resolve_rules(rules)


def settle_deal(
    wins: _Any,
    *,
    dealer: int | str | None = None,
    dealer_streak: int = 0,
    rules: Ruleset | str | None = None,
) -> "_core._Settlement":
    """Deprecated: :meth:`Ruleset.settle` (``resolve_rules(rules).settle(wins, dealer=,
    dealer_streak=)``), the one entry point of payments (HK §11–§12, TW §15–§16).

    Called without ``rules`` it settles under ``"taiwanese-high"``, as in 0.x, for this release
    only (with a DeprecationWarning that says so). Arguments, result and errors are those of
    :meth:`Ruleset.settle`; an unknown ruleset name raises RuleConfigError.
    """
    r = _legacy_rules(
        "mahjong_fast.settle_deal", "Ruleset.settle(wins, dealer=, dealer_streak=)", rules
    )
    return r.settle(wins, dealer=dealer, dealer_streak=dealer_streak)


def bonus_win(
    bonus: str,
    win_tile: str,
    *,
    seat: int | str,
    discarder: int | str | None = None,
    dealer_streak: int = 0,
    rules: Ruleset | str | None = None,
) -> "_core._BonusWin | None":
    """Deprecated: :meth:`Ruleset.bonus_win` (``resolve_rules(rules).bonus_win(bonus,
    win_tile, seat=, discarder=, dealer_streak=)``), the bonus-tile wins of TW §7.

    Called without ``rules`` it answers under ``"taiwanese-high"``, as in 0.x, for this release
    only (with a DeprecationWarning that says so). Arguments, result and errors are those of
    :meth:`Ruleset.bonus_win`.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     bonus_win("1f 2f 3f 5f 6f 7f 8f", "4f", seat="W")["payments"]   # TW §18 T19
    {'E': -31, 'S': -30, 'W': 91, 'N': -30}
    """
    r = _legacy_rules(
        "mahjong_fast.bonus_win", "Ruleset.bonus_win(bonus, win_tile, seat=, ...)", rules
    )
    return r.bonus_win(bonus, win_tile, seat=seat, discarder=discarder, dealer_streak=dealer_streak)


class TaiwaneseMatch(_core.Match):
    """Deprecated alias of :class:`Match` (``Match(Ruleset.taiwanese(), first_dealer=0)``).

    Constructing one warns (DeprecationWarning); without ``rules`` it is still a
    ``"taiwanese-high"`` match (TW §16) for this release, and ``first_dealer`` still defaults to
    seat 0 (East), as in 0.1."""

    def __new__(  # noqa: PYI034 - a plain class under Python 3.10 (no typing.Self)
        cls, rules: Ruleset | str | None = None, first_dealer: int | None = 0
    ) -> "TaiwaneseMatch":
        r = _legacy_rules("mahjong_fast.TaiwaneseMatch", "Match(rules, first_dealer=)", rules)
        return super().__new__(cls, r, first_dealer)


#: What the analysis functions take as a hand: notation, a :class:`Hand`, a list of tile codes
#: (``["1m", "2m", ...]``, the concealed tiles), or 34 counts (a list, tuple, bytes or numpy
#: array indexed by kind, as the ``mahjong`` package and riichienv hold a hand: the concealed
#: tiles, any declared sets being elsewhere).
AnalysisHand = HandLike | _Sequence[int] | _Sequence[str | Tile]


def _analysis_hand(hand: object) -> _Any:
    """The core's reading of an analysis function's hand where it is not notation or valid
    counts in a list or numpy array (those the core reads itself, issue 42): notation or a
    Hand as given; 34 counts as their notation (the core's check of counts:
    TypeError for a wrong type, InvalidHandError for a length other than 34 or a count above
    4); anything else as given, for the core's TypeError naming ``hand``."""
    if isinstance(hand, (str, Hand)):
        return hand
    if isinstance(hand, (list, tuple)) and any(isinstance(x, (str, Tile)) for x in hand):
        # tile codes (["1m", "2m", Tile("3m"), ...]): the concealed tiles, read as notation
        if not all(isinstance(x, (str, Tile)) for x in hand):
            raise TypeError(
                "hand: a list is either tile codes (['1m', '2m', ...]) or 34 counts by kind "
                "([0, 1, 1, 2, 0, ...]), not a mix of both"
            )
        return "".join(str(x).strip() for x in hand)
    if isinstance(hand, (list, tuple, bytes, bytearray)) or hasattr(hand, "__array__"):
        if getattr(hand, "ndim", 1) != 1:
            raise TypeError(
                f"hand: counts must be one row of 34 ints, not an array of shape {hand.shape}"  # type: ignore[attr-defined]
            )
        return _core.format_hand(hand)  # type: ignore[arg-type]
    return hand


def waits(hand: AnalysisHand, rules: Ruleset | str | None = None) -> list[Tile]:
    """The waits of a hand of 13 tiles (each declared set counts 3), rules §14a: every tile
    kind that would give it a winning shape (ignoring the 3-faan minimum), except kinds whose
    four copies the player already holds. Empty when the hand is not ready.

    A concealed part alone of ``3n+1`` tiles, fewer than 13, is read as the rest of a hand whose
    missing sets are declared elsewhere (as the ``mahjong`` package and riichienv read it).

    Args:
        hand: notation (str, at most 1024 characters), a :class:`Hand`, or 34 counts by kind.
        rules: a :class:`Ruleset`, a ruleset name or ``None`` for Hong Kong.

    Returns:
        The waiting tiles as :class:`Tile` objects, ascending kind; a Tile equals its code
        (``"1m" in waits("2344m")``).

    Raises:
        TypeError: ``hand`` is neither a str, a Hand nor 34 ints. InvalidTileError /
        InvalidHandError: bad notation, a fifth copy, not ``3n+1`` tiles up to 13.

    >>> [str(t) for t in waits("123m456m789p234s5s")]
    ['2s', '5s']
    >>> waits("2344m")                         # three sets declared elsewhere
    [Tile('1m'), Tile('4m')]
    >>> "1m" in waits("2344m")
    True
    """
    return _core.waits_notation(
        hand, None if rules is None else resolve_rules(rules)
    )


@_dataclass(frozen=True)
class WaitValue:
    """What one wait of a ready hand is worth (rules §10, §14a).

    Attributes:
        tile: the waited tile.
        self_drawn: the score if the hand wins by drawing ``tile`` (F11 counted).
        discard: the score if the hand wins by claiming ``tile`` from a discard.

    A score with ``reason == BELOW_MINIMUM`` is a winning shape the engine refuses (rules
    §10.5: less than 3 faan); ``can_win`` is false when neither way is a legal win.
    """

    tile: Tile
    self_drawn: ScoreResult
    discard: ScoreResult

    @property
    def can_win(self) -> bool:
        """Whether the wait is a legal win self-drawn or on a discard."""
        return self.self_drawn.is_win or self.discard.is_win

    def to_dict(self) -> dict[str, _Any]:
        """Plain values for ``json.dumps``: ``tile`` (its code), ``can_win``, ``self_drawn``
        and ``discard`` (each ``ScoreResult.to_dict()``)."""
        return {
            "tile": str(self.tile),
            "can_win": self.can_win,
            "self_drawn": self.self_drawn.to_dict(),
            "discard": self.discard.to_dict(),
        }

    def __str__(self) -> str:
        def one(r: ScoreResult) -> str:
            return f"{r.value} {r.unit}" if r.is_win else f"{BELOW_MINIMUM} ({r.value} {r.unit})"

        return f"{self.tile}: self-drawn {one(self.self_drawn)}, discard {one(self.discard)}"


def wait_values(
    hand: HandLike,
    rules: Ruleset | str | None = None,
    *,
    seat_wind: str | int = "E",
    prevailing_wind: str | int = "E",
    bonus: str | _Iterable[TileLike] | None = (),
    last_tile: bool = False,
    dealer_streak: int | None = None,
    discards: int | None = None,
    winner_discards: int | None = None,
    interrupted: bool | None = None,
    qualification: str | None = None,
    declared_ready: bool | None = None,
) -> list[WaitValue]:
    """The value of every wait of a ready hand in its full situation (HK §10, §14a; TW §10,
    §11): for each tile that completes the hand, its score if self-drawn and if won on a
    discard, exactly as :func:`score` gives it for that winning tile in the same situation
    (with the self-drawn win's ``payments``; a win on a discard has none, as :func:`score`
    without ``discarder``).

    Args:
        hand: 13 tiles counting each declared set as 3 (``"456p234s5s [123m] [789m]"``), plus
            any bonus tiles.
        rules: a :class:`Ruleset` or its name (default Hong Kong).
        seat_wind: the player's seat wind, ``"E"``..``"N"`` (or 0..3).
        prevailing_wind: the prevailing wind (East in the product).
        bonus: the player's exposed bonus tiles, added to any in ``hand`` (None: none, as
            for :func:`score`).
        last_tile: the winning tile would be the last one (HK F14 self-drawn, F15 on a discard;
            TW H04/L10 on the last live tile).
        dealer_streak, discards, winner_discards, interrupted: the deal's progress, as for
            :func:`score` (TW §10, §15); refused by rulesets that do not read it (Hong Kong).
        qualification, declared_ready: Taiwanese (TW §20.4.3), as for :func:`score`: the
            seat's live ready qualification (``"heavenly"``, ``"earthly"``) and whether it
            declared ready, the same for every wait; refused by Hong Kong.

    Returns:
        One :class:`WaitValue` per wait, ascending tile; empty when the hand is not ready.
        A wait the engine would refuse has ``reason == BELOW_MINIMUM`` in both scores.

    Raises:
        InvalidTileError: unreadable notation.
        InvalidHandError: a fifth copy, not 13 tiles, a repeated bonus tile, a bad wind.
        RuleConfigError: an unknown ruleset name.
        TypeError: ``rules`` is neither a Ruleset, a name nor None.

    Example:
        >>> [str(w) for w in wait_values("123m456m789p234s5s", seat_wind="S")][0]
        '2s: self-drawn 4 faan, discard 3 faan'
    """
    # the hand, its bonus tiles and the winds are read by the core, as score reads them (a
    # wind Tile, which wait_values took before, as its code)
    seat, prevailing = (str(w) if isinstance(w, Tile) else w for w in (seat_wind, prevailing_wind))
    raw = _core.wait_values_notation(
        hand,
        None if rules is None else resolve_rules(rules),
        seat_wind=seat,
        prevailing_wind=prevailing,
        bonus=bonus,
        last_tile=last_tile,
        dealer_streak=dealer_streak,
        discards=discards,
        winner_discards=winner_discards,
        interrupted=interrupted,
        qualification=qualification,
        declared_ready=declared_ready,
    )
    return [WaitValue(Tile(k), sd, dc) for k, sd, dc in raw]


def shanten(hand: AnalysisHand, rules: Ruleset | str | None = None) -> int:
    """Shanten (rules §14a): exchanges needed to be ready; 0 = ready; -1 = complete (14 tiles).
    The minimum over the standard shape, seven pairs and thirteen orphans (the last two only with
    no declared set); targets needing a fifth copy don't count.

    A concealed part alone of ``3n+1`` or ``3n+2`` tiles, fewer than a full hand, is read as the
    rest of a hand whose missing sets are declared elsewhere (so seven pairs and thirteen orphans
    do not apply to it).

    Args:
        hand: notation (str, at most 1024 characters), a :class:`Hand`, or 34 counts by kind
            (a list, tuple, bytes or numpy array, as the ``mahjong`` package and riichienv
            hold a hand).
        rules: a :class:`Ruleset`, a ruleset name or ``None`` for Hong Kong.

    Raises:
        TypeError: ``hand`` is neither a str, a Hand nor 34 ints. InvalidTileError /
        InvalidHandError: bad notation, a fifth copy, not ``3n+1`` or ``3n+2`` tiles up to 14.

    >>> shanten("123456789m1111p")
    1
    >>> shanten("222567p44468s")                # one set declared elsewhere
    0
    >>> shanten([0, 1, 1, 2] + [0] * 30)        # 2344m as 34 counts
    0
    """
    return _core.shanten_notation(
        hand, None if rules is None else resolve_rules(rules)
    )


def decompose(hand: AnalysisHand, rules: Ruleset | str | None = None) -> list[str]:
    """Every interpretation of a complete 14-tile hand (rules §9, §10.1 step 1), each in
    notation with units sorted by tile (declared sets with their tags); empty when the hand has
    no winning shape. A concealed part alone of ``3n+2`` tiles, fewer than 14, is read with its
    missing sets declared elsewhere (they are not shown).

    Args:
        hand: notation (str, at most 1024 characters), a :class:`Hand`, or 34 counts by kind.
        rules: a :class:`Ruleset`, a ruleset name or ``None`` for Hong Kong.

    Raises:
        TypeError: ``hand`` is neither a str, a Hand nor 34 ints. InvalidTileError /
        InvalidHandError: bad notation, a fifth copy, not ``3n+2`` tiles up to 14.

    >>> decompose("111222333m789p55s")
    ['111m 222m 333m 789p 55s', '123m 123m 123m 789p 55s']
    """
    return _core.decompose_notation(
        hand, None if rules is None else resolve_rules(rules)
    )


# Bound last: importing the submodule sets the package attribute ``simulate`` to the module;
# this rebinds it to the function.
from mahjong_fast.arena import ArenaReport, PolicyStats, arena
from mahjong_fast.simulate import SimulationInterrupted, SimulationResult, Summary, simulate

#: the documented submodules (``mahjong_fast.game.Deal``, ``mahjong_fast.sim.read_records``...)
_SUBMODULES = ("errors", "game", "rules", "sim", "tiles")


def __dir__() -> list[str]:
    """The public names (``__all__``) and the documented submodules: what ``dir()`` and tab
    completion show; the names this module imports for itself stay out of the way."""
    return sorted({*__all__, *_SUBMODULES})
