"""Simultaneous hidden choice, the public memory aid (整理案) and what each viewer may see."""
from sutosute_helpers import A, B, act, key_for_kind, play, prompt, scenario, stop_combo

from games.sutosute import GAME


def test_both_players_choose_at_once_and_the_first_choice_stays_hidden():
    state = GAME.setup([A, B], {}, 11)
    open_prompts = GAME.prompts(state)
    assert sorted((p.id, p.player) for p in open_prompts) == [("place", A), ("place", B)]
    card = open_prompts[0].options[0].key
    state, events = GAME.apply(state, open_prompts[0].player, "place", [card])
    first, second = open_prompts[0].player, open_prompts[1].player
    assert [(p.id, p.player) for p in GAME.prompts(state)] == [("place", second)]
    for viewer in (second, None):
        assert card in GAME.hidden_ids(state, viewer)
        assert card not in GAME.view(state, viewer).model_dump_json()
        assert "face down" in GAME.render(GAME.view(state, viewer), "en")
    assert card in GAME.view(state, first).model_dump_json()
    assert all(card not in e.model_dump_json() for e in events if e.to is None)


def test_deck_and_burn_card_are_hidden_from_everyone():
    state = GAME.setup([A, B], {}, 12)
    for viewer in (A, B, None):
        hidden = GAME.hidden_ids(state, viewer)
        assert set(state.deck) <= hidden and state.discard[0].card in hidden
    assert set(state.hands[B]) <= GAME.hidden_ids(state, A)
    assert not set(state.hands[A]) & GAME.hidden_ids(state, A)


def won_round(options=None):
    state = scenario({A: ["build", "trade", "explore", "grow"], B: ["explore", "research", "conquer", "grow"]},
                     dice=(2, 5, 4), options=options)
    taken = next(c for c in state.hands[B] if state.cards[c] == "explore")
    state, _ = play(state, "build", "explore")
    state, _ = act(state, "combo", [key_for_kind(state, prompt(state, "combo", A), "trade")])
    state = stop_combo(state)
    state, _ = act(state, "reroll", ["red", "black"])
    return state, taken


def test_taken_and_combo_cards_stay_face_up_until_the_next_placement():
    # 整理案: 「奪ったカードとコンボとして公開したカードは次のラウンドにカードを伏せる時まで公開しておく」
    state, taken = won_round()
    shown = {c.id for c in GAME.view(state, None).players[0].shown}
    assert taken in shown and len(shown) == 2            # the taken 探索 and the combo 交易
    assert taken not in GAME.hidden_ids(state, B)
    p = prompt(state, "place", B)
    state, _ = GAME.apply(state, B, "place", [p.options[0].key])
    assert GAME.view(state, None).players[0].shown == []  # all hidden at once when cards are placed
    assert taken in GAME.hidden_ids(state, B)


def test_without_the_memory_aid_shown_cards_are_hidden_after_the_round():
    state, taken = won_round({"public_info": False})
    assert GAME.view(state, None).players[0].shown == []
    assert taken in GAME.hidden_ids(state, B) and taken in GAME.hidden_ids(state, None)


def test_drawn_card_is_told_only_to_the_drawer():
    state = scenario({A: ["build", "trade", "explore", "grow"], B: ["explore", "research", "conquer", "grow"]},
                     dice=(2, 5, 4), deck=["research"])
    state, _ = play(state, "build", "explore")
    state, events = act(state, "combo", ["stop"])
    drew = [e for e in events if e.kind == "drew"]
    assert drew and drew[0].to == [B]
    assert all("card" not in e.data for e in events if e.to is None and e.kind == "draw")


def test_render_shows_only_the_view():
    state = GAME.setup([A, B], {}, 13)
    for lang in ("en", "ja"):
        own = GAME.render(GAME.view(state, A), lang)
        public = GAME.render(GAME.view(state, None), lang)
        assert ("Hand:" in own) if lang == "en" else ("手札：" in own)
        assert "Hand:" not in public and "手札：" not in public


def test_render_names_the_round_being_played_and_the_end():
    state = GAME.setup([A, B], {}, 13)
    assert "round 1" in GAME.render(GAME.view(state, None), "en")
    assert "ラウンド 1" in GAME.render(GAME.view(state, None), "ja")
    won = scenario({A: ["build", "trade", "explore", "grow"], B: ["explore", "research", "conquer", "grow"]},
                   dice=(2, 5, 4), scores={A: 15, B: 9})
    won, _ = play(won, "build", "explore")
    won = stop_combo(won)
    text = GAME.render(GAME.view(won, None), "en")
    assert "finished after 1 round" in text and f"**{A} wins!**" in text
    assert "1ラウンドで終了" in GAME.render(GAME.view(won, B), "ja")
