"""The card data loads, matches what the rulebook prints (§1 内容物, §2, §3) and the notes' reconstruction."""
import json
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path

import pytest
from pydantic import ValidationError

from games.fort_of_gold.data import CardData, load, same_name_key

DATA = Path(__file__).resolve().parents[3] / "games" / "fort_of_gold" / "cards.json"


def test_component_counts_and_printed_numbers_match_the_rulebook():
    d = load()
    assert len(d.spirits.cards) == 34          # 霊力カード 34枚
    assert len(d.treasures.cards) == 10        # 宝物カード 10枚
    r = d.rules
    assert (r.inner_size, r.task_size, r.stand_columns) == (3, 2, 3)    # 内陣 3枚, 課題 2枚, 台 3つの列
    assert r.altar_column_cap == 6                                        # 霊力カードを6枚まで
    assert (r.treasures_to_win, r.complete_win_score) == (7, 5)           # 7つの宝物, 5点以上で完全勝利
    assert r.foresee_count == 3                                           # 上から3枚
    assert r.provenance.status == "seed"


def test_no_two_cards_are_identical_and_treasures_carry_three_colours():
    d = load()
    for deck in (d.spirits, d.treasures):
        assert len({(c.layout, c.en) for c in deck.cards}) == len(deck.cards)
    assert all("-" not in t.layout for t in d.treasures.cards)  # 3つ全てのシンボル, all coloured
    symbols = {s for c in d.spirits.cards for s in c.layout}
    assert symbols == set("RGB-")  # 赤 緑 青 空


def test_spirits_are_the_notes_no_colour_twice_layouts():
    cards = load().spirits.cards
    assert all(max(Counter(x for x in c.layout if x != "-").values(), default=0) <= 1 for c in cards)
    assert len({c.layout for c in cards}) == 34 == 1 + 9 + 18 + 6  # every such layout, once
    for pos in range(3):
        for colour in "RGB":
            assert sum(1 for c in cards if c.layout[pos] == colour) == 7
        assert sum(1 for c in cards if c.layout[pos] == "-") == 13
    names = Counter(c.ja for c in cards)
    assert names == {"空": 1, "赤": 3, "緑": 3, "青": 3, "赤緑": 6, "赤青": 6, "緑青": 6, "三色": 6}


def test_treasures_are_the_ten_colour_multisets():
    layouts = sorted("".join(sorted(t.layout)) for t in load().treasures.cards)
    assert layouts == sorted("".join(m) for m in combinations_with_replacement("BGR", 3))


def test_every_reconstructed_value_says_so_with_a_reason():
    d = load()
    for deck in (d.spirits, d.treasures):
        assert deck.provenance.status == "reconstructed" and deck.provenance.reason
        for c in deck.cards:
            assert deck.provenance_of(c.id).status == "reconstructed"


def test_alternative_name_readings():
    assert same_name_key("S17", "printed") == "赤緑"       # R-G
    assert same_name_key("S17", "positions") == "LR"
    assert same_name_key("S17", "symbol_count") == "2"
    assert same_name_key("S01", "positions") == "none"


def _raw() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_a_corrected_card_can_carry_its_own_provenance():
    raw = _raw()
    raw["treasures"]["cards"][0]["provenance"] = {"status": "source", "ref": "photo of the real card"}
    d = CardData.model_validate(raw)
    assert d.treasures.provenance_of("T01").status == "source"
    assert d.treasures.provenance_of("T02").status == "reconstructed"


@pytest.mark.parametrize("breakage", ["blank_treasure", "duplicate", "no_reason", "bad_layout"])
def test_a_broken_data_file_is_refused(breakage):
    raw = _raw()
    if breakage == "blank_treasure":
        raw["treasures"]["cards"][0]["layout"] = "RR-"
    elif breakage == "duplicate":
        raw["spirits"]["cards"][1] = dict(raw["spirits"]["cards"][2], id="S02")
    elif breakage == "no_reason":
        raw["spirits"]["provenance"].pop("reason")
    else:
        raw["spirits"]["cards"][0]["layout"] = "RX-"
    with pytest.raises(ValidationError):
        CardData.model_validate(raw)
