"""Writing simulation records as they arrive, and reading them back.

Two formats, chosen by the file's suffix: Parquet (``.parquet`` / ``.pq``; needs pyarrow,
``pip install mahjong_fast[parquet]``) and JSON Lines (``.jsonl`` / ``.ndjson``). Records are
written in deal order. Parquet row groups hold :data:`ROW_GROUP` deals whatever the chunk size,
so a run's file is the same bytes for any number of workers, chunk size or backend; the writer
buffers at most one row group, as Arrow columns (a few MB).

Every file records the ruleset its deals were played under, with all its switches (HK §18), in
the JSON form of :meth:`Ruleset.to_json <mahjong_fast.Ruleset.to_json>`:

- Parquet: the key-value metadata entry ``ruleset`` of the file's schema;
- JSON Lines: the first line is a header ``{"type": "header", "ruleset": {...}}``; every
  further line is one record (records never have a ``type`` field). :func:`read_records`
  skips the header; a file without one (0.1) means the default Hong Kong preset.

    >>> from mahjong_fast.sim.output import read_records, read_rules
    >>> recs = read_records("deals.parquet")          # doctest: +SKIP
    >>> read_rules("deals.parquet")                   # doctest: +SKIP
    Ruleset('hong-kong', min_faan=3, ...)
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from ..errors import RuleConfigError
from ..rules import DEFAULT_RULES, Ruleset

__all__ = [
    "JSONL_SUFFIXES",
    "MATCH_FIELDS",
    "PARQUET_SUFFIXES",
    "ROW_GROUP",
    "RULESET_KEY",
    "RecordWriter",
    "format_of",
    "match_record_order",
    "open_writer",
    "read_metadata",
    "read_records",
    "read_rules",
    "record_schema",
    "run_metadata",
]

#: the Parquet key-value metadata key (and JSON Lines header field) holding the ruleset
RULESET_KEY = "ruleset"

PARQUET_SUFFIXES = (".parquet", ".pq")
JSONL_SUFFIXES = (".jsonl", ".ndjson")
#: deals per Parquet row group
ROW_GROUP = 16384

#: the record fields, in file order: those of DealResult.to_record, with the run's seed second.
#: One schema for the records simulate() returns, JSON Lines and Parquet (see the README):
#:
#: ================  =========================================================================
#: deal_index        the deal's index (its wall is ``_core.wall(seed, deal_index)``)
#: seed              the run's seed
#: dealer            who was East (dealt): 0, or ``deal_index % 4`` with rotate_dealer
#: winners           every winner in turn order from the discarder (``[]`` for a draw; one in
#:                   Hong Kong, where the first claimant wins, rules §11.3)
#: winner            the first winner, or null
#: discarder         who paid alone (the discarder, or the robbed kong's declarer); null for a
#:                   self-drawn win or a draw
#: win_kind          ``"self_drawn"``, ``"discard"``, ``"robbing_kong"``, or null
#: faan              the winner's faan after the cap (rules §10); 0 for a draw
#: limit             the limit hand's code (``"L7"``), or null
#: elements          the winner's scoring elements, ``[code, name, faan]`` each
#: points_p0..p3     points won (+) or paid (-) by P0..P3 in this deal (sum 0; rules §11)
#: turns             discards made in the deal
#: tiles_left        tiles left in the wall at the end
#: exhaustive_draw   true when nobody won (rules §8.2)
#: ================  =========================================================================
POINTS = ("points_p0", "points_p1", "points_p2", "points_p3")
FIELDS = (
    "deal_index",
    "seed",
    "dealer",
    "winners",
    "winner",
    "discarder",
    "win_kind",
    "faan",
    "limit",
    "elements",
    *POINTS,
    "turns",
    "tiles_left",
    "exhaustive_draw",
)
#: the fields a simulation by matches adds to each deal's record (``simulate(matches=...)``):
#:
#: ================  =========================================================================
#: match_index       j, the match (its deals depend only on ``(seed, j)``)
#: deal_in_match     i, the deal's number in its match (``deal_index`` is ``(j << 32) | i``)
#: dealer_streak     the dealer's streak k during the deal (TW §15, §16; 0 in Hong Kong)
#: prevailing_wind   the round wind, 0=East .. 3=North (TW §16; East in Hong Kong)
#: values            each winner's hand value (faan, or hand Tai in Taiwanese), as ``winners``
#: scores_p0..p3     the scores after the deal (carried over within the match)
#: ================  =========================================================================
#:
#: In Taiwanese records ``faan`` and the elements' values are Tai (the first winner's hand
#: Tai, without the dealer adjustments of TW §15, which are in the points).
SCORES = ("scores_p0", "scores_p1", "scores_p2", "scores_p3")
MATCH_EXTRA = ("match_index", "deal_in_match", "dealer_streak", "prevailing_wind", "values", *SCORES)
MATCH_FIELDS = (*FIELDS, *MATCH_EXTRA)
#: integer columns that may be null (pandas reads them as nullable integers)
NULLABLE_INTS = ("winner", "discarder")


def match_record_order(record: dict[str, Any]) -> dict[str, Any]:
    """A match record with its keys in :data:`MATCH_FIELDS` order (JSON Lines is written in
    key order: the same bytes whichever backend made the record). KeyError if one is missing."""
    return {k: record[k] for k in MATCH_FIELDS}


def run_metadata(
    seed: int, seats: Sequence[str], rotate_dealer: bool = False, **extra: Any
) -> dict[str, Any]:
    """What a record file says about its run (Parquet: the ``mahjong_fast`` schema metadata,
    JSON): package and ``engine_version`` (``mahjong_fast.__version__``, as in the event log
    headers), seed, seats, dealer rotation, and any ``extra`` items (the ruleset). The one place
    the metadata is assembled."""
    from .. import __version__

    meta: dict[str, Any] = {
        "package": "mahjong_fast",
        "engine_version": __version__,
        "seed": seed,
        "seats": list(seats),
        "rotate_dealer": rotate_dealer,
    }
    meta.update(extra)
    return meta


def format_of(path: str | os.PathLike[str]) -> str:
    """``"parquet"`` or ``"jsonl"`` from the file's suffix; ValueError for anything else."""
    suffix = Path(path).suffix.lower()
    if suffix in PARQUET_SUFFIXES:
        return "parquet"
    if suffix in JSONL_SUFFIXES:
        return "jsonl"
    raise ValueError(
        f"cannot tell the output format of {os.fspath(path)!r}: "
        "name it *.parquet (Parquet) or *.jsonl (JSON Lines)"
    )


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ImportError(
            "Parquet output needs pyarrow: pip install 'mahjong_fast[parquet]' "
            "(or write JSON Lines: --out FILE.jsonl)"
        ) from None
    return pyarrow


def _pandas_metadata(schema: Any) -> bytes:
    """The ``pandas`` schema metadata: nullable integer columns become pandas' nullable
    ``Int8`` (not float64 with NaN) in ``pandas.read_parquet``; the others keep their types."""
    cols = []
    for f in schema:
        numpy_type = "Int8" if f.name in NULLABLE_INTS else "object"
        if f.name not in NULLABLE_INTS and not (
            str(f.type).startswith(("list", "fixed_size_list", "string"))
        ):
            numpy_type = f.type.to_pandas_dtype().__name__
        cols.append(
            {
                "name": f.name,
                "field_name": f.name,
                "pandas_type": "int8" if f.name in NULLABLE_INTS else "object",
                "numpy_type": numpy_type,
                "metadata": None,
            }
        )
    meta = {
        "index_columns": [],
        "column_indexes": [],
        "columns": cols,
        "creator": {"library": "mahjong_fast"},
        "pandas_version": "2.0.0",
    }
    return json.dumps(meta).encode()


def record_schema(
    metadata: dict[str, Any] | None = None, rules: Ruleset | None = None, matches: bool = False
) -> Any:
    """The Arrow schema of the records, with ``metadata`` as the ``mahjong_fast`` item and
    ``rules`` (its JSON form) as the ``ruleset`` item of the schema metadata; ``matches``:
    with the columns of :data:`MATCH_EXTRA`."""
    pa = _pyarrow()
    element = pa.struct([("code", pa.string()), ("name", pa.string()), ("faan", pa.int16())])
    extra = (
        [
            ("match_index", pa.uint64()),
            ("deal_in_match", pa.uint32()),
            ("dealer_streak", pa.uint32()),
            ("prevailing_wind", pa.int8()),
            ("values", pa.list_(pa.int16())),
            *[(p, pa.int64()) for p in SCORES],
        ]
        if matches
        else []
    )
    schema = pa.schema(
        [
            ("deal_index", pa.uint64()),
            ("seed", pa.uint64()),
            ("dealer", pa.int8()),
            ("winners", pa.list_(pa.int8())),
            ("winner", pa.int8()),
            ("discarder", pa.int8()),
            ("win_kind", pa.string()),
            ("faan", pa.int16()),
            ("limit", pa.string()),
            ("elements", pa.list_(element)),
            *[(p, pa.int64()) for p in POINTS],
            ("turns", pa.int16()),
            ("tiles_left", pa.int16()),
            ("exhaustive_draw", pa.bool_()),
            *extra,
        ]
    )
    meta = {b"pandas": _pandas_metadata(schema)}
    if metadata is not None:
        meta[b"mahjong_fast"] = json.dumps(metadata).encode()
    if rules is not None:
        meta[RULESET_KEY.encode()] = rules.to_json().encode()
    return schema.with_metadata(meta)


def read_metadata(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The run metadata of a Parquet record file (see :func:`run_metadata`), or None."""
    _pyarrow()
    import pyarrow.parquet as pq

    raw = (pq.read_schema(path).metadata or {}).get(b"mahjong_fast")
    return None if raw is None else dict(json.loads(raw))


class RecordWriter:
    """Base of the writers: ``write(records)`` in deal order, then ``close()`` (idempotent)."""

    path: Path

    def write(self, records: Sequence[dict[str, Any]]) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class JsonlWriter(RecordWriter):
    """A header line with the ruleset (and the run metadata), then one compact JSON object per record; each chunk goes
    out in one write and is flushed, so the file ends with a whole line whenever the run
    stops."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        rules: Ruleset = DEFAULT_RULES,
        overwrite: bool = True,
        metadata: dict[str, Any] | None = None,
    ):
        self.path = Path(path)
        mode = "w" if overwrite else "x"
        self._file: IO[str] | None = open(self.path, mode, encoding="utf-8")  # noqa: SIM115
        head: dict[str, Any] = {"type": "header", RULESET_KEY: rules.to_dict()}
        if metadata is not None:
            head["run"] = metadata
        self._file.write(json.dumps(head, separators=(",", ":")) + "\n")
        self._file.flush()

    def write(self, records: Sequence[dict[str, Any]]) -> None:
        assert self._file is not None, "writer is closed"
        if records:
            self._file.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class ParquetWriter(RecordWriter):
    """Records → Arrow columns per chunk → row groups of exactly :data:`ROW_GROUP` deals (the
    last may be shorter). ``close()`` writes the rest and the footer: a closed file is valid."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        row_group: int = ROW_GROUP,
        rules: Ruleset = DEFAULT_RULES,
        overwrite: bool = True,
        metadata: dict[str, Any] | None = None,
        matches: bool = False,
    ):
        pa = _pyarrow()
        import pyarrow.parquet as pq

        self.path = Path(path)
        # opened here, so that a path that cannot be written is an OSError naming it
        self._file: IO[bytes] | None = open(self.path, "wb" if overwrite else "xb")  # noqa: SIM115
        self._pa = pa
        self._schema = record_schema(metadata, rules, matches)
        self._fields = MATCH_FIELDS if matches else FIELDS
        self._row_group = row_group
        self._pending: list[Any] = []  # Arrow tables not yet written
        self._pending_rows = 0
        try:
            self._writer: Any = pq.ParquetWriter(self._file, self._schema, compression="zstd")
        except BaseException:
            self._file.close()
            raise

    def _table(self, records: Sequence[dict[str, Any]]) -> Any:
        cols = {name: [r[name] for r in records] for name in self._fields}
        cols["elements"] = [
            [{"code": c, "name": n, "faan": f} for c, n, f in els] for els in cols["elements"]
        ]
        return self._pa.Table.from_pydict(cols, schema=self._schema)

    def write(self, records: Sequence[dict[str, Any]]) -> None:
        assert self._writer is not None, "writer is closed"
        if not records:
            return
        self._pending.append(self._table(records))
        self._pending_rows += len(records)
        if self._pending_rows >= self._row_group:
            self._flush(final=False)

    def _flush(self, final: bool) -> None:
        if not self._pending_rows:
            return
        table = self._pa.concat_tables(self._pending)
        self._pending = [table]
        # each row group leaves the pending rows as soon as it is written, so a flush that
        # stops half-way (an error) never writes a row twice when the writer is closed
        while table.num_rows >= self._row_group or (final and table.num_rows):
            n = min(self._row_group, table.num_rows)
            self._writer.write_table(table.slice(0, n), row_group_size=self._row_group)
            table = table.slice(n)
            self._pending = [table] if table.num_rows else []
            self._pending_rows = table.num_rows

    def close(self) -> None:
        if self._writer is not None:
            try:
                self._flush(final=True)
            finally:
                try:
                    self._writer.close()
                finally:
                    self._writer = None
                    if self._file is not None:
                        self._file.close()
                        self._file = None


def open_writer(
    path: str | os.PathLike[str],
    metadata: dict[str, Any] | None = None,
    *,
    rules: Ruleset = DEFAULT_RULES,
    overwrite: bool = True,
    matches: bool = False,
) -> RecordWriter:
    """A writer for ``path`` in the format its suffix names (see :func:`format_of`), recording
    ``rules`` in the file and ``metadata`` (see :func:`run_metadata`) in a Parquet file's
    schema. The file is created now: OSError if it cannot be, FileExistsError if
    it exists and not ``overwrite``."""
    if format_of(path) == "parquet":
        return ParquetWriter(
            path, rules=rules, overwrite=overwrite, metadata=metadata, matches=matches
        )
    return JsonlWriter(path, rules=rules, overwrite=overwrite, metadata=metadata)


def read_records(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The records of a simulation output file, as the dicts :func:`mahjong_fast.simulate`
    returns (elements as ``[code, name, faan]`` lists). Loads the whole file: for big runs,
    read the Parquet file with pyarrow / polars / DuckDB instead."""
    if format_of(path) == "jsonl":
        with open(path, encoding="utf-8") as f:
            lines = [json.loads(line) for line in f if line.strip()]
        return [r for r in lines if r.get("type") != "header"]
    _pyarrow()
    import pyarrow.parquet as pq

    rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
    for r in rows:
        r["elements"] = [[e["code"], e["name"], e["faan"]] for e in r["elements"]]
    return rows


def read_rules(path: str | os.PathLike[str]) -> Ruleset:
    """The ruleset a simulation output file records (Parquet metadata ``ruleset``, or the JSON
    Lines header); the default Hong Kong preset for a file that records none (0.1).

    Raises:
        RuleConfigError: the recorded ruleset cannot be read.
    """
    if format_of(path) == "jsonl":
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                first = json.loads(line)
                if isinstance(first, dict) and first.get("type") == "header":
                    return _rules_of(first.get(RULESET_KEY))
                break
        return DEFAULT_RULES
    _pyarrow()
    import pyarrow.parquet as pq

    meta = pq.read_schema(path).metadata or {}
    raw = meta.get(RULESET_KEY.encode())
    return DEFAULT_RULES if raw is None else _rules_of(raw.decode("utf-8"))


def _rules_of(spec: Any) -> Ruleset:
    if isinstance(spec, (str, dict)):
        return Ruleset.from_json(spec)
    raise RuleConfigError(f"a record file's ruleset must be its JSON form, got {spec!r}")
