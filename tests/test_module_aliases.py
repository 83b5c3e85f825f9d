"""The modules that moved (the command line into ``hukm.cli``, the environments into
``hukm.env``, the pictures into ``hukm.svg``) keep their old names as thin aliases: every
name importable from them before still imports, and is the very object of the new home."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

ALIASES = [
    ("hukm.play", "hukm.cli.args", ["make_game", "bots_from_spec", "game_options"]),
    ("hukm.play", "hukm.cli.play", ["seat_bots", "play_terminal", "review"]),
    ("hukm.play", "hukm.cli.match", ["match_text"]),
    ("hukm.term", "hukm.cli.term", ["Screen", "table", "table_text", "trick_winner_after", "show_analysis",
                                    "header", "lines", "analysis_lines", "_hand_rows"]),
    ("hukm.diagram", "hukm.cli.diagram", ["deal_diagram", "suit_lines"]),
    ("hukm.vec_env", "hukm.env.vec", ["VecEnv", "GameLike", "EPISODES", "KINDS"]),
    ("hukm._svg.chart", "hukm.svg.chart", ["review_chart"]),
    ("hukm._svg.faces", "hukm.svg.faces", ["emblem", "face", "back", "defs", "size_of"]),
    ("hukm._svg.finished", "hukm.svg.finished", ["finished_scene", "result_line"]),
    ("hukm._svg.geometry", "hukm.svg.geometry", ["WIDTH", "HEIGHT", "table_geometry"]),
    ("hukm._svg.lines", "hukm.svg.lines", ["split_action", "tricks_of", "_god_trick", "_winner_before"]),
    ("hukm._svg.packs", "hukm.svg.packs", ["Pack", "pack_of", "pack_of_game"]),
    ("hukm._svg.paint", "hukm.svg.paint", ["paint", "wrap"]),
    ("hukm._svg.scene", "hukm.svg.scene", ["Scene", "SeatScene", "build", "action_label", "card_text",
                                          "value_text", "value_note"]),
    ("hukm._svg.xml", "hukm.svg.xml", ["FONT", "el", "esc", "text", "document"]),
    ("hukm._svg.raster", "hukm.svg.raster", ["to_png", "to_image", "write_png", "needs"]),
]


@pytest.mark.parametrize("old, new, names", ALIASES)
def test_old_module_names_still_import(old: str, new: str, names: list[str]) -> None:
    before, after = importlib.import_module(old), importlib.import_module(new)
    for name in names:
        assert getattr(before, name) is getattr(after, name), f"{old}.{name}"
    assert "Deprecated alias" in (before.__doc__ or "")


def test_the_play_commands_keep_their_old_names() -> None:
    import hukm.cli.match
    import hukm.cli.play
    import hukm.play

    assert hukm.play.cmd_play is hukm.cli.play.run and hukm.play.cmd_match is hukm.cli.match.run


def test_the_environments_of_the_old_private_module() -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    import hukm._rl
    import hukm.env.aec
    import hukm.env.gym

    assert hukm._rl.HukmAEC is hukm.env.aec.HukmAEC and hukm._rl.HukmGym is hukm.env.gym.HukmGym


def test_the_public_names_of_the_moved_packages() -> None:
    import hukm
    import hukm.cli
    import hukm.env
    import hukm.svg

    assert callable(hukm.cli.main) and callable(hukm.cli.build_parser) and callable(hukm.cli.game_options)
    assert hukm.VecEnv is hukm.env.VecEnv
    for name in ("aec_env", "gym_env", "register_gym_envs"):
        assert callable(getattr(hukm.env, name))
    for name in ("render", "after", "frames", "deal", "line"):
        assert callable(getattr(hukm.svg, name))


@pytest.mark.parametrize("module", ["hukm", "hukm.cli"])
def test_python_dash_m_runs_the_command(module: str) -> None:
    done = subprocess.run([sys.executable, "-m", module, "deal", "hokm", "--seed", "7"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("hokm4, seed 7")


def test_gymnasium_ids_registered_whichever_is_imported_first() -> None:
    pytest.importorskip("gymnasium")
    code = ("import sys, hukm; hukm.VecEnv('28', 1); assert 'gymnasium' not in sys.modules; "
            "import hukm.env, gymnasium; print('hukm/28-v0' in gymnasium.registry)")
    for text in (code, "import gymnasium, hukm.env; print('hukm/28-v0' in gymnasium.registry)"):
        done = subprocess.run([sys.executable, "-c", text], capture_output=True, text=True, timeout=120)
        assert (done.returncode, done.stdout.strip()) == (0, "True"), done.stderr
