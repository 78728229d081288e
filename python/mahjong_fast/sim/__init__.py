"""Parts of bulk simulation (design §5); the entry point is :func:`mahjong_fast.simulate`.

- :mod:`.chunks`: the unit of work (a chunk of deal indices) and the function that plays it;
- :mod:`.backends`: where chunks run (this process, a process pool, Ray);
- :mod:`.output`: Parquet / JSON Lines writers, :func:`read_records` and :func:`read_rules`;
- :mod:`.summary`: the running :class:`Summary`.
"""

from __future__ import annotations

from .output import read_records, read_rules
from .summary import Summary

__all__ = ["Summary", "read_records", "read_rules"]
