"""Every shape of question through real clicks: paging past 25 options, ordered picks,
picks from more than 25 options, an optional answer (None) and a multi-select with min/max.
The questions come from a toy game registered for the test (`toy_game.py`)."""
from __future__ import annotations

import pytest
from simdriver import channel_texts, controls, kind, lobby_button, texts_of

from games import registry


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(registry._MODULES, "toy", "toy_game")
    return registry.get("toy")


def by_kind(message, k: str) -> list[dict]:
    return [c for c in controls(message) if kind(c) == k]


def button(message, label: str) -> dict:
    return next(c for c in controls(message) if c.get("label") == label)


async def test_every_kind_of_question_through_clicks(world, toy):
    svc = world.bot.service
    alice, bob = world.alice, world.bob
    table = await svc.open_lobby(world.guild.id, world.channel.id, str(alice.id), "alice", "toy")
    shown = await alice.slash(world.channel, "game board")  # the lobby, posted again with its buttons
    lobby = shown.response
    await bob.click(lobby, custom_id=lobby_button(lobby, "join"))
    started = await alice.click(lobby, custom_id=lobby_button(lobby, "start"))
    assert started.acknowledged

    # 1. one of 60: a select of 25 per page, paged with ▶
    hand = (await alice.slash(world.channel, "game hand")).response
    select = by_kind(hand, "S")[0]
    assert len(select["options"]) == 25
    paged = await alice.click(hand, custom_id=button(hand, "▶")["custom_id"])
    assert paged.acknowledged and paged.response.id == hand.id  # redrawn in place
    select = by_kind(paged.response, "S")[0]
    assert select["options"][0]["value"] == "s0o25"
    done = await alice.select(paged.response, ["s0o30"], custom_id=select["custom_id"])
    assert done.acknowledged

    # 2. three of 8 in order: one pick at a time, Clear, Confirm
    hand = (await bob.slash(world.channel, "game hand")).response
    assert all(c.get("label") != "Confirm" for c in controls(hand))  # disabled until 3 picks
    for value in ("s1o5", "s1o2"):
        hand = (await bob.select(hand, [value], custom_id=by_kind(hand, "DS")[0]["custom_id"])).response
    assert "Choice 5 → Choice 2" in texts_of(hand)
    hand = (await bob.click(hand, custom_id=button(hand, "Clear")["custom_id"])).response
    assert "Nothing chosen yet" in texts_of(hand)
    for value in ("s1o7", "s1o1", "s1o4"):
        hand = (await bob.select(hand, [value], custom_id=by_kind(hand, "DS")[0]["custom_id"])).response
    assert not by_kind(hand, "DS"), "no more picks than the maximum"
    confirmed = await bob.click(hand, custom_id=button(hand, "Confirm")["custom_id"])
    assert confirmed.acknowledged

    # 3. two to four of 30 (more than a select holds): picks on two pages, then Confirm
    hand = (await alice.slash(world.channel, "game hand")).response
    hand = (await alice.select(hand, ["s2o3", "s2o9"], custom_id=by_kind(hand, "DS")[0]["custom_id"])).response
    hand = (await alice.click(hand, custom_id=button(hand, "▶")["custom_id"])).response
    hand = (await alice.select(hand, ["s2o27"], custom_id=by_kind(hand, "DS")[0]["custom_id"])).response
    await alice.click(hand, custom_id=button(hand, "Confirm")["custom_id"])

    # 4. an optional answer: None
    hand = (await bob.slash(world.channel, "game hand")).response
    assert [c["label"] for c in controls(hand) if kind(c) != "H"] == ["Choice 0", "Choice 1", "Choice 2", "None"]
    await bob.click(hand, label="None")

    # 5. one to three of 10: a multi-select
    hand = (await alice.slash(world.channel, "game hand")).response
    select = by_kind(hand, "S")[0]
    assert (select["min_values"], select["max_values"]) == (1, 3)
    await alice.select(hand, ["s4o1", "s4o8"], custom_id=select["custom_id"])

    final = await svc.get(table.id)
    assert final.status == "finished"
    assert toy.load_state(final.state_json).answers == [
        ["s0o30"], ["s1o7", "s1o1", "s1o4"], ["s2o3", "s2o9", "s2o27"], [], ["s4o1", "s4o8"]]
    assert any(f"table #{table.id} is over" in x for x in channel_texts(world, world.outsider))


async def test_a_draft_control_from_an_older_state_is_out_of_date(world, toy):
    svc = world.bot.service
    table = await svc.open_lobby(world.guild.id, world.channel.id, str(world.alice.id), "alice", "toy")
    await svc.join(table.id, str(world.bob.id), "bob")
    await svc.start(table.id, str(world.alice.id))
    await svc.act(table.id, str(world.alice.id), 0, "step0", ["s0o1"])
    hand = (await world.bob.slash(world.channel, "game hand")).response
    hand = (await world.bob.select(hand, ["s1o0"], custom_id=by_kind(hand, "DS")[0]["custom_id"])).response
    await svc.skip_now(table.id)  # an admin skip answers for bob meanwhile
    stale = await world.bob.click(hand, custom_id=button(hand, "Clear")["custom_id"])
    assert stale.ephemeral and "out of date" in texts_of(stale.response)
