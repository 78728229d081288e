"""What every HTML report shares: the page shell (one self-contained file, readable at 390 px),
tables whose cells carry their exact numbers, and plots as inline ``<svg>`` from matplotlib.

Plots are drawn with matplotlib's SVG backend (:class:`matplotlib.figure.Figure`, no pyplot
state) with ``svg.hashsalt`` fixed per plot and no date in the metadata, so the same input
gives the same bytes; text stays text (``svg.fonttype = "none"``). Each plot is a
``<figure>`` whose ``<svg role="img">`` holds a ``<title>`` and a ``<desc>`` (its text
alternative) and whose caption says what is drawn.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

from ..errors import MahjongError
from ..words import LANGUAGES

__all__ = [
    "Html",
    "MissingExtraError",
    "Table",
    "esc",
    "page",
    "plot_svg",
    "plot_words",
    "rep",
    "require_report_extra",
    "tr",
    "tr_words",
]


class MissingExtraError(MahjongError):
    """A report was asked for without the ``report`` extra installed (matplotlib)."""


def require_report_extra() -> None:
    """Raise :class:`MissingExtraError` (one line saying which extra to install) when
    matplotlib or polars cannot be imported."""
    try:
        import matplotlib  # noqa: F401
        import polars  # noqa: F401
    except ImportError:
        raise MissingExtraError(
            "the HTML reports need the 'report' extra: pip install 'mahjong_fast[report]'"
        ) from None


class Html(str):
    """Text that is already HTML (escaped): :class:`Table` and :func:`esc` keep it as it is."""


def esc(text: str) -> str:
    """``text`` escaped for HTML, unless it is :class:`Html` already."""
    return text if isinstance(text, Html) else escape(text)


def tr(texts: Mapping[str, str]) -> Html:
    """A text in every language of the page (``{"en": ..., "zh-HK": ..., "zh-TW": ...}``):
    one ``<span data-lang>`` per language, of which the page shows the chosen one (its CSS;
    its language buttons switch without a reload). The same text in all is plain text."""
    from ..words import LANGUAGES

    shown = [texts.get(lang, texts["en"]) for lang in LANGUAGES]
    if len(set(shown)) == 1:
        return Html(escape(shown[0]))
    return Html(
        "".join(
            f'<span class="l10n" data-lang="{lang}">{escape(text)}</span>'
            for lang, text in zip(LANGUAGES, shown)
        )
    )


def tr_words(rules: Any, make: Callable[[Any], str]) -> Html:
    """:func:`tr` of ``make(words)`` for the :class:`~mahjong_fast.words.Words` of each
    language under ``rules`` (its terms in the ruleset's Chinese): ``tr_words(rules, lambda w:
    w.element(e))``, ``tr_words(None, lambda w: w("total"))``."""
    from ..words import LANGUAGES, Words

    return tr({lang: make(Words(lang, rules)) for lang in LANGUAGES})


def rep(english: str) -> Html:
    """A heading or column name of the reports in every language (the catalogue's
    ``"r:" + english``)."""
    from ..words import CATALOGUE

    return tr(CATALOGUE[f"r:{english}"])


def _language_menu(lang: str) -> str:
    """The page's language menu: one radio button per language (its own name), the page's
    language checked. Choosing another switches the page at once, by CSS alone (no script,
    no reload)."""
    from ..words import LANGUAGES

    own = {"en": "English", "zh-HK": "中文（香港）", "zh-TW": "中文（台灣）"}
    label = tr_words(None, lambda w: w("language"))
    buttons = "".join(
        f'<label><input type="radio" name="lang" id="lang-{code}" value="{code}"'
        f'{" checked" if code == lang else ""}> <span lang="{code}">{own[code]}</span></label>'
        for code in LANGUAGES
    )
    return f'<p class="langs" role="radiogroup" aria-label="Language">{label}: {buttons}</p>'


#: shows the chosen language's spans: the checked button's (``:has``), else the page's own
_LANG_CSS = """
.l10n{display:none}
body:has(#lang-en:checked) .l10n[data-lang="en"],
body:has(#lang-zh-HK:checked) .l10n[data-lang="zh-HK"],
body:has(#lang-zh-TW:checked) .l10n[data-lang="zh-TW"]{display:inline}
@supports not selector(:has(a)){html[data-lang="en"] .l10n[data-lang="en"],
html[data-lang="zh-HK"] .l10n[data-lang="zh-HK"],
html[data-lang="zh-TW"] .l10n[data-lang="zh-TW"]{display:inline}}
.langs{margin:.2em 0;font-size:.9em;display:flex;flex-wrap:wrap;gap:.2em .8em}
"""

_CSS = """
*{box-sizing:border-box}
body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;
max-width:960px;padding:12px;color:#1d2733;background:#fff}
h1{font-size:1.5em;margin:.3em 0}h2{font-size:1.2em;margin:1.4em 0 .4em}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;margin:.4em 0;font-variant-numeric:tabular-nums}
th,td{padding:.25em .6em;border-bottom:1px solid #d6d2c8;text-align:right;white-space:nowrap}
th:first-child,td:first-child,td.t{text-align:left}
caption{text-align:left;font-weight:600;padding:.2em 0}
figure{margin:1em 0}figcaption{font-size:.9em;color:#4a4f57}
svg{max-width:100%;height:auto}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.15em .8em;margin:.4em 0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.note{font-size:.9em;color:#4a4f57}
"""


class Table:
    """An HTML table built row by row; each numeric cell keeps its exact value in
    ``data-value`` (what the browser tests compare) and shows it formatted."""

    def __init__(self, caption: str, headers: Sequence[str], *, name: str) -> None:
        """``caption`` and ``headers``: text, or :class:`Html` (``tr(...)`` in every
        language)."""
        self.caption = caption
        self.headers = list(headers)
        self.name = name
        self.rows: list[str] = []

    def row(self, cells: Sequence[tuple[str, Any, str] | str]) -> None:
        """One row: a str is a text cell; ``(key, value, shown)`` a number cell whose
        ``data-key`` is key and ``data-value`` the exact ``repr`` of value."""
        out = []
        for cell in cells:
            if isinstance(cell, str):
                out.append(f'<td class="t">{esc(cell)}</td>')
            else:
                key, value, shown = cell
                out.append(
                    f'<td data-key="{escape(key, quote=True)}" '
                    f'data-value="{escape(repr(value), quote=True)}">{escape(shown)}</td>'
                )
        self.rows.append("<tr>" + "".join(out) + "</tr>")

    def html(self) -> str:
        head = "".join(f'<th scope="col">{esc(h)}</th>' for h in self.headers)
        return (
            f'<div class="scroll"><table data-table="{escape(self.name, quote=True)}">'
            f"<caption>{esc(self.caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(self.rows)}</tbody></table></div>"
        )


_XML_HEAD = re.compile(r"^.*?(?=<svg)", re.DOTALL)


def plot_svg(
    name: str,
    title: str,
    alt: str,
    draw: Callable[[Any], None],
    *,
    size: tuple[float, float] = (6.4, 3.6),
    data: str | Mapping[str, str] | None = None,
    rules: Any = None,
    unit: str | None = None,
    lead: str | None = None,
    fields: Mapping[str, str | Mapping[str, str]] | None = None,
) -> str:
    """One plot as a ``<figure>`` holding an inline ``<svg>``.

    Args:
        name: a short id, unique in the page (``data-plot`` and the hash salt of its ids).
        title: the plot's title (drawn, and the svg's ``<title>``).
        alt: the text alternative (the svg's ``<desc>`` and the caption): what it shows, in
            words, with the numbers a reader needs.
        draw: ``draw(ax)`` draws on one matplotlib Axes; it sets the axis labels with units.
        size: figure size in inches (width, height).
        data: the caption's numbers in no language's words (``P0 +1.20 [0.1, 2.3]``), or
            by language (``{"zh-HK": ..., "zh-TW": ...}``): a Chinese caption is the plot's
            title, then these.
        rules: the ruleset whose terms the Chinese words use (:func:`plot_words`).
        unit: the unit's English name where a label holds it (``value of the win (faan)``).
        lead: the catalogue key (``"cap:..."``) of what the caption says before its numbers:
            the English caption's prose said short in each Chinese (its ``{unit}`` the
            ruleset's unit, ``{t_KEY}`` the game's terms, other fields from ``fields``); a
            Chinese caption without it is the plot's title. A field's value is one text, or
            one per language.

    Every text drawn (title, axis labels, tick labels) that the catalogue holds as
    ``"plot:" + its English`` is written in every language, the page's language buttons
    showing one (:func:`plot_words`); the caption too (in Chinese its ``lead``, then the
    numbers). The ``<title>`` and ``<desc>`` stay English: they are one text each (an svg
    element holds no per-language spans, and a screen reader reads the page's visible caption
    in the chosen language), so a page's bytes do not depend on the language it opens in.

    Returns:
        ``<figure data-plot=name><svg ...>...</svg><figcaption>alt</figcaption></figure>``.
    """
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context(
        {"svg.hashsalt": f"mahjong_fast-{name}", "svg.fonttype": "none", "font.size": 10}
    ):
        fig = Figure(figsize=size, layout="constrained")
        ax = fig.add_subplot()
        draw(ax)
        ax.set_title(title)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    svg = _XML_HEAD.sub("", buf.getvalue(), count=1)
    known = plot_words(rules, unit)
    titles = known.get(title, dict.fromkeys(LANGUAGES, title))
    if lead is not None:
        from ..words import Words

        def said(lang_: str) -> str:
            w = Words(lang_, rules)
            given = {k: v if isinstance(v, str) else v[lang_] for k, v in (fields or {}).items()}
            return w(lead, **{"unit": w.unit(), **given})

        titles = {lang_: said(lang_) for lang_ in LANGUAGES}
    numbers = {lang_: (data if isinstance(data, str) else (data or {}).get(lang_, ""))
               for lang_ in LANGUAGES}  # fmt: skip
    alts: dict[str, str] = {
        lang_: alt if lang_ == "en" else (
            f"{titles[lang_]}：{numbers[lang_]}" if numbers[lang_] else titles[lang_])
        for lang_ in LANGUAGES
    }  # fmt: skip
    svg = _TEXT.sub(lambda m: _drawn_text(m, known), svg)
    # the text alternative: role, title and desc right after the opening tag
    end = svg.index(">") + 1
    svg = svg[:end].replace(
        "<svg ", f'<svg role="img" aria-labelledby="{name}-t {name}-d" ', 1
    ) + svg[end:]
    end = svg.index(">") + 1
    svg = (
        svg[:end]
        + f'<title id="{name}-t">{escape(title)}</title><desc id="{name}-d">{escape(alt)}</desc>'
        + svg[end:]
    )
    return (
        f'<figure data-plot="{escape(name, quote=True)}">{svg.strip()}'
        f"<figcaption>{tr(alts)}</figcaption></figure>"
    )


_TEXT = re.compile(r"(<text\b[^>]*>)([^<]*)</text>")


def _drawn_text(m: re.Match[str], known: Mapping[str, Mapping[str, str]]) -> str:
    """A drawn ``<text>`` in every language (one ``<tspan class="l10n">`` each, the page's
    CSS showing the chosen one) when the catalogue has its words; else as it was."""
    from html import unescape

    texts = known.get(unescape(m[2]))
    if texts is None or len(set(texts.values())) == 1:
        return m[0]
    spans = "".join(
        f'<tspan class="l10n" data-lang="{lang}">{escape(texts[lang])}</tspan>'
        for lang in LANGUAGES
    )
    return f"{m[1]}{spans}</text>"


def plot_words(rules: Any = None, unit: str | None = None) -> dict[str, dict[str, str]]:
    """The plots' words: English text → its text in every language, from the catalogue's
    ``"plot:"`` entries, the game's terms in ``rules``' words; a ``{unit}`` field is ``unit``
    in English and the ruleset's unit (番, 台) in Chinese."""
    from ..words import CATALOGUE, Words

    out: dict[str, dict[str, str]] = {}
    by_lang = {lang: Words(lang, rules) for lang in LANGUAGES}
    for key, texts in CATALOGUE.items():
        if not key.startswith("plot:"):
            continue
        if "{unit}" in texts["en"] and unit is None:
            continue
        row: dict[str, str] = {
            lang: w(key, unit=(unit if lang == "en" else w.unit()) or "")
            for lang, w in by_lang.items()
        }
        out[row["en"]] = row
    return out


def page(title: str, body: Sequence[str], *, lang: str = "en", css: str = "") -> str:
    """The whole HTML document: inline CSS (the shared rules, then ``css``), nothing loaded
    from anywhere else. ``lang`` (``en``, ``zh-HK``, ``zh-TW``) is the language it opens in;
    its language buttons switch to another without a reload and without a script (the
    texts made with :func:`tr`, by CSS). Chinese
    is drawn with the system's fonts (no web font)."""
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}" data-lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_CSS}{_LANG_CSS}{css}</style></head>\n<body>\n"
        + _language_menu(lang)
        + "\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )
