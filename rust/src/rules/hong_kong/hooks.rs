//! Hong Kong's deal hooks: none of the house rules of HK §19 yet (issue 40 adds them here).

use super::HongKongRules;
use crate::rules::DealHooks;

/// HK §11.3 head bump (the default: only the first claimant in turn order after the discarder
/// wins); HK §4.4 no bonus-tile win (the default: bonus tiles are exposed and replaced).
impl DealHooks for HongKongRules {}
