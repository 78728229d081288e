//! How a deal moves (HK §4.3–§8): dealing and bonus replacement, draws from the front and the
//! back of the wall, the phase changes, and [`Deal::apply`] with the response windows it opens
//! and resolves.

use super::*;

impl Deal {
    #[inline(always)]
    pub(super) fn emit(&mut self, e: Event) {
        if self.opts.record {
            self.events.push(e);
        } else if e.owns_heap() {
            drop(e);
        } else {
            // nothing to free: a known variant's drop would still be an out-of-line call
            std::mem::forget(e);
        }
    }

    /// HK §4.3 dealing (rounds of four tiles, then one each, then the dealer's extra tile) and
    /// §4.4 the initial bonus replacement, dealer first.
    #[inline(always)]
    pub(super) fn deal_tiles(&mut self) {
        let n = self.rules.hand_tiles();
        let d = self.dealer as usize;
        let mut pos = 0;
        for _ in 0..n / 4 {
            for k in 0..4 {
                let p = (d + k) % 4;
                self.hands[p].extend_from_slice(&self.wall[pos..pos + 4]);
                pos += 4;
            }
        }
        for _ in 0..n % 4 {
            for k in 0..4 {
                self.hands[(d + k) % 4].push(self.wall[pos]);
                pos += 1;
            }
        }
        self.hands[d].push(self.wall[pos]);
        self.front = pos + 1;
        if self.opts.record {
            let hands = self.hands.clone();
            self.emit(Event::Deal {
                dealer: self.dealer,
                seat_winds: self.seat_winds,
                hands,
                deal_index: self.deal_index,
                scores: self.scores,
                prevailing_wind: self.opts.prevailing_wind,
                dealer_streak: self.opts.dealer_streak,
            });
        }
        let stopped = if self.wall_rules.initial_bonus_rounds {
            self.replace_bonus_in_rounds(0, None)
        } else {
            self.replace_bonus_player_complete(0, 0)
        };
        if stopped {
            return;
        }
        self.finish_initial_replacement();
    }

    /// The end of the initial bonus replacement: the dealer's start of play (HK §5.2), or
    /// first the bonus-tile win offered during it (TW §20.5.8 rule 2).
    pub(super) fn finish_initial_replacement(&mut self) {
        self.recount();
        // TW §20.5.8 rule 2: an offered bonus-tile win is asked once the replacements are made
        if self.bonus_offer.is_some() {
            self.open_bonus_choice(Resume::Start);
            return;
        }
        // HK §5.2 the dealer acts with the dealt tiles, without drawing
        self.enter_action(self.dealer, None, true, false);
        if self.hooks {
            self.open_declare();
        }
    }

    /// Whether a seven-rob offer waits to be asked at once (TW §20.5.8 rule 3 `optional`:
    /// after the exposure, before the exposing seat's replacement draw).
    #[inline]
    fn rob_offer_pending(&self) -> bool {
        self.bonus_offer.as_ref().is_some_and(|o| o.win.kind.robs())
    }

    /// One replacement draw of the initial bonus replacement for `p`; false when none is
    /// possible (the deal then ends in an exhaustive draw).
    fn initial_replacement_draw(&mut self, p: usize) -> bool {
        if !self.replacement_possible() {
            self.recount();
            self.exhaustive_draw(DrawReason::NoReplacement);
            return false;
        }
        let t = self.take_tail();
        self.hands[p].push(t);
        let wall = self.wall_count();
        self.emit(Event::ReplacementDraw { player: p as u8, tile: t, reason: ReplacementReason::Bonus, wall });
        true
    }

    /// HK §4.4 dealer first, then South, West, North; every bonus tile (including ones
    /// received as replacements) is replaced before the next player. From the seat at position
    /// `k0` from the dealer, which owes `owed0` replacement draws (0, 0: the whole replacement;
    /// else resuming after a declined seven-rob offer). True when the deal ended, or stopped
    /// for a seven-rob offer (TW §20.5.8 rule 3, `BONUS_CHOICE` open).
    #[inline(always)]
    pub(super) fn replace_bonus_player_complete(&mut self, k0: usize, owed0: usize) -> bool {
        let d = self.dealer as usize;
        for k in k0..4 {
            let p = (d + k) % 4;
            let mut owed = if k == k0 { owed0 } else { 0 };
            loop {
                // a count, not a Tiles (which holds four ids): a hand can hold up to eight bonus tiles
                let mut found = std::mem::take(&mut owed);
                let mut i = 0;
                while i < self.hands[p].len() {
                    let t = self.hands[p][i];
                    if t >= N_ORDINARY {
                        self.hands[p].remove(i);
                        if self.expose_bonus(p, t) {
                            self.recount();
                            return true; // TW §7: a bonus-tile win ended the deal
                        }
                        found += 1;
                        if self.rob_offer_pending() {
                            self.recount();
                            self.open_bonus_choice(Resume::Initial { k: k as u8, owed: found as u8 });
                            return true;
                        }
                    } else {
                        i += 1;
                    }
                }
                if found == 0 {
                    break;
                }
                for _ in 0..found {
                    if !self.initial_replacement_draw(p) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// TW §20.5.8 rule 1 `round_robin`: rounds from the dealer until no seat holds a bonus
    /// tile; in its turn of a round a seat exposes and replaces, one at a time, the bonus tiles
    /// it held when the turn began (those it receives wait for the next round). True when the
    /// deal ended (a bonus-tile win, or no replacement possible).
    #[cold]
    #[inline(never)]
    /// `resume`: after a declined seven-rob offer (TW §20.5.8 rule 3), the seat at position
    /// `k0` makes the replacement it owes, then exposes the tiles `held` it still had; the round
    /// goes on from there. True also when stopped for a seven-rob offer (`BONUS_CHOICE` open).
    pub(super) fn replace_bonus_in_rounds(&mut self, k0: usize, resume: Option<Vec<u8>>) -> bool {
        let d = self.dealer as usize;
        let mut resume = resume;
        loop {
            let mut any = false;
            let start = if resume.is_some() { k0 } else { 0 };
            for k in start..4 {
                let p = (d + k) % 4;
                let held: Vec<u8> = match resume.take() {
                    Some(rest) => {
                        any = true;
                        if !self.initial_replacement_draw(p) {
                            return true;
                        }
                        rest
                    }
                    None => self.hands[p].iter().copied().filter(|&t| t >= N_ORDINARY).collect(),
                };
                for (j, &t) in held.iter().enumerate() {
                    any = true;
                    if let Some(i) = self.hands[p].iter().position(|&x| x == t) {
                        self.hands[p].remove(i);
                    }
                    if self.expose_bonus(p, t) {
                        self.recount();
                        return true; // TW §7: a bonus-tile win ended the deal
                    }
                    if self.rob_offer_pending() {
                        self.recount();
                        self.open_bonus_choice(Resume::Rounds { k: k as u8, held: held[j + 1..].to_vec() });
                        return true;
                    }
                    if !self.initial_replacement_draw(p) {
                        return true;
                    }
                }
            }
            if !any {
                return false;
            }
        }
    }

    // ------------------------------------------------------------- the ruleset's hooks
    /// Tell the ruleset's hooks what happened ([`crate::rules::PlayHooks::on_event`]): its rule
    /// state is kept, each flag it changed and each liability record it made is an event, and
    /// an abortive draw it calls ends the deal. True when the deal ended.
    #[cold]
    #[inline(never)]
    pub(super) fn hook(&mut self, e: HookEvent) -> bool {
        let mut st = std::mem::take(&mut self.rule_state);
        let (public, private, kinds, records) = (st.public, st.private, st.kinds, st.records.len());
        let abort = self.rules.play_hooks().on_event(self, &e, &mut st);
        if self.opts.record {
            let names = self.rules.rule_flags();
            for p in 0..4 {
                let mut told = false;
                for (flags, before, list, is_public) in
                    [(st.public[p], public[p], names.public, true), (st.private[p], private[p], names.private, false)]
                {
                    let changed = flags ^ before;
                    for (bit, name) in list.iter().enumerate().take(16) {
                        if changed >> bit & 1 == 1 {
                            let value = flags >> bit & 1 == 1;
                            let event = names.event_name(name, value);
                            let k = if is_public { 0 } else { st.kinds[p] };
                            self.emit(Event::RuleFlag { player: p as u8, flag: name, value, public: is_public, event, kinds: k });
                            told |= !is_public;
                        }
                    }
                }
                // the seat's private kinds changed while its flags did not (a HK §19.12 lock
                // growing by a second kind): told under its first private flag
                if !told && st.kinds[p] != kinds[p] {
                    if let Some(name) = names.private.first() {
                        let value = st.private[p] & 1 == 1;
                        let event = names.event_name(name, value);
                        self.emit(Event::RuleFlag {
                            player: p as u8,
                            flag: name,
                            value,
                            public: false,
                            event,
                            kinds: st.kinds[p],
                        });
                    }
                }
            }
            let tile = match e {
                HookEvent::Claimed { tile, .. } => Some(tile),
                _ => None,
            };
            for r in &st.records[records.min(st.records.len())..] {
                self.emit(Event::Liability { player: r.seat, liable: r.liable, pattern: r.pattern, tile });
            }
        }
        self.rule_state = st;
        match abort {
            Some(reason) if self.phase != Phase::Ended => {
                self.exhaustive_draw(DrawReason::Abortive(reason));
                true
            }
            _ => self.phase == Phase::Ended,
        }
    }

    /// The hands are dealt: the hooks hear it, then the declaration window they ask for opens
    /// (`DECLARE`: the seats named answer once each; then the dealer acts, HK §5.2).
    #[cold]
    #[inline(never)]
    pub(super) fn open_declare(&mut self) {
        if self.hook(HookEvent::Dealt) {
            return;
        }
        let Some(seats) = self.rules.play_hooks().declare_window(self) else { return };
        let mut to_act = ToAct::default();
        for q in 0..4u8 {
            if seats[q as usize] {
                to_act.push(q);
            }
        }
        if to_act.is_empty() {
            return;
        }
        self.phase = Phase::Declare;
        self.to_act = to_act;
        self.responses = [None; 4];
    }

    /// An answer in the declaration window; when every seat named has answered, the hooks hear
    /// it and the dealer acts (HK §5.2).
    #[cold]
    #[inline(never)]
    fn answer_declare(&mut self, a: &Action) {
        self.responses[a.player as usize] = Some(*a);
        self.to_act.remove(a.player);
        if a.kind.is_extra() && self.hook(HookEvent::Extra { action: *a }) {
            return;
        }
        if self.to_act.is_empty() && !self.hook(HookEvent::WindowClosed) {
            self.enter_action(self.dealer, None, true, false);
        }
    }

    /// One of the ruleset's extra actions in the player's turn: the hooks hear it; one named
    /// tile is then discarded (TW §20.6.1 `DECLARE_READY(tile)`), else the turn goes on.
    #[cold]
    #[inline(never)]
    fn do_extra(&mut self, a: &Action) {
        if self.hook(HookEvent::Extra { action: *a }) {
            return;
        }
        if let [t] = a.tiles.as_slice() {
            self.discard(a.player as usize, *t);
        }
    }

    pub(super) fn add_bonus(&mut self, p: usize, t: u8) {
        self.bonus[p].push(t);
        self.bonus_mask[p] |= 1 << (t - N_ORDINARY);
    }

    /// HK §4.4 player `p` exposes bonus tile `t` (the `bonus` event); then the ruleset's
    /// bonus-tile win, if any (TW §7: all eight bonus tiles, or seven robbing the eighth, win at
    /// once). True when such a win ended the deal (no replacement tile is drawn).
    pub(super) fn expose_bonus(&mut self, p: usize, t: u8) -> bool {
        // the masks are consistent (one bit per physical bonus tile), so the check cannot fail
        // the initial bonus replacement (TW §20.1 starting timing): nobody has been asked to act yet
        let initial = self.turn == 0 && self.to_act.is_empty();
        let found =
            self.rules.bonus_tile_wins().deal_bonus_win(&self.bonus_mask, p, Bonus(t - N_ORDINARY), initial).ok().flatten();
        if found.is_none() && self.hooks && self.bonus_offer.is_none() {
            self.offer_bonus(p, t);
        }
        self.add_bonus(p, t);
        self.emit(Event::Bonus { player: p as u8, tile: t });
        match found {
            Some(w) => {
                self.bonus_win(&w, t);
                true
            }
            None => false,
        }
    }

    /// TW §20.5.8 rule 2: the ruleset's optional bonus-tile win after `p` exposes `t` (masks
    /// before the exposure), kept until the seat's replacement draws are made.
    #[cold]
    #[inline(never)]
    fn offer_bonus(&mut self, p: usize, t: u8) {
        // the initial bonus replacement: nobody has been asked to act yet
        let initial = self.turn == 0 && self.to_act.is_empty();
        if let Ok(Some(win)) = self.rules.bonus_tile_wins().bonus_offer(&self.bonus_mask, p, Bonus(t - N_ORDINARY), initial) {
            let mut moved = t;
            if win.kind.robs() {
                // TW §20.5.8 rule 3: offered only when the replacement draw can be made
                if !self.replacement_possible() {
                    return;
                }
                if win.winner == p {
                    // case (B): the payer's single bonus tile moves to the exposing seat
                    let Some(z) = win.discarder.map(|z| self.bonus_mask[z]).filter(|m| m.count_ones() == 1) else { return };
                    moved = N_ORDINARY + z.trailing_zeros() as u8;
                }
            }
            self.bonus_offer = Some(Box::new(BonusOffer { win, tile: t, moved, resume: Resume::Start }));
        }
    }

    /// TW §20.6.3: open `BONUS_CHOICE` for the offered win (the `bonus_choice` event, public):
    /// only its seat acts; `resume` is where a `DECLINE` returns to.
    #[cold]
    #[inline(never)]
    pub(super) fn open_bonus_choice(&mut self, resume: Resume) {
        let Some(mut o) = self.bonus_offer.take() else { return };
        o.resume = resume;
        if o.win.automatic() {
            self.automatic_bonus_win(&o);
            return;
        }
        let seat = o.win.winner as u8;
        self.phase = Phase::BonusChoice;
        self.active = Some(seat);
        self.to_act = ToAct::one(seat);
        self.clear_window();
        let kind = if o.win.kind.robs() { "seven_rob" } else { "eight" };
        self.emit(Event::BonusChoice { player: seat, kind });
        self.bonus_offer = Some(o);
    }

    /// TW §20.6.3 the answer in `BONUS_CHOICE`: `BONUS_WIN` wins as the offer says; `DECLINE`
    /// resumes play where it stood (the dealer's start, or the seat's `ACTION` after its draw);
    /// the offer does not come back in this deal.
    #[cold]
    #[inline(never)]
    fn answer_bonus(&mut self, a: &Action) {
        let Some(o) = self.bonus_offer.take() else { return };
        if a.kind == ActionType::BonusWin {
            let (tile, from) = match o.win.discarder {
                Some(d) => (Some(o.moved), Some(d as u8)),
                None => (None, None),
            };
            self.emit(Event::BonusAnswer { player: a.player, win: true, tile, from });
            if o.win.kind.robs() {
                self.seven_rob_win(&o);
            } else {
                self.bonus_win(&o.win, o.tile);
            }
            return;
        }
        self.emit(Event::BonusAnswer { player: a.player, win: false, tile: None, from: None });
        self.resume_after_offer(o.resume);
    }

    /// Play goes on where an offered bonus-tile win found it (a `DECLINE`, or an automatic win
    /// not made): the dealer's start of play, or the seat's `ACTION` after its draw.
    fn resume_after_offer(&mut self, resume: Resume) {
        match resume {
            Resume::Start => {
                self.enter_action(self.dealer, None, true, false);
                self.open_declare();
            }
            Resume::Action(p, drawn, kong_chain) => {
                self.enter_action(p, drawn, false, kong_chain);
                self.hook(HookEvent::Drew { player: p });
            }
            Resume::Draw(p, kong_chain) => {
                // TW §20.5.8 rule 3 `DECLINE`: the exposing seat makes its replacement draw
                if !self.replacement_possible() {
                    self.exhaustive_draw(DrawReason::NoReplacement);
                    return;
                }
                let t = self.take_tail();
                let drew = self.draw_from(p as usize, t, true, ReplacementReason::Bonus);
                self.after_draw(p, kong_chain, drew);
            }
            Resume::Initial { k, owed } => {
                if !self.replace_bonus_player_complete(k.into(), owed.into()) {
                    self.finish_initial_replacement();
                }
            }
            Resume::Rounds { k, held } => {
                if !self.replace_bonus_in_rounds(k.into(), Some(held)) {
                    self.finish_initial_replacement();
                }
            }
        }
    }

    /// TW §20.5.8 rule 2 `compound`: the all-eight win made by the engine once the seat's
    /// replacement draws are made, scored as a self-drawn win with the seat's hand when it has
    /// 17 tiles (after its draw, or the dealer at the start of play; a non-dealer in the initial
    /// replacement holds 16: the element alone). A win the ruleset does not make (below
    /// `min_tai`) is treated as declined: play goes on, with no event.
    #[cold]
    #[inline(never)]
    fn automatic_bonus_win(&mut self, o: &BonusOffer) {
        let seat = o.win.winner as u8;
        let (with_hand, start) = match o.resume {
            Resume::Action(p, drawn, kong_chain) => {
                self.enter_action(p, drawn, false, kong_chain);
                (true, false)
            }
            Resume::Start if seat == self.dealer => {
                self.enter_action(seat, None, true, false);
                (true, true)
            }
            _ => (false, false),
        };
        let hand = if with_hand { self.score_self_drawn_in(seat as usize, start).ok() } else { None };
        let scored = hand.as_ref().is_some_and(|h| h.interpretation.is_some());
        match self.rules.bonus_tile_wins().bonus_hand_score(&o.win, hand) {
            Some(score) => {
                let flags = if scored { self.self_drawn_flags() } else { WinFlags::default() };
                self.bonus_win_scored(&o.win, o.tile, Some((score, flags)));
            }
            None => self.resume_after_offer(o.resume.clone()),
        }
    }

    pub(super) fn recount(&mut self) {
        for p in 0..4 {
            self.held[p] = IdSet::from_ids(&self.hands[p]);
            self.counts[p] = [0; N_KINDS];
            for &t in &self.hands[p] {
                if t < N_ORDINARY {
                    self.counts[p][(t >> 2) as usize] += 1;
                }
            }
        }
    }

    pub(super) fn take_front(&mut self) -> u8 {
        self.front += 1;
        self.wall[self.front - 1]
    }

    /// A draw from the tail (a replacement); TW §20.5.7 `replacement_wall_16`: with no live
    /// tile left it empties the replacement wall `R` instead of the live wall.
    pub(super) fn take_tail(&mut self) -> u8 {
        if self.wall_rules.reserve == ReserveMode::ReplacementWall && self.remaining() == 0 {
            self.reserve = self.reserve.saturating_sub(1);
        }
        self.back -= 1;
        self.wall[self.back]
    }

    /// Whether a replacement draw can be made now (HK §4.4, §7.4; TW §20.5.7: a live tile, or
    /// under `replacement_wall_16` a tile of the replacement wall).
    #[inline]
    pub(super) fn replacement_possible(&self) -> bool {
        self.remaining() > 0
            || (self.wall_rules.reserve == ReserveMode::ReplacementWall && self.reserve > 0 && self.back > self.front)
    }

    /// The reserve and live counts a draw event carries under wall rules or when the ruleset
    /// asks for them (TW §20.6.4).
    #[inline]
    pub(super) fn wall_count(&self) -> Option<WallCount> {
        if self.wall_rules.is_none() && !self.wall_rules.counts_in_events {
            return None;
        }
        Some(WallCount { reserve: self.reserve as u16, live: self.remaining() as u16 })
    }

    /// A kong was completed (TW §20.5.5–§20.5.7): counted; the fourth ends the deal under
    /// `four_kongs_abort`; `kong_adds_one` raises the reserve; with no replacement possible (a
    /// kong on the last live tile, §20.5.5 rule 4) the deal ends in an exhaustive draw. True
    /// when the deal ended. Asked only under wall rules.
    #[cold]
    #[inline(never)]
    pub(super) fn kong_completed(&mut self) -> bool {
        self.kongs = self.kongs.saturating_add(1);
        let w = self.wall_rules;
        if w.four_kongs_abort && self.kongs >= 4 {
            self.exhaustive_draw(DrawReason::Abortive("four_kongs"));
            return true;
        }
        if w.reserve == ReserveMode::KongAddsOne {
            self.reserve += 1;
        }
        if !self.replacement_possible() {
            self.exhaustive_draw(DrawReason::NoReplacement);
            return true;
        }
        false
    }

    /// TW §20.5.6 rule 1 four winds: the first four discards of the deal, by the four seats,
    /// of one wind kind, no interruption.
    fn four_winds(&self) -> bool {
        if self.turn != 4 || self.interrupted {
            return false;
        }
        let mut kind = None;
        for p in 0..4 {
            let [d] = self.discards[p].as_slice() else { return false };
            let k = d.tile >> 2;
            if !(27..=30).contains(&k) || kind.is_some_and(|x| x != k) {
                return false;
            }
            kind = Some(k);
        }
        true
    }

    pub(super) fn hand_add(&mut self, p: usize, t: u8) {
        self.hands[p].push(t);
        self.held[p].insert(t);
        self.counts[p][(t >> 2) as usize] += 1;
    }

    pub(super) fn hand_remove(&mut self, p: usize, t: u8) {
        if let Some(i) = self.hands[p].iter().position(|&x| x == t) {
            self.hands[p].remove(i);
            self.held[p].remove(t);
            self.counts[p][(t >> 2) as usize] -= 1;
        }
    }

    /// HK §4.1 / §4.4 one draw (normal from the front, replacement from the tail) with bonus
    /// replacement. False when the deal ended in an exhaustive draw (§8.2 case 2).
    pub(super) fn draw(&mut self, p: usize, replacement: bool, reason: ReplacementReason) -> bool {
        let t = if replacement { self.take_tail() } else { self.take_front() };
        self.draw_from(p, t, replacement, reason)
    }

    /// [`Deal::draw`] from the tile `t` just taken. False also when a seven-rob offer stopped
    /// the draw before the replacement (TW §20.5.8 rule 3; [`Deal::after_draw`] opens it).
    pub(super) fn draw_from(&mut self, p: usize, t: u8, replacement: bool, reason: ReplacementReason) -> bool {
        let mut replacement = replacement;
        let mut reason = reason;
        let mut t = t;
        loop {
            let bonus = t >= N_ORDINARY;
            if !bonus {
                self.hand_add(p, t);
            }
            if self.opts.record {
                let player = p as u8;
                let wall = self.wall_count();
                self.emit(if replacement {
                    Event::ReplacementDraw { player, tile: t, reason, wall }
                } else {
                    Event::Draw { player, tile: t, wall }
                });
            }
            if !bonus {
                break;
            }
            if self.expose_bonus(p, t) {
                return false; // TW §7 (before the live-tile check: no replacement is needed)
            }
            if self.rob_offer_pending() {
                return false; // TW §20.5.8 rule 3: asked before the replacement draw
            }
            if !self.replacement_possible() {
                // no live tile left (TW §4: `remaining` never counts the dead wall)
                self.exhaustive_draw(DrawReason::NoReplacement);
                return false;
            }
            t = self.take_tail();
            replacement = true;
            reason = ReplacementReason::Bonus;
        }
        self.drawn_tile = Some(t);
        self.loose_tile = replacement;
        true
    }

    // ------------------------------------------------------------- phase changes
    pub(super) fn enter_action(&mut self, p: u8, drawn: Option<u8>, dealer_start: bool, kong_chain: bool) {
        self.phase = Phase::Action;
        self.active = Some(p);
        self.to_act = ToAct::one(p);
        self.drawn_tile = drawn;
        self.entered_by_draw = true;
        self.dealer_start = dealer_start;
        self.kong_chain = kong_chain;
        self.clear_window();
    }

    pub(super) fn enter_after_claim(&mut self, p: u8) {
        self.phase = Phase::AfterClaim;
        self.active = Some(p);
        self.to_act = ToAct::one(p);
        self.drawn_tile = None;
        self.entered_by_draw = false;
        self.dealer_start = false;
        self.kong_chain = false;
        self.loose_tile = false;
        self.clear_window();
    }

    /// Forget the scores of the window's win claims (most windows have none: no drop to run).
    fn clear_win_scores(&mut self) {
        if self.win_scores.iter().any(Option::is_some) {
            self.win_scores = Default::default();
        }
    }

    pub(super) fn clear_window(&mut self) {
        self.window_from = None;
        self.window_tile = None;
        self.window_lists = [None; 4];
        self.responses = [None; 4];
        self.clear_win_scores();
    }

    pub(super) fn draw_and_act(&mut self, p: u8, replacement: bool) {
        let drew = self.draw(p as usize, replacement, ReplacementReason::Kong);
        self.after_draw(p, replacement, drew);
    }

    /// After `p`'s draw (`drew`: it has its tile; `kong_chain`: a kong's replacement): its
    /// `ACTION`, or first an offered bonus-tile win (TW §20.5.8 rules 2–3).
    pub(super) fn after_draw(&mut self, p: u8, replacement: bool, drew: bool) {
        if !drew {
            if self.phase != Phase::Ended && self.rob_offer_pending() {
                self.open_bonus_choice(Resume::Draw(p, replacement));
            }
            return;
        }
        {
            if self.bonus_offer.is_some() {
                self.open_bonus_choice(Resume::Action(p, self.drawn_tile, replacement));
                return;
            }
            self.enter_action(p, self.drawn_tile, false, replacement);
            if self.hooks && !self.hook(HookEvent::Drew { player: p }) {
                self.auto_act();
            }
        }
    }

    /// An action the ruleset makes for the player who just drew (TW §20.6.3 the automatic
    /// added kong): carried out as that player's, logged as an engine-made `action` event.
    #[cold]
    #[inline(never)]
    fn auto_act(&mut self) {
        let Some(a) = self.rules.play_hooks().auto_action(self, &self.rule_state) else { return };
        let Ok(score) = self.check(&a) else { return };
        self.emit(Event::Action { action: a, auto: true });
        if self.hook(HookEvent::Acting { action: a, could_win: false }) {
            return;
        }
        self.do_turn(&a, score);
    }

    // ------------------------------------------------------------- apply
    /// Check `a` ([`Deal::check`]) and carry it out (HK §5–§8). An illegal action returns
    /// `Err(MahjongError::IllegalAction)` and leaves the state completely unchanged.
    pub fn apply(&mut self, a: &Action) -> Result<()> {
        let score = match self.check(a) {
            Ok(score) => score,
            Err(e) if self.hooks && matches!(a.kind, ActionType::Win | ActionType::SelfDrawnWin) => {
                // HK §19.11: the ruleset may carry out a refused win declaration as a false win
                let Some(payments) = self.rules.play_hooks().false_win(self, a, &e) else { return Err(e) };
                self.false_win(a, &e, payments);
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        self.carry_out(a, score)
    }

    /// [`Deal::apply`] of an action taken from [`Deal::legal_actions`] of the current state
    /// (a built-in seat's choice in the core's loops): the engine listed it by the same check,
    /// so only a win is checked again (for its score); a debug assertion checks the others.
    /// An action that was not listed must go through [`Deal::apply`].
    pub(crate) fn apply_listed(&mut self, a: &Action) -> Result<()> {
        let unscored =
            matches!(a.kind, ActionType::Discard | ActionType::Pass | ActionType::Chow | ActionType::Pung | ActionType::Kong);
        if !unscored {
            return self.apply(a);
        }
        debug_assert!(self.check(a).is_ok_and(|s| s.is_none()), "{a:?} was not a listed action");
        self.carry_out(a, None)
    }

    /// Carry out a checked action (`score`: its check's score, for a win).
    fn carry_out(&mut self, a: &Action, score: Option<ScoreOutcome>) -> Result<()> {
        self.emit(Event::Action { action: *a, auto: false });
        if self.phase == Phase::Declare {
            self.answer_declare(a);
        } else if self.phase == Phase::BonusChoice {
            self.answer_bonus(a);
        } else if matches!(self.phase, Phase::Action | Phase::AfterClaim) {
            if self.hooks && a.kind != ActionType::SelfDrawnWin {
                // TW §20.5.2 rule 1: a self-drawn win passed by another action in ACTION
                let could_win =
                    self.phase == Phase::Action && self.check(&Action::bare(ActionType::SelfDrawnWin, a.player)).is_ok();
                // told apart from the action, so a flag it sets and the action clears is logged
                // both times (TW §20.6.4)
                if could_win && self.hook(HookEvent::SelfDrawnWinPassed { player: a.player }) {
                    return Ok(());
                }
                if self.hook(HookEvent::Acting { action: *a, could_win }) {
                    return Ok(());
                }
            }
            if a.kind.is_extra() {
                self.do_extra(a);
            } else {
                self.do_turn(a, score);
            }
        } else {
            if self.hooks && a.kind != ActionType::Win {
                // whether the seat passed a win it could claim (TW §20.5.2, HK §19.12 pass-over;
                // a chow, pung or kong claim made instead of the win passes it too)
                let could_win = self.window_could_win(a.player);
                let e = if a.kind == ActionType::Pass {
                    Some(HookEvent::Passed { player: a.player, could_win })
                } else {
                    could_win.then_some(HookEvent::WinDeclined { player: a.player })
                };
                if e.is_some_and(|e| self.hook(e)) {
                    return Ok(());
                }
            }
            let p = a.player as usize;
            self.responses[p] = Some(*a);
            self.win_scores[p] = score;
            self.to_act.remove(a.player);
            if self.to_act.is_empty() {
                self.resolve_window();
            }
        }
        Ok(())
    }

    /// Whether `p` may claim a win in the open window: read from the responses listed for it
    /// when the window opened (listed by [`Deal::check`] on the same state), else checked.
    fn window_could_win(&self, p: u8) -> bool {
        let listed = self.window_lists[p as usize].map(|l| l.as_slice().iter().any(|a| a.kind == ActionType::Win));
        debug_assert!(listed.is_none_or(|w| w == self.check(&Action::bare(ActionType::Win, p)).is_ok()));
        listed.unwrap_or_else(|| self.check(&Action::bare(ActionType::Win, p)).is_ok())
    }

    pub(super) fn do_turn(&mut self, a: &Action, score: Option<ScoreOutcome>) {
        let p = a.player as usize;
        match a.kind {
            ActionType::Discard => self.discard(p, a.tiles.as_slice()[0]),
            ActionType::SelfDrawnWin => {
                let tile = if self.dealer_start { None } else { self.drawn_tile };
                if let Some(sc) = score {
                    self.win(&[(a.player, sc)], WinKind::SelfDrawn, tile, None);
                }
            }
            ActionType::ConcealedKong => {
                // HK §7.1, then the §7.4 replacement draw
                for &x in a.tiles.as_slice() {
                    self.hand_remove(p, x);
                }
                let tiles = a.tiles.sorted();
                let k = tiles.as_slice()[0] >> 2;
                self.melds[p].push(DealMeld { kind: MeldKind::ConcealedKong, tiles, claimed_from: None, claimed_tile: None });
                self.public[k as usize] += 4;
                self.interrupted = true;
                self.emit(Event::ConcealedKong { player: a.player, tiles });
                if self.hooks
                    && (self.hook(HookEvent::Konged { player: a.player })
                        || (!self.wall_rules.is_none() && self.kong_completed()))
                {
                    return;
                }
                self.draw_and_act(a.player, true);
            }
            _ => {
                // HK §7.3 added kong: the tile is set aside and a ROB window opens
                let x = a.tiles.as_slice()[0];
                self.hand_remove(p, x);
                self.public[(x >> 2) as usize] += 1;
                self.kong_tile = Some(x);
                self.interrupted = true; // TW §10: declared, robbed or not
                self.emit(Event::AddedKong { player: a.player, tile: x });
                if self.hooks && !self.rules.play_hooks().rob_window(self) {
                    // TW §20.5.5 rule 3: no ROB window, the kong is completed at once
                    self.drawn_tile = None;
                    self.complete_added_kong(a.player, x);
                    return;
                }
                self.open_window(Phase::Rob, a.player, x);
            }
        }
    }

    /// HK §5.4 discard, then the RESPONSE window.
    #[inline(always)]
    pub(super) fn discard(&mut self, p: usize, tile: u8) {
        self.hand_remove(p, tile);
        self.public[(tile >> 2) as usize] += 1;
        self.discards[p].push(Discard { tile, claimed_by: None });
        self.turn += 1;
        let last = self.remaining() == 0;
        self.emit(Event::Discard { player: p as u8, tile, last });
        if self.hooks && self.hook(HookEvent::Discarded { player: p as u8, tile }) {
            return;
        }
        self.open_window(Phase::Response, p as u8, tile);
    }

    /// HK §5.4 / §7.3 open a response window; auto-pass the players without a legal claim.
    pub(super) fn open_window(&mut self, phase: Phase, source: u8, tile: u8) {
        self.phase = phase;
        self.drawn_tile = None;
        self.entered_by_draw = false;
        self.dealer_start = false;
        self.kong_chain = false;
        self.loose_tile = false;
        self.window_from = Some(source);
        self.window_tile = Some(tile);
        self.responses = [None; 4];
        self.clear_win_scores();
        self.window_lists = [None; 4];
        let mut others = ToAct::default();
        for q in 0..4u8 {
            if q != source {
                others.push(q);
            }
        }
        if !self.opts.auto_pass {
            self.to_act = others;
            return;
        }
        let mut waiting = ToAct::default();
        let mut buf = std::mem::take(&mut self.scratch);
        for &q in others.as_slice() {
            let (win, any) = self.claim_options(q as usize);
            if any && {
                self.legal_responses_given(q, win, any, &mut buf);
                buf.len() > 1
            } {
                self.window_lists[q as usize] = ResponseList::new(&buf);
                waiting.push(q);
            } else {
                let pass = Action::bare(ActionType::Pass, q);
                self.responses[q as usize] = Some(pass);
                self.emit(Event::Action { action: pass, auto: true });
            }
        }
        self.scratch = buf;
        self.to_act = waiting;
        if waiting.is_empty() {
            self.after_passes(source, tile); // every answer was a pass: nothing to rank
        }
    }

    /// The window closed with every player passing: HK §7.3 the added kong stands, §8.2 the
    /// last discard ends the deal, or the next player draws (§5.4).
    fn after_passes(&mut self, src: u8, tile: u8) {
        if self.phase == Phase::Rob {
            self.complete_added_kong(src, tile);
        } else if self.wall_rules.four_winds_abort && self.four_winds() {
            self.exhaustive_draw(DrawReason::Abortive("four_winds")); // TW §20.5.6 rule 1
        } else if self.remaining() == 0 {
            self.exhaustive_draw(DrawReason::LastDiscard); // §8.2 case 1
        } else {
            self.draw_and_act((src + 1) % 4, false);
        }
    }

    /// HK §6.2 priority: the highest rank; ties by turn order after the discarder/declarer.
    pub(super) fn resolve_window(&mut self) {
        let (Some(src), Some(tile)) = (self.window_from, self.window_tile) else { return };
        let mut best: Option<Action> = None;
        for i in 1..4 {
            if let Some(r) = self.responses[(src as usize + i) % 4] {
                if r.kind.rank() > best.map_or(0, |b| b.kind.rank()) {
                    best = Some(r);
                }
            }
        }
        let Some(best) = best else {
            self.after_passes(src, tile);
            return;
        };
        if best.kind == ActionType::Win {
            // HK §11.3: head bump (the first in turn order) unless the ruleset pays every
            // winner (TW §5.2: several winners on one discard)
            let mut winners: Vec<(u8, ScoreOutcome)> = Vec::with_capacity(1);
            let several = self.hooks || self.rules.several_winners();
            for i in 1..4 {
                let q = (src as usize + i) % 4;
                if self.responses[q].is_some_and(|r| r.kind == ActionType::Win) {
                    if let Some(sc) = self.win_scores[q].take() {
                        winners.push((q as u8, sc));
                    }
                    if !several {
                        break;
                    }
                }
            }
            if self.hooks {
                // TW §20.5.1: the first of the claimants in turn order that win; the other
                // claims are void (not a pass)
                let n = self.rules.deal_setup().winning_claims(winners.len()).clamp(1, winners.len().max(1));
                winners.truncate(n);
            }
            let kind = if self.phase == Phase::Rob { WinKind::RobbingKong } else { WinKind::Discard };
            self.win(&winners, kind, Some(tile), Some(src));
            return;
        }
        // HK §5.5 a pung, exposed kong or chow
        let q = best.player as usize;
        if let Some(d) = self.discards[src as usize].last_mut() {
            d.claimed_by = Some(best.player);
        }
        for &x in best.tiles.as_slice() {
            self.hand_remove(q, x);
            self.public[(x >> 2) as usize] += 1;
        }
        let mut tiles = best.tiles;
        tiles.push(tile);
        let tiles = tiles.sorted();
        let kind = match best.kind {
            ActionType::Pung => MeldKind::Pung,
            ActionType::Kong => MeldKind::ExposedKong,
            _ => MeldKind::Chow,
        };
        self.melds[q].push(DealMeld { kind, tiles, claimed_from: Some(src), claimed_tile: Some(tile) });
        self.interrupted = true;
        self.emit(Event::Claim { player: best.player, kind: best.kind, tile, from: src, tiles });
        if self.hooks && self.hook(HookEvent::Claimed { player: best.player, kind: best.kind, tile, from: src }) {
            return;
        }
        if best.kind == ActionType::Kong {
            if self.hooks && !self.wall_rules.is_none() && self.kong_completed() {
                return;
            }
            self.draw_and_act(best.player, true); // §7.2, §7.4
        } else {
            self.enter_after_claim(best.player);
        }
    }

    /// HK §7.3 nobody robbed: the pung becomes an added kong; §7.4 replacement draw.
    pub(super) fn complete_added_kong(&mut self, p: u8, tile: u8) {
        let k = tile >> 2;
        self.kong_tile = None;
        let pi = p as usize;
        let mut done = None;
        if let Some(m) = self.melds[pi].iter_mut().find(|m| m.kind == MeldKind::Pung && m.tile_kind() == k) {
            let mut tiles = m.tiles;
            tiles.push(tile);
            m.tiles = tiles.sorted();
            m.kind = MeldKind::AddedKong;
            done = Some(m.tiles);
        }
        if let Some(tiles) = done {
            self.emit(Event::KongCompleted { player: p, tiles });
        }
        if self.hooks && (self.hook(HookEvent::Konged { player: p }) || (!self.wall_rules.is_none() && self.kong_completed())) {
            return;
        }
        self.draw_and_act(p, true);
    }
}
