"""Every base wonder's condition (seed-B 手番終了フェイズ a.i), built from the data file: a field
that just meets it wins the wonder at the end of the turn, one card fewer does not. The
conditions are reconstructed (docs/games/guns-and-steel.md), so the fields are derived from
the data and the test still holds after a correction."""
import pytest
from gs_scenario import position, seat

from games.guns_and_steel.cards import all_cards, load_set

WONDERS = load_set("base").wonders
P = ["you", "rival"]


def _cards_with(test) -> list[str]:
    return [k for k, c in all_cards().items() if c.set in ("base", "starting") and test(c)]


def _field_meeting(wonder_id: str) -> dict[str, list[str]]:
    """The smallest field (resources `res`, face-up `up`) that meets the wonder's condition;
    its last card is the one that makes the difference."""
    cond = WONDERS[wonder_id].condition
    if cond.value == "resources":
        res = [k for r, n in cond.params.items() for k in _cards_with(lambda c, r=r: c.resource == r)[:n]]
        return {"res": res, "up": []}
    if cond.value == "face_up":
        up = [k for t, n in cond.params.items() for k in _cards_with(lambda c, t=t: c.kind == t)[:n]]
        return {"res": [], "up": up}
    if cond.value == "distinct_resources":
        kinds = ["food", "iron", "horse", "gunpowder", "oil", "earth", "space"][: cond.params["count"]]
        return {"res": [_cards_with(lambda c, r=r: c.resource == r)[0] for r in kinds], "up": []}
    if cond.value == "military":
        up, total = [], 0
        for k in sorted(_cards_with(lambda c: c.military.value > 0), key=lambda k: -all_cards()[k].military.value):
            up.append(k)
            total += all_cards()[k].military.value
            if total >= cond.params["min"]:
                return {"res": [], "up": up}
    raise AssertionError(f"no field meets {wonder_id}")


def _end_turn_with(field: dict[str, list[str]], wonder_id: str):
    """A turn with no card in hand: phases 1–2 are skipped, nothing can be bought, then the end phase."""
    return position(P, {"you": seat(res=field["res"], up=field["up"]), "rival": seat(hand=["mining", "barter"])},
                    wonders=[wonder_id, "great_pyramids" if wonder_id != "great_pyramids" else "hanging_gardens"])


@pytest.mark.parametrize("wonder_id", sorted(WONDERS))
def test_a_field_that_meets_the_condition_takes_the_wonder(wonder_id):
    s = _end_turn_with(_field_meeting(wonder_id), wonder_id)
    assert wonder_id in s.seats["you"].wonders and wonder_id not in s.table_wonders


@pytest.mark.parametrize("wonder_id", sorted(WONDERS))
def test_one_card_short_of_the_condition_takes_nothing(wonder_id):
    field = _field_meeting(wonder_id)
    short = {"res": field["res"][:-1], "up": field["up"]} if field["res"] else {"res": [], "up": field["up"][:-1]}
    s = _end_turn_with(short, wonder_id)
    assert wonder_id not in s.seats["you"].wonders and wonder_id in s.table_wonders
