"""The exception classes of design §6 are the core's (issue "One domain model", item 4): one
definition, raised by Rust without importing the Python package, re-exported by
``mahjong_fast.errors`` with the documented constructors and attributes."""

from __future__ import annotations

import copy
import pathlib
import pickle

import mahjong_fast as mf
import pytest
from mahjong_fast import _core, errors

NAMES = [
    "MahjongError",
    "InvalidTileError",
    "InvalidHandError",
    "IllegalActionError",
    "RuleConfigError",
    "ReplayError",
]


@pytest.mark.parametrize("name", NAMES)
def test_the_public_class_is_the_core_class(name: str) -> None:
    cls = getattr(errors, name)
    assert cls is getattr(_core, name)
    assert cls is getattr(mf, name)
    assert cls.__module__ == "mahjong_fast.errors"
    assert issubclass(cls, errors.MahjongError) and issubclass(cls, ValueError)


def test_codes_are_the_core_list_in_rules_order() -> None:
    assert errors.ILLEGAL_ACTION_CODES is _core.ILLEGAL_ACTION_CODES
    assert errors.ILLEGAL_ACTION_CODES[0] == "DEAL_OVER"
    # HK §13's twelve, then the codes of house rules (TW §20.6.4), which the deal hooks use
    assert errors.ILLEGAL_ACTION_CODES[11] == "BELOW_MINIMUM"
    assert list(errors.ILLEGAL_ACTION_CODES[12:]) == [
        "PASS_OVER",
        "FORBIDDEN_DISCARD",
        "CLAIM_BACK",
        "CLAIM_RESERVE",
        "KONG_NOT_ALLOWED",
        "READY_LOCKED",
        "NOT_READY",
        "ALREADY_DECLARED",
        "WIN_REQUIRED",
    ]
    assert len(set(errors.ILLEGAL_ACTION_CODES)) == len(errors.ILLEGAL_ACTION_CODES) == 21


def test_errors_the_core_raises_are_instances_of_the_public_classes() -> None:
    with pytest.raises(errors.InvalidTileError) as tile:
        mf.score("123mXX", "1z")
    assert tile.value.position == 4 and "X" in tile.value.reason
    with pytest.raises(errors.InvalidHandError):
        mf.score("123m4z", "1z")
    with pytest.raises(errors.RuleConfigError):
        mf.Ruleset.from_name("no-such-ruleset")
    deal = mf.game.Deal(mf.game.deal_wall(1, 0), dealer=0)
    idle = (deal.to_act[0] + 1) % 4
    with pytest.raises(errors.IllegalActionError) as illegal:
        deal.apply(mf.game.Action(mf.game.ActionType.PASS, idle))
    assert illegal.value.code in errors.ILLEGAL_ACTION_CODES
    assert str(illegal.value).startswith(illegal.value.code + ": ")


def test_constructors_and_attributes() -> None:
    e = errors.InvalidTileError("bad", 3, "why")
    assert (str(e), e.position, e.reason) == ("bad", 3, "why")
    e = errors.InvalidTileError("bad")
    assert (e.position, e.reason) == (None, "bad")
    e = errors.InvalidTileError(message="m", reason="r")
    assert (e.position, e.reason) == (None, "r")
    e2 = errors.IllegalActionError("WRONG_PHASE", "not now")
    assert (str(e2), e2.code) == ("WRONG_PHASE: not now", "WRONG_PHASE")
    e3 = errors.RuleConfigError("no such switch", switch="min_faan")
    assert (str(e3), e3.switch, e3.code) == ("no such switch", "min_faan", None)
    e3 = errors.RuleConfigError("cap", "cap", "CE-CAP")
    assert (e3.switch, e3.code) == ("cap", "CE-CAP")
    e4 = errors.ReplayError("not JSON", 7)
    assert (str(e4), e4.line) == ("line 7: not JSON", 7)
    e4 = errors.ReplayError("unreadable")
    assert (str(e4), e4.line) == ("unreadable", None)
    assert str(errors.MahjongError("plain")) == "plain"


@pytest.mark.parametrize(
    "make",
    [
        lambda: errors.IllegalActionError("NOT_A_CODE", "x"),
        lambda: errors.IllegalActionError(3, "x"),
    ],
)
def test_an_unknown_code_is_refused(make: object) -> None:
    with pytest.raises(ValueError, match="unknown illegal-action code"):
        make()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("cls", "args", "kwargs", "needle"),
    [
        ("InvalidTileError", (), {}, "missing required argument"),
        ("ReplayError", ("a", 1, 2), {}, "at most 2"),
        ("RuleConfigError", ("a",), {"bogus": 1}, "unexpected keyword"),
        ("RuleConfigError", ("a", "s"), {"switch": "t"}, "multiple values"),
        ("IllegalActionError", ("WRONG_PHASE",), {}, "missing required argument"),
    ],
)
def test_bad_constructor_arguments_are_type_errors(cls: str, args: tuple, kwargs: dict, needle: str) -> None:
    with pytest.raises(TypeError, match=needle):
        getattr(errors, cls)(*args, **kwargs)


def test_subclasses_copies_and_pickles_keep_the_attributes() -> None:
    class LogGone(errors.ReplayError):
        pass

    e = LogGone("gone", line=2)
    assert (str(e), e.line) == ("line 2: gone", 2) and isinstance(e, errors.ReplayError)
    for orig in [errors.ReplayError("x", 3), errors.RuleConfigError("y", switch="unit"), errors.InvalidHandError("z"),
                 errors.InvalidHandError("w", "wrong_size", (), 3, (13, 14))]:
        for twin in (copy.copy(orig), pickle.loads(pickle.dumps(orig))):
            assert type(twin) is type(orig) and str(twin) == str(orig)
            assert twin.__dict__ == orig.__dict__


def test_the_native_module_imports_nothing_from_the_package_to_raise_errors() -> None:
    src = pathlib.Path(__file__).resolve().parents[2] / "rust" / "src"
    if not src.is_dir():
        pytest.skip("the Rust sources are not beside this test")
    offenders = [str(p) for p in src.rglob("*.rs") if 'import("mahjong_fast.errors")' in p.read_text()]
    assert offenders == []


@pytest.mark.parametrize(
    ("hand", "win", "kw", "message", "kind", "tiles", "count", "expected"),
    [
        ("11111m22233m9s[555p]", "9s", {}, "5 copies of 1m (there are only 4 of each kind)",
         "too_many_copies", ("1m",), None, ()),
        ("1112223334m[124p]", "9s", {},
         "meld at position 11 (124p) is not a valid meld (a chow, a pung or a kong)", "bad_meld",
         ("124p",), None, ()),
        ("111222333m9s[555p]1f1f", "9s", {}, "bonus tile 1f given twice (there is one of each)",
         "bonus_twice", ("1f",), None, ()),
        ("123m", "9s", {}, ("wrong number of tiles before the winning tile: 3 (counting each "
         "declared set as 3), 13 expected"), "wrong_size", (), 3, (13,)),
        ("111222333m9s[555p]", "9s", {"robbing_kong": True},
         "the robbed tile 9s cannot be robbed: the winner holds a copy of it", "situation",
         ("9s",), None, ()),
        ("111222333m9s[555p]", "9s", {"self_drawn": True, "discarder": 1},
         "a self-drawn win has no discarder", "situation", (), None, ()),
    ],
)  # fmt: skip
def test_an_invalid_hand_says_its_kind_and_tiles_as_data(
    hand: str, win: str, kw: dict, message: str, kind: str, tiles: tuple, count: int | None,
    expected: tuple,
) -> None:
    """Issue 44: the core's InvalidHandError carries what a message in another language needs
    (its kind, the tiles, the counts); its English message is as it was."""
    with pytest.raises(errors.InvalidHandError) as info:
        mf.score(hand, win, **kw)
    e = info.value
    assert str(e) == f"invalid hand: {message}"
    assert (e.kind, e.tiles, e.count, e.expected) == (kind, tiles, count, expected)
