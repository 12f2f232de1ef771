"""Pieces both pictures share: a pyramid-style card tile, cost icons, icon-and-number marks,
chips for face-up cards and wonders."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import ENERGIES, card, wonder

from . import icons, labels
from .ink import length, text
from .style import EXTRA, FAINT, GOLD, MUTED, NAME, SMALL, TEXT, TILE, TYPE_COLOURS


def paste(img: Image.Image, icon: Image.Image, x: float, y: float) -> None:
    img.paste(icon, (int(x), int(y)), icon)


def fit_text(s: str, size: int, width: float, bold: bool = True, smallest: int = 14) -> int:
    """The largest size up to `size` at which `s` fits in `width` on one line."""
    while size > smallest and length(s, size, bold) > width:
        size -= 1
    return size


def fit_line(s: str, size: int, width: float, smallest: int = 18) -> tuple[str, int]:
    """`s` at the largest size down to `smallest` that fits `width`, cut with "…" if even that
    does not (a long player name)."""
    size = fit_text(s, size, width, smallest=smallest)
    while len(s) > 1 and length(s, size, True) > width:
        s = s[:-2] + "…"
    return s, size


def mark(img: Image.Image, x: float, y: float, icon: Image.Image, s: str, size: int,
         fill: tuple[int, int, int] = TEXT, bold: bool = True) -> float:
    """An icon followed by a number or word, vertically centred on y; returns the x after it."""
    paste(img, icon, x, y - icon.height / 2)
    x += icon.width + 3
    return x + text(img, (x, y), s, size, fill, bold, "lm")


def stat_row(img: Image.Image, right: float, y: float, stats: list[tuple[Image.Image, str]], size: int,
             gap: int = 22) -> float:
    """Icon-and-number pairs right-aligned at `right` (a player's hand, military, VP, tokens)."""
    for icon, s in reversed(stats):
        right -= length(s, size, True)
        text(img, (right, y), s, size, TEXT, True, "lm")
        right -= icon.width + 4
        paste(img, icon, right, y - icon.height / 2)
        right -= gap
    return right


def cost_icons(img: Image.Image, x: float, y: float, cost: dict[str, int], extra: int, size: int) -> float:
    """The printed cost as one token per energy (era order), then "+N" for the cards connected below."""
    for kind in ENERGIES:
        for _ in range(cost.get(kind, 0)):
            paste(img, icons.energy(kind, size), x, y - size / 2)
            x += size + 2
    if extra:
        x += 3 + text(img, (x + 3, y), f"+{extra}", SMALL, EXTRA, True, "lm")
    return x


def stats(img: Image.Image, right: float, y: float, key: str, size: int = 19, gap: int = 8) -> float:
    """Military, VP and the counter mark, `gap` apart, right-aligned at `right`; returns the left edge."""
    c = card(key)
    vp = str(c.vp.value)
    right -= length(vp, size, True)
    text(img, (right, y), vp, size, TEXT, True, "lm")
    right -= size + 2
    paste(img, icons.star(size), right, y - size / 2)
    if c.military.value:
        mil = str(c.military.value)
        right -= gap + length(mil, size, True)
        text(img, (right, y), mil, size, TEXT, True, "lm")
        right -= size + 3
        paste(img, icons.sword(size + 2), right, y - size / 2 - 1)
    if c.counter.value:
        right -= size + gap
        paste(img, icons.shield(size + 2), right, y - size / 2 - 1)
    return right


def card_tile(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, w: int, h: int, key: str, extra: int,
              lang: str) -> None:
    """A pyramid card: name, type, military, VP, counter mark, cost and the extra cost. A board
    shows the same tiles turn after turn, so each is drawn once and pasted."""
    img.paste(_tile(key, extra, int(w), int(h), lang), (int(x), int(y)), _tile_mask(int(w), int(h)))


@lru_cache(maxsize=64)
def _tile_mask(w: int, h: int) -> Image.Image:
    mask = Image.new("L", (w + 1, h + 1), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, w, h], radius=TILE_RADIUS, fill=255)
    return mask


@lru_cache(maxsize=256)
def _tile(key: str, extra: int, w: int, h: int, lang: str) -> Image.Image:
    img = Image.new("RGB", (w + 1, h + 1), TILE)
    _draw_tile(img, ImageDraw.Draw(img), 0, 0, w, h, key, extra, lang)
    return img


TILE_RADIUS = 6
TILE_PAD = 3           # a tile's inner margin
TYPE_MARK = 15         # the card type's shape on a tile
NAME_LINE = 22         # a card name's line height in a tile


def _draw_tile(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, w: int, h: int, key: str, extra: int,
               lang: str) -> None:
    """Name (up to two lines), then military, VP and the counter mark, then the cost and "+N". The
    type is the frame's colour and the shape on its top right corner (the legend names both): at the size a
    phone can read there is no room for the word."""
    c = card(key)
    colour = TYPE_COLOURS[c.kind]
    d.rounded_rectangle([x, y, x + w, y + h], radius=TILE_RADIUS, fill=TILE, outline=colour, width=2)
    d.rounded_rectangle([x + 2, y + 2, x + w - 2, y + 6], radius=2, fill=colour)
    lines, size, bold = fit_lines(labels.card_name(key, lang), w - 2 * TILE_PAD)
    top = y + 8 + (2 - len(lines)) * NAME_LINE / 2
    for n, line in enumerate(lines):
        text(img, (x + TILE_PAD, top + NAME_LINE * (n + .5)), line, size, TEXT, bold, "lm")
    stats(img, x + w - TILE_PAD - 1, y + h - 39, key, SMALL, gap=5)
    shape = icons.card_type(c.kind, TYPE_MARK)   # the type's shape on the frame's top right corner
    img.paste(shape, (int(x + w - TYPE_MARK - 2), int(y + 1)), shape)
    icons_n = sum(c.cost.value.values())
    room = w - 2 * TILE_PAD - (length(f"+{extra}", SMALL, True) + 4 if extra else 0)
    cost_icons(img, x + TILE_PAD, y + h - 14, c.cost.value, extra, max(11, min(19, int(room / max(icons_n, 1)) - 2)))


def empty_tile(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, w: int, h: int, lang: str) -> None:
    """A slot whose card was bought."""
    d.rounded_rectangle([x + 3, y + 3, x + w - 3, y + h - 3], radius=TILE_RADIUS, outline=FAINT, width=1)
    word = labels.word("bought", lang)
    text(img, (x + w / 2, y + h / 2), word, fit_text(word, SMALL, w - 8, False, SMALL), FAINT, False, "mm")


def chip_width(s: str, size: int, military: int = 0) -> float:
    return 38 + length(s, size, True) + (size + 12 + length(str(military), size, True) if military else 0)


def card_chip(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, key: str, lang: str, size: int = 19) -> float:
    """A face-up card in a field: type colour, name and military. Returns its width."""
    c = card(key)
    name = labels.card_name(key, lang)
    w = chip_width(name, size, c.military.value)
    h = size + 16
    colour = TYPE_COLOURS[c.kind]
    d.rounded_rectangle([x, y, x + w, y + h], radius=7, fill=TILE, outline=colour, width=2)
    shape = icons.card_type(c.kind, size + 3)    # the type by shape too, not colour alone
    img.paste(shape, (int(x + 6), int(y + (h - shape.height) / 2)), shape)
    text(img, (x + 29, y + h / 2), name, size, TEXT, True, "lm")
    if c.military.value:
        mark(img, x + 35 + length(name, size, True), y + h / 2, icons.sword(size + 2), str(c.military.value), size)
    return w


def wonder_chip_width(key: str, lang: str, size: int = 19) -> float:
    return 26 + length(labels.wonder_name(key, lang), size, True) + size + 6 + length(str(wonder(key).vp.value), size, True)


def wonder_chip(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, key: str, lang: str, size: int = 19) -> float:
    """A wonder someone owns: gold frame, name and its VP."""
    name = labels.wonder_name(key, lang)
    w = wonder_chip_width(key, lang, size)
    h = size + 16
    d.rounded_rectangle([x, y, x + w, y + h], radius=7, fill=(58, 50, 30), outline=GOLD, width=2)
    text(img, (x + 10, y + h / 2), name, size, TEXT, True, "lm")
    mark(img, x + 16 + length(name, size, True), y + h / 2, icons.star(size), str(wonder(key).vp.value), size)
    return w


def resource_width(vp: int, size: int) -> float:
    return size + 4 + (size * .6 + 2 + length(str(vp), SMALL, True) + 5 if vp else 0)


def resource_token(img: Image.Image, x: float, y: float, kind: str, vp: int, size: int) -> float:
    """A resource in a field: its energy token, with the card's VP (a star and the number) beside
    it when it has any."""
    paste(img, icons.energy(kind, size), x, y)
    if vp:
        mark(img, x + size + 2, y + size / 2, icons.star(int(size * .6)), str(vp), SMALL, GOLD)
    return resource_width(vp, size)


def flow(items: list[tuple[float, object]], x0: float, width: float, gap: float = 8) -> list[tuple[float, int, object]]:
    """Place items of given widths left to right, wrapping: [(x, line, item)]."""
    out = []
    x, line = x0, 0
    for w, item in items:
        if x > x0 and x + w > x0 + width:
            x, line = x0, line + 1
        out.append((x, line, item))
        x += w + gap
    return out


def muted_label(img: Image.Image, x: float, y: float, s: str, size: int = SMALL) -> None:
    text(img, (x, y), s, size, MUTED, False, "lm")


# ---- names that must stay large ------------------------------------------------------------------

_PREFERRED_AFTER = set("の・ 　")          # a Japanese name breaks best after these
_NO_START = set("、。）」ー・ァィゥェォッャュョ")
_VOWELS = set("aeiouyAEIOUYéÉ")
_WORDS = ("宇宙", "原子力")                  # kanji words a long name breaks after (宇宙|開発競争)


def _wide(ch: str) -> bool:
    return ord(ch) > 0x2E7F


# Where the long words of the card names break (a dictionary's syllables); others: before a
# consonant and a vowel.
HYPHENATION = ("Rein-force-ment", "Con-scrip-tion", "Na-tion-al-ism", "Swords-man", "News-pa-per", "Ag-ri-cul-ture",
               "Phi-los-o-phy", "Sub-ma-rine", "Nav-i-ga-tion", "Ec-o-nom-ics", "Mus-ket-eer", "Es-pi-o-nage",
               "Bat-tle-ship", "Elec-tric-i-ty", "Ed-u-ca-tion", "Ir-ri-ga-tion", "Blitz-krieg", "The-ol-o-gy",
               "Cease-fire", "Cav-al-ry", "Rail-road", "Sat-el-lite", "Com-put-er", "Ma-chine", "Print-ing",
               "Smelt-ing", "Arch-er", "Flank-ing", "Cur-ren-cy", "Black-smith", "Di-plo-ma-cy", "Tri-bute")
_SYLLABLES = {word.replace("-", ""): word for word in HYPHENATION}


def _hyphen_points(s: str) -> list[int]:
    """Positions inside the words of `s` where a hyphen may go."""
    points = []
    start = 0
    for word in s.split(" "):
        known = _SYLLABLES.get(word)
        if known is not None:
            at = start
            for part in known.split("-")[:-1]:
                at += len(part)
                points.append(at)
        else:
            points += [start + i for i in range(3, len(word) - 2) if word[i].isalpha() and word[i] not in _VOWELS
                       and word[i + 1] in _VOWELS and any(c in _VOWELS for c in word[:i])]
        start += len(word) + 1
    return points


def _breaks(s: str) -> list[list[int]]:
    """Where `s` may break, by kind, best kind first: after a space or の/・; (Japanese) between
    katakana and kanji; (Japanese) anywhere a line may start; inside a long English word before a
    consonant and a vowel ("Reinforce-ment", "Subma-rine"), where a hyphen is added."""
    inside = range(1, len(s))
    best = [i for i in inside if s[i - 1] in _PREFERRED_AFTER or any(s[:i].endswith(w) for w in _WORDS)]
    script = [i for i in inside if _wide(s[i]) and _wide(s[i - 1]) and s[i] not in _NO_START
              and ("\u30a0" <= s[i - 1] <= "\u30ff") != ("\u30a0" <= s[i] <= "\u30ff")]
    anywhere = [i for i in inside if _wide(s[i]) and _wide(s[i - 1]) and s[i] not in _NO_START]
    syllable = [i for i in _hyphen_points(s) if 2 <= i <= len(s) - 3]
    return [best, script, anywhere, syllable]


def _split(s: str, size: int, bold: bool, width: float, lines: int, kinds: int = 4) -> tuple[str, ...] | None:
    """`s` in at most `lines` lines of `width`, broken at the best of the first `kinds` kinds of
    place that works and, within a kind, where the lines come out most even."""
    if length(s, size, bold) <= width:
        return (s,)
    if lines == 1:
        return None
    for kind, places in enumerate(_breaks(s)[:kinds]):
        hyphen = "-" if kind == 3 else ""
        for i in sorted(places, key=lambda i: abs(len(s) - 2 * i)):
            first = s[:i].rstrip() + hyphen
            if length(first, size, bold) > width:
                continue
            rest = _split(s[i:].lstrip(), size, bold, width, lines - 1, kinds)
            if rest is not None:
                return (first, *rest)
    return None


@lru_cache(maxsize=1024)
def fit_lines(s: str, width: float, lines: int = 2, largest: int = NAME, smallest: int = SMALL
              ) -> tuple[tuple[str, ...], int, bool]:
    """`s` in at most `lines` lines no wider than `width`, never smaller than `smallest`: bold at
    the largest size that fits, then regular; what still does not fit ends with "…"."""
    # bold before regular, fewer lines first, and a hyphen only when no whole word fits a line
    stages = [(bold, n, kinds) for kinds in (1, 2, 3, 4) for bold in (True, False) for n in range(1, lines + 1)]
    for bold, n, kinds in stages:
        for size in range(largest, smallest - 1, -1):
            found = _split(s, size, bold, width, n, kinds)
            if found is not None:
                return found, size, bold
    out = list(_split(s, smallest, False, width, 99) or (s,))
    if len(out) > lines:
        out = out[:lines]
        while out[-1] and length(out[-1] + "…", smallest) > width:
            out[-1] = out[-1][:-1]
        out[-1] = out[-1].rstrip("-") + "…"
    return tuple(out), smallest, False
