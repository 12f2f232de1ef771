"""One table-service process for the multi-process tests: `python worker.py MODE URL JSON`.

Modes (each prints one JSON object per line, flushed, so the test sees progress live):
  play    {"tables": [...], "seconds": s, "seed": n}  random legal moves as the seated people, for
          at least s seconds and until this process's first move went in (at most MAX_SECONDS);
          prints {"ready": true}, then waits for a line "go" on standard input (so that several
          workers start playing together, however long each took to start), then prints
          {"ack": table, "version": v} after every act that returned (acknowledged)
  fire    {"now": t, "shard_count": n, "shard_ids": [...]}  fires due timers of its shards;
          prints {"fired": table, "kind": k} per notice
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.kit import Rng  # noqa: E402
from games.kit.playout import random_choice  # noqa: E402
from persistence import Shards, open_store  # noqa: E402
from tables import TableError, TableService  # noqa: E402

MAX_SECONDS = 60  # a play worker that never got a move in gives up after this long


def say(**fields) -> None:
    print(json.dumps(fields), flush=True)


async def wait_for_go() -> None:
    """Block until the test says "go": the start barrier shared by every worker of one test."""
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if line.strip() != "go":
        raise SystemExit(f"expected 'go' on standard input, got {line!r}")


async def play(url: str, args: dict) -> None:
    store = await open_store(url)
    svc = TableService(store)
    rng = random.Random(args["seed"])
    for table_id in args["tables"]:  # warm up (imports, first reads) before the start barrier
        table = await svc.get(table_id)
        for seat in table.seats:
            await svc.prompts_for(table_id, seat.user_id)
    say(ready=True)
    await wait_for_go()
    start = time.monotonic()
    until, at_most = start + args["seconds"], start + MAX_SECONDS
    acked = 0

    def playing() -> bool:
        """Until `seconds` are over and this process got a move in: the process that wins the
        races (it holds the state it just wrote) stops first, and the other then plays on."""
        now = time.monotonic()
        return now < until or (acked == 0 and now < at_most)

    async def one_table(table_id: int) -> None:
        nonlocal acked
        while playing():
            table = await svc.get(table_id)
            if table.status != "running":
                return
            owed = [p for s in table.seats for p in await svc.prompts_for(table_id, s.user_id)]
            if not owed:
                return
            prompt = rng.choice(owed)
            # people think a moment between moves; without it the faster process (holding the
            # table it just wrote) can win every race for seconds on a loaded machine
            await asyncio.sleep(rng.random() * 0.004)
            try:
                result = await svc.act(table_id, prompt.player, table.version, prompt.id,
                                       random_choice(prompt, Rng(seed=rng.randrange(2**31))))
            except TableError as e:
                if e.code in ("out_of_date", "illegal"):
                    continue  # the other process moved first
                raise
            acked += 1
            say(ack=table_id, version=result.actions[0].seq)

    await asyncio.gather(*(one_table(t) for t in args["tables"]))
    await store.close()


async def fire(url: str, args: dict) -> None:
    store = await open_store(url, shards=Shards(args["shard_count"], frozenset(args["shard_ids"])))
    svc = TableService(store, clock=lambda: args["now"])
    say(ready=True)
    for notice in await svc.fire_due(args["now"]):
        say(fired=notice.table_id, kind=notice.kind)
    await store.close()


if __name__ == "__main__":
    mode, url, payload = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    asyncio.run({"play": play, "fire": fire}[mode](url, payload))
