"""The look-ahead's bare board (sim.py) follows the real rules move for move: the same legal
actions, and the same table after every action and follow-up step, in games played by the
rollout player and by random moves, in every same-name reading."""
from __future__ import annotations

import pytest
from property_runs import property_games

from games.fort_of_gold import GAME, policy, sim
from games.fort_of_gold.rules import legal_moves
from games.kit import Rng

MODES = {"default": {}, "positions": {"spirit_names": "positions"}, "symbol_count": {"spirit_names": "symbol_count"}}


def key(move: sim.SimMove) -> str:
    kind = move[0]
    if kind == "welcome":
        return f"welcome:{move[1]}:{move[2] + 1}"
    if kind == "gain":
        return f"gain:{move[1]}:" + "+".join(str(c + 1) for c in move[2])
    return f"{kind}:{move[1] + 1}:{move[2]}"


def same_table(board: sim.Board, state) -> None:
    assert board.mana == state.mana_pile and board.treasures == state.treasure_pile
    assert board.inner == state.inner and board.tasks == state.tasks and board.stand == state.stand
    assert board.altar == [(s.treasure, s.column) for s in state.altar]
    assert board.votes == [sim.column_votes(t, c) for t, c in board.altar]
    assert board.result == {None: None, "won": "won", "lost": "lost"}[state.result]


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("player", ["policy", "random"])
def test_the_sim_plays_the_real_rules(mode, player):
    endings = set()
    for seed in range(property_games(6)):
        state = GAME.setup(["solo"], MODES[mode], seed)
        rng = Rng(seed=seed).fork(11)
        board = sim.from_state(state)
        while state.result is None:
            moves = sim.legal(board)
            assert sorted(map(key, moves)) == sorted(m.key for m in legal_moves(state))
            move = policy.choose_turn(board) if player == "policy" else moves[rng.below(len(moves))]
            GAME.apply_in_place(state, "solo", "turn", [key(move)])
            returned, placements = None, None
            if state.step == "return":
                returned = state.tasks[rng.below(len(state.tasks))]
                GAME.apply_in_place(state, "solo", "return", [returned])
            if state.step == "foresee":
                placements = []
                while state.step == "foresee":
                    options = GAME.prompts(state)[0].options
                    pick = options[rng.below(len(options))].key
                    placements.append(tuple(pick.split(":")))
                    GAME.apply_in_place(state, "solo", "foresee", [pick])
            sim.play(board, move, returned, placements)
            same_table(board, state)
        endings.add(state.result)
    assert "lost" in endings or "won" in endings
