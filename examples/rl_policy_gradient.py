"""Train a seat against three greedy seats by policy gradient (numpy only), then evaluate it.

    python examples/rl_policy_gradient.py train --out policy.npz
    python examples/rl_policy_gradient.py evaluate policy.npz --walls 2048

The ruleset is ``taiwanese-high`` unless ``--rules`` says otherwise: its payments are a few
points a deal, so a paired difference shows clearly over a couple of thousand walls; Hong
Kong's vary by hundreds of points a deal and its interval is far wider (docs/rl.md has both).
Training stops after ``--steps`` learner steps (12 million: about 6 minutes on one core of the
machine the docs were measured on), so the saved policy is the same on any machine.

The policy is linear over the observation planes of docs/rl.md: a discard or kong of kind k
is scored from column k of every plane, every other action from the scalar plane, with the
legal mask applied before the softmax. Training is REINFORCE with a running baseline on the
sign of the learner's points per deal (``--reward win``: +1 won, -1 paid; the points
themselves are too noisy a signal for this small model), on a ``MahjongVectorEnv`` of many
tables.
Training deals from the table seeds ``seed .. seed + tables - 1`` (``--seed`` 1000 by default),
evaluation from ``1 .. tables`` by default; ``evaluate`` refuses seeds that overlap the
policy's training seeds, so a policy is never measured on walls it trained on.
Evaluation plays the same walls in duplicate mode (each wall four times, the learner in every
seat) with the trained and with the untrained (all-zero: uniform over the legal actions)
policy, and reports the paired difference of points per deal with its 95% interval over walls.
``--short`` (CI) runs a few hundred steps and asserts nothing about strength.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from mahjong_fast.rl import MahjongVectorEnv

OPPONENTS = ["learner", "greedy", "greedy", "greedy"]


class Policy:
    """Linear masked-softmax policy over the planes (C planes of 42 columns)."""

    def __init__(self, planes: int) -> None:
        self.c = planes
        self.w_discard = np.zeros(planes, np.float64)
        self.w_kong = np.zeros(planes, np.float64)
        self.w_other = np.zeros((7, 42), np.float64)  # actions 68..74 from the scalar plane
        self.b_other = np.zeros(7, np.float64)

    def params(self) -> list[np.ndarray]:
        return [self.w_discard, self.w_kong, self.w_other, self.b_other]

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """obs (N, C, 42) -> logits (N, 75)."""
        cols = obs[:, :, :34]  # (N, C, 34)
        d = np.einsum("c,nck->nk", self.w_discard, cols)
        k = np.einsum("c,nck->nk", self.w_kong, cols)
        o = obs[:, 24, :] @ self.w_other.T + self.b_other
        return np.concatenate([d, k, o], axis=1)

    def probs(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        z = self.logits(obs)
        z = np.where(mask > 0, z, -np.inf)
        top = z.max(axis=1, keepdims=True)
        p = np.exp(z - np.where(np.isfinite(top), top, 0.0))
        s = p.sum(axis=1, keepdims=True)
        return p / np.where(s > 0, s, 1.0)

    def grad_logp(
        self, obs: np.ndarray, probs: np.ndarray, actions: np.ndarray
    ) -> list[np.ndarray]:
        """Per-row gradients of log pi(a|s), summed over rows with weights set by the caller:
        returns the per-row pieces (N, ...) for each parameter."""
        n = obs.shape[0]
        onehot = np.zeros_like(probs)
        onehot[np.arange(n), actions] = 1.0
        g = onehot - probs  # (N, 75)
        cols = obs[:, :, :34]
        gd = np.einsum("nk,nck->nc", g[:, :34], cols)
        gk = np.einsum("nk,nck->nc", g[:, 34:68], cols)
        go = np.einsum("na,nj->naj", g[:, 68:], obs[:, 24, :])
        return [gd, gk, go, g[:, 68:]]

    def save(self, path: Path, rules: str, seeds: tuple[int, int]) -> None:
        """Save the weights with the ruleset and the table seeds ``[first, stop)`` trained on."""
        np.savez(path, planes=self.c, w_discard=self.w_discard, w_kong=self.w_kong,
                 w_other=self.w_other, b_other=self.b_other, rules=rules,
                 seeds=np.array(seeds, np.int64))  # fmt: skip

    @staticmethod
    def load(path: Path) -> tuple[Policy, str, tuple[int, int]]:
        """The policy saved at ``path``, its ruleset and training seeds. Errors: ``ValueError``
        naming the file when it is missing, not a saved policy, or of the wrong shape."""
        try:
            with np.load(path) as z:
                p = Policy(int(z["planes"]))
                p.w_discard[:] = z["w_discard"]
                p.w_kong[:] = z["w_kong"]
                p.w_other[:] = z["w_other"]
                p.b_other[:] = z["b_other"]
                first, stop = (int(x) for x in z["seeds"])
                return p, str(z["rules"]), (first, stop)
        except (OSError, KeyError, ValueError, EOFError) as e:
            raise ValueError(f"{path}: not a policy saved by this script ({e})") from e


def sample(rng: np.random.Generator, probs: np.ndarray) -> np.ndarray:
    u = rng.random((probs.shape[0], 1))
    a = (probs.cumsum(axis=1) < u).sum(axis=1)
    return np.minimum(a, probs.shape[1] - 1).astype(np.int64)


def train(args: argparse.Namespace) -> None:
    envs = MahjongVectorEnv(args.tables, rules=args.rules, seats=OPPONENTS, seed=args.seed,
                            threads=args.threads, reward=args.reward)  # fmt: skip
    obs, info = envs.reset(seed=args.seed)
    policy = Policy(obs.shape[1])
    rng = np.random.default_rng(args.seed)
    # per table: the gradient pieces of the running deal
    acc = [[np.zeros_like(p) for p in policy.params()] for _ in range(args.tables)]
    baseline, deals, steps = 0.0, 0, 0
    returns: list[float] = []
    start = time.perf_counter()
    deadline = start + 60 * args.minutes
    # a table whose deal just ended: its next step starts the next deal and ignores the action
    # (its mask row is all ones, docs/rl.md)
    term = np.zeros(args.tables, np.bool_)
    while steps < args.steps and time.perf_counter() < deadline:
        mask = info["action_mask"]
        live = ~term
        probs = policy.probs(obs, mask)
        actions = sample(rng, probs)
        actions[~live] = 0
        if live.any():
            rows = np.flatnonzero(live)
            pieces = policy.grad_logp(obs[rows], probs[rows], actions[rows])
            for j, i in enumerate(rows):
                for a, piece in zip(acc[i], pieces):
                    a += piece[j]
        obs, reward, term, _trunc, info = envs.step(actions)
        steps += int(live.sum())
        for i in np.flatnonzero(term):
            ret = float(reward[i]) / args.scale
            adv = ret - baseline
            baseline += 0.01 * (ret - baseline)
            for p, a in zip(policy.params(), acc[i]):
                p += args.lr * adv * a
                a[:] = 0.0
            deals += 1
            returns.append(float(reward[i]))
        if deals and deals % 2000 < int(term.sum()):
            recent = np.mean(returns[-2000:])
            print(f"{time.perf_counter() - start:7.0f}s deals {deals:7d} steps {steps:9d} "
                  f"{args.reward} reward/deal (last 2000) {recent:+.2f}", flush=True)  # fmt: skip
    policy.save(Path(args.out), args.rules, (args.seed, args.seed + args.tables))
    took = time.perf_counter() - start
    print(f"trained {deals} deals, {steps} learner steps in {took:.0f}s; saved {args.out}")


def play(policy: Policy, args: argparse.Namespace, walls_per_table: int) -> np.ndarray:
    """Points per (table, wall), averaged over the wall's four rotations, in duplicate mode.

    Deals are counted in the order each table reports them; a deal the greedy seats finish
    before the learner is asked is skipped by the table (docs/rl.md) for every policy alike, so
    the k-th deal of a table is the same deal whatever the policy and the pairing holds."""
    envs = MahjongVectorEnv(args.tables, rules=args.rules, seats=OPPONENTS, seed=args.seed,
                            threads=args.threads, duplicate=True)  # fmt: skip
    obs, info = envs.reset(seed=args.seed)
    rng = np.random.default_rng(args.seed + 1)
    deals = np.zeros(args.tables, np.int64)
    points = np.zeros((args.tables, walls_per_table), np.float64)
    target = 4 * walls_per_table
    term = np.zeros(args.tables, np.bool_)
    while (deals < target).any():
        mask = info["action_mask"]
        actions = sample(rng, policy.probs(obs, mask))
        actions[term] = 0  # ignored: the table starts its next deal
        obs, reward, term, _t, info = envs.step(actions)
        for i in np.flatnonzero(term):
            if deals[i] < target:
                points[i, deals[i] // 4] += reward[i] / 4.0
            deals[i] += 1
    return points.reshape(-1)


def evaluate(args: argparse.Namespace) -> int:
    try:
        trained, trained_rules, (first, stop) = Policy.load(Path(args.policy))
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.seed < stop and first < args.seed + args.tables:
        print(f"error: evaluation seeds {args.seed}..{args.seed + args.tables - 1} overlap the "
              f"training seeds {first}..{stop - 1} of {args.policy}; choose another --seed",
              file=sys.stderr)  # fmt: skip
        return 2
    if trained_rules != args.rules:
        print(f"note: the policy was trained under {trained_rules}, evaluated under {args.rules}")
    untrained = Policy(trained.c)
    per_table = -(-args.walls // args.tables)
    start = time.perf_counter()
    a = play(trained, args, per_table)
    b = play(untrained, args, per_table)
    d = a - b
    n = d.size
    half = 1.96 * d.std(ddof=1) / np.sqrt(n)
    print(f"{n} walls x 4 seats (duplicate), {args.rules}, vs three greedy seats, "
          f"{time.perf_counter() - start:.0f}s")  # fmt: skip
    print(f"trained   points/deal {a.mean():+8.2f}")
    print(f"untrained points/deal {b.mean():+8.2f}")
    print(f"paired difference     {d.mean():+8.2f}  95% interval [{d.mean() - half:+.2f}, "
          f"{d.mean() + half:+.2f}]")  # fmt: skip
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("train", "evaluate"):
        p = sub.add_parser(name)
        p.add_argument("--rules", default="taiwanese-high")
        p.add_argument("--seed", type=int, default=1000 if name == "train" else 1,
                       help="the first table's seed (table i: seed + i)")  # fmt: skip
        p.add_argument("--tables", type=int, default=64)
        p.add_argument("--threads", type=int, default=2)
        p.add_argument("--short", action="store_true", help="a few hundred steps (CI)")
    t = sub.choices["train"]
    t.add_argument("--steps", type=int, default=12_000_000,
                   help="learner steps to train for (the same policy on any machine)")  # fmt: skip
    t.add_argument("--minutes", type=float, default=30.0, help="stop early after this long")
    t.add_argument("--lr", type=float, default=0.002)
    t.add_argument("--scale", type=float, default=1.0, help="rewards are divided by this")
    t.add_argument(
        "--reward",
        default="win",
        choices=["win", "points", "value"],
        help="the training signal (win: +1 won, -1 paid; evaluation is in points)",
    )
    t.add_argument("--out", default="policy.npz")
    e = sub.choices["evaluate"]
    e.add_argument("policy")
    e.add_argument("--walls", type=int, default=2000)
    args = ap.parse_args(argv)
    if args.short:
        args.tables = min(args.tables, 4)
        if args.cmd == "train":
            args.steps = 300
        else:
            args.walls = 4
    if args.cmd == "train":
        train(args)
        return 0
    return evaluate(args)


if __name__ == "__main__":
    sys.exit(main())
