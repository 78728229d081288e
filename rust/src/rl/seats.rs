//! The seats of a table: a learner (decided by the caller) or a built-in agent played inside
//! the call. The built-in agents decide exactly as in bulk simulation ([`crate::sim`]): the
//! same [`Situation`] from the seat's view (HK §14), the same agents, random seats from the
//! stream of `(seed, deal key, player)`.

use crate::agents::expert::{ExpertAgent, ExpertViewBuf};
use crate::agents::{GreedyAgent, LegalOption, RandomAgent, SeatValue, Situation, StrongAgent, TableBuf, ValueAgent};
use crate::error::{MahjongError, Result};
use crate::game::{Action, Deal};
use crate::rules::wait_values::ValueSituation;
use crate::rules::Ruleset;
use crate::sim::{option_of, SeatKind};
use crate::tiles::hand::Meld;
use crate::tiles::tile::Tile;

/// One seat of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    /// Decided by the caller (the learning policy).
    Learner,
    /// A built-in agent played inside the call.
    Builtin(SeatKind),
}

impl Seat {
    /// `"learner"` or a built-in seat's name (`SeatKind::from_name`). Errors: `RuleConfig`.
    pub fn from_name(name: &str) -> Result<Seat> {
        if name == "learner" {
            return Ok(Seat::Learner);
        }
        SeatKind::from_name(name).map(Seat::Builtin).map_err(|_| {
            MahjongError::RuleConfig(format!(
                "unknown seat {name:?}; choose learner or a built-in seat (expert, greedy, random, strong, value)"
            ))
        })
    }
    pub const fn name(self) -> &'static str {
        match self {
            Seat::Learner => "learner",
            Seat::Builtin(k) => k.name(),
        }
    }
    pub const fn is_learner(self) -> bool {
        matches!(self, Seat::Learner)
    }
}

/// The built-in agents of one ruleset and their buffers, made on first use. Their decisions
/// depend only on the situation (their evaluators' caches are memos), so one set per thread
/// serves every table ([`with_builtins`]) and no table's output depends on which thread ran it.
pub struct Builtins {
    rules: Ruleset,
    greedy: Option<GreedyAgent>,
    value: Option<ValueAgent>,
    strong: Option<StrongAgent>,
    expert: Option<ExpertAgent>,
    table: TableBuf,
    expert_view: ExpertViewBuf,
    options: Vec<LegalOption>,
    melds: Vec<Meld>,
}

impl Builtins {
    /// No agent yet; each is made when a seat of its kind first decides.
    pub fn new(rules: &Ruleset) -> Builtins {
        Builtins {
            rules: rules.clone(),
            greedy: None,
            value: None,
            strong: None,
            expert: None,
            table: TableBuf::default(),
            expert_view: ExpertViewBuf::default(),
            options: Vec::with_capacity(24),
            melds: Vec::with_capacity(6),
        }
    }

    /// The index into `legal` (non-empty, the engine's list for `p`) that built-in seat `kind`
    /// chooses; `random` is the player's random stream (used by random seats).
    ///
    /// Errors: only if an agent breaks its own invariants.
    pub fn choose(
        &mut self,
        kind: SeatKind,
        deal: &Deal,
        p: u8,
        legal: &[Action],
        random: &mut Option<RandomAgent>,
    ) -> Result<usize> {
        let missing = || MahjongError::hand(format!("no {} agent", kind.name()));
        let rules = &self.rules;
        if kind == SeatKind::Random {
            return Ok(random.as_mut().ok_or_else(missing)?.below(legal.len()));
        }
        let view = deal.view(p);
        let disc = view.last_discard().map(|(_, t)| t >> 2);
        self.options.clear();
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
            SeatKind::Random => Err(missing()),
            SeatKind::Greedy => self.greedy.get_or_insert_with(|| GreedyAgent::new(*rules.shapes())).choose(&s),
            SeatKind::Value => {
                let seat = SeatValue {
                    winds: ValueSituation { seat_wind: deal.seat_winds()[p as usize], prevailing_wind: deal.prevailing_wind() },
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
                self.expert.get_or_insert_with(|| ExpertAgent::new(rules.clone())).choose(&s, &v)
            }
        }
    }
}

/// Rulesets whose agents a thread keeps (the oldest is dropped beyond).
const KEPT_RULESETS: usize = 4;

thread_local! {
    static SHARED: std::cell::RefCell<Vec<Builtins>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Run `f` with this thread's built-in agents of `rules`.
pub fn with_builtins<R>(rules: &Ruleset, f: impl FnOnce(&mut Builtins) -> R) -> R {
    SHARED.with(|cell| {
        let mut v = cell.borrow_mut();
        let i = match v.iter().position(|b| &b.rules == rules) {
            Some(i) => i,
            None => {
                if v.len() >= KEPT_RULESETS {
                    v.remove(0);
                }
                v.push(Builtins::new(rules));
                v.len() - 1
            }
        };
        f(&mut v[i])
    })
}
