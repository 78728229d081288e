"""The outcome of one deal (rules §8, §10, §11)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["WIN_KINDS", "DealResult", "WinResult"]

#: values of :attr:`DealResult.win_kind`; then the Taiwanese bonus-tile wins of TW §7 (all
#: eight bonus tiles: settled as self-drawn; seven rob the eighth: the exposing player pays)
#: and the Hong Kong flower wins of HK §19.6 (``flower_win``: seven or eight bonus tiles,
#: settled as self-drawn; ``flower_win_rob``: the eighth robbed, the exposing player pays;
#: HK §19.13 names them)
WIN_KINDS = (
    "self_drawn",
    "discard",
    "robbing_kong",
    "bonus_all_eight",
    "bonus_rob_eighth",
    "flower_win",
    "flower_win_rob",
)


def _code(tile_id: int | None) -> str | None:
    """The MPSZ code of a physical tile id (``None`` stays ``None``)."""
    from mahjong_fast.render import code_of_id

    return None if tile_id is None else code_of_id(tile_id)


def _codes(ids: Any) -> list[str]:
    from mahjong_fast.render import code_of_id

    return [code_of_id(t) for t in ids]


def _elements(elements: Any) -> list[dict[str, Any]]:
    return [{"code": c, "name": n, "value": v} for c, n, v in elements]


def _alias(unit: str, alias: str, value: int, name: str = "value") -> int:
    """A value under its unit's own name (``faan`` in Hong Kong, ``tai`` in Taiwanese)."""
    if alias == unit:
        return value
    raise AttributeError(f"this result is in {unit}, so it has no .{alias}: read .{name}")


@dataclass(frozen=True)
class WinResult:
    """One winner of a deal (Taiwanese deals may have several on one discard, TW §5.2).

    Attributes:
        player: the winner, 0..3.
        discarder: who pays this win alone (the discarder, the robbed kong's declarer, or the
            player who exposed the eighth bonus tile); ``None`` when every other player pays.
        win_kind: one of :data:`WIN_KINDS`.
        win_tile: physical id of the winning tile (the bonus tile for a TW §7 win; ``None``
            for the dealer's start win).
        value: the hand's value in ``unit``: faan after the cap (HK §10) or hand Tai (TW §11,
            dealer adjustments excluded).
        unit: ``"faan"`` or ``"tai"``.
        elements: ``(code, name, value)`` per element (or per item of an "each" element).
        interpretation: the reading chosen.
        payments: this win's settlement per player 0..3 (sums to zero; TW §15 with the
            dealer's adjustments; in Hong Kong the deal's payments, or with several winners
            this winner's, the co-winners paying nothing for it, HK §19.7).
        flags: the situation the win was scored with (``kong_replacement``, ...).
        liable_paid: HK §19.8, the liable player who paid this win (its liability applied);
            ``None`` otherwise.
    """

    player: int
    discarder: int | None
    win_kind: str
    win_tile: int | None
    value: int
    unit: str
    elements: tuple[tuple[str, str, int], ...]
    interpretation: str
    payments: tuple[int, int, int, int]
    flags: dict[str, bool] = field(default_factory=dict)
    liable_paid: int | None = None

    @property
    def self_drawn(self) -> bool:
        """Every other player pays (a self-drawn win or all eight bonus tiles)."""
        return self.discarder is None

    @property
    def faan(self) -> int:
        """``value`` of a Hong Kong win (``AttributeError`` naming ``value`` otherwise)."""
        return _alias(self.unit, "faan", self.value)

    @property
    def tai(self) -> int:
        """``value`` of a Taiwanese win (``AttributeError`` naming ``value`` otherwise)."""
        return _alias(self.unit, "tai", self.value)

    def to_dict(self) -> dict[str, Any]:
        """The win as plain values for ``json.dumps``: tiles as codes (``"5s"``), players
        0..3, elements as ``{"code", "name", "value"}``."""
        d: dict[str, Any] = {
            "player": self.player,
            "discarder": self.discarder,
            "win_kind": self.win_kind,
            "win_tile": _code(self.win_tile),
            "value": self.value,
            "unit": self.unit,
            "elements": _elements(self.elements),
            "interpretation": self.interpretation,
            "payments": list(self.payments),
            "flags": dict(self.flags),
        }
        if self.liable_paid is not None:  # HK §19.8 (absent otherwise: records unchanged)
            d["liable_paid"] = self.liable_paid
        return d


@dataclass(frozen=True)
class DealResult:
    """How a deal ended.

    Attributes:
        deal_index, dealer: which deal and who dealt it.
        exhaustive_draw: True when the deal ended without a winner (rules §8.2).
        draw_reason: ``"last_discard"`` or ``"no_replacement"`` for an exhaustive draw.
        winner: the winner, or ``None``.
        discarder: who paid alone (the discarder, or the added-kong declarer when robbed);
            ``None`` for a self-drawn win or a draw.
        win_kind: ``"self_drawn"``, ``"discard"``, ``"robbing_kong"`` or ``None``.
        win_tile: physical id of the winning tile (``None`` for the dealer's start win).
        value, raw_value, limit, elements: the first winner's score in ``unit`` (faan after
            the cap, HK §10; hand Tai, TW §11) and before the cap; elements are
            ``(code, name, value)`` tuples in ascending element order. ``faan`` / ``raw_faan``
            are aliases of a Hong Kong result, ``tai`` of a Taiwanese one (the other alias is an
            ``AttributeError`` naming ``value``).
        interpretation: the scorer's notation of the chosen sets and pair.
        payments: per player, summing to zero (rules §11).
        scores: the four scores after payment.
        turns: number of discards made in the deal.
        tiles_left: ``remaining`` at the end.
        final_hands: per player, the concealed ids at the end (the winner's includes the
            winning tile).
        final_melds: per player, ``(meld_kind, ids...)`` tuples.
        bonus: per player, exposed bonus ids.
        flags: the situation flags the win was scored with (``kong_replacement``, ...).
        winners: every winner in turn order from the discarder (``(winner,)`` in Hong Kong,
            where only the first claimant wins, rules §11.3; ``()`` for a draw).
        wins: one :class:`WinResult` per winner, in the order of ``winners`` (``winner``,
            ``value``, ``elements``... repeat the first of them).
        unit: ``"faan"`` (Hong Kong) or ``"tai"`` (Taiwanese): the unit of ``value`` and of
            each element's value.
        prevailing_wind: the prevailing (round) wind of the deal, 0=East .. 3=North.
        dealer_streak: the dealer's streak k during the deal (TW §15, §16; 0 in Hong Kong).
        dealer_after, streak_after, passed: TW §16, what the deal did to the match: the next
            dealer, the next streak and whether the dealership passed (``None`` in Hong Kong,
            where the match decides the dealer, HK §12).
        false_win: HK §19.11, the player whose false win ended the deal (``draw_reason``
            ``"false_win"``, no winner, ``payments`` the penalty); ``None`` otherwise.
    """

    deal_index: int
    dealer: int
    exhaustive_draw: bool
    winner: int | None = None
    discarder: int | None = None
    win_kind: str | None = None
    win_tile: int | None = None
    value: int = 0
    raw_value: int = 0
    limit: str | None = None
    elements: tuple[tuple[str, str, int], ...] = ()
    interpretation: str = ""
    payments: tuple[int, int, int, int] = (0, 0, 0, 0)
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    turns: int = 0
    tiles_left: int = 0
    draw_reason: str | None = None
    final_hands: tuple[tuple[int, ...], ...] = ()
    final_melds: tuple[tuple[tuple[int, ...], ...], ...] = ()
    bonus: tuple[tuple[int, ...], ...] = ()
    flags: dict[str, bool] = field(default_factory=dict)
    winners: tuple[int, ...] = ()
    wins: tuple[WinResult, ...] = ()
    unit: str = "faan"
    prevailing_wind: int = 0
    dealer_streak: int = 0
    dealer_after: int | None = None
    streak_after: int | None = None
    passed: bool | None = None
    false_win: int | None = None

    @property
    def self_drawn(self) -> bool:
        return self.win_kind == "self_drawn"

    @property
    def faan(self) -> int:
        """``value`` of a Hong Kong deal (``AttributeError`` naming ``value`` otherwise)."""
        return _alias(self.unit, "faan", self.value)

    @property
    def raw_faan(self) -> int:
        """``raw_value`` of a Hong Kong deal (``AttributeError`` naming ``raw_value``
        otherwise)."""
        return _alias(self.unit, "faan", self.raw_value, "raw_value")

    @property
    def tai(self) -> int:
        """``value`` of a Taiwanese deal (``AttributeError`` naming ``value`` otherwise)."""
        return _alias(self.unit, "tai", self.value)

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain values for ``json.dumps``: tiles as codes (``"5s"``, ``"1f"``),
        players 0..3, elements as ``{"code", "name", "value"}``, each win as
        :meth:`WinResult.to_dict`, a set as ``{"kind", "tiles"}`` (kind: ``chow``, ``pung``,
        ``kong``, ``addkong``, ``ckong``)."""
        from mahjong_fast.game.view import MELD_NAMES

        d: dict[str, Any] = {
            "deal_index": self.deal_index,
            "dealer": self.dealer,
            "exhaustive_draw": self.exhaustive_draw,
            "draw_reason": self.draw_reason,
            "winner": self.winner,
            "discarder": self.discarder,
            "win_kind": self.win_kind,
            "win_tile": _code(self.win_tile),
            "value": self.value,
            "raw_value": self.raw_value,
            "unit": self.unit,
            "limit": self.limit,
            "elements": _elements(self.elements),
            "interpretation": self.interpretation,
            "payments": list(self.payments),
            "scores": list(self.scores),
            "turns": self.turns,
            "tiles_left": self.tiles_left,
            "final_hands": [_codes(h) for h in self.final_hands],
            "final_melds": [
                [{"kind": MELD_NAMES[m[0]], "tiles": _codes(m[1:])} for m in melds]
                for melds in self.final_melds
            ],
            "bonus": [_codes(b) for b in self.bonus],
            "flags": dict(self.flags),
            "winners": list(self.winners),
            "wins": [w.to_dict() for w in self.wins],
            "prevailing_wind": self.prevailing_wind,
            "dealer_streak": self.dealer_streak,
            "dealer_after": self.dealer_after,
            "streak_after": self.streak_after,
            "passed": self.passed,
        }
        if self.false_win is not None:  # HK §19.11 (absent otherwise: records unchanged)
            d["false_win"] = self.false_win
        return d

    def to_record(self) -> dict[str, Any]:
        """The simulation record of this deal (``docs/records.md``) without the run's
        ``seed``: a JSON-ready dict, built by ``mahjong_fast.sim.output.deal_record``."""
        from mahjong_fast.sim.output import deal_record

        return deal_record(self)
