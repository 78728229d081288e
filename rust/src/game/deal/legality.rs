//! Legality (HK §13; TW §17 keeps its codes): scoring a claimed or self-drawn win in the deal's
//! full situation, the one legality check [`Deal::check`], and the listing of legal actions
//! built on it. Kongs follow HK §7 with the live tiles in place of the wall (TW §6), and the
//! readings of HK §17 notes 7 and 15 (a kong needs a replacement tile; after a chow or pung the
//! player discards before any kong).

use super::*;

impl Deal {
    // ------------------------------------------------------------- scoring helpers
    pub(super) fn core_melds(&self, p: usize) -> Vec<Meld> {
        self.melds[p].iter().map(DealMeld::core).collect()
    }

    /// Score `p`'s win with the deal's situation: the WinContext flags given, and the deal's
    /// progress (`D` = discards made so far, the claimed one included; `p`'s own discards; the
    /// interruption flag; the dealer's streak) for the rulesets that read it (TW §10, §15).
    pub(super) fn score_hand(&self, p: usize, concealed: Counts, win: Option<u8>, ctx: &WinContext) -> Result<ScoreOutcome> {
        let hand = Hand { concealed, melds: self.core_melds(p), bonus: self.bonus_mask[p] };
        let progress = DealProgress {
            dealer_streak: self.opts.dealer_streak,
            discards: self.turn,
            winner_discards: self.discards[p].len() as u32,
            interrupted: self.interrupted,
        };
        let mut ctx = WinContext { progress, ..*ctx };
        if self.hooks {
            // TW §20.6.1–§20.6.2: a declared ready, a live qualification
            self.rules.play_hooks().win_situation(self, p, &self.rule_state, &mut ctx);
        }
        self.rules.score(&hand, win.map(Tile), &ctx)
    }

    /// The score of a win `p` could make now with `concealed` and a winning tile of kind `k`:
    /// self-drawn (the situation of its turn now), or, for `p` in its turn about to discard, on
    /// the next player's discard right after (`p`'s discard and that one counted, so that the
    /// deal's history stays possible, TW §10a). For house rules that test a win the seat did not
    /// make (TW §20.5.2 rules 4–5: the pass-over flag kept when a discard or kong gives up a win).
    pub fn score_hypothetical(&self, p: usize, concealed: Counts, k: u8, self_drawn: bool) -> Result<ScoreOutcome> {
        if p > 3 || k as usize >= N_KINDS {
            return Err(MahjongError::hand("no such seat or kind"));
        }
        let empty = self.remaining() == 0;
        let ctx = WinContext {
            seat_wind: self.seat_winds[p],
            prevailing_wind: self.opts.prevailing_wind,
            self_drawn,
            kong_replacement: self_drawn && self.replacement_flag(),
            last_wall_tile: self_drawn && empty,
            last_discard: !self_drawn && empty,
            ..Default::default()
        };
        let hand = Hand { concealed, melds: self.core_melds(p), bonus: self.bonus_mask[p] };
        let progress = DealProgress {
            dealer_streak: self.opts.dealer_streak,
            discards: self.turn + 2 * u32::from(!self_drawn),
            winner_discards: self.discards[p].len() as u32 + u32::from(!self_drawn),
            interrupted: self.interrupted,
        };
        let mut ctx = WinContext { progress, ..ctx };
        if self.hooks {
            self.rules.play_hooks().win_situation(self, p, &self.rule_state, &mut ctx);
        }
        self.rules.score(&hand, Some(Tile(k)), &ctx)
    }

    /// For a set-up position (`setup.rs`): every player's situation must be one a deal can
    /// reach (TW §10a), or the scorer would refuse that player's wins later and the win would
    /// silently not be offered. Asked of the ruleset ([`crate::rules::Rules::check_history`];
    /// one that reads no history, as Hong Kong, accepts any) as the engine would score the
    /// earliest win each player can make: the player to act self-drawn now, every other player
    /// on its next discard (the last live tile or the last discard when the wall is empty).
    pub(in crate::game) fn check_position(&self) -> Result<()> {
        let Some(active) = self.active else { return Ok(()) };
        if self.dealer_start {
            return Ok(());
        }
        for p in 0..4 {
            let hand = Hand { concealed: [0; N_KINDS], melds: self.core_melds(p), bonus: self.bonus_mask[p] };
            let progress = DealProgress {
                dealer_streak: self.opts.dealer_streak,
                discards: self.turn,
                winner_discards: self.discards[p].len() as u32,
                interrupted: self.interrupted,
            };
            let mut ctx = WinContext { seat_wind: self.seat_winds[p], progress, ..Default::default() };
            // the flags the engine would score that win with (TW §10a rule 2: an empty wall
            // needs the draws that emptied it)
            let empty = self.remaining() == 0;
            let discarder = if p == active as usize {
                ctx.self_drawn = true;
                ctx.kong_replacement = self.replacement_flag();
                ctx.last_wall_tile = empty;
                None
            } else {
                ctx.progress.discards += 1;
                ctx.last_discard = empty;
                Some(self.seat_winds[active as usize])
            };
            self.rules.check_history(&hand, &ctx, discarder).map_err(|e| match e {
                MahjongError::InvalidHand { message: m, .. } => {
                    MahjongError::hand(format!("this position has no possible history, P{p}: {m}"))
                }
                other => other,
            })?;
        }
        Ok(())
    }

    /// Tests: the situation of every win a player could make right now is one the ruleset
    /// accepts (TW §10a): the active player's self-drawn win in `ACTION`, every other player's
    /// win on the open discard (`RESPONSE`) or on the added tile (`ROB`), with the flags the
    /// engine scores them with. A deal only reaches possible situations, so a refusal here
    /// is a rule that refuses too much.
    #[cfg(test)]
    pub(in crate::game) fn check_situations_now(&self) -> Result<()> {
        let progress = DealProgress {
            dealer_streak: self.opts.dealer_streak,
            discards: self.turn,
            winner_discards: 0,
            interrupted: self.interrupted,
        };
        let empty = self.remaining() == 0;
        let check = |p: usize, ctx: WinContext, discarder: Option<u8>| {
            let hand = Hand { concealed: [0; N_KINDS], melds: self.core_melds(p), bonus: self.bonus_mask[p] };
            let progress = DealProgress { winner_discards: self.discards[p].len() as u32, ..ctx.progress };
            let ctx = WinContext { seat_wind: self.seat_winds[p], progress, ..ctx };
            self.rules.check_history(&hand, &ctx, discarder).map_err(|e| match e {
                MahjongError::InvalidHand { message: m, .. } => MahjongError::hand(format!("P{p} in {:?}: {m}", self.phase)),
                other => other,
            })
        };
        match (self.phase, self.active) {
            (Phase::Action, Some(a)) if self.dealer_start => {
                let ctx = WinContext { self_drawn: true, dealer_start: true, ..Default::default() };
                check(a as usize, WinContext { progress: DealProgress::START_OF_PLAY, ..ctx }, None)
            }
            (Phase::Action, Some(a)) => {
                let ctx = WinContext {
                    self_drawn: true,
                    kong_replacement: self.replacement_flag(),
                    last_wall_tile: empty,
                    progress,
                    ..Default::default()
                };
                check(a as usize, ctx, None)
            }
            (Phase::Response | Phase::Rob, _) => {
                let robbing = self.phase == Phase::Rob;
                let from = if robbing { self.active } else { self.window_from };
                let Some(from) = from else { return Ok(()) };
                let ctx = WinContext { robbing_kong: robbing, last_discard: !robbing && empty, progress, ..Default::default() };
                (0..4).filter(|&q| q != from as usize).try_for_each(|q| check(q, ctx, Some(self.seat_winds[from as usize])))
            }
            _ => Ok(()),
        }
    }

    /// The situation's "won on a replacement tile" flag: HK §7.4 a kong's replacement chain;
    /// where the ruleset counts a bonus tile's replacement too (TW §10 the loose tile), that.
    pub(super) fn replacement_flag(&self) -> bool {
        if self.rules.bonus_replacement_scores() {
            self.loose_tile
        } else {
            self.kong_chain
        }
    }

    /// HK §5.3.1 the score of a self-drawn win by the active player `p` now.
    pub fn score_self_drawn(&self, p: usize) -> Result<ScoreOutcome> {
        self.score_self_drawn_in(p, false)
    }

    /// [`Deal::score_self_drawn`]; `bonus_start`: the dealer's hand in an automatic bonus-tile
    /// win at its start of play, in the situation the ruleset gives it (TW §20.4.3).
    pub(super) fn score_self_drawn_in(&self, p: usize, bonus_start: bool) -> Result<ScoreOutcome> {
        let wind = self.seat_winds[p];
        if self.dealer_start {
            // §5.2 / §14a the dealer's win on the dealt tiles: no winning tile
            let mut ctx = WinContext {
                seat_wind: wind,
                prevailing_wind: self.opts.prevailing_wind,
                self_drawn: true,
                dealer_start: true,
                ..Default::default()
            };
            if bonus_start {
                self.rules.bonus_tile_wins().bonus_start_situation(&mut ctx);
            }
            return self.score_hand(p, self.counts[p], None, &ctx);
        }
        let Some(drawn) = self.drawn_tile else {
            return Err(MahjongError::hand("no drawn tile to win on"));
        };
        let mut c = self.counts[p];
        c[(drawn >> 2) as usize] -= 1;
        let ctx = WinContext {
            seat_wind: wind,
            prevailing_wind: self.opts.prevailing_wind,
            self_drawn: true,
            kong_replacement: self.replacement_flag(),
            last_wall_tile: self.remaining() == 0,
            ..Default::default()
        };
        self.score_hand(p, c, Some(drawn >> 2), &ctx)
    }

    /// HK §6.1 / §7.3 the score of a win by `q` on the open discard (or the robbed tile).
    pub fn score_claim(&self, q: usize) -> Result<ScoreOutcome> {
        let Some(tile) = self.window_tile else {
            return Err(MahjongError::hand("no open discard to win on"));
        };
        let robbing = self.phase == Phase::Rob;
        let ctx = WinContext {
            seat_wind: self.seat_winds[q],
            prevailing_wind: self.opts.prevailing_wind,
            self_drawn: false,
            robbing_kong: robbing,
            last_discard: !robbing && self.remaining() == 0,
            ..Default::default()
        };
        self.score_hand(q, self.counts[q], Some(tile >> 2), &ctx)
    }

    /// Whether kind `k` completes a winning shape (§9) of `q`'s 13-equivalent hand: the §14a
    /// waits (a kind whose four copies `q` holds, in hand or in its sets, is never a wait).
    pub fn wins_on(&self, q: usize, k: usize) -> bool {
        let c = &self.counts[q];
        let (n_melds, shapes) = (self.melds[q].len(), self.rules.shapes());
        // the shape first: it rejects most hands, and the copies held matter only for a shape
        if !shape_possible_with(c, k, n_melds, shapes) {
            return false;
        }
        let mut with = *c;
        with[k] += 1;
        if !is_complete(&with, n_melds, shapes) {
            return false;
        }
        let mut held = c[k] as usize;
        for m in &self.melds[q] {
            let t = m.tile_kind() as usize;
            held += match m.kind {
                MeldKind::Chow => usize::from((t..t + 3).contains(&k)),
                kind if t == k => kind.n_tiles() as usize,
                _ => 0,
            };
        }
        held < 4
    }

    /// `(the open tile completes q's hand, q may have an option but a pass)`: a cheap superset
    /// test (the §9 shape test and the §6.1 tile counts).
    pub(super) fn claim_options(&self, q: usize) -> (bool, bool) {
        let (Some(tile), Some(from)) = (self.window_tile, self.window_from) else { return (false, false) };
        let k = (tile >> 2) as usize;
        let win = self.wins_on(q, k);
        if win || self.phase == Phase::Rob || self.remaining() == 0 {
            return (win, win);
        }
        let c = &self.counts[q];
        (false, c[k] >= 2 || (q == (from as usize + 1) % 4 && k < 27 && chow_possible(c, k)))
    }

    // ------------------------------------------------------------- legality (§13)
    /// Check `a` against the rules (HK §5–§7, §13) without changing anything: `Ok` with the
    /// score of a win, or `Err(MahjongError::IllegalAction)` with the §13 code. The one
    /// function that decides legality: the engine's rules first, then the ruleset's hooks
    /// ([`crate::rules::PlayHooks::check`]: its restrictions and its extra actions).
    pub fn check(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        if self.hooks {
            return self.check_hooked(a);
        }
        self.check_engine(a)
    }

    /// [`Deal::check`] under a ruleset with house rules (out of line, so that the engine's own
    /// check, the hot path of every deal without them, is compiled as before): the
    /// declaration window and the ruleset's extra actions, else the engine's rules; then the
    /// ruleset's hook ([`crate::rules::PlayHooks::check`]).
    #[inline(never)]
    fn check_hooked(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        let r = match self.phase {
            Phase::BonusChoice => self.check_bonus_choice(a)?,
            _ if matches!(a.kind, ActionType::BonusWin | ActionType::Decline) => {
                return Err(illegal(
                    IllegalCode::WrongPhase,
                    format!("{} is allowed only in BONUS_CHOICE, not in {}", a.kind.name(), self.phase.name().to_uppercase()),
                ));
            }
            Phase::Declare => self.check_declare(a)?,
            Phase::Action | Phase::AfterClaim if a.kind.is_extra() => self.check_extra_in_turn(a)?,
            _ => self.check_engine(a)?,
        };
        if !self.wall_rules.is_none() {
            self.check_wall_rules(a)?;
        }
        self.rules.play_hooks().check(self, a, &self.rule_state)?;
        Ok(r)
    }

    /// What a kong needs of the wall under the deal's wall rules (TW §20.5.7 "a kong needs";
    /// §20.5.5 rule 4 the kong on the last live tile, rule 5 the fourth kong under
    /// `four_kongs_abort`): `NO_REPLACEMENT_TILE`. `claim`: an exposed kong claimed on a discard.
    pub(super) fn check_kong_wall(&self, claim: bool) -> Result<()> {
        let w = self.wall_rules;
        if w.four_kongs_abort && self.kongs >= 3 {
            return Ok(()); // the fourth kong ends the deal: no replacement is drawn
        }
        let live = self.remaining();
        let possible = match w.reserve {
            ReserveMode::Fixed => live >= 1,
            ReserveMode::KongAddsOne => live >= 2,
            ReserveMode::ReplacementWall => live >= 1 || self.reserve >= 1,
        };
        // §20.5.5 rule 4: the seat's own last draw was the last live tile
        let last_tile = w.last_tile_kong && !claim && live == 0 && self.entered_by_draw && !self.dealer_start;
        if possible || last_tile {
            return Ok(());
        }
        let why = match w.reserve {
            ReserveMode::KongAddsOne if live == 1 => "a kong needs two live tiles (its replacement and the raised reserve)",
            ReserveMode::ReplacementWall => "a kong needs a replacement tile but the replacement wall is empty",
            _ => "a kong needs a replacement tile but no live tile is left",
        };
        Err(illegal(IllegalCode::NoReplacementTile, why))
    }

    /// The wall rules' checks of an action the engine's own rules accepted: an exposed kong's
    /// replacement (TW §20.5.7) and the claim reserve (§20.5.4 `CLAIM_RESERVE`: a chow or
    /// pung needs `live` ≥ 4, a kong `live_after` ≥ 4).
    #[cold]
    fn check_wall_rules(&self, a: &Action) -> Result<()> {
        use ActionType as A;
        let is_claim = matches!(self.phase, Phase::Response) && matches!(a.kind, A::Chow | A::Pung | A::Kong);
        if is_claim && a.kind == A::Kong {
            self.check_kong_wall(true)?;
        }
        let w = self.wall_rules;
        if w.claim_reserve == 0 {
            return Ok(());
        }
        let is_kong = matches!(a.kind, A::Kong | A::ConcealedKong | A::AddedKong) && !a.kind.is_response()
            || (is_claim && a.kind == A::Kong);
        if !is_claim && !is_kong {
            return Ok(());
        }
        let live = self.remaining();
        let need = w.claim_reserve as usize;
        let left = if is_kong {
            let c = if w.four_kongs_abort && self.kongs >= 3 {
                0
            } else {
                match w.reserve {
                    ReserveMode::KongAddsOne => live.min(2),
                    _ => live.min(1),
                }
            };
            live - c
        } else {
            live
        };
        if left < need {
            let what = if is_kong { format!("a kong leaves {left} live tiles") } else { format!("{live} live tiles are left") };
            return Err(illegal(
                IllegalCode::ClaimReserve,
                format!("{what}; a claim or kong must leave {need} (claim_wall_reserve)"),
            ));
        }
        Ok(())
    }

    /// A ruleset's extra action in its player's turn: the turn's player, and a named tile's
    /// checks as a discard's.
    fn check_extra_in_turn(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        use IllegalCode as C;
        let p = a.player;
        if !self.rules.adds_action(a.kind) {
            return Err(illegal(C::WrongPhase, format!("{} is not an action of {}", a.kind.name(), self.rules.name())));
        }
        let active = self.active.unwrap_or(UNKNOWN_PLAYER);
        if p != active {
            return Err(illegal(C::NotYourTurn, format!("it is P{active}'s turn, not P{}'s", PlayerName(p))));
        }
        // one named tile is discarded with the action: a discard's checks
        if a.tiles.count() == 1 {
            self.check_tiles(a, 1)?;
        }
        Ok(None)
    }

    /// An answer in `BONUS_CHOICE` (TW §20.6.3): only the asked seat, `BONUS_WIN` or
    /// `DECLINE`, naming no tiles.
    fn check_bonus_choice(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        use IllegalCode as C;
        if !self.to_act.contains(a.player) {
            let seat = self.to_act.as_slice().first().copied().unwrap_or(UNKNOWN_PLAYER);
            return Err(illegal(
                C::NotYourTurn,
                format!("P{seat} is choosing whether to take a bonus-tile win, not P{}", PlayerName(a.player)),
            ));
        }
        match a.kind {
            ActionType::BonusWin | ActionType::Decline if a.tiles.count() != 0 => {
                Err(illegal(C::InvalidMeld, format!("{} names no tiles", a.kind.name())))
            }
            ActionType::BonusWin | ActionType::Decline => Ok(None),
            k => Err(illegal(C::WrongPhase, format!("{} is not allowed in BONUS_CHOICE (bonus_win or decline)", k.name()))),
        }
    }

    /// An answer in the declaration window: a seat it asks, once; a pass or one of the
    /// ruleset's extra actions (its hook decides those).
    fn check_declare(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        use ActionType as A;
        use IllegalCode as C;
        let (p, kind) = (a.player, a.kind);
        if kind.is_extra() && !self.rules.adds_action(kind) {
            return Err(illegal(C::WrongPhase, format!("{} is not an action of {}", kind.name(), self.rules.name())));
        }
        if p < 4 && self.responses[p as usize].is_some() {
            return Err(illegal(C::AlreadyResponded, format!("P{p} has already answered this declaration")));
        }
        if !self.to_act.contains(p) {
            return Err(illegal(C::NotYourTurn, format!("P{} is not asked to declare", PlayerName(p))));
        }
        match kind {
            A::Pass if a.tiles.count() != 0 => Err(illegal(C::InvalidMeld, "a pass names no tiles")),
            A::Pass => Ok(None),
            // the ruleset's hook decides its own actions
            k if k.is_extra() => Ok(None),
            _ => Err(illegal(C::WrongPhase, format!("{} is not allowed in DECLARE", kind.name()))),
        }
    }

    /// The engine's own rules (HK §5–§7, §13); an extra action (none without house rules) is
    /// refused as out of phase, and the declaration window is never open.
    fn check_engine(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        use ActionType as A;
        use IllegalCode as C;
        let p = a.player;
        let kind = a.kind;
        if kind.is_extra() && self.phase != Phase::Ended {
            let why = if self.rules.adds_action(kind) {
                format!("{} is not allowed in {}", kind.name(), self.phase.name().to_uppercase())
            } else {
                format!("{} is not an action of {}", kind.name(), self.rules.name())
            };
            return Err(illegal(C::WrongPhase, why));
        }
        match self.phase {
            Phase::Ended => Err(illegal(C::DealOver, "the deal has ended")),
            Phase::Declare => Err(illegal(C::WrongPhase, "no declaration window is open")),
            Phase::BonusChoice => Err(illegal(C::WrongPhase, "no bonus choice is open")),
            Phase::Action | Phase::AfterClaim => {
                if kind.is_response() {
                    return Err(illegal(C::WrongPhase, format!("{} is a response; no claim window is open", kind.name())));
                }
                let active = self.active.unwrap_or(UNKNOWN_PLAYER);
                if p != active {
                    return Err(illegal(C::NotYourTurn, format!("it is P{active}'s turn, not P{}'s", PlayerName(p))));
                }
                if self.phase == Phase::AfterClaim && kind != A::Discard {
                    return Err(illegal(C::WrongPhase, "after a chow or pung the only legal action is a discard"));
                }
                self.check_turn(a)
            }
            Phase::Response | Phase::Rob => {
                if p > 3 || Some(p) == self.window_from {
                    let what = if self.phase == Phase::Response { "discard" } else { "kong" };
                    return Err(illegal(C::NotYourTurn, format!("P{} cannot respond to their own {what}", PlayerName(p))));
                }
                if !kind.is_response() || (self.phase == Phase::Rob && !matches!(kind, A::Pass | A::Win)) {
                    return Err(illegal(
                        C::WrongPhase,
                        format!("{} is not allowed in {}", kind.name(), self.phase.name().to_uppercase()),
                    ));
                }
                if self.responses[p as usize].is_some() {
                    return Err(illegal(C::AlreadyResponded, format!("P{p} has already responded in this window")));
                }
                self.check_response(a)
            }
        }
    }

    /// `check` for the tiles an action names: their number, ids in range, held, distinct.
    pub(super) fn check_tiles(&self, a: &Action, n: usize) -> Result<()> {
        use IllegalCode as C;
        if a.tiles.count() != n {
            let got = if a.tiles.count() > 4 { "more than 4".to_string() } else { a.tiles.count().to_string() };
            return Err(illegal(C::InvalidMeld, format!("{} names {n} tile(s), got {got}", a.kind.name())));
        }
        let ts = a.tiles.as_slice();
        if ts.iter().any(|&t| t as usize >= N_TILES) {
            return Err(illegal(C::UnknownTile, "a tile id is outside 0..143"));
        }
        let held = &self.held[a.player as usize];
        if let Some(t) = ts.iter().find(|&&t| !held.contains(t)) {
            // HK §19.4: an id outside the ruleset's tile set (a bonus tile with 136 tiles)
            if !self.rules.tile_set().contains(*t) {
                return Err(illegal(C::UnknownTile, format!("tile {t} is not in the {}-tile set", self.rules.tile_set().len())));
            }
            return Err(illegal(C::TileNotInHand, format!("tile {t} is not in P{}'s concealed hand", a.player)));
        }
        for i in 0..ts.len() {
            if ts[..i].contains(&ts[i]) {
                return Err(illegal(C::InvalidMeld, "the same tile is named twice"));
            }
        }
        Ok(())
    }

    pub(super) fn require_win(sc: Result<ScoreOutcome>) -> Result<Option<ScoreOutcome>> {
        let sc = sc?;
        if sc.is_win {
            return Ok(Some(sc));
        }
        let code = match sc.reason {
            Some(crate::rules::scoring::RejectReason::BelowMinimum) => IllegalCode::BelowMinimum,
            _ => IllegalCode::NotAWinningHand,
        };
        Err(illegal(code, format!("not a legal win ({} faan)", sc.value)))
    }

    #[inline]
    pub(super) fn check_turn(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        use ActionType as A;
        use IllegalCode as C;
        let p = a.player as usize;
        match a.kind {
            A::Discard => self.check_tiles(a, 1).map(|_| None),
            A::SelfDrawnWin => {
                if a.tiles.count() != 0 {
                    return Err(illegal(C::InvalidMeld, "a self-drawn win names no tiles"));
                }
                if !self.entered_by_draw {
                    return Err(illegal(C::WrongPhase, "a self-drawn win needs a draw this turn"));
                }
                Self::require_win(self.score_self_drawn(p))
            }
            _ => {
                // HK §7.5 every kong needs a replacement tile (TW §20.5.5, §20.5.7 under wall rules)
                if self.wall_rules.is_none() {
                    if self.remaining() == 0 {
                        return Err(illegal(C::NoReplacementTile, "a kong needs a replacement tile but no live tile is left"));
                    }
                } else {
                    self.check_kong_wall(false)?;
                }
                if a.kind == A::ConcealedKong {
                    self.check_tiles(a, 4)?;
                    let k = a.tiles.as_slice()[0] >> 2;
                    if a.tiles.as_slice().iter().any(|&t| t >> 2 != k) {
                        return Err(illegal(C::InvalidMeld, "a concealed kong is four tiles of one kind"));
                    }
                    return Ok(None);
                }
                self.check_tiles(a, 1)?;
                let k = a.tiles.as_slice()[0] >> 2;
                if !self.melds[p].iter().any(|m| m.kind == MeldKind::Pung && m.tile_kind() == k) {
                    return Err(illegal(C::InvalidMeld, "no exposed pung of that kind to add to"));
                }
                Ok(None)
            }
        }
    }

    pub(super) fn check_response(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        use ActionType as A;
        use IllegalCode as C;
        let p = a.player as usize;
        match a.kind {
            A::Pass => {
                if a.tiles.count() != 0 {
                    return Err(illegal(C::InvalidMeld, "a pass names no tiles"));
                }
                return Ok(None);
            }
            A::Win => {
                if a.tiles.count() != 0 {
                    return Err(illegal(C::InvalidMeld, "a win claim names no tiles"));
                }
                return Self::require_win(self.score_claim(p));
            }
            _ => {}
        }
        if self.remaining() == 0 {
            return Err(illegal(C::LastDiscardWinOnly, "the last discard may be claimed only for a win"));
        }
        let (Some(disc), Some(from)) = (self.window_tile, self.window_from) else {
            return Err(illegal(C::WrongPhase, "no discard to claim"));
        };
        let k = disc >> 2;
        if a.kind == A::Chow {
            if p != (from as usize + 1) % 4 {
                return Err(illegal(C::ChowNotAllowed, "only the next player after the discarder may chow"));
            }
            self.check_tiles(a, 2)?;
            let mut kinds = [k, a.tiles.as_slice()[0] >> 2, a.tiles.as_slice()[1] >> 2];
            kinds.sort_unstable();
            let run = kinds[2] < 27 && kinds[0] / 9 == kinds[2] / 9 && kinds[1] == kinds[0] + 1 && kinds[2] == kinds[0] + 2;
            if k >= 27 || !run {
                return Err(illegal(C::InvalidMeld, "the tiles do not form a run with the discard"));
            }
            return Ok(None);
        }
        let n = if a.kind == A::Pung { 2 } else { 3 };
        self.check_tiles(a, n)?;
        if a.tiles.as_slice().iter().any(|&t| t >> 2 != k) {
            return Err(illegal(C::InvalidMeld, format!("a {} needs {n} tiles of the discard's kind", a.kind.name())));
        }
        Ok(None)
    }

    /// Whether [`Deal::apply`] would accept `a` (no state change either way).
    pub fn is_legal(&self, a: &Action) -> bool {
        self.check(a).is_ok()
    }

    // ------------------------------------------------------------- legal actions
    /// Every legal action of `player` now, appended to `out` (cleared first; empty if the
    /// player may not act). One option per distinct choice with the lowest ids held:
    /// ACTION: self-drawn win, concealed kongs by kind, added kongs in meld order, a discard per
    /// tile held (ascending id); AFTER_CLAIM: discards; RESPONSE: pass, win, exposed kong, pung,
    /// chows (lowest first); ROB: pass, win.
    pub fn legal_actions_into(&self, player: u8, out: &mut Vec<Action>) {
        if self.hooks {
            self.legal_actions_hooked(player, out);
        } else {
            self.legal_actions_engine(player, out);
        }
    }

    /// [`Deal::legal_actions_into`] under a ruleset with house rules (out of line, so that the
    /// engine's own list, the hot path of every deal without them, is compiled as before): the
    /// engine's actions the hooks accept (its checks already ask them, except a discard's,
    /// listed without one), then the ruleset's extra actions; in a declaration window a pass
    /// and the extra actions.
    #[inline(never)]
    fn legal_actions_hooked(&self, player: u8, out: &mut Vec<Action>) {
        if self.phase == Phase::BonusChoice {
            // TW §20.6.3: the asked seat takes the win or declines
            out.clear();
            if self.to_act.contains(player) {
                out.extend([ActionType::BonusWin, ActionType::Decline].map(|k| Action::bare(k, player)));
            }
            return;
        }
        self.legal_actions_engine(player, out);
        if self.phase == Phase::Ended || !self.to_act.contains(player) {
            return;
        }
        if self.phase.is_window() {
            // a pass the ruleset refuses (TW §20.6.1 a forced win)
            out.retain(|a| a.kind != ActionType::Pass || self.check(a).is_ok());
            return;
        }
        out.retain(|a| a.kind != ActionType::Discard || self.check(a).is_ok());
        let mut extras = Vec::new();
        self.rules.play_hooks().extra_candidates(self, player, &mut extras);
        extras.retain(|a| self.check(a).is_ok());
        if self.phase == Phase::Declare {
            out.clear();
            out.push(Action::bare(ActionType::Pass, player));
        }
        out.extend(extras);
    }

    /// The engine's own legal actions (HK §5–§7).
    fn legal_actions_engine(&self, player: u8, out: &mut Vec<Action>) {
        out.clear();
        if self.phase == Phase::Ended || !self.to_act.contains(player) {
            return;
        }
        let keep = |a: Action, out: &mut Vec<Action>| {
            if self.check(&a).is_ok() {
                out.push(a);
            }
        };
        let p = player as usize;
        if self.phase.is_window() {
            match &self.window_lists[p] {
                Some(list) => out.extend_from_slice(list.as_slice()),
                None => self.legal_responses(player, out),
            }
            return;
        }
        let c = &self.counts[p];
        match self.phase {
            Phase::Action => {
                let (n_melds, shapes) = (self.melds[p].len(), self.rules.shapes());
                if self.entered_by_draw && shape_possible(c, n_melds, shapes) && is_complete(c, n_melds, shapes) {
                    keep(Action::bare(ActionType::SelfDrawnWin, player), out);
                }
                if (self.remaining() > 0 || !self.wall_rules.is_none()) && (has_four(c) || !self.melds[p].is_empty()) {
                    for (k, _) in c.iter().enumerate().filter(|(_, &n)| n == 4) {
                        let (ids, n) = self.held[p].of_kind(k as u8);
                        keep(Action { kind: ActionType::ConcealedKong, player, tiles: Tiles::new(&ids[..n]) }, out);
                    }
                    for m in &self.melds[p] {
                        let k = m.tile_kind();
                        if m.kind == MeldKind::Pung && c[k as usize] > 0 {
                            if let Some(low) = self.held[p].lowest_of_kind(k) {
                                keep(Action { kind: ActionType::AddedKong, player, tiles: Tiles::one(low) }, out);
                            }
                        }
                    }
                }
                self.held[p].for_each_ascending(|t| out.push(Action::discard(player, t)));
            }
            Phase::AfterClaim => self.held[p].for_each_ascending(|t| out.push(Action::discard(player, t))),
            Phase::Response | Phase::Rob | Phase::Ended | Phase::Declare | Phase::BonusChoice => {}
        }
    }

    pub(super) fn legal_responses(&self, q: u8, out: &mut Vec<Action>) {
        let (win, any) = self.claim_options(q as usize);
        self.legal_responses_given(q, win, any, out);
    }

    /// The responses of `q` once [`Deal::claim_options`] gave `(win, any)`.
    pub(super) fn legal_responses_given(&self, q: u8, win: bool, any: bool, out: &mut Vec<Action>) {
        out.clear();
        out.push(Action::bare(ActionType::Pass, q));
        let p = q as usize;
        if !any {
            return;
        }
        let (Some(tile), Some(from)) = (self.window_tile, self.window_from) else { return };
        let k = tile >> 2;
        if win {
            let a = Action::bare(ActionType::Win, q);
            if self.check(&a).is_ok() {
                out.push(a);
            }
        }
        if self.phase == Phase::Rob || self.remaining() == 0 {
            return; // §6.3 / §7.3 win only
        }
        let held = &self.held[p];
        let (ids, n_ids) = held.of_kind(k);
        let m = &ids[..n_ids];
        let mut cands = [Action::bare(ActionType::Pass, q); 5];
        let mut nc = 0;
        if m.len() >= 3 {
            cands[nc] = Action::new(ActionType::Kong, q, &m[..3]);
            nc += 1;
        }
        if m.len() >= 2 {
            cands[nc] = Action::new(ActionType::Pung, q, &m[..2]);
            nc += 1;
        }
        if p == (from as usize + 1) % 4 && k < 27 {
            let n = (k % 9) as i16;
            let lowest = |kind: u8| held.lowest_of_kind(kind);
            for start in [n - 2, n - 1, n] {
                if start < 0 || start + 2 > 8 {
                    continue;
                }
                let base = k as i16 - n;
                let mut others = [0u8; 2];
                let mut j = 0;
                for i in start..start + 3 {
                    if i != n {
                        others[j] = (base + i) as u8;
                        j += 1;
                    }
                }
                if let (Some(a), Some(b)) = (lowest(others[0]), lowest(others[1])) {
                    cands[nc] = Action::new(ActionType::Chow, q, &[a, b]);
                    nc += 1;
                }
            }
        }
        for a in &cands[..nc] {
            if self.check(a).is_ok() {
                out.push(*a);
            }
        }
    }

    /// [`Deal::legal_actions_into`] into a new vector.
    pub fn legal_actions(&self, player: u8) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(player, &mut v);
        v
    }
}
