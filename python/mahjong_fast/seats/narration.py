"""What happened at the table, in words: one line per event for the player of ``play`` (the
other seats' discards, claims, kongs, bonus tiles, ready declarations, wins and draws; HK
§5–§8, TW §7, §20.6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from ..render import (
    code_of_id,
    tile_label,
    tiles_label,
)
from ..rules import DEFAULT_RULES, unit_name

__all__ = ["describe_event"]


def _tiles(ids: Sequence[int]) -> str:
    return " ".join(code_of_id(t) for t in ids)


def _kinds(ids: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(t // 4 for t in ids))


# --------------------------------------------------------------------------- events


def _declared_ready(event: Any) -> bool:
    """A seat's ready declaration (TW §20.6.1, public: §20.6.4): the flag event
    ``declared_ready`` set (``rule_flag`` in a deal, ``declare_ready`` in a log)."""
    return (
        _etype(event) in ("rule_flag", "declare_ready")
        and _ev(event, "flag") == "declared_ready"
        and bool(_ev(event, "value"))
    )


def _declaration(player: int | None, me: int | None, words: Any) -> Text:
    """The line of a ready declaration: "You declare ready…" or "P2 declares ready…"."""
    from ..words import Words

    w = words if words is not None else Words("en")
    if player == me and player is not None:
        said = w("play:you_declare_ready")
    else:
        said = w("play:declares_ready", who="?" if player is None else f"P{player}")
    return Text("  » ", style="dim").append(said, style="bold")


def _bonus_answer(event: Any, me: int | None, words: Any, *, ascii: bool) -> Text | None:
    """TW §20.6.3–§20.6.4 the bonus-tile choice, public: the offer (``bonus_choice``, not
    told to the seat asked, which gets the prompt) and the answer (``bonus_win``, with the tile
    that moves for a seven-rob; ``bonus_decline``, not told to the seat that answered, which
    gets its own line); ``None`` for any other event."""
    from ..words import Words

    etype = _etype(event)
    if etype not in ("bonus_choice", "bonus_win", "bonus_decline"):
        return None
    player = _eplayer(event)
    mine = player == me and me is not None
    if mine and etype != "bonus_win":
        return None
    w = words if words is not None else Words("en")
    line = Text("  » ", style="dim")
    who = w.who(player, me if me is not None else -1)
    if etype == "bonus_choice":
        rob = _ev(event, "kind") == "seven_rob"
        key = "narr:bonus_choice_rob" if rob else "narr:bonus_choice_eight"
        return line.append(w(key, who=who), style="bold")
    if etype == "bonus_decline":
        return line.append(w("narr:bonus_decline", who=who))
    tile, source = _ev(event, "tile"), _ev(event, "from")
    if isinstance(tile, int) and isinstance(source, int):
        whom = w.who(source, me if me is not None else -1)
        label = tile_label(tile, ascii=ascii).plain
        return line.append(w("narr:bonus_win_rob", who=who, tile=label, whom=whom), style="bold")
    return line.append(w("narr:bonus_win", who=who), style="bold")


def _ev(event: Any, key: str, default: Any = None) -> Any:
    """A data field of an event (an :class:`~mahjong_fast.game.events.Event` or its JSON dict)."""
    if isinstance(event, dict):
        return event.get(key, default)
    data = getattr(event, "data", None)
    if isinstance(data, dict):
        return data.get(key, default)
    return default


def _etype(event: Any) -> str:
    if isinstance(event, dict):
        return str(event.get("e", event.get("type", "")))
    return str(getattr(event, "type", ""))


def _eplayer(event: Any) -> int | None:
    if isinstance(event, dict):
        return event.get("p", event.get("player"))
    return getattr(event, "player", None)


def describe_event(
    event: Any,
    me: int | None = 0,
    *,
    ascii: bool = False,
    unit: str | None = None,
    words: Any = None,
) -> Text | None:
    """One line describing an event of a deal (``None`` for events not worth a line).

    Takes an :class:`~mahjong_fast.game.events.Event` or its JSON form (``{"e": ..., "p": ...}``).
    ``me`` is the player called "You" (``None``: nobody, as in a replay); ``unit`` names the
    value of a win (``"faan"`` or ``"tai"``, the ``unit`` of its ruleset; default the default
    ruleset's). ``words``: a :class:`~mahjong_fast.words.Words` of a Chinese for the line in
    it (the ruleset's terms: 打牌/捨牌, 上/吃, 碰, 食糊/胡); English without.
    """
    if _declared_ready(event):
        return _declaration(_eplayer(event), me, words)
    if _etype(event) in ("bonus_choice", "bonus_win", "bonus_decline"):
        return _bonus_answer(event, me, words, ascii=ascii)
    if words is not None and words.chinese:
        return _describe_words(event, me, ascii=ascii, unit=unit, w=words)
    if unit is None:
        unit = DEFAULT_RULES.unit
    etype = _etype(event)
    player = _eplayer(event)

    def who(p: Any) -> str:
        if p is None:
            return "?"
        return "You" if p == me else f"P{p}"

    def whose(p: Any) -> str:
        return "your" if p == me and p is not None else f"{who(p)}'s"

    def tile(t: Any) -> Text:
        return tile_label(t, ascii=ascii) if isinstance(t, int) else Text("?")

    def tiles(ts: Any) -> Text:
        return tiles_label([t for t in ts or () if isinstance(t, int)], ascii=ascii)

    line = Text("  » ", style="dim")
    name = who(player)
    if etype == "draw":
        t = _ev(event, "tile")
        if player != me or not isinstance(t, int):
            return None
        line.append(f"{name} draw ")
        return line.append_text(tile(t))
    if etype == "replacement_draw":
        t = _ev(event, "tile")
        reason = _ev(event, "reason", "")
        if player == me and isinstance(t, int):
            line.append(f"{name} draw a replacement tile ({reason}) ")
            return line.append_text(tile(t))
        if reason == "kong":
            return line.append(f"{name} draws a replacement tile for the kong")
        return None
    if etype == "bonus":
        line.append(f"{name} {'expose' if player == me else 'exposes'} bonus tile ")
        return line.append_text(tile(_ev(event, "tile")))
    if etype == "discard":
        line.append(f"{name} {'discard' if player == me else 'discards'} ")
        line.append_text(tile(_ev(event, "tile")))
        if _ev(event, "last"):
            line.append("  (the last discard: it may be claimed only for a win)", style="dim")
        return line
    if etype == "claim":
        kind = _ev(event, "type", "claim")
        line.append(
            f"{name} {'claim' if player == me else 'claims'} a {kind} on {whose(_ev(event, 'from'))} ",
            style="bold",
        )
        line.append_text(tile(_ev(event, "tile")))
        line.append(": ")
        return line.append_text(tiles(_ev(event, "tiles")))
    if etype == "concealed_kong":
        line.append(
            f"{name} {'declare' if player == me else 'declares'} a concealed kong: ", style="bold"
        )
        return line.append_text(tiles(_ev(event, "tiles")))
    if etype == "added_kong":
        line.append(f"{name} {'add' if player == me else 'adds'} ", style="bold")
        line.append_text(tile(_ev(event, "tile")))
        return line.append(" to an exposed pung (added kong; it may be robbed)", style="bold")
    if etype == "kong_completed":
        line.append(f"{name} {'complete' if player == me else 'completes'} the added kong: ")
        return line.append_text(tiles(_ev(event, "tiles")))
    if etype == "win":
        kind = _ev(event, "kind")
        faan = _ev(event, "faan")
        if kind == "self_drawn":
            how = "by self-draw"
        elif kind == "robbing_kong":
            how = f"by robbing {whose(_ev(event, 'from'))} kong"
        elif kind in ("bonus_all_eight", "flower_win"):
            # TW §7 all eight; HK §19.6 seven (X20) or eight (X21) exposed bonus tiles
            els = _ev(event, "elements") or []
            seven = any(isinstance(e, (list, tuple)) and e and e[0] == "X20" for e in els)
            how = "with seven bonus tiles" if seven else "with all eight bonus tiles"
        elif kind == "bonus_rob_eighth" and _ev(event, "from") is None:
            # TW §20.5.8 rule 3 (B): the hand part of a seven-rob win, self-drawn
            how = "by self-draw with the hand (seven rob the eighth)"
        elif kind in ("bonus_rob_eighth", "flower_win_rob"):
            how = f"by robbing {whose(_ev(event, 'from'))} eighth bonus tile"
        else:
            how = f"on {whose(_ev(event, 'from'))} discard"
        line.append(f"{name} {'win' if player == me else 'wins'} {how}", style="bold green")
        if isinstance(_ev(event, "tile"), int):
            line.append(" ")
            line.append_text(tile(_ev(event, "tile")))
        if faan is not None:
            line.append(f" — {faan} {unit_name(unit)}", style="bold green")
        return line
    if etype == "liability":
        # HK §19.8 / TW §20.7.2: public, made by the claim just narrated
        liable = _ev(event, "liable")
        subject = "You are" if liable == me and liable is not None else f"P{liable} is"
        pattern = str(_ev(event, "pattern", "")).replace("_", " ")
        line.append(f"{subject} liable for {whose(player)} hand ({pattern})", style="bold yellow")
        return line
    if etype == "pass_over_lock" and player == me and me is not None:
        # HK §19.12, private: only the locked seat is told
        kinds = _ev(event, "kinds")
        what = "any tile" if kinds == "all" else ", ".join(str(k) for k in kinds or ())
        line.append(f"You let a win go by: no win on a discard of {what} before your next draw",
                    style="yellow")  # fmt: skip
        return line
    if etype == "pass_over_clear" and player == me and me is not None:
        return line.append("Your pass-over lock is cleared (you drew)", style="dim")
    if etype == "false_win":
        line.append(
            f"{name} {'declare' if player == me else 'declares'} a win the rules refuse "
            f"({_ev(event, 'reason')}): a false win, the deal ends; hand ",
            style="bold red",
        )
        return line.append_text(tiles(_ev(event, "hand")))
    if etype == "exhaustive_draw":
        why = {
            "last_discard": "nobody won on the last discard",
            "no_replacement": "no tile left for a bonus replacement",
        }.get(_ev(event, "reason"), "")
        return line.append(f"Exhaustive draw ({why})" if why else "Exhaustive draw", style="bold")
    return None


def _describe_words(event: Any, me: int | None, *, ascii: bool, unit: str | None, w: Any) -> Text | None:
    """:func:`describe_event` in a Chinese: who, the term of what they did, the tiles."""
    etype = _etype(event)
    player = _eplayer(event)
    name = "?" if player is None else w.who(player, me if me is not None else -1)

    def who(p: Any) -> str:
        return "?" if p is None else w.who(p, me if me is not None else -1)

    def tile(t: Any) -> Text:
        return tile_label(t, ascii=ascii) if isinstance(t, int) else Text("?")

    def tiles(ts: Any) -> Text:
        return tiles_label([t for t in ts or () if isinstance(t, int)], ascii=ascii)

    line = Text("  » ", style="dim")
    if etype == "draw":
        t = _ev(event, "tile")
        if player != me or not isinstance(t, int):
            return None
        return line.append(f"{name} {w.term('draw')} ").append_text(tile(t))
    if etype == "replacement_draw":
        t = _ev(event, "tile")
        if player == me and isinstance(t, int):
            return line.append(f"{name} {w.term('replacement_draw')} ").append_text(tile(t))
        if _ev(event, "reason") == "kong":
            return line.append(f"{name} {w.term('replacement_draw')}")
        return None
    if etype == "bonus":
        return line.append(f"{name} {w.term('bonus_tile')} ").append_text(tile(_ev(event, "tile")))
    if etype == "discard":
        line.append(f"{name} {w.term('discard')} ").append_text(tile(_ev(event, "tile")))
        if _ev(event, "last"):
            line.append(f"  （{w.term('last_wall_tile')}）", style="dim")
        return line
    if etype == "claim":
        kind = _ev(event, "type", "claim")
        term = {"chow": "chow_claim", "pung": "pung_claim", "kong": "kong_declare"}.get(kind)
        what = w.term(term) if term else str(kind)
        line.append(f"{name} {what}（{who(_ev(event, 'from'))}）", style="bold")
        line.append_text(tile(_ev(event, "tile")))
        return line.append("：").append_text(tiles(_ev(event, "tiles")))
    if etype == "concealed_kong":
        line.append(f"{name} {w.term('concealed_kong')}：", style="bold")
        return line.append_text(tiles(_ev(event, "tiles")))
    if etype == "added_kong":
        line.append(f"{name} {w.term('added_kong')} ", style="bold")
        return line.append_text(tile(_ev(event, "tile")))
    if etype == "kong_completed":
        line.append(f"{name} {w.term('added_kong')}：")
        return line.append_text(tiles(_ev(event, "tiles")))
    if etype == "win":
        kind = _ev(event, "kind")
        value = _ev(event, "faan")
        if kind == "self_drawn":
            how = w.term("self_draw")
        elif kind == "robbing_kong":
            how = f"{w.term('robbing_kong')}（{who(_ev(event, 'from'))}）"
        elif kind in ("bonus_all_eight", "bonus_rob_eighth", "flower_win", "flower_win_rob"):
            how = w.term("bonus_tile")
        else:
            how = f"{who(_ev(event, 'from'))} {w.term('deal_in')}"
        line.append(f"{name} {w.term('win')}（{how}）", style="bold green")
        if isinstance(_ev(event, "tile"), int):
            line.append(" ").append_text(tile(_ev(event, "tile")))
        if value is not None:
            line.append(f" — {value} {w.unit(unit)}", style="bold green")
        return line
    if etype == "exhaustive_draw":
        return line.append(w.term("exhaustive_draw"), style="bold")
    return None
