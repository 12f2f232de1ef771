"""The delivery's decisions without Discord: which failures are retried, a retry's
nonce is the first try's, and a stale reminder or turn ping is dropped, not posted late."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

import discord

from bot.discord_ui import delivery
from persistence import open_store
from persistence.repos import OutboxItem
from tables.models import Notice


def http_error(status: int, code: int = 0) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="test")
    return discord.HTTPException(response, {"code": code, "message": "test"})


def test_server_errors_and_rate_limits_are_retried_refusals_are_not():
    assert not delivery.permanent(http_error(503))
    assert not delivery.permanent(http_error(429))
    assert not delivery.permanent(TimeoutError())
    for status, code in ((403, 50013), (403, 50001), (400, delivery.ARCHIVED_THREAD), (400, delivery.LOCKED_THREAD),
                         (404, delivery.UNKNOWN_CHANNEL)):
        assert delivery.permanent(http_error(status, code)), (status, code)
    assert delivery.reason_key(http_error(400, delivery.LOCKED_THREAD)) == "notice.refused.thread"
    assert delivery.reason_key(http_error(403, 50001)) == "notice.refused.permission"


def test_a_retry_of_the_same_notices_posts_with_the_same_nonces():
    first, again, other = delivery.Attempt(["a", "b"]), delivery.Attempt(["b", "a"]), delivery.Attempt(["a"])
    nonces = [first.nonce(), first.nonce()]
    assert [again.nonce(), again.nonce()] == nonces, "the same batch, the same nonce for each of its posts"
    assert nonces[0] != nonces[1] and other.nonce() != nonces[0]
    assert all(len(n) <= 25 for n in nonces), "Discord's nonce limit"


async def test_a_reminder_past_its_deadline_and_a_ping_for_a_played_turn_are_dropped(tmp_path):
    store = await open_store(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    now = discord.utils.utcnow().timestamp()
    seats = {"u1": SimpleNamespace(turn_started_at=now - 100), "u2": SimpleNamespace(turn_started_at=now - 10)}
    table = SimpleNamespace(status="running", seat=seats.get)

    async def get(table_id):
        return table
    desk = delivery.Delivery(SimpleNamespace(service=SimpleNamespace(store=store, get=get)))
    notices = [
        Notice(kind="reminder", id="late", table_id=1, channel_id=2, guild_id=3, users=["u1"], data={"deadline": now - 1}),
        Notice(kind="reminder", id="due", table_id=1, channel_id=2, guild_id=3, users=["u1"], data={"deadline": now + 60}),
        Notice(kind="turn_started", id="played", table_id=1, channel_id=2, guild_id=3, users=["u2"]),  # u2's turn is newer
        Notice(kind="game_over", id="over", table_id=1, channel_id=2, guild_id=3, users=["u1", "u2"]),
    ]
    await store.outbox.add([OutboxItem(n.id, 1, 3, n.model_dump_json(), now - 50) for n in notices])
    posted: list[list[str]] = []

    async def publish(batch):
        posted.append([n.id for n in batch])
    await desk.tell(1, notices, publish, lambda *a: None)
    assert posted == [["due", "over"]]
    outcomes = {r.item.notice_id: r.outcome for r in await store.outbox.rows([n.id for n in notices])}
    assert outcomes == {"late": "stale", "due": "delivered", "played": "stale", "over": "delivered"}
    await store.close()


async def test_notices_carried_to_a_queued_update_are_settled_with_it(tmp_path, monkeypatch):
    """Latest wins: a skipped update hands its pings to the queued one; when that post fails,
    both batches are retried, none is marked delivered."""
    store = await open_store(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    desk = delivery.Delivery(SimpleNamespace(service=SimpleNamespace(store=store)))
    first = [Notice(kind="expired", id="first", table_id=1, channel_id=2, guild_id=3, users=["u1"])]
    second = [Notice(kind="expired", id="second", table_id=1, channel_id=2, guild_id=3, users=["u2"])]
    await store.outbox.add([OutboxItem(n.id, 1, 3, n.model_dump_json(), 0.0) for n in first + second])

    async def skipped(batch):
        delivery.carried()

    async def refused_for_now(batch):
        delivery.post_failed(http_error(503))
    retold: list[list[str]] = []
    monkeypatch.setattr(delivery, "BACKOFF_S", (0.0,))
    await desk.tell(1, first, skipped, lambda *a: None)
    assert len(await store.outbox.pending()) == 2, "the carried notice is not delivered yet"
    await desk.tell(1, second, refused_for_now, lambda t, batch: retold.append([n.id for n in batch]))
    assert len(await store.outbox.pending()) == 2
    await asyncio.gather(*desk._retries)
    assert retold == [["first", "second"]], "the retry tells both batches"
    await store.close()
