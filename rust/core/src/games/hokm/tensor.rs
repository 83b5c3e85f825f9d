//! Hokm's tensors and action ids (see [`crate::encode`]), for every preset
//! of the family: the sections and segments a configuration cannot use are
//! left out.
//!
//! Observation, in order: the shared table sections (`hand`, `played`,
//! `trick`, `leader`, `to_act`, `hand_sizes`; Dummy Rang's four seats are
//! the table's, the observer at his own seat), then `phase` (one-hot:
//! trump, redeal (three steps), discard, draw, play, kot_choice, give,
//! auction, thaap, over), `partner` (seats of the observer's side),
//! `dealer`, `hakem`, `trump` (the suit when the observer knows it),
//! `trump_card` (a blind trump's card), `known` (cards of other seats the
//! observer knows are still in their hands: an exposed dummy, a partner's
//! hand shown after a kot, a turned trump card, the cards he passed in
//! Satat), `tricks_won` and `scores` (by side, the observer's first; Dummy
//! Rang's scores by player), `kot` (the side that took the first seven
//! tricks, and whether it plays on), and where the preset has them: the
//! hidden trump (`trump_hidden`, `indicator`), Dab Rang's auction
//! (`high_bid`, `boss`, `last_bids`), Satat's signals and passing, the heap,
//! two-player drawing (`own_discards`, `stock`, `drawn`) and table taps.
//! The information state adds `trick_history` and, in Dab Rang,
//! `auction_history`.
//!
//! Action ids: `card` (by card slot), then where the preset has them
//! `trump` (S, H, D, C), `word` (`trump:blind`, `redeal`, `pass`, `accept`,
//! `keep`, `reject`, `stop`, `continue`, `call`, `thaap`), `indicator` (by
//! card slot), `bid` (from the lowest bid to 13), `signal` (card slot × last
//! of suit × the suit of a held master or none), `give` (Satat: the places
//! of the given cards in the hand, one card then two) and `discard`
//! (two players: the places of the discarded cards among the five, three
//! cards then two).

use std::sync::Arc;

use super::config::HokmConfig;
use super::state::{HokmAction, HokmState, Phase};
use super::Hokm;
use crate::card::{CardSet, Suit};
use crate::encode::{
    next_seat, one_hot, rank_subset, relative, subset_count, unrank_subset, word_id, ActionSpace,
    CardSlots, Encoding, History, Kind, Layout, Layouts, Table, TableView,
};
use crate::error::{Error, Result};
use crate::rng::Rng;

const WORDS: [HokmAction; 10] = [
    HokmAction::Blind,
    HokmAction::Redeal,
    HokmAction::Pass,
    HokmAction::Accept,
    HokmAction::Keep,
    HokmAction::Reject,
    HokmAction::Stop,
    HokmAction::Continue,
    HokmAction::Call,
    HokmAction::Thaap,
];

const PHASES: [Phase; 12] = [
    Phase::TrumpCall,
    Phase::RedealAll13,
    Phase::PartnerRedeal,
    Phase::PartnerAnswer,
    Phase::Discard,
    Phase::Draw,
    Phase::Play,
    Phase::KotChoice,
    Phase::Give,
    Phase::Auction,
    Phase::Thaap,
    Phase::Over,
];

/// The most cards a Satat player gives, and his hand then.
const GIVE_MAX: usize = 2;
const GIVE_HAND: usize = 13;
/// Two players: the opening hand from which cards are discarded.
const FIVE: usize = 5;

/// Offsets of the sections a preset has (`usize::MAX`: absent).
#[derive(Clone, Debug)]
struct At {
    table: Table,
    phase: usize,
    partner: usize,
    dealer: usize,
    hakem: usize,
    trump: usize,
    trump_card: usize,
    known: usize,
    tricks_won: usize,
    scores: usize,
    kot: usize,
    trump_hidden: usize,
    indicator: usize,
    high_bid: usize,
    boss: usize,
    last_bids: usize,
    signals: usize,
    passing: usize,
    heap: usize,
    heap_prev: usize,
    collected: usize,
    two: usize,
    taps: usize,
}

/// Hokm's encoding of one configuration.
pub struct HokmEncoding {
    cfg: Arc<HokmConfig>,
    slots: CardSlots,
    blank: HokmState,
    layouts: Layouts,
    at: At,
    history: History,
    auction: Option<(usize, usize)>,
    actions: ActionSpace,
    ids: Ids,
}

/// First ids of the segments (`usize::MAX`: absent).
#[derive(Clone, Debug)]
struct Ids {
    card: usize,
    trump: usize,
    word: usize,
    indicator: usize,
    bid: usize,
    signal: usize,
    give: usize,
    discard: usize,
}

const NO: usize = usize::MAX;

impl HokmEncoding {
    /// The encoding of `game`'s configuration.
    pub fn new(game: &Hokm) -> HokmEncoding {
        let cfg = game.cfg.clone();
        let slots = CardSlots::new(&cfg.pack);
        let c = slots.len();
        let n = cfg.players;
        let tricks = cfg.tricks_per_hand();
        let sides = if cfg.dummy { 3 } else { cfg.num_sides() };
        let mut l = Layout::new();
        let table = Table::add(&mut l, n, c, tricks);
        let opt = |on: bool, l: &mut Layout, name, shape: &[usize], about| {
            if on {
                l.add(name, shape, about)
            } else {
                NO
            }
        };
        let hidden = cfg.hidden_card || cfg.hidden_call;
        let at = At {
            table,
            phase: l.add("phase", &[PHASES.len()], "the phase (one-hot): trump, redeal after the deal, partner's redeal, its answer, discard, draw, play, kot_choice, give, auction, thaap, over"),
            partner: l.add("partner", &[n], "the seats of the observer's side"),
            dealer: l.add("dealer", &[n], "the dealer"),
            hakem: l.add("hakem", &[n], "the Hakem (in Dab Rang, once the auction is won)"),
            trump: l.add("trump", &[4], "the trump suit (S, H, D, C) when the observer knows it"),
            trump_card: l.add("trump_card", &[c], "the card turned for a blind trump"),
            known: l.add("known", &[n, c], "cards the observer knows are in each other seat's hand"),
            tricks_won: l.add("tricks_won", &[sides], "tricks each side has won in this hand (the observer's first), divided by the tricks of a hand"),
            scores: l.add("scores", &[sides], "match points of each side (Dummy Rang: each player), the observer's first, divided by 10"),
            kot: l.add("kot", &[3], "the first seven tricks went to the observer's side, to another side; the kot's side plays on for a bavney"),
            trump_hidden: opt(hidden, &mut l, "trump_hidden", &[1], "a trump is chosen and not yet public"),
            indicator: opt(hidden, &mut l, "indicator", &[c], "the face-down trump indicator, when the observer laid it or it is turned up"),
            high_bid: opt(cfg.hidden_call, &mut l, "high_bid", &[14], "the highest bid of the auction (one-hot, 0 to 13 sars)"),
            boss: opt(cfg.hidden_call, &mut l, "boss", &[n], "the highest bidder"),
            last_bids: opt(cfg.hidden_call, &mut l, "last_bids", &[n, 15], "each seat's last auction call: bids 0 to 13, then pass"),
            signals: opt(cfg.satat_signals, &mut l, "signals", &[n, 2, 4], "Satat signals of this hand by seat: last of suit, holds the master; by suit"),
            passing: opt(cfg.satat_pass, &mut l, "passing", &[3 + c], "Satat passing: 1 card, 2 cards, the observer has given; then the cards he gave"),
            heap: opt(cfg.heap, &mut l, "heap", &[3], "heap: tricks lying in it / 13, trick number / 13, the last trick was won by an ace"),
            heap_prev: opt(cfg.heap, &mut l, "heap_prev", &[n], "the seat whose previous win counts towards a collection"),
            collected: opt(cfg.heap, &mut l, "collected", &[2, 2], "tricks / 13 and tens / 4 collected by each side, the observer's first"),
            two: opt(n == 2, &mut l, "two_players", &[2 * c + 1], "two players: the cards the observer put away, the card he drew, then the stock left / 26"),
            taps: opt(cfg.thaap, &mut l, "taps", &[tricks], "the tricks after which the table was tapped"),
        };
        let obs = l.clone();
        let history = History::add(&mut l, n, c, tricks);
        let auction = cfg.hidden_call.then(|| {
            let rows = (14 - cfg.dab_min_bid as usize) * 4;
            (
                l.add(
                    "auction_history",
                    &[rows, n, 15],
                    "the auction in order: the seat and its call (bids 0 to 13, then pass)",
                ),
                rows,
            )
        });
        let mut a = ActionSpace::new();
        let seg = |on: bool, a: &mut ActionSpace, name, size, about| {
            if on {
                a.add(name, size, about)
            } else {
                NO
            }
        };
        let card = a.add("card", c, "play the card of this slot");
        let trump = seg(!hidden, &mut a, "trump", 4, "name trumps: S, H, D, C");
        let word = a.add(
            "word",
            WORDS.len(),
            "trump:blind, redeal, pass, accept, keep, reject, stop, continue, call, thaap",
        );
        let indicator = seg(
            hidden,
            &mut a,
            "indicator",
            c,
            "lay the card of this slot face down as the trump indicator",
        );
        let bid = seg(
            cfg.hidden_call,
            &mut a,
            "bid",
            14 - cfg.dab_min_bid as usize,
            "bid for sars, from the lowest bid to 13",
        );
        let signal = seg(cfg.satat_signals, &mut a, "signal", c * 2 * 5, "play a card with signals: (card slot × 2 + last of suit) × 5 + the suit of a held master (4: none)");
        let give = if cfg.satat_pass {
            a.add_by_state("give", subset_count(GIVE_HAND, 1) + subset_count(GIVE_HAND, 2), "Satat: pass the cards at these places of the hand (one card: 0..13, two cards: 13 + their rank)")
        } else {
            NO
        };
        let discard = if n == 2 {
            a.add_by_state("discard", subset_count(FIVE, 3) + subset_count(FIVE, 2), "two players: put away the cards at these places of the five (three: 0..10, two: 10 + their rank)")
        } else {
            NO
        };
        HokmEncoding {
            blank: HokmState::blank(cfg.clone(), Rng::new(0), true),
            cfg,
            slots,
            layouts: Layouts { obs, info: l },
            at,
            history,
            auction,
            actions: a,
            ids: Ids {
                card,
                trump,
                word,
                indicator,
                bid,
                signal,
                give,
                discard,
            },
        }
    }

    /// The seat of `player` (Dummy Rang seats its three players at a table
    /// of four).
    fn seat_of(&self, s: &HokmState, player: usize) -> usize {
        if self.cfg.dummy {
            s.table.iter().position(|&p| p == player).unwrap_or(player)
        } else {
            player
        }
    }

    fn write(&self, s: &HokmState, player: usize, out: &mut [f32]) {
        let cfg = &*self.cfg;
        let n = cfg.players;
        let seat = self.seat_of(s, player);
        let at = &self.at;
        let played = &s.played_by;
        let mut trick = [CardSet::EMPTY; 4];
        let mut q = s.leader;
        for &c in s.trick() {
            trick[q].insert(c);
            q = next_seat(q, n);
        }
        let mut sizes = [0u32; 4];
        for (size, h) in sizes.iter_mut().zip(s.hands()) {
            *size = h.len();
        }
        at.table.write(
            out,
            &self.slots,
            &TableView {
                seat,
                hand: s.visible_hand(seat),
                played: &played[..n],
                trick: &trick[..n],
                leader: s.current().map(|_| s.leader),
                to_act: s.current(),
                sizes: &sizes[..s.hands().len()],
            },
        );
        let rel = |x: usize| relative(x, seat, n);
        one_hot(
            out,
            at.phase,
            PHASES.iter().position(|&p| p == s.phase).unwrap_or(0),
        );
        for q in 0..n {
            if cfg.side(q) == cfg.side(seat) {
                one_hot(out, at.partner, rel(q));
            }
        }
        one_hot(out, at.dealer, rel(s.dealer));
        one_hot(out, at.hakem, rel(s.hakem));
        let trump_known = s.trump.is_some()
            && s.phase != Phase::TrumpCall
            && (!s.hidden.trump_hidden || seat == s.hakem);
        if let (true, Some(t)) = (trump_known, s.trump) {
            one_hot(out, at.trump, t as usize);
        }
        if let Some(c) = s.trump_card {
            one_hot(out, at.trump_card, self.slots.of(c));
        }
        let known = s.known_cards(seat);
        let c = self.slots.len();
        for (q, &k) in known.iter().enumerate().take(n) {
            if q != seat {
                self.slots.write(out, at.known + rel(q) * c, k);
            }
        }
        let (sides, my_side) = if cfg.dummy {
            (3, player)
        } else {
            (cfg.num_sides(), cfg.side(seat))
        };
        let rside = |x: usize| (x + sides - my_side) % sides;
        let per_hand = 1.0 / cfg.tricks_per_hand() as f32;
        if !cfg.dummy {
            for (side, &t) in s.tricks_won().iter().enumerate() {
                out[at.tricks_won + rside(side)] = t as f32 * per_hand;
            }
        } else {
            for q in 0..n {
                let p = s.table[q];
                if q != 2 && p < 3 {
                    out[at.tricks_won + rside(p)] += s.tricks_won[cfg.side(q)] as f32 * per_hand;
                }
            }
        }
        for (side, &x) in s.scores[..sides].iter().enumerate() {
            out[at.scores + rside(side)] = x as f32 / 10.0;
        }
        if let Some(k) = s.kot_side {
            one_hot(out, at.kot, usize::from(k != cfg.side(seat)));
        }
        if s.continuing {
            one_hot(out, at.kot, 2);
        }
        self.write_variants(s, seat, out);
    }

    /// The sections only some presets have.
    fn write_variants(&self, s: &HokmState, seat: usize, out: &mut [f32]) {
        let cfg = &*self.cfg;
        let n = cfg.players;
        let at = &self.at;
        let rel = |x: usize| relative(x, seat, n);
        if at.trump_hidden != NO {
            out[at.trump_hidden] = f32::from(u8::from(s.hidden.trump_hidden));
            if let Some(i) = s.hidden.indicator {
                if seat == s.hakem || !s.hidden.trump_hidden {
                    one_hot(out, at.indicator, self.slots.of(i));
                }
            }
        }
        if at.high_bid != NO {
            if let Some((boss, b)) = s.dab.bid {
                one_hot(out, at.high_bid, b as usize);
                one_hot(out, at.boss, rel(boss));
            }
            for &(q, b) in &s.dab.auction {
                let row = at.last_bids + rel(q) * 15;
                out[row..row + 15].fill(0.0);
                out[row + b.map_or(14, |b| b as usize)] = 1.0;
            }
        }
        if at.signals != NO {
            for (q, card, text) in &s.satat.signals {
                let row = at.signals + rel(*q) * 8;
                if text.contains("last_of_suit") {
                    let suit = super::satat::effective_suit_of(&cfg.pack, *card, s.trump);
                    out[row + suit as usize] = 1.0;
                }
                if let Some(code) = text.split("holds_master:").nth(1) {
                    if let Some(m) = cfg.pack.suit_index(code) {
                        out[row + 4 + m as usize] = 1.0;
                    }
                }
            }
        }
        if at.passing != NO && s.phase == Phase::Give {
            let k = s.satat.pass_k as usize;
            if (1..=GIVE_MAX).contains(&k) {
                out[at.passing + k - 1] = 1.0;
            }
            if let Some(g) = s.satat.gives[seat] {
                out[at.passing + 2] = 1.0;
                self.slots.write(out, at.passing + 3, g);
            }
        } else if at.passing != NO {
            self.slots.write(out, at.passing + 3, s.satat.passed[seat]);
        }
        if at.heap != NO {
            let h = &s.heap;
            out[at.heap] = h.tricks as f32 / 13.0;
            out[at.heap + 1] = s.tricks_played as f32 / 13.0;
            out[at.heap + 2] = f32::from(u8::from(h.last_ace));
            if let Some(p) = h.prev {
                one_hot(out, at.heap_prev, rel(p as usize));
            }
            let mine = cfg.side(seat);
            for side in 0..2 {
                let r = (side + 2 - mine) % 2;
                out[at.collected + r * 2] = h.collected[side] as f32 / 13.0;
                out[at.collected + r * 2 + 1] = h.tens_collected[side] as f32 / 4.0;
            }
        }
        if at.two != NO {
            let c = self.slots.len();
            self.slots.write(out, at.two, s.two.own_discards[seat]);
            if s.phase == Phase::Draw && s.current == seat {
                let d = s.two.stock[2 * s.two.draw_turn];
                one_hot(out, at.two + c, self.slots.of(d));
            }
            let left = s.two.stock.len().saturating_sub(2 * s.two.draw_turn);
            out[at.two + 2 * c] = left as f32 / 26.0;
        }
        if at.taps != NO {
            for &t in &s.taps {
                let t = t as usize;
                if t >= 1 && t <= cfg.tricks_per_hand() {
                    out[at.taps + t - 1] = 1.0;
                }
            }
        }
    }

    fn write_history(&self, s: &HokmState, player: usize, out: &mut [f32]) {
        let n = self.cfg.players;
        let seat = self.seat_of(s, player);
        let by_seat = |leader: usize, played: &[crate::card::Card]| {
            let mut cards = [CardSet::EMPTY; 4];
            let mut q = leader;
            for &c in played {
                cards[q].insert(c);
                q = next_seat(q, n);
            }
            cards
        };
        for (k, t) in s.tricks.iter().enumerate() {
            let cards = by_seat(t.leader, &t.cards[..n]);
            self.history.write(out, &self.slots, seat, k, &cards[..n]);
        }
        if !s.trick().is_empty() {
            let cards = by_seat(s.leader, s.trick());
            self.history
                .write(out, &self.slots, seat, s.tricks.len(), &cards[..n]);
        }
        if let Some((at, rows)) = self.auction {
            for (k, &(q, b)) in s.dab.auction.iter().enumerate().take(rows) {
                let r = relative(q, seat, n);
                out[at + (k * n + r) * 15 + b.map_or(14, |b| b as usize)] = 1.0;
            }
        }
    }

    fn id_of(&self, s: Option<&HokmState>, a: &HokmAction) -> Result<usize> {
        let ids = &self.ids;
        let slot = |c| self.slots.of(c);
        let need = |base: usize, what: &str| {
            if base == NO {
                Err(Error::IllegalAction(format!(
                    "{} has no {} actions",
                    self.cfg.preset.name(),
                    what
                )))
            } else {
                Ok(base)
            }
        };
        Ok(match *a {
            HokmAction::Card(c) => ids.card + slot(c),
            HokmAction::Trump(t) => need(ids.trump, "trump")? + t as usize,
            HokmAction::Indicator(c) => need(ids.indicator, "indicator")? + slot(c),
            HokmAction::Bid(b) => {
                let base = need(ids.bid, "bid")?;
                if b < self.cfg.dab_min_bid || b > 13 {
                    return Err(Error::IllegalAction(format!("no bid {}", b)));
                }
                base + (b - self.cfg.dab_min_bid) as usize
            }
            HokmAction::Signal(c, last, m) => {
                need(ids.signal, "signal")?
                    + (slot(c) * 2 + usize::from(last)) * 5
                    + m.map_or(4, |m| m as usize)
            }
            HokmAction::Give(cs) => {
                let base = need(ids.give, "give")?;
                let s = by_hand(s, "give")?;
                base + places_rank(&self.cfg, s.hands[s.current], cs, GIVE_HAND, &[1, 2])?
            }
            HokmAction::Discard(cs) => {
                let base = need(ids.discard, "discard")?;
                let s = by_hand(s, "discard")?;
                base + places_rank(&self.cfg, s.hands[s.current], cs, FIVE, &[3, 2])?
            }
            w => ids.word + word_id(&WORDS, w)?,
        })
    }

    fn action_of(&self, s: Option<&HokmState>, id: usize) -> Result<HokmAction> {
        let (seg, i) = self.actions.locate(id)?;
        let card = |i: usize| self.slots.card(i);
        Ok(match seg.name {
            "card" => HokmAction::Card(card(i)),
            "trump" => HokmAction::Trump(i as Suit),
            "word" => WORDS[i],
            "indicator" => HokmAction::Indicator(card(i)),
            "bid" => HokmAction::Bid(self.cfg.dab_min_bid + i as u8),
            "signal" => {
                let m = i % 5;
                HokmAction::Signal(card(i / 10), (i / 5) % 2 == 1, (m < 4).then_some(m as Suit))
            }
            "give" => {
                let s = by_hand(s, "give")?;
                HokmAction::Give(places_unrank(
                    &self.cfg,
                    s.hands[s.current],
                    i,
                    GIVE_HAND,
                    &[1, 2],
                )?)
            }
            "discard" => {
                let s = by_hand(s, "discard")?;
                HokmAction::Discard(places_unrank(
                    &self.cfg,
                    s.hands[s.current],
                    i,
                    FIVE,
                    &[3, 2],
                )?)
            }
            _ => unreachable!("every segment is read"),
        })
    }
}

/// The state an id numbered by the hand needs.
pub(crate) fn by_hand<'a, S>(s: Option<&'a S>, what: &str) -> Result<&'a S> {
    s.ok_or_else(|| {
        Error::State(format!(
            "{} ids are numbered by the places of the cards in the acting player's hand: ask a state",
            what
        ))
    })
}

/// The id offset of `cards` among the `k`-subsets (for each `k` of `ks` in
/// turn) of the first `max` places of `hand` in hand order.
fn places_rank(
    cfg: &HokmConfig,
    hand: CardSet,
    cards: CardSet,
    max: usize,
    ks: &[usize],
) -> Result<usize> {
    let order = cfg.pack.in_hand_order(hand);
    let mut places = Vec::new();
    for c in cfg.pack.in_hand_order(cards) {
        match order.iter().position(|&x| x == c) {
            Some(p) if p < max => places.push(p),
            _ => {
                return Err(Error::IllegalAction(format!(
                    "{} is not among the first {} cards of the hand",
                    cfg.pack.format_card(c),
                    max
                )))
            }
        }
    }
    places.sort_unstable();
    let mut base = 0;
    for &k in ks {
        if k == places.len() {
            return Ok(base + rank_subset(&places));
        }
        base += subset_count(max, k);
    }
    Err(Error::IllegalAction(format!(
        "{} cards: give {:?}",
        places.len(),
        ks
    )))
}

/// The cards of an id of [`places_rank`].
fn places_unrank(
    cfg: &HokmConfig,
    hand: CardSet,
    mut i: usize,
    max: usize,
    ks: &[usize],
) -> Result<CardSet> {
    let order = cfg.pack.in_hand_order(hand);
    for &k in ks {
        let count = subset_count(max, k);
        if i < count {
            let mut out = CardSet::EMPTY;
            for p in unrank_subset(i, k) {
                let c = order.get(p).ok_or_else(|| {
                    Error::IllegalAction(format!("the hand has no card at place {}", p))
                })?;
                out.insert(*c);
            }
            return Ok(out);
        }
        i -= count;
    }
    Err(Error::IllegalAction("id out of its segment".into()))
}

impl Encoding<HokmState> for HokmEncoding {
    fn layout(&self, kind: Kind) -> &Layout {
        self.layouts.get(kind)
    }

    fn encode(&self, s: &HokmState, player: usize, kind: Kind, out: &mut [f32]) {
        self.write(s, player, out);
        if kind == Kind::InformationState {
            self.write_history(s, player, out);
        }
    }

    fn actions(&self) -> &ActionSpace {
        &self.actions
    }

    fn action_id(&self, s: Option<&HokmState>, action: &str) -> Result<usize> {
        let a = s.unwrap_or(&self.blank).parse_action(action)?;
        self.id_of(s, &a)
    }

    fn id_action(&self, s: Option<&HokmState>, id: usize) -> Result<String> {
        let a = self.action_of(s, id)?;
        Ok(s.unwrap_or(&self.blank).format_action(&a))
    }

    fn legal_ids(&self, s: &HokmState, out: &mut Vec<usize>) -> Result<()> {
        if s.phase == Phase::Play && !self.cfg.satat_signals && !s.may_call_cut() {
            // Cards only: their ids straight from the legal set, in the
            // order of `HokmState::legal` (suits in order, strongest first).
            let legal = s.legal_cards();
            for suit in 0..4u8 {
                for c in (legal & self.cfg.pack.suit_mask(suit)).iter().rev() {
                    out.push(self.ids.card + self.slots.of(c));
                }
            }
            return Ok(());
        }
        for a in s.legal() {
            out.push(self.id_of(Some(s), &a)?);
        }
        Ok(())
    }

    fn apply_id(&self, s: &mut HokmState, id: usize) -> Result<()> {
        let a = self.action_of(Some(s), id)?;
        s.apply_action(a)
    }

    fn hand_number(&self, s: &HokmState) -> usize {
        s.hand_no as usize + 1
    }
}
