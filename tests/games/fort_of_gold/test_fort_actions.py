"""Setup (5) and the four actions (7.1–7.4) with their conditions, one test per rule and edge."""
import pytest
from fort_helpers import P, act, foresee, gain, keys, layouts, prompt, rotate, scenario, sp, tr, welcome

from games.fort_of_gold import GAME
from games.fort_of_gold.data import load
from games.kit import IllegalAction

# ---- 5 ゲームの準備 ---------------------------------------------------------------------------


def test_setup_lays_out_the_sanctum_and_the_tasks():
    s = GAME.setup([P], {}, 5)
    assert len(s.inner) == 3 and len(s.mana_pile) == 31          # マナの山から3枚を公開し、内陣に
    assert len(s.tasks) == 2 and len(s.treasure_pile) == 8       # 宝物の山から2枚を公開し、課題に
    assert s.stand == [[], [], []] and s.altar == []
    assert sorted(s.inner + s.mana_pile) == sorted(c.id for c in load().spirits.cards)
    assert sorted(s.tasks + s.treasure_pile) == sorted(c.id for c in load().treasures.cards)


def test_setup_depends_only_on_the_seed():
    assert GAME.setup([P], {}, 9) == GAME.setup([P], {}, 9)
    deals = {tuple(GAME.setup([P], {}, seed).mana_pile) for seed in range(10)}
    assert len(deals) == 10


def test_only_one_player():
    with pytest.raises(IllegalAction) as e:
        GAME.setup(["a", "b"], {}, 1)
    assert e.value.code == "player_count"


# ---- 7.1 マナを迎える -------------------------------------------------------------------------

def test_welcome_puts_a_sanctum_card_on_any_column_and_refills_its_space():
    s = scenario(inner=["R--", "-G-", "--B"], mana_top=["RGB"])
    assert len(keys(s, group="welcome")) == 9
    s, events = act(s, welcome("-G-", 2))
    assert s.stand == [[], [sp("-G-")], []]
    assert layouts(s.inner) == ["R--", "RGB", "--B"]       # the empty space is refilled from the top
    assert len(s.mana_pile) == 34 - 3 - 1 and s.turn == 2
    assert [e.kind for e in events] == ["welcome", "refill"]


def test_welcome_stacks_on_the_top_of_a_column():
    s = scenario(inner=["-G-", "--B", "B--"], stand=[["R--"], [], []])
    s, _ = act(s, welcome("-G-", 1))
    assert layouts(s.stand[0]) == ["R--", "-G-"]


def test_same_name_anywhere_in_the_column_blocks_it():
    # Column 1 holds 赤 R-- under 緑青 GB-: another 赤 (-R-) may not join it; 緑 (-G-) may.
    s = scenario(inner=["-R-", "-G-", "--B"], stand=[["R--", "GB-"], [], []])
    offered = keys(s, group="welcome")
    assert welcome("-R-", 1) not in offered and welcome("-R-", 2) in offered and welcome("-R-", 3) in offered
    assert welcome("-G-", 1) in offered
    before = s.model_dump_json()
    with pytest.raises(IllegalAction) as e:
        act(s, welcome("-R-", 1))
    assert e.value.code == "would_fail" and "column 1 already holds a card of the same name (Red)" in e.value.text.en
    assert "台の列1には同じ名前のカード（赤）" in e.value.text.ja
    assert s.model_dump_json() == before


@pytest.mark.parametrize("rule,blocked,allowed", [
    ("printed", [], ["-G-", "G--"]),                 # 赤 vs 緑: different names
    ("positions", ["G--"], ["-G-"]),                 # G-- shares the left position with R--
    ("symbol_count", ["G--", "-G-"], []),            # every one-symbol card has the same "name"
])
def test_the_name_reading_is_a_host_option(rule, blocked, allowed):
    s = scenario(inner=["G--", "-G-", "RGB"], stand=[["R--"], [], []], options={"spirit_names": rule})
    offered = keys(s, group="welcome")
    for x in blocked:
        assert welcome(x, 1) not in offered
    for x in allowed:
        assert welcome(x, 1) in offered


def test_an_empty_mana_pile_leaves_the_space_empty():
    s = scenario(inner=["R--", "-G-", "--B"], mana_size=0)
    s, events = act(s, welcome("R--", 1))
    assert layouts(s.inner) == ["-G-", "--B"] and s.mana_pile == []
    assert events[-1].kind == "refill" and "empty" in events[-1].text.en


# ---- 7.2 宝物を得る -----------------------------------------------------------------------------

def test_gain_is_offered_only_for_tops_that_give_the_glow_of_life():
    s = scenario(tasks=["RRG", "GGG"], stand=[["R--"], ["-R-"], ["--G"]], inner=["B--", "-B-", "--B"])
    assert keys(s, group="gain") == [gain("RRG", 1, 2, 3)]


def test_gain_moves_the_treasure_and_the_tops_to_the_right_end_of_the_altar():
    s = scenario(tasks=["RRG", "GGG"], stand=[["--R", "RG-"], ["-RG"], ["B--"]], altar=[("RGB", ["RGB"])],
                 inner=["-B-", "--B", "BG-"])
    assert keys(s, group="gain") == [gain("RRG", 1, 2), gain("RRG", 1, 2, 3)]  # extra tops may come along
    s, _ = act(s, gain("RRG", 1, 2))
    assert [a.treasure for a in s.altar] == [tr("RGB"), tr("RRG")]
    assert layouts(s.altar[1].column) == ["RG-", "-RG"]
    assert layouts(s.stand[0]) == ["--R"] and s.stand[1] == [] and layouts(s.stand[2]) == ["B--"]
    assert s.tasks == [tr("GGG")]


def test_gain_uses_only_the_tops():
    # --G is in column 1 but under R--: only R-- can be attached, so RRG lacks its right-hand G.
    s = scenario(tasks=["RRG"], stand=[["--G", "R--"], ["-R-"], []], inner=["B--", "-B-", "--B"])
    assert keys(s, group="gain") == []


def test_no_gain_without_a_task():
    s = scenario(tasks=[], stand=[["RGB"], [], []], inner=["B--", "-B-", "--B"])
    assert keys(s, group="gain") == []


# ---- 7.3 宝物を回す -----------------------------------------------------------------------------

def test_rotate_is_offered_only_where_it_gives_the_glow_of_power():
    # RRR holds R--; -R- gives L and C majorities; -G- gives L only.
    s = scenario(altar=[("RRR", ["R--"])], stand=[["-R-"], ["-G-"], []], tasks=["GGG", "BBB"],
                 inner=["B--", "-B-", "--B"])
    assert keys(s, group="rotate") == [rotate(1, "RRR")]   # the same-name rule does not apply to the altar


def test_rotate_with_two_tasks_returns_the_chosen_one_under_the_pile_and_draws():
    s = scenario(altar=[("RRR", ["R--"])], stand=[["-R-"], [], []], tasks=["GGG", "BBB"], treasure_top=["RGB"],
                 inner=["B--", "-B-", "--B"])
    s, _ = act(s, rotate(1, "RRR"))
    assert s.step == "return" and s.turn == 1
    assert sorted(keys(s, "return")) == sorted([tr("GGG"), tr("BBB")])
    s, events = act(s, tr("BBB"), "return")
    assert s.treasure_pile[-1] == tr("BBB")                 # face down at the bottom
    assert s.tasks == [tr("GGG"), tr("RGB")]                 # the top treasure is drawn
    assert layouts(s.altar[0].column) == ["R--", "-R-"] and s.turn == 2 and s.step == "turn"
    assert [e.kind for e in events] == ["return", "draw"]


@pytest.mark.parametrize("tasks", [["GGG"], []])
def test_rotate_with_fewer_tasks_only_draws(tasks):
    s = scenario(altar=[("RRR", ["R--"])], stand=[["-R-"], [], []], tasks=tasks, treasure_top=["RGB"],
                 inner=["B--", "-B-", "--B"])
    s, _ = act(s, rotate(1, "RRR"))
    assert s.step == "turn" and s.tasks == [tr(t) for t in tasks] + [tr("RGB")]


def test_a_full_altar_column_takes_no_more_cards():
    full = ["R--", "-R-", "--R", "RG-", "R-G", "RB-"]
    s = scenario(altar=[("RRR", full)], stand=[["-RB"], [], []], inner=["B--", "-B-", "--B"])
    assert keys(s, group="rotate") == [] and keys(s, group="foresee") == []


# ---- 7.4 予見する -------------------------------------------------------------------------------

FIVE = ["---", "R--", "-G-", "--B", "RGB"]


def foresee_state(**kw):
    kw.setdefault("mana_top", ["R-G", "G-B", "B-R", "RG-"])
    return scenario(altar=[("RGB", FIVE)], stand=[["GBR"], [], []], inner=["B--", "-B-", "G--"], **kw)


def test_foresee_needs_the_sixth_card_and_both_glows_give_both_actions():
    s = foresee_state()
    assert keys(s, group="foresee") == [foresee(1, "RGB")]
    assert keys(s, group="rotate") == [rotate(1, "RGB")]    # GBR also keeps the majorities


def test_foresee_is_not_offered_below_six():
    s = scenario(altar=[("RGB", FIVE[:4])], stand=[["GBR"], [], []], inner=["B--", "-B-", "G--"])
    assert keys(s, group="foresee") == []


def test_foresee_looks_at_the_top_three_and_puts_them_back_in_any_order():
    s = foresee_state()
    s, events = act(s, foresee(1, "RGB"))
    assert layouts(s.foresight) == ["R-G", "G-B", "B-R"] and layouts(s.mana_pile[:1]) == ["RG-"]
    private = [e for e in events if e.to == [P]]
    assert private and private[0].data["cards"] == s.foresight
    assert len(keys(s, "foresee")) == 6                       # each card: top or bottom
    s, _ = act(s, f"bottom:{sp('B-R')}", "foresee")
    s, _ = act(s, f"top:{sp('R-G')}", "foresee")
    assert s.step == "foresee" and len(keys(s, "foresee")) == 2
    s, _ = act(s, f"top:{sp('G-B')}", "foresee")                # placed last on top = the new top card
    assert layouts(s.mana_pile[:3]) == ["G-B", "R-G", "RG-"] and layouts(s.mana_pile[-1:]) == ["B-R"]
    assert len(s.mana_pile) == 34 - 3 - 6 and s.step == "turn" and s.turn == 2


def test_foresee_every_split_into_top_and_bottom_is_reachable():
    orders = set()
    for first in ("top", "bottom"):
        for second in ("top", "bottom"):
            for third in ("top", "bottom"):
                s, _ = act(foresee_state(), foresee(1, "RGB"))
                for where, card in zip((first, second, third), ("R-G", "G-B", "B-R"), strict=True):
                    s, _ = act(s, f"{where}:{sp(card)}", "foresee")
                orders.add((tuple(layouts(s.mana_pile[:3])), tuple(layouts(s.mana_pile[-3:]))))
    assert len(orders) == 8


def test_foresee_with_fewer_than_three_cards():
    s = foresee_state(mana_top=["R-G", "G-B"], mana_size=2)
    s, _ = act(s, foresee(1, "RGB"))
    assert layouts(s.foresight) == ["R-G", "G-B"] and s.mana_pile == []
    # top and bottom of an empty pile are one place: one option per card
    assert sorted(keys(s, "foresee")) == sorted([f"top:{sp('R-G')}", f"top:{sp('G-B')}"])
    s, _ = act(s, f"top:{sp('R-G')}", "foresee")
    assert len(keys(s, "foresee")) == 2
    s, _ = act(s, f"bottom:{sp('G-B')}", "foresee")
    assert layouts(s.mana_pile) == ["R-G", "G-B"]


def test_foresee_with_an_empty_pile_still_succeeds():
    s = foresee_state(mana_top=[], mana_size=0)
    s, events = act(s, foresee(1, "RGB"))
    assert s.step == "turn" and s.turn == 2 and len(s.altar[0].column) == 6
    assert not any(e.to for e in events)


def test_a_foreseen_card_is_drawn_next():
    s, _ = act(foresee_state(), foresee(1, "RGB"))
    for card in ("B-R", "R-G", "G-B"):
        s, _ = act(s, f"top:{sp(card)}", "foresee")
    assert prompt(s).id == "turn"
    s, _ = act(s, welcome("B--", 2))
    assert layouts(s.inner)[0] == "G-B" and sp("G-B") not in s.seen_mana
