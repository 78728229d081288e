"""Adversarial property tests of the deal engine, from the public game API only.

At every step of many seeded deals (Hong Kong and both Tai tables, with and without
auto-pass) every candidate action of every player is tried:

* ``apply()`` accepts exactly the actions of ``legal_actions()``, up to the other copies of
  the same kinds for a claim or kong (the documented equivalence: "apply takes the same claim
  made with other copies"), and a discard exactly per physical tile held;
* a refused action raises ``IllegalActionError`` and leaves the snapshot, the legal lists and
  the event count unchanged (rules §13), with ``NOT_YOUR_TURN`` / ``DEAL_OVER`` where the
  acting player may not act at all;
* ``legal_actions()`` asked twice gives the same list, is empty for a player not in
  ``to_act``, names one option per distinct choice with the lowest ids held (HK §6.1, the
  game docs), never offers a pung/kong/chow on the last discard (HK §6.3), a chow only to the
  next player (HK §6.1), a kong with no replacement tile (HK §7.5, TW §4.2), or a win without
  a winning shape (HK §9, TW §9: checked against ``mahjong_fast.waits``);
* under Hong Kong, a win is offered exactly when ``mahjong_fast.score`` of the same
  situation is a legal win (HK §6.1, §5.3, §7.3, §10.5);
* the hand-size invariants (HK §5.6, TW §4.3) and the tile accounting hold after each step.

Deals are played by a seeded mix of the greedy seat and random choices, so wins, claims and
kongs all occur. The loop is deterministic; a failure prints the seed, ruleset and the
actions applied so far, which reproduce the position.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

import mahjong_fast as mf
import pytest
from mahjong_fast import _core
from mahjong_fast.errors import IllegalActionError
from mahjong_fast.game import Action, ActionType, Deal, Phase
from mahjong_fast.game.actions import TURN_TYPES
from mahjong_fast.seats import make_seat

A = ActionType
SUITS = "mpsz"
MELD_FMT = {0: "[{}]", 1: "[{}]", 2: "[{}]", 3: "[{}]", 4: "({})"}


def kind_code(k: int) -> str:
    return f"{k % 9 + 1}{SUITS[k // 9]}"


def tiles_code(kinds: list[int]) -> str:
    return "".join(kind_code(k) for k in sorted(kinds))


def hand_notation(deal: Deal, p: int, concealed: list[int]) -> str:
    """The concealed kinds ``concealed`` plus ``p``'s declared sets and bonus tiles."""
    parts = [tiles_code(concealed)] if concealed else []
    for m in deal.melds[p]:
        # a suit letter once per set: "[555p]"
        inner = "".join(str(t // 4 % 9 + 1) for t in sorted(m.tiles)) + SUITS[m.tiles[0] // 4 // 9]
        parts.append(MELD_FMT[m.kind].format(inner))
    parts += [f"{b - 135}f" for b in deal.bonus[p]]
    return " ".join(parts)


def _sets(c: list[int], n: int) -> bool:
    """Whether the counts ``c`` split into ``n`` chows/pungs exactly."""
    if n == 0:
        return not any(c)
    i = next(k for k in range(34) if c[k])
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets(c, n - 1)
        c[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        ok = _sets(c, n - 1)
        for k in (i, i + 1, i + 2):
            c[k] += 1
        return ok
    return False


ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def has_shape(concealed: list[int], declared: int, hk: bool) -> bool:
    """A plain winning-shape check written from HK §9 / TW §9 alone (no engine code):
    ``concealed`` kinds (winning tile included) with ``declared`` sets."""
    c = [0] * 34
    for k in concealed:
        c[k] += 1
    sets = (4 if hk else 5) - declared
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            ok = _sets(c, sets)
            c[k] += 2
            if ok:
                return True
    if declared == 0 and hk and len(concealed) == 14:
        if sorted(c, reverse=True)[:7] == [2] * 7:  # seven different pairs (four never two)
            return True
        if all(c[k] >= 1 for k in ORPHANS) and sum(c[k] for k in ORPHANS) == 14:
            return True
    # TW §9.2: seven different pairs and a pung of an eighth kind
    return declared == 0 and not hk and sorted(c, reverse=True)[:8] == [3] + [2] * 7


def key(a: Action) -> tuple:
    """What makes two actions the same choice: the kinds named (a discard: the very tile)."""
    if a.type is A.DISCARD:
        return (a.type, a.player, a.tiles)
    return (a.type, a.player, tuple(sorted(t // 4 for t in a.tiles)))


def candidates(deal: Deal) -> list[Action]:
    """Every action worth trying now: all plausible and many implausible ones."""
    out: list[Action] = []
    hands = deal.hands
    wt = deal.snapshot()["window"][1]
    for p in range(4):
        h = sorted(hands[p])
        out += [Action(A.SELF_DRAWN_WIN, p), Action(A.PASS, p), Action(A.WIN, p)]
        out += [Action(A.DISCARD, p, (t,)) for t in h]
        held = set(h)
        out += [Action(A.DISCARD, p, (t,)) for t in range(136) if t not in held][:2]
        out.append(Action(A.DISCARD, p, (144,)))
        by_kind: dict[int, list[int]] = {}
        for t in h:
            by_kind.setdefault(t // 4, []).append(t)
        for ids in by_kind.values():
            if len(ids) == 4:
                out.append(Action(A.CONCEALED_KONG, p, tuple(ids)))
            out.append(Action(A.ADDED_KONG, p, (ids[0],)))
        if len(h) >= 4:
            out.append(Action(A.CONCEALED_KONG, p, tuple(h[:4])))
        if wt is not None:
            k = wt // 4
            near = [t for t in h if abs(t // 4 - k) <= 2 and t // 4 // 9 == k // 9]
            for pair in combinations(near, 2):
                out.append(Action(A.PUNG, p, pair))
                out.append(Action(A.CHOW, p, pair))
            for triple in combinations([t for t in h if t // 4 == k], 3):
                out.append(Action(A.KONG, p, triple))
            if len(h) >= 3:
                out.append(Action(A.KONG, p, tuple(h[:3])))
    # malformed variants of every listed action: a tile named twice, a copy of the same
    # kind held by someone else (or still in the wall), a tile too many or too few, a
    # tile on an action that names none, an id out of range
    for p in range(4):
        held = set(hands[p])
        for a in deal.legal_actions(p):
            ts = a.tiles
            if ts:
                out.append(Action(a.type, p, (ts[0],) + ts[:-1]))  # a duplicate
                out.append(Action(a.type, p, ts[:-1]))
                out.append(Action(a.type, p, ts + (ts[0] ^ 1,)))
                out.append(Action(a.type, p, ts[:-1] + (-1,)))
                out.append(Action(a.type, p, ts[:-1] + (ts[-1] + 2**32,)))
                for i, t in enumerate(ts):
                    for other in range(4 * (t // 4), 4 * (t // 4) + 4):
                        if other not in held:
                            out.append(Action(a.type, p, ts[:i] + (other,) + ts[i + 1 :]))
            else:
                out.append(Action(a.type, p, (hands[p][0],)))
    # dedupe, keep order
    seen: set[Action] = set()
    uniq = []
    for a in out:
        if a not in seen:
            seen.add(a)
            uniq.append(a)
    return uniq


def state(deal: Deal) -> tuple:
    snap = deal.snapshot()
    legal = tuple(tuple(deal.legal_actions(p)) for p in range(4))
    return snap, legal


def full_hand(rules: mf.Ruleset) -> int:
    return 14 if rules.name == "hong-kong" else 17


def check_invariants(deal: Deal, ctx: str) -> None:
    locs = deal.tile_locations()
    assert sorted(locs) == list(range(144)), ctx
    if deal.phase is Phase.ENDED:
        return
    full = full_hand(deal.rules)
    for p in range(4):
        want = (
            full
            if deal.phase in (Phase.ACTION, Phase.AFTER_CLAIM) and p == deal.active
            else full - 1
        )
        assert deal.hand_size(p) == want, f"{ctx}: P{p} holds {deal.hand_size(p)}, not {want}"


def check_listing(deal: Deal, ctx: str) -> None:
    """Static checks of every player's legal list against the rules."""
    snap = deal.snapshot()
    wfrom, wtile, _ = snap["window"]
    hk = deal.rules.name == "hong-kong"
    live = deal.remaining
    for p in range(4):
        legal = deal.legal_actions(p)
        assert legal == deal.legal_actions(p), f"{ctx}: legal_actions({p}) asked twice differ"
        if p not in deal.to_act:
            assert legal == [], f"{ctx}: P{p} not to act but offered {legal}"
            continue
        assert len({key(a) for a in legal}) == len(legal), f"{ctx}: duplicate choices {legal}"
        hand = deal.hands[p]
        for a in legal:
            assert a.player == p, ctx
            types_for_phase = {
                Phase.ACTION: {A.SELF_DRAWN_WIN, A.CONCEALED_KONG, A.ADDED_KONG, A.DISCARD},
                Phase.AFTER_CLAIM: {A.DISCARD},
                Phase.RESPONSE: {A.PASS, A.WIN, A.PUNG, A.KONG, A.CHOW},
                Phase.ROB: {A.PASS, A.WIN},
            }[deal.phase]
            assert a.type in types_for_phase, f"{ctx}: {a} in {deal.phase}"
            if a.type in (A.PUNG, A.KONG, A.CHOW):
                # lowest ids held of each kind named (the game docs)
                for t in a.tiles:
                    lower = [u for u in hand if u // 4 == t // 4 and u < t and u not in a.tiles]
                    assert not lower, f"{ctx}: {a} does not use the lowest ids ({lower})"
                assert live > 0, f"{ctx}: {a} offered on the last discard (HK §6.3)"
            if a.type is A.CHOW:
                assert p == (wfrom + 1) % 4, f"{ctx}: chow offered to P{p} (HK §6.1)"
                ks = sorted([wtile // 4] + [t // 4 for t in a.tiles])
                assert ks[0] < 27 and ks[0] // 9 == ks[2] // 9, ctx
                assert ks == [ks[0], ks[0] + 1, ks[0] + 2], f"{ctx}: chow {a} with {wtile}"
            if a.type in (A.KONG, A.CONCEALED_KONG, A.ADDED_KONG):
                assert live >= 1, f"{ctx}: {a} with no replacement tile (HK §7.5)"
        # the engine's win against the analysis functions
        win_types = [a for a in legal if a.type in (A.WIN, A.SELF_DRAWN_WIN)]
        if deal.phase in (Phase.RESPONSE, Phase.ROB):
            tile = wtile if deal.phase is Phase.RESPONSE else snap["flags"][3]
            before = [t // 4 for t in hand]
            shape = (tile // 4) in [
                t.kind for t in mf.waits(hand_notation(deal, p, before), rules=deal.rules)
            ]
            own = has_shape(before + [tile // 4], len(deal.melds[p]), hk)
            assert shape == own, (
                f"{ctx}: waits({hand_notation(deal, p, before)}) says {shape} for "
                f"{kind_code(tile // 4)}, the plain check {own}"
            )
            if win_types:
                assert shape, f"{ctx}: P{p} offered a win on {kind_code(tile // 4)} without a shape"
            elif not hk and shape:
                # a shape not offered: only because it is below min_tai (TW §14)
                with pytest.raises(IllegalActionError, match="BELOW_MINIMUM"):
                    deal.apply(Action(A.WIN, p))
            if hk:
                r = mf.score(
                    hand_notation(deal, p, before),
                    kind_code(tile // 4),
                    seat_wind=deal.seat_winds[p],
                    discarder="ESWN"[deal.seat_winds[wfrom]] if wfrom is not None else None,
                    robbing_kong=deal.phase is Phase.ROB,
                    last_tile=deal.phase is Phase.RESPONSE and live == 0,
                    rules=deal.rules,
                )
                assert bool(win_types) == r.is_win, (
                    f"{ctx}: P{p} win offered={bool(win_types)} but score says {r.is_win} "
                    f"({r.reason}, {r.value}) for {hand_notation(deal, p, before)} + {kind_code(tile // 4)}"
                )
        elif deal.phase is Phase.ACTION:
            own = has_shape([t // 4 for t in hand], len(deal.melds[p]), hk)
            if win_types:
                assert own, f"{ctx}: P{p} offered a self-drawn win without a shape"
            elif own:
                # every entry to ACTION is a draw (or the dealer's start): only the minimum
                # can refuse a complete hand (HK §5.3, TW §14)
                with pytest.raises(IllegalActionError, match="BELOW_MINIMUM"):
                    deal.apply(Action(A.SELF_DRAWN_WIN, p))
        if deal.phase is Phase.ACTION and deal.drawn_tile is not None and hk and p == deal.active:
            d = deal.drawn_tile
            before = [t // 4 for t in hand]
            before.remove(d // 4)
            r = mf.score(
                hand_notation(deal, p, before),
                kind_code(d // 4),
                self_drawn=True,
                seat_wind=deal.seat_winds[p],
                kong_replacement=deal.kong_chain,
                last_tile=live == 0,
                rules=deal.rules,
            )
            assert bool(win_types) == r.is_win, (
                f"{ctx}: P{p} self-drawn win offered={bool(win_types)} but score says {r.is_win} "
                f"({r.reason}) for {hand_notation(deal, p, before)} + {kind_code(d // 4)}"
            )


def check_apply_exactly_listed(
    deal: Deal, rebuild: Callable[[], Deal], ctx: str, rng: random.Random
) -> None:
    """apply() accepts exactly the listed choices; a refusal changes nothing."""
    legal_keys = {key(a) for p in range(4) for a in deal.legal_actions(p)}
    before = state(deal)
    hands = deal.hands
    for a in candidates(deal):
        allowed = (
            key(a) in legal_keys
            and len(set(a.tiles)) == len(a.tiles)
            and all(t in hands[a.player] for t in a.tiles)
        )
        assert deal.is_legal(a) == allowed, (
            f"{ctx}: is_legal({a}) = {not allowed}, listed={allowed}"
        )
        if allowed:
            if a.tiles and rng.random() < 0.2:
                rebuild().apply(a)  # the same choice with other copies is accepted too
            continue
        with pytest.raises(IllegalActionError) as ei:
            deal.apply(a)
        assert state(deal) == before, f"{ctx}: refused {a} changed the state"
        if deal.phase is Phase.ENDED:
            assert ei.value.code == "DEAL_OVER", f"{ctx}: {a} -> {ei.value.code}"
        elif (
            deal.phase in (Phase.ACTION, Phase.AFTER_CLAIM)
            and a.player != deal.active
            and a.type in TURN_TYPES
        ):
            # a turn action in another player's turn (HK §13's example); a claim there is
            # also "outside RESPONSE/ROB", so either code fits it and none is asserted
            assert ei.value.code == "NOT_YOUR_TURN", f"{ctx}: {a} -> {ei.value.code}"
    # every listed action is accepted (on a copy rebuilt from the same actions), and a
    # same-kind claim with other copies too
    for p in deal.to_act:
        for a in deal.legal_actions(p):
            if rng.random() < 0.3 or a.type is not A.DISCARD:
                copy = rebuild()
                assert state(copy)[1] == before[1], f"{ctx}: rebuilt deal differs"
                copy.apply(Action(a.type, a.player, a.tiles))


def play(rules: str, seed: int, auto_pass: bool, greedy_share: float = 0.7) -> int:
    rng = random.Random(seed * 7919 + hash(rules) % 1000 + auto_pass)
    wall = _core.wall(seed, 0)
    dealer = seed % 4
    rebuild_log: list[Action] = []

    def rebuild() -> Deal:
        d = Deal(wall, dealer=dealer, rules=rules, auto_pass=auto_pass)
        for x in rebuild_log:
            d.apply(x)
        return d

    deal = rebuild()
    seats = [make_seat("greedy", p) for p in range(4)]
    steps = 0
    while True:
        ctx = f"{rules} seed={seed} dealer={dealer} auto_pass={auto_pass} after {len(rebuild_log)} actions {[str(x) for x in rebuild_log[-4:]]}"
        check_invariants(deal, ctx)
        check_listing(deal, ctx)
        check_apply_exactly_listed(deal, rebuild, ctx, rng)
        if deal.phase is Phase.ENDED:
            break
        p = deal.to_act[0]
        legal = deal.legal_actions(p)
        claims = [
            a for a in legal if a.type in (A.PUNG, A.KONG, A.CHOW, A.CONCEALED_KONG, A.ADDED_KONG)
        ]
        if claims and rng.random() < 0.5:
            a = rng.choice(claims)
        elif rng.random() < greedy_share:
            a = seats[p].choose(deal.view(p), legal)
        else:
            a = rng.choice(legal)
        deal.apply(a)
        rebuild_log.append(Action(a.type, a.player, a.tiles))
        steps += 1
    return steps


@pytest.mark.parametrize("auto_pass", [True, False])
@pytest.mark.parametrize("rules", ["hong-kong", "taiwanese-high", "taiwanese-low"])
@pytest.mark.parametrize("seed", range(3))
def test_apply_accepts_exactly_the_listed_actions(rules: str, seed: int, auto_pass: bool) -> None:
    assert play(rules, seed, auto_pass) > 0


def test_stale_legal_action_from_an_earlier_window_is_checked_afresh() -> None:
    """An Action object handed out in one window and applied in another is judged by what it
    says (type, player, tiles), exactly like a fresh Action."""
    wall = _core.wall(11, 0)
    deal = Deal(wall, rules="hong-kong", auto_pass=False)
    handed: list[Action] = []
    for _ in range(60):
        if deal.phase is Phase.ENDED:
            break
        for p in range(4):
            handed += deal.legal_actions(p)
        for old in handed[-200:]:
            fresh = Action(old.type, old.player, old.tiles)
            assert deal.is_legal(old) == deal.is_legal(fresh)
            if not deal.is_legal(old):
                before = deal.snapshot()
                with pytest.raises(IllegalActionError) as e1:
                    deal.apply(old)
                with pytest.raises(IllegalActionError) as e2:
                    deal.apply(fresh)
                assert e1.value.code == e2.value.code
                assert deal.snapshot() == before
        p = deal.to_act[0]
        deal.apply(deal.legal_actions(p)[-1])


def _win_situation(deal: Deal, p: int) -> tuple[str, str, dict[str, object]] | None:
    """The hand before the winning tile, the tile and score()'s situation keywords of a win
    of ``p`` now, read from the public deal state (None: the dealer's start, no tile)."""
    hk = deal.rules.name == "hong-kong"
    snap = deal.snapshot()
    hand = [t // 4 for t in deal.hands[p]]
    kw: dict[str, object] = {
        "seat_wind": deal.seat_winds[p],
        "prevailing_wind": deal.prevailing_wind,
        "rules": deal.rules,
    }
    if deal.phase is Phase.ACTION:
        if deal.dealer_start or deal.drawn_tile is None:
            return None
        tile = deal.drawn_tile // 4
        hand.remove(tile)
        loose = deal.kong_chain if hk else deal._core.loose_tile
        kw.update(self_drawn=True, last_tile=deal.remaining == 0, kong_replacement=loose)
    else:
        wfrom, wtile, _ = snap["window"]
        if deal.phase is Phase.ROB:
            tile, wfrom = snap["flags"][3] // 4, deal.active
            kw["robbing_kong"] = True
        else:
            tile = wtile // 4
            kw["last_tile"] = deal.remaining == 0
        kw["discarder"] = "ESWN"[deal.seat_winds[wfrom]]
    if not hk:  # TW §10: D counts every discard, the claimed one included
        hist = deal.discard_history
        kw.update(
            dealer_streak=deal.dealer_streak,
            discards=sum(len(h) for h in hist),
            winner_discards=len(hist[p]),
            interrupted=deal.interrupted,
        )
    return hand_notation(deal, p, hand), kind_code(tile), kw


@pytest.mark.parametrize(
    "rules",
    [
        mf.Ruleset.hong_kong(),
        mf.Ruleset.hong_kong(min_faan=0),
        mf.Ruleset.taiwanese(tai_table="high", min_tai=0),
        mf.Ruleset.taiwanese(tai_table="low", min_tai=0),
    ],
    ids=["hk", "hk-min0", "tw-high-min0", "tw-low-min0"],
)
def test_every_offered_win_scores_what_score_gives(rules: mf.Ruleset) -> None:
    """Each win the engine offers, carried out (the others passing), is worth exactly what
    ``score()`` gives for the situation the deal shows (HK §10, TW §10-§13; the game docs:
    "it scores exactly what score(...) gives for the same situation")."""
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        wall, dealer = _core.wall(seed, 0), seed % 4
        streak = 0 if rules.name == "hong-kong" else seed % 3
        log: list[Action] = []

        def rebuild(
            wall: tuple[int, ...] = tuple(wall),
            dealer: int = dealer,
            streak: int = streak,
            log: list[Action] = log,
        ) -> Deal:
            d = Deal(wall, dealer=dealer, rules=rules, dealer_streak=streak)
            for x in log:
                d.apply(x)
            return d

        deal = rebuild()
        seats = [make_seat("greedy", p) for p in range(4)]
        while deal.phase is not Phase.ENDED:
            for p in deal.to_act:
                for a in deal.legal_actions(p):
                    s = _win_situation(deal, p) if a.type in (A.WIN, A.SELF_DRAWN_WIN) else None
                    if s is None:
                        continue
                    c = rebuild()
                    c.apply(a)
                    while c.phase is not Phase.ENDED:
                        c.apply(Action(A.PASS, c.to_act[0]))
                    assert c.result is not None
                    mine = [w for w in c.result.wins if w.player == p]
                    if not mine:  # HK §6.2: a win already claimed nearer the discarder
                        assert rules.name == "hong-kong" and c.result.winners[0] != p
                        continue
                    w = mine[0]
                    r = mf.score(s[0], s[1], **s[2])  # type: ignore[arg-type]
                    got = (w.value, sorted(e[0] for e in w.elements))
                    assert r.is_win and got == (r.value, sorted(e.code for e in r.elements)), (
                        f"seed {seed} after {len(log)} actions: {a} {s} engine {got} "
                        f"score {r.value} {r.reason}"
                    )
                    checked += 1
            p = deal.to_act[0]
            legal = deal.legal_actions(p)
            a = seats[p].choose(deal.view(p), legal) if rng.random() < 0.85 else rng.choice(legal)
            deal.apply(a)
            log.append(Action(a.type, a.player, a.tiles))
    assert checked >= 20
