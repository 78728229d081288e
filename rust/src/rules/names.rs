//! Names for a person in three languages: English, Hong Kong Chinese (`zh-HK`, the Cantonese
//! terms of the Hong Kong game) and Taiwanese Chinese (`zh-TW`), as data. Every scoring
//! element's row lives beside its table in its ruleset's folder (`hong_kong/names.rs`,
//! `taiwanese/names.rs`) and is reached through [`crate::rules::Identity::element_names`];
//! the terms of the game (units, actions, winds, seats, tiles) are here, once.
//!
//! The Chinese names come from `element-names.json` (the shared rules folder), which records
//! for each its sources; a name that no source gives as a term, only as a description, is
//! marked [`Names::descriptive`] for that language, and the docs keep the mark.

/// A language of the names, as its BCP 47 tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Locale {
    En,
    ZhHk,
    ZhTw,
}

impl Locale {
    /// Every language, in the order of [`Locale::tag`]s: `en`, `zh-HK`, `zh-TW`.
    pub const ALL: [Locale; 3] = [Locale::En, Locale::ZhHk, Locale::ZhTw];

    /// The tag (`"en"`, `"zh-HK"`, `"zh-TW"`).
    pub const fn tag(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::ZhHk => "zh-HK",
            Locale::ZhTw => "zh-TW",
        }
    }

    /// The language of a tag of [`Locale::tag`] (exactly; `None` for another).
    pub fn from_tag(tag: &str) -> Option<Locale> {
        Locale::ALL.into_iter().find(|l| l.tag() == tag)
    }
}

/// One thing's name in each language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Names {
    pub en: &'static str,
    pub zh_hk: &'static str,
    pub zh_tw: &'static str,
    /// The languages whose name describes the thing rather than being the players' term for
    /// it (no source names it so).
    pub descriptive: &'static [Locale],
}

impl Names {
    /// The name in `locale`.
    pub const fn get(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::En => self.en,
            Locale::ZhHk => self.zh_hk,
            Locale::ZhTw => self.zh_tw,
        }
    }
}

/// The names of one scoring element, by its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NamedElement {
    pub code: &'static str,
    pub names: Names,
}

/// A row of an element names table.
pub const fn el(code: &'static str, en: &'static str, zh_hk: &'static str, zh_tw: &'static str) -> NamedElement {
    NamedElement { code, names: Names { en, zh_hk, zh_tw, descriptive: &[] } }
}

/// A row of an element names table with descriptive names.
pub const fn eld(
    code: &'static str,
    en: &'static str,
    zh_hk: &'static str,
    zh_tw: &'static str,
    descriptive: &'static [Locale],
) -> NamedElement {
    NamedElement { code, names: Names { en, zh_hk, zh_tw, descriptive } }
}

/// The names of `code` in `table`, `None` where it has no row.
pub fn element_in(table: &'static [NamedElement], code: &str) -> Option<&'static Names> {
    table.iter().find(|e| e.code == code).map(|e| &e.names)
}

/// A term of the game by its key (`"pung"`, `"self_draw"`, `"east"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Term {
    pub key: &'static str,
    pub names: Names,
}

const fn term(key: &'static str, en: &'static str, zh_hk: &'static str, zh_tw: &'static str) -> Term {
    Term { key, names: Names { en, zh_hk, zh_tw, descriptive: &[] } }
}

const fn termd(
    key: &'static str,
    en: &'static str,
    zh_hk: &'static str,
    zh_tw: &'static str,
    descriptive: &'static [Locale],
) -> Term {
    Term { key, names: Names { en, zh_hk, zh_tw, descriptive } }
}

/// The names of the term `key`, `None` for a key not in [`TERMS`].
pub fn term_names(key: &str) -> Option<&'static Names> {
    TERMS.iter().find(|t| t.key == key).map(|t| &t.names)
}

/// The terms of the game: units, winds, seats, suits and tiles, sets, actions, wins, waits,
/// the wall, and the switches' words (`element-names.json`, `terms`). The English is the
/// product's word (the field's term); the Chinese the players' term in each place.
pub static TERMS: &[Term] = &[
    term("faan", "faan", "番", "番"),
    term("tai", "Tai", "台", "台"),
    term("base_stake", "base stake", "底", "底"),
    termd("tai_value", "points per Tai", "每台分數", "每台點數", &[Locale::ZhHk, Locale::ZhTw]),
    term("east", "East", "東", "東"),
    term("south", "South", "南", "南"),
    term("west", "West", "西", "西"),
    term("north", "North", "北", "北"),
    term("dealer", "dealer", "莊家", "莊家"),
    term("non_dealer", "non-dealer", "閒家", "閒家"),
    term("seat_wind", "seat wind", "門風", "門風"),
    term("prevailing_wind", "prevailing wind", "圈風", "圈風"),
    term("east_round", "East round", "東圈", "東風圈"),
    term("next_player", "next player", "下家", "下家"),
    term("previous_player", "previous player", "上家", "上家"),
    term("opposite_player", "opposite player", "對家", "對家"),
    term("dealer_rotation", "dealer passes", "輪莊", "下莊"),
    term("dealer_streak", "dealer streak", "連莊", "連莊"),
    term("characters", "characters", "萬子", "萬"),
    term("dots", "dots", "筒子", "筒"),
    term("bamboo", "bamboo", "索子", "條"),
    term("suited_tile", "suited tile", "數牌", "數牌"),
    term("honor_tile", "honour tile", "番子", "字牌"),
    term("wind_tile", "wind tile", "風牌", "風牌"),
    term("dragon_tile", "dragon tile", "三元牌", "三元牌"),
    term("red_dragon", "red dragon", "紅中", "紅中"),
    term("green_dragon", "green dragon", "發財", "發財"),
    term("white_dragon", "white dragon", "白板", "白板"),
    term("terminal", "terminal", "么九", "么九"),
    term("bonus_tile", "bonus tile", "花", "花牌"),
    term("flowers_group", "flowers", "花牌（梅蘭菊竹）", "四君子（梅蘭竹菊）"),
    term("seasons_group", "seasons", "四季（春夏秋冬）", "四季（春夏秋冬）"),
    term("plum", "plum", "梅", "梅"),
    term("orchid", "orchid", "蘭", "蘭"),
    term("chrysanthemum", "chrysanthemum", "菊", "菊"),
    term("bamboo_flower", "bamboo (flower)", "竹", "竹"),
    term("spring", "spring", "春", "春"),
    term("summer", "summer", "夏", "夏"),
    term("autumn", "autumn", "秋", "秋"),
    term("winter", "winter", "冬", "冬"),
    term("own_flower", "own flower", "正花", "正花"),
    term("chow", "chow", "順子", "順子"),
    term("pung", "pung", "刻子", "刻子"),
    term("kong", "kong", "槓子", "槓子"),
    term("pair", "pair", "眼", "眼"),
    term("concealed_pung", "concealed pung", "暗刻", "暗刻"),
    termd("claimed_set", "claimed set", "明章", "吃碰的面子", &[Locale::ZhTw]),
    term("chow_claim", "chow", "上", "吃"),
    term("pung_claim", "pung", "碰", "碰"),
    term("kong_declare", "kong", "開槓", "槓"),
    term("exposed_kong", "exposed kong", "大明槓", "明槓"),
    term("concealed_kong", "concealed kong", "暗槓", "暗槓"),
    term("added_kong", "added kong", "加槓", "加槓"),
    term("replacement_draw", "replacement draw", "補牌", "補牌"),
    term("discard", "discard", "打牌", "捨牌"),
    term("draw", "draw", "摸牌", "摸牌"),
    term("pass", "pass", "過", "過"),
    term("win", "win", "食糊", "胡"),
    term("win_on_discard", "win on a discard", "食出銃", "榮胡"),
    term("self_draw", "self-draw", "自摸", "自摸"),
    term("deal_in", "deal in", "出銃", "放槍"),
    term("robbing_kong", "robbing the kong", "搶槓", "搶槓"),
    term("exhaustive_draw", "exhaustive draw", "流局", "流局"),
    term("head_bump", "head bump", "截糊", "攔胡"),
    term("multiple_winners", "several winners", "雙響", "一炮多響"),
    term("false_win", "false win", "詐糊", "詐胡"),
    term("wrong_hand_size", "wrong hand size", "相公", "相公"),
    term("ready", "ready", "叫糊", "聽牌"),
    termd("waits", "waits", "叫", "聽口", &[Locale::ZhHk]),
    term("shanten", "shanten", "向聽", "向聽"),
    term("two_sided_wait", "two-sided wait", "兩面", "兩面聽"),
    term("edge_wait", "edge wait", "邊張", "邊張"),
    term("closed_wait", "closed wait", "坎張", "中洞"),
    term("pair_wait", "single wait", "單吊", "單吊"),
    term("wall", "wall", "牌牆", "牌牆"),
    term("dead_wall", "dead wall", "槓尾", "尾牌"),
    termd("live_tiles", "live tiles", "牌牆剩牌", "可摸牌", &[Locale::ZhHk, Locale::ZhTw]),
    term("last_wall_tile", "last wall tile", "海底", "海底"),
    term("discard_pool", "discards", "牌河", "牌河"),
    termd("loose_tile", "loose tile", "槓尾牌", "補牌", &[Locale::ZhHk, Locale::ZhTw]),
    termd("interruption", "interruption", "有人上碰槓", "有人吃碰槓", &[Locale::ZhHk, Locale::ZhTw]),
    termd("chicken_hand", "chicken hand", "雞糊", "零台胡牌", &[Locale::ZhTw]),
    termd("minimum_faan", "minimum faan", "起糊番數", "起胡番數", &[Locale::ZhTw]),
    termd("minimum_tai", "minimum Tai", "起糊台數", "起胡台數", &[Locale::ZhHk]),
    term("limit", "limit", "爆棚", "封頂"),
    termd("limit_hand", "limit hand", "例牌", "滿貫牌", &[Locale::ZhTw]),
    termd("spiciness", "spiciness", "辣上", "翻倍方式", &[Locale::ZhHk, Locale::ZhTw]),
    termd("spicy", "spicy", "辣辣上", "全翻倍（辣辣上）", &[Locale::ZhTw]),
    termd("half_spicy", "half spicy", "半辣上", "半翻倍（半辣上）", &[Locale::ZhTw]),
    termd("responsibility", "responsibility", "銃制", "放槍賠付方式", &[Locale::ZhHk, Locale::ZhTw]),
    termd("responsibility_seed", "seed responsibility", "出銃包三家", "放槍者包三家", &[Locale::ZhHk, Locale::ZhTw]),
    termd("responsibility_full", "full responsibility", "全銃", "放槍全賠（全銃）", &[Locale::ZhTw]),
    termd("responsibility_half", "half responsibility", "半銃", "半賠（半銃）", &[Locale::ZhTw]),
    termd("unit", "unit", "注碼", "底注", &[Locale::ZhHk, Locale::ZhTw]),
    term("guarantee_self_draw", "self-draw liability", "包自摸", "包牌"),
    term("concealed_self_draw", "concealed self-draw", "門清自摸", "門清自摸"),
    term("declared_ready", "declared ready", "叮牌", "報聽"),
    termd("tai_table_high", "high Tai table", "高台表", "高台表", &[Locale::ZhHk, Locale::ZhTw]),
    termd("tai_table_low", "low Tai table", "低台表", "低台表", &[Locale::ZhHk, Locale::ZhTw]),
    term("match_one_deal", "one deal", "一局", "一局"),
    term("match_full_game", "full game", "四圈", "一將（四圈）"),
];

/// The names of every tile kind, by kind (design §3: 1m..9m, 1p..9p, 1s..9s, East..North,
/// White, Green, Red, the four flowers, the four seasons). A suited tile is its number and its
/// suit's character (萬, 筒, and 索 in Hong Kong where Taiwan says 條: the suits of [`TERMS`]);
/// a wind tile its wind with 風; dragons and bonus tiles their terms of [`TERMS`].
pub static TILES: [Names; 42] = [
    tile("1 of characters", "一萬", "一萬"),
    tile("2 of characters", "二萬", "二萬"),
    tile("3 of characters", "三萬", "三萬"),
    tile("4 of characters", "四萬", "四萬"),
    tile("5 of characters", "五萬", "五萬"),
    tile("6 of characters", "六萬", "六萬"),
    tile("7 of characters", "七萬", "七萬"),
    tile("8 of characters", "八萬", "八萬"),
    tile("9 of characters", "九萬", "九萬"),
    tile("1 of dots", "一筒", "一筒"),
    tile("2 of dots", "二筒", "二筒"),
    tile("3 of dots", "三筒", "三筒"),
    tile("4 of dots", "四筒", "四筒"),
    tile("5 of dots", "五筒", "五筒"),
    tile("6 of dots", "六筒", "六筒"),
    tile("7 of dots", "七筒", "七筒"),
    tile("8 of dots", "八筒", "八筒"),
    tile("9 of dots", "九筒", "九筒"),
    tile("1 of bamboo", "一索", "一條"),
    tile("2 of bamboo", "二索", "二條"),
    tile("3 of bamboo", "三索", "三條"),
    tile("4 of bamboo", "四索", "四條"),
    tile("5 of bamboo", "五索", "五條"),
    tile("6 of bamboo", "六索", "六條"),
    tile("7 of bamboo", "七索", "七條"),
    tile("8 of bamboo", "八索", "八條"),
    tile("9 of bamboo", "九索", "九條"),
    tile("East wind", "東風", "東風"),
    tile("South wind", "南風", "南風"),
    tile("West wind", "西風", "西風"),
    tile("North wind", "北風", "北風"),
    tile("White dragon", "白板", "白板"),
    tile("Green dragon", "發財", "發財"),
    tile("Red dragon", "紅中", "紅中"),
    tile("Plum", "梅", "梅"),
    tile("Orchid", "蘭", "蘭"),
    tile("Chrysanthemum", "菊", "菊"),
    tile("Bamboo (flower)", "竹", "竹"),
    tile("Spring", "春", "春"),
    tile("Summer", "夏", "夏"),
    tile("Autumn", "秋", "秋"),
    tile("Winter", "冬", "冬"),
];

const fn tile(en: &'static str, zh_hk: &'static str, zh_tw: &'static str) -> Names {
    Names { en, zh_hk, zh_tw, descriptive: &[] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hong_kong::switches::ELEMENT_CODES;
    use crate::rules::{preset_names, Ruleset};

    fn all_filled(n: &Names) -> bool {
        Locale::ALL.into_iter().all(|l| !n.get(l).trim().is_empty())
    }

    #[test]
    fn every_preset_names_every_element_its_table_scores() {
        for name in preset_names() {
            let r = Ruleset::named(name).unwrap();
            let names = r.element_names();
            assert!(!names.is_empty(), "{name}");
            let scored: Vec<(&str, &str)> = match r.unit() {
                "faan" => ELEMENT_CODES
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (*c, crate::rules::hong_kong::scoring::house::element(i, 1).name))
                    .collect(),
                _ => {
                    use crate::rules::taiwanese::switches::TaiTable;
                    // exhaustive: a new table is named here and in `element_names` at once
                    let common: Vec<crate::rules::Element> =
                        (1..=46).map(|n| crate::rules::taiwanese::common::element_of(n, TaiTable::Sml)).collect();
                    let table: &[crate::rules::Element] = match TaiTable::from_name(r.switch_set().str("tai_table")).unwrap() {
                        TaiTable::High => crate::rules::taiwanese::high::ALL,
                        TaiTable::Low => crate::rules::taiwanese::low::ALL,
                        TaiTable::Sml | TaiTable::Star31 | TaiTable::Shenlaiye => &common,
                    };
                    table.iter().map(|e| (e.code, e.name)).collect()
                }
            };
            for (code, en) in scored {
                let n = element_in(names, code).unwrap_or_else(|| panic!("{name}: no names for {code}"));
                assert_eq!(n.en, en, "{name} {code}: the English name is the table's");
            }
            for e in names {
                assert!(all_filled(&e.names), "{name} {}", e.code);
            }
            let mut codes: Vec<&str> = names.iter().map(|e| e.code).collect();
            codes.dedup();
            assert_eq!(codes.len(), names.len(), "{name}: a code twice");
        }
    }

    #[test]
    fn the_hong_kong_default_table_uses_the_names_english() {
        use crate::rules::hong_kong::scoring::*;
        for e in [
            F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12, F13, F14, F15, F16, F17, F18, F19, F20, L1, L2, L3, L4, L5, L6,
            L7, L8,
        ] {
            assert_eq!(element_in(crate::rules::hong_kong::names::ELEMENT_NAMES, e.code).map(|n| n.en), Some(e.name));
        }
        assert_eq!(crate::rules::hong_kong::scoring::house::chinese_name("X1"), Some("小四喜"));
        assert_eq!(crate::rules::hong_kong::scoring::house::chinese_name("F3"), None);
        assert_eq!(crate::rules::hong_kong::scoring::house::chinese_name("X23"), None);
    }

    #[test]
    fn elements_are_found_by_their_unit() {
        assert_eq!(crate::rules::element_names_by_unit("faan", "F2").map(|n| n.zh_tw), Some("碰碰胡"));
        assert_eq!(crate::rules::element_names_by_unit("tai", "L20").map(|n| n.en), Some("All pungs"));
        assert_eq!(crate::rules::element_names_by_unit("tai", "H40").map(|n| n.descriptive.len()), Some(2));
        assert_eq!(crate::rules::element_names_by_unit("faan", "H40"), None);
        assert_eq!(crate::rules::element_names_by_unit("tai", "F1"), None);
    }

    #[test]
    fn terms_and_tiles_are_named_in_every_language() {
        for t in TERMS {
            assert!(all_filled(&t.names), "{}", t.key);
        }
        let mut keys: Vec<&str> = TERMS.iter().map(|t| t.key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), TERMS.len());
        assert!(TILES.iter().all(all_filled));
        assert_eq!((TILES[0].zh_hk, TILES[18].zh_hk, TILES[18].zh_tw, TILES[33].en), ("一萬", "一索", "一條", "Red dragon"));
        assert_eq!(term_names("deal_in").map(|n| (n.zh_hk, n.zh_tw)), Some(("出銃", "放槍")));
        assert_eq!(Locale::from_tag("zh-TW"), Some(Locale::ZhTw));
        assert_eq!(Locale::from_tag("zh-tw"), None);
    }
}
