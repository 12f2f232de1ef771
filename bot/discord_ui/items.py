"""One DynamicItem class per kind of control, each with a readable template of its custom_id.

A click carries nothing but its custom_id (`ids`), so every control works after a restart
without any stored view: discord.py matches the id against these templates (registered once
with `add_dynamic_items`), rebuilds the item and calls it, and the item hands the click to the
matching `Router` method under one guard that turns refusals into polite replies. Numbers are
ASCII digits of bounded length, so a forged id (other digits, oversized, cut short) matches no
template and is answered by `Router.invalid_control` instead.
"""
from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord

from . import ids
from .desk import desk_of

if TYPE_CHECKING:
    from .router import Router

TABLE = r"ct:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,18})"
PROMPT = r"(?P<prompt>[^:]{1,80})"
PICKS = r"(?P<picks>(?:[0-9a-z]{2}){0,40})"
PAGE = r"(?P<page>[0-9]{1,4})"


class Control:
    """What every control shares: its parsed id, and a click that goes to the router."""

    item: Any

    def __init__(self, item: Any) -> None:
        super().__init__(item)  # type: ignore[call-arg]
        self.cid = ids.parse(item.custom_id or "")

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(item)

    expects: type = discord.ui.Item

    async def callback(self, interaction: discord.Interaction) -> None:
        router = desk_of(interaction).router
        if not isinstance(self.item, self.expects) or self.cid is None:  # e.g. a button forged with a select's id
            await router.invalid_control(interaction, "wrong kind of component")
            return
        try:
            work = self.run(router, interaction)  # reads the id's arguments (picks, pages)
        except (ValueError, IndexError) as error:  # matched a template, but means nothing
            await router.invalid_control(interaction, str(error))
            return
        await router.guarded(interaction, self.cid, work)

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        raise NotImplementedError


class ActionButton(Control):
    """Marker of the bot's buttons."""

    expects = discord.ui.Button


class ActionSelect(Control):
    """Marker of the bot's string selects."""

    expects = discord.ui.Select

    @property
    def values(self) -> list[str]:
        return list(self.item.values)


Button = discord.ui.DynamicItem[discord.ui.Button]
Select = discord.ui.DynamicItem[discord.ui.Select]


# ---- lobby ----------------------------------------------------------------------------------
class LobbyButton(ActionButton, Button, template=TABLE + r":L:(?P<action>join|leave|start|cancel|cpu)"):
    """Join, Leave, Start, Cancel, + CPU on a lobby."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.lobby_button(interaction, self.cid, self.cid.args[0])


class LobbyOptionSelect(ActionSelect, Select, template=TABLE + r":LO:(?P<name>[^:]{1,80})"):
    """A game option picked directly on the lobby."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.lobby_option(interaction, self.cid, ids.unescape(self.cid.args[0]), self.values)


class LobbyMoreSelect(ActionSelect, Select, template=TABLE + r":LM"):
    """More options…: which option or clock setting to change (answers with a picker)."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.lobby_more(interaction, self.cid, self.values)


class LobbyValueSelect(ActionSelect, Select, template=TABLE + r":LV:(?P<name>[^:]{1,80})"):
    """The value of the option chosen under More options…"""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.lobby_value(interaction, self.cid, ids.unescape(self.cid.args[0]), self.values)


# ---- playing --------------------------------------------------------------------------------
class HandButton(ActionButton, Button, template=r"ct:(?P<table>[0-9]{1,18}):0:H"):
    """My hand: the player's private view and controls, always of the present."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.my_hand(interaction, self.cid)


class OptionButton(ActionButton, Button, template=TABLE + r":B:" + PROMPT + r":(?P<key>.{1,80})"):
    """One answer to a prompt."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        prompt_id, key = ids.option_key_of_button(self.item.custom_id)
        return router.answer(interaction, self.cid, prompt_id, [key])


class NoneButton(ActionButton, Button, template=TABLE + r":N:" + PROMPT):
    """The empty answer of a prompt that allows none."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.answer(interaction, self.cid, ids.unescape(self.cid.args[0]), [])


class OptionSelect(ActionSelect, Select, template=TABLE + r":S:" + PROMPT + ":" + PAGE):
    """Answers to a prompt picked from a (paged) select."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.answer(interaction, self.cid, ids.unescape(self.cid.args[0]), self.values)


class PageButton(ActionButton, Button, template=TABLE + r":P:" + PROMPT + ":" + PAGE + r"(?::" + PICKS
                 + r")?(?::(?:prev|next))?"):
    """◀ ▶ and Choose…: redraw the hand with one prompt in focus, on a page."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        args = self.cid.args
        picks = ids.decode_picks(args[2]) if len(args) > 2 and args[2] not in ("prev", "next") else []
        return router.redraw(interaction, self.cid, args[0], page=int(args[1]), picks=picks)


class DraftButton(ActionButton, Button, template=TABLE + r":D:" + PROMPT + ":" + PICKS + r":(?P<op>ok|clr)"):
    """Confirm or Clear the picks of a pick-one-at-a-time answer."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        escaped, code, op = self.cid.args[0], self.cid.args[1], self.cid.args[2]
        return router.draft(interaction, self.cid, escaped, ids.decode_picks(code), confirm=op == "ok")


class DraftSelect(ActionSelect, Select, template=TABLE + r":DS:" + PROMPT + ":" + PICKS + ":" + PAGE):
    """Adds picks to a pick-one-at-a-time answer."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        escaped, code, page = self.cid.args[0], self.cid.args[1], int(self.cid.args[2])
        return router.draft_add(interaction, self.cid, escaped, ids.decode_picks(code), page, self.values)


class ChainSelect(ActionSelect, Select, template=TABLE + r":C:" + PROMPT):
    """A decision and the same player's next one (or two), picked at once (`tables.chains`)."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        picked = [ids.parse_chain_value(v) for v in self.values]
        return router.chain(interaction, self.cid, ids.unescape(self.cid.args[0]), picked[0])


class UndoButton(ActionButton, Button, template=TABLE + r":U"):
    """Undo on a player's hand: take back their latest move, while the table is still at the
    version the button was drawn for."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.undo(interaction, self.cid)


class HintButton(ActionButton, Button, template=TABLE + r":HT"):
    """💡 Hint on a player's hand: the strong player's choice for the decision drawn at that
    version, one per decision (tables/hints.py)."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.hint(interaction, self.cid)


class LeaveGuidedButton(ActionButton, Button, template=r"ct:(?P<table>[0-9]{1,18}):0:Q"):
    """Leave on a guided game's hand (/game learn): the game ends."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.leave_guided(interaction, self.cid)


# ---- after the game, and reading ------------------------------------------------------------
class RematchButton(ActionButton, Button, template=r"ct:(?P<table>[0-9]{1,18}):0:R"):
    """Rematch on a result: a new lobby with the same seats and options."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.rematch(interaction, self.cid)


class LogPageButton(ActionButton, Button, template=r"ct:(?P<table>[0-9]{1,18}):0:G:(?P<before>[0-9]{1,10})"):
    """Older / newer pages of /game log."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.log_page(interaction, self.cid, int(self.cid.args[0]))


class MinePageButton(ActionButton, Button, template=r"ct:0:0:M:(?P<page>[0-9]{1,3})"):
    """Previous / next pages of /game mine (the clicking user's own tables)."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.mine_page(interaction, int(self.cid.args[0]))


# ---- watching (the router hands them to bot/discord_ui/watch.py) -------------------------------------------
class FollowButton(ActionButton, Button, template=r"ct:(?P<table>[0-9]{1,18}):0:F"):
    """Follow on a board: DMs when a round ends and when the game ends."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.follow(interaction, self.cid.table)


class UnfollowButton(ActionButton, Button, template=r"ct:(?P<table>[0-9]{1,18}):0:UF"):
    """Unfollow, under the answer to Follow."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.unfollow(interaction, self.cid.table)


class BrowseJoinButton(ActionButton, Button, template=r"ct:(?P<table>[0-9]{1,18}):0:BJ"):
    """Join a lobby from /game browse."""

    def run(self, router: Router, interaction: discord.Interaction) -> Awaitable[None]:
        return router.browse_join(interaction, self.cid.table)


ALL = (LobbyButton, LobbyOptionSelect, LobbyMoreSelect, LobbyValueSelect, HandButton, OptionButton, NoneButton,
       OptionSelect, PageButton, DraftButton, DraftSelect, ChainSelect, UndoButton, RematchButton, LogPageButton,
       MinePageButton, FollowButton, UnfollowButton, BrowseJoinButton, HintButton, LeaveGuidedButton)
BY_KIND = {"L": LobbyButton, "LO": LobbyOptionSelect, "LM": LobbyMoreSelect, "LV": LobbyValueSelect,
           "H": HandButton, "B": OptionButton, "N": NoneButton, "S": OptionSelect, "P": PageButton,
           "D": DraftButton, "DS": DraftSelect, "C": ChainSelect, "U": UndoButton, "R": RematchButton, "G": LogPageButton,
           "M": MinePageButton, "F": FollowButton, "UF": UnfollowButton, "BJ": BrowseJoinButton,
           "HT": HintButton, "Q": LeaveGuidedButton}


def matches_any(custom_id: str) -> bool:
    """Whether some control class answers this custom_id."""
    return any(cls.__discord_ui_compiled_template__.fullmatch(custom_id) for cls in ALL)
