//! What one seat may see of a deal (HK §14): its own concealed tiles and the public table, never
//! another player's hand nor the order of the wall. Built-in agents decide only from this.

use super::action::Phase;
use super::deal::{Deal, DealMeld, Discard};
use crate::tiles::hand::Counts;
use crate::tiles::tile::N_KINDS;

/// A read-only window on a running deal for one player (valid while the deal is borrowed).
#[derive(Clone, Copy)]
pub struct SeatView<'a> {
    deal: &'a Deal,
    player: u8,
}

impl<'a> SeatView<'a> {
    pub(crate) fn new(deal: &'a Deal, player: u8) -> SeatView<'a> {
        SeatView { deal, player }
    }
    /// Whose view this is.
    pub fn player(&self) -> u8 {
        self.player
    }
    pub fn phase(&self) -> Phase {
        self.deal.phase()
    }
    fn own_turn(&self) -> bool {
        self.deal.phase() == Phase::Action && self.deal.active() == Some(self.player)
    }
    /// Players who must act now. In a RESPONSE or ROB window only this player, and only if it
    /// still has to respond: whether others hold a claim is private (HK §5.4, §14).
    pub fn to_act(&self) -> &'a [u8] {
        let all = self.deal.to_act();
        if self.deal.phase().is_window() {
            match all.iter().position(|&q| q == self.player) {
                Some(i) => &all[i..i + 1],
                None => &[],
            }
        } else {
            all
        }
    }
    pub fn dealer(&self) -> u8 {
        self.deal.dealer()
    }
    /// Per player: 0 = East .. 3 = North.
    pub fn seat_winds(&self) -> [u8; 4] {
        self.deal.seat_winds()
    }
    pub fn seat_wind(&self) -> u8 {
        self.deal.seat_winds()[self.player as usize]
    }
    /// The prevailing (round) wind, 0..=3 (East..North; TW §3, §16).
    pub fn prevailing_wind(&self) -> u8 {
        self.deal.prevailing_wind()
    }
    pub fn deal_index(&self) -> u32 {
        self.deal.deal_index()
    }
    /// This player's concealed ids in the order received.
    pub fn hand(&self) -> &'a [u8] {
        self.deal.hand(self.player as usize)
    }
    /// This player's concealed tiles per kind.
    pub fn hand_counts(&self) -> &'a Counts {
        self.deal.counts(self.player as usize)
    }
    /// Any player's declared sets (concealed kongs included: their kind is public).
    pub fn melds(&self, p: usize) -> &'a [DealMeld] {
        self.deal.melds(p)
    }
    /// Any player's discards in order, with who claimed each.
    pub fn discards(&self, p: usize) -> &'a [Discard] {
        self.deal.discards(p)
    }
    /// Any player's exposed bonus ids.
    pub fn bonus(&self, p: usize) -> &'a [u8] {
        self.deal.bonus(p)
    }
    pub fn bonus_mask(&self, p: usize) -> u8 {
        self.deal.bonus_mask(p)
    }
    /// The live tiles left to draw (HK §4.1; TW §4: the dead wall not counted).
    pub fn remaining(&self) -> usize {
        self.deal.remaining()
    }
    pub fn scores(&self) -> [i64; 4] {
        self.deal.scores()
    }
    /// The dealer's streak during this deal (TW §15, §16; 0 where the ruleset keeps none).
    pub fn dealer_streak(&self) -> u32 {
        self.deal.dealer_streak()
    }
    /// Whether any chow, pung or kong has been made in the deal (TW §10 "Interruption").
    pub fn interrupted(&self) -> bool {
        self.deal.interrupted()
    }
    pub fn turn(&self) -> u32 {
        self.deal.turn()
    }
    /// The seats whose public flag `name` of the ruleset's house rules is set now (bit p: seat
    /// p), e.g. `declared_ready` (TW §20.6.1: a declaration is public); 0 when the ruleset
    /// has no such flag.
    pub fn public_flag_seats(&self, name: &str) -> u8 {
        let Some(bit) = self.deal.rules().rule_flags().public.iter().position(|n| *n == name) else { return 0 };
        let st = self.deal.rule_state();
        (0..4).filter(|&p| st.public_flag(p, bit as u8)).fold(0, |m, p| m | 1 << p)
    }
    /// `(discarder, tile)` while a RESPONSE window is open.
    pub fn last_discard(&self) -> Option<(u8, u8)> {
        if self.deal.phase() == Phase::Response {
            Some((self.deal.window_from()?, self.deal.window_tile()?))
        } else {
            None
        }
    }
    /// `(declarer, tile)` of the tile being added while a ROB window is open.
    pub fn kong_tile(&self) -> Option<(u8, u8)> {
        if self.deal.phase() == Phase::Rob {
            Some((self.deal.window_from()?, self.deal.window_tile()?))
        } else {
            None
        }
    }
    /// HK §6.3: the open discard is the last one (win claims only).
    pub fn is_last_discard(&self) -> bool {
        self.deal.phase() == Phase::Response && self.deal.remaining() == 0
    }
    /// The tile this player just drew and still holds, in its own ACTION.
    pub fn drawn_tile(&self) -> Option<u8> {
        if self.own_turn() {
            self.deal.drawn_tile()
        } else {
            None
        }
    }
    /// HK §5.3: in its own ACTION after a draw (or as the dealer at the start).
    pub fn can_self_draw(&self) -> bool {
        self.own_turn() && self.deal.entered_by_draw()
    }
    /// Per kind, the copies this player can see: own hand, unclaimed discards, every declared
    /// set, the tile of an open ROB window.
    pub fn visible_counts(&self) -> Counts {
        let own = self.hand_counts();
        let public = self.deal.public_counts();
        std::array::from_fn(|k| own[k] + public[k])
    }
    /// Per kind, the copies this player cannot see (`4 - visible`).
    pub fn unseen_counts(&self) -> Counts {
        let v = self.visible_counts();
        let mut u = [0u8; N_KINDS];
        for k in 0..N_KINDS {
            u[k] = 4u8.saturating_sub(v[k]);
        }
        u
    }
}

impl Deal {
    /// What `player` (0..=3) may see now (HK §14).
    pub fn view(&self, player: u8) -> SeatView<'_> {
        SeatView::new(self, player.min(3))
    }
}
