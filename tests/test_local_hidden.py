"""The terminal shows a person only what their seat may know: never a
computer seat's choice (a card placed face down, a resource's front, a card removed), never
an event meant for a computer seat, and every event the person may see."""
import io

import pytest
from test_local import CONFIGS, ScriptedKeyboard

from bot.local import parse_args, play
from bot.terminal.plain import plain, with_names
from tables.chains import FORCED_EVENT
from tables.core import ServiceCore


def _recorded_game(monkeypatch, key: str, extra: list[str], seed: int):
    """The terminal's transcript, every move the table service committed (player, the
    chosen options' labels, its events), the people at the keyboard and each seat's name on
    screen (the service seats its computers as "cpu:1", …; the terminal calls them P2, …)."""
    moves: list[tuple[str, list, list]] = []
    real_commit = ServiceCore._commit_move

    async def commit(self, move):
        prompt = next(p for p in move.game.prompts(move.state) if p.id == move.prompt_id and p.player == move.player)
        labels = [prompt.option(k).label for k in move.choice]
        done = await real_commit(self, move)
        moves.append((move.player, labels, move.acc.actions[-1].events))
        return done

    monkeypatch.setattr(ServiceCore, "_commit_move", commit)
    out = io.StringIO()
    args = parse_args([key, "--seed", str(seed), *extra])
    assert play(args, ask=ScriptedKeyboard(out, seed=seed), out=out) == 0
    humans = {f"P{i}" for i in range(1, args.humans + 1)}
    seats = sorted({p for p, _, _ in moves} - humans, key=lambda p: int(p.split(":")[1]))
    names = {p: f"P{len(humans) + i}" for i, p in enumerate(seats, 1)}
    return out.getvalue(), moves, humans, names


@pytest.mark.parametrize("key,extra", CONFIGS, ids=[f"{k}{''.join(e)}" for k, e in CONFIGS])
def test_the_transcript_shows_no_computer_seats_private_choice_or_event(monkeypatch, key, extra):
    lang = "ja" if "--lang" in extra else "en"
    text, moves, humans, names = _recorded_game(monkeypatch, key, extra, seed=5)
    lines = text.splitlines()
    printed_events = [line[4:] for line in lines if line.startswith("  · ")]
    # (the table's own line for a move it made because it was the only one is said in the
    # terminal's words instead, with the question: "Only one choice, so it is made for you")
    expected = [with_names(plain(e.text.get(lang)), names) for _, _, events in moves for e in events
                if (e.to is None or any(p in humans for p in e.to)) and e.kind != FORCED_EVENT]
    # all the person may see, in order, and nothing more (no event told only to a computer seat)
    assert printed_events == expected
    assert any(e.to is not None and not set(e.to) & humans for _, _, events in moves for e in events) \
        or key in ("fort-of-gold", "guns-and-steel") or "--humans" in extra   # there were some to hold back
    computer = {p for p, _, _ in moves} - humans
    assert moves and "cpu:" not in text, "seats are shown by name (P2), never by the service's id (cpu:1)"
    for seat in computer:                                   # no "[P2] Building (face down)" lines
        assert not any(line.startswith(f"[{names[seat]}] ") for line in lines), f"{seat}'s choice printed"
    for player, labels, _ in moves:
        if player in computer:
            for label in labels:
                assert f"[{names[player]}] {label.get(lang)}" not in text


def test_sutosute_the_computer_seats_face_down_card_is_not_printed(monkeypatch):
    # `python -m bot.local sutosute --seed 1` showed "[P2] Building (face down)"
    text, moves, _, _ = _recorded_game(monkeypatch, "sutosute", [], seed=1)
    assert "(face down)" not in "\n".join(line for line in text.splitlines() if line.startswith("[P2]"))
    assert not any(line.startswith("[P2] ") for line in text.splitlines())
    assert "P2 places a card face down." in text
