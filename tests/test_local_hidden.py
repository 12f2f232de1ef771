"""The terminal shows a person only what their seat may know: never a
computer seat's choice (a card placed face down, a resource's front, a card removed), never
an event meant for a computer seat, and every event the person may see."""
import io

import pytest
from test_local import CONFIGS, ScriptedKeyboard

from bot.local import parse_args, play
from bot.terminal.plain import plain
from games import registry


def _recorded_game(monkeypatch, key: str, extra: list[str], seed: int):
    game = registry.get(key)
    moves: list[tuple[str, list[str], list]] = []
    real_apply = type(game).apply

    def apply(state, player, prompt_id, choice):
        prompt = next(p for p in game.prompts(state) if p.id == prompt_id and p.player == player)
        new, events = real_apply(game, state, player, prompt_id, choice)
        moves.append((player, [prompt.option(k).label for k in choice], events))
        return new, events

    monkeypatch.setattr(game, "apply", apply)
    out = io.StringIO()
    args = parse_args([key, "--seed", str(seed), *extra])
    assert play(args, ask=ScriptedKeyboard(out, seed=seed), out=out) == 0
    humans = {f"P{i}" for i in range(1, args.humans + 1)}
    return out.getvalue(), moves, humans


@pytest.mark.parametrize("key,extra", CONFIGS, ids=[f"{k}{''.join(e)}" for k, e in CONFIGS])
def test_the_transcript_shows_no_computer_seats_private_choice_or_event(monkeypatch, key, extra):
    lang = "ja" if "--lang" in extra else "en"
    text, moves, humans = _recorded_game(monkeypatch, key, extra, seed=5)
    lines = text.splitlines()
    printed_events = [line[4:] for line in lines if line.startswith("  · ")]
    expected = [plain(e.text.get(lang)) for _, _, events in moves for e in events
                if e.to is None or any(p in humans for p in e.to)]
    # all the person may see, in order, and nothing more (no event told only to a computer seat)
    assert printed_events == expected
    assert any(e.to is not None and not set(e.to) & humans for _, _, events in moves for e in events) \
        or key in ("fort-of-gold", "guns-and-steel") or "--humans" in extra   # there were some to hold back
    computer = {p for p, _, _ in moves} - humans
    for seat in computer:                                   # no "[P2] Building (face down)" lines
        assert not any(line.startswith(f"[{seat}] ") for line in lines), f"{seat}'s choice printed"
    for player, labels, _ in moves:
        if player in computer:
            for label in labels:
                assert f"[{player}] {label.get(lang)}" not in text


def test_sutosute_the_computer_seats_face_down_card_is_not_printed(monkeypatch):
    # `python -m bot.local sutosute --seed 1` showed "[P2] Building (face down)"
    text, moves, _ = _recorded_game(monkeypatch, "sutosute", [], seed=1)
    assert "(face down)" not in "\n".join(line for line in text.splitlines() if line.startswith("[P2]"))
    assert not any(line.startswith("[P2] ") for line in text.splitlines())
    assert "P2 places a card face down." in text
