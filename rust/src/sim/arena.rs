//! The arena (duplicate format): each wall is played four times with the line-up of seats
//! rotated, so every policy meets every wall from every position, and luck of the wall cancels
//! out. Metrics per policy, aggregated over its positions, with its points summed per wall for
//! the interval over walls (resampled by the Python package, `mahjong_fast.stats`, the one
//! interval method of the arena and the simulation). Deterministic: wall `w` is
//! [`crate::tiles::wall::shuffle`]`(seed, w)`, whatever the number of threads.
//!
//! Terms (as in the README and docs/ai.md): a *deal-in* is a seat's discard (or added kong) won
//! on; a *refused win* is a winning shape the engine does not offer because it is under the
//! minimum (HK §10.5), counted when a seat draws it or when another seat discards it (robbing
//! windows are not counted); a seat is *dead ready* after a discard that leaves it ready with no
//! wait that would be a legal win, self-drawn or on a discard. Rates are fractions of the seat's
//! deals; the dead-ready share is a fraction of the moments the seat is ready after its discard.

use rayon::prelude::*;

use crate::agents::knowledge::ExpertStyle;
use crate::error::{MahjongError, Result};
use crate::game::{Action, ActionType, Deal};
use crate::rules::scoring::{RejectReason, WinContext};
use crate::rules::wait_values::{any_legal_wait, ValueSituation};
use crate::rules::Ruleset;
use crate::sim::{play_deal_with, Agents, DealRecord, SeatKind, SimConfig};
use crate::tiles::hand::Hand;
use crate::tiles::tile::Tile;

/// The most walls one arena plays (2**18, four deals each: 2**20 deals, as many as one
/// simulation call holds): every deal's record is kept for the report and the bootstrap, so a
/// larger arena is refused up front rather than run out of memory.
pub const MAX_WALLS: u64 = 1 << 18;

/// What the observer counts per player in one deal.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatCounts {
    /// Moments the seat is ready after its own discard.
    pub ready: u32,
    /// Of those, moments no wait is a legal win (dead ready).
    pub dead_ready: u32,
    /// Winning shapes refused as under the minimum (own draws and others' discards).
    pub refused: u32,
}

/// One deal of the arena: wall `wall`, rotation `rotation` (player `p` plays policy
/// `lineup[(p + rotation) % 4]`), its record and per-player counts; `deal` is the ended deal
/// with its event log when the deals were played with `record` (the arena's log).
#[derive(Debug, Clone)]
pub struct ArenaDeal {
    pub wall: u64,
    pub rotation: u8,
    pub record: DealRecord,
    pub counts: [SeatCounts; 4],
    pub deal: Option<Box<Deal>>,
}

/// Metrics of one policy (every seat it played, every position).
#[derive(Debug, Clone, PartialEq)]
pub struct PolicyStats {
    pub seat: &'static str,
    /// Seat-deals played (4 per wall per position it holds in the line-up).
    pub deals: u64,
    pub mean_points: f64,
    /// Per wall, the points it won and its seat-deals there (the clusters of the interval).
    pub per_wall: Vec<(i64, u64)>,
    /// Mean points per deal over deals without a limit hand.
    pub mean_points_no_limit: f64,
    /// Per wall, as `per_wall` over deals without a limit hand.
    pub per_wall_no_limit: Vec<(i64, u64)>,
    pub win_rate: f64,
    pub deal_in_rate: f64,
    pub self_draw_rate: f64,
    /// Dead-ready moments / ready moments (0 when never ready).
    pub dead_ready_share: f64,
    pub refused_wins_per_deal: f64,
    /// Mean faan of its wins (0 without a win).
    pub mean_win_value: f64,
}

/// The arena's result.
#[derive(Debug, Clone)]
pub struct ArenaReport {
    pub walls: u64,
    pub seed: u64,
    /// One entry per distinct policy, in order of first appearance in the line-up.
    pub seats: Vec<PolicyStats>,
}

fn counts_before(deal: &Deal, p: u8, a: &Action, rules: &Ruleset, out: &mut [SeatCounts; 4]) -> Result<()> {
    let pu = p as usize;
    let hand_of = |q: usize, concealed| Hand {
        concealed,
        melds: deal.melds(q).iter().map(|m| m.core()).collect(),
        bonus: deal.bonus_mask(q),
    };
    let is_turn =
        matches!(a.kind, ActionType::Discard | ActionType::SelfDrawnWin | ActionType::ConcealedKong | ActionType::AddedKong);
    if is_turn && (deal.entered_by_draw() || deal.dealer_start()) && deal.active() == Some(p) {
        let o = deal.score_self_drawn(pu)?;
        if o.reason == Some(RejectReason::BelowMinimum) {
            out[pu].refused += 1;
        }
    }
    if a.kind != ActionType::Discard {
        return Ok(());
    }
    let &tile = a.tiles.as_slice().first().ok_or_else(|| MahjongError::hand("a discard without its tile"))?;
    let k = (tile >> 2) as usize;
    // The discarder's hand after the discard.
    let mut c = *deal.counts(pu);
    c[k] -= 1;
    let h = hand_of(pu, c);
    let w = crate::analysis::waits::waits(&h.concealed, &h.melds, rules.shapes())?;
    if !w.is_empty() {
        out[pu].ready += 1;
        let s = ValueSituation { seat_wind: deal.seat_winds()[pu], prevailing_wind: deal.prevailing_wind() };
        // the deal's real progress at the next win it could make (a situation the ruleset
        // accepts, TW §10a; the default mid-deal progress is not one for every hand)
        let progress = crate::agents::expert::future_progress(
            deal.turn(),
            deal.discards(pu).len() as u32,
            u32::from(deal.seat_winds()[pu]),
            deal.dealer_streak(),
            deal.interrupted() || !h.melds.is_empty(),
            true,
        );
        if !any_legal_wait(&h, rules, &WinContext { progress, ..s.context() })? {
            out[pu].dead_ready += 1;
        }
    }
    // The other seats' refused wins on this discard.
    let last = deal.remaining() == 0;
    for (q, seat) in out.iter_mut().enumerate() {
        if q == pu || !deal.wins_on(q, k) {
            continue;
        }
        let ctx = WinContext {
            seat_wind: deal.seat_winds()[q],
            prevailing_wind: deal.prevailing_wind(),
            last_discard: last,
            // as the engine scores the claim: this discard counted (TW §10a)
            progress: crate::rules::DealProgress {
                dealer_streak: deal.dealer_streak(),
                discards: deal.turn() + 1,
                winner_discards: deal.discards(q).len() as u32,
                interrupted: deal.interrupted(),
            },
            ..WinContext::default()
        };
        let o = rules.score(&hand_of(q, *deal.counts(q)), Some(Tile(k as u8)), &ctx)?;
        if o.reason == Some(RejectReason::BelowMinimum) {
            seat.refused += 1;
        }
    }
    Ok(())
}

fn lineup_cfg(rules: &Ruleset, seed: u64, lineup: &[SeatKind; 4], rotation: u8) -> SimConfig {
    let seats = std::array::from_fn(|p| lineup[(p + rotation as usize) % 4]);
    SimConfig::new(rules.clone(), seed, seats)
}

/// Play wall `wall` four times, once per rotation of the line-up; with `record`, each
/// [`ArenaDeal`] keeps its ended deal and event log (recording changes no decision).
pub fn play_wall(rules: &Ruleset, seed: u64, lineup: &[SeatKind; 4], wall: u64, record: bool) -> Result<Vec<ArenaDeal>> {
    play_wall_styled(rules, seed, lineup, &[None; 4], wall, record)
}

/// [`play_wall`] with explicit expert weights per line-up position: `styles[i]` (when some)
/// is played by the `expert` seat `lineup[i]` wherever the rotation puts it.
pub fn play_wall_styled(
    rules: &Ruleset,
    seed: u64,
    lineup: &[SeatKind; 4],
    styles: &[Option<ExpertStyle>; 4],
    wall: u64,
    record: bool,
) -> Result<Vec<ArenaDeal>> {
    play_wall_with(&mut RotationAgents::new(rules, seed, lineup, styles), rules, wall, record)
}

/// The configuration and agents of each rotation of a line-up, kept from wall to wall (an
/// agent's decisions depend on its view alone, never on the deals it played before: what it
/// keeps between decisions are caches; so keeping them changes no deal, only the cost).
struct RotationAgents {
    cfgs: [SimConfig; 4],
    agents: [Agents; 4],
}

impl RotationAgents {
    fn new(rules: &Ruleset, seed: u64, lineup: &[SeatKind; 4], styles: &[Option<ExpertStyle>; 4]) -> Self {
        let cfgs = std::array::from_fn(|r| lineup_cfg(rules, seed, lineup, r as u8));
        let agents = std::array::from_fn(|r| {
            let mut a = Agents::new(&cfgs[r]);
            a.set_expert_styles(std::array::from_fn(|p| styles[(p + r) % 4]));
            a
        });
        RotationAgents { cfgs, agents }
    }
}

fn play_wall_with(ra: &mut RotationAgents, rules: &Ruleset, wall: u64, record: bool) -> Result<Vec<ArenaDeal>> {
    (0..4u8)
        .map(|r| {
            let (cfg, agents) = (&ra.cfgs[r as usize], &mut ra.agents[r as usize]);
            let mut counts = [SeatCounts::default(); 4];
            let (rec, deal) =
                play_deal_with(cfg, wall, agents, &mut |d, p, a| counts_before(d, p, a, rules, &mut counts), record)?;
            Ok(ArenaDeal { wall, rotation: r, record: rec, counts, deal: record.then(|| Box::new(deal)) })
        })
        .collect()
}

/// Play walls `0..walls` (in parallel on the current rayon pool; the deals do not depend on the
/// threads), deal order: wall, then rotation.
pub fn play_walls(rules: &Ruleset, seed: u64, lineup: &[SeatKind; 4], walls: u64) -> Result<Vec<ArenaDeal>> {
    play_wall_range(rules, seed, lineup, 0, walls, false)
}

/// Play walls `first..stop` like [`play_walls`] (a chunk of a longer arena: wall `w` is the
/// same whatever chunk it is played in), keeping each ended deal when `record`.
pub fn play_wall_range(
    rules: &Ruleset,
    seed: u64,
    lineup: &[SeatKind; 4],
    first: u64,
    stop: u64,
    record: bool,
) -> Result<Vec<ArenaDeal>> {
    play_wall_range_styled(rules, seed, lineup, &[None; 4], first, stop, record)
}

/// [`play_wall_range`] with explicit expert weights per line-up position (see
/// [`play_wall_styled`]).
pub fn play_wall_range_styled(
    rules: &Ruleset,
    seed: u64,
    lineup: &[SeatKind; 4],
    styles: &[Option<ExpertStyle>; 4],
    first: u64,
    stop: u64,
    record: bool,
) -> Result<Vec<ArenaDeal>> {
    let parts: Vec<Result<Vec<ArenaDeal>>> = (first..stop)
        .into_par_iter()
        .map_init(|| RotationAgents::new(rules, seed, lineup, styles), |ra, w| play_wall_with(ra, rules, w, record))
        .collect();
    let mut out = Vec::with_capacity(stop.saturating_sub(first) as usize * 4);
    for p in parts {
        out.extend(p?);
    }
    Ok(out)
}

/// The metrics of each policy of `lineup` over `deals` (as [`play_walls`] gives them).
pub fn summarize(lineup: &[SeatKind; 4], seed: u64, walls: u64, deals: &[ArenaDeal]) -> ArenaReport {
    let mut policies: Vec<SeatKind> = Vec::new();
    for k in lineup {
        if !policies.contains(k) {
            policies.push(*k);
        }
    }
    let seats = policies
        .iter()
        .map(|&pol| {
            let (mut n, mut wins, mut deal_ins, mut tsumo, mut faan) = (0u64, 0u64, 0u64, 0u64, 0u64);
            let (mut ready, mut dead, mut refused) = (0u64, 0u64, 0u64);
            let (mut pts, mut pts_nl, mut n_nl) = (0i64, 0i64, 0u64);
            let mut per_wall: Vec<(i64, u64)> = vec![(0, 0); walls as usize];
            let mut per_wall_nl: Vec<(i64, u64)> = vec![(0, 0); walls as usize];
            for d in deals {
                let r = &d.record;
                for p in 0..4u8 {
                    if lineup[(p as usize + d.rotation as usize) % 4] != pol {
                        continue;
                    }
                    let pu = p as usize;
                    n += 1;
                    let won = r.winners.contains(&p);
                    wins += won as u64;
                    if won && r.winner() == Some(p) {
                        faan += r.value as u64;
                        tsumo += (r.win_kind == Some("self_drawn")) as u64;
                    }
                    deal_ins += (r.discarder == Some(p)) as u64;
                    ready += d.counts[pu].ready as u64;
                    dead += d.counts[pu].dead_ready as u64;
                    refused += d.counts[pu].refused as u64;
                    pts += r.points[pu];
                    let w = &mut per_wall[d.wall as usize];
                    w.0 += r.points[pu];
                    w.1 += 1;
                    if r.limit.is_none() {
                        pts_nl += r.points[pu];
                        n_nl += 1;
                        let w = &mut per_wall_nl[d.wall as usize];
                        w.0 += r.points[pu];
                        w.1 += 1;
                    }
                }
            }
            let ratio = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
            PolicyStats {
                seat: pol.name(),
                deals: n,
                mean_points: if n == 0 { 0.0 } else { pts as f64 / n as f64 },
                per_wall,
                mean_points_no_limit: if n_nl == 0 { 0.0 } else { pts_nl as f64 / n_nl as f64 },
                per_wall_no_limit: per_wall_nl,
                win_rate: ratio(wins, n),
                deal_in_rate: ratio(deal_ins, n),
                self_draw_rate: ratio(tsumo, n),
                dead_ready_share: ratio(dead, ready),
                refused_wins_per_deal: ratio(refused, n),
                mean_win_value: ratio(faan, wins),
            }
        })
        .collect();
    ArenaReport { walls, seed, seats }
}

/// Play the arena and summarize it.
///
/// Errors: only if the core breaks its own invariants.
pub fn arena(rules: &Ruleset, seed: u64, lineup: &[SeatKind; 4], walls: u64) -> Result<(ArenaReport, Vec<ArenaDeal>)> {
    let deals = play_walls(rules, seed, lineup, walls)?;
    Ok((summarize(lineup, seed, walls, &deals), deals))
}

#[cfg(test)]
mod tests {
    use super::*;
    use SeatKind::*;

    #[test]
    fn duplicate_walls_rotate_the_lineup_and_are_deterministic() {
        let rules = Ruleset::hong_kong();
        let lineup = [Value, Greedy, Greedy, Greedy];
        let (rep, deals) = arena(&rules, 9, &lineup, 12).unwrap();
        assert_eq!(deals.len(), 48);
        // the same wall four times: the four rotations' records start from the same deal
        for w in deals.chunks(4) {
            assert!(w.iter().all(|d| d.wall == w[0].wall));
            assert_eq!(w.iter().map(|d| d.rotation).collect::<Vec<_>>(), vec![0, 1, 2, 3]);
        }
        assert_eq!(rep.seats.iter().map(|s| s.seat).collect::<Vec<_>>(), vec!["value", "greedy"]);
        assert_eq!(rep.seats[0].deals, 48);
        assert_eq!(rep.seats[1].deals, 144);
        // zero-sum over all seats
        let total: f64 = rep.seats.iter().map(|s| s.mean_points * s.deals as f64).sum();
        assert!(total.abs() < 1e-6);
        for s in &rep.seats {
            // the per-wall sums add up to the mean and the seat-deals
            let (pts, n) = s.per_wall.iter().fold((0i64, 0u64), |a, w| (a.0 + w.0, a.1 + w.1));
            assert_eq!(n, s.deals);
            assert!((pts as f64 / n as f64 - s.mean_points).abs() < 1e-9, "{s:?}");
            assert_eq!(s.per_wall.len() as u64, rep.walls);
        }
        // one thread or many, the same report
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let (again, _) = pool.install(|| arena(&rules, 9, &lineup, 12)).unwrap();
        assert_eq!(again.seats, rep.seats);
    }
}
