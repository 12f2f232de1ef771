"""What the player and spectators see (notes F18): pile orders stay hidden, foreseen cards are the
player's alone, treasures returned under the pile were face up and stay known; the text shows it."""
from fort_helpers import P, act, foresee, rotate, scenario, sp, tr

from games.fort_of_gold import GAME

FIVE = ["---", "R--", "-G-", "--B", "RGB"]


def foreseen():
    s = scenario(altar=[("RGB", FIVE)], stand=[["GBR"], [], []], inner=["B--", "-B-", "G--"],
                 mana_top=["R-G", "G-B", "B-R"])
    return act(s, foresee(1, "RGB"))[0]


def ids_in(view) -> str:
    return view.model_dump_json()


def test_pile_orders_are_hidden_from_everyone():
    s = GAME.setup([P], {}, 4)
    for viewer in (P, None):
        v = GAME.view(s, viewer)
        assert v.mana_count == 31 and v.mana_known == [] and v.treasure_count == 8 and v.treasure_known == []
        assert not any(c in ids_in(v) for c in s.mana_pile + s.treasure_pile)
    assert GAME.hidden_ids(s, P) == set(s.mana_pile) | set(s.treasure_pile)


def test_foreseen_cards_are_shown_to_the_player_only():
    s = foreseen()
    mine, public = GAME.view(s, P), GAME.view(s, None)
    assert [c.layout for c in mine.foresight] == ["R-G", "G-B", "B-R"]
    assert public.foresight == [] and public.foresight_count == 3
    assert not any(c in ids_in(public) for c in s.foresight)
    text = GAME.render(mine, "en")
    assert "Foreseen, still to put back" in text and "`R-G`" in text
    assert "`R-G`" not in GAME.render(public, "en") and "3" in GAME.render(public, "en")


def test_the_player_remembers_where_foreseen_cards_went():
    s = foreseen()
    s, _ = act(s, f"bottom:{sp('B-R')}", "foresee")
    s, _ = act(s, f"top:{sp('R-G')}", "foresee")
    s, _ = act(s, f"top:{sp('G-B')}", "foresee")
    mine = GAME.view(s, P)
    assert [(k.depth, k.card.layout) for k in mine.mana_known] == [(0, "G-B"), (1, "R-G"), (len(s.mana_pile) - 1, "B-R")]
    assert GAME.view(s, None).mana_known == []
    text = GAME.render(mine, "en")
    assert "#1 from the top: Green-Blue `G-B`" in text and "#1 from the bottom: Red-Blue `B-R`" in text
    assert "上から1枚目" in GAME.render(mine, "ja")
    assert GAME.hidden_ids(s, P) == set(s.mana_pile[2:-1]) | set(s.treasure_pile)
    assert GAME.hidden_ids(s, None) >= set(s.mana_pile)


def test_a_returned_treasure_is_known_to_everyone_under_the_pile():
    s = scenario(altar=[("RRR", ["R--"])], stand=[["-R-"], [], []], tasks=["GGG", "BBB"], inner=["B--", "-B-", "--B"])
    s, _ = act(s, rotate(1, "RRR"))
    s, _ = act(s, tr("BBB"), "return")
    for viewer in (P, None):
        v = GAME.view(s, viewer)
        assert [(k.depth, k.card.layout) for k in v.treasure_known] == [(v.treasure_count - 1, "BBB")]
    assert tr("BBB") not in GAME.hidden_ids(s, None)


def test_the_board_text_shows_every_zone_in_both_languages():
    s = scenario(altar=[("RRR", ["R--", "-R-"])], stand=[["--G"], [], []], tasks=["GGG"], inner=["B--", "-B-", "G--"])
    en, ja = GAME.render(GAME.view(s, None), "en"), GAME.render(GAME.view(s, None), "ja")
    for part in ("The Fort of Gold", "Mana pile", "Treasure pile", "Tasks", "Sanctum", "Stand", "Altar (祭壇): 1/7",
                 "Ruby Crown `RRR` [Power ○ ○○×, 2/6]", "column 1: Green `--G`", "Jade Crown `GGG`"):
        assert part in en, part
    for part in ("金の砦", "マナの山", "宝物の山", "課題", "内陣", "台", "祭壇：1/7", "紅玉の冠 `RRR` ［力の輝き ○ ○○×、2/6］：赤", "列1：緑"):
        assert part in ja, part


def test_the_end_is_shown_on_the_board():
    s = scenario(altar=[("RRR", []), ("GGG", []), ("BBB", []), ("RRG", []), ("BGG", []), ("BRB", [])],
                 tasks=["RGB"], stand=[["RGB"], [], []], inner=["B--", "-B-", "G--"], mana_size=6)
    s, _ = act(s, f"gain:{tr('RGB')}:1")
    assert "**Victory!** Score 6 (complete victory)" in GAME.render(GAME.view(s, None), "en")
    assert "**勝利！** 得点 6（完全勝利）" in GAME.render(GAME.view(s, None), "ja")


def test_rules_summary_names_every_action_in_both_languages():
    en, ja = GAME.rules_summary("en"), GAME.rules_summary("ja")
    for word in ("Welcome mana", "Gain a treasure", "Rotate treasures", "Foresee", "Glow of Life", "Glow of Power",
                 "Glow of Wisdom", "concede"):
        assert word in en
    for word in ("マナを迎える", "宝物を得る", "宝物を回す", "予見する", "命の輝き", "力の輝き", "知の輝き", "投了"):
        assert word in ja


def test_options_read_in_both_languages():
    s = scenario(altar=[("RRR", ["R--"])], stand=[["-R-"], [], []], tasks=["GGG", "BBB"], inner=["B--", "-B-", "--B"])
    prompt = GAME.prompts(s)[0]
    rot = prompt.option(rotate(1, "RRR"))
    assert rot.label.en == "Rotate treasures: Red `-R-` (column 1) → Ruby Crown `RRR`"
    assert rot.label.ja == "宝物を回す：赤 `-R-`（台の列1） → 紅玉の冠 `RRR`"
    assert rot.detail.ja and rot.group == "rotate"
