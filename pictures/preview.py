"""Write board and hand pictures of a sample game to a folder, to look at them:

    python -m pictures.preview ganymede [--lang ja] [--out DIR] [--moves N] [--seed S] [--mode coop]
    python -m pictures.preview guns-and-steel --lang ja --players 4 --option set=mixed
    python -m pictures.preview sutosute --option civilizations=true

The board is drawn from the public view, each hand from that player's own view.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from games import registry

from . import board_png, hand_png
from .samples import VARIANTS, sample_state


def write_previews(game_key: str, lang: str, out: Path, moves: int, seed: int, mode: str | None = None,
                   options: dict[str, str] | None = None, players: int | None = None) -> list[Path]:
    game = registry.get(game_key)
    variants = VARIANTS.get(game_key, [({}, game.min_players)])
    if mode is not None:
        variants = [v for v in variants if v[0].get("mode") == mode] or [({"mode": mode}, game.min_players)]
    if options or players is not None:  # one table as asked: the first variant's options with these on top
        first_options, first_players = variants[0]
        variants = [({**first_options, **(options or {})}, players or first_players)]
    elif mode is None:
        variants = variants[:1]
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for table_options, players in variants:
        state = sample_state(game_key, table_options, players, moves=moves, seed=seed, lang=lang)
        stem = "-".join([game_key, table_options.get("mode", f"{players}p"),
                         *(f"{k}={v}" for k, v in table_options.items() if k != "mode"), lang])
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
    parser.add_argument("--players", type=int, default=None, help="how many players (default: the sample's)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. set=renaissance (Guns & Steel), civilizations=true (Sutosute)")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    for path in write_previews(args.game, args.lang, args.out, args.moves, args.seed, args.mode, options,
                               args.players):
        print(path)


if __name__ == "__main__":
    main()
