//! One error type for the whole core (design §6). Every fallible public function returns
//! `Result<_, MahjongError>`; nothing in the core panics on user input.

use thiserror::Error;

/// Everything that can be wrong with input given to the core.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MahjongError {
    /// Tile notation that cannot be read: `pos` is the 0-based character position in the
    /// string that was given, `reason` says what is wrong there.
    #[error("invalid tile notation at position {pos}: {reason}")]
    InvalidTile { pos: usize, reason: String },
    /// Tiles that are individually valid but do not make a possible hand for the operation
    /// (a fifth copy, a second copy of a bonus tile, wrong number of tiles, an impossible
    /// scoring situation; rules §2, §5.6, §14a).
    /// `fault` says what is wrong as data (its kind and the tiles), for a message in another
    /// language than `message`'s English.
    #[error("invalid hand: {message}")]
    InvalidHand { fault: HandFault, message: String },
    /// A ruleset option that does not exist or has an impossible value.
    #[error("invalid rule configuration: {0}")]
    RuleConfig(String),
    /// A switch, value or combination of switches a ruleset's switch table refuses
    /// (`rules::switch_table`): `switch` names the switch at fault (`"preset"` for an unknown
    /// preset), `code` is the rules' code where they give one (TW §20.3 `"CE-DEP"`).
    #[error("invalid rule configuration: {message}")]
    Switch { switch: String, code: Option<&'static str>, message: String },
    /// An action the rules do not allow now (HK §13), with its code and what was wrong.
    #[error("{code}: {message}")]
    IllegalAction { code: IllegalCode, message: String },
}

/// What is wrong with a hand, as data: the kind of an `InvalidHand` error and what a message
/// needs to say it (the tiles, the counts), beside its English message.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum HandFault {
    /// A fault only the message words (arguments out of range, a house-rule input).
    #[default]
    Other,
    /// More copies of a kind than the set has (rules §2): `tile` is its code (`"1m"`).
    TooManyCopies { tile: String },
    /// A bonus tile given twice (there is one of each): `tile` is its code (`"1f"`).
    BonusTwice { tile: String },
    /// A declared set that is no chow, pung or kong: `tiles`, its tiles in notation.
    BadMeld { tiles: String },
    /// The wrong number of tiles for the operation: `count` given (each declared set counted
    /// as 3), one of `expected` wanted.
    WrongSize { count: usize, expected: Vec<usize> },
    /// An impossible scoring situation (HK §14a, TW §10a), naming the `tiles` it is about
    /// (the winning or robbed tile), if any.
    Situation { tiles: Vec<String> },
}

impl HandFault {
    /// The kind as Python reads it (`InvalidHandError.kind`): `"too_many_copies"`,
    /// `"bonus_twice"`, `"bad_meld"`, `"wrong_size"`, `"situation"`; `None` for `Other`.
    pub fn kind(&self) -> Option<&'static str> {
        Some(match self {
            HandFault::Other => return None,
            HandFault::TooManyCopies { .. } => "too_many_copies",
            HandFault::BonusTwice { .. } => "bonus_twice",
            HandFault::BadMeld { .. } => "bad_meld",
            HandFault::WrongSize { .. } => "wrong_size",
            HandFault::Situation { .. } => "situation",
        })
    }
    /// The tiles the fault is about, as codes (empty when it names none).
    pub fn tiles(&self) -> Vec<String> {
        match self {
            HandFault::TooManyCopies { tile } | HandFault::BonusTwice { tile } => vec![tile.clone()],
            HandFault::BadMeld { tiles } => vec![tiles.clone()],
            HandFault::Situation { tiles } => tiles.clone(),
            HandFault::Other | HandFault::WrongSize { .. } => Vec::new(),
        }
    }
}

impl MahjongError {
    pub fn hand(msg: impl Into<String>) -> Self {
        MahjongError::InvalidHand { fault: HandFault::Other, message: msg.into() }
    }
    /// An `InvalidHand` error with its fault as data (the English `msg` as [`Self::hand`]'s).
    pub fn hand_fault(fault: HandFault, msg: impl Into<String>) -> Self {
        MahjongError::InvalidHand { fault, message: msg.into() }
    }
    /// An impossible scoring situation (HK §14a, TW §10a) about `tiles`.
    pub fn situation(tiles: &[crate::tiles::tile::Tile], msg: impl Into<String>) -> Self {
        let tiles = tiles.iter().map(|t| t.to_string()).collect();
        MahjongError::hand_fault(HandFault::Situation { tiles }, msg)
    }
    /// The wrong number of tiles: `count` given, one of `expected` wanted.
    pub fn wrong_size(count: usize, expected: &[usize], msg: impl Into<String>) -> Self {
        MahjongError::hand_fault(HandFault::WrongSize { count, expected: expected.to_vec() }, msg)
    }
    pub fn tile(pos: usize, reason: impl Into<String>) -> Self {
        MahjongError::InvalidTile { pos, reason: reason.into() }
    }
    pub fn switch(switch: impl Into<String>, code: Option<&'static str>, message: impl Into<String>) -> Self {
        MahjongError::Switch { switch: switch.into(), code, message: message.into() }
    }
    /// Whether this is a configuration error (`RuleConfigError` in Python).
    pub fn is_rule_config(&self) -> bool {
        matches!(self, MahjongError::RuleConfig(_) | MahjongError::Switch { .. })
    }
    /// The switch a configuration error names, if it names one.
    pub fn switch_name(&self) -> Option<&str> {
        match self {
            MahjongError::Switch { switch, .. } => Some(switch),
            _ => None,
        }
    }
    /// The rules' code of a configuration error, if it has one (TW §20.3 `"CE-DEP"`).
    pub fn switch_code(&self) -> Option<&'static str> {
        match self {
            MahjongError::Switch { code, .. } => *code,
            _ => None,
        }
    }
}

/// Why an action is rejected (HK §13), in the order the rules list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalCode {
    DealOver,
    NotYourTurn,
    WrongPhase,
    AlreadyResponded,
    UnknownTile,
    TileNotInHand,
    InvalidMeld,
    ChowNotAllowed,
    NoReplacementTile,
    LastDiscardWinOnly,
    NotAWinningHand,
    BelowMinimum,
    /// HK §19 / TW §20.5.2: a seat that passed a win may not claim one until the flag clears.
    PassOver,
    /// TW §20.5.3: a discard of a kind forbidden after the claim just made.
    ForbiddenDiscard,
    /// TW §20.5.3 rule 5: a claim of the kind of the seat's own most recent discard.
    ClaimBack,
    /// TW §20.5.4: a claim or kong that would leave fewer live tiles than the claim reserve.
    ClaimReserve,
    /// TW §20.5.5 rule 1: an exposed kong on the discard of the player before.
    KongNotAllowed,
    /// TW §20.6.1: what a seat that declared ready may no longer do.
    ReadyLocked,
    /// TW §20.6.1: a ready declaration whose discard leaves a hand that is not ready.
    NotReady,
    /// TW §20.6.1: a second ready declaration in one deal.
    AlreadyDeclared,
    /// TW §20.6.1, §20.6.2 R6: a seat that must take the win it is offered.
    WinRequired,
}

impl IllegalCode {
    /// Every code, in the order the rules list them (HK §13).
    pub const ALL: [IllegalCode; 21] = [
        IllegalCode::DealOver,
        IllegalCode::NotYourTurn,
        IllegalCode::WrongPhase,
        IllegalCode::AlreadyResponded,
        IllegalCode::UnknownTile,
        IllegalCode::TileNotInHand,
        IllegalCode::InvalidMeld,
        IllegalCode::ChowNotAllowed,
        IllegalCode::NoReplacementTile,
        IllegalCode::LastDiscardWinOnly,
        IllegalCode::NotAWinningHand,
        IllegalCode::BelowMinimum,
        // TW §20.6.4's list in its order (TW §20.11 A)
        IllegalCode::PassOver,
        IllegalCode::ForbiddenDiscard,
        IllegalCode::ClaimBack,
        IllegalCode::ClaimReserve,
        IllegalCode::KongNotAllowed,
        IllegalCode::ReadyLocked,
        IllegalCode::NotReady,
        IllegalCode::AlreadyDeclared,
        IllegalCode::WinRequired,
    ];

    /// The code as the rules write it (`"WRONG_PHASE"`).
    pub const fn code(self) -> &'static str {
        match self {
            IllegalCode::DealOver => "DEAL_OVER",
            IllegalCode::NotYourTurn => "NOT_YOUR_TURN",
            IllegalCode::WrongPhase => "WRONG_PHASE",
            IllegalCode::AlreadyResponded => "ALREADY_RESPONDED",
            IllegalCode::UnknownTile => "UNKNOWN_TILE",
            IllegalCode::TileNotInHand => "TILE_NOT_IN_HAND",
            IllegalCode::InvalidMeld => "INVALID_MELD",
            IllegalCode::ChowNotAllowed => "CHOW_NOT_ALLOWED",
            IllegalCode::NoReplacementTile => "NO_REPLACEMENT_TILE",
            IllegalCode::LastDiscardWinOnly => "LAST_DISCARD_WIN_ONLY",
            IllegalCode::NotAWinningHand => "NOT_A_WINNING_HAND",
            IllegalCode::BelowMinimum => "BELOW_MINIMUM",
            IllegalCode::PassOver => "PASS_OVER",
            IllegalCode::ForbiddenDiscard => "FORBIDDEN_DISCARD",
            IllegalCode::ClaimReserve => "CLAIM_RESERVE",
            IllegalCode::ReadyLocked => "READY_LOCKED",
            IllegalCode::AlreadyDeclared => "ALREADY_DECLARED",
            IllegalCode::ClaimBack => "CLAIM_BACK",
            IllegalCode::KongNotAllowed => "KONG_NOT_ALLOWED",
            IllegalCode::NotReady => "NOT_READY",
            IllegalCode::WinRequired => "WIN_REQUIRED",
        }
    }
}

impl std::fmt::Display for IllegalCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

pub type Result<T> = std::result::Result<T, MahjongError>;
