"""The one tile renderer (mahjong_fast.render.tiles_svg): every face draws, the output is a
pure function of its input, each placed tile is one ``<use>`` with a text alternative."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from mahjong_fast.errors import InvalidTileError
from mahjong_fast.render.tiles_svg import (
    face_label,
    render_discards,
    render_hand,
    render_tiles,
    symbols,
)
from mahjong_fast.tiles import Tile

SVG = "{http://www.w3.org/2000/svg}"
CODES = [Tile(k).code for k in range(42)]


def _uses(svg: str) -> list[str]:
    return re.findall(r'<use href="#mf-([0-9a-z]+)"', svg)


def test_every_face_has_its_own_drawing() -> None:
    bodies = {}
    for code in CODES:
        svg = render_tiles([code])
        root = ET.fromstring(svg)  # well-formed XML
        sym = root.find(f"{SVG}defs/{SVG}symbol")
        assert sym is not None and sym.get("id") == f"mf-{code}"
        # drawn: the blank tile plus at least one mark of the face
        assert len(list(sym)) >= 2, code
        bodies[code] = ET.tostring(sym).replace(f"mf-{code}".encode(), b"")
        assert _uses(svg) == [code]
        assert f"<title>{code}</title>" in svg
    assert len(set(bodies.values())) == 42  # no two faces drawn alike


def test_text_alternatives() -> None:
    assert face_label("5p") == "5 dots"
    assert face_label("9s") == "9 bamboo"
    assert face_label("1m") == "1 characters"
    assert face_label("1z") == "East wind"
    assert face_label("7z") == "Red dragon"
    assert face_label("3f") == "Chrysanthemum (flower 3)"
    assert face_label("8f") == "Winter (season 4)"
    svg = render_tiles(["5p", "1z"])
    assert 'aria-label="5 dots"' in svg and 'aria-label="East wind"' in svg
    assert 'role="img" aria-label="5 dots, East wind"' in svg


def test_same_input_same_bytes() -> None:
    hand = "123m55p9s [777z] (2222s) addkong[3333p] 1f 6f"
    assert render_hand(hand, win_tile="9s") == render_hand(hand, win_tile="9s")
    assert render_tiles(CODES) == render_tiles(list(CODES))
    assert render_discards(["1m", "2m"], claimed=[1]) == render_discards(["1m", "2m"], claimed=[1])
    assert symbols() == symbols(CODES)


def test_a_hand_with_melds_places_one_use_per_tile() -> None:
    svg = render_hand("123m55p [777z] (2222s) addkong[3333p] chow[789s] 1f 6f", win_tile="5p")
    ET.fromstring(svg)
    # 5 concealed + winning tile + pung 3 + concealed kong 4 + added kong 4 + chow 3 + 2 bonus
    assert len(_uses(svg)) == 5 + 1 + 3 + 4 + 4 + 3 + 2
    assert _uses(svg).count("back") == 2  # the concealed kong's outer tiles face down
    assert 'aria-label="concealed kong of 2 bamboo"' in svg
    assert 'aria-label="added kong of 3 dots"' in svg
    assert 'aria-label="bonus tiles"' in svg
    # each face once in the defs, however often placed
    assert svg.count('<symbol id="mf-7z"') == 1 and _uses(svg).count("7z") == 3


def test_discards_mark_the_claimed_ones() -> None:
    svg = render_discards(["1m", "9p", "5z", "3s", "3s", "4s", "7p"], claimed=[2], per_row=6)
    ET.fromstring(svg)
    assert len(_uses(svg)) == 7
    assert svg.count(", claimed") == 1 and 'aria-label="White dragon, claimed"' in svg
    with pytest.raises(ValueError, match="claimed"):
        render_discards(["1m"], claimed=[1])


def test_defs_can_be_left_to_the_page() -> None:
    svg = render_tiles(["1m"], defs=False)
    assert "<symbol" not in svg and _uses(svg) == ["1m"]


def test_bad_tiles_raise() -> None:
    with pytest.raises(InvalidTileError):
        render_tiles(["0m"])


def test_compact_hands_keep_one_use_per_tile_and_name_every_tile() -> None:
    hand = "123m55p [777z] (2222s) 1f"
    full, small = render_hand(hand), render_hand(hand, compact=True)
    assert _uses(small) == _uses(full) and len(small) < len(full)
    assert "<title>" not in small
    assert ('aria-label="1 characters, 2 characters, 3 characters, 5 dots, 5 dots, pung Red '
            'dragon, Red dragon, Red dragon, concealed kong 2 bamboo, 2 bamboo, 2 bamboo, '
            '2 bamboo, Plum (flower 1)"') in small  # fmt: skip
    ET.fromstring(small)
