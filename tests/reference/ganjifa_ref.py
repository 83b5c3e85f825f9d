"""An independent, deliberately simple reference of individual Ganjifa's trick play
(docs/rules/ganjifa.md A.5 to A.7 and A.14), written from the rules file alone, for the Moghul pack
with India reversals: hukms, step 1, the deni with doubling, utari, the blind surrender, the end
phase, Wilkins' phases with the face-down lead, the following rules, and the double-dummy value
by plain minimax (no pruning, no table).

A position is the hands (lists of card strings such as ``9CH``), the leader and a few options
(a dict with the keys of A.11). Actions are the strings of A.3.5; a blind surrender is the
action ``pick:i`` (the i-th card of the leader's hand in sorted order), so that counts of action
sequences (perft) treat it as a branch over the leader's cards.
"""

from __future__ import annotations

import copy
from typing import Any, Optional

SUITS = ["GH", "TJ", "SM", "SF", "SR", "CH", "BA", "QM"]
REVERSED = {"SR", "CH", "BA", "QM"}


def suit(c: str) -> str:
    return c[1:]


def strength(c: str) -> int:
    """Position from the bottom of the suit's order, 1..12 (A.3.2)."""
    order = "KV123456789T" if suit(c) in REVERSED else "KVT987654321"
    return 12 - order.index(c[0])


def key(c: str) -> tuple[int, int]:
    """Sort key of the notation order: suits in pack order, strongest first."""
    return (SUITS.index(suit(c)), -strength(c))


def fmt(cards: Any) -> str:
    return "+".join(sorted(cards, key=key))


DEFAULTS: dict[str, Any] = {
    "lead_rules": "mcleod",
    "step1_grouping": "all_suits",
    "deni_mandatory": True,
    "deni_doubling": True,
    "end_phase": None,  # None: on under mcleod, off under wilkins
    "end_phase_threshold": 12,
    "end_phase_count": "per_player",
    "follow_rule": "free",
}


class Pos:
    """One hand of individual Ganjifa from a lead boundary."""

    def __init__(self, hands: list[list[str]], leader: int, options: Optional[dict[str, Any]] = None, phase2: bool = False):
        self.o = dict(DEFAULTS)
        self.o.update(options or {})
        if self.o["end_phase"] is None:
            self.o["end_phase"] = self.o["lead_rules"] == "mcleod"
        self.n = len(hands)
        self.hands = [set(h) for h in hands]
        self.tricks = [0] * self.n
        self.leader = leader
        self.held_lost = [phase2] * self.n
        self.phase2 = False
        self.step = ""
        self.named: Optional[str] = None
        self.lead: dict[str, Any] = {}
        self.begin_lead()

    # --- facts -----------------------------------------------------------------------------

    def hukms(self, p: int) -> set[str]:
        out = set()
        for c in self.hands[p]:
            if all(strength(d) < strength(c) for q in range(self.n) if q != p for d in self.hands[q] if suit(d) == suit(c)):
                out.add(c)
        return out

    def ranked(self, s: str) -> list[str]:
        return sorted((c for h in self.hands for c in h if suit(c) == s), key=strength, reverse=True)

    def owner(self, c: str) -> int:
        return next(i for i in range(self.n) if c in self.hands[i])

    def end_phase(self) -> bool:
        count = sum(len(h) for h in self.hands) if self.o["end_phase_count"] == "total" else len(self.hands[self.leader])
        return bool(self.o["end_phase"]) and count <= self.o["end_phase_threshold"]

    def denis(self, p: int) -> list[str]:
        out = []
        for s in SUITS:
            r = self.ranked(s)
            if len(r) < 2 or self.owner(r[0]) == p or r[1] not in self.hands[p]:
                continue
            out += ["deni:" + c for c in self.hands[p] if suit(c) == s and c != r[1]]
        return out

    def step1(self, p: int) -> list[set[str]]:
        groups = []
        h = self.hukms(p)
        for s in SUITS:
            hs = [c for c in h if suit(c) == s]
            if len(hs) >= 2:
                groups.append(set(hs) - {min(hs, key=strength)})
        return groups

    # --- the lead ------------------------------------------------------------------------------

    def begin_lead(self) -> None:
        if not self.hands[self.leader]:
            self.step = "done"
            return
        self.step = "lead"
        if self.o["lead_rules"] == "wilkins" and all(self.held_lost):
            self.phase2 = True
        if self.end_phase():
            if not self.hukms(self.leader):
                self.step = "name"
            return
        if self.lead_options() == ["blind"]:
            self.step = "blind"

    def lead_options(self) -> list[str]:
        p = self.leader
        h = self.hukms(p)
        if self.end_phase():
            return [fmt(h)] if h else []
        if self.phase2:
            g = self.step1(p)
            if g:
                return [c for grp in g for c in grp]
            out = self.denis(p)
            if out and self.o["deni_mandatory"]:
                return out
            out += sorted(h)
            outside = {suit(c) for q in range(self.n) if q != p for c in self.hands[q]}
            out += [f"facedown:{c}:{x}" for c in self.hands[p] - h for x in SUITS if x in outside]
            return out
        g = self.step1(p)
        if g:
            if self.o["step1_grouping"] == "one_suit":
                return [fmt(grp) for grp in g]
            return [fmt(set().union(*g))]
        out = self.denis(p)
        if out and self.o["deni_mandatory"]:
            return out
        if self.o["lead_rules"] == "mcleod":
            out.append(fmt(h) if h else "blind")
        else:
            if h:
                out.append(fmt(h))
            out += sorted(self.hands[p] - h)
        return out

    def current(self) -> int:
        if self.step in ("lead", "named"):
            return self.leader
        if self.step in ("name", "blind"):
            return (self.leader + 1) % self.n
        if self.step == "double":
            return self.lead["holder"]
        return self.lead["queue"][0][0]

    def give_options(self) -> list[str]:
        seat = self.current()
        hand = self.hands[seat]
        kind = self.lead["kind"]
        if kind == "deni" and seat == self.lead["holder"]:
            left = [c for c in self.lead["forced"] if c in hand]
            return [max(left, key=strength)]
        if kind == "facedown":
            f = [c for c in hand if suit(c) == self.lead["suit"]]
            return sorted(f or hand)
        if kind == "single" and self.o["follow_rule"] == "must_beat_if_able":
            best = self.lead["best"][1]
            f = [c for c in hand if suit(c) == suit(best) and strength(c) > strength(best)]
            return sorted(f or hand)
        return sorted(hand)

    def legal(self) -> list[str]:
        if self.step == "done":
            return []
        if self.step == "lead":
            return [a for a in self.lead_options() if a != "blind"] + (["blind"] if "blind" in self.lead_options() else [])
        if self.step == "name":
            return ["name:" + s for s in SUITS]
        if self.step == "named":
            return sorted(c for c in self.hands[self.leader] if suit(c) == self.named)
        if self.step == "blind":
            return [f"pick:{i}" for i in range(len(self.hands[self.leader]))]
        if self.step == "double":
            return ["double", "pass"]
        return self.give_options()

    def start(self, kind: str, led: set[str], s: Optional[str], width: int) -> None:
        p = self.leader
        self.hands[p] -= led
        queue = [[(p + k) % self.n, width] for k in range(1, self.n)]
        best = None
        if kind == "single":
            best = (p, next(iter(led)))
        if kind == "facedown" and suit(next(iter(led))) == s:
            best = (p, next(iter(led)))
        self.lead = {"kind": kind, "leader": p, "width": width, "led": set(led), "suit": s, "cards": set(led), "queue": queue, "best": best}
        self.step = "give"

    def apply(self, a: str) -> None:
        assert a in self.legal(), (a, self.legal())
        p = self.leader
        if self.step == "lead" or self.step == "named":
            if a == "blind":
                self.step = "blind"
            elif a.startswith("deni:"):
                x = a[5:]
                s = suit(x)
                r = self.ranked(s)
                holder = self.owner(r[0])
                self.start("deni", {x}, s, 1)
                self.lead["holder"] = holder
                self.lead["forced"] = [r[0]]
                if self.o["deni_doubling"] and len(r) >= 3 and r[2] in self.hands[holder]:
                    self.lead["forced"].append(r[2])
                    self.step = "double"
            elif a.startswith("facedown:"):
                _, c, x = a.split(":")
                self.start("facedown", {c}, x, 1)
            else:
                cards = set(a.split("+"))
                if len(cards) == 1:
                    self.start("single", cards, suit(a), 1)
                else:
                    self.start("compound", cards, None, len(cards))
        elif self.step == "name":
            self.named = a[5:]
            has = any(suit(c) == self.named for c in self.hands[p])
            self.step = "named" if has else "blind"
        elif self.step == "blind":
            c = sorted(self.hands[p], key=key)[int(a[5:])]
            self.start("single", {c}, suit(c), 1)
        elif self.step == "double":
            if a == "double":
                self.lead["width"] = 2
                self.lead["queue"] = [[p, 1]] + [[(p + k) % self.n, 2] for k in range(1, self.n)]
            else:
                self.lead["forced"] = self.lead["forced"][:1]
            self.step = "give"
        else:
            seat = self.current()
            self.hands[seat].discard(a)
            self.lead["cards"].add(a)
            best = self.lead["best"]
            if self.lead["kind"] in ("single", "facedown") and suit(a) == self.lead["suit"]:
                if best is None or strength(a) > strength(best[1]):
                    self.lead["best"] = (seat, a)
            self.lead["queue"][0][1] -= 1
            if self.lead["queue"][0][1] == 0:
                self.lead["queue"].pop(0)
            if not self.lead["queue"]:
                self.resolve()

    def resolve(self) -> None:
        ld = self.lead
        kind = ld["kind"]
        if kind in ("single", "facedown"):
            winner = nxt = ld["best"][0]
        elif kind == "compound":
            winner = nxt = ld["leader"]
        else:
            winner, nxt = ld["holder"], ld["leader"]
        self.tricks[winner] += ld["width"]
        if nxt != ld["leader"]:
            self.held_lost[ld["leader"]] = True
        self.leader = nxt
        self.begin_lead()


def child(pos: Pos, a: str) -> Pos:
    c = copy.deepcopy(pos)
    c.apply(a)
    return c


def perft(pos: Pos, depth: int) -> int:
    """Number of action sequences of length ``depth`` (fewer where the hand ends)."""
    if depth == 0 or pos.step == "done":
        return 1
    return sum(perft(child(pos, a), depth - 1) for a in pos.legal())


def dd_value(pos: Pos, focal: int, expectation: bool = False) -> float:
    """A.14: the focal seat's tricks at the end against the others as a coalition."""
    if pos.step == "done":
        return pos.tricks[focal]
    values = [dd_value(child(pos, a), focal, expectation) for a in pos.legal()]
    if pos.step == "blind":
        return sum(values) / len(values) if expectation else min(values)
    return max(values) if pos.current() == focal else min(values)
