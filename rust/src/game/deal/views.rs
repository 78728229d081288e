//! Reading a deal's state: phase, seats, wall, hands, melds, discards, scores, the deal's
//! progress and its events; snapshots and the location of every tile (HK §4–§8); the seats'
//! winds (HK §3) and the live tiles left (TW §4: the dead wall is never drawn).

use super::*;

impl Deal {
    // ------------------------------------------------------------- reading the state
    /// The ruleset the deal is played under.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Players who must act now (see [`ToAct`]).
    pub fn to_act(&self) -> &[u8] {
        self.to_act.as_slice()
    }
    /// The player whose turn it is (the discarder or declarer during a window); None once ended.
    pub fn active(&self) -> Option<u8> {
        self.active
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    pub fn deal_index(&self) -> u32 {
        self.deal_index
    }
    pub fn seat_winds(&self) -> [u8; 4] {
        self.seat_winds
    }
    pub fn options(&self) -> DealOptions {
        self.opts
    }
    /// The wall, front first (under a smaller tile set, the entries from
    /// [`Deal::wall_ids`]`().len()` on are unused).
    pub fn wall(&self) -> &[u8; N_TILES] {
        &self.wall
    }
    /// The wall's ids, front first: the ruleset's whole tile set.
    pub fn wall_ids(&self) -> &[u8] {
        &self.wall[..self.wall_len]
    }
    /// The ruleset's per-seat flags and liability records so far ([`RuleState`]; empty for a
    /// ruleset without house rules).
    pub fn rule_state(&self) -> &RuleState {
        &self.rule_state
    }
    /// The bonus-tile win on offer while `BONUS_CHOICE` is open (TW §20.6.3; public: the
    /// `bonus_choice` event names its seat and kind, and its value follows from the exposed
    /// bonus tiles and the rules), else None.
    pub fn bonus_offer(&self) -> Option<&crate::rules::BonusWin> {
        self.bonus_offer.as_ref().filter(|_| self.phase == Phase::BonusChoice).map(|o| &o.win)
    }
    /// Tiles that may still be drawn (HK §4.1; the dead wall of TW §4.2 excluded): TW §20.1
    /// `live` = the wall's tiles minus the reserve.
    pub fn remaining(&self) -> usize {
        (self.back - self.front).saturating_sub(self.reserve)
    }
    /// The tail tiles normal draws may not take (TW §20.1 `reserve`, §20.5.7: the ruleset's
    /// dead wall, raised by kongs under `kong_adds_one`, the replacement wall `R` under
    /// `replacement_wall_16`).
    pub fn reserve(&self) -> usize {
        self.reserve
    }
    /// The deal's wall and kong rules (TW §20.5.4–§20.5.7).
    pub fn wall_rules(&self) -> WallRules {
        self.wall_rules
    }
    /// Kongs completed in the deal so far, all seats (TW §20.5.6, §20.5.7 `K`).
    pub fn kongs_completed(&self) -> u8 {
        self.kongs
    }
    /// (next front position, next tail position); the tail position is -1.. when empty.
    pub fn wall_position(&self) -> (usize, isize) {
        (self.front, self.back as isize - 1)
    }
    /// A player's concealed ids in the order they were received.
    pub fn hand(&self, p: usize) -> &[u8] {
        &self.hands[p]
    }
    /// A player's concealed tiles as counts per kind.
    pub fn counts(&self, p: usize) -> &Counts {
        &self.counts[p]
    }
    pub fn melds(&self, p: usize) -> &[DealMeld] {
        &self.melds[p]
    }
    /// A player's exposed bonus ids in the order exposed.
    pub fn bonus(&self, p: usize) -> &[u8] {
        &self.bonus[p]
    }
    /// Bit i set for bonus tile `(i+1)f` exposed by `p`.
    pub fn bonus_mask(&self, p: usize) -> u8 {
        self.bonus_mask[p]
    }
    /// Every discard of `p` in order with who claimed it.
    pub fn discards(&self, p: usize) -> &[Discard] {
        &self.discards[p]
    }
    pub fn scores(&self) -> [i64; 4] {
        self.scores
    }
    /// Discards made so far.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// Per kind, the copies everybody can see (HK §14).
    pub fn public_counts(&self) -> &Counts {
        &self.public
    }
    pub fn drawn_tile(&self) -> Option<u8> {
        self.drawn_tile
    }
    /// HK §5.3: the active player entered ACTION by a draw (or is the dealer at the start).
    pub fn entered_by_draw(&self) -> bool {
        self.entered_by_draw
    }
    pub fn dealer_start(&self) -> bool {
        self.dealer_start
    }
    /// HK §7.4: the tile in hand came from a kong's replacement chain.
    pub fn kong_chain(&self) -> bool {
        self.kong_chain
    }
    /// TW §10: the tile in hand is a loose tile (a replacement for a kong or a bonus tile).
    pub fn loose_tile(&self) -> bool {
        self.loose_tile
    }
    /// TW §10: a chow, pung or exposed kong was carried out, or a concealed or added kong
    /// declared, earlier in this deal.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }
    /// The prevailing (round) wind of the deal, 0..=3 (HK §1.2, TW §16).
    pub fn prevailing_wind(&self) -> u8 {
        self.opts.prevailing_wind
    }
    /// The dealer's streak k during this deal (TW §15, §16; 0 in Hong Kong unless given).
    pub fn dealer_streak(&self) -> u32 {
        self.opts.dealer_streak
    }
    /// The tile being added to a kong while it can be robbed.
    pub fn kong_tile(&self) -> Option<u8> {
        self.kong_tile
    }
    /// The discarder (RESPONSE) or kong declarer (ROB) of the open window.
    pub fn window_from(&self) -> Option<u8> {
        self.window_from
    }
    /// The discard (RESPONSE) or the added tile (ROB) of the open window.
    pub fn window_tile(&self) -> Option<u8> {
        self.window_tile
    }
    /// The responses given so far in the open window, per player.
    pub fn responses(&self) -> &[Option<Action>; 4] {
        &self.responses
    }
    /// Events so far (empty unless recording).
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Drop the recorded events (a caller that streams them keeps memory flat).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }
    pub fn result(&self) -> Option<&DealResult> {
        self.result.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Ended
    }
    /// Tiles held counting each declared set as 3 (HK §5.6).
    pub fn hand_size(&self, p: usize) -> usize {
        self.hands[p].len() + 3 * self.melds[p].len()
    }

    /// The complete state as plain values.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            phase: self.phase,
            to_act: self.to_act,
            active: self.active,
            hands: self.hands.clone(),
            melds: self.melds.clone(),
            discards: self.discards.clone(),
            bonus: self.bonus.clone(),
            wall: self.wall_position(),
            scores: self.scores,
            turn: self.turn,
            drawn_tile: self.drawn_tile,
            flags: (self.entered_by_draw, self.dealer_start, self.kong_chain, self.kong_tile),
            window: (self.window_from, self.window_tile, self.responses),
            events: self.events.len(),
            result: self.result.clone(),
            situation: (self.interrupted, self.loose_tile),
            rule_state: self.rule_state.clone(),
            reserve: (self.reserve, self.kongs),
        }
    }

    /// Every physical id once if the deal is consistent: untaken wall tiles, hands, sets,
    /// unclaimed discards, bonus areas and a tile being added to a kong.
    pub fn tile_locations(&self) -> Vec<u8> {
        let mut out = self.wall[self.front..self.back].to_vec();
        for p in 0..4 {
            out.extend_from_slice(&self.hands[p]);
            for m in &self.melds[p] {
                out.extend_from_slice(m.tiles.as_slice());
            }
            out.extend(self.discards[p].iter().filter(|d| d.claimed_by.is_none()).map(|d| d.tile));
            out.extend_from_slice(&self.bonus[p]);
        }
        out.extend(self.kong_tile);
        out
    }
}

impl Deal {
    /// Start loading what stepping this deal reads first (the deal itself and the players'
    /// hands, declared sets, bonus tiles and discards), so that a batch can overlap the next
    /// table's memory latency with the current table's work. A hint: nothing changes.
    pub fn prefetch(&self) {
        crate::prefetch::prefetch_bytes(self as *const Deal as *const u8, std::mem::size_of::<Deal>());
        for q in 0..4 {
            crate::prefetch::prefetch_bytes(self.hands[q].as_ptr(), 1);
            crate::prefetch::prefetch_bytes(self.melds[q].as_ptr() as *const u8, 1);
            crate::prefetch::prefetch_bytes(self.bonus[q].as_ptr(), 1);
            crate::prefetch::prefetch_bytes(
                self.discards[q].as_ptr() as *const u8,
                std::mem::size_of_val(self.discards[q].as_slice()),
            );
        }
    }
}
