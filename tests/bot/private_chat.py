"""A DM or group DM between people, where the bot is installed to a user's account only.

SimCord 3.2.1 models the DM between a user and the bot, not a DM or group DM between people,
nor user installs. This double builds one from SimCord's own pieces, as Discord presents it:

- the channel is a DM (type 1) or group DM (type 3) the bot is not a member of: posting,
  editing or deleting a message there on its own is refused with 403 / 50001 Missing Access
  (a user-installed app can only answer interactions there);
- every interaction from it has `context` 2 (PRIVATE_CHANNEL), no guild, and
  `authorizing_integration_owners` naming the user who installed the app;
- interaction answers (responses, follow-ups, ephemeral messages, edits of the clicked
  message) work as anywhere else: they go through the interaction's webhook.

Slash commands are offered only where the command's `contexts` include 2, as Discord does.
"""
from __future__ import annotations

from typing import Any

from simcord import interactions as _interactions
from simcord.actors import _find_component
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.results import InteractionResult

PRIVATE_CHANNEL = 2
DM, GROUP_DM = 1, 3
MISSING_ACCESS = 50001


class NotOffered(Exception):
    """Discord would not offer this command here (its contexts leave out private channels)."""


class PrivateChat:
    def __init__(self, env: Any, users: list[Any], *, group: bool, installer: Any, name: str = "friends") -> None:
        self.env = env
        self.users = users
        self.installer = installer
        backend = env.backend
        self.channel = backend.create_channel(None, name if group else None, type=GROUP_DM if group else DM,
                                              recipient_ids=[u.id for u in users])
        self.id = self.channel.id
        for method, path in (("POST", f"/channels/{self.id}/messages"),
                             ("PATCH", f"/channels/{self.id}/messages/*"),
                             ("DELETE", f"/channels/{self.id}/messages/*"),
                             ("POST", f"/channels/{self.id}/threads"),
                             ("POST", f"/channels/{self.id}/messages/*/threads")):
            env.inject_error(method, path, status=403, code=MISSING_ACCESS, message="Missing Access", times=None)

    # ---- what the people there see ----------------------------------------------------------
    def messages(self, viewer: Any | None = None) -> list[Any]:
        """The channel's messages as `viewer` sees them (None: public ones only), oldest first."""
        stored = sorted(self.env.backend.messages[self.id].values(), key=lambda m: m.id)
        return [m for m in stored if m.visible_to(viewer.id if viewer is not None else None)]

    # ---- interactions -----------------------------------------------------------------------
    async def _dispatch(self, user: Any, type: int, data: dict[str, Any], *, extra: dict[str, Any] | None = None,
                        source_message_id: int | None = None) -> InteractionResult:
        env, backend = self.env, self.env.backend
        env._begin_operation("private-chat")
        try:
            record, payload = _interactions.base_payload(backend, type=type, channel_id=self.id, guild_id=None,
                                                         user_id=user.id, data=data)
            payload["context"] = PRIVATE_CHANNEL
            payload["authorizing_integration_owners"] = {"1": str(self.installer.id)}
            if extra:
                payload.update(extra)
            if source_message_id is not None:
                record.source_message_id = source_message_id
            env._notify_dispatch_observers(record)
            backend.emit("INTERACTION_CREATE", payload)
            await env._settle_internal(dispatch="INTERACTION_CREATE")
            return InteractionResult(env, record)
        finally:
            env._end_operation()

    def command(self, name: str) -> dict[str, Any]:
        root = self.env.backend.find_command(name.split()[0], None, type=1)
        if root is None:
            raise NotOffered(name)
        contexts = root.get("contexts")
        if contexts is not None and PRIVATE_CHANNEL not in contexts:
            raise NotOffered(name)
        return root

    async def slash(self, user: Any, name: str, /, **options: Any) -> InteractionResult:
        root = self.command(name)
        parts = name.split()
        leaf, nesting = _interactions.walk_to_subcommand(root, parts[1:])
        leaf_options, resolved = _interactions.build_options(user, name, leaf, options, channel_id=self.id)
        data: dict[str, Any] = {"id": root["id"], "name": root["name"], "type": 1,
                                "options": _interactions.nest_options(root, nesting, leaf_options)}
        if resolved:
            data["resolved"] = resolved
        return await self._dispatch(user, InteractionType.APPLICATION_COMMAND, data)

    def _stored(self, message: Any) -> Any:
        return self.env.backend.get_message(self.id, message.id)

    async def click(self, user: Any, message: Any, *, custom_id: str | None = None,
                    label: str | None = None) -> InteractionResult:
        stored = self._stored(message)
        button = _find_component(stored.components, types=(ComponentType.BUTTON,), custom_id=custom_id, label=label)
        data = {"custom_id": button["custom_id"], "component_type": ComponentType.BUTTON}
        return await self._component(user, stored, data)

    async def select(self, user: Any, message: Any, values: list[str], *, custom_id: str) -> InteractionResult:
        stored = self._stored(message)
        menu = _find_component(stored.components, types=(ComponentType.STRING_SELECT,), custom_id=custom_id,
                               label=None)
        offered = {o["value"] for o in menu.get("options") or []}
        assert all(v in offered for v in values), (values, offered)
        data = {"custom_id": menu["custom_id"], "component_type": ComponentType.STRING_SELECT, "values": list(values)}
        return await self._component(user, stored, data)

    async def _component(self, user: Any, stored: Any, data: dict[str, Any]) -> InteractionResult:
        extra = {"message": dict(serializers.message_payload(self.env.backend, stored))}
        return await self._dispatch(user, InteractionType.MESSAGE_COMPONENT, data, extra=extra,
                                    source_message_id=stored.id)
