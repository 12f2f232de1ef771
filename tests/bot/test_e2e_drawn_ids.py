"""Ids already on messages in Discord keep working: every format the bot has drawn
(`drawn_ids`, written down apart from the bot's code) is still what its control class draws
and reads, and clicking it through SimCord does what the fresh control does.

The formats have not changed since the first custom_id scheme; the templates once took 19-digit
table numbers, which no table has (tables are numbered from 1), and take up to 18 now."""
from __future__ import annotations

import drawn_ids as ids
from simdriver import controls, kind, lobby_button, texts_of
from test_e2e_forged_clicks import post
from toy_game import STEPS

from bot.discord_ui import items
from games import registry


def fresh_and_recorded() -> list[tuple[items.Control, str]]:
    """One control of every kind and shape the bot draws, with the id the record gives it."""
    t, v = 12, 345
    return [
        *[(items.LobbyButton(t, v, a), ids.lobby(t, v, a)) for a in ("join", "leave", "start", "cancel", "cpu")],
        (items.LobbyOptionSelect(t, v, "mode"), ids.lobby_option(t, v, "mode")),
        (items.LobbyMoreSelect(t, v), ids.lobby_more(t, v)),
        *[(items.LobbyValueSelect(t, v, n), ids.lobby_value(t, v, n)) for n in ("@turn_limit", "max_rounds", "a:b%")],
        (items.HandButton(t), ids.hand(t)),
        (items.OptionButton(t, v, "turn", "c12"), ids.option_button(t, v, "turn", "c12")),
        (items.OptionButton(t, v, "p:q%", "key:with:colons"), ids.option_button(t, v, "p:q%", "key:with:colons")),
        (items.NoneButton(t, v, "turn"), ids.none(t, v, "turn")),
        (items.OptionSelect(t, v, "turn", 2), ids.option_select(t, v, "turn", 2)),
        (items.OptionSelect(t, v, "turn", 901), ids.option_select(t, v, "turn", 901)),  # a group's select
        (items.PageButton(t, v, "turn", 0), ids.page(t, v, "turn", 0)),  # Choose…
        (items.PageButton(t, v, "turn", 1, None, "next"), ids.page(t, v, "turn", 1, "", "next")),
        (items.PageButton(t, v, "turn", 0, [3, 40], "prev"), ids.page(t, v, "turn", 0, "0314", "prev")),
        (items.DraftButton(t, v, "turn", [], confirm=False), ids.draft(t, v, "turn", "", "clr")),
        (items.DraftButton(t, v, "turn", [1295, 0], confirm=True), ids.draft(t, v, "turn", "zz00", "ok")),
        (items.DraftSelect(t, v, "turn", [5], 1), ids.draft_select(t, v, "turn", "05", 1)),
        (items.ChainSelect(t, v, "turn"), ids.chain_select(t, v, "turn")),
        (items.UndoButton(t, v), ids.undo(t, v)),
        (items.HintButton(t, v), ids.hint(t, v)),
        (items.LeaveGuidedButton(t), ids.leave_guided(t)),
        (items.RematchButton(t), ids.rematch(t)),
        (items.LogPageButton(t, 77), ids.log_page(t, 77)),
        (items.MinePageButton(3), ids.mine_page(3)),
        (items.FollowButton(t), ids.follow(t)),
        (items.UnfollowButton(t), ids.unfollow(t)),
        (items.BrowseJoinButton(t), ids.browse_join(t)),
    ]


def test_every_recorded_format_is_drawn_and_read_back_by_its_class():
    pairs = fresh_and_recorded()
    assert {type(control) for control, _ in pairs} == set(items.ALL)  # every kind of control
    for control, recorded in pairs:
        assert control.custom_id == recorded
        read = items.control_of(recorded)
        assert type(read) is type(control), recorded
        fields = {k: v for k, v in vars(control).items() if not k.startswith("_") and k != "item"}
        assert {k: getattr(read, k) for k in fields} == fields, recorded


async def click(world, member, custom_id: str, values: list[str] | None = None):
    """Click (or pick `values` in) `custom_id` on a message of its own, as an old one would carry it."""
    carrier = await post(world, custom_id, values)
    if values is None:
        return await member.click(carrier, custom_id=custom_id)
    return await member.select(carrier, values, custom_id=custom_id)


async def test_recorded_ids_clicked_through_simcord_do_what_fresh_controls_do(world, monkeypatch):
    """A toy game from lobby to rematch where every click carries an id built from the record
    on a message of its own; where the click changes nothing, the fresh control's answer is
    compared word for word."""
    monkeypatch.setitem(registry._MODULES, "toy", "toy_game")
    svc, alice, bob = world.bot.service, world.alice, world.bob
    table = await svc.open_lobby(world.guild.id, world.channel.id, str(alice.id), "alice", "toy")
    t = table.id
    lobby = (await alice.slash(world.channel, "game board")).response

    async def lobby_version() -> int:
        return (await svc.get(t)).lobby_version

    # lobby: + CPU and its removal under More options…, join from /game browse, leave, join
    await click(world, alice, ids.lobby(t, await lobby_version(), "cpu"))
    assert sum(s.is_cpu for s in (await svc.get(t)).seats) == 1
    await click(world, alice, ids.lobby_more(t, await lobby_version()), ["@remove_cpu"])
    assert not any(s.is_cpu for s in (await svc.get(t)).seats)
    joined = await click(world, bob, ids.browse_join(t))
    assert joined.acknowledged and (await svc.get(t)).user_seated(str(bob.id))
    await click(world, bob, ids.lobby(t, await lobby_version(), "leave"))
    assert not (await svc.get(t)).user_seated(str(bob.id))
    await click(world, bob, ids.lobby(t, await lobby_version(), "join"))
    assert (await svc.get(t)).user_seated(str(bob.id))

    # options: on the lobby, and through the picker More options… answers with
    await click(world, alice, ids.lobby_option(t, await lobby_version(), "mode"), ["short"])
    assert (await svc.get(t)).options["mode"] == "short"
    await click(world, alice, ids.lobby_option(t, await lobby_version(), "mode"), ["auto"])
    recorded = await click(world, alice, ids.lobby_more(t, await lobby_version()), ["@hints"])
    fresh_more = next(c for c in controls(lobby) if kind(c) == "LM")
    fresh = await alice.select(lobby, ["@hints"], custom_id=fresh_more["custom_id"])
    assert texts_of(recorded.response) == texts_of(fresh.response)
    assert [c["custom_id"] for c in controls(recorded.response)] == [ids.lobby_value(t, await lobby_version(), "@hints")]
    await click(world, alice, ids.lobby_value(t, await lobby_version(), "@hints"), ["on"])
    await click(world, alice, ids.lobby_value(t, await lobby_version(), "@turn_limit"), ["0"])
    table = await svc.get(t)
    assert table.settings.hints and table.settings.turn_limit_s is None and table.options["mode"] == "auto"

    started = await click(world, alice, ids.lobby(t, await lobby_version(), "start"))
    assert started.acknowledged and (await svc.get(t)).status == "running"

    async def version() -> int:
        return (await svc.get(t)).version

    async def answers() -> list[list[str]]:
        game = registry.get("toy")
        return (await svc.get(t)).state(game).answers

    # 1. one of 60: My hand, ▶, then a pick in the second page's select
    board = next(m for m in reversed(world.channel.history()) if any(kind(c) == "H" for c in controls(m)))
    recorded = await click(world, alice, ids.hand(t))
    fresh = await alice.click(board, custom_id=next(c for c in controls(board) if kind(c) == "H")["custom_id"])
    assert "Step 0" in texts_of(recorded.response) and texts_of(recorded.response) == texts_of(fresh.response)
    v = await version()
    recorded = await click(world, alice, ids.page(t, v, "step0", 1, "", "next"))
    fresh = await alice.click(fresh.response, custom_id=ids.page(t, v, "step0", 1, "", "next"))
    assert texts_of(recorded.response) == texts_of(fresh.response)
    assert [o["value"] for c in controls(recorded.response) if kind(c) == "S" for o in c["options"]][0] == "s0o25"
    assert (await click(world, alice, ids.option_select(t, v, "step0", 1), ["s0o30"])).acknowledged
    assert await answers() == [["s0o30"]]

    # 2. three of 8 in order: picks in the draft select, Clear, Confirm
    v = await version()
    picked = await click(world, bob, ids.draft_select(t, v, "step1", "", 0), ["s1o5"])
    picked = await click(world, bob, ids.draft_select(t, v, "step1", "05", 0), ["s1o2"])
    assert "Choice 5 → Choice 2" in texts_of(picked.response)
    cleared = await click(world, bob, ids.draft(t, v, "step1", "0502", "clr"))
    assert "Nothing chosen yet" in texts_of(cleared.response)
    await click(world, bob, ids.draft(t, v, "step1", "070104", "ok"))
    assert await answers() == [["s0o30"], ["s1o7", "s1o1", "s1o4"]]

    # 3. two to four of 30: Choose…, ▶ with the picks so far, Confirm
    v = await version()
    focused = await click(world, alice, ids.page(t, v, "step2", 0))
    assert "Nothing chosen yet" in texts_of(focused.response)
    paged = await click(world, alice, ids.page(t, v, "step2", 1, "0309", "next"))
    assert "Choice 3, Choice 9" in texts_of(paged.response)
    await click(world, alice, ids.draft(t, v, "step2", "03090r", "ok"))
    assert await answers() == [["s0o30"], ["s1o7", "s1o1", "s1o4"], ["s2o3", "s2o9", "s2o27"]]

    # 4. an optional answer: an option button; None and Undo after it, which say why not (as the
    # fresh ones would: out of date, the turn passed on); 💡 Hint before it
    v = await version()
    hinted = await click(world, bob, ids.hint(t, v))
    assert hinted.acknowledged and "not valid" not in texts_of(hinted.response)
    await click(world, bob, ids.option_button(t, v, "step3", "s3o1"))
    assert (await answers())[-1] == ["s3o1"]
    late = await click(world, bob, ids.none(t, v, "step3"))
    assert late.ephemeral and "out of date" in texts_of(late.response)
    undone = await click(world, bob, ids.undo(t, await version()))
    assert undone.ephemeral and texts_of(undone.response) == "That move cannot be taken back: the turn has passed on."
    assert len(await answers()) == 4

    # the board's Follow, and Unfollow under its answer
    followed = await click(world, world.outsider, ids.follow(t))
    assert followed.ephemeral and f"You follow table #{t}" in texts_of(followed.response)
    assert [c["custom_id"] for c in controls(followed.response)] == [ids.unfollow(t)]
    stopped = await click(world, world.outsider, ids.unfollow(t))
    assert stopped.ephemeral and f"You no longer follow table #{t}" in texts_of(stopped.response)

    # 5. one to three of 10: the multi-select ends the game
    await click(world, alice, ids.option_select(t, await version(), "step4", 0), ["s4o1", "s4o8"])
    finished = await svc.get(t)
    assert finished.status == "finished" and len(finished.state(registry.get("toy")).answers) == len(STEPS)

    # after the game: the log's pages, /game mine's pages, Rematch, and Cancel on the new lobby
    log = (await alice.slash(world.channel, "game log", table=t)).response
    recorded = await click(world, alice, ids.log_page(t, finished.version + 1))
    assert texts_of(recorded.response) == "forged\n" + texts_of(log)  # the clicked message edited in place
    mine = (await alice.slash(world.channel, "game mine")).response
    assert texts_of((await click(world, alice, ids.mine_page(1))).response) == "forged\n" + texts_of(mine)  # one page
    rematch = await click(world, bob, ids.rematch(t))
    assert rematch.acknowledged and not rematch.ephemeral
    new = next(c["custom_id"] for c in controls(rematch.response) if kind(c) == "L")
    second = ids.parse(new).table
    assert second != t and (await svc.get(second)).status == "lobby"
    assert lobby_button(rematch.response, "cancel") == ids.lobby(second, await lobby_version_of(svc, second), "cancel")
    await click(world, bob, ids.lobby(second, await lobby_version_of(svc, second), "cancel"))
    assert (await svc.get(second)).status != "lobby"


async def lobby_version_of(svc, table_id: int) -> int:
    return (await svc.get(table_id)).lobby_version
