"""The turn clock as pure functions: limit presets, reminder times, quiet hours, timer plans.

Times are epoch seconds. Quiet hours are local hours [start, end) in the guild's UTC
offset and may wrap midnight (22 -> 7); a table keeps the server's, sets its own or has none
(`TableSettings.quiet_hours`). Reminders that fall in quiet hours move to the end of the quiet
period; deadlines never move (a limit is a promise to the other players).
"""
from __future__ import annotations

from persistence.models import GuildSettings, TableSettings, Timer

HOUR = 3600
DAY = 24 * HOUR

# (catalogue key suffix, seconds); the front end labels them with t(f"service.limit.{key}").
TURN_LIMIT_PRESETS: tuple[tuple[str, int | None], ...] = (
    ("none", None), ("5m", 5 * 60), ("15m", 15 * 60), ("1h", HOUR), ("4h", 4 * HOUR), ("12h", 12 * HOUR),
    ("1d", DAY), ("2d", 2 * DAY), ("3d", 3 * DAY), ("7d", 7 * DAY),
)
NO_LIMIT_FIRST_REMINDER = 12 * HOUR
NO_LIMIT_REPEAT = DAY


def reminder_offsets(settings: TableSettings) -> list[int]:
    """Seconds after the turn starts. Explicit reminders win (those before the deadline);
    otherwise 50 % and 90 % of the limit, or with no limit 12 h (then daily, see `repeat`)."""
    limit = settings.turn_limit_s
    if settings.reminders:
        return sorted({r for r in settings.reminders if r > 0 and (limit is None or r < limit)})
    if limit is not None:
        return sorted({limit // 2, limit * 9 // 10})
    return [NO_LIMIT_FIRST_REMINDER]


def is_quiet(t: float, start: int | None, end: int | None, utc_offset_min: int = 0) -> bool:
    if start is None or end is None or start == end:
        return False
    hour = int((t + utc_offset_min * 60) // HOUR) % 24
    return start <= hour < end if start < end else hour >= start or hour < end


def after_quiet(t: float, start: int | None, end: int | None, utc_offset_min: int = 0) -> float:
    """`t` itself, or the end of the quiet period `t` falls in."""
    if end is None or not is_quiet(t, start, end, utc_offset_min):
        return t
    local = t + utc_offset_min * 60
    end_today = (local // DAY) * DAY + end * HOUR
    if end_today <= local:
        end_today += DAY
    return end_today - utc_offset_min * 60


# (catalogue key suffix, seconds after the turn starts); () = derived from the limit.
REMINDER_PRESETS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("auto", ()), ("1h", (HOUR,)), ("4h", (4 * HOUR,)), ("12h", (12 * HOUR,)), ("1d", (DAY,)),
    ("12h_1d", (12 * HOUR, DAY)), ("1d_2d", (DAY, 2 * DAY)),
)
# (start, end) local hours offered for a table's own quiet hours
QUIET_PRESETS: tuple[tuple[int, int], ...] = ((22, 7), (23, 8), (0, 8), (21, 6), (1, 9))


def quiet_hours(settings: TableSettings, guild: GuildSettings) -> tuple[int | None, int | None]:
    """The table's own quiet hours if it set them ([] = none), else the server's."""
    if settings.quiet_hours is None:
        return guild.quiet_start, guild.quiet_end
    if not settings.quiet_hours:
        return None, None
    start, end = settings.quiet_hours
    return start, end  # a pair, as the validator of TableSettings ensures


def is_quiet_for(t: float, settings: TableSettings, guild: GuildSettings) -> bool:
    return is_quiet(t, *quiet_hours(settings, guild), guild.utc_offset_min)


def after_quiet_for(t: float, settings: TableSettings, guild: GuildSettings) -> float:
    return after_quiet(t, *quiet_hours(settings, guild), guild.utc_offset_min)


def is_timed(people_seated: int) -> bool:
    """The clock runs in games that started with at least two people; a solo game (one
    person, maybe with computer seats) just waits. After a handover it keeps running for
    the people left, so an abandoned game still reaches its end instead of holding the channel."""
    return people_seated >= 2


def plan_turn(table_id: int, seat: str, started_at: float, settings: TableSettings, guild: GuildSettings,
              version: int) -> list[Timer]:
    """The reminders and deadline of one seat's turn that began at `started_at`."""
    limit = settings.turn_limit_s
    deadline = None if limit is None else started_at + limit
    timers: list[Timer] = []
    offsets = reminder_offsets(settings)
    for n, offset in enumerate(offsets, 1):
        due = after_quiet_for(started_at + offset, settings, guild)
        if deadline is not None and due >= deadline:
            continue
        data: dict = {"n": n, "of": len(offsets), "deadline": deadline, "turn_started_at": started_at,
                      "base": started_at + offset}
        if limit is None and not settings.reminders:
            data["repeat"] = NO_LIMIT_REPEAT
        timers.append(Timer(table_id=table_id, kind="reminder", due_at=due, seat=seat, version=version, data=data))
    if deadline is not None:
        timers.append(Timer(table_id=table_id, kind="deadline", due_at=deadline, seat=seat, version=version,
                            data={"turn_started_at": started_at}))
    return timers


def next_repeat(timer: Timer, guild: GuildSettings, settings: TableSettings) -> Timer | None:
    """The following daily reminder of a turn without a limit."""
    repeat = timer.data.get("repeat")
    if not repeat:
        return None
    base = timer.data.get("base", timer.due_at) + repeat
    due = after_quiet_for(base, settings, guild)
    data = {**timer.data, "n": timer.data.get("n", 1) + 1, "base": base}
    return Timer(table_id=timer.table_id, kind="reminder", due_at=due, seat=timer.seat, version=timer.version, data=data)
