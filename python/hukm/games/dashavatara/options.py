"""One line per option of ``dashavatara``: what it does, in players' words (its guide's option table)."""

NOTES: dict[str, str] = {
    "period": "Day (Rama is trumps) or night (Krishna).",
    "avatar_list": "The ten suits: the usual list, or Balarama and Krishna in place of Krishna and Buddha.",
    "ninth_name": "The name of the ninth suit: Buddha or Jagannath (only the label).",
    "void_scan": "A void follower's scan to the next held suit stops at the trump suit too, or skips it.",
    "ducal": "Whether ducal sequences may be led.",
    "ducal_run": "A ducal's numerals may be any run of three or more, or must start just below the Mantri.",
    "ducal_length": "The leader may play part of a longer run, or must play all of it.",
    "deals": "Deals in a game; scores add up.",
}
