"""``serve``: the local web app (play, replay and review in the browser; the ``web`` extra)."""

from __future__ import annotations

import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Annotated

import typer

from .common import EXIT_INTERRUPTED, LangOption, _error, app, language

#: the address ``serve`` binds unless ``--host`` says otherwise
LOCAL_HOST = "127.0.0.1"


@app.command()
def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to bind (anything but 127.0.0.1 is warned of).")
    ] = LOCAL_HOST,
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")] = 8765,
    no_browser: Annotated[
        bool, typer.Option("--no-browser", help="Do not open the page in a browser.")
    ] = False,
    logs: Annotated[
        Path,
        typer.Option(
            "--logs",
            help="Directory of the saved games (created if missing; one log per game, never "
            "overwritten; what `play --log` writes).",
        ),
    ] = Path("mahjong-fast-logs"),
    lang: LangOption = None,
) -> None:
    """Play Hong Kong or Taiwanese deals and matches against three AI seats in the browser.

    Starts a local web server (Ctrl-C stops it) and opens its page. Needs the extra
    ``web``: pip install 'mahjong_fast[web]'."""
    from ..web import INSTALL_HINT

    try:
        import uvicorn

        from ..web.app import create_app
    except ImportError:
        raise _error(INSTALL_HINT, key="err:needs_extra", what="serve", package="Starlette, uvicorn",
                     extra="web") from None  # fmt: skip
    try:
        logs.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _error(f"--logs {logs}: {exc.strerror or exc}", key="err:cannot_write", file=f"--logs {logs}",
                     why=exc.strerror or exc) from None  # fmt: skip
    if not logs.is_dir():
        raise _error(f"--logs {logs}: not a directory", key="err:not_folder", file=f"--logs {logs}")
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except (OSError, UnicodeError) as exc:
        why = getattr(exc, "strerror", None) or exc
        raise _error(f"cannot listen on {host}:{port}: {why}", key="err:cannot_listen", addr=f"{host}:{port}",
                     why=why) from None  # fmt: skip
    bound = sock.getsockname()[1]
    if host != LOCAL_HOST:
        sys.stderr.write(
            f"warning: listening on {host}, not {LOCAL_HOST}: other machines may reach the games\n"
        )
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{LOCAL_HOST if host in ('0.0.0.0', '::') else shown}:{bound}/"
    sys.stdout.write(f"mahjong-fast serve: {url} (logs in {logs}; Ctrl-C stops)\n")
    sys.stdout.flush()
    web = create_app(logs=logs.resolve(), lang=language())
    # a page's request may wait for the AI seats' moves: keep its connection open meanwhile
    config = uvicorn.Config(web, log_level="warning", lifespan="on", timeout_keep_alive=75)
    server = uvicorn.Server(config)
    if not no_browser:
        threading.Timer(0.8, lambda: webbrowser.open(url)).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    sys.stderr.write("\ninterrupted\n")
    raise typer.Exit(EXIT_INTERRUPTED)
