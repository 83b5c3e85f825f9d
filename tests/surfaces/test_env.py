"""The learning environments: hukm.VecEnv, the PettingZoo AEC environment of
every preset (checked by PettingZoo's own api_test) and the Gymnasium
environment (checked by Gymnasium's env_checker)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import hukm
import hukm.env

# Every preset (each has observation tensors and action ids).
PRESETS = [g.name for g in hukm.games()]

# PettingZoo's checker recommends Box observations; an observation with its
# action mask is a Dict, as in PettingZoo's own classic games.
DICT_OBS = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


@pytest.mark.parametrize("name", PRESETS)
def test_aec_env_passes_pettingzoo_api_test(name: str) -> None:
    with pytest.warns(UserWarning):  # only the two Dict-observation notes
        api_test(hukm.env.aec_env(name), num_cycles=200, verbose_progress=False)


@pytest.mark.filterwarnings(*DICT_OBS)
def test_aec_env_is_seeded() -> None:
    seed_test(lambda: hukm.env.aec_env("28"), num_cycles=100)
    a, b = hukm.env.aec_env("hokm4"), hukm.env.aec_env("hokm4")
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.agent_selection == b.agent_selection
    assert np.array_equal(a.observe("player_0")["observation"], b.observe("player_0")["observation"])


def test_aec_env_plays_a_hand_and_scores_it() -> None:
    env = hukm.env.aec_env("hokm4", render_mode="svg")
    env.reset(seed=2)
    total = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(0)
    steps = 0
    for agent in env.agent_iter(max_iter=10_000):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps >= 1 + 7 * 4  # the trump call, then at least seven tricks
    # Hokm: the side that won the hand scores, the other side nothing.
    assert sorted(total.values())[-1] > 0 and total["player_0"] == total["player_2"]
    assert env.render().startswith("<svg")


def test_aec_env_refuses_an_illegal_id() -> None:
    env = hukm.env.aec_env("28")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(hukm.IllegalActionError):
        env.step(int(np.flatnonzero(mask == 0)[0]))


@pytest.mark.parametrize("name", ["28", "hokm4", "dashavatara", "thunee4"])
def test_gym_env_passes_env_checker(name: str) -> None:
    env = gymnasium.make(f"hukm/{name}-v0", render_mode="ansi")
    check_env(env.unwrapped)
    env.reset(seed=0)
    assert isinstance(env.render(), str)


def test_gym_env_rewards_the_hands_score() -> None:
    env = hukm.env.gym_env("28", seat=1, opponents=["heuristic", "random", "heuristic"])
    rng = np.random.default_rng(1)
    totals = []
    for ep in range(10):
        obs, info = env.reset(seed=ep)
        assert np.array_equal(obs["action_mask"], env.action_masks())
        done, total = False, 0.0
        while not done:
            a = rng.choice(np.flatnonzero(obs["action_mask"]))
            obs, r, done, trunc, info = env.step(a)
            assert not trunc
            total += r
        assert total == env.unwrapped._ep.rewards()[1]
        totals.append(total)
        assert not obs["action_mask"].any()
    assert any(t != 0 for t in totals)


def test_gym_env_illegal_actions() -> None:
    env = hukm.env.gym_env("hokm4")
    obs, _ = env.reset(seed=3)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, r, done, _, info = env.step(bad)
    assert done and r == -1.0 and info["illegal_action"]
    with pytest.raises(hukm.OptionError, match="reset"):
        env.step(0)
    strict = hukm.env.gym_env("hokm4", illegal="raise")
    obs, _ = strict.reset(seed=3)
    with pytest.raises(hukm.IllegalActionError):
        strict.step(bad)
    with pytest.raises(hukm.OptionError, match="opponents"):
        hukm.env.gym_env("hokm4", opponents=["random"])


def _random_ids(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)


@pytest.mark.parametrize("name", ["hokm4", "28", "ganjifa", "naqsh", "thunee4", "thunee6"])
def test_vec_env_matches_the_states_it_steps(name: str) -> None:
    env = hukm.VecEnv(name, 6, seed=4)
    obs, masks, players = env.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(150):
        for i in range(env.num_envs):
            s = env.state(i)
            assert players[i] == s.current_player
            assert np.array_equal(masks[i], s.legal_action_mask())
            assert np.array_equal(obs[i], s.observation_tensor(s.current_player))
        before = [env.state(i) for i in range(env.num_envs)]
        acts = _random_ids(masks, rng)
        obs, masks, rewards, terminated, players = env.step(acts)
        for i in np.flatnonzero(~terminated):
            s = before[i]
            s.apply_id(int(acts[i]))
            assert s == env.state(i)
            assert not rewards[i].any()
        ended += int(terminated.sum())
    assert ended > 0


def test_vec_env_is_reproducible_and_refuses_illegal_ids() -> None:
    a, b = hukm.VecEnv("hokm4", 3, seed=9), hukm.VecEnv("hokm4", 3, seed=9)
    oa, ma, _ = a.reset()
    ob, mb, _ = b.reset()
    rng = np.random.default_rng(3)
    for _ in range(80):
        acts = _random_ids(ma, rng)
        oa, ma, ra, ta, _ = a.step(acts)
        ob, mb, rb, tb, _ = b.step(acts)
        assert np.array_equal(oa, ob) and np.array_equal(ra, rb)
    bad = _random_ids(ma, rng)
    bad[1] = int(np.flatnonzero(ma[1] == 0)[0])
    keep = [a.state(i) for i in range(3)]
    with pytest.raises(hukm.IllegalActionError, match="game 1"):
        a.step(bad)
    assert [a.state(i) for i in range(3)] == keep
    with pytest.raises(hukm.OptionError):
        a.step(np.zeros(2, np.int64))
    with pytest.raises(hukm.OptionError):
        hukm.VecEnv("hokm4", 2, episode="rubber")


@pytest.mark.parametrize("name", ["hokm4", "28", "thunee4", "ganjifa", "naqsh"])
def test_vec_env_threads_change_nothing(name: str) -> None:
    """The workers kept between calls step their parts of the batch: 1, 2, 3 or more
    threads than games give the same arrays, call after call, and an illegal id in a
    part stepped by a worker still changes nothing."""
    envs = [hukm.VecEnv(name, 7, seed=11, threads=t) for t in (1, 2, 3, 16)]
    first = [e.reset() for e in envs]
    for out in first[1:]:
        assert all(np.array_equal(x, y) for x, y in zip(first[0], out))
    for _ in range(120):
        acts = envs[0].random_actions()
        outs = [e.step(acts) for e in envs]
        for out in outs[1:]:
            assert all(np.array_equal(x, y) for x, y in zip(outs[0], out))
    masks = outs[0][1]
    bad = envs[0].random_actions()
    bad[6] = int(np.flatnonzero(masks[6] == 0)[0])
    e = envs[2]
    keep = [e.state(i) for i in range(7)]
    with pytest.raises(hukm.IllegalActionError, match="game 6"):
        e.step(bad)
    assert [e.state(i) for i in range(7)] == keep


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs os.fork")
def test_vec_env_with_threads_works_in_a_forked_child() -> None:
    """A child made by ``fork`` has none of the parent's worker threads: its VecEnv
    steps every part itself, with the parent's arrays, instead of waiting forever."""
    import os

    env = hukm.VecEnv("hokm4", 16, seed=3, threads=2)
    twin = hukm.VecEnv("hokm4", 16, seed=3, threads=1)
    env.reset()
    twin.reset()
    acts = env.random_actions()
    env.step(acts)
    twin.step(acts)
    acts = env.random_actions()
    want = twin.step(acts)[0]
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(r)
        try:
            same = np.array_equal(env.step(acts)[0], want)
            os.write(w, b"same" if same else b"differ")
        finally:
            os._exit(0)
    os.close(w)
    import signal
    import time

    deadline = time.monotonic() + 60
    done, status = 0, 0
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.05)
    if not done:  # a child stuck waiting for its parent's workers
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    with os.fdopen(r, "rb") as f:
        got = f.read()
    assert done and os.WIFEXITED(status), "the forked child did not finish within 60 s"
    assert got == b"same"
    # The parent's workers go on as before.
    assert np.array_equal(env.step(acts)[0], want)


def test_vec_env_rewards_are_the_hands_points() -> None:
    env = hukm.VecEnv("28", 8, seed=2, threads=2)
    _, masks, _ = env.reset()
    rng = np.random.default_rng(5)
    seen = scored = 0
    for _ in range(400):
        _, masks, rewards, terminated, _ = env.step(_random_ids(masks, rng))
        for i in np.flatnonzero(terminated):
            r = rewards[i]
            # Twenty-eight: partners share the hand's game points.
            assert r[0] == r[2] and r[1] == r[3]
            seen += 1
            scored += bool(r.any())
    assert seen > 0 and scored > 0


def test_importing_hukm_needs_neither_gymnasium_nor_pettingzoo() -> None:
    import subprocess
    import sys

    code = "import sys, hukm; hukm.VecEnv('hokm4', 1); print(sorted(m for m in ('gymnasium', 'pettingzoo') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_vec_env_random_actions_are_legal_and_seeded() -> None:
    a, b = hukm.VecEnv("dugi", 5, seed=2), hukm.VecEnv("dugi", 5, seed=2)
    _, masks, _ = a.reset()
    b.reset()
    for _ in range(50):
        acts = a.random_actions()
        assert np.array_equal(acts, b.random_actions())
        assert all(masks[i, x] == 1 for i, x in enumerate(acts))
        _, masks, _, _, _ = a.step(acts)
        b.step(acts)


def test_policy_gradient_example_runs(tmp_path: Path) -> None:
    """The example trains, measures and writes its report (a few seconds here)."""
    spec = importlib.util.spec_from_file_location(
        "selfplay_pg", Path(__file__).parent.parent.parent / "examples" / "selfplay_pg.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    args = ["--random-hands", "60", "--heuristic-hands", "6", "--eval-hands", "4", "--log", "30",
            "--out", str(tmp_path)]
    mod.main(args)
    first = (tmp_path / "pg_hokm4.md").read_text()
    mod.main(args)
    assert (tmp_path / "pg_hokm4.md").read_text().split("Training:")[1].split("(")[0] == first.split(
        "Training:")[1].split("(")[0]
    assert first.split("Curve")[1] == (tmp_path / "pg_hokm4.md").read_text().split("Curve")[1], "seeded: the same run"
    report = (tmp_path / "pg_hokm4.md").read_text()
    assert "| pg vs Heuristic | 4 |" in report and "| random | 60 |" in report
    assert (tmp_path / "pg_hokm4_curve.png").stat().st_size > 1000
