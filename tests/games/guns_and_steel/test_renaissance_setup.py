"""Renaissance setup (seed-R ゲームの準備, ２人プレイの際の準備) through the games API."""
import pytest
from gs_scenario import act, keys, prompt, seat
from ren_scenario import ren_position

from games.guns_and_steel import GAME
from games.guns_and_steel.cards import ERAS, card, load_set, wonder

REN = load_set("renaissance")


def _setup(n: int, seed: int):
    return GAME.setup([f"p{i}" for i in range(n)], {"set": "renaissance"}, seed)


@pytest.mark.parametrize("n, sizes", [(2, [6, 5, 4, 3, 2]), (3, [7, 6, 5, 4, 3]), (4, [7, 6, 5, 4, 3])])
def test_pyramid_of_renaissance_cards_per_era(n, sizes):
    # 宇宙時代 x3 地球時代 x4 石油時代 x5 火薬時代 x6 馬時代 x7; 2 players: the 2-player-icon cards go back to the box
    s = _setup(n, 11)
    assert [len(s.pyramid[era]) for era in ERAS] == sizes
    placed = [s.cards[c] for era in ERAS for c in s.pyramid[era]]
    assert all(k in REN.cards and card(k).era.value == era for era in ERAS for k in (s.cards[c] for c in s.pyramid[era]))
    assert any(card(k).two_player_excluded.value for k in placed) == (n > 2)
    assert s.piles == {} or all(not p for p in s.piles.values())


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tokens_at_the_start(n):
    # 栄誉トークンを５個ずつ受け取ります; 勝利点トークンはすべて公共の場に
    s = _setup(n, 5)
    assert s.ren.honor_supply == {p: 5 for p in s.players}
    assert s.ren.vp_tokens == {p: 0 for p in s.players}
    assert set(s.ren.honor) == set(s.table_wonders) and not any(s.ren.honor.values())
    extra = GAME.view(s, None).extra
    assert extra["honor_supply"] == {p: 5 for p in s.players} and extra["vp_tokens"] == {p: 0 for p in s.players}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_one_renaissance_wonder_per_era_by_the_leftmost_icon_card(n):
    for seed in range(6):
        s = _setup(n, seed)
        assert [wonder(w).era.value for w in s.table_wonders] == list(ERAS)
        for era, w in zip(ERAS, s.table_wonders, strict=True):
            row = [s.cards[c] for c in s.pyramid[era]]
            pair = [x for x in REN.wonders.values() if x.era.value == era]
            assert w in REN.wonders
            assert w == min(pair, key=lambda x: row.index(x.setup_icon.value)).id


def test_every_wonder_can_be_placed_with_two_players():
    seen = {w for seed in range(40) for w in _setup(2, seed).table_wonders}
    assert seen == set(REN.wonders)


def test_two_players_second_player_places_one_resource_first_player_none():
    # 後手のプレイヤーは手札から好きな１枚を、資源面を公開して自分の場に配置します
    s = _setup(2, 3)
    first, second = s.order
    p = prompt(s)
    assert (p.id, p.player) == ("initial_resource", second) and len(keys(p)) == 5
    s, _ = act(s, "initial_resource", keys(p)[0])
    assert len(s.seats[second].field) == 1 and not s.seats[second].field[0].up and len(s.seats[second].hand) == 4
    assert s.seats[first].field == [] and (prompt(s).id, prompt(s).player) == ("resource", first)
    assert s.record.resources_played == []          # not a resource-phase play (no Hagia Sophia honor from it)


def test_four_players_third_then_fourth_place_a_resource():
    s = _setup(4, 3)
    for who in s.order[2:]:
        p = prompt(s)
        assert (p.id, p.player) == ("initial_resource", who)
        s, _ = act(s, "initial_resource", keys(p)[0])
    assert prompt(s).player == s.order[0] and all(not s.seats[p].field for p in s.order[:2])


def test_board_shows_tokens_honor_and_this_games_sydney_threshold():
    s = ren_position({"you": seat(hand=["writing", "theology"])}, players=["you", "gandhi", "napoleon"], tokens={"gandhi": 4},
                     honor={"sydney": {"you": 2, "napoleon": 1}})
    en = GAME.render(GAME.view(s, None), "en")
    ja = GAME.render(GAME.view(s, None), "ja")
    assert "VP tokens: you 0, gandhi 4, napoleon 0" in en and "勝利点トークン：you 0、gandhi 4、napoleon 0" in ja
    assert "Honor tokens not yet placed: you 3, gandhi 5, napoleon 4" in en
    assert "Sydney Opera House (honor 3) (with 3 players: recollect 4+ VP) — tokens on it: you 2, napoleon 1" in en
    assert "〈シドニー・オペラハウス〉栄誉3（3人：回収4VP以上） — 配置済み：you 2、napoleon 1" in ja
    assert "Colossus of Rhodes (honor 3) — tokens on it: —" in en
