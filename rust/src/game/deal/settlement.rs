//! The end of a deal (HK §8, §11; TW §7, §15): wins with their payments, the bonus-tile wins,
//! the settlement the ruleset makes of them, and the exhaustive draw.

use super::*;
use crate::rules::Element;

impl Deal {
    // ------------------------------------------------------------- §8 end of the deal
    /// The payments of one win by player (HK §11, TW §15: the ruleset's, with the deal's
    /// dealer and streak).
    pub(super) fn win_payments(&self, value: u8, winner: usize, self_drawn: bool, discarder: Option<usize>) -> [i64; 4] {
        let w = WinPayment { winner, value: value.into(), self_drawn, discarder: if self_drawn { None } else { discarder } };
        // the deal's own wins are consistent: the ruleset cannot refuse them
        self.rules.win_payments(&w, self.dealer as usize, self.opts.dealer_streak).unwrap_or([0; 4])
    }

    /// The ruleset's settlement of the deal's wins (HK §11–§12, TW §15–§16): payments and who
    /// deals next.
    /// With house rules, the settlement is adjusted by the deal's liability records
    /// ([`crate::rules::LiabilityRules::settle_records`]).
    pub(super) fn settlement(&self, wins: &mut [Win]) -> Settlement {
        let pay: Vec<WinPayment> = wins.iter().map(Win::as_payment).collect();
        let hooked = self.hooks && (!self.rule_state.records.is_empty() || wins.len() > 1);
        let (dealer, streak) = (self.dealer as usize, self.opts.dealer_streak);
        // the deal's own wins are consistent: the ruleset cannot refuse them
        let s = self.rules.settle(&pay, dealer, streak).unwrap_or(Settlement {
            payments: [0; 4],
            dealer_after: dealer,
            streak_after: streak,
            passed: false,
        });
        if hooked {
            return self.rules.liability_rules().settle_records(self, wins, &self.rule_state.records, s);
        }
        s
    }

    /// HK §8.1 / TW §8 win(s): pay (HK §11, TW §15) and end. `winners` in turn order with
    /// their validated scores; in Taiwanese every winner is paid by the discarder (TW §5.2).
    pub(super) fn win(&mut self, winners: &[(u8, ScoreOutcome)], kind: WinKind, tile: Option<u8>, discarder: Option<u8>) {
        let mut wins = Vec::with_capacity(winners.len());
        for (i, (p, sc)) in winners.iter().enumerate() {
            let pi = *p as usize;
            if kind == WinKind::Discard && i == 0 {
                if let Some(d) = discarder.and_then(|d| self.discards[d as usize].last_mut()) {
                    d.claimed_by = Some(*p);
                }
            }
            if kind != WinKind::SelfDrawn && i == 0 {
                // the one physical tile goes to the first winner (every winner scores with it)
                if let Some(t) = tile {
                    self.hand_add(pi, t);
                    self.public[(t >> 2) as usize] -= 1;
                }
            }
            let self_drawn = kind == WinKind::SelfDrawn;
            let pay = self.win_payments(sc.value, pi, self_drawn, discarder.map(usize::from));
            let flags = WinFlags {
                kong_replacement: self_drawn && self.replacement_flag(),
                last_wall_tile: self_drawn && !self.dealer_start && self.remaining() == 0,
                last_discard: kind == WinKind::Discard && self.remaining() == 0,
                robbing_kong: kind == WinKind::RobbingKong,
                dealer_start: self_drawn && self.dealer_start,
            };
            wins.push(Win { player: *p, kind, tile, discarder, score: sc.clone(), flags, payments: pay, liable_paid: None });
        }
        self.kong_tile = None;
        let hands: Vec<(u8, Vec<u8>)> = if self.opts.record {
            winners
                .iter()
                .enumerate()
                .map(|(i, (p, _))| {
                    let mut hand = self.hands[*p as usize].clone();
                    if i > 0 {
                        hand.extend(tile);
                    }
                    hand.sort_unstable();
                    (*p, hand)
                })
                .collect()
        } else {
            Vec::new()
        };
        self.settle_and_end(wins, hands);
    }

    /// TW §7 a bonus-tile win found after an exposure of `tile`: automatic, scored only by its
    /// element (exempt from `min_tai`), settled as self-drawn (all eight) or paid by the
    /// exposing player (seven rob the eighth, who takes the tile into their bonus area).
    pub(super) fn bonus_win(&mut self, w: &BonusWin, tile: u8) {
        self.bonus_win_scored(w, tile, None);
    }

    /// TW §20.5.8 rule 3 `optional`, `BONUS_WIN`: the moved bonus tile goes to the winner,
    /// who makes one replacement draw (case A: the seat with seven; case B: the exposing seat,
    /// its draw for the tile it exposed). Case (A): one win, the seven-rob element plus, when
    /// the 17 tiles have a winning shape, that hand scored as a win on a discard of the
    /// replacement by the exposing seat with the bonus tiles ignored, all paid by the exposing
    /// seat. Case (B): two wins of the seat, each settled on its own (§20.7.1): the element,
    /// paid by the seat whose single bonus tile moved; and the hand (if a winning shape), scored
    /// self-drawn on the replacement (a loose tile) without the moved tile, paid by all three.
    /// Neither carries liability (§20.7.2).
    pub(super) fn seven_rob_win(&mut self, o: &BonusOffer) {
        let (w, winner) = (o.win, o.win.winner);
        let Some(payer) = w.discarder else { return };
        let case_b = o.moved != o.tile;
        if let Some(i) = self.bonus[payer].iter().position(|&b| b == o.moved) {
            self.bonus[payer].remove(i);
            self.bonus_mask[payer] &= !(1 << (o.moved - N_ORDINARY));
        }
        let mask_before = self.bonus_mask[winner];
        self.add_bonus(winner, o.moved);
        // the offer was made only with a replacement draw possible; never a bonus tile
        let r = self.take_tail();
        self.hand_add(winner, r);
        let wall = self.wall_count();
        self.emit(Event::ReplacementDraw { player: winner as u8, tile: r, reason: ReplacementReason::Bonus, wall });
        let mut c = self.counts[winner];
        c[(r >> 2) as usize] -= 1;
        let ctx = WinContext {
            seat_wind: self.seat_winds[winner],
            prevailing_wind: self.opts.prevailing_wind,
            self_drawn: case_b,
            kong_replacement: case_b && self.rules.bonus_replacement_scores(),
            last_wall_tile: case_b && self.remaining() == 0,
            last_discard: !case_b && self.remaining() == 0,
            ..Default::default()
        };
        // case (A): the bonus tiles ignored; case (B): without the moved tile
        let full_mask = self.bonus_mask[winner];
        self.bonus_mask[winner] = if case_b { mask_before } else { 0 };
        let hand = self.score_hand(winner, c, Some(r >> 2), &ctx).ok().filter(|h| h.interpretation.is_some());
        // (A): no bonus-tile elements either (the ruleset's list)
        let hand = if case_b { hand } else { hand.map(|h| self.rules.bonus_tile_wins().rob_hand_part(h)) };
        self.bonus_mask[winner] = full_mask;
        let element: Vec<Element> = std::iter::once(w.element).chain(w.starting).collect();
        let bonus_score = |extra: &[Element]| {
            let elements: Vec<Element> = element.iter().chain(extra).copied().collect();
            let value = elements.iter().fold(0u8, |v, e| v.saturating_add(e.value));
            ScoreOutcome { is_win: true, reason: None, value, raw_value: value, limit: None, elements, interpretation: None }
        };
        let discarder = Some(payer as u8);
        let mut wins = Vec::with_capacity(2);
        let mut first = if case_b {
            bonus_score(&[])
        } else {
            let mut s = bonus_score(hand.as_ref().map_or(&[][..], |h| &h.elements[..]));
            s.interpretation = hand.as_ref().and_then(|h| h.interpretation.clone());
            s
        };
        // TW §11 / §20.4.2 rule 7: breakdowns in ascending element number
        first.elements.sort_by_key(Element::number);
        let pay = self.win_payments(first.value, winner, false, Some(payer));
        let kind = WinKind::Bonus(BonusWinKind::RobEighth);
        let tile = Some(o.moved);
        wins.push(Win {
            player: winner as u8,
            kind,
            tile,
            discarder,
            score: first,
            flags: WinFlags::default(),
            payments: pay,
            liable_paid: None,
        });
        if let Some(h) = hand.filter(|_| case_b) {
            let pay = self.win_payments(h.value, winner, true, None);
            let flags =
                WinFlags { kong_replacement: ctx.kong_replacement, last_wall_tile: ctx.last_wall_tile, ..WinFlags::default() };
            wins.push(Win {
                player: winner as u8,
                kind,
                tile: Some(r),
                discarder: None,
                score: h,
                flags,
                payments: pay,
                liable_paid: None,
            });
        }
        let hands = if self.opts.record {
            let mut hand = self.hands[winner].clone();
            hand.sort_unstable();
            wins.iter().map(|_| (winner as u8, hand.clone())).collect()
        } else {
            Vec::new()
        };
        self.settle_and_end(wins, hands);
    }

    /// The flags of a self-drawn win by the active player now (as [`Deal::win`] sets them).
    pub(super) fn self_drawn_flags(&self) -> WinFlags {
        WinFlags {
            kong_replacement: self.replacement_flag(),
            last_wall_tile: !self.dealer_start && self.remaining() == 0,
            last_discard: false,
            robbing_kong: false,
            dealer_start: self.dealer_start,
        }
    }

    /// A bonus-tile win, scored by its element(s) (TW §7), or by `scored` (TW §20.5.8 rule 2
    /// `compound`: the hand's score with its flags).
    pub(super) fn bonus_win_scored(&mut self, w: &BonusWin, tile: u8, scored: Option<(ScoreOutcome, WinFlags)>) {
        let kind = WinKind::Bonus(w.kind);
        let discarder = if w.kind.robs() { w.discarder.map(|d| d as u8) } else { None };
        if matches!(w.kind, BonusWinKind::Flower | BonusWinKind::FlowerRob) {
            // HK §19.13: the exposer is the winner unless the tile was robbed
            let exposer = discarder.unwrap_or(w.winner as u8);
            let n = (self.bonus_mask[w.winner] | 1 << (tile - N_ORDINARY)).count_ones();
            let label = if w.kind.robs() {
                "rob"
            } else if n == 8 {
                "eight"
            } else {
                "seven"
            };
            self.emit(Event::FlowerWin { player: w.winner as u8, kind: label, tile, exposer });
        }
        if let Some(d) = discarder {
            let d = d as usize;
            if let Some(i) = self.bonus[d].iter().position(|&b| b == tile) {
                self.bonus[d].remove(i);
                self.bonus_mask[d] &= !(1 << (tile - N_ORDINARY));
            }
            self.add_bonus(w.winner, tile);
        }
        let (mut score, flags) = scored.unwrap_or_else(|| {
            let value = w.value();
            let score = ScoreOutcome {
                is_win: true,
                reason: None,
                value,
                raw_value: value,
                limit: None,
                elements: std::iter::once(w.element).chain(w.starting).collect(),
                interpretation: None,
            };
            (score, WinFlags::default())
        });
        // TW §11 / §20.4.2 rule 7: breakdowns in ascending element number
        score.elements.sort_by_key(Element::number);
        let value = score.value;
        let pay = self.win_payments(value, w.winner, discarder.is_none(), w.discarder);
        let win =
            Win { player: w.winner as u8, kind, tile: Some(tile), discarder, score, flags, payments: pay, liable_paid: None };
        let hands = if self.opts.record {
            let mut hand = self.hands[w.winner].clone();
            hand.sort_unstable();
            vec![(w.winner as u8, hand)]
        } else {
            Vec::new()
        };
        self.settle_and_end(vec![win], hands);
    }

    /// Apply the wins' payments, record the `win` and `payments` events (`hands`: each
    /// winner's final concealed ids, when recording) and end the deal.
    /// With house rules the deal's payments are the settlement's (liability records may move
    /// a win's payments onto the liable seat; each win's own `payments` are before that).
    pub(super) fn settle_and_end(&mut self, mut wins: Vec<Win>, hands: Vec<(u8, Vec<u8>)>) {
        let mut total = [0i64; 4];
        for w in &wins {
            for (t, x) in total.iter_mut().zip(w.payments) {
                *t += x;
            }
        }
        let settlement = self.settlement(&mut wins);
        if self.hooks {
            total = settlement.payments;
        }
        debug_assert!(settlement.payments == total);
        for (s, x) in self.scores.iter_mut().zip(total) {
            *s += x;
        }
        if self.opts.record {
            for (i, (p, hand)) in hands.into_iter().enumerate() {
                self.emit(Event::Win { player: p, win: i, hand });
            }
            self.emit(Event::Payments { payments: total, scores: self.scores });
        }
        self.end(DealResult {
            deal_index: self.deal_index,
            dealer: self.dealer,
            draw_reason: None,
            wins,
            payments: total,
            scores: self.scores,
            turns: self.turn,
            tiles_left: self.remaining() as u32,
            prevailing_wind: self.opts.prevailing_wind,
            dealer_streak: self.opts.dealer_streak,
            settlement,
            false_win: None,
        });
    }

    /// HK §8.2 / TW §8 exhaustive draw: no winner, no payments (the dealer keeps the seat
    /// and the streak, TW §16); a ruleset's abortive draw too (TW §20.5.6).
    /// Tiles left is the live count; under house rules the records of the deal do not apply.
    pub(super) fn exhaustive_draw(&mut self, reason: DrawReason) {
        self.emit(Event::ExhaustiveDraw { reason });
        let settlement = self.settlement(&mut []);
        self.end(DealResult {
            deal_index: self.deal_index,
            dealer: self.dealer,
            draw_reason: Some(reason),
            wins: Vec::new(),
            payments: [0; 4],
            scores: self.scores,
            turns: self.turn,
            tiles_left: self.remaining() as u32,
            prevailing_wind: self.opts.prevailing_wind,
            dealer_streak: self.opts.dealer_streak,
            settlement,
            false_win: None,
        });
    }

    /// HK §19.11 a false win by `a.player`, accepted by the ruleset's hook with `payments`:
    /// the deal ends at once with no winner (the `false_win` event reveals the offender's
    /// concealed tiles), the rest of the window is void, and the next dealer is the ruleset's
    /// settlement of a deal without a win (an exhaustive draw for HK §19.10).
    #[cold]
    #[inline(never)]
    pub(super) fn false_win(&mut self, a: &Action, refusal: &MahjongError, payments: [i64; 4]) {
        self.emit(Event::Action { action: *a, auto: false });
        let declared = match (a.kind, self.phase) {
            (ActionType::SelfDrawnWin, _) => "self_drawn",
            (_, Phase::Rob) => "rob",
            _ => "discard",
        };
        let reason = match refusal {
            MahjongError::IllegalAction { code, .. } => code.code(),
            _ => "NOT_A_WINNING_HAND",
        };
        let mut hand = self.hands[a.player as usize].clone();
        hand.sort_unstable();
        self.emit(Event::FalseWin { player: a.player, declared, reason, hand });
        let settlement = Settlement { payments, ..self.settlement(&mut []) };
        for (s, x) in self.scores.iter_mut().zip(payments) {
            *s += x;
        }
        self.emit(Event::Payments { payments, scores: self.scores });
        self.end(DealResult {
            deal_index: self.deal_index,
            dealer: self.dealer,
            draw_reason: Some(DrawReason::Abortive("false_win")),
            wins: Vec::new(),
            payments,
            scores: self.scores,
            turns: self.turn,
            tiles_left: self.remaining() as u32,
            prevailing_wind: self.opts.prevailing_wind,
            dealer_streak: self.opts.dealer_streak,
            settlement,
            false_win: Some(a.player),
        });
    }

    pub(super) fn end(&mut self, result: DealResult) {
        self.phase = Phase::Ended;
        self.to_act = ToAct::default();
        self.active = None;
        self.result = Some(result);
        if self.hooks {
            self.reveal_flags();
        }
    }

    /// The private flags the ruleset shows to every seat once the deal has ended
    /// ([`crate::rules::RuleFlags::revealed`], TW §20.6.4 qualifications): a public event of
    /// each one still set, seat by seat.
    #[cold]
    #[inline(never)]
    fn reveal_flags(&mut self) {
        let names = self.rules.rule_flags();
        if names.revealed.is_empty() {
            return;
        }
        for p in 0..4u8 {
            for (bit, &name) in names.private.iter().enumerate().take(16) {
                if names.revealed.contains(&name) && self.rule_state.private_flag(p as usize, bit as u8) {
                    let event = names.event_name(name, true);
                    self.emit(Event::RuleFlag { player: p, flag: name, value: true, public: true, event, kinds: 0 });
                }
            }
        }
    }
}
