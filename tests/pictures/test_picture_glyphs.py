"""Every string a picture can draw has its glyphs in the shipped fonts (regular and bold): all card
names and texts in the four games' data files and every label of every renderer, in English and
Japanese. A missing glyph would draw as '?', so this fails and names the characters; rebuild the
subsets with pictures/fonts/make_subset.py."""
from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from pictures import RENDERERS, renderer
from pictures.fonts import PLACEHOLDER, clean, coverage, draw_text, fallback_coverage, has_glyph, text_width

ROOT = Path(__file__).resolve().parents[2]
DATA_FILES = sorted(ROOT.glob("games/**/*.json"))


def strings_in(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    return []


def label_strings() -> dict[str, list[str]]:
    """Every module-level table of (English, Japanese) labels in every renderer."""
    found: dict[str, list[str]] = {}
    for key in RENDERERS:
        module = renderer(key)
        if module is None:
            continue
        for name, value in vars(module).items():
            if isinstance(value, dict) and value and all(
                    isinstance(v, tuple) and all(isinstance(x, str) for x in v) for v in value.values()):
                found[f"{module.__name__}.{name}"] = [x for v in value.values() for x in v]
    return found


def missing(texts: list[str]) -> set[str]:
    regular, bold = coverage(False), coverage(True)
    return {ch for text in texts for ch in text
            if not ch.isspace() and unicodedata.category(ch) not in ("Cc", "Cf")
            and (ord(ch) not in regular or ord(ch) not in bold)}


def test_the_data_files_and_labels_are_found() -> None:
    assert {p.parent.name for p in DATA_FILES} >= {"ganymede", "sutosute", "fort_of_gold", "data"}
    labels = label_strings()
    assert {"pictures.ganymede.LABELS", "pictures.sutosute.LABELS", "pictures.fort_of_gold.LABELS"} <= set(labels)


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_data_string_has_glyphs(path: Path) -> None:
    texts = strings_in(json.loads(path.read_text(encoding="utf-8")))
    assert texts
    assert not missing(texts), f"{path.name}: no glyph for {sorted(missing(texts))}"


def test_every_renderer_label_has_glyphs() -> None:
    for name, texts in label_strings().items():
        assert not missing(texts), f"{name}: no glyph for {sorted(missing(texts))}"


def test_the_catalogue_and_game_names_have_glyphs() -> None:
    from games import registry
    texts = [n for g in registry.all_games() for n in g.names.values()]
    for path in ROOT.glob("tables/*.json"):
        texts += strings_in(json.loads(path.read_text(encoding="utf-8")))
    assert not missing(texts), sorted(missing(texts))


def test_the_fonts_cover_japanese_and_the_symbols_the_pictures_use() -> None:
    for ch in "あア漢字鋼鉄火薬ガニメデ戦記金の砦すとすて、。()「」・…→×✓★♠♥♦♣ー々〜":
        assert has_glyph(ch) and has_glyph(ch, bold=True), ch
    assert len(coverage()) > 8000  # JIS X 0208 (6,879) and more


def test_names_in_any_script_never_draw_tofu() -> None:
    """A name the fonts can't draw keeps what they can and shows '?' for the rest; emoji become '?'."""
    assert clean("Alice 👨\u200d👩\u200d👧 x") == "Alice ? x"
    assert clean("민수") == "??"
    assert clean("Zoë Ωmega ボブ") == "Zoë Ωmega ボブ"
    assert clean("tab\there") == "tab here"
    drawable = coverage() | fallback_coverage() | {ord(PLACEHOLDER), ord(" ")}
    for name in ("민수", "🎲Dice🎲", "\u0628\u0627\u0628", "𠮷野家", "Ǆemal", "e\u0301", "a\u200bb"):
        shown = clean(name)
        assert shown and all(ord(ch) in drawable for ch in shown), (name, shown)
        assert text_width(name, 24) > 0
    assert clean("𠮷野家") == "?野家"


def test_draw_text_handles_mixed_text() -> None:
    from PIL import Image, ImageDraw
    image = Image.new("RGB", (400, 60), "#000000")
    width = draw_text(ImageDraw.Draw(image), (10, 30), "Bob ボブ 🎲 민", 24, anchor="lm")
    assert width == pytest.approx(text_width("Bob ボブ 🎲 민", 24))
    assert image.getbbox() is not None  # something was drawn


def test_the_fonts_ship_in_the_package() -> None:
    """pip install must carry the fonts (a fresh machine has no CJK font): pyproject's package data
    for `pictures` matches every font file, and the licence."""
    import tomllib

    from pictures.fonts import FILES, FONT_DIR
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["pictures"]
    shipped = {p for pattern in patterns for p in (ROOT / "pictures").glob(pattern)}
    assert set(FILES.values()) <= shipped
    assert FONT_DIR / "OFL.txt" in shipped
    assert all(2_000_000 < path.stat().st_size < 5_000_000 for path in FILES.values())
