"""``--help`` in the reader's language (issue 44).

The commands declare their help in English (typer builds it from the functions' text). When
the command tree is built for a Chinese reader, :func:`localize` puts the catalogue's words in
place of that English: each command's summary (``"help:COMMAND"``), each option's and
argument's help (``"help:COMMAND:--OPTION"``, else ``"help:--OPTION"``), typer's own headings
and ``--help``'s line. Every command of the app is walked, so a command added later gets its
help the same way from its keys in :mod:`mahjong_fast.words` alone; a text the catalogue has
no key for stays English. In English nothing is touched: the help is typer's, byte for byte.

The language is the command line's ``--lang`` when it names a known one, else the locale's
(the help is printed while the command line is parsed, before ``--lang`` is read)."""

from __future__ import annotations

import unicodedata
from typing import Any

#: the program's own name: the key of its summary (``"help:mahjong-fast"``)
PROGRAM = "mahjong-fast"


def param_name(param: Any) -> str:
    """How a parameter is named in its catalogue key: an option by its first long name
    (``--win``), an argument by its name (``hand``)."""
    opts = [o for o in getattr(param, "opts", ()) if o.startswith("--")]
    if getattr(param, "param_type_name", "") == "argument" or not opts:
        return str(param.name)
    return str(opts[0])


def help_keys(command: str, param: Any | None = None) -> tuple[str, ...]:
    """The catalogue keys that may hold the help of ``param`` of ``command`` (its own first,
    then the one every command shares), or of ``command`` itself when ``param`` is None."""
    if param is None:
        return (f"help:{command}",)
    name = param_name(param)
    return (f"help:{command}:{name}", f"help:{name}")


def help_fields(lang: str) -> dict[str, str]:
    """The fields of the help strings in ``lang``: ``{default}``/``{others}``, the ruleset
    names ``--rules`` takes, and ``{switches}``, every family's switches (``--rule``)."""
    from ..rules import presets, switch_values
    from ..words import CATALOGUE

    names = presets()
    sep, colon = ("; ", ": ") if lang == "en" else ("；", "：")

    def family(name: str) -> str:
        key = f"family:{name}"
        return CATALOGUE[key][lang] if key in CATALOGUE else name

    switches = sep.join(f"{family(f)}{colon}{items}" for f, items in switch_values())
    return {"default": names[0], "others": ", ".join(names[1:]), "switches": switches}


def localize(group: Any, lang: str) -> None:
    """Put ``lang``'s help in place of the English in the command tree ``group`` (the click
    group typer built); nothing in English."""
    from ..words import CATALOGUE, Words

    w = Words(lang)
    _typer_words(w.lang)
    if not w.chinese:
        return
    fields = help_fields(lang)

    def say(keys: tuple[str, ...]) -> str | None:
        for key in keys:
            if key in CATALOGUE:
                return str(w(key, **fields))
        return None

    commands: list[tuple[str, Any]] = [(PROGRAM, group)]
    commands += list(getattr(group, "commands", {}).items())
    for name, command in commands:
        summary = say(help_keys(name))
        if summary is not None:
            command.help = summary
            command.short_help = summary
        for param in command.params:
            text = say(help_keys(name, param))
            if text is not None and getattr(param, "help", None) is not None:
                param.help = text
        _help_option(command, say(("help:--help",)))
        _usage(command, CATALOGUE["help:_Usage: "][lang])
        _wide_wrapping(command)


def _help_option(command: Any, text: str | None) -> None:
    """``--help``'s own line (made by click when asked for) in the reader's words."""
    made = command.get_help_option

    def get_help_option(ctx: Any) -> Any:
        option = made(ctx)
        if option is not None and text is not None:
            option.help = text
        return option

    command.get_help_option = get_help_option


def _usage(command: Any, prefix: str) -> None:
    """The usage line with the reader's word for "Usage: "."""

    def format_usage(ctx: Any, formatter: Any) -> None:
        pieces = command.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix)

    command.format_usage = format_usage


#: typer's own gettext, kept while the catalogue's stands in for it
_typer_gettext: list[Any] = []


def _typer_words(lang: str) -> None:
    """typer's own words in its help (the headings Arguments, Options, Commands; ``default:``,
    ``required``), which it looks up through gettext: the catalogue's ``"help:_" + text`` in
    ``lang``, any other text as it is; typer's own again in English."""
    try:
        from typer import core
    except ImportError:  # pragma: no cover - depends on the installed typer
        return
    from ..words import CATALOGUE

    names = vars(core)  # typer's module, whose gettext is its global "_"
    if not callable(names.get("_")):  # pragma: no cover - another typer
        return
    if not _typer_gettext:
        _typer_gettext.append(names["_"])
    if lang == "en":
        names["_"] = _typer_gettext[0]
        return

    def gettext(message: str) -> str:
        key = f"help:_{message}"
        return CATALOGUE[key][lang] if key in CATALOGUE else str(_typer_gettext[0](message))

    names["_"] = gettext


# --------------------------------------------------------------------------- wrapping Chinese

#: punctuation that never starts a line (it stays with the character before it) and that
#: never ends one (it goes with the character after it)
_NO_LINE_START = set("，。、；：？！）」』》〉…％,.;:)]")
_NO_LINE_END = set("（「『《〈([")


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: a wide (CJK) character two, any other one."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def _pieces(text: str) -> list[str]:
    """``text`` cut where a line may break: between words, and between two Chinese characters
    (punctuation kept with the character it belongs to); spaces are pieces of their own."""
    pieces: list[str] = []
    bracket = False  # typer's "[default: ...]" after a help is never cut
    for c in text:
        wide = display_width(c) == 2
        last = pieces[-1] if pieces else ""
        joins = bool(last) and (bracket or not last.isspace() and not c.isspace() and (
            c in _NO_LINE_START
            or last[-1] in _NO_LINE_END
            or (not wide and display_width(last[-1]) == 1)
        ))  # fmt: skip
        if joins:
            pieces[-1] += c
        else:
            pieces.append(c)
        bracket = (bracket or c == "[") and c != "]"
    return pieces


def wrap_wide(text: str, width: int) -> list[str]:
    """``text`` (one paragraph) in lines of at most ``width`` columns, a Chinese character
    counted as two; a word longer than a line is cut."""
    lines: list[str] = []
    line = ""
    for piece in _pieces(" ".join(text.split())):
        if piece.isspace():
            if line:
                line += " "
            continue
        while display_width(piece) > width:  # a word longer than a line: cut it
            if line.strip():
                lines.append(line.rstrip())
                line = ""
            cut = 0
            while display_width(piece[: cut + 1]) <= width:
                cut += 1
            lines.append(piece[:cut])
            piece = piece[cut:]
        if display_width(line + piece) > width and line.strip():
            lines.append(line.rstrip())
            line = ""
        line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _wide_wrapping(command: Any) -> None:
    """The help of ``command`` wrapped by the columns its characters take: typer counts a
    Chinese character as one column, so its lines of Chinese ran twice as wide as the
    terminal. Each text is wrapped here and handed on as a block typer keeps as it is."""
    context = command.context_class
    base = context.formatter_class

    class WideFormatter(base):  # type: ignore[misc,valid-type]
        def write_text(self, text: str) -> None:
            width = max(self.width - self.current_indent, 11)
            paragraphs = [p for p in text.split("\n\n") if p.strip()]
            super().write_text("\n\n".join(_kept(wrap_wide(p, width)) for p in paragraphs))

        def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
            rows = list(rows)
            first = min(max((display_width(r[0]) for r in rows), default=0), col_max)
            width = max(self.width - first - col_spacing - 2, 10)
            rows = [(r[0], _kept(wrap_wide(r[1], width)) if r[1] else r[1]) for r in rows]
            super().write_dl(rows, col_max, col_spacing)

    command.context_class = type("WideContext", (context,), {"formatter_class": WideFormatter})


def _kept(lines: list[str]) -> str:
    """Lines typer prints as they are (a paragraph that starts with a ``\\b`` line)."""
    return "\b\n" + "\n".join(lines)
