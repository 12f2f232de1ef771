"""The terminal's hints and guided game: `h` shows the strong player's choice with its reason
once per decision, and `--learn` plays a whole game with every decision explained in the rules'
own words and its hint shown."""
import io
import re

import pytest
from test_local import ScriptedKeyboard

import bot.local
from bot.local import LEARN_AI, parse_args, play


@pytest.fixture(autouse=True)
def quick_search(monkeypatch):
    monkeypatch.setattr(bot.local, "CPU_ITERATIONS", 30)


def test_h_shows_a_hint_for_the_decision_on_screen_once():
    out = io.StringIO()
    typed = iter(["h", "h", "q"])
    assert play(parse_args(["sutosute", "--seed", "3"]), ask=lambda _: next(typed), out=out) == 0
    text = out.getvalue()
    assert "h = a hint" in text.splitlines()[2]
    (line,) = [x for x in text.splitlines() if "💡 Hint:" in x]
    choice = re.search(r"💡 Hint: (.+?)  \(", line)[1]
    listed = re.findall(r"^  \d+\. (.+?)(?: — .*)?$", text, re.M)
    assert choice in listed, "the hint names one of the numbered options"
    assert re.search(r"\(chosen in \d+ % of 30 simulations; expected to win \d+ %\)", line)
    assert text.count("You already had the hint for this decision.") == 1
    assert "**" not in text


def test_h_in_japanese_and_a_new_decision_gets_its_own_hint():
    out = io.StringIO()
    typed = iter(["h", "1", "h", "q"])
    play(parse_args(["ganymede", "--seed", "2", "--lang", "ja"]), ask=lambda _: next(typed), out=out)
    text = out.getvalue()
    hints = [x for x in text.splitlines() if "💡 ヒント：" in x]
    assert len(hints) == 2 and all("回のシミュレーションのうち" in h or "ここで選べるのはこれだけ" in h for h in hints)
    assert "この選択のヒントはもう使いました" not in text


@pytest.mark.parametrize("key,extra", [("sutosute", []), ("ganymede", ["--lang", "ja"]), ("fort-of-gold", []),
                                       ("guns-and-steel", [])])
def test_learn_plays_a_whole_game_explaining_every_decision(key, extra):
    out = io.StringIO()
    keyboard = ScriptedKeyboard(out, seed=4)
    args = parse_args([key, "--learn", "--seed", "5", *extra])
    assert args.ai == LEARN_AI
    assert play(args, ask=keyboard, out=out) == 0
    text = out.getvalue()
    lines = text.splitlines()
    assert ("Guided game" in text) or ("練習ゲーム" in text)
    assert lines[-1].startswith(("Result: ", "結果："))
    # each question to the player (P1) is followed by its explanation and its hint
    asked = [i for i, x in enumerate(lines) if x.startswith("[P1] ") and not x.startswith("[P1] Really")
             and "本当に" not in x]
    assert len(asked) >= 3
    for i in asked:
        end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith(("[P", "> "))), len(lines))
        block = lines[i:end + 1]
        book = next((j for j, x in enumerate(block) if x.startswith("📖 ")), None)
        bulb = next((j for j, x in enumerate(block) if x.startswith("💡 ")), None)
        assert book is not None and bulb is not None and book < bulb, "\n".join(block)
    assert "**" not in text


def test_learn_keeps_a_chosen_computer_level():
    assert parse_args(["sutosute", "--learn", "--ai", "strong"]).ai == "strong"
    assert parse_args(["sutosute"]).ai == bot.local.DEFAULT_AI
