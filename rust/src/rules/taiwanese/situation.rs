//! TW §10a "impossible combinations are input errors": whether the situation of a Taiwanese
//! win can follow from the order of a deal (the deal's progress, the winner's declared sets
//! and discards), the one check the scorer, `score_batch` and the deal engine share.

use crate::error::{MahjongError, Result};
use crate::rules::scoring::DealProgress;
use crate::rules::scoring::WinContext;
use crate::rules::ReserveMode;
use crate::tiles::hand::{Hand, MeldKind};

/// The replacement wall's size under `replacement_wall_16` (TW §20.5.7).
const DEAD_WALL_TILES: u32 = super::switches::DEAD_WALL as u32;

/// TW §4.2: live tiles at the start of play before any bonus replacement (144 − 65 dealt − 16
/// never drawn); every draw in play, normal or replacement, takes one of them.
pub const LIVE_AT_START: u32 = 63;
/// TW §7: bonus tiles in the wall; each one replaced (in the deal or in play) costs a draw.
const BONUS_TILES: u32 = 8;
/// TW §4.3: a player declares at most five sets (16 tiles, each set counting 3).
const MAX_SETS: u32 = 5;
/// TW §10a rule 2: the most discards a deal can hold. Every discard ends a turn: the dealer's
/// first (no draw), one begun with a draw from the live wall (at most [`LIVE_AT_START`]) or one
/// begun with a claim (a declared set: at most five for each player).
pub const MAX_DISCARDS: u32 = 1 + LIVE_AT_START + 4 * MAX_SETS;

/// Discards seat `seat` (0 = the dealer) has made after `discards` discards of an uninterrupted
/// deal, where discard i (from 0) is made by seat i mod 4 (TW §10 [`check_tw_situation`]).
pub const fn uninterrupted_own_discards(discards: u32, seat: u8) -> u32 {
    let s = seat as u32 % 4;
    if discards > s {
        (discards - s).div_ceil(4)
    } else {
        0
    }
}

const WIND: [&str; 4] = ["East", "South", "West", "North"];

fn bad(rule: &str, m: String) -> Result<()> {
    Err(MahjongError::situation(&[], format!("TW §10a rule {rule}: {m}")))
}

/// The winner's declared sets by kind.
#[derive(Debug, Clone, Copy)]
struct Sets {
    chows: u32,
    pungs: u32,
    exposed_kongs: u32,
    added_kongs: u32,
    concealed_kongs: u32,
}

impl Sets {
    fn of(hand: &Hand) -> Sets {
        let n = |k: MeldKind| hand.melds.iter().filter(|m| m.kind == k).count() as u32;
        Sets {
            chows: n(MeldKind::Chow),
            pungs: n(MeldKind::Pung),
            exposed_kongs: n(MeldKind::ExposedKong),
            added_kongs: n(MeldKind::AddedKong),
            concealed_kongs: n(MeldKind::ConcealedKong),
        }
    }
    fn total(&self) -> u32 {
        self.chows + self.pungs + self.exposed_kongs + self.added_kongs + self.concealed_kongs
    }
}

/// How the winning tile came (TW §10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum How {
    /// Self-drawn; `loose`: on a loose tile (a replacement for a kong or a bonus tile).
    SelfDrawn { loose: bool },
    /// On another player's discard, `D` the claimed one.
    Discard,
    /// On the tile another player added to a pung (an added kong).
    Robbed,
}

/// TW §10a "impossible combinations are input errors": the one consistency rule for the
/// situation of a Taiwanese win — `ctx`, the winner's declared sets and bonus tiles in `hand`,
/// `s` (`D`, the winner's discards `w`, an interruption) and the discarder's seat wind when
/// known (`None` otherwise: the checks that need it are skipped; for a robbed kong it is the
/// kong's declarer). `score`, `score_batch`, `wait_values` and the deal engine go through it
/// (the scorer calls it), as should anything that values a hand in a deal's situation.
///
/// Every rule follows from the order of a deal (TW §1 with HK §5–§7, TW §4–§7, §10): the deal
/// is a sequence of turns. The dealer's first turn starts it on the dealt hand (no draw); every
/// other turn begins either with a draw, which follows the discard of the player before (seat
/// s − 1), or with the claim of another player's discard (a chow only from the player before;
/// a pung or an exposed kong from anyone), and ends with one discard or with a win. No kong is
/// declared in a turn begun with a chow or pung (TW §6); a concealed or added kong, or an
/// exposed kong's claim, draws a loose tile; the first discard is the dealer's and no player
/// makes two discards in a row. The rules are numbered as in `docs/taiwanese-rules.md`:
///
/// 1. Heavenly blessing (`dealer_start`): the dealer, `D` = 0, `w` = 0, not interrupted, no
///    declared set.
/// 2. The wall: `w` ≤ `D` ≤ [`MAX_DISCARDS`], and the live tiles drawn before the win fit
///    the live wall exactly as [`wall`] says (the last live tile and the last discard at 63).
/// 3. A declared set or a robbed kong means the deal was interrupted.
/// 4. No interruption: discard i is made by seat i mod 4 — a self-drawn win by seat `s` needs
///    `D` ≡ `s` (mod 4) and `D` > 0; a win on a discard `D` ≥ 1 with the last discard (by seat
///    (`D` − 1) mod 4, the discarder when given) not the winner's; `w` counts the discards i <
///    `D` with i ≡ `s` (mod 4).
/// 5. Before any discard (`D` = 0) only the dealer wins, on the dealt hand (rule 1) or on the
///    loose tile of a concealed kong, with no other declared set.
/// 6. Whose turn follows a discard (interrupted, `D` ≥ 1): the dealer has made the first
///    discard (`w` ≥ 1); each of the winner's turns but the dealer's first follows another
///    player's discard, and a win on a discard follows one more: `D` ≥ 2`w` + 1 − [dealer]
///    (robbing aside). West's and North's turn right after the first discard (the dealer's)
///    is a pung or kong claim, and so is South's right after the second (not the dealer's):
///    with none of them claimed before, West or North need one discard more
///    (`D` ≥ 2`w` + 2), a first turn that is the self-drawn winning one begun with a draw needs
///    `D` ≥ 2 (West, North) or `D` ≠ 2 (South), and a win on a discard with no own discard is on
///    the dealer's at `D` = 1 and on another's at `D` = 2.
/// 7. Claims and kongs take turns of their own: (a) each chow, pung or added kong (grown from a
///    pung), and each exposed kong but one claimed in the winning turn of a win on its loose
///    tile, was a claim that began one of the winner's turns ending with a discard, never the
///    dealer's first: at most `w` − [dealer]; (b) an added kong was added in a later turn of
///    the winner's not begun with a chow or pung: one begun with a draw (an own discard not
///    taken by a claim), an exposed kong's claim, or the winning turn of a win on a loose tile;
///    (c) a concealed kong needs one of those turns or the dealer's first; (d) a win on a loose
///    tile had, in its winning turn, an exposed kong's claim, a kong declared, or a bonus tile
///    replaced (a bonus tile held).
/// 8. Robbing a kong: its declarer (the discarder when given, another player) claimed a pung
///    and discarded after it (a discard after the first, not the winner's), then adds in a turn
///    that follows the `D`-th discard (not its own); so `D` ≥ 3, with the winner's turns placed
///    as rule 6 says around the declarer's ([`rob_orders`]).
/// 9. How the tile comes, with rules 1 and 7d's conditions on the flags alone: [`check_tw_how`],
///    which runs first.
///
/// Errors: `InvalidHand` naming the first rule that fails.
pub fn check_tw_situation(ctx: &WinContext, hand: &Hand, s: &DealProgress, discarder: Option<u8>) -> Result<()> {
    check_tw_situation_in(ctx, hand, s, discarder, ReserveMode::Fixed)
}

/// [`check_tw_situation`] under a dead-wall mode (TW §20.5.7, §20.10: the §10a rules extend to
/// the switches that change how many tiles can be drawn): under `kong_adds_one` each kong takes
/// one more live tile, so the live wall can end after fewer discards; under
/// `replacement_wall_16` replacement draws made with no live tile left take none, so the last
/// live tile and the last discard can come after more (rule 2).
pub fn check_tw_situation_in(
    ctx: &WinContext,
    hand: &Hand,
    s: &DealProgress,
    discarder: Option<u8>,
    mode: ReserveMode,
) -> Result<()> {
    check_tw_how(ctx, hand, None, discarder)?;
    let (d, w, interrupted) = (s.discards, s.winner_discards, s.interrupted);
    let seat = ctx.seat_wind % 4;
    let dealer = seat == 0;
    let sets = Sets::of(hand);
    // 1. The heavenly blessing.
    if ctx.dealer_start {
        if !dealer || d != 0 || w != 0 || interrupted || sets.total() > 0 {
            return bad(
                "1",
                format!(
                    "the heavenly blessing is the dealer's win on the dealt hand before any discard, declared set or \
                     interruption: seat East, discards = 0, winner_discards = 0, interrupted = false (got {}, {d}, {w}, \
                     {interrupted}, {} declared set(s))",
                    WIND[seat as usize],
                    sets.total()
                ),
            );
        }
        return Ok(());
    }
    let how = if ctx.robbing_kong {
        How::Robbed
    } else if ctx.self_drawn {
        How::SelfDrawn { loose: ctx.kong_replacement }
    } else {
        How::Discard
    };
    // 2. The wall.
    if w > d {
        return bad("2", format!("the winner cannot have made more discards than the deal (winner_discards {w} > discards {d})"));
    }
    // TW §20.5.7 `replacement_wall_16`: up to 16 more turns begun with a replacement draw
    let max_discards = MAX_DISCARDS + if mode == ReserveMode::ReplacementWall { DEAD_WALL_TILES } else { 0 };
    if d > max_discards {
        return bad(
            "2",
            format!(
                "a deal holds at most {max_discards} discards (one per turn: the dealer's first, one per draw from the \
                 {LIVE_AT_START} live tiles, one per claimed set, at most 5 a player), not {d}"
            ),
        );
    }
    wall(ctx, how, &sets, hand.bonus.count_ones(), d, interrupted, mode)?;
    // 3. What an interruption is.
    if !interrupted {
        if sets.total() > 0 {
            return bad("3", "a hand with a declared set means the deal was interrupted (interrupted = true)".into());
        }
        if how == How::Robbed {
            return bad("3", "robbing a kong needs an added kong, an interruption (interrupted = true)".into());
        }
        return uninterrupted(how, seat, d, w, discarder);
    }
    // 5. Before any discard: the dealer's loose tile after a concealed kong.
    if d == 0 {
        if !dealer {
            return bad("5", "a non-dealer cannot win before the dealer's first discard (discards = 0)".into());
        }
        let kongs_only = sets.total() == sets.concealed_kongs && sets.concealed_kongs > 0;
        if !(how == (How::SelfDrawn { loose: true }) && kongs_only) {
            return bad(
                "5",
                "before any discard the dealer wins only on the dealt hand (dealer_start) or on a concealed kong's \
                 replacement, with no other declared set (TW §10a)"
                    .into(),
            );
        }
        return Ok(());
    }
    // 6. The dealer's first turn ends with the first discard.
    if dealer && w == 0 {
        return bad("6", format!("the dealer makes the first discard of the deal (winner_discards = 0 with discards = {d})"));
    }
    // 6.–8. The winner's turns. A self-drawn win on a loose tile with an exposed kong may have
    // claimed that kong in its winning turn; the first reason a reading fails is reported.
    let claimed_in_win = matches!(how, How::SelfDrawn { loose: true }) && sets.exposed_kongs > 0;
    let first = turns(how, seat, d, w, &sets, hand.bonus != 0, discarder, false);
    if first.is_err() && claimed_in_win && turns(how, seat, d, w, &sets, hand.bonus != 0, discarder, true).is_ok() {
        return Ok(());
    }
    first
}

/// TW §10a rule 2, the live wall at the win. The live tiles drawn in play (one for each turn
/// begun with a draw, each kong's loose tile and each bonus replacement, `b`, in the deal or in
/// play: 8 at most, and at least the winner's bonus tiles `B`) number at most
/// [`LIVE_AT_START`], exactly that at the last live tile and at the last discard, and less
/// when a kong is declared (robbing one). The turns that ended with a discard are the
/// dealer's first, the turns begun with a draw and those begun with a claim, so the draws
/// before the win are `D` − [on a discard] − `c` (the claims) and the tiles drawn `x` − (`c` −
/// `k`) + `b`, with `x` = `D` − [on a discard] and `k` the kongs declared. A chow or a pung kept
/// adds to `c` − `k`, a concealed kong takes from it, an exposed or added kong does neither
/// (its claim and its loose tile): `c` − `k` is the winner's chows and pungs less its concealed
/// kongs (`E`) and, in an interrupted deal, between −15 and 15 for the other three (at most
/// five sets each); with no interruption it is 0. So, with 63 live tiles:
/// the last live tile (self-drawn) or the last discard needs 40 + `E` ≤ `x` ≤ 78 + `E` − `B`
/// (uninterrupted 55 ≤ `x` ≤ 63 − `B`); any other win `x` ≤ 77 + `E` − `B` (uninterrupted 62 −
/// `B`), a robbed kong too.
fn wall(ctx: &WinContext, how: How, sets: &Sets, own_bonus: u32, d: u32, interrupted: bool, mode: ReserveMode) -> Result<()> {
    let x = i64::from(d) - i64::from(how == How::Discard);
    let live = i64::from(LIVE_AT_START);
    let (others, e) = if interrupted {
        (i64::from(3 * MAX_SETS), i64::from(sets.chows + sets.pungs) - i64::from(sets.concealed_kongs))
    } else {
        (0, 0)
    };
    let b = i64::from(own_bonus);
    let last = ctx.last_wall_tile || ctx.last_discard;
    let what = match how {
        How::SelfDrawn { .. } if last => "the last live tile self-drawn",
        How::SelfDrawn { .. } => "a self-drawn win before the last live tile",
        How::Discard if last => "the last discard (a win on it)",
        How::Discard => "a win on a discard before the last",
        How::Robbed => "robbing a kong (declared with a live tile left)",
    };
    let offset = i64::from(how == How::Discard);
    // TW §20.5.7: the kongs of the deal (the winner's, and in an interrupted deal at most
    // `others` more) each take one more live tile (`kong_adds_one`), or with no live tile left
    // none, as the bonus replacements then (`replacement_wall_16`, at most 16 such draws)
    let kongs = i64::from(sets.exposed_kongs + sets.added_kongs + sets.concealed_kongs) + others;
    let (fewer, more) = match mode {
        ReserveMode::Fixed => (0, 0),
        ReserveMode::KongAddsOne => (kongs, 0),
        ReserveMode::ReplacementWall => (0, (kongs + i64::from(BONUS_TILES)).min(i64::from(DEAD_WALL_TILES))),
    };
    let (lo, hi) = if last {
        (live - i64::from(BONUS_TILES) - others + e - fewer, live + others + e - b + more)
    } else {
        (-offset, live - 1 + others + e - b)
    };
    if x < lo || x > hi {
        let why = format!(
            "the {LIVE_AT_START} live tiles are drawn one per turn begun with a draw (the discards{}, less the claims), \
             one per kong and one per bonus tile (at most {BONUS_TILES}, at least the winner's {own_bonus}); {}",
            if offset == 1 { " before the claimed one" } else { "" },
            if interrupted {
                format!(
                    "the claims less the kongs are the winner's chows and pungs less its concealed kongs ({e}) and at \
                     most {others} more or fewer by the others"
                )
            } else {
                "with no interruption there is no claim and no kong".into()
            }
        );
        return bad("2", format!("{what} needs {} ≤ discards ≤ {} here, not {d}: {why}", (lo + offset).max(0), hi + offset));
    }
    Ok(())
}

/// TW §10a rules 1, 7d and 9, checked before anything else of the win (the scorer calls it
/// first, so that no refusal of a Taiwanese situation goes without its rule): the heavenly
/// blessing's own conditions (rule 1: no winning tile, no discarder, not on a loose tile, the
/// last live tile, the last discard or a robbed kong; seat East, no declared set), how the
/// winning tile comes (rule 9) and the loose tile's source (rule 7d: a declared kong or a bonus
/// tile). `win_tile`: whether a winning tile is given (`None`: the caller does not say).
///
/// Errors: `InvalidHand` naming the first rule that fails.
pub fn check_tw_how(ctx: &WinContext, hand: &Hand, win_tile: Option<bool>, discarder: Option<u8>) -> Result<()> {
    if ctx.dealer_start {
        let mut why = Vec::new();
        if win_tile == Some(true) {
            why.push("it has no winning tile");
        }
        if discarder.is_some() {
            why.push("it is self-drawn, with no discarder");
        }
        if ctx.seat_wind % 4 != 0 {
            why.push("only the dealer (East) wins it");
        }
        if !hand.melds.is_empty() {
            why.push("the dealer has declared no set");
        }
        if ctx.kong_replacement || ctx.last_wall_tile || ctx.last_discard || ctx.robbing_kong {
            why.push("it is not on a loose tile, the last live tile, the last discard or a robbed kong");
        }
        if !why.is_empty() {
            return bad("1", format!("the heavenly blessing is the dealer's win on the dealt hand: {}", why.join("; ")));
        }
        return Ok(());
    }
    if win_tile == Some(false) {
        return bad("1", "a winning tile is needed (only the heavenly blessing has none)".into());
    }
    if ctx.kong_replacement && !ctx.self_drawn {
        return bad("9", "a win on a loose tile (kong_replacement) is self-drawn".into());
    }
    if ctx.last_wall_tile && !ctx.self_drawn {
        return bad("9", "a win on the last live tile is self-drawn".into());
    }
    if ctx.self_drawn && (ctx.last_discard || ctx.robbing_kong) {
        return bad("9", "a self-drawn win is not on the last discard or a robbed kong".into());
    }
    if ctx.self_drawn && discarder.is_some() {
        return bad("9", "a self-drawn win has no discarder".into());
    }
    if discarder.is_some_and(|x| x % 4 == ctx.seat_wind % 4) {
        return bad("9", "the discarder (or a robbed kong's declarer) is another player, not the winner".into());
    }
    if ctx.last_discard && ctx.robbing_kong {
        return bad(
            "9",
            "robbing a kong is not a win on the last discard: a kong is declared only while a live tile is left (TW §4.2)".into(),
        );
    }
    if ctx.kong_replacement && !hand.melds.iter().any(|m| m.kind.is_kong()) && hand.bonus == 0 {
        return bad("7d", "a win on a loose tile needs a declared kong or a bonus tile to replace".into());
    }
    Ok(())
}

/// TW §10a rule 4: the order of an uninterrupted deal, discard i by seat i mod 4.
fn uninterrupted(how: How, seat: u8, d: u32, w: u32, discarder: Option<u8>) -> Result<()> {
    let who = |i: u32| WIND[(i % 4) as usize];
    match how {
        How::SelfDrawn { .. } if d % 4 != u32::from(seat) || d == 0 => {
            return bad(
                if d == 0 { "5" } else { "4" },
                if d == 0 {
                    "before any discard the dealer wins only on the dealt hand (dealer_start) or on a concealed kong's \
                     replacement (TW §10a)"
                        .into()
                } else {
                    format!(
                        "in an uninterrupted deal the turn after {d} discard{} is {}'s, not the winner's ({}): a \
                         self-drawn win by {} needs discards ≡ {seat} (mod 4)",
                        if d == 1 { "" } else { "s" },
                        who(d),
                        who(u32::from(seat)),
                        who(u32::from(seat)),
                    )
                },
            );
        }
        How::Discard => {
            if d == 0 {
                return bad(
                    "5",
                    "before any discard (discards = 0) only the dealer wins, on the dealt hand or a loose tile: a win \
                     on a discard needs a discard (discards ≥ 1)"
                        .into(),
                );
            }
            let last = (d - 1) % 4;
            if last == u32::from(seat) {
                return bad(
                    "4",
                    format!(
                        "in an uninterrupted deal discard {d} is made by {}, the winner: a win on a discard needs \
                         another player's",
                        who(last)
                    ),
                );
            }
            if let Some(x) = discarder.filter(|&x| u32::from(x) != last) {
                return bad(
                    "4",
                    format!(
                        "in an uninterrupted deal discard {d} is made by {}, not by the discarder {}",
                        who(last),
                        who(u32::from(x))
                    ),
                );
            }
        }
        _ => {}
    }
    let own = uninterrupted_own_discards(d, seat);
    if w != own {
        return bad(
            "4",
            format!(
                "in an uninterrupted deal {} has made {own} of the {d} discards, not {w} (winner_discards)",
                who(u32::from(seat))
            ),
        );
    }
    Ok(())
}

/// TW §10a rules 6–8 for an interrupted deal with `D` ≥ 1 (the dealer with `w` ≥ 1), reading
/// the winning turn as an exposed kong's claim when `kong_in_win` (a self-drawn win on its
/// loose tile).
#[allow(clippy::too_many_arguments)]
fn turns(how: How, seat: u8, d: u32, w: u32, sets: &Sets, bonus: bool, discarder: Option<u8>, kong_in_win: bool) -> Result<()> {
    let dealer = seat == 0;
    let e = u32::from(kong_in_win);
    let own_turns = w - u32::from(dealer); // the turns begun with a draw or a claim
                                           // 7 (a). Claims that ended with a discard.
    let claims = sets.chows + sets.pungs + sets.added_kongs + sets.exposed_kongs - e;
    if claims > own_turns {
        return bad(
            "7a",
            format!(
                "each chow or pung claim is followed by a discard (TW §6), as is each exposed kong not claimed in the \
                 winning turn: {claims} claimed set(s) need at least {} discard(s) by the winner, not {w}",
                claims + u32::from(dealer)
            ),
        );
    }
    let draws = own_turns - claims; // own turns begun with a draw
    let pung_like = sets.pungs + sets.added_kongs + sets.exposed_kongs - e;
    let loose_win = how == (How::SelfDrawn { loose: true });
    // 7 (b), (c). Kongs declared in turns of their own.
    let kong_turn = draws >= 1 || sets.exposed_kongs > e || loose_win;
    if sets.added_kongs > 0 && !kong_turn {
        return bad(
            "7b",
            "an added kong is added in a later turn of the winner's, begun with a draw or an exposed kong's claim (an \
             own discard no claim took), or in the winning turn of a win on a loose tile: none is left"
                .into(),
        );
    }
    if sets.concealed_kongs > 0 && !(kong_turn || dealer) {
        return bad(
            "7c",
            "a concealed kong is declared in a turn not begun with a chow or pung (TW §6): every own discard followed a \
             chow or pung claim and the win is not on a loose tile"
                .into(),
        );
    }
    // 7 (d). The loose tile's replacement.
    if loose_win && !kong_in_win && sets.concealed_kongs + sets.added_kongs == 0 && !bonus {
        return bad(
            "7d",
            "a win on a loose tile needs, in the winning turn, an exposed kong's claim, a concealed or added kong, or \
             a bonus tile replaced (a bonus tile held)"
                .into(),
        );
    }
    if how == How::Robbed {
        return robbed(seat, d, w, sets, draws, discarder);
    }
    // 6. Whose turn follows a discard.
    let need = 2 * w + 1 - u32::from(dealer);
    let on_discard = how == How::Discard;
    if d < need {
        return bad(
            "6",
            format!(
                "{d} discards with {w} by the winner leave {} by the others; the winner's turns{} need at least {} \
                 (each turn after another player's discard)",
                d - w,
                if on_discard { " and the claimed discard" } else { "" },
                need - w,
            ),
        );
    }
    if dealer {
        return Ok(());
    }
    let who = WIND[seat as usize];
    if w == 0 {
        if matches!(how, How::SelfDrawn { .. }) && !kong_in_win && ((seat == 1 && d == 2) || (seat != 1 && d < 2)) {
            return bad(
                "6",
                format!(
                    "{who}'s first turn, begun with a draw, follows the discard of the player before ({}), which cannot \
                     be discard {d} (the first is the dealer's; nobody discards twice in a row)",
                    WIND[(seat as usize + 3) % 4]
                ),
            );
        }
        if let Some(x) = discarder.filter(|_| on_discard) {
            if (d == 1 && x != 0) || (d == 2 && x == 0) {
                return bad(
                    "6",
                    if d == 1 {
                        format!("discard 1 is the dealer's (East's), not {}'s", WIND[x as usize % 4])
                    } else {
                        "discard 2 is not the dealer's: East made the first and nobody discards twice in a row".into()
                    },
                );
            }
        }
    } else if pung_like == 0 && seat != 1 && d < need + 1 {
        return bad(
            "6",
            format!(
                "{who}'s turn after the first discard (the dealer's) can only be a pung or kong claim; with no such \
                 claim {w} own discard(s) and the {} need at least {} discards",
                if on_discard { "claimed discard" } else { "winning turn" },
                need + 1
            ),
        );
    }
    Ok(())
}

/// TW §10a rule 8: a win robbing a kong, given the winner's own turns begun with a draw
/// (`draws`).
fn robbed(seat: u8, d: u32, w: u32, sets: &Sets, draws: u32, discarder: Option<u8>) -> Result<()> {
    let pung_like = sets.pungs + sets.added_kongs + sets.exposed_kongs;
    // an added kong with no exposed kong: the turns after the last one begun with a draw
    // must be plain pung claims (an added kong's pung needs a later kong turn)
    let watch_tail = sets.added_kongs > 0 && sets.exposed_kongs == 0;
    let fits = |forced: u32, tail: u32| forced <= pung_like && (!watch_tail || (draws >= 1 && tail <= sets.pungs));
    let declarers: Vec<u8> = match discarder {
        Some(x) => vec![x % 4],
        None => (0..4).filter(|&y| y != seat).collect(),
    };
    if d >= 3 && declarers.iter().any(|&y| rob_orders(seat, d, w, y, pung_like).iter().any(|&(f, t)| fits(f, t))) {
        return Ok(());
    }
    bad(
        "8",
        format!(
            "robbing a kong needs its declarer's pung claim, the declarer's discard after it (not the first) and its \
             turn after the last discard, which is not its own (discards ≥ 3), with the winner's {w} discard(s) in \
             turns that follow other players' discards: discards = {d}{} cannot hold them",
            discarder.map(|x| format!(" with the kong declared by {}", WIND[x as usize % 4])).unwrap_or_default()
        ),
    )
}

/// TW §10a rule 8: the seat orders of `d` discards in which the winner (`seat`) makes `w` and
/// the declarer `y` of a robbed kong can have claimed a pung and discarded (a discard after the
/// first) and takes the turn after the `d`-th (not its own discard). Discard 1 is the dealer's
/// and no seat discards twice in a row. Each of the winner's turns after a discard that is not
/// by the player before it is a pung or kong claim (forced); returned: every pair (forced
/// turns, forced turns after the last turn begun with a draw or chow) with at most
/// `max_forced` forced turns.
pub fn rob_orders(seat: u8, d: u32, w: u32, y: u8, max_forced: u32) -> Vec<(u32, u32)> {
    let (s, y) = (usize::from(seat % 4), usize::from(y % 4));
    let before = (s + 3) % 4;
    if s == y || d == 0 {
        return Vec::new();
    }
    // Many discards leave room for every turn to follow the player before: no forced turn
    // (checked against the search for every seat, declarer, w ≤ 13 and D up to 2w + 39).
    if d >= (2 * w + 3).max(4) {
        return vec![(0, 0)];
    }
    let (wn, fnn) = (w as usize + 1, max_forced as usize + 1);
    // state: (last seat, own discards, declarer placed, forced, forced since the last free turn)
    let idx = |x: usize, own: usize, placed: usize, f: usize, t: usize| (((x * wn + own) * 2 + placed) * fnn + f) * fnn + t;
    let size = 4 * wn * 2 * fnn * fnn;
    let mut cur = vec![false; size];
    cur[idx(0, usize::from(s == 0), 0, 0, 0)] = true;
    for _ in 2..=d {
        let mut next = vec![false; size];
        for x in 0..4 {
            for own in 0..wn {
                for placed in 0..2 {
                    for f in 0..fnn {
                        for t in 0..fnn {
                            if !cur[idx(x, own, placed, f, t)] {
                                continue;
                            }
                            for nx in (0..4).filter(|&nx| nx != x) {
                                let (mut own2, mut f2, mut t2) = (own, f, t);
                                if nx == s {
                                    own2 += 1;
                                    if x == before {
                                        t2 = 0;
                                    } else {
                                        f2 += 1;
                                        t2 += 1;
                                    }
                                }
                                if own2 >= wn || f2 >= fnn || t2 >= fnn {
                                    continue;
                                }
                                next[idx(nx, own2, placed.max(usize::from(nx == y)), f2, t2)] = true;
                            }
                        }
                    }
                }
            }
        }
        cur = next;
    }
    let mut out = Vec::new();
    for x in (0..4).filter(|&x| x != y) {
        for f in 0..fnn {
            for t in 0..fnn {
                if cur[idx(x, w as usize, 1, f, t)] {
                    out.push((f as u32, t as u32));
                }
            }
        }
    }
    out
}

/// TW §20.4.3 the common table's scorer inputs (`starting_win`, `qualification`,
/// `declared_ready`) against the win and the switches: an impossible combination is an input
/// error, as in §10a. With the high and low tables a starting win or a qualification is refused
/// (they have their own timing elements, §10) and `declared_ready` scores nothing.
pub fn check_common_inputs(ctx: &WinContext, hand: &Hand, sw: &super::switches::TwSwitches) -> Result<()> {
    use super::switches::HumanWin;
    use crate::rules::scoring::{Qualification, StartingWin};
    let h = ctx.house.taiwanese();
    let dealer = ctx.seat_wind == 0;
    let self_drawn = ctx.self_drawn || ctx.dealer_start;
    if h.declared_ready && !sw.ready_declaration {
        return bad20("20.6.1", "declared_ready needs the switch ready_declaration".into());
    }
    if !sw.tai_table.is_common() {
        if h.starting_win.is_some() || h.qualification.is_some() {
            return bad20(
                "20.4.3",
                "starting_win and qualification are inputs of the common table (tai_table sml, star31 or shenlaiye); the \
                 high and low tables score the heavenly and earthly blessings from dealer_start and the deal's progress"
                    .into(),
            );
        }
        return Ok(());
    }
    let p = &ctx.progress;
    match h.starting_win {
        Some(StartingWin::Heavenly) if !(dealer && ctx.dealer_start) => {
            return bad20("20.4.3", "a heavenly win (C42) is the dealer's win at the start of play (dealer_start)".into());
        }
        Some(StartingWin::Earthly) if dealer || !self_drawn => {
            return bad20("20.4.3", "an earthly win (C38) is a non-dealer's self-drawn win".into());
        }
        Some(StartingWin::Earthly) if p.winner_discards > 0 || (p.interrupted && !sw.common.earthly_win_allows_melds) => {
            return bad20(
                "20.4.3",
                "an earthly win (C38) comes before the winner's first discard (winner_discards = 0) with no interruption \
                 (claims allowed only with earthly_win_allows_melds)"
                    .into(),
            );
        }
        Some(StartingWin::Human) if self_drawn || ctx.robbing_kong => {
            return bad20("20.4.3", "a human win (C39) is a win on a discard (never self-drawn, never a robbed kong)".into());
        }
        Some(StartingWin::Human) if sw.common.human_win == HumanWin::Off => {
            return bad20("20.4.3", "human_win = \"off\": there is no human win (C39)".into());
        }
        Some(StartingWin::Human)
            if sw.common.human_win == HumanWin::BeforeFirstDraw && (dealer || p.winner_discards > 0 || p.interrupted) =>
        {
            return bad20(
                "20.4.3",
                "under human_win = \"before_first_draw\" the human win (C39) is a non-dealer's before its first draw \
                 (winner_discards = 0) with no interruption"
                    .into(),
            );
        }
        _ => {}
    }
    if let Some(q) = h.qualification {
        let mode = sw_str(sw);
        let possible = match (mode, q) {
            ("off", _) => false,
            ("standard", _) | ("first_eight_discards", Qualification::Earthly) => true,
            ("standard_no_dealer", Qualification::Heavenly) => !dealer,
            ("standard_no_dealer", Qualification::Earthly) => true,
            ("first_eight_discards", Qualification::Heavenly) => dealer,
            ("each_first_discard", Qualification::Earthly) => true,
            _ => false,
        };
        if !possible {
            return bad20(
                "20.6.2",
                format!("no seat can hold this qualification under ready_qualification = {mode:?} (TW §20.6.2 R1-R3)"),
            );
        }
        if !hand.melds.is_empty() {
            return bad20(
                "20.6.2",
                "a live qualification is lost by the seat's claims and kongs and by any concealed kong (R4): the \
                 winner holds no declared set"
                    .into(),
            );
        }
        if sw.ready_declaration && !h.declared_ready {
            return bad20("20.6.2", "with ready_declaration a live qualification needs declared_ready".into());
        }
    }
    Ok(())
}

/// `ready_qualification` is a flow switch kept in the recorded set only; the scorer's checks
/// read it from [`super::switches::TwSwitches::ready_qualification`].
fn sw_str(sw: &super::switches::TwSwitches) -> &'static str {
    sw.ready_qualification.name()
}

fn bad20(rule: &str, m: String) -> Result<()> {
    Err(MahjongError::situation(&[], format!("TW §{rule}: {m}")))
}
