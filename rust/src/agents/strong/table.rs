//! The public table as one seat sees it (HK §14): what the strong and the expert seats read
//! besides the [`Situation`](crate::agents::Situation), and the buffers that read it from a
//! seat's view.

use crate::game::{Discard, SeatView};
use crate::rules::wait_values::ValueSituation;
use crate::tiles::hand::Meld;

/// The public table as one seat sees it (HK §14), besides the [`Situation`](crate::agents::Situation).
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    /// Whose view this is (0..=3).
    pub player: u8,
    /// The dealer of the deal (the first to discard).
    pub dealer: u8,
    /// Per player, its seat wind (0 = East .. 3 = North).
    pub seat_winds: [u8; 4],
    /// The seat's wind and the prevailing wind.
    pub winds: ValueSituation,
    /// The seat's own exposed bonus tiles as a mask (bit `k - 34` for bonus kind `k`).
    pub bonus: u8,
    /// Per player, every discard in order (physical id) with who claimed it.
    pub discards: [&'a [Discard]; 4],
    /// Per player, the declared sets (concealed kongs included: their kind is public).
    pub melds: [&'a [Meld]; 4],
    /// Tiles left in the wall.
    pub remaining: u32,
}

/// Buffers to read a [`Table`] from a seat's view without allocating per decision.
#[derive(Debug, Default)]
pub struct TableBuf {
    melds: [Vec<Meld>; 4],
}

impl TableBuf {
    /// The public table of `view` (HK §14: only what that seat may see).
    pub fn read<'a>(&'a mut self, view: &SeatView<'a>) -> Table<'a> {
        for (q, m) in self.melds.iter_mut().enumerate() {
            m.clear();
            m.extend(view.melds(q).iter().map(|x| x.core()));
        }
        let winds = view.seat_winds();
        let p = view.player();
        Table {
            player: p,
            dealer: view.dealer(),
            seat_winds: winds,
            winds: ValueSituation { seat_wind: winds[p as usize], prevailing_wind: view.prevailing_wind() },
            bonus: view.bonus_mask(p as usize),
            discards: std::array::from_fn(|q| view.discards(q)),
            melds: std::array::from_fn(|q| self.melds[q].as_slice()),
            remaining: view.remaining() as u32,
        }
    }
}
