"""Naqsh (docs/rules/naqsh.md): the worked examples of §12, the rules checked against the independent
reference ``tests/reference/naqsh_ref.py`` (random positions played out with random decisions, and
the double-dummy value of §13 for every decision), the shared invariant battery, and bad input."""

from __future__ import annotations

import random
from typing import Any, Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hukm
from battery import CardAccount, GameSpec, check_determinism, check_seeds_differ, run_battery
from reference import naqsh_ref as ref

def deal_of(hands: list[str], pack: str = "moghul96") -> str:
    """A deal string from each seat's two cards written as 'VTJ 6GH'."""
    return " ".join(hukm.format_hand(h.split(), pack) for h in hands)


EXAMPLE1 = ["VTJ 6GH", "5SR 4CH", "TSM 9BA", "3SF 2GH", "8BA 7TJ", "KGH 3SR"]
STOCK1 = "7QM+KCH+1TJ+5GH+9GH"


def example1(**options: Any) -> hukm.State:
    s = hukm.Naqsh(**options).from_deal(deal_of(EXAMPLE1), banker=5, stock=STOCK1)
    for a in ["draw", "stand", "draw", "stand", "draw", "stand"]:
        s.apply(a)
    assert s.is_terminal()
    return s


def test_example_1_one_full_hand() -> None:
    s = example1()
    assert s.returns() == [1.0, -1.0, -1.0, 1.0, -1.0, 1.0]
    last = s.observation(0)["last_hand"]
    assert last["classes"] == ["natural", "total 16", "bust", "total 17", "total 15", "total 16"]
    assert last["cards"][1] == ["5SR", "4CH", "7QM"]
    assert last["cards"][5] == ["KGH", "3SR", "1TJ"]
    assert s.history() == ["draw", "stand", "draw", "stand", "draw", "stand"]


def test_example_1_variants() -> None:
    assert example1(ties="push").returns()[5] == 0.0
    bonus = example1(bonus_payouts=True).returns()
    assert bonus[5] == 0.0 and bonus[0] == 2.0


def test_example_2_special_21() -> None:
    deal = deal_of(["KSR 9GH", "TGH 6TJ"])
    plain = hukm.Naqsh(players=2).from_deal(deal, banker=1, stock="2GH")
    # Default: the punter's 21 is a bust and pays at once; the banker's 16 is then alone.
    assert plain.current_player == 1
    plain.apply("stand")
    assert plain.returns() == [-1.0, 1.0]
    s21 = hukm.Naqsh(players=2, special21=True).from_deal(deal, banker=1, stock="2GH")
    s21.apply("stand")
    assert s21.returns() == [1.0, -1.0]
    assert s21.observation(0)["last_hand"]["classes"][0] == "special 21"


def test_example_3_combinations() -> None:
    g = hukm.Naqsh(players=3, combos=True)
    s = g.from_deal(deal_of(["6GH 6TJ", "KSM KQM", "VSF 6BA"]), banker=2, stock="6SR+2GH")
    s.apply("draw")
    s.apply("stand")
    assert s.is_terminal()
    assert s.observation(0)["last_hand"]["classes"] == ["triple of 6", "pair of K", "natural"]
    assert s.returns() == [1.0, -1.0, 0.0]


def test_example_4_banker_busts() -> None:
    s = hukm.Naqsh(players=3).from_deal(deal_of(["KGH 6TJ", "5SM 4BA", "8TJ 5GH"]), banker=2, stock="VSR+2GH")
    s.apply("stand")
    s.apply("draw")
    assert s.returns() == [-1.0, 1.0, 0.0]


def test_example_5_pool() -> None:
    g = hukm.Naqsh(players=4, mode="pool")
    s = g.from_deal(deal_of(["VTJ 6GH", "TSM 6BA", "KGH 9SR", "VSR 6CH"]), banker=3, stock="2GH")
    s.apply("stand")
    assert s.returns() == [1.0, -1.0, -1.0, 1.0]
    busts = g.from_deal(deal_of(["KGH 9SR", "KTJ 9SM", "KSM 8BA", "VSR 9CH"]), banker=0)
    assert busts.is_terminal() and busts.observation(0)["pool"] == 4


# --- against the independent reference -----------------------------------------------

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"ties": "push"},
    {"bonus_payouts": True, "combos": True},
    {"special21": True},
    {"special21": True, "special21_mode": "target_21", "combos": True},
    {"fewer_cards_wins_ties": True, "max_cards": 4},
    {"banker_rule": "stand_at_n", "banker_n": 15},
    {"mode": "pool"},
    {"mode": "pool", "combos": True, "fewer_cards_wins_ties": True},
    {"pack": "euro48", "special21": True},
    {"pack": "dashavatara120", "combos": True},
]


def random_position(rng: random.Random, options: dict[str, Any]) -> tuple[hukm.Naqsh, str, int, list[str], list[int]]:
    players = rng.randint(2, 4)
    game = hukm.Naqsh(players=players, **options)
    cards = hukm.pack_cards(options.get("pack", "moghul96"))
    # Low cards make long turns (many decisions); a few high ones make busts.
    rng.shuffle(cards)
    cards.sort(key=lambda c: ref.value_of(c) + rng.random() * 9)
    picked = cards[: 2 * players + rng.randint(0, 10)]
    rng.shuffle(picked)
    hands = [f"{picked[2 * i]} {picked[2 * i + 1]}" for i in range(players)]
    stock = picked[2 * players :]
    banker = rng.randrange(players)
    stakes = [rng.randint(1, 3) for _ in range(players)]
    deal = deal_of(hands, options.get("pack", "moghul96"))
    return game, deal, banker, stock, stakes


def make_reference(deal: str, banker: int, stock: list[str], stakes: list[int], options: dict[str, Any], pack: str) -> ref.Hand:
    hands = [[ref.value_of(c) for c in hukm.parse_hand(h, pack)] for h in deal.split()]
    return ref.Hand(hands, banker, [ref.value_of(c) for c in stock], stakes, options)


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_random_hands_match_reference(options: dict[str, Any]) -> None:
    """Random positions played with random decisions end with the reference's settlement."""
    rng = random.Random(hash(str(options)) & 0xFFFF)
    pack = options.get("pack", "moghul96")
    for _ in range(60):
        game, deal, banker, stock, stakes = random_position(rng, options)
        state = game.from_deal(deal, banker, "+".join(stock), stakes=stakes)
        h = make_reference(deal, banker, stock, stakes, options, pack)
        walk = random.Random(rng.random())
        while h.needs_decision():
            assert state.current_player == h.seat()
            draw = walk.random() < 0.5
            h.decide(draw)
            state.apply("draw" if draw else "stand")
        assert state.is_terminal()
        assert state.returns() == [float(x) for x in h.settle()], (deal, banker, stock, stakes)


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_double_dummy_matches_reference(options: dict[str, Any]) -> None:
    """§13: the value and every decision's value agree with plain minimax, for every seat."""
    rng = random.Random(7 + len(str(options)))
    pack = options.get("pack", "moghul96")
    checked = 0
    for _ in range(25):
        game, deal, banker, stock, stakes = random_position(rng, options)
        state = game.from_deal(deal, banker, "+".join(stock), stakes=stakes)
        h = make_reference(deal, banker, stock, stakes, options, pack)
        if state.is_terminal():
            continue
        for player in range(game.num_players):
            sol = hukm.solve(state, player=player)
            assert sol.value == ref.dd_value(h, player), (deal, banker, stock, player)
            assert sol.actions == ref.dd_actions(h, player)
            checked += 1
    assert checked >= 20


def test_solve_from_a_match_and_errors() -> None:
    state = hukm.Naqsh(players=4).new_game(seed=3)
    sol = hukm.solve(state)
    assert set(sol.actions) == set(state.legal_actions())
    assert sol.player == state.current_player
    assert state.history() == []  # solving changes nothing
    with pytest.raises(hukm.SolverLimitError):
        hukm.solve(state, max_nodes=1, exact=True)
    with pytest.raises(hukm.OptionError):
        hukm.solve(state, objective="kot")
    with pytest.raises(hukm.StateError):
        hukm.solve(state, player=4)
    # solve_many takes states of every game (and mixes them)
    assert list(hukm.solve_many([state, state.clone()], threads=2)) == [sol.value, sol.value]


def test_stakes_after_first_card() -> None:
    g = hukm.Naqsh(players=3, stake_mode="after_first_card", stake_max=3)
    s = g.new_game(seed=1, banker=0)
    assert s.phase == "stake" and s.current_player == 1
    assert s.legal_actions() == ["stake:1", "stake:2", "stake:3"]
    obs = s.observation(2)
    assert [len(c) for c in obs["cards"]] == [1, 1, 1]
    s.apply("stake:3")
    assert s.observation(2)["stakes"] == [None, 3, None]
    # The double-dummy search covers stakes too: the punter picks the extreme stake.
    sol = hukm.solve(s, player=2)
    assert set(sol.actions) == {"stake:1", "stake:2", "stake:3"}
    s.apply("stake:1")
    assert s.phase == "play"
    assert [len(c) for c in s.observation(0)["cards"]] == [2, 2, 2]


def test_deal_matches_new_game() -> None:
    g = hukm.Naqsh(players=3)
    deal = g.deal(seed=9, banker=1)
    stock = g.stock(seed=9, banker=1)
    assert isinstance(deal, str) and isinstance(stock, str)
    match = g.new_game(seed=9, banker=1)
    position = g.from_deal(deal, banker=1, stock=stock)
    assert match.hands() == position.hands()
    assert match.current_player == position.current_player
    while not position.is_terminal():
        match.apply("draw")
        position.apply("draw")
    assert match.observation(0)["last_hand"]["net"] == position.returns()


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [{"players": 1}, {"players": 9}, {"mode": "casino"}, {"pack": "french52"}, {"max_cards": 1}, {"colour": "red"}, {"combos": "maybe"}],
)
def test_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(hukm.OptionError):
        hukm.Naqsh(**options)


@pytest.mark.parametrize(
    "deal,banker,stock,stakes",
    [
        ("9.6......", 0, None, None),  # too few hands
        ("9.6...... 8.7...... T.5......", 3, None, None),  # banker out of range
        ("9.6...... 8.7...... T.5......", 0, "9GH", None),  # stock card already dealt
        ("9.6...... 8.7...... T.5......", 0, "2GH+2GH", None),  # stock card twice
        ("9.6...... 8.7...... T.5......", 0, "2XX", None),  # bad card
        ("9.6...... 8.7...... T.5......", 0, None, [1, 1]),  # stakes: one per seat
        ("9.6...... 8.7...... T.5......", 0, None, [0, 9, 1]),  # stake out of range
        ("96.6...... 8.7...... T.5......", 0, None, None),  # three cards
    ],
)
def test_bad_positions(deal: str, banker: int, stock: Optional[str], stakes: Optional[list[int]]) -> None:
    with pytest.raises(ValueError) as err:
        hukm.Naqsh(players=3).from_deal(deal, banker, stock, stakes=stakes)
    assert str(err.value)


def test_bad_actions_change_nothing() -> None:
    s = hukm.Naqsh(players=3).from_deal("9.6...... 8.7...... T.5......", banker=2, stock="2GH+KGH")
    before = (str(s), s.history(), s.legal_actions())
    for bad in ["hit", "stake:2", "", "draw!", "stake:", "AS"]:
        with pytest.raises(hukm.IllegalActionError):
            s.apply(bad)
    assert (str(s), s.history(), s.legal_actions()) == before


# --- the shared battery ---------------------------------------------------------------------


def naqsh_account(pack: str) -> Any:
    def account(state: hukm.State) -> Optional[CardAccount]:
        if state.is_terminal():
            return None
        viewer = state.current_player
        obs = state.observation(viewer)
        assert obs["hand"] == obs["cards"][viewer], obs  # own cards, in the order received
        locations = {f"hand {i}": [c for c in cards if c is not None] for i, cards in enumerate(obs["cards"])}
        hidden = sum(1 for cards in obs["cards"] for c in cards if c is None)
        return CardAccount(locations, unseen=hidden + obs["stock"])

    return account


BATTERY = [
    {"players": 6},
    {"players": 3, "stake_mode": "after_first_card"},
    {"players": 5, "mode": "pool", "combos": True, "special21": True},
    {"players": 8, "pack": "euro48", "banker_rule": "stand_at_n", "max_cards": 5},
    {"players": 4, "pack": "dashavatara120", "special21": True, "special21_mode": "target_21", "hands": 9},
]


def spec_for(options: dict[str, Any]) -> GameSpec:
    pack = options.get("pack", "moghul96")
    return GameSpec(
        name=f"naqsh{options}",
        make_game=lambda: hukm.Naqsh(**options),
        pack=frozenset(hukm.pack_cards(pack)),
        max_actions=2_000,
        account=naqsh_account(pack),
        vocabulary=("draw", "stand", "stake:1", "stake:0", "stake:99", "bid:16", "pass"),
        on_final=lambda state, actions: check_final(state, options),
    )


def check_final(state: hukm.State, options: dict[str, Any]) -> None:
    if options.get("mode", "bank") == "bank":
        assert sum(state.returns()) == 0.0, state.returns()
    else:
        assert sum(state.returns()) <= 0.0


@pytest.mark.parametrize("options", BATTERY, ids=[str(o) for o in BATTERY])
def test_battery(options: dict[str, Any]) -> None:
    @settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**63 - 1), walk=st.integers(0, 2**32 - 1))
    def run(seed: int, walk: int) -> None:
        actions = run_battery(spec_for(options), seed, walk, check_rate=0.3)
        check_determinism(spec_for(options), seed, actions)

    run()
    check_seeds_differ(spec_for(options), [1, 2, 3])
