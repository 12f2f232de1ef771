"""Setup of each mode (「ゲームの準備」), the player counts and the card data with its provenance."""
import pytest
from ganymede_helpers import A, B, C, act, open_ids, prompt

from games.ganymede import GAME
from games.ganymede.data import EFFECT_RANKS, load
from games.kit import IllegalAction


def test_card_data_loads_and_every_unprinted_value_says_it_is_reconstructed():
    d = load()
    assert d.start_hp.value == 15 and d.start_hp.provenance.status == "seed"
    assert sorted(d.black_supply.all_ranks()) == sorted(list(EFFECT_RANKS) * 3)   # 18 black cards
    assert len(d.purple_deck.all_ranks()) == 12 and len(d.colour_decks["default"].ranks) == 6
    for deck in (d.black_supply, d.purple_deck, *d.colour_decks.values()):
        assert deck.provenance.status == "reconstructed" and deck.provenance.reason
    # The Q&As use a 9 and a 6 from the coloured decks (notes §2.5 (a)).
    assert {"6", "9"} <= set(d.colour_decks["default"].ranks)
    assert all(e.provenance.ref for e in d.effects)


@pytest.mark.parametrize("mode,count", [("duel", 2), ("coop", 2), ("three", 3)])
def test_each_mode_fixes_its_player_count(mode, count):
    assert GAME.player_range(GAME.Options(mode=mode)) == (count, count)
    with pytest.raises(IllegalAction) as e:
        GAME.setup([A, B, C, "dave"][: count + 1], {"mode": mode}, 1)
    assert e.value.code == "player_count" and e.value.text.ja


def test_the_default_plays_the_rulebooks_game_for_two_or_three_players():
    # 「プレイヤー数:2人~3人」: without a chosen mode, 2 players fight the duel and 3 the three-player game.
    assert GAME.Options().mode == "auto" and GAME.player_range(GAME.Options()) == (2, 3)
    assert (GAME.min_players, GAME.max_players) == (2, 3)
    duel = GAME.setup([A, B], GAME.Options(), 1)
    assert duel.options.mode == "duel" and set(duel.sides) == {"red", "green"} and duel.marker is not None
    three = GAME.setup([A, B, C], GAME.Options(), 1)
    assert three.options.mode == "three" and three.sides["purple"].player == C
    assert GAME.view(three, C).mode == "three"
    with pytest.raises(IllegalAction) as e:
        GAME.setup([A], GAME.Options(), 1)
    assert e.value.code == "player_count"


def test_duel_setup_marker_holder_picks_first_then_seven_card_decks_and_a_face_up_initial_card():
    state = GAME.setup([A, B], {}, 5)
    red, green = state.sides["red"], state.sides["green"]
    assert (red.player, green.player) == (A, B) and red.hp == green.hp == 15
    assert sorted(state.cards[c].rank for c in red.deck) == ["5", "6", "6", "8", "8", "9"]
    assert len(state.supply) == 18 and state.marker in ("red", "green")
    first = state.sides[state.marker].player
    second = B if first == A else A
    assert open_ids(state) == [("setup_black", first)]
    p = prompt(state, "setup_black")
    assert [o.key for o in p.options] == ["2", "3", "4", "7", "10", "A"]
    state, _ = act(state, "setup_black", "7")
    assert open_ids(state) == [("setup_black", second)]
    assert [o.key for o in prompt(state, "setup_black").options] == ["2", "3", "4", "7", "10", "A"]
    state, events = act(state, "setup_black", "7")
    assert len(state.supply) == 16
    assert sum(1 for c in state.supply if state.cards[c].rank == "7") == 1
    # The round starts at once: one face-up initial card each, the marker holder is the first player.
    assert state.round == 1 and state.first == state.marker
    for side in (red, green):
        side = state.sides[side.colour]
        assert len(side.play) == 1 and side.face_down == [] and len(side.deck) == 6
    assert open_ids(state) == [("draw", first)]
    assert any(e.kind == "initial" for e in events)


def test_the_marker_holder_comes_from_the_seed_and_both_colours_happen():
    holders = {GAME.setup([A, B], {}, s).marker for s in range(12)}
    assert holders == {"red", "green"}


def test_coop_setup_red_then_green_pick_and_purple_opens_first():
    state = GAME.setup([A, B], {"mode": "coop"}, 3)
    purple = state.sides["purple"]
    assert purple.player is None and purple.hp == 15 and len(purple.deck) == 12
    assert all(state.cards[c].colour == "purple" for c in purple.deck)
    assert open_ids(state) == [("setup_black", A)]
    state, _ = act(state, "setup_black", "10")
    assert open_ids(state) == [("setup_black", B)]
    state, events = act(state, "setup_black", "A")
    initial = [e.data["colour"] for e in events if e.kind == "initial"]
    assert initial == ["purple", "red", "green"]          # 「赤陣営のプレイヤーは紫陣営の出撃デッキからカードを1枚引き…その後」
    assert open_ids(state) == [("draw", A)] and state.marker is None


def test_three_player_setup_purple_is_a_seat_and_picks_no_black_card():
    state = GAME.setup([A, B, C], {"mode": "three"}, 3)
    assert state.sides["purple"].player == C
    state, _ = act(state, "setup_black", "2")
    state, _ = act(state, "setup_black", "3")
    assert len(state.supply) == 16 and len(state.sides["purple"].play) == 1
    assert len(state.sides["purple"].deck) == 11


def test_purple_deck_order_depends_on_the_seed():
    orders = {tuple(GAME.setup([A, B], {"mode": "coop"}, s).sides["purple"].deck) for s in range(5)}
    assert len(orders) > 1


def test_options_change_the_colour_cards_and_hit_points():
    state = GAME.setup([A, B], {"colour_deck": "alt_1_11", "start_hp": 9}, 1)
    assert sorted(int(state.cards[c].rank) for c in state.sides["red"].deck) == [1, 5, 6, 8, 9, 11]
    assert state.sides["green"].hp == 9
    with pytest.raises(ValueError):
        GAME.Options(mode="solo")


def test_card_ids_are_dealt_at_random_so_an_id_tells_nothing():
    faces = {(GAME.setup([A, B], {}, s).cards["c01"].colour, GAME.setup([A, B], {}, s).cards["c01"].rank)
             for s in range(10)}
    assert len(faces) > 2


def test_options_accept_the_strings_a_lobby_control_sends_and_refuse_nonsense():
    opts = GAME.Options.model_validate({"mode": "three", "draw_check_ace": "11", "start_hp": "7"})
    assert (opts.draw_check_ace, opts.hp(), opts.player_range()) == (11, 7, (3, 3))
    for bad in ({"draw_check_ace": 5}, {"coop_loss": "never"}, {"round_limit": 0}):
        with pytest.raises(ValueError):
            GAME.Options.model_validate(bad)
