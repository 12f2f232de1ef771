"""Hints through Discord (tables/hints.py, bot/discord_ui/play.py): the 💡 Hint control on a
hand, and the lobby option that allows it (off by default; the table is then unrated and its
log and result say so). Guided games (`/game learn`): test_e2e_learn.py."""
from __future__ import annotations

import random
import re

from simdriver import controls, kind, open_table, play_to_end, set_lobby_option, texts_of

from games import registry


def hint_button(message):
    return next((c for c in controls(message) if kind(c) == "HT"), None)


def decision_labels(message) -> set[str]:
    labels = set()
    for c in controls(message):
        if kind(c) in ("B", "S", "DS", "C"):
            labels.add(c.get("label") or "")
            labels |= {o["label"] for o in c.get("options", [])}
    return labels


async def test_hints_are_off_by_default_the_hand_has_no_hint(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    table = await world.bot.service.get(table_id)
    assert not table.settings.hints
    hand = (await world.alice.slash(world.channel, "game hand")).response
    assert hint_button(hand) is None and "Hint" not in texts_of(hand)
    log = await world.alice.slash(world.channel, "game log")
    assert "Hints allowed" not in str(log.response.embeds[0].to_dict())


async def test_the_hint_shows_a_legal_choice_with_its_reason_once_per_decision(world):
    lobby = (await world.alice.slash(world.channel, "game new", game="sutosute")).response
    more = next(c for c in controls(lobby) if kind(c) == "LM")
    assert any(o["value"] == "@hints" and o.get("description") == "Off" for o in more["options"])  # off by default
    await set_lobby_option(world, world.alice, lobby, "@hints", "on")
    lobby = world.channel.history()[-1]
    assert "💡 Hints allowed: this game is unrated." in texts_of(lobby)
    table_id, started = await open_table_from(world, lobby)
    hand = (await world.alice.slash(world.channel, "game hand")).response
    other = (await world.alice.slash(world.channel, "game hand")).response  # a second copy (a DM, another tab)
    button = hint_button(hand)
    assert button is not None and button["label"] == "Hint"
    shown = await world.alice.click(hand, custom_id=button["custom_id"])
    assert shown.acknowledged
    text = texts_of(shown.response)
    choice = re.search(r"💡 \*\*Hint:\*\* (.+)", text)[1]
    table = await world.bot.service.get(table_id)
    game = registry.get("sutosute")
    given = table.settings.hinted[str(world.alice.id)]
    (prompt,) = [p for p in game.prompts(table.state(game)) if p.player == str(world.alice.id)]
    assert given.prompt_id == prompt.id and given.version == table.version
    assert choice == prompt.option(given.choice[0]).label.get("en"), "the hint names an answer of this decision"
    assert choice in decision_labels(shown.response) or f"**{choice}**" in text  # as the hand shows it
    assert re.search(r"chosen in \d+ % of [\d,]+ simulations?; expected to win \d+ %", text)
    assert hint_button(shown.response) is None  # one per decision: the button is gone
    again = await world.alice.click(other, custom_id=button["custom_id"])  # the other copy's button
    assert again.ephemeral and "already had the hint for this decision" in again.response.content
    log = await world.bob.slash(world.channel, "game log")
    assert "Hints allowed: this game is unrated" in str(log.response.embeds[0].to_dict())
    table = await play_to_end(world, table_id, [world.alice, world.bob], random.Random(2), board=started.response)
    assert table.status == "finished"
    result = next(m for m in reversed(world.channel.history()) if any(kind(c) == "R" for c in controls(m)))
    assert "Hints were allowed, so this game is unrated." in texts_of(result)  # the result (with Rematch)
    assert not (await world.bot.service.store.results.get(table_id)).rated


async def open_table_from(world, lobby):
    from simdriver import lobby_button
    joined = await world.bob.click(lobby, custom_id=lobby_button(lobby, "join"))
    assert joined.acknowledged
    lobby = joined.response or lobby
    started = await world.alice.click(lobby, custom_id=lobby_button(lobby, "start"))
    assert started.acknowledged
    table = await world.bot.service.table_in_channel(world.channel.id)
    return table.id, started


async def test_the_hint_in_japanese(world):
    await world.admin.slash(world.channel, "gameadmin settings", language="ja")
    await world.alice.slash(world.channel, "game language", language="ja")
    table_id, _ = await open_table(world, "ganymede", [world.alice], {"mode": "duel", "@hints": "on"}, cpus=1)
    hand = (await world.alice.slash(world.channel, "game hand")).response
    assert hint_button(hand)["label"] == "ヒント"
    shown = await world.alice.click(hand, custom_id=hint_button(hand)["custom_id"])
    text = texts_of(shown.response)
    assert "💡 **ヒント**：" in text
    assert re.search(r"[\d,]+回のシミュレーションのうち\d+%で選ばれ、勝つ見込みは\d+%です|ここで選べるのはこれだけです", text)


async def test_a_full_more_options_list_keeps_hints_and_removing_a_computer(world):
    """Sutosute's many rule options fill the 25 entries of More options…: Hints is still
    there, and a computer seat is taken away from the computer player picker instead."""
    lobby = (await world.alice.slash(world.channel, "game new", game="sutosute")).response
    from simdriver import lobby_button
    await world.alice.click(lobby, custom_id=lobby_button(lobby, "cpu"))
    lobby = world.channel.history()[-1]
    more = next(c for c in controls(lobby) if kind(c) == "LM")
    values = [o["value"] for o in more["options"]]
    assert len(values) <= 25 and "@hints" in values and "@add_cpu" in values
    await set_lobby_option(world, world.alice, lobby, "@add_cpu", "@remove_cpu")
    table = await world.bot.service.table_in_channel(world.channel.id)
    assert not any(s.is_cpu for s in table.seats)
