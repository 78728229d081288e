"""Terminal rendering helpers for the ``mahjong-fast`` command (tiles, the table, results).

Everything here is presentation only: it turns tile ids/kinds and a
:class:`~mahjong_fast.game.view.SeatView` into text for a :class:`rich.console.Console`.

Tile glyphs come from the Unicode Mahjong Tiles block (U+1F000); with ``ascii=True`` only the
MPSZ codes are used::

    >>> code_of_kind(22), glyph_of_kind(22)
    ('5s', '🀔')
    >>> code_of_id(140)
    '5f'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text

__all__ = [
    "BONUS_NAMES",
    "WIND_LETTERS",
    "WIND_NAMES",
    "code_of_id",
    "code_of_kind",
    "glyph_of_id",
    "glyph_of_kind",
    "hand_rows",
    "kind_of_code",
    "meld_label",
    "render_table",
    "tile_label",
    "tiles_label",
]

WIND_LETTERS = "ESWN"
WIND_NAMES = ("East", "South", "West", "North")
#: names of the bonus tiles 1f..8f (rules §2.2)
BONUS_NAMES = (
    "Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter",
)  # fmt: skip

_SUITS = "mpsz"
# U+1F000 block: winds E S W N = 1F000..1F003, Red 1F004, Green 1F005, White 1F006,
# characters 1F007..1F00F, bamboos 1F010..1F018, circles (dots) 1F019..1F021,
# flowers Plum 1F022, Orchid 1F023, Bamboo 1F024, Chrysanthemum 1F025, seasons 1F026..1F029.
_GLYPHS: tuple[str, ...] = (
    tuple(chr(0x1F007 + i) for i in range(9))  # 1m..9m
    + tuple(chr(0x1F019 + i) for i in range(9))  # 1p..9p
    + tuple(chr(0x1F010 + i) for i in range(9))  # 1s..9s
    + tuple(chr(c) for c in (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004))
    # bonus 1f plum, 2f orchid, 3f chrysanthemum, 4f bamboo, 5f..8f seasons
    + tuple(
        chr(c) for c in (0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029)
    )
)
#: rich styles per suit letter
_STYLES = {"m": "red", "p": "blue", "s": "green", "z": "bold", "f": "magenta"}


def code_of_kind(kind: int) -> str:
    """MPSZ code of a kind 0..33 (``"5s"``), or of a bonus kind 34..41 (``"1f"``..``"8f"``)."""
    if 0 <= kind < 34:
        return f"{kind % 9 + 1}{_SUITS[kind // 9]}"
    if 34 <= kind < 42:
        return f"{kind - 33}f"
    raise ValueError(f"no tile kind {kind}")


def code_of_id(tile_id: int) -> str:
    """MPSZ code of a physical tile id 0..143 (rules §2.3)."""
    if 0 <= tile_id < 136:
        return code_of_kind(tile_id // 4)
    if 136 <= tile_id < 144:
        return f"{tile_id - 135}f"
    raise ValueError(f"no tile id {tile_id}")


def kind_of_id(tile_id: int) -> int:
    """Kind 0..33 of an ordinary tile id, 34..41 for a bonus tile."""
    return tile_id // 4 if tile_id < 136 else 34 + tile_id - 136


def kind_of_code(code: str) -> int | None:
    """Kind of one tile code (``"5s"`` → 22, ``"1f"`` → 34); ``None`` if not a tile code."""
    code = code.strip().lower()
    if len(code) != 2 or not code[0].isdigit():
        return None
    n, suit = int(code[0]), code[1]
    if suit in "mps" and 1 <= n <= 9:
        return 9 * "mps".index(suit) + n - 1
    if suit == "z" and 1 <= n <= 7:
        return 26 + n
    if suit == "f" and 1 <= n <= 8:
        return 33 + n
    return None


def glyph_of_kind(kind: int) -> str:
    """Unicode glyph of a kind 0..41 (bonus tiles 34..41)."""
    return _GLYPHS[kind]


def glyph_of_id(tile_id: int) -> str:
    return _GLYPHS[kind_of_id(tile_id)]


def _style(code: str) -> str:
    return _STYLES.get(code[-1], "")


def tile_label(tile: int, *, ascii: bool = False, is_id: bool = True) -> Text:
    """One tile as ``🀔5s`` (or ``5s`` with ``ascii``), styled by suit."""
    code = code_of_id(tile) if is_id else code_of_kind(tile)
    if ascii:
        return Text(code, style=_style(code))
    glyph = glyph_of_id(tile) if is_id else glyph_of_kind(tile)
    return Text(f"{glyph}{code}", style=_style(code))


def tiles_label(
    tiles: Iterable[int], *, ascii: bool = False, is_id: bool = True, empty: str = "-"
) -> Text:
    """Several tiles separated by spaces (``empty`` if there are none)."""
    out = Text()
    for i, t in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(tile_label(t, ascii=ascii, is_id=is_id))
    return out if out.plain else Text(empty, style="dim")


def _pad(s: str, width: int) -> str:
    return s + " " * max(0, width - cell_len(s))


def hand_rows(
    tiles: Sequence[int],
    *,
    ascii: bool = False,
    gap_before: int | None = None,
    numbered: bool = True,
) -> list[Text]:
    """A concealed hand as aligned rows: glyphs (unless ``ascii``), codes, 1-based positions.

    ``gap_before`` puts a wider gap before that index (the drawn tile, shown apart).
    """
    width = 4
    glyphs, codes, nums = Text(), Text(), Text()
    for i, t in enumerate(tiles):
        sep = "  " if gap_before is not None and i == gap_before else ""
        code = code_of_id(t)
        style = _style(code)
        for row in (glyphs, codes, nums):
            row.append(sep)
        glyphs.append(_pad(glyph_of_id(t), width), style=style)
        codes.append(_pad(code, width), style=style)
        nums.append(_pad(str(i + 1), width), style="dim")
    rows = [] if ascii else [glyphs]
    rows.append(codes)
    if numbered:
        rows.append(nums)
    return rows


def meld_label(meld: Any, *, ascii: bool = False) -> Text:
    """A declared set (a ``MeldView``) as ``pung[🀔🀔🀔5s]`` / ``pung[555s]``."""
    tiles = sorted(meld.tiles)
    name = getattr(meld, "name", None) or ("chow", "pung", "kong", "addkong", "ckong")[meld.kind]
    codes = [code_of_id(t) for t in tiles]
    compact = "".join(c[0] for c in codes) + codes[0][1]
    text = Text(f"{name}[", style="dim")
    if not ascii:
        text.append("".join(glyph_of_id(t) for t in tiles) + " ", style=_style(codes[0]))
    text.append(compact, style=_style(codes[0]))
    text.append("]", style="dim")
    return text


def _melds_label(melds: Sequence[Any], ascii: bool, me: int | None = None) -> Text:
    """Declared sets; a set made with a claimed discard says whose (``from P2``)."""
    out = Text()
    for i, m in enumerate(melds):
        if i:
            out.append("  ")
        out.append_text(meld_label(m, ascii=ascii))
        src = getattr(m, "claimed_from", None)
        if src is not None:
            who = "you" if src == me else f"P{src}"
            out.append(f" from {who}", "dim")
    return out if out.plain else Text("-", style="dim")


def _discards_label(
    history: Sequence[Sequence[Any]] | None, pool: Sequence[int], ascii: bool, me: int
) -> Text:
    """A player's discards in order; one that was claimed is marked with its claimer
    (``5s→P2``: P2 claimed it; it is also in P2's sets)."""
    if not history:
        return tiles_label(pool, ascii=ascii)
    out = Text()
    for i, (tile, claimed_by) in enumerate(history):
        if i:
            out.append(" ")
        out.append_text(tile_label(tile, ascii=ascii))
        if claimed_by is not None:
            out.append(f"→{player_name(claimed_by, me)}", style="bold")
    return out


def player_name(player: int, me: int = 0) -> str:
    return "You" if player == me else f"P{player}"


def split_drawn(view: Any) -> tuple[list[int], int | None]:
    """The concealed hand in display order: sorted, with the just-drawn tile moved to the end.

    Returns ``(tiles, gap_index)``; ``gap_index`` is the index of the drawn tile (or ``None``).
    """
    hand = sorted(view.hand)
    drawn = getattr(view, "drawn_tile", None)
    if drawn is not None and drawn in hand and len(hand) > 1:
        hand.remove(drawn)
        hand.append(drawn)
        return hand, len(hand) - 1
    return hand, None


def render_table(
    view: Any,
    *,
    ascii: bool = False,
    names: Sequence[str] | None = None,
    status: str | None = None,
    last_discard: tuple[int, int] | None = None,
    compact: bool = False,
    rules: Any = None,
    lang: str | None = None,
) -> list[Text]:
    """The whole table as one player (``view.player``) may see it (rules §14).

    ``rules``: the deal's ruleset; where its deals carry a match on (a round wind and a dealer's
    streak, TW §16) the head line shows them and the live tiles (TW §4.2) instead of the tiles
    left in the wall.

    ``last_discard`` = ``(player, tile id)`` of the latest discard, shown when no claim window
    is open (the view itself only carries the discard of an open window). ``compact``: only
    the head line, the last discard and the viewer's own seat and hand (a few lines, for the
    turns between full tables; the events since are printed as they happen).

    ``lang``: ``"zh-HK"`` or ``"zh-TW"`` for the table in that Chinese (the catalogue's labels
    and the ruleset's terms, :mod:`mahjong_fast.words`); English by default."""
    if lang is not None and lang != "en":
        return _render_table_words(
            view, ascii=ascii, names=names, status=status, last_discard=last_discard,
            compact=compact, rules=rules, lang=lang,
        )  # fmt: skip
    me = view.player
    lines: list[Text] = []
    # the head line fits 80 columns whatever the numbers (deal 32, streak 12, 3-digit counts)
    head = Text()
    head.append(f"Deal {view.deal_index + 1}", style="bold")
    wind = WIND_NAMES[getattr(view, "prevailing_wind", 0)]
    if rules is not None and not rules.independent_deals:
        head.append(f" · round wind {wind} · streak {view.dealer_streak}")
        head.append(f" · live tiles: {view.remaining}", style="bold")
        head.append(f" · {view.turn} discards")
    else:
        head.append(
            f" · wall: {view.remaining} tiles left · {view.turn} discards"
            f" · prevailing wind {wind}"
        )
    if not compact:
        lines.append(Text("─" * 72, style="dim"))
    lines.append(head)
    history = getattr(view, "discard_history", None)
    order = [me] if compact else [(me + k) % 4 for k in (1, 2, 3, 0)]
    for p in order:
        wind = view.seat_winds[p]
        t = Text()
        label = player_name(p, me)
        if names and p != me:
            label = f"{label} {names[p]}"
        t.append(f"{label:<12}", style="bold cyan" if p == me else "bold")
        # the dealer is named in words: no marker to decode
        t.append(f" {WIND_NAMES[wind]:<5}")
        t.append(" (dealer)" if p == view.dealer else " " * 9, style="bold")
        t.append(f" score {view.scores[p]:>7}")
        t.append("   bonus: ")
        t.append_text(tiles_label(view.bonus[p], ascii=ascii))
        lines.append(t)
        m = Text("    sets:     ")
        m.append_text(_melds_label(view.melds[p], ascii, me))
        lines.append(m)
        if compact:
            continue
        d = Text("    discards: ")
        d.append_text(_discards_label(history[p] if history else None, view.discards[p], ascii, me))
        lines.append(d)
    info = Text()
    shown = view.last_discard if view.last_discard is not None else last_discard
    if shown is not None:
        who, tile = shown
        info.append(f"Last discard: {player_name(who, me)} → ")
        info.append_text(tile_label(tile, ascii=ascii))
    if getattr(view, "kong_tile", None) is not None:
        who, tile = view.kong_tile
        info.append(f"{player_name(who, me)} adds ")
        info.append_text(tile_label(tile, ascii=ascii))
        info.append(" to a pung (added kong)")
    if status:
        if info.plain:
            info.append("   ")
        info.append(status, style="bold yellow")
    if info.plain:
        lines.append(info)
    hand, gap = split_drawn(view)
    title = Text("Your hand", style="bold cyan")
    if gap is not None:
        title.append("  (drawn tile shown last: ", style="dim")
        title.append_text(tile_label(hand[gap], ascii=ascii))
        title.append(")", style="dim")
    if compact:
        title.append("  · 'board' shows the whole table", style="dim")
    lines.append(title)
    for row in hand_rows(hand, ascii=ascii, gap_before=gap):
        lines.append(Text("  ").append_text(row))
    return lines


def _render_table_words(
    view: Any,
    *,
    ascii: bool,
    names: Sequence[str] | None,
    status: str | None,
    last_discard: tuple[int, int] | None,
    compact: bool,
    rules: Any,
    lang: str,
) -> list[Text]:
    """:func:`render_table` in a Chinese: the same lines with the catalogue's labels and the
    ruleset's terms (門風, 莊家, 花, 牌河, 牌牆)."""
    from ..words import Words

    w = Words(lang, rules)
    me = view.player
    lines: list[Text] = []
    head = Text()
    head.append(w("deal_n", n=view.deal_index + 1), style="bold")
    wind = w.wind(getattr(view, "prevailing_wind", 0))
    head.append(f" · {w.term('prevailing_wind')} {wind}")
    if rules is not None and not rules.independent_deals:
        head.append(f" · {w.term('dealer_streak')} {view.dealer_streak}")
        head.append(f" · {w.term('live_tiles')} {view.remaining}", style="bold")
    else:
        head.append(f" · {w('tiles_left')} {view.remaining}")
    if not compact:
        lines.append(Text("─" * 72, style="dim"))
    lines.append(head)
    history = getattr(view, "discard_history", None)
    order = [me] if compact else [(me + k) % 4 for k in (1, 2, 3, 0)]
    for p in order:
        t = Text()
        label = w.who(p, me)
        if names and p != me:
            label = f"{label} {names[p]}"
        t.append(f"{label:<12}", style="bold cyan" if p == me else "bold")
        t.append(f" {w.wind(view.seat_winds[p])}")
        t.append(f" {w.term('dealer')}" if p == view.dealer else "     ", style="bold")
        t.append(f" {w('scores')} {view.scores[p]:>7}")
        t.append(f"   {w.term('bonus_tile')}：")
        t.append_text(tiles_label(view.bonus[p], ascii=ascii))
        lines.append(t)
        m = Text(f"    {w('sets')}：")
        m.append_text(_melds_label(view.melds[p], ascii, me))
        lines.append(m)
        if compact:
            continue
        d = Text(f"    {w.term('discard_pool')}：")
        d.append_text(_discards_label(history[p] if history else None, view.discards[p], ascii, me))
        lines.append(d)
    info = Text()
    shown = view.last_discard if view.last_discard is not None else last_discard
    if shown is not None:
        who, tile = shown
        info.append(f"{w('last_discard')}：{w.who(who, me)} → ")
        info.append_text(tile_label(tile, ascii=ascii))
    if getattr(view, "kong_tile", None) is not None:
        who, tile = view.kong_tile
        info.append(f"{w.who(who, me)} {w.term('added_kong')} ")
        info.append_text(tile_label(tile, ascii=ascii))
    if status:
        if info.plain:
            info.append("   ")
        info.append(status, style="bold yellow")
    if info.plain:
        lines.append(info)
    hand, gap = split_drawn(view)
    lines.append(Text(w("your_hand"), style="bold cyan"))
    for row in hand_rows(hand, ascii=ascii, gap_before=gap):
        lines.append(Text("  ").append_text(row))
    return lines
