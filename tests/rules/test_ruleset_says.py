"""Issue 32 item 5: no ruleset knowledge in Python.

What Python says or decides about a ruleset it asks the core's ``Ruleset`` (its wording, its
cap, the rules section of a fact); every ``rules=`` defaults to the default ruleset (Hong
Kong); ``Ruleset.settle`` is the one payments entry point, and the 0.x ways into it
(``settle_deal``, ``bonus_win``, ``TaiwaneseMatch``) are deprecated aliases that keep their
Taiwanese default for one release. A source scan keeps ruleset-name and unit comparisons out
of ``python/mahjong_fast``.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import warnings
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import _core
from mahjong_fast.rules import DEFAULT_RULES, unit_name

PACKAGE = Path(mf.__file__).parent
NAMES = _core.ruleset_names(aliases=True)
RULESETS = [mf.Ruleset.from_name(n) for n in _core.ruleset_names()]
FACTS = ("shapes", "minimum", "cap", "payments", "match")
WINDS = "ESWN"


# --------------------------------------------------------------------------- the wording


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.name)
def test_a_ruleset_words_itself(rules: mf.Ruleset) -> None:
    # the unit's name in text is the unit, up to case (faan / Tai)
    assert rules.unit_name.lower() == rules.unit
    assert unit_name(rules.unit) == rules.unit_name
    assert rules.describe_shapes()
    # every fact's section names the ruleset's own rules file (HK ... / TW ...)
    prefix = rules.section("shapes").split()[0]
    for fact in FACTS:
        section = rules.section(fact)
        assert section is None or section.startswith(prefix + " §"), (fact, section)
    # a cap exists exactly when a switch sets it, and that switch is the cap
    assert rules.capped is (rules.cap_switch is not None)
    assert (rules.section("cap") is not None) is rules.capped
    if rules.capped:
        assert rules.switches[rules.cap_switch] == rules.max_value
    else:
        assert rules.max_value == 255


def test_the_wording_follows_the_switches_not_the_name() -> None:
    hk = mf.Ruleset.hong_kong(max_faan=8)
    assert hk.capped and hk.switches[hk.cap_switch] == 8 == hk.max_value
    assert mf.Ruleset.taiwanese(tai_table="low").unit_name == "Tai"
    # the family groups the rulesets that share their switches
    by_family: dict[str, set[tuple[str, ...]]] = {}
    for r in RULESETS:
        by_family.setdefault(r.family, set()).add(tuple(r.switches))
    assert all(len(tables) == 1 for tables in by_family.values())
    assert len(by_family) == len({tuple(r.switches) for r in RULESETS})


def test_section_refuses_an_unknown_fact() -> None:
    with pytest.raises(ValueError, match='unknown fact "limit"'):
        DEFAULT_RULES.section("limit")  # type: ignore[arg-type]


def test_unit_name_of_an_unknown_unit_is_the_unit() -> None:
    assert unit_name("points") == "points"


def test_explain_cites_the_sections_the_ruleset_gives() -> None:
    from mahjong_fast.explain import explain_score

    for name, hand, win in (("hk", "123m456m789m147p5s", "5s"),
                            ("taiwanese-high", "123m456m789m123p457p5s", "5s")):
        rules = mf.resolve_rules(name)
        lines = explain_score(mf.score(hand, win, rules=rules), hand=hand, win=win, rules=rules)
        assert lines[0] == (f"Not a winning shape ({rules.section('shapes')}): the tiles cannot "
                            f"be read as {rules.describe_shapes()}.")


# --------------------------------------------------------------------------- one default


def _public_callables() -> list[tuple[str, Any]]:
    import mahjong_fast.batch
    import mahjong_fast.explain
    import mahjong_fast.game
    import mahjong_fast.rl
    import mahjong_fast.rules

    out = []
    for mod in (mf, mahjong_fast.batch, mahjong_fast.explain, mahjong_fast.game, mahjong_fast.rl,
                mahjong_fast.rules):
        for name in getattr(mod, "__all__", ()):
            obj = getattr(mod, name)
            if callable(obj):
                out.append((f"{mod.__name__}.{name}", obj))
    return out


def test_every_rules_argument_defaults_to_the_default_ruleset() -> None:
    checked = 0
    for name, obj in _public_callables():
        try:
            sig = inspect.signature(obj)
        except (TypeError, ValueError):  # a native class without a text signature
            continue
        p = sig.parameters.get("rules")
        if p is None or p.default is inspect.Parameter.empty:
            continue
        if dataclasses.is_dataclass(obj):  # a result's field: the default ruleset's value
            field = next(f for f in dataclasses.fields(obj) if f.name == "rules")
            default = (field.default if field.default is not dataclasses.MISSING
                       else field.default_factory())  # type: ignore[misc]
            assert default == DEFAULT_RULES, f"{name}: rules={default!r}"
        else:
            assert p.default is None, f"{name}: rules={p.default!r}"
        checked += 1
    assert checked >= 10


# --------------------------------------------------------------------------- payments


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(NAMES),
    winner=st.integers(0, 3),
    discarder=st.one_of(st.none(), st.integers(0, 3)),
    data=st.data(),
)
def test_one_win_paid_alike_by_every_route(
    name: str, winner: int, discarder: int | None, data: st.DataObject
) -> None:
    """``Ruleset.payments`` and a match's first deal give what ``Ruleset.settle`` gives for one
    win with the dealer East on streak 0."""
    rules = mf.resolve_rules(name)
    if discarder == winner:
        discarder = (winner + 1) % 4
    value = data.draw(st.integers(rules.min_value, min(rules.max_value, 40)))
    self_drawn = discarder is None
    win = {"winner": winner, "value": value, "self_drawn": self_drawn, "discarder": discarder}
    try:
        settled = rules.settle([win], dealer=0, dealer_streak=0)
    except mf.InvalidHandError:  # (e.g. a payment that would be fractional): refused alike
        with pytest.raises(mf.InvalidHandError):
            rules.payments(value, winner, self_drawn, discarder)
        return
    by_player = [settled["payments"][w] for w in WINDS]
    assert sum(by_player) == 0
    assert rules.payments(value, winner, self_drawn, discarder) == by_player
    if rules.independent_deals:
        match = mf.Match(rules)
    else:
        match = mf.Match(rules, first_dealer=0)
    assert match.play_deal([win])["payments"] == by_player


def test_settle_deal_without_rules_keeps_the_taiwanese_meaning_and_says_so() -> None:
    wins = [{"winner": "S", "value": 16, "discarder": "E"}]
    with pytest.warns(DeprecationWarning, match="taiwanese-high.*Hong Kong"):
        got = mf.settle_deal(wins)
    assert got == mf.Ruleset.taiwanese().settle(wins)
    assert got != DEFAULT_RULES.settle(wins)  # so the default would change the answer
    with pytest.warns(DeprecationWarning, match=r"Ruleset\.settle"):
        assert mf.settle_deal(wins, rules="hk", dealer=1) == DEFAULT_RULES.settle(wins, dealer=1)


def test_bonus_win_without_rules_keeps_the_taiwanese_meaning_and_says_so() -> None:
    args = ("1f 2f 3f 5f 6f 7f 8f", "4f")
    with pytest.warns(DeprecationWarning, match="taiwanese-high"):
        got = mf.bonus_win(*args, seat="W")
    want = mf.Ruleset.taiwanese().bonus_win(*args, seat="W")
    assert got is not None and want is not None
    assert got["payments"] == want["payments"] and got["value"] == want["value"]
    assert DEFAULT_RULES.bonus_win(*args, seat="W") is None
    with pytest.warns(DeprecationWarning, match=r"Ruleset\.bonus_win"):
        assert mf.bonus_win(*args, seat="W", rules="hk") is None


def test_taiwanese_match_is_a_deprecated_match() -> None:
    with pytest.warns(DeprecationWarning, match="TaiwaneseMatch"):
        m = mf.TaiwaneseMatch()
    assert isinstance(m, mf.Match)
    assert m.rules == mf.Ruleset.taiwanese() and m.dealer == 0
    with pytest.warns(DeprecationWarning):
        low = mf.TaiwaneseMatch("taiwanese-low", first_dealer=2)
    assert low.rules.name == "taiwanese-low" and low.dealer == 2
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mf.Match()  # the new spelling is quiet


# --------------------------------------------------------------------------- the source scan

#: strings that name a ruleset or a unit (the registry's names and aliases, the units and the
#: units' names), and the prefixes a test of a name could use
_WORDS = (
    set(NAMES)
    | {r.unit for r in RULESETS}
    | {r.unit_name for r in RULESETS}
    | {n.split("-")[0] for n in NAMES}
)

#: (file, line text) of comparisons that are data, not a decision (none today)
ALLOWED: set[tuple[str, str]] = set()


def _named_strings(node: ast.AST) -> list[str]:
    """The string constants in ``node`` (a tuple or set of them included) that name a ruleset
    or a unit."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [
        i.value for i in items
        if isinstance(i, ast.Constant) and isinstance(i.value, str) and i.value in _WORDS
    ]


def ruleset_decisions(source: str) -> list[tuple[int, str]]:
    """(line, code) of every comparison of a value with a ruleset name or a unit in ``source``
    (``x == "tai"``, ``name != "hong-kong"``, ``unit in ("faan", ...)``,
    ``name.startswith("taiwanese")``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            if any(_named_strings(n) for n in (node.left, *node.comparators)):
                found.append((node.lineno, ast.unparse(node)))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("startswith", "endswith", "removeprefix", "removesuffix")
            and any(_named_strings(a) for a in node.args)
        ):
            found.append((node.lineno, ast.unparse(node)))
    return found


@pytest.mark.parametrize("code", [
    'if unit == "tai":\n    pass',
    'x = "Tai" if self.unit == "tai" else self.unit',
    'if str(rules.name).startswith("taiwanese"):\n    pass',
    'label = "Hong Kong" if name == "hong-kong" else "Taiwanese"',
    'ok = r.unit in ("faan", "x")',
    'if self.unit != "faan" or self.matches:\n    pass',
])
def test_the_scan_finds_the_decisions_it_is_for(code: str) -> None:
    assert ruleset_decisions(code)


def test_the_scan_leaves_data_alone() -> None:
    assert not ruleset_decisions('DEFAULT = "taiwanese-high"\nd = {"unit": "tai"}\nf(rules="hk")')


def test_no_python_module_decides_by_a_ruleset_name_or_unit() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        for line, code in ruleset_decisions(path.read_text(encoding="utf-8")):
            if (rel, code) not in ALLOWED:
                found.append(f"{rel}:{line}: {code}")
    assert not found, "ask the Ruleset instead:\n" + "\n".join(found)
