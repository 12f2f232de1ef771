"""Mixed sets (seed-R セットの混合): pyramid rows one card shorter, research piles and their cost rule."""
from games.guns_and_steel import research
from games.kit import Rng


def test_rows_are_one_card_shorter_and_the_rest_forms_the_piles():
    shuffled = {era: [f"{era}{i}" for i in range(n)]
                for era, n in (("horse", 14), ("gunpowder", 12), ("oil", 10), ("earth", 8), ("space", 6))}
    rows, piles = research.split_rows_and_piles(shuffled)
    assert {e: len(r) for e, r in rows.items()} == {"horse": 6, "gunpowder": 5, "oil": 4, "earth": 3, "space": 2}
    assert {e: len(p) for e, p in piles.items()} == {"horse": 8, "gunpowder": 7, "oil": 6, "earth": 5, "space": 4}
    assert rows["horse"] + piles["horse"] == shuffled["horse"]   # nothing lost, order kept


def test_horse_archer_pile_cost_example():
    # seed-R p.18: "火薬時代の秘密研究の山にある《騎射》を購入したいのに、馬の時代に未購入のカードが２枚残って
    # います。したがってカードに記載された［鉄］１＋［馬］１のほかに、追加で好きなエネルギー２つを使用する必要があります。"
    assert research.pile_extra_cost("gunpowder", {"horse": 2, "gunpowder": 3, "oil": 1}) == 2
    # "１つ下の時代のカードがない場合（秘密研究の山は除く）、そのカードに記載されたエネルギーだけで済みます"
    assert research.pile_extra_cost("gunpowder", {"horse": 0, "gunpowder": 3}) == 0
    # only the era directly below counts, not the whole chain
    assert research.pile_extra_cost("oil", {"horse": 6, "gunpowder": 1}) == 1
    assert research.pile_extra_cost("horse", {"horse": 6}) == 0


def test_wonder_of_an_all_base_row_is_random_non_base():
    pair = [("hagia_sophia", "theology"), ("versailles", "education")]
    picks = {research.choose_mixed_wonder("gunpowder", ["irrigation", "guild"], pair, lambda c: True, Rng(seed=s))
             for s in range(40)}
    assert picks == {"hagia_sophia", "versailles"}


def test_wonder_of_a_mixed_row_follows_the_icons():
    pair = [("hagia_sophia", "theology"), ("versailles", "education")]
    row = ["irrigation", "education", "theology"]
    base = {"irrigation"}
    assert research.choose_mixed_wonder("gunpowder", row, pair, lambda c: c in base, Rng(seed=3)) == "versailles"
