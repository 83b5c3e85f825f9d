"""The constraint language of :func:`hukm.batch.run` (``--where`` on the command line):
conditions on a seeded deal, in the manner of a dealer program.

A constraint is an expression; several constraints must all hold. A deal that fails
one is dealt again (from the next seed of its stream), up to a rejection budget.

Values are numbers, truth values, sets of cards, suits and cards:

* **seats**: ``0`` .. ``n-1``, and the trump caller (``hakem`` in Hokm: the game class's
  ``TRUMP_CALLER``), ``dealer``, ``player`` (the seat to act
  first in the seeded game) where the game has them;
* **sets of cards**: ``hand(s)`` (seat ``s``'s whole hand), ``seen(s)`` (the cards ``s``
  sees when the seeded game starts: in Hokm the Hakem's first five cards); a seat
  written where a set is expected stands for its hand (``spades(0)`` is ``spades(hand(0))``);
* **counts** of a set ``X``: ``cards(X)``, ``suit(X, S)``, one function per suit named
  after it (``spades(X)``, ``hearts(X)`` ...), ``aces(X)``, ``kings(X)``, ``queens(X)``,
  ``jacks(X)``, ``tens(X)``, ``hcp(X)`` (4-3-2-1), ``points(X)`` (the game's card
  points, Twenty-eight), ``longest(X)``, ``shortest(X)``;
* ``has(X, AS)`` is true when ``X`` holds the card; suit codes (``S``, ``GH`` ...) and
  cards (``AS``, ``KGH``) are written as in the game's notation;
* ``trump`` (Hokm presets with a trump call): the suit the Hakem names by the batch's
  rule of thumb (:func:`named_trump`): the most cards among his first five, then the
  higher top card, then the pack's order;
* ``+ - *`` on numbers, comparisons ``< <= > >= == !=``, ``and``, ``or``, ``not`` and
  parentheses.

>>> c = compile_where(["spades(0) >= 5", "not has(hand(hakem), AS)"], suits=["S", "H", "D", "C"],
...                   suit_names=["spades", "hearts", "diamonds", "clubs"], names=("hakem",))
>>> ctx = Context(["AKQJT.432.432.32", "98765.AK.AK.AKQJ", "", ""], {"hakem": 1}, {}, ["S", "H", "D", "C"])
>>> c(ctx)
True
>>> compile_where(["spadez(0) >= 5"], suits=["S"], suit_names=["spades"])
Traceback (most recent call last):
...
hukm._errors.OptionError: constraint 'spadez(0) >= 5': unknown function 'spadez' at column 1; names: ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence

from .._errors import OptionError

RANKS = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J", "tens": "T"}
"""Functions counting the cards of one rank (French notation)."""
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
"""High-card points of ``hcp``."""
ORDER = "AKQJT98765432"
"""Ranks from the strongest (for :func:`named_trump`'s tie break)."""
CONTEXT = ("dealer", "player")
"""Seat names every game may give its deals (besides its trump caller,
:attr:`hukm._game.GameBase.TRUMP_CALLER`)."""

Cards = tuple[tuple[str, int], ...]
"""A set of cards: (rank, suit index) pairs."""


class Context:
    """What the constraints see of one candidate deal: the hands (compact, seat
    order), the named seats, the cards each seat sees at the start and the suit codes."""

    def __init__(
        self,
        hands: Sequence[str],
        seats: Mapping[str, int],
        seen: Mapping[int, Sequence[str]],
        suits: Sequence[str],
        points: Optional[Mapping[str, int]] = None,
    ) -> None:
        self.hands, self.seats, self.seen_cards, self.suits = list(hands), dict(seats), dict(seen), list(suits)
        self.points = points or {}
        self._cache: dict[Any, Cards] = {}

    def hand(self, seat: int) -> Cards:
        """Seat ``seat``'s whole hand."""
        key = ("hand", seat)
        if key not in self._cache:
            if not 0 <= seat < len(self.hands):
                raise OptionError(f"seat {seat} out of range 0..{len(self.hands) - 1}")
            parts = self.hands[seat].split(".")
            self._cache[key] = tuple((r, i) for i, p in enumerate(parts) for r in p.replace("-", ""))
        return self._cache[key]

    def seen(self, seat: int) -> Cards:
        """The cards seat ``seat`` sees when the seeded game starts."""
        key = ("seen", seat)
        if key not in self._cache:
            if not 0 <= seat < len(self.hands):
                raise OptionError(f"seat {seat} out of range 0..{len(self.hands) - 1}")
            self._cache[key] = tuple(card_of(c, self.suits) for c in self.seen_cards.get(seat, ()))
        return self._cache[key]


def card_of(code: str, suits: Sequence[str]) -> tuple[str, int]:
    """A card code (``AS``, ``9GH``) as (rank, suit index)."""
    return code[0], suits.index(code[1:])


def named_trump(cards: Sequence[str], suits: Sequence[str]) -> str:
    """The suit a Hakem names from ``cards`` (his first five) by the batch's rule of
    thumb: the most cards, then the higher top card, then the pack's order.

    >>> named_trump(["AS", "KH", "QH", "2D", "3D"], ["S", "H", "D", "C"])
    'H'
    """
    best: Optional[tuple[int, int, int]] = None
    out = suits[0]
    for i, s in enumerate(suits):
        ranks = [c[0] for c in cards if c[1:] == s]
        if not ranks:
            continue
        top = min(ORDER.index(r) if r in ORDER else len(ORDER) for r in ranks)
        key = (-len(ranks), top, i)
        if best is None or key < best:
            best, out = key, s
    return out


_Fn = Callable[["Context"], Any]


def _bin(f: Callable[[Any, Any], Any], a: _Fn, b: _Fn) -> _Fn:
    return lambda c: f(a(c), b(c))


def _un(f: Callable[[Any], Any], a: _Fn) -> _Fn:
    return lambda c: f(a(c))


def _const(v: Any) -> _Fn:
    return lambda c: v


def _seat(name: str) -> _Fn:
    return lambda c: c.seats[name]


def _un_ctx(method: str, seat: _Fn) -> _Fn:
    return lambda c: getattr(c, method)(seat(c))


@dataclass
class _Node:
    kind: str  # num, bool, cards, suit, card
    fn: Callable[[Context], Any]


_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(<=|>=|==|!=|[<>()+\-*,]))")


@dataclass
class _Parser:
    text: str
    suits: list[str]
    suit_names: list[str]
    names: tuple[str, ...]
    points: bool
    tokens: list[tuple[str, str, int]] = field(default_factory=list)
    pos: int = 0

    def fail(self, message: str, at: Optional[int] = None) -> OptionError:
        if at is None:
            at = self.tokens[self.pos][2] if self.pos < len(self.tokens) else len(self.text)
        return OptionError(f"constraint {self.text!r}: {message} at column {at + 1}")

    def lex(self) -> None:
        i = 0
        text = self.text
        while i < len(text):
            if text[i:].strip() == "":
                break
            m = _TOKEN.match(text, i)
            if not m or m.end() == i:
                j = i + len(text[i:]) - len(text[i:].lstrip())
                raise self.fail(f"unexpected {text[j]!r}", j)
            start = m.start(m.lastindex or 0)
            kind = ("num", "name", "op")[(m.lastindex or 1) - 1]
            self.tokens.append((kind, m.group(m.lastindex or 0), start))
            i = m.end()

    def peek(self) -> Optional[str]:
        return self.tokens[self.pos][1] if self.pos < len(self.tokens) else None

    def take(self, want: Optional[str] = None) -> tuple[str, str, int]:
        if self.pos >= len(self.tokens):
            raise self.fail(f"expected {want!r}" if want else "unexpected end")
        tok = self.tokens[self.pos]
        if want is not None and tok[1] != want:
            raise self.fail(f"expected {want!r}, found {tok[1]!r}")
        self.pos += 1
        return tok

    def want(self, node: _Node, kind: str, at: int) -> _Node:
        if node.kind == kind:
            return node
        if kind == "cards" and node.kind == "num":
            seat = node.fn
            return _Node("cards", lambda c: c.hand(seat(c)))
        raise self.fail(f"expected {_WHAT[kind]}, found {_WHAT[node.kind]}", at)

    def parse(self) -> _Node:
        self.lex()
        if not self.tokens:
            raise OptionError(f"constraint {self.text!r} is empty")
        at = self.tokens[0][2]
        node = self.want(self.expr(), "bool", at)
        if self.pos < len(self.tokens):
            raise self.fail(f"unexpected {self.tokens[self.pos][1]!r}")
        return node

    def expr(self) -> _Node:
        at = self.tokens[self.pos][2] if self.pos < len(self.tokens) else len(self.text)
        left = self.conj()
        while self.peek() == "or":
            self.take()
            a = self.want(left, "bool", at)
            b = self.want(self.conj(), "bool", at)
            left = _Node("bool", _bin(lambda x, y: x or y, a.fn, b.fn))
        return left

    def conj(self) -> _Node:
        at = self.tokens[self.pos][2] if self.pos < len(self.tokens) else len(self.text)
        left = self.neg()
        while self.peek() == "and":
            self.take()
            a = self.want(left, "bool", at)
            b = self.want(self.neg(), "bool", at)
            left = _Node("bool", _bin(lambda x, y: x and y, a.fn, b.fn))
        return left

    def neg(self) -> _Node:
        if self.peek() == "not":
            at = self.take()[2]
            a = self.want(self.neg(), "bool", at)
            return _Node("bool", _un(lambda x: not x, a.fn))
        return self.compare()

    def compare(self) -> _Node:
        at = self.tokens[self.pos][2] if self.pos < len(self.tokens) else len(self.text)
        left = self.sum()
        op = self.peek()
        if op in _COMPARE:
            self.take()
            right_at = self.tokens[self.pos][2] if self.pos < len(self.tokens) else len(self.text)
            if left.kind == "suit" or left.kind == "card":
                if op not in ("==", "!="):
                    raise self.fail(f"{op!r} compares numbers, not {_WHAT[left.kind]}s", at)
                right = self.want(self.sum(), left.kind, right_at)
            else:
                left = self.want(left, "num", at)
                right = self.want(self.sum(), "num", right_at)
            f = _COMPARE[op]
            return _Node("bool", _bin(f, left.fn, right.fn))
        return left

    def sum(self) -> _Node:
        at = self.tokens[self.pos][2] if self.pos < len(self.tokens) else len(self.text)
        left = self.product()
        while self.peek() in ("+", "-"):
            op = self.take()[1]
            a = self.want(left, "num", at)
            b = self.want(self.product(), "num", at)
            if op == "+":
                left = _Node("num", _bin(lambda x, y: x + y, a.fn, b.fn))
            else:
                left = _Node("num", _bin(lambda x, y: x - y, a.fn, b.fn))
        return left

    def product(self) -> _Node:
        at = self.tokens[self.pos][2] if self.pos < len(self.tokens) else len(self.text)
        left = self.atom()
        while self.peek() == "*":
            self.take()
            a = self.want(left, "num", at)
            b = self.want(self.atom(), "num", at)
            left = _Node("num", _bin(lambda x, y: x * y, a.fn, b.fn))
        return left

    def atom(self) -> _Node:
        kind, text, at = self.take()
        if kind == "num":
            v = int(text)
            return _Node("num", _const(v))
        if text == "(":
            node = self.expr()
            self.take(")")
            return node
        if text == "-":
            a = self.want(self.atom(), "num", at)
            return _Node("num", _un(lambda x: -x, a.fn))
        if kind != "name" or text in ("and", "or", "not"):
            raise self.fail(f"unexpected {text!r}", at)
        if self.peek() == "(":
            return self.call(text, at)
        return self.name(text, at)

    def name(self, text: str, at: int) -> _Node:
        if text in self.names:
            if text == "trump":
                return _Node("suit", lambda c: c.seats["trump"])
            return _Node("num", _seat(text))
        if text in self.suits:
            i = self.suits.index(text)
            return _Node("suit", _const(i))
        if len(text) >= 2 and text[1:] in self.suits:
            card = (text[0], self.suits.index(text[1:]))
            return _Node("card", _const(card))
        if text in self.functions():
            raise self.fail(f"{text!r} is a function: write {text}(...)", at)
        raise self.fail(f"unknown name {text!r}", at)

    def functions(self) -> list[str]:
        out = ["hand", "seen", "cards", "suit", "has", "longest", "shortest", "hcp"] + list(RANKS)
        out += [n.lower() for n in self.suit_names]
        if self.points:
            out.append("points")
        return out

    def call(self, fname: str, at: int) -> _Node:
        if fname not in self.functions():
            raise self.fail(f"unknown function {fname!r}", at)
        self.take("(")
        args: list[tuple[_Node, int]] = []
        while True:
            a_at = self.tokens[self.pos][2] if self.pos < len(self.tokens) else len(self.text)
            args.append((self.expr(), a_at))
            if self.peek() == ",":
                self.take()
                continue
            self.take(")")
            break
        sig = _SIGNATURES.get(fname, ("cards",))
        if len(args) != len(sig):
            raise self.fail(f"{fname} takes {len(sig)} argument{'s' if len(sig) > 1 else ''}, got {len(args)}", at)
        fns = [self.want(node, kind, a_at).fn for (node, a_at), kind in zip(args, sig)]
        x = fns[0]
        if fname in ("hand", "seen"):
            method = fname
            return _Node("cards", _un_ctx(method, x))
        if fname == "cards":
            return _Node("num", lambda c: len(x(c)))
        if fname == "suit":
            y = fns[1]
            return _Node("num", lambda c: sum(1 for _, s in x(c) if s == y(c)))
        if fname == "has":
            y = fns[1]
            return _Node("bool", lambda c: y(c) in x(c))
        if fname in ("longest", "shortest"):
            pick = max if fname == "longest" else min
            n = len(self.suits)
            return _Node("num", lambda c: pick(_lengths(x(c), n)))
        if fname == "hcp":
            return _Node("num", lambda c: sum(HCP.get(r, 0) for r, _ in x(c)))
        if fname == "points":
            return _Node("num", lambda c: sum(c.points.get(r + c.suits[s], 0) for r, s in x(c)))
        if fname in RANKS:
            rank = RANKS[fname]
            return _Node("num", lambda c: sum(1 for r, _ in x(c) if r == rank))
        i = [n.lower() for n in self.suit_names].index(fname)
        return _Node("num", lambda c: sum(1 for _, s in x(c) if s == i))


def _lengths(cards: Cards, n: int) -> list[int]:
    out = [0] * n
    for _, s in cards:
        out[s] += 1
    return out


_WHAT = {"num": "a number", "bool": "a condition", "cards": "a set of cards", "suit": "a suit", "card": "a card"}
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "<": lambda a, b: bool(a < b),
    "<=": lambda a, b: bool(a <= b),
    ">": lambda a, b: bool(a > b),
    ">=": lambda a, b: bool(a >= b),
    "==": lambda a, b: bool(a == b),
    "!=": lambda a, b: bool(a != b),
}
_SIGNATURES = {"hand": ("num",), "seen": ("num",), "suit": ("cards", "suit"), "has": ("cards", "card")}


Where = Callable[[Context], bool]


def compile_where(
    texts: Sequence[str],
    *,
    suits: Sequence[str],
    suit_names: Sequence[str],
    names: Sequence[str] = (),
    points: bool = False,
) -> Where:
    """One predicate that holds when every constraint of ``texts`` holds; a bad
    constraint raises :class:`hukm.OptionError` naming the token and its column.

    ``names`` are the context names the game gives (``hakem``, ``dealer``, ``player``,
    ``trump``); ``points`` offers ``points(X)``.
    """
    nodes = []
    for text in texts:
        if not isinstance(text, str):
            raise OptionError(f"a constraint must be a string, got {text!r}")
        p = _Parser(text, list(suits), list(suit_names), tuple(names), points)
        try:
            nodes.append(p.parse().fn)
        except OptionError as e:
            msg = str(e)
            if "unknown" in msg:
                msg += "; names: " + ", ".join(list(names) + p.functions())
            raise OptionError(msg) from None

    def holds(ctx: Context) -> bool:
        return all(f(ctx) for f in nodes)

    return holds
