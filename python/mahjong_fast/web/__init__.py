"""``mahjong-fast serve``: a local web app in which a person plays Hong Kong or Taiwanese deals
and matches against three AI seats (the optional extra ``web``: Starlette on uvicorn).

The server drives the core's deal and match (:func:`mahjong_fast.game.match.play_match`, one
thread per live game whose human seat waits for the page); the page receives only the view of
the human's seat (rules §14) and the legal actions, and sends back a choice that the engine
checks. No rule is written in JavaScript. HTML, CSS and JavaScript are package data
(``web/static``): nothing is downloaded at run time and nothing is built.
"""

from __future__ import annotations

from ..errors import MahjongError

__all__ = ["MissingWebExtraError", "require_web_extra"]

#: the one line ``serve`` prints when the extra is missing
INSTALL_HINT = "the web app needs the 'web' extra: pip install 'mahjong_fast[web]'"


class MissingWebExtraError(MahjongError):
    """Starlette or uvicorn cannot be imported (the ``web`` extra is not installed)."""


def require_web_extra() -> None:
    """Raise :class:`MissingWebExtraError` (one line saying what to install) when Starlette or
    uvicorn cannot be imported."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise MissingWebExtraError(INSTALL_HINT) from None
