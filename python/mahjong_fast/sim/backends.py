"""Where chunks are played: in the core on threads of this process, in this process, in a
pool of processes, or on Ray.

Every backend has the same small interface, driven by :func:`mahjong_fast.simulate`:
``submit(k, first, stop)`` queues chunk ``k``; ``poll(timeout, waiting)`` returns the chunks
finished since the last call as ``[(k, records), ...]`` (possibly none), and only the waiting
itself runs inside the ``waiting()`` context (where a second Ctrl-C may interrupt: nothing
received is ever lost); ``failure`` is set (and kept) once a worker has died or a chunk has
raised; ``close(cancel)`` ends the backend, dropping unfinished chunks when ``cancel`` is true.
All of them run :func:`~mahjong_fast.sim.chunks.run_chunk`, which is why their records are
identical.
"""

from __future__ import annotations

import collections
import concurrent.futures as cf
import contextlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .chunks import ChunkSpec, run_chunk, worker_init

__all__ = [
    "BACKENDS",
    "STOP_SIGNALS",
    "CoreBackend",
    "InlineBackend",
    "ProcessBackend",
    "RayBackend",
    "WorkerFailure",
    "capped_threads",
    "make_backend",
    "usable_cores",
]

#: ``auto`` = ``core`` when every seat is built in (every named seat is: the core plays them
#: without the GIL); ``process`` and ``ray`` spread the same chunks over processes or nodes
BACKENDS = ("auto", "core", "process", "ray")

Done = list[tuple[int, list[dict[str, Any]]]]
Waiting = Callable[[], contextlib.AbstractContextManager[Any]]


class WorkerFailure(RuntimeError):
    """A worker process died, or a chunk raised, while playing deals ``first .. stop-1``."""

    def __init__(self, message: str, first: int, stop: int):
        super().__init__(message)
        self.first, self.stop = first, stop


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the OS tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def capped_threads(name: str, count: int, kind: str = "threads", stacklevel: int = 1) -> int:
    """``count`` (the argument ``name``: workers, threads) at most :func:`usable_cores`: more
    only adds threads or processes that wait (and thousands take minutes to start, or, for a
    ``TableBatch``, make every call wake them). A RuntimeWarning says so, ``stacklevel`` as if
    the caller warned (1: the caller's line; the core, which has no frame, passes 1 for the
    line that called it)."""
    cores = usable_cores()
    if count <= cores:
        return count
    warnings.warn(
        f"{name}={count} is more than the {cores} cores this process may use; "
        f"using {cores} {kind}",
        RuntimeWarning,
        stacklevel=stacklevel + 1,
    )
    return cores


#: the signals that stop a run (:func:`mahjong_fast.simulate`): Ctrl-C, ``kill`` and a closed
#: terminal (SIGHUP only where the platform has it). Workers never act on them: the parent
#: stops the run and ends its workers.
STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@contextlib.contextmanager
def stop_signals_blocked() -> Iterator[None]:
    """Block the :data:`STOP_SIGNALS` in this thread while the pool may start a worker: a
    spawned process inherits the signal mask, so a signal sent to the whole process group (a
    terminal's Ctrl-C or hangup, ``kill -TERM -PGID``) never reaches a worker, not even while
    it starts up (the worker then ignores them too: :func:`~.chunks.worker_init`). A signal
    that arrives meanwhile is delivered here when the block ends."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not (
        threading.main_thread()
    ):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, set(STOP_SIGNALS))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


#: the former name (only SIGINT was blocked)
sigint_blocked = stop_signals_blocked


class InlineBackend:
    """One worker: chunks are played here, one per ``poll`` (no pool, nothing to pickle)."""

    failure: WorkerFailure | None = None

    def __init__(self, spec: ChunkSpec):
        self.spec = spec
        self.workers = 1
        self._queue: collections.deque[tuple[int, int, int]] = collections.deque()

    def submit(self, k: int, first: int, stop: int) -> None:
        self._queue.append((k, first, stop))

    def poll(self, timeout: float, waiting: Waiting = contextlib.nullcontext) -> Done:
        if not self._queue or timeout <= 0:  # nothing is ever finished without playing it
            return []
        k, first, stop = self._queue[0]
        with waiting():  # an interrupted chunk is simply not finished
            records = run_chunk(self.spec, first, stop)
        self._queue.popleft()
        return [(k, records)]

    def close(self, cancel: bool) -> None:
        self._queue.clear()


class CoreBackend:
    """Built-in seats only: each chunk is played by the core on a pool of ``workers`` rayon
    threads with the GIL released (``_core.Simulator``), from one helper thread of this
    process, so the main thread keeps the progress bar and Ctrl-C. No worker processes: it
    works from a script without a ``__main__`` guard, a notebook or stdin."""

    failure: WorkerFailure | None = None

    def __init__(self, spec: ChunkSpec, workers: int):
        from .. import _core

        self.spec = spec
        self.workers = workers
        self._sim = _core.Simulator(
            spec.seed, list(spec.seats), spec.rules, workers, match_deals=spec.match_deals
        )
        self._pool = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="mahjong-sim")
        self._futures: dict[cf.Future[list[dict[str, Any]]], tuple[int, int, int]] = {}

    def submit(self, k: int, first: int, stop: int) -> None:
        self._futures[self._pool.submit(self._play, first, stop)] = (k, first, stop)

    def _play(self, first: int, stop: int) -> list[dict[str, Any]]:
        """Deals ``first .. stop-1``, or with ``spec.matches`` every deal of those matches."""
        if self.spec.matches:
            from .output import match_record_order

            return [match_record_order(r) for r in self._sim.run_matches(first, stop)]
        return self._sim.run(first, stop)

    def poll(self, timeout: float, waiting: Waiting = contextlib.nullcontext) -> Done:
        done, failure = _poll_futures(self._futures, timeout, waiting)
        if self.failure is None:
            self.failure = failure
        return done

    def close(self, cancel: bool) -> None:
        # a chunk already running finishes (a fraction of a second); queued ones are dropped
        self._pool.shutdown(wait=True, cancel_futures=cancel)
        self._futures.clear()


_NO_GUARD = (
    "the process backend starts worker processes that import the main module {main!r}, "
    "which has no `if __name__ == \"__main__\":` guard, so every worker would run it again. "
    "Put the call to simulate() under that guard, or use backend='core' (the default for "
    "built-in seats), which needs no worker processes."
)


def _main_without_guard() -> str | None:
    """The main script's path when it is a file without a ``__main__`` guard (spawned workers
    re-run such a script and die), else None."""
    import sys

    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if not path or not str(path).endswith(".py") or getattr(main, "__spec__", None) is not None:
        return None  # stdin, a notebook, `python -m module`: workers do not re-run it
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    return None if "__main__" in text else str(path)


class ProcessBackend:
    """A :class:`concurrent.futures.ProcessPoolExecutor` of ``workers`` processes started with
    "spawn" (never forked: the parent may already run the core's threads). Workers ignore the
    stop signals (:data:`STOP_SIGNALS`); on a cancel the parent kills them."""

    failure: WorkerFailure | None = None

    def __init__(self, spec: ChunkSpec, workers: int):
        main = _main_without_guard()
        if main is not None:
            raise RuntimeError(_NO_GUARD.format(main=main))
        self.spec = spec
        self.workers = workers
        with stop_signals_blocked():  # (the pool may start helper processes or threads)
            self._pool = cf.ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=worker_init,
            )
        self._futures: dict[cf.Future[list[dict[str, Any]]], tuple[int, int, int]] = {}

    def submit(self, k: int, first: int, stop: int) -> None:
        with stop_signals_blocked():  # submit may spawn a worker
            future = self._pool.submit(run_chunk, self.spec, first, stop)
        self._futures[future] = (k, first, stop)

    def poll(self, timeout: float, waiting: Waiting = contextlib.nullcontext) -> Done:
        done, failure = _poll_futures(self._futures, timeout, waiting)
        if self.failure is None:
            self.failure = failure
        return done

    def close(self, cancel: bool) -> None:
        """End the pool; with ``cancel``, kill the workers first (busy ones included).

        The pool's manager thread is always joined here: one still running when the
        interpreter exits is woken by the exit hook of :mod:`concurrent.futures` without the
        pool's lock while it closes that very pipe, which printed "Exception ignored in:
        <module 'threading'> ... OSError: [Errno 9] Bad file descriptor" after a Ctrl-C. So
        the pool is never shut down with ``wait=False`` (which forgets that thread): the
        workers are killed while it runs (it sees them die and ends), then ``shutdown`` waits
        for it. SIGKILL, as the workers block and ignore SIGTERM.

        No future is cancelled here, before or after the kill: the manager thread, seeing the
        workers die, sets an error on every pending future, and on one cancelled meanwhile
        that raised ``InvalidStateError`` in its thread, a traceback on stderr (Python 3.11).
        The killed pool's futures end with that error instead; none is read after a cancel."""
        if cancel:
            kill = getattr(self._pool, "kill_workers", None)  # Python >= 3.14
            if callable(kill):
                with contextlib.suppress(Exception):
                    kill()
            else:
                # the pool's own process table: the only handle on workers busy with a chunk
                for proc in list((getattr(self._pool, "_processes", None) or {}).values()):
                    if proc.is_alive():
                        proc.kill()
        self._pool.shutdown(wait=True)
        self._futures.clear()


class RayBackend:
    """Chunks as Ray tasks. With no ``address`` it starts a local Ray instance of ``workers``
    CPUs (and shuts it down at the end); with one (``"auto"``, ``"ray://head:10001"``,
    ``"10.0.0.1:6379"``) it joins that cluster, whose nodes must have mahjong_fast installed.
    If Ray is already initialised in this process, that instance is used as it is."""

    def __init__(self, spec: ChunkSpec, workers: int | None, address: str | None):
        if address is None and "ray" not in sys.modules:
            # the local instance we start is ours: token authentication on (what Ray does by
            # default for a new local instance, Ray makes the token), said explicitly before
            # Ray reads its configuration, so that Ray prints no warning about the mode on
            # every run; a mode the user set is kept
            os.environ.setdefault("RAY_AUTH_MODE", "token")
        try:
            import ray
        except ImportError:
            raise ImportError(
                "the ray backend needs Ray: pip install ray (the 'ray' extra of mahjong_fast)"
            ) from None
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            opts: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": logging.WARNING,
            }
            if address is None:
                opts["address"] = "local"  # never attach to a cluster found by chance
                opts["num_cpus"] = workers or os.cpu_count() or 1

            else:
                opts["address"] = address
            ray.init(**opts)
            self._started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call,unused-ignore]
        self.workers = workers or max(1, cpus)
        self.spec = spec
        self._spec_ref = ray.put(spec)
        self._task = ray.remote(num_cpus=1, max_retries=2)(run_chunk)
        self._refs: dict[Any, int] = {}

    def submit(self, k: int, first: int, stop: int) -> None:
        self._refs[self._task.remote(self._spec_ref, first, stop)] = k

    failure: WorkerFailure | None = None

    def poll(self, timeout: float, waiting: Waiting = contextlib.nullcontext) -> Done:
        if not self._refs:
            return []
        ray = self._ray
        refs = list(self._refs)
        with waiting():
            ready, _ = ray.wait(refs, num_returns=1, timeout=timeout)
        if ready:  # and whatever else is finished by now
            ready, _ = ray.wait(refs, num_returns=len(refs), timeout=0)
        ready_set = set(ready)
        finished = [r for r in refs if r in ready_set]
        results = ray.get(finished)
        return [(self._refs.pop(r), recs) for r, recs in zip(finished, results)]

    def close(self, cancel: bool) -> None:
        ray = self._ray
        try:
            if cancel:
                for ref in self._refs:
                    ray.cancel(ref, force=True)
            self._refs.clear()
        finally:
            if self._started:
                ray.shutdown()
                self._started = False


def _poll_futures(
    futures: dict[Any, tuple[int, int, int]], timeout: float, waiting: Waiting
) -> tuple[Done, WorkerFailure | None]:
    """The chunks of ``futures`` (future -> (k, first, stop)) finished within ``timeout``, in
    submission order (dicts keep it: deterministic when several finish together), removed from
    ``futures``; and the failure of the first one that raised, if any. Only the waiting runs in
    ``waiting()``."""
    if not futures:
        return [], None
    with waiting():
        done, _ = cf.wait(futures, timeout=timeout, return_when=cf.FIRST_COMPLETED)
    out: Done = []
    failure: WorkerFailure | None = None
    for f in [f for f in futures if f in done]:
        k, first, stop = futures.pop(f)
        exc = f.exception()
        if exc is None:
            out.append((k, f.result()))
        elif failure is None:
            failure = _failure(exc, first, stop)
    return out, failure


def _failure(exc: BaseException, first: int, stop: int) -> WorkerFailure:
    deals = f"deals {first}..{stop - 1}"
    if isinstance(exc, BrokenProcessPool):
        return WorkerFailure(
            f"a worker process died (killed, out of memory or crashed) while playing {deals}; "
            "if the main script calls simulate() without an `if __name__ == \"__main__\":` "
            "guard, add one, or use backend='core' (no worker processes)",
            first,
            stop,
        )
    return WorkerFailure(f"{deals} failed: {type(exc).__name__}: {exc}", first, stop)


def make_backend(
    backend: str, spec: ChunkSpec, workers: int | None, address: str | None
) -> CoreBackend | InlineBackend | ProcessBackend | RayBackend:
    """The backend named ``backend`` (see :data:`BACKENDS`). ``spec.in_core`` must say
    whether chunks are played in the core (``auto``, ``core``, ``ray``) or through the
    Python loop (``process``)."""
    if backend == "ray":
        return RayBackend(spec, workers, address)
    if address is not None:
        raise ValueError("address is only for the ray backend (backend='ray')")
    n = workers or usable_cores()
    if backend in ("auto", "core"):
        return CoreBackend(spec, n)
    return InlineBackend(spec) if n == 1 else ProcessBackend(spec, n)
