//! End of a hand: the stop rules' verdict (§8), scoring (§9) and the next
//! dealer and Hakem (§10), with the match end (§11).

use super::config::{Rotation, Scoring, StopRule};
use super::state::{HandResult, HokmState, Phase, ResultKind};

impl HokmState {
    /// The stop rule's verdict with `remaining` tricks to play, if the hand is over.
    pub(crate) fn decision(&self, remaining: usize) -> Option<(Option<usize>, ResultKind)> {
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

    pub(crate) fn hand_decided(&self) -> bool {
        let remaining = self.hands[self.leader].len() as usize;
        self.decision(remaining).is_some()
    }

    pub(crate) fn finish_hand(&mut self, winner: Option<usize>, kind: ResultKind) {
        let sides = self.cfg.num_sides();
        let hakem_side = self.cfg.side(self.hakem);
        let mut points = vec![0u32; sides];
        let cfg = self.cfg.clone();
        if let Some(w) = winner {
            let kot_value = if w == hakem_side {
                cfg.points_kot
            } else {
                cfg.points_hakem_koti
            };
            match cfg.scoring {
                Scoring::Hokm => {
                    points[w] = match kind {
                        ResultKind::Kot => kot_value,
                        ResultKind::Bavney => cfg.points_bavney.unwrap_or(kot_value),
                        _ => cfg.points_win,
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
                            cfg.bavney_kots
                        } else if w == hakem_side {
                            1
                        } else {
                            cfg.goon_kot_value
                        };
                        self.streaks = [0; 4];
                    }
                    _ => {
                        self.streaks[w] += 1;
                        for i in (0..sides).filter(|&i| i != w) {
                            self.streaks[i] = 0;
                        }
                        if self.streaks[w] >= cfg.streak_length {
                            points[w] = 1;
                            self.streaks[w] = 0;
                        }
                    }
                },
            }
        }
        for (score, p) in self.scores.iter_mut().zip(&points) {
            *score += p;
        }
        self.results.push(HandResult {
            winner,
            kind,
            tricks: self.tricks_won[..sides].to_vec(),
            points,
            hakem: self.hakem,
            dealer: self.dealer,
        });
        self.trick_len = 0;
        if self.single_hand {
            self.phase = Phase::Over;
            return;
        }
        let target = if cfg.scoring == Scoring::Kots {
            cfg.target_kots
        } else {
            cfg.target_points
        };
        if self.scores[..sides].iter().any(|&s| s >= target) {
            self.phase = Phase::Over;
            return;
        }
        self.rotate(winner.expect("a full hand always has a winner"), kind);
        self.hand_no += 1;
        self.redeals_first5 = 0;
        self.start_hand();
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
        }
    }
}
