"""The terminal as a newcomer meets it: wrong options and files refused in
one line of the chosen language with exit code 2, Ctrl-C without a traceback, a help screen that
explains the symbols, no raw Markdown, no "1–1", running VP, your side in Ganymede, presets."""
from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.local import format_prompt, main, parse_args, play
from bot.terminal.options import build_options
from games import registry
from games.kit import Option, Prompt, Text


def interruptible() -> None:
    """Ctrl-C reaches the child as in a terminal (a shell's background jobs start with SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


ROOT = Path(__file__).resolve().parents[1]


def terminal(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bot.local", *args], input=stdin, capture_output=True, text=True,
                          timeout=60, env=env, cwd=ROOT)


@pytest.mark.parametrize(("args", "english", "japanese"), [
    (["ganymede", "--mode", "solo"], '"solo" is not a valid value for the option mode: use auto, duel, coop, three.',
     "オプション mode に「solo」は使えません：auto、duel、coop、threeのどれかを指定してください。"),
    (["guns-and-steel", "--set", "foo"], '"foo" is not a valid value for the option set: use base, renaissance, mixed.',
     "オプション set に「foo」は使えません"),
    (["guns-and-steel", "--option", "max_rounds=abc"],
     '"abc" is not a valid value for the option max_rounds: use a whole number from 5–500 (or none).',
     "5～500の整数（または none）"),
    (["sutosute", "--set", "foo"], 'sutosute has no option "set". Its options:', "sutosuteに「set」というオプションはありません"),
    (["sutosute", "--option", "combos"], '"combos" is not NAME=VALUE', "NAME=VALUE の形ではありません"),
    (["sutosute", "--preset", "expert"], 'sutosute has no preset "expert". Its presets: beginner, civilizations,',
     "sutosuteに「expert」というプリセットはありません"),
    (["sutosute", "--players", "3"], "Sutosute card game with these options is played by 2 players (you asked for 3).",
     "この設定のすとすてカードゲームは2人で遊びます（指定は3人）。"),
    (["guns-and-steel", "--players", "7"], "Guns & Steel with these options is played by 2–4 players (you asked for 7).",
     "2～4人で遊びます"),
])
def test_bad_options_get_one_line_in_the_chosen_language_and_exit_2(args, english, japanese):
    for lang, expected in (("en", english), ("ja", japanese)):
        run = terminal(*args, "--lang", lang)
        assert run.returncode == 2, run.stderr
        assert "Traceback" not in run.stderr and run.stdout == ""
        assert len(run.stderr.strip().splitlines()) == 1 and expected in run.stderr, run.stderr
    assert "2–2" not in english and "2～2" not in japanese


def test_a_preset_sets_its_options_and_can_be_changed_on_top():
    game = registry.get("sutosute")
    beginner = build_options(game, parse_args(["sutosute", "--preset", "beginner"]), "en")
    assert beginner == game.Options.preset("beginner") and beginner.combos is False
    changed = build_options(game, parse_args(["sutosute", "--preset", "beginner", "--option", "combos=true"]), "en")
    assert changed.combos is True and changed.draw_rule == beginner.draw_rule
    out = io.StringIO()
    assert play(parse_args(["sutosute", "--preset", "beginner", "--seed", "2"]), ask=lambda _: "q", out=out) == 0
    assert "Preset: beginner" in out.getvalue()


def replay_file(tmp_path, **changes) -> Path:
    """A finished game with Discord-like player ids, written as the bot exports it."""
    from games.kit import Rng
    from games.kit.playout import random_choice
    from tables.models import ReplayAction, ReplayFile
    game = registry.get("sutosute")
    state = game.setup(["111111111111111111", "222222222222222222"], game.Options(), 5)
    actions = []
    rng = Rng(seed=1)
    while game.prompts(state):
        prompt = game.prompts(state)[0]
        choice = random_choice(prompt, rng)
        actions.append(ReplayAction(player=prompt.player, prompt_id=prompt.id, choice=choice))
        state, _ = game.apply(state, prompt.player, prompt.id, choice)
    replay = ReplayFile(table_id=4, game="sutosute", options=game.Options().model_dump(mode="json"), seed=5,
                        players=["111111111111111111", "222222222222222222"],
                        names={"111111111111111111": "Aiko", "222222222222222222": "Ben"}, actions=actions,
                        outcome=game.outcome(state), ended_by="rules")
    data = json.loads(replay.model_dump_json())
    data.update(changes)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_replay_shows_names_not_discord_ids(tmp_path):
    run = terminal("--replay", str(replay_file(tmp_path)))
    assert run.returncode == 0, run.stderr
    assert "[Aiko] " in run.stdout and "[Ben] " in run.stdout
    assert "111111111111111111" not in run.stdout and "**" not in run.stdout
    assert run.stdout.strip().splitlines()[-1].startswith("Result: ")


def test_a_replay_prints_names_without_escape_sequences_and_nobody_as_someone_else(tmp_path):
    """Ben's display name is Aiko's id, and Aiko's carries ANSI escapes: each move still reads
    as its own player's, and nothing reaches the terminal that moves the cursor or recolours."""
    names = {"111111111111111111": "\x1b[31mAiko\x1b[2J\x1b]0;owned\x07", "222222222222222222": "111111111111111111"}
    run = terminal("--replay", str(replay_file(tmp_path, names=names)))
    assert run.returncode == 0, run.stderr
    assert "\x1b" not in run.stdout and "\x07" not in run.stdout
    lines = run.stdout.splitlines()
    ben = [line for line in lines if line.startswith("[111111111111111111] ")]
    aiko = [line for line in lines if line.startswith("[Aiko] ")]
    assert ben and aiko and not any("[Aiko] " in line for line in ben)


def test_replays_that_cannot_be_played_are_explained_in_the_chosen_language(tmp_path):
    unknown = terminal("--replay", str(replay_file(tmp_path, game="poker")), "--lang", "ja")
    assert unknown.returncode == 2 and "Traceback" not in unknown.stderr
    assert unknown.stderr.strip() == f"{tmp_path / 'game.json'} は「poker」のゲームですが、このバージョンにはそのゲームがありません。"
    path = replay_file(tmp_path)
    data = json.loads(path.read_text())
    data["actions"][3]["choice"] = ["no-such-card"]
    path.write_text(json.dumps(data))
    illegal = terminal("--replay", str(path))
    assert illegal.returncode == 2 and "Traceback" not in illegal.stderr
    assert "move 4 (" in illegal.stderr and "is not legal in this game" in illegal.stderr
    assert len(illegal.stderr.strip().splitlines()) == 1
    broken = terminal("--replay", str(tmp_path / "missing.json"), "--lang", "ja")
    assert broken.returncode == 2 and "ボットが書き出したリプレイファイルではありません" in broken.stderr


def test_ctrl_c_at_the_prompt_says_goodbye_without_a_traceback():
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "bot.local", "sutosute", "--seed", "1", "--lang", "ja"], cwd=ROOT,
                            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=interruptible)
    seen = ""
    while "> " not in seen:
        chunk = proc.stdout.read(1)
        assert chunk, "the game ended before asking"
        seen += chunk
    time.sleep(0.5)  # a person presses Ctrl-C while the game waits (Python checks signals between reads)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)  # stdin stays open: it is the interrupt that ends the game, not an end of input
    err = proc.stderr.read()
    proc.stdin.close()
    assert proc.returncode == 130
    assert "Traceback" not in err and err.strip() == "中断しました（Ctrl-C）。"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_help_explains_the_rules_and_every_games_symbols(lang):
    for key, symbol in (("fort-of-gold", "○○×"), ("ganymede", "21"), ("guns-and-steel", "[iron]2" if lang == "en"
                                                                         else "［鉄］2"), ("sutosute", "beginner")):
        out = io.StringIO()
        typed = iter(["help", "q"])
        play(parse_args([key, "--seed", "1", "--lang", lang]), ask=lambda _, t=typed: next(t), out=out)
        text = out.getvalue()
        game = registry.get(key)
        assert game.names[lang] in text.split("---", 2)[-1] and symbol in text, key
        assert "**" not in text and "`" not in text


def test_how_many_numbers_to_type_is_said_plainly():
    def prompt(lo: int, hi: int, n: int, ordered: bool = False) -> Prompt:
        return Prompt(id="p", player="P1", text=Text(en="Pick", ja="選択"), min=lo, max=hi, ordered=ordered,
                      options=[Option(key=str(i), label=Text(en=f"card {i}", ja=f"カード{i}")) for i in range(n)])
    assert format_prompt(prompt(1, 1, 3), "en").splitlines()[-1] == "  3. card 2"
    assert format_prompt(prompt(2, 2, 4), "en").endswith("Choose 2 numbers separated by spaces.")
    assert format_prompt(prompt(2, 2, 4, ordered=True), "en").endswith("The order counts.")
    assert format_prompt(prompt(0, 1, 4), "en").endswith("Choose one number, or an empty line to choose none.")
    assert "何も選ばないときは空行" in format_prompt(prompt(0, 3, 4), "ja")
    assert format_prompt(prompt(1, 3, 4), "ja").endswith("1～3個の番号を空白で区切って入力してください。")
    for lo, hi in ((2, 2), (0, 1), (0, 3), (1, 3)):
        text = format_prompt(prompt(lo, hi, 4), "en") + format_prompt(prompt(lo, hi, 4), "ja")
        assert f"{lo}–{lo}" not in text and f"{lo}～{lo}" not in text


def test_an_empty_line_chooses_none_where_allowed():
    from bot.local import read_choice
    said: list[str] = []
    p = Prompt(id="p", player="P1", text=Text(en="Pick", ja="選択"), min=0, max=2,
               options=[Option(key=k, label=Text(en=k, ja=k)) for k in "ab"])
    assert read_choice(p, lambda _: "", "en", lambda: None, said.append) == []
    one = p.model_copy(update={"min": 1, "max": 1})
    typed = iter(["", "2"])
    assert read_choice(one, lambda _: next(typed), "en", lambda: None, said.append) == ["b"]
    assert said == ["Please enter one of the numbers 1–2."]


def test_guns_and_steel_shows_the_running_vp():
    out = io.StringIO()
    answers = iter(["1"] * 6 + ["q"])
    play(parse_args(["guns-and-steel", "--seed", "3", "--players", "3"]), ask=lambda _: next(answers), out=out)
    lines = [line for line in out.getvalue().splitlines() if line.startswith("VP so far: ")]
    assert lines and "P1 " in lines[-1] and "P2 " in lines[-1] and "cards in hand)" in lines[-1]


def test_ganymede_says_which_side_you_are_on_and_when_you_have_fallen():
    game = registry.get("ganymede")

    def notes(game, view, viewer, lang):  # the game's hook, as the terminal's sitting prints it
        return [line.get(lang) for line in game.notes(view, viewer)]
    for mode, players, expected in (("coop", ["P1", "P2"], "together against the automated purple side"),
                                    ("three", ["P1", "P2", "P3"], "each fight purple")):
        state = game.setup(players, game.Options(mode=mode), 3)
        lines = notes(game, game.view(state, "P1"), "P1", "en")
        assert expected in lines[0] and "P2" in lines[0]
        if mode == "three":
            assert "alone against red and green" in notes(game, game.view(state, "P3"), "P3", "en")[0]
        fallen = game.view(state, "P1").model_copy(deep=True)
        next(s for s in fallen.sides if s.player == "P1").alive = False
        assert "You have fallen" in notes(game, fallen, "P1", "en")[-1]
        assert "脱落" in notes(game, fallen, "P1", "ja")[-1]
    duel = game.setup(["P1", "P2"], game.Options(mode="duel"), 3)
    assert notes(game, game.view(duel, "P1"), "P1", "en") == []


def test_main_refuses_bad_options_without_raising(capsys):
    assert main(["ganymede", "--mode", "solo"]) == 2
    assert "use auto, duel, coop, three" in capsys.readouterr().err


def test_your_side_is_said_once_and_again_on_v():
    out = io.StringIO()
    answers = iter(["1", "1", "1", "v", "q"])
    play(parse_args(["ganymede", "--mode", "coop", "--seed", "4"]), ask=lambda _: next(answers), out=out)
    text = out.getvalue()
    assert text.count("Your side: you and P2 together against the automated purple side.") == 2, text


def test_q_and_the_end_of_input_exit_0_as_the_readme_lists():
    """Quitting is no error: `q` and end of input (Ctrl-D, a piped script that runs out) exit 0;
    the README lists every exit code the terminal uses."""
    for typed in ("q\n", ""):
        run = subprocess.run([sys.executable, "-m", "bot.local", "sutosute", "--seed", "1"], input=typed,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0 and run.stdout.rstrip().endswith("Bye."), (typed, run.returncode, run.stderr)
    readme = Path(__file__).resolve().parents[1].joinpath("README.md").read_text(encoding="utf-8")
    codes = readme[readme.index("Exit codes of `python -m bot.local`"):].split("\n\n")[1]
    from bot import local
    for code in (local.EXIT_DONE, local.EXIT_BAD_OPTIONS, local.EXIT_INTERRUPTED):
        assert f"| {code} |" in codes


def _questions(text: str) -> list[str]:
    """Each question block the terminal asked (its header line and numbered options)."""
    blocks = re.split(r"(?m)^(?=\[[^\]\n]+\] )", text)[1:]
    return [b for b in blocks if re.search(r"(?m)^  \d+\. ", b)]


def test_a_lone_answer_is_made_for_the_player_and_said(monkeypatch):
    """Ganymede's draw phase ends with "1. Done" alone: the terminal takes it and says so, in
    both languages, and never asks a question with a single possible answer."""
    import bot.local as local
    monkeypatch.setattr(local, "CPU_ITERATIONS", 20)
    for lang, said in (("en", "Only one choice, so it is made for you: Done."), ("ja", "自動で選びました：終わる。")):
        out = io.StringIO()
        answers = iter(["1"] * 400)
        assert play(parse_args(["ganymede", "--mode", "duel", "--seed", "3", "--lang", lang, "--ai", "random"]),
                    ask=lambda _, a=answers: next(a), out=out) == 0
        text = out.getvalue()
        assert said in text
        # said once, in the terminal's words: not again as the table's log line for such a move
        assert "the table made it" not in text and "自動で行いました" not in text
        lone = [q for q in _questions(text) if len(re.findall(r"(?m)^  \d+\. ", q)) == 1 and "  Choose" not in q
                and "選んで" not in q and "空行" not in q]
        assert lone == [], lone[:2]


def test_concede_asks_for_confirmation_and_no_changes_nothing():
    out = io.StringIO()
    game = registry.get("fort-of-gold")
    prompt = game.prompts(game.setup(["P1"], game.Options(), 4))[0]
    concede = next(i for i, o in enumerate(prompt.options, 1) if o.key == "concede")
    typed = iter([str(concede), "2", str(concede), "1"])
    assert play(parse_args(["fort-of-gold", "--seed", "4"]), ask=lambda _: next(typed), out=out) == 0
    text = out.getvalue()
    assert text.count("Really Concede (end the game as a loss)? This cannot be taken back.") == 2
    assert "Not done; choose again." in text and text.count("[P1] Turn 1") >= 2
    assert text.strip().splitlines()[-1].startswith("Result: Conceded on turn 1")
    out = io.StringIO()
    typed = iter([str(concede), "1"])
    play(parse_args(["fort-of-gold", "--seed", "4", "--lang", "ja"]), ask=lambda _: next(typed), out=out)
    assert "本当に「投了する（敗北としてゲームを終える）」を選びますか？取り消せません。" in out.getvalue()
