"""What the Discord front end's parts need from each other, as a small protocol.

Commands, controls and announcements are handed a `Desk` (the running bot satisfies it)
instead of the whole bot class, so each module names what it uses and none imports the client.
"""
from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import discord

    from bot.settings import Settings
    from tables import TableService

    from .announce import Announcer
    from .live_hands import LiveHands
    from .pictures_cache import PictureCache
    from .prefs_cache import PrefsCache
    from .router import Router
    from .scheduler import Scheduler


class Desk(Protocol):
    settings: Settings
    prefs: PrefsCache
    announcer: Announcer
    scheduler: Scheduler
    pictures: PictureCache
    hands: LiveHands
    router: Router

    @property
    def service(self) -> TableService: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    def get_channel(self, id: int, /) -> Any: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    def add_listener(self, func: Callable[..., Coroutine[Any, Any, Any]], /) -> None: ...


def desk_of(interaction: discord.Interaction) -> Desk:
    """The desk behind an interaction (the client that received it)."""
    return interaction.client  # type: ignore[return-value]
