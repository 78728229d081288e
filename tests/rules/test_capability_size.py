"""Issue 33: a ruleset is a sum of small capabilities. No trait in ``rust/src/rules/`` has more
than 12 methods, and ``Rules`` is the sum of the capabilities, each declared there, so that a
capability that grows past the limit is split by meaning rather than left to grow (the deal
hooks were one trait of 23 methods before they became ``DealSetup``, ``PlayHooks``,
``BonusTileWins`` and ``LiabilityRules``).

The source scan reads every ``trait`` block of the rules folder (up to its closing brace at
the start of a line) and counts its ``fn`` lines, default methods included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "rust" / "src" / "rules"
LIMIT = 12

TRAIT = re.compile(r"^(?:pub(?:\([a-z]+\))? )?trait (\w+)")
METHOD = re.compile(r"^\s+fn (\w+)")


def _traits() -> dict[str, tuple[str, list[str], str]]:
    """Every trait of the rules folder: name -> (file, method names, the text of its head up
    to the opening brace)."""
    found: dict[str, tuple[str, list[str], str]] = {}
    for path in sorted(RULES.rglob("*.rs")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            m = TRAIT.match(line)
            if not m:
                continue
            name = m.group(1)
            assert name not in found, f"trait {name} declared twice"
            head, methods = [line], []
            if not line.rstrip().endswith("{}"):
                j = i + 1
                while lines[j] != "}":
                    if not methods and "fn " not in lines[j]:
                        head.append(lines[j])
                    fn = METHOD.match(lines[j])
                    if fn:
                        methods.append(fn.group(1))
                    j += 1
            found[name] = (str(path.relative_to(ROOT)), methods, " ".join(head))
    return found


TRAITS = _traits()


def _capabilities() -> list[str]:
    """The capabilities ``Rules`` is the sum of, read from its declaration's bound."""
    _, methods, head = TRAITS["Rules"]
    assert methods == [], "Rules is a sum of capabilities, with no methods of its own"
    bound = head.split(":", 1)[1].split("{", 1)[0]
    names = [b.strip() for b in bound.split("+")]
    return [n for n in names if n and n[0].isupper() and n not in {"Send", "Sync"} and "::" not in n]


def test_the_scan_reads_the_traits() -> None:
    # the scan finds what the source plainly holds: the scorer's table and its methods
    _, methods, _ = TRAITS["ScoringTable"]
    assert {"shapes", "min_total", "cap", "evaluate"} <= set(methods)


def test_rules_is_the_sum_of_the_capabilities() -> None:
    caps = _capabilities()
    for want in ("Identity", "Table", "Payments", "MatchFlow", "DealSetup", "PlayHooks", "BonusTileWins", "LiabilityRules"):
        assert want in caps, caps
    missing = [c for c in caps if c not in TRAITS]
    assert not missing, f"capabilities not declared in rust/src/rules/: {missing}"
    # every capability answers something (an empty trait is no capability)
    assert all(TRAITS[c][1] for c in caps), [c for c in caps if not TRAITS[c][1]]


@pytest.mark.parametrize("name", sorted(TRAITS))
def test_no_trait_has_more_than_twelve_methods(name: str) -> None:
    path, methods, _ = TRAITS[name]
    assert len(methods) <= LIMIT, f"{name} ({path}) has {len(methods)} methods: {methods}; split it by meaning"
    assert len(set(methods)) == len(methods), f"{name} lists a method twice: {methods}"
