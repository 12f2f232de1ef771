"""Discord REST calls per game action, measured under SimCord (the Discord half of
`bench/interactions.py`).

Simulated members play whole games through the bot's real Discord surface (`/game hand`,
buttons, selects; `tests/bot/simdriver.py`). Every REST call the bot makes is logged by
SimCord; they are counted per person decision and split into interaction responses (which
Discord does not count against the bot's global rate limit) and the bot's own calls to
channels and DMs (which it does). Also the wall time of one decision click, which here
measures the handler's own cost, not network latency, and how late the event loop runs a task
that wakes every millisecond (p50/p99/max: what a click on another table waits for).

    python bench/discord_rest.py [--game sutosute] [--games 5] [--away] [--direct] [--mode renaissance] [--players 3]
                                 [--picture-workers 1]

By default players stay at the table: a hand they opened is refreshed by the bot when their
turn comes back, so a turn starts from it (a player opens `/game hand` only when they have
none); players take `--think` virtual seconds per decision (the board follows when play
pauses). `--away` has them leave between their turns, as in a game played over days: every
turn starts from the ping with **My hand** (`/game hand`) and goes on from that message, so
"clicks per turn" is then the clicks of a turn from the ping. Also printed: clicks per
decision and the public messages a whole game leaves in the channel; `--trace` prints each
decision's calls. The measured numbers per game (goal: at most 2 calls per decision) are in
docs/discord.md, "Tests and numbers".

Two kinds of players:

- **random** (always measured): the simulated members of the SimCord tests, who press a random
  control of the ones offered, so they page, focus and draft now and then before deciding.
  "Clicks per run" counts the clicks of each run of consecutive decisions of one player.
- **directed** (`--direct`, printed beside the random column): a player who knows what they
  want: they decide first (a random legal answer: one of their open prompts, a uniform number
  of its options) and then take the shortest clicks to it (`simdriver.direct_turn`): the
  decision's own control on the message in front of them — their open hand, else the board
  when it carries that decision, else **My hand** on the board first; a chain select when it
  offers their answer (the next step's answer is then picked at random among the pairs);
  pages or a draft only when the answer is on another page or needs several picks.

**A turn from the ping** (directed players; `simdriver.play_directed`): a player's turn starts
when they are pinged — they begin to owe a decision, or somebody else began to owe one since
their last decision — and ends when they owe nothing, or when their move opened a decision of
someone else (the game also passed to them, as Sutosute's next round does). With `--away`
every turn starts from the board (the hand of their last turn has expired); "clicks per turn"
counts every click of the turn, **My hand** included. Directed decisions count the player's
moves in the log (a chain's one click makes two).
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
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
    if path.startswith("/webhooks/") and method == "PATCH":
        return "edit of a response (hand refresh)"
    if path.startswith("/webhooks/"):
        return "follow-up / edit of a response"
    if path.startswith("/users/@me/channels"):
        return "open DM"
    if path.startswith("/channels/"):
        channel = path.split("/")[2]
        if channel in dm_channels:
            return "DM message"
        return {"PATCH": "channel message edit", "DELETE": "channel message delete"}.get(method, "channel message post")
    return f"other {method} {path.split('/')[1]}"


async def measure(game: str, games: int, seed: int = 0, away: bool = False, options: dict[str, str] | None = None,
                  players: int | None = None, trace: bool = False, think: float = 10.0,
                  direct: bool = False, picture_workers: int = 1) -> dict[str, float]:
    import simcord
    from simcord.env import Env
    from simdriver import controls, is_decision, live_board, open_table, take_turn, waiting_for

    from bot import Settings, create_bot

    Env._settle_internal.__kwdefaults__["idle"] = 0.001
    db = Path(tempfile.mkdtemp()) / "rest.sqlite3"
    bot = create_bot(Settings(token="bench", database_url=f"sqlite:///{db}", shard_count=1,
                              picture_workers=picture_workers))
    rng = random.Random(seed)
    lateness: list[float] = []
    stop = asyncio.Event()
    async with simcord.run(bot) as env:
        env.settle_timeout = 20.0  # a loaded machine: a picture may take seconds (under the bot's 30 s timers)
        await bot.pictures.ready()  # the picture workers spawned (a bot starts them while it connects)
        probe = asyncio.get_running_loop().create_task(_lateness_probe(stop, lateness))
        env.bot.service.seed_source = itertools.count(seed + 1).__next__  # the same deals every run
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
        players = players or g.player_range(g.parse_options(options or {}))[0]
        clicks_per: list[int] = []
        runs: list[list[int]] = []  # [player, clicks] of each run of one player's decisions
        left: list[int] = []
        turns: list[int] = []  # clicks of each turn from the ping (see the module docstring)
        for _ in range(games):
            before = len(channel.history())
            table_id, started = await open_table(world, game, members[:players], options)
            mark = len(env.http_requests)
            hands: dict[int, object] = {}
            left_table = False  # away: someone's turn ended, the others are not looking
            if direct:
                decisions += await _directed_game(world, g, table_id, members[:players], rng, away, think, trace,
                                                  clicks_per, turns, runs, latencies)
            while not direct and (await env.bot.service.get(table_id)).status == "running":
                # who moves: a player whose open hand offers a decision, else whom the board names
                ready = {m for m, hand in hands.items() if any(is_decision(c) for c in controls(hand))}
                waiting = ready or waiting_for(live_board(world))
                order = [m for m in members[:players] if m.id in waiting] or members[:players]
                for member in order:
                    if away and not (runs and runs[-1][0] == member.id):  # a new turn: from the ping
                        hands.pop(member.id, None)
                        if left_table:
                            await env.advance_time(20 * 60)  # the open hand's token has expired
                            left_table = False
                    t0 = time.perf_counter()
                    pressed: list[str] = []
                    seen = len(env.http_requests)
                    if await take_turn(world, member, rng, open_hands=hands, clicks=pressed):
                        if trace:
                            dm = {str(m.user.dm_channel.id) for m in members if m.user.dm_channel}
                            made = [_category(e.method, e.path, dm) for e in env.http_requests[seen:]]
                            print(f"  {members.index(member)} {pressed[-1].split(':')[3:5]} {len(made)}: {made}")
                        latencies.append(time.perf_counter() - t0)
                        clicks_per.append(len(pressed))
                        if runs and runs[-1][0] == member.id:  # the same player goes on: one turn
                            runs[-1][1] += len(pressed)
                        else:
                            runs.append([member.id, len(pressed)])
                        decisions += 1
                        if think:
                            await env.advance_time(think)  # the next player reads the table
                        left_table = away
                        break
            left.append(len(channel.history(viewer=outsider)) - before)
            dm_channels = {str(m.user.dm_channel.id) for m in members}
            for entry in env.http_requests[mark:]:
                calls[_category(entry.method, entry.path, dm_channels)] += 1
        stop.set()
        await probe
        await env.bot.close()
    result = {k: v / max(1, decisions) for k, v in sorted(calls.items())}
    own = sum(v for k, v in calls.items() if not k.startswith(("interaction", "follow-up", "edit of a response")))
    result["ALL calls"] = sum(calls.values()) / max(1, decisions)
    result["bot's own (rate-limited) calls"] = own / max(1, decisions)
    latencies.sort()
    result["decisions"] = float(decisions)
    result["clicks per decision"] = sum(clicks_per) / max(1, decisions)
    per_run = sorted(clicks for _, clicks in runs)
    result["clicks per run (median)"] = statistics.median(per_run)
    result["clicks per run (mean)"] = statistics.mean(per_run)
    result["clicks per run (p90)"] = per_run[int(0.9 * (len(per_run) - 1))]
    if turns:
        per_turn = sorted(turns)
        result["clicks per turn (median)"] = statistics.median(per_turn)
        result["clicks per turn (mean)"] = statistics.mean(per_turn)
        result["clicks per turn (p90)"] = per_turn[int(0.9 * (len(per_turn) - 1))]
        result["turns"] = float(len(per_turn))
        for most in (2, 3):
            result[f"turns of at most {most} clicks (share)"] = sum(1 for c in per_turn if c <= most) / len(per_turn)
    result["public messages left per game"] = statistics.mean(left)
    result["turn p50 ms"] = 1000 * statistics.median(latencies)
    result["turn p99 ms"] = 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    lateness.sort()
    result["event loop late p50 ms"] = 1000 * statistics.median(lateness)
    result["event loop late p99 ms"] = 1000 * lateness[min(len(lateness) - 1, int(0.99 * len(lateness)))]
    result["event loop late max ms"] = 1000 * lateness[-1]
    return result


async def _lateness_probe(stop: asyncio.Event, lateness: list[float]) -> None:
    """How late the event loop runs a task that asks to wake every millisecond: what any
    click waits for while something else holds the loop (a picture drawn on it, a search)."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(0.001)
        lateness.append(max(0.0, time.perf_counter() - asked - 0.001))


async def _directed_game(world, game, table_id: int, members: list, rng: random.Random, away: bool, think: float,
                         trace: bool, clicks_per: list[int], turns: list[int], runs: list[list[int]],
                         latencies: list[float]) -> int:
    """One table played to its end by directed players (`simdriver.play_directed`)."""
    from simdriver import play_directed

    def seen(member, pressed: list[str], seconds: float) -> None:
        if trace:
            print(f"  {members.index(member)} {[c.split(':')[3:5] if c.startswith('ct:') else c for c in pressed]}")
        latencies.append(seconds)
        clicks_per.append(len(pressed))
        if runs and runs[-1][0] == member.id:
            runs[-1][1] += len(pressed)
        else:
            runs.append([member.id, len(pressed)])

    played = await play_directed(world, game, table_id, members, rng, away=away, think=think, on_decision=seen)
    turns.extend(played)
    entries = await world.bot.service.store.actions.list(table_id)
    return sum(1 for e in entries if not e.auto)  # a chain's one click makes two of the player's moves


def rest_calls_per_action(game: str = "sutosute", games: int = 3, away: bool = False,
                          options: dict[str, str] | None = None, players: int | None = None, think: float = 10.0,
                          trace: bool = False, direct: bool = False, picture_workers: int = 1) -> dict[str, float]:
    return asyncio.run(measure(game, games, away=away, options=options, players=players, trace=trace, think=think,
                               direct=direct, picture_workers=picture_workers))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="sutosute")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--away", action="store_true", help="players leave between their turns (start from the ping)")
    ap.add_argument("--mode", help="the game's mode or set option (e.g. renaissance, coop)")
    ap.add_argument("--players", type=int)
    ap.add_argument("--think", type=float, default=10.0, help="virtual seconds between decisions")
    ap.add_argument("--trace", action="store_true", help="print each decision's REST calls")
    ap.add_argument("--picture-workers", type=int, default=1,
                    help="picture worker processes (0: the pictures thread in the bot's process)")
    ap.add_argument("--direct", action="store_true",
                    help="also measure directed players (decide first, then the shortest clicks to it)")
    args = ap.parse_args()
    options = None
    if args.mode:
        from games import registry
        fields = registry.get(args.game).Options.model_fields
        options = {("mode" if "mode" in fields else "set"): args.mode}
    numbers = rest_calls_per_action(args.game, args.games, args.away, options, args.players, trace=args.trace,
                                    think=args.think, picture_workers=args.picture_workers)
    columns = {"random": numbers}
    if args.direct:
        columns["directed"] = rest_calls_per_action(args.game, args.games, args.away, options, args.players,
                                                    trace=args.trace, think=args.think, direct=True,
                                                    picture_workers=args.picture_workers)
    print(f"Discord REST calls per person decision under SimCord ({args.game} {args.mode or ''}, {args.games} games, "
          f"{'players away between turns' if args.away else 'players at the table'}):")
    print(f"  {'':<34} " + " ".join(f"{name:>9}" for name in columns))
    for key in dict.fromkeys(k for c in columns.values() for k in c):
        print(f"  {key:<34} " + " ".join(f"{c[key]:9.2f}" if key in c else f"{'—':>9}" for c in columns.values()))


if __name__ == "__main__":
    main()
