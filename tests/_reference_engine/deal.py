"""The deal state machine (rules §4–§8, §13).

A :class:`Deal` is built from an explicit wall (144 physical ids, position 0 = front) and a
dealer. The constructor deals (§4.3) and performs the initial bonus replacement (§4.4); the
dealer is then in ``ACTION`` (§5.2). From there the game advances only through
:meth:`Deal.apply`; draws and bonus replacements happen automatically between phases.

Example — drive a deal by always taking the first legal action::

    >>> from mahjong_fast import _core
    >>> deal = Deal(_core.wall(7, 0), dealer=0)
    >>> while deal.phase is not Phase.ENDED:
    ...     p = deal.to_act[0]
    ...     deal.apply(deal.legal_actions(p)[0])
    >>> deal.result.exhaustive_draw in (True, False)
    True

Response windows (``RESPONSE`` after a discard, ``ROB`` after an added kong): all players
named in ``to_act`` must respond, in any order; nothing is awarded until the last one has
responded (§5.4), then §6.2 priority decides. With ``auto_pass=True`` (the default) the
engine passes at once for every player whose only legal response is a pass (§5.4 allows it):
such players never appear in ``to_act`` and a further response from them is
``ALREADY_RESPONDED``. With ``auto_pass=False`` all three players must respond.

Legal-action lists (:meth:`Deal.legal_actions`) name one option per distinct choice: a
discard per physical tile held; a pung, exposed kong or chow per combination of *kinds*,
using the lowest ids held. :meth:`apply` accepts the same claim made with other copies.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_fast import _core
from mahjong_fast.errors import IllegalActionError, InvalidHandError, InvalidTileError

from mahjong_fast.game.actions import Action, ActionType, Phase
from mahjong_fast.game.events import Event
from mahjong_fast.game.result import DealResult

if TYPE_CHECKING:
    from mahjong_fast._core import ScoreResult
from .view import (
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_KONG,
    MELD_PUNG,
    LiveView,
    MeldView,
    SeatView,
)

__all__ = ["MIN_FAAN", "PREVAILING_WIND", "Deal"]

MIN_FAAN = 3
PREVAILING_WIND = 0  # East, rules §1.2

_A = ActionType
_TURN_TYPES = (_A.DISCARD, _A.SELF_DRAWN_WIN, _A.CONCEALED_KONG, _A.ADDED_KONG)
_RESPONSE_TYPES = (_A.PASS, _A.WIN, _A.PUNG, _A.KONG, _A.CHOW)
# §6.2 rank of each response: win > pung = exposed kong > chow > pass
_RANK = {_A.WIN: 3, _A.PUNG: 2, _A.KONG: 2, _A.CHOW: 1, _A.PASS: 0}


# Actions are immutable, so the options that name no tile or one tile are built once and
# shared by every legal-action list (a turn offers up to 14 discards).
_DISCARD_ACTIONS = tuple(tuple(Action(_A.DISCARD, p, (t,)) for t in range(136)) for p in range(4))
_PASS_ACTIONS = tuple(Action(_A.PASS, p) for p in range(4))
_WIN_ACTIONS = tuple(Action(_A.WIN, p) for p in range(4))
_SELF_DRAWN_WIN_ACTIONS = tuple(Action(_A.SELF_DRAWN_WIN, p) for p in range(4))


#: per discarder/declarer: the other three players, ascending (§5.4 response window)
_OTHERS = tuple(tuple(sorted((s + i) % 4 for i in (1, 2, 3))) for s in range(4))


def _chow_possible(cnt: list[int], k: int) -> bool:
    """Whether concealed counts ``cnt`` hold two tiles that make a chow with suit kind ``k``."""
    n = k % 9
    lo = cnt[k - 1] if n >= 1 else 0
    hi = cnt[k + 1] if n <= 7 else 0
    if lo and hi:
        return True
    if lo and n >= 2 and cnt[k - 2]:
        return True
    return bool(hi and n <= 6 and cnt[k + 2])


def _four(xs: Sequence[int]) -> tuple[int, int, int, int]:
    return (xs[0], xs[1], xs[2], xs[3])


def _illegal(code: str, msg: str) -> IllegalActionError:
    return IllegalActionError(code, msg)


def _require_win(sc: ScoreResult) -> ScoreResult:
    """HK §10.5 / §13: a declared or claimed win needs a winning shape worth at least 3 faan;
    otherwise NOT_A_WINNING_HAND or BELOW_MINIMUM."""
    if not sc.is_win:
        raise _illegal(sc.reason or "NOT_A_WINNING_HAND", f"not a legal win ({sc.faan} faan)")
    return sc


class Deal:
    """One Hong Kong deal (rules §4–§11).

    Args:
        wall: the 144 physical ids in wall order (rules §4.1), e.g. ``_core.wall(seed, d)``.
        dealer: the dealer (East), 0..3.
        scores: the four scores at the start of the deal (payments are added to them).
        deal_index: the deal's number in the match (shown in views and results).
        auto_pass: pass automatically for players with no legal claim (see module doc).
        record: keep every :class:`Event` in :attr:`events` (needed for logs and replay).
        listener: called with every event as it happens (even when ``record`` is False).

    Attributes (read-only by convention): ``phase``, ``to_act``, ``dealer``, ``seat_winds``,
    ``hands``, ``melds``, ``bonus``, ``scores``, ``remaining``, ``turn``, ``events``,
    ``result``.
    """

    # ------------------------------------------------------------------ setup
    def __init__(
        self,
        wall: Sequence[int],
        dealer: int = 0,
        scores: Sequence[int] = (0, 0, 0, 0),
        deal_index: int = 0,
        *,
        auto_pass: bool = True,
        record: bool = True,
        listener: Callable[[Event], None] | None = None,
    ):
        try:
            wall = [operator.index(t) for t in wall]
        except TypeError:
            raise InvalidTileError("wall tile ids must be integers") from None
        if len(wall) != 144:
            raise InvalidHandError(f"a wall has 144 tiles, got {len(wall)}")
        for t in wall:
            if not 0 <= t < 144:
                raise InvalidTileError(f"wall tile id {t!r} is outside 0..143")
        if len(set(wall)) != 144:
            raise InvalidHandError("the wall must hold every tile id 0..143 exactly once")
        if dealer not in (0, 1, 2, 3):
            raise ValueError(f"dealer must be 0..3, got {dealer!r}")
        if len(scores) != 4:
            raise ValueError("scores must have four entries")

        self.wall: tuple[int, ...] = tuple(wall)
        self.dealer = dealer
        self.deal_index = deal_index
        self.seat_winds: tuple[int, int, int, int] = tuple((p - dealer) % 4 for p in range(4))  # type: ignore[assignment]
        self.auto_pass = auto_pass
        self._rec = record or listener is not None
        self._keep = record
        self._listener = listener
        self.events: list[Event] = []

        self._front = 0  # next normal draw position
        self._back = 143  # next replacement draw position
        self.hands: list[list[int]] = [[], [], [], []]
        self.melds: list[list[MeldView]] = [[], [], [], []]
        self.bonus: list[list[int]] = [[], [], [], []]
        # per player: [tile, claimed_by] in discard order
        self.discard_history: list[list[list[Any]]] = [[], [], [], []]
        self.scores: list[int] = [int(s) for s in scores]
        self.turn = 0
        # kept in step with the state (recomputed from scratch in the invariant tests):
        self._cnt: list[list[int]] = [[0] * 34 for _ in range(4)]  # concealed counts per player
        self._mcore: list[list[tuple[int, int]]] = [[], [], [], []]  # (meld_kind, kind) per set
        self._public = [0] * 34  # per kind: unclaimed discards, declared sets, kong tile (§14)
        # per player: bit k set iff kind k is a §14a wait of the (13-equivalent) hand; -1 = not
        # known since the hand last changed. Computed once per hand change, when it responds.
        self._wm = [-1, -1, -1, -1]

        self.phase: Phase = Phase.ACTION
        self.to_act: tuple[int, ...] = ()
        self.active: int = dealer  # the player whose turn it is (ACTION / AFTER_CLAIM)
        self.drawn_tile: int | None = None
        self.entered_by_draw = False  # §5.3: self-drawn win allowed
        self.dealer_start = False  # §5.2: dealer's first ACTION, no draw yet
        self.kong_chain = False  # §7.4: current tile came from a kong replacement chain

        # response window (RESPONSE / ROB)
        self._window_from: int | None = None  # discarder / added-kong declarer
        self._window_tile: int | None = None
        self._responses: dict[int, Action] = {}
        self._win_scores: dict[int, ScoreResult] = {}  # validated win claims -> ScoreResult
        self._legal_cache: dict[int, list[Action]] = {}
        self._kong_tile: int | None = None  # the tile of an added kong while it can be robbed

        self.result: DealResult | None = None
        self._deal_tiles()

    @property
    def remaining(self) -> int:
        """Tiles not yet taken from the wall (rules §4.1)."""
        return self._back - self._front + 1

    @property
    def wall_position(self) -> tuple[int, int]:
        """(next front position, next tail position)."""
        return (self._front, self._back)

    def _emit(self, type: str, player: int | None, data: dict[str, Any]) -> None:
        ev = Event(type, player, data)
        if self._keep:
            self.events.append(ev)
        if self._listener is not None:
            self._listener(ev)

    # ------------------------------------------------------- §4.3 dealing, §4.4 bonus
    def _deal_tiles(self) -> None:
        """HK §4.3 dealing: 3 rounds of 4 tiles, 1 tile each, then the dealer's 14th."""
        w = self.wall
        d = self.dealer
        for r in range(3):
            for k in range(4):
                start = 16 * r + 4 * k
                self.hands[(d + k) % 4].extend(w[start : start + 4])
        for k in range(4):
            self.hands[(d + k) % 4].append(w[48 + k])
        self.hands[d].append(w[52])
        self._front = 53
        if self._rec:
            self._emit(
                "deal",
                None,
                {
                    "dealer": d,
                    "seat_winds": list(self.seat_winds),
                    "hands": [list(h) for h in self.hands],
                },
            )
        # HK §4.4 initial replacement: dealer first, then South, West, North; each player
        # replaces every bonus tile (including bonus tiles received as replacements) first.
        for k in range(4):
            p = (d + k) % 4
            hand = self.hands[p]
            while True:
                bonus = [t for t in hand if t >= 136]
                if not bonus:
                    break
                for t in bonus:
                    hand.remove(t)
                    self.bonus[p].append(t)
                    if self._rec:
                        self._emit("bonus", p, {"tile": t})
                for _ in bonus:
                    if self.remaining == 0:  # cannot happen with 91 tiles left; kept for §8.2
                        self._recount()
                        self._exhaustive_draw("no_replacement")
                        return
                    t = self._take_tail()
                    hand.append(t)
                    if self._rec:
                        self._emit("replacement_draw", p, {"tile": t, "reason": "bonus"})
        self._recount()
        # HK §5.2 the dealer enters ACTION with 14 tiles without drawing
        self._enter_action(d, drawn=None, dealer_start=True)

    def _recount(self) -> None:
        self._wm = [-1, -1, -1, -1]
        for p in range(4):
            c = self._cnt[p] = [0] * 34
            for t in self.hands[p]:
                if t < 136:
                    c[t >> 2] += 1

    def _take_front(self) -> int:
        t = self.wall[self._front]
        self._front += 1
        return t

    def _take_tail(self) -> int:
        t = self.wall[self._back]
        self._back -= 1
        return t

    def _draw(self, p: int, *, replacement: bool, reason: str = "kong") -> bool:
        """HK §4.1/§4.4 one draw (normal from the front, replacement from the tail) with bonus
        replacement. Returns False when the deal ended in an exhaustive draw (§8.2 case 2)."""
        # every tile is placed (hand or bonus area) before its event is emitted, so that
        # listeners always see each of the 144 tiles in exactly one place
        t = self._take_tail() if replacement else self._take_front()
        while True:
            bonus = t >= 136
            if bonus:
                self.bonus[p].append(t)
            else:
                self.hands[p].append(t)
                self._cnt[p][t >> 2] += 1
                self._wm[p] = -1
            if self._rec:
                if replacement:
                    self._emit("replacement_draw", p, {"tile": t, "reason": reason})
                else:
                    self._emit("draw", p, {"tile": t})
                if bonus:
                    self._emit("bonus", p, {"tile": t})
            if not bonus:
                break
            if self.remaining == 0:
                self._exhaustive_draw("no_replacement")
                return False
            t = self._take_tail()
            replacement, reason = True, "bonus"
        self.drawn_tile = t
        return True

    # ------------------------------------------------------------- phase changes
    def _enter_action(
        self, p: int, *, drawn: int | None, dealer_start: bool = False, kong_chain: bool = False
    ) -> None:
        self.phase = Phase.ACTION
        self.active = p
        self.to_act = (p,)
        self.drawn_tile = drawn
        self.entered_by_draw = True
        self.dealer_start = dealer_start
        self.kong_chain = kong_chain
        self._clear_window()

    def _enter_after_claim(self, p: int) -> None:
        self.phase = Phase.AFTER_CLAIM
        self.active = p
        self.to_act = (p,)
        self.drawn_tile = None
        self.entered_by_draw = False
        self.dealer_start = False
        self.kong_chain = False
        self._clear_window()

    def _clear_window(self) -> None:
        self._window_from = None
        self._window_tile = None
        self._responses = {}
        self._win_scores = {}
        self._legal_cache = {}

    def _draw_and_act(self, p: int, *, replacement: bool) -> None:
        """Draw for ``p`` (normal, or replacement after a kong) and enter ACTION."""
        if self._draw(p, replacement=replacement, reason="kong"):
            self._enter_action(p, drawn=self.drawn_tile, kong_chain=replacement)

    # ------------------------------------------------------------- scoring helpers
    @staticmethod
    def _counts(tiles: Sequence[int]) -> list[int]:
        c = [0] * 34
        for t in tiles:
            c[t >> 2] += 1
        return c

    def _meld_tuples(self, p: int) -> list[tuple[int, int]]:
        return self._mcore[p]

    def _bonus_mask(self, p: int) -> int:
        m = 0
        for t in self.bonus[p]:
            m |= 1 << (t - 136)
        return m

    def _score_self_drawn(self, p: int) -> ScoreResult:
        """HK §5.3.1 score a self-drawn win of the active player (no state change)."""
        if self.dealer_start:
            # §5.2 / §14a dealer's win at the start: 14 dealt tiles, no winning tile
            return _core.score(
                self._cnt[p],
                self._meld_tuples(p),
                self._bonus_mask(p),
                None,
                self.seat_winds[p],
                PREVAILING_WIND,
                self_drawn=True,
                dealer_start=True,
            )
        drawn = self.drawn_tile
        counts = list(self._cnt[p])
        counts[drawn >> 2] -= 1  # type: ignore[operator]
        return _core.score(
            counts,
            self._meld_tuples(p),
            self._bonus_mask(p),
            drawn >> 2,  # type: ignore[operator]
            self.seat_winds[p],
            PREVAILING_WIND,
            self_drawn=True,
            kong_replacement=self.kong_chain,
            last_wall_tile=self.remaining == 0,
        )

    def _score_claim(self, q: int) -> ScoreResult:
        """HK §6.1 / §7.3 score a win on the open discard (or robbed tile) for ``q``."""
        tile = self._window_tile
        robbing = self.phase is Phase.ROB
        return _core.score(
            self._cnt[q],
            self._meld_tuples(q),
            self._bonus_mask(q),
            tile >> 2,  # type: ignore[operator]
            self.seat_winds[q],
            PREVAILING_WIND,
            self_drawn=False,
            robbing_kong=robbing,
            last_discard=(not robbing and self.remaining == 0),
        )

    # ------------------------------------------------------------- legal actions
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player`` now (empty if the player may not act).

        Order: wins first, then kongs, then discards (ACTION); pass first, then win,
        exposed kong, pung, chows (RESPONSE); pass, win (ROB)."""
        if self.phase is Phase.ENDED or player not in self.to_act:
            return []
        cached = self._legal_cache.get(player)
        if cached is None:
            if self.phase is Phase.ACTION:
                cached = self._legal_turn(player)
            elif self.phase is Phase.AFTER_CLAIM:
                disc = _DISCARD_ACTIONS[player]
                cached = [disc[t] for t in sorted(self.hands[player])]
            else:
                cached = self._legal_response(player)
            self._legal_cache[player] = cached
        return list(cached)

    def _legal_turn(self, p: int) -> list[Action]:
        """HK §5.3 the active player's options."""
        hand = self.hands[p]
        cnt = self._cnt[p]
        out: list[Action] = []
        # §9 a win needs a winning shape: the cheap shape test spares the scorer on most turns
        if (
            self.entered_by_draw
            and _core.is_complete(cnt, len(self.melds[p]))
            and self._score_self_drawn(p).is_win
        ):
            out.append(_SELF_DRAWN_WIN_ACTIONS[p])
        hand_sorted = sorted(hand)
        if self._back >= self._front:  # §7.5 every kong needs a replacement tile
            if 4 in cnt:
                for k in range(34):
                    if cnt[k] == 4:
                        out.append(
                            Action(_A.CONCEALED_KONG, p, tuple(t for t in hand_sorted if t >> 2 == k))
                        )
            for mk, k in self._mcore[p]:
                if mk == MELD_PUNG and cnt[k]:
                    low = next(t for t in hand_sorted if t >> 2 == k)
                    out.append(Action(_A.ADDED_KONG, p, (low,)))
        disc = _DISCARD_ACTIONS[p]
        out.extend([disc[t] for t in hand_sorted])
        return out

    def _wins_on(self, q: int, k: int) -> bool:
        """Whether kind ``k`` completes a winning shape (§9) for ``q``'s 13-equivalent hand
        (a kind whose four copies ``q`` holds cannot be discarded or robbed, so the §14a waits
        are exactly these kinds)."""
        m = self._wm[q]
        if m < 0:
            m = 0
            for w in _core.waits(self._cnt[q], self._mcore[q]):
                m |= 1 << w
            self._wm[q] = m
        return (m >> k) & 1 == 1

    def _claim_possible(self, q: int) -> bool:
        """Whether ``q`` has any option but a pass in the open window (a superset test: the
        §9 shape test, §6.1 tile counts), cheap enough to run for every discard."""
        k = self._window_tile >> 2  # type: ignore[operator]
        if self._wins_on(q, k):
            return True
        cnt = self._cnt[q]
        if self.phase is Phase.ROB or self.remaining == 0:
            return False
        if cnt[k] >= 2:
            return True
        return q == (self._window_from + 1) % 4 and k < 27 and _chow_possible(cnt, k)  # type: ignore[operator]

    def _legal_response(self, q: int) -> list[Action]:
        """HK §6.1 (RESPONSE) / §7.3 (ROB) the options of ``q`` in the open window."""
        if not self._claim_possible(q):
            return [_PASS_ACTIONS[q]]
        out = [_PASS_ACTIONS[q]]
        tile = self._window_tile
        k = tile >> 2  # type: ignore[operator]
        if self._wins_on(q, k) and self._score_claim(q).is_win:
            out.append(_WIN_ACTIONS[q])
        if self.phase is Phase.ROB or self.remaining == 0:  # §6.3 last discard: win only
            return out
        mine = sorted(t for t in self.hands[q] if t >> 2 == k)
        if len(mine) >= 3:
            out.append(Action(_A.KONG, q, tuple(mine[:3])))
        if len(mine) >= 2:
            out.append(Action(_A.PUNG, q, tuple(mine[:2])))
        if q == (self._window_from + 1) % 4 and k < 27:  # type: ignore[operator]
            n = k % 9
            lowest: dict[int, int] = {}
            for t in sorted(self.hands[q]):
                lowest.setdefault(t >> 2, t)
            for start in (n - 2, n - 1, n):
                if start < 0 or start + 2 > 8:
                    continue
                others = [k - n + i for i in range(start, start + 3) if i != n]
                if all(o in lowest for o in others):
                    out.append(Action(_A.CHOW, q, tuple(lowest[o] for o in others)))
        return out

    def is_legal(self, action: Action) -> bool:
        """True if :meth:`apply` would accept ``action`` (no state change either way)."""
        try:
            self._validate(action)
        except IllegalActionError:
            return False
        return True

    # ------------------------------------------------------------- validation (§13)
    def _validate(self, a: Action) -> ScoreResult | None:
        """Check ``a`` against rules §13 without changing anything. Returns the score result
        for a win, else None. Raises IllegalActionError."""
        if self.phase is Phase.ENDED:
            raise _illegal("DEAL_OVER", "the deal has ended")
        p = a.player
        t = a.type
        if not isinstance(t, ActionType):
            raise _illegal("WRONG_PHASE", f"unknown action type {t!r}")
        if self.phase in (Phase.ACTION, Phase.AFTER_CLAIM):
            if t in _RESPONSE_TYPES:
                raise _illegal("WRONG_PHASE", f"{t.value} is a response; no claim window is open")
            if p != self.active:
                raise _illegal("NOT_YOUR_TURN", f"it is P{self.active}'s turn, not P{p}'s")
            if self.phase is Phase.AFTER_CLAIM and t is not _A.DISCARD:
                raise _illegal(
                    "WRONG_PHASE", "after a chow or pung the only legal action is a discard"
                )
            return self._validate_turn(a)
        # RESPONSE / ROB
        if p not in (0, 1, 2, 3) or p == self._window_from:
            raise _illegal(
                "NOT_YOUR_TURN",
                f"P{p} cannot respond to their own "
                + ("discard" if self.phase is Phase.RESPONSE else "kong"),
            )
        if t not in _RESPONSE_TYPES or (self.phase is Phase.ROB and t not in (_A.PASS, _A.WIN)):
            raise _illegal("WRONG_PHASE", f"{t.value} is not allowed in {self.phase.value.upper()}")
        if p in self._responses:
            raise _illegal("ALREADY_RESPONDED", f"P{p} has already responded in this window")
        return self._validate_response(a)

    def _check_tiles(self, a: Action, n: int) -> None:
        if len(a.tiles) != n:
            raise _illegal("INVALID_MELD", f"{a.type.value} names {n} tile(s), got {len(a.tiles)}")
        for t in a.tiles:
            if not isinstance(t, int) or not 0 <= t < 144:
                raise _illegal("UNKNOWN_TILE", f"tile id {t!r} is outside 0..143")
        hand = self.hands[a.player]
        for t in a.tiles:
            if t not in hand:
                raise _illegal(
                    "TILE_NOT_IN_HAND", f"tile {t} is not in P{a.player}'s concealed hand"
                )
        if len(set(a.tiles)) != n:
            raise _illegal("INVALID_MELD", "the same tile is named twice")

    def _validate_turn(self, a: Action) -> ScoreResult | None:
        p, t = a.player, a.type
        if t is _A.DISCARD:
            self._check_tiles(a, 1)
            return None
        if t is _A.SELF_DRAWN_WIN:
            if a.tiles:
                raise _illegal("INVALID_MELD", "a self-drawn win names no tiles")
            if not self.entered_by_draw:
                raise _illegal("WRONG_PHASE", "a self-drawn win needs a draw this turn")
            return _require_win(self._score_self_drawn(p))
        # kongs
        if self.remaining == 0:
            raise _illegal(
                "NO_REPLACEMENT_TILE", "a kong needs a replacement tile but the wall is empty"
            )
        if t is _A.CONCEALED_KONG:
            self._check_tiles(a, 4)
            if len({x >> 2 for x in a.tiles}) != 1:
                raise _illegal("INVALID_MELD", "a concealed kong is four tiles of one kind")
            return None
        # added kong
        self._check_tiles(a, 1)
        k = a.tiles[0] >> 2
        if not any(m.kind == MELD_PUNG and m.tile_kind == k for m in self.melds[p]):
            raise _illegal("INVALID_MELD", "no exposed pung of that kind to add to")
        return None

    def _validate_response(self, a: Action) -> ScoreResult | None:
        p, t = a.player, a.type
        if t is _A.PASS:
            if a.tiles:
                raise _illegal("INVALID_MELD", "a pass names no tiles")
            return None
        if t is _A.WIN:
            if a.tiles:
                raise _illegal("INVALID_MELD", "a win claim names no tiles")
            return _require_win(self._score_claim(p))
        if self.remaining == 0:
            raise _illegal(
                "LAST_DISCARD_WIN_ONLY", "the last discard may be claimed only for a win"
            )
        disc = self._window_tile
        k = disc >> 2  # type: ignore[operator]
        if t is _A.CHOW:
            if p != (self._window_from + 1) % 4:  # type: ignore[operator]
                raise _illegal(
                    "CHOW_NOT_ALLOWED", "only the next player after the discarder may chow"
                )
            self._check_tiles(a, 2)
            kinds = sorted([k] + [x >> 2 for x in a.tiles])
            if (
                k >= 27
                or kinds[2] >= 27
                or len({x // 9 for x in kinds}) != 1
                or kinds != list(range(kinds[0], kinds[0] + 3))
            ):
                raise _illegal("INVALID_MELD", "the tiles do not form a run with the discard")
            return None
        n = 2 if t is _A.PUNG else 3
        self._check_tiles(a, n)
        if any(x >> 2 != k for x in a.tiles):
            raise _illegal("INVALID_MELD", f"a {t.value} needs {n} tiles of the discard's kind")
        return None

    # ------------------------------------------------------------- apply
    def apply(self, action: Action) -> None:
        """Validate and carry out ``action`` (rules §5–§8).

        Raises IllegalActionError (rules §13) and then leaves the state completely unchanged.
        """
        ph = self.phase
        p = action.player
        t = action.type
        tiles = action.tiles
        # the two everyday actions pass the §13 checks of _validate here, inline; anything
        # else (or anything unusual about these) goes through _validate
        if (
            t is _A.DISCARD
            and (ph is Phase.ACTION or ph is Phase.AFTER_CLAIM)
            and p == self.active
            and len(tiles) == 1
            and type(tiles[0]) is int
            and tiles[0] in self.hands[p]
        ) or (
            t is _A.PASS
            and (ph is Phase.RESPONSE or ph is Phase.ROB)
            and type(p) is int
            and p in self.to_act
            and not tiles
        ):
            score = None
        else:
            score = self._validate(action)
        if self._rec:
            self._emit("action", action.player, {"action": action.to_json(), "auto": False})
        self._legal_cache = {}
        if self.phase is Phase.ACTION or self.phase is Phase.AFTER_CLAIM:
            self._do_turn(action, score)
        else:
            self._responses[action.player] = action
            if score is not None:
                self._win_scores[action.player] = score
            self.to_act = tuple(q for q in self.to_act if q != action.player)
            if not self.to_act:
                self._resolve_window()

    def _do_turn(self, a: Action, score: ScoreResult | None) -> None:
        p, t = a.player, a.type
        if t is _A.DISCARD:
            self._discard(p, a.tiles[0])
        elif t is _A.SELF_DRAWN_WIN:
            self._win(
                p, "self_drawn", self.drawn_tile if not self.dealer_start else None, None, score
            )
        elif t is _A.CONCEALED_KONG:
            # HK §7.1 concealed kong, then §7.4 replacement draw
            cnt = self._cnt[p]
            for x in a.tiles:
                self.hands[p].remove(x)
                cnt[x >> 2] -= 1
            self.melds[p].append(MeldView(MELD_CONCEALED_KONG, tuple(sorted(a.tiles)), None, None))
            self._mcore[p].append((MELD_CONCEALED_KONG, a.tiles[0] >> 2))
            self._wm[p] = -1
            self._public[a.tiles[0] >> 2] += 4
            if self._rec:
                self._emit("concealed_kong", p, {"tiles": sorted(a.tiles)})
            self._draw_and_act(p, replacement=True)
        else:
            # HK §7.3 added kong: the tile is set aside and a ROB window opens
            x = a.tiles[0]
            self.hands[p].remove(x)
            self._cnt[p][x >> 2] -= 1
            self._wm[p] = -1
            self._public[x >> 2] += 1
            self._kong_tile = x  # set aside, public, until the ROB window closes
            if self._rec:
                self._emit("added_kong", p, {"tile": x})
            self._open_window(Phase.ROB, p, x)

    def _discard(self, p: int, tile: int) -> None:
        """HK §5.4 discard, then the RESPONSE window."""
        self.hands[p].remove(tile)
        self._cnt[p][tile >> 2] -= 1
        self._wm[p] = -1
        self._public[tile >> 2] += 1
        self.discard_history[p].append([tile, None])
        self.turn += 1
        if self._rec:
            self._emit("discard", p, {"tile": tile, "last": self.remaining == 0})
        self._open_window(Phase.RESPONSE, p, tile)

    def _open_window(self, phase: Phase, source: int, tile: int) -> None:
        """HK §5.4 / §7.3 open a response window; auto-pass players without a legal claim."""
        self.phase = phase
        self.drawn_tile = None
        self.entered_by_draw = False
        self.dealer_start = False
        self.kong_chain = False
        self._window_from = source
        self._window_tile = tile
        self._responses = {}
        self._win_scores = {}
        self._legal_cache = {}
        others = _OTHERS[source]
        self.to_act = others
        if self.auto_pass:
            waiting = []
            k = tile >> 2
            win_only = phase is Phase.ROB or self._back < self._front  # §7.3, §6.3
            nxt = (source + 1) % 4
            for q in others:
                # the cheap superset test of _claim_possible, inline: most windows end here
                cnt = self._cnt[q]
                if (
                    self._wins_on(q, k)
                    or (
                        not win_only
                        and (cnt[k] >= 2 or (q == nxt and k < 27 and _chow_possible(cnt, k)))
                    )
                ) and len(opts := self._legal_response(q)) > 1:
                    waiting.append(q)
                    self._legal_cache[q] = opts
                else:
                    self._responses[q] = _PASS_ACTIONS[q]
                    if self._rec:
                        self._emit(
                            "action",
                            q,
                            {"action": {"type": "pass", "player": q, "tiles": []}, "auto": True},
                        )
            self.to_act = tuple(waiting)
            if not waiting:
                self._resolve_window()

    def _resolve_window(self) -> None:
        """HK §6.2 priority: highest rank; ties by turn order after the discarder/declarer."""
        src = self._window_from
        tile = self._window_tile
        best: Action | None = None
        for i in (1, 2, 3):
            r = self._responses[(src + i) % 4]  # type: ignore[operator]
            if _RANK[r.type] > (_RANK[best.type] if best else 0):
                best = r
        if self.phase is Phase.ROB:
            if best is not None:  # §7.3 robbing the kong: the declarer pays as a discarder
                self._win(best.player, "robbing_kong", tile, src, self._win_scores[best.player])
            else:
                self._complete_added_kong(src, tile)  # type: ignore[arg-type]
            return
        if best is None:
            # §5.4 all passed
            if self.remaining == 0:
                self._exhaustive_draw("last_discard")  # §8.2 case 1
            else:
                self._draw_and_act((src + 1) % 4, replacement=False)  # type: ignore[operator]
            return
        q = best.player
        if best.type is _A.WIN:
            self._win(q, "discard", tile, src, self._win_scores[q])
            return
        # §5.5 claim of a pung, exposed kong or chow
        self.discard_history[src][-1][1] = q  # type: ignore[index]
        cnt = self._cnt[q]
        for x in best.tiles:
            self.hands[q].remove(x)
            cnt[x >> 2] -= 1
            self._public[x >> 2] += 1
        assert src is not None and tile is not None
        tiles = tuple(sorted((*best.tiles, tile)))
        kind = {_A.PUNG: MELD_PUNG, _A.KONG: MELD_KONG, _A.CHOW: MELD_CHOW}[best.type]
        self.melds[q].append(MeldView(kind, tiles, src, tile))
        self._mcore[q].append((kind, tiles[0] >> 2))
        self._wm[q] = -1
        if self._rec:
            self._emit(
                "claim",
                q,
                {"type": best.type.value, "tile": tile, "from": src, "tiles": list(tiles)},
            )
        if best.type is _A.KONG:
            self._draw_and_act(q, replacement=True)  # §7.2 / §7.4
        else:
            self._enter_after_claim(q)

    def _complete_added_kong(self, p: int, tile: int) -> None:
        """HK §7.3 nobody robbed: the pung becomes addkong[...] and §7.4 replacement draw."""
        k = tile >> 2
        self._kong_tile = None
        for i, m in enumerate(self.melds[p]):
            if m.kind == MELD_PUNG and m.tile_kind == k:
                self.melds[p][i] = MeldView(
                    MELD_ADDED_KONG,
                    tuple(sorted(m.tiles + (tile,))),
                    m.claimed_from,
                    m.claimed_tile,
                )
                tiles = self.melds[p][i].tiles
                self._mcore[p][i] = (MELD_ADDED_KONG, k)
                self._wm[p] = -1
                break
        if self._rec:
            self._emit("kong_completed", p, {"tiles": list(tiles)})
        self._draw_and_act(p, replacement=True)

    # ------------------------------------------------------------- §8 end of the deal
    def _win(
        self, p: int, kind: str, tile: int | None, discarder: int | None, sc: ScoreResult | None
    ) -> None:
        """HK §8.1 win: score (§10) and pay (§11)."""
        assert sc is not None  # validated before
        if kind == "discard":
            self.discard_history[discarder][-1][1] = p  # type: ignore[index]
        if kind != "self_drawn":
            self.hands[p].append(tile)  # type: ignore[arg-type]
            self._cnt[p][tile >> 2] += 1  # type: ignore[operator]
            self._wm[p] = -1
            self._public[tile >> 2] -= 1  # type: ignore[operator]  # left the pool / kong
        self._kong_tile = None
        pay = list(_core.payments(sc.faan, p, kind == "self_drawn", discarder))
        for i in range(4):
            self.scores[i] += pay[i]
        flags = {
            "kong_replacement": kind == "self_drawn" and self.kong_chain,
            "last_wall_tile": kind == "self_drawn"
            and not self.dealer_start
            and self.remaining == 0,
            "last_discard": kind == "discard" and self.remaining == 0,
            "robbing_kong": kind == "robbing_kong",
            "dealer_start": kind == "self_drawn" and self.dealer_start,
        }
        elements = tuple((str(c), str(n), int(f)) for c, n, f in sc.elements)
        if self._rec:
            self._emit(
                "win",
                p,
                {
                    "kind": kind,
                    "tile": tile,
                    "from": discarder,
                    "faan": sc.faan,
                    "raw_faan": sc.raw_faan,
                    "limit": sc.limit,
                    "elements": [list(e) for e in elements],
                    "hand": sorted(self.hands[p]),
                },
            )
            self._emit("payments", None, {"payments": pay, "scores": list(self.scores)})
        self._end(
            DealResult(
                deal_index=self.deal_index,
                dealer=self.dealer,
                exhaustive_draw=False,
                winner=p,
                discarder=discarder,
                win_kind=kind,
                win_tile=tile,
                faan=sc.faan,
                raw_faan=sc.raw_faan,
                limit=sc.limit,
                elements=elements,
                interpretation=getattr(sc, "interpretation", ""),
                payments=_four(pay),
                scores=_four(self.scores),
                turns=self.turn,
                tiles_left=self.remaining,
                flags=flags,
                **self._final_state(),
            )
        )

    def _exhaustive_draw(self, reason: str) -> None:
        """HK §8.2 exhaustive draw: no winner, no payments."""
        if self._rec:
            self._emit("exhaustive_draw", None, {"reason": reason})
        self._end(
            DealResult(
                deal_index=self.deal_index,
                dealer=self.dealer,
                exhaustive_draw=True,
                draw_reason=reason,
                scores=_four(self.scores),
                turns=self.turn,
                tiles_left=self.remaining,
                **self._final_state(),
            )
        )

    def _final_state(self) -> dict[str, Any]:
        return {
            "final_hands": tuple(tuple(sorted(h)) for h in self.hands),
            "final_melds": tuple(tuple((m.kind,) + m.tiles for m in ms) for ms in self.melds),
            "bonus": tuple(tuple(b) for b in self.bonus),
        }

    def _end(self, result: DealResult) -> None:
        self.phase = Phase.ENDED
        self.to_act = ()
        self.active = -1
        self.result = result
        self._legal_cache = {}

    # ------------------------------------------------------------- views
    def view(self, player: int) -> SeatView:
        """What ``player`` may see now (rules §14)."""
        return LiveView(self, player).snapshot()

    def live_view(self, player: int) -> LiveView:
        """The same information as :meth:`view`, read from the deal on access (valid until the
        deal changes); what :func:`run_deal` gives seats with ``live_view = True``."""
        return LiveView(self, player)

    # ------------------------------------------------------------- inspection
    def snapshot(self) -> dict[str, Any]:
        """The complete state as plain values (tests compare snapshots before/after)."""
        return {
            "phase": self.phase,
            "to_act": self.to_act,
            "active": self.active,
            "hands": tuple(tuple(h) for h in self.hands),
            "melds": tuple(tuple(m) for m in self.melds),
            "discards": tuple(tuple(tuple(x) for x in h) for h in self.discard_history),
            "bonus": tuple(tuple(b) for b in self.bonus),
            "wall": (self._front, self._back),
            "scores": tuple(self.scores),
            "turn": self.turn,
            "drawn_tile": self.drawn_tile,
            "flags": (self.entered_by_draw, self.dealer_start, self.kong_chain, self._kong_tile),
            "window": (
                self._window_from,
                self._window_tile,
                tuple(sorted(self._responses.items(), key=lambda kv: kv[0])),
            ),
            "events": len(self.events),
            "result": self.result,
        }

    def tile_locations(self) -> list[int]:
        """Every physical id exactly once if the deal is consistent: untaken wall tiles,
        hands, sets, unclaimed discards, bonus areas and a tile being added to a kong."""
        out = list(self.wall[self._front : self._back + 1])
        for p in range(4):
            out.extend(self.hands[p])
            for m in self.melds[p]:
                out.extend(m.tiles)
            out.extend(t for t, c in self.discard_history[p] if c is None)
            out.extend(self.bonus[p])
        if self._kong_tile is not None:
            out.append(self._kong_tile)
        return out

    def hand_size(self, p: int) -> int:
        """Tiles held counting each declared set as 3 (rules §5.6)."""
        return len(self.hands[p]) + 3 * len(self.melds[p])
