//! End of a hand: the stop rules' verdict (§8), scoring (§9) and the next
//! dealer and Hakem (§10), with the match end (§11).
//!
//! Decisions: Dehla Pakad's "the kot is removed" is a -1 for the opponents in
//! that hand's points; Dab Rang scores 1 game point to the side that wins the
//! contract; Dummy Rang ends when one player alone is highest at or above the
//! target (equal leaders play another hand).

use super::config::{Rotation, Scoring, StopRule};
use super::state::{HandResult, HokmState, Phase, ResultKind};

impl HokmState {
    /// The stop rule's verdict with `remaining` tricks to play, if the hand is over.
    pub(crate) fn decision(&self, remaining: usize) -> Option<(Option<usize>, ResultKind)> {
        if self.cfg.heap {
            return self.heap_decision(remaining);
        }
        let sides = self.cfg.num_sides();
        let won = &self.tricks_won[..sides];
        let kind_for = |w: usize| {
            if self.kot_side == Some(w) {
                if won[w] as usize == self.cfg.tricks_per_hand() {
                    ResultKind::Bavney
                } else {
                    ResultKind::Kot
                }
            } else {
                ResultKind::Ordinary
            }
        };
        match self.cfg.stop_rule {
            StopRule::FirstTo7 | StopRule::KotChoice => {
                if let Some(w) = (0..sides).find(|&i| won[i] >= 7) {
                    return Some((Some(w), kind_for(w)));
                }
            }
            StopRule::PlayAll => {}
            StopRule::Clinch3 => {
                if let Some(k) = self.kot_side {
                    return Some((Some(k), ResultKind::Kot));
                }
                let r = remaining as u32;
                if let Some(i) =
                    (0..3).find(|&i| (0..3).all(|j| j == i || won[i] as u32 > won[j] as u32 + r))
                {
                    return Some((Some(i), ResultKind::Ordinary));
                }
                if remaining == 0 {
                    // Two tied for most: the third wins; three equal: nobody.
                    let max = *won.iter().max().expect("three seats");
                    let min = *won.iter().min().expect("three seats");
                    let at_min: Vec<usize> = (0..3).filter(|&i| won[i] == min).collect();
                    if max != min && at_min.len() == 1 {
                        return Some((Some(at_min[0]), ResultKind::Ordinary));
                    }
                    return Some((None, ResultKind::Tie));
                }
                return None;
            }
        }
        if remaining == 0 {
            let max = *won.iter().max().expect("sides");
            let best: Vec<usize> = (0..sides).filter(|&i| won[i] == max).collect();
            return Some(if best.len() == 1 {
                (Some(best[0]), kind_for(best[0]))
            } else {
                (None, ResultKind::Tie)
            });
        }
        None
    }

    /// Heap presets: the verdict once every trick is played (or, with
    /// `early_termination=when_decided`, once nothing can change any more).
    fn heap_decision(&self, remaining: usize) -> Option<(Option<usize>, ResultKind)> {
        let h = &self.heap;
        let (c, t) = (h.collected, h.tens_collected);
        let dehla = self.cfg.scoring == Scoring::Dehla;
        if remaining == 0 && self.cfg.scoring == Scoring::Dab {
            // The boss's side makes its bid or the opponents win (§9.9).
            // A position set up by `from_deal` has no auction: its Hakem is
            // the boss, with the minimum bid.
            let (boss, bid) = self.dab.bid.unwrap_or((self.hakem, self.cfg.dab_min_bid));
            let side = self.cfg.side(boss);
            let w = if c[side] >= bid { side } else { 1 - side };
            return Some((Some(w), ResultKind::Ordinary));
        }
        if remaining == 0 {
            let w = if dehla {
                if t[0] >= 3 || (t[0] == 2 && c[0] >= 7) {
                    0
                } else if t[1] >= 3 || (t[1] == 2 && c[1] >= 7) {
                    1
                } else {
                    return Some((None, ResultKind::Tie));
                }
            } else if c[0] > c[1] {
                0
            } else if c[1] > c[0] {
                1
            } else {
                return Some((None, ResultKind::Tie));
            };
            let total = self.cfg.tricks_per_hand() as u8;
            let kind = if dehla && t[w] == 4 {
                ResultKind::FourTens
            } else if !dehla && c[w] == total {
                ResultKind::Kot
            } else {
                ResultKind::Ordinary
            };
            return Some((Some(w), kind));
        }
        if self.cfg.early_termination {
            // The winner is certain and no kot or four-tens event can happen.
            for w in 0..2 {
                let o = 1 - w;
                let decided = if dehla {
                    (t[w] >= 3 && t[o] >= 1) || (t[w] == 2 && t[o] == 2 && c[w] >= 7)
                } else {
                    c[w] >= 7 && c[o] >= 1
                };
                if decided {
                    return Some((Some(w), ResultKind::Ordinary));
                }
            }
        }
        None
    }

    pub(crate) fn hand_decided(&self) -> bool {
        let remaining = self.tricks_left();
        self.decision(remaining).is_some()
    }

    pub(crate) fn finish_hand(&mut self, winner: Option<usize>, kind: ResultKind) {
        let sides = self.cfg.num_sides();
        let hakem_side = self.cfg.side(self.hakem);
        let cfg = self.cfg.clone();
        let mut points = vec![0i32; if cfg.dummy { 3 } else { sides }];
        if cfg.dummy {
            // Every real player adds the tricks his partnership collected (§9.8).
            for seat in [0, 1, 3] {
                points[self.table[seat]] += self.heap.collected[cfg.side(seat)] as i32;
            }
        }
        if let Some(w) = winner.filter(|_| !cfg.dummy) {
            let kot_value = if w == hakem_side {
                cfg.points_kot
            } else {
                cfg.points_hakem_koti
            } as i32;
            let o = 1 - w.min(1);
            match cfg.scoring {
                Scoring::Hokm => {
                    points[w] = match kind {
                        ResultKind::Kot => kot_value,
                        ResultKind::Bavney => cfg.points_bavney.map_or(kot_value, |p| p as i32),
                        _ => cfg.points_win as i32,
                    }
                }
                Scoring::Netherlands => {
                    points[w] = match kind {
                        ResultKind::Kot => 5,
                        ResultKind::Bavney => 15,
                        _ => 2,
                    }
                }
                Scoring::Kots => match kind {
                    ResultKind::Kot | ResultKind::Bavney => {
                        points[w] = if kind == ResultKind::Bavney {
                            cfg.bavney_kots as i32
                        } else if w == hakem_side {
                            1
                        } else {
                            cfg.goon_kot_value as i32
                        };
                        self.streaks = [0; 4];
                    }
                    _ => points[w] = self.streak_win(w, true),
                },
                Scoring::DoubleSar => match kind {
                    ResultKind::Kot => {
                        // Kot by the trump-caller's side, goon kot by the dealer's.
                        points[w] = if w == hakem_side {
                            1
                        } else {
                            cfg.goon_kot_value as i32
                        };
                        self.streaks = [0; 4];
                    }
                    _ => points[w] = self.streak_win(w, cfg.streak_kot),
                },
                Scoring::Dab => points[w] = 1,
                Scoring::Dummy => {}
                Scoring::Dehla => {
                    if kind == ResultKind::FourTens {
                        let dealer_side = self.cfg.side(self.dealer);
                        if cfg.dehla_cancel && w == dealer_side && self.scores[o] > 0 {
                            points[o] = -1;
                        } else {
                            points[w] = 1;
                        }
                        self.streaks = [0; 4];
                    } else {
                        let three = self.heap.tens_collected[w] == 3;
                        points[w] = self.streak_win(w, three || cfg.dehla_streak_2_2);
                        if !(three || cfg.dehla_streak_2_2) {
                            self.streaks[w] = 0;
                        }
                    }
                }
            }
        }
        for (score, p) in self.scores.iter_mut().zip(&points) {
            *score += p;
        }
        let tricks = if self.cfg.heap {
            self.heap.collected.to_vec()
        } else {
            self.tricks_won[..sides].to_vec()
        };
        self.results.push(HandResult {
            winner,
            kind,
            tricks,
            tens: if self.cfg.heap {
                self.heap.tens_collected.to_vec()
            } else {
                Vec::new()
            },
            points,
            hakem: self.hakem,
            dealer: self.dealer,
        });
        self.trick_len = 0;
        if self.single_hand {
            self.phase = Phase::Over;
            return;
        }
        let target = match cfg.scoring {
            Scoring::Hokm | Scoring::Netherlands | Scoring::Dab | Scoring::Dummy => {
                cfg.target_points
            }
            _ => cfg.target_kots,
        } as i32;
        let over = if cfg.dummy {
            // First to 104; equal leaders above it play another hand (§11).
            let top = self.scores[..3].iter().copied().max().unwrap_or(0);
            top >= target && self.scores[..3].iter().filter(|&&x| x == top).count() == 1
        } else {
            self.scores[..sides].iter().any(|&s| s >= target)
        };
        if over {
            self.phase = Phase::Over;
            return;
        }
        let w = winner.expect("a full hand always has a winner");
        if cfg.satat_pass {
            // The side that lost a kot (1 card) or a bavney (2 cards) passes
            // in the next hand (§9.10).
            self.satat.pass_k = match kind {
                ResultKind::Kot => 1,
                ResultKind::Bavney => 2,
                _ => 0,
            };
            self.satat.pass_losers = 1 - w;
        }
        self.rotate(w, kind);
        self.hand_no += 1;
        self.redeals_first5 = 0;
        self.start_hand();
    }

    /// An ordinary hand win for streak counting (§9.5): the winner's streak
    /// grows when `counts`, the others' return to 0; a full streak is a kot.
    fn streak_win(&mut self, w: usize, counts: bool) -> i32 {
        for (i, s) in self.streaks.iter_mut().enumerate() {
            if i != w {
                *s = 0;
            }
        }
        if !counts {
            return 0;
        }
        self.streaks[w] += 1;
        if self.streaks[w] >= self.cfg.streak_length {
            self.streaks[w] = 0;
            1
        } else {
            0
        }
    }

    pub(crate) fn rotate(&mut self, winner: usize, kind: ResultKind) {
        let n = self.n();
        let caller_won = winner == self.cfg.side(self.hakem);
        match self.cfg.rotation {
            Rotation::Hokm => {
                if !caller_won {
                    self.dealer = self.hakem;
                    self.hakem = self.next(self.hakem);
                }
            }
            Rotation::CourtPiece => {
                if !caller_won {
                    self.dealer = self.next(self.dealer);
                } else if matches!(kind, ResultKind::Kot | ResultKind::Bavney) {
                    self.dealer = (self.dealer + 2) % n;
                }
                self.hakem = self.next(self.dealer);
            }
            Rotation::DoubleSar => {
                let dealer_side = self.cfg.side(self.dealer);
                if kind == ResultKind::Kot && caller_won {
                    self.dealer = (self.dealer + 2) % n;
                } else if kind == ResultKind::Kot || self.heap.collected[dealer_side] >= 7 {
                    // Goon kot, or the dealer's side collected the majority:
                    // the old trump-caller deals.
                    self.dealer = self.next(self.dealer);
                }
                self.hakem = self.next(self.dealer);
            }
            Rotation::Dummy => {
                self.table = dummy_table(self.hand_no + 1);
                self.dealer = 3;
                self.hakem = 0;
            }
            Rotation::Plain => {
                self.dealer = self.next(self.dealer);
                self.hakem = self.next(self.dealer);
            }
            Rotation::Dehla => {
                let dealer_side = self.cfg.side(self.dealer);
                if winner == dealer_side {
                    self.dealer = self.next(self.dealer);
                } else if kind == ResultKind::FourTens {
                    self.dealer = (self.dealer + 2) % n;
                }
                self.hakem = self.next(self.dealer);
            }
        }
    }
}

/// The Dummy Rang table of hand `h` (§13.3): the real player at each seat.
/// Seat 0 is the dummy's partner X = P(h mod 3), seat 1 the next real player
/// Y, seat 2 the dummy (played by X), seat 3 the third player Z (the dealer).
pub(crate) fn dummy_table(h: u32) -> [usize; 4] {
    let x = (h % 3) as usize;
    [x, (x + 1) % 3, x, (x + 2) % 3]
}
