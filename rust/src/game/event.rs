//! Events and results of a deal (design §4: the deal is event-sourced; HK §8, §10, §11).

use super::action::{Action, ActionType, Tiles};
use crate::rules::scoring::ScoreOutcome;
use crate::rules::BonusWinKind;

/// Why a replacement tile was drawn from the tail (HK §4.4, §7.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplacementReason {
    Bonus,
    Kong,
}

impl ReplacementReason {
    pub const fn name(self) -> &'static str {
        match self {
            ReplacementReason::Bonus => "bonus",
            ReplacementReason::Kong => "kong",
        }
    }
}

/// The wall after a draw (TW §20.1, §20.6.4): the reserve (`R` under `replacement_wall_16`)
/// and the live tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WallCount {
    pub reserve: u16,
    pub live: u16,
}

/// How a win happened (HK §8.1, TW §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinKind {
    SelfDrawn,
    Discard,
    RobbingKong,
    /// A bonus-tile win (TW §7, HK §19.6), of the kind the ruleset found
    /// ([`BonusWinKind`]: TW §7.1 all eight and §7.2 robbing the eighth, HK §19.6 a flower win
    /// and its robbing form); settled as self-drawn unless it robs the tile just exposed (the
    /// exposing player then pays as the discarder).
    Bonus(BonusWinKind),
}

impl WinKind {
    /// The name in records, logs, events and the Python API (`"self_drawn"`, `"discard"`,
    /// `"robbing_kong"`; the bonus-tile wins `"bonus_all_eight"`, `"bonus_rob_eighth"` (TW §7),
    /// `"flower_win"`, `"flower_win_rob"` (HK §19.13)).
    pub const fn name(self) -> &'static str {
        match self {
            WinKind::SelfDrawn => "self_drawn",
            WinKind::Discard => "discard",
            WinKind::RobbingKong => "robbing_kong",
            WinKind::Bonus(BonusWinKind::AllEight) => "bonus_all_eight",
            WinKind::Bonus(BonusWinKind::RobEighth) => "bonus_rob_eighth",
            WinKind::Bonus(BonusWinKind::Flower) => "flower_win",
            WinKind::Bonus(BonusWinKind::FlowerRob) => "flower_win_rob",
        }
    }
    /// A bonus-tile win (TW §7, HK §19.6: automatic, no hand shape, exempt from the minimum).
    pub const fn is_bonus_win(self) -> bool {
        matches!(self, WinKind::Bonus(_))
    }
}

/// Why a deal ended without a winner (HK §8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawReason {
    /// Everybody passed the last discard (case 1).
    LastDiscard,
    /// A replacement tile was needed from an empty wall (case 2).
    NoReplacement,
    /// An abortive draw a ruleset's hooks called (TW §20.5.6 `four_winds`), with its reason.
    Abortive(&'static str),
}

impl DrawReason {
    pub const fn name(self) -> &'static str {
        match self {
            DrawReason::LastDiscard => "last_discard",
            DrawReason::NoReplacement => "no_replacement",
            DrawReason::Abortive(reason) => reason,
        }
    }
    /// Whether the ruleset ended the deal early (not an exhaustive draw of HK §8.2).
    pub const fn is_abortive(self) -> bool {
        matches!(self, DrawReason::Abortive(_))
    }
}

/// One change of the deal, in the order it happens. Field names follow the JSON Lines log
/// (`python/mahjong_fast/game/events.py` documents each).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// HK §4.3: the hands as dealt (before any bonus replacement), per player, and the state
    /// the deal starts from, every input of its result that no later event shows (the deal
    /// index, the scores, TW §16 the round wind and the dealer's streak): a log proves them.
    Deal {
        dealer: u8,
        seat_winds: [u8; 4],
        hands: [Vec<u8>; 4],
        deal_index: u32,
        scores: [i64; 4],
        prevailing_wind: u8,
        dealer_streak: u32,
    },
    /// A normal draw from the front of the wall; `wall`: the reserve and live counts after it
    /// under a ruleset's wall rules (TW §20.6.4; `None` under the seed's rules).
    Draw { player: u8, tile: u8, wall: Option<WallCount> },
    /// A draw from the tail (HK §4.4, §7.4); `wall` as for [`Event::Draw`].
    ReplacementDraw { player: u8, tile: u8, reason: ReplacementReason, wall: Option<WallCount> },
    /// A bonus tile exposed (HK §4.4).
    Bonus { player: u8, tile: u8 },
    /// An accepted action, recorded before its consequences; `auto` for an engine auto-pass.
    Action { action: Action, auto: bool },
    /// HK §5.4; `last` for the last discard (§6.3).
    Discard { player: u8, tile: u8, last: bool },
    /// HK §5.5 a pung, exposed kong or chow carried out; `tiles` the whole set, ascending.
    Claim { player: u8, kind: ActionType, tile: u8, from: u8, tiles: Tiles },
    /// HK §7.1; the four tiles ascending.
    ConcealedKong { player: u8, tiles: Tiles },
    /// HK §7.3 declared; a ROB window opens.
    AddedKong { player: u8, tile: u8 },
    /// HK §7.3 nobody robbed: the pung became a kong.
    KongCompleted { player: u8, tiles: Tiles },
    /// HK §8.1 a win with its score (index into [`DealResult::wins`]) and the final hand.
    Win { player: u8, win: usize, hand: Vec<u8> },
    /// HK §11: per player, and the scores after payment.
    Payments { payments: [i64; 4], scores: [i64; 4] },
    /// HK §8.2; a ruleset's abortive draw too ([`DrawReason::Abortive`]).
    ExhaustiveDraw { reason: DrawReason },
    /// A per-seat rule flag of the ruleset set or cleared (`rules/hooks.rs`); a private flag
    /// (`public` false) is seen by its seat only. `event` is its log name (`rule_flag`, or the
    /// ruleset's own, [`crate::rules::RuleFlags::event_name`]); `kinds` the seat's private set
    /// of kinds after the change (bit k: kind k; 0 when it has none), e.g. the kinds a HK §19.12
    /// pass-over lock holds.
    RuleFlag { player: u8, flag: &'static str, value: bool, public: bool, event: &'static str, kinds: u64 },
    /// A liability record made (TW §20.7.2, HK §19.8): `liable` pays for `player`'s win as the
    /// ruleset settles it; `tile` the claimed tile that made it, when a claim did.
    Liability { player: u8, liable: u8, pattern: &'static str, tile: Option<u8> },
    /// HK §19.6, §19.13 a flower win: `player` won by bonus tiles (`kind` `seven`, `eight` or
    /// `rob`), `tile` the bonus tile that caused it, exposed by `exposer` (the winner itself
    /// unless robbed). Logged before the `win` event (Hong Kong only; Taiwanese bonus-tile wins
    /// have their `win` event alone, TW §7).
    FlowerWin { player: u8, kind: &'static str, tile: u8, exposer: u8 },
    /// HK §19.11 a false win: `player` declared a win (`declared`: `self_drawn`, `discard`,
    /// `rob`) refused with `reason` (a §13 code); its concealed tiles, ascending, are revealed.
    FalseWin { player: u8, declared: &'static str, reason: &'static str, hand: Vec<u8> },
    /// TW §20.6.3 a `BONUS_CHOICE` opened: `player` is asked about a bonus-tile win of `kind`
    /// (`eight`: all eight bonus tiles; `seven_rob`: seven rob the eighth). Public.
    BonusChoice { player: u8, kind: &'static str },
    /// TW §20.6.4 the answer: `win` true for `bonus_win`, false for `bonus_decline`; a seven-rob
    /// win names the bonus tile that moves (`tile`) and the seat it comes from (`from`).
    BonusAnswer { player: u8, win: bool, tile: Option<u8>, from: Option<u8> },
}

impl Event {
    /// Whether the event holds heap memory (a `Vec`). Exhaustive on purpose: a new variant must
    /// say, because [`crate::game::Deal`] forgets (rather than drops) the others when it keeps
    /// no log, which spares an out-of-line drop per event on the simulation path.
    #[inline(always)]
    pub(crate) const fn owns_heap(&self) -> bool {
        match self {
            Event::Deal { .. } | Event::Win { .. } | Event::FalseWin { .. } => true,
            Event::Draw { .. }
            | Event::ReplacementDraw { .. }
            | Event::Bonus { .. }
            | Event::Action { .. }
            | Event::Discard { .. }
            | Event::Claim { .. }
            | Event::ConcealedKong { .. }
            | Event::AddedKong { .. }
            | Event::KongCompleted { .. }
            | Event::Payments { .. }
            | Event::ExhaustiveDraw { .. }
            | Event::RuleFlag { .. }
            | Event::Liability { .. }
            | Event::FlowerWin { .. }
            | Event::BonusChoice { .. }
            | Event::BonusAnswer { .. } => false,
        }
    }

    /// The log name of the event type (`"draw"`, `"win"`, ...).
    pub const fn name(&self) -> &'static str {
        match self {
            Event::Deal { .. } => "deal",
            Event::Draw { .. } => "draw",
            Event::ReplacementDraw { .. } => "replacement_draw",
            Event::Bonus { .. } => "bonus",
            Event::Action { .. } => "action",
            Event::Discard { .. } => "discard",
            Event::Claim { .. } => "claim",
            Event::ConcealedKong { .. } => "concealed_kong",
            Event::AddedKong { .. } => "added_kong",
            Event::KongCompleted { .. } => "kong_completed",
            Event::Win { .. } => "win",
            Event::Payments { .. } => "payments",
            Event::ExhaustiveDraw { .. } => "exhaustive_draw",
            Event::RuleFlag { event, .. } => event,
            Event::Liability { .. } => "liability",
            Event::FlowerWin { .. } => "flower_win",
            Event::FalseWin { .. } => "false_win",
            Event::BonusChoice { .. } => "bonus_choice",
            Event::BonusAnswer { win: true, .. } => "bonus_win",
            Event::BonusAnswer { win: false, .. } => "bonus_decline",
        }
    }
    /// The player the event is about (None for deal, payments, exhaustive draw).
    pub const fn player(&self) -> Option<u8> {
        match *self {
            Event::Draw { player, .. }
            | Event::ReplacementDraw { player, .. }
            | Event::Bonus { player, .. }
            | Event::Discard { player, .. }
            | Event::Claim { player, .. }
            | Event::ConcealedKong { player, .. }
            | Event::AddedKong { player, .. }
            | Event::KongCompleted { player, .. }
            | Event::Win { player, .. }
            | Event::RuleFlag { player, .. }
            | Event::Liability { player, .. }
            | Event::FlowerWin { player, .. }
            | Event::FalseWin { player, .. }
            | Event::BonusChoice { player, .. }
            | Event::BonusAnswer { player, .. } => Some(player),
            Event::Action { action, .. } => Some(action.player),
            Event::Deal { .. } | Event::Payments { .. } | Event::ExhaustiveDraw { .. } => None,
        }
    }
}

/// The situation flags a win was scored with (HK §10.2 F12–F15, §14a).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WinFlags {
    pub kong_replacement: bool,
    pub last_wall_tile: bool,
    pub last_discard: bool,
    pub robbing_kong: bool,
    pub dealer_start: bool,
}

/// One winner of a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Win {
    pub player: u8,
    pub kind: WinKind,
    /// The winning tile's id (None for the dealer's win on the dealt tiles, §14a; the bonus
    /// tile just exposed for a TW §7 win).
    pub tile: Option<u8>,
    /// Who pays alone: the discarder, or the declarer of a robbed kong (None if self-drawn).
    pub discarder: Option<u8>,
    pub score: ScoreOutcome,
    pub flags: WinFlags,
    /// This win's payments per player (HK §11; under house rules as the ruleset's
    /// [`crate::rules::LiabilityRules::settle_records`] set them: co-winners, liability).
    pub payments: [i64; 4],
    /// HK §19.8: the liable player who paid this win (its liability applied), else `None`.
    pub liable_paid: Option<u8>,
}

impl Win {
    /// The win as payment input (who wins what, who pays).
    pub fn as_payment(&self) -> crate::rules::WinPayment {
        crate::rules::WinPayment {
            winner: self.player as usize,
            value: self.score.value.into(),
            self_drawn: self.discarder.is_none(),
            discarder: self.discarder.map(usize::from),
        }
    }
}

/// How a deal ended (HK §8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealResult {
    pub deal_index: u32,
    pub dealer: u8,
    /// HK §8.2: Some for an exhaustive draw.
    pub draw_reason: Option<DrawReason>,
    /// The winners in turn order from the discarder (one in HK: head bump, §11.3).
    pub wins: Vec<Win>,
    /// Sum of the wins' payments per player (zero-sum).
    pub payments: [i64; 4],
    /// Scores after payment.
    pub scores: [i64; 4],
    /// Discards made in the deal.
    pub turns: u32,
    /// Tiles left in the wall at the end.
    pub tiles_left: u32,
    /// The prevailing (round) wind of the deal (HK §1.2, TW §16).
    pub prevailing_wind: u8,
    /// The dealer's streak k during the deal (TW §15; 0 in Hong Kong).
    pub dealer_streak: u32,
    /// The ruleset's settlement of the deal: the payments (equal to `payments`), the next
    /// dealer and streak and whether the dealership passed (HK §12, TW §15–§16).
    pub settlement: crate::rules::Settlement,
    /// HK §19.11: the offender of a false win (the deal then has no winner and its
    /// `draw_reason` is `false_win`).
    pub false_win: Option<u8>,
}

impl DealResult {
    pub fn exhaustive_draw(&self) -> bool {
        self.draw_reason.is_some()
    }
    /// The first winner in turn order (None for an exhaustive draw).
    pub fn winner(&self) -> Option<u8> {
        self.wins.first().map(|w| w.player)
    }
    /// Every winner in turn order from the discarder.
    pub fn winners(&self) -> impl Iterator<Item = u8> + '_ {
        self.wins.iter().map(|w| w.player)
    }
}
