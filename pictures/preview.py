"""Write board and hand pictures of a sample game to a folder, to look at them:

    python -m pictures.preview ganymede [--lang ja] [--out DIR] [--moves N] [--seed S] [--mode coop]

The board is drawn from the public view, each hand from that player's own view.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from games import registry

from . import board_png, hand_png
from .samples import VARIANTS, sample_state


def write_previews(game_key: str, lang: str, out: Path, moves: int, seed: int, mode: str | None = None) -> list[Path]:
    game = registry.get(game_key)
    variants = VARIANTS.get(game_key, [({}, game.min_players)])
    if mode is not None:
        variants = [v for v in variants if v[0].get("mode") == mode] or [({"mode": mode}, game.min_players)]
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for options, players in variants[:1] if mode is None else variants:
        state = sample_state(game_key, options, players, moves=moves, seed=seed)
        stem = f"{game_key}-{options.get('mode', str(players) + 'p')}-{lang}"
        path = out / f"{stem}-board.png"
        path.write_bytes(board_png(game_key, game.view(state, None), lang))
        written.append(path)
        for i, player in enumerate(state.players):
            path = out / f"{stem}-hand-{i + 1}.png"
            path.write_bytes(hand_png(game_key, game.view(state, player), lang))
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m pictures.preview", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=registry.KEYS)
    parser.add_argument("--lang", choices=["en", "ja"], default="en")
    parser.add_argument("--out", type=Path, default=Path("preview"))
    parser.add_argument("--moves", type=int, default=12, help="random legal moves into the game (default 12)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", default=None, help="a game mode (Ganymede: duel, coop, three)")
    args = parser.parse_args(argv)
    for path in write_previews(args.game, args.lang, args.out, args.moves, args.seed, args.mode):
        print(path)


if __name__ == "__main__":
    main()
