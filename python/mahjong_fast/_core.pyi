"""Stubs for the native core ``mahjong_fast._core`` (Rust, PyO3).

Numbers: tile kinds 0..33 (1m..9m, 1p..9p, 1s..9s, 1z..7z); ``counts`` is a length-34 sequence
of ints 0..4 (concealed tiles per kind; a ``list`` or 34 ``bytes`` is the fastest form); a meld is ``(meld_kind, kind)`` with meld_kind
0 chow (kind = lowest tile), 1 pung, 2 exposed kong, 3 added kong, 4 concealed kong; physical
tile ids 0..143; seat/prevailing winds 0..3 (E, S, W, N) or their letters. A wrong type (a
float, a bool, None where a number is expected, a str where counts are) is a ``TypeError``
naming the argument; a wrong value, an integer of any size out of range included, is
``mahjong_fast.errors.InvalidHandError`` / ``InvalidTileError``; none panics.
"""

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal, TypeAlias, TypedDict, final, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import Self, disjoint_base

from mahjong_fast.tiles import Hand, Tile

# what PyO3 lists as the module's public names (checked by stubtest in CI)
__all__ = [
    "BUILD_PROFILE",
    "DEAL_INDICES",
    "ILLEGAL_ACTION_CODES",
    "MAX_ARENA_WALLS",
    "MAX_NOTATION_CHARS",
    "MAX_RUN_DEALS",
    "MAX_RUN_MATCHES",
    "MAX_SCORE",
    "MAX_THREADS",
    "TABLES_BUILD_SECONDS",
    "Deal",
    "Element",
    "ExpertAgent",
    "GreedyAgent",
    "IllegalActionError",
    "InvalidHandError",
    "InvalidTileError",
    "MahjongError",
    "Match",
    "RandomAgent",
    "ReplayError",
    "RuleConfigError",
    "Ruleset",
    "ScoreResult",
    "Simulator",
    "StrongAgent",
    "SwitchRow",
    "SwitchTableMethod",
    "SwitchValues",
    "TableBatch",
    "ValueAgent",
    "__version__",
    "arena",
    "checked_bool",
    "checked_index",
    "checked_int",
    "checked_names",
    "checked_player",
    "decompose",
    "decompose_notation",
    "descriptive_terms",
    "format_hand",
    "is_complete",
    "languages",
    "lone_deal",
    "parse_hand",
    "parse_tiles",
    "payments",
    "preset_docs",
    "presets",
    "rate_discards",
    "ruleset_names",
    "score",
    "score_batch",
    "score_notation",
    "shanten",
    "shanten_batch",
    "shanten_notation",
    "term_names",
    "tile_names",
    "unit_name",
    "wait_values",
    "wait_values_notation",
    "waits",
    "waits_batch",
    "waits_notation",
    "wall",
]

__version__: str

# --- errors (design §6): made by the core, re-exported by mahjong_fast.errors ---------------

#: The error codes of HK §13, in the order the rules list them.
ILLEGAL_ACTION_CODES: tuple[str, ...]

class MahjongError(ValueError):
    """Base class of every error mahjong_fast raises for bad input (a ValueError)."""

class InvalidTileError(MahjongError):
    """Tile notation that cannot be read; ``position`` is the 0-based offset (or None)."""

    position: int | None
    reason: str
    def __init__(self, message: str, position: int | None = None, reason: str | None = None) -> None: ...

class InvalidHandError(MahjongError):
    """Tiles that cannot make the hand asked for, or an impossible situation (HK §14a, TW §10a);
    ``kind`` (``"too_many_copies"``, ``"bonus_twice"``, ``"bad_meld"``, ``"wrong_size"``,
    ``"situation"`` or None), ``tiles``, ``count`` and ``expected`` say what as data."""

    kind: str | None
    tiles: tuple[str, ...]
    count: int | None
    expected: tuple[int, ...]
    def __init__(
        self,
        message: str,
        kind: str | None = None,
        tiles: Iterable[str] | None = None,
        count: int | None = None,
        expected: Iterable[int] | None = None,
    ) -> None: ...

class IllegalActionError(MahjongError):
    """An action the rules forbid now (HK §13); ``code`` is one of ILLEGAL_ACTION_CODES."""

    code: str
    def __init__(self, code: str, message: str) -> None: ...

class RuleConfigError(MahjongError):
    """A ruleset name, switch or option that does not exist or has an impossible value."""

    switch: str | None
    code: str | None
    def __init__(self, message: str, switch: str | None = None, code: str | None = None) -> None: ...

class ReplayError(MahjongError):
    """An event log that cannot be replayed; ``line`` is the 1-based line (or None)."""

    line: int | None
    def __init__(self, message: str, line: int | None = None) -> None: ...

BUILD_PROFILE: str  # "release" | "debug"

def wall(seed: int, deal_index: int | None = None) -> list[int]:
    """The 144 physical tile ids of deal ``deal_index`` (None: 0)'s wall (rules §4.1), front
    first. ChaCha8 keyed by ``seed.to_le_bytes(8) + deal_index.to_le_bytes(8) +
    b"mahjong_fast/wal"``, Fisher-Yates from position 143 down with rejection-sampled indices.
    Both ints 0..2**64-1 (MahjongError otherwise; TypeError for a bool, float or other type)."""

def checked_int(value: object, name: str, lo: int, hi: int) -> int:
    """``value`` through the core's argument conversion (README "Errors"): an int in
    ``lo..hi`` (bounds within 128 bits). Raises TypeError naming ``name`` for anything but an
    int (bool and float included), MahjongError out of range however large."""

def checked_player(value: object, name: str = "player") -> int:
    """``value`` as a player 0..3 through the core's conversion. Raises TypeError naming
    ``name`` for anything but an int (bool included), InvalidHandError out of range."""

def checked_bool(value: object, name: str) -> bool:
    """``value`` as a flag through the core's conversion: ``bool`` or numpy's ``bool_``, alike.
    Raises TypeError naming ``name`` for anything else (the ints 0 and 1 included)."""

def checked_index(value: object, name: str, expected: str) -> int:
    """``value`` as an int of any size through the core's conversion (an int or an integer
    scalar such as numpy's). Raises TypeError "``name`` must be ``expected``, not ..." for a
    bool (numpy's too), float, str, None or anything else."""

def checked_names(value: object, name: str) -> list[str]:
    """``value`` as a sequence of names (a list or tuple of str; a str alone is not one)
    through the core's conversion. Raises TypeError naming ``name`` otherwise."""

#: Deal (and match) indices of a simulation run are ``0 .. DEAL_INDICES - 1`` (2**32: a deal's
#: index is 32 bits; the wall of a match's deal takes 64, ``match << 32 | deal``).
DEAL_INDICES: int
#: At most this many deals per ``Simulator.run`` call (2**20; their records are held at once).
MAX_RUN_DEALS: int
#: At most this many matches per ``Simulator.run_matches`` call (2**15).
MAX_RUN_MATCHES: int
#: The most threads a ``Simulator`` starts (1024).
MAX_THREADS: int

#: Largest absolute starting score a deal accepts (10**15): from there no payment of a deal
#: can leave the 64-bit range (rules §1.1, §11.5); beyond it ``InvalidHandError``.
MAX_SCORE: int

#: Longest hand notation any parser reads, in characters (a longer string is refused with
#: ``InvalidHandError`` before parsing).
MAX_NOTATION_CHARS: int

def parse_hand(notation: str) -> tuple[list[int], list[tuple[int, int]], list[int]]:
    """``(counts, melds, bonus indices 0..7)`` from hand notation (design §3, rules §2.5), at most
    ``MAX_NOTATION_CHARS`` characters; linear in the length."""

def format_hand(
    counts: Sequence[int],
    melds: Sequence[tuple[int, int]] | None = ...,
    bonus: Sequence[int] | None = ...,
) -> str:
    """Canonical notation, e.g. ``"123m456p11z pung[555z] 1f"``; refuses a fifth copy."""

def parse_tiles(notation: str) -> list[int]:
    """Kinds of a tile list (rules §2.5); bonus tiles 1f..8f are 34..41."""

# The notation forms behind ``mahjong_fast.shanten/waits/decompose/score``: the string is parsed
# in the core (hands of 3n+1 / 3n+2 tiles below a full hand have their missing sets declared
# elsewhere); ``rules`` None is Hong Kong. A wrong type is a TypeError naming the argument.

# The hand of the analysis functions: notation, a Hand, tile codes, or 34 counts (a list, tuple
# or bytes of ints, or a 1-D numpy integer array, read directly).
_AnalysisHand: TypeAlias = str | Hand | Sequence[int] | Sequence[str | Tile] | bytes | npt.NDArray[Any]

def shanten_notation(hand: _AnalysisHand, rules: Ruleset | str | None = None) -> int:
    """Rules §14a shanten of a hand (notation, tile codes or 34 counts)."""

def waits_notation(hand: _AnalysisHand, rules: Ruleset | str | None = None) -> list[Tile]:
    """Rules §14a waits of a hand: the interned ``mahjong_fast.tiles.Tile`` objects,
    ascending kind."""

def decompose_notation(hand: _AnalysisHand, rules: Ruleset | str | None = None) -> list[str]:
    """Every interpretation of complete hand notation (rules §9, §10.1), sorted."""

def score_notation(
    hand: str | Hand | None,
    win_tile: str | int | Tile | None,
    *,
    self_drawn: bool = False,
    seat_wind: str | int | None = None,
    prevailing_wind: str | int | None = None,
    bonus: str | Iterable[str | int | Tile] | None = None,
    robbing_kong: bool = False,
    kong_replacement: bool = False,
    last_tile: bool = False,
    dealer_start: bool = False,
    discarder: str | int | None = None,
    dealer_streak: int | None = None,
    discards: int | None = None,
    winner_discards: int | None = None,
    interrupted: bool | None = None,
    earthly: bool | None = None,
    bonus_replacement: bool | None = None,
    double_kong: bool | None = None,
    liable: str | int | None = None,
    liable_trigger: str | None = None,
    co_winners: Iterable[str | int] | None = None,
    flower_win: str | None = None,
    starting_win: str | None = None,
    qualification: str | None = None,
    declared_ready: bool | None = None,
    rules: Ruleset | str | None = None,
) -> ScoreResult:
    """``mahjong_fast.score``: score a winning hand with the whole situation (rules §10, §11,
    §14a; TW §10, §11, §15 under a Taiwanese ruleset); the winds' None is East.
    ``dealer_streak``, ``discards``, ``winner_discards`` and ``interrupted`` are Taiwanese only
    (InvalidHandError with a Hong Kong ruleset); None takes the mid-deal default (streak 0,
    D = 20, five own discards, interrupted), or with ``dealer_start`` 0, 0 and False. A
    situation no deal can reach is an InvalidHandError (TW §10a).

    Hong Kong house-rule inputs (HK §19.13; InvalidHandError under another ruleset or when
    impossible): ``earthly`` (X4: a win on the dealer's first discard), ``bonus_replacement``
    (X5: the winning tile replaced a bonus tile outside a kong chain), ``double_kong`` (X6);
    for payments ``liable`` (the seat liable for the winner, §19.8) with ``liable_trigger``
    (``"fourth_meld"``, ``"three_dragons"``, ``"four_winds"``) and ``co_winners`` (the other
    winners on the same discard, §19.7). ``flower_win`` (``"seven"``, ``"eight"``, ``"rob"``,
    with ``hand`` and ``win_tile`` None) scores a bonus-tile win (§19.6): X20 or X21 alone,
    ``"rob"`` paid by ``discarder``."""

def shanten(
    counts: Sequence[int] | bytes,
    melds: Sequence[tuple[int, int]] | None = ...,
    *,
    rules: Ruleset | str | None = None,
) -> int:
    """Rules §14a shanten: 13-equivalent hand → 0 = ready; 14-equivalent → -1 = complete
    (16/17-equivalent under a Taiwanese ruleset, TW §10a)."""

def waits(
    counts: Sequence[int] | bytes,
    melds: Sequence[tuple[int, int]] | None = ...,
    *,
    rules: Ruleset | str | None = None,
) -> list[int]:
    """Rules §14a waits of a 13-equivalent (Taiwanese: 16-equivalent) hand: kinds, ascending."""

def is_complete(
    counts: Sequence[int] | bytes,
    n_melds: int | None = ...,
    *,
    rules: Ruleset | str | None = None,
) -> bool:
    """Whether the concealed tiles (winning tile included) and ``n_melds`` declared sets form a
    winning shape of ``rules`` (HK §9, TW §9; default Hong Kong)."""

def decompose(
    counts: Sequence[int] | bytes,
    melds: Sequence[tuple[int, int]] | None = ...,
    *,
    rules: Ruleset | str | None = None,
) -> list[str]:
    """Every interpretation of a complete 14-equivalent (Taiwanese: 17-equivalent) hand, as
    notation strings."""

@final
class Element:
    """One line of a breakdown (HK §10.2, TW §10a: one entry per item); unpacks as ``(code,
    name, value)``. ``faan`` is the alias of a Hong Kong element only, ``tai`` of a Taiwanese
    one (the other raises AttributeError naming ``value``)."""

    def __new__(
        cls, code: str, name: str, value: int, unit: Literal["faan", "tai"] | None = None
    ) -> Element: ...
    @property
    def code(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def names(self) -> dict[str, str]:
        """Its name in each language, ``{"en": ..., "zh-HK": ..., "zh-TW": ...}`` (an element
        made by hand that is not its table's has ``name`` in every language)."""
    @property
    def chinese_name(self) -> str | None:
        """The Chinese name the rules give (HK §19.5.2: ``"X1"`` is ``"小四喜"``), else None."""
    @property
    def value(self) -> int:
        """What it is worth, in ``unit``."""
    @property
    def unit(self) -> Literal["faan", "tai"]: ...
    @property
    def faan(self) -> int: ...
    @property
    def tai(self) -> int: ...
    def __iter__(self) -> Iterator[str | int]: ...
    def to_dict(self) -> dict[str, Any]:
        """``{"code", "name", "value", "unit"}``: plain values for ``json.dumps``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class ScoreResult:
    """The score of one hand (rules §10, §11, §14a); see ``mahjong_fast.ScoreResult``."""

    @property
    def is_win(self) -> bool: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def value(self) -> int:
        """The total in ``unit`` (faan after the cap, or hand Tai)."""
    @property
    def raw_value(self) -> int:
        """The total before the cap."""
    @property
    def paid_value(self) -> int:
        """The value the win is paid for (under a Taiwanese ``tai_cap``: the capped hand Tai)."""
    @property
    def capped_tai(self) -> int:
        """``paid_value`` of a Taiwanese result (AttributeError otherwise; TW §20.2.1)."""
    @property
    def unit(self) -> Literal["faan", "tai"]: ...
    @property
    def faan(self) -> int:
        """``value`` of a Hong Kong result (AttributeError naming ``value`` otherwise)."""
    @property
    def raw_faan(self) -> int:
        """``raw_value`` of a Hong Kong result (AttributeError otherwise)."""
    @property
    def tai(self) -> int:
        """``value`` of a Taiwanese result (AttributeError naming ``value`` otherwise)."""
    @property
    def reading(self) -> str:
        """The reading chosen (the same text as ``interpretation``)."""
    @property
    def qualifying(self) -> int:
        """HK §19.5.6: under ``bonus_faan_in_minimum=False`` ``value`` less the bonus-tile
        elements F16-F20 (``value`` for a limit); else ``value``."""
    @property
    def liability_applies(self) -> bool | None:
        """HK §19.8: whether the ``liable=`` given applies to this win (None: none given)."""
    @property
    def limit(self) -> str | None: ...
    @property
    def elements(self) -> tuple[Element, ...]: ...
    @property
    def interpretation(self) -> str: ...
    @property
    def base(self) -> int: ...
    @property
    def payments(self) -> dict[str, int]: ...
    def to_dict(self) -> dict[str, Any]:
        """Plain values for ``json.dumps``: ``is_win``, ``reason``, ``value``, ``raw_value``,
        ``unit``, ``limit``, ``base``, ``interpretation``, ``elements`` (each
        ``Element.to_dict()``) and ``payments``."""
    def __eq__(self, other: object, /) -> bool: ...

def score(
    counts: Sequence[int] | bytes,
    melds: Sequence[tuple[int, int]] | None,
    bonus_mask: int,
    win_tile: str | int | None,
    seat_wind: str | int,
    prevailing_wind: str | int | None = None,
    *,
    self_drawn: bool = False,
    robbing_kong: bool = False,
    kong_replacement: bool = False,
    last_tile: bool = False,
    dealer_start: bool = False,
    discarder: str | int | None = None,
    dealer_streak: int | None = None,
    discards: int | None = None,
    winner_discards: int | None = None,
    interrupted: bool | None = None,
    rules: Ruleset | str | None = None,
) -> ScoreResult:
    """Score the hand *before* the winning tile plus ``win_tile`` (a kind; None only with
    ``dealer_start``, when ``counts`` hold the 14 dealt tiles). Rules §10, §11, §14a; the
    situation, ``discarder`` included, is checked before the hand is valued; the minimum and
    cap are those of ``rules`` (default Hong Kong, §18 ``min_faan``/``max_faan``). Under a
    Taiwanese ruleset the hand is scored by TW §11 with the situation keywords of
    ``score_notation``."""

def payments(
    faan: int,
    winner: int,
    self_drawn: bool,
    discarder: int | None = None,
    *,
    rules: Ruleset | str | None = None,
) -> list[int]:
    """Rules §11 payments per player 0..3 (sums to zero) under the §18 switches of ``rules``
    (default Hong Kong). Raises TypeError for a non-integer (a bool included), InvalidHandError
    for faan outside 0..max_faan, a player outside 0..3, a missing or bad discarder on a
    discard, a discarder on a self-drawn win, or a fractional payment; RuleConfigError for an
    unknown ruleset name."""

def rate_discards(
    counts: Sequence[int] | bytes,
    melds: Sequence[tuple[int, int]] | None,
    unseen: Sequence[int] | bytes,
    *,
    rules: Ruleset | str | None = None,
) -> list[tuple[int, int, int]]:
    """For a hand one tile over ready size (14-equivalent; Taiwanese 17): ``(kind, shanten after
    discarding it, ukeire)`` for each distinct concealed kind, ascending; ukeire counts
    ``unseen`` copies of the kinds whose draw lowers that shanten (shapes of ``rules``)."""

# Lookup tables (shanten/agari) are built when the module is imported; this is how long it took.
TABLES_BUILD_SECONDS: float

# Batch forms (see ``mahjong_fast.batch`` for the full documentation). Inputs must be numpy
# arrays of exactly these dtypes; rows are concealed hands without declared sets (HK shapes).
# Bad input raises ``mahjong_fast.errors.InvalidHandError`` naming the first bad row.

def shanten_batch(
    counts: npt.NDArray[np.uint8], *, rules: Ruleset | str | None = None
) -> npt.NDArray[np.int8]:
    """``uint8[N, 34]`` rows of 13 or 14 tiles → ``int8[N]`` shanten (rules §14a)."""

def wait_values(
    counts: Sequence[int] | bytes,
    melds: Sequence[tuple[int, int]] | None,
    bonus_mask: int,
    seat_wind: int | str,
    prevailing_wind: int | str | None = None,
    rules: Ruleset | str | None = None,
    *,
    last_tile: bool = False,
    dealer_streak: int | None = None,
    discards: int | None = None,
    winner_discards: int | None = None,
    interrupted: bool | None = None,
    qualification: str | None = None,
    declared_ready: bool | None = None,
) -> list[tuple[int, ScoreResult, ScoreResult]]:
    """Every wait of a ready hand as ``(kind, self_drawn, discard)`` scores in the full
    situation (winds, last tile, the deal's progress as for ``score``), ascending kind; empty
    when not ready (HK §10, §14a; TW §10, §11)."""

def wait_values_notation(
    hand: str | Hand,
    rules: Ruleset | str | None = None,
    *,
    seat_wind: str | int | None = None,
    prevailing_wind: str | int | None = None,
    bonus: str | Iterable[str | int | Tile] | None = None,
    last_tile: bool = False,
    dealer_streak: int | None = None,
    discards: int | None = None,
    winner_discards: int | None = None,
    interrupted: bool | None = None,
    qualification: str | None = None,
    declared_ready: bool | None = None,
) -> list[tuple[int, ScoreResult, ScoreResult]]:
    """``mahjong_fast.wait_values``: ``wait_values`` of notation or a Hand, the hand, its
    bonus tiles and the winds read as ``score_notation`` reads them (the winds' None is East)."""

def waits_batch(
    counts: npt.NDArray[np.uint8], *, rules: Ruleset | str | None = None
) -> npt.NDArray[np.bool_]:
    """``uint8[N, 34]`` rows of 13 tiles → ``bool[N, 34]`` mask of waiting kinds (rules §14a)."""

def score_batch(
    counts: npt.NDArray[np.uint8],
    win_tile: npt.NDArray[np.uint8] | int | str,
    seat_wind: npt.NDArray[np.uint8] | int | str,
    self_drawn: npt.NDArray[np.bool_] | bool,
    bonus_mask: npt.NDArray[np.uint8] | int | None = None,
    prevailing_wind: npt.NDArray[np.uint8] | int | str | None = None,
    *,
    robbing_kong: npt.NDArray[np.bool_] | bool | None = None,
    kong_replacement: npt.NDArray[np.bool_] | bool | None = None,
    last_tile: npt.NDArray[np.bool_] | bool | None = None,
    dealer_streak: npt.NDArray[np.uint32] | int | None = None,
    discards: npt.NDArray[np.uint32] | int | None = None,
    winner_discards: npt.NDArray[np.uint32] | int | None = None,
    interrupted: npt.NDArray[np.bool_] | bool | None = None,
    rules: Ruleset | str | None = None,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """Rows of 13 tiles (16 Taiwanese) before ``win_tile`` → ``(value uint8[N], is_win
    bool[N])`` under the table of ``rules`` (HK §10, §14a, §18; TW §10, §11, §14), each row in
    its own situation: every situation argument is a numpy array of shape ``(N,)`` of the
    dtype shown, or one value for every row (see ``mahjong_fast.batch.score_batch``).
    TypeError naming the argument for a wrong dtype or type, InvalidHandError naming it for
    a wrong length."""

@final
class Ruleset:
    """Which game is played (rules ``hong-kong.md`` §18, ``taiwanese.md`` §2); see
    ``mahjong_fast.rules``. Frozen, hashable, picklable; equal when the name and every switch
    are equal."""

    @classmethod
    def hong_kong(cls, preset: str | None = None, **switches: bool | int | str) -> Ruleset:
        """The Hong Kong preset (or the HK §19.14 preset of id ``preset``) with §18 switches
        on top (RuleConfigError whose ``.switch`` names a bad one, ``"preset"`` a bad id)."""
    @classmethod
    def taiwanese(cls, preset: str | None = None, **switches: bool | int | str) -> Ruleset:
        """A Taiwanese preset (``preset="high"`` the default, ``"low"``) with TW §2 switches
        (``tai_table="high"|"low"``, ``min_tai``, ``tai_value``, ...); RuleConfigError naming
        a bad one or a Hong Kong switch."""
    @classmethod
    def from_name(cls, name: str, **switches: bool | int | str) -> Ruleset:
        """The preset of a name of ``presets()`` (``"hong-kong"``, alias ``"hk"``,
        ``"taiwanese-high"``, ``"taiwanese-low"``, ...) with switches on top."""
    switch_table: SwitchTableMethod
    """``Ruleset.switch_table()`` / ``rules.switch_table()``: the rows of the switch table
    (the class's is Hong Kong's; ``Ruleset.switch_table("taiwanese-high")`` a named one)."""
    @classmethod
    def from_json(cls, data: str | dict[str, Any]) -> Ruleset:
        """The ruleset of its JSON form (``to_json``), text or decoded dict."""
    @property
    def name(self) -> str: ...
    @property
    def switches(self) -> dict[str, bool | int | str]:
        """Every switch and its value, in the order of the rules (a new dict)."""
    @property
    def unit(self) -> Literal["faan", "tai"]:
        """The unit of a hand's value under this ruleset."""
    @property
    def title(self) -> str:
        """The game's name for a person (``"Hong Kong mahjong"``)."""
    @property
    def independent_deals(self) -> bool:
        """A deal can be played alone from its index (HK §12), not only in a match (TW §16)."""
    @property
    def deal_dependency(self) -> str | None:
        """Why a deal depends on the one before, naming the switch (HK §19.10), or None."""
    @property
    def reads_progress(self) -> bool:
        """The deal's progress (discards, winner_discards, interrupted, dealer_streak) can
        change a score or a payment (TW §10, §15)."""
    @property
    def min_value(self) -> int:
        """Smallest total that is a legal win (HK: ``min_faan``)."""
    @property
    def max_value(self) -> int:
        """The cap and the value of a limit hand (HK: ``max_faan``)."""
    @property
    def hand_tiles(self) -> int: ...
    @property
    def n_sets(self) -> int: ...
    def base(self, value: int) -> int:
        """M(value) × unit: what each opponent pays on a self-drawn win (§11.1, §18).
        ``value`` 0..max_faan (InvalidHandError otherwise; TypeError for a bool or float)."""
    def payments(
        self, value: int, winner: int, self_drawn: bool, discarder: int | None = None
    ) -> list[int]:
        """Payments per player 0..3 of a win worth ``value`` (§11, §18); sums to zero."""
    @property
    def family(self) -> str:
        """The rulesets sharing these switches, for a person (``"Hong Kong"``, ``"Taiwanese"``)."""
    @property
    def locale(self) -> Literal["zh-HK", "zh-TW"]:
        """The Chinese its terms are written in (Hong Kong ``"zh-HK"``: 番, 食糊, 出銃;
        Taiwanese ``"zh-TW"``: 台, 胡, 放槍)."""
    def element_names(self) -> dict[str, dict[str, str]]:
        """Every element of its table by code: ``{"F1": {"en": "All chows", "zh-HK": "平糊",
        "zh-TW": "平胡"}, ...}``."""
    def descriptive_names(self) -> dict[str, list[str]]:
        """The elements whose name in a language is descriptive, with those languages."""
    @property
    def unit_name(self) -> str:
        """The unit's name in text and headings (``"faan"``; Taiwanese ``"Tai"``)."""
    @property
    def capped(self) -> bool:
        """Whether a hand's value is capped (HK §10.4 ``max_faan``; not TW §11)."""
    @property
    def cap_switch(self) -> str | None:
        """The switch that sets the cap (``"max_faan"``), None without a cap."""
    def describe_shapes(self) -> str:
        """The winning shapes in words (HK §9, TW §9)."""
    def section(self, fact: Literal["shapes", "minimum", "cap", "payments", "match"]) -> str | None:
        """The rules section of a fact (``"HK §10.5"``), None where the ruleset has no such
        rule; ValueError for another fact."""
    def settle(
        self,
        wins: Sequence[Mapping[str, Any]],
        *,
        dealer: str | int | None = None,
        dealer_streak: int = 0,
        false_win: str | int | None = None,
    ) -> _Settlement:
        """HK §11–§12, §19.7–§19.11, TW §15–§16: settle one deal's wins (``{"winner", "value"
        (or "tai"), "self_drawn", "discarder", "liable" (HK §19.8)}``) or a Hong Kong false
        win (``false_win``, its offender) and say who deals next: the one payments entry
        point."""
    def bonus_win(
        self,
        bonus: str,
        win_tile: str,
        *,
        seat: str | int,
        discarder: str | int | None = None,
        dealer_streak: int = 0,
    ) -> _BonusWin | None:
        """TW §7, HK §19.6: the bonus-tile win after ``win_tile`` is exposed, if any (no hand
        needed; None under a ruleset or switch set without bonus-tile wins)."""
    def replace(self, **switches: bool | int | str) -> Ruleset: ...
    def to_dict(self) -> dict[str, Any]:
        """``{"name": ..., "switches": {...}}``."""
    def to_json(self) -> str: ...
    @property
    def expert_style(self) -> dict[str, float]:
        """The ``expert`` seat's weights under this ruleset (a new dict of the nine floats
        ``self_draw_share``, ``hazard``, ``caution``, ``below_min_keep``, ``step_keep``,
        ``alpha``, ``lookahead``, ``long_shot_min``, ``exact_alpha``; read-only: changing the
        dict changes nothing)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class SwitchTableMethod:
    """``Ruleset.switch_table``: bound to the ruleset it is read from, or to the class."""

    @overload
    def __get__(self, obj: None, owner: type | None = None, /) -> SwitchTableMethod: ...
    @overload
    def __get__(self, obj: Ruleset, owner: type | None = None, /) -> SwitchTableMethod: ...
    def __call__(self, rules: Ruleset | str | None = None) -> list[SwitchRow]:
        """One row per switch, in the order of the rules."""

#: A switch's value: a flag, an integer, a string, or for a structured switch ``None``, a list
#: or a dict of such values (what JSON writes).
_SwitchData: TypeAlias = bool | int | str | None | list[_SwitchData] | dict[str, _SwitchData]

@final
class SwitchValues:
    """The values of a structured switch: ``value in allowed`` checks one, ``str()`` says them."""

    def __contains__(self, value: object, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class SwitchRow:
    """One switch of a ruleset's table; fields as attributes or keys (``row["name"]``)."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str:
        """``"bool"``, ``"int"`` or ``"str"``; for a structured switch ``"list"``,
        ``"object"``, ``"int or null"``, ``"object or null"``, ..."""
    @property
    def default(self) -> _SwitchData: ...
    @property
    def allowed(self) -> list[bool] | list[str] | range | SwitchValues:
        """``[False, True]``, a ``range`` of integers, a list of strings, or for a structured
        switch a ``SwitchValues``."""
    @property
    def doc(self) -> str: ...
    @property
    def section(self) -> str: ...
    @property
    def depends(self) -> list[str]:
        """What it needs and the combinations it may not be in, in words."""
    def __getitem__(self, key: str, /) -> Any: ...
    def keys(self) -> list[str]: ...
    def to_dict(self) -> dict[str, Any]: ...

def term_names() -> dict[str, dict[str, str]]:
    """Every term of the game (units, winds, seats, suits, sets, actions, wins, waits, the
    wall, switch words) by key, ``{"en", "zh-HK", "zh-TW"}`` each."""

def descriptive_terms() -> dict[str, list[str]]:
    """The terms whose name in a language is descriptive, with those languages."""

def tile_names() -> list[dict[str, str]]:
    """The names of every tile kind 0..41, ``{"en", "zh-HK", "zh-TW"}`` each."""

def languages() -> list[str]:
    """The languages of the names: ``["en", "zh-HK", "zh-TW"]``."""

def unit_name(unit: str) -> str:
    """The name in text of a unit of results and records (``"tai"`` -> ``"Tai"``), as its
    ruleset words it; an unknown unit as it is."""

def presets() -> list[str]:
    """Every listed preset name: ``hong-kong``, ``taiwanese-high``, ``taiwanese-low`` first."""

def preset_docs() -> list[tuple[str, str]]:
    """``(name, doc)`` of every listed preset, in the order of ``presets()``."""

# A bonus-tile win of TW §7 or HK §19.6 (``Ruleset.bonus_win``): kind ("all_eight" / "rob_eighth";
# Hong Kong "flower_win" / "flower_win_rob", HK §19.13), winner and discarder (winds), value, unit, the unit's own name (tai) as an alias, elements, payments.
_BonusWin: TypeAlias = dict[str, Any]

class _Settlement(TypedDict):
    """One deal settled (HK §11–§12, TW §15–§16; ``Ruleset.settle``)."""

    payments: dict[str, int]
    dealer_after: str
    streak_after: int
    passed: bool

class _MatchDeal(TypedDict):
    """The record of one deal of a match (HK §12, TW §16; ``Match.play_deal``)."""

    seat_winds: tuple[str, str, str, str]
    round_wind: str
    streak: int
    payments: list[int]
    dealer_after: int
    streak_after: int
    passes_after: int

class _NextDeal(TypedDict):
    """What the next deal of a match starts from (``Match.next_deal``)."""

    deal_in_match: int
    deal_index: int
    dealer: int
    dealer_streak: int
    prevailing_wind: int
    scores: list[int]

class _LoneDeal(TypedDict):
    """A deal played alone (``lone_deal``)."""

    dealer: int
    dealer_streak: int
    prevailing_wind: int

def lone_deal(rules: Ruleset | str | None, deal_index: int) -> _LoneDeal:
    """Deal ``deal_index`` played alone, outside a match: its dealer, streak and round wind as
    the ruleset deals it (HK §12; TW §16 the first deal of a match)."""

def ruleset_names(aliases: bool = False) -> list[str]:
    """The registered rulesets, the default first (with ``aliases``, each followed by its
    aliases)."""

@disjoint_base
class Match:
    """A match under any ruleset (HK §12, TW §16): dealer, streak, passes, round wind and
    scores carried from deal to deal, as the ruleset says."""

    def __new__(
        cls,
        rules: Ruleset | str | None = None,
        first_dealer: int | None = None,
        *,
        deals: int | None = None,
        start_deal: int | None = None,
        scores: Sequence[int] | None = None,
        start_streak: int | None = None,
    ) -> Self: ...
    def next_deal(self) -> _NextDeal | None: ...
    def play_deal(
        self, wins: Sequence[Mapping[str, Any]], *, false_win: str | int | None = None
    ) -> _MatchDeal: ...
    def record_deal(self, deal: Deal) -> _MatchDeal: ...
    def describe(self) -> str: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def dealer(self) -> int: ...
    @property
    def streak(self) -> int: ...
    @property
    def passes(self) -> int: ...
    @property
    def end(self) -> str | None:
        """Why a Hong Kong match ended (HK §19.10): ``"deals"``, ``"east_round"``,
        ``"full_game"`` or ``"max_deals"``; None while it goes on or under another ruleset."""
    @property
    def deals(self) -> int: ...
    @property
    def round_wind(self) -> str: ...
    @property
    def scores(self) -> list[int]: ...

@final
class Deal:
    """The deal state machine of the core (rules §4–§14); use ``mahjong_fast.game.Deal``.

    Phases are numbers 0 action, 1 after_claim, 2 response, 3 rob, 4 ended, 5 declare (a
    ruleset's declaration window); action types are
    numbers in the order of ``mahjong_fast.game.ActionType``. Actions cross the boundary as
    integer codes (``legal``, ``apply_code``, ``decode``, ``action_code``). Hong Kong and
    Taiwanese rulesets play (TW §4–§8); ``prevailing_wind`` (0..3, default East) and
    ``dealer_streak`` (TW §15) are deal options (docs/dev/tw-engine-api.md)."""

    def __new__(
        cls,
        wall: Sequence[int],
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        deal_index: int | None = None,
        *,
        auto_pass: bool = True,
        record: bool = True,
        rules: Ruleset | None = None,
        prevailing_wind: int | None = None,
        dealer_streak: int | None = None,
    ) -> Deal: ...
    @staticmethod
    def from_setup(
        dealer: int,
        active: int | None,
        hands: Sequence[Sequence[int]],
        melds: Sequence[Sequence[tuple[int, Sequence[int]]]],
        discards: Sequence[Sequence[int]],
        draws: Sequence[int],
        tail: Sequence[int],
        seed: int,
        scores: Sequence[int],
        deal_index: int,
        *,
        auto_pass: bool = True,
        record: bool = True,
        rules: Ruleset | None = None,
        prevailing_wind: int | None = None,
        dealer_streak: int | None = None,
    ) -> Deal:
        """Tiles as ints: 0..143 an id, 1000 + k the lowest free copy of kind k."""
    @property
    def phase(self) -> int: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def active(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def deal_index(self) -> int: ...
    @property
    def seat_winds(self) -> tuple[int, int, int, int]: ...
    @property
    def auto_pass(self) -> bool: ...
    @property
    def record(self) -> bool: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def wall(self) -> tuple[int, ...]: ...
    @property
    def rule_state(
        self,
    ) -> tuple[list[str], list[str], list[int], list[int], list[tuple[int, int, str]]]: ...
    @property
    def rule_kinds(self) -> list[int]: ...
    @property
    def bonus_offer(self) -> tuple[int, int, bool] | None:
        """The bonus-tile win on offer while ``BONUS_CHOICE`` is open (TW §20.6.3):
        ``(seat, value, self_drawn)``, its value in the ruleset's unit; None otherwise."""
    @property
    def remaining(self) -> int: ...
    @property
    def reserve(self) -> tuple[int, int]: ...
    @property
    def wall_position(self) -> tuple[int, int]: ...
    @property
    def turn(self) -> int: ...
    @property
    def drawn_tile(self) -> int | None: ...
    @property
    def entered_by_draw(self) -> bool: ...
    @property
    def dealer_start(self) -> bool: ...
    @property
    def kong_chain(self) -> bool: ...
    @property
    def prevailing_wind(self) -> int: ...
    @property
    def dealer_streak(self) -> int: ...
    @property
    def interrupted(self) -> bool: ...
    @property
    def loose_tile(self) -> bool: ...
    @property
    def kong_tile(self) -> int | None: ...
    @property
    def window_from(self) -> int | None: ...
    @property
    def window_tile(self) -> int | None: ...
    @property
    def scores(self) -> tuple[int, int, int, int]: ...
    @property
    def n_events(self) -> int: ...
    @property
    def ended(self) -> bool: ...
    def hands(self) -> list[list[int]]: ...
    def sorted_hand(self, p: int) -> tuple[int, ...]: ...
    def bonus(self) -> list[list[int]]: ...
    def bonus_mask(self, p: int) -> int: ...
    def counts(self, p: int) -> list[int]: ...
    def visible_counts(self, p: int) -> list[int]: ...
    def unseen_counts(self, p: int) -> list[int]: ...
    def public_counts(self) -> list[int]: ...
    def melds(self, p: int) -> list[tuple[int, list[int], int | None, int | None]]: ...
    def meld_tuples(self, p: int) -> list[tuple[int, int]]: ...
    def discard_history(self) -> list[list[list[int | None]]]: ...
    def responses(self) -> list[tuple[int, int]]: ...
    def hand_size(self, p: int) -> int: ...
    def tile_locations(self) -> list[int]: ...
    def legal(self, player: object) -> list[int]: ...
    def apply_code(self, code: int) -> None: ...
    def apply(self, type_index: int, player: object, tiles: Sequence[object]) -> None: ...
    def is_legal(self, type_index: int, player: object, tiles: Sequence[object]) -> bool: ...
    @staticmethod
    def action_code(type_index: int, player: int, tiles: Sequence[int]) -> int | None: ...
    @staticmethod
    def decode(code: int) -> tuple[int, int, list[int]]: ...
    def events(self, start: int) -> list[tuple[str, int | None, dict[str, Any]]]: ...
    def clear_events(self) -> None: ...
    def result(self) -> dict[str, Any] | None: ...
    def score_self_drawn(self, p: int) -> ScoreResult: ...
    def score_claim(self, q: int) -> ScoreResult: ...
    def wins_on(self, q: int, k: int) -> bool: ...

# Built-in agents (Rust ``agents/``): the seats GreedySeat and RandomSeat are shells over these.

@final
class GreedyAgent:
    """GreedySeat's documented policy (``mahjong_fast.seats.greedy``), decided in the core for
    the winning shapes of ``rules`` (default Hong Kong; Taiwanese: TW §9)."""

    def __new__(cls, rules: Ruleset | str | None = None) -> GreedyAgent: ...
    def choose(
        self,
        counts: Sequence[int],
        melds: Sequence[tuple[int, int]] | None,
        unseen: Sequence[int],
        discard: int | None,
        legal: Sequence[tuple[int, int]],
    ) -> int:
        """Index into ``legal`` of the chosen option. ``unseen``: 34 counts of copies the seat
        cannot see; ``discard``: kind of the discard on offer or None; ``legal``: ``(code, kind)``
        per option in the engine's order, code = position of the type in ``ActionType``
        (0 discard, 1 self-drawn win, 2 concealed kong, 3 added kong, 4 pass, 5 win, 6 pung,
        7 kong, 8 chow), kind = the discarded kind, the kong's kind, the claimed discard's kind
        (pung, kong), the chow's lowest kind, or anything (0) for pass and wins. Raises
        InvalidHandError for a bad hand or option."""

def arena(
    seats: Sequence[str],
    walls: int,
    seed: int,
    threads: int | None = None,
    rules: Ruleset | None = None,
    log: Callable[[int, int, Deal], object] | None = None,
    expert_styles: Sequence[Mapping[str, float] | None] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Duplicate walls ``0..walls-1``, each played with the four seat names rotated (player p
    plays ``seats[(p + rotation) % 4]``): ``(report, deals)``, see ``mahjong_fast.arena``.
    ``log(wall, rotation, deal)`` is called for every deal in order with the ended deal and its
    event log (walls then played in chunks of 64; an exception from ``log`` propagates).
    RuleConfigError for an unknown seat; ValueError for not four seats; MahjongError for
    ``walls`` outside 1..``MAX_ARENA_WALLS``, ``threads`` outside 1..``MAX_THREADS`` (default
    1) or a seed outside 0..2**64-1, before any work.

    ``expert_styles`` (for measuring weights; ``scripts/fit_expert.py``): None (each ``expert``
    seat plays ``Ruleset.expert_style``) or four entries, one per name of ``seats``, each None
    or a dict of some of the weights of ``Ruleset.expert_style`` (the rest the ruleset's),
    played by that ``expert`` seat wherever the rotation puts it. RuleConfigError before any
    work for a dict on a seat that is not ``expert``, an unknown key, or a value not finite or
    outside its range; ValueError for not four entries; TypeError for a non-number."""

#: The most walls one arena plays (2**18 = 262,144; every deal's record is held).
MAX_ARENA_WALLS: int

@final
class ValueAgent:
    """The ``value`` policy (``mahjong_fast.seats.value``): greedy plus the two value rules,
    decided in the core under ``rules`` (default Hong Kong)."""

    def __new__(cls, rules: Ruleset | str | None = None) -> ValueAgent: ...
    def choose(
        self,
        counts: Sequence[int],
        melds: Sequence[tuple[int, int]] | None,
        unseen: Sequence[int],
        discard: int | None,
        legal: Sequence[tuple[int, int]],
        seat_wind: int,
        prevailing_wind: int = 0,
        bonus_mask: int = 0,
    ) -> int:
        """As ``GreedyAgent.choose``, plus the seat wind and prevailing wind (0..3 = E..N) and the
        seat's exposed bonus tiles (bit i = ``(i+1)f``), which value its waits (rules §10).
        Raises InvalidHandError for a bad hand, option or wind."""

@final
class StrongAgent:
    """The ``strong`` policy (``mahjong_fast.seats.strong``): offence by expected value and
    defence from the seat's view, decided in the core under ``rules`` (default Hong Kong)."""

    def __new__(cls, rules: Ruleset | str | None = None) -> StrongAgent: ...
    def choose(
        self,
        counts: Sequence[int],
        melds: Sequence[tuple[int, int]] | None,
        unseen: Sequence[int],
        discard: int | None,
        legal: Sequence[tuple[int, int]],
        *,
        player: int,
        dealer: int,
        seat_winds: Sequence[int],
        prevailing_wind: int = 0,
        bonus_mask: int = 0,
        discards: Sequence[Sequence[tuple[int, int | None]]],
        table_melds: Sequence[Sequence[tuple[int, int]]],
        remaining: int,
    ) -> int:
        """As ``GreedyAgent.choose``, plus the public table (rules §14): whose view it is
        (``player`` 0..3), the ``dealer``, the four ``seat_winds`` and the prevailing wind
        (0..3 = E..N), the seat's exposed bonus tiles (bit i = ``(i+1)f``), per player its
        discards in order as ``(tile_id, claimed_by)`` (id 0..135, claimer 0..3 or None), per
        player its declared sets ``(meld_kind, kind)``, and the tiles left in the wall.
        Returns the index of the chosen option. Raises InvalidHandError for a bad hand, option,
        seat, wind or discard."""

@final
class ExpertAgent:
    """The ``expert`` policy (``mahjong_fast.seats.expert``): every legal option valued in
    points from the seat's view, decided in the core under ``rules`` (default Hong Kong)."""

    def __new__(cls, rules: Ruleset | str | None = None) -> ExpertAgent: ...
    def choose(
        self,
        counts: Sequence[int],
        melds: Sequence[tuple[int, int]] | None,
        unseen: Sequence[int],
        discard: int | None,
        legal: Sequence[tuple[int, int]],
        *,
        player: int,
        dealer: int,
        seat_winds: Sequence[int],
        prevailing_wind: int = 0,
        bonus_mask: int = 0,
        discards: Sequence[Sequence[tuple[int, int | None]]],
        table_melds: Sequence[Sequence[tuple[int, int]]],
        remaining: int,
        dealer_streak: int | None = None,
        robbing: bool = False,
        declared: int = 0,
    ) -> int:
        """As ``StrongAgent.choose``, plus the dealer's streak (TW §15; default 0) and whether
        ``discard`` is the tile being added to a kong (``robbing``, HK §7.3), and the seats
        that declared ready (``declared``, bit p for seat p, TW §20.6.1: each read as ready
        for certain by the defence): the legal
        win if any (passing instead when ``option_values`` rates passing above the win: the
        ready hand waits for a far bigger self-drawn win), else the first option of the
        highest ``option_values``. Raises InvalidHandError for a bad hand, option, seat, wind
        or discard."""
    def option_values(
        self,
        counts: Sequence[int],
        melds: Sequence[tuple[int, int]] | None,
        unseen: Sequence[int],
        discard: int | None,
        legal: Sequence[tuple[int, int]],
        *,
        player: int,
        dealer: int,
        seat_winds: Sequence[int],
        prevailing_wind: int = 0,
        bonus_mask: int = 0,
        discards: Sequence[Sequence[tuple[int, int | None]]],
        table_melds: Sequence[Sequence[tuple[int, int]]],
        remaining: int,
        dealer_streak: int | None = None,
        robbing: bool = False,
        declared: int = 0,
    ) -> list[float]:
        """The value in points of each legal option (same order as ``legal``): a win what it
        pays now, a discard its offence minus its expected loss, a claim the hand after it with
        its best discard, passing the hand as it is, a kong the hand after it; ``-inf`` for a
        pung or chow that does not advance the hand. Estimates of unfinished hands and of
        losses are bent toward winning at all by the style's ``alpha``, exact values (a win on
        offer, a ready hand's waits) by its ``exact_alpha`` (plain points at 1, as under Hong
        Kong); the chance of a limit hand and passing a win to wait for a far bigger one are
        plain points. Raises as ``choose``."""
    def declares(
        self,
        counts: Sequence[int],
        melds: Sequence[tuple[int, int]] | None,
        unseen: Sequence[int],
        *,
        tile: int,
        own_flags: Sequence[str] | None = None,
        player: int,
        dealer: int,
        seat_winds: Sequence[int],
        prevailing_wind: int = 0,
        bonus_mask: int = 0,
        discards: Sequence[Sequence[tuple[int, int | None]]],
        table_melds: Sequence[Sequence[tuple[int, int]]],
        remaining: int,
        dealer_streak: int | None = None,
        declared: int = 0,
    ) -> bool:
        """TW §20.6.1: whether the seat makes its discard of a tile of kind ``tile`` (0..33) a
        ready declaration, by value: the points the declaration adds to its later win (C15,
        or the live qualification it keeps, from ``own_flags``: the seat's own private flags
        by the ruleset's names, ``SeatView.own_flags``) against the expected cost of the lock
        (every later discard the tile just drawn). ``counts`` is the hand before the discard;
        the rest as in ``choose``. False where the ruleset scores nothing for a declaration.
        Raises InvalidHandError for a bad hand, seat, wind or tile."""
    def takes_bonus_win(
        self,
        counts: Sequence[int],
        melds: Sequence[tuple[int, int]] | None,
        unseen: Sequence[int],
        *,
        value: int,
        self_drawn: bool,
        player: int,
        dealer: int,
        seat_winds: Sequence[int],
        prevailing_wind: int = 0,
        bonus_mask: int = 0,
        discards: Sequence[Sequence[tuple[int, int | None]]],
        table_melds: Sequence[Sequence[tuple[int, int]]],
        remaining: int,
        dealer_streak: int | None = None,
        declared: int = 0,
    ) -> bool:
        """TW §20.6.3: whether the seat takes the bonus-tile win on offer in ``BONUS_CHOICE``
        rather than declining it, by value: its payment (``value`` in the ruleset's unit,
        0..255; settled self-drawn or paid by the exposer as ``self_drawn`` says) against the
        hand kept (its offence as it is). The rest as in ``choose``. Raises InvalidHandError
        for a bad hand, seat or wind."""

@final
class RandomAgent:
    """Uniform choices from the ChaCha8 stream of ``(seed, deal_index, player)``: seed and
    deal_index 0..2**64-1, player 0..3 (ValueError otherwise)."""

    def __new__(cls, seed: int, deal_index: int, player: int) -> RandomAgent: ...
    def below(self, n: int) -> int:
        """An index uniformly below ``n`` (0 when ``n <= 1``)."""

@final
class Simulator:
    """Whole deals with built-in seats played in the core (``mahjong_fast.simulate``'s core
    backend); the records are those of ``docs/records.md``. ``seed`` 0..2**64-1; ``seats``
    four of ``"expert"``, ``"greedy"``, ``"random"``, ``"strong"``, ``"value"`` (RuleConfigError
    otherwise); ``rules`` a Ruleset or its name (default Hong Kong; its ``rotate_dealer``
    switch picks the dealers); ``threads`` 1..``MAX_THREADS`` (MahjongError otherwise);
    ``match_deals``: the deals of each match for ``run_matches`` under a ruleset whose match
    is a number of deals (HK §12; RuleConfigError for one whose match is set by its
    switches). TypeError naming the argument for a value of the wrong type."""

    def __new__(
        cls,
        seed: int,
        seats: Sequence[str],
        rules: Ruleset | str | None = None,
        threads: int | None = None,
        *,
        match_deals: int | None = None,
    ) -> Simulator: ...
    @property
    def threads(self) -> int: ...
    def run(self, first: int, stop: int) -> list[dict[str, Any]]:
        """Play deals ``first .. stop-1`` on the pool with the GIL released; their records
        (the fields of ``mahjong_fast.sim.output.FIELDS``) in deal order. Deal ``i``
        depends only on ``(seed, i)``. ``0 <= first <= stop <= DEAL_INDICES`` and at most
        ``MAX_RUN_DEALS`` deals per call (MahjongError otherwise, before any work)."""
    def run_matches(self, first: int, stop: int) -> list[dict[str, Any]]:
        """Play matches ``first .. stop-1`` (TW §16; Hong Kong: four deals) with the GIL
        released: one record per deal in (match, deal) order, with the fields of ``run`` plus
        ``match_index``, ``deal_in_match``, ``dealer_streak``, ``prevailing_wind`` and
        ``scores_p0..scores_p3`` (after the deal; ``mahjong_fast.sim.output.MATCH_FIELDS``);
        ``deal_index`` = ``match_index << 32 | deal_in_match``. Match ``j`` depends only on
        ``(seed, j)``. ``0 <= first <= stop <= DEAL_INDICES`` and at most
        ``MAX_RUN_MATCHES`` matches per call (MahjongError otherwise, before any work)."""

@final
class TableBatch:
    """N tables stepped by one call, GIL released (docs/rl.md; ``mahjong_fast.rl``).

    Buffers: ``obs`` float32 ``(N, C, 42)`` or None, ``mask`` uint8 ``(N, n_actions)`` (75
    under ``obs_version=1``), ``reward`` float32 ``(N, 4)``, ``seat`` int8 ``(N,)``, ``done``
    bool ``(N,)``, C-contiguous. ``obs_version=2`` adds the ruleset's extra actions after the
    75 (:attr:`extra_actions`) and the rule-state planes; under version 1 a ruleset that adds
    an action is a ``RuleConfigError`` naming its switch."""

    def __new__(
        cls,
        n: int,
        seats: Sequence[str],
        rules: Ruleset | str | None = None,
        seed: int | None = None,
        *,
        threads: int | None = None,
        duplicate: bool | None = None,
        value_features: bool | None = None,
        privileged: bool | None = None,
        reward: str | None = None,
        illegal_penalty: float | None = None,
        episode: str | None = None,
        obs_version: int | None = None,
    ) -> Self: ...
    @property
    def n_tables(self) -> int: ...
    @property
    def n_actions(self) -> int: ...
    @property
    def extra_actions(self) -> list[str]: ...
    @property
    def rule_flags(self) -> tuple[list[str], list[str]]: ...
    @property
    def obs_shape(self) -> tuple[int, int]: ...
    @property
    def obs_version(self) -> int: ...
    @property
    def threads(self) -> int: ...
    @property
    def seats(self) -> list[str]: ...
    @property
    def duplicate(self) -> bool: ...
    @property
    def episode(self) -> str: ...
    def reset(
        self,
        obs: npt.NDArray[np.float32] | None,
        mask: npt.NDArray[np.uint8],
        reward: npt.NDArray[np.float32],
        seat: npt.NDArray[np.int8],
        done: npt.NDArray[np.bool_],
        seeds: Sequence[int] | None = None,
    ) -> None: ...
    def next_episode(
        self,
        obs: npt.NDArray[np.float32] | None,
        mask: npt.NDArray[np.uint8],
        reward: npt.NDArray[np.float32],
        seat: npt.NDArray[np.int8],
        done: npt.NDArray[np.bool_],
    ) -> None: ...
    def step(
        self,
        actions: npt.NDArray[np.int64],
        obs: npt.NDArray[np.float32] | None,
        mask: npt.NDArray[np.uint8],
        reward: npt.NDArray[np.float32],
        seat: npt.NDArray[np.int8],
        done: npt.NDArray[np.bool_],
    ) -> None: ...
    def observe(self, i: int, player: int) -> npt.NDArray[np.float32]: ...
    def legal_codes(self, i: int) -> list[int]: ...
    def table_info(self, i: int) -> dict[str, Any]: ...
    def result(self, i: int) -> dict[str, Any] | None: ...
