"""Simulated members who play through the Discord surface only: slash commands, button clicks
and select menus, choosing at random among the controls the bot offers them."""
from __future__ import annotations

import random
import re
from typing import Any

import drawn_ids as ids

BUTTON, SELECT = 2, 3
DECISIONS = {"B", "N", "S", "C"}


def walk(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, nested ones included (V2 containers, sections and their accessories)."""
    out = []
    for row in rows:
        out.append(row)
        out.extend(walk(row.get("components", []) or []))
        if row.get("accessory"):
            out.extend(walk([row["accessory"]]))
    return out


def payload_components(message: Any) -> list[dict[str, Any]]:
    rows = message.components
    if rows and not isinstance(rows[0], dict):  # a discord.Message: convert to payload dicts
        rows = [row.to_dict() for row in rows]
    return rows or []


def controls(message: Any) -> list[dict[str, Any]]:
    """Enabled interactive components of a message (response message or discord.Message)."""
    return [c for c in walk(payload_components(message)) if c.get("custom_id") and not c.get("disabled")]


def texts_of(message: Any) -> str:
    """All text a message shows: content, embeds and V2 text displays."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    parts += [c.get("content", "") for c in walk(payload_components(message)) if c.get("type") == 10]
    return "\n".join(p for p in parts if p)


def images_of(message: Any) -> list[str]:
    """The attachment names a message's media galleries show."""
    urls = [item.get("media", {}).get("url", "") for c in walk(payload_components(message)) if c.get("type") == 12
            for item in c.get("items", [])]
    return [u.rsplit("/", 1)[-1] for u in urls]


def alt_texts_of(message: Any) -> list[str | None]:
    """The description (alt text) of each picture in a message's media galleries."""
    return [item.get("description") for c in walk(payload_components(message)) if c.get("type") == 12
            for item in c.get("items", [])]


def kind(component: dict[str, Any]) -> str:
    parsed = ids.parse(component["custom_id"])
    return parsed.kind if parsed else ""


def is_decision(component: dict[str, Any]) -> bool:
    k = kind(component)
    return k in DECISIONS or (k == "D" and component["custom_id"].endswith(":ok"))


async def use(member: Any, message: Any, component: dict[str, Any], rng: random.Random):
    """Click or select like a person would: a select gets a random allowed number of values."""
    if component["type"] == BUTTON:
        return await member.click(message, custom_id=component["custom_id"])
    options = [o["value"] for o in component.get("options", [])]
    low = component.get("min_values", 1)
    high = min(component.get("max_values", 1), len(options))
    values = rng.sample(options, rng.randint(low, high))
    return await member.select(message, values, custom_id=component["custom_id"])


class LeakWatch:
    """Checks, now and then when a hand is shown, that no line only that player's view shows
    (its private lines: not in the public view's text at the same moment) appears in anything
    the channel shows."""

    def __init__(self, world: Any, every: int = 5) -> None:
        self.world = world
        self.every = every  # reading the whole channel is slow in SimCord: sample every n-th hand
        self.seen = 0
        self.checked = 0

    async def check(self, member: Any) -> None:
        self.seen += 1
        if (self.seen - 1) % self.every:
            return
        from games import registry
        service = self.world.bot.service
        table = await service.table_in_channel(self.world.channel.id)
        if table is None or table.state_json is None:
            return
        game = registry.get(table.game)
        state = table.state(game)
        public = {line.strip() for line in game.render(game.view(state, None)).splitlines()}
        hand = game.render(game.view(state, str(member.id)))
        private = {line.strip() for line in hand.splitlines() if len(line.strip()) >= 6} - public
        for text in channel_texts(self.world, self.world.outsider):
            for line in private:
                assert line not in text, f"private line {line!r} appears in a channel message:\n{text}"
        self.checked += 1


async def take_turn(world: Any, member: Any, rng: random.Random, max_clicks: int = 60,
                    watch: LeakWatch | None = None, open_hands: dict[int, Any] | None = None,
                    clicks: list[str] | None = None) -> bool:
    """Open `/game hand` (or, with `open_hands`, use the hand the member still has open, as a
    player at the table does) and keep using random controls until one decision was sent.
    False if the member owes nothing now. `clicks` collects what the member pressed."""
    clicks = clicks if clicks is not None else []
    message = open_hands.get(member.id) if open_hands is not None else None
    if message is None or not any(is_decision(c) for c in controls(message)):
        result = await member.slash(world.channel, "game hand")
        assert result.acknowledged and result.ephemeral
        message = result.response
        clicks.append("/game hand")
    if open_hands is not None:
        open_hands[member.id] = message  # the bot refreshes it in place when the turn comes back
    if watch is not None:
        await watch.check(member)
    for _ in range(max_clicks):
        offered = [c for c in controls(message) if kind(c) not in ("H", "U", "HT", "Q")]  # nobody takes back or leaves at random
        if not offered:
            return False
        # Prefer deciding (so games end), but also page, focus and draft now and then.
        deciding = [c for c in offered if is_decision(c)]
        component = rng.choice(deciding if deciding and rng.random() < 0.8 else offered)
        result = await use(member, message, component, rng)
        clicks.append(component["custom_id"])
        assert result.acknowledged, f"unanswered interaction on {component['custom_id']}"
        if is_decision(component):
            return True
        message = result.response
        if open_hands is not None:
            open_hands[member.id] = message
    raise AssertionError("no decision reached after many clicks")


async def open_table(world: Any, game: str, players: list[Any], options: dict[str, str] | None = None,
                     cpus: int = 0) -> tuple[int, Any]:
    """Host (players[0]) opens a lobby, sets options through the lobby controls, the others press
    Join, CPU seats are added, the host presses Start. Returns (table id, start result)."""
    host = players[0]
    result = await host.slash(world.channel, "game new", game=game)
    assert result.acknowledged and not result.ephemeral
    lobby = result.response
    table_id = ids.parse(controls(lobby)[0]["custom_id"]).table
    for name, value in (options or {}).items():
        lobby = await set_lobby_option(world, host, lobby, name, value)
    for member in players[1:]:
        joined = await member.click(lobby, custom_id=lobby_button(lobby, "join"))
        assert joined.acknowledged
    for _ in range(cpus):
        added = await host.click(lobby, custom_id=lobby_button(lobby, "cpu"))
        assert added.acknowledged
    started = await host.click(lobby, custom_id=lobby_button(lobby, "start"))
    assert started.acknowledged
    return table_id, started


def lobby_button(lobby: Any, action: str) -> str:
    """The lobby button for `action` (join, leave, start, cancel, cpu), whatever its label's language."""
    return next(c["custom_id"] for c in controls(lobby) if kind(c) == "L" and c["custom_id"].endswith(f":{action}"))


async def set_lobby_option(world: Any, host: Any, lobby: Any, name: str, value: str):
    """Pick an option value on the lobby message (directly, or through More options…)."""
    direct = [c for c in controls(lobby) if kind(c) == "LO" and ids.unescape(ids.parse(c["custom_id"]).args[0]) == name]
    if direct:
        result = await host.select(lobby, [value], custom_id=direct[0]["custom_id"])
        assert result.acknowledged and not result.ephemeral
        return result.response
    more = next(c for c in controls(lobby) if kind(c) == "LM")
    shown = await host.select(lobby, [name], custom_id=more["custom_id"])
    assert shown.acknowledged and shown.ephemeral
    picker = next(c for c in controls(shown.response) if kind(c) == "LV")
    picked = await host.select(shown.response, [value], custom_id=picker["custom_id"])
    assert picked.acknowledged
    return lobby  # edited in place through the REST API


def live_board(world: Any, channel: Any = None) -> Any:
    """The channel's newest message with a My hand button: the live board."""
    for message in reversed((channel or world.channel).history()):
        if any(kind(c) == "H" for c in controls(message)):
            return message
    return None


def waiting_for(board: Any) -> set[int]:
    """User ids the public board says the game waits for (as a person reads the board: the
    mentions of its status lines)."""
    if board is None:
        return set()
    return {int(x) for x in re.findall(r"<@(\d+)>", texts_of(board))}


async def play_to_end(world: Any, table_id: int, members: list[Any], rng: random.Random,
                      max_rounds: int = 5000, watch: LeakWatch | None = None, board: Any = None) -> Any:
    """Everyone plays random legal moves through the UI until the table is finished. Members
    the board says the game waits for go first; the others are asked only when none moves."""
    service = world.bot.service
    for _ in range(max_rounds):
        table = await service.get(table_id)
        if table.status != "running":
            return table
        waiting = waiting_for(live_board(world))
        order = [m for m in members if m.id in waiting]
        rng.shuffle(order)
        rest = [m for m in members if m.id not in waiting]
        rng.shuffle(rest)
        moved = False
        for member in order + rest:
            if await take_turn(world, member, rng, watch=watch):
                moved = True
                break
        if not moved:
            table = await service.get(table_id)
            if table.status != "running":
                return table
            raise AssertionError(f"nobody owes a decision but table {table_id} is still running")
    raise AssertionError(f"table {table_id} did not finish")


def channel_texts(world: Any, viewer: Any) -> list[str]:
    """Everything `viewer` can read in the channel: contents, embeds and text displays."""
    return [texts_of(message) for message in world.channel.history(viewer=viewer)]


def _payload_text(payload: dict[str, Any]) -> str:
    parts = [payload.get("content") or ""]
    for embed in payload.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name')}\n{f.get('value')}" for f in embed.get("fields") or []]
    parts += [c.get("content", "") for c in walk(payload.get("components") or []) if c.get("type") == 10]
    return "\n".join(p for p in parts if p)


def posted_texts(world: Any, channel: Any = None) -> list[str]:
    """The text of every public message the bot posted in the channel, deleted ones included
    (boards move down: their old copies are gone from the history but were seen)."""
    channel_id = str((channel or world.channel).id)
    out = []
    for r in world.env.http_requests:
        payload = r.json if isinstance(r.json, dict) else None
        if payload is None or r.method != "POST":
            continue
        if r.path == f"/channels/{channel_id}/messages":
            out.append(_payload_text(payload))
        elif r.path.startswith("/webhooks/") and not (payload.get("flags") or 0) & 64:
            out.append(_payload_text(payload))  # a public follow-up (only this test channel plays)
    return out


def posted_lines(world: Any, marker: str, channel: Any = None) -> list[str]:
    """Lines of public posts that start with `marker` (a reminder ⏰, an expiry ⌛, a hand-over 🤖)."""
    return [line for text in posted_texts(world, channel) for line in text.splitlines() if line.startswith(marker)]


# ---- a player who knows what they want ---------------------------------------------------------
def decide(prompts: list[Any], rng: random.Random) -> tuple[Any, list[str]]:
    """A random legal answer, chosen before touching any control: one of the player's open
    prompts, a uniform number of its options, those options in a random order."""
    prompt = rng.choice(prompts)
    high = min(prompt.max, len(prompt.options))
    k = rng.randint(prompt.min, high)
    return prompt, [o.key for o in rng.sample(list(prompt.options), k)]


def _prompt_of_id(custom_id: str) -> str | None:
    parsed = ids.parse(custom_id)
    if parsed is None or parsed.kind not in ("B", "N", "S", "P", "D", "DS", "C") or not parsed.args:
        return None
    return ids.unescape(parsed.args[0])


def shortest_step(message: Any, prompt: Any, answer: list[str],
                  rng: random.Random | None = None) -> tuple[dict[str, Any], list[str] | None] | None:
    """The one control on `message` that brings `answer` to `prompt` closest: a control that
    sends it at once (a chain select that also answers the next step — the player then picks
    that step's answer at random among the pairs offered —, a button, a select holding every
    key), else a draft select adding the next picks, else the page or focus button showing the
    keys. Returns (component, values for a select or None for a click), or None when the
    message offers no way."""
    mine = [c for c in controls(message) if _prompt_of_id(c["custom_id"]) == prompt.id]
    keys = [o.key for o in prompt.options]
    for c in mine:
        if kind(c) == "C" and len(answer) == 1:
            pairs = [o["value"] for o in c.get("options", []) if o["value"].split(".")[0] == str(keys.index(answer[0]))]
            if pairs:
                return c, [(rng or random).choice(pairs)]
    for c in mine:
        k = kind(c)
        if k == "N" and not answer:
            return c, None
        if k == "B" and len(answer) == 1 and ids.option_key_of_button(c["custom_id"])[1] == answer[0]:
            return c, None
        if k == "S" and answer and c["type"] == SELECT:
            offered = {o["value"] for o in c.get("options", [])}
            if set(answer) <= offered and c.get("min_values", 1) <= len(answer) <= c.get("max_values", 1):
                return c, list(answer)
    for c in mine:  # a draft: add picks, then confirm
        parsed = ids.parse(c["custom_id"])
        if kind(c) == "D" and parsed.args[-1] == "ok":
            picked = [keys[i] for i in ids.decode_picks(parsed.args[1]) if i < len(keys)]
            if picked == answer if prompt.ordered else sorted(picked) == sorted(answer):
                return c, None
        if kind(c) == "DS":
            picked = [keys[i] for i in ids.decode_picks(parsed.args[1]) if i < len(keys)]
            if picked != answer[:len(picked)] and prompt.ordered:
                continue
            offered = [o["value"] for o in c.get("options", [])]
            todo = [k for k in answer if k not in picked]
            here = [k for k in todo if k in offered]
            if prompt.ordered:
                here = todo[:1] if todo and todo[0] in offered else []
            if here:
                return c, here[: c.get("max_values", 1)]
    if len(answer) >= 1:  # the page (or the focused prompt) that shows the first key still missing
        target = keys.index(answer[0]) // 25
        pages = [c for c in mine if kind(c) == "P" and ids.parse(c["custom_id"]).args[1] == str(target)]
        if pages:
            return pages[0], None
    focus = [c for c in mine if kind(c) == "P"]
    return (focus[0], None) if focus else None


async def direct_turn(world: Any, member: Any, table_id: int, rng: random.Random, open_hands: dict[int, Any],
                      clicks: list[str], max_clicks: int = 30) -> bool:
    """One decision of a player who decides first (`decide`) and then takes the shortest way
    to it: from their open hand if it offers that decision, else from the board's own controls
    when the board offers it to them, else **My hand** on the board (the ping). False if the
    member owes nothing now."""
    prompts = await world.bot.service.prompts_for(table_id, str(member.id))
    if not prompts:
        return False
    prompt, answer = decide(prompts, rng)
    message = open_hands.get(member.id)
    if message is None or shortest_step(message, prompt, answer, rng) is None:
        board = live_board(world)
        if board is not None and shortest_step(board, prompt, answer, rng) is not None:
            message = board
        else:
            hand_button = next(c for c in controls(board) if kind(c) == "H")
            result = await member.click(board, custom_id=hand_button["custom_id"])
            assert result.acknowledged and result.ephemeral
            clicks.append(hand_button["custom_id"])
            message = result.response
            open_hands[member.id] = message
    for _ in range(max_clicks):
        step = shortest_step(message, prompt, answer, rng)
        assert step is not None, f"no way to answer {prompt.id} with {answer} on {[c['custom_id'] for c in controls(message)]}"
        component, values = step
        if values is None:
            result = await member.click(message, custom_id=component["custom_id"])
        else:
            result = await member.select(message, values, custom_id=component["custom_id"])
        clicks.append(component["custom_id"])
        assert result.acknowledged, f"unanswered interaction on {component['custom_id']}"
        if is_decision(component):
            if result.response is not None and result.ephemeral:
                open_hands[member.id] = result.response  # the hand the answer showed, refreshed from now on
            return True
        message = result.response
        open_hands[member.id] = message
    raise AssertionError(f"{prompt.id} {answer}: no decision after {max_clicks} clicks")


async def play_directed(world: Any, game: Any, table_id: int, members: list[Any], rng: random.Random, *,
                        away: bool = True, think: float = 10.0, on_decision: Any = None) -> list[int]:
    """Play a table to its end with directed players (`direct_turn`); the clicks of each turn
    from the ping. A player's turn starts when they are pinged — they begin to owe a decision,
    or someone else began to owe one since their last decision — and ends when they owe
    nothing, or when their move opened a decision of someone else (the game moved on to them
    too, as Sutosute's next round does). `away`: between turns players leave, so every turn
    starts from the board (its own controls, or **My hand**) with the last hand expired.
    `on_decision(member, clicks, seconds)` is told of every decision."""
    import time

    env, service = world.env, world.bot.service
    hands: dict[int, Any] = {}
    open_turn: dict[int, int] = {}  # member id -> index in `turns` of their turn in progress
    turns: list[int] = []
    last = None

    async def owing() -> set[int]:
        table = await service.get(table_id)
        if table.status != "running":
            return set()
        return {int(p.player) for p in game.prompts(table.state(game)) if p.player.isdigit()}

    while (await service.get(table_id)).status == "running":
        before = await owing()
        if not before:
            raise AssertionError(f"nobody owes a decision but table {table_id} is still running")
        if last is not None and last.id in before and last.id in open_turn:
            member = last  # a player goes on with their own turn
        else:
            member = rng.choice([m for m in members if m.id in before])
        if member.id not in open_turn:
            if away:
                hands.pop(member.id, None)  # they come back from the ping
                if last is not None and last is not member:
                    await env.advance_time(20 * 60)  # their open hand's token has expired
            turns.append(0)
            open_turn[member.id] = len(turns) - 1
        pressed: list[str] = []
        t0 = time.perf_counter()
        assert await direct_turn(world, member, table_id, rng, hands, pressed)
        if on_decision is not None:
            on_decision(member, pressed, time.perf_counter() - t0)
        turns[open_turn[member.id]] += len(pressed)
        after = await owing()
        if member.id not in after or after - before - {member.id}:
            del open_turn[member.id]
        for other in after - before - {member.id}:
            open_turn.pop(other, None)  # pinged again: a new turn
        last = member
        if think:
            await env.advance_time(think)
    return turns
