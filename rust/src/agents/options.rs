//! What an option does to the seat's own hand, as the strong and the expert seats value it:
//! the tiles a set takes from the concealed hand, and the hand after a claim.

use super::{LegalOption, OptionKind};
use crate::error::{MahjongError, Result};
use crate::tiles::hand::{Counts, Meld, MeldKind};
use crate::tiles::tile::Tile;

/// Take `n` copies of `k` from the concealed counts `c`. Errors (`InvalidHand`): fewer held.
pub(crate) fn take(c: &mut Counts, k: Tile, n: u8) -> Result<()> {
    let slot = &mut c[k.index()];
    if *slot < n {
        return Err(MahjongError::hand(format!("the option needs {n} copies of {k} from the concealed hand")));
    }
    *slot -= n;
    Ok(())
}

/// The hand after claiming the discard `disc` with `o`, an exposed kong (HK §7.1), a pung or a
/// chow from `o.tile` (HK §6.1): `c` loses the tiles the set takes from the concealed hand and
/// `melds` gains the set. Errors (`InvalidHand`): the concealed hand lacks the tiles, or a
/// chow that does not use the discard.
pub(crate) fn claim(c: &mut Counts, melds: &mut Vec<Meld>, o: &LegalOption, disc: Tile) -> Result<()> {
    match o.kind {
        OptionKind::Kong => {
            take(c, disc, 3)?;
            melds.push(Meld { kind: MeldKind::ExposedKong, tile: disc });
        }
        OptionKind::Pung => {
            take(c, disc, 2)?;
            melds.push(Meld { kind: MeldKind::Pung, tile: disc });
        }
        _ => {
            let low = o.tile.0;
            if !(low..low + 3).contains(&disc.0) {
                return Err(MahjongError::hand(format!("a chow from {} cannot use the discard {disc}", o.tile)));
            }
            melds.push(Meld::new(MeldKind::Chow, o.tile)?);
            for k in low..low + 3 {
                if k != disc.0 {
                    take(c, Tile(k), 1)?;
                }
            }
        }
    }
    Ok(())
}
