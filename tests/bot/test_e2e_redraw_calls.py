"""A move's redraw asks the table service once per thing it draws: the clicking player's hand,
each other open hand and the board each come from one read (`TableService.read`), which carries
the last public moves, the undo offer and the turn deadlines. The front end no longer asks for
the log or the undo offer separately to redraw (only `/game log` reads the log), and a board
that pings someone names their deadline from the read."""
from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path

from simdriver import open_table, posted_texts, take_turn, walk

DISCORD_UI = Path(__file__).resolve().parents[2] / "bot" / "discord_ui"
WATCHED = ("read", "log", "undo_offer", "may_undo", "prompts_for")


async def test_a_move_is_redrawn_from_one_read_per_hand_and_board(world, monkeypatch):
    svc = world.bot.service
    calls: Counter[str] = Counter()
    for name in WATCHED:
        real = getattr(svc, name)

        def counted(*args, _real=real, _name=name, **kwargs):
            calls[_name] += 1
            return _real(*args, **kwargs)
        monkeypatch.setattr(svc, name, counted)
    members = world.members[:2]
    await world.bot.service.update_guild_settings(world.guild.id, turn_limit_s=3600)
    table_id, _ = await open_table(world, "sutosute", members)
    rng, hands, moved = random.Random(4), {}, 0
    await world.bot.announcer.drain()
    calls.clear()
    for _ in range(8):
        for member in members:
            moved += await take_turn(world, member, rng, open_hands=hands)
        await world.bot.announcer.drain()
    assert moved >= 6
    assert calls["log"] == 0 and calls["undo_offer"] == 0 and calls["prompts_for"] == 0, calls
    # the clicker's hand, the other player's open hand when their turn comes, the board when play
    # pauses (13 moves took 24 reads; before, 24 reads of the log and 5 of the undo offer)
    assert 0 < calls["read"] <= 3 * moved, (calls, moved)


def test_the_discord_front_end_reads_the_log_only_for_game_log():
    """The last moves, the undo offer and the deadline come with the read: nothing else in
    `bot/discord_ui` asks for the log, the undo offer or whether a move may be undone."""
    found = []
    for path in sorted(DISCORD_UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("log", "undo_offer", "may_undo"):
                receiver = ast.unparse(node.func.value)
                if receiver == "svc" or receiver.endswith("service"):
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node.func)}")
    assert found and all(f.startswith("info_commands.py:") for f in found), found


async def test_the_board_names_the_deadline_of_those_it_pings_from_the_read(world):
    svc = world.bot.service
    await svc.update_guild_settings(world.guild.id, turn_limit_s=3600)
    table_id, _ = await open_table(world, "sutosute", world.members[:2])
    await world.bot.announcer.drain()
    seen = await svc.read(table_id)
    (first, *_) = seen.owing
    due = seen.deadline([first])
    assert due is not None and any(f"Deadline: <t:{int(due)}:R>" in text for text in posted_texts(world))

    def board_text(**kwargs) -> str:
        view = world.bot.announcer.board_payload(seen, "en", **kwargs)["view"]
        return "\n".join(c.get("content", "") for c in walk(view.to_components()) if c.get("type") == 10)
    assert f"Deadline: <t:{int(due)}:R>" in board_text(ping=[first])  # no notice needed: the read has it
    assert "Deadline:" not in board_text()  # nobody pinged: no deadline line
