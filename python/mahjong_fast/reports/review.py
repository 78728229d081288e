"""A review as one self-contained HTML page (``mahjong-fast review LOG --html FILE``).

The page is built from the same :class:`~mahjong_fast.review.Review` that ``review --json``
prints (deals numbered as it numbers them), never from a second review. It shows:

- the whole log's summary and one row per deal: decisions, agreement with the expert, the
  estimated loss and a **rating** out of 100 (:func:`rating`);
- a loss-per-turn chart (mean loss per decision by tiles left in the wall, inline SVG);
- the biggest losses first, each linking to its decision;
- every decision: the seat's concealed tiles drawn (by
  :func:`mahjong_fast.render.tiles_svg.row_script`, the renderer's own script over its
  ``<symbol>`` faces), the move played beside the expert's, both expected points and the loss
  as a bar. A row carries only its hand's notation (which stays its drawing's text
  alternative); the page's script draws the rows of each group of :data:`CHUNK` when the group
  comes near the screen, so a log of thousands of decisions stays small and opens quickly.

A filter by deal and by kind of decision and a "show only where I differed" toggle work in the
page itself (a few lines of inline script; nothing is loaded from anywhere). The same script
relabels the filter menus and the counter when a language button is chosen (an ``<option>``
holds text only, so the buttons' CSS cannot switch it).
"""

from __future__ import annotations

import functools
from html import escape
from typing import TYPE_CHECKING, Any

import numpy as np

from ..words import CATALOGUE, LANGUAGES, Words, kind_name
from ._page import Html, Table, page, plot_svg, require_report_extra, tr, tr_words

if TYPE_CHECKING:
    from ..review import Review, Summary

__all__ = ["rating", "review_report_html"]

#: points of mean loss per decision at which the rating's loss factor halves
RATING_SCALE = 10.0

#: rows per ``<tbody>``: the unit the page's script draws when it comes near the screen
CHUNK = 64

_SCRIPT = """
(function(){
var deal=document.getElementById('f-deal'),kind=document.getElementById('f-kind'),
diff=document.getElementById('f-diff'),rows=document.querySelectorAll('tr.dec'),
count=document.getElementById('f-count');
function apply(){var d=deal.value,k=kind.value,o=diff.checked,n=0;
for(var i=0;i<rows.length;i++){var r=rows[i];
var show=(d===''||r.dataset.deal===d)&&(k===''||r.dataset.kind===k)&&(!o||r.dataset.agreed==='0');
r.hidden=!show;if(show)n++;}
count.textContent=said(count).replace('{n}',n);}
function lang(){var c=document.querySelector('input[name=lang]:checked');
return c?c.value:(document.documentElement.dataset.lang||'en');}
function said(e){var t=e.getAttribute('data-'+lang().toLowerCase());
return t===null?e.getAttribute('data-en'):t;}
function relabel(){var os=document.querySelectorAll('#f-deal option,#f-kind option');
for(var i=0;i<os.length;i++)os[i].textContent=said(os[i]);apply();}
deal.addEventListener('change',apply);kind.addEventListener('change',apply);
diff.addEventListener('change',apply);
var ls=document.querySelectorAll('input[name=lang]');
for(var i=0;i<ls.length;i++)ls[i].addEventListener('change',relabel);relabel();
var names={},ks=document.getElementById('kind-names').content.children;
for(var i=0;i<ks.length;i++)names[ks[i].dataset.k]=ks[i].innerHTML;
function draw(b){var cs=b.querySelectorAll('td.hand'),i,c;
for(i=0;i<cs.length;i++){c=cs[i];c.innerHTML=mfRow(c.textContent);}
cs=b.querySelectorAll('td.kind');
for(i=0;i<cs.length;i++){c=cs[i];if(names[c.textContent])c.innerHTML=names[c.textContent];}}
var groups=document.querySelectorAll('tbody.decs');
if(!('IntersectionObserver' in window)){groups.forEach(draw);return;}
var io=new IntersectionObserver(function(es){es.forEach(function(e){
if(e.isIntersecting){draw(e.target);io.unobserve(e.target);}});},{rootMargin:'1500px 0px'});
groups.forEach(function(b){io.observe(b);});
})();
"""

_CSS_EXTRA = (
    ".bar{display:inline-block;height:.7em;background:#b3261e;vertical-align:middle}"
    ".agree td{color:#4a4f57}.filters{display:flex;flex-wrap:wrap;gap:.6em;align-items:center;"
    "margin:.5em 0}.hand svg{height:44px;width:auto;max-width:none}td.hand{white-space:normal}"
)


def rating(summary: Summary) -> float:
    """The rating of some decisions out of 100: ``100 × agreement × S / (S + loss per
    decision)`` with ``S`` = :data:`RATING_SCALE` (10 points): 100 when every decision is the
    expert's; halved by agreeing half the time, or by losing 10 expected points per decision.
    100 without decisions."""
    if summary.decisions == 0:
        return 100.0
    per = max(0.0, summary.loss) / summary.decisions
    return 100.0 * summary.agreement * RATING_SCALE / (RATING_SCALE + per)


def _pts(v: float | None) -> str:
    return "–" if v is None else f"{v:+.2f}"


def _said_attrs(texts: dict[str, str]) -> str:
    """``data-en``, ``data-zh-hk``, ``data-zh-tw``: what the page's script shows in each
    language (a menu's ``<option>`` holds text only, so the language buttons' CSS cannot switch
    it: the script does, when a button is chosen)."""
    return "".join(f' data-{k.lower()}="{escape(v)}"' for k, v in texts.items())


def _option(value: str, texts: dict[str, str], lang: str) -> str:
    """A filter menu's ``<option>``: its text in the page's language, all three for the
    script."""
    return f'<option value="{escape(value)}"{_said_attrs(texts)}>{escape(texts[lang])}</option>'


def _kind_name(w: Any, *, kind: str) -> str:
    return kind_name(w, kind)


def _rules_of(name: str) -> Any:
    """The ruleset a review names (its terms' Chinese), None where it names none known."""
    from ..rules import Ruleset

    try:
        return Ruleset.from_name(name)
    except ValueError:
        return None


def review_report_html(review: Review, *, top: int = 10, lang: str = "en") -> str:
    """The HTML page of a review.

    Args:
        review: what :func:`mahjong_fast.review.review_log` returned.
        top: how many of the biggest losses to list first (>= 0).
        lang: the language it opens in (``en``, ``zh-HK``, ``zh-TW``); its language
            buttons switch.

    Returns:
        The whole document as a str; the same review gives the same string.

    Raises:
        MissingExtraError: matplotlib (the ``report`` extra) is not installed.
    """
    require_report_extra()
    from ..render.tiles_svg import row_script, symbols
    from ..review import KINDS

    who = "you" if review.seat_name == "human" else f"P{review.seat}"
    rules = _rules_of(review.ruleset)
    s = review.summary
    def col(name: str) -> Html:
        return tr_words(None, lambda w: w(f"col:{name}"))

    deals = Table(tr({"en": "Per deal (rating out of 100: see the note)",
                      **{k: v for k, v in CATALOGUE["per_deal"].items() if k != "en"}}),
                  [col(c) for c in ("deal", "index", "seat", "decisions", "agreement", "loss",
                                    "rating")],
                  name="deals")  # fmt: skip
    for dr in review.deals:
        ds = dr.summary
        deals.row([
            ("deal", dr.deal, str(dr.deal)),
            ("deal_index", dr.deal_index, str(dr.deal_index)),
            dr.seat_name,
            ("decisions", ds.decisions, str(ds.decisions)),
            ("agreement", ds.agreement, f"{ds.agreement:.0%}" if ds.decisions else "–"),
            ("loss", ds.loss, f"{ds.loss:.2f}"),
            ("rating", rating(ds), f"{rating(ds):.0f}"),
        ])  # fmt: skip
    kinds = Table(tr({"en": "Per kind of decision (whole log)",
                      **{k: v for k, v in CATALOGUE["per_kind"].items() if k != "en"}}),
                  [col(c) for c in ("kind", "decisions", "agreed", "agreement", "loss")],
                  name="kinds")  # fmt: skip
    for kind in KINDS:
        k = s.by_kind[kind]
        kinds.row([tr_words(rules, functools.partial(_kind_name, kind=kind)),
                   ("decisions", k.decisions, str(k.decisions)),
                   ("agreed", k.agreed, str(k.agreed)),
                   ("agreement", k.agreement, f"{k.agreement:.0%}" if k.decisions else "–"),
                   ("loss", k.loss, f"{k.loss:.2f}")])  # fmt: skip

    decisions = review.decisions
    left = np.array([d.remaining for d in decisions], dtype=np.int64)
    loss = np.array([d.loss or 0.0 for d in decisions], dtype=np.float64)

    def draw_loss(ax: Any) -> None:
        if left.size:
            bucket = (left // 10) * 10
            keys = np.unique(bucket)
            means = [float(loss[bucket == k].mean()) for k in keys]
            ax.bar(keys + 5, means, width=8, color="#b3261e")
            ax.invert_xaxis()
        ax.set_xlabel("tiles left in the wall at the decision (groups of 10)")
        ax.set_ylabel("mean loss per decision (expected points)")

    plot = plot_svg(
        "loss-per-turn", "Loss per turn",
        f"Mean estimated loss per decision of {who} against the expert, by tiles left in the "
        f"wall: {s.decisions} decisions, total loss {s.loss:.2f} expected points.",
        draw_loss, rules=rules, lead="cap:loss_per_turn",
        fields={"who": {"en": who, **{k: v for k, v in CATALOGUE["you"].items() if k != "en"}}
                if who == "you" else who},
        data={lang_: f"{CATALOGUE['decisions'][lang_]} {s.decisions}，"
              f"{CATALOGUE['estimated_loss'][lang_]} {s.loss:.2f}" for lang_ in ("zh-HK", "zh-TW")},
    )  # fmt: skip

    biggest = review.biggest_losses(top)
    kinds_shown = {k: tr_words(rules, functools.partial(_kind_name, kind=k)) for k in KINDS}

    def loss_item(d: Any) -> str:
        loss = "unrated" if d.loss is None else f"{d.loss:.2f}"
        zh = {
            lang_: f"{CATALOGUE['deal_n'][lang_].format(n=d.deal)}，"
            f"{CATALOGUE['col:line'][lang_]} {d.line}"
            for lang_ in ("zh-HK", "zh-TW")
        }
        link = tr({"en": f"deal {d.deal}, line {d.line}", **zh})
        said = {
            lang_: f" — {CATALOGUE['col:played'][lang_]} {d.made}，"
            f"{CATALOGUE['col:expert'][lang_]} {d.expert}，{CATALOGUE['col:loss'][lang_]} {loss}"
            for lang_ in ("zh-HK", "zh-TW")
        }
        rest = tr({"en": f" — played {d.made}, expert {d.expert}, loss {loss}", **said})
        return (f'<li><a href="#d{d.deal}-l{d.line}">{link}</a>: '
                f"{kinds_shown.get(d.kind, escape(d.kind))}{rest}</li>")  # fmt: skip

    top_items = "".join(loss_item(d) for d in biggest)
    worst = max([d.loss or 0.0 for d in decisions] + [1e-9])
    rows = []
    for d in decisions:
        bar = 0.0 if d.loss is None else max(0.0, d.loss) / worst
        rows.append(
            f'<tr class="dec{"" if not d.agreed else " agree"}" id="d{d.deal}-l{d.line}" '
            f'data-deal="{d.deal}" data-kind="{escape(d.kind)}" data-agreed="{int(d.agreed)}">'
            f"<td>{d.deal}</td><td>{d.line}</td><td>{d.remaining}</td>"
            f'<td class="t kind">{escape(d.kind)}</td>'
            f'<td class="t hand">{escape(d.hand)}</td>'
            f'<td class="t">{escape(d.made)}</td>'
            f"<td>{_pts(d.made_value)}</td>"
            f'<td class="t">{escape(d.expert)}</td>'
            f"<td>{_pts(d.expert_value)}</td>"
            f'<td data-key="loss" data-value="{d.loss!r}">'
            f"{'unrated' if d.loss is None else f'{d.loss:.2f}'}"
            + (f' <span class="bar" style="width:{3 * bar:.2f}em"></span>' if bar > 0 else "")
            + "</td></tr>"
        )
    words = {lang_: Words(lang_, rules) for lang_ in LANGUAGES}
    deal_options = "".join(
        _option(str(dr.deal), {lang_: w("filter_deal_n", n=dr.deal) for lang_, w in words.items()},
                lang)
        for dr in review.deals
    )  # fmt: skip
    kind_options = "".join(
        _option(k, {lang_: kind_name(w, k) for lang_, w in words.items()}, lang) for k in KINDS
    )
    every = _option("", {lang_: w("all") for lang_, w in words.items()}, lang)
    shown_n = _said_attrs({lang_: w("filter_shown") for lang_, w in words.items()})
    differed = tr({"en": f"show only where {'I' if who == 'you' else who} differed",
                   **{k: v for k, v in CATALOGUE["only_differed"].items() if k != "en"}})
    filters = (
        f'<div class="filters"><label>{tr(CATALOGUE["filter_deal"])} <select id="f-deal">'
        f"{every}{deal_options}</select></label><label>{tr(CATALOGUE['filter_kind'])} "
        f'<select id="f-kind">{every}{kind_options}</select></label>'
        f'<label><input type="checkbox" id="f-diff"> {differed}</label>'
        f'<span id="f-count" class="note"{shown_n}></span></div>'
    )
    table = (
        '<div class="scroll"><table data-table="decisions">'
        f"<caption>{tr(CATALOGUE['every_decision'])}</caption>"
        "<thead><tr>"
        + "".join(f'<th scope="col">{col(h)}</th>' for h in (
            "deal", "line", "left", "kind", "hand (concealed tiles)", "played", "pts", "expert",
            "pts", "loss"))
        + "</tr></thead>"
        + "".join(f'<tbody class="decs">{"".join(rows[i:i + CHUNK])}</tbody>'
                  for i in range(0, len(rows), CHUNK))
        + "</table></div>"
    )
    names = "/".join(dict.fromkeys(dr.seat_name for dr in review.deals))
    title = f"Review of P{review.seat} ({names}), {review.ruleset}"
    heading = tr({"en": title, **{
        lang_: f"{CATALOGUE['review_of'][lang_]} P{review.seat}（{names}），{review.ruleset}"
        for lang_ in ("zh-HK", "zh-TW")}})  # fmt: skip
    summary_zh = {
        lang_: f"{CATALOGUE['decisions'][lang_]} {s.decisions}，{CATALOGUE['agreement'][lang_]} "
        f"{s.agreement:.0%}，{CATALOGUE['estimated_loss'][lang_]} {s.loss:.2f}，"
        f"{CATALOGUE['rating'][lang_]} {rating(s):.0f}/100。"
        for lang_ in ("zh-HK", "zh-TW")
    }

    def h2(key: str, english: str) -> str:
        return f"<h2>{tr({'en': english, **{k: v for k, v in CATALOGUE[key].items() if k != 'en'}})}</h2>"

    body = [
        (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
        f"{symbols()}</svg>"),
        f"<h1>{heading}</h1>",
        ('<p class="note" data-key="summary">' + tr({"en": (
         f"{s.decisions} decisions in {len(review.deals)} "
         f"deal(s), {s.agreement:.0%} as the expert, estimated loss {s.loss:.2f} expected "
         f"points, rating {rating(s):.0f}/100. Values are the expert's expected points for the "
         "rest of the deal from the seat's view at the moment; the loss is the expert's value "
         "minus the value of the move played. Rating = 100 × agreement × 10 / (10 + loss per "
         "decision)."), **summary_zh}) + "</p>"),
        h2("r:Deals", "Deals"), deals.html(), kinds.html(),
        h2("loss_per_turn", "Loss per turn"), plot,
        f"{h2('biggest_losses', 'Biggest losses')}<ol>{top_items}</ol>",
        h2("decisions_heading", "Decisions"), filters, table,
        '<template id="kind-names">'
        + "".join(f'<span data-k="{k}">{kinds_shown[k]}</span>' for k in KINDS)
        + "</template>",
        f"<script>{row_script('mfRow')}{_SCRIPT}</script>",
    ]  # fmt: skip
    return page(title, body, css=_CSS_EXTRA, lang=lang)
