//! The names of every Hong Kong element in English, Hong Kong and Taiwanese Chinese, beside
//! the faan table (HK §10.2, §10.4) and the extra elements (HK §19.5.2): data only, in code
//! order. F1–F20 and L1–L8 from `element-names.json` (with its sources); X1–X22 the Chinese
//! names of HK §19.5.2, which the Taiwanese column keeps except where the Taiwanese players'
//! term for the same hand is sourced there (天胡, 地胡, 門清自摸, 中洞; 花胡 as its 胡 is
//! written in Taiwan, as 平糊/平胡 and 天糊/天胡 are).

use crate::rules::names::{el, NamedElement};

/// Every element of [`super::switches::ELEMENT_CODES`], in that order.
pub static ELEMENT_NAMES: &[NamedElement] = &[
    el("F1", "All chows", "平糊", "平胡"),
    el("F2", "All pungs", "對對糊", "碰碰胡"),
    el("F3", "Half flush", "混一色", "混一色"),
    el("F4", "Full flush", "清一色", "清一色"),
    el("F5", "Seven pairs", "七對子", "七對子"),
    el("F6", "Dragon pung", "三元牌", "三元牌"),
    el("F7", "Small three dragons", "小三元", "小三元"),
    el("F8", "Seat wind pung", "門風", "門風"),
    el("F9", "Prevailing wind pung", "圈風", "圈風"),
    el("F10", "Concealed hand", "門前清", "門清"),
    el("F11", "Self-draw", "自摸", "自摸"),
    el("F12", "Win on kong replacement", "槓上開花", "槓上開花"),
    el("F13", "Robbing a kong", "搶槓", "搶槓"),
    el("F14", "Win on the last wall tile", "海底撈月", "海底撈月"),
    el("F15", "Win on the last discard", "河底撈魚", "河底撈魚"),
    el("F16", "No bonus tiles", "無花", "無花"),
    el("F17", "Own flower", "正花", "正花"),
    el("F18", "Own season", "正花", "正花"),
    el("F19", "All four flowers", "一台花（梅蘭菊竹）", "花槓（梅蘭竹菊）"),
    el("F20", "All four seasons", "一台花（春夏秋冬）", "花槓（春夏秋冬）"),
    el("L1", "Thirteen orphans", "十三么", "十三么"),
    el("L2", "All honors", "字一色", "字一色"),
    el("L3", "All terminals", "清么九", "清么九"),
    el("L4", "Great three dragons", "大三元", "大三元"),
    el("L5", "Great four winds", "大四喜", "大四喜"),
    el("L6", "Four kongs", "十八羅漢", "四槓子"),
    el("L7", "Nine gates", "九子連環", "九蓮寶燈"),
    el("L8", "Self-drawn four concealed pungs", "坎坎糊", "四暗刻"),
    el("X1", "Small four winds", "小四喜", "小四喜"),
    el("X2", "Mixed terminals and honours", "混么九", "混么九"),
    el("X3", "Heavenly hand", "天糊", "天胡"),
    el("X4", "Earthly hand", "地糊", "地胡"),
    el("X5", "Win on a bonus replacement", "花上自摸", "花上自摸"),
    el("X6", "Win on a double kong replacement", "槓上槓", "槓上槓"),
    el("X7", "Plum blossom on the roof", "槓上開花", "槓上開花"),
    el("X8", "Moon from the bottom of the sea", "海底撈月", "海底撈月"),
    el("X9", "Fully concealed self-draw", "門前清自摸", "門清自摸"),
    el("X10", "Single wait", "單吊", "單吊"),
    el("X11", "Edge wait", "邊張", "邊張"),
    el("X12", "Closed wait", "坎張", "中洞"),
    el("X13", "All simples", "斷么", "斷么"),
    el("X14", "All green", "綠一色", "綠一色"),
    el("X15", "Jade dragon", "翡翠龍", "翡翠龍"),
    el("X16", "Ruby dragon", "紅寶石龍", "紅寶石龍"),
    el("X17", "Pearl dragon", "珍珠龍", "珍珠龍"),
    el("X18", "Three concealed pungs", "三暗刻", "三暗刻"),
    el("X19", "Three kongs", "三槓子", "三槓子"),
    el("X20", "Seven bonus tiles", "花糊", "花胡"),
    el("X21", "Eight bonus tiles", "八仙過海", "八仙過海"),
    el("X22", "Pure straight", "一條龍", "一條龍"),
];
