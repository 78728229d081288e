"""The words a person reads, in English, Hong Kong Chinese (``zh-HK``) or Taiwanese Chinese
(``zh-TW``): the catalogue of the interface's short strings and the game's terms.

Two sources, never machine-translated sentences:

- the **terms** of the game (units, winds, seats, tiles, sets, actions, wins, the scoring
  elements) come from the core (``term_names()``, ``tile_names()``, ``Element.names``,
  ``Ruleset.element_names()``), where each Chinese name is sourced;
- the **catalogue** (:data:`CATALOGUE`) holds the interface's own short strings (headings,
  labels, column names), each in every language; where a string is a term it is built from the
  term (``"self_draw"`` is the core's ``self_draw``).

Which Chinese the *game's terms* are in is the ruleset's: a Hong Kong ruleset's terms are Hong
Kong Chinese (番, 食糊, 出銃), a Taiwanese ruleset's Taiwanese (台, 胡, 放槍), whichever
Chinese the reader chose (``Ruleset.locale``, from the ruleset's data). The interface strings
follow the reader's language. English is English throughout.

    >>> from mahjong_fast import Ruleset
    >>> w = Words("zh-HK", Ruleset.from_name("taiwanese-high"))
    >>> w.term("deal_in"), w("total")
    ('放槍', '合計')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from typing import Any, Final, Literal

from mahjong_fast import _core
from mahjong_fast.errors import MahjongError

__all__ = [
    "CATALOGUE",
    "LANGUAGES",
    "OURS",
    "Language",
    "UnknownLanguageError",
    "Words",
    "catalogue",
    "kind_name",
    "language_from_environment",
    "resolve_language",
    "term_names",
    "tile_names",
]

Language = Literal["en", "zh-HK", "zh-TW"]
#: every language of the names and the catalogue, English first
LANGUAGES: Final[tuple[Language, ...]] = ("en", "zh-HK", "zh-TW")


class UnknownLanguageError(MahjongError):
    """A language that is not one of :data:`LANGUAGES`."""


def _s(en: str, zh_hk: str, zh_tw: str | None = None) -> dict[str, str]:
    return {"en": en, "zh-HK": zh_hk, "zh-TW": zh_hk if zh_tw is None else zh_tw}


#: The interface's own short strings by key, each in every language (``{n}``-style fields are
#: filled by :meth:`Words.__call__`). Terms of the game are not here: they come from the core.
CATALOGUE: Final[dict[str, dict[str, str]]] = {
    # headings and labels
    "language": _s("Language", "語言"),
    "result": _s("Result", "結果"),
    "total": _s("Total", "合計"),
    "code": _s("Code", "編號"),
    "element": _s("Element", "項目"),
    "value": _s("Value", "數值"),
    "payments": _s("Payments", "收支"),
    "scores": _s("Scores", "分數"),
    "base": _s("Base", "基本分"),
    "raw": _s("raw", "未封頂"),
    "interpretation": _s("Interpretation", "拆牌"),
    "you": _s("You", "你"),
    "player": _s("Player", "玩家"),
    "seat": _s("Seat", "座位"),
    "winner": _s("winner", "贏家"),
    "deal": _s("Deal", "局"),
    "deals": _s("deals", "局數"),
    "end_of_deal": _s("End of deal {n}", "第 {n} 局完"),
    "deal_n": _s("Deal {n}", "第 {n} 局"),
    "your_hand": _s("Your hand", "你的牌"),
    "sets": _s("sets", "牌組"),
    "hand": _s("Hand", "手牌"),
    "tiles_left": _s("Tiles left", "剩餘牌數"),
    "last_discard": _s("Last discard", "上一張打出的牌"),
    "none": _s("none", "無"),
    "replay_ok": _s("Replay OK", "重播無誤"),
    "unfinished": _s("unfinished", "未完"),
    "not_a_win": _s("Not a win", "不成牌型"),
    "below_minimum": _s("Below the minimum", "未達最低要求"),
    "minimum": _s("minimum", "最低"),
    "next_dealer": _s("Next dealer", "下局莊家"),
    "win_rate": _s("win rate", "勝率"),
    "draw_rate": _s("draw rate", "流局率"),
    "points": _s("points", "分"),
    "mean": _s("mean", "平均"),
    "seats": _s("Seats", "座位"),
    "summary": _s("Summary", "摘要"),
    "review_of": _s("Review of", "覆盤"),
    "decisions": _s("decisions", "決策數"),
    "agreement": _s("as the expert", "與專家一致"),
    "loss": _s("loss", "損失"),
    "estimated_loss": _s("estimated loss", "估計損失"),
    "decision": _s("Decision", "決策"),
    "chosen": _s("chosen", "所選"),
    "expert": _s("expert", "專家"),
    "kind": _s("kind", "類別"),
    "all": _s("all", "全部"),
    "review_legend": _s(
        "pts: expert's expected points for the rest of the deal; loss: expert - played",
        "分：專家估計本局餘下的得分；損失：專家 − 所打",
    ),
    "biggest_losses": _s("Biggest losses", "最大損失"),
    "hands_at_decisions": _s("The hand at each of these decisions", "各決策時的手牌"),
    "per_deal": _s("Per deal", "每局"),
    "per_kind": _s("Per kind of decision", "每類決策"),
    "col:deal": _s("deal", "局"),
    "col:line": _s("line", "行"),
    "col:left": _s("left", "剩牌"),
    "col:kind": _s("kind", "類別"),
    "col:played": _s("played", "所打"),
    "col:pts": _s("pts", "分"),
    "col:expert": _s("expert", "專家"),
    "col:loss": _s("loss", "損失"),
    "col:index": _s("index", "序號"),
    "col:seat": _s("seat", "座位"),
    "col:decisions": _s("decisions", "決策數"),
    "col:agreed": _s("agreed", "一致"),
    "col:agreement": _s("agreement", "一致率"),
    "col:hand (concealed tiles)": _s("hand (concealed tiles)", "手牌（暗牌）"),
    "col:rating": _s("rating", "評分"),
    "every_decision": _s("Every decision", "所有決策"),
    "filter_deal": _s("Deal", "局"),
    "filter_kind": _s("Kind", "類別"),
    "filter_deal_n": _s("deal {n}", "第 {n} 局"),
    "filter_shown": _s("{n} shown", "顯示 {n} 項"),
    "only_differed": _s("show only where the seat differed", "只顯示與專家不同之處"),
    "rating": _s("rating", "評分"),
    "loss_per_turn": _s("Loss per turn", "每巡損失"),
    "decisions_heading": _s("Decisions", "決策"),
    "claim": _s("claim", "叫牌"),
    "arena_report": _s("Arena report", "對戰報告"),
    "records_report": _s("Records report", "牌局紀錄報告"),
    "review_report": _s("Review", "覆盤"),
    "ruleset": _s("Ruleset", "規則"),
    "seed": _s("Seed", "種子"),
    "histogram": _s("Histogram", "分佈", "分布"),
    "count": _s("count", "次數"),
    "policy": _s("Policy", "策略"),
}

#: The reports' headings and column names: ``"r:" + the English`` → the Chinese (Hong Kong,
#: Taiwan); added to :data:`CATALOGUE`.
_REPORT: Final[dict[str, tuple[str, str]]] = {
    "Points": ("分數", "分數"),
    "Rates": ("比率", "比率"),
    "Distributions": ("分佈", "分布"),
    "Settings": ("設定", "設定"),
    "Switches": ("開關", "開關"),
    "Rates per deal": ("每局比率", "每局比率"),
    "seat": ("座位", "座位"),
    "deals": ("局數", "局數"),
    "points/deal": ("每局分數", "每局分數"),
    "95% low": ("95% 下限", "95% 下限"),
    "95% high": ("95% 上限", "95% 上限"),
    "switch": ("開關", "開關"),
    "value": ("數值", "數值"),
    "Deals": ("牌局", "牌局"),
    "Hand values": ("牌值", "牌值"),
    "Scoring elements": ("計分項目", "計分項目"),
    "How hands are won": ("贏牌方式", "贏牌方式"),
    "Deal length": ("每局長度", "每局長度"),
    "Seats and the dealer": ("座位與莊家", "座位與莊家"),
    "The dealer against the other three seats": ("莊家對其餘三家", "莊家對其餘三家"),
    "file": ("檔案", "檔案"),
    "ruleset": ("規則", "規則"),
    "who": ("身份", "身份"),
    "code": ("編號", "編號"),
    "element": ("項目", "項目"),
    "wins": ("贏牌次數", "贏牌次數"),
    "share": ("比例", "比例"),
    "Arena": ("對戰", "對戰"),
    "Simulation records": ("模擬紀錄", "模擬紀錄"),
    "Top scoring elements": ("最常見的計分項目", "最常見的計分項目"),
    "winning hands": ("手贏牌", "手贏牌"),
}
CATALOGUE.update({f"r:{en}": _s(en, hk, tw) for en, (hk, tw) in _REPORT.items()})

#: The screens of ``play`` (its prompts, status lines, help and answers), of ``waits``,
#: ``shanten`` and ``decompose``, and the ``--explain`` lines. The English is the screens' own;
#: the Chinese is short and built from the game's terms: a field ``{t_KEY}`` is the term
#: ``KEY`` in the ruleset's words (:meth:`Words.__call__` fills it), so a Hong Kong game says
#: 打牌 and 食糊 and a Taiwanese one 捨牌 and 胡. Commands a player types stay as they are
#: (``win``, ``kong 5s``, ``hint``): they are the program's, in every language.
_SCREENS: Final[dict[str, dict[str, str]]] = {
    # play: the table's status lines and prompts
    "play:you_are": _s("You are P0; type 'help' for the commands.", "你是 P0；輸入 help 看指令。"),
    "play:bye": _s("Bye.", "再見。"),
    "play:log_written": _s("Event log written to {path}", "事件紀錄已寫入 {path}"),
    "play:next_deal": _s("Enter: deal {n} ('quit' leaves)> ", "Enter：第 {n} 局（quit 離開）> "),
    "play:leave": _s("Leave the game? [y/N] ", "離開牌局？[y/N] "),
    "play:stay": _s("you stay in the game", "繼續牌局"),
    "play:declare_status": _s("Declaration window: declare, or pass", "宣告：宣告，或{t_pass}"),
    "play:declare_prompt": _s("declare> ", "宣告> "),
    "play:pass_option": _s("  [0] pass (Enter)", "  [0] {t_pass}（Enter）"),
    "play:type_number": _s("type a number 0..{n}, or pass", "輸入 0..{n}，或 pass"),
    "play:bonus_status": _s(
        "You hold all eight bonus tiles: take the bonus-tile win, or decline and play on",
        "你有八張花牌：八仙過海胡牌，或放棄繼續打",
    ),
    "play:bonus_prompt": _s("bonus win? [y]es / [n]o / hint> ", "花胡？[y] 胡 / [n] 放棄 / hint> "),
    "play:bonus_hint": _s(
        "Hint: take it (y). The win scores the all-eight element alone, paid as self-drawn; "
        "declined, the offer does not come back this deal.",
        "提示：胡（y）。只計八仙過海，當作自摸收；放棄後本局不會再有。",
    ),
    "play:bonus_status_rob": _s(
        "Seven rob the eighth: take the bonus tile and win, or decline and play on",
        "七搶一：搶花胡牌，或放棄繼續打",
    ),
    "play:bonus_hint_rob": _s(
        "Hint: take it (y). The win scores seven-rob-the-eighth, with your hand too when the "
        "replacement completes it; declined, nothing moves.",
        "提示：胡（y）。計七搶一，補牌成胡時另計手牌；放棄則不搶花。",
    ),
    "play:yes_or_no": _s("type y (win) or n (decline)", "輸入 y（胡）或 n（放棄）"),
    "play:bonus_declined": _s(
        "You decline the all-eight win: play goes on, and the offer does not come back this deal",
        "你放棄八仙過海：繼續打，本局不會再有",
    ),
    "play:bonus_declined_rob": _s(
        "You decline seven rob the eighth: {who} keeps {tile}, play goes on",
        "你放棄七搶一：{who} 保留 {tile}，繼續打",
    ),
    "narr:bonus_choice_eight": _s(
        "{who} may take the all-eight bonus-tile win, or decline it",
        "{who} 可八仙過海胡牌，或放棄",
    ),
    "narr:bonus_choice_rob": _s(
        "{who} may rob the eighth bonus tile (seven rob the eighth), or decline it",
        "{who} 可七搶一，或放棄",
    ),
    "narr:bonus_win": _s("{who} takes the bonus-tile win", "{who} 花胡"),
    "narr:bonus_win_rob": _s("{who} takes {tile} from {whom}", "{who} 搶 {whom} 的 {tile}"),
    "narr:bonus_decline": _s(
        "{who} declines the bonus-tile win; play goes on", "{who} 放棄花胡，繼續打"
    ),
    "play:you_add": _s("You adds {tile} — you may claim it", "你{t_added_kong} {tile}：可{t_robbing_kong}"),
    "play:other_adds": _s("{who} adds {tile} — you may claim it", "{who} {t_added_kong} {tile}：可{t_robbing_kong}"),
    "play:you_discard": _s("You discards {tile} — you may claim it", "你{t_discard} {tile}"),
    "play:other_discards": _s("{who} discards {tile} — you may claim it", "{who} {t_discard} {tile}：可叫牌"),
    "play:claim_prompt": _s("claim> ", "叫牌> "),
    "play:ambiguous": _s(
        "'{cmd}' is ambiguous: type the number of the choice ({numbers}), or 0 to pass",
        "「{cmd}」不明確：輸入選項號碼（{numbers}），或 0 {t_pass}",
    ),
    "play:not_a_choice": _s(
        "'{cmd}' is not a choice here: type {numbers}, or 0 / Enter to pass ('help' for more)",
        "「{cmd}」不是選項：輸入 {numbers}，或 0／Enter {t_pass}（help 看指令）",
    ),
    "play:your_turn": _s("Your turn: discard a tile", "輪到你：{t_discard}"),
    "play:after_claim": _s("You claimed: now discard a tile", "叫牌後：{t_discard}"),
    "play:can_win": _s("  You can declare a self-drawn win: type 'win'.", "  可以{t_self_draw}：輸入 win。"),
    "play:can_kong": _s("  You can declare {what}: type 'kong {code}'.", "  可以{what}：輸入 kong {code}。"),
    # TW §20.6.1 the ready declaration: public, and a declared seat discards what it draws
    "play:you_declare_ready": _s("You declare ready: from now on you discard every tile you draw",
                                 "你{t_declared_ready}"),
    "play:declares_ready": _s("{who} declares ready: from now on {who} discards every tile drawn",
                              "{who} {t_declared_ready}"),
    "play:must_discard_drawn": _s("You declared ready: you must discard the tile you drew, {tile}",
                                  "你已{t_declared_ready}：須{t_discard} {tile}"),
    "play:concealed_kong_of": _s("a concealed kong of {code}", "{t_concealed_kong} {code}"),
    "play:added_kong_of": _s("an added kong of {code}", "{t_added_kong} {code}"),
    "play:discard_prompt": _s("discard (code or 1-{n})> ", "{t_discard}（牌碼或 1-{n}）> "),
    "play:cannot_win": _s(
        "you cannot declare a win now (no winning hand worth the minimum on a draw)",
        "現在不能{t_win}（摸牌後沒有夠最低要求的牌）",
    ),
    "play:no_false_win": _s("no false win: your turn goes on (discard a tile)",
                            "不{t_false_win}：繼續{t_discard}"),
    "play:no_position": _s("there is no position {pos}: your hand has positions 1-{n}",
                           "沒有位置 {pos}：你的牌是位置 1-{n}"),
    "play:unknown_command": _s(
        "unknown command '{cmd}': type a tile code like 5s, a position 1-{n}, or 'help'",
        "不明指令「{cmd}」：輸入牌碼（如 5s）、位置 1-{n}，或 help",
    ),
    "play:not_in_hand": _s("you have no {code} in your hand", "你的手牌沒有 {code}"),
    "play:ready_off": _s("this table has no ready declaration (the switch ready_declaration is off)",
                         "此規則沒有{t_declared_ready}"),
    "play:ready_none": _s(
        "you cannot declare ready now (no discard leaves a ready hand, or you have declared)",
        "現在不能{t_declared_ready}",
    ),
    "play:ready_which": _s("type 'ready' and the tile to discard: one of {codes}",
                           "輸入 ready 和要{t_discard}的牌：{codes}"),
    "play:ready_not": _s("discarding {code} does not leave a ready hand",
                         "{t_discard} {code} 後不能{t_declared_ready}"),
    "play:cannot_discard": _s("you cannot discard {code} now", "現在不能{t_discard} {code}"),
    "play:false_win_warning": _s(
        "no legal win here: declaring one anyway is a false win (詐糊), which ends the deal "
        "and makes you pay the penalty to every other player",
        "不能{t_win}：照樣宣告是{t_false_win}，本局即完，你賠另外三家",
    ),
    "play:false_win_prompt": _s("declare a false win? [y/N] ", "宣告{t_false_win}？[y/N] "),
    "play:confirm_discard": _s("discard {label}? [Y/n] ", "{t_discard} {label}？[Y/n] "),
    "play:answer_yn": _s("please answer y (or Enter) to discard, n to choose again",
                         "輸入 y（或 Enter）{t_discard}，n 重選"),
    "play:no_kong": _s("you cannot declare a kong now", "現在不能{t_kong_declare}"),
    "play:which_kong": _s("which kong? type 'kong' and the tile, e.g. 'kong {code}'",
                          "哪一個{t_kong}？輸入 kong 和牌碼，如 kong {code}"),
    "play:no_kong_of": _s("no kong of {code} is possible now", "現在不能{t_kong_declare} {code}"),
    "play:no_hint": _s("no hint available ({error})", "沒有提示（{error}）"),
    "play:not_allowed": _s("not allowed: {error}", "不允許：{error}"),
    "play:help_turn": _s(
        "commands: a tile code (5s) or a position (1-{n}) selects a discard; 'last' or '.' selects "
        "the rightmost tile; 'win' declares a self-drawn win; 'kong' or 'kong 5s' declares a kong; "
        "'hint' lists every option, best first, with what to type and why; 'board' redraws the "
        "table; 'quit' exits",
        "指令：5s（牌碼）或 1-{n}（位置）＝{t_discard}；last 或 . ＝最右一張；win ＝{t_self_draw}；"
        "kong 或 kong 5s ＝{t_kong_declare}；hint ＝提示；board ＝重顯牌桌；quit ＝離開",
    ),
    "play:help_claim": _s(
        "commands: the number of a choice, or its word (win / pung / kong / chow / pass); "
        "Enter or 0 passes; 'hint', 'board', 'quit'",
        "指令：選項號碼，或 win／pung／kong／chow／pass；Enter 或 0 ＝{t_pass}；hint、board、quit",
    ),
    # play: the claim menu (each choice begins with the word to type, in every language) and
    # the hint (its Chinese reasons are short, built from the row's numbers: less than the
    # English prose, never a translation of it)
    "claim:win": _s("win on {tile}", "win {tile}：{t_win}"),
    "claim:rob": _s("win on {tile} (rob the kong)", "win {tile}：{t_robbing_kong}"),
    "claim:chow": _s("chow {tiles} (with your {yours})", "chow {tiles}：{t_chow_claim}（手牌 {yours}）"),
    "claim:pung": _s("pung {tile} (with your {yours})", "pung {tile}：{t_pung_claim}（手牌 {yours}）"),
    "claim:kong": _s("kong {tile} (with your {yours})", "kong {tile}：{t_kong_declare}（手牌 {yours}）"),
    "hint:head": _s("  hint: ", "  提示："),
    "hint:col_type": _s("  type", "  輸入"),
    "hint:col_points": _s("points", "分"),
    "hint:col_why": _s("why", "原因"),
    "hint:expert": _s("expert's choice; ", "專家之選；"),
    "hint:points_note": _s(
        "points: what the expert expects the option to be worth to you over the rest of the "
        "deal (expected points won or lost, from what you can see)",
        "分：專家估計此選項在本局餘下對你的得失（期望值）",
    ),
    "hint:shanten": _s("shanten {n}", "{t_shanten} {n}"),
    "hint:ready": _s("ready", "{t_ready}"),
    "hint:win_now": _s("win now", "{t_win}"),
    "hint:improve": _s("{n} tiles improve", "{n} 張進張"),
    "hint:safety": _s("discarded by {n}", "{n} 家已打"),
    "hint:not_valued": _s("not valued", "專家不估此選項"),
    "hint:complete_win": _s("your hand is complete and a legal win: type 'win'. ",
                            "已成牌型，可{t_win}：輸入 win。"),
    "hint:complete": _s("your hand is complete (a winning shape). ", "已成牌型。"),
    "hint:complete_short": _s("a winning shape, but not a legal win self-drawn: {why} ",
                              "已成牌型，但{t_self_draw}不能{t_win}：{why}"),
    "hint:opt_discard": _s("discard {code}", "{t_discard} {code}"),
    "hint:opt_concealed_kong": _s("concealed kong {code}", "{t_concealed_kong} {code}"),
    "hint:opt_added_kong": _s("added kong {code}", "{t_added_kong} {code}"),
    "hint:opt_pass": _s("pass", "{t_pass}"),
    # play: the opening banner (the ruleset by the name typed in --rules, with its unit's term)
    "play:banner": _s("mahjong-fast: {title}, seed {seed}, rules {rules}.",
                      "mahjong-fast：{title}，種子 {seed}，規則 {rules}。"),
    "play:ruleset_named": _s("{name} (in {unit})", "{name}（以{unit}計）"),
    "match:one_deal": _s("One deal.", "{t_match_one_deal}。"),
    "match:deals": _s("A match of {n} deals.", "{n} 局。"),
    "match:deals_rotate": _s("A match of {n} deals, the deal passing after every deal.", "{n} 局，{t_dealer_rotation}。"),
    "match:deals_keep": _s("A match of {n} deals, the dealer keeping the deal after a win.", "{n} 局，{t_dealer}贏牌{t_dealer_streak}。"),
    "match:deals_keep_draw": _s("A match of {n} deals, the dealer keeping the deal after a win or a draw.",
                                "{n} 局，{t_dealer}贏牌或{t_exhaustive_draw}{t_dealer_streak}。"),
    "match:east_round": _s("An East round, at most {max} deals.", "{t_east_round}，最多 {max} 局。"),
    "match:full_game": _s("A full game, at most {max} deals.", "{t_match_full_game}，最多 {max} 局。"),
    # the command line's one-line errors for a user's own mistakes (after "error: "): said in
    # Chinese when the catalogue can say it, else the English as it is
    "err:no_such_file": _s("{file}: no such file", "{file}：沒有這個檔案"),
    "err:corrupt_log": _s("{file}: corrupt log", "{file}：紀錄檔損壞"),
    "err:corrupt_log_line": _s("{file}: corrupt log: line {line}", "{file}：紀錄檔損壞（第 {line} 行）"),
    "err:exists": _s("{file}: the file exists; add --overwrite to replace it",
                     "{file}：檔案已存在；加 --overwrite 覆寫"),
    "err:bad_tile": _s("invalid tile notation at position {pos}", "牌碼無效（位置 {pos}）"),
    "err:bad_tile_any": _s("invalid tile notation", "牌碼無效"),
    "err:bonus_win_of": _s("--win {value}: a bonus tile is never a winning tile",
                           "--win {value}：{t_bonus_tile}不能是{t_win}的牌"),
    "err:unknown_switch": _s("unknown switch {switch}", "不明開關 {switch}"),
    "err:bad_switch": _s("switch {switch}: bad value", "開關 {switch} 的值無效"),
    "err:no_such_option": _s("No such option: {option}", "沒有這個選項：{option}"),
    "err:no_such_command": _s("No such command: {command}", "沒有這個指令：{command}"),
    "err:bad_value": _s("Invalid value for {option}", "{option} 的值無效"),
    "err:missing": _s("Missing {option}", "缺少 {option}"),
    "err:option_usage": _s("Option {option} is used wrongly", "選項 {option} 用法不對"),
    "err:see_help": _s(" (see '{where} --help')", "（見 {where} --help）"),
    "err:wind": _s("{option} must be a wind E, S, W or N (got {value})",
                   "{option} 須是 E、S、W 或 N（{t_seat_wind}），不是 {value}"),
    "err:seed": _s("--seed must be in 0 .. 2**64-1 (got {seed})", "--seed 須在 0 .. 2**64-1（不是 {seed}）"),
    "err:win_required": _s("--win is required (the winning tile, e.g. --win 5s), unless --dealer-start",
                           "須給 --win（{t_win}的牌，如 --win 5s），除非用 --dealer-start"),
    # waits, shanten, decompose
    "hand:waits": _s("waits: {tiles}", "{t_waits}：{tiles}"),
    "hand:no_waits": _s("waits: none (not ready; shanten {n})", "{t_waits}：無（未{t_ready}；{t_shanten} {n}）"),
    "hand:shanten": _s("shanten: {n}  ({meaning})", "{t_shanten}：{n}（{meaning}）"),
    "hand:complete": _s("complete: a winning shape", "成牌"),
    "hand:tenpai": _s("ready: tenpai", "{t_ready}"),
    "hand:away": _s("{n} away from ready", "離{t_ready}還差 {n}"),
    "hand:no_shape": _s("no winning shape", "不成牌型"),
    # --explain (score) and the waits of the result screen
    "explain:counted": _s("Counted: {parts} = {total} {unit}.", "計算：{parts} = {total} {unit}。"),
    "explain:counted_none": _s("Counted: no scoring element = 0 {unit}.", "計算：沒有計分項目 = 0 {unit}。"),
    "explain:capped": _s("The total is capped at {value} {unit} ({switch}, {section})",
                         "{t_limit} {value} {unit}（{switch}，{section}）"),
    "explain:limit_hand": _s("; limit hand {limit}", "；{t_limit_hand} {limit}"),
    "explain:legal": _s("The minimum is {minimum} {unit} ({section}): {value} {unit} is a legal win.",
                        "最低 {minimum} {unit}（{section}）：{value} {unit}，可以{t_win}。"),
    "explain:short": _s(
        "The minimum is {minimum} {unit} ({section}): {short} {unit} short, so this is not a "
        "legal win ({reason}).",
        "最低 {minimum} {unit}（{section}）：差 {short} {unit}，不能{t_win}（{reason}）。",
    ),
    "explain:no_shape": _s("Not a winning shape ({where}): the tiles cannot be read as {shapes}.",
                           "不成牌型（{where}）。"),
    "explain:shape_done": _s("{tiles} has a winning shape{declared}.", "{tiles}已成牌型{declared}。"),
    "explain:distance": _s(
        "{tiles} is {n} tile exchange{plural} (draw one, discard one) away from the nearest "
        "winning shape{declared}: shanten {sh}, rules §14a.",
        "{tiles}離成牌型還差 {n} 次換牌（{t_draw}一張、{t_discard}一張）{declared}："
        "{t_shanten} {sh}，rules §14a。",
    ),
    "explain:with_win_tile": _s("With the winning tile the hand", "連同{t_win}的牌，手牌"),
    "explain:the_hand": _s("The hand", "手牌"),
    "explain:declared": _s(" (with the {n} declared sets)", "（連已宣告的 {n} 組）"),
    "explain:cannot_win_wait": _s(
        "{tile}: self-drawn {parts} = {value} {unit}, on a discard {discard}; the minimum is "
        "{minimum} {unit}: it cannot win.",
        "{tile}：{t_self_draw} {parts} = {value} {unit}，{t_win_on_discard} {discard}；"
        "最低 {minimum} {unit}：不能{t_win}。",
    ),
    "explain:nothing": _s("nothing", "無"),
    "explain:cannot_win_mark": _s(" (cannot win)", "（不能{t_win}）"),
    "explain:ready": _s("Your hand was ready: {worth} (self-drawn / on a discard).",
                        "你的牌{t_ready}：{worth}（{t_self_draw}／{t_win_on_discard}）。"),
}
CATALOGUE.update(_SCREENS)

#: The reports' plots: ``"plot:" + the English drawn`` (titles, axis labels, tick labels) →
#: its Chinese (Hong Kong, Taiwan); ``{unit}`` is the ruleset's unit, ``{t_KEY}`` a term.
_PLOT: Final[dict[str, tuple[str, str]]] = {
    "Points per deal with 95% intervals": ("每局分數（95% 區間）", "每局分數（95% 區間）"),
    "Win, deal-in, self-draw and draw rates": (
        "{t_win}、{t_deal_in}、{t_self_draw}、{t_exhaustive_draw}率",
        "{t_win}、{t_deal_in}、{t_self_draw}、{t_exhaustive_draw}率",
    ),
    "Distribution of points per deal": ("每局分數分佈", "每局分數分布"),
    "Cumulative points over the walls": ("累計分數", "累計分數"),
    "Value of wins ({unit})": ("{t_win}（{unit}）", "{t_win}（{unit}）"),
    "points per deal (mean, with 95% interval)": ("每局分數（平均，95% 區間）",
                                                  "每局分數（平均，95% 區間）"),
    "seat": ("座位", "座位"),
    "outcome": ("結果", "結果"),
    "share of the seat's deals (%)": ("佔該座位局數（%）", "佔該座位局數（%）"),
    "points won (+) or paid (−) in one deal (points)": ("每局得（+）失（−）分",
                                                         "每局得（+）失（−）分"),
    "share of the seat's deals (%, log scale)": ("佔該座位局數（%，對數刻度）",
                                                 "佔該座位局數（%，對數刻度）"),
    "walls played (4 deals each)": ("{t_wall}數（每{t_wall} 4 局）", "{t_wall}數（每{t_wall} 4 局）"),
    "cumulative points": ("累計分數", "累計分數"),
    "value of the win ({unit})": ("{t_win}（{unit}）", "{t_win}（{unit}）"),
    "share of the seat's wins (%)": ("佔該座位{t_win}次數（%）", "佔該座位{t_win}次數（%）"),
    "win": ("{t_win}", "{t_win}"),
    "deal-in": ("{t_deal_in}", "{t_deal_in}"),
    "self-draw": ("{t_self_draw}", "{t_self_draw}"),
    "exhaustive draw": ("{t_exhaustive_draw}", "{t_exhaustive_draw}"),
    "Distribution of hand values ({unit})": ("牌值分佈（{unit}）", "牌值分布（{unit}）"),
    "Self-drawn against discard wins": ("{t_self_draw}與{t_win_on_discard}",
                                        "{t_self_draw}與{t_win_on_discard}"),
    "Deal length": ("每局長度", "每局長度"),
    "Points per deal by seat": ("各座位每局分數", "各座位每局分數"),
    "hand value ({unit})": ("牌值（{unit}）", "牌值（{unit}）"),
    "share of winning hands (%)": ("佔{t_win}次數（%）", "佔{t_win}次數（%）"),
    "how the hand was won": ("{t_win}方式", "{t_win}方式"),
    "deal length (discards made in the deal)": ("每局長度（{t_discard}數）",
                                                "每局長度（{t_discard}數）"),
    "share of deals (%)": ("佔局數（%）", "佔局數（%）"),
    "points per deal (mean, 95% interval)": ("每局分數（平均，95% 區間）",
                                             "每局分數（平均，95% 區間）"),
    "self drawn": ("{t_self_draw}", "{t_self_draw}"),
    "discard": ("{t_win_on_discard}", "{t_win_on_discard}"),
    "robbing kong": ("{t_robbing_kong}", "{t_robbing_kong}"),
    "bonus all eight": ("八仙過海", "八仙過海"),
    "Loss per turn": ("每巡損失", "每巡損失"),
    "tiles left in the wall at the decision (groups of 10)": (
        "決策時{t_wall}剩牌（每組 10 張）", "決策時{t_wall}剩牌（每組 10 張）"),
    "mean loss per decision (expected points)": ("每個決策平均損失（期望分）",
                                                 "每個決策平均損失（期望分）"),
}
CATALOGUE.update({f"plot:{en}": _s(en, hk, tw) for en, (hk, tw) in _PLOT.items()})

#: ``--help`` and the core's errors (issue 44). ``--help``: a command's summary under ``"help:COMMAND"`` (the English is the first
#: paragraph of its help; the Chinese says only that), an option's help under
#: ``"help:COMMAND:--OPTION"`` (an argument's under its name) or, where every command words it
#: the same, ``"help:--OPTION"``; the English is the help as the command declares it (a test
#: keeps the two equal). ``"help:_" + text`` are typer's own words (headings, ``default:``).
#: ``{default}``/``{others}`` are the ruleset names of ``--rules``, ``{switches}`` the
#: switches of ``--rule``; ``"family:" + Ruleset.family`` names a family there.
_HELP: Final[dict[str, dict[str, str]]] = {
    "help:_Usage: ": _s("Usage: ", "用法："),
    "help:_Arguments": _s("Arguments", "參數"),
    "help:_Options": _s("Options", "選項"),
    "help:_Commands": _s("Commands", "指令"),
    "help:_default: {default}": _s("default: {default}", "預設：{default}"),
    "help:_required": _s("required", "必須"),
    "family:Hong Kong": _s("Hong Kong", "香港"),
    "family:Taiwanese": _s("Taiwanese", "台灣"),
    "help:mahjong-fast": _s(
        "Hong Kong and Taiwanese mahjong: play against three AI seats, score hands, simulate deals.",
        "香港及台灣麻雀：與三家電腦對打、計算牌值、模擬牌局。",
        "香港與台灣麻將：與三家電腦對打、計算牌值、模擬牌局。",
    ),
    "help:--version": _s("Show the version and exit.", "顯示版本後結束。"),
    "help:--help": _s("Show this message and exit.", "顯示此說明後結束。"),
    "help:--lang": _s(
        "Language of the human-readable output: en, zh-HK or zh-TW (default: the locale's, "
        "LC_ALL / LC_MESSAGES / LANG; English unless it is Hong Kong or Taiwan Chinese). --json "
        "is never translated.",
        "輸出的語言：en、zh-HK 或 zh-TW（預設依 locale：LC_ALL／LC_MESSAGES／LANG；"
        "不是香港或台灣中文即英文）。--json 不翻譯。",
    ),
    "help:--rules": _s(
        "The ruleset or preset: {default} (alias hk; the default), {others}; --rule switches go "
        "on top.",
        "規則或預設：{default}（別名 hk；預設）、{others}；--rule 的開關疊加其上。",
    ),
    "help:--rule": _s(
        "One switch of the ruleset as KEY=VALUE (repeatable, on top of --rules), e.g. --rule "
        "min_faan=1. {switches}.",
        "規則的一個開關，KEY=VALUE（可重複，疊加於 --rules 之上），如 --rule min_faan=1。{switches}。",
    ),
    "help:--json": _s("Print one JSON object.", "印出一個 JSON 物件。"),
    "help:--ascii": _s("Tile codes only (no Unicode glyphs).", "只用牌碼（不用 Unicode 牌圖）。"),
    # arena
    "help:arena": _s(
        "Measure seats in duplicate: each wall is played four times with the line-up rotated; "
        "metrics per policy with a bootstrap 95% interval over walls.",
        "複式對戰量度座位：每{t_wall}打四次，座位輪換；每種策略的指標附 95% 區間。",
    ),
    "help:arena:--walls": _s("Number of walls (4 deals each).", "{t_wall}數（每{t_wall} 4 局）。"),
    "help:arena:--seats": _s(
        "The line-up: four seat kinds, comma-separated (expert, greedy, random, strong, value).",
        "四個座位的種類，以逗號分隔（expert、greedy、random、strong、value）。",
    ),
    "help:arena:--seed": _s("Seed of the walls.", "{t_wall}的種子。"),
    "help:arena:--rules": _s("The ruleset or preset: {default} (alias hk; the default), {others}.",
                             "規則或預設：{default}（別名 hk；預設）、{others}。"),
    "help:arena:--workers": _s("Threads (default: every core).", "線程數（預設：全部核心）。",
                               "執行緒數（預設：全部核心）。"),
    "help:arena:--json": _s("Print the report as JSON.", "以 JSON 印出報告。"),
    "help:arena:--log": _s(
        "Write every deal's event log to FILE (JSON Lines, one header per deal, wall then "
        "rotation; `mahjong-fast replay FILE` reads it).",
        "把每局的事件紀錄寫入 FILE（JSON Lines；mahjong-fast replay FILE 可讀）。",
    ),
    "help:arena:--report": _s(
        "Also write the report as one self-contained HTML page with plots to FILE (needs the "
        "'report' extra).",
        "另把報告連圖寫成一頁 HTML 至 FILE（需要 report extra）。",
    ),
    "help:arena:--overwrite": _s("Replace the --log or --report file if it exists.",
                                 "覆寫已存在的 --log 或 --report 檔案。"),
    # score, waits, shanten, decompose
    "help:score": _s(
        "Score a winning hand: faan (or Tai) breakdown, total, limit, reading and payments.",
        "計算{t_win}的牌：{t_faan}（或{t_tai}）明細、合計、{t_limit}、拆牌及收支。",
    ),
    "help:score:hand": _s('The hand before the winning tile, e.g. "111222333m9s [555p] 1f".',
                          '{t_win}前的手牌，如 "111222333m9s [555p] 1f"。'),
    "help:score:--win": _s("The winning tile, e.g. 5s.", "{t_win}的牌，如 5s。"),
    "help:score:--self-drawn": _s("The winning tile was drawn by the winner.", "{t_self_draw}。"),
    "help:score:--seat": _s("The winner's seat wind: E, S, W or N.", "贏家的{t_seat_wind}：E、S、W 或 N。"),
    "help:score:--prevailing": _s("The prevailing wind (East in play).",
                                  "{t_prevailing_wind}（play 中為{t_east}）。"),
    "help:score:--bonus": _s("Exposed bonus tiles, e.g. 1f,5f.", "已亮出的{t_bonus_tile}，如 1f,5f。"),
    "help:score:--robbing-kong": _s("Won by robbing a kong (F13).", "{t_robbing_kong}（F13）。"),
    "help:score:--kong-replacement": _s("Won on a kong replacement (F12).", "槓上開花（F12）。"),
    "help:score:--last-tile": _s("Won on the last wall tile / last discard (F14/F15).",
                                 "海底撈月／河底撈魚（F14/F15）。"),
    "help:score:--dealer-start": _s("The dealer wins on the 14 dealt tiles.",
                                    "{t_dealer}以起手 14 張{t_win}。"),
    "help:score:--discarder": _s("Seat wind of the discarder (for payments).",
                                 "{t_deal_in}者的{t_seat_wind}（計收支用）。"),
    "help:score:--dealer-streak": _s(
        "Taiwanese: the dealer's streak k (TW §15); the dealer is East.",
        "台灣：{t_dealer}{t_dealer_streak}次數 k（TW §15）；{t_dealer}為{t_east}。",
    ),
    "help:score:--discards": _s("Taiwanese: discards made in the deal, D (TW §10).",
                                "台灣：本局已{t_discard}的張數 D（TW §10）。"),
    "help:score:--winner-discards": _s("Taiwanese: discards the winner has made.",
                                       "台灣：贏家已{t_discard}的張數。"),
    "help:score:--interrupted": _s(
        "Taiwanese: a chow, pung or kong was made earlier in the deal (TW §10).",
        "台灣：本局早前{t_interruption}（TW §10）。",
    ),
    "help:score:--explain": _s(
        "Say why the hand is (or is not) a legal win: the elements counted, the total against "
        "the minimum, and for a hand that is no winning shape how far it is from one.",
        "說明為何可以（或不可以）{t_win}：計算的項目、合計與最低要求；不成牌型則離成牌還差多少。",
    ),
    "help:waits": _s("The winning tiles of a hand of 13 (ignoring the minimum, rules §14a).",
                     "13 張手牌的{t_waits}（不計最低要求，rules §14a）。"),
    "help:waits:hand": _s('A 13-tile hand (declared sets count 3), e.g. "123m456m789p234s5s".',
                          '13 張的手牌（已宣告的牌組算 3 張），如 "123m456m789p234s5s"。'),
    "help:shanten": _s(
        "Shanten of a hand: 0 = ready, -1 = complete (14 tiles), n = n exchanges from ready.",
        "手牌的{t_shanten}：0 ＝{t_ready}，-1 ＝成牌（14 張），n ＝離{t_ready}還差 n 次換牌。",
    ),
    "help:shanten:hand": _s('A hand of 13 or 14 tiles, e.g. "123m456m789p2345s".',
                            '13 或 14 張的手牌，如 "123m456m789p2345s"。'),
    "help:decompose": _s(
        "Every way a complete hand splits into sets and a pair (and seven pairs / thirteen "
        "orphans).",
        "成牌的每種拆法：牌組與{t_pair}（及七對子／十三么）。",
    ),
    "help:decompose:hand": _s('A complete hand of 14 tiles, e.g. "111222333m789p55s".',
                              '14 張的成牌，如 "111222333m789p55s"。'),
    # play
    "help:play": _s("Play against three AI seats (you are P0, East, the dealer of the first deal).",
                    "與三家電腦對打（你是 P0，{t_east}，首局{t_dealer}）。"),
    "help:play:--seed": _s("Seed of the walls (random if not given).", "{t_wall}的種子（不給則隨機）。"),
    "help:play:--deals": _s(
        "Number of deals in the match (Hong Kong, default 1; a Taiwanese match is set by --rule "
        "match_length=one_deal|east_round|full_game).",
        "局數（香港，預設 1；台灣的長度由 --rule match_length=one_deal|east_round|full_game 定）。",
    ),
    "help:play:--rotate-dealer": _s("Pass the deal on after every deal.", "每局之後{t_dealer_rotation}。"),
    "help:play:--log": _s("Write the event log (JSON Lines) to FILE.", "把事件紀錄（JSON Lines）寫入 FILE。"),
    "help:play:--overwrite": _s("Replace the --log file if it exists.", "覆寫已存在的 --log 檔案。"),
    "help:play:--no-confirm": _s("Discard without asking for confirmation.", "{t_discard}不用確認。"),
    "help:play:--opponents": _s(
        "The three AI seats' kind: expert, strong, value, greedy or random.",
        "三家電腦的種類：expert、strong、value、greedy 或 random。",
    ),
    "help:play:--resume": _s(
        "Go on with the game a stopped `play --log FILE` left in FILE (its ruleset, seats and "
        "seed; appended to). Hong Kong: give the game's --deals again.",
        "接續中途停止的 play --log FILE 的牌局（沿用其規則、座位及種子，續寫 FILE）。"
        "香港：須再給同樣的 --deals。",
    ),
    # replay, report, review
    "help:replay": _s(
        "Check an event log against the rules and print its deals step by step (a game stopped "
        "before its end replays up to where it stopped).",
        "按規則檢查事件紀錄，逐步印出每局（中途停止的牌局重播到停止處）。",
    ),
    "help:replay:file": _s("An event log written by `play --log` (JSON Lines).",
                           "play --log 寫的事件紀錄（JSON Lines）。"),
    "help:report": _s(
        "Write one self-contained HTML page of plots and tables over simulation records (needs "
        "the 'report' extra).",
        "把模擬紀錄寫成一頁 HTML 圖表（需要 report extra）。",
    ),
    "help:report:records": _s(
        "Records files of `simulate --out` (FILE.parquet, or FILE.jsonl with its sidecar); "
        "several are compared side by side.",
        "simulate --out 的紀錄檔（FILE.parquet，或 FILE.jsonl 及其附檔）；多個則並列比較。",
    ),
    "help:report:--out": _s("The HTML page to write.", "要寫的 HTML 檔。"),
    "help:report:--overwrite": _s("Replace the --out file if it exists.", "覆寫已存在的 --out 檔案。"),
    "help:serve": _s(
        "Play Hong Kong or Taiwanese deals and matches against three AI seats in the browser.",
        "在瀏覽器與三家電腦對打香港或台灣麻雀的牌局及比賽。",
        "在瀏覽器與三家電腦對打香港或台灣麻將的牌局及比賽。",
    ),
    "help:serve:--host": _s("Address to bind (anything but 127.0.0.1 is warned of).",
                            "綁定的位址（127.0.0.1 以外會警告）。"),
    "help:serve:--port": _s("Port to listen on.", "監聽的連接埠。"),
    "help:serve:--no-browser": _s("Do not open the page in a browser.", "不在瀏覽器開啟頁面。"),
    "help:serve:--logs": _s(
        "Directory of the saved games (created if missing; one log per game, never overwritten; "
        "what `play --log` writes).",
        "儲存牌局的目錄（不存在即建立；每局一個紀錄，永不覆寫；即 play --log 的格式）。",
    ),
    "help:review": _s("Review one seat's decisions in a game log against the expert seat.",
                      "以專家座位覆盤牌局紀錄中一個座位的決策。"),
    "help:review:file": _s("An event log written by `play --log` or `arena --log`.",
                           "play --log 或 arena --log 寫的事件紀錄。"),
    "help:review:--seat": _s(
        "The player reviewed, 0..3 (default: the human seat of a `play` log; required when no "
        "human sat).",
        "覆盤的玩家，0..3（預設：play 紀錄中的真人座位；沒有真人時必須給）。",
    ),
    "help:review:--json": _s("The whole review as JSON (every decision).",
                             "以 JSON 印出整個覆盤（每個決策）。"),
    "help:review:--top": _s("How many of the biggest losses to show.", "顯示多少項最大損失。"),
    "help:review:--html": _s(
        "Also write the review as one self-contained HTML page to FILE (needs the 'report' "
        "extra).",
        "另把覆盤寫成一頁 HTML 至 FILE（需要 report extra）。",
    ),
    "help:review:--overwrite": _s("Replace the --html file if it exists.", "覆寫已存在的 --html 檔案。"),
    # simulate
    "help:simulate": _s(
        "Play N AI-vs-AI deals (or --matches M whole matches) in parallel, print a summary, "
        "optionally write every record.",
        "平行模擬 N 局電腦對局（或 --matches M 場完整牌局），印出摘要，可寫出每局紀錄。",
    ),
    "help:simulate:--deals": _s("Number of deals (Hong Kong; default 100).", "局數（香港；預設 100）。"),
    "help:simulate:--matches": _s("Number of whole matches instead (needed for the Taiwanese rules).",
                                  "改為完整牌局的場數（台灣規則須用）。"),
    "help:simulate:--match-deals": _s(
        "Deals of each match with --matches, for a ruleset whose match is a number of deals "
        "(Hong Kong, default 1; e.g. 4 with --rotate-dealer).",
        "用 --matches 時每場的局數（香港，預設 1；如 4 配 --rotate-dealer）。",
    ),
    "help:simulate:--seed": _s("Seed of the walls (deal i depends on (seed, i)).",
                               "{t_wall}的種子（第 i 局只取決於 (seed, i)）。"),
    "help:simulate:--seats": _s(
        "Four seat kinds, comma-separated (expert, greedy, random, strong, value).",
        "四個座位的種類，以逗號分隔（expert、greedy、random、strong、value）。",
    ),
    "help:simulate:--workers": _s("Parallel workers (default: every core).",
                                  "平行工作數（預設：全部核心）。"),
    "help:simulate:--backend": _s(
        "Where deals run: auto (default: core), core (threads in the Rust core), process (the "
        "Python game loop in processes) or ray.",
        "在哪裡執行：auto（預設：core）、core（Rust 核心的線程）、process（Python 牌局迴圈，多進程）或 ray。",
        "在哪裡執行：auto（預設：core）、core（Rust 核心的執行緒）、process（Python 牌局迴圈，多行程）或 ray。",
    ),
    "help:simulate:--address": _s("Ray cluster address (default: a local Ray instance).",
                                  "Ray 叢集位址（預設：本機的 Ray）。"),
    "help:simulate:--chunk-size": _s("Deals per task (default: automatic).", "每個工作的局數（預設：自動）。"),
    "help:simulate:--out": _s("Write one record per deal to FILE.parquet or FILE.jsonl.",
                              "把每局一筆紀錄寫入 FILE.parquet 或 FILE.jsonl。"),
    "help:simulate:--overwrite": _s("Replace the --out or --report file if it exists.",
                                    "覆寫已存在的 --out 或 --report 檔案。"),
    "help:simulate:--report": _s(
        "At the end, write an HTML page of the records in --out to FILE (needs the 'report' "
        "extra).",
        "完成後把 --out 的紀錄寫成一頁 HTML 至 FILE（需要 report extra）。",
    ),
    "help:simulate:--json": _s("Print one JSON object (the summary).", "印出一個 JSON 物件（摘要）。"),
    "help:simulate:--rotate-dealer": _s("Pass the deal on after every deal (a switch).",
                                        "每局之後{t_dealer_rotation}（一個開關）。"),
    # the one-line errors the catalogue could not say before (after "error: "): an unknown
    # ruleset name with the names there are, and the core's InvalidHandError from its kind and
    # tiles (the English line stays the core's message)
    "err:unknown_ruleset": _s("unknown ruleset {name} (known: {names})", "不明規則 {name}（可用：{names}）"),
    "err:unknown_ruleset_any": _s("unknown ruleset (known: {names})", "不明規則（可用：{names}）"),
    "err:too_many_copies": _s("{tiles}: more than 4 copies", "{tiles} 多於四張"),
    "err:bonus_twice": _s("bonus tile {tiles} given twice", "{t_bonus_tile} {tiles} 重複"),
    "err:bad_meld": _s("{tiles} is no set", "{tiles} 不成牌組"),
    "err:wrong_size": _s("wrong number of tiles: {count}, {expected} expected",
                         "張數不對：{count} 張，應為 {expected} 張"),
    "err:or": _s(" or ", " 或 "),
    "err:situation": _s("impossible situation", "不可能的情況"),
    "err:situation_of": _s("impossible situation: {tiles}", "不可能的情況：{tiles}"),
    # the reports' plots: what a caption says before its numbers (the English caption's prose,
    # said short; the English caption itself is the report's own)
    "cap:points": _s("Mean points per deal of each seat with its bootstrap 95% interval over walls",
                     "各座位每局平均分數及其 95% 區間（按{t_wall}重抽樣）"),
    "cap:rates": _s(
        "Per seat, the share of its deals it won, dealt in, won by self-draw, and that ended in an "
        "exhaustive draw",
        "各座位{t_win}、{t_deal_in}、{t_self_draw}及{t_exhaustive_draw}佔其局數的比率",
    ),
    "cap:points_hist": _s("Histogram of the points each seat won or paid per deal (lowest … highest)",
                          "各座位每局得失分的分佈（最低 … 最高）", "各座位每局得失分的分布（最低 … 最高）"),
    "cap:cumulative": _s("Running total of each seat's points over the walls played (at the end)",
                         "各座位逐{t_wall}累計的分數（最後）"),
    "cap:win_values": _s(
        "Distribution of the value in {unit} of each seat's wins (first winner of a deal); wins",
        "各座位{t_win}的{unit}數分佈（每局首位贏家）；{t_win}次數",
        "各座位{t_win}的{unit}數分布（每局首位贏家）；{t_win}次數",
    ),
    "cap:values": _s("Share of winning hands by value ({unit}: wins)", "按{unit}數的{t_win}次數（{unit}數：次數）"),
    "cap:win_kinds": _s("Share of winning hands by how they were won ({kinds})",
                        "按{t_win}方式的{t_win}次數（{kinds}）"),
    "cap:deal_length": _s("Share of deals by the number of discards made; median",
                          "按{t_discard}數的局數比例；中位數"),
    "cap:seat_points": _s("Mean points per deal of each seat with its bootstrap 95% interval",
                          "各座位每局平均分數（95% 區間）"),
    "cap:loss_per_turn": _s(
        "Mean estimated loss per decision of {who} against the expert, by tiles left in the wall",
        "{who}每個決策相對專家的平均估計損失，按{t_wall}剩牌數",
    ),
}  # fmt: skip
CATALOGUE.update(_HELP)

#: the web app's strings (``mahjong-fast serve``), under ``web:``; the game's terms come from
#: the core (``{t_KEY}``)
_WEB: Final[dict[str, tuple[str, str, str]]] = {
    "new_game": ("New game", "新遊戲", "新遊戲"),
    "ruleset": ("Ruleset", "規則", "規則"),
    "switches": ("House rules", "家規", "家規"),
    "switch_default": ("default", "預設", "預設"),
    "seed": ("Seed", "種子", "種子"),
    "random_seed": ("random", "隨機", "隨機"),
    "mode": ("Game", "玩法", "玩法"),
    "mode_deal": ("One deal", "一局", "一局"),
    "mode_match": ("A match", "一場", "一場"),
    "opponents": ("AI seats", "電腦對手", "電腦對手"),
    "pace": ("Seconds between AI moves", "電腦每步間隔（秒）", "電腦每步間隔（秒）"),
    "start": ("Start", "開始", "開始"),
    "hint": ("Hint", "提示", "提示"),
    "hint_title": ("The expert's ranking", "專家排序", "專家排序"),
    "next_deal": ("Next deal", "下一局", "下一局"),
    "game_over": ("Game over", "遊戲結束", "遊戲結束"),
    "final_scores": ("Final scores", "最終分數", "最終分數"),
    "your_discard": ("Your turn: click a tile to discard (arrow keys and Enter)",
                     "輪到你：點一張牌{t_discard}（方向鍵及 Enter）",
                     "輪到你：點一張牌{t_discard}（方向鍵及 Enter）"),
    "your_choice": ("Your choice (number keys)", "請選擇（數字鍵）", "請選擇（數字鍵）"),
    "ai_moving": ("The AI seats are playing", "電腦出牌中", "電腦出牌中"),
    "dropped": ("This game was dropped: too many games were live and it was idle longest",
                "此遊戲已被關閉：同時進行的遊戲太多，而它閒置最久",
                "此遊戲已被關閉：同時進行的遊戲太多，而它閒置最久"),
    "failed": ("The game stopped", "遊戲中止", "遊戲中止"),
    "log_saved": ("Saved as {file}", "已儲存為 {file}", "已儲存為 {file}"),
    "no_log": ("Not saved", "未儲存", "未儲存"),
    "round_wind": ("{t_prevailing_wind}", "{t_prevailing_wind}", "{t_prevailing_wind}"),
    "tiles_left": ("{t_wall}: {n}", "{t_wall}：{n}", "{t_wall}：{n}"),
    "exhaustive": ("{t_exhaustive_draw}", "{t_exhaustive_draw}", "{t_exhaustive_draw}"),
    "winner": ("{who} wins", "{who}{t_win}", "{who}{t_win}"),
    "saved_games": ("Saved games", "已儲存的遊戲", "已儲存的遊戲"),
    "replay": ("Replay", "重播", "重播"),
    "review": ("Review", "覆盤", "覆盤"),
    "upload": ("Open a log", "開啟記錄檔", "開啟記錄檔"),
    "no_logs": ("No saved games yet", "暫未有已儲存的遊戲", "暫未有已儲存的遊戲"),
    "step": ("Step {n} of {total}", "第 {n} 步，共 {total} 步", "第 {n} 步，共 {total} 步"),
    "all_hands": ("All hands", "全部手牌", "全部手牌"),
    "seat_view": ("{who}'s view", "{who}的視角", "{who}的視角"),
    "back": ("Back", "上一步", "上一步"),
    "forward": ("Forward", "下一步", "下一步"),
    "events": ("Moves", "牌局經過", "牌局經過"),
    "scores": ("Scores", "分數", "分數"),
    "bad_request": ("Refused: {message}", "被拒：{message}", "被拒：{message}"),
    "biggest_losses": ("Biggest losses", "最大損失", "最大損失"),
}
CATALOGUE.update({f"web:{k}": _s(en, hk, tw) for k, (en, hk, tw) in _WEB.items()})

#: the CLI's own one-line errors (issue 44): ``error: `` and the exit status are the same in
#: every language; ``{option}``/``{file}`` are what the user typed
_CLI_ERRORS: Final[dict[str, dict[str, str]]] = {
    "err:seats_four": _s("--seats needs four seat kinds separated by commas (got {n})",
                         "--seats 須有四個以逗號分隔的座位類型（現有 {n} 個）"),
    "err:unknown_seat": _s("{option}: unknown seat kind {name}; choose from {kinds}",
                           "{option}：不明座位類型 {name}；可選 {kinds}"),
    "err:backend": _s("--backend must be auto, core, process or ray (got {value})",
                      "--backend 須為 auto、core、process 或 ray（不是 {value}）"),
    "err:address_ray": _s("--address is only for --backend ray", "--address 只用於 --backend ray"),
    "err:needs_extra": _s("{what} needs {package}: pip install 'mahjong_fast[{extra}]'",
                          "{what} 需要 {package}：pip install 'mahjong_fast[{extra}]'"),
    "err:report_needs_out": _s("--report is made from the records file: give --out FILE too",
                               "--report 由紀錄檔製成：請同時給 --out FILE"),
    "err:deals_or_matches": _s("give --deals or --matches, not both", "--deals 與 --matches 只可給一個"),
    "err:match_deals_alone": _s("--match-deals is the length of each match: give --matches N with it",
                                "--match-deals 是每場比賽的局數：請同時給 --matches N"),
    "err:by_matches": _s("--rules {name} is simulated by whole matches: give --matches N",
                         "--rules {name} 以整場比賽模擬：請給 --matches N"),
    "err:out_suffix": _s("{file}: name the file *.parquet (Parquet) or *.jsonl (JSON Lines)",
                         "{file}：檔名須為 *.parquet（Parquet）或 *.jsonl（JSON Lines）"),
    "err:no_folder": _s("{file}: no such folder {folder}", "{file}：沒有資料夾 {folder}"),
    "err:is_folder": _s("{file}: is a folder", "{file}：是資料夾"),
    "err:not_folder": _s("{file}: not a folder", "{file}：不是資料夾"),
    "err:cannot_write": _s("{file}: cannot write it: {why}", "{file}：無法寫入（{why}）"),
    "err:bonus_given_twice": _s("--bonus {value}: a bonus tile given twice (there is one of each)",
                                "--bonus {value}：{t_bonus_tile}重複（每款只有一張）"),
    "err:discarder_self_drawn": _s("--discarder makes no sense with --self-drawn",
                                   "--discarder 不可與 --self-drawn 同用"),
    "err:discarder_winner": _s("--discarder cannot be the winner's own seat",
                               "--discarder 不可是胡牌者自己的座位"),
    "err:resume_drop": _s("--resume takes the ruleset, seats and seed from the log: drop {given}",
                          "--resume 從紀錄取規則、座位及種子：請去掉 {given}"),
    "err:not_a_play_log": _s("{file}: not a game of `mahjong-fast play`; nothing to resume",
                             "{file}：不是 mahjong-fast play 的牌局；無可續玩"),
    "err:no_seed_in_log": _s("{file}: its header names no seed; nothing to resume",
                             "{file}：紀錄開頭沒有種子；無可續玩"),
    "err:top": _s("--top must be 0 or more (got {value})", "--top 須為 0 或以上（不是 {value}）"),
    "err:seat_range": _s("--seat must be 0..3 (got {value})", "--seat 須為 0..3（不是 {value}）"),
    "err:cannot_listen": _s("cannot listen on {addr}: {why}", "無法在 {addr} 監聽（{why}）"),
    "err:log_other_rules": _s("{file}: the log was played under other rules than --rules gives",
                              "{file}：紀錄所用的規則與 --rules 不同"),
    "err:not_records": _s("not a records file that can be reported (docs/records.md)",
                          "不是可製成報告的紀錄檔（見 docs/records.md）"),
}  # fmt: skip
CATALOGUE.update(_CLI_ERRORS)

#: Catalogue keys whose Chinese is our own plain wording (no source gives a term for it): the
#: interface's words and the screens' short sentences; the terms they hold (``{t_KEY}``) are
#: the sourced ones.
OURS: Final[frozenset[str]] = frozenset(CATALOGUE)

#: catalogue keys that are terms of the game: the core's term of that key gives the words
TERM_KEYS: Final[tuple[str, ...]] = (
    "east", "south", "west", "north", "dealer", "seat_wind", "prevailing_wind", "dealer_streak",
    "chow", "pung", "kong", "pair", "concealed_kong", "added_kong", "exposed_kong", "discard",
    "draw", "pass", "win", "self_draw", "deal_in", "robbing_kong", "exhaustive_draw",
    "bonus_tile", "discard_pool", "live_tiles", "waits", "shanten", "ready", "limit_hand", "faan", "tai", "wall",
    "minimum_faan", "minimum_tai", "chow_claim", "pung_claim", "kong_declare",
    "non_dealer", "multiple_winners", "added_kong", "false_win", "win_on_discard", "limit",
)  # fmt: skip


@cache
def term_names() -> dict[str, dict[str, str]]:
    """Every term of the game by key, ``{"en", "zh-HK", "zh-TW"}`` each (the core's data;
    a new dict each call is not needed: treat it as read-only)."""
    return dict(_core.term_names())


@cache
def tile_names() -> tuple[dict[str, str], ...]:
    """The names of tile kinds 0..41 (the core's data), ``{"en", "zh-HK", "zh-TW"}`` each."""
    return tuple(_core.tile_names())


def catalogue() -> dict[str, dict[str, str]]:
    """The whole catalogue: :data:`CATALOGUE` plus the terms of :data:`TERM_KEYS` under
    ``"term:KEY"``; every key has every language of :data:`LANGUAGES`."""
    out = {k: dict(v) for k, v in CATALOGUE.items()}
    terms = term_names()
    for k in TERM_KEYS:
        out[f"term:{k}"] = dict(terms[k])
    return out


def _from_locale(value: str) -> Language | None:
    """The language of a POSIX locale value (``zh_HK.UTF-8`` → zh-HK; ``zh_TW``, ``zh_Hant``
    → zh-TW; ``C``, ``en_US``, a Simplified Chinese locale → en); None for an empty value."""
    v = value.strip()
    if not v:
        return None
    tag = v.split(".")[0].split("@")[0].replace("-", "_").lower()
    if tag in ("zh_hk", "zh_mo", "zh_hant_hk", "zh_hant_mo"):
        return "zh-HK"
    if tag in ("zh_tw", "zh_hant", "zh_hant_tw"):
        return "zh-TW"
    return "en"


def language_from_environment(environ: Mapping[str, str] | None = None) -> Language:
    """The reader's language from the locale: the first set of ``LC_ALL``, ``LC_MESSAGES``
    and ``LANG`` (as POSIX reads them); Hong Kong and Macau Chinese → ``"zh-HK"``, Taiwan's
    (and Traditional Chinese otherwise unplaced) → ``"zh-TW"``, anything else → ``"en"``."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        lang = _from_locale(env.get(var, ""))
        if lang is not None:
            return lang
    return "en"


def resolve_language(lang: str | None) -> Language:
    """``lang`` checked (``en``, ``zh-HK``, ``zh-TW``; case and ``_`` forgiven), or the
    environment's when None; UnknownLanguageError (a ValueError) for another."""
    if lang is None:
        return language_from_environment()
    for known in LANGUAGES:
        if lang.strip().replace("_", "-").lower() == known.lower():
            return known
    raise UnknownLanguageError(f"unknown language {lang!r}: use en, zh-HK or zh-TW")


class Words:
    """The words of one reader's language for one ruleset: ``w("total")`` an interface
    string, ``w.term("self_draw")`` a term of the game, ``w.element(e)`` an element's name,
    ``w.tile("5s")`` a tile's. Terms are in the ruleset's Chinese when the language is
    Chinese (``rules.locale``); without a ruleset, in the reader's."""

    def __init__(self, lang: str | None = "en", rules: Any = None) -> None:
        self.lang: Language = resolve_language(lang)
        locale = getattr(rules, "locale", None) if rules is not None else None
        self.terms_lang: Language = (
            "en" if self.lang == "en" else (locale if locale in LANGUAGES else self.lang)
        )
        self.rules = rules

    @property
    def chinese(self) -> bool:
        return self.lang != "en"

    def __call__(self, key: str, **fields: Any) -> str:
        """The interface string ``key`` (KeyError for a key not in :data:`CATALOGUE`), with
        ``{name}`` fields filled; a field ``{t_KEY}`` is the game's term ``KEY`` in the
        ruleset's words (:meth:`term`)."""
        text = CATALOGUE[key][self.lang]
        if "{t_" in text:
            fields = {**{f"t_{k}": v[self.terms_lang] for k, v in term_names().items()}, **fields}
        return text.format(**fields) if fields else text

    def term(self, key: str) -> str:
        """The game's term ``key`` (of ``term_names()``) in the ruleset's words."""
        return term_names()[key][self.terms_lang]

    def unit(self, unit: str | None = None) -> str:
        """The unit's name (``faan``/``Tai``; 番/台) of ``unit`` or the ruleset's."""
        u = unit or (getattr(self.rules, "unit", None) if self.rules is not None else None) or "faan"
        if self.terms_lang == "en":
            return str(_core.unit_name(u))
        terms = term_names()
        return terms[u][self.terms_lang] if u in terms else u  # the unit's key is its term's

    def element(self, element: Any) -> str:
        """An element's name (an ``Element``, or a ``(code, name)`` pair whose code is looked
        up in the ruleset's names)."""
        names = getattr(element, "names", None)
        if isinstance(names, dict):
            return str(names[self.terms_lang])
        code, name = element[0], element[1]
        if self.rules is not None and self.terms_lang != "en":
            row = self.rules.element_names().get(code)
            if row is not None and row["en"] == name:
                return str(row[self.terms_lang])
        return str(name)

    def tile(self, tile: int | str) -> str:
        """A tile's name by kind 0..41 or code (``"5s"``)."""
        from mahjong_fast.tiles import Tile

        kind = tile if isinstance(tile, int) else Tile(tile).kind
        return tile_names()[kind][self.terms_lang]

    def wind(self, index: int) -> str:
        """The wind of index 0..3 (East, South, West, North)."""
        return self.term(("east", "south", "west", "north")[index])

    def who(self, player: int | None, me: int = 0) -> str:
        """``You`` (你) for ``me``, else ``P1``..``P3``."""
        return "-" if player is None else (self("you") if player == me else f"P{player}")


def kind_name(w: Words, kind: str) -> str:
    """The name of a kind of decision of a review (``discard``, ``claim``, ``kong``, ``win``,
    ``all``): the key itself in English, else the term (打牌/捨牌, 開槓/槓, 食糊/胡) or the
    catalogue's word."""
    if not w.chinese:
        return kind
    term = {"discard": "discard", "kong": "kong_declare", "win": "win"}.get(kind)
    if term is not None:
        return w.term(term)
    return w(kind) if kind in CATALOGUE else kind


def names_markdown(table: str) -> str:
    """The Markdown table of the names of ``table``: a ruleset's or preset's name (its
    elements, by code) or ``"terms"`` (the game's terms, by key); a name that is descriptive in
    a language (no source gives it as the players' term) is marked with ``†``. The tables of
    ``docs/languages.md`` (``scripts/switch_docs.py`` writes them)."""
    from mahjong_fast.rules import Ruleset

    if table == "terms":
        rows, marks, head = term_names(), dict(_core.descriptive_terms()), "Term"
    else:
        rules = Ruleset.from_name(table)
        rows, marks, head = rules.element_names(), rules.descriptive_names(), "Code"

    def cell(key: str, lang: str, text: str) -> str:
        text = text.replace("|", "\\|")
        return f"{text} †" if lang in marks.get(key, ()) else text

    lines = [f"| {head} | English | Hong Kong (zh-HK) | Taiwan (zh-TW) |", "|---|---|---|---|"]
    for key, names in rows.items():
        shown = " | ".join(cell(key, lang, names[lang]) for lang in LANGUAGES)
        lines.append(f"| `{key}` | {shown} |")
    return "\n".join(lines) + "\n"
