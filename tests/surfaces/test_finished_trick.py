"""A finished trick stays on the table with its winner marked until the next card: in a
state's picture, in the frames of a record (``hukm.svg.frames``, ``hukm replay
--svg-frames``) and at the end of each hand of a match, whose next state is already the
next deal."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Optional

import pytest

import hukm
import hukm.svg
from hukm.bots import Heuristic
from hukm.cli import main

DEAL = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"
RANKS = "23456789TJQKA"


def trick_cards(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if e.get("data-role") == "trick" and "card" in (e.get("class") or "")]


def held(svg: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The finished trick of a picture: (seat, card) of every card held, and the seats
    marked as winning."""
    cards = [e for e in trick_cards(svg) if e.get("data-finished") == "1"]
    return ([(str(e.get("data-seat")), str(e.get("data-card"))) for e in cards],
            sorted({str(e.get("data-seat")) for e in cards if e.get("data-winner") == "1"}))


def hokm_winner(plays: list[tuple[int, str]], trump: Optional[str]) -> int:
    """The winner of a French-pack trick by the plain rule (independent of the engine):
    the highest trump, else the highest card of the suit led."""
    led = plays[0][1][1]

    def key(p: tuple[int, str]) -> tuple[int, int]:
        suit = p[1][1]
        return (2 if suit == trump else 1 if suit == led else 0, RANKS.index(p[1][0]))

    return max(plays, key=key)[0]


def test_a_finished_trick_in_a_picture() -> None:
    s = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    plays = []
    for _ in range(4):
        card = s.legal_actions()[-1]
        plays.append((s.current_player, card))
        s.apply(card)
    cards, winners = held(hukm.svg.render(s))
    assert cards == [(str(p), c) for p, c in plays]
    assert winners == [str(hokm_winner(plays, "S"))]
    svg = hukm.svg.render(s)
    assert '<g class="trick-area" data-finished="1" data-winner="' in svg
    # The winner leads next: he is to act, and nobody "leads" the finished trick.
    assert s.current_player == hokm_winner(plays, "S")
    assert ">leads<" not in svg
    # The next card clears the table: only the new trick is drawn.
    s.apply(s.legal_actions()[0])
    after = hukm.svg.render(s)
    assert held(after) == ([], []) and len(trick_cards(after)) == 1


def test_a_viewer_sees_the_finished_trick() -> None:
    s = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    cards, winners = held(hukm.svg.render(s, viewer=1))
    assert [c for _, c in cards] == s.observation(1)["tricks"][-1]["cards"]
    assert winners == [str(s.observation(1)["tricks"][-1]["winner"])]


def between_tricks(name: str, seed: int = 3) -> tuple[hukm.State, str, hukm.State]:
    """The state before the action that finishes the first trick, that action, and the
    state after it."""
    s = hukm.game(name).new_game(seed)
    bot = Heuristic(seed=1)
    while True:
        a = bot.act(s)
        before = s.clone()
        s.apply(a)
        if before.observation(0)["trick"] and not s.observation(0)["trick"]:
            return before, a, s


@pytest.mark.parametrize("name", ["hokm4", "hokm3", "court_piece", "dummy_rang", "28", "thunee", "ganjifa",
                                  "dugi", "dashavatara"])
def test_every_family_holds_its_finished_trick(name: str) -> None:
    before, action, s = between_tricks(name)
    trick = max((before.observation(p)["trick"] for p in range(before.num_players)), key=len)
    want = sorted([str(c) for _, c in trick] + action.split(":")[-1].split("+"))
    cards, winners = held(hukm.svg.render(s))
    assert sorted(c for _, c in cards) == want
    # The winner marked is the engine's: he leads the next trick.
    assert len(winners) == 1
    o = s.observation(0)
    lead = o.get("leader")
    if name in ("dummy_rang",):
        lead = o["tricks"][-1]["winner"]
    assert winners == [str(lead)]
    # hukm.svg.after draws the same table.
    assert held(hukm.svg.after(before, action)) == (cards, winners)


def hand_end(name: str, seed: int) -> tuple[hukm.State, int]:
    """A match played by bots past the end of a hand that ended with a trick (not with
    a redeal after every player passed), and the number of actions up to and including
    the card that ended it."""
    s = hukm.game(name).new_game(seed)
    bot = Heuristic(seed=seed)
    while True:
        hand, busy = s.observation(0)["hand_number"], bool(s.observation(0)["trick"])
        s.apply(bot.act(s))
        if s.observation(0)["hand_number"] != hand and busy:
            return s, len(s.history())


@pytest.mark.parametrize("name", ["hokm4", "28", "thunee", "ganjifa"])
def test_the_last_trick_of_a_hand_of_a_match_is_held(name: str) -> None:
    s, k = hand_end(name, 5)
    record = s.record()
    assert len(record.actions) == k
    pics = hukm.svg.frames(record)
    before = hukm.replay(record, k - 1)
    last = record.actions[k - 1]["action"]
    hand = before.observation(0)["hand_number"]
    trick = max((before.observation(p)["trick"] for p in range(before.num_players)), key=len)
    cards, winners = held(pics[k])
    assert sorted(c for _, c in cards) == sorted([str(c) for _, c in trick] + last.split(":")[-1].split("+"))
    assert len(winners) == 1
    assert f"Hand {hand} over" in pics[k]
    # the state after it is the next deal, which the picture leaves for the next frame
    assert hukm.replay(record, k).observation(0)["hand_number"] == hand + 1
    if name == "hokm4":
        plays = [(int(p), str(c)) for p, c in trick] + [(before.current_player, last)]
        assert winners == [str(hokm_winner(plays, before.observation(0)["trump"]))]


def test_frames_hold_each_trick() -> None:
    s = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    bot = Heuristic(seed=2)
    while not s.is_terminal():
        s.apply(bot.act(s))
    pics = hukm.svg.frames(s.record())
    assert len(pics) == len(s.history()) + 1
    for k, pic in enumerate(pics):
        cards, winners = held(pic)
        if k % 4 == 0 and k:
            # the frame after the 4th card of a trick shows its four cards and the winner
            assert len(cards) == 4 and len(winners) == 1, k
        else:
            assert not cards, k
            assert len(trick_cards(pic)) == k % 4


def test_replay_frames_on_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    s, k = hand_end("hokm4", 5)
    rec = tmp_path / "hand.json"
    rec.write_text(s.record().to_json())
    out = tmp_path / "frames"
    assert main(["replay", str(rec), "--svg-frames", str(out)]) == 0
    capsys.readouterr()
    files = sorted(out.glob("*.svg"))
    assert len(files) == len(s.history()) + 1
    cards, winners = held(files[k].read_text())
    assert len(cards) == 4 and len(winners) == 1


def test_after_refuses_bad_input() -> None:
    s = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    with pytest.raises(hukm.IllegalActionError):
        hukm.svg.after(s, "ZZ")
    with pytest.raises(hukm.StateError, match="viewer"):
        hukm.svg.after(s, "AS", viewer=9)
    with pytest.raises(hukm.StateError, match="HandRecord"):
        hukm.svg.frames(s)  # type: ignore[arg-type]
