"""One line per option of ``naqsh``: what it does, in players' words (its guide's option table)."""

NOTES: dict[str, str] = {
    "pack": "Moghul 96, Dashavatara 120 or a French pack without jacks (48).",
    "players": "Players, banker included (2 to 8; 6 is best).",
    "mode": "One banker against every punter, or a pool shared by the best hands.",
    "stake": "The stake unit.",
    "stake_mode": "A fixed stake, or each punter's choice after seeing his first card.",
    "stake_max": "The highest stake when punters choose.",
    "special21": "A two-card 21 (King and 9, or Vizier and 10) is a winning hand.",
    "special21_mode": "How the 21 reads: an extra hand above the natural 17, or 21 as the limit with only those two forms.",
    "combos": "Pairs (the first two cards) and triples (exactly three cards) are winning hands.",
    "bonus_payouts": "Naturals, pairs, 21s and triples are paid 2 or 3 times the stake.",
    "ties": "Equal hands: the banker wins, or nobody pays.",
    "fewer_cards_wins_ties": "Among equal hands, fewer cards win.",
    "max_cards": "Most cards in a hand (0: no limit).",
    "banker_rule": "The banker draws freely, or must draw below a fixed total.",
    "banker_n": "The total below which a `stand_at_n` banker must draw.",
    "hands": "Hands in a match; by default one per player, so each is banker once.",
}
