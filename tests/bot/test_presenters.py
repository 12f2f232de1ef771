"""Names, log lines and the log/lobby/rules embeds, built from the stored models the bot uses."""
from __future__ import annotations

from bot.discord_ui.presenters import (
    entry_lines,
    event_lines,
    log_embed,
    names_of,
    rules_embed,
    seat_lines,
    substitute,
)
from games import registry
from games.kit import Event, T
from tables.models import LogEntry, Seat, Table

ALICE, BOB = "123456789012345678", "1234567890123456789"  # Bob's id contains Alice's


def table(status: str = "running", seats: list[Seat] | None = None) -> Table:
    return Table(id=7, guild_id=1, channel_id=2, game="sutosute", status=status, host=ALICE,
                 seats=seats or [Seat(user_id=ALICE, display_name="alice"), Seat(user_id=BOB, display_name="bob")],
                 created_at=0.0, updated_at=0.0)


def entry(seq: int, player: str, events: list[Event], **kw) -> LogEntry:
    return LogEntry(seq=seq, player=player, prompt_id="play", choice=["c1"], created_at=0.0, events=events, **kw)


def public(en: str, ja: str) -> Event:
    return Event(kind="play", text=T(en, ja))


def test_names_mark_computer_and_handed_over_seats():
    seats = [Seat(user_id=ALICE, display_name="alice", auto=True), Seat(user_id="cpu:2", display_name="", is_cpu=True)]
    names = names_of(table(seats=seats), "en")
    assert names == {ALICE: "alice 🤖", "cpu:2": "CPU 2"}


def test_substitute_replaces_the_longer_id_first():
    text = substitute(f"{BOB} attacks {ALICE}", names_of(table(), "en"))
    assert text == "bob attacks alice"


def test_a_name_that_is_another_players_id_never_shows_as_that_player():
    """Bob named himself Alice's id (digits are allowed): his moves stay his in every line,
    and a name written as a mention renders as typed, not as someone's mention."""
    seats = [Seat(user_id=ALICE, display_name="alice"), Seat(user_id=BOB, display_name=ALICE)]
    names = names_of(table(seats=seats), "en")
    assert substitute(f"{BOB} takes {ALICE}'s Revolution", names) == f"{ALICE} takes alice's Revolution"
    log = log_embed(registry.get("sutosute"), table(seats=seats),
                    [entry(1, BOB, [public(f"{BOB} plays a 5", f"{BOB}が5を出しました")])], "en", "").description
    assert "alice" not in log
    sneaky = names_of(table(seats=[Seat(user_id=ALICE, display_name="alice"),
                                   Seat(user_id=BOB, display_name=f"<@{ALICE}> **x**")]), "en")
    shown = substitute(f"{BOB} wins", sneaky)
    assert f"<@{ALICE}>" not in shown and "**x**" not in shown


def test_private_events_never_reach_a_public_line():
    secret = Event(kind="draw", text=T("You drew the Red 7", "赤の7を引きました"), to=[ALICE])
    lines = event_lines([public(f"{ALICE} draws a card", f"{ALICE}がカードを引きました"), secret],
                        names_of(table(), "en"), "en")
    assert lines == ["alice draws a card"]


def test_a_move_taken_back_is_one_line_naming_who_took_it_back():
    names = names_of(table(), "ja")
    undone = entry(3, BOB, [public(f"{BOB} builds", f"{BOB}が建設しました")], undone=True)
    assert entry_lines(undone, names, "ja") == ["bobが手を取り消しました：bobが建設しました"]
    assert entry_lines(entry(4, BOB, [public("x", "x")]), names, "ja") == ["x"]


def test_log_does_not_repeat_a_name_the_event_already_says():
    entries = [entry(1, ALICE, [public(f"{ALICE} plays a 5", f"{ALICE}が5を出しました")]),
               entry(2, BOB, [public("The round ends", "ラウンド終了")], auto=True),
               entry(3, BOB, [])]
    embed = log_embed(registry.get("sutosute"), table(), entries, "en", "page 1")
    lines = embed.description.splitlines()
    assert lines[0].endswith("alice plays a 5") and "**alice**" not in lines[0]
    assert "**bob** ⏱: The round ends" in lines[1]
    assert "**bob**: made a decision" in lines[2]
    assert embed.footer.text == "page 1"


def test_lobby_lists_seats_with_the_host_crowned_and_computer_levels():
    seats = [Seat(user_id=ALICE, display_name="alice"), Seat(user_id="cpu:1", display_name="", is_cpu=True,
                                                            level="greedy")]
    players = seat_lines(table("lobby", seats), "en").splitlines()
    assert players[0] == f"1. <@{ALICE}> 👑"
    assert players[1].startswith("2. CPU 1") and "greedy" in players[1].lower()


def test_rules_footer_names_a_fixed_player_count_once():
    footer = rules_embed(registry.get("sutosute"), "ja").footer.text
    assert "2〜2" not in footer and "2～2" not in footer and "2" in footer
