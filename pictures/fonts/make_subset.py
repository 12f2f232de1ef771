"""Dev-time only: cut the shipped Noto Sans CJK JP subsets from the full system fonts.

    apt-get install -y fonts-noto-cjk && pip install fonttools
    python pictures/fonts/make_subset.py

Keeps ASCII, Latin-1 and Latin Extended-A, Greek, Cyrillic, general punctuation, arrows, maths,
box drawing, geometric shapes, dingbats, kana, CJK symbols, full-width forms, every JIS X 0208
character (all level 1 and 2 kanji), and every character of the games' data files and the
renderers' labels (so a card name outside JIS X 0208 still draws). Not imported at runtime.
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SOURCES = {
    "NotoSansCJKjp-Regular-subset.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "NotoSansCJKjp-Bold-subset.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
}
RANGES = [
    (0x20, 0x7E), (0xA0, 0x17F),            # ASCII, Latin-1, Latin Extended-A
    (0x370, 0x3FF), (0x400, 0x45F),         # Greek, Cyrillic
    (0x2000, 0x206F), (0x2070, 0x209F),     # general punctuation, super/subscripts
    (0x20A0, 0x20BF), (0x2100, 0x214F),     # currency, letterlike
    (0x2150, 0x218F), (0x2190, 0x21FF),     # number forms, arrows
    (0x2200, 0x22FF), (0x2300, 0x23FF),     # maths, technical
    (0x2460, 0x24FF), (0x2500, 0x257F),     # enclosed alphanumerics, box drawing
    (0x2580, 0x259F), (0x25A0, 0x25FF),     # blocks, geometric shapes
    (0x2600, 0x26FF), (0x2700, 0x27BF),     # misc symbols, dingbats
    (0x3000, 0x303F), (0x3040, 0x30FF),     # CJK symbols and punctuation, kana
    (0x31F0, 0x31FF), (0x3200, 0x32FF),     # kana extensions, enclosed CJK
    (0x3300, 0x33FF), (0xFF00, 0xFFEF),     # CJK compatibility, full-width forms
]


def jis_x_0208() -> set[str]:
    chars = set()
    for hi in range(0xA1, 0xF5):
        for lo in range(0xA1, 0xFF):
            try:
                chars.add(bytes([hi, lo]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return chars


def data_chars() -> set[str]:
    """Every character in the games' data files and the pictures' label catalogue."""
    chars: set[str] = set()
    for path in [*ROOT.glob("games/**/*.json"), *ROOT.glob("pictures/*.py"), *ROOT.glob("tables/*.json")]:
        chars |= set(path.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable()}


def wanted() -> set[str]:
    chars = {chr(cp) for lo, hi in RANGES for cp in range(lo, hi + 1)}
    return chars | jis_x_0208() | data_chars()


def main() -> None:
    text = "".join(sorted(wanted()))
    for out, src in SOURCES.items():
        font = TTCollection(src).fonts[0]  # index 0 = Noto Sans CJK JP
        assert "JP" in font["name"].getDebugName(4), font["name"].getDebugName(4)
        options = subset.Options()
        options.layout_features = ["kern", "palt", "vert", "liga", "locl"]
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        options.hinting = False
        options.desubroutinize = False
        sub = subset.Subsetter(options)
        sub.populate(text=text)
        sub.subset(font)
        font.save(HERE / out)
        cmap = font.getBestCmap()
        print(f"{out}: {len(cmap)} characters, {(HERE / out).stat().st_size / 1e6:.2f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
