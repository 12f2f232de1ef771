"""The read model (`tables/read_model.py`): what a front end draws of one table version, the
state parsed once however often it is asked, and each viewer given only their own view and
decisions."""
from __future__ import annotations

from svc_helpers import play_one, started

from games import registry
from games.kit import Rng
from games.kit.alt import board_alt, hand_alt
from tables.read_model import read


async def test_a_table_version_is_parsed_once_however_often_it_is_read(svc, monkeypatch):
    table = (await started(svc, "sutosute", ["u1", "u2"], seed=11)).table
    game = registry.get("sutosute")
    loads = []
    real = game.load_state
    monkeypatch.setattr(game, "load_state", lambda data: (loads.append(1), real(data))[1])
    again = await svc.get(table.id)            # the same version, read from the store again

    def draw(tables) -> None:
        for seen in map(read, tables):
            seen.owed("u1"), seen.view_of(None), seen.view_of("u2"), seen.owing, seen.outcome, seen.chains("u1")
    draw([table, again, table])
    assert len(loads) <= 1
    loads.clear()
    draw([again, table])
    assert loads == []
    after = (await play_one(svc, again, Rng(seed=2))).table
    loads.clear()
    draw([after, after, await svc.get(table.id)])
    assert len(loads) <= 1 and after.version > table.version


async def test_each_viewer_gets_their_own_view_and_decisions_and_the_public_only_who_and_what_kind(svc):
    table = (await started(svc, "sutosute", ["u1", "u2"], seed=3)).table
    game = registry.get("sutosute")
    state = table.state(game)
    seen = read(table)
    for viewer in ("u1", "u2"):
        sight = seen.seen_by(viewer)
        assert sight.view == game.view(state, viewer)
        assert sight.owed == [p for p in game.prompts(state) if p.player == viewer]
        assert all(p.player == viewer for p in sight.owed)
    public = seen.seen_by(None)
    assert public.view == game.view(state, None) and public.owed == []
    assert seen.owing == game.current_players(state)
    assert [(d.player, d.prompt_id) for d in seen.decisions] == [(p.player, p.id) for p in game.prompts(state)]
    assert not any(hasattr(d, "options") or hasattr(d, "text") for d in seen.decisions)


async def test_a_table_that_does_not_run_owes_nothing_and_a_lobby_has_no_view(svc):
    lobby = await svc.open_lobby(1, 300, "u1", "U1", "sutosute")
    assert not read(lobby).has_state and read(lobby).owing == [] and read(lobby).board_alt("en") is None
    table = (await started(svc, "sutosute", ["u1", "u2"], channel=301)).table
    ended = await svc.end_table(table.id, by_admin=True)
    seen = read(ended)
    assert seen.has_state and not seen.running
    assert seen.owing == [] and seen.owed("u1") == [] and seen.decisions == [] and seen.board_prompts() == []
    assert seen.board_alt("en")  # the final board still has its picture's words


async def test_the_games_own_lines_reach_each_viewer(svc):
    table = (await started(svc, "guns-and-steel", ["u1", "u2"], seed=5)).table
    (line,) = read(table).seen_by("u1").status
    assert line.en.startswith("VP so far: u1 ") and "u2 " in line.en and "in hand)" in line.en


async def test_alt_texts_are_worked_out_once_a_version_and_each_viewer_gets_their_own(svc, monkeypatch):
    """A hand and the board are redrawn many times a version (each click, each board edit),
    and their alt texts built each time from fresh views; now once per version, viewer and
    language, and a later version gets its own."""
    table = (await started(svc, "ganymede", ["u1", "u2"], seed=4)).table
    game = registry.get("ganymede")
    views = []
    real = game.view
    monkeypatch.setattr(game, "view", lambda state, viewer: (views.append(viewer), real(state, viewer))[1])
    first = [read(table).hand_alt("u1", "en"), read(table).hand_alt("u2", "en"), read(table).board_alt("ja")]
    assert views.count("u1") == views.count("u2") == views.count(None) == 1
    views.clear()
    again = [read(table).hand_alt("u1", "en"), read(table).hand_alt("u2", "en"), read(table).board_alt("ja")]
    assert again == first and views == []
    assert first[0] != first[1]  # each viewer's own cards
    state = table.state(game)
    assert first[0] == hand_alt(game, state, "u1", "en") and first[2] == board_alt(game, state, "ja")
    after = (await play_one(svc, table, Rng(seed=2))).table
    views.clear()
    read(after).board_alt("ja"), read(after).board_alt("ja")
    assert views == [None]
