"""Text with inline energy icons, wrapped to a width: card effects and wonder conditions say
"[iron]2" / "［鉄］２", which the pictures draw as the iron token followed by the number."""
from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image

from ..draw import COUNTERS
from . import icons
from .ink import length, text

_JA_ENERGY = {"食料": "food", "鉄": "iron", "馬": "horse", "火薬": "gunpowder", "石油": "oil", "地球": "earth", "宇宙": "space"}
_ICON = re.compile(r"\[(food|iron|horse|gunpowder|oil|earth|space)\]|［(食料|鉄|馬|火薬|石油|地球|宇宙)］")
_NO_LINE_START = set("、。，．）」』】〕・ー！？：；,.)!?:;%ァィゥェォッャュョ")
_NO_LINE_END = set("（「『【〔《")

Atom = tuple[str, str]            # ("t", text) or ("i", energy kind)
Line = tuple[Atom, ...]


def _atoms(text: str) -> list[Atom]:
    """Words (Latin, with their trailing space) or single characters (Japanese) and icons."""
    out: list[Atom] = []
    pos = 0
    for m in _ICON.finditer(text):
        out.extend(_text_atoms(text[pos:m.start()]))
        out.append(("i", m.group(1) or _JA_ENERGY[m.group(2)]))
        pos = m.end()
    out.extend(_text_atoms(text[pos:]))
    return out


def _text_atoms(s: str) -> list[Atom]:
    out: list[Atom] = []
    for word in re.findall(r"[\x00-\x7f\u00c0-\u024f]+?(?: |$)|[\x00-\x7f\u00c0-\u024f]+|.", s):
        out.append(("t", word))
    return out


def _sticks(before: Atom, after: Atom) -> bool:
    """A number stays with what it counts: 「３」 with 「枚」, 「１」 with 「２」, an energy icon with
    its number ("[iron]2")."""
    if after[0] != "t":
        return False
    head = after[1][:1]
    if head.isdigit():
        return before[0] == "i" or before[1][-1:].isdigit()
    return head in COUNTERS and before[0] == "t" and before[1][-1:].isdigit()


def icon_size(size: int) -> int:
    return int(size * 1.05)


def _width(atom: Atom, size: int, bold: bool) -> float:
    return icon_size(size) + 2 if atom[0] == "i" else length(atom[1], size, bold)


@lru_cache(maxsize=2048)
def wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[Line, ...]:
    """Greedy wrap; a Japanese closing mark never starts a line."""
    lines: list[list[Atom]] = [[]]
    used = 0.0
    for atom in _atoms(text):
        w = _width(atom, size, bold)
        if atom[0] == "t" and atom[1] == "\n":
            lines.append([])
            used = 0.0
            continue
        fits = used + w - (size * .3 if atom[1].endswith(" ") else 0) <= width
        if not fits and lines[-1]:
            carried: list[Atom] = []
            if atom[0] == "t" and atom[1][:1] in _NO_LINE_START and len(lines[-1]) > 1:
                carried.append(lines[-1].pop())          # "ギー" never splits before ー: take ギ along
            nxt = carried[0] if carried else atom
            while len(lines[-1]) > 1 and _sticks(lines[-1][-1], nxt):
                nxt = lines[-1].pop()                    # ３ / 枚 never: take the number along
                carried.insert(0, nxt)
            while len(lines[-1]) > 1 and lines[-1][-1][0] == "t" and lines[-1][-1][1] in _NO_LINE_END:
                carried.insert(0, lines[-1].pop())       # an opening bracket never ends a line
            lines.append(carried)
            used = sum(_width(a, size, bold) for a in carried)
            if atom == ("t", " "):
                continue
        lines[-1].append(atom)
        used += w
    return tuple(tuple(line) for line in lines if line)


def _runs(line: Line) -> list[Atom]:
    """A line's icons, and its text between them as whole runs (one mask each, read as words)."""
    runs: list[Atom] = []
    for kind, value in line:
        if kind == "t" and runs and runs[-1][0] == "t":
            runs[-1] = ("t", runs[-1][1] + value)
        else:
            runs.append((kind, value))
    return runs


def draw(img: Image.Image, x: float, y: float, lines: tuple[Line, ...], size: int,
         fill: tuple[int, int, int], bold: bool = False, leading: float = 1.3, max_lines: int = 99) -> float:
    """Draw wrapped lines from (x, y); returns the y below the last line."""
    step = int(size * leading)
    isz = icon_size(size)
    for n, line in enumerate(lines[:max_lines]):
        cx = x
        last = n == max_lines - 1 and len(lines) > max_lines
        for kind, run in _runs(line):
            if kind == "i":
                img.paste(icons.energy(run, isz), (int(cx), int(y + (step - isz) / 2)), icons.energy(run, isz))
                cx += isz + 2
            else:
                cx += text(img, (cx, y + step / 2), run, size, fill, bold, "lm")
        if last:
            text(img, (cx, y + step / 2), "…", size, fill, bold, "lm")
        y += step
    return y
