"""A small policy-gradient agent for Hokm (hokm4), in numpy.

The policy is linear: the logits of the 66 action ids are ``W @ x + b`` for
the observation tensor ``x`` of the seat to act (``State.observation_tensor``),
illegal ids masked out, a softmax over the rest. It is trained by REINFORCE
with a running-mean baseline; the return of every decision of a hand is the
hand's points of the agent's side minus those of the other side. The agent
holds seats 0 and 2 (one side):

1. against Random at seats 1 and 3, through ``hukm.VecEnv`` (many hands per
   call, the opponents' moves from ``VecEnv.random_actions()``);
2. then against Heuristic at seats 1 and 3, one hand at a time in Python.

Every ``--log`` hands the mean return of those hands is recorded; the
learning curve goes to ``<out>/pg_hokm4_curve.png`` and the
final strength, measured with ``hukm.play_match`` (greedy policy, fresh
deals, 95% intervals), to ``<out>/pg_hokm4.md``.

Run: ``python examples/selfplay_pg.py`` (needs matplotlib for the plot:
``pip install hukm[docs]``); ``--random-minutes``, ``--heuristic-minutes``
(or ``--random-hands``, ``--heuristic-hands``: with both, the run is the
same on every machine), ``--eval-hands``, ``--seed``.
"""

from __future__ import annotations

import os

# Small matrices: BLAS threads only fight each other (and the games) here.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import time  # noqa: E402
from pathlib import Path
from typing import Any, Optional  # noqa: E402

import numpy as np  # noqa: E402

import hukm  # noqa: E402
from hukm.bots import Heuristic, Random  # noqa: E402

GAME = "hokm4"
AGENT = (0, 2)


class Policy:
    """Linear softmax policy over the legal ids."""

    def __init__(self, obs: int, actions: int, seed: int) -> None:
        self.w = np.zeros((actions, obs), np.float64)
        self.b = np.zeros(actions, np.float64)
        self.rng = np.random.default_rng(seed)

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.asarray(x, np.float64) @ self.w.T + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=-1, keepdims=True)

    def sample(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        p = self.probs(x, mask)
        u = self.rng.random((p.shape[0], 1))
        return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)

    def update(self, xs: np.ndarray, masks: np.ndarray, acts: np.ndarray, adv: np.ndarray, lr: float) -> None:
        p = self.probs(xs, masks)
        g = -p
        g[np.arange(len(acts)), acts] += 1.0
        g *= adv[:, None]
        self.w += lr * (g.T @ xs) / len(acts)
        self.b += lr * g.mean(axis=0)


class Learner:
    """Collects the agent's decisions per hand and updates after each batch."""

    def __init__(self, policy: Policy, lr: float, batch: int) -> None:
        self.policy = policy
        self.lr = lr
        self.batch = batch
        self.baseline = 0.0
        self.done: list[tuple[list[Any], float]] = []
        self.returns: list[float] = []

    def finish(self, steps: list[Any], ret: float) -> None:
        self.returns.append(ret)
        if steps:
            self.done.append((steps, ret))
        if len(self.done) >= self.batch:
            xs = np.array([s[0] for d, _ in self.done for s in d])
            ms = np.array([s[1] for d, _ in self.done for s in d])
            acts = np.array([s[2] for d, _ in self.done for s in d])
            rets = np.array([r for d, r in self.done for _ in d])
            self.policy.update(xs, ms, acts, rets - self.baseline, self.lr)
            self.baseline = 0.9 * self.baseline + 0.1 * float(np.mean([r for _, r in self.done]))
            self.done = []


class Budget:
    """How long a phase trains: ``hands`` hands when given (the run is then
    the same on every machine), else ``minutes`` of wall time."""

    def __init__(self, minutes: float, hands: Optional[int]) -> None:
        self.hands = hands
        self.end = time.perf_counter() + minutes * 60

    def more(self, done: int) -> bool:
        return done < self.hands if self.hands is not None else time.perf_counter() < self.end


def log_point(learner: Learner, phase: str, curve: list[Any], t0: float) -> None:
    """One point of the curve: the mean return of the hands finished since the last one."""
    total = sum(k for *_, k in curve) + len(learner.returns)
    curve.append((phase, total, time.perf_counter() - t0, float(np.mean(learner.returns)), len(learner.returns)))
    learner.returns = []


def train_vs_random(learner: Learner, budget: Budget, seed: int, log: int, curve: list[Any], t0: float) -> int:
    env = hukm.VecEnv(GAME, 128, seed=seed)
    obs, masks, players = env.reset()
    traj: list[list[Any]] = [[] for _ in range(env.num_envs)]
    hands = 0
    while budget.more(hands):
        acts = env.random_actions()
        mine = np.isin(players, AGENT)
        if mine.any():
            idx = np.flatnonzero(mine)
            a = learner.policy.sample(obs[idx], masks[idx])
            acts[idx] = a
            for j, i in enumerate(idx):
                traj[i].append((obs[i].astype(np.float64), masks[i], int(a[j])))
        obs, masks, rewards, terminated, players = env.step(acts)
        for i in np.flatnonzero(terminated):
            if not budget.more(hands):
                break
            learner.finish(traj[i], float(rewards[i, 0] - rewards[i, 1]))
            traj[i] = []
            hands += 1
            if len(learner.returns) >= log:
                log_point(learner, "random", curve, t0)
    return hands


def train_vs_heuristic(learner: Learner, budget: Budget, seed: int, log: int, curve: list[Any], t0: float) -> int:
    game = hukm.game(GAME)
    bots = {1: Heuristic(seed=seed + 1), 3: Heuristic(seed=seed + 3)}
    hands = 0
    while budget.more(hands):
        s = game.new_game(seed=seed * 1_000_003 + hands)
        hand, before = s.hand_number, s.returns()
        steps: list[Any] = []
        while not s.is_terminal() and s.hand_number == hand:
            p = s.current_player
            if p in bots:
                s.apply(bots[p].act(s))
                continue
            x = s.observation_tensor(p).astype(np.float64)[None]
            m = s.legal_action_mask()[None]
            a = int(learner.policy.sample(x, m)[0])
            steps.append((x[0], m[0], a))
            s.apply_id(a)
        after = s.returns()
        learner.finish(steps, (after[0] - before[0]) - (after[1] - before[1]))
        hands += 1
        if len(learner.returns) >= log:
            log_point(learner, "heuristic", curve, t0)
    return hands


class GreedyBot:
    """The trained policy as a bot: the most likely legal action."""

    name = "pg"

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def act(self, state: Any) -> str:
        x = state.observation_tensor(state.current_player).astype(np.float64)[None]
        m = state.legal_action_mask()[None]
        return str(state.id_to_action(int(np.argmax(self.policy.probs(x, m)[0]))))


def side_line(r: Any, label: str) -> str:
    lo, hi = r.interval(0)
    w = r.win_rate(0, 1)
    wl, wh = r.win_interval(0, 1)
    return (f"| {label} | {len(r.hands)} | {r.mean(0):.3f} [{lo:.3f}, {hi:.3f}] | "
            f"{r.mean(1):.3f} | {w:.3f} [{wl:.3f}, {wh:.3f}] |")


def main(argv: Optional[list[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--random-minutes", type=float, default=2.0)
    ap.add_argument("--heuristic-minutes", type=float, default=2.0)
    ap.add_argument("--random-hands", type=int, help="train on this many hands instead of minutes")
    ap.add_argument("--heuristic-hands", type=int, help="train on this many hands instead of minutes")
    ap.add_argument("--eval-hands", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--batch", type=int, default=64, help="hands per update")
    ap.add_argument("--log", type=int, default=2000, help="hands per point of the curve")
    ap.add_argument("--out", type=Path, default=Path("docs/rl"))
    a = ap.parse_args(argv)

    game = hukm.game(GAME)
    policy = Policy(game.tensor_size(), game.num_distinct_actions, a.seed)
    learner = Learner(policy, a.lr, a.batch)
    curve: list[Any] = []
    t0 = time.perf_counter()
    h1 = train_vs_random(learner, Budget(a.random_minutes, a.random_hands), a.seed, a.log, curve, t0)
    if learner.returns:
        log_point(learner, "random", curve, t0)
    t1 = time.perf_counter() - t0
    h2 = train_vs_heuristic(learner, Budget(a.heuristic_minutes, a.heuristic_hands), a.seed, a.log, curve, t0)
    if learner.returns:
        log_point(learner, "heuristic", curve, t0)
    t2 = time.perf_counter() - t0 - t1
    print(f"trained on {h1} hands against Random ({t1:.0f} s), then {h2} against Heuristic ({t2:.0f} s)")

    pg = GreedyBot(policy)
    rows = []
    for label, bots in [
        ("pg vs Random", [pg, Random(seed=1), pg, Random(seed=3)]),
        ("pg vs Heuristic", [pg, Heuristic(seed=1), pg, Heuristic(seed=3)]),
        ("Random vs Heuristic (reference)", [Random(seed=5), Heuristic(seed=1), Random(seed=7), Heuristic(seed=3)]),
        ("Heuristic vs Random (reference)", [Heuristic(seed=5), Random(seed=1), Heuristic(seed=7), Random(seed=3)]),
    ]:
        r = hukm.play_match(game, bots, hands=a.eval_hands, seed=10_000 + a.seed, threads=1)
        rows.append(side_line(r, label))
        print(rows[-1])

    a.out.mkdir(parents=True, exist_ok=True)
    png = a.out / "pg_hokm4_curve.png"
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 3.5))
        for phase, color in (("random", "tab:blue"), ("heuristic", "tab:red")):
            pts = [(h, m) for ph, h, _, m, _ in curve if ph == phase]
            if pts:
                ax.plot([h / 1000 for h, _ in pts], [m for _, m in pts], "o-", color=color,
                        label=f"against {phase.capitalize()}")
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("hands trained (thousands)")
        ax.set_ylabel("mean return per hand\n(own side's points - other side's)")
        ax.set_title("hokm4: linear policy, REINFORCE (sampling policy during training)")
        ax.legend()
        fig.tight_layout()
        fig.savefig(png, dpi=110)
        print(f"curve: {png}")
    except ImportError:
        print("matplotlib is not installed: no plot (pip install hukm[docs])")

    budget = (f"--random-hands {h1} --heuristic-hands {h2}" if a.random_hands is not None
              and a.heuristic_hands is not None else
              f"--random-minutes {a.random_minutes:g} --heuristic-minutes {a.heuristic_minutes:g}")
    lines = [
        "# A policy-gradient agent for Hokm",
        "",
        f"Made by `python examples/selfplay_pg.py {budget} --eval-hands {a.eval_hands} --log {a.log} "
        f"--seed {a.seed}` on a shared two-core machine (the same command gives the same figures, "
        "times aside: the training is counted in hands and every generator is seeded).",
        "",
        f"Training: {h1} hands against Random through `hukm.VecEnv` ({t1:.0f} s), then {h2} against "
        f"Heuristic ({t2:.0f} s). "
        "The policy is linear over `State.observation_tensor` with the legal ids masked; REINFORCE with a "
        "running-mean baseline; the return is the agent's side's points minus the other side's for the hand.",
        "",
        f"![learning curve]({png.name})",
        "",
        "Curve (hands trained so far, mean return of the hands since the previous point, those hands):",
        "",
        "| against | hands trained | mean return | hands |",
        "|---|---|---|---|",
        *[f"| {ph} | {h} | {m:.3f} | {k} |" for ph, h, _, m, k in curve],
        "",
        f"Strength: `hukm.play_match`, {a.eval_hands} fresh deals each, the agent playing its most likely "
        "action at seats 0 and 2 (one side). Points are the hokm4 match points of the hand (a side scores "
        "only when it wins the hand); 95% intervals (normal for the mean, Wilson for the share of hands won).",
        "",
        "| match | hands | seat 0's side: mean points per hand [95%] | other side: mean | share of hands won [95%] |",
        "|---|---|---|---|---|",
        *rows,
        "",
    ]
    (a.out / "pg_hokm4.md").write_text("\n".join(lines))
    print(f"report: {a.out / 'pg_hokm4.md'}")


if __name__ == "__main__":
    main()
