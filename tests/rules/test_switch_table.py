"""Switches declared once and presets as data (issue 33 items 2 and 3): every ruleset's
switch table drives parsing, checking, recording, the CLI's help and the docs' tables; a preset
is a named full switch set that `from_name`, `hong_kong(preset=)`, `taiwanese(preset=)` and
`--rules` resolve and that is recorded as its ruleset's switches."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import mahjong_fast as mf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast.errors import RuleConfigError
from mahjong_fast.rules import (
    Ruleset,
    parse_switch,
    preset_table_markdown,
    rule_help,
    ruleset_from_options,
    switch_table_markdown,
)
from mahjong_fast.sim import read_rules

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ["hong-kong", "taiwanese-high", "taiwanese-low"]
FIELDS = ["name", "kind", "default", "allowed", "doc", "section", "depends"]


def rows(name: str) -> list[mf.rules.SwitchRow]:
    return Ruleset.switch_table(name)


# --------------------------------------------------------------------------- the table


def test_switch_table_on_the_class_and_on_an_instance() -> None:
    hk = Ruleset.switch_table()
    assert [r.name for r in hk] == list(Ruleset.hong_kong().switches)
    tw = Ruleset.from_name("taiwanese-low")
    assert [r.name for r in tw.switch_table()] == list(tw.switches)
    assert [r.name for r in Ruleset.switch_table("taiwanese-high")] == list(tw.switches)
    # an instance's table is its own, whatever the class's default
    assert tw.switch_table()[0].name == "tai_table" and hk[0].name == "min_faan"


@pytest.mark.parametrize("name", RULESETS)
def test_rows_carry_every_field_as_attribute_and_key(name: str) -> None:
    r = Ruleset.from_name(name)
    for row in r.switch_table():
        d = row.to_dict()
        assert list(d) == FIELDS == row.keys()
        for f in FIELDS:
            assert row[f] == getattr(row, f) == d[f]
        if row.kind in ("bool", "int", "str"):
            assert isinstance(row.default, {"bool": bool, "int": int, "str": str}[row.kind])
        else:  # a structured switch: "int or null", "list", "object", ...
            assert isinstance(row.allowed, mf._core.SwitchValues), row.kind
            assert row.kind.split(" or ")[0] in ("int", "str", "bool", "list", "object")
        assert row.default in row.allowed
        assert row.doc and row.section.startswith(("HK §", "TW §"))
        assert all(isinstance(x, str) for x in row.depends)
    with pytest.raises(KeyError):
        r.switch_table()[0]["nonsense"]


@pytest.mark.parametrize("name", RULESETS)
def test_the_defaults_of_the_table_are_the_default_presets(name: str) -> None:
    r = Ruleset.from_name(name)
    for row in r.switch_table():
        if row.name != "tai_table":  # the one switch the two Taiwanese rulesets differ by
            assert r.switches[row.name] == row.default, row.name


# values of the structured switches of HK §19 (and tile_set, an int of two values) that each
# takes, and values each does not take
_SPLIT = {"discarder": 2, "others": 1, "self_draw": 2}
_TAKEN: dict[str, list[object]] = {
    "tile_set": [144, 136],
    "element_values": [{}, {"X1": 6}, {"F16": "off", "L2": 10, "X3": "limit"}],
    "payment_split": [None, _SPLIT],
}
_REFUSED: dict[str, list[object]] = {
    "tile_set": [140, "136", True, None],
    "element_values": [{"F1": 0}, {"X1": 14}, {"X1": "on"}, [], None],
    "payment_split": [{**_SPLIT, "others": 9}, {"discarder": 2}, {**_SPLIT, "x": 1}, 0, "2/1/2"],
}


def _outside(row: mf.rules.SwitchRow, data: st.DataObject) -> object:
    """A value the row does not take: out of its range, not one of its strings, or of another
    type."""
    if row.name in _REFUSED:
        return data.draw(st.sampled_from(_REFUSED[row.name]))
    allowed = row.allowed
    if isinstance(allowed, range):
        return data.draw(
            st.one_of(
                st.integers(max_value=allowed.start - 1),
                st.integers(min_value=allowed.stop),
            )
        )
    if row.kind == "str":
        return data.draw(st.text(max_size=12).filter(lambda s: s not in allowed))
    if not isinstance(allowed, list):  # a structured switch: its SwitchValues says
        return data.draw(st.sampled_from([v for v in _CANDIDATES if v not in allowed]))
    return data.draw(st.sampled_from([0, 1, "true", None]))


#: values of every shape, for structured switches (each row takes some, refuses the others)
_CANDIDATES: list[object] = [None, 0, 1, 3, 16, 1000, 1001, -1, "true", "x", True, [], ["x"], {}, {"x": 1}]


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_value_is_taken_exactly_when_its_row_allows_it(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(RULESETS))
    base = Ruleset.from_name(name)
    row = data.draw(st.sampled_from(base.switch_table()))
    if data.draw(st.booleans()):
        allowed = row.allowed
        if row.name in _TAKEN:
            value: object = data.draw(st.sampled_from(_TAKEN[row.name]))
        elif isinstance(allowed, range):
            value = data.draw(st.integers(min_value=allowed.start, max_value=allowed.stop - 1))
        elif isinstance(allowed, list):
            value = data.draw(st.sampled_from(list(allowed)))
        else:  # a structured switch
            value = data.draw(st.sampled_from([v for v in _CANDIDATES if v in allowed]))
        try:
            r = base.replace(**{row.name: value})
        except RuleConfigError as e:
            # only a dependency or forbidden combination may refuse an allowed value, and it
            # names the row it comes from
            assert e.switch == row.name and row.depends, (row.name, value, e)
        else:
            assert r.switches[row.name] == value
            assert Ruleset.from_json(r.to_json()) == r
    else:
        value = _outside(row, data)
        with pytest.raises(RuleConfigError) as info:
            base.replace(**{row.name: value})
        assert info.value.switch == row.name
        assert row.name in str(info.value)
        assert info.value.code == ("CE-UNKNOWN" if name.startswith("taiwanese") else None)


def test_unknown_switches_and_combinations_name_the_switch_and_code() -> None:
    with pytest.raises(RuleConfigError) as e:
        Ruleset.hong_kong(min_tai=3)
    assert (e.value.switch, e.value.code) == ("min_tai", None)
    with pytest.raises(RuleConfigError) as e:
        Ruleset.taiwanese(dead_wall_count=16)  # TW §20.9.4 E10
    assert (e.value.switch, e.value.code) == ("dead_wall_count", "CE-UNKNOWN")
    with pytest.raises(RuleConfigError) as e:
        Ruleset.taiwanese(tai_table="low", high_seat_bonus_extra=True)
    assert (e.value.switch, e.value.code) == ("high_seat_bonus_extra", "CE-TABLE")
    # a dependent switch at its default is never an error (TW §20.0 rule 3)
    assert Ruleset.taiwanese(tai_table="low", high_seat_bonus_extra=False).name == "taiwanese-low"
    with pytest.raises(RuleConfigError) as e:
        Ruleset.hong_kong(min_faan=8, max_faan=6)  # HK §19.3 row 3
    assert e.value.switch == "max_faan"
    with pytest.raises(RuleConfigError) as e:
        Ruleset.hong_kong(min_faan=0, responsibility="half", unit=1)  # HK §18 V7, §19.3 row 4
    assert e.value.switch == "responsibility"
    assert "max_faan >= min_faan" in rows("hong-kong")[1].depends
    assert rows("taiwanese-high")[4].depends == ["tai_table=high"]


def test_the_error_keeps_its_old_constructor() -> None:
    e = RuleConfigError("plain")
    assert (str(e), e.switch, e.code) == ("plain", None, None)
    assert isinstance(e, mf.MahjongError) and isinstance(e, ValueError)


def test_parse_switch_reads_each_kind_from_the_table() -> None:
    assert parse_switch("min_tai=3", "taiwanese-high") == ("min_tai", 3)
    assert parse_switch("high_wind_pung_extra=on", "taiwanese-high") == ("high_wind_pung_extra", True)
    assert parse_switch("match_length=full_game", "taiwanese-low") == ("match_length", "full_game")
    for text, switch in [("min_faan=three", "min_faan"), ("rotate_dealer=maybe", "rotate_dealer"), ("x=1", "x")]:
        with pytest.raises(RuleConfigError) as e:
            parse_switch(text)
        assert e.value.switch == switch


# --------------------------------------------------------------------------- presets


def test_presets_list_the_rulesets_first_and_each_builds() -> None:
    names = mf.presets()
    assert names[:3] == RULESETS
    assert names == mf.rules.presets() and len(set(names)) == len(names)
    assert "test-hong-kong-one-faan" not in names
    for name in names:
        r = Ruleset.from_name(name)
        # a common table's ruleset is `taiwanese` with its table set (TW §20.11 C)
        assert r.name in [*RULESETS, "taiwanese"] and name.split("-")[0] == r.name.split("-")[0], (name, r.name)
        # recorded as its ruleset's name and every switch, read back equal
        d = json.loads(r.to_json())
        assert d["name"] == r.name and list(d["switches"]) == [row.name for row in r.switch_table()]
        assert Ruleset.from_json(r.to_json()) == r


def test_presets_by_the_rules_id_and_overrides() -> None:
    half = Ruleset.hong_kong(preset="half_spicy_3faan")
    assert half == Ruleset.from_name("hong-kong-half-spicy-3faan")
    assert (half.switches["spiciness"], half.switches["responsibility"]) == ("half", "full")
    assert half.payments(7, winner=1, self_drawn=False, discarder=0) == [-96, 96, 0, 0]  # §18 V2
    over = Ruleset.hong_kong(preset="half-spicy-3faan", unit=10, min_faan=1)
    assert over == Ruleset.from_name("hong-kong-half-spicy-3faan", unit=10, min_faan=1)
    assert over == half.replace(unit=10, min_faan=1)
    assert Ruleset.hong_kong(preset="hkos_classic") == Ruleset.hong_kong() == Ruleset.hong_kong(preset=None)
    assert Ruleset.taiwanese(preset="low") == Ruleset.from_name("taiwanese-low")
    assert Ruleset.taiwanese(preset="high", min_tai=3) == Ruleset.taiwanese(min_tai=3)
    # an override can make a preset invalid: the error names the switch (HK §19.3 HC15)
    with pytest.raises(RuleConfigError) as e:
        Ruleset.hong_kong(preset="half_spicy_3faan", responsibility="half", min_faan=0, unit=3)
    assert e.value.switch == "responsibility"
    assert Ruleset.taiwanese(preset="omu-standard") == Ruleset.from_name("taiwanese-omu-standard")
    assert Ruleset.taiwanese(preset="omu_star31", min_tai=2).switches["min_tai"] == 2
    for bad in [lambda: Ruleset.hong_kong(preset="hkos_club"), lambda: Ruleset.taiwanese(preset="omu_club"),
                lambda: Ruleset.from_name("hong-kong-nope")]:
        with pytest.raises(RuleConfigError) as e:
            bad()
        assert e.value.switch == "preset"
    with pytest.raises(TypeError):
        Ruleset.hong_kong(preset=3)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- docs and CLI


def _blocks(text: str) -> list[tuple[str, str]]:
    return re.findall(r"<!-- switch-table: ([a-z-]+) -->\n(.*?)<!-- /switch-table -->", text, re.DOTALL)


def test_the_docs_tables_are_the_switch_tables() -> None:
    docs = ROOT / "docs"
    if not docs.is_dir():
        pytest.skip("installed without the source tree")
    seen = set()
    for path in sorted(docs.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for name, block in _blocks(text):
            assert block == switch_table_markdown(name), f"{path.name} {name}: run scripts/switch_docs.py"
            seen.add(name)
        for block in re.findall(r"<!-- preset-table -->\n(.*?)<!-- /preset-table -->", text, re.DOTALL):
            assert block == preset_table_markdown(), f"{path.name}: run scripts/switch_docs.py"
            seen.add("presets")
    assert seen == {"hong-kong", "taiwanese-high", "presets"}


def test_the_markdown_rows_follow_the_table() -> None:
    for name in RULESETS:
        lines = switch_table_markdown(name).splitlines()[2:]
        assert [re.match(r"\| `([a-z_]+)`", line).group(1) for line in lines] == [  # type: ignore[union-attr]
            r.name for r in rows(name)
        ]
    assert len(preset_table_markdown().splitlines()) == 2 + len(mf.presets())


def test_rule_help_lists_every_switch() -> None:
    text = rule_help()
    for name in RULESETS:
        for row in rows(name):
            assert f"{row.name}=" in text


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="200", NO_COLOR="1", TERM="dumb")
    env.pop("MAHJONG_FAST_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", *args],
        input="", check=False, capture_output=True, text=True, encoding="utf-8", env=env, timeout=300,
    )


def test_cli_takes_a_preset_then_switches_and_refuses_in_one_line(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    proc = _cli("simulate", "-n", "3", "-w", "1", "--rules", "hong-kong-half-spicy-3faan", "--rule", "unit=10",
                "--out", str(out), "--json")
    assert proc.returncode == 0, proc.stderr
    assert read_rules(out) == Ruleset.hong_kong(preset="half_spicy_3faan", unit=10)
    assert ruleset_from_options("hong-kong-half-spicy-3faan", ["unit=10"]) == read_rules(out)
    for args, named in [
        (["--rule", "min_faa=1"], "min_faa"),
        (["--rule", "unit=0"], "unit"),
        (["--rules", "taiwanese-low", "--rule", "high_wind_pung_extra=true"], "high_wind_pung_extra"),
        (["--rules", "hong-kong-nope"], "hong-kong-nope"),
    ]:
        proc = _cli("simulate", "-n", "1", "-w", "1", *args)
        assert proc.returncode == 2, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and named in lines[0], proc.stderr
        assert "Traceback" not in proc.stderr
    helptext = _cli("simulate", "--help").stdout
    assert "hong-kong-half-spicy-3faan" in helptext and "high_wind_pung_extra" in helptext
