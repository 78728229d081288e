"""The ``mahjong-fast`` command, run as a user runs it: a subprocess fed through stdin/argv."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from _cli_helpers import assert_one_line_error, run

# --------------------------------------------------------------------------- score

E4 = ["score", "111222333m9s pung[555p] 1f", "--win", "9s", "--self-drawn", "--seat", "E"]
E17 = [
    "score",
    "123s456s78s99s ckong[4444z]",
    "--win",
    "9s",
    "--self-drawn",
    "--kong-replacement",
    "--seat",
    "N",
]


def test_score_e4_table() -> None:
    proc = run(*E4)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for code in ("F2", "F11", "F17"):
        assert code in out
    assert "All pungs" in out
    assert "Total: 5 faan" in out
    assert "Payments: E +96  S -32  W -32  N -32" in out


def test_score_e4_json() -> None:
    proc = run(*E4, "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["faan"] == 5 and data["raw_faan"] == 5 and data["is_win"] is True
    assert [(e["code"], e["value"]) for e in data["elements"]] == [("F2", 3), ("F11", 1), ("F17", 1)]
    assert data["payments"] == {"E": 96, "S": -32, "W": -32, "N": -32}
    assert data["limit"] is None


def test_score_e17() -> None:
    proc = run(*E17)
    assert proc.returncode == 0, proc.stderr
    assert "Total: 8 faan" in proc.stdout
    assert "F12" in proc.stdout
    data = json.loads(run(*E17, "--json").stdout)
    assert data["faan"] == 8
    assert [e["code"] for e in data["elements"]] == ["F3", "F8", "F10", "F11", "F12", "F16"]
    assert data["payments"] == {"E": -256, "S": -256, "W": -256, "N": 768}


def test_score_below_minimum_is_a_result_not_an_error() -> None:
    # E31: won on a discard, 2 faan
    proc = run("score", "123m456p789s234s1z", "--win", "1z", "--seat", "W", "--discarder", "S")
    assert proc.returncode == 0, proc.stderr
    assert "BELOW_MINIMUM" in proc.stdout
    data = json.loads(
        run(
            "score",
            "123m456p789s234s1z",
            "--win",
            "1z",
            "--seat",
            "W",
            "--discarder",
            "S",
            "--json",
        ).stdout
    )
    assert data["is_win"] is False and data["reason"] == "BELOW_MINIMUM" and data["faan"] == 2


def test_score_limit_and_bonus_option() -> None:
    # E20 with the bonus tiles given as an option: raw 14, capped at 13
    proc = run(
        "score",
        "111m999m7z pung[555z] pung[666z]",
        "--win",
        "7z",
        "--self-drawn",
        "--bonus",
        "1f,5f",
        "--json",
    )
    data = json.loads(proc.stdout)
    assert data["faan"] == 13 and data["raw_faan"] == 14


# --------------------------------------------------------------------------- waits / shanten


def test_waits_text_and_json() -> None:
    proc = run("waits", "1112345678999s")
    assert proc.returncode == 0, proc.stderr
    assert "waits: 1s 2s 3s 4s 5s 6s 7s 8s 9s" in proc.stdout
    data = json.loads(run("waits", "1112345678999s", "--json").stdout)
    assert data["waits"] == [f"{n}s" for n in range(1, 10)]
    assert data["shanten"] == 0
    not_ready = json.loads(run("waits", "123m456m789p2468s", "--json").stdout)
    assert not_ready["waits"] == [] and not_ready["shanten"] >= 1


def test_shanten_text_and_json() -> None:
    proc = run("shanten", "123456789m1111p")
    assert proc.returncode == 0, proc.stderr
    assert "shanten: 1" in proc.stdout
    assert json.loads(run("shanten", "123456789m1111p", "--json").stdout)["shanten"] == 1
    assert json.loads(run("shanten", "123m456m789p234s55s", "--json").stdout)["shanten"] == -1


def test_decompose_lists_both_readings_of_e3() -> None:
    proc = run("decompose", "111222333m789p55s")
    assert proc.returncode == 0, proc.stderr
    assert "1." in proc.stdout and "2." in proc.stdout


def test_json_output_is_exactly_one_object() -> None:
    for args in (E4, ["waits", "1112345678999s"], ["shanten", "123m456m789p2468s"]):
        proc = run(*args, "--json")
        assert proc.returncode == 0, proc.stderr
        assert len(proc.stdout.strip().splitlines()) == 1
        assert isinstance(json.loads(proc.stdout), dict)


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "args",
    [
        ["score", "123m456x", "--win", "5s"],  # bad tile string
        ["waits", "11111m2345678p"],  # fifth copy
        ["shanten", "0m"],  # the digit 0 is invalid
        ["score", "123m456m789p234s5s", "--win", "5s", "--seat", "Q"],  # bad option value
        ["score", "123m456m789p234s5s", "--win", "5x"],  # bad winning tile
        ["score", "123m456m789p234s5s"],  # --win missing
        ["score", "123m456m789p234s5s", "--win", "5s", "--no-such-option"],
        ["no-such-command"],
        ["replay", "/no/such/file.jsonl"],
        ["simulate", "-n", "2", "--seats", "greedy,greedy"],
    ],
    ids=lambda a: " ".join(a)[:40],
)
def test_user_mistakes_print_one_line_and_exit_2(args: list[str]) -> None:
    assert_one_line_error(run(*args))


def test_version() -> None:
    proc = run("--version")
    assert proc.returncode == 0
    assert proc.stdout.startswith("mahjong-fast ")


# --------------------------------------------------------------------------- simulate


def test_simulate_json() -> None:
    proc = run("simulate", "-n", "20", "--seed", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.strip().splitlines()) == 1
    data = json.loads(proc.stdout)
    assert data["deals"] == 20 and data["seed"] == 1
    assert data["summary"]["deals"] == 20
    again = json.loads(run("simulate", "-n", "20", "--seed", "1", "--json").stdout)

    def stable(d: dict) -> dict:
        return {k: v for k, v in d["summary"].items() if k != "deals_per_second"}

    assert stable(again) == stable(data)  # reproducible by seed


def test_simulate_table() -> None:
    proc = run("simulate", "-n", "5", "--seed", "2", "--seats", "greedy,greedy,random,random")
    assert proc.returncode == 0, proc.stderr
    assert "win rate" in proc.stdout


# --------------------------------------------------------------------------- play

# At a discard prompt "last" discards the rightmost tile (the drawn one); at a claim prompt
# Enter passes. An empty line at a discard prompt is ignored, "last" at a claim prompt is a
# mistyped command (one line, then the same prompt), so this stream drives any deal.
AUTOPILOT = "last\n\n" * 400


def play(*args: str, input: str = AUTOPILOT) -> subprocess.CompletedProcess[str]:
    return run("play", "--ascii", "--no-confirm", *args, input=input)


def assert_result_shown(out: str) -> None:
    assert "End of deal" in out
    assert ("exhaustive draw" in out) or ("won" in out and "Payments:" in out)
    assert "Scores:" in out


@pytest.mark.parametrize("seed", [1, 5])
def test_scripted_game_from_deal_to_result(seed: int) -> None:
    proc = play("--seed", str(seed))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    assert_result_shown(proc.stdout)
    # the screens show the table: hand, discards, wall count
    assert "Your hand" in proc.stdout and "discards:" in proc.stdout and "tiles left" in proc.stdout


def test_scripted_game_with_glyphs_and_confirmation() -> None:
    # every discard is selected by position and confirmed with Enter
    proc = run("play", "--seed", "2", input="last\n\n\n" * 400)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert_result_shown(proc.stdout)
    assert any("\U0001f000" <= ch <= "\U0001f02b" for ch in proc.stdout)  # tile glyphs


def test_mistyped_command_prints_one_line_and_reprompts() -> None:
    proc = play("--seed", "1", input="xyzzy\nquit\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    error_lines = [ln for ln in out.splitlines() if "xyzzy" in ln]
    assert len(error_lines) == 1
    assert out.count("discard (code or 1-14)>") == 2  # the same prompt again
    assert "Traceback" not in out + proc.stderr


def test_eof_leaves_cleanly() -> None:
    proc = play("--seed", "1", input="")
    assert proc.returncode == 3  # the input ended before the game did
    assert "input ended before the game did" in proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr


def test_discard_by_code_and_confirmation_reselect() -> None:
    # select the rightmost tile, refuse (n), then select it again and confirm (y), then quit
    proc = run("play", "--seed", "1", "--ascii", input="14\nn\n14\ny\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("[Y/n]") == 2
    assert "You discard" in proc.stdout


def test_hint_and_help_commands() -> None:
    proc = play("--seed", "1", input="hint\nhelp\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert "shanten" in proc.stdout
    assert "commands:" in proc.stdout


def test_play_log_then_replay(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    proc = play("--seed", "3", "--log", str(log))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert log.is_file() and log.stat().st_size > 0
    rep = run("replay", str(log), "--ascii")
    assert rep.returncode == 0, rep.stderr
    assert "Replay OK" in rep.stdout
    assert "discards" in rep.stdout

    # a corrupt log: one clear line, exit 2
    lines = log.read_text(encoding="utf-8").splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines[:5] + ["{not json"] + lines[5:]) + "\n", encoding="utf-8")
    assert_one_line_error(run("replay", str(bad)))
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines[: len(lines) // 2]) + "\n", encoding="utf-8")
    assert_one_line_error(run("replay", str(tampered)))


def test_two_deals_rotating_dealer() -> None:
    proc = play("--seed", "4", "--deals", "2", "--rotate-dealer", input=AUTOPILOT * 2)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.count("End of deal") == 2
    assert "Final scores after 2 deals" in proc.stdout


# --------------------------------------------------------------------------- the human seat


def _seat(lines: list[str]):
    """A HumanSeat reading ``lines`` and writing into a string buffer."""
    import io

    from mahjong_fast.seats.human import HumanSeat
    from rich.console import Console

    buf = io.StringIO()
    feed = iter(lines)

    def read(prompt: str) -> str:
        buf.write(prompt + "\n")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    seat = HumanSeat(Console(file=buf, width=120, color_system=None), input_fn=read, ascii=True)
    return seat, buf


def _view(phase, hand: list[int], **kw):
    from mahjong_fast.game.view import SeatView

    base = {
        "player": 0,
        "phase": phase,
        "to_act": (0,),
        "dealer": 0,
        "seat_winds": (0, 1, 2, 3),
        "hand": tuple(sorted(hand)),
        "melds": ((), (), (), ()),
        "discards": ((), (), (), ()),
        "bonus": ((), (), (), ()),
        "remaining": 60,
        "scores": (0, 0, 0, 0),
    }
    base.update(kw)
    return SeatView(**base)


def _tiles(codes: str) -> list[int]:
    from mahjong_fast.render import kind_of_code

    seen: dict[int, int] = {}
    out = []
    for c in codes.split():
        k = kind_of_code(c)
        assert k is not None
        out.append(4 * k + seen.get(k, 0))
        seen[k] = seen.get(k, 0) + 1
    return out


def test_claim_prompt_lists_exactly_the_legal_options() -> None:
    from mahjong_fast.game.actions import Action, ActionType, Phase

    hand = _tiles("3s 3s 4s 6s 7s 1m 2m 3m 4p 5p 6p 9p 9p")
    by = {
        code: [t for t in hand if t // 4 == _tiles(code)[0] // 4]
        for code in ("3s", "4s", "6s", "7s")
    }
    discard = 4 * 22 + 3  # a 5s from P3
    view = _view(Phase.RESPONSE, hand, last_discard=(3, discard), discards=((), (), (), (discard,)))
    legal = [
        Action(ActionType.PASS, 0),
        Action(ActionType.CHOW, 0, (by["3s"][0], by["4s"][0])),
        Action(ActionType.CHOW, 0, (by["4s"][0], by["6s"][0])),
        Action(ActionType.CHOW, 0, (by["6s"][0], by["7s"][0])),
    ]
    seat, buf = _seat(["7", "chow", "2"])
    chosen = seat.choose(view, legal)
    out = buf.getvalue()
    assert chosen == legal[2]  # the second chow option: 4s 5s 6s
    assert "[1] chow 3s 4s 5s" in out and "[2] chow 4s 5s 6s" in out and "[3] chow 5s 6s 7s" in out
    assert "[0] pass" in out and "[4]" not in out and "pung" not in out and "win on" not in out
    assert "'7' is not a choice" in out and "ambiguous" in out

    seat, buf = _seat([""])
    assert seat.choose(view, legal).type == ActionType.PASS  # Enter passes


def test_claim_prompt_win_and_pung() -> None:
    from mahjong_fast.game.actions import Action, ActionType, Phase

    hand = _tiles("5s 5s 1m 2m 3m 4p 5p 6p 7p 8p 9p 9m 9m")
    discard = 4 * 22 + 3
    view = _view(Phase.RESPONSE, hand, last_discard=(2, discard))
    legal = [
        Action(ActionType.PASS, 0),
        Action(ActionType.WIN, 0),
        Action(ActionType.PUNG, 0, tuple(t for t in hand if t // 4 == 22)),
    ]
    seat, buf = _seat(["pung"])
    assert seat.choose(view, legal).type == ActionType.PUNG
    assert "[1] win on 5s" in buf.getvalue() and "[2] pung 5s" in buf.getvalue()
    seat, _ = _seat(["1"])
    assert seat.choose(view, legal).type == ActionType.WIN


def test_only_pass_is_not_prompted() -> None:
    from mahjong_fast.game.actions import Action, ActionType, Phase

    view = _view(Phase.RESPONSE, _tiles("1m 2m 3m"), last_discard=(2, 100))
    seat, buf = _seat([])
    assert seat.choose(view, [Action(ActionType.PASS, 0)]).type == ActionType.PASS
    assert buf.getvalue() == ""


def test_turn_offers_win_and_kongs_when_legal() -> None:
    from mahjong_fast.game.actions import Action, ActionType, Phase

    hand = _tiles("1m 1m 1m 1m 2p 3p 4p 5s 6s 7s 9s 9s 9s 9s")
    drawn = hand[-1]
    view = _view(Phase.ACTION, hand, drawn_tile=drawn, can_self_draw=True)
    ones = tuple(t for t in hand if t // 4 == 0)
    nines = tuple(t for t in hand if t // 4 == 26)
    legal = [
        Action(ActionType.SELF_DRAWN_WIN, 0),
        Action(ActionType.CONCEALED_KONG, 0, ones),
        Action(ActionType.CONCEALED_KONG, 0, nines),
        *(Action(ActionType.DISCARD, 0, (t,)) for t in sorted(hand)),
    ]
    seat, buf = _seat(["win"])
    assert seat.choose(view, legal).type == ActionType.SELF_DRAWN_WIN
    out = buf.getvalue()
    assert "type 'win'" in out and "type 'kong 1m'" in out and "type 'kong 9s'" in out
    seat, buf = _seat(["kong", "kong 9s"])
    assert seat.choose(view, legal) == legal[2]
    assert "which kong?" in buf.getvalue()
    # the drawn tile is shown last; 'last' selects it, then 'y' confirms
    seat, buf = _seat(["last", "y"])
    assert seat.choose(view, legal) == Action(ActionType.DISCARD, 0, (drawn,))
    # a tile code, refused then confirmed; a position out of range
    seat, buf = _seat(["15", "2p", "n", "2p", ""])
    assert seat.choose(view, legal).tiles[0] // 4 == 10
    assert "there is no position 15" in buf.getvalue()


def test_after_claim_discard_only_and_quit() -> None:
    from mahjong_fast.game.actions import Action, ActionType, Phase
    from mahjong_fast.seats.human import QuitGame

    hand = _tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 9m 9m")
    view = _view(Phase.AFTER_CLAIM, hand)
    legal = [Action(ActionType.DISCARD, 0, (t,)) for t in sorted(hand)]
    seat, buf = _seat(["win", "kong", "quit"])
    with pytest.raises(QuitGame):
        seat.choose(view, legal)
    out = buf.getvalue()
    assert "you cannot declare a win now" in out and "you cannot declare a kong now" in out
    seat, _ = _seat([])
    with pytest.raises(QuitGame):  # EOF
        seat.choose(view, legal)
