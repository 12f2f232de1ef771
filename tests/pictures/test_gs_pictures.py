"""Guns & Steel pictures: random games of every set and player count drawn at many steps
(board from the public view, hand from each player's own view), the board never changes
when only hidden information does, and every string the pictures draw has its glyphs.

CI draws a fixed-seed subset; `PROPERTY_GAMES=N` plays N games per set and player count."""
from __future__ import annotations

import io
import re
from collections import defaultdict

import pytest
from PIL import Image
from property_runs import property_games

import pictures
from games import registry
from games.guns_and_steel.cards import all_cards, all_wonders
from games.guns_and_steel.flow import TASKS
from games.kit import Rng, random_action
from pictures import fonts
from pictures.guns_and_steel import board_png, hand_png, labels
from pictures.guns_and_steel.board import status_line

GAME = registry.get("guns-and-steel")
NAMES = ["Alice", "Bob", "Carol", "Dave"]
CONFIGS = [(s, n) for s in ("base", "renaissance", "mixed") for n in (2, 3, 4)]
MAX_BYTES = 1_000_000


def walk(set_name: str, players: int, seed: int, every: int, limit: int = 3000):
    """States of one random game: the start, every `every` actions, and the end."""
    state = GAME.setup(NAMES[:players], {"set": set_name}, seed)
    rng = Rng(seed=seed).fork(1)
    yield state
    for step in range(1, limit):
        action = random_action(GAME, state, rng)
        if action is None:
            break
        state, _ = GAME.apply(state, action.player, action.prompt_id, action.choice)
        if step % every == 0 or state.finished:
            yield state


def check_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= MAX_BYTES
    Image.open(io.BytesIO(data)).verify()
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width >= 800 and image.height >= 200
    return image


@pytest.mark.parametrize(("set_name", "players"), CONFIGS)
def test_property_random_games_draw_valid_pictures(set_name: str, players: int) -> None:
    for game in range(property_games(1)):
        for n, state in enumerate(walk(set_name, players, seed=100 + game, every=53)):
            lang = "ja" if n % 2 else "en"
            check_png(pictures.board_png("guns-and-steel", GAME.view(state, None), lang))
            for p in state.order:
                check_png(pictures.hand_png("guns-and-steel", GAME.view(state, p), lang))
        assert state.finished


def test_the_board_refuses_a_private_view() -> None:
    state = GAME.setup(NAMES[:3], {"set": "base"}, 1)
    with pytest.raises(ValueError):
        board_png(GAME.view(state, "Alice"))
    with pytest.raises(ValueError):
        hand_png(GAME.view(state, None))


# ---- hidden information ----------------------------------------------------------------------

def reshuffle_hidden(state, rng: Rng):
    """The same table with its secrets changed: hand cards dealt differently among the players
    and face-down cards swapped for others with the same resource. Each swap keeps a card's
    type, counter mark and VP, because whether a player is asked (say, to counter an attack)
    is public, and so is the final score. The research piles are reordered below their top."""
    other = state.model_copy(deep=True)
    info = all_cards()
    groups: dict[tuple, list[str]] = defaultdict(list)
    for seat in other.seats.values():
        for cid in seat.hand:
            c = info[other.cards[cid]]
            groups[("hand", c.kind, c.counter.value, c.vp.value)].append(cid)
        for f in seat.field:
            if not f.up:
                c = info[other.cards[f.id]]
                groups[(c.resource, c.kind, c.counter.value, c.vp.value)].append(f.id)
    for ids in groups.values():
        ks = [other.cards[cid] for cid in ids]
        rng.shuffle(ks)
        for cid, key in zip(ids, ks, strict=True):
            other.cards[cid] = key
    for era, pile in other.piles.items():
        rest = pile[1:]
        rng.shuffle(rest)
        other.piles[era] = pile[:1] + rest
    return other


@pytest.mark.parametrize(("set_name", "players"), [("base", 4), ("renaissance", 3), ("mixed", 4), ("mixed", 2)])
def test_property_board_depends_only_on_public_information(set_name: str, players: int) -> None:
    """Two tables that differ only in secrets give byte-identical boards. Rarely the engine's
    prompts themselves reveal something (a player with two identical cards is not asked which
    to play), so a swap that changes the public view is not a pair of such tables; it is skipped."""
    rng = Rng(seed=7)
    compared = skipped = hands_differed = 0
    for game in range(property_games(1)):
        for state in walk(set_name, players, seed=200 + game, every=61):
            other = reshuffle_hidden(state, rng)
            if GAME.view(state, None) != GAME.view(other, None):
                skipped += 1
                continue
            compared += 1
            for lang in ("en", "ja"):
                assert board_png(GAME.view(state, None), lang) == board_png(GAME.view(other, None), lang)
            # the test can fail: a player whose own hand changed sees a different hand picture
            for p in state.order:
                if [state.cards[c] for c in state.seats[p].hand] != [other.cards[c] for c in other.seats[p].hand]:
                    assert hand_png(GAME.view(state, p)) != hand_png(GAME.view(other, p))
                    hands_differed += 1
                    break
    assert compared >= 4 * skipped and hands_differed >= compared // 3


# ---- words and glyphs ----------------------------------------------------------------------

ICON_MARKUP = re.compile(r"\[(food|iron|horse|gunpowder|oil|earth|space)\]|［(食料|鉄|馬|火薬|石油|地球|宇宙)］")


def drawn_strings() -> list[str]:
    out: list[str] = []
    for lang in ("en", "ja"):
        for key in all_cards():
            out += [labels.card_name(key, lang), labels.card_effect(key, lang)]
        for key in all_wonders():
            out += [labels.wonder_name(key, lang), labels.wonder_condition(key, lang)]
        for key in labels.WORDS:
            out.append(labels.word(key, lang, p="Alice", r=3, t=10, n=3, s=12, c=9, what="x"))
        out += [labels.deciding(k, lang) for k in labels.DECIDING]
        out += [labels.energy_word(k, lang) for k in ("food", "iron", "horse", "gunpowder", "oil", "earth", "space")]
        out += [labels.type_name(k, lang) for k in ("tech", "tactic", "unit")]
    return out


@pytest.mark.parametrize("bold", [False, True])
def test_every_drawn_string_has_its_glyphs(bold: bool) -> None:
    missing = {(ch, s) for s in drawn_strings() for ch in ICON_MARKUP.sub("", s)
               if not ch.isspace() and not fonts.has_glyph(ch, bold)}
    assert not missing, sorted(missing)[:20]


def test_every_decision_has_words_on_the_board() -> None:
    """A new prompt kind needs its 'what they are deciding' words, or the board says 'deciding'."""
    prompting = {kind for kind, handler in TASKS.items() if handler.prompt is not None}
    assert prompting - set(labels.DECIDING) == set()


def test_status_line_says_whose_turn_and_who_decides() -> None:
    seen = set()
    for state in walk("base", 3, seed=5, every=1, limit=400):
        view = GAME.view(state, None)
        if state.finished or state.turn == 0 or not view.waiting_for:
            continue
        en, ja = status_line(view, "en"), status_line(view, "ja")
        assert en.startswith(f"{view.active}'s turn") and ja.startswith(f"{view.active}の手番")
        assert labels.deciding(view.deciding, "en") in en and labels.deciding(view.deciding, "ja") in ja
        if view.waiting_for[0] != view.active:
            assert f"{view.waiting_for[0]}: " in en and f"{view.waiting_for[0]}：" in ja
            seen.add("other")
        seen.add(view.deciding)
    assert {"other", "resource", "progress", "purchase"} <= seen


def test_strips_compressed_apart_make_one_valid_png() -> None:
    """The board joins separately deflated strips (the pyramid strip is reused between
    pictures); the result must decode, checksums included, to the same pixels."""
    import struct
    import zlib

    from pictures.guns_and_steel import ink

    whole = Image.open(io.BytesIO(board_png(GAME.view(GAME.setup(NAMES[:3], {"set": "mixed"}, 4), None)))).convert("RGB")
    cuts = [0, 1, 97, 700, whole.height]
    data = ink.png_bands([ink.band(whole.crop((0, a, whole.width, b))) for a, b in zip(cuts, cuts[1:], strict=False)])
    again = check_png(data).convert("RGB")
    assert again.size == whole.size and again.tobytes() == whole.tobytes()
    length = struct.unpack(">I", data[33:37])[0]
    assert data[37:41] == b"IDAT"
    raw = zlib.decompress(data[41:41 + length])          # checks the combined Adler-32
    assert len(raw) == whole.height * (1 + 3 * whole.width)


def test_player_names_in_any_script_draw() -> None:
    """Display names come from Discord: emoji, accents, Cyrillic, long names."""
    names = ["Zoë 🎲", "Дмитрий", "とても長い名前のプレイヤーさん", "A" * 32]
    state = GAME.setup(names, {"set": "renaissance"}, 3)
    for lang in ("en", "ja"):
        check_png(board_png(GAME.view(state, None), lang))
        check_png(hand_png(GAME.view(state, names[0]), lang))


def test_boards_and_hands_render_the_same_from_several_threads() -> None:
    """The bot may render in worker threads while the strip caches fill: same bytes as one by one."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = []
    for set_name, players, seed in (("base", 4, 8), ("renaissance", 3, 9), ("mixed", 2, 10)):
        *_, state = walk(set_name, players, seed=seed, every=40, limit=120)
        jobs += [(board_png, GAME.view(state, None), lang) for lang in ("en", "ja")]
        jobs += [(hand_png, GAME.view(state, state.active), lang) for lang in ("en", "ja")]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda job: job[0](job[1], job[2]), jobs * 3))
    assert together == [fn(view, lang) for fn, view, lang in jobs * 3]


def test_the_standings_lead_with_the_winner_and_the_final_picture_shows_fields_not_the_pyramid() -> None:
    """On a phone the ★ numbers per row were unreadable and the result picture was
    mostly empty "bought" boxes. A large standings strip (VP, cards, military) heads the board,
    the leader first; the final picture keeps it and the fields and drops the pyramid."""
    import importlib

    from pictures.guns_and_steel import standings
    gs_board = importlib.import_module("pictures.guns_and_steel.board")  # the package's `board` is a function

    states = list(walk("base", 3, seed=7, every=40))
    middle, end = states[len(states) // 2], states[-1]
    assert end.finished
    for state in (middle, end):
        view = GAME.view(state, None)
        rows = standings.rows(view, gs_board.seat_colours(view))
        assert [r[2] for r in rows] == sorted((r[2] for r in rows), reverse=True)
        assert {r[0] for r in rows} == set(state.order) and all(r[4] == s.military for r in rows
                                                                 for s in view.seats if s.player == r[0])
    final = GAME.view(end, None)
    assert [r[0] for r in standings.rows(final, gs_board.seat_colours(final)) if r[5]] == gs_board.winners(final)
    drawn = {"pyramid": 0}
    real = gs_board.pyramid.band

    def spy(*args, **kwargs):
        drawn["pyramid"] += 1
        return real(*args, **kwargs)

    gs_board.pyramid.band = spy
    try:
        check_png(board_png(GAME.view(middle, None), "en"))
        check_png(board_png(final, "ja"))
    finally:
        gs_board.pyramid.band = real
    assert drawn["pyramid"] == 1, "the pyramid is drawn while playing, not on the final picture"
