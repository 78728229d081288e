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
from dataclasses import dataclass, field

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
    WIND_LETTERS,
    Hand,
    HandLike,
    Meld,
    MeldKind,
    Tile,
    TileLike,
    as_hand,
    bonus_kinds,
    wind_index,
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
    "BELOW_MINIMUM",
    "BUILD_PROFILE",
    "ArenaReport",
    "Element",
    "Hand",
    "IllegalActionError",
    "InvalidHandError",
    "InvalidTileError",
    "MahjongError",
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
    "Tile",
    "WaitValue",
    "__version__",
    "arena",
    "decompose",
    "score",
    "score_batch",
    "shanten",
    "shanten_batch",
    "simulate",
    "wait_values",
    "waits",
    "waits_batch",
]

#: ``ScoreResult.reason`` of a winning shape worth less than the minimum (rules §10.5)
BELOW_MINIMUM = "BELOW_MINIMUM"


@dataclass(frozen=True)
class Element:
    """One line of a faan breakdown: ``Element("F6", "Dragon pung", 1)`` (rules §10.2, §10.4)."""

    code: str
    name: str
    faan: int

    def __str__(self) -> str:
        return f"{self.code} {self.name} {self.faan}"


@dataclass(frozen=True)
class ScoreResult:
    """The score of one hand, explained (rules §10, §11, §14a).

    Attributes:
        is_win: the hand is a legal win (a winning shape worth at least 3 faan).
        reason: ``None`` for a win, else ``"NOT_A_WINNING_HAND"`` or ``"BELOW_MINIMUM"``.
        faan: the total after the 13-faan cap; for ``BELOW_MINIMUM`` the (too small) total,
            for ``NOT_A_WINNING_HAND`` 0.
        raw_faan: the total before the cap (13 for a limit hand).
        limit: ``"L1"``..``"L8"`` for a limit hand, else ``None``.
        elements: the breakdown, ascending element number (a limit hand: exactly one entry).
        interpretation: the chosen split of the hand in notation, units sorted by tile, declared
            sets with their tags (``"111m 222m 333m pung[555p] 99s"``); ``""`` when not a win.
        base: ``2 ** faan`` for a win, else 0 (rules §11.1).
        payments: score change per seat wind (``{"E": 96, "S": -32, ...}``, sums to zero) for a
            win; empty when not a win, or for a win on a discard whose ``discarder`` was not given.
    """

    is_win: bool
    reason: str | None
    faan: int
    raw_faan: int
    limit: str | None
    elements: tuple[Element, ...]
    interpretation: str
    base: int = 0
    payments: dict[str, int] = field(default_factory=dict)

    def __str__(self) -> str:
        lines = [f"{e.code:<4} {e.name:<28} {e.faan:>2}" for e in self.elements]
        if self.is_win:
            lines.append(f"total {self.faan} faan" + (f" (raw {self.raw_faan})" if self.raw_faan != self.faan else ""))
        else:
            lines.append(f"not a win: {self.reason} ({self.faan} faan)")
        return "\n".join(lines)


def _tile_kind(tile: TileLike, what: str) -> int:
    t = Tile(tile)
    if t.is_bonus:
        raise InvalidTileError(f"{what} {t} is a bonus tile; bonus tiles are never part of a hand", None, "bonus tile")
    return t.kind


def score(
    hand: HandLike,
    win_tile: TileLike | None,
    *,
    self_drawn: bool = False,
    seat_wind: str | int = "E",
    prevailing_wind: str | int = "E",
    bonus: str | Iterable[TileLike] = (),
    robbing_kong: bool = False,
    kong_replacement: bool = False,
    last_tile: bool = False,
    dealer_start: bool = False,
    discarder: str | int | None = None,
) -> ScoreResult:
    """Score a winning hand under the Hong Kong table (rules §10, §11, §14a).

    Args:
        hand: the winner's tiles *before* the winning tile: 13 tiles counting each declared set
            as 3 (e.g. ``"111222333m9s [555p]"``), plus any bonus tiles. With
            ``dealer_start=True`` the 14 dealt tiles and ``win_tile=None``.
        win_tile: the tile that completed the hand (``"9s"``, a :class:`Tile`, or a kind 0..33).
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
        discarder: seat wind of the player who discarded (or declared the robbed kong); only
            used for ``payments``.

    Returns:
        A :class:`ScoreResult`. A hand that is no win is a result (``is_win=False`` with a
        ``reason``), not an exception.

    Raises:
        InvalidTileError: unreadable notation (with the position).
        InvalidHandError: a fifth copy, the wrong number of tiles, a repeated bonus tile, a bad
            wind, or an impossible situation (e.g. ``kong_replacement`` without a kong,
            ``robbing_kong`` together with ``self_drawn``).

    Example:
        >>> score("123m456m789p234s5s", "5s", self_drawn=True, seat_wind="S").faan
        4
    """
    h = as_hand(hand)
    if dealer_start:
        # The dealer's win on the dealt hand is a self-drawn win (rules §9.4): no discarder.
        if discarder is not None:
            raise InvalidHandError("a win at the start of play is self-drawn: there is no discarder")
        self_drawn = True
    kinds = [t.kind for t in h.bonus]
    for k in bonus_kinds(bonus):
        if k in kinds:
            raise InvalidHandError(f"bonus tile {Tile(k)} given twice (there is one of each)")
        kinds.append(k)
    mask = 0
    for k in kinds:
        mask |= 1 << (k - 34)
    seat = wind_index(seat_wind, "seat wind")
    prevailing = wind_index(prevailing_wind, "prevailing wind")
    win = None if win_tile is None else _tile_kind(win_tile, "winning tile")
    raw = _core.score(
        list(h.counts),
        h.core_melds,
        mask,
        win,
        seat,
        prevailing,
        self_drawn=self_drawn,
        robbing_kong=robbing_kong,
        kong_replacement=kong_replacement,
        last_wall_tile=last_tile and self_drawn,
        last_discard=last_tile and not self_drawn,
        dealer_start=dealer_start,
    )
    payments: dict[str, int] = {}
    base = 0
    if raw.is_win:
        base = 2**raw.faan
        payer = None if discarder is None else wind_index(discarder, "discarder")
        if payer == seat:
            raise InvalidHandError("the discarder cannot be the winner")
        if self_drawn or payer is not None:
            pays = _core.payments(raw.faan, seat, self_drawn, None if self_drawn else payer)
            payments = {WIND_LETTERS[i]: pays[i] for i in range(4)}
    return ScoreResult(
        is_win=raw.is_win,
        reason=raw.reason,
        faan=raw.faan,
        raw_faan=raw.raw_faan,
        limit=raw.limit,
        elements=tuple(Element(c, n, f) for c, n, f in raw.elements),
        interpretation=raw.interpretation,
        base=base,
        payments=payments,
    )


def waits(hand: HandLike) -> list[Tile]:
    """The waits of a hand of 13 tiles (each declared set counts 3), rules §14a: every tile
    kind that would give it a winning shape (ignoring the 3-faan minimum), except kinds whose
    four copies the player already holds. Empty when the hand is not ready.

    Raises InvalidTileError / InvalidHandError (e.g. not 13 tiles).

    >>> [str(t) for t in waits("123m456m789p234s5s")]
    ['2s', '5s']
    """
    h = as_hand(hand)
    return [Tile(k) for k in _core.waits(list(h.counts), h.core_melds)]


@dataclass(frozen=True)
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

    def __str__(self) -> str:
        def one(r: ScoreResult) -> str:
            return f"{r.faan} faan" if r.is_win else f"{BELOW_MINIMUM} ({r.faan} faan)"

        return f"{self.tile}: self-drawn {one(self.self_drawn)}, discard {one(self.discard)}"


def _result(raw: _core.ScoreResult, self_drawn_seat: int | None = None) -> ScoreResult:
    payments: dict[str, int] = {}
    if raw.is_win and self_drawn_seat is not None:
        pays = _core.payments(raw.faan, self_drawn_seat, True, None)
        payments = {WIND_LETTERS[i]: pays[i] for i in range(4)}
    return ScoreResult(
        is_win=raw.is_win,
        reason=raw.reason,
        faan=raw.faan,
        raw_faan=raw.raw_faan,
        limit=raw.limit,
        elements=tuple(Element(c, n, f) for c, n, f in raw.elements),
        interpretation=raw.interpretation,
        base=2**raw.faan if raw.is_win else 0,
        payments=payments,
    )


def wait_values(
    hand: HandLike,
    rules: Ruleset | str | None = None,
    *,
    seat_wind: str | int = "E",
    prevailing_wind: str | int = "E",
    bonus: str | Iterable[TileLike] = (),
) -> list[WaitValue]:
    """The value of every wait of a ready hand (rules §10, §14a): for each tile that completes
    the hand, its score if self-drawn and if won on a discard, exactly as :func:`score` gives
    it for that winning tile (with the self-drawn win's ``payments``; a win on a discard has
    none, as :func:`score` without ``discarder``).

    Args:
        hand: 13 tiles counting each declared set as 3 (``"456p234s5s [123m] [789m]"``), plus
            any bonus tiles.
        rules: a :class:`Ruleset` or its name (default Hong Kong).
        seat_wind: the player's seat wind, ``"E"``..``"N"`` (or 0..3).
        prevailing_wind: the prevailing wind (East in the product).
        bonus: the player's exposed bonus tiles, added to any in ``hand``.

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
    ruleset = resolve_rules(rules)
    h = as_hand(hand)
    kinds = [t.kind for t in h.bonus]
    for k in bonus_kinds(bonus):
        if k in kinds:
            raise InvalidHandError(f"bonus tile {Tile(k)} given twice (there is one of each)")
        kinds.append(k)
    mask = 0
    for k in kinds:
        mask |= 1 << (k - 34)
    seat = wind_index(seat_wind, "seat wind")
    prevailing = wind_index(prevailing_wind, "prevailing wind")
    raw = _core.wait_values(list(h.counts), h.core_melds, mask, seat, prevailing, ruleset)
    return [WaitValue(Tile(k), _result(sd, seat), _result(dc)) for k, sd, dc in raw]


def shanten(hand: HandLike) -> int:
    """Shanten (rules §14a): exchanges needed to be ready; 0 = ready; -1 = complete (14 tiles).
    The minimum over the standard shape, seven pairs and thirteen orphans (the last two only with
    no declared set); targets needing a fifth copy don't count.

    Raises InvalidTileError / InvalidHandError (e.g. not 13 or 14 tiles).

    >>> shanten("123456789m1111p")
    1
    """
    h = as_hand(hand)
    return int(_core.shanten(list(h.counts), h.core_melds))


def decompose(hand: HandLike) -> list[str]:
    """Every interpretation of a complete 14-tile hand (rules §9, §10.1 step 1), each in
    notation with units sorted by tile (declared sets with their tags); empty when the hand has
    no winning shape.

    Raises InvalidTileError / InvalidHandError (e.g. not 14 tiles).

    >>> decompose("111222333m789p55s")
    ['111m 222m 333m 789p 55s', '123m 123m 123m 789p 55s']
    """
    h = as_hand(hand)
    return list(_core.decompose(list(h.counts), h.core_melds))


# Bound last: importing the submodule sets the package attribute ``simulate`` to the module;
# this rebinds it to the function.
from mahjong_fast.arena import ArenaReport, PolicyStats, arena
from mahjong_fast.simulate import SimulationInterrupted, SimulationResult, Summary, simulate
