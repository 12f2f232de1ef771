"""A process for the notice tests: `python notice_worker.py MODE URL JSON`.

Each prints {"ready": true}, waits for "go" on standard input (the start barrier), then one JSON
line per thing it told, flushed:
  fire     {"now": t, "shard_count": n, "shard_ids": [...]}  fires due timers of its shards
           (overlapping shards: a rolling restart); {"told": notice_id, "kind": k, "table": id}
  deliver  {"seconds": s, "post_s": p}  the bot's delivery (bot/discord_ui/delivery.py) over the
           outbox: catches up on pending rows for s seconds, a post taking p seconds (Discord is
           slow); {"told": notice_id, "kind": k} per notice posted
"""
from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.discord_ui import delivery  # noqa: E402
from persistence import Shards, open_store  # noqa: E402
from tables import TableService  # noqa: E402


def say(**fields) -> None:
    print(json.dumps(fields), flush=True)


async def ready_then_go() -> None:
    say(ready=True)
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if line.strip() != "go":
        raise SystemExit(f"expected 'go' on standard input, got {line!r}")


async def fire(url: str, args: dict) -> None:
    store = await open_store(url, shards=Shards(args["shard_count"], frozenset(args["shard_ids"])))
    svc = TableService(store, clock=lambda: args["now"])
    await svc.next_due_at()  # warm up before the barrier
    await ready_then_go()
    for notice in await svc.fire_due(args["now"]):
        say(told=notice.id, kind=notice.kind, table=notice.table_id)
    await store.close()


async def deliver(url: str, args: dict) -> None:
    store = await open_store(url)
    bot = SimpleNamespace(service=TableService(store))
    desk = delivery.Delivery(bot)
    tasks: set[asyncio.Task] = set()

    async def post(batch: list) -> None:
        await asyncio.sleep(args["post_s"])  # Discord takes its time; the claim is held meanwhile
        for notice in batch:
            say(told=notice.id, kind=notice.kind)

    def retell(table_id: int, batch: list) -> None:
        task = asyncio.create_task(desk.tell(table_id, batch, post, retell))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    await store.outbox.pending(limit=1)  # warm up before the barrier
    await ready_then_go()
    until = time.monotonic() + args["seconds"]
    while time.monotonic() < until:
        await desk.catch_up(retell)
        await asyncio.sleep(0.05)
    while tasks:
        await asyncio.gather(*list(tasks))
    await store.close()


if __name__ == "__main__":
    mode, url, payload = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    asyncio.run({"fire": fire, "deliver": deliver}[mode](url, payload))
