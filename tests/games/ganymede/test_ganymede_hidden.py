"""Hidden information: face-down cards only for their owner until the showdown; deck order for
nobody; the used and removed piles, and their sizes, only for their owner (Q&A, notes G13)."""
import pytest
from ganymede_helpers import A, B, act, draws, prompt, scenario

from games.ganymede import GAME
from games.kit import IllegalAction


def drawn_face_down():
    state = scenario(play={"red": ["5"], "green": ["6"]}, deck={"red": ["9", "b7"]}, used={"red": ["8"]},
                     first="red")
    state = draws(state, A, 2)
    return state


def test_face_down_cards_are_seen_only_by_their_owner_until_the_showdown():
    state = drawn_face_down()
    red = state.sides["red"]
    hidden = red.play[1:]
    for viewer in (B, None):
        view = GAME.view(state, viewer)
        assert set(hidden) <= GAME.hidden_ids(state, viewer)
        assert all(h not in view.model_dump_json() for h in hidden)
        assert view.sides[0].face_down == 2 and [c.rank for c in view.sides[0].in_play] == ["5"]
        text = GAME.render(view, "en")
        assert "face down ×2" in text and "black 7" not in text
        assert "伏せ札×2" in GAME.render(view, "ja")
    own = GAME.view(state, A)
    assert [(c.rank, c.face_down) for c in own.sides[0].in_play] == [("5", False), ("9", True), ("7", True)]
    assert "black 7 (face down)" in GAME.render(own, "en")


def test_the_showdown_reveals_every_face_down_card():
    state = drawn_face_down()
    state, events = act(state, "draw", "stop", B)             # green stops; red 21 vs 6
    shown = [e for e in events if e.kind == "showdown" and e.to is None]
    assert any("9, black 7" in e.text.en for e in shown)
    assert state.last is None and state.current.cards["red"][2].rank == "7"
    public = GAME.render(GAME.view(state, None), "en")
    assert "In play: 5, 9, black 7" in public and "face down" not in public


def test_the_opponents_used_and_removed_piles_and_deck_size_are_hidden():
    state = drawn_face_down()
    eight = state.sides["red"].used[0]
    assert eight in GAME.hidden_ids(state, B) and eight not in GAME.hidden_ids(state, A)
    theirs = GAME.view(state, B).sides[0]
    assert theirs.used is None and theirs.removed is None and theirs.deck_count is None
    mine = GAME.view(state, A).sides[0]
    assert [c.rank for c in mine.used] == ["8"] and mine.deck_count == len(state.sides["red"].deck)
    assert "used: 8" in GAME.render(GAME.view(state, A), "en")
    assert "used:" not in GAME.render(GAME.view(state, B), "en").split("bob")[0]


def test_deck_order_is_hidden_even_from_the_owner():
    state = drawn_face_down()
    for viewer in (A, B, None):
        assert set(state.sides["red"].deck) <= GAME.hidden_ids(state, viewer)


def test_the_black_supply_is_public():
    state = drawn_face_down()
    assert not set(state.supply) & GAME.hidden_ids(state, None)
    assert GAME.view(state, None).supply["A"] == 3


def test_coop_cards_in_play_are_public():
    state = scenario("coop", play={"red": ["5"], "green": ["6"], "purple": ["p3"]}, deck={"red": ["9"]})
    state, _ = act(state, "draw", "draw", A)
    nine = state.sides["red"].play[1]
    assert nine not in GAME.hidden_ids(state, B) and nine not in GAME.hidden_ids(state, None)


def test_prompts_are_bilingual_and_a_wrong_player_is_refused():
    state = drawn_face_down()
    p = prompt(state, "draw", B)
    assert p.text.en != p.text.ja and all(o.label.ja for o in p.options)
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, A, "draw", ["draw"])
    assert e.value.code == "not_your_decision" and e.value.text.ja
    assert state.model_dump_json() == before
