"""Rulesets: which game is played (design §2; rules ``hong-kong.md`` §18).

A :class:`Ruleset` is a frozen, hashable, picklable value built by
``Ruleset.hong_kong(**switches)`` or by name. Every entry point that takes ``rules=`` accepts a
``Ruleset`` or a name (``"hong-kong"``, alias ``"hk"``)::

    >>> from mahjong_fast.rules import Ruleset, resolve_rules
    >>> resolve_rules("hk") == Ruleset.hong_kong()
    True
    >>> resolve_rules("hk").name
    'hong-kong'
"""

from __future__ import annotations

from typing import Any

from mahjong_fast._core import Ruleset

__all__ = ["DEFAULT_RULES", "RULESET_NAMES", "Ruleset", "resolve_rules"]

#: the names a ruleset can be given by (aliases included)
RULESET_NAMES = ("hong-kong", "hk")

#: the default ruleset: Hong Kong with its default switches
DEFAULT_RULES = Ruleset.hong_kong()


def resolve_rules(rules: Ruleset | str | None = None) -> Ruleset:
    """The :class:`Ruleset` meant by ``rules``: a ``Ruleset`` as it is, a name as its preset,
    ``None`` as the default (Hong Kong).

    Raises:
        mahjong_fast.errors.RuleConfigError: an unknown name.
        TypeError: ``rules`` is neither a ``Ruleset``, a ``str`` nor ``None``.
    """
    if rules is None:
        return DEFAULT_RULES
    if isinstance(rules, Ruleset):
        return rules
    if isinstance(rules, str):
        return Ruleset.from_name(rules)
    raise TypeError(f"rules must be a Ruleset or a ruleset name, not {type(rules).__name__}")


def _from_state(name: str, switches: dict[str, Any]) -> Ruleset:
    """Rebuild a ruleset from its pickled state (``Ruleset.__reduce__``)."""
    return Ruleset.from_name(name, **switches)
