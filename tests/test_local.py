"""The terminal front end plays every game and mode to its end from scripted keyboard input."""
import io
import re
import subprocess
import sys
from importlib.util import find_spec

import pytest

from bot.local import main, parse_args, play
from games.kit import Rng

CONFIGS = [
    ("fort-of-gold", []),
    ("ganymede", ["--mode", "duel"]),
    ("ganymede", ["--mode", "coop"]),
    ("ganymede", ["--mode", "three", "--players", "3"]),
    ("sutosute", []),
    ("sutosute", ["--lang", "ja"]),
    ("guns-and-steel", ["--set", "base", "--players", "2"]),
    ("guns-and-steel", ["--set", "renaissance", "--players", "3"]),
    ("guns-and-steel", ["--set", "mixed", "--players", "4"]),
]
MODULES = {"fort-of-gold": "games.fort_of_gold", "ganymede": "games.ganymede",
           "sutosute": "games.sutosute", "guns-and-steel": "games.guns_and_steel"}


class ScriptedKeyboard:
    """Types like a person: sometimes nonsense, sometimes 'v', otherwise a legal random answer
    read off the numbered options the program printed."""

    def __init__(self, out: io.StringIO, seed: int):
        self.out, self.rng, self.typed = out, Rng(seed=seed), []

    def __call__(self, _prompt: str) -> str:
        text = self.out.getvalue()
        block = text[text.rfind("\n[") + 1:]
        count = len(re.findall(r"^  \d+\. ", block, re.M))
        bounds = re.search(r"(\d+)[–～](\d+)", block.splitlines()[-1] if block else "")
        low, high = (int(bounds[1]), int(bounds[2])) if bounds else (1, 1)
        roll = self.rng.below(20)
        if roll == 0:
            answer = "nonsense"
        elif roll == 1:
            answer = "v"
        else:
            k = low + self.rng.below(min(high, count) - low + 1)
            answer = " ".join(str(i + 1) for i in self.rng.sample(range(count), k)) or "0"
        self.typed.append(answer)
        return answer


@pytest.mark.parametrize("key,extra", CONFIGS, ids=[f"{k}{''.join(e)}" for k, e in CONFIGS])
def test_terminal_plays_to_the_end(key, extra):
    if find_spec(MODULES[key]) is None:
        pytest.skip(f"{key} is not implemented yet")
    out = io.StringIO()
    keyboard = ScriptedKeyboard(out, seed=3)
    code = play(parse_args([key, "--seed", "11", *extra]), ask=keyboard, out=out)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert keyboard.typed, "the human was never asked anything"
    assert ("Please enter" in text or "入力してください" in text) == ("nonsense" in keyboard.typed)
    from games import registry
    game = registry.get(key)
    lang = "ja" if "--lang" in extra else "en"
    assert f"== {game.names[lang]} (seed 11) ==" in text
    last = text.strip().splitlines()[-1]
    assert last.startswith("Result: " if lang == "en" else "結果: ") and len(last) > 8


def test_quit_and_bad_options_are_clear():
    if find_spec("games.sutosute") is None:
        pytest.skip("sutosute is not implemented yet")
    out = io.StringIO()
    assert play(parse_args(["sutosute", "--seed", "1"]), ask=lambda _: "q", out=out) == 1
    assert out.getvalue().rstrip().endswith("Bye.")
    with pytest.raises(SystemExit) as e:
        main(["sutosute", "--option", "nosuch=1"])
    assert "no option" in str(e.value)


def test_runs_as_a_command_with_piped_input():
    result = subprocess.run([sys.executable, "-m", "bot.local", "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "Play a card game in the terminal" in result.stdout
