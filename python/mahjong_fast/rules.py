"""Rulesets: which game is played (design §2; rules ``hong-kong.md`` §18, ``taiwanese.md`` §2).

A :class:`Ruleset` is a frozen, hashable, picklable value built by
``Ruleset.hong_kong(**switches)``, ``Ruleset.taiwanese(**switches)`` or by name. Every entry
point that takes ``rules=`` accepts a ``Ruleset`` or a name (``"hong-kong"``, alias ``"hk"``,
``"taiwanese-high"``, ``"taiwanese-low"``)::

    >>> from mahjong_fast.rules import Ruleset, resolve_rules
    >>> resolve_rules("hk") == Ruleset.hong_kong()
    True
    >>> r = Ruleset.hong_kong(spiciness="half", responsibility="full")
    >>> r.payments(7, winner=1, self_drawn=False, discarder=0)      # HK §18 V2: M(7) = 48
    [-96, 96, 0, 0]
    >>> Ruleset.from_json(r.to_json()) == r
    True

The Hong Kong switches (HK §18; defaults first):

==================  ============================================  =================================
switch              values                                        effect
==================  ============================================  =================================
``min_faan``        3; int 0..13                                  smallest legal win (§10.5)
``max_faan``        13; int 3..13, >= ``min_faan``                cap; a limit hand is worth it
``spiciness``       ``"spicy"``; ``"half"``                       multiplier M(F): 2^F or half-spicy
``responsibility``  ``"seed"``; ``"full"``; ``"half"``            who pays for a win on a discard
``unit``            1; int 1..10**6                               every payment is multiplied by it
``rotate_dealer``   False; True                                   the dealer passes every deal (§12)
==================  ============================================  =================================

A switch the ruleset does not have, a value of the wrong type or out of range, ``max_faan`` below
``min_faan``, or a configuration that can pay a fractional amount (``responsibility="half"``
with ``min_faan=0`` and an odd ``unit``) raises :class:`~mahjong_fast.errors.RuleConfigError`
naming the switch.

The Taiwanese switches (TW §2; ``Ruleset.taiwanese(tai_table="high", min_tai=5, ...)``, or the
names ``"taiwanese-high"`` / ``"taiwanese-low"`` with the defaults):

=========================  ==========================================  =======================
switch                     values                                      effect
=========================  ==========================================  =======================
``tai_table``              ``"high"``; ``"low"``                       Tai table (§12 / §13)
``min_tai``                5; int 0..255                               smallest legal win (§14)
``tai_value``              1; int 1..10**6                             points per Tai (§15)
``high_seat_bonus_extra``  False; True (high table only)               H03 extra for own bonus
``high_wind_pung_extra``   False; True (high table only)               H06 extra for wind pungs
``match_length``           ``"east_round"``; ``"one_deal"``;           match end (§16)
                           ``"full_game"``
``max_deals``              32; int >= 1                                safety stop of a match
``starting_score``         0; int                                      each player's start
=========================  ==========================================  =======================

A Hong Kong switch given to a Taiwanese ruleset (``min_faan``, ``rotate_dealer``, ...) or the
reverse raises :class:`~mahjong_fast.errors.RuleConfigError` naming it::

    >>> Ruleset.taiwanese(tai_table="low", min_tai=3).name
    'taiwanese-low'
    >>> resolve_rules("taiwanese-high") == Ruleset.taiwanese()
    True

The JSON form (``Ruleset.to_json()``, written in every event-log header and record file) is
``{"name": "hong-kong", "switches": {...every switch...}}``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mahjong_fast import _core
from mahjong_fast._core import Ruleset
from mahjong_fast.errors import RuleConfigError

__all__ = [
    "DEFAULT_RULES",
    "RULESET_NAMES",
    "RulesLike",
    "Ruleset",
    "parse_switch",
    "resolve_rules",
    "ruleset_from_options",
    "with_rotate_dealer",
]

#: the names a ruleset can be given by (aliases included), from the core's registry
RULESET_NAMES: tuple[str, ...] = tuple(_core.ruleset_names(aliases=True))

#: the default ruleset (the registry's first: Hong Kong) with its default switches
DEFAULT_RULES = Ruleset.from_name(_core.ruleset_names()[0])

#: what a ``rules=`` argument accepts
RulesLike = Ruleset | str | None

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def resolve_rules(rules: RulesLike = None) -> Ruleset:
    """The :class:`Ruleset` meant by ``rules``: a ``Ruleset`` as it is, a name as its preset,
    ``None`` as the default (Hong Kong).

    Raises:
        mahjong_fast.errors.RuleConfigError: an unknown name.
        TypeError: ``rules`` is neither a ``Ruleset``, a ``str`` nor ``None``.
    """
    if rules is None:
        return DEFAULT_RULES  # immutable: one shared value for the default preset
    if isinstance(rules, Ruleset):
        return rules
    if isinstance(rules, str):
        return Ruleset.from_name(rules)
    raise TypeError(f"rules must be a Ruleset or a ruleset name, not {type(rules).__name__}")


def with_rotate_dealer(rules: RulesLike, rotate_dealer: bool | None) -> Ruleset:
    """``rules`` resolved, with the ``rotate_dealer`` shorthand applied when it is given
    (``None``: keep the ruleset's switch). ``rotate_dealer`` must be a bool or None; a ruleset
    without that switch raises :class:`~mahjong_fast.errors.RuleConfigError` naming it."""
    r = resolve_rules(rules)
    if rotate_dealer is None or r.switches.get("rotate_dealer") == rotate_dealer:
        return r
    return r.replace(rotate_dealer=rotate_dealer)


def parse_switch(text: str, rules: RulesLike = None) -> tuple[str, bool | int | str]:
    """One ``KEY=VALUE`` switch as typed on the command line (``--rule min_faan=1``), the value
    converted to the type the switch of ``rules`` takes: ``true``/``false`` (also yes/no,
    on/off, 1/0) for a bool switch, a whole number for an integer switch, the text otherwise.

    Raises:
        RuleConfigError: no ``=``, an unknown switch, or a value that is not of its type (the
            range is checked when the ruleset is built).

    >>> parse_switch("min_faan=1"), parse_switch("rotate_dealer=yes")
    (('min_faan', 1), ('rotate_dealer', True))
    """
    key, sep, value = text.partition("=")
    key, value = key.strip(), value.strip()
    if not sep or not key:
        raise RuleConfigError(f"a rule switch is written KEY=VALUE, e.g. min_faan=1 (got {text!r})")
    defaults = resolve_rules(rules).switches
    if key not in defaults:
        known = ", ".join(defaults)
        raise RuleConfigError(
            f"unknown switch {key!r} for ruleset {resolve_rules(rules).name} (its switches: {known})"
        )
    default = defaults[key]
    if isinstance(default, bool):
        v = value.lower()
        if v in _TRUE:
            return key, True
        if v in _FALSE:
            return key, False
        raise RuleConfigError(f"switch {key} takes true or false, got {value!r}")
    if isinstance(default, int):
        try:
            return key, int(value)
        except ValueError:
            raise RuleConfigError(f"switch {key} takes an integer, got {value!r}") from None
    return key, value


def ruleset_from_options(
    name: str | None = None,
    switches: Iterable[str] = (),
    *,
    rotate_dealer: bool | None = None,
) -> Ruleset:
    """The ruleset of the CLI options ``--rules NAME`` (None: Hong Kong), ``--rule KEY=VALUE``
    (each one switch, see :func:`parse_switch`) and the ``--rotate-dealer`` shorthand (True
    sets the switch; None or False leave it as ``--rule`` says).

    Raises:
        RuleConfigError: an unknown name or switch, a bad value.
    """
    base = resolve_rules(name if name is not None else None)
    values: dict[str, Any] = {}
    for text in switches:
        key, value = parse_switch(text, base)
        values[key] = value
    if rotate_dealer:
        values["rotate_dealer"] = True
    return base.replace(**values) if values else base


def _from_state(name: str, switches: dict[str, Any]) -> Ruleset:
    """Rebuild a ruleset from its pickled state (``Ruleset.__reduce__``)."""
    return Ruleset.from_name(name, **switches)
