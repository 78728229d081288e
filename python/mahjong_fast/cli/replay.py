"""``replay``: a game log replayed event by event and checked (``ReplayError`` when it does
not replay)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from ..render import (
    tiles_label,
)
from .common import (
    LangOption,
    RuleOption,
    RulesOption,
    _changed_switches,
    _corrupt,
    _error,
    _ruleset,
    app,
    console,
    language,
    user_errors,
    words,
)

# --------------------------------------------------------------------------- replay


@app.command()
@user_errors
def replay(
    file: Annotated[
        Path, typer.Argument(help="An event log written by `play --log` (JSON Lines).")
    ],
    ascii: Annotated[
        bool, typer.Option("--ascii", help="Tile codes only (no Unicode glyphs).")
    ] = False,
    rules_name: RulesOption = None,
    rule: RuleOption = None,
    lang: LangOption = None,
) -> None:
    """Check an event log against the rules and print its deals step by step (a game
    stopped before its end replays up to where it stopped).

    Each deal is replayed under the ruleset of its header; ``--rules`` / ``--rule``, when
    given, must be that ruleset (switches included)."""
    from ..errors import ReplayError
    from ..game.log import replay as replay_log

    expected = _ruleset(rules_name, rule) if rules_name is not None or rule else None

    if not file.is_file():
        raise _error(f"{file}: no such file", key="err:no_such_file", file=file)
    try:
        # every kind of bad log is a ReplayError with its line; a log that stops at a
        # decision is a game stopped before its end (play --resume goes on with it)
        replayed = replay_log(file, rules=expected, allow_unfinished=True)
    except ReplayError as exc:
        if expected is not None and "was given" in str(exc):
            raise _error(f"{file}: {exc}", key="err:log_other_rules", file=file) from None
        raise _error(f"{file}: corrupt log: {exc}", **_corrupt(file, exc)) from None
    # the log is valid UTF-8 JSON Lines now: show it
    text = file.read_bytes().decode("utf-8")
    lang = language()
    w: Any = None  # the words of the current deal's ruleset, in a Chinese

    def words_of(obj: dict[str, Any]) -> Any:
        nonlocal w
        if lang != "en" and obj.get("e") is None:
            from ..game.log import header_rules

            w = words(header_rules(obj))
        return w

    unit: str | None = None  # until a header names its ruleset
    for raw in text.split("\n"):
        if raw.strip():
            obj = json.loads(raw)
            if obj.get("e") is None:  # a header: the unit of its deal's wins
                from ..game.log import header_rules

                unit = header_rules(obj).unit
            _print_log_line(obj, ascii, unit, words_of(obj))
    results = _deal_results(replayed)
    if lang != "en":
        ok = words(None)
        unfinished = results and results[-1] is None
        console.print(
            Text(
                f"{ok('replay_ok')}：{len(results)} {ok('deal')}"
                + (f"（{ok('unfinished')}）" if unfinished else ""),
                style="bold green",
            )
        )
        return
    if results and results[-1] is None:
        console.print(
            Text(
                f"Replay OK: {len(results)} deal(s), every action legal; the last deal is "
                f"unfinished (a game stopped before its end: `mahjong-fast play --resume "
                f"{file}` goes on with it).",
                style="bold green",
            )
        )
    elif results:
        console.print(
            Text(f"Replay OK: {len(results)} deal(s), every action legal.", style="bold green")
        )
    else:
        console.print(Text("Replay OK.", style="bold green"))


def _print_log_line(
    obj: dict[str, Any], ascii: bool, unit: str | None = None, w: Any = None
) -> None:
    from ..seats.human import describe_event

    etype = obj.get("e")
    if w is not None and etype is not None:
        _print_log_line_words(obj, ascii, unit, w)
        return
    if etype is None and obj.get("type") == "match_end":  # HK §19.13
        final = "  ".join(f"P{i} {v}" for i, v in enumerate(obj.get("scores") or ()))
        console.print(
            Text(f"\n=== Match over after {obj.get('deals')} deal(s) ({obj.get('reason')}): "
                 f"final scores {final} ===", style="bold")
        )  # fmt: skip
        return
    if etype is None:  # the header of a deal
        from ..game.log import header_rules

        fields = [f"ruleset {_changed_switches(header_rules(obj))}"]
        keys = (
            "seed",
            "deal_index",
            "dealer",
            "prevailing_wind",
            "dealer_streak",
            "passes",
            "seats",
            "scores",
        )
        fields += [f"{k} {obj[k]}" for k in keys if k in obj]
        console.print(
            Text("\n" + str(obj.get("type", "header")) + ": " + ", ".join(fields), style="dim")
        )
        return
    if etype == "deal":
        dealer = obj.get("dealer", obj.get("p"))
        console.print(Text(f"\n=== Deal (dealer P{dealer}) ===", style="bold"))
        for p, hand in enumerate(obj.get("hands") or ()):
            t = Text(f"  P{p} dealt: ")
            t.append_text(tiles_label(sorted(x for x in hand if isinstance(x, int)), ascii=ascii))
            console.print(t)
        return
    if etype == "payments":
        pay = obj.get("payments") or ()
        scores = obj.get("scores") or ()
        console.print(
            f"  » payments: {'  '.join(f'P{i} {v:+d}' for i, v in enumerate(pay))}"
            + (
                f"   scores: {'  '.join(f'P{i} {v}' for i, v in enumerate(scores))}"
                if scores
                else ""
            )
        )
        return
    if etype == "draw" or etype == "replacement_draw":
        tile = obj.get("tile")
        t = Text(f"  » P{obj.get('p')} draws ", style="dim")
        if etype == "replacement_draw":
            t = Text(f"  » P{obj.get('p')} draws a replacement ({obj.get('reason')}) ", style="dim")
        if isinstance(tile, int):
            t.append_text(tiles_label([tile], ascii=ascii))
        console.print(t)
        return
    line = describe_event(obj, None, ascii=ascii, unit=unit)
    if line is not None:
        console.print(line)
    if etype == "win" and obj.get("elements"):
        for e in obj["elements"]:
            code, name, faan = (list(e) + [None, None])[:3] if len(e) >= 3 else (e[0], "", e[-1])
            console.print(f"      {code:<4} {name:<28} {faan}")


def _print_log_line_words(obj: dict[str, Any], ascii: bool, unit: str | None, w: Any) -> None:
    """A log line of a deal in a Chinese (``--lang``): payments, draws and the narration's
    lines with the ruleset's terms; a win's elements by their names."""
    from ..seats.human import describe_event

    etype = obj.get("e")
    if etype == "deal":
        dealer = obj.get("dealer", obj.get("p"))
        console.print(Text(f"\n=== {w('deal')}（{w.term('dealer')} P{dealer}）===", style="bold"))
        for p, hand in enumerate(obj.get("hands") or ()):
            t = Text(f"  P{p} {w('hand')}：")
            t.append_text(tiles_label(sorted(x for x in hand if isinstance(x, int)), ascii=ascii))
            console.print(t)
        return
    if etype == "payments":
        pay = obj.get("payments") or ()
        scores = obj.get("scores") or ()
        line = f"  » {w('payments')}：{'  '.join(f'P{i} {v:+d}' for i, v in enumerate(pay))}"
        if scores:
            line += f"   {w('scores')}：{'  '.join(f'P{i} {v}' for i, v in enumerate(scores))}"
        console.print(line)
        return
    if etype in ("draw", "replacement_draw"):
        term = "draw" if etype == "draw" else "replacement_draw"
        t = Text(f"  » P{obj.get('p')} {w.term(term)} ", style="dim")
        if isinstance(obj.get("tile"), int):
            t.append_text(tiles_label([obj["tile"]], ascii=ascii))
        console.print(t)
        return
    said = describe_event(obj, None, ascii=ascii, unit=unit, words=w)
    if said is not None:
        console.print(said)
    if etype == "win" and obj.get("elements"):
        for e in obj["elements"]:
            if len(e) >= 3:
                console.print(f"      {e[0]:<4} {w.element((e[0], e[1]))}  {e[2]}")


def _deal_results(replayed: Any) -> list[Any]:
    if replayed is None:
        return []
    for attr in ("results", "deals"):
        if hasattr(replayed, attr):
            return list(getattr(replayed, attr))
    if isinstance(replayed, (list, tuple)):
        return list(replayed)
    return [replayed]
