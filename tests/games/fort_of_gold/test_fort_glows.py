"""The three glows exactly as 7.2.1 / 7.3.1 / 7.4.1 define them."""
from fort_helpers import sp, tr

from games.fort_of_gold.rules import life_glow, power_glow, slot_majorities, wisdom_glow


def col(*layouts: str) -> list[str]:
    return [sp(x) for x in layouts]


# ---- 命の輝き: each required symbol at least once in the same position ----------------------

def test_life_needs_every_required_symbol_in_its_position():
    assert life_glow(tr("RRG"), col("R--", "-R-", "--G"))
    assert life_glow(tr("RRG"), col("RG-", "-RG"))        # R at L; R at C; G at R
    assert life_glow(tr("RGB"), col("RGB"))               # one card may do it all


def test_life_fails_when_a_symbol_is_in_another_position():
    assert not life_glow(tr("RRG"), col("R--", "-R-", "-G-"))   # the G is in the centre, not on the right
    assert not life_glow(tr("RRG"), col("R--", "--G"))          # nothing red in the centre


def test_life_ignores_extra_and_contrary_symbols():
    # 最低限一つずつ対応するシンボルを持っていれば成功: other colours in the same position do not hurt
    assert life_glow(tr("RRR"), col("R--", "GR-", "BGR"))


# ---- 力の輝き: a strict majority in 2 of 3 positions, 空 not counted ------------------------

def test_power_counts_matching_against_other_colours():
    # RRG: L has R vs - ; C has R vs G ; R has G vs -
    assert slot_majorities(tr("RRG"), col("R--", "-R-")) == [True, True, False]
    assert power_glow(tr("RRG"), col("R--", "-R-"))


def test_power_tie_fails():
    # L: R,B -> 1 vs 1 (tie); C: R -> ok; R: none -> fails
    assert slot_majorities(tr("RRG"), col("R--", "BR-")) == [False, True, False]
    assert not power_glow(tr("RRG"), col("R--", "BR-"))


def test_power_does_not_count_blanks():
    # Only 空 in a position: 0 vs 0 is not a majority; 空 never counts against either
    assert slot_majorities(tr("RGB"), col("---")) == [False, False, False]
    assert slot_majorities(tr("RGB"), col("R--", "---", "---")) == [True, False, False]


def test_power_needs_two_of_three():
    assert not power_glow(tr("RRR"), col("R--"))
    assert power_glow(tr("RRR"), col("R--", "-R-"))
    assert power_glow(tr("RRR"), col("R--", "-R-", "--R"))


def test_power_majority_over_all_other_colours_together():
    # C: R once vs G and B once each -> 1 vs 2 fails (other colours are counted together)
    assert slot_majorities(tr("RRR"), col("-R-", "-G-", "-B-"))[1] is False
    # C: R twice vs G once -> 2 vs 1
    assert slot_majorities(tr("RRR"), col("GR-", "BRG", "-G-"))[1] is True


# ---- 知の輝き: the column now holds 6 cards --------------------------------------------------

def test_wisdom_is_the_sixth_card():
    assert not wisdom_glow(col("---", "R--", "G--", "B--", "-R-"))
    assert wisdom_glow(col("---", "R--", "G--", "B--", "-R-", "-G-"))
