"""The shared invariant battery (``tests/support/battery.py``) on Dashavatara, on every option
set of ``docs/rules/dashavatara.md`` §10, plus Dashavatara's own checks of each step: every
single-card trick's winner recomputed by the reference, ducals winning 3k cards, and at the
end every deal's captures adding up to 120 with the right winners."""

from __future__ import annotations

import random
from typing import Any, Sequence

import pytest

import hukm
from battery import EXAMPLES, GameSpec, check_random_matches, check_seeds_differ
from dasha_helpers import make_account, pack_name
from reference.dasha_ref import Rules, trick_winner


OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"period": "night"},
    {"void_scan": "skip_trump"},
    {"ducal": False},
    {"ducal_run": "top_run"},
    {"ducal_length": "maximal"},
    {"avatar_list": "balarama_krishna", "ninth_name": "jagannath", "period": "night"},
    {"deals": 2, "void_scan": "skip_trump", "ducal_length": "maximal", "ducal_run": "top_run"},
]


def ref_rules(opts: dict[str, Any]) -> Rules:
    """The reference's rules for an option set."""
    return Rules.make({k: str(v).lower() for k, v in opts.items()})


def on_step(opts: dict[str, Any]) -> Any:
    """Checks each completed trick against the rules."""
    r = ref_rules(opts)

    def check(before: Any, action: str, after: Any) -> None:
        b, a = before.observation(0), after.observation(0)
        if after.is_terminal() or a["deal"] != b["deal"]:
            return  # the end of a deal: checked by on_final
        if a["trick_no"] == b["trick_no"]:
            assert a["captured"] == b["captured"]
            return
        assert a["trick_no"] == b["trick_no"] + 1
        last = a["last_trick"]
        gained = [x - y for x, y in zip(a["captured"], b["captured"])]
        n = sum(len(c) for c in last["cards"])
        assert gained[last["winner"]] == n and sum(gained) == n
        if b["ducal"] is not None:
            assert last["winner"] == last["leader"] and n % 3 == 0 and n >= 15
            assert "+".join(last["cards"][last["leader"]]) == b["ducal"]["cards"]
        else:
            order = [(last["leader"] + i) % 3 for i in range(3)]
            cards = tuple(last["cards"][s][0] for s in order)
            assert order[trick_winner(r, cards)] == last["winner"], cards

    return check


def on_final(state: Any, actions: Sequence[str]) -> None:
    """Every deal: 120 cards captured, the winners the highest counts."""
    obs = state.observation(0)
    total = [0, 0, 0]
    for res in obs["results"]:
        cap = res["captured"]
        assert sum(cap) == 120 and all(c % 3 == 0 for c in cap)
        assert res["winners"] == [i for i in range(3) if cap[i] == max(cap)]
        total = [x + y for x, y in zip(total, cap)]
    assert state.returns() == [float(x) for x in total]


def spec(opts: dict[str, Any]) -> GameSpec:
    """The battery's description of one option set."""
    pack = pack_name(opts)
    deals = int(opts.get("deals", 1))
    return GameSpec(
        name=f"dashavatara{opts}",
        make_game=lambda: hukm.Dashavatara(**opts),
        pack=frozenset(hukm.pack_cards(pack)),
        max_actions=130 * deals,
        account=make_account(pack),
        vocabulary=("pass", "KPA+VPA+6PA+5PA+4PA", "KMA+VMA+1MA+2MA+3MA", "ducal:PA"),
        illegal_extra=illegal_extra,
        on_step=on_step(opts),
        on_final=on_final,
    )


def illegal_extra(state: Any, rng: random.Random) -> list[str]:
    """Cards of other hands, a ducal missing its Mantri, and a discard group too long."""
    out = []
    me = state.current_player
    for seat, h in enumerate(state.hands()):
        if seat != me and h.replace(".", ""):
            pack = "dashavatara_bk" if "BL" in str(state.observation(0)["suit_names"]) else "dashavatara"
            cards = hukm.parse_hand(h, pack)
            out.append(rng.choice(cards))
    legal = state.legal_actions()
    ducals = [a for a in legal if "+" in a]
    if ducals:
        parts = ducals[0].split("+")
        out.append("+".join(p for p in parts if not p.startswith("V")))
    if state.phase == "discard":
        owed = state.observation(me)["owed"]
        if len(legal) > owed:
            out.append("+".join(legal[: owed + 1]))
    return out


@pytest.mark.parametrize("opts", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_battery(opts: dict[str, Any]) -> None:
    """Random games with every per-state check, and determinism."""
    sp = spec(opts)
    check_random_matches(lambda: sp, max(2, EXAMPLES // 2), 0.1, every=17)


def test_seeds_give_different_deals() -> None:
    """Different seeds, different deals."""
    check_seeds_differ(spec({}), [0, 1, 2, 3])
