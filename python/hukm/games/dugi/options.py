"""One line per option of ``dugi``: what it does, in players' words (its guide's option table)."""

NOTES: dict[str, str] = {
    "pack": "The pack: Moghul (24 cards each) or Dashavatara (30 each).",
    "players": "Always four, two partnerships.",
    "reversed_set": "Moghul pack: which coin suit runs 1-high.",
    "period": "Day or night; it chooses the lead suit.",
    "lead_suit_by": "The lead suit by day or night, or by a card cut from the pack.",
    "king_pass": "The King's holder may offer it to his partner, who gives a lead-suit card for it.",
    "hand_stake": "What each loser pays per hand.",
    "hands": "Hands in a match.",
}
