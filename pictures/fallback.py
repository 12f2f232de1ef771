"""Any game's text board as a picture: the renderer of last resort."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont


def text_png(text: str, width: int = 900) -> bytes:
    font = ImageFont.load_default(size=16)
    lines = text.replace("**", "").replace("`", "").splitlines() or [""]
    height = 20 + 20 * len(lines)
    image = Image.new("RGB", (width, height), "#2b2d31")
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((12, 10 + 20 * i), line, font=font, fill="#e6e6e6")
    buf = io.BytesIO()
    image.save(buf, "PNG", optimize=True)
    return buf.getvalue()
