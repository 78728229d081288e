"""The web app under load: concurrent games played through its HTTP API for a while.

    python benches/serve_load.py                 # 50 games at once for 60 s
    python benches/serve_load.py --games 20 --seconds 30
    python benches/serve_load.py --short         # 5 games for 5 s (what CI runs)

Starts ``mahjong-fast serve --no-browser`` on a free port of 127.0.0.1 (logs into a temporary
directory) and drives it with one asyncio HTTP client (httpx): each of ``--games`` players
starts a Hong Kong or Taiwanese deal at pace 0, plays P0 (a win when offered, else a claim,
else the discard of the drawn tile) and starts another when it ends, until the time is up (the
games begun are played to their end).
Prints the games and actions played, the errors (any answer that is not 2xx, any exception:
there must be none), the latency of an action (``POST .../act``: the engine's check and every
AI move up to P0's next decision) at p50/p95/p99, and the server's resident memory (RSS, from
/proc, Linux) before, at the end of the load, and a few seconds after the games ended, with its
number of threads (one per live game that is still being played, at most 64); then a second
round of the same load, so that growth from one round to the next shows.
Exit status 1 if any request failed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _status(pid: int, field: str) -> int:
    """A number of /proc/PID/status (0 where there is none)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _rss_mb(pid: int) -> float:
    return _status(pid, "VmRSS") / 1024


def _choice(state: dict[str, Any]) -> dict[str, Any]:
    legal = state["legal"]
    by_class = {a["class"]: a for a in legal}
    pick = by_class.get("win") or by_class.get("pung") or by_class.get("chow")
    if pick is None and state["may_discard"]:
        t = state["table"]
        tiles = [x for x in [*t["hand"], *([t["drawn"]] if t["drawn"] else [])] if x["discard"]]
        return {"type": "discard", "tiles": [tiles[-1]["id"]]}
    pick = pick or by_class.get("pass") or legal[0]
    return {"type": pick["type"], "tiles": [x["id"] for x in pick["tiles"]]}


async def _player(client: Any, until: float, rng: random.Random, out: dict[str, Any]) -> None:
    while time.monotonic() < until:
        try:
            rules = rng.choice(["hong-kong", "taiwanese-high"])
            r = await client.post("/api/games", json={"rules": rules, "seed": rng.randrange(2**32),
                                                      "pace": 0})  # fmt: skip
            if r.status_code != 201:
                out["errors"].append(f"new game: {r.status_code} {r.text[:200]}")
                continue
            gid = r.json()["id"]
            state = (await client.get(f"/api/games/{gid}")).json()
            while state["status"] == "waiting":  # a game begun is played to its end
                t0 = time.perf_counter()
                r = await client.post(f"/api/games/{gid}/act?since={state['next_event']}",
                                      json=_choice(state))  # (the page asks for new events only)
                out["latency"].append(time.perf_counter() - t0)
                if r.status_code != 200:
                    out["errors"].append(f"act: {r.status_code} {r.text[:200]}")
                    break
                state = r.json()
            if state["status"] == "over":
                out["games"] += 1
        except Exception as exc:  # noqa: BLE001 - counted and shown: there must be none
            out["errors"].append(f"{type(exc).__name__}: {exc}")


async def _round(base: str, games: int, seconds: float, seed: int) -> dict[str, Any]:
    import httpx

    out: dict[str, Any] = {"games": 0, "latency": [], "errors": []}
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        until = time.monotonic() + seconds
        await asyncio.gather(*(_player(client, until, random.Random(seed + i), out)
                               for i in range(games)))  # fmt: skip
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    import httpx

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("serve stopped before it answered")
        try:
            if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise SystemExit("serve did not answer /healthz")


def _report(name: str, out: dict[str, Any], seconds: float) -> None:
    lat = sorted(out["latency"])
    if lat:
        q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) > 1 else lat * 99
        line = (f"p50 {q[49] * 1000:.1f} ms, p95 {q[94] * 1000:.1f} ms, "
                f"p99 {q[98] * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms")  # fmt: skip
    else:
        line = "no action timed"
    print(f"{name}: {out['games']} games and {len(lat)} actions in {seconds:g} s, "
          f"{len(out['errors'])} errors; action latency {line}")  # fmt: skip
    for e in out["errors"][:5]:
        print(f"  error: {e}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50, help="games played at once (default 50)")
    ap.add_argument("--seconds", type=float, default=60.0, help="length of a round (default 60)")
    ap.add_argument("--short", action="store_true", help="5 games for 5 s (CI)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.short or os.environ.get("MAHJONG_FAST_BENCH_SHORT", "") not in ("", "0"):
        args.games, args.seconds = 5, 5.0
    try:
        import httpx  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        print(f"serve_load needs the 'web' extra and httpx: {exc}", file=sys.stderr)
        return 2
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    failed = False
    with tempfile.TemporaryDirectory() as logs:
        proc = subprocess.Popen(
            [sys.executable, "-m", "mahjong_fast.cli", "serve", "--no-browser", "--port",
             str(port), "--logs", logs],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        try:
            _wait_up(base, proc)
            print(f"server RSS at start: {_rss_mb(proc.pid):.0f} MB; "
                  f"{args.games} games at once for {args.seconds:g} s, two rounds")  # fmt: skip
            for k in (1, 2):
                out = asyncio.run(_round(base, args.games, args.seconds, args.seed + 1000 * k))
                at_end = _rss_mb(proc.pid)
                time.sleep(min(5.0, args.seconds))
                after = _rss_mb(proc.pid)
                _report(f"round {k}", out, args.seconds)
                print(f"  server RSS at the end of round {k}: {at_end:.0f} MB, "
                      f"then {after:.0f} MB once the games ended, with "
                      f"{_status(proc.pid, 'Threads')} threads; "
                      f"{len(list(Path(logs).glob('*.jsonl')))} logs saved")  # fmt: skip
                failed = failed or bool(out["errors"])
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
