"""What the Discord front end's parts need from each other, as a small protocol.

`Desk` is everything the running bot offers its parts. No part takes all of it: each function
or class types what it is handed with a protocol of only the members it uses, made of the small
ones here (`Served`, `Preferring`, `Announced`, `Clocked`, ...) and of their few common
combinations (`Publishing`, `Speaking`, `Seating`); the bot satisfies them all, so each module
names what it uses and none imports the client.
"""
from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import asyncio

    import discord

    from bot.settings import Settings
    from tables import TableService

    from .live_hands import LiveHands
    from .pictures_cache import PictureCache


# The parts below are the bot's own (announce.Announcer, router.Router, scheduler.Scheduler,
# prefs_cache.PrefsCache); they take the desk themselves, so the desk names only what the
# others ask of them, and no module of the front end imports another back, not even for types.
class Announcing(Protocol):
    """What commands and clicks ask of the announcer: boards, the channel's messages, the news."""

    def hold(self, table_id: int) -> None: ...

    def unhold(self, table_id: int) -> None: ...

    def publish(self, table_id: int, notices: list[Any], *, actor: str | None = None,
                first_turn: bool = False, board: bool = True, followup: discord.Webhook | None = None,
                undone: bool = False, automatic: bool = False) -> asyncio.Task[Any]: ...

    def where(self, table: Any, lang: str, *, lobby: bool = False) -> str: ...

    def board_channel(self, table: Any) -> int: ...

    async def open_thread(self, table: Any, lobby_message: int, lang: str) -> int | None: ...

    def board_payload(self, table: Any, lang: str, recent: list[Any] | None = None, *, ping: list[str] | None = None,
                      notes: list[str] | None = None, deadline: float | None = None) -> dict[str, Any]: ...

    async def update_board(self, table: Any, lang: str | None = None, *, fresh: bool = False,
                           silent: bool = False) -> None: ...

    async def send(self, channel_id: int, *, mentions: list[str] | None = None,
                   followup: discord.Webhook | None = None, silent: bool = False, fallback: bool = True,
                   **kwargs: Any) -> discord.Message | None: ...

    async def delete_message(self, channel_id: int, message_id: int) -> None: ...

    async def edit_message(self, channel_id: int, message_id: int, **kwargs: Any) -> bool: ...


class Clicks(Protocol):
    """The router: a click on a control (`items.Control`), or a refusal of one."""

    async def click(self, interaction: discord.Interaction, control: Any) -> None: ...

    async def invalid_control(self, interaction: discord.Interaction, why: str = "") -> None: ...


class Clock(Protocol):
    """The turn clock's loop: woken after a change that may bring a timer forward."""

    def poke(self) -> None: ...


class Prefs(Protocol):
    """Guild settings and user preferences, cached, and each user's Discord language as last seen."""

    def note_locale(self, user_id: str, lang: str) -> None: ...

    def seen_lang(self, user_id: str) -> str | None: ...

    async def user(self, user_id: str) -> Any: ...

    async def update_user(self, user_id: str, **changes: Any) -> Any: ...

    async def guild(self, guild_id: int | None) -> Any: ...

    async def update_guild(self, guild_id: int, **changes: Any) -> Any: ...


class Served(Protocol):
    """Anything that reaches the table service (the service is made when the bot starts)."""

    @property
    def service(self) -> TableService: ...


class Preferring(Protocol):
    """Anything that reads the users' and servers' preferences."""

    @property
    def prefs(self) -> Prefs: ...


class Announced(Protocol):
    """Anything that tells the channels and players through the announcer."""

    @property
    def announcer(self) -> Announcing: ...


class Clocked(Protocol):
    """Anything that wakes the turn clock after a change that may bring a timer forward."""

    @property
    def scheduler(self) -> Clock: ...


class Drawing(Protocol):
    """Anything that draws the board and hand pictures (drawn off the event loop, cached)."""

    pictures: PictureCache


class OpenHands(Protocol):
    """Anything that keeps the register of the players' open hands (to redraw them later)."""

    hands: LiveHands


class Guilds(Protocol):
    """The servers the bot is in."""

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


class Channels(Protocol):
    """The channels the bot can see, from its cache or else from Discord."""

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...


class Publishing(Served, Announced, Protocol):
    """A change made through the service and told by the announcer."""


class Speaking(Publishing, Preferring, Protocol):
    """A change told in public in the table's language (the server's preferences say it)."""


class Seating(Speaking, Clocked, Protocol):
    """A change told in public that also wakes the clock (a seat taken or freed, a table ended)."""


class Users(Preferring, Protocol):
    """What a DM to a user needs: their preferences (language, closed DMs) and their user."""

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...


class Routed(Protocol):
    """What a control asks of the bot: the router its clicks go to."""

    # read-only, so the bot's own class stands for it
    @property
    def router(self) -> Clicks: ...


class Desk(Served, Users, Announced, Clocked, Drawing, OpenHands, Guilds, Channels, Routed, Protocol):
    """Everything the bot offers its parts (`client.CardTableBot` satisfies it): the small
    protocols above together, with its settings, the router, its listeners and a channel to post
    in; what an interaction's client is (`desk_of`)."""

    settings: Settings

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...

    def add_listener(self, func: Callable[..., Coroutine[Any, Any, Any]], /) -> None: ...


def desk_of(interaction: discord.Interaction) -> Desk:
    """The desk behind an interaction (the client that received it)."""
    return interaction.client  # type: ignore[return-value]


def router_of(interaction: discord.Interaction) -> Clicks:
    """The router of the bot that received an interaction: all a control needs of it."""
    routed: Routed = desk_of(interaction)
    return routed.router
