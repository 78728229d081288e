//! Tiles and their notation (rules §2): kinds, bonus tiles, physical tile ids, hands with
//! declared melds (design §3), and the seeded wall (§4.1–§4.2). Everything above builds on these.

pub mod hand;
pub mod tile;
pub mod wall;
