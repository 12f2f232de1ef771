"""The announcer's decisions without Discord (bot/discord_ui/announce_rules.py): whose hand goes
by DM, whom the board pings, whether the board waits or is drawn now, and a game's result."""
from __future__ import annotations

from bot.discord_ui import announce_rules as rules
from bot.discord_ui.announce_rules import BOARD_STALE_S, PRESENT_S

NOW = 10_000.0


def never_seen(_user: str) -> float | None:
    return None


def test_a_turn_that_starts_sends_its_players_their_hand_by_dm():
    assert rules.dm_hand_to(["ann", "bo"], ["bo"], "ann", followup=False, by_clicks=False) == ["bo"]


def test_the_player_who_moved_from_the_channel_gets_their_hand_unless_the_table_is_played_by_clicks():
    assert rules.dm_hand_to(["ann", "bo"], [], "ann", followup=True, by_clicks=False) == ["ann"]
    assert rules.dm_hand_to(["ann", "bo"], [], "ann", followup=True, by_clicks=True) == []
    assert rules.dm_hand_to(["ann", "bo"], [], "ann", followup=False, by_clicks=False) == []


def test_a_player_at_the_table_is_not_pinged_but_one_away_is():
    seen = {"ann": NOW - 10, "bo": NOW - PRESENT_S - 1}
    ping = rules.whom_to_ping(["ann", "bo", "cy"], ["ann", "bo"], first_turn=False, remind=False,
                              last_seen=seen.get, now=NOW)
    assert ping == ["bo", "cy"]    # ann just used her redrawn hand; bo looked too long ago; cy's hand is not open


def test_the_first_turn_and_a_reminder_ping_everyone():
    seen = {"ann": NOW}
    for first_turn, remind in ((True, False), (False, True)):
        assert rules.whom_to_ping(["ann"], ["ann"], first_turn=first_turn, remind=remind, last_seen=seen.get,
                                  now=NOW) == ["ann"]


def test_the_board_waits_only_after_a_players_move_that_pings_nobody_on_a_board_drawn_here():
    assert rules.board_waits("ann", [], undone=False, drawn_here=True, behind_for=0)
    assert not rules.board_waits(None, [], undone=False, drawn_here=True, behind_for=0)       # a computer, a clock
    assert not rules.board_waits("ann", ["bo"], undone=False, drawn_here=True, behind_for=0)  # someone is pinged
    assert not rules.board_waits("ann", [], undone=True, drawn_here=True, behind_for=0)       # a move taken back
    assert not rules.board_waits("ann", [], undone=False, drawn_here=False, behind_for=0)     # another process drew it
    assert not rules.board_waits("ann", [], undone=False, drawn_here=True, behind_for=BOARD_STALE_S)


def test_the_board_is_drawn_for_news_and_asks_whether_it_waits_last():
    asked: list[bool] = []

    def waits() -> bool:
        asked.append(True)
        return True

    assert rules.board_now(news=True, redraw=False, board=False, posted=True, too_old=False, waits=waits)
    assert rules.board_now(news=False, redraw=True, board=False, posted=True, too_old=False, waits=waits)
    assert rules.board_now(news=False, redraw=False, board=True, posted=False, too_old=False, waits=waits)
    assert rules.board_now(news=False, redraw=False, board=True, posted=True, too_old=True, waits=waits)
    assert asked == []                      # decided without asking: nothing scheduled for later
    assert not rules.board_now(news=False, redraw=False, board=True, posted=True, too_old=False, waits=waits)
    assert asked == [True]
    assert rules.board_now(news=False, redraw=False, board=True, posted=True, too_old=False, waits=lambda: False)
    assert not rules.board_now(news=False, redraw=False, board=False, posted=True, too_old=True, waits=waits)


def test_a_games_result_is_posted_once():
    step = rules.result_step
    assert step(over=False, finished=False, newer_queued=False, has_state=True, told=False) is None
    assert step(over=True, finished=True, newer_queued=False, has_state=True, told=False) == "post"
    assert step(over=True, finished=True, newer_queued=False, has_state=True, told=True) == "skip"
    # an update that finds the game over: the one queued after it announces the end, or it does
    assert step(over=False, finished=True, newer_queued=True, has_state=True, told=False) == "carry"
    assert step(over=False, finished=True, newer_queued=False, has_state=True, told=False) == "post"
    assert step(over=False, finished=True, newer_queued=False, has_state=True, told=True) == "skip"
    # a lobby cancelled before it started has no game to show
    assert step(over=False, finished=True, newer_queued=False, has_state=False, told=False) == "skip"
