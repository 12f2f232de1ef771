"""Any game's text board as a picture: the renderer of last resort (CJK-safe, wrapped, <= 1 MB)."""
from __future__ import annotations

from .draw import WIDTH, Canvas, P, wrap

SIZE = 22
LINE = 30
PAD = 20


def text_png(text: str, width: int = WIDTH) -> bytes:
    lines: list[tuple[str, bool]] = []
    for raw in text.replace("`", "").splitlines() or [""]:
        bold = raw.lstrip("- ").startswith("**")
        for line in wrap(raw.replace("**", ""), SIZE, width - 2 * PAD, bold):
            lines.append((line, bold))
    canvas = Canvas(2 * PAD + LINE * len(lines), width)
    for i, (line, bold) in enumerate(lines):
        canvas.text((PAD, PAD + LINE * i), line, SIZE, fill=P.TEXT if bold else P.MUTED, bold=bold)
    return canvas.png()
