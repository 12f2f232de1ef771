"""Setup (seed-B ゲームの準備 and 2人プレイの際の準備), one test per rule."""
from collections import Counter

import pytest
from gs_scenario import act, keys, prompt

from games.guns_and_steel import GAME
from games.guns_and_steel.cards import ERAS, card, wonder
from games.guns_and_steel.field import info


def _setup(n: int, seed: int = 3, set_: str = "base"):
    return GAME.setup([f"p{i}" for i in range(n)], {"set": set_}, seed)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_player_starts_with_the_five_starting_cards(n):
    s = _setup(n)
    for p in s.players:
        cards = s.seats[p].hand + [f.id for f in s.seats[p].field]
        assert sorted(s.cards[c] for c in cards) == ["agriculture", "barter", "mining", "reinforcement", "warrior"]
        assert Counter(info(s, c).resource for c in cards) == {"food": 3, "iron": 2}     # 食糧3枚、鉄2枚


@pytest.mark.parametrize("n,sizes", [(3, [7, 6, 5, 4, 3]), (4, [7, 6, 5, 4, 3]), (2, [6, 5, 4, 3, 2])])
def test_pyramid_rows_per_era(n, sizes):
    s = _setup(n)
    assert [len(s.pyramid[e]) for e in ERAS] == sizes            # 宇宙3 地球4 石油5 火薬6 馬7 (2人: 1枚ずつ少ない)
    for era in ERAS:
        assert all(card(s.cards[c]).era.value == era for c in s.pyramid[era])


def test_two_players_remove_the_two_player_icon_cards():
    s = _setup(2)
    placed = {s.cards[c] for row in s.pyramid.values() for c in row}
    assert not any(card(k).two_player_excluded.value for k in placed)
    assert len(placed) == 20


def test_positions_are_random_per_era():
    for era in ERAS:
        orders = set()
        for seed in range(6):
            s = _setup(3, seed)
            orders.add(tuple(s.cards[c] for c in s.pyramid[era]))
        assert len(orders) > 1, era


def test_one_wonder_per_era_by_the_leftmost_icon_card():
    for seed in range(8):
        s = _setup(4, seed)
        assert [wonder(w).era.value for w in s.table_wonders] == list(ERAS)
        for w in s.table_wonders:
            era = wonder(w).era.value
            row = [s.cards[c] for c in s.pyramid[era]]
            other = next(o for o in _pair(era) if o != w)
            assert row.index(wonder(w).setup_icon.value) < row.index(wonder(other).setup_icon.value)


def _pair(era):
    from games.guns_and_steel.cards import load_set
    return [w.id for w in load_set("base").wonders.values() if w.era.value == era]


def test_first_player_is_random_and_turns_go_clockwise():
    firsts = {_setup(4, seed).order[0] for seed in range(12)}
    assert len(firsts) > 1
    s = _setup(4, 5)
    i = s.players.index(s.order[0])
    assert s.order == s.players[i:] + s.players[:i]


def test_third_and_fourth_player_place_a_resource_before_the_game():
    s = _setup(4, 7)
    third, fourth = s.order[2], s.order[3]
    p = prompt(s)
    assert (p.id, p.player) == ("initial_resource", third) and len(p.options) == 5
    s, events = act(s, "initial_resource", keys(p)[0])
    assert prompt(s).player == fourth
    s, _ = act(s, "initial_resource", keys(prompt(s))[1])
    assert len(s.seats[third].field) == 1 and len(s.seats[fourth].field) == 1
    assert not s.seats[s.order[0]].field and not s.seats[s.order[1]].field   # 最初と2番目には資源なし
    assert (prompt(s).id, prompt(s).player) == ("resource", s.order[0])
    assert s.record.resources_played == []                    # not a resource-phase play
    assert not s.seats[third].field[0].up
    # the public only learns the resource kind, never the card
    assert all(e.to is None and set(e.data) <= {"player", "resource"} for e in events if e.kind == "resource")


def test_the_board_before_the_first_turn_says_so():
    s = _setup(4, 7)
    assert "before the game (initial resources)" in GAME.render(GAME.view(s, None), "en")
    assert "ゲーム開始前" in GAME.render(GAME.view(s, None), "ja") and "基本セット" in GAME.render(GAME.view(s, None), "ja")
    for _ in range(2):
        s, _ = act(s, "initial_resource", keys(prompt(s))[0])
    assert f"turn 1 (round 1), active: {s.order[0]}" in GAME.render(GAME.view(s, None), "en")


def test_three_players_only_the_third_places_a_resource():
    s = _setup(3, 7)
    assert (prompt(s).id, prompt(s).player) == ("initial_resource", s.order[2])
    s, _ = act(s, "initial_resource", keys(prompt(s))[0])
    assert prompt(s).id == "resource" and prompt(s).player == s.order[0]


def test_two_players_the_second_player_places_a_resource():
    s = _setup(2, 7)
    assert (prompt(s).id, prompt(s).player) == ("initial_resource", s.order[1])
    s, _ = act(s, "initial_resource", keys(prompt(s))[3])
    assert [len(s.seats[p].field) for p in s.order] == [0, 1] and len(s.seats[s.order[1]].hand) == 4
    assert (prompt(s).id, prompt(s).player) == ("resource", s.order[0])      # then the first player's first turn
