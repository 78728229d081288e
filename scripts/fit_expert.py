"""Fit the ``expert`` seat's weights (``ExpertStyle``) of one ruleset by a deterministic pattern
search, and write them to the generated Rust file the core is built with.

Each candidate is scored by its mean points a deal in duplicate arenas against a mixed pool:
the candidate expert against three ``greedy``, three ``value``, three ``strong`` seats and three
copies of the incumbent expert (the best weights so far), the four scores averaged with equal
weight. Every arena plays walls of seeds >= 1000, never the evaluation seeds 1 and 2 of
``docs/ai.md``; the pool's seeds are drawn from ``--seed`` (so a run is the same from its seed).

The search: coordinate steps over the weights (each weight tried one step up and one step
down, in a fixed order; a step that scores better than the incumbent on the same walls is
kept and the incumbent changes), the steps halved after a round without an improvement. A
kept candidate is re-scored on fresh walls against the new incumbent pool in the next round,
so a lucky score does not stay unchallenged. The last incumbent is written. With
``--min-win-rate`` / ``--max-deal-in`` a step is kept only if the candidate's win rate
against the three greedy seats stays at least / its deal-in rate at most the given share (the
issue's bars are on these rates as well as on points).

    python scripts/fit_expert.py --rules taiwanese-high --walls 400 --rounds 3

Cost: one candidate is four arenas of ``--walls`` walls (16 deals a wall); on one core about
``rounds * 15 * 4 * walls`` walls are played (see docs/ai.md for the minutes). ``--short``
runs a tiny search (CI) and writes to ``--out`` only.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from pathlib import Path

import mahjong_fast
from mahjong_fast import _core

# the weights in the core's order (ExpertStyle::FIELDS), read from the built core
FIELDS = tuple(_core.Ruleset.from_name("hong-kong").expert_style)
# the core's allowed ranges (ExpertStyle::RANGES); the search stays inside them
RANGES = {
    "self_draw_share": (0.0, 1.0),
    "hazard": (0.0, 0.5),
    "caution": (0.0, 10.0),
    "below_min_keep": (0.0, 1.0),
    "step_keep": (0.0, 1.0),
    "alpha": (0.05, 4.0),
    "lookahead": (0.0, 1.0),
    "long_shot_min": (0.0, 1.0),
    "exact_alpha": (0.05, 4.0),
}
# the first step of each weight: multiplicative for those that span magnitudes, additive else
MULT = {"hazard", "caution"}
FIRST_STEP = {
    "self_draw_share": 0.1,
    "hazard": 2.0,
    "caution": 2.0,
    "below_min_keep": 0.1,
    "step_keep": 0.1,
    "alpha": 0.2,
    "lookahead": 0.25,
    "long_shot_min": 0.005,
    "exact_alpha": 0.2,
}
if set(RANGES) != set(FIELDS) or set(FIRST_STEP) != set(FIELDS):
    raise SystemExit(f"fit_expert.py knows {sorted(RANGES)}, the core's weights are {list(FIELDS)}")
POOL = ("greedy", "value", "strong", "incumbent")
MIN_SEED = 1000
REPO = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO / "rust" / "src" / "agents" / "knowledge" / "expert_styles.rs"
# every preset may have weights of its own (a switch set plays with its nearest preset's, and a
# preset without its own with its table's); the three rulesets always have an entry
PRESETS = list(mahjong_fast.presets())
RULESETS = ("hong-kong", "taiwanese-high", "taiwanese-low")


def const_of(name: str) -> str:
    """The Rust constant of preset ``name``'s weights (``hong-kong-benwassa-v1`` →
    ``HONG_KONG_BENWASSA_V1``)."""
    return name.upper().replace("-", "_")


CONSTS = {name: const_of(name) for name in PRESETS}


def ruleset_of(name: str) -> _core.Ruleset:
    return _core.Ruleset.from_name(name)


def seed_stream(seed: int) -> list[int]:
    """Arena seeds >= MIN_SEED, distinct, fixed by ``seed`` (a splitmix64 walk)."""
    out: list[int] = []
    x = seed
    while len(out) < 4096:
        x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
        s = MIN_SEED + z % (2**62)
        if s not in out:
            out.append(s)
    return out


def score(
    rules: _core.Ruleset,
    cand: dict[str, float],
    inc: dict[str, float],
    walls: int,
    seeds: list[int],
    threads: int = 1,
) -> tuple[float, dict[str, float]]:
    """The candidate's mean points a deal over the pool (equal weight per opponent kind), and
    the figure against each; opponent kind ``i`` plays walls of ``seeds[i]``. Against
    ``greedy`` the candidate's win and deal-in rates are added to the figures (``win_rate``,
    ``deal_in_rate``) for the constraints of ``--min-win-rate`` and ``--max-deal-in``."""
    per: dict[str, float] = {}
    rates: dict[str, float] = {}
    for kind, seed in zip(POOL, seeds):
        other = "expert" if kind == "incumbent" else kind
        styles: list[dict[str, float] | None] = [cand, None, None, None]
        if kind == "incumbent":
            styles = [cand, inc, inc, inc]
        _, deals = _core.arena(["expert", other, other, other], walls, seed, threads=threads, rules=rules,
                               expert_styles=styles)  # fmt: skip
        # the candidate is line-up position 0: player (4 - rotation) % 4 of each deal (the
        # report pools every expert seat, so the deals are read)
        me = [(4 - d["rotation"]) % 4 for d in deals]
        pts = [d["points"][p] for d, p in zip(deals, me)]
        per[kind] = sum(pts) / len(pts)
        if kind == "greedy":
            rates["win_rate"] = sum(p in d["winners"] for d, p in zip(deals, me)) / len(deals)
            rates["deal_in_rate"] = sum(d["discarder"] == p for d, p in zip(deals, me)) / len(deals)
    return sum(per.values()) / len(per), {**per, **rates}


def clamp(name: str, x: float) -> float:
    lo, hi = RANGES[name]
    return round(min(hi, max(lo, x)), 6)


def neighbours(inc: dict[str, float], name: str, step: float) -> list[tuple[str, dict[str, float]]]:
    """The incumbent with weight ``name`` one step up and one step down (inside its range)."""
    out: list[tuple[str, dict[str, float]]] = []
    for sign in (1, -1):
        x = inc[name]
        if name in MULT:
            y = x * step if sign > 0 else x / step
            if x == 0.0:
                y = 0.01 if sign > 0 else 0.0
        else:
            y = x + sign * step
        y = clamp(name, y)
        if y != x:
            out.append((f"{name}{'+' if sign > 0 else '-'}", {**inc, name: y}))
    return out


def render(styles: dict[str, dict[str, float]], commands: dict[str, str]) -> str:
    lines = [
        "// @generated by scripts/fit_expert.py: the expert seat's weights per preset (docs/ai.md).",
        "// Do not edit by hand; re-fit with the command above each entry.",
        "",
        "use super::ExpertStyle;",
    ]
    names = [n for n in PRESETS if n in styles]
    for name in names:
        st = styles[name]
        lines += [
            "",
            f"/// {name}: {commands[name]}",
            "#[rustfmt::skip]",
            f"pub(crate) const {CONSTS[name]}: ExpertStyle = ExpertStyle {{",
        ]
        lines += [f"    {k}: {float(st[k])!r}," for k in FIELDS]
        lines += ["};"]
    lines += [
        "",
        "/// The fitted weights of preset `name`, if the file holds them.",
        "pub(crate) fn of_preset(name: &str) -> Option<ExpertStyle> {",
        "    match name {",
    ]
    lines += [f'        "{name}" => Some({CONSTS[name]}),' for name in names]
    lines += ["        _ => None,", "    }", "}", ""]
    return "\n".join(lines)


def read_commands(path: Path) -> dict[str, str]:
    out = {name: "hand-set" for name in CONSTS}
    if path.exists():
        for m in re.finditer(r"^/// ([a-z0-9-]+): (.*)$", path.read_text(), re.MULTILINE):
            if m.group(1) in out:
                out[m.group(1)] = m.group(2)
    return out


def missing_weights(st: dict[str, float]) -> dict[str, float]:
    """The weights a style written before them lacks, at the values that play as it did then:
    no long shot, and exact values bent as the estimates."""
    return {"long_shot_min": 1.0, "exact_alpha": st.get("alpha", 1.0)}


def read_styles(path: Path) -> dict[str, dict[str, float]]:
    """The styles a generated file holds (as ``render`` writes them; a weight added since is
    filled in by ``missing_weights``)."""
    text = path.read_text()
    out: dict[str, dict[str, float]] = {}
    for name, const in CONSTS.items():
        m = re.search(rf"const {const}: ExpertStyle = ExpertStyle {{(.*?)}};", text, re.DOTALL)
        if m:
            pairs = (
                line.strip().rstrip(",").split(":") for line in m.group(1).strip().splitlines()
            )
            st = {k.strip(): float(v) for k, v in pairs}
            out[name] = {**missing_weights(st), **st}
    return out


def fmt(st: dict[str, float]) -> str:
    return " ".join(f"{k}={st[k]:.4g}" for k in FIELDS)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", choices=sorted(CONSTS), default="taiwanese-high")
    ap.add_argument("--seed", type=int, default=MIN_SEED, help="search seed (>= 1000)")
    ap.add_argument("--walls", type=int, default=400, help="walls per arena of one evaluation")
    ap.add_argument("--rounds", type=int, default=3, help="rounds over the weights")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the generated Rust file")
    ap.add_argument("--short", action="store_true", help="a tiny search for CI (8 walls, 1 round)")
    ap.add_argument("--start", action="append", default=[], metavar="NAME=VALUE",
                    help="start the search from this value of a weight (repeatable)")  # fmt: skip
    ap.add_argument("--hold", action="append", default=[], choices=FIELDS,
                    help="keep this weight at its start value (repeatable)")  # fmt: skip
    ap.add_argument("--min-win-rate", type=float, default=0.0,
                    help="keep only steps whose win rate against three greedy seats is at least this")  # fmt: skip
    ap.add_argument("--max-deal-in", type=float, default=1.0,
                    help="keep only steps whose deal-in rate against three greedy seats is at most this")  # fmt: skip
    ap.add_argument("--threads", type=int, default=1,
                    help="threads of each arena (the results do not depend on it)")  # fmt: skip
    a = ap.parse_args(argv)
    if a.seed < MIN_SEED:
        ap.error(f"--seed must be >= {MIN_SEED} (seeds below are kept for evaluation)")
    if a.short:
        a.walls, a.rounds = 8, 1
    if a.walls < 1 or a.rounds < 1 or a.threads < 1:
        ap.error("--walls, --rounds and --threads must be >= 1")
    start: dict[str, float] = {}
    for item in a.start:
        name, _, value = item.partition("=")
        if name not in FIELDS:
            ap.error(f"--start {item!r}: the weights are {', '.join(FIELDS)}")
        try:
            start[name] = clamp(name, float(value))
        except ValueError:
            ap.error(f"--start {item!r}: {value!r} is not a number")
    if mahjong_fast.BUILD_PROFILE != "release" and not a.short:
        print("note: a debug build; the search will be slow", file=sys.stderr)
    rules = ruleset_of(a.rules)
    seeds = iter(seed_stream(a.seed))
    inc = {k: float(v) for k, v in rules.expert_style.items()}
    inc.update(start)
    steps = dict(FIRST_STEP)
    t0 = time.monotonic()
    print(f"fit {a.rules}: seed {a.seed}, {a.walls} walls an arena, {a.rounds} rounds", flush=True)
    print(f"start  {fmt(inc)}", flush=True)
    evals = 0
    for rnd in range(1, a.rounds + 1):
        improved = False
        round_seeds = [next(seeds) for _ in POOL]
        base, per = score(rules, inc, inc, a.walls, round_seeds, a.threads)
        evals += 1
        print(f"round {rnd}: incumbent {base:+.4f} "
              + " ".join(f"{k}={v:+.3f}" for k, v in per.items()), flush=True)  # fmt: skip
        for name in FIELDS:
            if name in a.hold:
                continue
            for label, cand in neighbours(inc, name, steps[name]):
                s, per = score(rules, cand, inc, a.walls, round_seeds, a.threads)
                evals += 1
                within = per["win_rate"] >= a.min_win_rate and per["deal_in_rate"] <= a.max_deal_in
                keep = s > base and within
                note = "  kept" if keep else ("" if within else "  outside the constraints")
                print(f"  {label:<17} {s:+.4f} ({s - base:+.4f}) win {per['win_rate']:.3f}"
                      f" deal-in {per['deal_in_rate']:.3f}{note}"
                      f"  [{time.monotonic() - t0:.0f}s]", flush=True)  # fmt: skip
                if keep:
                    # the new incumbent, re-scored on fresh walls (itself the pool's 4th)
                    inc = cand
                    round_seeds = [next(seeds) for _ in POOL]
                    base, _ = score(rules, inc, inc, a.walls, round_seeds, a.threads)
                    evals += 1
                    improved = True
                    break
        if not improved:
            steps = {k: (math.sqrt(v) if k in MULT else v / 2) for k, v in steps.items()}
        print(f"after round {rnd}: {fmt(inc)}", flush=True)
    mins = (time.monotonic() - t0) / 60
    print(f"done: {evals} evaluations ({evals * 4 * a.walls} walls) in {mins:.1f} min", flush=True)
    print(f"fitted {fmt(inc)}", flush=True)
    out: Path = a.out
    styles = {
        name: {k: float(v) for k, v in ruleset_of(name).expert_style.items()} for name in RULESETS
    }
    # the other rulesets keep what the file being written holds (else the built core's)
    styles.update(read_styles(out) if out.exists() else {})
    styles[a.rules] = inc
    commands = read_commands(out if out.exists() else DEFAULT_OUT)
    cmd = f"python scripts/fit_expert.py --rules {a.rules} --seed {a.seed} --walls {a.walls} --rounds {a.rounds}"
    cmd += "".join(f" --start {k}={v:g}" for k, v in start.items())
    cmd += "".join(f" --hold {k}" for k in a.hold)
    if a.min_win_rate > 0.0:
        cmd += f" --min-win-rate {a.min_win_rate:g}"
    if a.max_deal_in < 1.0:
        cmd += f" --max-deal-in {a.max_deal_in:g}"
    commands[a.rules] = cmd + (" --short" if a.short else "")
    out.write_text(render(styles, commands))
    print(f"wrote {out}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
