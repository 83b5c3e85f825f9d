//! The target after the pair (§9.2), the hand's result and its game
//! points (§9), and the match (§10, §11).

use super::config::Game;
use super::state::{HandResult, Phase, ResultKind, TwentyEightState};

impl TwentyEightState {
    /// The target after the pair (§9.2).
    pub fn target(&self) -> i32 {
        let mut t = self.contract;
        if let Some(p) = self.pair_by {
            if self.side(p) == self.side(self.bidder) {
                t -= if self.cfg.west_bengal && self.contract == 19 {
                    3
                } else {
                    4
                };
            } else {
                t += 4;
            }
        }
        if self.cfg.pair_clamp {
            t = t.clamp(self.cfg.min_bid, self.cfg.max_bid);
        }
        t
    }

    /// The factor of the doubles.
    fn multiplier(&self) -> i32 {
        match self.doubled {
            0 => 1,
            1 => 2,
            _ => 4,
        }
    }

    /// Ends an ordinary contract: made or failed against the target.
    pub(super) fn finish_contract(&mut self) {
        let bs = self.side(self.bidder) as usize;
        let made = self.points[bs] >= self.target();
        self.finish(if made {
            ResultKind::Made
        } else {
            ResultKind::Failed
        });
    }

    #[cfg(test)]
    pub(crate) fn finish_contract_for_tests(&mut self) {
        self.finish_contract();
    }

    /// Ends the hand with `kind`: scores it, then starts the next hand or ends the match.
    pub(super) fn finish(&mut self, kind: ResultKind) {
        let sides = self.cfg.sides;
        let declarer = self.soloist.unwrap_or(self.bidder);
        let ds = self.side(declarer) as usize;
        let mut gains = vec![0i32; sides];
        let forty = self.cfg.game == Game::G40;
        let target = self.target();
        match kind {
            ResultKind::Void => {}
            ResultKind::SingleWon | ResultKind::ShowWon => {
                gains[ds] = if forty { 4 } else { 3 };
            }
            ResultKind::SingleLost => {
                if forty {
                    for (s, g) in gains.iter_mut().enumerate() {
                        if s != ds {
                            *g = 5;
                        }
                    }
                } else {
                    gains[ds] = -3;
                }
            }
            ResultKind::HalfCourtWon => {
                for (s, g) in gains.iter_mut().enumerate() {
                    if s != ds {
                        *g = -2;
                    }
                }
            }
            ResultKind::HalfCourtLost => gains[ds] = -2,
            ResultKind::Made | ResultKind::Failed => {
                let made = kind == ResultKind::Made;
                let value = if self.c {
                    6
                } else if forty {
                    let (w, l) = match self.contract {
                        ..=29 => (1, 2),
                        30..=33 => (2, 3),
                        _ => (3, 4),
                    };
                    (if made { w } else { l }) * self.multiplier()
                } else {
                    let base = if self.cfg.bid21_two_points && self.contract >= 21 {
                        2
                    } else {
                        1
                    };
                    base * self.multiplier()
                };
                let half = !made && self.cfg.half_bid_double && 2 * self.points[ds] < target;
                let value = if half { 2 * value } else { value };
                if made {
                    gains[ds] = value;
                } else if forty {
                    for (s, g) in gains.iter_mut().enumerate() {
                        if s != ds {
                            *g = value;
                        }
                    }
                } else {
                    gains[ds] = -value;
                }
            }
        }
        for (s, g) in gains.iter().enumerate() {
            self.scores[s] += g;
        }
        let r = HandResult {
            kind,
            declarer,
            contract: self.contract,
            target,
            points: self.points.clone(),
            gains,
        };
        self.results.push(r.clone());
        self.last_result = Some(r);
        self.queue.clear();
        if self.position_mode {
            self.phase = Phase::Over;
            return;
        }
        let t = self.cfg.target_score;
        if let Some(w) = (0..sides).find(|&s| self.scores[s] >= t) {
            self.winner = Some(w as u8);
        } else if self.scores.iter().any(|&x| x <= -t) {
            // The best other score wins (two sides: simply the other side).
            let w = (0..sides)
                .max_by_key(|&s| (self.scores[s], std::cmp::Reverse(s)))
                .expect("sides");
            self.winner = Some(w as u8);
        }
        if self.winner.is_some() {
            self.phase = Phase::Over;
        } else {
            self.dealer = self.next(self.dealer);
            self.start_hand();
        }
    }
}
