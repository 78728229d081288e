"""Stubs for the native core ``mahjong_fast._core`` (Rust, PyO3).

Numbers: tile kinds 0..33 (1m..9m, 1p..9p, 1s..9s, 1z..7z); ``counts`` is a length-34 sequence
of ints 0..4 (concealed tiles per kind; a ``list`` or 34 ``bytes`` is the fastest form); a meld is ``(meld_kind, kind)`` with meld_kind
0 chow (kind = lowest tile), 1 pung, 2 exposed kong, 3 added kong, 4 concealed kong; physical
tile ids 0..143; seat/prevailing winds 0..3 (E, S, W, N). Every function raises
``mahjong_fast.errors.InvalidHandError`` / ``InvalidTileError`` on bad input; none panics.
"""

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

__version__: str
BUILD_PROFILE: str  # "release" | "debug"

def wall(seed: int, deal_index: int = 0) -> list[int]:
    """The 144 physical tile ids of deal ``deal_index``'s wall (rules §4.1), front first.
    ChaCha8 keyed by ``seed.to_le_bytes(8) + deal_index.to_le_bytes(8) + b"mahjong_fast/wal"``,
    Fisher-Yates from position 143 down with rejection-sampled indices. Both ints 0..2**64-1
    (OverflowError otherwise)."""

def parse_hand(notation: str) -> tuple[list[int], list[tuple[int, int]], list[int]]:
    """``(counts, melds, bonus indices 0..7)`` from hand notation (design §3, rules §2.5)."""

def format_hand(
    counts: Sequence[int], melds: Sequence[tuple[int, int]] = ..., bonus: Sequence[int] = ...
) -> str:
    """Canonical notation, e.g. ``"123m456p11z pung[555z] 1f"``."""

def parse_tiles(notation: str) -> list[int]:
    """Kinds of a tile list (rules §2.5); bonus tiles 1f..8f are 34..41."""

def shanten(counts: Sequence[int], melds: Sequence[tuple[int, int]] | None = ...) -> int:
    """Rules §14a shanten: 13-equivalent hand → 0 = ready; 14-equivalent → -1 = complete."""

def waits(counts: Sequence[int], melds: Sequence[tuple[int, int]] | None = ...) -> list[int]:
    """Rules §14a waits of a 13-equivalent hand: kinds, ascending."""

def is_complete(counts: Sequence[int], n_melds: int = 0) -> bool:
    """Whether the concealed tiles (winning tile included) and ``n_melds`` declared sets form a
    winning shape (rules §9)."""

def decompose(counts: Sequence[int], melds: Sequence[tuple[int, int]] | None = ...) -> list[str]:
    """Every interpretation of a complete 14-equivalent hand, as notation strings."""

class ScoreResult:
    """Raw score (rules §10, §14a); see ``mahjong_fast.ScoreResult``."""

    @property
    def is_win(self) -> bool: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def faan(self) -> int: ...
    @property
    def raw_faan(self) -> int: ...
    @property
    def limit(self) -> str | None: ...
    @property
    def elements(self) -> list[tuple[str, str, int]]: ...
    @property
    def interpretation(self) -> str: ...

def score(
    counts: Sequence[int],
    melds: Sequence[tuple[int, int]] | None,
    bonus_mask: int,
    win_tile: int | None,
    seat_wind: int,
    prevailing_wind: int = 0,
    *,
    self_drawn: bool = False,
    robbing_kong: bool = False,
    kong_replacement: bool = False,
    last_wall_tile: bool = False,
    last_discard: bool = False,
    dealer_start: bool = False,
) -> ScoreResult:
    """Score the hand *before* the winning tile plus ``win_tile`` (a kind; None only with
    ``dealer_start``, when ``counts`` hold the 14 dealt tiles). Rules §10, §14a."""

def payments(faan: int, winner: int, self_drawn: bool, discarder: int | None = None) -> list[int]:
    """Rules §11 payments per player 0..3 (sums to zero)."""

def rate_discards(
    counts: Sequence[int], melds: Sequence[tuple[int, int]] | None, unseen: Sequence[int]
) -> list[tuple[int, int, int]]:
    """For a 14-equivalent hand: ``(kind, shanten after discarding it, ukeire)`` for each
    distinct concealed kind, ascending; ukeire counts ``unseen`` copies of the kinds whose draw
    lowers that shanten."""

# Lookup tables (shanten/agari) are built when the module is imported; this is how long it took.
TABLES_BUILD_SECONDS: float

# Batch forms (see ``mahjong_fast.batch`` for the full documentation). Inputs must be numpy
# arrays of exactly these dtypes; rows are concealed hands without declared sets (HK shapes).
# Bad input raises ``mahjong_fast.errors.InvalidHandError`` naming the first bad row.

def shanten_batch(counts: npt.NDArray[np.uint8]) -> npt.NDArray[np.int8]:
    """``uint8[N, 34]`` rows of 13 or 14 tiles → ``int8[N]`` shanten (rules §14a)."""

def wait_values(
    counts: Sequence[int],
    melds: Sequence[tuple[int, int]] | None,
    bonus_mask: int,
    seat_wind: int,
    prevailing_wind: int = 0,
    rules: Ruleset | None = None,
) -> list[tuple[int, ScoreResult, ScoreResult]]:
    """Every wait of a 13-equivalent hand as ``(kind, self_drawn, discard)`` scores, ascending
    kind; empty when not ready (rules §10, §14a)."""

def waits_batch(counts: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    """``uint8[N, 34]`` rows of 13 tiles → ``bool[N, 34]`` mask of waiting kinds (rules §14a)."""

def score_batch(
    counts: npt.NDArray[np.uint8],
    win_tile: npt.NDArray[np.uint8],
    seat_wind: npt.NDArray[np.uint8],
    self_drawn: npt.NDArray[np.bool_],
    bonus_mask: npt.NDArray[np.uint8] | None = None,
    prevailing_wind: int = 0,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_]]:
    """Rows of 13 tiles before ``win_tile`` → ``(faan uint8[N], is_win bool[N])`` under the HK
    table (rules §10, §14a)."""

class Ruleset:
    """Which game is played (rules ``hong-kong.md`` §18); see ``mahjong_fast.rules``."""

    @classmethod
    def hong_kong(cls, **switches: Any) -> Ruleset: ...
    @classmethod
    def from_name(cls, name: str, **switches: Any) -> Ruleset: ...
    @property
    def name(self) -> str: ...
    @property
    def switches(self) -> dict[str, Any]: ...
    @property
    def hand_tiles(self) -> int: ...
    @property
    def n_sets(self) -> int: ...
    def replace(self, **switches: Any) -> Ruleset: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Deal:
    """The deal state machine of the core (rules §4–§14); use ``mahjong_fast.game.Deal``.

    Phases are numbers 0 action, 1 after_claim, 2 response, 3 rob, 4 ended; action types are
    numbers in the order of ``mahjong_fast.game.ActionType``. Actions cross the boundary as
    integer codes (``legal``, ``apply_code``, ``decode``, ``action_code``)."""

    def __init__(
        self,
        wall: Sequence[int],
        dealer: int = 0,
        scores: Sequence[int] = ...,
        deal_index: int = 0,
        *,
        auto_pass: bool = True,
        record: bool = True,
        rules: Ruleset | None = None,
    ) -> None: ...
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
    def remaining(self) -> int: ...
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

class GreedyAgent:
    """GreedySeat's documented policy (``mahjong_fast.seats.greedy``), decided in the core."""

    def __init__(self) -> None: ...
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
    seats: Sequence[str], walls: int, seed: int, threads: int = 1, rules: Ruleset | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Duplicate walls ``0..walls-1``, each played with the four seat names rotated (player p
    plays ``seats[(p + rotation) % 4]``): ``(report, deals)``, see ``mahjong_fast.arena``.
    RuleConfigError for an unknown seat; ValueError for ``threads == 0`` or not four seats."""

class ValueAgent:
    """The ``value`` policy (``mahjong_fast.seats.value``): greedy plus the two value rules,
    decided in the core (Hong Kong)."""

    def __init__(self) -> None: ...
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

class RandomAgent:
    """Uniform choices from the ChaCha8 stream of ``(seed, deal_index, player)``: seed and
    deal_index 0..2**64-1, player 0..3 (ValueError otherwise)."""

    def __init__(self, seed: int, deal_index: int, player: int) -> None: ...
    def below(self, n: int) -> int:
        """An index uniformly below ``n`` (0 when ``n <= 1``)."""

class Simulator:
    """Whole deals with built-in seats played in the core (``mahjong_fast.simulate``'s core
    backend). ``seed`` 0..2**64-1; ``seats`` four of ``"greedy"``, ``"random"``
    (RuleConfigError otherwise); ``threads`` >= 1 (ValueError otherwise)."""

    def __init__(
        self, seed: int, seats: Sequence[str], rotate_dealer: bool = False, threads: int = 1
    ) -> None: ...
    @property
    def threads(self) -> int: ...
    def run(self, first: int, stop: int) -> list[dict[str, Any]]:
        """Play deals ``first .. stop-1`` on the pool with the GIL released; their records
        (the fields of ``mahjong_fast.sim.output.FIELDS``) in deal order. Deal ``i``
        depends only on ``(seed, i)``."""
