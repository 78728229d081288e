"""``mahjong-fast serve`` as a user runs it: the server answers, Ctrl-C stops it with exit 130
and no traceback, another host is warned of, a user's mistake is one line and exit 2; the
pages ship inside the package."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from _cli_helpers import assert_one_line_error, run

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], int]:
    port = _free_port()
    env = dict(os.environ, PYTHONIOENCODING="utf-8", LANG="C")
    proc = subprocess.Popen(
        [sys.executable, "-m", "mahjong_fast.cli", "serve", "--no-browser", "--port", str(port),
         "--logs", str(tmp_path / "logs"), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                assert r.status == 200
                return proc, port
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                out, err = proc.communicate()
                raise AssertionError(f"serve did not start: {out}{err}") from None
            time.sleep(0.2)


def test_ctrl_c_stops_the_server_with_130_and_no_traceback(tmp_path: Path) -> None:
    proc, port = _serve(tmp_path)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/favicon.ico", timeout=5) as r:
        assert r.status == 200 and r.headers["content-type"].startswith("image/svg+xml")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "Traceback" not in out
    assert "warning" not in err  # 127.0.0.1: nothing to warn of
    assert (tmp_path / "logs").is_dir()  # created


def test_another_host_is_warned_of_in_one_line(tmp_path: Path) -> None:
    proc, _port = _serve(tmp_path, "--host", "0.0.0.0")
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    warnings = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "0.0.0.0" in warnings[0]


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        proc = run("serve", "--no-browser", "--port", str(s.getsockname()[1]),
                   "--logs", str(tmp_path))  # fmt: skip
    assert_one_line_error(proc)
    assert "cannot listen" in proc.stderr


def test_logs_that_is_a_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_text("x")
    proc = run("serve", "--no-browser", "--logs", str(f))
    assert_one_line_error(proc)


def test_without_the_extra_serve_says_how_to_install_it(tmp_path: Path) -> None:
    # starlette made unimportable: what a user without the extra sees
    blocker = tmp_path / "block"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(
        "import sys\nclass _B:\n    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('starlette', 'uvicorn'):\n"
        "            raise ImportError(name)\n        return None\n"
        "sys.meta_path.insert(0, _B())\n"
    )
    env = dict(os.environ, PYTHONPATH=str(blocker), LANG="C")
    proc = subprocess.run(
        [sys.executable, "-m", "mahjong_fast.cli", "serve", "--no-browser"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert_one_line_error(proc)
    assert "pip install 'mahjong_fast[web]'" in proc.stderr


def test_the_pages_ship_inside_the_package() -> None:
    from mahjong_fast.web.app import STATIC

    for name in ("index.html", "table.html", "app.css", "common.js", "index.js", "table.js",
                 "icon.svg"):  # fmt: skip
        assert (STATIC / name).is_file(), name
    for name in ("index.html", "table.html"):
        text = (STATIC / name).read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text  # nothing from elsewhere
