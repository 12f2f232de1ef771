"""A table that reads well on a phone: what a player sees first in their hand."""
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


async def test_the_lobby_is_short_on_a_phone_seats_and_join_first_only_changed_rules_shown(world):
    """The lobby was an embed of 16 option lines before Join, "move 0" in its footer and a
    co-op rule in a duel. Now: one V2 message, the game, the seats, Join / Start and the mode;
    the options that differ from the official rules; the rest behind "More options…"; an option
    that does not apply to the chosen mode is nowhere."""
    from simdriver import kind, set_lobby_option, texts_of
    alice = world.members[0]
    lobby = (await alice.slash(world.channel, "game new", game="ganymede")).response
    assert not lobby.embeds
    text = texts_of(lobby)
    assert "move 0" not in text and "Starting HP" not in text and "official rules" in text
    assert "Players (1 of 2–3)" in text
    kinds = [kind(c) for c in controls(lobby)]
    assert kinds[:5] == ["L"] * 5 and kinds.count("LO") == 1, kinds  # Join… first, then the mode alone
    more = next(c for c in controls(lobby) if kind(c) == "LM")
    assert "coop_loss" in [o["value"] for o in more["options"]]
    lobby = await set_lobby_option(world, alice, lobby, "mode", "duel")
    lobby = await set_lobby_option(world, alice, lobby, "start_hp", "22")
    text = texts_of(world.channel.last_message)
    assert "Starting HP: **22** ✎" in text and "official rules" not in text
    more = next(c for c in controls(world.channel.last_message) if kind(c) == "LM")
    assert "coop_loss" not in [o["value"] for o in more["options"]], "a co-op rule is hidden in a duel"


async def test_an_ephemeral_hand_says_when_it_was_drawn_and_refreshes_in_place(world):
    """Discord lets the bot edit an ephemeral hand for 15 minutes only: it says "as of move N"
    and when, and its Refresh button redraws it in place with the present."""
    import random

    from simdriver import kind, take_turn, texts_of
    alice, bob = world.members[:2]
    table_id, _ = await open_table(world, "sutosute", [alice, bob])
    hand = (await alice.slash(world.channel, "game hand")).response
    version = (await world.bot.service.get(table_id)).version
    assert f"as of move {version}, <t:" in texts_of(hand)
    refresh = [c for c in controls(hand) if kind(c) == "H"]
    assert refresh and refresh[0]["label"] == "Refresh"
    rng = random.Random(1)
    for member in (alice, bob, alice, bob):  # the game moves on without this hand
        await take_turn(world, member, rng)
    now = (await world.bot.service.get(table_id)).version
    assert now > version
    again = await alice.click(hand, custom_id=refresh[0]["custom_id"])
    assert again.acknowledged and f"as of move {now}, <t:" in texts_of(again.response)


async def test_the_first_hand_dm_loses_its_controls_once_stale_and_says_where_to_play(world):
    """Everyone gets their first hand by DM; one who did not ask for DM hands each turn would
    keep its move-0 buttons for the whole game. Once its controls answer nothing owed they go,
    with a line saying where to play; when the game ends, the DM says where the result is."""
    import random

    from simdriver import play_to_end, take_turn, texts_of
    alice, bob = world.members[:2]
    table_id, _ = await open_table(world, "sutosute", [alice, bob])
    game = registry.get("sutosute")
    table = await world.bot.service.get(table_id)
    owner = next(m for m in (alice, bob) if str(m.id) == game.prompts(table.state(game))[0].player)
    dm = owner.user.dm_channel.last_message
    assert any(is_decision(c) for c in controls(dm)), "the first hand comes with its controls"
    await take_turn(world, owner, random.Random(0))
    dm = owner.user.dm_channel.last_message
    assert not controls(dm) and "the game has moved on" in texts_of(dm)
    assert f"<#{world.channel.id}>" in texts_of(dm)
    await play_to_end(world, table_id, [alice, bob], random.Random(3))
    for member in (alice, bob):
        last = member.user.dm_channel.last_message
        assert not controls(last) and "This game has ended" in texts_of(last)
