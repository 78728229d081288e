"""The expert's weights from Python: ``Ruleset.expert_style`` (read-only) and ``arena``'s
``expert_styles`` (explicit weights per seat, validated before any work)."""

from __future__ import annotations

import math

import pytest
from mahjong_fast import _core
from mahjong_fast.errors import RuleConfigError

FIELDS = [
    "self_draw_share",
    "hazard",
    "caution",
    "below_min_keep",
    "step_keep",
    "alpha",
    "lookahead",
    "long_shot_min",
    "exact_alpha",
]
LINEUP = ["expert", "greedy", "greedy", "greedy"]


@pytest.mark.parametrize("name", ["hong-kong", "taiwanese-high", "taiwanese-low"])
def test_expert_style_is_nine_finite_floats_and_a_new_dict(name: str) -> None:
    r = _core.Ruleset.from_name(name)
    st = r.expert_style
    assert list(st) == FIELDS and all(
        isinstance(v, float) and math.isfinite(v) for v in st.values()
    )
    st["alpha"] = 99.0
    assert r.expert_style["alpha"] != 99.0


def test_the_ruleset_style_given_explicitly_plays_the_same_deals() -> None:
    r = _core.Ruleset.from_name("taiwanese-high")
    rep, deals = _core.arena(LINEUP, 6, 1000, rules=r)
    rep2, deals2 = _core.arena(
        LINEUP, 6, 1000, rules=r, expert_styles=[r.expert_style, None, None, None]
    )
    assert deals == deals2 and rep == rep2
    _, deals3 = _core.arena(LINEUP, 6, 1000, rules=r, expert_styles=[{}, None, None, None])
    assert deals3 == deals


def test_another_style_changes_play_and_only_its_seat() -> None:
    r = _core.Ruleset.from_name("hong-kong")
    lineup = ["expert"] * 4
    _, same = _core.arena(lineup, 20, 1001, rules=r)
    _, other = _core.arena(
        lineup, 20, 1001, rules=r, expert_styles=[{"caution": 5.0, "alpha": 1.0}, None, None, None]
    )
    assert same != other
    _, again = _core.arena(
        lineup, 20, 1001, rules=r, expert_styles=[{"caution": 5.0, "alpha": 1.0}, None, None, None]
    )
    assert again == other  # deterministic


@pytest.mark.parametrize(
    "styles",
    [
        [{"nope": 1.0}, None, None, None],
        [{"alpha": math.nan}, None, None, None],
        [{"hazard": math.inf}, None, None, None],
        [{"step_keep": 1.5}, None, None, None],
        [{"caution": -0.1}, None, None, None],
        [None, {"alpha": 1.0}, None, None],  # a greedy seat
    ],
)
def test_a_bad_style_is_a_rule_config_error(styles: list[dict[str, float] | None]) -> None:
    with pytest.raises(RuleConfigError):
        _core.arena(LINEUP, 1, 1000, expert_styles=styles)


def test_a_bad_shape_is_a_type_or_value_error() -> None:
    with pytest.raises(ValueError):
        _core.arena(LINEUP, 1, 1000, expert_styles=[None, None])
    with pytest.raises(TypeError):
        _core.arena(LINEUP, 1, 1000, expert_styles={"alpha": 1.0})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        _core.arena(LINEUP, 1, 1000, expert_styles=[{"alpha": "x"}, None, None, None])  # type: ignore[dict-item]
