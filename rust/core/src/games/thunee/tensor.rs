//! Thunee's tensors and action ids (see [`crate::encode`]), for thunee4,
//! thunee4_plain, thunee4_app, thunee2 and thunee6.
//!
//! Observation, in order: the shared table sections (`hand`, `played`,
//! `trick`, `leader`, `to_act`, `hand_sizes`; the face-down indicator is
//! not in the trumper's hand, nor a blind caller's face-down cards in his),
//! then `phase` (one-hot: bid, trump, call, play, jodhi, double, over),
//! `partner` (the observer's team), `dealer`, `high_bid` (the seat holding
//! it, then its value / 104), `trumper` and `bid` (/ 104) once the bidding
//! is over, `trump` (S, H, D, C: when the observer knows it), `indicator`
//! (the face-down card, for the trumper who laid it), `flags` (a card lies
//! face down for trumps, the trumps are the last card, trumps revealed,
//! the Royals order in force), `special` (thunee, royals, blind_thunee,
//! blind_royals) and its `caller`, `blind_down` (the blind caller's
//! face-down cards / the cards of a hand), `jodhi` (by suit and declarer:
//! its value / 50), `claim` (double, khanuck) and its `claimer`,
//! `tricks_won` (by each seat / tricks in a hand), `points` (card points of
//! each team, the observer's first, / 304), `target` (the counting team's,
//! in a normal hand, / 304), `balls` (each team's, the observer's first) and
//! `match_target` (both / the preset's `target_balls`), `trick_number`
//! (/ tricks in a hand). The information state adds `trick_history` and
//! `auction_history`.
//!
//! What a player may see: his own cards, the cards played, the calls, the
//! Jodhi declared (their cards are shown), the trump once revealed; the
//! trumper alone sees the card he laid face down (nobody sees a
//! `trump:last` card before the reveal), and nobody sees a blind caller's
//! face-down cards (their number only).
//!
//! Action ids: `card` (by card slot), `bid` (10, 20 ... 100, then 104),
//! `word` (`pass`, `trump:last`, `redeal`, `thunee`, `royals`,
//! `blind_thunee`, `blind_royals`, `double`, `khanuck`), `indicator` (by
//! card slot) and `jodhi` (S, H, D, C).

use std::sync::Arc;

use super::config::ThuneeConfig;
use super::state::{Action, Claim, Ev, Phase, ThuneeState};
use super::Thunee;
use crate::card::Card;
use crate::encode::{
    one_hot, relative, word_id, ActionSpace, Auction, CardSlots, History, Layout, Layouts, Table,
};
use crate::error::{Error, Result};
use crate::rng::Rng;

const PHASES: [Phase; 7] = [
    Phase::Bid,
    Phase::Trump,
    Phase::Call,
    Phase::Play,
    Phase::Jodhi,
    Phase::Double,
    Phase::Over,
];

const WORDS: [Action; 9] = [
    Action::Pass,
    Action::TrumpLast,
    Action::Redeal,
    Action::Thunee,
    Action::Royals,
    Action::BlindThunee,
    Action::BlindRoyals,
    Action::Double,
    Action::Khanuck,
];

/// The bids of the ladder: 10, 20 ... 100, then 104.
const BIDS: [i32; 11] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 104];

/// The calls of the auction history: the bids, `pass`, `blind_thunee`,
/// `blind_royals`.
const CALLS: usize = BIDS.len() + 3;

/// Card points in the pack.
const PACK_POINTS: f32 = 304.0;

#[derive(Clone, Debug)]
struct At {
    table: Table,
    phase: usize,
    partner: usize,
    dealer: usize,
    high_bid: usize,
    trumper: usize,
    bid: usize,
    trump: usize,
    indicator: usize,
    flags: usize,
    special: usize,
    caller: usize,
    blind_down: usize,
    jodhi: usize,
    claim: usize,
    claimer: usize,
    tricks_won: usize,
    points: usize,
    target: usize,
    balls: usize,
    match_target: usize,
    trick_number: usize,
}

/// Thunee's encoding of one configuration.
pub struct ThuneeEncoding {
    cfg: Arc<ThuneeConfig>,
    slots: CardSlots,
    blank: ThuneeState,
    layouts: Layouts,
    at: At,
    history: History,
    auction: Auction,
    actions: ActionSpace,
    ids: [usize; 5],
}

impl ThuneeEncoding {
    /// The encoding of `game`'s configuration.
    pub fn new(game: &Thunee) -> ThuneeEncoding {
        let cfg = game.config_arc();
        let slots = CardSlots::new(&cfg.pack);
        let c = slots.len();
        let n = cfg.players;
        let mut l = Layout::new();
        let at = At {
            table: Table::add(&mut l, n, c, cfg.hand_size),
            phase: l.add("phase", &[PHASES.len()], "the phase (one-hot): bid, trump, call, play, jodhi, double, over"),
            partner: l.add("partner", &[n], "the seats of the observer's team"),
            dealer: l.add("dealer", &[n], "the dealer"),
            high_bid: l.add("high_bid", &[n + 1], "the seat holding the highest bid, then its value / 104"),
            trumper: l.add("trumper", &[n], "the trumper, once the bidding is over"),
            bid: l.add("bid", &[1], "the winning bid / 104, once the bidding is over"),
            trump: l.add("trump", &[4], "the trump suit (S, H, D, C) when the observer knows it"),
            indicator: l.add("indicator", &[c], "the card laid face down for trumps, for the trumper who laid it"),
            flags: l.add("flags", &[4], "a card lies face down for trumps, the trumps are the trumper's last card, trumps revealed, the Royals order in force"),
            special: l.add("special", &[4], "the contract called: thunee, royals, blind_thunee, blind_royals"),
            caller: l.add("caller", &[n], "the caller of the Thunee or Royals"),
            blind_down: l.add("blind_down", &[1], "the blind caller's face-down cards / the cards of a hand"),
            jodhi: l.add("jodhi", &[4, n], "the Jodhi declared, by suit (S, H, D, C) and declarer: its value / 50"),
            claim: l.add("claim", &[2], "the last-trick claim: double, khanuck"),
            claimer: l.add("claimer", &[n], "the seat that made the claim"),
            tricks_won: l.add("tricks_won", &[n], "tricks each seat has won in this hand / tricks in a hand"),
            points: l.add("points", &[2], "card points won by each team in this hand (the observer's first) / 304"),
            target: l.add("target", &[1], "the counting team's target in a normal hand / 304"),
            balls: l.add("balls", &[2], "balls of each team (the observer's first) / the preset's target"),
            match_target: l.add("match_target", &[1], "the balls that win the match / the preset's target"),
            trick_number: l.add("trick_number", &[1], "tricks played / tricks in a hand"),
        };
        let obs = l.clone();
        let history = History::add(&mut l, n, c, cfg.tricks);
        // A bid is preceded by fewer than `n` passes and the bidding ends
        // after `n` of them: never more than 12 calls a seat.
        let auction = Auction::add(
            &mut l,
            n,
            (BIDS.len() + 1) * n,
            CALLS,
            "the bidding in order: the seat and its call (10, 20 ... 100, 104, pass, blind_thunee, blind_royals)",
        );
        let mut a = ActionSpace::new();
        let ids = [
            a.add("card", c, "play the card of this slot"),
            a.add("bid", BIDS.len(), "bid 10, 20 ... 100, then 104"),
            a.add(
                "word",
                WORDS.len(),
                "pass, trump:last, redeal, thunee, royals, blind_thunee, blind_royals, double, khanuck",
            ),
            a.add("indicator", c, "lay the card of this slot face down for trumps"),
            a.add("jodhi", 4, "declare a Jodhi in S, H, D, C"),
        ];
        ThuneeEncoding {
            blank: ThuneeState::blank(cfg.clone(), Rng::new(0), 0),
            cfg,
            slots,
            layouts: Layouts { obs, info: l },
            at,
            history,
            auction,
            actions: a,
            ids,
        }
    }

    fn write(&self, s: &ThuneeState, me: usize, out: &mut [f32]) {
        let cfg = &*self.cfg;
        let n = cfg.players;
        let at = &self.at;
        let in_play = matches!(s.phase, Phase::Play | Phase::Jodhi | Phase::Double);
        self.write_table(s, me, in_play.then_some(s.leader), out);
        let rel = |x: usize| relative(x, me, n);
        let my = cfg.team(me);
        let rteam = |team: usize| (team + 2 - my) % 2;
        one_hot(
            out,
            at.phase,
            PHASES.iter().position(|&p| p == s.phase).unwrap_or(0),
        );
        for q in 0..n {
            out[at.partner + rel(q)] = f32::from(u8::from(cfg.team(q) == my));
        }
        one_hot(out, at.dealer, rel(s.dealer));
        if let Some((h, v)) = s.high {
            one_hot(out, at.high_bid, rel(h));
            out[at.high_bid + n] = v as f32 / 104.0;
        }
        let roles = s.phase != Phase::Bid;
        if roles {
            one_hot(out, at.trumper, rel(s.trumper));
            out[at.bid] = s.bid as f32 / 104.0;
        }
        if let Some(t) = s.trump.filter(|_| s.knows_trump(me)) {
            one_hot(out, at.trump, t as usize);
        }
        if let Some(c) = s.indicator {
            if me == s.trumper && !s.last_card {
                one_hot(out, at.indicator, self.slots.of(c));
            }
        }
        let sp = s.special;
        let flags = [
            s.indicator.is_some() && sp.is_none(),
            s.last_card,
            s.revealed || (sp.is_some() && s.trump.is_some()),
            s.royals(),
        ];
        for (i, f) in flags.into_iter().enumerate() {
            out[at.flags + i] = f32::from(u8::from(f));
        }
        if let Some(sp) = sp {
            one_hot(
                out,
                at.special,
                usize::from(sp.royals) + 2 * usize::from(sp.blind),
            );
            one_hot(out, at.caller, rel(sp.caller));
        }
        out[at.blind_down] = s.blind.len() as f32 / cfg.hand_size as f32;
        for j in &s.jodhis {
            out[at.jodhi + j.suit as usize * n + rel(j.seat)] = j.value as f32 / 50.0;
        }
        if let Some((seat, claim)) = s.claim {
            one_hot(out, at.claim, usize::from(claim == Claim::Khanuck));
            one_hot(out, at.claimer, rel(seat));
        }
        let per_trick = 1.0 / cfg.tricks as f32;
        for &w in &s.trick_winners {
            out[at.tricks_won + rel(w)] += per_trick;
        }
        let target = cfg.target_balls as f32;
        for team in 0..2 {
            out[at.points + rteam(team)] = s.points[team] as f32 / PACK_POINTS;
            out[at.balls + rteam(team)] = s.balls[team] as f32 / target;
        }
        if roles && sp.is_none() {
            out[at.target] = s.target() as f32 / PACK_POINTS;
        }
        out[at.match_target] = s.match_target as f32 / target;
        out[at.trick_number] = s.tricks_played as f32 * per_trick;
    }

    fn write_history(&self, s: &ThuneeState, me: usize, out: &mut [f32]) {
        let n = self.cfg.players;
        self.history
            .write_plays(out, &self.slots, me, s.hand_plays(), n);
        let call = |call: &str| match call {
            "pass" => BIDS.len(),
            "blind_thunee" => BIDS.len() + 1,
            "blind_royals" => BIDS.len() + 2,
            bid => {
                let v = bid.strip_prefix("bid:").and_then(|v| v.parse().ok());
                BIDS.iter()
                    .position(|&b| Some(b) == v)
                    .unwrap_or(BIDS.len())
            }
        };
        self.auction
            .write(out, me, s.auction.iter().map(|(seat, c)| (*seat, call(c))));
    }

    fn id_of(&self, a: Action) -> Result<usize> {
        let [card, bid, word, indicator, jodhi] = self.ids;
        Ok(match a {
            Action::Card(c) => card + self.slots.of(c),
            Action::Indicator(c) => indicator + self.slots.of(c),
            Action::Jodhi(s) => jodhi + s as usize,
            Action::Bid(v) => {
                bid + BIDS.iter().position(|&b| b == v).ok_or_else(|| {
                    Error::IllegalAction(format!("bid {}: bids are 10, 20 ... 100 and 104", v))
                })?
            }
            w => word + word_id(&WORDS, w)?,
        })
    }

    fn action_of(&self, id: usize) -> Result<Action> {
        let (seg, i) = self.actions.locate(id)?;
        Ok(match seg.name {
            "card" => Action::Card(self.slots.card(i)),
            "bid" => Action::Bid(BIDS[i]),
            "word" => WORDS[i],
            "indicator" => Action::Indicator(self.slots.card(i)),
            _ => Action::Jodhi(i as u8),
        })
    }
}

impl ThuneeState {
    /// Every card played in this hand with its seat, in order.
    pub(crate) fn hand_plays(&self) -> impl Iterator<Item = (usize, Card)> + '_ {
        self.log.iter().filter_map(|e| match *e {
            Ev::Play { seat, card, .. } => Some((seat, card)),
            _ => None,
        })
    }
}

crate::games::jack_nine::impl_encoding!(ThuneeEncoding, ThuneeState);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{Encoding, Kind};
    use crate::game::GameState;
    use crate::games::thunee::config::PRESETS;
    use crate::sample::Determinize;

    fn game(preset: &str) -> Thunee {
        Thunee::new(preset, &[]).unwrap()
    }

    fn section<'a>(e: &ThuneeEncoding, v: &'a [f32], name: &str) -> &'a [f32] {
        let s = e.layouts.obs.section(name).unwrap();
        &v[s.offset..s.offset + s.size()]
    }

    fn tensor(e: &ThuneeEncoding, s: &ThuneeState, p: usize, kind: Kind) -> Vec<f32> {
        let mut v = vec![0.0; e.layout(kind).len()];
        e.encode(s, p, kind, &mut v);
        v
    }

    /// Plays the first legal action until `stop` holds.
    fn play_until(s: &mut ThuneeState, stop: impl Fn(&ThuneeState) -> bool) {
        while !stop(s) {
            let a = s.legal()[0];
            s.apply_action(a);
        }
    }

    #[test]
    fn every_action_has_one_id() {
        let e = ThuneeEncoding::new(&game("thunee4"));
        assert_eq!(e.actions.len(), 24 + 11 + 9 + 24 + 4);
        for id in 0..e.actions.len() {
            let a = e.id_action(None, id).unwrap();
            assert_eq!(e.action_id(None, &a).unwrap(), id, "{}", a);
        }
        for a in [
            "bid:104",
            "pass",
            "indicator:JS",
            "trump:last",
            "jodhi:C",
            "khanuck",
            "9D",
        ] {
            assert_eq!(e.id_action(None, e.action_id(None, a).unwrap()).unwrap(), a);
        }
        assert!(e.action_id(None, "bid:15").is_err());
        assert!(e.id_action(None, e.actions.len()).is_err());
    }

    /// Every preset: random matches give distinct legal ids, one per legal
    /// action, tensors of the layouts' lengths, and a player's tensors do
    /// not change when the cards he cannot see are dealt again.
    #[test]
    fn every_preset_hides_what_its_player_cannot_see() {
        for (preset, _) in PRESETS {
            let g = game(preset);
            let e = ThuneeEncoding::new(&g);
            let mut s = g.new_game(11);
            let mut rng = Rng::new(3);
            let mut redealt = 0;
            for step in 0..250 {
                if s.current().is_none() {
                    break;
                }
                let legal = s.legal();
                let mut ids = Vec::new();
                e.legal_ids(&s, &mut ids).unwrap();
                assert_eq!(ids.len(), legal.len(), "{}", preset);
                let mut sorted = ids.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), ids.len(), "{}", preset);
                if step % 7 == 0 {
                    for q in 0..s.num_players() {
                        let info = tensor(&e, &s, q, Kind::InformationState);
                        assert_eq!(info.len(), e.layout(Kind::InformationState).len());
                        let d = s.determinize(q, step as u64).unwrap();
                        redealt += usize::from(d.all_cards() != s.all_cards());
                        assert_eq!(
                            tensor(&e, &d, q, Kind::InformationState),
                            info,
                            "{} {}",
                            preset,
                            q
                        );
                    }
                }
                let id = ids[rng.below(ids.len() as u64) as usize];
                let a = e.id_action(Some(&s), id).unwrap();
                assert_eq!(e.action_id(Some(&s), &a).unwrap(), id);
                s.apply(&a).unwrap();
            }
            assert!(redealt > 0, "{}", preset);
        }
    }

    /// The card laid face down is in its trumper's tensor only, and the
    /// trump suit reaches the others when the first card is led.
    #[test]
    fn the_face_down_trump_is_the_trumpers_alone() {
        let g = game("thunee4");
        let e = ThuneeEncoding::new(&g);
        let mut played = 0;
        for seed in 0..20 {
            let mut s = g.new_game(seed);
            play_until(&mut s, |s| s.phase == Phase::Trump);
            let t = s.trumper;
            let c = s.cfg.pack.in_hand_order(s.hands[t])[0];
            s.apply_action(Action::Indicator(c));
            while s.phase == Phase::Call {
                s.apply_action(Action::Pass);
            }
            if s.phase != Phase::Play {
                continue; // annulled: no opponent holds a trump
            }
            let suit = s.cfg.pack.suit_of(c) as usize;
            for p in 0..4 {
                let v = tensor(&e, &s, p, Kind::Observation);
                let mine = f32::from(u8::from(p == t));
                assert_eq!(section(&e, &v, "indicator")[e.slots.of(c)], mine);
                assert_eq!(section(&e, &v, "trump")[suit], mine);
                assert_eq!(section(&e, &v, "hand")[e.slots.of(c)], 0.0);
                assert_eq!(section(&e, &v, "flags")[0], 1.0);
            }
            let lead = s.legal()[0];
            s.apply_action(lead);
            for p in 0..4 {
                let v = tensor(&e, &s, p, Kind::Observation);
                assert_eq!(section(&e, &v, "trump")[suit], 1.0);
                assert_eq!(section(&e, &v, "indicator").iter().sum::<f32>(), 0.0);
            }
            played += 1;
        }
        assert!(played > 5);
    }

    /// A blind caller's face-down cards are a number in every tensor.
    #[test]
    fn blind_cards_are_counted_not_shown() {
        let g = Thunee::new("thunee4", &[("blind_calls".into(), "on".into())]).unwrap();
        let e = ThuneeEncoding::new(&g);
        let mut s = g.new_game(2);
        let caller = s.current().unwrap();
        s.apply_action(Action::BlindThunee);
        assert_eq!(s.blind.len(), 2);
        for p in 0..4 {
            let v = tensor(&e, &s, p, Kind::Observation);
            for c in s.blind.iter() {
                assert_eq!(section(&e, &v, "hand")[e.slots.of(c)], 0.0);
            }
            assert!((section(&e, &v, "blind_down")[0] - 2.0 / 6.0).abs() < 1e-6);
            assert_eq!(section(&e, &v, "special")[2], 1.0);
            assert_eq!(section(&e, &v, "caller")[relative(caller, p, 4)], 1.0);
        }
    }
}
