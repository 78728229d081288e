"""Events of a deal (design §4: the game is event-sourced).

Every change of a :class:`~mahjong_fast.game.deal.Deal` appends one :class:`Event` to
``deal.events`` (when recording is on) and passes it to the deal's listener. Event types
(``event.type``) and their ``data`` keys:

=====================  ==========================================================================
``deal``               ``dealer``, ``seat_winds``, ``hands`` (4 lists of ids, as dealt), and
                       the state the deal starts from: ``deal_index``, ``scores`` (4 ints),
                       ``prevailing_wind`` (0..3), ``dealer_streak`` (TW §16)
``draw``               ``tile`` — normal draw from the front of the wall (``player`` draws);
                       under the wall rules of TW §20.5.4–§20.5.7 also ``reserve`` and
                       ``live``, the counts after the draw (public, TW §20.6.4)
``replacement_draw``   ``tile``, ``reason`` (``"bonus"`` or ``"kong"``) — draw from the tail;
                       ``reserve`` and ``live`` as for ``draw``
``bonus``              ``tile`` — a bonus tile exposed by ``player``
``action``             ``action`` (Action.to_json()), ``auto`` (True for an engine auto-pass):
                       an accepted action, recorded before its consequences (replay re-applies
                       the non-auto ones)
``discard``            ``tile``, ``last`` (True for the last discard, rules §6.3)
``claim``              ``type`` (``pung``/``kong``/``chow``), ``tile`` (the discard),
                       ``from`` (discarder), ``tiles`` (the whole set, ascending)
``concealed_kong``     ``tiles``
``added_kong``         ``tile`` — declared; a ROB window opens
``kong_completed``     ``tiles`` — the added kong after every player passed the ROB window
``win``                ``kind`` (``self_drawn``/``discard``/``robbing_kong``; the bonus-tile
                       wins ``bonus_all_eight``/``bonus_rob_eighth``, HK §19.6
                       ``flower_win``/``flower_win_rob``), ``tile`` (winning
                       id or None), ``from`` (discarder/declarer or None), ``faan``,
                       ``raw_faan``, ``limit``, ``elements``, ``hand`` (final concealed ids),
                       ``liable_paid`` (HK §19.8, only when a liable player paid the win);
                       one per winner in turn order (Hong Kong: one, head bump §11.3, unless
                       ``multiple_winners = all``, HK §19.7)
``payments``           ``payments`` (per player), ``scores`` (after payment)
``exhaustive_draw``    ``reason`` (``"last_discard"`` or ``"no_replacement"``; a ruleset's
                       abortive draw gives its own reason: TW §20.5.6 ``"four_winds"``,
                       ``"four_kongs"``)
``rule_flag``          ``flag``, ``value``, ``public`` — a per-seat flag of the ruleset's house
                       rules set or cleared for ``player`` (a private one is seen by that seat
                       only). A ruleset may give the event its own name: HK §19.13 logs the
                       pass-over lock (§19.12) as ``pass_over_lock`` (with ``kinds``, the
                       locked kinds as codes, or ``"all"``) and ``pass_over_clear``
``liability``          ``liable``, ``pattern``, ``tile`` — a liability record (包牌): ``liable``
                       pays for ``player``'s win as the ruleset settles it; ``tile`` the
                       claimed tile whose claim made it. HK §19.13 names the fields claimer
                       (``player``), liable, trigger (``pattern``: ``fourth_meld``,
                       ``three_dragons``, ``four_winds``) and tile; TW §20.6.4 winner seat
                       (``player``), pattern and liable seat: one event serves both
``flower_win``         ``kind`` (``seven``/``eight``/``rob``), ``tile`` (the bonus tile that
                       caused it), ``exposer`` — HK §19.6, §19.13: ``player`` won by bonus
                       tiles; its ``win`` event follows
``false_win``          ``declared`` (``self_drawn``/``discard``/``rob``), ``reason`` (the §13
                       code the declaration failed with), ``hand`` (``player``'s concealed
                       ids, revealed to all) — HK §19.11: the deal ends, ``payments`` follows
``bonus_choice``       ``kind`` (``eight`` or ``seven_rob``) — TW §20.6.3: ``player`` is asked
                       whether to take a bonus-tile win (phase ``BONUS_CHOICE``); public
``bonus_win``          ``player`` took the offered win (its ``win`` event follows); a
                       seven-rob win also names ``tile`` and ``from`` (TW §20.6.4); public
``bonus_decline``      ``player`` declined the offered win; play resumes; public
=====================  ==========================================================================

:func:`visible_event` redacts an event for one seat (rules §14): other players' dealt
hands and drawn tiles are hidden, and other players' responses are withheld until the
window is resolved (the resolution itself is public as ``claim``/``win`` events).
"""

from __future__ import annotations

from typing import Any

__all__ = ["Event", "visible_event"]


class Event:
    """One change of the deal. ``type``: str, ``player``: int | None, ``data``: dict."""

    __slots__ = ("data", "player", "type")

    def __init__(self, type: str, player: int | None, data: dict[str, Any]):
        self.type = type
        self.player = player
        self.data = data

    def to_json(self) -> dict[str, Any]:
        """JSON-ready dict: ``{"e": type, "p": player, **data}``."""
        d: dict[str, Any] = {"e": self.type, "p": self.player}
        d.update(self.data)
        return d

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Event:
        data = {k: v for k, v in obj.items() if k not in ("e", "p")}
        return cls(obj["e"], obj.get("p"), data)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.player!r}, {self.data!r})"


_RESPONSE_TYPES = {"pass", "win", "pung", "kong", "chow"}


def visible_event(event: Event, player: int) -> Event | None:
    """The event as ``player`` may see it (HK §14, which TW §1 keeps), or ``None`` if withheld."""
    t = event.type
    if t == "deal":
        hands = event.data["hands"]
        red = [h if i == player else [None] * len(h) for i, h in enumerate(hands)]
        return Event(t, event.player, {**event.data, "hands": red})
    if t in ("draw", "replacement_draw") and event.player != player:
        return Event(t, event.player, {**event.data, "tile": None})
    if t == "action" and event.player != player and event.data["action"]["type"] in _RESPONSE_TYPES:
        return None  # §5.4 a response is not revealed before the window is resolved
    if event.player != player and event.data.get("public") is False and "flag" in event.data:
        return None  # a private rule flag (TW §20.6.4, HK §19.12 pass-over) is its seat's only
    return event  # everything else is public (the winner's hand is shown at the end)
