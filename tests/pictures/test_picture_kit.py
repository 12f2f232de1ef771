"""The drawing kit: wrapping that fits and respects Japanese line starts, and PNGs that stay <= 1 MB."""
from __future__ import annotations

import io
import random

from PIL import Image

from pictures.draw import MAX_BYTES, Canvas, fit, icon, png_bytes, wrap
from pictures.fonts import text_width

EN = "Drawn in the draw phase: you may reveal it and put any card from your used pile on top of your deck."
JA = "ドローフェイズで引いたとき:表向きにして、使用済デッキの好きな1枚を出撃デッキの一番上に置いてよい。"


def test_wrapped_lines_fit_and_keep_every_word() -> None:
    for text in (EN, JA, "Sapphire-Jade Staff", "Supercalifragilisticexpialidocious word"):
        lines = wrap(text, 22, 240)
        assert all(text_width(line, 22) <= 240 for line in lines), lines
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert wrap(EN, 22, 300)[:2] == ["Drawn in the draw phase:", "you may reveal it and put any"]
    assert not any(line[0] in "、。)」" for line in wrap(JA, 22, 200)[1:])


def test_wrap_keeps_newlines_and_cuts_with_an_ellipsis() -> None:
    assert wrap("one\ntwo", 22, 500) == ["one", "two"]
    lines = wrap(EN, 22, 200, max_lines=2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert fit("Alice the very long name", 22, 90).endswith("…")
    assert text_width(fit("Alice the very long name", 22, 90), 22) <= 90


def test_png_bytes_stay_under_the_limit_even_for_noise() -> None:
    rng = random.Random(1)
    noise = Image.frombytes("RGB", (1400, 1400), bytes(rng.getrandbits(8) for _ in range(1400 * 1400 * 3)))
    data = png_bytes(noise)
    assert len(data) <= MAX_BYTES
    assert Image.open(io.BytesIO(data)).width < 1400  # halved to fit


def test_every_icon_draws_something() -> None:
    kinds = ["food", "iron", "horse", "gunpowder", "oil", "earth", "space", "any", "military", "vp", "hp", "power",
             "coin", "honour", "spade", "club", "heart", "diamond", "red", "star"]
    for kind in kinds:
        c = Canvas(60, 60)
        icon(c.draw, kind, (30, 30), 40)
        colours = c.image.getcolors(4096)
        assert colours is not None and len(colours) > 1, kind


def test_pictures_render_the_same_from_several_threads() -> None:
    """The bot may render in worker threads: concurrent renders give the same bytes as one by one."""
    from concurrent.futures import ThreadPoolExecutor

    from games import registry
    from pictures import board_png
    from pictures.samples import sample_state

    jobs = []
    for key, options, players, lang in (("ganymede", {"mode": "coop"}, 2, "ja"), ("sutosute", {}, 2, "en"),
                                        ("fort-of-gold", {}, 1, "ja"), ("ganymede", {"mode": "three"}, 3, "en")):
        view = registry.get(key).view(sample_state(key, options, players, moves=11, seed=3), None)
        jobs.append((key, view, lang))
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda job: board_png(*job), jobs * 3))
    assert together == [board_png(*job) for job in jobs * 3]


def test_a_kept_card_back_is_pixel_for_pixel_the_card_back_drawn() -> None:
    """Card backs are pasted from copies kept per shape: over something already drawn, at whole
    and fractional positions, at the picture's edges, with and without a shadow, each is the
    card back drawn line by line."""
    from pictures.draw import Draw, P, card_back, draw_card_back

    rng = random.Random(5)
    boxes = [(0.5, 0.3, 40.5, 60.2), (0, 0, 40, 60), (470.3, 350.7, 510, 420), (-3, -2, 30, 40)]
    boxes += [(x, y, x + rng.uniform(30, 120), y + rng.uniform(40, 160))
              for x, y in ((rng.uniform(0, 380), rng.uniform(0, 240)) for _ in range(60))]
    for i, box in enumerate(boxes):
        colour, radius, shadow = ("#6b4226", "#3b4a8a")[i % 2], (6, 9, 10)[i % 3], i % 4 != 0
        drawn, kept = Image.new("RGB", (500, 400), P.BG), Image.new("RGB", (500, 400), P.BG)
        for picture in (drawn, kept):
            Draw(picture).rectangle((50, 50, 200, 150), fill="#884422")  # what lies under it shows through
        draw_card_back(Draw(drawn), box, colour, radius, shadow)
        card_back(Draw(kept), box, colour, radius, shadow)
        assert kept.tobytes() == drawn.tobytes(), box
        assert kept.tobytes() != Image.new("RGB", (500, 400), P.BG).tobytes()


def test_a_kept_sutosute_card_face_is_pixel_for_pixel_the_face_drawn() -> None:
    """A hand's cards are pasted from faces kept per kind and position: over something already
    drawn, at whole and fractional positions, ringed or not, with and without a combo note, in
    both languages, each is the face drawn in place."""
    from pictures.draw import Canvas, Draw, P
    from pictures.sutosute import _kept_face, _kind_card, kind_card

    rng = random.Random(7)
    kinds = ["explore", "trade", "grow", "build", "research", "conquer", "revolution"]
    corners = [(rng.uniform(0, 500), rng.uniform(0, 150)) for _ in range(32)]
    corners += [(10.5, 20.5), (11.5, 21.5), (12.5, 3.5), (0.5, 0.5), (20.0, 17.0), (181.25, 9.75), (362.5, 1.5),
                (543.75, 0.0)]  # half pixels, which round to even, and a hand's four columns
    for i, (x, y) in enumerate(corners):
        box = (x, y, x + (181 if i >= 32 else rng.uniform(170, 190)), y + 220)
        kind, lang = kinds[i % len(kinds)], ("en", "ja")[i % 2]
        note = ("→ Trade", "→ 交易")[i % 2] if i % 3 else None
        ring = P.WARN if i % 4 == 0 else None
        drawn, kept = Canvas(400, 800), Canvas(400, 800)
        for canvas in (drawn, kept):
            Draw(canvas.image).rectangle((100, 50, 300, 120), fill="#884422")  # what lies under it shows through
        _kind_card(drawn, box, kind, lang, True, note, ring)
        kind_card(kept, box, kind, lang, detail=True, note=note, highlight=ring)
        assert kept.image.tobytes() == drawn.image.tobytes(), (box, kind, lang, note, ring)
    assert _kept_face.cache_info().currsize > 0, "the faces were kept"
    assert _kept_face((6, 6, 60, 226), "trade", "en", True, "W" * 200, None, None) is not None, "a long note is cut to fit"
