"""A computer's strength does not depend on the machine's load: each decision searches the
game and mode's iterations, so the same seed gives the same move on a busy machine as on an
idle one (through the real worker pool), and only a search past the wall ceiling answers
early, counted for operators."""
from __future__ import annotations

import subprocess
import sys

from games import registry
from games.kit import ai
from tables import cpu, search_budget
from tables.cpu import CpuRunner

MODES = search_budget.MODES


def setup(key: str, seed: int = 1):
    game_key, options, seats = MODES[key]
    game = registry.get(game_key)
    return game, game.setup([f"p{i}" for i in range(seats)], options, seed=seed)


def test_every_game_and_mode_has_its_own_budget():
    budgets = search_budget.budgets()
    assert {registry.get(g).key for g, _, _ in MODES.values()} == {g.key for g in registry.all_games()}
    for key in MODES:
        _, state = setup(key)
        assert search_budget.budget_key(state) == key
        assert search_budget.iterations_for(state) == budgets[key] >= 100
    ganymede = registry.get("ganymede")  # the lobby's default mode, "auto", is played as duel or three
    for seats, key in ((2, "ganymede/duel"), (3, "ganymede/three")):
        state = ganymede.setup([f"p{i}" for i in range(seats)], {}, seed=1)
        assert search_budget.budget_key(state) == key


async def test_a_decision_searches_its_modes_iterations(monkeypatch):
    monkeypatch.setattr(search_budget, "budgets", lambda: {"ganymede/duel": 7, "ganymede/coop": 11})
    runner = CpuRunner(inline=True)
    for key, expected in (("ganymede/duel", 7), ("ganymede/coop", 11)):
        game, state = setup(key)
        player = game.prompts(state)[0].player
        before = runner.stats.iterations
        await runner.choose(game, state, player, "strong", seed=1)
        assert runner.stats.iterations - before == expected


async def test_a_search_past_the_ceiling_answers_and_is_counted():
    game, state = setup("sutosute")
    player = game.prompts(state)[0].player
    runner = CpuRunner(inline=True, ceiling_s=1e-9)
    pid, choice = await runner.choose(game, state, player, "strong", seed=1)
    assert (pid, choice) in [(p.id, [o.key]) for p in game.prompts(state) if p.player == player for o in p.options]
    figures = runner.stats.recent(since=0)
    assert figures.cut_short == 1
    assert runner.stats.decisions == 1


def test_time_in_the_queue_counts_against_the_ceiling():
    assert search_budget.ceiling_left(30.0, 0.0) == 30.0
    assert search_budget.ceiling_left(30.0, 25.0) == 5.0  # a person waits about 30 s at worst
    assert search_budget.ceiling_left(30.0, 90.0) == search_budget.MIN_THINK_S  # still a short search
    assert search_budget.ceiling_left(0.5, 0.0) == 0.5


def positions(count: int):
    """Sutosute positions part-way through a game (random moves), the player who owes a move."""
    game = registry.get("sutosute")
    out = []
    for seed in range(count):
        state = game.setup(["a", "b"], {}, seed=40 + seed)
        for n in range(6 + 2 * seed):
            prompt = game.prompts(state)[0]
            pid, choice = ai.choose(game, state, prompt.player, level="random", seed=n)
            game.step(state, prompt.player, pid, choice)
        out.append((game, state, game.prompts(state)[0].player))
    return out


def hog() -> subprocess.Popen:
    """A process that keeps one core busy at the bot's priority until killed."""
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


async def test_the_same_seed_gives_the_same_move_on_a_loaded_machine():
    """Through the real worker pool (niced workers): idle, then with a busy process per core
    beside them. The searches run the same iterations, so they answer the same."""
    runner = CpuRunner(iterations=150, ceiling_s=3600.0)  # no ceiling: that is another test's subject
    asked = positions(3)

    async def answers():
        before = runner.stats.iterations
        out = [await runner.choose(game, state, player, "strong", seed=9, table_id=n)
               for n, (game, state, player) in enumerate(asked)]
        return out, runner.stats.iterations - before

    idle, idle_work = await answers()
    hogs = [hog() for _ in range(cpu.pool_workers())]
    try:
        loaded, loaded_work = await answers()
    finally:
        for h in hogs:
            h.kill()
            h.wait()
    assert loaded == idle
    assert loaded_work == idle_work == 3 * 150
    assert runner.stats.recent(since=0).cut_short == 0
