"""Record files a data user reads without surprises (docs/records.md): one line per deal, read
by pandas and polars with integer types; what the file says about its run in a sidecar;
elements one shape; every winner's value, elements, hand and winning tile; the same bytes from
every backend."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import mahjong_fast as mf
import pytest
from mahjong_fast.sim import read_records, read_rules
from mahjong_fast.sim.output import FIELDS, MATCH_FIELDS, WIN_FIELDS, meta_path, read_metadata

SEATS = ("greedy",) * 4
WINDS = "ESWN"
TW = mf.Ruleset.taiwanese(min_tai=1)


@pytest.fixture(scope="module")
def hk_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # 400 greedy deals: wins of every kind, and a limit hand only after the first 100 lines
    # (a reader that guesses the types from the first lines must not trip on it)
    out = tmp_path_factory.mktemp("rec") / "deals.jsonl"
    mf.simulate(400, SEATS, seed=1, workers=2, out=out)
    return out


@pytest.fixture(scope="module")
def tw_records() -> list[dict[str, Any]]:
    res = mf.simulate(matches=40, seats=SEATS, rules=TW, seed=1, workers=2)
    assert res.records is not None
    return res.records


def test_every_line_is_a_record_and_the_run_is_in_the_sidecar(hk_file: Path) -> None:
    lines = hk_file.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 400
    assert all(list(json.loads(line)) == list(FIELDS) for line in lines)
    meta = json.loads(meta_path(hk_file).read_text(encoding="utf-8"))
    assert meta_path(hk_file).name == "deals.jsonl.meta.json"
    assert meta["unit"] == "faan" and meta["ruleset"] == mf.Ruleset.hong_kong().to_dict()
    assert meta["run"]["seed"] == 1 and meta["run"]["seats"] == list(SEATS)
    assert read_rules(hk_file) == mf.Ruleset.hong_kong()
    assert read_metadata(hk_file) == meta["run"]
    assert len(read_records(hk_file)) == 400


def test_pandas_reads_one_row_per_deal_with_integer_types(hk_file: Path) -> None:
    pd = pytest.importorskip("pandas")
    df = pd.read_json(hk_file, lines=True)
    assert len(df) == 400 and list(df.columns) == list(FIELDS)
    assert list(df["deal_index"]) == list(range(400))
    ints = ["deal_index", "seed", "dealer", "value", "discards", "tiles_left"]
    ints += [f"points_p{p}" for p in range(4)]
    for col in ints:
        assert pd.api.types.is_integer_dtype(df[col]), (col, df[col].dtype)
    assert df["exhaustive_draw"].dtype == bool
    assert not df.drop(columns=["winners", "wins"]).isna().any().any()
    assert (df[[f"points_p{p}" for p in range(4)]].sum(axis=1) == 0).all()


def test_polars_reads_one_row_per_deal_with_integer_types(hk_file: Path) -> None:
    pl = pytest.importorskip("polars")
    df = pl.read_ndjson(hk_file)
    assert df.height == 400 and df.columns == list(FIELDS)
    for col in ("deal_index", "seed", "dealer", "value", "discards", "tiles_left", "points_p0"):
        assert df.schema[col].is_integer(), (col, df.schema[col])
    # one row per win, then one per element: the nested columns have their types too
    wins = df.select("deal_index", "wins").explode("wins").drop_nulls("wins").unnest("wins")
    assert wins.height == sum(len(r["wins"]) for r in read_records(hk_file))
    assert wins.columns == ["deal_index", *WIN_FIELDS]
    assert wins.schema["seat"].is_integer() and wins.schema["value"].is_integer()
    elements = wins.select("seat", "elements").explode("elements").unnest("elements")
    assert elements.columns == ["seat", "code", "name", "value"]
    assert elements.schema["value"].is_integer()
    # a limit hand after the first 100 deals was read (its one element has an L code)
    limits = [w for r in read_records(hk_file)[100:] for w in r["wins"]]
    assert any(w["elements"][0]["code"].startswith("L") for w in limits)


def test_parquet_has_the_same_records_and_shapes(tmp_path: Path, hk_file: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "deals.parquet"
    mf.simulate(400, SEATS, seed=1, workers=2, out=out)
    assert read_records(out) == read_records(hk_file)
    schema = pq.read_schema(out)
    win = schema.field("wins").type.value_type
    assert [win.field(i).name for i in range(win.num_fields)] == list(WIN_FIELDS)
    element = win.field("elements").type.value_type
    assert [element.field(i).name for i in range(element.num_fields)] == ["code", "name", "value"]
    assert schema.metadata[b"unit"] == b"faan"


def test_elements_have_one_shape_everywhere(hk_file: Path) -> None:
    """JSON, Parquet (above) and the Python objects: code, name, value."""
    rec = next(r for r in read_records(hk_file) if r["wins"])
    assert all(list(e) == ["code", "name", "value"] for w in rec["wins"] for e in w["elements"])
    r = mf.score("111222333m9s [555p] 1f", "9s", self_drawn=True, seat_wind="E")
    assert [(e.code, e.name, e.value) for e in r.elements] == [
        ("F2", "All pungs", 3),
        ("F11", "Self-draw", 1),
        ("F17", "Own flower", 1),
    ]


def _seat_wind(seat: int, dealer: int) -> str:
    return WINDS[(seat - dealer) % 4]


def test_the_recorded_hand_and_winning_tile_score_to_the_recorded_value(hk_file: Path) -> None:
    """Records keep the winning tile and the hand before it: ``score(hand, win_tile)`` gives
    the value back (the situation flags the record does not keep aside: F12-F15)."""
    checked = 0
    for r in read_records(hk_file):
        for w in r["wins"]:
            codes = {e["code"] for e in w["elements"]}
            assert mf.Hand.parse(w["hand"]).size == 13, w
            if codes & {"F12", "F13", "F14", "F15"} or w["win_tile"] is None:
                continue
            sd = w["win_kind"] == "self_drawn"
            disc = None if sd else _seat_wind(w["discarder"], r["dealer"])
            got = mf.score(
                w["hand"], w["win_tile"], self_drawn=sd,
                seat_wind=_seat_wind(w["seat"], r["dealer"]), discarder=disc,
            )  # fmt: skip
            assert got.value == w["value"], (r["deal_index"], w)
            assert [(e.code, e.value) for e in got.elements] == [
                (e["code"], e["value"]) for e in w["elements"]
            ]
            checked += 1
    assert checked > 200


def test_several_winners_are_all_kept_in_turn_order_from_the_discarder(
    tw_records: list[dict[str, Any]],
) -> None:
    several = [r for r in tw_records if len(r["winners"]) > 1]
    assert several, "pick a seed with a deal won by several players"
    for r in several:
        wins = r["wins"]
        assert [w["seat"] for w in wins] == r["winners"]
        d = wins[0]["discarder"]
        assert all(w["discarder"] == d and w["win_kind"] == wins[0]["win_kind"] for w in wins)
        assert [w["seat"] for w in wins] == sorted(
            (w["seat"] for w in wins), key=lambda s: (s - d) % 4
        )
        assert len({w["win_tile"] for w in wins}) == 1
        for w in wins:  # each with its own elements and its own 16 tiles before the tile
            assert w["elements"] and sum(e["value"] for e in w["elements"]) == w["value"]
            assert mf.Hand.parse(w["hand"]).size == 16
    # the values are Tai (the unit in the metadata), named value
    assert all("faan" not in r and "tai" not in r for r in tw_records)
    assert all(list(r) == list(MATCH_FIELDS) for r in tw_records)


def test_discards_counts_the_discards(hk_file: Path) -> None:
    from mahjong_fast.game.match import new_deal, run_deal
    from mahjong_fast.seats import make_seat

    seats = [make_seat("greedy", 1) for _ in range(4)]
    deal = new_deal(seats, seed=1, deal_index=5)
    res = run_deal(deal, seats)
    discards = sum(1 for e in deal.events if e.type == "discard")
    rec = read_records(hk_file)[5]
    assert rec["discards"] == discards == res.turns
    assert "turns" not in rec


@pytest.mark.parametrize("by", ["deals", "matches"])
def test_process_and_core_backends_write_the_same_bytes(tmp_path: Path, by: str) -> None:
    kw: dict[str, Any] = (
        {"deals": 48} if by == "deals" else {"matches": 6, "rules": TW}
    )
    paths = []
    for backend in ("core", "process"):
        out = tmp_path / f"{backend}.jsonl"
        mf.simulate(seats=SEATS, seed=2, workers=2, backend=backend, out=out, **kw)
        paths.append(out)
    core, process = (p.read_bytes() for p in paths)
    assert core == process and len(core.splitlines()) >= 30
    assert meta_path(paths[0]).read_bytes() == meta_path(paths[1]).read_bytes()


def test_a_file_with_a_header_line_is_still_read(tmp_path: Path) -> None:
    """A JSON Lines file of 0.2 and earlier: a header line, then the older records."""
    rules = mf.Ruleset.hong_kong(min_faan=1)
    old = tmp_path / "old.jsonl"
    head = {"type": "header", "ruleset": rules.to_dict(), "run": {"seed": 4}}
    rec = {"deal_index": 0, "seed": 4, "dealer": 0, "winners": [], "winner": None, "faan": 0}
    old.write_text(json.dumps(head) + "\n" + json.dumps(rec) + "\n", encoding="utf-8")
    assert read_records(old) == [rec]
    assert read_rules(old) == rules
    assert read_metadata(old) == {"seed": 4}
    plain = tmp_path / "older.jsonl"  # 0.1: no header at all
    plain.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    assert read_records(plain) == [rec] and read_rules(plain) == mf.Ruleset.hong_kong()
