"""The words the server writes for the page, in the page's language: the games' titles and
families of the game chooser, and the status line of a table.

The registry's titles are English; each has a message here (:data:`TITLES`), so the
catalogs hold it and :func:`title` gives it in any language. Options keep their keys and
values (the names the URL and the API take, ``opt.stop_rule=first_to_7``).

>>> title("hokm4", "fa")
'حکم چهارنفره، ایران'
>>> status_line(__import__("hukm").game("hokm4").new_game(3), "en")
'hokm4 | hand 1 | dealer seat 1 | Hakem seat 2 | trump: not named yet'
"""

from __future__ import annotations

from typing import Any

from .. import _core
from ..i18n import N_, Translator, translator

TITLES: dict[str, str] = {
    "hokm4": N_("Hokm for four, Iran"),
    "hokm3": N_("Hokm for three, 17 cards each"),
    "hokm2": N_("Hokm for two, keep-or-reject drawing"),
    "court_piece": N_("Court Piece (Rang): kot choice and kot counting"),
    "single_sar": N_("Single Sar: every trick to its winner, all 13 played"),
    "double_sar": N_("Double Sar: tricks collected from a heap"),
    "dummy_rang": N_("Dummy Rang: three players and an exposed dummy"),
    "dab_rang": N_("Dab Rang: auction for sars, hidden trump and the cut call"),
    "satat": N_("Satat: the two of hearts is the highest trump"),
    "trup_kasiet": N_("Trup kasiet: Satat with a secret trump"),
    "dehla_pakad": N_("Dehla Pakad (Mindi): the tens collected decide"),
    "be_ranga": N_("Be Ranga: the first void play fixes trumps"),
    "28": N_("Twenty-eight"),
    "29": N_("Twenty-nine: the pair and the last-trick point"),
    "28_wb": N_("Twenty-eight as played in West Bengal"),
    "40": N_("Forty: six players, threes added"),
    "56": N_("Fifty-six: six players, double pack"),
    "ganjifa": N_("Ganjifa, each player for himself"),
    "dugi": N_("Dugi: partnership Ganjifa"),
    "dashavatara": N_("Dashavatara Ganjifa"),
    "naqsh": N_("Naqsh: the banking game of 17"),
    "thunee4": N_("Thunee"),
    "thunee4_plain": N_("Thunee: bids, trumps, Jodhi and Thunee only"),
    "thunee4_app": N_("Thunee as played online: 13 balls, last-trick bonus"),
    "thunee2": N_("Thunee for two: two rounds of six cards"),
    "thunee6": N_("Thunee for six: three against three"),
}
"""Each preset's title as the registry gives it, marked for the catalogs (a test checks
that they are the registry's)."""

FAMILIES: dict[str, str] = {
    "hokm": N_("Hokm"),
    "twenty_eight": N_("Twenty-eight"),
    "ganjifa": N_("Ganjifa"),
    "dugi": N_("Dugi"),
    "dashavatara": N_("Dashavatara"),
    "naqsh": N_("Naqsh"),
    "thunee": N_("Thunee"),
}
"""The game chooser's groups, by family."""


def title(preset: str, lang: str, english: str = "") -> str:
    """A preset's title in ``lang`` (``english``, or the preset, when it has none here)."""
    text = TITLES.get(preset)
    return translator(lang).t(text) if text else english or preset


def family(name: str, lang: str) -> str:
    """A family's name in ``lang`` (its key when it has none here)."""
    text = FAMILIES.get(name)
    return translator(lang).t(text) if text else name


WORD_ROLES = {"dealer": "dealer", "hakem": "Hakem", "bidder": "bidder"}
"""The roles the ``words`` catalog holds (``docs/glossary.md``), by observation key."""


def _role(tr: Translator, key: str) -> str:
    """A role of the status line: the game's words (``words`` catalog) or the page's."""
    if key in WORD_ROLES:
        return tr.pt("role", WORD_ROLES[key])
    if key == "boss":
        return tr.pt("role", "boss")
    return tr.pt("role", "banker")


ROLES = ("dealer", "hakem", "boss", "bidder", "banker")
"""The observation's role keys the status line names, in its order."""


def _suit_name(state: _core.State, code: str, tr: Translator) -> str:
    for c, name in state.layout[1]:
        if c == code:
            return tr.suit(name)
    return code


def status_line(state: _core.State, lang: str) -> str:
    """The table's first line: the game, the hand, the roles, the trump. In English the
    preset's name and the trump's code (``hokm4 | hand 1 | ... | trump: S``); in another
    language the game's title and the trump suit's name."""
    tr = translator(lang)
    obs: dict[str, Any] = state.observation(0)
    english = tr.lang == "en"
    parts = [state.preset if english else title(state.preset, lang),
             tr.t("hand {n}", n=obs.get("hand_number", 1))]
    for key in ROLES:
        if obs.get(key) is not None:
            parts.append(tr.t("{role} seat {seat}", role=_role(tr, key), seat=obs[key]))
    if "trump" in obs:
        t = obs["trump"]
        shown = tr.t("not named yet") if t is None else t if english else _suit_name(state, t, tr)
        if obs.get("trump_hidden"):
            shown = tr.t("hidden")
        if obs.get("indicator_down"):
            shown = tr.t("concealed (indicator face down)")
        parts.append(tr.t("trump: {suit}", suit=shown))
    return " | ".join(parts)
