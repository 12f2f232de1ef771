"""A worker script run as its own OS process by the multi-process tests: `python SCRIPT MODE URL
JSON`, one JSON object per output line, read as they come; workers that wait for "go" on
standard input start playing together (the start barrier)."""
from __future__ import annotations

import asyncio
import json
import sys


class WorkerProcess:
    script: str  # set by each test module's subclass: the worker script's path

    def __init__(self, proc: asyncio.subprocess.Process):
        self.proc = proc
        self.lines: list[dict] = []

    @classmethod
    async def start(cls, mode: str, url: str, **args):
        """Start a worker and wait until it says it is ready."""
        proc = await asyncio.create_subprocess_exec(sys.executable, cls.script, mode, url, json.dumps(args),
                                                    stdin=asyncio.subprocess.PIPE,
                                                    stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        worker = cls(proc)
        assert (await worker.read()) == {"ready": True}
        return worker

    @classmethod
    async def start_together(cls, mode: str, url: str, each: list[dict]) -> list:
        """Start one worker per argument set, all ready before any plays: the start barrier."""
        workers = await asyncio.gather(*(cls.start(mode, url, **args) for args in each))
        for worker in workers:
            worker.proc.stdin.write(b"go\n")
        await asyncio.gather(*(worker.proc.stdin.drain() for worker in workers))
        return list(workers)

    async def go(self) -> None:
        self.proc.stdin.write(b"go\n")
        await self.proc.stdin.drain()

    async def read(self) -> dict | None:
        line = await asyncio.wait_for(self.proc.stdout.readline(), timeout=60)
        if not line:
            return None
        self.lines.append(json.loads(line))
        return self.lines[-1]

    async def finish(self) -> list[dict]:
        while await self.read() is not None:
            pass
        err = (await self.proc.stderr.read()).decode()
        assert await self.proc.wait() == 0, err
        return self.lines
