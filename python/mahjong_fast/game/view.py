"""What one seat may see of a deal (rules §14).

A :class:`SeatView` is an immutable snapshot built by :meth:`Deal.view` for one player. It
holds the public state of the table (discards, declared sets, bonus tiles, remaining tiles,
seat winds, scores) plus that player's own concealed tiles — never another player's hand
and never the order of the wall. AI seats decide only from a view and the list of legal
actions (rules §14), exactly as the human does.

Tile numbers: *kind* 0..33 (``1m``..``7z``); physical *id* 0..143 (``id // 4`` is the kind for
ids below 136; 136..143 are the bonus tiles ``1f``..``8f``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong_fast.rules import DEFAULT_RULES, Ruleset

from .actions import Phase

__all__ = [
    "MELD_ADDED_KONG",
    "MELD_CHOW",
    "MELD_CONCEALED_KONG",
    "MELD_KONG",
    "MELD_NAMES",
    "MELD_PUNG",
    "LiveView",
    "MeldView",
    "SeatView",
    "kind_of_id",
]

#: meld_kind numbers (contract: the meld tuple across the core boundary)
MELD_CHOW = 0
MELD_PUNG = 1
MELD_KONG = 2  # exposed kong claimed from a discard
MELD_ADDED_KONG = 3
MELD_CONCEALED_KONG = 4
#: rules §2.5 tags, indexed by meld_kind
MELD_NAMES = ("chow", "pung", "kong", "addkong", "ckong")


def kind_of_id(tile_id: int) -> int:
    """Kind index 0..33 of an ordinary tile id (rules §2.3); 34..41 for bonus ids 136..143."""
    return tile_id // 4 if tile_id < 136 else 34 + (tile_id - 136)


@dataclass(frozen=True)
class MeldView:
    """A declared set, as everybody sees it.

    Attributes:
        kind: meld kind 0=chow, 1=pung, 2=exposed kong, 3=added kong, 4=concealed kong.
        tiles: the physical ids of the set, ascending (4 ids for every kong).
        claimed_from: the player whose discard was claimed for it (for an added kong: the
            player of the original pung's discard); ``None`` for a concealed kong.
        claimed_tile: the id of the claimed discard (``None`` for a concealed kong).
    """

    kind: int
    tiles: tuple[int, ...]
    claimed_from: int | None = None
    claimed_tile: int | None = None

    @property
    def tile_kind(self) -> int:
        """Kind index of the set: the lowest tile for a chow, the repeated kind otherwise."""
        return min(self.tiles) // 4

    @property
    def core(self) -> tuple[int, int]:
        """The ``(meld_kind, kind)`` tuple the native core takes."""
        return (self.kind, self.tile_kind)

    @property
    def name(self) -> str:
        """The rules §2.5 tag: ``chow``, ``pung``, ``kong``, ``addkong`` or ``ckong``."""
        return MELD_NAMES[self.kind]


@dataclass(frozen=True)
class SeatView:
    """Everything player ``player`` may see, at one moment (rules §14).

    Attributes:
        player: whose view this is (0..3).
        phase: the current :class:`Phase`.
        to_act: players who must act now. In ACTION/AFTER_CLAIM: the active player. In
            RESPONSE/ROB only ``(player,)`` if this player still has to respond, else ``()``
            — whether *other* players hold a claim is private (``Deal.to_act`` has all).
        dealer: the dealer (East) of this deal.
        seat_winds: per player, 0=East 1=South 2=West 3=North.
        hand: this player's concealed tile ids, ascending (bonus tiles are never here).
        melds: per player, the declared sets in the order they were declared.
        discards: per player, the discard pool in order: tiles discarded and **not claimed**
            (a claimed tile is shown in the claimer's meld instead; see ``discard_history``).
            The open discard of a RESPONSE window is already in its discarder's pool.
        discard_history: per player, every discard in order as ``(tile_id, claimed_by)``,
            ``claimed_by`` = the claimer or ``None``.
        bonus: per player, the exposed bonus tile ids in the order they were exposed.
        remaining: tiles left in the wall (HK §4.1); in Taiwanese the live tiles (TW §4.2:
            not yet taken, minus the 16 of the dead wall).
        scores: the four scores (start of the deal plus payments, once paid).
        last_discard: ``(discarder, tile_id)`` while a RESPONSE window is open, else ``None``.
        kong_tile: ``(declarer, tile_id)`` of the tile being added while a ROB window is open.
        drawn_tile: the tile this player just drew (normal or replacement) and still holds,
            while it is in ACTION after a draw; else ``None``.
        deal_index: the deal's number in the match.
        turn: number of discards made so far in the deal.
        can_self_draw: whether this player entered ACTION by a draw (or is the dealer at
            the start), i.e. a self-drawn win is possible in principle (rules §5.3).
        prevailing_wind: the prevailing (round) wind, 0=East .. 3=North (TW §16).
        dealer_streak: the dealer's streak k (TW §15, §16; 0 in Hong Kong).
        rules: the ruleset of the deal (public: every seat plays under it).
        public_flags: per player, the public flags of the ruleset's house rules set now (a
            declared ``ready``); empty under a ruleset without house rules.
        own_flags: this player's own private flags (the ``pass_over`` flag); the others'
            are hidden.
        liabilities: the liability records made so far, ``(seat, liable, pattern)`` (public:
            they follow from public claims; HK §19.8 patterns are the triggers
            ``fourth_meld``, ``three_dragons``, ``four_winds``).
        own_locked_kinds: the tile kinds (0..33) of this player's own pass-over lock (HK
            §19.12; private: the others' are hidden); empty without the house rule.
        bonus_offer: the bonus-tile win on offer while ``BONUS_CHOICE`` is open (TW §20.6.3),
            ``(seat, value, self_drawn)`` (public), else ``None``.
    """

    player: int
    phase: Phase
    to_act: tuple[int, ...]
    dealer: int
    seat_winds: tuple[int, int, int, int]
    hand: tuple[int, ...]
    melds: tuple[tuple[MeldView, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    bonus: tuple[tuple[int, ...], ...]
    remaining: int
    scores: tuple[int, int, int, int]
    last_discard: tuple[int, int] | None = None
    kong_tile: tuple[int, int] | None = None
    drawn_tile: int | None = None
    deal_index: int = 0
    turn: int = 0
    discard_history: tuple[tuple[tuple[int, int | None], ...], ...] = ((), (), (), ())
    can_self_draw: bool = False
    prevailing_wind: int = 0
    dealer_streak: int = 0
    rules: Ruleset = DEFAULT_RULES
    public_flags: tuple[frozenset[str], ...] = (frozenset(),) * 4
    own_flags: frozenset[str] = frozenset()
    liabilities: tuple[tuple[int, int, str], ...] = ()
    own_locked_kinds: frozenset[int] = frozenset()
    bonus_offer: tuple[int, int, bool] | None = None

    # ----------------------------------------------------------------- helpers
    @property
    def seat_wind(self) -> int:
        """This player's seat wind (0=East .. 3=North)."""
        return self.seat_winds[self.player]

    @property
    def is_last_discard(self) -> bool:
        """True while the open discard is the last discard (rules §6.3): win claims only."""
        return self.last_discard is not None and self.remaining == 0

    def hand_counts(self) -> list[int]:
        """Length-34 counts of this player's concealed tiles."""
        counts = [0] * 34
        for t in self.hand:
            counts[t >> 2] += 1
        return counts

    def meld_tuples(self, player: int | None = None) -> tuple[tuple[int, int], ...]:
        """The ``(meld_kind, kind)`` tuples of a player's sets (default: this player), for ``_core``."""
        p = self.player if player is None else player
        return tuple(m.core for m in self.melds[p])

    def bonus_mask(self, player: int | None = None) -> int:
        """Bonus bitmask of a player's exposed bonus tiles (bit i = tile ``(i+1)f``)."""
        p = self.player if player is None else player
        mask = 0
        for t in self.bonus[p]:
            mask |= 1 << (t - 136)
        return mask

    def visible_counts(self) -> list[int]:
        """Length-34 counts of every tile this player can see: own hand, all discard pools,
        all declared sets (concealed kongs included — their kind is public), and the tile
        being added in an open ROB window."""
        counts = self.hand_counts()
        for pool in self.discards:
            for t in pool:
                counts[t >> 2] += 1
        for sets in self.melds:
            for m in sets:
                for t in m.tiles:
                    counts[t >> 2] += 1
        if self.kong_tile is not None:
            counts[self.kong_tile[1] >> 2] += 1
        return counts

    def unseen_counts(self) -> list[int]:
        """Length-34 counts of copies this player cannot see (``4 - visible``), the
        ``unseen`` argument of ``_core.rate_discards``."""
        return [4 - c for c in self.visible_counts()]


class LiveView:
    """The fields and helpers of :class:`SeatView`, read from the running deal when accessed.

    Built-in AI seats read their view only inside ``choose`` (they declare ``live_view =
    True``), so :func:`~mahjong_fast.game.match.run_deal` hands them a LiveView instead of
    copying the whole table into a SeatView on every decision. Every attribute is computed
    by the same rules §14 filter as :meth:`Deal.view` (which builds its SeatView from a
    LiveView), so a seat sees exactly the same information. A LiveView is valid only until
    the deal changes: keep a :meth:`snapshot` (a SeatView) for later use.
    """

    __slots__ = ("_core", "_deal", "deal_index", "player")

    def __init__(self, deal: Any, player: int):
        self._deal = deal
        self._core = deal._core
        self.player = player
        self.deal_index: int = deal.deal_index

    # ------------------------------------------------------------- SeatView fields
    @property
    def phase(self) -> Phase:
        return self._deal.phase  # type: ignore[no-any-return]

    @property
    def _own_turn(self) -> bool:
        c = self._core
        return c.phase == 0 and c.active == self.player  # type: ignore[no-any-return]

    @property
    def to_act(self) -> tuple[int, ...]:
        # §14 / §5.4: who still has a claim to make is not public, so in a RESPONSE or ROB
        # window a seat only learns whether it must respond itself
        c = self._core
        if c.phase in (2, 3, 5):  # RESPONSE, ROB, DECLARE
            return (self.player,) if self.player in c.to_act else ()
        return c.to_act  # type: ignore[no-any-return]

    @property
    def public_flags(self) -> tuple[frozenset[str], ...]:
        return self._deal.public_flags  # type: ignore[no-any-return]

    @property
    def own_flags(self) -> frozenset[str]:
        return self._deal.private_flags[self.player]  # type: ignore[no-any-return]

    @property
    def liabilities(self) -> tuple[tuple[int, int, str], ...]:
        return tuple(self._deal.liabilities)

    @property
    def own_locked_kinds(self) -> frozenset[int]:
        return self._deal.locked_kinds[self.player]  # type: ignore[no-any-return]

    @property
    def bonus_offer(self) -> tuple[int, int, bool] | None:
        return self._deal.bonus_offer  # type: ignore[no-any-return]

    @property
    def dealer(self) -> int:
        return self._deal.dealer  # type: ignore[no-any-return]

    @property
    def seat_winds(self) -> tuple[int, int, int, int]:
        return self._deal.seat_winds  # type: ignore[no-any-return]

    @property
    def hand(self) -> tuple[int, ...]:
        return self._core.sorted_hand(self.player)  # type: ignore[no-any-return]

    @property
    def melds(self) -> tuple[tuple[MeldView, ...], ...]:
        return tuple(tuple(ms) for ms in self._deal.melds)

    @property
    def discards(self) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(t for t, c in h if c is None) for h in self._core.discard_history()
        )

    @property
    def bonus(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(b) for b in self._core.bonus())

    @property
    def remaining(self) -> int:
        return self._core.remaining  # type: ignore[no-any-return]

    @property
    def scores(self) -> tuple[int, int, int, int]:
        return self._core.scores  # type: ignore[no-any-return]

    @property
    def last_discard(self) -> tuple[int, int] | None:
        c = self._core
        if c.phase == 2:
            return (c.window_from, c.window_tile)
        return None

    @property
    def kong_tile(self) -> tuple[int, int] | None:
        c = self._core
        if c.phase == 3:
            return (c.window_from, c.window_tile)
        return None

    @property
    def drawn_tile(self) -> int | None:
        return self._core.drawn_tile if self._own_turn else None

    @property
    def turn(self) -> int:
        return self._core.turn  # type: ignore[no-any-return]

    @property
    def discard_history(self) -> tuple[tuple[tuple[int, int | None], ...], ...]:
        return tuple(tuple((t, c) for t, c in h) for h in self._core.discard_history())

    @property
    def can_self_draw(self) -> bool:
        return self._own_turn and self._core.entered_by_draw

    @property
    def prevailing_wind(self) -> int:
        return self._deal.prevailing_wind  # type: ignore[no-any-return]

    @property
    def dealer_streak(self) -> int:
        return self._deal.dealer_streak  # type: ignore[no-any-return]

    @property
    def rules(self) -> Ruleset:
        return self._deal.rules  # type: ignore[no-any-return]

    # ------------------------------------------------------------- SeatView helpers
    @property
    def seat_wind(self) -> int:
        return self._deal.seat_winds[self.player]  # type: ignore[no-any-return]

    @property
    def is_last_discard(self) -> bool:
        c = self._core
        return c.phase == 2 and c.remaining == 0  # type: ignore[no-any-return]

    def hand_counts(self) -> list[int]:
        """Same as :meth:`SeatView.hand_counts` (from the deal's kept counts)."""
        return self._core.counts(self.player)  # type: ignore[no-any-return]

    def meld_tuples(self, player: int | None = None) -> tuple[tuple[int, int], ...]:
        """Same as :meth:`SeatView.meld_tuples`."""
        return tuple(self._core.meld_tuples(self.player if player is None else player))

    def bonus_mask(self, player: int | None = None) -> int:
        """Same as :meth:`SeatView.bonus_mask`."""
        return self._core.bonus_mask(self.player if player is None else player)  # type: ignore[no-any-return]

    def visible_counts(self) -> list[int]:
        """Same as :meth:`SeatView.visible_counts`: own hand plus the public tiles (unclaimed
        discards, every declared set, the tile of an open ROB window), kept by the deal."""
        return self._core.visible_counts(self.player)  # type: ignore[no-any-return]

    def unseen_counts(self) -> list[int]:
        """Same as :meth:`SeatView.unseen_counts`."""
        return self._core.unseen_counts(self.player)  # type: ignore[no-any-return]

    def snapshot(self) -> SeatView:
        """The :class:`SeatView` of this moment."""
        return SeatView(
            player=self.player,
            phase=self.phase,
            to_act=self.to_act,
            dealer=self.dealer,
            seat_winds=self.seat_winds,
            hand=self.hand,
            melds=self.melds,
            discards=self.discards,
            bonus=self.bonus,
            remaining=self.remaining,
            scores=self.scores,
            last_discard=self.last_discard,
            kong_tile=self.kong_tile,
            drawn_tile=self.drawn_tile,
            deal_index=self.deal_index,
            turn=self.turn,
            discard_history=self.discard_history,
            can_self_draw=self.can_self_draw,
            prevailing_wind=self.prevailing_wind,
            dealer_streak=self.dealer_streak,
            rules=self.rules,
            public_flags=self.public_flags,
            own_flags=self.own_flags,
            liabilities=self.liabilities,
            own_locked_kinds=self.own_locked_kinds,
            bonus_offer=self.bonus_offer,
        )
