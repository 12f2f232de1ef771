"""The read model (`tables/read_model.py`): what a front end draws of one table version, the
state parsed once however often it is asked, and each viewer given only their own view and
decisions."""
from __future__ import annotations

from svc_helpers import GUILD, play_one, started

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

# ---- what the log and the clock add: the read the service builds (`TableService.read`) ----------
async def test_the_recent_lines_are_the_public_ones_and_hide_what_only_a_player_saw(svc):
    table = (await started(svc, "sutosute", ["u1", "u2"], seed=3)).table
    rng, private = Rng(seed=1), []
    for _ in range(12):
        result = await play_one(svc, table, rng)
        table = result.table
        private += [e for a in result.actions for e in a.events if e.to is not None]
        seen = await svc.read(table)
        assert [e.model_dump() for e in seen.recent] == [e.model_dump() for e in await svc.log(table.id, limit=3)]
        assert all(e.visible_to(None) for entry in seen.recent for e in entry.events)
        assert all(entry.choice == [] for entry in seen.recent)  # a choice may name a face-down card
        if seen.last_move is not None:
            assert seen.last_move.choice == [] and seen.last_move.events == []
    assert private, "no move drew a card only its player saw"
    told = {(e.kind, e.text.en) for entry in await svc.log(table.id, limit=50) for e in entry.events}
    assert not any((e.kind, e.text.en) in told for e in private if e.to is not None and None not in e.to)
    assert read(table).recent == [] and read(table).deadline() is None  # a bare read knows none of it


async def test_the_undo_offer_is_the_services_and_only_its_player_is_offered_it(svc):
    table = (await started(svc, "guns-and-steel", ["u1", "u2"], {"set": "base"}, seed=5)).table
    rng, offered = Rng(seed=2), 0
    for _ in range(30):
        result = await play_one(svc, table, rng)
        if result is None:
            break
        table = result.table
        seen = await svc.read(table.id)
        for user in ("u1", "u2", "someone"):
            assert seen.undo_offered(user) == (await svc.undo_offer(table.id, user) is not None)
        offered += seen.undo_offered("u1") + seen.undo_offered("u2")
        assert not (seen.undo_offered("u1") and seen.undo_offered("u2")) and not seen.undo_offered(None)
        last = await svc.store.actions.last_live(table.id)
        assert seen.last_move is not None and last is not None and seen.last_move.seq == last.seq
    assert offered, "no move could be taken back"


async def test_a_read_of_an_older_version_offers_no_undo_for_a_move_made_since(svc):
    table = (await started(svc, "guns-and-steel", ["u1", "u2"], {"set": "base"}, seed=5)).table
    rng = Rng(seed=2)
    for _ in range(30):
        moved = (await play_one(svc, table, rng)).table
        if (await svc.read(moved)).undo_offered(owner := (await svc.store.actions.last_live(table.id)).player):
            break
        table = moved
    else:
        raise AssertionError("no move could be taken back")
    assert not (await svc.read(table)).undo_offered(owner)  # drawn for the version before that move
    assert (await svc.read(moved)).last_move.version == moved.version


async def test_the_turn_deadlines_are_the_clocks(svc):
    await svc.update_guild_settings(GUILD, turn_limit_s=3600)
    table = (await started(svc, "sutosute", ["u1", "u2"], seed=3)).table
    seen = await svc.read(table.id)
    timers = {t.seat: t.due_at for t in await svc.store.timers.for_table(table.id) if t.kind == "deadline"}
    assert timers and seen.deadlines == timers
    assert seen.deadline() == min(timers[u] for u in seen.owing if u in timers)
    (entry,) = [e for e in await svc.turn_list(seen.owing[0]) if e.table.id == table.id]
    assert seen.deadline([seen.owing[0]]) == entry.deadline
    assert seen.deadline(["nobody"]) is None
    lobby = await svc.open_lobby(GUILD, 555, "u9", "U9", "sutosute")
    assert (await svc.read(lobby.id)).deadlines == {} and (await svc.read(lobby)).recent == []
