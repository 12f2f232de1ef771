"""Boards, hands and results drawn from the games' own views, with display names."""
from __future__ import annotations

from types import SimpleNamespace

from bot.discord_ui.presenters import board_embed, hand_embed, result_embed, substitute
from games import registry
from games.kit import random_playout

ALICE, BOB = "123456789012345678", "223456789012345678"


def table_for(game, state, status="running"):
    seats = [SimpleNamespace(user_id=ALICE, display_name="alice", is_cpu=False, auto=False),
             SimpleNamespace(user_id=BOB, display_name="bob", is_cpu=False, auto=False)]
    return SimpleNamespace(id=7, seats=seats, status=status, version=state.version, host=ALICE)


def test_board_is_the_spectator_view_with_names():
    game = registry.get("sutosute")
    state = game.setup([ALICE, BOB], None, seed=3)
    embed = board_embed(game, table_for(game, state), state, "en")
    public = substitute(game.render(game.view(state, None), "en"), {ALICE: "alice", BOB: "bob"})
    assert embed.description == public
    assert ALICE not in embed.description and "alice" in embed.description
    assert "table #7" in embed.title
    waiting = next(f for f in embed.fields if f.name == "Waiting for")
    assert f"<@{ALICE}>" in waiting.value and f"<@{BOB}>" in waiting.value


def test_hand_shows_what_only_its_owner_may_see():
    game = registry.get("sutosute")
    state = game.setup([ALICE, BOB], None, seed=3)
    prompts = [p for p in game.prompts(state) if p.player == ALICE]
    embed = hand_embed(game, table_for(game, state), state, ALICE, "ja", prompts)
    private = substitute(game.render(game.view(state, ALICE), "ja"), {ALICE: "alice", BOB: "bob"})
    assert embed.description == private
    assert embed.description != board_embed(game, table_for(game, state), state, "ja").description
    assert prompts[0].text.ja in embed.fields[0].value


def test_result_names_the_winners():
    game = registry.get("sutosute")
    state, _ = random_playout(game, [ALICE, BOB], None, seed=5)
    outcome = game.outcome(state)
    assert outcome is not None
    embed = result_embed(game, table_for(game, state, "finished"), outcome, "en")
    assert "is over" in embed.title
    if outcome.winners:
        assert all(f"<@{w}>" in embed.fields[0].value for w in outcome.winners)
    assert ALICE not in (embed.description or "")
