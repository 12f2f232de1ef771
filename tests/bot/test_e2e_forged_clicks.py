"""Forged clicks: ids mutated from the ones the bot really drew (unknown option names
and values, other kinds, versions and tables, pages and picks out of range, junk select values),
clicked by a seated player and by someone not seated. Every click is answered, nothing is
logged as an error, and the one not seated changes nothing."""
from __future__ import annotations

import logging
import os
import random

import discord
import drawn_ids as ids
from simdriver import controls, kind, open_table, texts_of

CLICKS = int(os.environ.get("FORGED_CLICKS", "240"))
JUNK = ["nope", "", "0", "1", "999999", "-1", "zz", "%3A", "ok", "clr", "prev", "next", "9" * 19, "00",
        "@turn_limit", "@quiet_hours", "@remove_cpu", "@add_cpu", "@auto_level", "@thread", "@reminders",
        "@idle_policy", "mode", "colour_deck", "coop_loss", "1-2", "x-y", "25-3", "0.0", "0.0.0", "1.2", "server"]
KINDS = ["L", "LO", "LM", "LV", "H", "B", "N", "S", "P", "D", "DS", "C", "U", "R", "G"]


def mutate(custom_id: str, rng: random.Random, version: int, other_table: int) -> str:
    parsed = ids.parse(custom_id)
    assert parsed is not None
    table, ver, k, args = parsed.table, parsed.version, parsed.kind, list(parsed.args)
    for _ in range(rng.randint(1, 3)):
        what = rng.randrange(6)
        if what == 0 and args:
            args[rng.randrange(len(args))] = rng.choice(JUNK)
        elif what == 1:
            ver = rng.choice([0, max(0, version - 1), version, version + 1])
        elif what == 2:
            k = rng.choice(KINDS)
        elif what == 3 and args:
            args = args[: rng.randrange(len(args))]
        elif what == 4:
            args.append(rng.choice(JUNK))
        else:
            table = rng.choice([table, other_table, 424242])
    return ":".join(["ct", str(table), str(ver), k, *args])[:100]


def junk_values(component: dict, rng: random.Random) -> list[str]:
    real = [o["value"] for o in component.get("options", [])]
    pool = [j for j in JUNK if j] + real  # Discord never sends an empty value
    return list(dict.fromkeys(rng.choice(pool) for _ in range(rng.randint(0, 3))))


async def post(world, custom_id: str, values: list[str] | None):
    """A message with one forged control: a button, or a select offering exactly `values`."""
    view = discord.ui.View(timeout=None)
    if values is None:
        view.add_item(discord.ui.Button(label="forged", custom_id=custom_id))
    else:
        options = [discord.SelectOption(label=v or "(empty)", value=v) for v in values] or \
            [discord.SelectOption(label="x", value="x")]
        view.add_item(discord.ui.Select(custom_id=custom_id, options=options, min_values=len(values),
                                        max_values=max(1, len(values))))
    view.stop()
    sent = await world.bot.get_partial_messageable(world.channel.id).send(content="forged", view=view)
    return next(m for m in world.channel.history() if m.id == sent.id)


async def seen_ids(world, members) -> list[dict]:
    found = []
    for message in world.channel.history():
        found += controls(message)
    for member in members:
        hand = await member.slash(world.channel, "game hand")
        found += controls(hand.response)
    return found


async def fuzz(world, caplog, rng: random.Random, real: list[dict], table_id: int, other_table: int,
               clicks: int) -> list[str]:
    """Click `clicks` forged ids by turns as Alice (seated, host), Eve (not seated) and Bob (in
    Japanese); returns the clicks that logged an error or a traceback."""
    clickers = [world.alice, world.outsider, world.bob]
    errors: list[str] = []
    for n in range(clicks):
        component = rng.choice(real)
        before = await world.bot.service.get(table_id)
        forged = mutate(component["custom_id"], rng, before.version, other_table)
        is_select = (component["type"] == 3) == (rng.random() < 0.8)
        values = junk_values(component, rng) if is_select else None
        message = await post(world, forged, values)
        member = clickers[n % len(clickers)]
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            if values is None:
                result = await member.click(message, custom_id=forged)
            else:
                result = await member.select(message, values, custom_id=forged)
        assert result.acknowledged, forged
        bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
        if bad:
            errors.append(f"{forged} {values}: {bad[0].getMessage()} {bad[0].exc_info and bad[0].exc_info[1]!r}")
        if member is world.outsider:
            after = await world.bot.service.get(table_id)
            assert (after.lobby_version, after.version) == (before.lobby_version, before.version), forged
    return errors


async def test_forged_lobby_clicks_get_an_answer_never_a_traceback(world, caplog):
    rng = random.Random(27)
    lobby = await world.alice.slash(world.channel, "game new", game="ganymede")
    lobby_id = ids.parse(controls(lobby.response)[0]["custom_id"]).table
    await world.bob.click(lobby.response, custom_id=next(c["custom_id"] for c in controls(lobby.response)
                                                         if c["custom_id"].endswith(":join")))
    more = next(c for c in controls(lobby.response) if kind(c) == "LM")
    shown = await world.alice.select(lobby.response, ["@turn_limit"], custom_id=more["custom_id"])
    real = controls(lobby.response) + controls(shown.response)
    await world.bob.slash(world.channel, "game language", language="ja")
    errors = await fuzz(world, caplog, rng, real, lobby_id, lobby_id + 1, CLICKS)
    assert not errors, "\n".join(errors[:20])


async def test_forged_clicks_at_a_running_table_get_an_answer_never_a_traceback(world, caplog):
    rng = random.Random(2727)
    table_id, started = await open_table(world, "guns-and-steel", [world.alice, world.bob])
    real = await seen_ids(world, [world.alice, world.bob])
    await world.bob.slash(world.channel, "game language", language="ja")
    errors = await fuzz(world, caplog, rng, real, table_id, table_id + 1, CLICKS)
    assert not errors, "\n".join(errors[:20])


async def test_someone_not_seated_clicking_a_players_controls_is_told_so(world):
    """Eve copies every control of Alice's hand (pages, drafts, decisions, undo) and clicks it."""
    table_id, _ = await open_table(world, "guns-and-steel", [world.alice, world.bob])
    version = (await world.bot.service.get(table_id)).version
    hands = [await member.slash(world.channel, "game hand") for member in (world.alice, world.bob)]
    real = [c for hand in hands for c in controls(hand.response)]
    prompt = ids.parse(next(c["custom_id"] for c in real if kind(c) == "B")).args[0]
    made = [ids.page(table_id, version, prompt, 1), ids.page(table_id, version - 1, prompt, 0, "00"),
            ids.draft(table_id, version, prompt, "00", "ok"), ids.draft(table_id, version, prompt, "", "clr"),
            ids.undo(table_id, version)]
    real += [{"custom_id": custom_id, "type": 2} for custom_id in made]
    for component in real:
        custom_id = component["custom_id"]
        values = [component["options"][0]["value"]] if component["type"] == 3 else None
        message = await post(world, custom_id, values)
        if values is None:
            result = await world.outsider.click(message, custom_id=custom_id)
        else:
            result = await world.outsider.select(message, values, custom_id=custom_id)
        assert result.acknowledged and result.ephemeral, custom_id
        text = texts_of(result.response)
        assert any(words in text for words in ("not playing", "not seated", "not valid")), (custom_id, text)
    assert (await world.bot.service.get(table_id)).version == version


async def test_a_stale_page_or_draft_click_always_says_out_of_date(world):
    """Alice's hand was drawn before Bob chose; her decision is still owed, yet the page and
    draft controls she clicks are of an older state: the fresh hand she gets says so."""
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])  # both place at once
    table = await world.bot.service.get(table_id)
    alice_hand = await world.alice.slash(world.channel, "game hand")
    prompt = ids.parse(next(c["custom_id"] for c in controls(alice_hand.response) if kind(c) == "B")).args[0]
    bob_hand = await world.bob.slash(world.channel, "game hand")
    bob_choice = next(c["custom_id"] for c in controls(bob_hand.response) if kind(c) == "B")
    assert (await world.bob.click(bob_hand.response, custom_id=bob_choice)).acknowledged
    now = await world.bot.service.get(table_id)
    assert now.version > table.version and any(p.player == str(world.alice.id) for p in
                                                await world.bot.service.prompts_for(table_id, str(world.alice.id)))
    for custom_id in (ids.page(table_id, table.version, prompt, 0), ids.draft(table_id, table.version, prompt, "", "clr")):
        message = await post(world, custom_id, None)
        result = await world.alice.click(message, custom_id=custom_id)
        assert "out of date" in texts_of(result.response), custom_id
    current = ids.page(table_id, now.version, prompt, 0)
    fresh = await world.alice.click(await post(world, current, None), custom_id=current)
    assert "out of date" not in texts_of(fresh.response)


async def test_a_member_named_after_another_players_id_never_plays_as_them(world):
    """Mallory's server nickname is Alice's user id. Her moves never read as Alice's: not on
    the board, in the last moves, nor in the log."""
    from simdriver import take_turn
    mallory = world.guild.add_member(world.env.create_user("mallory"), nick=str(world.alice.id))
    table_id, _ = await open_table(world, "sutosute", [mallory, world.alice])  # her id is replaced first
    rng = random.Random(5)
    for member in (world.alice, mallory):
        assert await take_turn(world, member, rng)
    log = texts_of((await world.outsider.slash(world.channel, "game log")).response)
    assert log.count("alice places") == 1, log
    assert log.count(f"{world.alice.id} places") == 1, log
