"""Every text a picture draws is readable where Discord shows it: at least 19 px at the kit's
800-px width (a phone shows the picture about half as wide), for every game, mode and language.
The Guns & Steel board is drawn at its design width and shrunk, so its sizes count scaled."""
from __future__ import annotations

import pytest
from picture_texts import TABLES, drawn_texts, recording, scale

SMALLEST = 19


@pytest.mark.parametrize(("key", "options", "players"), TABLES, ids=[f"{k}-{o}-{n}" for k, o, n in TABLES])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_text_is_at_least_19px_where_discord_shows_it(key, options, players, lang):
    small = {}
    for kind, text, size in drawn_texts(key, options, players, lang, depths=(0, 30, 400)):
        if size < SMALLEST - 0.01 and text.strip():
            small.setdefault(f"{kind}: {text}", round(size, 1))
    assert not small, small


def test_the_recorder_sees_what_is_drawn_and_how_big():
    """The check can fail: a Guns & Steel board draws its title and scales it; a small text is seen."""
    from pictures.draw import Canvas
    with recording() as drawn:
        Canvas(100).text((0, 0), "tiny", 12)
    assert drawn == [("tiny", 12)]
    texts = {text for _, text, _ in drawn_texts("guns-and-steel", {"set": "base"}, 2, "ja", depths=(0,))}
    assert "鋼鉄と火薬・基本セット" in texts or any("鋼鉄と火薬" in t for t in texts)
    assert scale("guns-and-steel", "board") < 1 == scale("guns-and-steel", "hand")
