//! The seats of a table: a learner (decided by the caller) or a built-in agent played inside
//! the call. The built-in agents decide exactly as in bulk simulation ([`crate::sim`]): the
//! same [`Situation`] from the seat's view (HK §14), the same agents, random seats from the
//! stream of `(seed, deal key, player)`.

use crate::agents::RandomAgent;
use crate::error::{MahjongError, Result};
use crate::game::{Action, Deal};
use crate::rules::Ruleset;
use crate::sim::{Agents, SeatKind};

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
    agents: Agents,
}

impl Builtins {
    /// No agent yet; each is made when a seat of its kind first decides.
    pub fn new(rules: &Ruleset) -> Builtins {
        Builtins { rules: rules.clone(), agents: Agents::empty() }
    }

    /// The index into `legal` (non-empty, the engine's list for `p`) that built-in seat `kind`
    /// chooses; `random` is the player's random stream (used by random seats). The dispatch is
    /// the bulk simulation's own ([`Agents::choose`]).
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
        self.agents.choose(&self.rules, kind, deal, p, legal, random)
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
