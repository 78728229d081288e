"""Presentation of tiles and tables: terminal text (:mod:`.terminal`) and drawn SVG tiles
(:mod:`.tiles_svg`, the one tile renderer of the HTML reports and the browser table).

The terminal helpers are re-exported here, so ``from mahjong_fast.render import code_of_kind``
keeps working; the SVG renderer is imported from :mod:`mahjong_fast.render.tiles_svg`.
"""

from __future__ import annotations

from .terminal import (
    BONUS_NAMES,
    WIND_LETTERS,
    WIND_NAMES,
    code_of_id,
    code_of_kind,
    glyph_of_id,
    glyph_of_kind,
    hand_rows,
    kind_of_code,
    kind_of_id,
    meld_label,
    player_name,
    render_table,
    split_drawn,
    tile_label,
    tiles_label,
)

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
    "kind_of_id",
    "meld_label",
    "player_name",
    "render_table",
    "split_drawn",
    "tile_label",
    "tiles_label",
]
