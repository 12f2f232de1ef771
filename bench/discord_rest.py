"""Discord REST calls per game action, measured under SimCord (the Discord half of
`bench/interactions.py`).

Simulated members play whole games through the bot's real Discord surface (`/game hand`,
buttons, selects; `tests/bot/simdriver.py`). Every REST call the bot makes is logged by
SimCord; they are counted per person decision and split into interaction responses (which
Discord does not count against the bot's global rate limit) and the bot's own calls to
channels and DMs (which it does). Also the wall time of one decision click, which here
measures the handler's own cost, not network latency.

    python bench/discord_rest.py [--game sutosute] [--games 5]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bot"))


def _category(method: str, path: str, dm_channels: set[str]) -> str:
    if path.startswith("/interactions/"):
        return "interaction response"
    if path.startswith("/webhooks/"):
        return "follow-up / edit of a response"
    if path.startswith("/users/@me/channels"):
        return "open DM"
    if path.startswith("/channels/"):
        channel = path.split("/")[2]
        if channel in dm_channels:
            return "DM message"
        return "channel message edit" if method == "PATCH" else "channel message post"
    return f"other {method} {path.split('/')[1]}"


async def measure(game: str, games: int, seed: int = 0) -> dict[str, float]:
    import simcord
    from simcord.env import Env
    from simdriver import open_table, take_turn, waiting_for

    from bot import Settings, create_bot

    Env._settle_internal.__kwdefaults__["idle"] = 0.001
    db = Path(tempfile.mkdtemp()) / "rest.sqlite3"
    bot = create_bot(Settings(token="bench", database_url=f"sqlite:///{db}"))
    rng = random.Random(seed)
    async with simcord.run(bot) as env:
        guild = env.create_guild("Bench")
        channel = guild.create_text_channel("tables")
        members = [guild.add_member(env.create_user(f"player{i}")) for i in range(6)]
        outsider = guild.add_member(env.create_user("watcher"))

        class World:
            pass
        world = World()
        world.env, world.channel, world.outsider = env, channel, outsider
        world.bot = env.bot
        calls: Counter[str] = Counter()
        decisions = 0
        latencies: list[float] = []
        from games import registry
        g = registry.get(game)
        players = g.player_range(g.parse_options({}))[0]
        for _ in range(games):
            table_id, started = await open_table(world, game, members[:players])
            mark = len(env.http_requests)
            while (await env.bot.service.get(table_id)).status == "running":
                waiting = waiting_for(started.response)
                order = [m for m in members[:players] if m.id in waiting] or members[:players]
                for member in order:
                    t0 = time.perf_counter()
                    if await take_turn(world, member, rng):
                        latencies.append(time.perf_counter() - t0)
                        decisions += 1
                        break
            dm_channels = {str(m.user.dm_channel.id) for m in members}
            for entry in env.http_requests[mark:]:
                calls[_category(entry.method, entry.path, dm_channels)] += 1
        await env.bot.close()
    result = {k: v / max(1, decisions) for k, v in sorted(calls.items())}
    own = sum(v for k, v in calls.items() if not k.startswith(("interaction", "follow-up")))
    result["ALL calls"] = sum(calls.values()) / max(1, decisions)
    result["bot's own (rate-limited) calls"] = own / max(1, decisions)
    latencies.sort()
    result["decisions"] = float(decisions)
    result["turn p50 ms"] = 1000 * statistics.median(latencies)
    result["turn p99 ms"] = 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    return result


def rest_calls_per_action(game: str = "sutosute", games: int = 3) -> dict[str, float]:
    return asyncio.run(measure(game, games))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="sutosute")
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    numbers = rest_calls_per_action(args.game, args.games)
    print(f"Discord REST calls per person decision under SimCord ({args.game}, {args.games} games; "
          "a turn = /game hand + the clicks of one decision):")
    for key, value in numbers.items():
        print(f"  {key:<34} {value:8.2f}")


if __name__ == "__main__":
    main()
