//! The ruleset: one plain value that says which game is played (design §2). Everything that
//! differs between rulesets — hand size and sets, special shapes, dead wall, minimum and cap,
//! head bump or several winners, the scoring table, the payment rule, dealer rotation — is read
//! from here, so the analysis functions and the deal state machine are written once.
//!
//! Only Hong Kong exists today (`Ruleset::hong_kong()`, rules `hong-kong.md`); the Taiwanese
//! presets add variants, not a second engine.

use crate::decompose::{ShapeRules, HK_SHAPES};
use crate::error::Result;
use crate::hand::Hand;
use crate::scoring::{self, ScoreOutcome, WinContext};
use crate::tile::Tile;

/// Which family of rules (the name of the rules file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `hong-kong` (alias `hk`): rules `hong-kong.md`.
    HongKong,
}

/// A complete ruleset with its switches (HK §18).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ruleset {
    pub variant: Variant,
    /// HK §12 / §18 `rotate_dealer`: the dealer passes after every deal.
    pub rotate_dealer: bool,
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset::hong_kong()
    }
}

impl Ruleset {
    /// The Hong Kong preset with the default switches (rules `hong-kong.md`).
    pub fn hong_kong() -> Self {
        Ruleset { variant: Variant::HongKong, rotate_dealer: false }
    }

    /// The ruleset's name as in the rules files (`"hong-kong"`).
    pub fn name(&self) -> &'static str {
        match self.variant {
            Variant::HongKong => "hong-kong",
        }
    }

    /// Winning shapes: sets per hand and special shapes (HK §9).
    pub fn shapes(&self) -> &'static ShapeRules {
        match self.variant {
            Variant::HongKong => &HK_SHAPES,
        }
    }

    /// Tiles dealt to a non-dealer (HK §4.3: 13); the dealer gets one more.
    pub fn hand_tiles(&self) -> usize {
        3 * self.shapes().n_sets + 1
    }

    /// Tiles of the wall that are never drawn (HK §4.2: none).
    pub fn dead_wall(&self) -> usize {
        match self.variant {
            Variant::HongKong => 0,
        }
    }

    /// Whether every player claiming a win on one discard wins (Taiwanese) or only the first
    /// in turn order after the discarder (HK §11.3 head bump).
    pub fn several_winners(&self) -> bool {
        match self.variant {
            Variant::HongKong => false,
        }
    }

    /// Score a win under this ruleset (HK §10, §14a); see [`scoring::score`].
    pub fn score(&self, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<ScoreOutcome> {
        match self.variant {
            Variant::HongKong => scoring::score_hk(hand, win_tile, ctx),
        }
    }

    /// Payments of one win worth `value` (faan) by seat 0..=3, summing to zero (HK §11).
    pub fn payments(&self, value: u8, winner: usize, self_drawn: bool, discarder: Option<usize>) -> [i64; 4] {
        match self.variant {
            Variant::HongKong => scoring::payments(value, winner, self_drawn, discarder),
        }
    }
}
