"""What a picture costs: CPU time and bytes per picture, per game and mode, over real positions
from random games, warm and cold. Numbers, not pass/fail (goal, a median of <= 5 ms of
CPU per picture warm for every game and mode, <= 10 ms for a 4-player Guns & Steel board).

    python bench/render.py [--games 3] [--every 4] [--only guns-and-steel] [--profile]
    python bench/render.py --against ../other-checkout [--rounds 3] [...]
    python bench/render.py --encodings [--games 1] [--every 4]

`--against DIR` compares two versions of `pictures/` on the same positions: it runs this
script on DIR's `pictures/` and on this checkout's, alternating, `--rounds` times each (each
run a fresh process), and prints the medians of each and their ratio (this / DIR): on a
shared machine the ratio of interleaved runs is the figure to trust. `--encodings` times the
ways to encode the kit's canvases (palette PNG as now and as before, RGB PNG, WebP).

For each game and mode (pictures.samples.VARIANTS) it plays `--games` random games (seeded,
random legal moves) and, every `--every` moves, draws the public board and the hand of a
player who owes a decision, the even-numbered games in English and the odd ones in Japanese (a
table's pictures are all in its language): the positions a bot draws.
- warm: in the order the game reached them, so what earlier pictures left in the caches
  (text runs, Guns & Steel's strips) serves as in a running bot; each position is new to the renderer;
- cold: the first board and hand after every renderer cache is emptied (a process that just
  started, or a picture unlike any before).
CPU time is this process's (time.process_time), the fair figure on a shared machine.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--root" in sys.argv:  # draw with another checkout's pictures/ (and games/), for --against
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT))

from games import registry  # noqa: E402
from games.kit import Rng  # noqa: E402
from games.kit.playout import random_choice  # noqa: E402
from pictures import board_png, hand_png  # noqa: E402
from pictures.samples import PLAYERS, VARIANTS  # noqa: E402


def positions(key: str, options: dict, players: int, seed: int, every: int):
    """(public view, a deciding player's view) every `every` moves of one random game."""
    game = registry.get(key)
    state = game.setup(PLAYERS[:players], game.parse_options(options), seed)
    rng = Rng(seed=seed).fork(3)
    step = 0
    while True:
        prompts = game.prompts(state)
        if step % every == 0 or not prompts:
            viewer = prompts[0].player if prompts else state.players[0]
            yield game.view(state, None), game.view(state, viewer)
        if not prompts or step > 2000:
            return
        prompt = rng.choice(prompts)
        state, _ = game.apply(state, prompt.player, prompt.id, random_choice(prompt, rng))
        step += 1


def cpu_ms(fn, *args) -> tuple[float, int]:
    start = time.process_time()
    data = fn(*args)
    return (time.process_time() - start) * 1000, len(data)


def empty_caches() -> None:
    """Every renderer cache emptied, as in a process that just started (fonts stay loaded)."""
    import gc
    for obj in gc.get_objects():
        if callable(getattr(obj, "cache_clear", None)) and getattr(obj, "__module__", "").startswith("pictures"):
            obj.cache_clear()


def measure(key: str, options: dict, players: int, games: int, every: int) -> dict:
    warm_board, warm_hand, board_kb, hand_kb, cold = [], [], [], [], []
    for seed in range(games):
        for i, (public, own) in enumerate(positions(key, options, players, seed, every)):
            lang = "ja" if seed % 2 else "en"      # a table draws every picture in its own language
            if i == 0:
                empty_caches()
                cold.append(cpu_ms(board_png, key, public, lang)[0] + cpu_ms(hand_png, key, own, lang)[0])
                continue
            ms, size = cpu_ms(board_png, key, public, lang)
            warm_board.append(ms)
            board_kb.append(size / 1024)
            ms, size = cpu_ms(hand_png, key, own, lang)
            warm_hand.append(ms)
            hand_kb.append(size / 1024)
    return {"board": warm_board, "hand": warm_hand, "board_kb": board_kb, "hand_kb": hand_kb, "cold": cold}


def p90(values: list[float]) -> float:
    return sorted(values)[int(0.9 * (len(values) - 1))]


def encodings(games: int, every: int) -> None:
    """The encodings measured on whole pictures of Ganymede, Sutosute and Fort of Gold (boards
    and hands, decoded): CPU ms (the best of 3 per picture, then the median over pictures) and
    KB, each picture encoded whole, as new (what strips that did not change save comes on top)."""
    import io

    from PIL import Image

    import pictures.draw as kit
    from pictures import bands
    from pictures.guns_and_steel import ink

    canvases: list[Image.Image] = []
    for key in ("ganymede", "sutosute", "fort-of-gold"):
        for options, players in VARIANTS[key]:
            for seed in range(games):
                for i, (public, own) in enumerate(positions(key, options, players, seed, every)):
                    if i % 3 == 1:
                        for data in (board_png(key, public, "en"), hand_png(key, own, "ja")):
                            canvases.append(Image.open(io.BytesIO(data)).convert("RGB"))

    def saved(image: Image.Image, fmt: str, **params: object) -> bytes:
        buf = io.BytesIO()
        image.save(buf, fmt, **params)
        return buf.getvalue()

    def fresh_rgb(image: Image.Image) -> bytes:
        bands.clear()                      # every piece new: the picture encoded whole
        return ink.png(image)

    def palette(step: int, level: int):
        def encode(image: Image.Image) -> bytes:
            sample = image.resize((image.width // step, image.height // step), Image.Resampling.NEAREST)
            chosen = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
            return saved(image.quantize(palette=chosen, dither=Image.Dither.NONE), "PNG", compress_level=level)
        return encode
    ways = {
        "palette PNG, palette from 1/4 of the pixels, zlib 3": palette(2, 3),
        "palette PNG, palette from 1/16, zlib 1 (before: pictures.draw.png_bytes)": palette(kit.PALETTE_SAMPLE,
                                                                                          kit.COMPRESS_LEVEL),
        "RGB PNG, unfiltered, zlib 1, whole (now, in strips: pictures/bands.py)": fresh_rgb,
        "RGB PNG, Pillow (adaptive filters), zlib 1": lambda im: saved(im, "PNG", compress_level=1),
        "WebP lossless, method 0": lambda im: saved(im, "WEBP", lossless=True, method=0, quality=0),
        "WebP lossy, quality 90, method 0": lambda im: saved(im, "WEBP", quality=90, method=0),
    }
    print(f"{len(canvases)} canvases ({canvases[0].width} px wide); CPU ms per picture (median of each picture's "
          f"best of 3) and KB (median):")
    for name, encode in ways.items():
        times, sizes = [], []
        for image in canvases:
            best = float("inf")
            for _ in range(3):
                start = time.process_time()
                data = encode(image)
                best = min(best, time.process_time() - start)
            times.append(1000 * best)
            sizes.append(len(data) / 1024)
        print(f"  {name:<72}{statistics.median(times):7.1f} ms{statistics.median(sizes):7.0f} KB", flush=True)


COLUMNS = ("board ms", "hand ms", "cold ms", "board KB", "hand KB")


def compare(against: Path, rounds: int, passed: list[str]) -> None:
    """This checkout's pictures against `against`'s, alternating fresh runs on the same positions."""
    import json
    import subprocess

    here = Path(__file__).resolve().parent.parent
    runs: dict[str, list[dict]] = {"before": [], "after": []}
    for r in range(rounds):
        for name, root in (("before", against), ("after", here)):
            out = subprocess.run([sys.executable, __file__, "--root", str(root), "--json", *passed],
                                 capture_output=True, text=True, check=True).stdout
            runs[name].append(json.loads(out.splitlines()[-1]))
            print(f"round {r + 1} {name} done", file=sys.stderr, flush=True)
    print(f"{'game and mode':<24}" + "".join(f"{c + ' before':>17}{'after':>8}{'ratio':>7}" for c in COLUMNS[:3])
          + f"{'board KB':>10}{'after':>7}{'hand KB':>9}{'after':>7}")
    print(f"  (CPU ms per picture: medians over {rounds} interleaved runs of each run's median; ratio = after / before)")
    for label in runs["after"][0]:
        row = f"{label:<24}"
        for c in COLUMNS:
            b = statistics.median(x[label][c] for x in runs["before"])
            a = statistics.median(x[label][c] for x in runs["after"])
            row += f"{b:>10.1f}{a:>8.1f}{a / b:>7.2f}" if c.endswith("ms") else f"{b:>9.0f}{a:>7.0f}"
        print(row)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", type=Path, default=None, help="draw with this checkout's pictures/ (see --against)")
    ap.add_argument("--json", action="store_true", help="print the medians as one JSON line")
    ap.add_argument("--against", type=Path, default=None, help="compare with another checkout's pictures/")
    ap.add_argument("--rounds", type=int, default=3, help="--against: runs of each, alternating")
    ap.add_argument("--games", type=int, default=3, help="random games per game and mode")
    ap.add_argument("--every", type=int, default=4, help="draw every n-th position")
    ap.add_argument("--only", default=None, help="one game key")
    ap.add_argument("--profile", action="store_true", help="print where the warm CPU time goes")
    ap.add_argument("--encodings", action="store_true", help="instead: compare PNG and WebP encodings")
    args = ap.parse_args()
    if args.encodings:
        encodings(args.games, args.every)
        return
    if args.against is not None:
        passed = [f"--games={args.games}", f"--every={args.every}"] + ([f"--only={args.only}"] if args.only else [])
        compare(args.against, args.rounds, passed)
        return
    medians: dict[str, dict[str, float]] = {}
    board_png("ganymede", registry.get("ganymede").view(registry.get("ganymede").setup(
        PLAYERS[:2], registry.get("ganymede").parse_options({}), 0), None), "ja")  # fonts loaded, as at start
    profile = cProfile.Profile() if args.profile else None
    if not args.json:
        print(f"{'game and mode':<24}{'n':>5}{'board ms':>9}{'p90':>7}{'hand ms':>9}{'p90':>7}"
              f"{'cold ms':>9}{'board KB':>9}{'hand KB':>8}   (CPU ms per picture, medians; cold = board + hand)")
    for key, variants in VARIANTS.items():
        if args.only and key != args.only:
            continue
        for options, players in variants:
            if profile:
                profile.enable()
            r = measure(key, options, players, args.games, args.every)
            if profile:
                profile.disable()
            label = f"{key} {options.get('mode', f'{players}p')}"
            medians[label] = {"board ms": statistics.median(r["board"]), "hand ms": statistics.median(r["hand"]),
                              "cold ms": statistics.median(r["cold"]), "board KB": statistics.median(r["board_kb"]),
                              "hand KB": statistics.median(r["hand_kb"])}
            if args.json:
                continue
            print(f"{label:<24}{len(r['board']):>5}{statistics.median(r['board']):>9.1f}{p90(r['board']):>7.1f}"
                  f"{statistics.median(r['hand']):>9.1f}{p90(r['hand']):>7.1f}{statistics.median(r['cold']):>9.1f}"
                  f"{statistics.median(r['board_kb']):>9.0f}{statistics.median(r['hand_kb']):>8.0f}", flush=True)
    if args.json:
        import json
        print(json.dumps(medians))
    if profile:
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
