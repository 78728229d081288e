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
    #[error("invalid hand: {0}")]
    InvalidHand(String),
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
    IllegalAction { code: crate::game::IllegalCode, message: String },
}

impl MahjongError {
    pub fn hand(msg: impl Into<String>) -> Self {
        MahjongError::InvalidHand(msg.into())
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
}

pub type Result<T> = std::result::Result<T, MahjongError>;
