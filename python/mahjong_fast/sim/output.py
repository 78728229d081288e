"""Writing simulation records as they arrive, and reading them back (the schema:
``docs/records.md``).

Two formats, chosen by the file's suffix: Parquet (``.parquet`` / ``.pq``; needs pyarrow,
``pip install mahjong_fast[parquet]``) and JSON Lines (``.jsonl`` / ``.ndjson``). Records are
written in deal order. Parquet row groups hold :data:`ROW_GROUP` deals whatever the chunk size,
so a run's file is the same bytes for any number of workers, chunk size or backend; the writer
buffers at most one row group, as Arrow columns (a few MB).

Every line of a JSON Lines file is one record, so ``pandas.read_json(path, lines=True)`` and
``polars.read_ndjson(path)`` read one row per deal. What the file says about its run (the
ruleset with all its switches, HK §18, in the JSON form of :meth:`Ruleset.to_json
<mahjong_fast.Ruleset.to_json>`; the unit of the values; seed and seats) is kept beside it:

- Parquet: the key-value metadata of the file's schema (``ruleset``, ``unit``,
  ``mahjong_fast``);
- JSON Lines: the sidecar file ``<path>.meta.json`` (:func:`meta_path`). A file of 0.2 or
  earlier has it as a first line ``{"type": "header", ...}`` instead, which
  :func:`read_records` skips; a file with neither (0.1) means the default Hong Kong preset.

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

from .. import _core
from ..errors import RuleConfigError
from ..rules import DEFAULT_RULES, Ruleset

__all__ = [
    "FIELDS",
    "JSONL_SUFFIXES",
    "MATCH_FIELDS",
    "META_SUFFIX",
    "PARQUET_SUFFIXES",
    "RECORDS_FORMAT",
    "ROW_GROUP",
    "RULESET_KEY",
    "WIN_FIELDS",
    "RecordWriter",
    "deal_record",
    "format_of",
    "match_record_order",
    "meta_path",
    "open_writer",
    "read_metadata",
    "read_records",
    "read_rules",
    "record_schema",
    "run_metadata",
]

#: the Parquet key-value metadata key (and sidecar field) holding the ruleset
RULESET_KEY = "ruleset"
#: what the sidecar (and the Parquet metadata) calls this schema of records
RECORDS_FORMAT = "mahjong_fast records 2"

PARQUET_SUFFIXES = (".parquet", ".pq")
JSONL_SUFFIXES = (".jsonl", ".ndjson")
#: the JSON Lines sidecar is ``<path>`` + this suffix
META_SUFFIX = ".meta.json"
#: deals per Parquet row group
ROW_GROUP = 16384

#: the record fields, in file order; one schema for the records simulate() returns, JSON Lines
#: and Parquet, whichever backend played the deals (each field: ``docs/records.md``). No
#: field is ever null: what belongs to a win is in ``wins``.
POINTS = ("points_p0", "points_p1", "points_p2", "points_p3")
FIELDS = (
    "deal_index",
    "seed",
    "dealer",
    "winners",
    "value",
    "wins",
    *POINTS,
    "discards",
    "tiles_left",
    "exhaustive_draw",
)
#: the fields of each item of ``wins`` (one per winner, in turn order from the discarder);
#: ``discarder`` is null when every other player pays, ``win_tile`` for the dealer's win on
#: the dealt tiles
WIN_FIELDS = ("seat", "win_kind", "discarder", "value", "elements", "hand", "win_tile")
#: the fields a simulation by matches adds to each deal's record (``simulate(matches=...)``)
SCORES = ("scores_p0", "scores_p1", "scores_p2", "scores_p3")
MATCH_EXTRA = ("match_index", "deal_in_match", "dealer_streak", "prevailing_wind", *SCORES)
MATCH_FIELDS = (*FIELDS, *MATCH_EXTRA)


def match_record_order(record: dict[str, Any]) -> dict[str, Any]:
    """A match record with its keys in :data:`MATCH_FIELDS` order (JSON Lines is written in
    key order: the same bytes whichever backend made the record). KeyError if one is missing."""
    return {k: record[k] for k in MATCH_FIELDS}


def _element(e: Any) -> dict[str, Any]:
    """``{code, name, value}`` of an element (an ``Element`` or a ``(code, name, value)``)."""
    code, name, value = e
    return {"code": str(code), "name": str(name), "value": int(value)}


def _hand_before_win(res: Any, p: int, win_tile: int | None) -> str:
    """The winner's tiles at the end without the winning tile, in hand notation: taken from
    the bonus area (a TW §7 win) or from the concealed tiles when they hold it (a full hand;
    a later winner on the same discard never received the tile, TW §5.2). The same rule as
    the core's records (``rust/src/sim.rs``)."""
    counts = [0] * 34
    for t in res.final_hands[p]:
        if t < 136:
            counts[t // 4] += 1
    melds = [(int(m[0]), min(m[1:]) // 4) for m in res.final_melds[p]]
    bonus = sorted(b - 136 for b in res.bonus[p])
    if win_tile is not None:
        if win_tile >= 136:
            if win_tile - 136 in bonus:
                bonus.remove(win_tile - 136)
        elif (sum(counts) + 3 * len(melds)) % 3 == 2 and counts[win_tile // 4]:
            counts[win_tile // 4] -= 1
    return str(_core.format_hand(counts, melds, bonus))


def deal_record(
    res: Any,
    seed: int | None = None,
    *,
    deal_index: int | None = None,
    match_index: int | None = None,
    deal_in_match: int = 0,
) -> dict[str, Any]:
    """The record of one deal (:data:`FIELDS` in order; with ``match_index``, also
    :data:`MATCH_EXTRA`) from its :class:`~mahjong_fast.game.DealResult`: exactly the dict
    the core's simulator returns for the same deal. ``seed`` None leaves the ``seed`` key
    out; ``deal_index`` defaults to the result's."""
    from ..tiles import id_code

    wins = []
    for w in res.wins:
        wins.append(
            {
                "seat": w.player,
                "win_kind": w.win_kind,
                "discarder": w.discarder,
                "value": w.value,
                "elements": [_element(e) for e in w.elements],
                "hand": _hand_before_win(res, w.player, w.win_tile),
                "win_tile": None if w.win_tile is None else id_code(w.win_tile),
            }
        )
    rec: dict[str, Any] = {"deal_index": res.deal_index if deal_index is None else deal_index}
    if seed is not None:
        rec["seed"] = seed
    rec["dealer"] = res.dealer
    rec["winners"] = list(res.winners)
    rec["value"] = wins[0]["value"] if wins else 0
    rec["wins"] = wins
    for p, v in enumerate(res.payments):
        rec[POINTS[p]] = v
    rec["discards"] = res.turns
    rec["tiles_left"] = res.tiles_left
    rec["exhaustive_draw"] = res.exhaustive_draw
    if match_index is not None:
        rec["match_index"] = match_index
        rec["deal_in_match"] = deal_in_match
        rec["dealer_streak"] = res.dealer_streak
        rec["prevailing_wind"] = res.prevailing_wind
        for p, v in enumerate(res.scores):
            rec[SCORES[p]] = v
    return rec


def run_metadata(
    seed: int, seats: Sequence[str], rotate_dealer: bool = False, **extra: Any
) -> dict[str, Any]:
    """What a record file says about its run (Parquet: the ``mahjong_fast`` schema metadata;
    JSON Lines: the ``run`` item of the sidecar): package and ``engine_version``
    (``mahjong_fast.__version__``, as in the event log headers), seed, seats, dealer rotation,
    and any ``extra`` items (the unit, the number of matches). The one place the metadata is
    assembled."""
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


def meta_path(path: str | os.PathLike[str]) -> Path:
    """The sidecar of a JSON Lines record file: ``deals.jsonl`` → ``deals.jsonl.meta.json``."""
    p = Path(path)
    return p.with_name(p.name + META_SUFFIX)


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


def record_schema(
    metadata: dict[str, Any] | None = None, rules: Ruleset | None = None, matches: bool = False
) -> Any:
    """The Arrow schema of the records, with ``metadata`` as the ``mahjong_fast`` item and
    ``rules`` (its JSON form) as the ``ruleset`` item (and its unit as ``unit``) of the
    schema metadata; ``matches``: with the columns of :data:`MATCH_EXTRA`. No column is
    nullable but ``wins.discarder`` and ``wins.win_tile``."""
    pa = _pyarrow()
    element = pa.struct(
        [
            pa.field("code", pa.string(), nullable=False),
            pa.field("name", pa.string(), nullable=False),
            pa.field("value", pa.int16(), nullable=False),
        ]
    )
    win = pa.struct(
        [
            pa.field("seat", pa.int8(), nullable=False),
            pa.field("win_kind", pa.string(), nullable=False),
            pa.field("discarder", pa.int8()),
            pa.field("value", pa.int16(), nullable=False),
            pa.field("elements", pa.list_(pa.field("item", element, nullable=False)), nullable=False),
            pa.field("hand", pa.string(), nullable=False),
            pa.field("win_tile", pa.string()),
        ]
    )
    columns = [
        ("deal_index", pa.uint64()),
        ("seed", pa.uint64()),
        ("dealer", pa.int8()),
        ("winners", pa.list_(pa.field("item", pa.int8(), nullable=False))),
        ("value", pa.int16()),
        ("wins", pa.list_(pa.field("item", win, nullable=False))),
        *[(p, pa.int64()) for p in POINTS],
        ("discards", pa.int16()),
        ("tiles_left", pa.int16()),
        ("exhaustive_draw", pa.bool_()),
    ]
    if matches:
        columns += [
            ("match_index", pa.uint64()),
            ("deal_in_match", pa.uint32()),
            ("dealer_streak", pa.uint32()),
            ("prevailing_wind", pa.int8()),
            *[(p, pa.int64()) for p in SCORES],
        ]
    schema = pa.schema([pa.field(name, t, nullable=False) for name, t in columns])
    meta: dict[bytes, bytes] = {b"format": RECORDS_FORMAT.encode()}
    if metadata is not None:
        meta[b"mahjong_fast"] = json.dumps(metadata).encode()
    if rules is not None:
        meta[RULESET_KEY.encode()] = rules.to_json().encode()
        meta[b"unit"] = rules.unit.encode()
    return schema.with_metadata(meta)


def _read_sidecar(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The sidecar of a JSON Lines file, or its 0.2 header line, or None (0.1)."""
    side = meta_path(path)
    if side.is_file():
        with open(side, encoding="utf-8") as f:
            meta = json.load(f)
        if not isinstance(meta, dict):
            raise RuleConfigError(f"{side}: a record file's metadata must be a JSON object")
        return meta
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            first = json.loads(line)
            if isinstance(first, dict) and first.get("type") == "header":
                return dict(first)
            break
    return None


def read_metadata(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The run metadata of a record file (see :func:`run_metadata`: Parquet's
    ``mahjong_fast`` item, the ``run`` item of a JSON Lines file's sidecar), or None."""
    if format_of(path) == "jsonl":
        meta = _read_sidecar(path)
        run = None if meta is None else meta.get("run")
        return None if run is None else dict(run)
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
    """One compact JSON object per record and line, in :data:`FIELDS` order; the sidecar
    :func:`meta_path` (format, unit, ruleset, run metadata) is written first. Each chunk goes
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
        meta: dict[str, Any] = {
            "format": RECORDS_FORMAT,
            "unit": rules.unit,
            RULESET_KEY: rules.to_dict(),
        }
        if metadata is not None:
            meta["run"] = metadata
        try:
            with open(meta_path(self.path), "w", encoding="utf-8") as f:
                f.write(json.dumps(meta, indent=2) + "\n")
        except BaseException:
            self._file.close()
            raise

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
    returns (``docs/records.md``). Loads the whole file: for big runs, read the Parquet file
    with pyarrow / polars / DuckDB instead. A JSON Lines file of 0.2 or earlier (a header
    line, the older fields) is read as it is, its header skipped."""
    if format_of(path) == "jsonl":
        with open(path, encoding="utf-8") as f:
            lines = [json.loads(line) for line in f if line.strip()]
        return [r for r in lines if not (isinstance(r, dict) and r.get("type") == "header")]
    _pyarrow()
    import pyarrow.parquet as pq

    rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
    for r in rows:
        if "elements" in r:  # 0.2 and earlier: elements as structs with a field faan
            r["elements"] = [[e["code"], e["name"], e["faan"]] for e in r["elements"]]
    return rows


def read_rules(path: str | os.PathLike[str]) -> Ruleset:
    """The ruleset a simulation output file records (Parquet metadata ``ruleset``; the
    JSON Lines sidecar, or the header line of an older file); the default Hong Kong preset
    for a file that records none (0.1).

    Raises:
        RuleConfigError: the recorded ruleset cannot be read.
    """
    if format_of(path) == "jsonl":
        meta = _read_sidecar(path)
        return DEFAULT_RULES if meta is None else _rules_of(meta.get(RULESET_KEY))
    _pyarrow()
    import pyarrow.parquet as pq

    schema_meta = pq.read_schema(path).metadata or {}
    raw = schema_meta.get(RULESET_KEY.encode())
    return DEFAULT_RULES if raw is None else _rules_of(raw.decode("utf-8"))


def _rules_of(spec: Any) -> Ruleset:
    if isinstance(spec, (str, dict)):
        return Ruleset.from_json(spec)
    raise RuleConfigError(f"a record file's ruleset must be its JSON form, got {spec!r}")
