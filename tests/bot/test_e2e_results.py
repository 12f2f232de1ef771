"""Results after finished games: stats, the Elo leaderboard, the paged public log, the
replay file (which replays to the same result, also in the terminal) and opt-in turn DMs."""
from __future__ import annotations

import io
import random

from simdriver import channel_texts, controls, open_table, play_to_end, take_turn, texts_of

from tables import ReplayFile, replay_file


async def finished_game(world, seed: int) -> int:
    players = [world.alice, world.bob]
    table_id, started = await open_table(world, "sutosute", players)
    table = await play_to_end(world, table_id, players, random.Random(seed), board=started.response)
    assert table.status == "finished"
    return table_id


async def test_stats_and_leaderboard_after_finished_games(world):
    for seed in (1, 2):
        await finished_game(world, seed)
    mine = await world.alice.slash(world.channel, "game stats")
    assert mine.ephemeral
    field = mine.response.embeds[0].fields[0]
    assert field.name == "Sutosute card game" and field.value.startswith("2 games")
    theirs = await world.alice.slash(world.channel, "game stats", player=world.bob.user, game="sutosute")
    assert theirs.response.embeds[0].title == "Stats — bob"
    board = await world.alice.slash(world.channel, "game leaderboard", game="sutosute")
    assert not board.ephemeral
    lines = board.response.embeds[0].description.splitlines()
    assert len(lines) == 2 and all("rating" in line for line in lines)
    lines_stats = await world.bot.service.leaderboard(world.guild.id, "sutosute")
    assert {round(s.rating) for s in lines_stats} != {1500}  # rated games moved the ratings
    assert sum(s.wins for s in lines_stats) >= 1


async def test_replay_file_reproduces_the_result(world, tmp_path):
    table_id = await finished_game(world, 3)
    result = await world.alice.slash(world.channel, "game replay", table=table_id)
    assert result.ephemeral and result.response.attachments
    data = await result.response.attachments[0].read()
    replay = ReplayFile.model_validate_json(data)
    assert replay.table_id == table_id and replay.actions
    _, outcome = replay_file(replay)  # raises ReplayMismatch if the log does not end the same way
    assert outcome == replay.outcome
    path = tmp_path / "replay.json"
    path.write_bytes(data)
    from bot import local
    out = io.StringIO()
    assert local.main(["--replay", str(path)], out=out) == 0  # the terminal front end replays it
    assert outcome.summary.en.splitlines()[0] in out.getvalue()


async def test_replay_of_a_running_game_is_refused(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    result = await world.alice.slash(world.channel, "game replay", table=table_id)
    assert result.ephemeral and not result.response.attachments
    assert "still running" in result.response.content


async def test_the_log_pages_through_public_moves(world):
    table_id = await finished_game(world, 4)
    just_ended = await world.bob.slash(world.channel, "game log")  # right after the end, no number needed
    assert just_ended.ephemeral and f"#{table_id}" in just_ended.response.embeds[0].title
    await world.alice.slash(world.channel, "game new", game="sutosute")  # the channel moves on
    page = await world.bob.slash(world.channel, "game log", table=table_id)
    assert page.ephemeral
    embed = page.response.embeds[0]
    total = (await world.bot.service.get(table_id)).version
    assert embed.footer.text == f"moves {total - 9}–{total} of {total}"
    older = next(c for c in controls(page.response) if c["label"] == "◀ Older")
    back = await world.bob.click(page.response, custom_id=older["custom_id"])
    assert back.acknowledged
    assert back.response.embeds[0].footer.text == f"moves {total - 19}–{total - 10} of {total}"
    # nothing private: no choice keys of face-down cards, only public event texts
    assert "c0" not in back.response.embeds[0].description


async def test_turn_dms_are_opt_in(world):
    table_id, started = await open_table(world, "sutosute", [world.alice, world.bob])
    first = len(world.bob.user.dm_channel.history())
    assert first == 1  # the hand at the start
    rng = random.Random(7)
    for _ in range(3):
        await take_turn(world, world.bob, rng)
        await take_turn(world, world.alice, rng)
    assert len(world.bob.user.dm_channel.history()) == first  # no DMs without /game notify
    on = await world.bob.slash(world.channel, "game notify", dm="on")
    assert on.ephemeral and "DM" in on.response.content
    before = texts_of(world.bob.user.dm_channel.last_message)
    for _ in range(6):
        await take_turn(world, world.bob, rng)
        await take_turn(world, world.alice, rng)
        if texts_of(world.bob.user.dm_channel.last_message) != before:
            break
    dm = world.bob.user.dm_channel.last_message
    assert len(world.bob.user.dm_channel.history()) == first, "the DM hand is edited, not sent again"
    assert texts_of(dm) != before and dm.components
    # the DM's controls work from the DM
    table = await world.bot.service.get(table_id)
    decision = controls(dm)[0]
    if decision["type"] == 2:
        used = await world.bob.user.click(dm, custom_id=decision["custom_id"])
    else:
        values = [o["value"] for o in decision["options"][: decision.get("min_values", 1)]]
        used = await world.bob.user.select(dm, values, custom_id=decision["custom_id"])
    assert used.acknowledged
    assert (await world.bot.service.get(table_id)).version >= table.version
    assert not any("DM" in x for x in channel_texts(world, world.outsider) if "can't DM" in x)


async def test_tables_of_another_server_or_unknown_numbers_are_not_shown(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    other_guild = world.env.create_guild("Elsewhere")
    other_channel = other_guild.create_text_channel("games")
    stranger = other_guild.add_member(world.env.create_user("mallory"))
    for command in ("game log", "game replay"):
        result = await stranger.slash(other_channel, command, table=table_id)
        assert result.ephemeral and f"no table #{table_id} here" in result.response.content
    missing = await world.alice.slash(world.channel, "game replay", table=999)
    assert missing.ephemeral and "no table #999 here" in missing.response.content
