"""The shared invariant battery, run by every game of hukm.

A game joins the battery by describing itself with a :class:`GameSpec` (a factory for
the game plus a few game-specific hooks) and calling the ``check_*`` functions, usually
from a hypothesis test (see ``tests/games/test_battery_hokm.py``).  Only the public API is
used: ``new_game``, ``current_player``, ``legal_actions``, ``apply``, ``clone``,
``is_terminal``, ``returns``, ``observation``, ``history``, ``phase`` and ``str``.

The invariants:

* random matches (seeded, uniformly random legal actions) terminate within a bound;
* every observation starts with the core keys (``player``, ``phase``, ``current_player``,
  ``hand_number``, ``hand``, ``trick``, ``scores``) with values of the right form;
* cards are conserved: what the observations show (hands, played cards, other piles)
  never holds a card twice, holds only cards of the pack, and where the game says so it
  is the whole pack;
* every legal action applies on a clone, adds exactly itself to the history and leaves
  the original untouched;
* illegal strings (garbage, cards not held, cards of the wrong suit, decisions not on
  offer) raise ``hukm.IllegalActionError`` (a ``ValueError``) and change nothing;
* clones are independent in both directions;
* determinism: the same seed and the same actions give the same states;
* at the end, ``returns()`` has one finite value per seat and the game's own check of
  the final score passes (e.g. hand results add up to the match total).

``HUKM_BATTERY_EXAMPLES`` (default 10) sets the number of random matches per configuration
(:data:`EXAMPLES`). :func:`engine_perft` counts action sequences through the same public API.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hukm

EXAMPLES = int(os.environ.get("HUKM_BATTERY_EXAMPLES", "10"))
"""Random matches per configuration (``HUKM_BATTERY_EXAMPLES``, default 10); a test may run a
share of them."""

Snapshot = tuple[Any, ...]
"""Everything the API shows about a state, for before/after comparisons."""


@dataclass
class CardAccount:
    """The cards an observer can place, by location (``"hand 0"``, ``"played"``, ...).

    ``complete`` says the locations together must be exactly the pack. ``unseen`` is the
    number of cards nobody can place (e.g. from public hand sizes and pile counts): when given,
    the placed cards plus ``unseen`` must make the whole pack.
    """

    locations: dict[str, list[str]]
    complete: bool = False
    unseen: Optional[int] = None


@dataclass
class GameSpec:
    """What the battery needs to know about one game configuration."""

    name: str
    """Short id for test names and messages."""
    make_game: Callable[[], Any]
    """Factory: a fresh game object with ``new_game(seed=...)`` and ``num_players``."""
    pack: frozenset[str]
    """Every card the game's pack can hold in this configuration."""
    max_actions: int
    """Upper bound on the number of actions of a whole match."""
    account: Callable[[Any], Optional[CardAccount]]
    """Cards visible in a state (None when nothing can be checked in this phase)."""
    vocabulary: Sequence[str] = ()
    """Decision words of the game, used as illegal candidates when not on offer."""
    illegal_extra: Callable[[Any, random.Random], list[str]] = lambda s, r: []
    """Game-specific illegal strings for a state (every one must be refused)."""
    on_step: Optional[Callable[[Any, str, Any], None]] = None
    """Called with (state before, action, state after) on every step of a playthrough."""
    on_final: Optional[Callable[[Any, Sequence[str]], None]] = None
    """Called with the terminal state and the action list at the end of a playthrough."""
    match_kwargs: dict[str, Any] = field(default_factory=dict)
    """Extra keyword arguments for ``new_game``."""
    copies: int = 1
    """How many copies of each card the pack holds (56: two)."""
    table_seats: Optional[int] = None
    """Seats at the table when they are not the players (Dummy Rang: 3 players at 4 seats,
    the dummy's included); the seats of ``trick`` pairs count these."""


GARBAGE: tuple[str, ...] = (
    "",
    " ",
    "X",
    "ZZ",
    "1S",
    "AX",
    "A",
    "ASS",
    "A S",
    "S A",
    "AS+KS",
    "trump:",
    "trump:X",
    "trump:SS",
    "discard:",
    "discard:ZZ",
    "bid:",
    "give:",
    "nonsense",
    ":",
    "+",
    "\x00",
    "\u00e6S",
    "AS\x00",
)
"""Strings no game accepts in any state."""


def normalize(action: str) -> str:
    """Canonical form of an action for comparisons: parts of a '+' group sorted."""
    if ":" in action:
        head, _, tail = action.partition(":")
        return head + ":" + "+".join(sorted(tail.split("+")))
    return "+".join(sorted(action.split("+")))


def snapshot(state: Any, players: int) -> Snapshot:
    """Everything the public API shows about ``state``."""
    return (
        str(state),
        list(state.history()),
        list(state.legal_actions()),
        state.current_player,
        state.phase,
        state.is_terminal(),
        [repr(state.observation(p)) for p in range(players)],
    )


def random_playthrough(
    spec: GameSpec,
    seed: int,
    rng: random.Random,
    per_step: Optional[Callable[[Any], None]] = None,
) -> tuple[Any, list[str]]:
    """Play a whole match with uniformly random legal actions; return the end state and actions.

    Fails if the match does not end within ``spec.max_actions`` actions or if a
    non-terminal state offers no legal action.
    """
    game = spec.make_game()
    state = game.new_game(seed=seed, **spec.match_kwargs)
    actions: list[str] = []
    while not state.is_terminal():
        if per_step is not None:
            per_step(state)
        legal = list(state.legal_actions())
        assert legal, f"{spec.name}: no legal action in a live state\n{state}"
        assert 0 <= state.current_player < game.num_players
        action = rng.choice(legal)
        before = state.clone() if spec.on_step is not None else None
        state.apply(action)
        actions.append(action)
        if spec.on_step is not None:
            spec.on_step(before, action, state)
        assert len(actions) <= spec.max_actions, f"{spec.name}: match longer than {spec.max_actions}"
    if per_step is not None:
        per_step(state)
    return state, actions


def check_terminal(spec: GameSpec, state: Any, actions: Sequence[str]) -> None:
    """A terminal state offers nothing, refuses actions and has finite returns per seat."""
    players = spec.make_game().num_players
    assert state.is_terminal()
    assert list(state.legal_actions()) == []
    assert state.current_player == -1
    returns = list(state.returns())
    assert len(returns) == players
    assert all(isinstance(x, float) and math.isfinite(x) for x in returns), returns
    assert list(state.history()) == list(actions)
    for action in ("AS", "pass", ""):
        before = snapshot(state, players)
        try:
            state.apply(action)
        except hukm.IllegalActionError:
            pass
        else:
            raise AssertionError(f"{spec.name}: {action!r} accepted at a terminal state")
        assert snapshot(state, players) == before
    if spec.on_final is not None:
        spec.on_final(state, actions)


def check_cards(spec: GameSpec, state: Any) -> None:
    """Cards are conserved: no card in two places, none outside the pack, all when complete."""
    account = spec.account(state)
    if account is None:
        return
    seen: dict[str, str] = {}
    for where, cards in account.locations.items():
        for card in cards:
            assert card in spec.pack, f"{spec.name}: {card} ({where}) is not in the pack"
            assert card not in seen, f"{spec.name}: {card} both in {seen[card]} and {where}\n{state}"
            seen[card] = where
    if account.complete:
        missing = sorted(spec.pack - set(seen))
        assert not missing, f"{spec.name}: cards lost: {missing}\n{state}"
    if account.unseen is not None:
        assert len(seen) + account.unseen == len(spec.pack), (
            f"{spec.name}: {len(seen)} cards seen + {account.unseen} unseen != {len(spec.pack)}\n{state}"
        )


CORE_KEYS: tuple[str, ...] = ("player", "phase", "current_player", "hand_number", "hand", "trick", "scores")
"""The keys every game's observation starts with, in this order."""


def check_core_keys(spec: GameSpec, state: Any) -> None:
    """Every seat's observation starts with the core keys, in order: its own seat, the
    phase, the player to move (-1 at the end), the hand number (from 1), its own cards as
    a list of cards of the pack, the trick in progress as [seat, card] pairs (no card more
    often in the hand and the trick together than the pack holds it) and the scores."""
    players = spec.make_game().num_players
    seats = spec.table_seats or players
    for p in range(players):
        obs = state.observation(p)
        keys = list(obs)[: len(CORE_KEYS)]
        assert tuple(keys) == CORE_KEYS, f"{spec.name}: observation({p}) starts with {keys}"
        assert obs["player"] == p
        assert obs["phase"] == state.phase
        assert obs["current_player"] == state.current_player
        if state.is_terminal():
            assert obs["current_player"] == -1
        else:
            assert 0 <= obs["current_player"] < players
        number = obs["hand_number"]
        assert isinstance(number, int) and not isinstance(number, bool) and number >= 1, number
        hand = obs["hand"]
        assert isinstance(hand, list), f"{spec.name}: hand {hand!r} is not a list"
        assert all(isinstance(c, str) and c in spec.pack for c in hand), f"{spec.name}: hand {hand}"
        assert max(Counter(hand).values(), default=0) <= spec.copies, f"{spec.name}: a card too often in hand {hand}"
        trick = obs["trick"]
        assert isinstance(trick, list), f"{spec.name}: trick {trick!r} is not a list"
        for pair in trick:
            assert isinstance(pair, list) and len(pair) == 2, f"{spec.name}: trick {trick}"
            seat, card = pair
            assert isinstance(seat, int) and 0 <= seat < seats, f"{spec.name}: trick {trick}"
            assert isinstance(card, str) and card in spec.pack, f"{spec.name}: trick {trick}"
        held = Counter(c for _, c in trick) + Counter(hand)
        assert max(held.values(), default=0) <= spec.copies, f"{spec.name}: a card too often in trick {trick} and hand {hand}"
        assert "scores" in obs


def check_legal_actions_apply(spec: GameSpec, state: Any) -> None:
    """Every legal action applies on a clone; the original does not change."""
    players = spec.make_game().num_players
    legal = list(state.legal_actions())
    assert len(set(legal)) == len(legal), f"duplicated legal actions {legal}"
    before = snapshot(state, players)
    history = list(state.history())
    for action in legal:
        child = state.clone()
        child.apply(action)
        assert list(child.history()) == history + [action]
    assert snapshot(state, players) == before


def illegal_candidates(spec: GameSpec, state: Any, rng: random.Random) -> list[str]:
    """Strings that must be refused in ``state``: garbage, cards and words not on offer."""
    legal = list(state.legal_actions())
    offered = {normalize(a) for a in legal}
    pool = list(GARBAGE)
    pool += rng.sample(sorted(spec.pack), k=min(8, len(spec.pack)))
    pool += list(spec.vocabulary)
    pool += spec.illegal_extra(state, rng)
    out = []
    for cand in pool:
        if cand in legal or normalize(cand) in offered:
            continue
        out.append(cand)
    return out


def check_illegal_refused(spec: GameSpec, state: Any, rng: random.Random, limit: int = 12) -> None:
    """Illegal strings raise IllegalActionError (a ValueError) and change nothing.

    The game's own candidates (``illegal_extra``) are all tried, plus ``limit`` generic ones.
    """
    players = spec.make_game().num_players
    legal = list(state.legal_actions())
    offered = {normalize(a) for a in legal}
    extra = [c for c in spec.illegal_extra(state, rng) if c not in legal and normalize(c) not in offered]
    generic = illegal_candidates(spec, state, rng)
    chosen = extra + rng.sample(generic, k=min(limit, len(generic)))
    before = snapshot(state, players)
    for cand in chosen:
        try:
            state.apply(cand)
        except hukm.IllegalActionError as err:
            assert isinstance(err, ValueError)
            assert str(err), "empty error message"
        else:
            raise AssertionError(
                f"{spec.name}: illegal {cand!r} accepted in phase {state.phase}; legal {legal}\n{state}"
            )
        assert snapshot(state, players) == before, f"{spec.name}: refused {cand!r} changed the state"


def check_clone_independent(spec: GameSpec, state: Any, rng: random.Random) -> None:
    """Applying to a clone leaves the original alone, and the other way round."""
    players = spec.make_game().num_players
    legal = list(state.legal_actions())
    if not legal:
        return
    original = snapshot(state, players)
    twin = state.clone()
    assert snapshot(twin, players) == original
    twin.apply(rng.choice(legal))
    assert snapshot(state, players) == original
    assert snapshot(twin, players) != original
    source = state.clone()
    copy = source.clone()
    source.apply(rng.choice(legal))
    assert snapshot(copy, players) == original


def check_step_invariants(spec: GameSpec, state: Any, rng: random.Random) -> None:
    """All per-state checks: cards, the observations' core keys, legal actions apply,
    illegal refused, clones independent."""
    check_cards(spec, state)
    check_core_keys(spec, state)
    if state.is_terminal():
        return
    check_legal_actions_apply(spec, state)
    check_illegal_refused(spec, state, rng)
    check_clone_independent(spec, state, rng)


def run_battery(spec: GameSpec, seed: int, walk_seed: int, check_rate: float = 0.25) -> list[str]:
    """One random match with the per-state checks on a random share of its states.

    Returns the action list (for determinism checks).
    """
    walk = random.Random(walk_seed)
    checks = random.Random(walk_seed ^ 0x5EED)

    def per_step(state: Any) -> None:
        if state.is_terminal() or checks.random() < check_rate:
            check_step_invariants(spec, state, checks)
        else:
            check_cards(spec, state)

    state, actions = random_playthrough(spec, seed, walk, per_step)
    check_terminal(spec, state, actions)
    return actions


def check_determinism(spec: GameSpec, seed: int, actions: Sequence[str], every: int = 7) -> None:
    """Same seed and same actions -> the same states all along (and the same end)."""
    game_a, game_b = spec.make_game(), spec.make_game()
    players = game_a.num_players
    a = game_a.new_game(seed=seed, **spec.match_kwargs)
    b = game_b.new_game(seed=seed, **spec.match_kwargs)
    assert snapshot(a, players) == snapshot(b, players)
    for i, action in enumerate(actions):
        a.apply(action)
        b.apply(action)
        if i % every == 0:
            assert snapshot(a, players) == snapshot(b, players), f"diverged after {i + 1} actions"
    assert snapshot(a, players) == snapshot(b, players)
    assert list(a.returns()) == list(b.returns())


def check_seeds_differ(spec: GameSpec, seeds: Sequence[int]) -> None:
    """Different seeds give different deals (seen by the player to move at the start)."""
    game = spec.make_game()
    views = set()
    for s in seeds:
        state = game.new_game(seed=s, **spec.match_kwargs)
        views.add(repr(state.observation(state.current_player)) + str(state.current_player))
    assert len(views) > 1, f"{spec.name}: seeds {list(seeds)} all give the same start"


def check_random_matches(
    make_spec: Callable[[], GameSpec], examples: int, check_rate: float = 0.25, every: int = 7
) -> None:
    """``examples`` random matches (hypothesis draws the deal's seed and the walk's) keep every
    invariant (:func:`run_battery`, the per-state checks on ``check_rate`` of the states) and
    replay identically (:func:`check_determinism`, compared every ``every`` actions).

    ``make_spec`` is called for each of the two, so a spec may keep a tally over one match.
    """

    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**63 - 1), walk=st.integers(0, 2**32 - 1))
    def run(seed: int, walk: int) -> None:
        actions = run_battery(make_spec(), seed, walk, check_rate=check_rate)
        check_determinism(make_spec(), seed, actions, every=every)

    run()


def engine_perft(state: Any, depth: Optional[int]) -> int:
    """Number of action sequences of ``depth`` actions from ``state`` (to the end with None)
    through ``legal_actions`` / ``clone`` / ``apply``; a sequence that ends sooner counts once,
    as in every reference's perft."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        total += engine_perft(child, None if depth is None else depth - 1)
    return total
