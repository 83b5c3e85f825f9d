"""Helpers shared by the Hokm tests: building engine states from perft lines and
reading observations back into card lists."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import hukm

from reference.hokm_ref import Position
from reference.make_perft import Line, parse_file

PERFT_FILE = Path(__file__).resolve().parent.parent / "data" / "perft_hokm.txt"


def perft_lines() -> list[tuple[Line, int]]:
    """Every (line, expected count) of the perft file."""
    return parse_file(PERFT_FILE)


def game_for(line: Line) -> "hukm.Hokm":
    """The engine game of a perft line (preset plus its options)."""
    return hukm.Hokm(preset=line.preset_name(), **line.options())


def engine_state(line: Line) -> Any:
    """The engine state of a perft line, built with ``from_deal``."""
    tw: Optional[list[int]] = (
        None if line.tricks_won == "-" else [int(x) for x in line.tricks_won.split(",")]
    )
    trump = None if line.trump == "-" else line.trump
    return game_for(line).from_deal(line.deal, trump=trump, leader=line.leader, tricks_won=tw)


def hand_cards(obs: dict[str, Any]) -> list[str]:
    """The cards of an observation's ``hand`` (a list of card strings; None = no card)."""
    cards = obs.get("hand")
    if not cards:
        return []
    assert isinstance(cards, list) and all(isinstance(c, str) for c in cards), cards
    return list(cards)


def trick_pairs(leader: int, cards: list[str], players: int) -> list[list[Any]]:
    """The [seat, card] pairs of a trick led by ``leader`` with ``cards`` in play order."""
    return [[(leader + i) % players, c] for i, c in enumerate(cards)]


def reference_matches(state: Any, pos: Position) -> list[str]:
    """Differences between an engine state and a reference position (empty = agree)."""
    problems: list[str] = []
    over = pos.is_over()
    if state.is_terminal() != over:
        problems.append(f"terminal: engine {state.is_terminal()}, reference {over}")
        return problems
    if over:
        if state.current_player != -1:
            problems.append(f"current_player {state.current_player} at a terminal state")
        return problems
    if state.current_player != pos.to_play:
        problems.append(f"current_player: engine {state.current_player}, reference {pos.to_play}")
    engine_legal, ref_legal = list(state.legal_actions()), pos.legal()
    if pos.choice_pending():  # decisions: the order is the engine's own
        engine_legal, ref_legal = sorted(engine_legal), sorted(ref_legal)
    if engine_legal != ref_legal:
        problems.append(f"legal: engine {engine_legal}, reference {ref_legal}")
    obs = state.observation(pos.to_play)
    if list(obs["tricks_won"]) != pos.tricks_won:
        problems.append(f"tricks_won: engine {obs['tricks_won']}, reference {pos.tricks_won}")
    ref_trick = trick_pairs(pos.leader, pos.trick, pos.players)
    if [list(p) for p in obs["trick"]] != ref_trick:
        problems.append(f"trick: engine {obs['trick']}, reference {ref_trick}")
    if sorted(hand_cards(obs)) != sorted(pos.hands[pos.to_play]):
        problems.append(f"hand: engine {obs['hand']}, reference {pos.hands[pos.to_play]}")
    return problems
