"""Dashavatara Ganjifa through the public API: the worked examples of
``docs/rules/dashavatara.md`` §12, options, positions, and refusals of bad input."""

from __future__ import annotations

import random
from typing import Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hukm


def test_example1_opening() -> None:
    """The holder of the trump Raja leads it alone; followers scan; the opener takes 3."""
    game = hukm.Dashavatara(period="night")
    for seed in range(5):
        s = game.new_game(seed=seed)
        assert s.legal_actions() == ["KKR"]
        obs = s.observation(s.current_player)
        assert obs["opening"] and obs["trump"] == "KR" and obs["period"] == "night"
        assert isinstance(obs["hand"], list) and "KKR" in obs["hand"]
    deal = " ".join(
        hukm.format_hand(hukm.parse_hand(h, "dashavatara"), "dashavatara")
        for h in ("KR:V3 MA:2", "MA:3 BU:5 KA:V", "KR:K MA:1 NA:4")
    )
    s = game.from_deal(deal)
    assert s.current_player == 2
    with pytest.raises(hukm.IllegalActionError):
        s.apply("1MA")
    s.apply("RKR")  # R is read as K
    assert s.history() == ["KKR"]
    assert s.legal_actions() == ["VKR", "3KR"]
    s.apply("3KR")
    assert s.legal_actions() == ["5BU"]
    s.apply("5BU")
    assert s.observation(0)["captured"] == [0, 0, 3]
    assert s.current_player == 2 and not s.observation(2)["opening"]


@pytest.mark.parametrize(
    "led,hand,include,skip",
    [
        ("VM", "MA:1 PA:3 KR:T", ["3PA"], ["3PA"]),
        ("VM", "MA:1 PA:3 RA:2 KR:T", ["3PA", "2RA"], ["3PA", "2RA"]),
        ("PA", "MA:2 RA:5 KR:9", ["5RA"], ["5RA", "9KR"]),
        ("KA", "KU:4 NA:K PA:7", ["4KU"], ["4KU"]),
        ("NA", "VM:T RA:1 KA:2", ["TVM", "1RA"], ["TVM", "1RA"]),
    ],
)
def test_example2_void_scan(led: str, hand: str, include: list[str], skip: list[str]) -> None:
    """The table of §12 example 2, through a trick led to the follower."""
    led = led[-2:]
    for opts, want in (({}, include), ({"void_scan": "skip_trump"}, skip)):
        game = hukm.Dashavatara(**opts)
        follower = hukm.parse_hand(hand, "dashavatara")
        lead_card = "K" + led if f"K{led}" not in follower else "V" + led
        n = len(follower)
        spare = [c for c in hukm.pack_cards("dashavatara") if c[1:] in ("VA",) and c not in follower]
        leader = [lead_card] + spare[: n - 1]
        third = [c for c in hukm.pack_cards("dashavatara") if c[1:] == "KU" and c not in follower][:n]
        deal = " ".join(hukm.format_hand(h, "dashavatara") for h in (leader, follower, third))
        s = game.from_deal(deal, leader=0)
        s.apply(lead_card)
        assert s.legal_actions() == want


def test_example3_trick() -> None:
    """2NA beats 5NA (first five run 1 high); Rama's lowest trump beats both."""
    s = hukm.Dashavatara().from_deal("1.1..5...... 2.2..2...... ....T..1...2", leader=0)
    s.apply("5NA")
    s.apply("2NA")
    assert s.legal_actions() == ["TVM", "1RA"]
    s.apply("1RA")
    assert s.returns() == [0.0, 0.0, 3.0]


def test_example4_ducal() -> None:
    """A ducal wins 3k cards; each opponent gives k cards, one per action."""
    game = hukm.Dashavatara(period="night")
    deal = "123.123........ .....KV6542.... ..123.123......"
    s = game.from_deal(deal, leader=1)
    assert "KPA+VPA+6PA+5PA+4PA" in s.legal_actions()
    assert "KPA+VPA+6PA+5PA+4PA+2PA" not in s.legal_actions()
    s.apply("MPA+RPA+4PA+5PA+6PA")
    assert s.history() == ["KPA+VPA+6PA+5PA+4PA"]
    assert s.phase == "discard" and s.current_player == 2
    for c in ["1VA", "2VA", "3VA", "1NA", "2NA"]:
        assert s.current_player == 2
        s.apply(c)
    assert s.observation(1)["owed"] == 0 or s.current_player == 0
    s.apply("1MA+2MA+3MA")
    s.apply("1KU")
    s.apply("2KU")
    assert s.observation(1)["captured"] == [0, 15, 0]
    assert s.legal_actions() == ["2PA"]
    top = hukm.Dashavatara(period="night", ducal_run="top_run").from_deal(deal, leader=1)
    assert all("+" not in a for a in top.legal_actions())
    with pytest.raises(hukm.IllegalActionError):
        top.apply("KPA+VPA+6PA+5PA+4PA")


def test_example5_and_dd() -> None:
    """The two-card ending and its double-dummy values (§13)."""
    deal = ".3....T.... .1.......4. ......6...9"
    s = hukm.Dashavatara().from_deal(deal, leader=0)
    for a in ["TPA", "4BU", "6RA", "9KA", "3KU", "1KU"]:
        assert s.legal_actions() == [a] or a in s.legal_actions()
        s.apply(a)
    assert s.is_terminal() and s.returns() == [0.0, 0.0, 6.0]
    s = hukm.Dashavatara().from_deal(deal, leader=0)
    sol = hukm.solve(s, player=2)
    assert sol.value == 6 and sol.actions == {"3KU": 6, "TPA": 6}
    assert hukm.solve(s, player=0).value == 0
    s = hukm.Dashavatara(void_scan="skip_trump").from_deal(deal, leader=0)
    s.apply("TPA")
    s.apply("4BU")
    assert s.legal_actions() == ["6RA", "9KA"]


def test_example6_ties() -> None:
    """45-45-30 shares the win; captured cards before the position count."""
    s = hukm.Dashavatara().from_deal(".1........ .2........ .3........", leader=0, captured=[42, 45, 30])
    for a in ["1KU", "2KU", "3KU"]:
        s.apply(a)
    obs = s.observation(0)
    assert obs["results"] == [{"captured": [45, 45, 30], "winners": [0, 1]}]
    assert s.returns() == [45.0, 45.0, 30.0]


def test_solve_counts_earlier_captures() -> None:
    """V(P) includes the cards captured before the position (§13)."""
    s = hukm.Dashavatara().from_deal(".1........ .2........ .3........", leader=0, captured=[42, 45, 30])
    assert hukm.solve(s, player=0).value == 45
    assert hukm.solve(s, player=1).value == 45


def test_several_deals() -> None:
    """deals=2: the dealer moves right, returns add up to 240."""
    s = hukm.Dashavatara(deals=2).new_game(seed=3)
    dealer = s.observation(0)["dealer"]
    while s.observation(0)["deal"] == 1:
        s.apply(s.legal_actions()[0])
    assert s.observation(0)["dealer"] == (dealer + 1) % 3
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    assert sum(s.returns()) == 240.0
    assert len(s.observation(0)["results"]) == 2


def test_game_properties() -> None:
    """Suits, trump, options, the deal helper and repr."""
    g = hukm.Dashavatara(avatar_list="balarama_krishna", period="night", ninth_name="jagannath")
    assert g.suits == ["MA", "KU", "VA", "NA", "VM", "PA", "RA", "BL", "KR", "KA"]
    assert g.trump == "KR" and g.num_players == 3
    assert g.options["period"] == "night"
    assert "period='night'" in repr(g)
    deal = hukm.Dashavatara().deal(7)
    assert [len(hukm.parse_hand(h, "dashavatara")) for h in deal.split()] == [40, 40, 40]
    names = hukm.Dashavatara(ninth_name="jagannath").new_game(1).observation(0)["suit_names"]
    assert names[8] == "Jagannath" and names[7] == "Krishna"


@pytest.mark.parametrize(
    "opts",
    [
        {"period": "dusk"},
        {"void_scan": "never"},
        {"ducal": "maybe"},
        {"deals": 0},
        {"deals": "x"},
        {"trump": "RA"},
        {"avatar_list": "moghul"},
    ],
)
def test_bad_options(opts: dict[str, object]) -> None:
    """Unknown options and bad values are OptionErrors listing what is valid."""
    with pytest.raises(hukm.OptionError) as e:
        hukm.Dashavatara(**opts)  # type: ignore[arg-type]
    assert isinstance(e.value, ValueError)
    assert "valid" in str(e.value)


@pytest.mark.parametrize(
    "deal,leader,captured,err",
    [
        (".1........ .2........", 0, None, hukm.NotationError),
        (".1........ .2........ .3", 0, None, hukm.NotationError),
        (".1........ .2........ .33........", 0, None, hukm.NotationError),
        (".1........ .2........ .1........", 0, None, hukm.NotationError),
        (".1........ .2........ .X........", 0, None, hukm.NotationError),
        (".1........ .2........ .3........", 3, None, hukm.StateError),
        (".1........ .2........ .3........", -1, None, hukm.StateError),
        (".1........ .2........ .3........", None, None, hukm.StateError),
        ("......K... .2........ .3........", 0, None, hukm.StateError),
        (".1........ .2........ .3........", 0, [60, 60, 0], hukm.StateError),
        (".1........ .2........ .3........", 0, [1, 2], hukm.StateError),
        (".1........ .2........ .3........", 0, [-3, 0, 0], hukm.StateError),
        ("......... ......... .........", 0, None, hukm.NotationError),
    ],
)
def test_bad_positions(deal: str, leader: object, captured: object, err: type) -> None:
    """Inconsistent positions are refused with the right ValueError."""
    with pytest.raises(err) as e:
        hukm.Dashavatara().from_deal(deal, leader=leader, captured=captured)  # type: ignore[arg-type]
    assert isinstance(e.value, ValueError) and str(e.value)


def test_bad_actions_change_nothing() -> None:
    """Garbage, cards not held, wrong suits, fake ducals and over-long discards are refused."""
    s = hukm.Dashavatara(period="night").from_deal(
        "123.123........ .....KV6542.... ..123.123......", leader=1
    )
    bad = ["", "+", "KPA+", "KPA+VPA", "KPA+VPA+6PA+5PA", "KPA+VPA+6PA+4PA+2PA", "1MA", "XX",
           "KPA+KPA+6PA+5PA+4PA", "pass", "KPA+VPA+6PA+5PA+4PA+2PA", "\x00", "KPA VPA"]
    for a in bad:
        before = (str(s), s.history(), s.legal_actions(), repr(s.observation(1)))
        with pytest.raises(hukm.IllegalActionError):
            s.apply(a)
        assert (str(s), s.history(), s.legal_actions(), repr(s.observation(1))) == before
    s.apply("KPA+VPA+6PA+5PA+4PA")
    for a in ["1VA+2VA+3VA+1NA+2NA+3NA", "1MA", "1VA+1VA", "KPA"]:
        before = str(s)
        with pytest.raises(hukm.IllegalActionError):
            s.apply(a)
        assert str(s) == before


def test_solver_errors() -> None:
    """A bad player, a finished deal and solve_many are refused cleanly."""
    s = hukm.Dashavatara().from_deal(".1........ .2........ .3........", leader=0)
    with pytest.raises(hukm.StateError):
        hukm.solve(s, player=3)
    with pytest.raises(hukm.StateError):
        hukm.solve_many([s], players=[3])
    with pytest.raises(hukm.StateError):
        hukm.solve_many([s, hukm.Hokm().new_game(seed=1)])
    for a in ["1KU", "2KU", "3KU"]:
        s.apply(a)
    with pytest.raises(hukm.StateError):
        hukm.solve(s, player=0)
    # A whole deal is no error: the best grade reached in the time given.
    full = hukm.Dashavatara().new_game(seed=1)
    graded = hukm.solve(full, player=0, timeout=0.5)
    assert graded.grade in ("bounds", "estimate") and graded.estimate is not None
    with pytest.raises(hukm.SolverLimitError):
        hukm.solve(random_position(12, seed=4), player=0, max_nodes=1000, exact=True)


def random_position(h: int, seed: int, **opts: str) -> hukm.State:
    """A seeded position of ``h`` cards a hand after the opening (no trump Raja)."""
    game = hukm.Dashavatara(**opts)
    cards = [c for c in hukm.pack_cards("dashavatara") if c != "K" + game.trump]
    random.Random(seed).shuffle(cards)
    deal = " ".join(hukm.format_hand(cards[k * h : (k + 1) * h], "dashavatara") for k in range(3))
    return game.from_deal(deal, leader=seed % 3)


def test_cli_solve_and_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """``hukm solve dashavatara "<deal>" --leader 0`` and ``hukm deal dashavatara --seed 7``."""
    from hukm.cli import main

    assert main(["solve", "dashavatara", ".3....T.... .1.......4. ......6...9", "--leader", "0", "--player", "2"]) == 0
    out = capsys.readouterr().out
    assert "seat 2 captures exact 6 cards" in out and "TPA" in out
    assert main(["deal", "dashavatara", "--seed", "7", "--option", "period=night"]) == 0
    out = capsys.readouterr().out
    deal = [ln for ln in out.splitlines() if ln.startswith("deal: ")][0][6:]
    assert deal == hukm.Dashavatara(period="night").deal(7)
    assert "trump KR (night)" in out
    # 40 cards a hand: the best grade reached in the time given, graded and labelled ...
    assert main(["solve", "dashavatara", deal, "--timeout", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "proven between" in out and "(estimate)" in out and "exact" not in out.splitlines()[-1]
    # ... and refused with --exact unless --force says to wait
    assert main(["solve", "dashavatara", "--exact"]) == 2
    assert main(["solve", "dashavatara", deal, "--exact"]) == 2
    assert main(["deal", "dashavatara", "--option", "period"]) == 2


CARDS = hukm.pack_cards("dashavatara")
_card = st.sampled_from(CARDS + ["RRA", "MKR", "1XX", "K", "", "10PA", "kpa"])
_action = st.one_of(
    st.text(max_size=12),
    _card,
    st.lists(_card, min_size=2, max_size=7).map("+".join),
)


@settings(max_examples=300, deadline=None)
@given(actions=st.lists(_action, min_size=1, max_size=6), seed=st.integers(0, 50))
def test_fuzz_actions(actions: list[str], seed: int) -> None:
    """Random strings: either legal (and applied) or refused with IllegalActionError and no
    change; never another exception."""
    s = hukm.Dashavatara().new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 40)):
        s.apply(rng.choice(s.legal_actions()))
    for a in actions:
        before = (str(s), s.history(), s.legal_actions())
        try:
            s.apply(a)
        except hukm.IllegalActionError:
            assert (str(s), s.history(), s.legal_actions()) == before
        if s.is_terminal():
            break


_hand = st.lists(st.sampled_from(CARDS), max_size=5, unique=True).map(
    lambda cs: hukm.format_hand(cs, "dashavatara")
)


@settings(max_examples=300, deadline=None)
@given(
    hands=st.lists(st.one_of(_hand, st.text(max_size=14)), min_size=0, max_size=4),
    leader=st.one_of(st.none(), st.integers(-2, 4)),
    captured=st.one_of(st.none(), st.lists(st.integers(-5, 130), max_size=4)),
)
def test_fuzz_positions(hands: list[str], leader: Optional[int], captured: Optional[list[int]]) -> None:
    """Random positions: a state or a ValueError from hukm's own classes, never a crash."""
    try:
        s = hukm.Dashavatara().from_deal(" ".join(hands), leader=leader, captured=captured)
    except (hukm.NotationError, hukm.StateError):
        return
    assert not s.is_terminal()
    assert s.legal_actions()


@settings(max_examples=100, deadline=None)
@given(key=st.sampled_from(["period", "void_scan", "ducal", "ducal_run", "ducal_length", "deals",
                            "avatar_list", "ninth_name", "trump", ""]),
       value=st.one_of(st.text(max_size=10), st.integers(-3, 3), st.booleans()))
def test_fuzz_options(key: str, value: object) -> None:
    """Random options: a game or an OptionError."""
    try:
        hukm.Dashavatara(**{key: value})  # type: ignore[arg-type]
    except hukm.OptionError:
        pass


def test_dd_from_the_opening() -> None:
    """The opening is forced, the followers still choose: solver against minimax."""
    from reference.dasha_ref import Position, Rules, dd_value

    rng = random.Random(3)
    for h in (2, 3, 4):
        for _ in range(3):
            cards = [c for c in CARDS if c != "KRA"]
            rng.shuffle(cards)
            hands = [cards[k * h : (k + 1) * h] for k in range(3)]
            hands[rng.randrange(3)][0] = "KRA"
            deal = " ".join(hukm.format_hand(x, "dashavatara") for x in hands)
            s = hukm.Dashavatara().from_deal(deal)
            pos = Position.from_deal(Rules.make({}), deal, None)
            for player in range(3):
                assert hukm.solve(s, player=player).value == dd_value(pos, player)


def test_solve_many() -> None:
    """solve_many on Dashavatara states equals hukm.solve, on one or two threads."""
    states = [random_position(h, seed=h) for h in (3, 4, 5, 6, 7, 8)]
    players = [i % 3 for i in range(len(states))]
    want = [hukm.solve(s, player=p, actions=False).value for s, p in zip(states, players)]
    assert list(hukm.solve_many(states, players, threads=2)) == want
    assert list(hukm.solve_many(states, players, threads=1)) == want
    movers = [s.current_player for s in states]
    assert list(hukm.solve_many(states)) == [hukm.solve(s, player=m).value for s, m in zip(states, movers)]
