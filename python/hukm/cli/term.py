"""The table drawn for people in a terminal, with ``rich`` (``pip install "hukm[term]"``):
suits with their symbols, colours and names, the trick as it builds, the trick just
finished and its winner (until the next card), the score line and, on request, the
double-dummy values. Without ``rich`` the same content is plain text.

Suit labels are drawn in the pictures' colours on a card-coloured background, so they
read the same on light and dark terminal themes.

The same drawing serves ``hukm play``, ``hukm deal``, ``hukm show`` and ``hukm replay``.

Every word is drawn in the reader's language (``lang``: a code of
:data:`hukm.i18n.LANGUAGES`; ``None`` is English): the ``terminal`` catalog's messages,
the game's words (suits, roles) of the ``words`` catalog and the pictures' labels of
actions and values (:mod:`hukm.svg.wording`), numbers in the language's digits. What a
player types stays notation (card codes ``AS``, actions ``trump:S``) and is shown next to
its translated label; the ranks of a hand stay as the cards print them (``A``, ``T``,
``9``), and a Ganjifa card named in a line of words takes the language's digits (``۴
غلام``).
Right-to-left languages (Persian, Urdu, Arabic) are written in
logical order, never reversed: the terminal's own bidirectional support, where it has
one, shows them right to left. Columns are padded by display width (``rich``'s
``cell_len``), so wide and combining characters keep them aligned.

>>> import hukm
>>> from hukm.cli.term import table_text
>>> print(table_text(hukm.Hokm().new_game(seed=7), viewer=None).splitlines()[0])
hokm4 | hand 1 | dealer seat 2 | Hakem seat 3 | trump: not named yet
"""

from __future__ import annotations

import re
from typing import Any, Optional

from .. import _core
from ..i18n import Translator
from ..packs import pack_of_game
from .._families import presentation
from ..svg.wording import EN, action_label, solution_text, tr_of, value_note

FRENCH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
"""Symbols of the French suits."""
CARD = "#fbfaf6"
"""The background of a suit's label: a card's face, so that its colour reads the same on
a light and on a dark terminal (black spades stay black, never white on white)."""
STYLE_OF_TEXT = "bold {colour} on {card}"
"""A suit label's style: the suit's colour (the pictures' colours, from
:mod:`hukm.packs`) on a card's face, bold."""
BEST = "bold green"
"""The style of the best values of ``hukm show --analysis``."""

SCORE = "score"
"""The context of the labels of the counts a game writes under its table (its
presentation's ``TABLE_COUNTS``)."""


def width(text: str) -> int:
    """The cells ``text`` takes in a terminal (wide and combining characters counted as
    the terminal draws them).

    >>> width("♠"), width("हुकुम")
    (1, 3)
    """
    try:
        from rich.cells import cell_len
    except ImportError:  # pragma: no cover - rich is an optional extra
        return len(text)
    return int(cell_len(text))


def pad(text: str, cells: int) -> str:
    """``text`` padded with spaces to ``cells`` cells of display width."""
    return text + " " * max(0, cells - width(text))


def _values(tr: Translator, value: object) -> str:
    """A count, or counts joined by commas (``-`` for none), in the language's digits
    (``[1, None, 2]`` -> ``1, -, 2``)."""
    if isinstance(value, (list, tuple)):
        return tr.t(", ").join("-" if v is None else tr.num(v) for v in value)
    return tr.num(value) if isinstance(value, (int, float)) else tr.digits(str(value))


def _suits(state: _core.State) -> tuple[list[tuple[str, str]], dict[str, tuple[int, str]]]:
    """The pack's suits (code, name) and each card's (suit index, rank label), from the engine."""
    _, suits, cards = state.layout
    return suits, {c: (s, r) for c, s, r, _ in cards}


def _label(state: _core.State, code: str, name: str, i: int, french: bool,
           tr: Optional[Translator] = None) -> tuple[str, str]:
    """A suit's label and style: its symbol for a French suit, else its name (in the
    language) and code; its colour is the pictures' own, on a card-coloured background."""
    style = pack_of_game(state).style(i)
    back = CARD if french else style.tint
    look = STYLE_OF_TEXT.format(colour=style.colour, card=back)
    if french:
        return FRENCH.get(code, code), look
    return f"{(tr or EN).suit(name)} ({code})", look


def _hand_rows(state: _core.State, hand: list[str], tr: Translator = EN) -> list[tuple[str, str, str]]:
    """A hand by suit: (suit label, style, ranks) for each suit, in the pack's order."""
    suits, card = _suits(state)
    french = all(code in FRENCH for code, _ in suits)
    by: dict[int, list[str]] = {}
    for c in hand:
        s, r = card[c]
        by.setdefault(s, []).append(r)
    rows = []
    for i, (code, name) in enumerate(suits):
        label, style = _label(state, code, name, i, french, tr)
        rows.append((label, style, " ".join(by.get(i, [])) or "-"))
    return rows


def _card_text(state: _core.State, c: str, tr: Optional[Translator] = None) -> tuple[str, str]:
    """A card for the table and its style: ``A♠`` for a French card, else its rank and
    its suit's name (in the language)."""
    tr = tr or EN
    suits, card = _suits(state)
    french = all(code in FRENCH for code, _ in suits)
    s, r = card[c]
    code, name = suits[s]
    label, style = _label(state, code, name, s, french, tr)
    return (f"{r}{label} " if french else f"{tr.digits(r)} {tr.suit(name)} "), style


def card_text(state: _core.State, c: str, tr: Translator = EN) -> str:
    """A card as the table writes it: ``A♠``, or a Ganjifa card's rank and suit name.

    >>> import hukm
    >>> card_text(hukm.game("ganjifa").new_game(1), "KGH")
    'K Ghulam'
    """
    return _card_text(state, c, tr)[0].rstrip()


def header(state: _core.State, lang: Optional[str] = None, viewer: Optional[int] = None) -> str:
    """The table's first line as ``viewer`` sees it (``None``: as seat 0 does): the
    preset (the game's title in a language other than English), the hand, the roles, the
    trump; the web page's status line (:func:`hukm.svg.status.status_line`)."""
    from ..svg.status import status_line

    return status_line(state, tr_of(lang), viewer)


def _hands(state: _core.State, viewer: Optional[int]) -> list[Optional[list[str]]]:
    """Each seat's cards as the viewer sees them (``None``: only the count is known)."""
    n = len(state.hands())
    if viewer is None:
        return [_cards(state, h) for h in state.hands()]
    out: list[Optional[list[str]]] = [None] * n
    out[viewer] = list(state.observation(viewer)["hand"])
    obs = state.observation(viewer)
    if obs.get("dummy_hand"):
        out[2] = _cards(state, obs["dummy_hand"])
    return out


def _cards(state: _core.State, compact: str) -> list[str]:
    """The cards of a compact hand, with the pack's rank labels (from the engine's layout)."""
    suits, card = _suits(state)
    by_rank = {(s, r): c for c, (s, r) in card.items()}
    out: list[str] = []
    for i, ranks in enumerate(compact.split(".")):
        out.extend(by_rank[(i, r)] for r in ranks if r != "-")
    return out


def lines(state: _core.State, viewer: Optional[int] = None,
          lang: Optional[str] = None, head: Optional[str] = None) -> list[list[tuple[str, str]]]:
    """The table as lines of (text, style) pieces: header (``head`` when given, e.g. a
    bridge board's roles), hands by suit, trick, counts, in ``lang`` (``None``: English)."""
    tr = tr_of(lang)
    obs = state.observation(viewer if viewer is not None else 0)
    hands = _hands(state, viewer)
    sizes = obs.get("hand_sizes") or [len(h or []) for h in hands]
    out: list[list[tuple[str, str]]] = [[(head or header(state, tr.lang, viewer), "bold")]]
    for seat, hand in enumerate(hands):
        mark = "> " if state.current_player == seat else "  "
        who = tr.t("seat {seat}", seat=seat)
        who = mark + (tr.t("{seat} (you)", seat=who) if viewer == seat else who)
        if hand is None:
            count = sizes[seat] if seat < len(sizes) else None
            cards = tr.t("? cards") if count is None else tr.nt("{n} card", "{n} cards", int(count))
            out.append([(tr.t("{seat}: {cards}", seat=who, cards=cards), "dim")])
            continue
        out.append([(tr.t("{seat}:", seat=who), "bold" if viewer == seat else "")])
        rows = _hand_rows(state, hand, tr)
        cells = max(width(label) for label, _, _ in rows) + 1
        for label, style, ranks in rows:
            out.append([("      ", ""), (pad(label, cells), style), (ranks, "")])
    trick = obs.get("trick") or []
    if trick:
        out.append(_trick_line(state, "  " + tr.t("trick:") + " ", trick, None, tr))
    else:
        held = finished_trick(state, viewer)
        if held is not None:
            out.append(_trick_line(state, "  " + tr.t("last trick:") + " ", *held, tr))
    out.extend([("  " + line, "")] for line in count_lines(state, viewer, tr))
    return out


def count_lines(state: _core.State, viewer: Optional[int] = None, tr: Translator = EN) -> list[str]:
    """The table's counts in words, as its picture gives them (:attr:`hukm.svg.scene.Scene.counts`:
    the hand's, then the match's), then those the game adds (its presentation's
    ``TABLE_COUNTS``: a heap, the stakes).

    >>> import hukm
    >>> count_lines(hukm.Hokm().new_game(seed=7))
    ['Tricks: seats 0 & 2: 0 · seats 1 & 3: 0', 'Match: seats 0 & 2: 0 · seats 1 & 3: 0']
    """
    from ..svg.scene import build

    obs = state.observation(viewer if viewer is not None else 0)
    out = [c.line(tr) for c in build(state, viewer, tr=tr).counts]
    pres = presentation(state.game)
    for key, label in ({} if pres is None else pres.TABLE_COUNTS).items():
        if obs.get(key) is not None:
            out.append(tr.t("{label} {value}", label=tr.pt(SCORE, label), value=_values(tr, obs[key])))
    return out


def finished_trick(state: _core.State, viewer: Optional[int] = None) -> Optional[tuple[list[Any], Optional[int]]]:
    """The trick just finished, which stays on the table until the next card: its
    ``(seat, card)`` plays (``None`` for a card the viewer cannot see) and its winner's
    seat, as the table's picture reads them from the observation; ``None`` while a trick
    is in progress or before the first.

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    >>> for c in ["AS", "KS", "QS", "JS"]:
    ...     s.apply(c)
    >>> finished_trick(s)
    ([(0, 'AS'), (1, 'KS'), (2, 'QS'), (3, 'JS')], 0)
    """
    from ..svg.scene import build

    scene = build(state, viewer)
    return (list(scene.trick), scene.winner) if scene.finished else None


def _trick_line(state: _core.State, title: str, plays: list[Any], winner: Optional[int],
                tr: Translator) -> list[tuple[str, str]]:
    """A trick as (text, style) pieces: each seat's card, then who won it."""
    pieces: list[tuple[str, str]] = [(title, "bold")]
    for seat, c in plays:
        text, style = (tr.t("face down") + " ", "dim") if c is None else _card_text(state, c, tr)
        pieces += [(tr.t("seat {seat}", seat=seat) + " ", ""), (text, style), ("  ", "")]
    if winner is not None:
        pieces.append((tr.t("won by seat {seat}", seat=winner), "bold"))
    return pieces


def analysis_lines(state: _core.State, solution: Any, lang: Optional[str] = None) -> list[list[tuple[str, str]]]:
    """A :class:`hukm.Solution` of ``state`` as lines of (text, style) pieces: the value
    for the solving side, then each legal action with its value (when it has them), the
    best in green; a graded answer's values with their grades ("between 7 and 10", "about
    8.4 (estimate)", :func:`hukm.svg.wording.solution_text`).

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=0)
    >>> [t for t, _ in analysis_lines(s, hukm.solve(s))[1]]
    ['  values: ', 'A♠ ', '2', '   ', 'K♠ ', '2', '   ']
    """
    tr = tr_of(lang)
    pack = pack_of_game(state)
    best = set(solution.best_actions())
    head = "  " + tr.t("double dummy (all hands known) for seat {seat}'s side: {value}",
                       seat=solution.player, value=value_note(state, solution.value, tr) if solution.exact
                       else solution_text(tr, solution))
    pieces: list[tuple[str, str]] = [("  " + tr.t("values:") + " ", "bold")]
    for action, value in solution.actions.items():
        text, style = (_card_text(state, action, tr) if pack.is_card(action)
                       else (action_label(pack, action, tr) + " ", ""))
        said = tr.num(value) if solution.exact else solution_text(tr, solution, action)
        pieces += [(text, style), (said, BEST if action in best else ""), ("   ", "")]
    return [[(head, "bold")], pieces] if solution.actions else [[(head, "bold")]]


def _plain(lines: list[list[tuple[str, str]]]) -> str:
    """Lines of (text, style) pieces as plain text."""
    return "\n".join("".join(t for t, _ in line).rstrip() for line in lines)


def _rich(lines: list[list[tuple[str, str]]]) -> Any:
    """Lines of (text, style) pieces as one ``rich`` text."""
    from rich.text import Text

    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        for text, style in line:
            out.append(text, style=style or None)
    return out


def table_text(state: _core.State, viewer: Optional[int] = None, lang: Optional[str] = None) -> str:
    """The table as plain text (what :func:`table` draws, without colours)."""
    return _plain(lines(state, viewer, lang))


def table(state: _core.State, viewer: Optional[int] = None, lang: Optional[str] = None) -> Any:
    """The table as a ``rich`` renderable (``rich`` must be installed: ``hukm[term]``)."""
    return _rich(lines(state, viewer, lang))


class Screen:
    """Where the commands draw: a ``rich`` console when ``rich`` is installed (colours on a
    terminal, plain text in a pipe), else plain ``print``; its words in ``lang`` (``None``:
    English)."""

    def __init__(self, file: Any = None, *, record: bool = False, width: Optional[int] = None,
                 lang: Optional[str] = None) -> None:
        self.tr = tr_of(lang)
        try:
            from rich.console import Console
        except ImportError:  # pragma: no cover - rich is an optional extra
            self.console: Any = None
            self.file = file
            return
        self.console = Console(file=file, record=record, width=width, highlight=False)
        self.file = file

    def table(self, state: _core.State, viewer: Optional[int] = None, header: Optional[str] = None) -> None:
        """Draws the table (``header``: its first line instead of the status line)."""
        self.lines(lines(state, viewer, self.tr.lang, header))

    def lines(self, lines: list[list[tuple[str, str]]]) -> None:
        """Draws lines of (text, style) pieces (:func:`lines`, :func:`analysis_lines`)."""
        if self.console is None:
            print(_plain(lines), file=self.file)
        else:
            self.console.print(_rich(lines))

    def say(self, text: str, style: str = "") -> None:
        """Prints one line."""
        if self.console is None:
            print(text, file=self.file)
        else:
            self.console.print(text, style=style or None, markup=False)

    def trick_won(self, state: _core.State, seat: int, card: str) -> None:
        """Announces the winner of a trick."""
        text, style = _card_text(state, card, self.tr)
        before, _, after = self.tr.t("seat {seat} wins the trick with {card}", seat=seat, card="\0").partition("\0")
        if self.console is None:
            print(before + text.rstrip() + after, file=self.file)
        else:
            from rich.text import Text

            self.console.print(Text.assemble((before, "bold"), (text.rstrip(), style), after))

    def export_svg(self, title: str) -> str:
        """What was drawn, as an SVG picture of the terminal (``record=True`` consoles)."""
        if self.console is None:
            raise RuntimeError("install rich (hukm[term]) to export the terminal")
        svg: str = self.console.export_svg(title=title)
        return svg if self.tr.lang == "en" else script_fonts(svg, self.tr.lang)


def script_fonts(svg: str, lang: str) -> str:
    """rich's picture of a terminal (:meth:`Screen.export_svg`) ready for resvg
    (:mod:`hukm.svg.raster`): rich names only Fira Code, and resvg takes one font for a
    run of text, falling back only to the families it names. Latin and Arabic script are
    drawn in DejaVu Sans Mono (then the language's fonts); Devanagari and Bengali in the
    language's fonts, each run of Latin letters and suit signs among them in DejaVu Sans
    Mono (entities written as decimal numbers first, so that none is cut), without rich's
    ``textLength``, which resvg spreads wrongly over a text with spans (each run still
    starts at its cell).

    >>> script_fonts('<style>.t {font-family: Fira Code, monospace;}</style>', "cs")[:41]
    "<style>.t {font-family: 'DejaVu Sans Mono"
    >>> script_fonts('<text x="0">&gt; सीट KS&#x27;</text>', "hi")
    '<text x="0">&#62; सीट <tspan font-family="DejaVu Sans Mono">KS</tspan>&#39;</text>'
    """
    from ..i18n import LANGUAGES

    language = LANGUAGES[lang]
    if lang in ("en", "cs") or language.rtl:
        # Latin letters, and Arabic script (DejaVu Sans Mono has its letters; resvg falls
        # back per letter for the others, and spans would cut a right-to-left line's order)
        return svg.replace("font-family: Fira Code, monospace;",
                           f"font-family: 'DejaVu Sans Mono', {language.fonts}, monospace;")
    svg = svg.replace("font-family: Fira Code, monospace;", f"font-family: {language.fonts}, 'DejaVu Sans Mono', monospace;")
    for name, code in (("gt", 62), ("lt", 60), ("amp", 38), ("quot", 34), ("apos", 39)):
        svg = svg.replace(f"&{name};", f"&#{code};")
    svg = re.sub(r"&#x([0-9a-fA-F]+);", lambda m: f"&#{int(m.group(1), 16)};", svg)

    def spans(m: "re.Match[str]") -> str:
        inner = re.sub(r"([A-Za-z\u2660-\u2667]+)", r'<tspan font-family="DejaVu Sans Mono">\1</tspan>', m.group(2))
        return f"<text{m.group(1)}>{inner}</text>"

    svg = re.sub(r' textLength="[^"]*"', "", svg)  # resvg spreads a text with spans over it wrongly
    return re.sub(r"<text([^>]*)>([^<]*)</text>", spans, svg)


def show_analysis(state: _core.State, screen: "Screen", viewer: Optional[int] = None,
                  threads: Optional[int] = None) -> Optional[Any]:
    """``hukm show --analysis`` in the terminal: the value and each legal action's (a
    :class:`hukm.Solution`, returned; for a ``viewer`` other than the seat to act, the
    value alone: :func:`hukm.seen.seen_solution`), or one line saying why there are none
    (an auction, a game over, a game answered exactly only beyond the time limit); a
    position beyond exact search in the time gets the best grade reached. ``threads``:
    the solve's (default: every core this process may use)."""
    from .._errors import SolverLimitError, StateError
    from .args import one_line
    from ..solve import solve
    from ..svg import ANALYSIS_TIMEOUT

    tr = screen.tr
    if state.is_terminal():
        screen.say("  " + tr.t("no double-dummy values: the hand is over"))
        return None
    try:
        sol = solve(state, timeout=ANALYSIS_TIMEOUT, threads=threads)
    except SolverLimitError:
        screen.say("  " + tr.t("no double-dummy values: not solved within {seconds} s",
                               seconds=tr.digits(f"{ANALYSIS_TIMEOUT:g}")))
        return None
    except StateError as e:
        if tr.lang == "en":
            screen.say(f"  no double-dummy values here: {one_line(str(e))}")
        else:  # the engine's reason is a programmer's message, in English: the phase instead
            from ..svg.wording import word

            screen.say("  " + tr.t("no double-dummy values in this phase: {phase}",
                                   phase=word(tr, "phase", state.phase)))
        return None
    from ..seen import seen_solution

    sol = seen_solution(sol, state, viewer)
    screen.lines(analysis_lines(state, sol, tr.lang))
    return sol


def trick_winner_after(state: _core.State, action: str) -> Optional[tuple[int, str]]:
    """The seat and card that win the trick if ``action`` completes it, from the engine's
    facts of the trick (``None`` when the action does not complete a trick).

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    >>> for c in ["AS", "KS", "QS"]:
    ...     s.apply(c)
    >>> trick_winner_after(s, "JS")
    (0, 'AS')
    """
    obs = state.observation(state.current_player)
    trick = obs.get("trick") or []
    if not trick:
        return None
    after = state.clone()
    after.apply(action)
    if not after.is_terminal() and after.observation(state.current_player).get("trick"):
        return None  # the trick goes on
    seat = _mover_seat(state, obs, trick)
    try:
        facts = state.trick_facts(seat)
    except ValueError:
        return None
    card = facts["cards"].get(action)
    if card is not None and card["wins"]:
        return seat, action
    w = facts["winner"]
    return None if w is None else (int(w[0]), str(w[1]))


def _mover_seat(state: _core.State, obs: dict[str, Any], trick: list[Any]) -> int:
    """The table seat that plays now: the player to move, unless the table has more
    seats than players (a dummy's seat, played by another): then the seat after the
    trick's last card."""
    seats = len(obs.get("seating") or ())
    if seats > state.num_players:
        return (int(trick[0][0]) + len(trick)) % seats
    return state.current_player
