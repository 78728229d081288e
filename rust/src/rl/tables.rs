//! One table of the environment ([`Table`]) and many stepped together ([`TableBatch`]).
//!
//! A table plays deals one after another. Its episode `e` (a deal) depends only on the table's
//! seed and the learners' actions: the wall is [`crate::tiles::wall::shuffle`]`(seed, w)` with `w = e`,
//! or, in duplicate mode, `w = e / 4` with the line-up rotated by `e % 4` (player `p` is
//! `seats[(p + e % 4) % 4]`, as the arena rotates it), so each wall is played from every
//! position. The dealer comes from the ruleset by the deal index `w` (HK §12, TW §16: a lone
//! deal from scores 0). Built-in seats are played inside the step; the deal passes at once for
//! a player whose only legal response is a pass (HK §5.4), so a learner is asked only when it
//! has a choice. Claims are answered seat by seat in the order of the window and resolved by
//! priority afterwards, by the deal itself (HK §6.2, TW §5.2).
//!
//! Autoreset is Gymnasium's `NEXT_STEP`: the step that ends a deal reports `done` with the
//! rewards; the table's next step ignores its action and starts the next deal.
//!
//! With [`BatchConfig::matches`] an episode is a whole match instead (TW §16, HK §12): match
//! `w` (`e`, or `e / 4` in duplicate mode) deals its deal `j` from the wall
//! `shuffle(seed, match_deal_key(w, j))`, as `simulate --matches` keys them, with the dealer,
//! streak, round wind and scores the match has reached. A step's reward is then the payments
//! of every deal that ended since the previous step (a deal the built-in seats finish before
//! any learner decides counts in the next step that reports), and `done` comes with the
//! match's end, so the rewards of an episode add up to the match's final scores.

use super::actions::{ActionMap, ActionSpace, PASS, WIN};
use super::obs::{encode, ObsBuf, ObsOptions};
use super::pool::BatchPool;
use super::seats::{with_builtins, Seat};
use crate::agents::RandomAgent;
use crate::error::{MahjongError, Result};
use crate::game::{lone_deal, Action, ActionType, Deal, DealOptions, DealResult, IllegalCode, Match, Phase};
use crate::rules::{MatchOptions, Ruleset};
use crate::sim::{match_deal_key, SeatKind};

/// What the reward of a finished deal is (per player, in the step that ends it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RewardKind {
    /// The deal's points (HK §11, TW §15): zero-sum over the four players.
    Points,
    /// The sign of the points: +1 won, -1 paid, 0 otherwise.
    Win,
    /// Each winner's hand value (faan after the cap, or hand Tai), 0 for the others.
    Value,
}

impl RewardKind {
    /// `"points"`, `"win"` or `"value"`. Errors: `RuleConfig`.
    pub fn from_name(name: &str) -> Result<RewardKind> {
        match name {
            "points" => Ok(RewardKind::Points),
            "win" => Ok(RewardKind::Win),
            "value" => Ok(RewardKind::Value),
            _ => Err(MahjongError::RuleConfig(format!("unknown reward {name:?}; choose points, value or win"))),
        }
    }
}

/// What an action outside the mask does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum IllegalMode {
    /// The step is refused with `IllegalAction`, nothing changes.
    Raise,
    /// The deal ends at once; the seat that chose it gets minus this reward, the others 0.
    Penalty(f32),
}

/// What every table of a batch shares.
#[derive(Debug, Clone)]
pub struct BatchConfig {
    pub rules: Ruleset,
    /// The line-up (rotated per episode in duplicate mode). At least one learner.
    pub seats: [Seat; 4],
    pub duplicate: bool,
    /// An episode is a whole match (TW §16, HK §12) rather than one deal from scores 0.
    pub matches: bool,
    pub obs: ObsOptions,
    /// The action space (version 2: the ruleset's extra actions after the 75); set with the
    /// observation's version by [`BatchConfig::with_version`].
    space: ActionSpace,
    pub reward: RewardKind,
    pub illegal: IllegalMode,
}

impl BatchConfig {
    /// A configuration with the default observation (version 1), points as reward, illegal
    /// actions refused. Errors: as [`BatchConfig::with_version`].
    pub fn new(rules: Ruleset, seats: [Seat; 4]) -> Result<BatchConfig> {
        BatchConfig::with_version(rules, seats, super::obs::OBS_VERSION)
    }

    /// A configuration of observation/action version `version` (1 or 2, docs/rl.md).
    /// Errors: `RuleConfig` when no seat is a learner; under version 1 a configuration error
    /// naming the switch that adds an action ([`Ruleset::extra_actions`]; the ruleset's name
    /// when it always has it), which the 75 indices cannot express; an unknown version
    /// (`.switch` `obs_version`).
    pub fn with_version(rules: Ruleset, seats: [Seat; 4], version: u32) -> Result<BatchConfig> {
        if !seats.iter().any(|s| s.is_learner()) {
            return Err(MahjongError::RuleConfig("at least one seat must be \"learner\"".into()));
        }
        let space = ActionSpace::new(&rules, version)?;
        Ok(BatchConfig {
            rules,
            seats,
            duplicate: false,
            matches: false,
            obs: ObsOptions { version, ..ObsOptions::default() },
            space,
            reward: RewardKind::Points,
            illegal: IllegalMode::Raise,
        })
    }

    /// The action space.
    pub fn space(&self) -> &ActionSpace {
        &self.space
    }
    /// Number of action indices (75 under version 1).
    pub fn n_actions(&self) -> usize {
        self.space.len()
    }
}

/// Where one table writes one step: `obs` (`cfg.obs.len()` floats, or None for mask only),
/// `mask` (`cfg.n_actions()`), `reward` (4, by player), the player to act (-1 when the deal just ended) and
/// whether the deal just ended.
pub struct StepOut<'a> {
    pub obs: Option<&'a mut [f32]>,
    pub mask: &'a mut [u8],
    pub reward: &'a mut [f32],
    pub seat: &'a mut i8,
    pub done: &'a mut bool,
}

/// One table: a running deal, its seats and the decision it waits for.
pub struct Table {
    seed: u64,
    episode: u64,
    deal: Option<Deal>,
    seats: [Seat; 4],
    random: [Option<RandomAgent>; 4],
    legal: Vec<Action>,
    map: ActionMap,
    actor: Option<u8>,
    /// The last step ended a deal (by its end or by a penalty): the next step starts the next.
    pending_reset: bool,
    /// Deals skipped because they ended before any learner had a decision (matches, in match
    /// mode, that ended so).
    skipped: u64,
    /// The match being played (match mode).
    game: Option<Match>,
    /// Rewards of the deals that ended since the last step that reported (match mode).
    carry: [f32; 4],
    last: Option<DealResult>,
    obs_buf: ObsBuf,
}

impl Table {
    /// A table of `cfg` with `seed`, not started ([`Table::reset`] starts it).
    pub fn new(cfg: &BatchConfig, seed: u64) -> Table {
        Table {
            seed,
            episode: 0,
            deal: None,
            seats: cfg.seats,
            random: [None, None, None, None],
            legal: Vec::with_capacity(24),
            map: ActionMap::empty(&cfg.space),
            actor: None,
            pending_reset: false,
            skipped: 0,
            game: None,
            carry: [0.0; 4],
            last: None,
            obs_buf: ObsBuf::default(),
        }
    }

    /// (wall index, rotation) of the current episode.
    pub fn wall_and_rotation(&self, cfg: &BatchConfig) -> (u64, u8) {
        if cfg.duplicate {
            (self.episode / 4, (self.episode % 4) as u8)
        } else {
            (self.episode, 0)
        }
    }

    /// Restart at episode 0 with `seed` (the current seed if None) and write the first decision.
    pub fn reset(&mut self, cfg: &BatchConfig, seed: Option<u64>, out: StepOut<'_>) -> Result<()> {
        if let Some(s) = seed {
            self.seed = s;
        }
        self.episode = 0;
        self.skipped = 0;
        self.start(cfg)?;
        self.write(cfg, out, false);
        Ok(())
    }

    /// Abandon the episode in play (it is not reported) and start the next one, as the step after
    /// an ended episode does; write its first decision with rewards 0. Gymnasium's unseeded
    /// `reset()` continues a table's stream so. Errors: `InvalidHand` before the first reset.
    pub fn next_episode(&mut self, cfg: &BatchConfig, out: StepOut<'_>) -> Result<()> {
        if self.deal.is_none() {
            return Err(MahjongError::hand("the table was not reset"));
        }
        out.reward.fill(0.0);
        self.episode += 1;
        self.start(cfg)?;
        self.write(cfg, out, false);
        Ok(())
    }

    /// Deal the current episode and play the built-in seats up to a learner's decision. A deal
    /// that ends before any learner has a decision (the built-in seats win on the first
    /// discards, say) is skipped: the next episode is dealt, and [`Table::skipped`] counts it.
    /// Such a deal's outcome does not depend on the learners, so no step reports it. (In match
    /// mode a deal without a learner decision is part of the match: [`Table::next_match_deal`]
    /// plays it and carries its rewards; only a whole match without one is skipped here.)
    fn start(&mut self, cfg: &BatchConfig) -> Result<()> {
        loop {
            self.deal_episode(cfg)?;
            if self.actor.is_some() {
                return Ok(());
            }
            self.skipped += 1;
            self.episode += 1;
        }
    }

    /// Deal episode `episode` as a step's autoreset would (the tests' way to reach one).
    #[cfg(test)]
    pub(crate) fn start_at(&mut self, cfg: &BatchConfig, episode: u64) -> Result<()> {
        self.episode = episode;
        self.skipped = 0;
        self.start(cfg)
    }

    fn deal_episode(&mut self, cfg: &BatchConfig) -> Result<()> {
        let (w, rot) = self.wall_and_rotation(cfg);
        self.seats = std::array::from_fn(|p| cfg.seats[(p + rot as usize) % 4]);
        self.pending_reset = false;
        if cfg.matches {
            self.game = Some(Match::new(&cfg.rules, MatchOptions::default())?);
            self.carry = [0.0; 4];
            return self.next_match_deal(cfg);
        }
        let index = (w & 0xffff_ffff) as u32;
        let next = lone_deal(&cfg.rules, index)?;
        let wall = crate::tiles::wall::shuffle(self.seed, w);
        let opts = next.options(DealOptions::new(true, false));
        self.deal = Some(Deal::new(&cfg.rules, &wall, next.dealer, [0; 4], index, opts)?);
        self.random_seats(w);
        self.advance(cfg)
    }

    /// Random seats drawing from the stream of `(seed, key, player)`.
    fn random_seats(&mut self, key: u64) {
        let (seed, seats) = (self.seed, self.seats);
        self.random =
            std::array::from_fn(|p| (seats[p] == Seat::Builtin(SeatKind::Random)).then(|| RandomAgent::new(seed, key, p as u8)));
    }

    /// Match mode: deal the match's next deals until a learner must decide (a deal finished
    /// before that is recorded and its rewards carried) or the match is over (no actor).
    fn next_match_deal(&mut self, cfg: &BatchConfig) -> Result<()> {
        let (w, _) = self.wall_and_rotation(cfg);
        loop {
            let game = self.game.as_ref().ok_or_else(|| MahjongError::hand("no match is being played"))?;
            let Some(next) = game.next_deal() else {
                self.actor = None;
                self.map.clear();
                return Ok(());
            };
            let key = match_deal_key(w, next.deal_in_match);
            let wall = crate::tiles::wall::shuffle(self.seed, key);
            let opts = next.options(DealOptions::new(true, false));
            self.deal = Some(Deal::new(&cfg.rules, &wall, next.dealer, next.scores, next.deal_index, opts)?);
            self.random_seats(key);
            self.advance(cfg)?;
            if self.actor.is_some() {
                return Ok(());
            }
            let r = self.finish_deal(cfg)?;
            for (c, x) in self.carry.iter_mut().zip(r) {
                *c += x;
            }
        }
    }

    /// The ended deal's rewards by player; its result kept for [`Table::last_result`] and, in
    /// match mode, recorded in the match.
    fn finish_deal(&mut self, cfg: &BatchConfig) -> Result<[f32; 4]> {
        let r =
            self.deal.as_ref().and_then(|d| d.result()).cloned().ok_or_else(|| MahjongError::hand("the deal has not ended"))?;
        let rewards = std::array::from_fn(|p| match cfg.reward {
            RewardKind::Points => r.payments[p] as f32,
            RewardKind::Win => r.payments[p].signum() as f32,
            RewardKind::Value => r.wins.iter().filter(|w| w.player as usize == p).map(|w| w.score.value as f32).sum(),
        });
        if let Some(game) = self.game.as_mut().filter(|_| cfg.matches) {
            game.record(&r)?;
        }
        self.last = Some(r);
        Ok(rewards)
    }

    /// Play the built-in seats until a learner must decide or the deal ends.
    fn advance(&mut self, cfg: &BatchConfig) -> Result<()> {
        let deal = self.deal.as_mut().ok_or_else(|| MahjongError::hand("the table was not reset"))?;
        loop {
            if deal.phase() == Phase::Ended {
                self.actor = None;
                self.map.clear();
                return Ok(());
            }
            let p = deal.to_act()[0];
            deal.legal_actions_into(p, &mut self.legal);
            match self.seats[p as usize] {
                Seat::Learner => {
                    let disc = if deal.phase() == Phase::Response { deal.window_tile().map(|t| t >> 2) } else { None };
                    self.map = ActionMap::build_in(&cfg.space, &self.legal, disc);
                    self.actor = Some(p);
                    return Ok(());
                }
                Seat::Builtin(kind) => {
                    let (legal, random) = (&self.legal, &mut self.random[p as usize]);
                    let i = with_builtins(&cfg.rules, |b| b.choose(kind, deal, p, legal, random))?;
                    let a = self.legal[i];
                    deal.apply(&a)?;
                }
            }
        }
    }

    /// Whether `action` may be given to this table now (any action while a reset is pending).
    pub fn accepts(&self, action: i64) -> bool {
        self.pending_reset || action >= 0 && self.map.is_legal(action as usize)
    }

    /// The `IllegalAction` error of `action` on this table (`table` names it).
    pub fn illegal_error(&self, table: usize, action: i64) -> MahjongError {
        let legal: Vec<String> = (0..self.map.len()).filter(|&a| self.map.is_legal(a)).map(|a| a.to_string()).collect();
        let code = match (self.deal.as_ref(), self.actor) {
            (Some(d), Some(p)) => illegal_code(d, p, action, self.map.len()),
            _ => IllegalCode::DealOver,
        };
        MahjongError::IllegalAction {
            code,
            message: format!(
                "table {table}: action {action} is not legal for player {} now; legal: [{}]",
                self.actor.map_or(-1, |p| p as i32),
                legal.join(", ")
            ),
        }
    }

    /// One step: the learner to act plays `action` (ignored when a reset is pending: the next
    /// deal starts), then the built-in seats play until a learner must decide or the deal ends.
    ///
    /// Errors: `IllegalAction` for an action outside the mask with [`IllegalMode::Raise`]
    /// (nothing changes); otherwise only broken invariants.
    pub fn step(&mut self, cfg: &BatchConfig, action: i64, out: StepOut<'_>) -> Result<()> {
        out.reward.fill(0.0);
        if self.pending_reset {
            self.episode += 1;
            self.start(cfg)?;
            self.write(cfg, out, false);
            return Ok(());
        }
        let (Some(deal), Some(actor)) = (self.deal.as_mut(), self.actor) else {
            return Err(MahjongError::hand("the table was not reset"));
        };
        let slot = if action >= 0 { self.map.legal_slot(action as usize) } else { None };
        match (slot, cfg.illegal) {
            (Some(i), _) => {
                let a = self.legal[i];
                deal.apply(&a)?;
                self.advance(cfg)?;
            }
            (None, IllegalMode::Raise) => return Err(self.illegal_error(0, action)),
            (None, IllegalMode::Penalty(x)) => {
                // the payments of deals the built-in seats finished before this step (match
                // mode) are reported with the penalty, not dropped
                out.reward.copy_from_slice(&std::mem::take(&mut self.carry));
                out.reward[actor as usize] -= x;
                self.last = None;
                self.pending_reset = true;
                self.actor = None;
                self.map.clear();
                self.write(cfg, out, true);
                return Ok(());
            }
        }
        let mut done = false;
        if self.actor.is_none() {
            let r = self.finish_deal(cfg)?;
            out.reward.copy_from_slice(&r);
            if cfg.matches {
                self.next_match_deal(cfg)?;
            }
            done = self.actor.is_none();
        }
        for (o, c) in out.reward.iter_mut().zip(std::mem::take(&mut self.carry)) {
            *o += c;
        }
        self.pending_reset = done;
        self.write(cfg, out, done);
        Ok(())
    }

    /// Write the decision now: the actor's observation and mask, or, when the deal just ended,
    /// the first learner's observation, an empty mask and seat -1.
    fn write(&mut self, cfg: &BatchConfig, out: StepOut<'_>, done: bool) {
        *out.done = done;
        self.map.write_mask(out.mask);
        *out.seat = self.actor.map_or(-1, |p| p as i8);
        if let (Some(o), Some(deal)) = (out.obs, self.deal.as_ref()) {
            let p = self.actor.unwrap_or_else(|| self.seats.iter().position(|s| s.is_learner()).unwrap_or(0) as u8);
            encode(deal, p, &cfg.obs, &mut self.obs_buf, o);
        }
    }

    /// The deal being played (None before the first reset).
    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }
    /// The engine actions behind the current mask (the engine's legal list of the actor).
    pub fn legal(&self) -> &[Action] {
        if self.actor.is_some() {
            &self.legal
        } else {
            &[]
        }
    }
    /// The player to act (None when the deal just ended).
    pub fn actor(&self) -> Option<u8> {
        self.actor
    }
    pub fn map(&self) -> &ActionMap {
        &self.map
    }
    /// The result of the deal the last step ended (None after a penalty or before any end).
    pub fn last_result(&self) -> Option<&DealResult> {
        self.last.as_ref()
    }
    /// The current line-up (rotated in duplicate mode).
    pub fn seats(&self) -> [Seat; 4] {
        self.seats
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The episode number: deals (matches, in match mode) dealt since the last reset, minus one;
    /// skipped ones included.
    pub fn episode(&self) -> u64 {
        self.episode
    }
    /// Deals skipped since the last reset because no learner had a decision in them (in match
    /// mode: matches).
    pub fn skipped(&self) -> u64 {
        self.skipped
    }
    /// The match being played or just finished (match mode).
    pub fn game(&self) -> Option<&Match> {
        self.game.as_ref()
    }
}

/// The §13 code of the engine's check for what index `a` (of a space of `n`) asks of player `p`
/// (an index without a single engine action behind it: `INVALID_MELD` in a window, else
/// `WRONG_PHASE`).
fn illegal_code(deal: &Deal, p: u8, a: i64, n: usize) -> IllegalCode {
    let own_turn = matches!(deal.phase(), Phase::Action | Phase::AfterClaim);
    let probe = if (0..34).contains(&a) {
        let k = a as u8;
        let id = deal.hand(p as usize).iter().copied().filter(|&x| x >> 2 == k).min().unwrap_or(k * 4);
        Some(Action::discard(p, id))
    } else if a == WIN as i64 {
        Some(Action::bare(if own_turn { ActionType::SelfDrawnWin } else { ActionType::Win }, p))
    } else if a == PASS as i64 {
        Some(Action::bare(ActionType::Pass, p))
    } else {
        None
    };
    if let Some(Err(MahjongError::IllegalAction { code, .. })) = probe.map(|x| deal.check(&x)) {
        return code;
    }
    if (0..n as i64).contains(&a) && deal.phase().is_window() {
        IllegalCode::InvalidMeld
    } else if (0..n as i64).contains(&a) {
        IllegalCode::WrongPhase
    } else {
        IllegalCode::UnknownTile
    }
}

/// Many tables of one configuration stepped by one call.
pub struct TableBatch {
    cfg: BatchConfig,
    tables: Vec<Table>,
}

/// Flat output buffers of a whole batch (`n` tables).
pub struct BatchOut<'a> {
    pub obs: Option<&'a mut [f32]>,
    pub mask: &'a mut [u8],
    pub reward: &'a mut [f32],
    pub seat: &'a mut [i8],
    pub done: &'a mut [bool],
}

impl BatchOut<'_> {
    /// Per-table views (the lengths were checked by [`TableBatch::check_out`]).
    fn split(&mut self, n: usize, obs_len: usize, n_actions: usize) -> Vec<StepOut<'_>> {
        let mut obs: Vec<Option<&mut [f32]>> = match self.obs.as_deref_mut() {
            Some(o) => o.chunks_mut(obs_len).map(Some).collect(),
            None => (0..n).map(|_| None).collect(),
        };
        obs.truncate(n);
        obs.into_iter()
            .zip(self.mask.chunks_mut(n_actions))
            .zip(self.reward.chunks_mut(4))
            .zip(self.seat.iter_mut())
            .zip(self.done.iter_mut())
            .map(|((((obs, mask), reward), seat), done)| StepOut { obs, mask, reward, seat, done })
            .collect()
    }
}

impl TableBatch {
    /// `n` tables of `cfg`; table `i` has the seed `seed + i` (wrapping), so one table with
    /// seed `s` plays what table `i` of a batch with seed `s - i` plays.
    pub fn new(n: usize, cfg: BatchConfig, seed: u64) -> TableBatch {
        let tables = (0..n).map(|i| Table::new(&cfg, seed.wrapping_add(i as u64))).collect();
        TableBatch { cfg, tables }
    }
    pub fn config(&self) -> &BatchConfig {
        &self.cfg
    }
    pub fn len(&self) -> usize {
        self.tables.len()
    }
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// Whether the buffers fit `n` tables (an error message naming the first that does not).
    pub fn check_out(&self, out: &BatchOut<'_>) -> std::result::Result<(), String> {
        let n = self.tables.len();
        let want = |name: &str, got: usize, per: usize| {
            if got == n * per {
                Ok(())
            } else {
                Err(format!("{name} holds {got} values, {} expected ({n} tables x {per})", n * per))
            }
        };
        if let Some(o) = out.obs.as_deref() {
            want("obs", o.len(), self.cfg.obs.len())?;
        }
        want("mask", out.mask.len(), self.cfg.n_actions())?;
        want("reward", out.reward.len(), 4)?;
        want("seat", out.seat.len(), 1)?;
        want("done", out.done.len(), 1)
    }

    fn run(
        &mut self,
        out: &mut BatchOut<'_>,
        pool: Option<&BatchPool>,
        f: &(dyn Fn(usize, &mut Table, &BatchConfig, StepOut<'_>) -> Result<()> + Sync),
    ) -> Result<()> {
        let n = self.tables.len();
        let cfg = &self.cfg;
        let outs = out.split(n, cfg.obs.len(), cfg.n_actions());
        let first_err = match pool {
            Some(pool) if n > 1 => {
                let items: Vec<(&mut Table, StepOut<'_>)> = self.tables.iter_mut().zip(outs).collect();
                let prefetch = |(t, _): &(&mut Table, StepOut<'_>)| {
                    if let Some(d) = t.deal.as_ref() {
                        d.prefetch();
                    }
                };
                pool.for_each(items, &prefetch, &|i, (t, o)| f(i, t, cfg, o))
            }
            _ => {
                let mut first = None;
                for (i, o) in outs.into_iter().enumerate() {
                    // the next table's deal starts loading while this one steps
                    if let Some(d) = self.tables.get(i + 1).and_then(|t| t.deal.as_ref()) {
                        d.prefetch();
                    }
                    if let Err(e) = f(i, &mut self.tables[i], cfg, o) {
                        first.get_or_insert((i, e));
                    }
                }
                first
            }
        };
        match first_err {
            Some((i, e)) => Err(MahjongError::hand(format!("table {i}: {e}"))),
            None => Ok(()),
        }
    }

    /// Restart every table at episode 0 (`seeds`, one per table, replace their seeds) and
    /// write the first decisions. Errors: `InvalidHand` for a wrong number of seeds.
    pub fn reset(&mut self, seeds: Option<&[u64]>, out: &mut BatchOut<'_>, pool: Option<&BatchPool>) -> Result<()> {
        if let Some(s) = seeds {
            if s.len() != self.tables.len() {
                return Err(MahjongError::hand(format!("{} seeds for {} tables", s.len(), self.tables.len())));
            }
        }
        self.run(out, pool, &|i, t, cfg, o| t.reset(cfg, seeds.map(|s| s[i]), o))
    }

    /// Every table abandons its episode and starts the next ([`Table::next_episode`]).
    pub fn next_episode(&mut self, out: &mut BatchOut<'_>, pool: Option<&BatchPool>) -> Result<()> {
        self.run(out, pool, &|_, t, cfg, o| t.next_episode(cfg, o))
    }

    /// Check every action first (`IllegalAction` naming the first table whose action is not
    /// legal, with [`IllegalMode::Raise`]; then nothing changes), then step every table.
    pub fn step(&mut self, actions: &[i64], out: &mut BatchOut<'_>, pool: Option<&BatchPool>) -> Result<()> {
        if actions.len() != self.tables.len() {
            return Err(MahjongError::hand(format!("{} actions for {} tables", actions.len(), self.tables.len())));
        }
        if self.cfg.illegal == IllegalMode::Raise {
            if let Some(i) = (0..actions.len()).find(|&i| !self.tables[i].accepts(actions[i])) {
                return Err(self.tables[i].illegal_error(i, actions[i]));
            }
        }
        self.run(out, pool, &|i, t, cfg, o| t.step(cfg, actions[i], o))
    }
}
