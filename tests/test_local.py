"""The terminal front end plays every game and mode to its end from scripted keyboard input."""
import io
import re
import subprocess
import sys

import pytest
from every_game import every_mode
from property_runs import property_games

from bot.local import main, parse_args, play
from games.kit import Rng

# Every registered game and mode (from the registry), then cases that exercise the terminal's
# own switches: another language, --option, hot-seat humans, --set with more players.
CONFIGS = [(key, [arg for name, value in options.items() for arg in ("--option", f"{name}={value}")])
           for key, options, _ in every_mode()] + [
    ("sutosute", ["--lang", "ja"]),
    ("sutosute", ["--option", "civilizations=true", "--lang", "ja"]),
    ("sutosute", ["--option", "draw_rule=v2", "--option", "winner_reroll=up_to_2", "--humans", "2"]),
    ("ganymede", ["--mode", "three", "--players", "3"]),
    ("guns-and-steel", ["--set", "mixed", "--players", "4"]),
]


HEADER = re.compile(r"^\[[^\]\n]+\] ", re.M)
OPTION = re.compile(r"^  \d+\. ", re.M)
# The line format_prompt adds when a prompt takes other than exactly one answer.
BOUNDS = [(re.compile(r"^  Choose (\d+)–(\d+) numbers|^  (\d+)～(\d+)個の番号", re.M), lambda m: (m[1] or m[3], m[2] or m[4])),
          (re.compile(r"^  Choose (\d+) numbers|^  (\d+)個の番号", re.M), lambda m: (m[1] or m[2],) * 2),
          (re.compile(r"^  Choose up to (\d+) numbers|^  (\d+)個までの番号", re.M), lambda m: (0, m[1] or m[2])),
          (re.compile(r"^  Choose one number, or an empty line|^  番号を1つ入力してください。何も選ばない", re.M),
           lambda m: (0, 1))]
# The front end's answer to an unusable line (not the prompt's own "Choose ..." line).
RETRY = ("Please enter ", "入力し直してください")


def open_question(text: str) -> tuple[int, int, int]:
    """(option count, min, max) of the last question printed: the last "[player] ..." header
    followed by numbered options. Boards and event lines have none."""
    for header in reversed(list(HEADER.finditer(text))):
        block = text[header.start():]
        nxt = HEADER.search(block, 1)
        block = block[: nxt.start()] if nxt else block
        count = len(OPTION.findall(block))
        if count:
            for pattern, read in BOUNDS:
                if found := pattern.search(block):
                    low, high = (int(x) for x in read(found))
                    return count, low, high
            return count, 1, 1
    raise AssertionError("asked for input without a question on screen")


class ScriptedKeyboard:
    """Types like a person: sometimes nonsense, sometimes 'v', otherwise a legal random answer
    read off the numbered options the program printed."""

    def __init__(self, out: io.StringIO, seed: int):
        self.out, self.rng, self.typed = out, Rng(seed=seed), []

    def __call__(self, _prompt: str) -> str:
        count, low, high = open_question(self.out.getvalue())
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


def play_scripted(key: str, extra: list[str], seed: int, keyboard_seed: int) -> tuple[str, ScriptedKeyboard]:
    out = io.StringIO()
    keyboard = ScriptedKeyboard(out, seed=keyboard_seed)
    code = play(parse_args([key, "--seed", str(seed), *extra]), ask=keyboard, out=out)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert keyboard.typed, "the human was never asked anything"
    retried = any(r in text for r in RETRY)
    assert retried == ("nonsense" in keyboard.typed), "a legal answer was refused, or nonsense accepted"
    assert text.count("\n" + RETRY[0]) + text.count("\n" + RETRY[1]) == keyboard.typed.count("nonsense")
    return text, keyboard


@pytest.mark.parametrize("key,extra", CONFIGS, ids=[f"{k}{''.join(e)}" for k, e in CONFIGS])
def test_terminal_plays_to_the_end(key, extra):
    text, _ = play_scripted(key, extra, seed=11, keyboard_seed=3)
    from games import registry
    game = registry.get(key)
    lang = "ja" if "--lang" in extra else "en"
    assert text.startswith({"en": f"== {game.names['en']} (seed 11) ==",
                            "ja": f"== {game.names['ja']}（シード 11）=="}[lang])
    last = text.strip().splitlines()[-1]
    assert last.startswith("Result: " if lang == "en" else "結果：") and len(last) > 8
    assert "**" not in text and "`" not in text, "no raw Markdown in a terminal"


@pytest.mark.parametrize("key,extra", CONFIGS, ids=[f"{k}{''.join(e)}" for k, e in CONFIGS])
def test_terminal_is_robust_for_any_seed(key, extra):
    """Other deals and other typing: every legal answer is taken, every nonsense refused."""
    for seed in range(property_games(3)):
        play_scripted(key, extra, seed=100 + seed, keyboard_seed=seed)


def test_v_shows_the_board_and_the_question_again():
    out = io.StringIO()
    typed = iter(["v", "q"])
    assert play(parse_args(["sutosute", "--seed", "1"]), ask=lambda _: next(typed), out=out) == 0
    text = out.getvalue()
    question = "[P1] Choose a card to place face down."
    assert text.count(question) == 2 and text.count("\nSutosute — round 1\n") == 2
    assert text.rindex("Sutosute — round 1") < text.rindex(question)


def test_a_refused_answer_is_explained_in_the_output_in_both_languages(capsys):
    for lang, hint in (("en", "Please enter one of the numbers 1–4."), ("ja", "入力し直してください：1～4の番号を1つ。")):
        out = io.StringIO()
        typed = iter(["nonsense", "99", "1 2", "q"])
        play(parse_args(["sutosute", "--seed", "1", "--lang", lang]), ask=lambda _, t=typed: next(t), out=out)
        assert out.getvalue().count(hint) == 3
    assert capsys.readouterr().out == "", "hints must go to the game's output, not stdout"


def test_quit_and_bad_options_are_clear():
    out = io.StringIO()
    assert play(parse_args(["sutosute", "--seed", "1"]), ask=lambda _: "q", out=out) == 0
    assert out.getvalue().rstrip().endswith("Bye.")
    assert main(["sutosute", "--option", "nosuch=1"]) == 2


def test_runs_as_a_command_with_piped_input():
    result = subprocess.run([sys.executable, "-m", "bot.local", "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "Play a card game in the terminal" in result.stdout


@pytest.mark.parametrize("key,extra", [("guns-and-steel", ["--set", "base"]), ("ganymede", ["--mode", "duel"])])
def test_u_takes_the_last_move_back_only_when_offered(key, extra):
    """`u` is listed only when the rules allow an undo; it brings back the question just
    answered; typed when not offered it is refused like any unusable answer."""
    out = io.StringIO()
    rng = Rng(seed=5)
    answered: list[str] = []  # the question block each numbered answer answered
    state = {"undos": 0, "refused_u": 0, "expect": None}

    def question_block(text: str) -> str:
        start = list(HEADER.finditer(text))[-1].start()
        return "\n".join(line for line in text[start:].splitlines() if not line.startswith("  u. ")
                         and not line.startswith(RETRY))

    def keyboard(_prompt: str) -> str:
        text = out.getvalue()
        block = question_block(text)
        if state["expect"] is not None:
            assert block == state["expect"], "undo brings back the question just answered"
            state["expect"] = None
        tail = text[list(HEADER.finditer(text))[-1].start():]
        if "  u. Take back your last move" in tail and state["undos"] < 5 and rng.below(2) == 0:
            state["undos"] += 1
            state["expect"] = answered[-1]
            answered.pop()
            return "u"
        if "  u. " not in tail and state["refused_u"] < 2 and rng.below(10) == 0:
            state["refused_u"] += 1
            return "u"
        count, low, high = open_question(text)
        answered.append(block)
        k = low + rng.below(min(high, count) - low + 1)
        return " ".join(str(i + 1) for i in rng.sample(range(count), k)) or "0"

    assert play(parse_args([key, "--seed", "2", *extra]), ask=keyboard, out=out) == 0
    text = out.getvalue()
    assert state["undos"] > 0 and text.count("You took back your last move.") == state["undos"]
    assert text.count("\n" + RETRY[0]) == state["refused_u"]


@pytest.mark.parametrize("key,extra", [("sutosute", ["--ai", "strong"]),
                                       ("guns-and-steel", ["--players", "3", "--ai", "greedy"])])
def test_a_seed_plays_the_same_game_again(key, extra, monkeypatch):
    """`--seed` gives the same deal and the same computer moves every time (the computer seats
    search a fixed number of iterations, as `--think` cannot promise), so a game can be played
    again; another seed deals another game."""
    import bot.local as local
    monkeypatch.setattr(local, "CPU_ITERATIONS", 8)
    first, _ = play_scripted(key, extra, seed=7, keyboard_seed=1)
    again, _ = play_scripted(key, extra, seed=7, keyboard_seed=1)
    assert first == again
    other, _ = play_scripted(key, extra, seed=8, keyboard_seed=1)
    assert other.splitlines()[4:20] != first.splitlines()[4:20]


@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_the_other_seats_play_at_the_chosen_level(level, monkeypatch):
    """`--ai` picks how the computer seats play; the game still runs to its result."""
    import bot.local as local
    from games.kit import ai
    asked = []
    real = ai.choose

    def spy(game, state, player, level="strong", **kw):
        asked.append(level)
        return real(game, state, player, level=level, **kw)

    monkeypatch.setattr(local.ai, "choose", spy)
    out = io.StringIO()
    keyboard = ScriptedKeyboard(out, seed=2)
    assert play(parse_args(["sutosute", "--seed", "5", "--ai", level]), ask=keyboard, out=out) == 0
    assert asked and set(asked) == {level}
    assert out.getvalue().strip().splitlines()[-1].startswith("Result: ")


def test_ai_level_default_is_strong():
    import bot.local as local
    from games.kit import ai
    assert ai.DEFAULT_LEVEL == "strong" and "--ai" in local.__doc__
