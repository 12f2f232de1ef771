"""Colour-vision-deficiency check of the pictures: prints, for each palette whose
colours tell things apart, the smallest colour difference (CIE76 ΔE) between two of its colours
as people with protanopia, deuteranopia and tritanopia see them, and writes each sample picture
simulated that way, beside Discord's light theme, to look at.

    python bench/colour_vision.py [--out DIR]

ΔE below ~20 means the colours alone do not tell the two apart at a glance: those marks need
(and now have) a shape or a word too. Simulation: Machado, Oliveira & Fernandes (2009),
severity 1.0, applied in linear RGB. Pillow only.
"""
from __future__ import annotations

import argparse
import io
import itertools
from pathlib import Path

from PIL import Image

# Machado et al. 2009, severity 1.0 (rows: R', G', B' from linear R, G, B).
MATRICES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _lin(v: float) -> float:
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _srgb(v: float) -> int:
    v = min(1.0, max(0.0, v))
    v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(rgb: tuple[int, int, int], kind: str) -> tuple[int, int, int]:
    lin = [_lin(c) for c in rgb]
    return tuple(_srgb(sum(m * c for m, c in zip(row, lin, strict=True))) for row in MATRICES[kind])  # type: ignore[return-value]


def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    r, g, b = (_lin(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def delta_e(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5


def _hex(c: str | tuple) -> tuple[int, int, int]:
    if isinstance(c, tuple):
        return c  # type: ignore[return-value]
    c = c.lstrip("#")
    return tuple(int(c[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def palettes() -> dict[str, dict[str, tuple[int, int, int]]]:
    from pictures.draw import COLOURS
    from pictures.guns_and_steel.style import TYPE_COLOURS
    from pictures.sutosute import DIE_COLOURS, KIND_COLOURS
    return {
        "ganymede sides (+ shape)": {k: _hex(COLOURS[k]) for k in ("red", "green", "purple")},
        "guns-and-steel card types (+ shape)": {k: _hex(v) for k, v in TYPE_COLOURS.items()},
        "sutosute card kinds (+ name)": {k: _hex(v) for k, v in KIND_COLOURS.items()},
        "sutosute dice (+ word)": {k: _hex(v[0]) for k, v in DIE_COLOURS.items()},
    }


def simulate_image(img: Image.Image, kind: str) -> Image.Image:
    """The picture as seen with `kind` (per distinct colour: the pictures use few)."""
    img = img.convert("RGB")
    cache: dict[tuple, tuple] = {}
    out = Image.new("RGB", img.size)
    out.putdata([cache.setdefault(p, simulate(p, kind)) for p in (img.get_flattened_data() if hasattr(img, "get_flattened_data") else img.getdata())])
    return out


def light_theme(img: Image.Image) -> Image.Image:
    """The picture as Discord's light theme frames it (the pictures are opaque)."""
    frame = Image.new("RGB", (img.width + 48, img.height + 48), (255, 255, 255))
    frame.paste(img.convert("RGB"), (24, 24))
    return frame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/colour-vision"))
    args = parser.parse_args()
    print(f"{'palette':40} {'normal':>8} " + " ".join(f"{k:>13}" for k in MATRICES))
    for name, pal in palettes().items():
        pairs = list(itertools.combinations(pal, 2))
        row = [min(delta_e(pal[a], pal[b]) for a, b in pairs)]
        worst = []
        for kind in MATRICES:
            d, a, b = min((delta_e(simulate(pal[a], kind), simulate(pal[b], kind)), a, b) for a, b in pairs)
            row.append(d)
            worst.append(f"{a}/{b}")
        print(f"{name:40} {row[0]:8.1f} " + " ".join(f"{d:13.1f}" for d in row[1:]) + "   closest: " + ", ".join(worst))
    from games import registry
    from pictures import board_png
    from pictures.samples import sample_state
    args.out.mkdir(parents=True, exist_ok=True)
    for key, players in (("ganymede", 2), ("guns-and-steel", 3), ("sutosute", 2)):
        game = registry.get(key)
        state = sample_state(key, {}, players, moves=30, seed=1, lang="en")
        img = Image.open(io.BytesIO(board_png(key, game.view(state, None), "en")))
        sims = [light_theme(img)] + [simulate_image(img, kind) for kind in MATRICES]
        sheet = Image.new("RGB", (sum(s.width for s in sims), max(s.height for s in sims)), (255, 255, 255))
        x = 0
        for s in sims:
            sheet.paste(s, (x, 0))
            x += s.width
        path = args.out / f"{key}-light-protan-deutan-tritan.png"
        sheet.save(path)
        print(path)


if __name__ == "__main__":
    main()
