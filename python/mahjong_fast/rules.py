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

Each ruleset declares its switches once, as a table (``Ruleset.switch_table()``: one row per
switch with its ``name``, ``kind``, ``default``, ``allowed`` values, one-line ``doc``, rules
``section`` and what it ``depends`` on); checking, recording, the CLI's ``--rule`` help and the
docs' switch tables (``switch_table_markdown``) all come from it::

    >>> [row.name for row in Ruleset.switch_table()][:7]
    ['min_faan', 'max_faan', 'spiciness', 'responsibility', 'unit', 'rotate_dealer', 'tile_set']
    >>> row = Ruleset.taiwanese().switch_table()[3]
    >>> row.name, row.default, row.allowed, row.depends
    ('high_seat_bonus_extra', False, [False, True], ['tai_table=high'])

A switch the ruleset does not have, a value of the wrong type or out of range, or a combination
the table forbids (``max_faan`` below ``min_faan``; ``responsibility="half"`` with
``min_faan=0`` and an odd ``unit``; a high-table option with ``tai_table="low"``) raises
:class:`~mahjong_fast.errors.RuleConfigError` whose ``.switch`` names the switch::

    >>> try:
    ...     Ruleset.taiwanese(tai_table="low", high_wind_pung_extra=True)
    ... except RuleConfigError as e:
    ...     print(e.switch, e.code)
    high_wind_pung_extra CE-TABLE

A **preset** is a named full switch set (HK §19.14, TW §20.8); the three rulesets are presets
too. :func:`presets` lists the names, ``Ruleset.from_name(NAME, **overrides)`` takes each, and
``Ruleset.hong_kong(preset=ID, **overrides)`` / ``Ruleset.taiwanese(preset=ID, **overrides)``
take the rules' id. A preset is recorded as its ruleset's name and every switch::

    >>> presets()[:3]
    ['hong-kong', 'taiwanese-high', 'taiwanese-low']
    >>> r = Ruleset.hong_kong(preset="half_spicy_3faan", unit=10)
    >>> r == Ruleset.from_name("hong-kong-half-spicy-3faan", unit=10), r.name
    (True, 'hong-kong')
    >>> Ruleset.taiwanese(preset="low", min_tai=3) == Ruleset.taiwanese(tai_table="low", min_tai=3)
    True

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

import json
from collections.abc import Iterable
from typing import Any

from mahjong_fast import _core
from mahjong_fast._core import Ruleset, SwitchRow
from mahjong_fast.errors import RuleConfigError

__all__ = [
    "DEFAULT_RULES",
    "RULESET_NAMES",
    "RulesLike",
    "Ruleset",
    "SwitchRow",
    "example_switch",
    "parse_switch",
    "preset_table_markdown",
    "presets",
    "resolve_rules",
    "rule_help",
    "ruleset_from_options",
    "switch_table_markdown",
    "switch_values",
    "unit_name",
    "with_rotate_dealer",
]

#: the names a ruleset can be given by (aliases included), from the core's registry
RULESET_NAMES: tuple[str, ...] = tuple(_core.ruleset_names(aliases=True))

#: the default ruleset (the registry's first: Hong Kong) with its default switches
DEFAULT_RULES = Ruleset.from_name(_core.ruleset_names()[0])

#: The name in text of a unit written in results and records, as the ruleset of that unit
#: words it (``unit_name("tai") == "Tai"``, ``unit_name("faan") == "faan"``; an unknown unit
#: as it is): for faces that hold a result's ``unit`` and no Ruleset.
unit_name = _core.unit_name

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


def example_switch(rules: RulesLike = None) -> str:
    """A ``KEY=VALUE`` example from the ruleset's own switch table: its first whole-number
    switch set to 1 (or to its default where 1 is not allowed or is the default).

    >>> example_switch("hong-kong"), example_switch("taiwanese-high")
    ('min_faan=1', 'min_tai=1')
    """
    rows = resolve_rules(rules).switch_table()
    row = next((row for row in rows if row.kind == "int"), rows[0] if rows else None)
    if row is None:  # pragma: no cover - every ruleset has switches
        return "KEY=VALUE"
    one = row.kind == "int" and isinstance(row.allowed, range) and 1 in row.allowed
    value = 1 if one and row.default != 1 else row.default
    return f"{row.name}={_text(value)}"


def parse_switch(text: str, rules: RulesLike = None) -> tuple[str, Any]:
    """One ``KEY=VALUE`` switch as typed on the command line (``--rule min_faan=1``), the value
    converted to the kind its row of the switch table of ``rules`` gives: ``true``/``false``
    (also yes/no, on/off, 1/0) for a bool switch, a whole number for an integer switch, the
    text for a string switch, and JSON for a structured one (``--rule tai_cap=null``,
    ``--rule 'tai_overrides={"H05": 3}'``).

    Raises:
        RuleConfigError: no ``=``, an unknown switch, or a value that is not of its kind (the
            range is checked when the ruleset is built); ``.switch`` names the switch.

    >>> parse_switch("min_faan=1"), parse_switch("rotate_dealer=yes")
    (('min_faan', 1), ('rotate_dealer', True))
    """
    key, sep, value = text.partition("=")
    key, value = key.strip(), value.strip()
    r = resolve_rules(rules)
    if not sep or not key:
        raise RuleConfigError(
            f"a rule switch is written KEY=VALUE, e.g. {example_switch(r)} (got {text!r})"
        )
    row = next((row for row in r.switch_table() if row.name == key), None)
    if row is None:
        r.replace(**{key: value})  # the table's error: unknown switch, named
        raise AssertionError("unreachable")  # pragma: no cover
    if row.kind == "bool":
        v = value.lower()
        if v in _TRUE:
            return key, True
        if v in _FALSE:
            return key, False
    elif row.kind == "int":
        try:
            return key, int(value)
        except ValueError:
            pass
    elif row.kind == "str":
        return key, value
    else:  # a structured switch: JSON (null, a list, an object)
        try:
            data = json.loads(value)
        except ValueError:
            raise RuleConfigError(
                f"switch {key} takes JSON here ({row.allowed}), got {value!r}", switch=key
            ) from None
        return key, data
    r.replace(**{key: value})  # the table's error: a value not of the switch's kind, named
    raise AssertionError("unreachable")  # pragma: no cover


def presets() -> list[str]:
    """The name of every preset (a named full switch set, HK §19.14, TW §20.8), the rulesets
    ``hong-kong``, ``taiwanese-high`` and ``taiwanese-low`` first; each is a name
    ``Ruleset.from_name`` and ``--rules`` take.

    >>> presets()[:3]
    ['hong-kong', 'taiwanese-high', 'taiwanese-low']
    """
    return list(_core.presets())


def _text(v: Any) -> str:
    """A switch value as typed on the command line: ``true``, ``3``, ``half``; ``null``, a
    list or an object as JSON."""
    if isinstance(v, bool) or v is None or isinstance(v, (list, dict)):
        return json.dumps(v)
    return str(v)


def _lit(v: Any) -> str:
    return f"`{_text(v)}`"


def _values(row: SwitchRow) -> str:
    allowed = row.allowed
    if isinstance(allowed, range):
        return f"{_lit(row.default)}; integer {allowed.start}…{allowed.stop - 1}"
    if isinstance(allowed, list):
        rest = [v for v in allowed if v != row.default]
        return "; ".join(_lit(v) for v in [row.default, *rest])
    return f"{_lit(row.default)}; {allowed}"


def switch_table_markdown(rules: RulesLike = None) -> str:
    """The switch table of ``rules`` as the docs print it (a Markdown table, one row per switch:
    switch, values with the default first, effect, rules section, dependencies). The docs'
    tables are this text (a test compares them)."""
    lines = [
        "| Switch | Values (default first) | Effect | Rules | Needs / refused with |",
        "|---|---|---|---|---|",
    ]
    for row in resolve_rules(rules).switch_table():
        depends = "; ".join(f"`{d}`" for d in row.depends) or "—"
        lines.append(f"| `{row.name}` | {_values(row)} | {row.doc} | {row.section} | {depends} |")
    return "\n".join(lines) + "\n"


def preset_table_markdown() -> str:
    """The presets as the docs print them (a Markdown table: name, the switches that differ
    from its ruleset's defaults, what it is); a test compares the docs with it."""
    lines = ["| Preset | Switches (besides the defaults) | What it is |", "|---|---|---|"]
    for name, doc in _core.preset_docs():
        r = Ruleset.from_name(name)
        base = Ruleset.switch_table(r)
        changed = [f"`{row.name}={_text(r.switches[row.name])}`" for row in base
                   if r.switches[row.name] != row.default]
        lines.append(f"| `{name}` | {', '.join(changed) or '—'} | {doc} |")
    return "\n".join(lines) + "\n"


def switch_values() -> list[tuple[str, str]]:
    """Every ruleset family's switches with their values, ``KEY=VALUES`` comma-separated:
    ``[("Hong Kong", "min_faan=0..13, ..."), ("Taiwanese", ...)]`` (the ``--rule`` help's)."""
    out: list[tuple[str, str]] = []
    for name in _core.ruleset_names():
        family = Ruleset.from_name(name).family
        if any(family == f for f, _ in out):  # the same switches (the Tai tables)
            continue
        items = []
        for row in Ruleset.switch_table(name):
            a = row.allowed
            if isinstance(a, range):
                vals = f"{a.start}..{a.stop - 1}"
            elif isinstance(a, list):
                vals = "|".join(_text(v) for v in a)
            else:
                vals = f"JSON ({row.kind})"
            items.append(f"{row.name}={vals}")
        out.append((family, ", ".join(items)))
    return out


def rule_help() -> str:
    """The CLI's ``--rule`` help: every ruleset's switches with their values."""
    parts = [f"{family}: {items}" for family, items in switch_values()]
    return (
        "One switch of the ruleset as KEY=VALUE (repeatable, on top of --rules), e.g. "
        "--rule min_faan=1. " + "; ".join(parts) + "."
    )


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
