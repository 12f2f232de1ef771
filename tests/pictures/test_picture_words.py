"""Words in the pictures as a reader takes them in: an English picture shows no
Japanese (the sample players are named per language), Fort of Gold's card names are drawn whole,
never cut with "…", and a Japanese line never splits a number from its counter (３ / 枚)."""
from __future__ import annotations

import re

import pytest
from picture_texts import TABLES, drawn_texts

from pictures.draw import COUNTERS, wrap

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]")


@pytest.mark.parametrize(("key", "options", "count"), TABLES, ids=[f"{k}-{o}-{n}" for k, o, n in TABLES])
def test_an_english_picture_draws_no_japanese(key, options, count):
    bad = {text for _, text, _ in drawn_texts(key, options, count, "en") if JAPANESE.search(text)}
    assert not bad, sorted(bad)[:10]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_fort_of_gold_draws_every_card_name_whole(lang):
    cut = {text for _, text, _ in drawn_texts("fort-of-gold", {}, 1, lang) if text.endswith("…")}
    assert not cut, sorted(cut)


def _rich_lines(text: str, width: int) -> list[str]:
    """Guns & Steel's wrap (text with energy icons), each icon written as [kind]."""
    from pictures.guns_and_steel import rich
    return ["".join(v if k == "t" else f"[{v}]" for k, v in line) for line in rich.wrap(text, 19, width)]


@pytest.mark.parametrize("text", ["自分の場に食料の資源が３枚。", "自分の軍事力が１２以上。", "勝利点トークン12個を獲得、3点",
                                  "好きな３→［地球］１、前の時代２→次の時代１。"])
@pytest.mark.parametrize("wrapper", ["kit", "guns-and-steel"])
def test_a_japanese_line_never_splits_a_number_from_its_counter(text, wrapper):
    for width in range(60, 320, 3):   # wider than any number with its counter
        lines = wrap(text, 19, width) if wrapper == "kit" else _rich_lines(text, width)
        for before, after in zip(lines, lines[1:], strict=False):
            number_ends = before[-1:].isdigit() or (wrapper != "kit" and before.endswith("]"))
            assert not (number_ends and (after[:1].isdigit() or after[:1] in COUNTERS)), (width, lines)
        if wrapper == "kit":
            assert "".join(lines) == text


@pytest.mark.parametrize(("key", "options", "count"), TABLES, ids=[f"{k}-{o}-{n}" for k, o, n in TABLES])
def test_a_picture_says_counts_and_values_below_zero_in_words(key, options, count):
    """What the pictures draw is held to tests/test_words.py's lints: "1 card", never "1 cards"."""
    from test_words import duration_problems, negative_problems, plural_problems
    bad = {}
    for lang in ("en", "ja"):
        for _, text, _ in drawn_texts(key, options, count, lang):
            for problem in ((plural_problems(text) if lang == "en" else []) + duration_problems(text)
                            + negative_problems(text)):
                bad.setdefault(problem, text)
    assert not bad, bad
