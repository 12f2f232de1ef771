"""Honor tokens and VP tokens (seed-R 世界遺産の獲得, ゲームの終了) at the rules-function level."""
from games.guns_and_steel import renaissance as ren
from games.guns_and_steel.renaissance import RenState, TurnFacts

PLAYERS = ["you", "gandhi", "napoleon", "elizabeth"]
WONDERS = ["lighthouse", "panama", "forbidden_city", "hagia_sophia", "sydney"]


def _facts(**kw) -> TurnFacts:
    return TurnFacts(players=4, **kw)


def test_forbidden_city_example_token_moved_from_lighthouse():
    # seed-R p.17: "手番開始時、あなたは〈アレクサンドリアの大灯台〉に１、〈パナマ運河〉に２、〈紫禁城〉に２の
    # 栄誉トークンがありました。… 火薬を資源としてプレイし … 〈アレクサンドリアの大灯台〉の栄誉トークンを取り、
    # 〈紫禁城〉に移動させることにしました。これで〈紫禁城〉上のあなたの栄誉トークンは３つになったので、すぐさま獲得"
    state = RenState.start(PLAYERS, WONDERS)
    for wonder, n in (("lighthouse", 1), ("panama", 2), ("forbidden_city", 2)):
        for _ in range(n):
            ren.place_honor(state, "you", wonder, None, 3)
    assert state.honor_supply["you"] == 0
    state.honor["forbidden_city"]["gandhi"] = 1   # someone else's token on it goes back too
    state.honor_supply["gandhi"] -= 1
    facts = _facts(resources_played=["gunpowder"], bought_era="oil", bought_with_conversion=True,
                   newest_era_before_purchase="oil")
    met = [w for w, cond, params in (("forbidden_city", "played_resource", {"eras": ["gunpowder"]}),
                                      ("panama", "bought_with_conversion", {}),
                                      ("lighthouse", "no_purchase", {}))
           if ren.condition_met(cond, params, facts)]
    assert met == ["forbidden_city", "panama"]   # Lighthouse needs no purchase
    moves = ren.honor_moves(state, "you", met)
    assert (None, "forbidden_city") not in moves   # nothing left in supply
    assert ("lighthouse", "forbidden_city") in moves
    assert ("forbidden_city", "forbidden_city") not in moves
    complete = ren.place_honor(state, "you", "forbidden_city", "lighthouse", 3)
    assert complete
    returned = ren.release_wonder(state, "forbidden_city")
    assert returned == {"you": 3, "gandhi": 1}
    assert state.honor_supply == {"you": 3, "gandhi": 5, "napoleon": 5, "elizabeth": 5}
    assert "forbidden_city" not in state.honor
    assert ren.tokens_on(state, "lighthouse", "you") == 0
    assert ren.tokens_on(state, "panama", "you") == 2


def test_placing_is_from_supply_while_tokens_remain():
    state = RenState.start(PLAYERS, WONDERS)
    ren.place_honor(state, "you", "panama", None, 3)
    assert ren.honor_moves(state, "you", ["panama", "sydney"]) == [(None, "panama"), (None, "sydney")]
    assert ren.honor_moves(state, "you", []) == []


def test_sydney_threshold_scales_with_player_count():
    params = {"by_players": {"2": 5, "3": 4, "4": 3}}
    # seed-R p.11: the recollected cards carry "2VP 1VP 1VP 2VP" = 6, enough in every player count
    for n, need in ((2, 5), (3, 4), (4, 3)):
        assert ren.condition_met("recollected_vp", params, TurnFacts(players=n, recollected_vp=6))
        assert ren.condition_met("recollected_vp", params, TurnFacts(players=n, recollected_vp=need))
        assert not ren.condition_met("recollected_vp", params, TurnFacts(players=n, recollected_vp=need - 1))


def test_pisa_needs_a_strictly_older_era_than_the_newest_bought():
    older = TurnFacts(players=3, bought_era="horse", newest_era_before_purchase="gunpowder")
    same = TurnFacts(players=3, bought_era="gunpowder", newest_era_before_purchase="gunpowder")
    first = TurnFacts(players=3, bought_era="horse", newest_era_before_purchase=None)
    assert ren.condition_met("bought_older_era", {}, older)
    assert not ren.condition_met("bought_older_era", {}, same)
    assert not ren.condition_met("bought_older_era", {}, first)


def test_vp_tokens_end_at_fifteen():
    state = RenState.start(PLAYERS, WONDERS)
    ren.gain_vp(state, "napoleon", 14)
    assert not ren.token_end_reached(state)
    ren.gain_vp(state, "napoleon", 1)
    assert ren.token_end_reached(state)
    assert not ren.can_pay_vp(state, "you", 1)
