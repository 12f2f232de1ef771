"""The turn clock's pure parts: presets, reminder defaults, quiet hours, timer plans."""
from __future__ import annotations

from bot.i18n import t
from persistence.models import GuildSettings, TableSettings
from tables.clock import (
    DAY,
    HOUR,
    TURN_LIMIT_PRESETS,
    after_quiet,
    is_quiet,
    next_repeat,
    plan_turn,
    reminder_offsets,
)

MIDNIGHT = 1_767_225_600.0  # 2026-01-01T00:00Z


def test_presets_run_from_none_through_minutes_to_a_week_and_have_labels():
    seconds = [s for _, s in TURN_LIMIT_PRESETS]
    assert seconds[0] is None and seconds[1:] == sorted(seconds[1:])
    assert seconds[1] == 300 and seconds[-1] == 7 * DAY
    for key, _ in TURN_LIMIT_PRESETS:
        assert t(f"service.limit.{key}", "en") and t(f"service.limit.{key}", "ja")


def test_reminders_default_to_half_and_ninety_percent_of_the_limit():
    assert reminder_offsets(TableSettings(turn_limit_s=3600)) == [1800, 3240]
    assert reminder_offsets(TableSettings()) == [12 * HOUR]
    assert reminder_offsets(TableSettings(turn_limit_s=3600, reminders=[600, 5000, 60])) == [60, 600]


def test_quiet_hours_wrap_midnight_and_follow_the_utc_offset():
    assert is_quiet(MIDNIGHT + 23 * HOUR, 22, 7) and is_quiet(MIDNIGHT + 6 * HOUR, 22, 7)
    assert not is_quiet(MIDNIGHT + 7 * HOUR, 22, 7) and not is_quiet(MIDNIGHT + 12 * HOUR, 22, 7)
    assert is_quiet(MIDNIGHT + 13 * HOUR, 13, 14) and not is_quiet(MIDNIGHT + 14 * HOUR, 13, 14)
    assert not is_quiet(MIDNIGHT, None, 7) and not is_quiet(MIDNIGHT, 5, 5)
    # 15:00 UTC is midnight in Tokyo (+9 h)
    assert is_quiet(MIDNIGHT + 15 * HOUR, 22, 7, utc_offset_min=540)
    assert not is_quiet(MIDNIGHT + 15 * HOUR, 22, 7)


def test_a_time_in_quiet_hours_moves_to_their_end():
    assert after_quiet(MIDNIGHT + 23 * HOUR, 22, 7) == MIDNIGHT + DAY + 7 * HOUR
    assert after_quiet(MIDNIGHT + 3 * HOUR, 22, 7) == MIDNIGHT + 7 * HOUR
    assert after_quiet(MIDNIGHT + 12 * HOUR, 22, 7) == MIDNIGHT + 12 * HOUR
    # Tokyo: quiet 22-7 local = 13:00-22:00 UTC
    assert after_quiet(MIDNIGHT + 15 * HOUR, 22, 7, utc_offset_min=540) == MIDNIGHT + 22 * HOUR


def test_a_turn_plan_moves_reminders_out_of_quiet_hours_but_never_the_deadline():
    guild = GuildSettings(guild_id=1, quiet_start=22, quiet_end=7)
    plan = plan_turn(5, "u1", MIDNIGHT, TableSettings(turn_limit_s=12 * HOUR), guild, version=3)
    assert [(p.kind, p.due_at - MIDNIGHT) for p in plan] == [
        ("reminder", 7 * HOUR), ("reminder", 10.8 * HOUR), ("deadline", 12 * HOUR)]
    assert all(p.seat == "u1" and p.table_id == 5 and p.version == 3 for p in plan)
    # a reminder pushed past the deadline is dropped; the deadline stays inside quiet hours
    late = plan_turn(5, "u1", MIDNIGHT + 20 * HOUR, TableSettings(turn_limit_s=4 * HOUR), guild, version=0)
    assert [(p.kind, p.due_at - MIDNIGHT) for p in late] == [("deadline", 24 * HOUR)]


def test_without_a_limit_one_reminder_after_twelve_hours_then_daily():
    guild = GuildSettings(guild_id=1)
    (first,) = plan_turn(5, "u1", MIDNIGHT, TableSettings(), guild, version=0)
    assert first.due_at == MIDNIGHT + 12 * HOUR and first.data["repeat"] == DAY
    second = next_repeat(first, guild, TableSettings())
    third = next_repeat(second, guild, TableSettings())
    assert (second.due_at, third.due_at) == (MIDNIGHT + 36 * HOUR, MIDNIGHT + 60 * HOUR)
    assert third.data["n"] == 3
    quiet = GuildSettings(guild_id=1, quiet_start=10, quiet_end=14)
    (moved,) = plan_turn(5, "u1", MIDNIGHT, TableSettings(), quiet, version=0)
    assert moved.due_at == MIDNIGHT + 14 * HOUR
    assert next_repeat(moved, quiet, TableSettings()).due_at == MIDNIGHT + DAY + 14 * HOUR  # daily from 12:00, moved again
    explicit = plan_turn(5, "u1", MIDNIGHT, TableSettings(reminders=[60]), guild, version=0)
    assert next_repeat(explicit[0], guild, TableSettings(reminders=[60])) is None


def test_a_table_may_keep_the_servers_quiet_hours_set_its_own_or_have_none():
    from tables.clock import quiet_hours
    guild = GuildSettings(guild_id=1, quiet_start=22, quiet_end=7)
    assert quiet_hours(TableSettings(), guild) == (22, 7)
    assert quiet_hours(TableSettings(quiet_hours=[0, 3]), guild) == (0, 3)
    assert quiet_hours(TableSettings(quiet_hours=[]), guild) == (None, None)
    limit = TableSettings(turn_limit_s=12 * HOUR, reminders=[HOUR])
    own = limit.model_copy(update={"quiet_hours": [0, 3]})
    none = limit.model_copy(update={"quiet_hours": []})
    # a turn at midnight: the 01:00 reminder waits for 07:00 (server), 03:00 (own) or not at all
    assert plan_turn(5, "u1", MIDNIGHT, limit, guild, version=0)[0].due_at == MIDNIGHT + 7 * HOUR
    assert plan_turn(5, "u1", MIDNIGHT, own, guild, version=0)[0].due_at == MIDNIGHT + 3 * HOUR
    assert plan_turn(5, "u1", MIDNIGHT, none, guild, version=0)[0].due_at == MIDNIGHT + HOUR
    # the daily reminders of a table without a limit follow the table's quiet hours too
    (first,) = plan_turn(5, "u1", MIDNIGHT + 23 * HOUR, TableSettings(quiet_hours=[10, 12]), guild, version=0)
    assert first.due_at == MIDNIGHT + DAY + 12 * HOUR
    assert next_repeat(first, guild, TableSettings(quiet_hours=[10, 12])).due_at == MIDNIGHT + 2 * DAY + 12 * HOUR


def test_quiet_hours_of_a_table_are_two_hours_of_the_day_or_none():
    import pytest
    from pydantic import ValidationError
    for bad in ([22], [25, 3], [1, 2, 3], [-1, 4]):
        with pytest.raises(ValidationError):
            TableSettings(quiet_hours=bad)


def test_reminder_presets_are_sorted_times_after_the_turn_starts_and_have_labels():
    from bot.discord_ui.lobby import reminders_text
    from tables.clock import REMINDER_PRESETS
    assert REMINDER_PRESETS[0] == ("auto", ())
    for _key, seconds in REMINDER_PRESETS:
        assert list(seconds) == sorted(set(seconds)) and all(s >= HOUR for s in seconds)
        for lang in ("en", "ja"):
            assert reminders_text(list(seconds), lang)
