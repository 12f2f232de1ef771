"""Watching tables: a server's table list, following a table by DM, and private
(invite-only) tables, which are neither listed nor followed by others.

Followers are told at most once per round and once of the end: each notice is claimed in the
store (`FollowRepo.claim_round` / `claim_end`) before it is sent, so two processes, or a
restart, never tell a follower twice.
"""
from __future__ import annotations

import secrets
from typing import Any

from persistence.models import Table, TableSettings
from persistence.repos.watch import Follow

from .core import ServiceCore
from .errors import TableError, refuse

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed by people
CODE_LENGTH = 6


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def with_join_code(settings: TableSettings) -> TableSettings:
    """A private table has a join code; an open one has neither code nor invitations."""
    if settings.private and not settings.join_code:
        return settings.model_copy(update={"join_code": new_join_code()})
    if not settings.private and (settings.join_code or settings.invited):
        return settings.model_copy(update={"join_code": None, "invited": []})
    return settings


def round_of(state: Any) -> int | None:
    """The game's round counter where the game has rounds (its state's `round`), else None."""
    value = getattr(state, "round", None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def check_may_join(table: Table, user_id: str, code: str | None) -> None:
    """A private table takes its host's invitees and whoever gives its join code."""
    if may_watch(table, user_id):
        return
    given = (code or "").strip().upper()
    if not given or not secrets.compare_digest(given, table.settings.join_code or ""):
        raise TableError("private_table", "private.bad_code" if given else "private.invite_only")


def may_watch(table: Table, user_id: str) -> bool:
    """Anyone may watch a public table; a private one only its host, players and invitees."""
    return (not table.settings.private or user_id == table.host or table.user_seated(user_id)
            or user_id in table.settings.invited)


class Watch:
    """Private tables, the server's table list and following a table by DM."""

    def __init__(self, core: ServiceCore) -> None:
        self.core = core

    # ---- private tables ------------------------------------------------------------------
    async def set_private(self, table_id: int, by_user: str, private: bool) -> Table:
        """The host makes the lobby invite-only (a join code is made) or open again."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self.core.require(table, "lobby")
            if table.host != by_user:
                raise refuse("not_host")
            code = (table.settings.join_code or new_join_code()) if private else None
            settings = table.settings.model_copy(update={"private": private, "join_code": code,
                                                         "invited": list(table.settings.invited) if private else []})
            changed = table.model_copy(update={"settings": settings, "lobby_version": table.lobby_version + 1,
                                               "updated_at": self.core.clock()})
            return await self.core.save(changed, table)

    async def invite(self, table_id: int, by_user: str, user_id: str) -> Table:
        """The host invites a member to a private lobby (inviting twice changes nothing)."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self.core.require(table, "lobby")
            if table.host != by_user:
                raise refuse("not_host")
            if not table.settings.private:
                raise TableError("private_table", "private.not_private")
            if user_id in table.settings.invited or table.user_seated(user_id):
                return table
            settings = table.settings.model_copy(update={"invited": [*table.settings.invited, user_id]})
            changed = table.model_copy(update={"settings": settings, "updated_at": self.core.clock()})
            return await self.core.save(changed, table)

    # ---- the server's table list ----------------------------------------------------------
    async def browse(self, guild_id: int) -> list[Table]:
        """The server's lobbies and running games, never private ones (the front end keeps
        those in channels the asking member can see)."""
        tables = [t for t in await self.core.store.tables.open_in_guild(guild_id) if not t.settings.private]
        return sorted(tables, key=lambda t: (t.status != "lobby", t.id))

    # ---- following ------------------------------------------------------------------------
    async def follow(self, table_id: int, user_id: str) -> bool:
        """Follow a table by DM; False when already following. A private table is refused
        (to anyone but its own people), as is a table that is over."""
        table = await self.core.load(table_id)
        if not may_watch(table, user_id):
            raise TableError("follow_refused", "follow.private")
        if not table.is_open:
            raise TableError("follow_refused", "follow.over")
        state = None
        if table.state_json is not None:
            game = self.core.game(table.game)
            state = await self.core.state(table, game)
            self.core.remember(table, state)
        told = round_of(state) or 0
        return await self.core.store.follows.add(Follow(table_id=table_id, user_id=user_id, told_round=told,
                                                        created_at=self.core.clock()))

    async def unfollow(self, table_id: int, user_id: str) -> bool:
        return await self.core.store.follows.remove(table_id, user_id)

    async def is_following(self, table_id: int, user_id: str) -> bool:
        return await self.core.store.follows.is_following(table_id, user_id)

    async def follow_news(self, table: Table) -> list[tuple[str, str, int | None]]:
        """What followers of `table` are owed now, each claimed once: (user, "round" or
        "end", round). A follower who is not a player hears of the end only at the end."""
        follows = await self.core.store.follows.for_table(table.id)
        if not follows:
            return []
        over = table.status in ("finished", "cancelled")
        current = None
        if table.state_json is not None and not over:
            game = self.core.game(table.game)
            state = await self.core.state(table, game)
            self.core.remember(table, state)
            current = round_of(state)
        news: list[tuple[str, str, int | None]] = []
        for f in follows:
            if over:
                if not f.told_end and await self.core.store.follows.claim_end(table.id, f.user_id):
                    news.append((f.user_id, "end", None))
            elif current is not None and current > f.told_round:
                if await self.core.store.follows.claim_round(table.id, f.user_id, current):
                    news.append((f.user_id, "round", current))
        return news
