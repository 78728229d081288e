"""Self-contained HTML reports: the arena's (:func:`arena_report_html`), a simulation's
records (:func:`records_report_html`) and a review's (:func:`review_report_html`).

They need the ``report`` extra (``pip install 'mahjong_fast[report]'``: matplotlib draws the
plots as inline SVG); without it they raise :class:`MissingExtraError`, a
:class:`~mahjong_fast.errors.MahjongError` whose one-line message names the extra. Each page
is one file that works offline from ``file://``: inline CSS, inline ``<svg>``, nothing
fetched (the review's filters are a few lines of inline script). The same input gives the same bytes.
"""

from __future__ import annotations

from ._page import MissingExtraError
from .arena import arena_report_html
from .records import RecordsError, records_aggregates, records_report_html
from .review import review_report_html

__all__ = [
    "MissingExtraError",
    "RecordsError",
    "arena_report_html",
    "records_aggregates",
    "records_report_html",
    "review_report_html",
]
