"""A table that reads well on a phone (issue 28): what a player sees first in their hand."""
from __future__ import annotations

from simdriver import controls, is_decision, open_table, payload_components, walk

from games import registry


def _order(message) -> list[str]:
    """The hand's components top to bottom: "gallery:<names>" and "decision" for each control."""
    out = []
    for c in walk(payload_components(message)):
        if c.get("type") == 12:
            out.append("gallery:" + ",".join(i["media"]["url"].rsplit("/", 1)[-1].split("-")[0] for i in c["items"]))
        elif c.get("custom_id") and is_decision(c):
            out.append("decision")
    return out


async def test_the_hand_shows_the_players_own_cards_first_and_the_board_apart(world):
    """Board and hand in one gallery were both cropped side by side on a phone, the controls
    below the first screen: the hand is its own picture at the top, the controls follow, and
    the board is a picture of its own below them (a tap enlarges it)."""
    alice, bob = world.members[:2]
    table_id, _ = await open_table(world, "ganymede", [alice, bob], {"mode": "duel"})
    game = registry.get("ganymede")
    table = await world.bot.service.get(table_id)
    owner = next(m for m in (alice, bob) if str(m.id) == game.prompts(table.state(game))[0].player)
    hand = (await owner.slash(world.channel, "game hand")).response
    order = _order(hand)
    assert order[0] == "gallery:hand", order
    assert "gallery:board" in order and order.index("decision") < order.index("gallery:board"), order
    assert all("," not in entry for entry in order), "one picture per gallery"
    assert controls(hand)
