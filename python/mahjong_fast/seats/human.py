"""The human seat: the Seat protocol driven by a person at a terminal (design §4).

Input is line based (one command per line, read with ``input()``), so a game can be played
from a pipe as well as from a keyboard. At the player's turn::

    5s          select the tile 5s for discarding (a tile code)
    3           select the 3rd tile of the hand (a 1-based position as shown)
    last / .    select the rightmost tile (the drawn tile, when there is one)
    win         declare a self-drawn win (offered only when legal)
    kong [5s]   declare a concealed or added kong (offered only when legal)
    ready 5s    declare ready with the discard of 5s (TW §20.6.1; offered only when legal)
    hint        every option ranked by the expert, with what to type and why
    board       show the table again
    help        list the commands
    quit        leave the game (asks first)

A selected discard is confirmed with ``y`` or Enter (``n`` selects again) unless the seat was
built with ``confirm=False``. A claim (win / pung / kong / chow) is offered only when one is
legal, as numbered choices; Enter or ``0`` passes. Before the second and every later deal of
a session the seat waits for Enter (the result of the deal before stays on the screen).

A mistyped command prints one line and asks again. End of input (EOF) raises
:class:`QuitGame` (``"eof"``); ``quit`` asks ``Leave the game? [y/N]`` and raises it
(``"quit"``) on ``y`` or at the end of input. The caller decides how to leave.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..game.actions import Action, ActionType, Phase
from ..render import (
    code_of_id,
    code_of_kind,
    kind_of_code,
    render_table,
    split_drawn,
    tile_label,
)
from ..rules import resolve_rules
from ..words import CATALOGUE
from .advice import claim_menu, hint_rows
from .base import BaseSeat
from .hints import claim_hint_text, hint_table, hint_text
from .narration import describe_event

__all__ = [
    "HumanSeat",
    "QuitGame",
    "claim_hint_text",
    "describe_event",
    "not_a_tile_to_discard",
]

#: the English help of a turn and of a claim (the screens take them, in the reader's language,
#: from the catalogue: ``play:help_turn``, ``play:help_claim``)
HELP_TURN = CATALOGUE["play:help_turn"]["en"]
HELP_CLAIM = CATALOGUE["play:help_claim"]["en"]


#: what a player types to leave (``quit`` asks first)
QUIT_WORDS = ("quit", "exit", "q")


class QuitGame(Exception):
    """The player asked to leave (``quit``) or the input ended (EOF)."""

    def __init__(self, reason: str = "quit"):
        super().__init__(reason)
        self.reason = reason


# --------------------------------------------------------------------------- the seat


def not_a_tile_to_discard(text: str) -> str | None:
    """Why ``text``, typed as a tile code (digits and a letter, like ``8z``), names no tile
    that can be discarded, in the scorer's words (``there is no honour 8z (honours are
    1z..7z)``); ``None`` when it does not look like a tile code at all."""
    from ..errors import InvalidTileError
    from ..tiles import Tile

    t = text.strip()
    if not (len(t) >= 2 and t[:-1].isascii() and t[:-1].isdigit() and t[-1].isalpha()):
        return None
    try:
        tile = Tile(t)
    except InvalidTileError as exc:
        return exc.reason
    if tile.is_bonus:
        return "a bonus tile is exposed and replaced as soon as it is drawn; it is never discarded"
    return None


#: the labels of the table's rows whose tiles may run over one line (then wrapped under them)
_HANGING = ("    discards: ", "    sets:     ")


def _hanging(line: Text) -> Any:
    """A row of the table whose tiles may not fit the console's width (late in a deal), with
    the tiles wrapped at tile boundaries under its label; any other line as it is."""
    plain = line.plain
    label = next((h for h in _HANGING if plain.startswith(h)), None)
    if label is None:
        return line
    from rich.table import Table

    grid = Table.grid(padding=0)
    grid.add_column(no_wrap=True, width=len(label))
    grid.add_column(ratio=1)
    grid.add_row(line[: len(label)], line[len(label) :])
    return grid


def _small_int(text: str) -> int | None:
    """A menu number or hand position typed by the user: ASCII digits, at most 3 of them."""
    if text.isascii() and text.isdigit() and len(text) <= 3:
        return int(text)
    return None


class HumanSeat(BaseSeat):
    """A person at the terminal.

    Args:
        console: where the table and messages go (a :class:`rich.console.Console`).
        input_fn: reads one line given a prompt (default: ``console.input``); raises
            ``EOFError`` at the end of input.
        ascii: show tile codes only (no Unicode glyphs).
        confirm: ask for confirmation of each selected discard.
        names: display names of the four players.
        rules: the ruleset played (a Taiwanese one shows round wind, dealer streak and live
            tiles, and wins in Tai).
        pause: wait for Enter before each deal after the first (a pipe goes on with any
            line; its end there is an end of input, :class:`QuitGame` ``"eof"``).
        lang: ``"zh-HK"`` or ``"zh-TW"`` for the table in that Chinese (``--lang``); None or
            ``"en"``: English.
    """

    name = "human"

    def __init__(
        self,
        console: Console | None = None,
        *,
        input_fn: Callable[[str], str] | None = None,
        ascii: bool = False,
        confirm: bool = True,
        names: Sequence[str] | None = None,
        rules: Any = None,
        pause: bool = True,
        lang: str | None = None,
    ):
        #: the language of the table (``"zh-HK"``, ``"zh-TW"``; None: English)
        self.lang = lang
        self.console = console or Console(highlight=False)
        self._input = input_fn or (lambda prompt: self.console.input(prompt))
        self.ascii = ascii
        self.confirm = confirm
        self.names = list(names) if names else None
        self.rules = rules
        #: the unit of the wins narrated (faan or Tai: the ruleset's)
        self.unit: str = resolve_rules(rules).unit
        self.player = 0
        #: (player, tile id) of the latest discard seen through ``notify``, for the screen.
        self.last_discard: tuple[int, int] | None = None
        #: whether this deal's whole table has been shown (later turns show a compact one)
        self._full_shown = False
        self.pause = pause
        #: deals started with this seat
        self.deals_started = 0
        #: events are followed but not printed (a deal being rebuilt from its log on resume)
        self.muted = False

    # ------------------------------------------------------------------ hooks
    def new_deal(self, deal_index: int, player: int) -> None:
        if self.pause and self.deals_started:
            self._wait_for_next_deal(deal_index)
        self.deals_started += 1
        self.player = player
        self.last_discard = None
        self._full_shown = False
        if not self.muted:
            w = self._words()
            deal = f"Deal {deal_index + 1}" if w is None else w("deal_n", n=deal_index + 1)
            self.console.print(Text(f"\n=== {deal} ===", style="bold"))

    def notify(self, event: Any) -> None:
        if getattr(event, "type", None) == "discard":
            self.last_discard = (event.player, event.data["tile"])
        if self.muted:
            return
        try:
            line = describe_event(
                event, self.player, ascii=self.ascii, unit=self.unit, words=self._words()
            )
        except Exception:  # noqa: BLE001 - a display problem must never stop the game
            line = None
        if line is not None:
            self.console.print(line)

    def rejected(self, action: Action, error: Exception) -> None:
        """The engine refused an action (should not happen: only legal ones are offered)."""
        self._say(self._t("play:not_allowed", error=error))

    # ------------------------------------------------------------------ input
    def _read(self, prompt: str) -> str:
        try:
            line = self._input(prompt)
        except EOFError:
            raise QuitGame("eof") from None
        if line is None:
            raise QuitGame("eof")
        return line.strip()

    def _wait_for_next_deal(self, deal_index: int) -> None:
        """Between two deals: the result stays on the screen until Enter (any line goes on;
        ``quit`` leaves, after asking)."""
        while True:
            cmd = self._read(self._t("play:next_deal", n=deal_index + 1)).lower()
            if cmd in QUIT_WORDS:
                self._quit()
                continue
            return

    def _quit(self) -> None:
        """``quit``: ask first; QuitGame on ``y`` (or the end of input: a script that ends
        with ``quit`` leaves), back to the prompt on anything else."""
        try:
            answer = self._input(escape(self._t("play:leave")))
        except EOFError:
            raise QuitGame("quit") from None
        if answer is None or answer.strip().lower() in ("y", "yes"):
            raise QuitGame("quit")
        self._say(self._t("play:stay"))

    def _words(self) -> Any:
        """The :class:`~mahjong_fast.words.Words` of ``lang`` when it is a Chinese, else None."""
        if self.lang is None or self.lang == "en":
            return None
        from ..words import Words

        return Words(self.lang, resolve_rules(self.rules))

    def _t(self, key: str, **fields: Any) -> str:
        """The catalogue's string ``key`` in the table's language (English without one), the
        game's terms in the ruleset's words (:class:`~mahjong_fast.words.Words`)."""
        from ..words import Words

        return Words(self.lang or "en", resolve_rules(self.rules))(key, **fields)

    def _say(self, message: str, style: str = "yellow") -> None:
        self.console.print(Text(message, style=style))

    def show(self, view: Any, status: str | None = None, *, full: bool = False) -> None:
        """The table: whole at the first turn of a deal and on ``board`` (``full``), else
        the compact form (head, last discard, own seat and hand): the events in between
        have been printed line by line as they happened."""
        compact = self._full_shown and not full
        self._full_shown = True
        for line in render_table(
            view,
            ascii=self.ascii,
            names=self.names,
            status=status,
            last_discard=self.last_discard,
            compact=compact,
            rules=resolve_rules(self.rules),
            lang=self.lang,
        ):
            self.console.print(_hanging(line))

    # ------------------------------------------------------------------ choose
    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        self.player = view.player
        if len(legal) == 1:
            self._tell_forced_discard(view, legal[0])
            return legal[0]
        if view.phase in (Phase.RESPONSE, Phase.ROB):
            if all(a.type == ActionType.PASS for a in legal):
                return legal[0]
            return self._choose_claim(view, legal)
        if view.phase is Phase.DECLARE:
            return self._choose_declare(view, legal)
        if view.phase is Phase.BONUS_CHOICE:
            return self._choose_bonus(view, legal)
        return self._choose_turn(view, legal)

    def _tell_forced_discard(self, view: Any, only: Action) -> None:
        """A declared seat's only move, the discard of its draw (TW §20.6.1), said aloud."""
        flags = getattr(view, "public_flags", None) or ()
        declared = view.player < len(flags) and "declared_ready" in flags[view.player]
        if declared and only.type == ActionType.DISCARD and not self.muted:
            tile = tile_label(only.tiles[0], ascii=self.ascii).plain
            self._say(self._t("play:must_discard_drawn", tile=tile), style="bold")

    def _choose_declare(self, view: Any, legal: Sequence[Action]) -> Action:
        """A ruleset's declaration window (its house rules): one of its actions, or pass."""
        passes = [a for a in legal if a.type == ActionType.PASS]
        pass_action = passes[0] if passes else Action(ActionType.PASS, view.player)
        options = [a for a in legal if a.type != ActionType.PASS]
        self.show(view, status=self._t("play:declare_status"))
        menu = Text()
        for i, a in enumerate(options, 1):
            menu.append(f"  [{i}] {a.type.value.replace('_', ' ')}\n", style="bold green")
        menu.append(self._t("play:pass_option"), style="bold")
        self.console.print(menu)
        while True:
            cmd = self._read(self._t("play:declare_prompt")).lower()
            if cmd in ("", "0", "p", "pass", "n", "no"):
                return pass_action
            n = _small_int(cmd)
            if n is not None and 1 <= n <= len(options):
                return options[n - 1]
            named = [a for a in options if cmd in (a.type.value, a.type.value.replace("_", " "))]
            if len(named) == 1:
                return named[0]
            if cmd in QUIT_WORDS:
                self._quit()
                continue
            self._say(self._t("play:type_number", n=len(options)), style="")

    def _choose_bonus(self, view: Any, legal: Sequence[Action]) -> Action:
        """TW §20.6.3 ``BONUS_CHOICE``: take the offered bonus-tile win (y) or decline (n)."""
        by_type = {a.type: a for a in legal}
        # all eight shown: the all-eight win; otherwise the seven-rob (TW §20.5.8 rule 3)
        rob = len(view.bonus[view.player]) != 8
        self.show(view, status=self._t("play:bonus_status_rob" if rob else "play:bonus_status"))
        while True:
            # the prompt's [y] and [n] are text, not rich markup (console.input reads markup)
            cmd = self._read(escape(self._t("play:bonus_prompt"))).strip().lower()
            if (
                cmd in ("y", "yes", "1", "win", "bonus_win", "bonus win")
                and ActionType.BONUS_WIN in by_type
            ):
                return by_type[ActionType.BONUS_WIN]
            if cmd in ("n", "no", "0", "decline", "d") and ActionType.DECLINE in by_type:
                self._say(self._declined_line(view, rob), style="")
                return by_type[ActionType.DECLINE]
            if cmd in ("hint", "h", "?"):
                self._say(self._t("play:bonus_hint_rob" if rob else "play:bonus_hint"), style="")
                continue
            if cmd in QUIT_WORDS:
                self._quit()
                continue
            self._say(self._t("play:yes_or_no"), style="")

    def _declined_line(self, view: Any, rob: bool) -> str:
        """What a ``DECLINE`` does, in one line: play goes on; for a seven-rob, the seat that
        shows the one bonus tile this seat lacks keeps it (TW §20.5.8 rule 3: nothing moves)."""
        if not rob:
            return self._t("play:bonus_declined")
        mine = set(view.bonus[view.player])
        missing = [t for t in range(136, 144) if t not in mine]
        keeper = next(
            (q for q in range(4) if q != view.player and any(t in view.bonus[q] for t in missing)),
            None,
        )
        tile = " ".join(tile_label(t, ascii=self.ascii).plain for t in missing[:1]) or "?"
        who = "?" if keeper is None else f"P{keeper}"
        return self._t("play:bonus_declined_rob", who=who, tile=tile)

    # claims --------------------------------------------------------------
    def _claim_options(self, view: Any, legal: Sequence[Action]) -> list[tuple[str, Action]]:
        return claim_menu(view, legal, self._words())

    def _choose_claim(self, view: Any, legal: Sequence[Action]) -> Action:
        passes = [a for a in legal if a.type == ActionType.PASS]
        pass_action = passes[0] if passes else Action(ActionType.PASS, view.player)
        options = self._claim_options(view, legal)
        target = view.kong_tile if view.phase == Phase.ROB else view.last_discard
        status = None
        if target:
            mine = target[0] == view.player
            key = ("play:you_add" if mine else "play:other_adds") if view.phase == Phase.ROB else (
                "play:you_discard" if mine else "play:other_discards")  # fmt: skip
            status = self._t(key, who=f"P{target[0]}", tile=code_of_id(target[1]))
        self.show(view, status=status)
        menu = Text()
        for i, (label, _a) in enumerate(options, 1):
            menu.append(f"  [{i}] {label}\n", style="bold green")
        menu.append(self._t("play:pass_option"), style="bold")
        self.console.print(menu)
        while True:
            cmd = self._read(self._t("play:claim_prompt")).lower()
            if cmd in ("", "0", "p", "pass", "n", "no"):
                return pass_action
            n = _small_int(cmd)
            if n is not None and 1 <= n <= len(options):
                return options[n - 1][1]
            word = cmd.split()[0]
            matches = [a for label, a in options if label.split()[0] == word]
            if word in ("win", "hu", "ron", "mahjong") and not matches:
                matches = [a for label, a in options if a.type == ActionType.WIN]
                if not matches and self._declare_false_win(view):
                    return Action(ActionType.WIN, view.player)
            if len(matches) == 1:
                return matches[0]
            if cmd in QUIT_WORDS:
                self._quit()
                continue
            if cmd in ("help", "h", "?"):
                self._say(self._t("play:help_claim"), style="")
                continue
            if cmd in ("board", "show", "b"):
                self.show(view, status=status, full=True)
                self.console.print(menu)
                continue
            if cmd == "hint":
                self._claim_hint(view, options, pass_action)
                continue
            numbers = "1" if len(options) == 1 else f"1-{len(options)}"
            if len(matches) > 1:
                self._say(self._t("play:ambiguous", cmd=cmd, numbers=numbers))
                continue
            self._say(self._t("play:not_a_choice", cmd=cmd, numbers=numbers))

    # turn ------------------------------------------------------------------
    def _choose_turn(self, view: Any, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if a.type == ActionType.DISCARD]
        wins = [a for a in legal if a.type == ActionType.SELF_DRAWN_WIN]
        kongs = [a for a in legal if a.type in (ActionType.CONCEALED_KONG, ActionType.ADDED_KONG)]
        hand, _gap = split_drawn(view)
        status = self._t("play:your_turn")
        if view.phase == Phase.AFTER_CLAIM:
            status = self._t("play:after_claim")
        self.show(view, status=status)
        extra = Text()
        if wins:
            extra.append(self._t("play:can_win"), style="bold green")
        for k in self._kong_labels(kongs):
            extra.append(self._t("play:can_kong", what=k[0], code=k[1]), style="bold green")
        readies = [a for a in legal if a.type == ActionType.DECLARE_READY]
        if readies:
            codes = ", ".join(sorted({code_of_id(a.tiles[0]) for a in readies}))
            extra.append(
                f"  You can declare ready with a discard: type 'ready <tile>' ({codes}).",
                style="bold green",
            )
        if extra.plain:
            self.console.print(extra)
        prompt = self._t("play:discard_prompt", n=len(hand))
        while True:
            cmd = self._read(prompt)
            low = cmd.lower()
            if not low:
                continue
            if low in QUIT_WORDS:
                self._quit()
                continue
            if low in ("help", "h", "?"):
                self._say(self._t("play:help_turn", n=len(hand)), style="")
                continue
            if low in ("board", "show", "b"):
                self.show(view, status=status, full=True)
                if extra.plain:
                    self.console.print(extra)
                continue
            if low == "hint":
                self._hint(view, can_win=bool(wins), legal=legal)
                continue
            if low in ("win", "tsumo", "mahjong", "hu"):
                if wins:
                    return wins[0]
                declared = self._declare_false_win(view)
                if declared:
                    return Action(ActionType.SELF_DRAWN_WIN, view.player)
                if declared is None:
                    self._say(self._t("play:cannot_win"))
                else:
                    self._say(self._t("play:no_false_win"))
                continue
            if low.split()[0] == "kong":
                action = self._pick_kong(low, kongs)
                if action is not None:
                    return action
                continue
            if low.split()[0] == "ready":
                ready = self._pick_ready(low, readies)
                if ready is not None:
                    return ready
                continue
            tile: int | None = None
            if low in ("last", "."):
                tile = hand[-1]
            elif low.isdigit():
                pos = _small_int(low)
                if pos is None or not 1 <= pos <= len(hand):
                    pos_text = low if len(low) <= 8 else low[:8] + "…"
                    self._say(self._t("play:no_position", pos=pos_text, n=len(hand)))
                    continue
                if not 1 <= pos <= len(hand):
                    self._say(self._t("play:no_position", pos=pos, n=len(hand)))
                    continue
                tile = hand[pos - 1]
            else:
                kind = kind_of_code(low)
                if kind is None or kind >= 34:
                    why = not_a_tile_to_discard(low)
                    if why is not None:
                        self._say(f"{cmd}: {why}")
                    else:
                        self._say(self._t("play:unknown_command", cmd=cmd, n=len(hand)))
                    continue
                same = [t for t in hand if t // 4 == kind]
                if not same:
                    self._say(self._t("play:not_in_hand", code=code_of_kind(kind)))
                    continue
                # prefer the copy just drawn, else the last copy shown
                drawn = getattr(view, "drawn_tile", None)
                tile = drawn if drawn in same else same[-1]
            action = next((a for a in discards if a.tiles and a.tiles[0] == tile), None)
            if action is None:
                action = next(
                    (a for a in discards if a.tiles and a.tiles[0] // 4 == tile // 4), None
                )
            if action is None:
                self._say(self._t("play:cannot_discard", code=code_of_id(tile)))
                continue
            if not self.confirm or self._confirm(action.tiles[0]):
                return action

    def _pick_ready(self, low: str, readies: Sequence[Action]) -> Action | None:
        """``ready 5s``: the ready declaration (TW §20.6.1) with the discard of 5s, or None
        after saying why there is none."""
        if not readies:
            on = resolve_rules(self.rules).switches.get("ready_declaration", False)
            self._say(self._t("play:ready_none" if on else "play:ready_off"))
            return None
        parts = low.split()
        kind = kind_of_code(parts[1]) if len(parts) == 2 else None
        if kind is None or kind >= 34:
            codes = ", ".join(sorted({code_of_id(a.tiles[0]) for a in readies}))
            self._say(self._t("play:ready_which", codes=codes))
            return None
        action = next((a for a in readies if a.tiles[0] // 4 == kind), None)
        if action is None:
            self._say(self._t("play:ready_not", code=code_of_kind(kind)))
        return action

    def _declare_false_win(self, view: Any) -> bool | None:
        """HK §19.11: under a false-win penalty, ``win`` without a legal win may still be
        declared, after a warning; it ends the deal and the player pays the penalty. True when
        the player confirms, False when they decline, None when no false win can be declared
        (``false_win = reject``, or another ruleset: the declaration is refused as before)."""
        if view.rules.switches.get("false_win", "reject") == "reject":
            return None
        self._say(self._t("play:false_win_warning"), style="bold red")
        answer = self._read(self._t("play:false_win_prompt")).lower()
        return answer in ("y", "yes")

    def _confirm(self, tile: int) -> bool:
        label = tile_label(tile, ascii=self.ascii)
        while True:
            answer = self._read(self._t("play:confirm_discard", label=label.plain)).lower()
            if answer in ("", "y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self._say(self._t("play:answer_yn"))

    def _kong_labels(self, kongs: Sequence[Action]) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        seen: set[tuple[Any, int]] = set()
        for a in kongs:
            kind = a.tiles[0] // 4
            if (a.type, kind) in seen:
                continue
            seen.add((a.type, kind))
            key = ("play:concealed_kong_of" if a.type == ActionType.CONCEALED_KONG
                   else "play:added_kong_of")  # fmt: skip
            out.append((self._t(key, code=code_of_kind(kind)), code_of_kind(kind)))
        return out

    def _pick_kong(self, cmd: str, kongs: Sequence[Action]) -> Action | None:
        if not kongs:
            self._say(self._t("play:no_kong"))
            return None
        parts = cmd.split()
        if len(parts) == 1:
            kinds = {a.tiles[0] // 4 for a in kongs}
            if len(kinds) == 1:
                return kongs[0]
            self._say(self._t("play:which_kong", code=code_of_kind(min(kinds))))
            return None
        kind = kind_of_code(parts[1])
        for a in kongs:
            if kind is not None and a.tiles[0] // 4 == kind:
                return a
        why = not_a_tile_to_discard(parts[1]) if kind is None else None
        self._say(f"{parts[1]}: {why}" if why else self._t("play:no_kong_of", code=parts[1]))
        return None

    # hint ------------------------------------------------------------------
    def _claim_hint(
        self, view: Any, options: Sequence[tuple[str, Action]], pass_action: Action
    ) -> None:
        """The hand now, then every offered option (and pass) ranked, with what it does."""
        self._hint(view, legal=[a for _label, a in options] + [pass_action])

    def _hint(
        self, view: Any, *, can_win: bool | None = None, legal: Sequence[Action] = ()
    ) -> None:
        """The hand's shanten (or why a complete hand is not a win), then every option ranked
        by :func:`.advice.hint_rows` with the command that makes it and its reason."""
        try:
            w = self._words()
            self.console.print(hint_text(view, can_win=can_win, discards=not legal, words=w))
            if legal:
                self.console.print(hint_table(hint_rows(view, legal), words=w))
        except Exception as exc:  # noqa: BLE001 - a hint must never stop the game
            self._say(self._t("play:no_hint", error=exc))
