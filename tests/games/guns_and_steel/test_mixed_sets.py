"""Mixed sets (seed-R セットの混合) through the games API: setup, research piles, their cost rule."""
from collections import Counter

import pytest
from gs_scenario import act, field_of, keys, prompt, seat
from ren_scenario import ren_position

from games.guns_and_steel import GAME
from games.guns_and_steel.cards import ERAS, card, load_set

# The p.18 figure after some purchases: 暦法 and 伏兵 are the 2 horse cards left; ギルド, 灌漑, 羅針盤
# remain in the gunpowder row; 騎射 tops the gunpowder research pile, 哲学 the horse pile.
P18 = {"horse": [None, None, None, "calendar", None, "ambush"],
       "gunpowder": [None, "irrigation", None, "guild", "compass"],
       "oil": ["ceasefire", None, "economics", None], "earth": [None, "newspaper", "nationalism"], "space": ["film", "satellite"]}
P18_PILES = {"horse": ["philosophy", "chariot"], "gunpowder": ["horse_archer", "theology"], "oil": ["frigate"],
             "earth": ["stock"], "space": ["nuclear_submarine"]}


def test_horse_archer_from_the_research_pile_costs_two_more_for_the_horse_cards_left():
    """火薬時代の秘密研究の山にある《騎射》を購入したいのに、馬の時代に未購入のカードが２枚残っています。したがって
    カードに記載された［鉄］１＋［馬］１のほかに、追加で好きなエネルギー２つを使用する必要があります."""
    s = ren_position({"you": seat(hand=["writing", "barter", "warrior", "sailing"],
                                  res=["agriculture", "mining", "reinforcement"])}, P18, set_="mixed", piles=P18_PILES)
    s, _ = act(s, "resource", "writing")                 # a horse resource: food, iron, food, horse = 4 energy
    s, _ = act(s, "progress", "barter")
    s, _ = act(s, "effect", "skip")
    p = prompt(s)
    archer = p.option("horse_archer")
    assert archer is not None and archer.label.en.endswith("[iron]1 + [horse]1 + any 2")
    philosophy = p.option("philosophy")                  # the horse pile: no era below, printed cost only
    assert philosophy is not None and philosophy.label.en.endswith(" — [food]1 + [iron]1")
    assert p.option("theology") is None                  # below the top of its pile: not for sale
    s, events = act(s, "purchase", "horse_archer")
    up, res = field_of(s, "you")
    assert res == [] and up[-1] == "horse_archer"     # four resources for [iron]1 + [horse]1 + any 2
    assert s.piles["gunpowder"] == ["theology"]          # the next card is now the face-up top
    assert s.pyramid["horse"] == P18["horse"]            # the pyramid is untouched


def test_pile_cost_counts_only_the_row_directly_below():
    # 《フリゲート艦》 tops the oil pile: 3 gunpowder cards remain, the horse row does not count
    s = ren_position({"you": seat(hand=["writing", "barter"])}, P18, set_="mixed", piles=P18_PILES)
    view = GAME.view(s, "you")
    assert view.piles["oil"].extra == 3 and view.piles["gunpowder"].extra == 2 and view.piles["horse"].extra == 0
    assert view.piles["oil"].top.card == "frigate" and view.piles["oil"].count == 1


def test_other_players_see_only_the_top_of_a_pile():
    s = ren_position({"you": seat(hand=["writing", "barter"])}, P18, set_="mixed", piles=P18_PILES)
    hidden = GAME.hidden_ids(s, "gandhi")
    assert "theology" in hidden and "chariot" in hidden and "horse_archer" not in hidden
    assert "theology" not in GAME.view(s, None).model_dump_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mixed_setup_one_card_fewer_per_era_and_face_up_piles(players):
    s = GAME.setup([f"p{i}" for i in range(players)], {"set": "mixed"}, seed=players)
    assert {era: len(s.pyramid[era]) for era in ERAS} == {"horse": 6, "gunpowder": 5, "oil": 4, "earth": 3, "space": 2}
    per_era = Counter(c.era.value for n in ("base", "renaissance") for c in load_set(n).cards.values()
                      if not (players == 2 and c.two_player_excluded.value))
    for era in ERAS:
        assert len(s.pyramid[era]) + len(s.piles[era]) == per_era[era]
        assert all(card(s.cards[c]).era.value == era for c in [*s.pyramid[era], *s.piles[era]])
    # 世界遺産は、基本セットのものは使用しません
    assert len(s.table_wonders) == 5 and all(w in load_set("renaissance").wonders for w in s.table_wonders)
    assert s.ren is not None and set(s.ren.honor) == set(s.table_wonders)


def test_mixed_wonder_of_an_all_base_row_is_a_random_renaissance_wonder():
    # Over many seeds, some row is all base cards; then either Renaissance wonder of that era can appear.
    seen: dict[str, set[str]] = {era: set() for era in ERAS}
    for seed in range(60):
        s = GAME.setup(["a", "b", "c"], {"set": "mixed"}, seed=seed)
        for era, w in zip(ERAS, s.table_wonders, strict=True):
            row = [s.cards[c] for c in s.pyramid[era]]
            if all(card(k).set == "base" for k in row):
                seen[era].add(w)
            else:
                icons = {ww.id: ww.setup_icon.value for ww in load_set("renaissance").wonders.values() if ww.era.value == era}
                present = [(row.index(icon), wid) for wid, icon in icons.items() if icon in row]
                if present:
                    assert w == min(present)[1]          # otherwise the usual icon rule
    assert any(len(ws) == 2 for ws in seen.values())


def test_last_space_card_of_the_pyramid_ends_a_mixed_game_at_the_end_of_the_turn():
    # 宇宙時代のカードが２枚しかないことに留意してください（秘密研究の山を除く）
    pyramid = {"horse": [], "gunpowder": [], "oil": [], "earth": [None, None, None], "space": [None, "stock"]}
    s = ren_position({"you": seat(hand=["writing", "barter", "warrior"], res=["agriculture", "mining", "reinforcement"]),
                      "gandhi": seat(hand=["writing", "theology"])},
                     {**pyramid, "space": [None, "satellite"]}, set_="mixed", piles={"space": ["computer"]},
                     energy={"space": 2})
    s, _ = act(s, "resource", "writing")
    s, _ = act(s, "progress", "barter")
    s, _ = act(s, "effect", "skip")
    assert "satellite" in keys(prompt(s))
    s, _ = act(s, "purchase", "satellite")
    while not s.finished and prompt(s).player == "you":
        p = prompt(s)
        s, _ = act(s, p.id, *([o.key for o in p.options if o.passes][:1] or ([] if p.min == 0 else [p.options[0].key])))
    assert s.finished and s.end_reason == "space"
    assert s.piles["space"] == ["computer"]              # the research pile does not keep the game going
