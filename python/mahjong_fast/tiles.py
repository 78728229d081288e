"""Tiles, melds and hands as Python value objects, over the core's notation (rules §2, design §3).

Numbers used throughout mahjong_fast:

* a tile **kind** is 0..33: ``1m..9m`` = 0..8, ``1p..9p`` = 9..17, ``1s..9s`` = 18..26,
  ``1z..7z`` = 27..33 (East, South, West, North, White, Green, Red); the bonus tiles
  ``1f..8f`` are kinds 34..41 where a single numbering is handy (:class:`Tile`);
* a **physical tile id** is 0..143: ``4 * kind + copy`` for ordinary tiles, ``135 + N`` for ``Nf``.

>>> Hand.parse("123m456p11z [555z] 1f")
Hand('123m456p11z pung[555z] 1f')
>>> [str(t) for t in Hand.parse("19m").tiles]
['1m', '9m']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from mahjong_fast import _core
from mahjong_fast.errors import InvalidHandError, InvalidTileError

__all__ = [
    "WIND_LETTERS",
    "Hand",
    "HandLike",
    "Meld",
    "MeldKind",
    "Tile",
    "TileLike",
    "glyph",
    "id_code",
    "kind_of",
    "kind_of_id",
    "tile_code",
    "wind_index",
]

_SUITS = "mpsz"
#: Seat/prevailing wind letters indexed by wind number (0 = East).
WIND_LETTERS = ("E", "S", "W", "N")

_CODES: tuple[str, ...] = tuple(
    [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    + [f"{n}z" for n in range(1, 8)]
    + [f"{n}f" for n in range(1, 9)]
)
_KIND_OF_CODE = {c: i for i, c in enumerate(_CODES)}

# Unicode Mahjong Tiles block (U+1F000). Note the block orders its flowers plum, orchid,
# bamboo, chrysanthemum, while rules §2.2 numbers chrysanthemum 3f and bamboo 4f.
_GLYPHS: tuple[str, ...] = tuple(
    [chr(0x1F007 + i) for i in range(9)]  # characters 1..9
    + [chr(0x1F019 + i) for i in range(9)]  # dots (circles) 1..9
    + [chr(0x1F010 + i) for i in range(9)]  # bamboo 1..9
    + [chr(0x1F000), chr(0x1F001), chr(0x1F002), chr(0x1F003)]  # E S W N
    + [chr(0x1F006), chr(0x1F005), chr(0x1F004)]  # white, green, red
    + [chr(0x1F022), chr(0x1F023), chr(0x1F025), chr(0x1F024)]  # plum, orchid, chrys., bamboo
    + [chr(0x1F026 + i) for i in range(4)]  # spring .. winter
)

_NAMES: tuple[str, ...] = tuple(
    [f"{n} of characters" for n in range(1, 10)]
    + [f"{n} of dots" for n in range(1, 10)]
    + [f"{n} of bamboo" for n in range(1, 10)]
    + ["East wind", "South wind", "West wind", "North wind"]
    + ["White dragon", "Green dragon", "Red dragon"]
    + ["Plum", "Orchid", "Chrysanthemum", "Bamboo (flower)", "Spring", "Summer", "Autumn", "Winter"]
)


def tile_code(kind: int) -> str:
    """Code of a kind 0..41, e.g. ``tile_code(22) == "5s"``. Raises InvalidTileError, or
    TypeError for a non-integer."""
    kind = _index_arg(kind, "kind", "a tile kind (int 0..41)")
    if not 0 <= kind < len(_CODES):
        raise InvalidTileError(f"tile kind {kind} is not 0..41", None, "kind out of range")
    return _CODES[kind]


def kind_of(code: str) -> int:
    """Kind 0..41 of one tile code such as ``"5s"`` or ``"3f"``. Raises InvalidTileError,
    TypeError when ``code`` is not a str."""
    if not isinstance(code, str):
        raise TypeError(f"tile code must be a str, not {type(code).__name__}")
    k = _KIND_OF_CODE.get(code.strip())
    if k is None:
        kinds = _core.parse_tiles(code)  # raises with the position of the problem
        if len(kinds) != 1:
            raise InvalidTileError(
                f"expected exactly one tile, got {len(kinds)} in {code!r}", None, "not one tile"
            )
        k = kinds[0]
    return k


def kind_of_id(tile_id: int) -> int:
    """Kind 0..41 of a physical tile id 0..143 (bonus tiles are 34..41). Raises
    InvalidTileError, or TypeError for a non-integer."""
    tile_id = _index_arg(tile_id, "tile_id", "a physical tile id (int 0..143)")
    if not 0 <= tile_id < 144:
        raise InvalidTileError(f"tile id {tile_id} is not 0..143", None, "id out of range")
    return tile_id // 4 if tile_id < 136 else 34 + tile_id - 136


def id_code(tile_id: int) -> str:
    """Code of a physical tile id: ``id_code(0) == "1m"``, ``id_code(136) == "1f"``."""
    return _CODES[kind_of_id(tile_id)]


def glyph(kind: int) -> str:
    """Unicode glyph (U+1F000 block) of a kind 0..41."""
    return _GLYPHS[kind]


_TILE_CACHE: dict[int, Tile] = {}


def _index_arg(value: object, name: str, expected: str) -> int:
    """An int given as an int or an integer scalar (numpy's), never a bool or a float: the
    core's one conversion (README "Errors"), a wrong type is a ``TypeError`` naming the
    argument."""
    return _core.checked_index(value, name, expected)


class Tile:
    """A tile kind: ``Tile("5s")``, ``Tile(22)``; bonus tiles ``Tile("1f")`` have kinds 34..41.

    Tiles are interned, immutable, hashable and ordered by kind. ``str(tile)`` is its code,
    and a tile equals and hashes like its code, so the obvious code of a user of the
    ``mahjong`` package or riichienv works: ``"1m" in waits("2344m")``,
    ``{Tile("5s"): 1}["5s"]``. Accepted: a code (str), a kind (int, numpy integer scalars
    too) or a Tile.

        >>> Tile("5s") == "5s", Tile(22) == Tile("5s"), Tile("5s") == 22
        (True, True, False)

    Raises:
        InvalidTileError: an unknown code or a kind outside 0..41.
        TypeError: anything else, a bool or a float included (``Tile(1.5)`` is no tile).
    """

    __slots__ = ("_kind",)
    _kind: int

    def __new__(cls, tile: str | int | Tile) -> Tile:  # noqa: PYI034 (interned, never a subclass)
        if isinstance(tile, Tile):
            return tile
        if isinstance(tile, str):
            kind = kind_of(tile)
        else:
            kind = _index_arg(tile, "tile", "a tile code (str), a kind (int 0..41) or a Tile")
            if not 0 <= kind < 42:
                raise InvalidTileError(f"tile kind {kind} is not 0..41", None, "kind out of range")
        cached = _TILE_CACHE.get(kind)
        if cached is None:
            cached = object.__new__(cls)
            object.__setattr__(cached, "_kind", kind)
            _TILE_CACHE[kind] = cached
        return cached

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    @property
    def kind(self) -> int:
        """0..33 for ordinary tiles, 34..41 for bonus tiles ``1f..8f``."""
        return self._kind

    @property
    def code(self) -> str:
        """MPSZ code, e.g. ``"5s"``."""
        return _CODES[self._kind]

    @property
    def glyph(self) -> str:
        """Unicode glyph from the U+1F000 Mahjong Tiles block."""
        return _GLYPHS[self._kind]

    @property
    def name(self) -> str:
        """English name, e.g. ``"5 of bamboo"``, ``"Red dragon"``."""
        return _NAMES[self._kind]

    @property
    def is_bonus(self) -> bool:
        return self._kind >= 34

    @property
    def is_honour(self) -> bool:
        return 27 <= self._kind < 34

    @property
    def is_suited(self) -> bool:
        return self._kind < 27

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Tile({self.code!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return self._kind == other._kind
        if isinstance(other, str):
            return other == _CODES[self._kind]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(_CODES[self._kind])

    def __lt__(self, other: Tile) -> bool:
        return self._kind < other._kind

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (Tile, (self._kind,))


TileLike = str | int | Tile

#: The 42 tiles indexed by kind (34 ordinary kinds, then the bonus tiles 1f..8f).
_TILES: tuple[Tile, ...] = tuple(Tile(k) for k in range(42))


class MeldKind(IntEnum):
    """How a declared set was made (rules §2.5, §7); the values are the core's meld codes."""

    CHOW = 0
    PUNG = 1
    EXPOSED_KONG = 2
    ADDED_KONG = 3
    CONCEALED_KONG = 4

    @property
    def tag(self) -> str:
        return ("chow", "pung", "kong", "addkong", "ckong")[self.value]

    @property
    def is_kong(self) -> bool:
        return self.value >= 2


@dataclass(frozen=True, order=True)
class Meld:
    """A declared set: ``Meld(MeldKind.PUNG, Tile("5z"))``; for a chow, the lowest tile."""

    kind: MeldKind
    tile: Tile

    @property
    def tiles(self) -> tuple[Tile, ...]:
        k = self.tile.kind
        if self.kind == MeldKind.CHOW:
            return (Tile(k), Tile(k + 1), Tile(k + 2))
        return (self.tile,) * (4 if self.kind.is_kong else 3)

    def __str__(self) -> str:
        return f"{self.kind.tag}[{''.join(str(t.code[0]) for t in self.tiles)}{self.tile.code[1]}]"


@dataclass(frozen=True)
class Hand:
    """A player's tiles: concealed counts, declared melds and bonus tiles.

    Build one with :meth:`Hand.parse` from notation (design §3, rules §2.5)::

        Hand.parse("123m456p11z [555z] (2222p) 1f 6f")
        Hand.parse("9m kong[1111m] ckong[5555p] addkong[7777s] ckong[2222z]")

    Attributes:
        counts: 34 ints, the concealed tiles per kind.
        melds: the declared sets in the order given.
        bonus: the exposed bonus tiles (kinds 34..41), ascending.
    """

    counts: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()

    @classmethod
    def parse(cls, notation: str) -> Hand:
        """Parse hand notation (at most 1024 characters). Raises InvalidTileError (with
        ``.position``) for unreadable notation, InvalidHandError for a fifth copy (however many
        copies), a bad meld, a repeated bonus tile or a longer string, TypeError for a non-str."""
        if not isinstance(notation, str):
            raise TypeError(f"hand notation must be a str, not {type(notation).__name__}")
        counts, melds, bonus = _core.parse_hand(notation)
        return cls(
            tuple(counts),
            tuple(Meld(MeldKind(k), Tile(t)) for k, t in melds),
            tuple(Tile(34 + b) for b in bonus),
        )

    @property
    def tiles(self) -> list[Tile]:
        """Concealed tiles in canonical order."""
        return [Tile(k) for k, n in enumerate(self.counts) for _ in range(n)]

    @property
    def size(self) -> int:
        """Tiles counting each declared set as 3, bonus tiles excluded (rules §5.6)."""
        return sum(self.counts) + 3 * len(self.melds)

    @property
    def core_melds(self) -> list[tuple[int, int]]:
        """Melds as the core's ``(meld_kind, kind)`` tuples."""
        return [(int(m.kind), m.tile.kind) for m in self.melds]

    @property
    def bonus_mask(self) -> int:
        """Bitmask of the bonus tiles (bit i = tile ``(i+1)f``)."""
        mask = 0
        for t in self.bonus:
            mask |= 1 << (t.kind - 34)
        return mask

    def __str__(self) -> str:
        return str(
            _core.format_hand(list(self.counts), self.core_melds, [t.kind - 34 for t in self.bonus])
        )

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"


HandLike = str | Hand


def as_hand(hand: HandLike) -> Hand:
    """A :class:`Hand` from notation or a Hand. Raises InvalidTileError / InvalidHandError, and
    TypeError for anything else."""
    if isinstance(hand, Hand):
        return hand
    if not isinstance(hand, str):
        raise TypeError(f"hand must be hand notation (str) or a Hand, not {type(hand).__name__}")
    return Hand.parse(hand)


def wind_index(wind: str | int | Tile, what: str = "wind") -> int:
    """0..3 for a wind given as ``"E"``/``"S"``/``"W"``/``"N"``, its name, ``"1z".."4z"``, a
    wind Tile, or an int 0..3 (numpy integers too). A bool, float or None is a TypeError naming
    ``what``; any other value an InvalidHandError."""
    if isinstance(wind, Tile):
        if 27 <= wind.kind <= 30:
            return wind.kind - 27
        raise InvalidHandError(f"{what} must be E, S, W or N, got {wind!r}")
    if isinstance(wind, str):
        w = wind.strip().upper()
        if w in WIND_LETTERS:
            return WIND_LETTERS.index(w)
        names = ("EAST", "SOUTH", "WEST", "NORTH")
        if w in names:
            return names.index(w)
        if w in ("1Z", "2Z", "3Z", "4Z"):
            return int(w[0]) - 1
        raise InvalidHandError(f"{what} must be E, S, W or N, got {wind!r}")
    i = _index_arg(wind, what, "a wind (E, S, W, N) or a seat 0..3 (int)")
    if 0 <= i < 4:
        return i
    raise InvalidHandError(f"{what} must be E, S, W or N (or 0..3), got {wind!r}")


def bonus_kinds(bonus: str | Iterable[TileLike]) -> list[int]:
    """Bonus tiles given as ``"1f,5f"``, ``"1f 5f"``, ``"15f"`` or an iterable of tiles → kinds 34..41."""
    if isinstance(bonus, str):
        kinds = _core.parse_tiles(bonus.replace(",", " "))
    elif isinstance(bonus, (bytes, int, float)) or bonus is None:
        raise TypeError(f"bonus must be bonus tiles in notation (str) or a list of tiles, not {type(bonus).__name__}")
    else:
        kinds = [Tile(b).kind for b in bonus]
    for k in kinds:
        if k < 34:
            raise InvalidTileError(
                f"{tile_code(k)} is not a bonus tile (bonus tiles are 1f..8f)", None, "not a bonus tile"
            )
    return list(kinds)


# Slow paths of the core's argument conversion (rust/src/py): the Python classes.


def _hand_notation(hand: object) -> str:
    """Notation of a :class:`Hand`; TypeError for anything that is neither a Hand nor a str."""
    if isinstance(hand, Hand):
        return str(hand)
    raise TypeError(f"hand must be hand notation (str) or a Hand, not {type(hand).__name__}")


def _tile_kind(tile: object) -> object:
    """The kind of a :class:`Tile`; any other value is returned for the core to check."""
    return tile.kind if isinstance(tile, Tile) else tile


def _bonus_notation(bonus: object) -> str:
    """Bonus tiles given as an iterable of tiles, as notation; TypeError for a non-iterable."""
    if isinstance(bonus, (bytes, int, float)) or not isinstance(bonus, Iterable):
        raise TypeError(
            f"bonus must be bonus tiles in notation (str) or a list of tiles, not {type(bonus).__name__}"
        )
    return " ".join(Tile(b).code for b in bonus)
