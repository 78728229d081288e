"""Under the default switches, and under the non-default values of the switches that existed
then, the house rules (issues 37 and 39, HK §19 and TW §20) change no record: the record files in
``tests/data/before_house_rules/`` were written by the build before either issue (d636ddd) with
the commands below; today's build writes the same rows. The one expected difference is the
recorded switch set (``ruleset.switches`` of the file's metadata), which now lists every switch
of the §19/§20 tables at its default: the test compares the metadata with that object removed and
checks that what it held then is still there with the same values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _cli_helpers import run

BEFORE = Path(__file__).resolve().parent.parent / "data" / "before_house_rules"
S = "expert,strong,value,greedy"

# file name -> the command's arguments (each was run with -w 1 or -w 2 then; the records do not
# depend on the number of workers, so one worker here)
RUNS = {
    "hk2.jsonl": ["-n", "200", "--seed", "6", "--seats", "random,greedy,value,strong", "--rule", "min_faan=1",
                  "--rule", "spiciness=half", "--rule", "responsibility=half", "--rule", "unit=2",
                  "--rule", "max_faan=10"],
    "hk3.jsonl": ["-n", "100", "--seed", "7", "--seats", S, "--rule", "responsibility=seed",
                  "--rule", "rotate_dealer=true", "--rule", "max_faan=8", "--rule", "min_faan=0"],
    "twh.jsonl": ["-m", "3", "--seed", "8", "--seats", S, "--rules", "taiwanese-high"],
    "twh2.jsonl": ["-m", "3", "--seed", "10", "--seats", S, "--rules", "taiwanese-high", "--rule", "min_tai=3",
                   "--rule", "tai_value=3", "--rule", "high_seat_bonus_extra=true",
                   "--rule", "high_wind_pung_extra=true", "--rule", "match_length=one_deal",
                   "--rule", "starting_score=100", "--rule", "max_deals=5"],
    "twl2.jsonl": ["-m", "2", "--seed", "11", "--seats", S, "--rules", "taiwanese-low",
                   "--rule", "match_length=full_game", "--rule", "max_deals=6"],
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_records_are_those_of_the_build_before(name: str, tmp_path: Path) -> None:
    out = tmp_path / name
    r = run("simulate", *RUNS[name], "-w", "1", "-o", str(out), "--json")
    assert r.returncode == 0, r.stderr
    assert out.read_text() == (BEFORE / name).read_text()  # every row, byte for byte
    old = json.loads((BEFORE / f"{name}.meta.json").read_text())
    new = json.loads(Path(f"{out}.meta.json").read_text())
    old_sw, new_sw = old["ruleset"].pop("switches"), new["ruleset"].pop("switches")
    assert new == old
    # the switches recorded then keep their values; the rest are the new ones at their defaults
    assert {k: new_sw[k] for k in old_sw} == old_sw
    assert set(new_sw) > set(old_sw)
