"""Guild settings and user preferences, read through the service and kept in memory.

Nearly every interaction needs a language, so reading them from the database each time would
double the queries of a click. This process is their only writer (every change goes through
here), so the copies stay true; the cache is bounded and simply forgets the oldest entries.
It also remembers each user's Discord language as last seen (memory only: after a restart the
next interaction brings it again), for DMs.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from .desk import Served

MAX_ENTRIES = 10_000


class _Bounded(OrderedDict):
    def remember(self, key: Any, value: Any) -> Any:
        self[key] = value
        self.move_to_end(key)
        while len(self) > MAX_ENTRIES:
            self.popitem(last=False)
        return value


class PrefsCache:
    def __init__(self, bot: Served) -> None:
        self.bot = bot
        self._users = _Bounded()
        self._guilds = _Bounded()
        self._locales = _Bounded()  # the language of each user's Discord client, as last seen

    def note_locale(self, user_id: str, lang: str) -> None:
        """Remember the language of the user's Discord client (every interaction brings it),
        so that DMs, which no interaction carries, can use it too."""
        if self._locales.get(user_id) != lang:
            self._locales.remember(user_id, lang)

    def seen_lang(self, user_id: str) -> str | None:
        return self._locales.get(user_id)

    async def user(self, user_id: str) -> Any:
        if user_id not in self._users:
            self._users.remember(user_id, await self.bot.service.user_prefs(user_id))
        return self._users[user_id]

    async def update_user(self, user_id: str, **changes: Any) -> Any:
        return self._users.remember(user_id, await self.bot.service.update_user_prefs(user_id, **changes))

    async def guild(self, guild_id: int | None) -> Any:
        if guild_id not in self._guilds:
            self._guilds.remember(guild_id, await self.bot.service.guild_settings(guild_id))
        return self._guilds[guild_id]

    async def update_guild(self, guild_id: int, **changes: Any) -> Any:
        return self._guilds.remember(guild_id, await self.bot.service.update_guild_settings(guild_id, **changes))
