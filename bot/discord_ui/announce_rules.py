"""What the announcer decides after a change, as plain functions of plain facts: whose hand goes
by DM, whom the board pings, whether the board waits or is drawn again now, and what happens to
a game's result. `Announcer` (announce.py) gathers the facts from the table, the open hands and
Discord, and carries the decisions out; the tests ask these functions directly."""
from __future__ import annotations

from collections.abc import Callable, Iterable

PRESENT_S = 120.0            # a player who looked at the table this recently sees their turn already
BOARD_STALE_S = 120.0        # a board behind the game this long is drawn again at the next move


def dm_hand_to(owing: Iterable[str], turn_users: list[str], actor: str | None, *, followup: bool,
               by_clicks: bool) -> list[str]:
    """Whose hand is sent by DM now: each player whose turn just started (the DM is their
    ping), and the player who moved from the channel (`followup`: their interaction can carry
    the hand), except at a table played by clicks, where that player is at the table already."""
    return [u for u in owing if u in turn_users or (u == actor and followup and not by_clicks)]


def whom_to_ping(turn_users: list[str], refreshed: list[str], *, first_turn: bool, remind: bool,
                 last_seen: Callable[[str], float | None], now: float) -> list[str]:
    """The players the board names: everyone whose turn started, unless their open hand was
    just redrawn and they looked at the table in the last PRESENT_S seconds (they see it
    already). The first turn and a reminder name everyone."""
    return [u for u in turn_users
            if first_turn or remind or u not in refreshed or now - (last_seen(u) or 0) > PRESENT_S]


def board_waits(actor: str | None, ping: list[str], *, undone: bool, drawn_here: bool,
                behind_for: float) -> bool:
    """Whether a move leaves the channel's board as it is for now (latest wins): a player's
    move after which nobody needs a ping, on a board this process drew, not behind the game
    for BOARD_STALE_S already. A move taken back is shown at once."""
    if actor is None or ping or undone or not drawn_here:
        return False
    return behind_for < BOARD_STALE_S


def board_now(*, news: bool, redraw: bool, board: bool, posted: bool, too_old: bool,
              waits: Callable[[], bool]) -> bool:
    """Whether the board is drawn (edited or posted again) now: there is news to show or a
    change it must show (`redraw`), or the update may draw it (`board`) and it is not posted
    yet, has been up too long, or does not wait for play to pause (`waits`, asked last: it
    schedules the later redraw when it says yes)."""
    return news or redraw or (board and (not posted or too_old or not waits()))


def result_step(*, over: bool, finished: bool, newer_queued: bool, has_state: bool, told: bool) -> str | None:
    """What an update does about the game's end: "carry" its pings and news to the update
    queued after it (that one announces the end), "post" the result, "skip" it (this process
    posted it already: an update that found the game over and the move's own update both get
    here), or None: the game is not over."""
    if not over and not finished:
        return None
    if not over and newer_queued:
        return "carry"
    if (has_state or over) and not told:
        return "post"
    return "skip"
