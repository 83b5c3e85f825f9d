//! Hokm's place in the registry: the shared [`Game`] surface over [`Hokm`]
//! (its `new_game`, `from_deal` and `dd_table` keywords read and checked
//! here, in the engine).

use std::sync::Arc;

use super::{Hokm, HokmState};
use crate::encode::Encoding;
use crate::error::{Error, Result};
use crate::options::Spec;
use crate::params::Params;
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::solve::dd_table;
use crate::surface::{Basics, Game, Table, TableRequest};
use crate::describe::field;

impl Game for Hokm {
    /// Partnerships with four players, else each for himself; the value
    /// counts tricks (collected in the heap presets; tens in Dehla Pakad's
    /// scoring) or answers the kot query; four players without a heap have
    /// a whist table.
    fn describe(&self) -> crate::describe::Description {
        use crate::describe::{alternate, kw, Description, Objective, Sides, TableShape};
        let c = self.config();
        let unit = if c.scoring == super::config::Scoring::Dehla {
            "tens"
        } else {
            "tricks"
        };
        let four = c.players == 4 && self.num_players() == 4;
        let sides = if four { alternate(4) } else { Sides::Each };
        let mut d = Description::new(sides, unit, "what the side takes from here with best play");
        if c.players == 4 {
            // The kot query is a four-player question (a side's seven tricks).
            d.objectives.push(Objective {
                name: "kot",
                unit: "kot",
                about: "1 when the side can reach its kot whatever the others do",
                label: "(1: kot)",
            });
        }
        d.whist = !c.heap
            && !c.clockwise
            && !c.dummy
            && (c.players == 3 || c.players == 4)
            && self.num_players() == c.players;
        d.moves = "card";
        d.plays_out = true;
        d.bounds = true;
        d.counted = Some("leader");
        d.table = (four && !c.heap).then(|| TableShape {
            rows: ["S", "H", "D", "C", "N"].map(String::from).to_vec(),
            columns: "leader",
            layouts: vec!["leader", "declarer"],
            unit: "tricks",
        });
        d.new_game = vec![
            kw("scores", "ints", false, "the match's score, one per side"),
            kw("dealer", "seat", false, "the first dealer"),
        ];
        d.from_deal = vec![
            kw(
                "trump",
                "strain",
                false,
                "the trump suit, or N (NT, none) for no trump; absent: no trump",
            )
            .when_absent("N"),
            kw("leader", "seat", true, "the seat on lead").when_absent("0"),
            kw("hakem", "seat", false, "the Hakem"),
            kw(
                "tricks_won",
                "ints",
                false,
                "tricks won (collected) so far, per side",
            )
            .unasked(),
            kw("heap", "int", false, "tricks in the heap (heap presets)").unasked(),
            kw(
                "prev",
                "seat",
                false,
                "the winner of the previous trick (heap presets)",
            )
            .unasked(),
            kw(
                "prev_ace",
                "bool",
                false,
                "the previous trick was won by an ace (heap presets)",
            )
            .unasked(),
            kw(
                "tens",
                "ints",
                false,
                "tens collected so far, per side (Dehla Pakad)",
            )
            .unasked(),
            kw("heap_tens", "int", false, "tens in the heap (Dehla Pakad)").unasked(),
        ];
        d.observation = OBSERVATION;
        d
    }

    type State = HokmState;

    fn build(preset: &str, options: &[(String, String)]) -> Result<Hokm> {
        Hokm::new(preset, options)
    }

    fn basics(&self) -> Basics<'_> {
        let c = self.config();
        Basics::new(c.preset.name(), &c.options, &c.pack, c.num_players())
    }

    fn specs() -> &'static [Spec] {
        super::config::specs()
    }

    fn preset_defaults(preset: &str) -> Vec<(&'static str, &'static str)> {
        super::presets::preset_defaults(preset)
    }

    fn applies(preset: &str, option: &str) -> bool {
        let p = super::presets::Preset::parse(preset).expect("a Hokm preset");
        super::config::applies(p, option)
    }

    /// `players`, `target_points` (by the scoring) and `points_bavney` when
    /// given (unset, a Bavney scores as a kot).
    fn derived_options(&self) -> Vec<(&'static str, String)> {
        let c = self.config();
        let mut o = vec![
            ("players", c.players.to_string()),
            ("target_points", c.target_points.to_string()),
        ];
        if let Some(p) = c.points_bavney {
            o.push(("points_bavney", p.to_string()));
        }
        o
    }

    /// Keywords: `scores` (one per side) and `dealer` (a seat): the match
    /// starts from that score with that dealer.
    fn new_game(&self, seed: u64, params: &Params) -> Result<HokmState> {
        let c = self.config();
        let mut r = params.reader("new_game");
        let scores = r.ints("scores", Some(c.num_sides()), 0, 1 << 30)?;
        let dealer = r.seat("dealer", c.players)?;
        r.finish()?;
        if scores.is_none() && dealer.is_none() {
            return Ok(Hokm::new_game(self, seed));
        }
        let scores: Option<Vec<i32>> = scores.map(|v| v.iter().map(|&x| x as i32).collect());
        self.new_game_at(seed, scores.as_deref(), dealer)
    }

    /// Keywords (`docs/rules/hokm.md`): `trump` (a suit, or none for no trump),
    /// `leader` (required), `hakem`, `tricks_won` (per side; the heap
    /// presets: collected), and for the heap presets `heap`, `prev`,
    /// `prev_ace`, `tens` and `heap_tens`.
    fn from_deal(&self, deal: &str, params: &Params) -> Result<HokmState> {
        let c = self.config();
        let seats = c.players;
        let mut r = params.reader("from_deal");
        let trump = r.text("trump")?;
        let leader = r
            .seat("leader", seats)?
            .ok_or_else(|| Error::State("from_deal: leader is required".into()))?;
        let hakem = r.seat("hakem", seats)?;
        let won = r.ints("tricks_won", None, 0, 17)?;
        let heap = r.int("heap", 0, 13)?;
        let prev = r.seat("prev", seats)?;
        let prev_ace = r.flag("prev_ace")?.unwrap_or(false);
        let tens = r.ints("tens", Some(2), 0, 4)?;
        let heap_tens = r.int("heap_tens", 0, 4)?;
        r.finish()?;
        let won: Option<Vec<u8>> = won.map(|v| v.iter().map(|&x| x as u8).collect());
        let mut s = Hokm::from_deal(self, deal, trump.as_deref(), leader, hakem, won.as_deref())?;
        if heap.is_some() || prev.is_some() || prev_ace || tens.is_some() || heap_tens.is_some() {
            let d = *s.heap();
            let tens = tens.map_or([0, 0], |t| [t[0] as u8, t[1] as u8]);
            let heap_tens =
                heap_tens.map_or_else(|| d.tens.saturating_sub(tens[0] + tens[1]), |h| h as u8);
            let heap = heap.map_or(d.tricks, |h| h as u8);
            s.set_heap(heap, prev, prev_ace, tens, heap_tens)?;
        }
        Ok(s)
    }

    /// The full deal of the first hand (for `hokm2`, the five cards each
    /// player starts with).
    fn deal(&self, seed: u64, params: &Params) -> Result<String> {
        use crate::game::GameState;
        Ok(Game::new_game(self, seed, params)?
            .hands_compact()
            .join(" "))
    }

    /// Plain trick presets: the whist game (every hand for the side to
    /// move, then seat 0's); every preset: the Court Piece search under each
    /// objective the preset accepts (value, collect-all, the kot's next
    /// seven).
    fn check_search(
        state: &HokmState,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String> {
        use super::dd::{Objective, RangGame};
        use crate::solve::check::check_play_undo;
        use crate::solve::Whist;
        let mut played = 0;
        if let Ok(pos) = state.whist_position() {
            let n = pos.hands.len();
            let seat = pos.leader;
            played += match n {
                4 => check_play_undo(
                    &mut Whist::<4>::new(&pos, [0, 1, 0, 1]).map_err(|e| e.to_string())?,
                    depth,
                    pick,
                )?,
                3 => {
                    let mut side = [1u8; 3];
                    side[seat % 3] = 0;
                    check_play_undo(
                        &mut Whist::<3>::new(&pos, side).map_err(|e| e.to_string())?,
                        depth,
                        pick,
                    )?
                }
                2 => check_play_undo(
                    &mut Whist::<2>::new(&pos, [0, 1]).map_err(|e| e.to_string())?,
                    depth,
                    pick,
                )?,
                _ => 0,
            };
        }
        let player = state.dd_player_to_move();
        for objective in [
            Objective::Value,
            Objective::CollectAll,
            Objective::WinNext(7),
        ] {
            if let Ok(mut g) = RangGame::new(state, player, objective) {
                played += check_play_undo(&mut g, depth, pick)?;
            }
        }
        Ok(played)
    }

    fn solve(state: &HokmState, req: &SolveRequest) -> Result<SolveAnswer> {
        state.solve(req)
    }

    fn encoding(&self) -> Option<Arc<dyn Encoding<HokmState>>> {
        Some(Arc::new(super::tensor::HokmEncoding::new(self)))
    }

    /// Four-player presets that count plain tricks: rows trump S, H, D, C
    /// and no trump. Keyword `layout`: `leader` (default): columns the seat
    /// on lead, each cell the tricks the leader's side takes with best play
    /// when all tricks are played; `declarer` (DDS's `CalcDDtable` layout):
    /// columns the declarer's seat (N, E, S, W = 0 to 3), each cell the
    /// tricks the declarer's side takes when the next seat leads.
    fn dd_table(&self, req: &TableRequest<'_>) -> Result<Table> {
        let mut r = req.params.reader("dd_table");
        let layout = r.text("layout")?;
        r.finish()?;
        let declarer = match layout.as_deref() {
            None | Some("leader") => false,
            Some("declarer") => true,
            Some(x) => {
                return Err(Error::Option(format!(
                    "bad layout {:?}; layouts: leader, declarer",
                    x
                )))
            }
        };
        let c = self.config();
        if c.heap {
            return Err(Error::State(format!(
                "dd_table counts plain tricks; {} collects them in a heap (hukm.solve gives its value)",
                c.preset.name()
            )));
        }
        if c.players != 4 {
            return Err(Error::State(format!(
                "dd_table is for four-player games; {} has {} players (use hukm.solve)",
                c.preset.name(),
                c.players
            )));
        }
        let hands: [crate::card::CardSet; 4] = c
            .pack
            .parse_deal(req.deal, 4)?
            .try_into()
            .map_err(|_| Error::State("dd_table needs a four-player deal".into()))?;
        let t = dd_table(&hands, req.threads, req.config)?;
        let tricks = hands[0].len() as i32;
        let rows = t
            .iter()
            .map(|r| {
                (0..4)
                    .map(|col| {
                        if declarer {
                            // The declarer's side is the other side from the leader after him.
                            tricks - i32::from(r[(col + 1) % 4])
                        } else {
                            i32::from(r[col])
                        }
                    })
                    .collect()
            })
            .collect();
        Ok(Table {
            rows,
            row_labels: ["S", "H", "D", "C", "N"].map(String::from).to_vec(),
            col_labels: if declarer {
                ["N", "E", "S", "W"].map(String::from).to_vec()
            } else {
                (0..4).map(|s| s.to_string()).collect()
            },
            nodes: 0,
        })
    }
}

/// The keys of the game's observations after
/// [`crate::describe::CORE_OBSERVATION`]'s ([`Game::describe`]).
const OBSERVATION: &[crate::describe::Field] = &[
    field("dealer", "int", "The dealer of this hand."),
    field("hakem", "int", "The Hakem (trump-caller; Dab Rang: the boss)."),
    field("seating", "[int]", "The player at each seat after the ace draw (`partnership_by_draw`; else in seat order)."),
    field("trump", "str?", "The trump suit when this player knows it (null before the call and while hidden)."),
    field("trump_card", "card?", "The card that fixed a blind or drawn trump."),
    field("hand_sizes", "[int]", "How many cards each seat holds."),
    field("leader", "int", "The seat that led the trick in progress."),
    field("tricks_won", "[int]", "Tricks won in this hand, per side or seat."),
    field("played", "str", "Cards of completed tricks, `+`-joined."),
    field("tricks", "[map]", "Completed tricks: `leader`, `cards` (in seat order), `winner`."),
    field("taps", "[int]", "`thaap`: the tricks played at each table tap.").sometimes(),
    field("auction", "[map]", "Dab Rang's auction: `seat` and `bid` (null: a pass) in order.").sometimes(),
    field("bid", "int?", "Dab Rang's winning bid (null before it is made).").sometimes(),
    field("boss", "int?", "Dab Rang's boss, the winning bidder.").sometimes(),
    field("trump_hidden", "bool", "Whether the trump is still face down.").sometimes(),
    field("indicator", "card?", "The face-down trump card: the Hakem sees it, others once it is shown.").sometimes(),
    field("signals", "[map]", "Satat's signals: `seat`, `card` and `signal`.").sometimes(),
    field("pass_cards", "int", "Satat's passing after a kot: how many cards each player gives (1 after a kot, 2 after a bavney).").sometimes(),
    field("gave", "bool", "Satat's passing after a kot: whether this player has made his `give:`.").sometimes(),
    field("heap", "int", "Tricks lying in the heap.").sometimes(),
    field("heap_prev", "int?", "The player whose win of the previous trick still counts towards a pair.").sometimes(),
    field("collected", "[int]", "Tricks collected by each side.").sometimes(),
    field("tens", "[int]", "Tens collected by each side.").sometimes(),
    field("trick_number", "int", "The trick being played, counted from 1.").sometimes(),
    field("discarded", "str", "Two players: the cards this player put away.").sometimes(),
    field("stock", "int", "Two players: the cards left in the stock.").sometimes(),
    field("drawn", "card?", "Two players: the card this player draws, while he decides on it.").sometimes(),
    field("partner_hand", "str", "`kot_choice_partners_view`: the partner's hand, shown to both players of the side that won the first seven tricks while the 7th trick's winner chooses to stop or continue.").sometimes(),
    field("last_result", "map", "The last hand's result: `winner`, `kind`, `tricks`, `points`, `tens`.").sometimes(),
    field("legal_actions", "[str]", "The legal actions when this player is to act, else empty."),
    field("seat", "int", "With a dummy: the seat this player sits at.").sometimes(),
    field("table", "[int]", "With a dummy: the player at each seat.").sometimes(),
    field("dummy_hand", "str?", "With a dummy: the dummy's cards, once dealt.").sometimes(),
];
