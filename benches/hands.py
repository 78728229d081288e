"""Seeded hands shared by the benchmark suites and benches/compare_peers.py, so that every
library is timed on exactly the same hands."""

from __future__ import annotations

import random


def random_hands(seed: int, n_tiles: int, n: int) -> list[list[int]]:
    """``n`` hands of ``n_tiles`` tiles drawn from a shuffled set of 136, as 34 counts."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        counts = [0] * 34
        for k in wall[:n_tiles]:
            counts[k] += 1
        out.append(counts)
    return out


def complete_hands(seed: int, n: int, n_sets: int = 4) -> list[tuple[list[int], int]]:
    """``n`` pairs (3 * n_sets + 1 counts, winning kind) built from ``n_sets`` sets and a pair
    (no fifth copy): 4 sets for Hong Kong, 5 for Taiwanese."""
    rng = random.Random(seed)
    out: list[tuple[list[int], int]] = []
    while len(out) < n:
        counts = [0] * 34
        for _ in range(n_sets):
            if rng.random() < 0.6:
                s, k = rng.randrange(3), rng.randrange(7)
                for d in range(3):
                    counts[9 * s + k + d] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        tiles = [k for k in range(34) for _ in range(counts[k])]
        win = rng.choice(tiles)
        counts[win] -= 1
        out.append((counts, win))
    return out
