"""The one tile renderer: tiles, hands, declared sets, discards and bonus tiles as inline SVG.

Every face (the 34 kinds ``1m..7z`` and the 8 bonus tiles ``1f..8f``) is drawn here with SVG
paths and circles, nothing fetched at run time. A picture holds each face it needs once as a
``<symbol id="mf-5p">`` and places it with ``<use href="#mf-5p">``. The suits differ by shape,
not by colour alone (readable in greyscale and by colour-blind readers):

- characters (``m``): the number as a bar numeral above a red character mark;
- dots (``p``): that many ringed circles;
- bamboo (``s``): that many jointed sticks;
- winds (``1z..4z``): the letter E, S, W or N; dragons: White a double frame, Green a
  crossed diamond, Red a framed bar;
- flowers (``1f..4f``): a five-petal flower and its number; seasons (``5f..8f``): a sun with
  rays and its number.

Every placed tile is a ``<g role="img" aria-label="5 dots"><title>5p</title>...</g>``: a
text alternative for screen readers and a tooltip. The output is a pure function of the
input: the same tiles give the same bytes.

    >>> svg = render_tiles(["1m", "5p", "9s", "7z"])
    >>> svg.count("<use "), 'aria-label="5 dots"' in svg
    (4, True)
    >>> render_hand("123m55p [777z] (2222s) 1f").count("<use ")
    13

Sizes are in SVG user units: a tile is :data:`TILE_W` x :data:`TILE_H` (30 x 40); an ``<svg>``
scales to its container (``width`` 100% up to its natural size in CSS px).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from ..tiles import Hand, HandLike, MeldKind, Tile, TileLike

__all__ = [
    "TILE_H",
    "TILE_W",
    "face_label",
    "render_discards",
    "render_hand",
    "render_tiles",
    "row_script",
    "symbols",
]

#: width and height of one tile, in SVG user units
TILE_W = 30
TILE_H = 40
_GAP = 8  # between groups (concealed tiles, each declared set, bonus tiles)
_PAD = 2  # around the picture

_SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}
_HONOUR_NAMES = ("East wind", "South wind", "West wind", "North wind",
                 "White dragon", "Green dragon", "Red dragon")  # fmt: skip
_BONUS_NAMES = ("Plum", "Orchid", "Chrysanthemum", "Bamboo",
                "Spring", "Summer", "Autumn", "Winter")  # fmt: skip

# ink colours; every face also differs by shape
_INK = "#1d2733"
_RED = "#b3261e"
_GREEN = "#1f6e3a"
_BLUE = "#1f4e8c"
_PINK = "#9c2a73"
_ORANGE = "#b8620b"


def _code(tile: TileLike) -> str:
    return Tile(tile).code


def face_label(tile: TileLike) -> str:
    """The words of a face: ``"5 dots"``, ``"East wind"``, ``"Plum (flower 1)"``.

    Raises:
        InvalidTileError: not a tile code, kind or :class:`Tile`.
    """
    code = _code(tile)
    n, suit = int(code[0]), code[1]
    if suit in _SUIT_NAMES:
        return f"{n} {_SUIT_NAMES[suit]}"
    if suit == "z":
        return _HONOUR_NAMES[n - 1]
    kind = "flower" if n <= 4 else "season"
    return f"{_BONUS_NAMES[n - 1]} ({kind} {(n - 1) % 4 + 1})"


# --------------------------------------------------------------------------- the faces

# bar numeral segments (a top, b upper right, c lower right, d bottom, e lower left,
# f upper left, g middle) of 1..9
_SEGMENTS = {1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd", 6: "afgedc", 7: "abc",
             8: "abcdefg", 9: "abcdfg"}  # fmt: skip


def _numeral(n: int, x: float, y: float, w: float, h: float, width: float, colour: str) -> str:
    """The number ``n`` (1..9) as bar segments in the box (x, y, w, h)."""
    m = y + h / 2
    seg = {
        "a": f"M{x:g} {y:g}H{x + w:g}",
        "b": f"M{x + w:g} {y:g}V{m:g}",
        "c": f"M{x + w:g} {m:g}V{y + h:g}",
        "d": f"M{x:g} {y + h:g}H{x + w:g}",
        "e": f"M{x:g} {m:g}V{y + h:g}",
        "f": f"M{x:g} {y:g}V{m:g}",
        "g": f"M{x:g} {m:g}H{x + w:g}",
    }
    d = "".join(seg[s] for s in _SEGMENTS[n])
    return (
        f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width:g}" '
        f'stroke-linecap="round" stroke-linejoin="round"/>'
    )


def _characters(n: int) -> str:
    mark = "M8 23H22M11 23V34M19 23V34M8 28.5H22M7 36Q15 31 23 37"
    return _numeral(n, 10, 4, 10, 14, 2.4, _INK) + (
        f'<path d="{mark}" fill="none" stroke="{_RED}" stroke-width="1.8" '
        'stroke-linecap="round"/>'
    )


_DOTS: dict[int, tuple[float, tuple[tuple[float, float], ...]]] = {
    1: (9.5, ((15, 20),)),
    2: (5.5, ((15, 11), (15, 29))),
    3: (4.6, ((8, 9), (15, 20), (22, 31))),
    4: (5.0, ((9, 12), (21, 12), (9, 28), (21, 28))),
    5: (4.4, ((9, 10), (21, 10), (15, 20), (9, 30), (21, 30))),
    6: (4.2, ((9, 9), (21, 9), (9, 20), (21, 20), (9, 31), (21, 31))),
    7: (3.6, ((7, 6.5), (15, 10.5), (23, 14.5), (9, 24), (21, 24), (9, 33), (21, 33))),
    8: (3.6, ((9, 7), (21, 7), (9, 15.5), (21, 15.5), (9, 24.5), (21, 24.5), (9, 33),
              (21, 33))),
    9: (3.6, ((7, 9), (15, 9), (23, 9), (7, 20), (15, 20), (23, 20), (7, 31), (15, 31),
              (23, 31))),
}  # fmt: skip
_DOT_COLOURS = (_BLUE, _RED, _GREEN)


def _dots(n: int) -> str:
    r, centres = _DOTS[n]
    out = []
    for i, (cx, cy) in enumerate(centres):
        colour = _DOT_COLOURS[(i + n) % 3]
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{colour}"/>')
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.45:g}" fill="#fff"/>')
    if n == 1:
        out.append('<circle cx="15" cy="20" r="6.5" fill="none" stroke="#fff" '
                   'stroke-width="1"/>')  # fmt: skip
    return "".join(out)


def _col(x: float, y0: float, y1: float) -> tuple[float, float, float]:
    return (x, y0, y1)


_STICKS: dict[int, tuple[tuple[float, float, float], ...]] = {
    2: (_col(15, 4, 18), _col(15, 22, 36)),
    3: (_col(15, 4, 18), _col(9, 22, 36), _col(21, 22, 36)),
    4: (_col(9, 4, 18), _col(21, 4, 18), _col(9, 22, 36), _col(21, 22, 36)),
    5: (_col(8, 4, 18), _col(22, 4, 18), _col(15, 13, 27), _col(8, 22, 36), _col(22, 22, 36)),
    6: tuple(_col(x, y0, y0 + 14) for y0 in (4, 22) for x in (7, 15, 23)),
    7: (_col(15, 3, 12),) + tuple(_col(x, y0, y0 + 10) for y0 in (14, 27) for x in (7, 15, 23)),
    8: tuple(_col(x, y0, y0 + 14) for y0 in (4, 22) for x in (5.5, 11.8, 18.2, 24.5)),
    9: tuple(_col(x, y0, y0 + 9.5) for y0 in (3.5, 15.2, 27) for x in (7, 15, 23)),
}


def _stick(x: float, y0: float, y1: float, w: float = 3.4) -> str:
    mid = (y0 + y1) / 2
    return (
        f'<rect x="{x - w / 2:g}" y="{y0:g}" width="{w:g}" height="{y1 - y0:g}" '
        f'rx="{w / 2:g}" fill="{_GREEN}"/>'
        f'<path d="M{x - w / 2:g} {mid:g}H{x + w / 2:g}" stroke="#fff" stroke-width="0.9"/>'
    )


def _bamboo(n: int) -> str:
    if n == 1:  # one tall stick with three joints and a knot on top
        return (
            _stick(15, 9, 36, 5)
            + '<path d="M12.5 18H17.5M12.5 27H17.5" stroke="#fff" stroke-width="0.9"/>'
            + f'<circle cx="15" cy="6" r="3.2" fill="none" stroke="{_RED}" stroke-width="1.6"/>'
        )
    return "".join(_stick(x, y0, y1) for x, y0, y1 in _STICKS[n])


_WIND_LETTERS = (
    "M10 7H21M10 7V33M10 20H19M10 33H21",  # E
    "M21 10Q16 5 11 8Q7 12 11 17Q15 20 19 22Q23 27 19 32Q14 35 9 31",  # S
    "M5 7L10 33L15 15L20 33L25 7",  # W
    "M9 33V7L21 33V7",  # N
)


def _honour(n: int) -> str:
    if n <= 4:
        return (
            f'<path d="{_WIND_LETTERS[n - 1]}" fill="none" stroke="{_INK}" stroke-width="3" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
        )
    if n == 5:  # White: a double frame
        return (
            f'<rect x="6" y="6" width="18" height="28" rx="1.5" fill="none" stroke="{_BLUE}" '
            'stroke-width="2"/>'
            f'<rect x="9.5" y="9.5" width="11" height="21" fill="none" stroke="{_BLUE}" '
            'stroke-width="1"/>'
        )
    if n == 6:  # Green: a crossed diamond
        return (
            f'<path d="M15 5L25 20L15 35L5 20Z M10 12.5L20 27.5M20 12.5L10 27.5" fill="none" '
            f'stroke="{_GREEN}" stroke-width="2.4" stroke-linejoin="round"/>'
        )
    # Red: a framed bar
    return (
        f'<path d="M7 13H23V26H7Z M15 5V36" fill="none" stroke="{_RED}" stroke-width="2.8" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    )


def _bonus(n: int) -> str:
    number = (n - 1) % 4 + 1
    out = [_numeral(number, 4, 4, 5, 8, 1.4, _INK)]
    if n <= 4:  # a five-petal flower on a stem
        out.append(f'<path d="M16 27V37" stroke="{_GREEN}" stroke-width="1.8"/>')
        petals = ((16, 15.5), (21.2, 19.3), (19.2, 25.4), (12.8, 25.4), (10.8, 19.3))
        for cx, cy in petals:
            out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="3.6" fill="{_PINK}"/>')
        out.append(f'<circle cx="16" cy="21" r="2.4" fill="#fff" stroke="{_PINK}"/>')
    else:  # a sun with eight rays
        rays = "M16 9V13M16 29V33M4 21H8M24 21H28M7.5 12.5L10.3 15.3M21.7 26.7L24.5 29.5" \
               "M24.5 12.5L21.7 15.3M10.3 26.7L7.5 29.5"  # fmt: skip
        out.append(f'<path d="{rays}" stroke="{_ORANGE}" stroke-width="1.8" '
                   'stroke-linecap="round"/>')  # fmt: skip
        out.append(f'<circle cx="16" cy="21" r="5.5" fill="{_ORANGE}"/>')
    return "".join(out)


def _face(code: str) -> str:
    n, suit = int(code[0]), code[1]
    if suit == "m":
        return _characters(n)
    if suit == "p":
        return _dots(n)
    if suit == "s":
        return _bamboo(n)
    if suit == "z":
        return _honour(n)
    return _bonus(n)


_BLANK = (
    f'<rect x="0.6" y="0.6" width="{TILE_W - 1.2:g}" height="{TILE_H - 1.2:g}" rx="3" '
    'fill="#fbf8ef" stroke="#6b6459" stroke-width="1.2"/>'
)
_BACK = (
    f'<rect x="0.6" y="0.6" width="{TILE_W - 1.2:g}" height="{TILE_H - 1.2:g}" rx="3" '
    f'fill="{_GREEN}" stroke="#6b6459" stroke-width="1.2"/>'
    '<path d="M6 6L24 34M24 6L6 34" stroke="#fff" stroke-opacity="0.35" stroke-width="1.2"/>'
)


def _symbol(code: str) -> str:
    body = _BACK if code == "back" else _BLANK + _face(code)
    return f'<symbol id="mf-{code}" viewBox="0 0 {TILE_W} {TILE_H}">{body}</symbol>'


def _sorted_codes(codes: Iterable[str]) -> list[str]:
    """Codes in kind order (back last), each once: the ``<defs>`` of a picture."""
    seen = set(codes)
    out = [Tile(k).code for k in range(42) if Tile(k).code in seen]
    if "back" in seen:
        out.append("back")
    return out


def symbols(codes: Iterable[TileLike] | None = None, *, back: bool = False) -> str:
    """``<defs>`` holding one ``<symbol>`` per face: of ``codes`` (default all 42), in kind
    order, with the face-down tile when ``back``. A page with many pictures can write this
    once and pass ``defs=False`` to the renderers.

    Raises:
        InvalidTileError: an item of ``codes`` is not a tile.
    """
    wanted = [Tile(k).code for k in range(42)] if codes is None else [_code(c) for c in codes]
    if back:
        wanted.append("back")
    return "<defs>" + "".join(_symbol(c) for c in _sorted_codes(wanted)) + "</defs>"


# --------------------------------------------------------------------------- placing tiles


@dataclass
class _Canvas:
    """Tiles placed so far: the ``<use>`` elements, the faces used, the extent."""

    parts: list[str]
    used: set[str]
    width: float = 0.0
    height: float = float(TILE_H)
    #: only the ``<use>`` of each tile: the picture's own label holds every tile's words
    compact: bool = False

    def tile(
        self, code: str, x: float, y: float, *, label: str | None = None, rotate: bool = False,
        back: bool = False, mark: bool = False,
    ) -> None:  # fmt: skip
        """One tile at (x, y): its face (or its back), its text alternative, optionally
        turned sideways (a claimed tile) or struck through (a claimed discard)."""
        shown = "back" if back else code
        self.used.add(shown)
        words = escape(label or face_label(code), quote=True)
        if rotate:  # sideways: the tile's box is TILE_H wide, TILE_W high, bottom-aligned
            top = y + TILE_H - TILE_W
            use = (
                f'<use href="#mf-{shown}" width="{TILE_W}" height="{TILE_H}" '
                f'transform="translate({x:g} {top + TILE_W:g}) rotate(-90)"/>'
            )
            right = x + TILE_H
        else:
            at = f' x="{x:g}"' + (f' y="{y:g}"' if y else "")
            use = f'<use href="#mf-{shown}"{at} width="{TILE_W}" height="{TILE_H}"/>'
            right = x + TILE_W
        strike = ""
        if mark:
            strike = (
                f'<path d="M{x + 3:g} {y + TILE_H - 3:g}L{x + TILE_W - 3:g} {y + 3:g}" '
                f'stroke="{_INK}" stroke-width="2.2" stroke-opacity="0.75"/>'
            )
        if self.compact:
            self.parts.append(use + strike)
        else:
            self.parts.append(
                f'<g role="img" aria-label="{words}"><title>{escape(code)}</title>{use}{strike}</g>'
            )
        self.width = max(self.width, right)
        self.height = max(self.height, y + TILE_H)

    def group(self, label: str, inner: list[str]) -> None:
        if self.compact:
            self.parts.extend(inner)
            return
        self.parts.append(f'<g role="group" aria-label="{escape(label, quote=True)}">')
        self.parts.extend(inner)
        self.parts.append("</g>")


def _document(canvas: _Canvas, label: str, defs: bool) -> str:
    w = canvas.width + 2 * _PAD
    h = canvas.height + 2 * _PAD
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mf-tiles" viewBox="{-_PAD} {-_PAD} '
        f'{w:g} {h:g}" width="{w:g}" height="{h:g}" role="img" '
        f'aria-label="{escape(label, quote=True)}">'
    )
    body = symbols([c for c in canvas.used if c != "back"], back="back" in canvas.used)
    return head + (body if defs else "") + "".join(canvas.parts) + "</svg>"


def render_tiles(
    tiles: Sequence[TileLike], *, label: str | None = None, defs: bool = True
) -> str:
    """A row of tiles, in the order given, as one ``<svg>`` element (a string).

    Args:
        tiles: tile codes (``"5p"``), kinds 0..41 or :class:`Tile` values.
        label: the picture's text alternative (default: the tiles' words, comma-separated).
        defs: include the ``<symbol>`` of each face used (False when the page already holds
            :func:`symbols`).

    Raises:
        InvalidTileError: an item is not a tile.
    """
    codes = [_code(t) for t in tiles]
    canvas = _Canvas([], set())
    for i, code in enumerate(codes):
        canvas.tile(code, i * TILE_W, 0)
    if label is None:
        label = ", ".join(face_label(c) for c in codes) or "no tiles"
    return _document(canvas, label, defs)


_MELD_WORDS = {
    MeldKind.CHOW: "chow",
    MeldKind.PUNG: "pung",
    MeldKind.EXPOSED_KONG: "exposed kong",
    MeldKind.ADDED_KONG: "added kong",
    MeldKind.CONCEALED_KONG: "concealed kong",
}


def render_hand(
    hand: HandLike,
    *,
    win_tile: TileLike | None = None,
    label: str | None = None,
    defs: bool = True,
    compact: bool = False,
) -> str:
    """A hand as one ``<svg>``: concealed tiles in order, then (apart) the winning tile, each
    declared set (exposed sets face up; a concealed kong with its outer two tiles face down; an
    added kong with its fourth tile laid on the middle one), then the bonus tiles.

    Args:
        hand: hand notation (``"123m55p [777z] (2222s) 1f"``) or a :class:`Hand`.
        win_tile: drawn apart after the concealed tiles, when given.
        label: the picture's text alternative (default: the hand's notation; with
            ``compact``, the words of every tile in order, e.g. ``"1 characters, 5 dots"``).
        defs: as :func:`render_tiles`.
        compact: each tile only as its ``<use>`` (no group, title or label of its own), about
            half the bytes, for pages with thousands of hands; the picture's label then names
            every tile.

    Returns:
        The ``<svg>`` element; it holds one ``<use>`` per tile (four per kong).

    Raises:
        InvalidTileError, InvalidHandError: unreadable notation (:meth:`Hand.parse`).
    """
    h = hand if isinstance(hand, Hand) else Hand.parse(hand)
    canvas = _Canvas([], set(), compact=compact)
    lift = TILE_H // 3 if any(m.kind == MeldKind.ADDED_KONG for m in h.melds) else 0
    x = 0.0
    inner_start = len(canvas.parts)
    for t in h.tiles:
        canvas.tile(t.code, x, lift)
        x += TILE_W
    concealed = canvas.parts[inner_start:]
    del canvas.parts[inner_start:]
    canvas.group("concealed tiles", concealed)
    if win_tile is not None:
        x += _GAP / 2 if h.tiles else 0
        start = len(canvas.parts)
        code = _code(win_tile)
        canvas.tile(code, x, lift, label=f"winning tile {face_label(code)}")
        x += TILE_W
        inner = canvas.parts[start:]
        del canvas.parts[start:]
        canvas.group("winning tile", inner)
    for meld in h.melds:
        x += _GAP if x else 0
        start = len(canvas.parts)
        tiles = [t.code for t in meld.tiles]
        if meld.kind == MeldKind.CONCEALED_KONG:
            for i, code in enumerate(tiles):
                canvas.tile(code, x, lift, back=i in (0, 3),
                            label=None if i in (1, 2) else f"{face_label(code)}, face down")
                x += TILE_W  # fmt: skip
        elif meld.kind == MeldKind.ADDED_KONG:
            for i, code in enumerate(tiles[:3]):
                canvas.tile(code, x + i * TILE_W, lift)
            canvas.tile(tiles[3], x + TILE_W, lift - TILE_H // 3,
                        label=f"{face_label(tiles[3])}, added")  # fmt: skip
            x += 3 * TILE_W
        else:
            for code in tiles:
                canvas.tile(code, x, lift)
                x += TILE_W
        inner = canvas.parts[start:]
        del canvas.parts[start:]
        canvas.group(f"{_MELD_WORDS[meld.kind]} of {face_label(tiles[0])}"
                     if meld.kind != MeldKind.CHOW else
                     f"chow {', '.join(face_label(c) for c in tiles)}", inner)  # fmt: skip
    if h.bonus:
        x += _GAP if x else 0
        start = len(canvas.parts)
        for t in h.bonus:
            canvas.tile(t.code, x, lift)
            x += TILE_W
        inner = canvas.parts[start:]
        del canvas.parts[start:]
        canvas.group("bonus tiles", inner)
    canvas.width = max(canvas.width, x)
    if label is None:
        label = str(h)
        if compact:
            words = [face_label(t) for t in h.tiles]
            if win_tile is not None:
                words.append(f"winning tile {face_label(win_tile)}")
            for meld in h.melds:
                words.append(f"{_MELD_WORDS[meld.kind]} " + ", ".join(
                    face_label(t) for t in meld.tiles))  # fmt: skip
            words += [face_label(t) for t in h.bonus]
            label = ", ".join(words)
    return _document(canvas, label, defs)


def row_script(function: str = "mfRow") -> str:
    """A small script (ES5, no network) defining ``function(notation)``: the HTML of the
    ``<svg>`` that :func:`render_hand` draws for concealed tiles in notation (``"123m55p"``)
    with ``defs=False, compact=True``: the same ``<use>`` elements at the same places, over the
    page's :func:`symbols`. Its text alternative (``aria-label``) is the notation. A page
    with thousands of hands carries only their notation and calls it for the rows near the
    screen; the browser tests check it against :func:`render_hand`.
    """
    return (
        f"function {function}(n){{var u='',x=0,d=[],i,c;"
        "for(i=0;i<n.length;i++){c=n.charAt(i);"
        "if(c>='0'&&c<='9')d.push(c);else{for(var j=0;j<d.length;j++){"
        f"u+='<use href=\"#mf-'+d[j]+c+'\" x=\"'+x+'\" width=\"{TILE_W}\" "
        f"height=\"{TILE_H}\"/>';x+={TILE_W};}}d=[];}}}}"
        f"var w=x+{2 * _PAD},h={TILE_H + 2 * _PAD};"
        "var a=n.replace(/&/g,'&amp;').replace(/\"/g,'&quot;').replace(/</g,'&lt;');"
        f"return '<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"mf-tiles\" "
        f"viewBox=\"{-_PAD} {-_PAD} '+w+' '+h+'\" width=\"'+w+'\" height=\"'+h+'\" "
        "role=\"img\" aria-label=\"'+a+'\">'+u+'</svg>';}"
    )


def render_discards(
    discards: Sequence[TileLike],
    *,
    claimed: Iterable[int] = (),
    per_row: int = 6,
    label: str = "discards",
    defs: bool = True,
) -> str:
    """A player's discards in rows of ``per_row``, in the order made; those claimed by another
    player (their positions in ``claimed``) are struck through and say "claimed".

    Raises:
        InvalidTileError: an item is not a tile. ValueError: ``per_row < 1`` or a position in
            ``claimed`` outside the discards.
    """
    if per_row < 1:
        raise ValueError(f"per_row: at least 1, got {per_row}")
    codes = [_code(t) for t in discards]
    taken = set(claimed)
    bad = sorted(i for i in taken if not 0 <= i < len(codes))
    if bad:
        raise ValueError(f"claimed: position {bad[0]} outside the {len(codes)} discards")
    canvas = _Canvas([], set())
    for i, code in enumerate(codes):
        row, col = divmod(i, per_row)
        canvas.tile(code, col * TILE_W, row * TILE_H, mark=i in taken,
                    label=f"{face_label(code)}, claimed" if i in taken else None)  # fmt: skip
    if not codes:
        canvas.width = TILE_W
    return _document(canvas, label, defs)
