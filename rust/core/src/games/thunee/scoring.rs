//! Scoring a hand (§10): totals, the target and balls; Thunee and Royals
//! (§6.3), Double and Khanuck (§9.3, §9.4) and their precedence (§10.4);
//! the match and the dealer's rotation (§2, §11).

use super::config::{DoubleRule, LastTrick, ThuneeConfig};
use super::state::{Claim, HandResult, Phase, ResultKind, ThuneeState};

/// Each team's total after the last trick (§10.1): its card points,
/// adjusted for the last trick won by `last_team`.
pub fn totals(cfg: &ThuneeConfig, points: [i32; 2], last_team: usize) -> [i32; 2] {
    let mut t = points;
    match cfg.last_trick {
        LastTrick::Transfer => {
            t[last_team] += 10;
            t[1 - last_team] -= 10;
        }
        LastTrick::Bonus => t[last_team] += 10,
        LastTrick::Off => {}
    }
    t
}

/// What a hand that reached its last trick is worth, as the balls each team
/// gains and how it ended (§9.3, §9.4, §10.3).
///
/// `points`: the card points of each team over the whole hand; `winners`:
/// the seat that won each trick, in order; `trumper`, `bid`; `jodhi`: the
/// Jodhi declared by each team; `claim`: the Double or Khanuck called.
pub fn hand_balls(
    cfg: &ThuneeConfig,
    points: [i32; 2],
    winners: &[usize],
    trumper: usize,
    bid: i32,
    jodhi: [i32; 2],
    claim: Option<(usize, Claim)>,
) -> (ResultKind, [i32; 2]) {
    let last = *winners.last().expect("a hand has tricks");
    let count = 1 - cfg.team(trumper);
    let tot = totals(cfg, points, cfg.team(last));
    let target = cfg.base_target - bid + jodhi[1 - count] - jodhi[count];
    let counted = tot[count] >= target;
    let mut balls = [0; 2];
    let Some((caller, claim)) = claim else {
        if counted {
            balls[count] = if bid > 0 { cfg.bid_loss_balls } else { 1 };
            return (ResultKind::Counted, balls);
        }
        balls[1 - count] = 1;
        return (ResultKind::Held, balls);
    };
    let team = cfg.team(caller);
    let took_last = if cfg.claim_team {
        cfg.team(last) == team
    } else {
        last == caller
    };
    let won = match claim {
        Claim::Double => match cfg.double_rule {
            DoubleRule::PointsAndLast => took_last && counted == (team == count),
            DoubleRule::LastTrickOnly | DoubleRule::AllTricks => took_last,
        },
        Claim::Khanuck => took_last && points[1 - team] < jodhi[team] + 10,
    };
    let (kind, gain) = match (claim, won) {
        (Claim::Double, true) => (ResultKind::DoubleWon, 2),
        (Claim::Khanuck, true) if team == count => {
            (ResultKind::KhanuckWon, cfg.backward_khanuck_balls)
        }
        (Claim::Khanuck, true) => (ResultKind::KhanuckWon, cfg.khanuck_balls),
        (Claim::Double, false) => (ResultKind::DoubleLost, 4),
        (Claim::Khanuck, false) => (ResultKind::KhanuckLost, 4),
    };
    balls[if won { team } else { 1 - team }] = gain;
    (kind, balls)
}

impl ThuneeState {
    /// The balls of a finished sweep contract (§6.3, §6.4).
    fn sweep_balls(&self, kind: ResultKind) -> [i32; 2] {
        let mut balls = [0; 2];
        let Some(sp) = self.special else {
            return balls;
        };
        let value = sp.balls(&self.cfg);
        let team = self.team(sp.caller);
        match kind {
            ResultKind::SweepWon => balls[team] = value,
            ResultKind::SweepLost => balls[1 - team] = value,
            ResultKind::PartnerCatch => balls[1 - team] = 2 * value,
            _ => {}
        }
        balls
    }

    /// Ends a normal hand after its last trick.
    pub(super) fn finish_normal(&mut self) {
        let jodhi = [self.jodhi_of(0), self.jodhi_of(1)];
        let (kind, _) = hand_balls(
            &self.cfg,
            self.points,
            &self.trick_winners,
            self.trumper,
            self.bid,
            jodhi,
            self.claim,
        );
        self.finish(kind);
    }

    /// Ends the hand as `kind`: scores it, then deals the next hand or ends
    /// the match.
    pub(super) fn finish(&mut self, kind: ResultKind) {
        let jodhi = [self.jodhi_of(0), self.jodhi_of(1)];
        let balls = match kind {
            ResultKind::SweepWon | ResultKind::SweepLost | ResultKind::PartnerCatch => {
                self.sweep_balls(kind)
            }
            ResultKind::NoTrump | ResultKind::Redeal => [0; 2],
            _ => {
                hand_balls(
                    &self.cfg,
                    self.points,
                    &self.trick_winners,
                    self.trumper,
                    self.bid,
                    jodhi,
                    self.claim,
                )
                .1
            }
        };
        let last = self.trick_winners.last().map_or(0, |&w| self.team(w));
        let totals = if self.tricks_played == self.cfg.tricks {
            totals(&self.cfg, self.points, last)
        } else {
            self.points
        };
        let r = HandResult {
            kind,
            trumper: self.trumper,
            bid: self.bid,
            special: self.special,
            claim: self.claim,
            target: self.target(),
            points: self.points,
            totals,
            jodhi,
            balls,
        };
        for (b, g) in self.balls.iter_mut().zip(balls) {
            *b += g;
        }
        if kind == ResultKind::KhanuckWon && self.cfg.khanuck_target {
            self.match_target = self.match_target.max(13);
        }
        self.results.push(r.clone());
        self.last_result = Some(r);
        self.queue.clear();
        self.trick.clear();
        if self.position_mode {
            self.phase = Phase::Over;
            return;
        }
        if let Some(w) = (0..2).find(|&t| self.balls[t] >= self.match_target) {
            self.winner = Some(w);
            self.phase = Phase::Over;
            return;
        }
        let d = self.team(self.dealer);
        let keeps = kind.annulled() || (self.cfg.behind_keeps && self.balls[d] < self.balls[1 - d]);
        if !keeps {
            self.dealer = self.next(self.dealer);
        }
        self.start_hand();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(opts: &[(&str, &str)]) -> ThuneeConfig {
        let o: Vec<(String, String)> = opts
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect();
        ThuneeConfig::new("thunee4", &o).unwrap()
    }

    /// Example 4: 116 card points for team A, trick 6 to seat 3.
    #[test]
    fn example_4_scoring() {
        let c = cfg(&[]);
        let w = [0, 2, 3, 3, 1, 3];
        let pts = [116, 188];
        assert_eq!(totals(&c, pts, 1), [106, 198]);
        // Jodhi 20 by team A: target 85, A scores 1.
        let (k, b) = hand_balls(&c, pts, &w, 1, 0, [20, 0], None);
        assert_eq!((k, b), (ResultKind::Counted, [1, 0]));
        // Without it, 106 against 105: still made.
        assert_eq!(hand_balls(&c, pts, &w, 1, 0, [0, 0], None).1, [1, 0]);
        // With a bid of 20: two balls.
        assert_eq!(hand_balls(&c, pts, &w, 1, 20, [20, 0], None).1, [2, 0]);
        let bonus = cfg(&[("last_trick", "bonus")]);
        assert_eq!(totals(&bonus, pts, 1)[0], 116);
    }

    /// Example 5: Double by seat 2 (won) or by seat 0 (lost).
    #[test]
    fn example_5_double() {
        let c = cfg(&[]);
        let w = [3, 3, 3, 0, 3, 2];
        let pts = [98, 206];
        let d2 = Some((2, Claim::Double));
        assert_eq!(
            hand_balls(&c, pts, &w, 1, 0, [0, 0], d2),
            (ResultKind::DoubleWon, [2, 0])
        );
        let d0 = Some((0, Claim::Double));
        assert_eq!(
            hand_balls(&c, pts, &w, 1, 0, [0, 0], d0),
            (ResultKind::DoubleLost, [0, 4])
        );
        let team = cfg(&[("last_trick_claim", "team")]);
        assert_eq!(hand_balls(&team, pts, &w, 1, 0, [0, 0], d0).1, [2, 0]);
        assert_eq!(hand_balls(&c, pts, &w, 1, 0, [0, 0], None).1, [1, 0]);
    }

    /// Example 6: Khanuck by the trumping team.
    #[test]
    fn example_6_khanuck() {
        let c = cfg(&[]);
        let w = [3, 0, 1, 3, 1, 1];
        let pts = [33, 271];
        let k = Some((1, Claim::Khanuck));
        assert_eq!(
            hand_balls(&c, pts, &w, 1, 0, [0, 50], k),
            (ResultKind::KhanuckWon, [0, 3])
        );
        assert_eq!(totals(&c, pts, 1)[0], 23);
        assert_eq!(
            hand_balls(&c, pts, &w, 1, 0, [0, 50], None),
            (ResultKind::Held, [0, 1])
        );
        assert_eq!(
            hand_balls(&c, [60, 244], &w, 1, 0, [0, 50], k),
            (ResultKind::KhanuckLost, [4, 0])
        );
    }
}
