//! Bulk simulation with built-in agents (design §5): whole deals played by the core's state
//! machine ([`crate::game`]) and agents ([`crate::agents`]), with no Python in the loop, in
//! parallel on rayon threads.
//!
//! Deal `i` depends only on `(seed, i)`: its wall is [`crate::tiles::wall::shuffle`]`(seed, i)`, its
//! dealer is P0 (or `P(i mod 4)` with `rotate_dealer`), every deal starts from scores 0, and
//! each random agent draws from its own stream of `(seed, i, player)`. So the records are the
//! same for any number of threads and any chunk size. The loop asks the players exactly as the
//! Python loop (`mahjong_fast.game.match.run_deal`) asks its seats, so a deal played there
//! with `RandomSeat` / `GreedySeat` gives the same record.
//!
//! Matches (TW §16; a Taiwanese deal depends on the one before through the dealer, the streak
//! and the round wind): match `j` depends only on `(seed, j)`. Deal `i` of match `j` has the
//! wall `shuffle(seed, `[`match_deal_key`]`(j, i))` and random agents keyed by the same number;
//! dealer, streak, round wind and starting scores come from [`crate::game::Match`]. Matches
//! are played in parallel ([`play_matches_parallel`]); their records do not depend on the
//! number of threads.

pub mod arena;

use rayon::prelude::*;

use crate::agents::expert::{ExpertAgent, ExpertViewBuf};
use crate::agents::knowledge::ExpertStyle;
use crate::agents::{GreedyAgent, LegalOption, OptionKind, RandomAgent, SeatValue, Situation, StrongAgent, TableBuf, ValueAgent};
use crate::error::{MahjongError, Result};
use crate::game::{lone_deal, Action, ActionType, Deal, DealOptions, DealResult, Match, Phase};
use crate::rules::scoring::Element;
use crate::rules::{MatchOptions, Ruleset};
use crate::tiles::hand::{Hand, Meld};
use crate::tiles::tile::{Tile, FIRST_BONUS_ID};

/// Deals a rayon task plays with one set of agents (the unit of parallel work; it never
/// changes a record).
pub const TASK_DEALS: u64 = 32;

/// Matches a rayon task plays with one set of agents (never changes a record).
pub const TASK_MATCHES: u64 = 2;

/// Deal indices of a run by deals are `0..=u32::MAX` (a deal's own index is 32 bits, as is a
/// match's; the wall takes 64: `match_index << 32 | deal_in_match`).
pub const DEAL_INDICES: u64 = 1 << 32;
/// At most this many deals per call of the bindings' `Simulator.run` (their records are held
/// in memory at once; a run of more is cut into calls, as `simulate` does).
pub const MAX_RUN_DEALS: u64 = 1 << 20;
/// At most this many matches per `Simulator.run_matches` call (as [`MAX_RUN_DEALS`]).
pub const MAX_RUN_MATCHES: u64 = 1 << 15;

/// The wall and agent index of deal `deal_in_match` of match `match_index`:
/// `match_index << 32 | deal_in_match` (`crate::tiles::wall::shuffle(seed, key)` is its wall).
pub const fn match_deal_key(match_index: u64, deal_in_match: u32) -> u64 {
    match_index << 32 | deal_in_match as u64
}

/// A built-in seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatKind {
    /// Uniform over the legal options ([`RandomAgent`]).
    Random,
    /// The greedy shanten/ukeire policy ([`GreedyAgent`]).
    Greedy,
    /// Greedy plus the two value rules ([`ValueAgent`]).
    Value,
    /// Offence by expected value and defence ([`StrongAgent`]).
    Strong,
    /// Every option valued in points under the ruleset's own estimates ([`ExpertAgent`]).
    Expert,
}

impl SeatKind {
    /// The seat kind named `name` (`"random"`, `"greedy"`). Errors: `RuleConfig`.
    pub fn from_name(name: &str) -> Result<SeatKind> {
        match name {
            "random" => Ok(SeatKind::Random),
            "greedy" => Ok(SeatKind::Greedy),
            "value" => Ok(SeatKind::Value),
            "strong" => Ok(SeatKind::Strong),
            "expert" => Ok(SeatKind::Expert),
            _ => Err(MahjongError::RuleConfig(format!(
                "unknown built-in seat {name:?}; choose from expert, greedy, random, strong, value"
            ))),
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            SeatKind::Random => "random",
            SeatKind::Greedy => "greedy",
            SeatKind::Value => "value",
            SeatKind::Strong => "strong",
            SeatKind::Expert => "expert",
        }
    }
}

/// What every deal of a run shares.
#[derive(Debug, Clone)]
pub struct SimConfig {
    pub rules: Ruleset,
    pub seed: u64,
    pub seats: [SeatKind; 4],
    /// How each match is asked for in a simulation by matches (the ruleset's own match by
    /// default; e.g. `deals` for a Hong Kong match of several deals, HK §12).
    pub match_options: MatchOptions,
}

impl SimConfig {
    /// A run of `rules` with `seats`, matches as the ruleset plays them by default.
    pub fn new(rules: Ruleset, seed: u64, seats: [SeatKind; 4]) -> SimConfig {
        SimConfig { rules, seed, seats, match_options: MatchOptions::default() }
    }
}

/// One winner of a deal, as the record keeps it (the items of the `wins` column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinRecord {
    /// The winner.
    pub seat: u8,
    /// `"self_drawn"`, `"discard"`, `"robbing_kong"`, `"bonus_all_eight"`, `"bonus_rob_eighth"`.
    pub kind: &'static str,
    /// Who pays this win alone (the discarder, the robbed kong's declarer, or who exposed the
    /// eighth bonus tile); None when every other player pays.
    pub discarder: Option<u8>,
    /// The hand's value: faan after the cap (HK §10) or hand Tai (TW §11, without the
    /// dealer's adjustments of TW §15, which are in the points).
    pub value: u8,
    /// The limit hand's code, if any.
    pub limit: Option<&'static str>,
    /// The scoring elements.
    pub elements: Vec<Element>,
    /// The winner's tiles without the winning tile, in hand notation (design §3): what
    /// `score(hand, win_tile)` takes. A dealer's win on the dealt tiles keeps all of them.
    pub hand: String,
    /// The winning tile's physical id (a bonus tile for a TW §7 win; None for the dealer's
    /// win on the dealt tiles).
    pub win_tile: Option<u8>,
}

/// The record of one deal (the columns of the simulation output; `docs/records.md`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealRecord {
    /// The deal's wall index: `i` in the per-deal mode, [`match_deal_key`] in a match.
    pub deal_index: u64,
    /// The match (None in the per-deal mode).
    pub match_index: Option<u64>,
    /// Deals played before this one in its match (0 in the per-deal mode).
    pub deal_in_match: u32,
    /// The dealer's streak k during the deal (TW §15/§16; 0 in Hong Kong and per-deal mode).
    pub dealer_streak: u32,
    /// The prevailing (round) wind 0..=3 of the deal.
    pub prevailing_wind: u8,
    /// Scores after the deal (carried over in a match; equal to `points` per deal).
    pub scores: [i64; 4],
    /// Who was East (dealt).
    pub dealer: u8,
    /// Every winner in turn order from the discarder (one in HK: head bump, §11.3).
    pub winners: Vec<u8>,
    /// Each winner, in the order of `winners`.
    pub wins: Vec<WinRecord>,
    /// Who paid alone (the discarder, or the added-kong declarer when robbed); None for a
    /// self-drawn win or a draw.
    pub discarder: Option<u8>,
    /// The first winner's win kind; None for a draw.
    pub win_kind: Option<&'static str>,
    /// The first winner's value (faan after the cap, or hand Tai; 0 for a draw).
    pub value: u8,
    /// The first winner's limit hand code, if any.
    pub limit: Option<&'static str>,
    /// Points won (+) or paid (-) per player in this deal; zero-sum.
    pub points: [i64; 4],
    /// Discards made in the deal.
    pub discards: u32,
    pub tiles_left: u32,
    pub exhaustive_draw: bool,
}

impl DealRecord {
    /// The first winner (None for a draw).
    pub fn winner(&self) -> Option<u8> {
        self.winners.first().copied()
    }
}

/// The winner's tiles at the end of `deal` without the winning `tile`, in hand notation: the
/// tile is taken from the bonus area (a TW §7 win) or from the concealed tiles when they hold
/// it (a full hand: the first winner on a discard, every self-drawn win; a later winner on
/// the same discard never received it, TW §5.2).
fn hand_before_win(deal: &Deal, p: usize, tile: Option<u8>) -> String {
    let mut hand =
        Hand { concealed: *deal.counts(p), melds: deal.melds(p).iter().map(|m| m.core()).collect(), bonus: deal.bonus_mask(p) };
    match tile {
        Some(t) if t >= FIRST_BONUS_ID => hand.bonus &= !(1u8 << (t - FIRST_BONUS_ID)),
        Some(t) if hand.size() % 3 == 2 => {
            let k = (t >> 2) as usize;
            hand.concealed[k] = hand.concealed[k].saturating_sub(1);
        }
        _ => {}
    }
    hand.to_string()
}

/// The agents of one thread's task: created once per task, re-keyed per deal.
pub struct Agents {
    greedy: Option<GreedyAgent>,
    value: Option<ValueAgent>,
    strong: Option<StrongAgent>,
    expert: Option<ExpertAgent>,
    /// Per player: explicit weights for an `expert` seat (none: the ruleset's), and the agent
    /// made with them.
    styles: [Option<ExpertStyle>; 4],
    styled: [Option<ExpertAgent>; 4],
    table: TableBuf,
    expert_view: ExpertViewBuf,
    legal: Vec<Action>,
    options: Vec<LegalOption>,
    melds: Vec<Meld>,
}

impl Agents {
    /// Agents for the seats of `cfg` (a greedy agent's evaluator only if a seat is greedy).
    pub fn new(cfg: &SimConfig) -> Agents {
        let greedy = cfg.seats.contains(&SeatKind::Greedy).then(|| GreedyAgent::new(*cfg.rules.shapes()));
        let value = cfg.seats.contains(&SeatKind::Value).then(|| ValueAgent::new(cfg.rules.clone()));
        let strong = cfg.seats.contains(&SeatKind::Strong).then(|| StrongAgent::new(cfg.rules.clone()));
        let expert = cfg.seats.contains(&SeatKind::Expert).then(|| ExpertAgent::new(cfg.rules.clone()));
        Agents {
            greedy,
            value,
            strong,
            expert,
            styles: [None; 4],
            styled: [None, None, None, None],
            table: TableBuf::default(),
            expert_view: ExpertViewBuf::default(),
            legal: Vec::with_capacity(24),
            options: Vec::with_capacity(24),
            melds: Vec::with_capacity(6),
        }
    }

    /// No agent made yet: each is made (for the ruleset given to [`Agents::choose`]) when a
    /// seat of its kind first decides. The RL tables keep one such set per thread.
    pub fn empty() -> Agents {
        Agents {
            greedy: None,
            value: None,
            strong: None,
            expert: None,
            styles: [None; 4],
            styled: [None, None, None, None],
            table: TableBuf::default(),
            expert_view: ExpertViewBuf::default(),
            legal: Vec::with_capacity(24),
            options: Vec::with_capacity(24),
            melds: Vec::with_capacity(6),
        }
    }

    /// Play player `p`'s `expert` seat with `styles[p]` (none: the ruleset's weights); the
    /// agents made with earlier styles are dropped.
    pub fn set_expert_styles(&mut self, styles: [Option<ExpertStyle>; 4]) {
        if styles != self.styles {
            self.styles = styles;
            self.styled = [None, None, None, None];
        }
    }

    /// The index into `legal` (non-empty: the engine's legal list of player `p` of `deal`)
    /// that seat `kind` chooses, from the seat's view (HK §14). `random` is the player's random
    /// stream, `Some` exactly for a random seat. An agent not yet made is made for `rules` (its
    /// decisions depend only on the situation: the evaluators' caches are memos).
    ///
    /// Errors: a random seat without its stream, or an agent breaking its own invariants.
    pub fn choose(
        &mut self,
        rules: &Ruleset,
        kind: SeatKind,
        deal: &Deal,
        p: u8,
        legal: &[Action],
        random: &mut Option<RandomAgent>,
    ) -> Result<usize> {
        if let Some(r) = random {
            return Ok(r.below(legal.len()));
        }
        let view = deal.view(p);
        // the tile on offer: the discard, or in a robbing window the tile added to the kong
        let disc = view.last_discard().or(view.kong_tile()).map(|(_, t)| t >> 2);
        self.options.clear();
        // TW §20.6.3 `BONUS_CHOICE`: the built-in seats take the bonus-tile win offered (only
        // a ruleset with house rules offers one); the expert unless its hand is worth more
        if rules.has_hooks() {
            if let Some(i) = legal.iter().position(|a| a.kind == ActionType::BonusWin) {
                if kind == SeatKind::Expert {
                    if let (Some(win), Some(d)) = (deal.bonus_offer(), legal.iter().position(|a| a.kind == ActionType::Decline)) {
                        let (value, self_drawn) = (f64::from(win.value()), win.discarder.is_none());
                        if !self.expert_decides(rules, deal, p, |e, s, v| e.takes_bonus_win(s, v, value, self_drawn))? {
                            return Ok(d);
                        }
                    }
                }
                return Ok(i);
            }
        }
        if rules.has_hooks() && legal.iter().any(|a| a.kind.is_extra()) {
            // the built-in seats decide among the engine's own actions (a ruleset's extra
            // actions are for random seats and players): the chosen index maps back
            self.options.extend(legal.iter().filter(|a| !a.kind.is_extra()).map(|a| option_of(a, disc)));
            let own: Vec<usize> = (0..legal.len()).filter(|&i| !legal[i].kind.is_extra()).collect();
            let legal_own: Vec<Action> = own.iter().map(|&i| legal[i]).collect();
            if legal_own.is_empty() {
                return Err(MahjongError::hand("no action of the engine's own to choose from"));
            }
            let i = self.choose(rules, kind, deal, p, &legal_own, random)?;
            let i = own.get(i).copied().ok_or_else(|| MahjongError::hand("an agent chose outside the legal list"))?;
            // TW §20.6.1: a discard that could be a ready declaration is declared (the seat
            // keeps the discard it chose); the expert declares when it is worth its lock
            let d = declaring(legal, i);
            if d != i && kind == SeatKind::Expert {
                let tile = Tile(legal[i].tiles.as_slice().first().map_or(0, |t| t >> 2));
                let flags = deal.rule_state().private.get(p as usize).copied().unwrap_or(0);
                let names = rules.rule_flags().private;
                let own: Vec<&str> = names.iter().enumerate().filter(|&(b, _)| flags >> b & 1 == 1).map(|(_, n)| *n).collect();
                if !self.expert_decides(rules, deal, p, |e, s, v| e.declares(s, v, tile, &own))? {
                    return Ok(i);
                }
            }
            return Ok(d);
        }
        self.options.extend(legal.iter().map(|a| option_of(a, disc)));
        self.melds.clear();
        self.melds.extend(deal.melds(p as usize).iter().map(|m| m.core()));
        let unseen = view.unseen_counts();
        let s = Situation {
            concealed: view.hand_counts(),
            melds: &self.melds,
            unseen: &unseen,
            discard: disc.map(Tile),
            legal: &self.options,
        };
        match kind {
            SeatKind::Random => Err(MahjongError::hand("no random stream")),
            SeatKind::Greedy => self.greedy.get_or_insert_with(|| GreedyAgent::new(*rules.shapes())).choose(&s),
            SeatKind::Value => {
                let seat = SeatValue {
                    winds: crate::rules::wait_values::ValueSituation {
                        seat_wind: deal.seat_winds()[p as usize],
                        prevailing_wind: deal.prevailing_wind(),
                    },
                    bonus: deal.bonus_mask(p as usize),
                };
                self.value.get_or_insert_with(|| ValueAgent::new(rules.clone())).choose(&s, &seat)
            }
            SeatKind::Strong => {
                let t = self.table.read(&view);
                self.strong.get_or_insert_with(|| StrongAgent::new(rules.clone())).choose(&s, &t)
            }
            SeatKind::Expert => {
                let v = self.expert_view.read(&view);
                match self.styles[p as usize] {
                    Some(st) => self.styled[p as usize].get_or_insert_with(|| ExpertAgent::with_style(rules.clone(), st)),
                    None => self.expert.get_or_insert_with(|| ExpertAgent::new(rules.clone())),
                }
                .choose(&s, &v)
            }
        }
    }
}

impl Agents {
    /// A decision of player `p`'s expert seat outside its legal list (a ruleset's own choice,
    /// TW §20.6): `f` asked with the seat's situation (its hand and the unseen tiles, no
    /// options) and its view (HK §14).
    fn expert_decides(
        &mut self,
        rules: &Ruleset,
        deal: &Deal,
        p: u8,
        f: impl FnOnce(&mut ExpertAgent, &Situation<'_>, &crate::agents::expert::ExpertView<'_>) -> Result<bool>,
    ) -> Result<bool> {
        let view = deal.view(p);
        self.melds.clear();
        self.melds.extend(deal.melds(p as usize).iter().map(|m| m.core()));
        let unseen = view.unseen_counts();
        let s = Situation { concealed: view.hand_counts(), melds: &self.melds, unseen: &unseen, discard: None, legal: &[] };
        let v = self.expert_view.read(&view);
        let agent = match self.styles[p as usize] {
            Some(st) => self.styled[p as usize].get_or_insert_with(|| ExpertAgent::with_style(rules.clone(), st)),
            None => self.expert.get_or_insert_with(|| ExpertAgent::new(rules.clone())),
        };
        f(agent, &s, &v)
    }
}

/// The agent's view of one legal action (see [`LegalOption`]).
pub(crate) fn option_of(a: &Action, discard_kind: Option<u8>) -> LegalOption {
    let t = a.tiles.as_slice();
    let kind = match (a.kind, discard_kind) {
        (ActionType::Chow, Some(d)) => t.iter().fold(d, |m, &x| m.min(x >> 2)),
        (ActionType::Pung | ActionType::Kong, Some(d)) => d,
        _ => t.first().map_or(0, |&x| x >> 2),
    };
    let k = match a.kind {
        ActionType::Discard => OptionKind::Discard,
        ActionType::SelfDrawnWin => OptionKind::SelfDrawnWin,
        ActionType::ConcealedKong => OptionKind::ConcealedKong,
        ActionType::AddedKong => OptionKind::AddedKong,
        ActionType::Pass => OptionKind::Pass,
        ActionType::Win => OptionKind::Win,
        ActionType::Pung => OptionKind::Pung,
        ActionType::Kong => OptionKind::Kong,
        ActionType::Chow => OptionKind::Chow,
        // never given to an agent (`Agents::choose` leaves the extra actions out)
        ActionType::DeclareReady | ActionType::BonusWin | ActionType::Decline => OptionKind::Pass,
    };
    LegalOption::new(k, Tile(kind))
}

/// Play deal `deal_index` of the run to its end and return its record.
///
/// Errors: only if the core breaks its own invariants (an agent's choice rejected); never
/// for valid configuration.
pub fn play_deal(cfg: &SimConfig, deal_index: u64, agents: &mut Agents) -> Result<DealRecord> {
    play_deal_observed(cfg, deal_index, agents, &mut |_, _, _| Ok(()))
}

/// [`play_deal`] with `observe(deal, player, action)` called before each chosen action is
/// applied (the arena's metrics read the state there; it never changes a decision).
pub fn play_deal_observed(
    cfg: &SimConfig,
    deal_index: u64,
    agents: &mut Agents,
    observe: &mut dyn FnMut(&Deal, u8, &Action) -> Result<()>,
) -> Result<DealRecord> {
    play_deal_with(cfg, deal_index, agents, observe, false).map(|(record, _)| record)
}

/// [`play_deal_observed`] that also returns the ended [`Deal`], with its event log when
/// `record` (the arena's `--log`; recording never changes a decision or the record).
pub fn play_deal_with(
    cfg: &SimConfig,
    deal_index: u64,
    agents: &mut Agents,
    observe: &mut dyn FnMut(&Deal, u8, &Action) -> Result<()>,
    record: bool,
) -> Result<(DealRecord, Deal)> {
    let index = u32::try_from(deal_index)
        .map_err(|_| MahjongError::hand(format!("deal index {deal_index} is above 2**32-1 (a deal's index is 32 bits)")))?;
    // the deal alone, as the ruleset deals it (HK §12 its dealer by index), from zero scores
    let next = lone_deal(&cfg.rules, index)?;
    let wall = crate::tiles::wall::shuffle(cfg.seed, deal_index);
    let opts = next.options(DealOptions::new(true, record));
    let mut deal = Deal::new(&cfg.rules, &wall, next.dealer, [0; 4], index, opts)?;
    play_to_end(cfg, &mut deal, deal_index, agents, observe)?;
    let r = deal.result().ok_or_else(|| MahjongError::hand("the deal ended without a result"))?;
    let rec = record_of(deal_index, None, 0, r, &deal);
    Ok((rec, deal))
}

/// The record of a finished deal (`deal` ended with the result `r`).
fn record_of(deal_index: u64, match_index: Option<u64>, deal_in_match: u32, r: &DealResult, deal: &Deal) -> DealRecord {
    let first = r.wins.first();
    let wins = r
        .wins
        .iter()
        .map(|w| WinRecord {
            seat: w.player,
            kind: w.kind.name(),
            discarder: w.discarder,
            value: w.score.value,
            limit: w.score.limit,
            elements: w.score.elements.clone(),
            hand: hand_before_win(deal, w.player as usize, w.tile),
            win_tile: w.tile,
        })
        .collect();
    DealRecord {
        deal_index,
        match_index,
        deal_in_match,
        dealer_streak: r.dealer_streak,
        prevailing_wind: r.prevailing_wind,
        scores: r.scores,
        dealer: r.dealer,
        winners: r.winners().collect(),
        wins,
        discarder: first.and_then(|w| w.discarder),
        win_kind: first.map(|w| w.kind.name()),
        value: first.map_or(0, |w| w.score.value),
        limit: first.and_then(|w| w.score.limit),
        points: r.payments,
        discards: r.turns,
        tiles_left: r.tiles_left,
        exhaustive_draw: r.exhaustive_draw(),
    }
}

/// Play `deal` to its end with the seats of `cfg`; random seats draw from the streams of
/// `(cfg.seed, key, player)`. `observe(deal, player, action)` is called before each chosen
/// action is applied.
///
/// Errors: only if the core breaks its own invariants (an agent's choice rejected).
pub fn play_to_end(
    cfg: &SimConfig,
    deal: &mut Deal,
    key: u64,
    agents: &mut Agents,
    observe: &mut dyn FnMut(&Deal, u8, &Action) -> Result<()>,
) -> Result<()> {
    let mut random: [Option<RandomAgent>; 4] =
        std::array::from_fn(|p| (cfg.seats[p] == SeatKind::Random).then(|| RandomAgent::new(cfg.seed, key, p as u8)));
    // The order of the Python loop: the players of to_act in order; after a turn action the
    // list is read again, in a window every listed player answers.
    while deal.phase() != Phase::Ended {
        let mut to_act = [0u8; 4];
        let n = deal.to_act().len().min(4);
        to_act[..n].copy_from_slice(&deal.to_act()[..n]);
        for &p in &to_act[..n] {
            if !deal.to_act().contains(&p) {
                continue;
            }
            deal.legal_actions_into(p, &mut agents.legal);
            let legal = std::mem::take(&mut agents.legal);
            let chosen = agents.choose(&cfg.rules, cfg.seats[p as usize], deal, p, &legal, &mut random[p as usize]);
            agents.legal = legal;
            let i = chosen?;
            let a = agents.legal[i];
            observe(deal, p, &a)?;
            // a built-in seat chose among the listed actions: not checked again
            deal.apply_listed(&a)?;
            if !deal.phase().is_window() {
                break;
            }
        }
    }
    Ok(())
}

/// Play match `match_index` of the run to its end (TW §16; Hong Kong: see
/// [`crate::game::Match`]) and return the records of its deals in order.
///
/// Errors: invalid switches (`RuleConfig`); otherwise only if the core breaks its invariants.
pub fn play_match(cfg: &SimConfig, match_index: u64, agents: &mut Agents) -> Result<Vec<DealRecord>> {
    let mut m = Match::new(&cfg.rules, cfg.match_options)?;
    let mut out = Vec::new();
    while let Some(next) = m.next_deal() {
        let key = match_deal_key(match_index, next.deal_in_match);
        let wall = crate::tiles::wall::shuffle(cfg.seed, key);
        let opts = next.options(DealOptions::new(true, false));
        let mut deal = Deal::new(&cfg.rules, &wall, next.dealer, next.scores, next.deal_index, opts)?;
        play_to_end(cfg, &mut deal, key, agents, &mut |_, _, _| Ok(()))?;
        let r = deal.result().ok_or_else(|| MahjongError::hand("the deal ended without a result"))?;
        m.record(r)?;
        out.push(record_of(key, Some(match_index), next.deal_in_match, r, &deal));
    }
    Ok(out)
}

/// Play matches `first..stop` on the current thread; records in (match, deal) order.
pub fn play_matches(cfg: &SimConfig, first: u64, stop: u64) -> Result<Vec<DealRecord>> {
    let mut agents = Agents::new(cfg);
    let mut out = Vec::new();
    for j in first..stop {
        out.extend(play_match(cfg, j, &mut agents)?);
    }
    Ok(out)
}

/// Play matches `first..stop` on the current rayon pool, in tasks of [`TASK_MATCHES`]
/// matches; records in (match, deal) order, identical to [`play_matches`] whatever the number
/// of threads.
pub fn play_matches_parallel(cfg: &SimConfig, first: u64, stop: u64) -> Result<Vec<DealRecord>> {
    let n_tasks = stop.saturating_sub(first).div_ceil(TASK_MATCHES);
    let parts: Vec<Result<Vec<DealRecord>>> = (0..n_tasks)
        .into_par_iter()
        .map(|t| {
            let a = first + t * TASK_MATCHES;
            play_matches(cfg, a, a.saturating_add(TASK_MATCHES).min(stop))
        })
        .collect();
    let mut out = Vec::new();
    for p in parts {
        out.extend(p?);
    }
    Ok(out)
}

/// Play deals `first..stop` on the current thread.
pub fn play_range(cfg: &SimConfig, first: u64, stop: u64) -> Result<Vec<DealRecord>> {
    let mut agents = Agents::new(cfg);
    (first..stop).map(|i| play_deal(cfg, i, &mut agents)).collect()
}

/// Play deals `first..stop` on the current rayon pool, in tasks of [`TASK_DEALS`] deals;
/// records in deal order, identical to [`play_range`] whatever the number of threads.
pub fn play_range_parallel(cfg: &SimConfig, first: u64, stop: u64) -> Result<Vec<DealRecord>> {
    let n_tasks = stop.saturating_sub(first).div_ceil(TASK_DEALS);
    let parts: Vec<Result<Vec<DealRecord>>> = (0..n_tasks)
        .into_par_iter()
        .map(|t| {
            let a = first + t * TASK_DEALS;
            play_range(cfg, a, a.saturating_add(TASK_DEALS).min(stop))
        })
        .collect();
    let mut out = Vec::with_capacity(parts.iter().map(|p| p.as_ref().map_or(0, Vec::len)).sum());
    for p in parts {
        out.extend(p?);
    }
    Ok(out)
}

/// The built-in seats' ready declaration (TW §20.6.1): when the action chosen (index `i` of
/// `legal`) is a discard and a ready declaration of a tile of the same kind is legal, that
/// declaration (the same discard, declared); else `i`.
pub fn declaring(legal: &[Action], i: usize) -> usize {
    let Some(a) = legal.get(i) else { return i };
    if a.kind != ActionType::Discard {
        return i;
    }
    let kind = a.tiles.as_slice().first().map(|t| t >> 2);
    legal
        .iter()
        .position(|d| d.kind == ActionType::DeclareReady && d.tiles.as_slice().first().map(|t| t >> 2) == kind)
        .unwrap_or(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(seats: [SeatKind; 4], rotate: bool) -> SimConfig {
        let rules = Ruleset::hong_kong().with_switch("rotate_dealer", crate::rules::SwitchValue::Bool(rotate)).unwrap();
        SimConfig::new(rules, 2026, seats)
    }

    /// The core's loop carries out a built-in seat's choice without checking it again
    /// (`Deal::apply_listed`): 1,000 random deals under four rulesets (two with house-rule
    /// hooks) give the events of checking every action (`Deal::apply`); in a debug build the
    /// skipped check is asserted as well.
    #[test]
    fn listed_actions_carried_out_unchecked_play_as_checked() {
        use crate::agents::random::RandomAgent;
        for name in ["hong-kong", "taiwanese-high", "hong-kong-riichi-advanced-hk", "test-house-hooks"] {
            let c = SimConfig::new(Ruleset::named(name).unwrap(), 7, [SeatKind::Random; 4]);
            let mut agents = Agents::new(&c);
            for i in 0..250u64 {
                let (_, fast) = play_deal_with(&c, i, &mut agents, &mut |_, _, _| Ok(()), true).unwrap();
                // the reference: the same choices, each action checked
                let next = lone_deal(&c.rules, i as u32).unwrap();
                let wall = crate::tiles::wall::shuffle(c.seed, i);
                let mut deal =
                    Deal::new(&c.rules, &wall, next.dealer, [0; 4], i as u32, next.options(DealOptions::new(true, true)))
                        .unwrap();
                let mut random: [RandomAgent; 4] = std::array::from_fn(|p| RandomAgent::new(c.seed, i, p as u8));
                let mut legal = Vec::new();
                while deal.phase() != Phase::Ended {
                    let to_act: Vec<u8> = deal.to_act().to_vec();
                    for p in to_act {
                        if !deal.to_act().contains(&p) {
                            continue;
                        }
                        deal.legal_actions_into(p, &mut legal);
                        let k = random[p as usize].below(legal.len());
                        deal.apply(&legal[k]).unwrap();
                        if !deal.phase().is_window() {
                            break;
                        }
                    }
                }
                assert_eq!(fast.events(), deal.events(), "{name} deal {i}");
            }
        }
    }

    #[test]
    fn records_are_consistent() {
        use SeatKind::*;
        let c = cfg([Greedy, Random, Greedy, Random], true);
        let recs = play_range(&c, 0, 60).unwrap();
        let mut wins = 0;
        for (i, r) in recs.iter().enumerate() {
            assert_eq!(r.deal_index, i as u64);
            assert_eq!(r.dealer, (i % 4) as u8);
            assert_eq!(r.points.iter().sum::<i64>(), 0);
            assert_eq!(r.exhaustive_draw, r.winners.is_empty());
            if let Some(w) = r.winner() {
                wins += 1;
                assert!(r.value >= 3 && r.points[w as usize] > 0, "{r:?}");
                assert_eq!(r.wins.len(), 1, "one winner in Hong Kong: {r:?}");
                let win = &r.wins[0];
                assert_eq!((win.seat, win.value, win.discarder, Some(win.kind)), (w, r.value, r.discarder, r.win_kind));
                assert!(!win.elements.is_empty());
                // the recorded hand and winning tile score to the recorded value
                let hand = crate::tiles::hand::parse_hand(&win.hand).unwrap();
                assert_eq!(hand.size(), 13, "{}", win.hand);
                assert!(win.win_tile.is_some());
            } else {
                assert_eq!((r.value, r.discarder, r.win_kind), (0, None, None));
                assert!(r.wins.is_empty());
                assert_eq!(r.points, [0; 4]);
            }
        }
        assert!(wins > 10, "{wins}");
    }

    #[test]
    fn same_records_for_any_thread_count_and_split() {
        use SeatKind::*;
        let c = cfg([Random, Greedy, Random, Greedy], false);
        let one = play_range(&c, 5, 105).unwrap();
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let par = pool.install(|| play_range_parallel(&c, 5, 105)).unwrap();
            assert_eq!(par, one, "{threads} threads");
        }
        let mut split = play_range(&c, 5, 40).unwrap();
        split.extend(play_range(&c, 40, 105).unwrap());
        assert_eq!(split, one);
        // a deal alone equals the deal in a run
        assert_eq!(play_range(&c, 77, 78).unwrap()[0], one[72]);
    }

    #[test]
    fn five_or_more_bonus_tiles_in_one_dealt_hand_are_all_replaced() {
        // Deal 76,591 of seed 1 gives the dealer six bonus tiles (HK §4.4): each needs its
        // replacement, or the dealer starts with 13 tiles and the greedy agent rejects the hand.
        let rules = Ruleset::hong_kong();
        let d = Deal::seeded(&rules, 1, 76_591, 0, [0; 4], DealOptions::new(true, false)).unwrap();
        assert_eq!(d.bonus(0).len(), 6);
        assert_eq!(d.hand(0).len(), 14);
        let c = cfg([SeatKind::Greedy; 4], false);
        let c = SimConfig { seed: 1, ..c };
        assert_eq!(play_range(&c, 76_591, 76_592).unwrap().len(), 1);
    }

    #[test]
    fn seeds_and_seats_matter() {
        use SeatKind::*;
        let a = play_range(&cfg([Random; 4], false), 0, 20).unwrap();
        let mut c = cfg([Random; 4], false);
        c.seed = 1;
        assert_ne!(a, play_range(&c, 0, 20).unwrap());
        assert_ne!(a, play_range(&cfg([Greedy; 4], false), 0, 20).unwrap());
        assert!(SeatKind::from_name("perfect").is_err());
        assert_eq!(SeatKind::from_name("greedy").unwrap().name(), "greedy");
    }
}
