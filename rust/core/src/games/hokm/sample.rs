//! Hidden-card sampling for Hokm and the Court Piece / Rang family: deals
//! consistent with what one player has seen (see [`crate::sample`]).
//!
//! What a player knows (and so keeps in place), per phase and preset:
//!
//! * his own visible hand (`visible_hand`: before the trump call only the
//!   Hakem's first five; in Dab Rang's auction every player's first five);
//!   cards played (completed tricks and the trick in progress); the Dummy
//!   Rang dummy once the deal is complete; the partner's hand after a kot
//!   choice with `kot_choice_partners_view=on` (for the rest of the hand);
//!   the random trump card of a blind call (it stays in the Hakem's hand);
//!   an indicator once turned up (in the Hakem's hand), and while it is
//!   hidden, to the Hakem alone;
//! * Satat passing: what he gave stays in the receiver's hand; what he
//!   received is his. A winner who received a non-trump card from a loser
//!   knows that loser kept no plain trump and no card ranking above the
//!   lowest non-trump card given (§9.10's "highest-ranking" completion);
//! * two players: his own discards, and the card he has just drawn.
//!
//! Everything else is dealt again over the places it may be: the other
//! hands (split into first batch and rest while the first five matter: trump
//! call and Dab Rang auction), the cards still to be dealt in
//! `first_void_5`, the two-player stock and the opponent's discards, and a
//! concealed indicator (Trup kasiet, Dab Rang) when the player is not the
//! Hakem — the trump suit is then the new indicator's suit.
//!
//! Inferences from play (each a hard constraint of the sample):
//!
//! * a seat that did not follow the suit led holds none of it (base rule;
//!   Satat: none of the led suit other than the 2H, whatever the trump, so
//!   the inference does not depend on a concealed trump; after a 2H lead
//!   with the trump public, no trump other than the 2H; a 2H lead while the
//!   trump is hidden says nothing);
//! * Dab Rang: the cut caller who then played no trump holds none;
//! * Trup kasiet, trump still hidden: no completed trick had a non-2H card
//!   of the trump suit played by a seat void in a non-2H lead (that would
//!   have revealed it), so those suits cannot be trumps;
//! * `first_void_5`: voids shown before the rest of the deal constrain the
//!   undealt cards only while they are undealt; afterwards they are dropped
//!   (the later cards could be of that suit);
//! * the phase tells: a Hakem offered the `all13` redeal holds no court
//!   card; a partner offered the no-trump redeal holds no trump.
//!
//! Not modelled (sampling stays uniform there): "at least one" facts (a
//! Hakem who was not offered the `all13` redeal holds a court card), the
//! Satat winner's restriction on giving his last card of a suit, and bidding
//! or keep/reject choices as evidence. Voids are read from the recorded
//! tricks (states with history recording off have none). Satat gives
//! already made by others in the give phase are chosen again at random from
//! their new hands.

use super::state::{HokmState, Phase};
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::rng::Rng;
use crate::sample::{distribute, Determinize, Slot};

/// A place hidden cards may be in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Place {
    /// A seat's hand (its rest, when the first batch is a place of its own).
    Hand(usize),
    /// A seat's first batch of five (trump call, Dab Rang auction).
    First(usize),
    /// `first_void_5`: a seat's cards still to be dealt.
    Undealt(usize),
    /// Two players: the opponent's face-down discards.
    Discards(usize),
    /// Two players: the stock still to be drawn.
    Stock,
    /// The concealed trump indicator.
    Indicator,
}

impl Determinize for HokmState {
    /// A copy of this state in which every card `player` cannot see has been
    /// dealt again at random, consistently with everything `player` has seen
    /// (see the module notes). `player` is numbered as observations number
    /// players (in Dummy Rang one of the three real players). The copy's
    /// chance events are reseeded from `seed`; the same seed gives the same
    /// copy.
    ///
    /// ```
    /// use hukm_core::games::hokm::Hokm;
    /// use hukm_core::sample::Determinize;
    /// use hukm_core::game::GameState;
    /// let s = Hokm::new("hokm4", &[]).unwrap().new_game(3);
    /// let d = s.determinize(0, 9).unwrap();
    /// assert_eq!(d.observation(0).unwrap(), s.observation(0).unwrap());
    /// ```
    fn determinize(&self, player: usize, seed: u64) -> Result<Self> {
        let cfg = self.cfg.clone();
        let n = self.n();
        if player >= cfg.num_players() {
            return Err(Error::State(format!(
                "player {} out of range 0..{}",
                player,
                cfg.num_players() - 1
            )));
        }
        let me = if cfg.dummy {
            self.table.iter().position(|&x| x == player).unwrap_or(0)
        } else {
            player
        };
        let mut rng = Rng::new(Rng::derive(seed, 0x4B0C));
        let mut d = self.clone();
        d.rng = Rng::new(Rng::derive(seed, 0x4B0D));
        if self.phase == Phase::Over {
            return Ok(d);
        }
        let pack = &cfg.pack;
        let known = self.known_cards(me);
        let excl = self.exclusions(me);
        let ind_hidden =
            self.hidden.trump_hidden && me != self.hakem && self.hidden.indicator.is_some();

        // The places and what is hidden in each.
        let mut places: Vec<(Place, CardSet)> = Vec::new();
        for (q, &k) in known.iter().enumerate().take(n) {
            let first = self.first_part(q);
            let hand = self.hands[q] - first.unwrap_or(CardSet::EMPTY);
            places.push((Place::Hand(q), hand - k));
            if let Some(f) = first {
                places.push((Place::First(q), f - k));
            }
            if !self.undealt[q].is_empty() {
                places.push((Place::Undealt(q), self.undealt[q]));
            }
        }
        let mut drawn_known = None;
        if n == 2 {
            let opp = 1 - me;
            places.push((Place::Discards(opp), self.two.own_discards[opp]));
            let from = (2 * self.two.draw_turn).min(self.two.stock.len());
            let mut rest: CardSet = self.two.stock[from..].iter().copied().collect();
            if self.phase == Phase::Draw && self.current == me && from < self.two.stock.len() {
                drawn_known = Some(self.two.stock[from]);
                rest.remove(self.two.stock[from]);
            }
            places.push((Place::Stock, rest));
        }
        if ind_hidden {
            places.push((
                Place::Indicator,
                self.hidden.indicator.expect("indicator").set(),
            ));
        }
        places.retain(|(_, c)| !c.is_empty());
        let hidden = places.iter().fold(CardSet::EMPTY, |a, (_, c)| a | *c);
        let forbidden_trumps = if ind_hidden {
            self.impossible_trumps()
        } else {
            CardSet::EMPTY
        };
        let slots: Vec<Slot> = places
            .iter()
            .map(|&(pl, c)| {
                let allowed = match pl {
                    Place::Hand(q) | Place::First(q) => hidden - excl[q],
                    Place::Indicator => hidden - forbidden_trumps,
                    _ => hidden,
                };
                Slot {
                    size: c.len() as usize,
                    allowed,
                }
            })
            .collect();
        let dealt = distribute(hidden, &slots, &mut rng)?;

        // Rebuild the state from the sample: every hidden card leaves its
        // place first, then the sampled cards go in.
        for &(pl, real) in &places {
            if let Place::Hand(q) | Place::First(q) = pl {
                d.hands[q] -= real;
            }
            if let Place::First(q) = pl {
                d.first_batch[q] -= real;
                if q == self.hakem {
                    d.first5 -= real;
                }
            }
        }
        for (&(pl, _), &new) in places.iter().zip(&dealt) {
            match pl {
                Place::Hand(q) => d.hands[q] |= new,
                Place::First(q) => {
                    d.hands[q] |= new;
                    d.first_batch[q] |= new;
                    if q == self.hakem {
                        d.first5 |= new;
                    }
                }
                Place::Undealt(q) => d.undealt[q] = new,
                Place::Discards(q) => d.two.own_discards[q] = new,
                Place::Stock => {
                    let mut cards: Vec<Card> = new.iter().collect();
                    rng.shuffle(&mut cards);
                    let from = (2 * self.two.draw_turn).min(self.two.stock.len());
                    let skip = usize::from(drawn_known.is_some());
                    d.two.stock.truncate(from + skip);
                    d.two.stock.extend(cards);
                }
                Place::Indicator => {
                    let c = new.lowest().expect("one indicator card");
                    d.hidden.indicator = Some(c);
                    d.trump = Some(pack.suit_of(c));
                }
            }
        }
        if matches!(self.phase, Phase::TrumpCall) && n >= 3 && self.cfg.first_void.is_none() {
            // The blind trump's pool: the Hakem's cards after his first five.
            let mut rest: Vec<Card> = (d.hands[d.hakem] - d.first5).iter().collect();
            rng.shuffle(&mut rest);
            let k = if cfg.random_trump_last4 {
                4
            } else {
                rest.len()
            };
            d.trump_pool = rest.iter().take(k).copied().collect();
        }
        if ind_hidden && cfg.hidden_card {
            d.hidden.reveal_pending = d.pending_reveal();
        }
        if self.phase == Phase::Give {
            for q in 0..4 {
                if q != me && self.satat.gives[q].is_some() {
                    let loser = q % 2 == self.satat.pass_losers;
                    let options = super::satat::legal_gives(
                        pack,
                        d.hands[q],
                        self.satat.pass_k as u32,
                        d.trump.expect("trumps are known when passing"),
                        loser,
                    );
                    if options.is_empty() {
                        return Err(Error::State("no give fits the sampled hand".into()));
                    }
                    d.satat.gives[q] = Some(options[rng.below(options.len() as u64) as usize]);
                }
            }
        }
        for q in 0..4 {
            if q != me {
                d.satat.passed[q] = CardSet::EMPTY;
            }
        }
        Ok(d)
    }
}

impl HokmState {
    /// A seat's first batch when it is a place apart (trump call and Dab
    /// Rang auction, three or four players).
    fn first_part(&self, q: usize) -> Option<CardSet> {
        if !matches!(self.phase, Phase::TrumpCall | Phase::Auction) || self.n() < 3 {
            return None;
        }
        if self.n() == 4 {
            Some(self.first_batch[q])
        } else {
            (q == self.hakem).then_some(self.first5)
        }
    }

    /// The cards `me` knows in each seat's hand (or pile) now.
    pub(super) fn known_cards(&self, me: usize) -> [CardSet; 4] {
        let n = self.n();
        let mut known = [CardSet::EMPTY; 4];
        known[me] = self.visible_hand(me);
        if n == 2 {
            known[me] = self.hands[me];
        }
        if self.cfg.dummy && self.phase != Phase::TrumpCall {
            known[2] = self.hands[2];
        }
        let side = self.cfg.side(me);
        let saw_partner = self.cfg.partners_view
            && n == 4
            && ((self.phase == Phase::KotChoice && self.cfg.side(self.current) == side)
                || (self.continuing && self.kot_side == Some(side)));
        if saw_partner {
            known[(me + 2) % 4] = self.hands[(me + 2) % 4];
        }
        if let Some(c) = self.trump_card {
            if self.hands[self.hakem].contains(c) {
                known[self.hakem].insert(c);
            }
        }
        if let Some(i) = self.hidden.indicator {
            if !self.hidden.trump_hidden && self.hands[self.hakem].contains(i) {
                known[self.hakem].insert(i);
            }
        }
        if n == 4 && !self.satat.passed[me].is_empty() {
            let to = self.pass_receiver(me);
            known[to] |= self.satat.passed[me] & self.hands[to];
        }
        known
    }

    /// Satat: the seat that receives `r`'s cards (a loser gives to
    /// `prev(r)`, a winner to `next(r)`).
    fn pass_receiver(&self, r: usize) -> usize {
        if r % 2 == self.satat.pass_losers {
            (r + 3) % 4
        } else {
            (r + 1) % 4
        }
    }

    /// Cards each seat cannot hold, as `me` can infer them (module notes).
    fn exclusions(&self, me: usize) -> [CardSet; 4] {
        let pack = &self.cfg.pack;
        let n = self.n();
        let mut excl = [CardSet::EMPTY; 4];
        let two = if self.cfg.satat {
            super::satat::two_hearts(pack).set()
        } else {
            CardSet::EMPTY
        };
        let offset =
            self.tricks_played as usize - self.tricks.len().min(self.tricks_played as usize);
        // first_void_5: voids from before the rest of the deal stop counting
        // once it is dealt.
        let dealt_after = match (self.cfg.first_void, self.trump_fixed_at) {
            (Some(5), Some(k)) if self.undealt.iter().all(|u| u.is_empty()) => k.min(5) as usize,
            _ => 0,
        };
        let reveal_at = self.reveal_trick();
        let mut tricks: Vec<(usize, usize, Vec<Card>)> = self
            .tricks
            .iter()
            .enumerate()
            .map(|(i, t)| (offset + i + 1, t.leader, t.cards[..n].to_vec()))
            .collect();
        if self.trick_len > 0 {
            tricks.push((
                self.tricks_played as usize + 1,
                self.leader,
                self.trick[..self.trick_len].to_vec(),
            ));
        }
        for (number, leader, cards) in tricks {
            if number <= dealt_after {
                continue;
            }
            let led = cards[0];
            let ls = pack.suit_of(led);
            for (i, &c) in cards.iter().enumerate().skip(1) {
                let q = (leader + i) % n;
                if self.cfg.satat {
                    if two.contains(led) {
                        // Nothing follows from a 2H lead while trumps are
                        // hidden or not yet chosen.
                        let public = self.trump.filter(|_| reveal_at.is_some_and(|r| number > r));
                        if let Some(t) = public {
                            if !two.contains(c) && pack.suit_of(c) != t {
                                excl[q] |= pack.suit_mask(t) - two;
                            }
                        }
                    } else if !two.contains(c) && pack.suit_of(c) != ls {
                        excl[q] |= pack.suit_mask(ls) - two;
                    }
                } else {
                    if pack.suit_of(c) != ls {
                        excl[q] |= pack.suit_mask(ls);
                    }
                    if self.dab.cut_caller == Some(q)
                        && self.trump_fixed_at == Some(number as u8)
                        && !self.hidden.trump_hidden
                    {
                        let t = self.trump.expect("the cut reveals trumps");
                        if pack.suit_of(c) != t {
                            excl[q] |= pack.suit_mask(t);
                        }
                    }
                }
            }
        }
        if self.phase == Phase::RedealAll13 {
            let courts: CardSet = pack
                .cards()
                .iter()
                .copied()
                .filter(|&c| self.cfg.has_court(c.set()))
                .collect();
            excl[self.hakem] |= courts;
        }
        if matches!(self.phase, Phase::PartnerRedeal | Phase::PartnerAnswer) {
            let t = self.trump.expect("trumps named");
            excl[(self.hakem + 2) % 4] |= pack.suit_mask(t);
        }
        if let Some((loser, cut)) = self.loser_cut(me) {
            excl[loser] |= cut;
        }
        excl
    }

    /// Satat: the cards a loser who passed to `me` cannot hold (§9.10): when
    /// he gave a non-trump card, no plain trump and nothing ranking above
    /// the lowest non-trump card he gave.
    fn loser_cut(&self, me: usize) -> Option<(usize, CardSet)> {
        if self.n() != 4 || !self.cfg.satat {
            return None;
        }
        let loser = (0..4).find(|&l| {
            l % 2 == self.satat.pass_losers
                && !self.satat.passed[l].is_empty()
                && self.pass_receiver(l) == me
        })?;
        let pack = &self.cfg.pack;
        let trump = self.trump?;
        let trumps = super::satat::effective_suit(pack, trump, Some(trump));
        let extra = self.satat.passed[loser] - trumps;
        let low = extra.iter().map(|c| pack.strength(c)).min()?;
        let two = super::satat::two_hearts(pack).set();
        let above: CardSet = pack
            .cards()
            .iter()
            .copied()
            .filter(|&c| pack.strength(c) > low)
            .collect();
        Some((loser, (trumps - two) | (above - trumps)))
    }

    /// Trup kasiet: the number of the trick at whose end (or in which, when
    /// the indicator was played) the trump was turned up, if it was.
    fn reveal_trick(&self) -> Option<usize> {
        if !self.cfg.hidden_card || self.hidden.indicator.is_none() {
            return Some(0);
        }
        if self.hidden.trump_hidden {
            return None;
        }
        let pack = &self.cfg.pack;
        let n = self.n();
        let two = super::satat::two_hearts(pack);
        let trump = self.trump?;
        let offset =
            self.tricks_played as usize - self.tricks.len().min(self.tricks_played as usize);
        for (i, t) in self.tricks.iter().enumerate() {
            let cards = &t.cards[..n];
            let trigger = cards[0] != two
                && cards[1..].iter().any(|&c| {
                    c != two
                        && pack.suit_of(c) == trump
                        && pack.suit_of(c) != pack.suit_of(cards[0])
                });
            if trigger || self.hidden.indicator.is_some_and(|x| cards.contains(&x)) {
                return Some(offset + i + 1);
            }
        }
        // Revealed in the trick in progress (the indicator played).
        Some(self.tricks_played as usize + 1)
    }

    /// Trup kasiet, trump hidden: the cards whose suit cannot be trumps
    /// (a void seat played them in a completed trick without a reveal).
    fn impossible_trumps(&self) -> CardSet {
        if !self.cfg.hidden_card {
            return CardSet::EMPTY;
        }
        let pack = &self.cfg.pack;
        let two = super::satat::two_hearts(pack);
        let mut suits: Vec<Suit> = Vec::new();
        for t in &self.tricks {
            let cards = &t.cards[..self.n()];
            if cards[0] == two {
                continue;
            }
            for &c in &cards[1..] {
                if c != two && pack.suit_of(c) != pack.suit_of(cards[0]) {
                    suits.push(pack.suit_of(c));
                }
            }
        }
        suits
            .into_iter()
            .fold(CardSet::EMPTY, |a, s| a | pack.suit_mask(s))
    }

    /// Trup kasiet: whether the trick in progress will turn the trump up
    /// (the engine's `reveal_pending`, recomputed for a sampled trump).
    fn pending_reveal(&self) -> bool {
        let pack = &self.cfg.pack;
        let two = super::satat::two_hearts(pack);
        let Some(trump) = self.trump else {
            return false;
        };
        let cards = &self.trick[..self.trick_len];
        !cards.is_empty()
            && cards[0] != two
            && cards[1..].iter().any(|&c| {
                c != two && pack.suit_of(c) == trump && pack.suit_of(c) != pack.suit_of(cards[0])
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;
    use crate::games::hokm::{Hokm, HokmAction};

    /// Presets and option families to sample from.
    fn games() -> Vec<(&'static str, Vec<(String, String)>)> {
        let o = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|&(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        vec![
            ("hokm4", o(&[])),
            (
                "hokm4",
                o(&[("random_trump", "on"), ("deal_batches", "5-3-3-2")]),
            ),
            (
                "hokm4",
                o(&[
                    ("redeal_no_court", "all13"),
                    ("partner_no_trump_redeal", "on"),
                ]),
            ),
            ("hokm3", o(&[])),
            ("hokm2", o(&[])),
            (
                "court_piece",
                o(&[("kot_choice_partners_view", "on"), ("thaap", "on")]),
            ),
            ("single_sar", o(&[])),
            ("double_sar", o(&[])),
            ("dummy_rang", o(&[])),
            ("dab_rang", o(&[])),
            ("satat", o(&[])),
            ("satat", o(&[("satat_signals", "on")])),
            ("trup_kasiet", o(&[])),
            ("dehla_pakad", o(&[])),
            (
                "dehla_pakad",
                o(&[("trump_mode", "first_void_5"), ("first_collect_min", "2")]),
            ),
            ("be_ranga", o(&[])),
        ]
    }

    /// Every card of the pack is in exactly one place.
    fn all_cards(s: &HokmState) -> Vec<Card> {
        let n = s.n();
        let mut v: Vec<Card> = Vec::new();
        for q in 0..n {
            v.extend(s.hands[q].iter());
            v.extend(s.undealt[q].iter());
        }
        v.extend(s.played.iter());
        v.extend(s.trick[..s.trick_len].iter().copied());
        if n == 2 {
            v.extend(s.two.own_discards[0].iter());
            v.extend(s.two.own_discards[1].iter());
            let from = (2 * s.two.draw_turn).min(s.two.stock.len());
            v.extend(s.two.stock[from..].iter().copied());
        }
        if let Some(i) = s.hidden.indicator {
            if s.hidden.trump_hidden {
                v.push(i);
            }
        }
        v.sort_by_key(|c| c.0);
        v
    }

    /// The seats' voids shown by the recorded play (base rule only).
    fn shown_voids(s: &HokmState) -> Vec<(usize, CardSet)> {
        let pack = &s.cfg.pack;
        let n = s.n();
        let mut out = Vec::new();
        if s.cfg.satat || s.cfg.first_void == Some(5) {
            return out;
        }
        for t in &s.tricks {
            let ls = pack.suit_of(t.cards[0]);
            for i in 1..n {
                if pack.suit_of(t.cards[i]) != ls {
                    out.push(((t.leader + i) % n, pack.suit_mask(ls)));
                }
            }
        }
        out
    }

    fn check(s: &HokmState, seed: u64) {
        let players = s.cfg.num_players();
        for p in 0..players {
            let d = s
                .determinize(p, seed)
                .unwrap_or_else(|e| panic!("{}: {}\n{}", s.cfg.preset.name(), e, s.render_table()));
            assert_eq!(
                d.observation(p).unwrap(),
                s.observation(p).unwrap(),
                "{} player {}\n{}\n{}",
                s.cfg.preset.name(),
                p,
                s.render_table(),
                d.render_table()
            );
            for q in 0..s.n() {
                assert_eq!(d.hands[q].len(), s.hands[q].len());
                assert_eq!(d.undealt[q].len(), s.undealt[q].len());
            }
            assert_eq!(all_cards(&d), all_cards(s));
            for (q, void) in shown_voids(s) {
                // A returned indicator is the only card of a shown void.
                assert_eq!(d.hands[q] & void, s.hands[q] & void, "void of seat {q}");
            }
            let again = s.determinize(p, seed).unwrap();
            assert_eq!(again.hands, d.hands);
            assert_eq!(again.trump, d.trump);
            // The copy plays on to the end of its hand.
            let mut d = d;
            let hand = d.hand_no;
            let mut r = Rng::new(seed ^ 77);
            let mut steps = 0;
            while d.phase != Phase::Over && d.hand_no == hand && steps < 400 {
                let legal = d.legal();
                assert!(!legal.is_empty(), "{}", d.render_table());
                let a = legal[r.below(legal.len() as u64) as usize];
                d.apply_action(a).unwrap();
                steps += 1;
            }
            assert!(steps < 400);
        }
    }

    #[test]
    fn samples_agree_with_what_the_player_saw() {
        for (preset, opts) in games() {
            let g = Hokm::new(preset, &opts).unwrap();
            for seed in 0..8u64 {
                let mut s = g.new_game(seed);
                let mut r = Rng::new(seed + 1000);
                let mut steps = 0;
                while s.phase() != Phase::Over && steps < 300 {
                    if r.below(4) == 0 {
                        check(&s, seed * 31 + steps);
                    }
                    let a = biased(&s, &mut r, seed % 2 == 1);
                    s.apply_action(a).unwrap();
                    steps += 1;
                }
            }
        }
    }

    /// A random legal action; with `kots`, side 0 plays its strongest card
    /// and side 1 its weakest, so that kots (and Satat's passing) happen.
    fn biased(s: &HokmState, r: &mut Rng, kots: bool) -> HokmAction {
        let legal = s.legal();
        if kots && s.phase == Phase::Play && s.n() == 4 {
            let pack = &s.cfg.pack;
            let key = |a: &HokmAction| match a {
                HokmAction::Card(c) => pack.strength(*c) as i32,
                _ => -1,
            };
            let pick = if s.current % 2 == 0 {
                legal.iter().max_by_key(|a| key(a))
            } else {
                legal.iter().filter(|a| key(a) >= 0).min_by_key(|a| key(a))
            };
            if let Some(a) = pick {
                return *a;
            }
        }
        legal[r.below(legal.len() as u64) as usize]
    }

    #[test]
    fn redeal_and_kot_choice_phases() {
        let o = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|&(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        let g = Hokm::new(
            "hokm4",
            &o(&[
                ("redeal_no_court", "all13"),
                ("partner_no_trump_redeal", "on"),
            ]),
        )
        .unwrap();
        let mut seen = [0; 3];
        for seed in 0..1500u64 {
            let mut s = HokmState::new_hand(g.cfg.clone(), seed);
            // Name a suit the partner lacks when there is one.
            let partner = (s.hakem + 2) % 4;
            let pack = &s.cfg.pack;
            let t = (0..4u8)
                .find(|&t| (s.hands[partner] & pack.suit_mask(t)).is_empty())
                .unwrap_or(0);
            s.apply_action(HokmAction::Trump(t)).unwrap();
            let i = match s.phase {
                Phase::RedealAll13 => 0,
                Phase::PartnerRedeal => 1,
                _ => continue,
            };
            seen[i] += 1;
            if seen[i] <= 5 {
                check(&s, seed);
                s.apply_action(HokmAction::Redeal).unwrap();
                if s.phase == Phase::PartnerAnswer {
                    check(&s, seed);
                }
            }
        }
        assert!(seen[1] > 0, "{seen:?}");
        let g = Hokm::new("court_piece", &o(&[("kot_choice_partners_view", "on")])).unwrap();
        for seed in 0..60u64 {
            let mut s = g.new_game(seed);
            let mut r = Rng::new(seed);
            while s.phase() != Phase::Over && seen[2] < 6 {
                if s.phase == Phase::KotChoice || s.continuing {
                    seen[2] += 1;
                    check(&s, seed);
                }
                let a = biased(&s, &mut r, true);
                s.apply_action(a).unwrap();
            }
        }
        assert!(seen[2] > 0, "{seen:?}");
    }

    #[test]
    fn hidden_trumps_are_resampled() {
        // Trup kasiet: the non-Hakem players do not know the trump; over
        // many samples more than one suit turns up.
        let g = Hokm::new("trup_kasiet", &[]).unwrap();
        let mut s = g.new_game(5);
        while s.phase() != Phase::Play {
            let a = s.legal()[0];
            s.apply_action(a).unwrap();
        }
        let other = (s.hakem + 1) % 4;
        let suits: std::collections::BTreeSet<Option<Suit>> = (0..40)
            .map(|k| s.determinize(other, k).unwrap().trump)
            .collect();
        assert!(suits.len() > 1, "{suits:?}");
        let own: std::collections::BTreeSet<Option<Suit>> = (0..10)
            .map(|k| s.determinize(s.hakem, k).unwrap().trump)
            .collect();
        assert_eq!(own.len(), 1);
    }
}
