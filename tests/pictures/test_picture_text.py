"""Every text a picture draws is readable where Discord shows it: at least 19 px at the kit's
800-px width (a phone shows the picture about half as wide), for every game, mode and language.
Every picture is drawn at the width it is sent at (no scaling), so a size drawn is a size seen."""
from __future__ import annotations

import pytest
from picture_texts import TABLES, drawn_texts, pictures_of, recording

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
    """The check can fail: a Guns & Steel board's title is seen; a small text is seen; the sizes
    are those sent: no picture (the Guns & Steel board included) is drawn wider and scaled down."""
    import io

    from PIL import Image

    from pictures.draw import WIDTH, Canvas
    with recording() as drawn:
        Canvas(100).text((0, 0), "tiny", 12)
    assert drawn == [("tiny", 12)]
    texts = {text for _, text, _ in drawn_texts("guns-and-steel", {"set": "base"}, 2, "ja", depths=(0,))}
    assert "鋼鉄と火薬・基本セット" in texts or any("鋼鉄と火薬" in t for t in texts)
    real, canvases = Image.new, []

    def new(mode, size, *args, **kwargs):
        if mode == "RGB":
            canvases.append(size[0])
        return real(mode, size, *args, **kwargs)

    Image.new = new
    try:
        for kind, render in pictures_of("guns-and-steel", {"set": "mixed"}, 4, "en", depths=(0, 30)):
            with recording():          # every cache emptied: every strip drawn
                assert Image.open(io.BytesIO(render())).width == WIDTH, kind
    finally:
        Image.new = real
    assert max(canvases) == WIDTH, "a picture drawn on a wider canvas and scaled down"


def _sutosute_after_a_combo(open_combo: bool):
    """A Sutosute table whose last round had a combo, with that combo still open (its heading over
    the graph) or already played out (said in the round line only)."""
    from games import registry
    from games.kit import Rng, random_action
    game = registry.get("sutosute")
    for seed in range(50):
        state, rng = game.setup(["Alice", "ボブ"], game.parse_options({}), seed), Rng(seed=seed)
        for _ in range(300):
            view = game.view(state, None)
            if view.last and view.last.combo and bool(view.combo) == open_combo:
                return view
            action = random_action(game, state, rng)
            if action is None:
                break
            state, _ = game.apply(state, action.player, action.prompt_id, action.choice)
    raise AssertionError("no such table in 50 games")


@pytest.mark.parametrize("open_combo", [False, True])
def test_sutosute_says_a_combo_once_in_full_width_japanese(open_combo):
    """The round line used to read 'ボブのコンボ: 1枚 (建設)' (and repeat the open combo's heading)."""
    import pictures
    view = _sutosute_after_a_combo(open_combo)
    with recording() as drawn:
        pictures.board_png("sutosute", view, "ja")
    lines = [text for text, _ in drawn if "のコンボ" in text]
    winner = view.last.winner
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{winner}のコンボ：{len(view.last.combo)}枚")
    if not open_combo:
        assert lines[0].endswith("）") and "（" in lines[0]
    assert not any(ch in lines[0] for ch in "():")
