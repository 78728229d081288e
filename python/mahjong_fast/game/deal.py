"""The deal (rules §4–§14): a thin wrapper of the core's state machine.

A :class:`Deal` is built from an explicit wall (144 physical ids, position 0 = front) and a
dealer, or from a chosen position with :meth:`Deal.from_hands`. The constructor deals (§4.3)
and performs the initial bonus replacement (§4.4); the dealer is then in ``ACTION`` (§5.2).
From there the game advances only through :meth:`Deal.apply`; draws and bonus replacements
happen automatically between phases. Every rule lives in the Rust core
(``rust/src/game/``); this class converts arguments and results.

Example — drive a deal by always taking the first legal action::

    >>> from mahjong_fast import _core
    >>> deal = Deal(_core.wall(7, 0), dealer=0)
    >>> while deal.phase is not Phase.ENDED:
    ...     p = deal.to_act[0]
    ...     deal.apply(deal.legal_actions(p)[0])
    >>> r = deal.result
    >>> sum(r.payments), sum(r.scores)          # payments are zero-sum (rules §11)
    (0, 0)
    >>> r.turns == len([e for e in deal.events if e.type == "discard"])
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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_fast import _core
from mahjong_fast.errors import InvalidHandError
from mahjong_fast.rules import Ruleset, resolve_rules

from .actions import ENGINE_TYPES, Action, ActionType, Phase
from .events import Event
from .result import DealResult, WinResult
from .view import LiveView, MeldView, SeatView

if TYPE_CHECKING:
    from mahjong_fast._core import ScoreResult
    from mahjong_fast.seats.advice import HintRow

__all__ = ["MIN_FAAN", "PREVAILING_WIND", "Deal"]

MIN_FAAN = 3
PREVAILING_WIND = 0  # East, rules §1.2

#: the core's phase numbers and action type numbers, in the core's order
_PHASES = (
    Phase.ACTION,
    Phase.AFTER_CLAIM,
    Phase.RESPONSE,
    Phase.ROB,
    Phase.ENDED,
    Phase.DECLARE,
    Phase.BONUS_CHOICE,
)
_TYPES = tuple(ActionType)
_TYPE_INDEX = {t: i for i, t in enumerate(_TYPES)}

# Actions are immutable and an action code names exactly one action, so every Action handed
# out by legal_actions is built once per process and carries its code (apply skips encoding).
_ACTIONS: dict[int, Action] = {}


def _action(code: int) -> Action:
    a = _ACTIONS.get(code)
    if a is None:
        t, p, tiles = _core.Deal.decode(code)
        a = Action(_TYPES[t], p, tuple(tiles))
        object.__setattr__(a, "_code", code)
        _ACTIONS[code] = a
    return a


_KIND = 1000  # the core's tile spec for "the lowest free copy of kind k" is 1000 + k


def _specs(tiles: str | Sequence[int], what: str) -> Sequence[int]:
    """Tile specs of the core's from_setup: notation (kinds, bonus ids); physical ids are
    handed over as given, for the core's one conversion (a TypeError naming ``what`` for a
    value that is not an int, bool included; InvalidTileError out of range however large)."""
    if isinstance(tiles, str):
        return [_KIND + k if k < 34 else 136 + k - 34 for k in _core.parse_tiles(tiles)]
    return tiles


def _meld_specs(
    melds: str | Sequence[tuple[int, Sequence[int]]],
) -> Sequence[tuple[int, Sequence[int]]]:
    if isinstance(melds, str):
        counts, parsed, bonus = _core.parse_hand(melds)
        if any(counts) or bonus:
            raise InvalidHandError(f"melds {melds!r} may hold declared sets only")
        out: list[tuple[int, Sequence[int]]] = []
        for mk, k in parsed:
            kinds = [k, k + 1, k + 2] if mk == 0 else [k] * (3 if mk == 1 else 4)
            out.append((mk, [_KIND + x for x in kinds]))
        return out
    return melds  # (meld_kind, ids) pairs, converted by the core


class Deal:
    """One deal (rules §4–§11) under a ruleset (default Hong Kong).

    Args:
        wall: the 144 physical ids in wall order (rules §4.1), e.g. ``_core.wall(seed, d)``.
            Under a ruleset with a smaller tile set (``test-house-hooks``: 136, no bonus
            tiles) the set's ids, or all 144 of which the others are left out in order.
        dealer: the dealer (East), 0..3.
        scores: the four scores at the start of the deal (payments are added to them).
        deal_index: the deal's number in the match (shown in views and results).
        auto_pass: pass automatically for players with no legal claim (see module doc).
        record: keep every :class:`Event` in :attr:`events` (needed for logs and replay).
        listener: called with every event of a step once the step is done (even when
            ``record`` is False).
        rules: a :class:`~mahjong_fast.rules.Ruleset` or its name (default ``"hong-kong"``);
            ``"taiwanese-high"`` / ``"taiwanese-low"`` deal 16 tiles (17 to the dealer) with a
            16-tile dead wall (TW §4).
        prevailing_wind: the prevailing wind (TW §16: the round wind), 0=East .. 3=North.
        dealer_streak: the dealer's streak k (TW §15, §16: the dealer's bonus when winning;
            Hong Kong ignores it). :func:`~mahjong_fast.game.play_match` carries both from
            deal to deal.

    Raises:
        InvalidTileError: a wall id that is not an integer 0..143.
        InvalidHandError: a wall that is not 144 distinct ids, a dealer or prevailing wind
            outside 0..3, a negative dealer streak, scores that are not four or a score outside ±10**15 (``_core.MAX_SCORE``; rules §1.1: no
            payment may overflow).
        MahjongError: a ``deal_index`` outside 0..2**32-1.
        TypeError: a dealer, score or deal index that is not an int (bool included).
        RuleConfigError / TypeError: a bad ``rules``.

    Attributes (read-only): ``phase``, ``to_act``, ``active``, ``dealer``, ``seat_winds``,
    ``hands``, ``melds``, ``bonus``, ``discard_history``, ``scores``, ``remaining``, ``turn``,
    ``drawn_tile``, ``events``, ``result``, ``wall``, ``rules``.
    """

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
        rules: Ruleset | str | None = None,
        prevailing_wind: int = PREVAILING_WIND,
        dealer_streak: int = 0,
    ):
        core = _core.Deal(
            wall,
            dealer,
            scores,
            deal_index,
            auto_pass=auto_pass,
            record=record or listener is not None,
            rules=resolve_rules(rules),
            prevailing_wind=prevailing_wind,
            dealer_streak=dealer_streak,
        )
        self._init(core, record, listener)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str | Sequence[int]],
        *,
        dealer: int = 0,
        active: int | None = None,
        melds: Sequence[str | Sequence[tuple[int, Sequence[int]]]] | None = None,
        discards: Sequence[str | Sequence[int]] | None = None,
        wall: str | Sequence[int] | None = None,
        tail: str | Sequence[int] | None = None,
        seed: int = 0,
        scores: Sequence[int] = (0, 0, 0, 0),
        deal_index: int = 0,
        auto_pass: bool = True,
        record: bool = True,
        listener: Callable[[Event], None] | None = None,
        rules: Ruleset | str | None = None,
        prevailing_wind: int = PREVAILING_WIND,
        dealer_streak: int = 0,
    ) -> Deal:
        """A deal from a chosen position (puzzles, teaching, tests).

        Every tile group is MPSZ notation (``"123m 55z 2f"``; bonus tiles ``1f``..``8f`` in a
        hand go to that player's bonus area) or a sequence of physical ids 0..143. A tile
        given by notation takes the lowest copy not named anywhere else.

        Args:
            hands: four concealed hands. The player to act (``active``, default the dealer)
                holds 14 tiles counting each declared set as 3, the others 13 (Taiwanese:
                17 and 16, TW §4.3).
            dealer: the dealer (East), 0..3.
            active: who is in ACTION. With no sets or discards anywhere and the dealer to act,
                the position is the start of the deal (rules §5.2); otherwise ``active`` has
                just drawn the last tile written in its hand (a self-drawn win is possible).
            melds: per player, declared sets as notation (``"[555z] (2222p) chow[123m]"``)
                or ``(meld_kind, ids)`` tuples (0 chow, 1 pung, 2 kong, 3 added kong,
                4 concealed kong). Who a set was claimed from is not known (``None``).
            discards: per player, the discards still in the pool, in order.
            wall: the next normal draws, in order (the rest of the wall follows in the order
                of the seeded wall of ``(seed, deal_index)``).
            tail: the next replacement draws (from the tail), in order.

        Raises:
            InvalidHandError: a position that cannot exist: a fifth copy, a tile in two
                places, wrong tile counts, a set that is not one, a bonus tile discarded;
                under a Taiwanese ruleset also a position no deal can reach (TW §10a: with no
                set anywhere the discards go round in seat order from the dealer; each claimed
                chow or pung is followed by a discard of its player), whose wins the scorer
                would refuse.
            InvalidTileError: unreadable notation or an id outside 0..143.
            TypeError: an argument of the wrong type (named in the message).

        >>> d = Deal.from_hands(["19m19p19s1234567z5s", "123m456m789p234s5s",
        ...                      "11p22p33p44p55p66p7p", "11s22s33s66s77s88s9s"])
        >>> d.phase, d.to_act, d.remaining
        (<Phase.ACTION: 'action'>, (0,), 91)
        """
        for name, arg in (("melds", melds), ("discards", discards)):
            if arg is not None and (isinstance(arg, str) or len(arg) != 4):
                raise InvalidHandError(f"{name} must have one entry per player (4)")
        if isinstance(hands, str) or len(hands) != 4:
            raise InvalidHandError("hands must have one entry per player (4)")
        core = _core.Deal.from_setup(
            dealer,
            active,
            [_specs(h, "hands") for h in hands],
            [_meld_specs(m) for m in (melds or ((), (), (), ()))],
            [_specs(x, "discards") for x in (discards or ((), (), (), ()))],
            _specs(wall or (), "wall"),
            _specs(tail or (), "tail"),
            seed,
            scores,
            deal_index,
            auto_pass=auto_pass,
            record=record or listener is not None,
            rules=resolve_rules(rules),
            prevailing_wind=prevailing_wind,
            dealer_streak=dealer_streak,
        )
        deal = cls.__new__(cls)
        deal._init(core, record, listener)
        deal._set_up = True
        return deal

    def _init(
        self, core: _core.Deal, record: bool, listener: Callable[[Event], None] | None
    ) -> None:
        self._core = core
        self._keep = record
        self._listener = listener
        self._events: list[Event] = []
        self._seen = 0  # core events already converted
        self._legal: dict[int, list[Action]] = {}
        self._cache: dict[str, Any] = {}
        self._result: DealResult | None = None
        #: set up by from_hands (a position, not a dealt wall: no log can replay it)
        self._set_up = False
        self.wall: tuple[int, ...] = core.wall
        self.dealer: int = core.dealer
        self.deal_index: int = core.deal_index
        self.seat_winds: tuple[int, int, int, int] = core.seat_winds
        self.auto_pass: bool = core.auto_pass
        self.rules: Ruleset = core.rules
        #: the prevailing (round) wind 0..3 and the dealer's streak k (TW §16)
        self.prevailing_wind: int = core.prevailing_wind
        self.dealer_streak: int = core.dealer_streak
        if listener is not None:
            self._stream()

    # ------------------------------------------------------------------ events
    def _convert(self) -> list[Event]:
        new = [Event(t, p, d) for t, p, d in self._core.events(self._seen)]
        self._seen += len(new)
        return new

    def _stream(self) -> None:
        """Hand the step's new events to the listener (and keep them if recording)."""
        new = self._convert()
        if self._keep:
            self._events.extend(new)
        else:
            self._core.clear_events()
            self._seen = 0
        listener = self._listener
        if listener is not None:
            for ev in new:
                listener(ev)

    @property
    def events(self) -> list[Event]:
        """Every event so far (empty unless ``record``); see :mod:`.events`."""
        if self._keep and self._seen < self._core.n_events:
            self._events.extend(self._convert())
        return self._events

    # ------------------------------------------------------------------ state
    @property
    def phase(self) -> Phase:
        return _PHASES[self._core.phase]

    @property
    def to_act(self) -> tuple[int, ...]:
        """Players who must act now: the active player, or the responders of a window."""
        return self._core.to_act

    @property
    def active(self) -> int:
        """The player whose turn it is (the discarder during a window); -1 once ended."""
        return self._core.active

    @property
    def remaining(self) -> int:
        """Tiles that may still be drawn: not yet taken from the wall (HK §4.1), or the live
        tiles of TW §4.2 (not taken, minus the reserve: 16, or as ``dead_wall_mode`` says,
        TW §20.5.7)."""
        return self._core.remaining

    @property
    def reserve(self) -> int:
        """The tail tiles normal draws may not take (TW §20.1 ``reserve``): the 16 of the dead
        wall (TW §4.2), raised by one per kong under ``dead_wall_mode="kong_adds_one"``, the
        replacement wall ``R`` under ``"replacement_wall_16"`` (TW §20.5.7); 0 in Hong Kong."""
        return int(self._core.reserve[0])

    @property
    def kongs_completed(self) -> int:
        """Kongs completed in the deal so far, all seats (TW §20.5.6, §20.5.7 ``K``); counted
        only under the wall rules of TW §20.5.4–§20.5.7 (0 otherwise)."""
        return int(self._core.reserve[1])

    @property
    def interrupted(self) -> bool:
        """TW §10: a chow, pung or kong has been made in this deal."""
        return self._core.interrupted

    @property
    def public_flags(self) -> tuple[frozenset[str], ...]:
        """Per seat, the public flags of the ruleset's house rules set now (a declared ready);
        empty sets under a ruleset without house rules."""
        pub, _, bits, _, _ = self._core.rule_state
        return tuple(frozenset(n for i, n in enumerate(pub) if b >> i & 1) for b in bits)

    @property
    def private_flags(self) -> tuple[frozenset[str], ...]:
        """Per seat, the private flags of the ruleset's house rules set now (the pass-over
        flag); each seat's view shows its own only (:attr:`SeatView.own_flags`)."""
        _, priv, _, bits, _ = self._core.rule_state
        return tuple(frozenset(n for i, n in enumerate(priv) if b >> i & 1) for b in bits)

    @property
    def locked_kinds(self) -> tuple[frozenset[int], ...]:
        """Per seat, the tile kinds (0..33) its pass-over lock holds now (HK §19.12: a seat
        that let a legal win go by may not claim a win on these kinds before its next normal
        draw); empty sets without the house rule. Private: each seat's view shows its own only
        (:attr:`SeatView.own_locked_kinds`)."""
        return tuple(frozenset(k for k in range(34) if m >> k & 1) for m in self._core.rule_kinds)

    @property
    def bonus_offer(self) -> tuple[int, int, bool] | None:
        """The bonus-tile win on offer while ``BONUS_CHOICE`` is open (TW §20.6.3), as
        ``(seat, value, self_drawn)``: its value in the ruleset's unit (its element, with C27
        at starting timing; TW §20.5.8), settled as self-drawn or paid by the exposer; ``None``
        otherwise. Public (the ``bonus_choice`` event names the seat)."""
        return self._core.bonus_offer

    @property
    def liabilities(self) -> list[tuple[int, int, str]]:
        """The liability records (包牌) made so far, in order: ``(seat, liable, pattern)``,
        ``liable`` paying for ``seat``'s win as the ruleset settles it."""
        return list(self._core.rule_state[4])

    @property
    def wall_position(self) -> tuple[int, int]:
        """(next front position, next tail position)."""
        return self._core.wall_position

    @property
    def turn(self) -> int:
        """Discards made so far."""
        return self._core.turn

    @property
    def drawn_tile(self) -> int | None:
        return self._core.drawn_tile

    @property
    def entered_by_draw(self) -> bool:
        """§5.3: the active player entered ACTION by a draw (self-drawn win possible)."""
        return self._core.entered_by_draw

    @property
    def dealer_start(self) -> bool:
        """§5.2: the dealer's first ACTION, no draw yet."""
        return self._core.dealer_start

    @property
    def kong_chain(self) -> bool:
        """§7.4: the tile in hand came from a kong replacement chain."""
        return self._core.kong_chain

    @property
    def scores(self) -> list[int]:
        return list(self._core.scores)

    @property
    def hands(self) -> list[list[int]]:
        """Per player, the concealed ids in the order received (a new list each time)."""
        return self._core.hands()

    @property
    def bonus(self) -> list[list[int]]:
        """Per player, the exposed bonus ids in the order exposed."""
        return self._core.bonus()

    @property
    def melds(self) -> list[list[MeldView]]:
        """Per player, the declared sets in the order declared."""
        m = self._cache.get("melds")
        if m is None:
            core = self._core
            m = [
                [MeldView(k, tuple(t), f, c) for k, t, f, c in core.melds(p)] for p in range(4)
            ]
            self._cache["melds"] = m
        return [list(x) for x in m]

    @property
    def discard_history(self) -> list[list[list[Any]]]:
        """Per player, ``[tile, claimed_by]`` per discard in order."""
        return self._core.discard_history()

    @property
    def result(self) -> DealResult | None:
        """How the deal ended (None while it runs)."""
        if self._result is None and self._core.ended:
            self._result = self._build_result()
        return self._result

    # ------------------------------------------------------------------ actions
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player`` now (empty if the player may not act).

        Order: wins first, then kongs, then discards (ACTION); pass first, then win,
        exposed kong, pung, chows (RESPONSE); pass, win (ROB).

        Raises:
            TypeError: ``player`` is not an int (a bool or float included).
            InvalidHandError: ``player`` is not 0..3."""
        # only a plain int hits the cache: True == 1 (and hashes alike), but a bool is a
        # TypeError of the core's conversion like any other wrong type
        cached = self._legal.get(player) if type(player) is int else None
        if cached is None:
            cached = [_action(c) for c in self._core.legal(player)]
            self._legal[int(player)] = cached
        return list(cached)

    def apply(self, action: Action) -> None:
        """Validate and carry out ``action`` (rules §5–§8).

        Raises IllegalActionError (rules §13) and then leaves the state completely unchanged;
        TypeError for anything but an :class:`Action`, or an action whose player or tiles are
        not ints (bool and float included), again with no change.
        """
        if not isinstance(action, Action):
            raise TypeError(f"action must be an Action, not {type(action).__name__}")
        code = action.__dict__.get("_code")
        if code is not None:
            self._core.apply_code(code)
        else:
            t = _TYPE_INDEX.get(action.type, -1)
            self._core.apply(t, action.player, action.tiles)
        self._legal = {}
        if self._cache:
            self._cache = {}
        if self._listener is not None:
            self._stream()

    def is_legal(self, action: Action) -> bool:
        """True if :meth:`apply` would accept ``action`` (no state change either way).

        Raises TypeError as :meth:`apply` does."""
        if not isinstance(action, Action):
            raise TypeError(f"action must be an Action, not {type(action).__name__}")
        return self._core.is_legal(
            _TYPE_INDEX.get(action.type, -1), action.player, action.tiles
        )

    # ------------------------------------------------------------------ results
    def _final_state(self) -> dict[str, Any]:
        core = self._core
        return {
            "final_hands": tuple(core.sorted_hand(p) for p in range(4)),
            "final_melds": tuple(
                tuple((k, *t) for k, t, _f, _c in core.melds(p)) for p in range(4)
            ),
            "bonus": tuple(tuple(b) for b in core.bonus()),
        }

    def _build_result(self) -> DealResult:
        r = self._core.result()
        assert r is not None  # called once the deal has ended
        settlement = r.get("settlement")
        common: dict[str, Any] = {
            "deal_index": self.deal_index,
            "dealer": self.dealer,
            "scores": tuple(r["scores"]),
            "turns": r["turns"],
            "tiles_left": r["tiles_left"],
            "unit": self.rules.unit,
            "prevailing_wind": self.prevailing_wind,
            "dealer_streak": self.dealer_streak,
            **self._final_state(),
        }
        if settlement is not None:  # TW §16: what the deal does to the match
            common["dealer_after"] = settlement["dealer_after"]
            common["streak_after"] = settlement["streak_after"]
            common["passed"] = settlement["passed"]
        if r["false_win"] is not None:  # HK §19.11: no winner, the penalty paid
            return DealResult(
                exhaustive_draw=True,
                draw_reason=r["draw_reason"],
                false_win=r["false_win"],
                payments=tuple(r["payments"]),
                **common,
            )
        if r["draw_reason"] is not None:
            return DealResult(exhaustive_draw=True, draw_reason=r["draw_reason"], **common)
        wins = tuple(self._win(w) for w in r["wins"])
        first = wins[0]
        sc: ScoreResult = r["wins"][0]["score"]
        return DealResult(
            exhaustive_draw=False,
            winner=first.player,
            winners=tuple(r["winners"]),
            discarder=first.discarder,
            win_kind=first.win_kind,
            win_tile=first.win_tile,
            value=first.value,
            raw_value=sc.raw_value,
            limit=sc.limit,
            elements=first.elements,
            interpretation=first.interpretation,
            payments=tuple(r["payments"]),
            flags=first.flags,
            wins=wins,
            **common,
        )

    def _win(self, w: dict[str, Any]) -> WinResult:
        """One winner of the core's result, with its own settlement (TW §15 for this win
        alone; in Hong Kong, with one winner, the deal's payments)."""
        sc: ScoreResult = w["score"]
        return WinResult(
            player=w["player"],
            discarder=w["discarder"],
            win_kind=w["kind"],
            win_tile=w["tile"],
            value=sc.value,
            unit=sc.unit,
            elements=tuple((str(c), str(n), int(f)) for c, n, f in sc.elements),
            interpretation=sc.interpretation,
            payments=tuple(w["payments"]),
            flags=dict(w["flags"]),
            liable_paid=w.get("liable_paid"),
        )

    # ------------------------------------------------------------------ views
    def view(self, player: int) -> SeatView:
        """What ``player`` may see now (rules §14).

        Raises TypeError (``player`` not an int) or InvalidHandError (not 0..3): one seat
        never sees another's concealed tiles."""
        return LiveView(self, _core.checked_player(player)).snapshot()

    def hint(self, player: int) -> list[HintRow]:
        """Every legal option of ``player`` now, ranked as the ``expert`` seat ranks them, each
        with the command that makes it in ``mahjong-fast play`` and its reason in words: the
        rows the ``hint`` command shows (:class:`~mahjong_fast.seats.advice.HintRow`: ``option``,
        ``command``, ``value`` in expected points for the rest of the deal, ``shanten``,
        ``ukeire``, ``safety``, ``reason``, ``expert``).

        Only what ``player`` may see is used (rules §14). Options of equal value (to 0.01
        point) are ordered by lower shanten, then more ukeire, then safety; the ``expert``
        seat's decision is marked, and does not depend on this order. Empty when ``player``
        has no decision to make (no legal action, or only a forced pass). A ruleset's other
        extra actions are not ranked; a ready declaration
        (TW §20.6.1 ``declare_ready``) has its row just before the discard of the same tile,
        with that discard's values (command ``ready <tile>``).

        Raises TypeError (``player`` not an int) or InvalidHandError (not 0..3)."""
        from mahjong_fast.seats.advice import hint_rows

        view = self.view(player)
        # the engine's options and the ready declarations that name their discard (TW §20.6.1)
        legal = [a for a in self.legal_actions(player) if a.type in ENGINE_TYPES or a.tiles]
        if len(legal) < 2:
            return []
        return hint_rows(view, legal)

    def live_view(self, player: int) -> LiveView:
        """The same information as :meth:`view`, read from the deal on access (valid until the
        deal changes); what :func:`run_deal` gives seats with ``live_view = True``.

        Raises TypeError / InvalidHandError as :meth:`view` does."""
        return LiveView(self, _core.checked_player(player))

    # ------------------------------------------------------------------ inspection
    def snapshot(self) -> dict[str, Any]:
        """The complete state as plain values (tests compare snapshots before/after)."""
        core = self._core
        return {
            "phase": self.phase,
            "to_act": core.to_act,
            "active": core.active,
            "hands": tuple(tuple(h) for h in core.hands()),
            "melds": tuple(tuple(m) for m in self.melds),
            "discards": tuple(tuple(tuple(x) for x in h) for h in core.discard_history()),
            "bonus": tuple(tuple(b) for b in core.bonus()),
            "wall": core.wall_position,
            "scores": core.scores,
            "turn": core.turn,
            "drawn_tile": core.drawn_tile,
            "flags": (core.entered_by_draw, core.dealer_start, core.kong_chain, core.kong_tile),
            "window": (
                core.window_from,
                core.window_tile,
                tuple((p, _action(c)) for p, c in core.responses()),
            ),
            "events": len(self.events),
            "result": self.result,
            # the house rules' per-seat flags and liability records (empty without them)
            "rule_state": core.rule_state,
            # TW §20.5.7 the reserve and the kongs completed
            "reserve": core.reserve,
        }

    def tile_locations(self) -> list[int]:
        """Every physical id exactly once if the deal is consistent: untaken wall tiles,
        hands, sets, unclaimed discards, bonus areas and a tile being added to a kong."""
        return self._core.tile_locations()

    def hand_size(self, p: int) -> int:
        """Tiles held counting each declared set as 3 (rules §5.6)."""
        return self._core.hand_size(p)
