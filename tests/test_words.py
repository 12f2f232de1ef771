"""Numbers in words: a count agrees with its noun ("1 point", never "1 points"), a
length of time reads as a person says it ("6 h 30 min", 「6時間30分」, never "23424 s"), and a
value below zero is said in words ("0/15 (2 over)"), never with a minus sign a reader takes for a
dash ("HP -3 – -3 – 10").

The helpers live in `games/kit/words.py`; the lints below look for each class of mistake in the
whole catalogue (every message formatted with a count of one), in every text the games show in
random games (boards for every viewer, questions, options, events, results, rules) in both
languages, and in the terminal's and Discord's own lines built from them."""
from __future__ import annotations

import re
import string

import pytest
from every_game import every_mode
from property_runs import property_games

from bot.i18n import Duration, Span, catalogue, t
from games import registry
from games.kit import Rng
from games.kit.playout import random_choice
from games.kit.words import count, duration, floored, noun, plural_of
from tables.i18n import format_message

# English words ending in s that are not plurals of a counted noun
NOT_PLURAL = {"is", "was", "has", "this", "its", "plus", "us", "yes", "as", "vs", "bonus", "status", "pass",
              "across", "less", "unless", "always", "perhaps", "news", "series", "chess", "does", "goes",
              "gives", "takes", "deals", "wins", "scores", "gets", "loses", "pays", "reveals", "plays", "draws",
              "makes", "moves", "passes", "needs", "counts", "ends", "owns", "keeps", "holds", "beats", "s"}
ONE_PLURAL = re.compile(r"(?<![\d.,:/#×x+\-–～])\b1 ([A-Za-z]+)\b")
LAZY_PLURAL = re.compile(r"[A-Za-z]\((?:s|es)\)")                       # "card(s)": say it
ONE_ARE = re.compile(r"(?<![\d.,:/#])\b1 (?:[A-Za-z]+ )?(are|were|have)\b")
# a bare count of seconds or minutes past the next unit ("4542 s", 「23424秒」, "90 min")
RAW_DURATION = re.compile(r"(?<![\d.,:/])(?:[6-9]\d|\d{3,}) ?(?:s|sec|secs|seconds?|秒|min|mins|minutes?|分)(?![A-Za-z])")
# a value below zero written with a minus sign: a reader takes it for a dash ("HP -2/15",
# "HP -3 – -3 – 10", "-2 points"); a change by −1 or +1 keeps its sign
NEGATIVE = re.compile(r"(?:HP|VP|[Ss]core|[Pp]oints?|点|得点)[ :：]?\s*([-−]\d+)|([-−]\d+)\s*(?:/\s*\d|[–—]\s|点|points?\b|VP\b)"
                      r"|[–—]\s*([-−]\d+)")


def plural_problems(text: str) -> list[str]:
    """"1 points", "1 players", "1 are seated": a count of one with a plural noun or verb."""
    found = [f"1 {m[1]}" for m in ONE_PLURAL.finditer(text)
             if m[1].endswith("s") and not m[1].endswith(("ss", "us", "is")) and m[1].lower() not in NOT_PLURAL]
    return found + [m[0] for m in ONE_ARE.finditer(text)] + LAZY_PLURAL.findall(text)


def duration_problems(text: str) -> list[str]:
    return RAW_DURATION.findall(text)


def negative_problems(text: str) -> list[str]:
    return [next(g for g in m.groups() if g) for m in NEGATIVE.finditer(text)]


def test_the_helpers_say_numbers_as_people_do():
    assert [count(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert count(1, "match") == "1 match" and count(3, "match") == "3 matches" and count(2, "ally") == "2 allies"
    assert count(1, "person", "people") == "1 person" and count(4, "person", "people") == "4 people"
    assert plural_of("face-up card") == "face-up cards" and noun(1, "card") == "card" and noun(2, "card") == "cards"
    assert [duration(s) for s in (0, 0.4, 45, 60, 125, 4542, 23424, 86399, 200000)] == [
        "0 s", "1 s", "45 s", "1 min", "2 min 5 s", "1 h 16 min", "6 h 30 min", "1 d", "2 d 8 h"]
    assert duration(23424, "ja") == "6時間30分" and duration(45, "ja") == "45秒" and duration(90000, "ja") == "1日1時間"
    assert floored(-2, 15).en == "0/15 (2 over)" and floored(-2, 15).ja == "0/15（2点超過）"
    assert floored(7, 15).en == floored(7, 15).ja == "7/15" and floored(-3).en == "0 (3 over)"


def test_a_message_picks_the_form_that_agrees_with_its_count():
    texts = {"en": "{games:# game|# games}, {wins:# win|# wins}; {p:# player|# players}", "ja": "{games}戦 {wins}勝"}
    assert format_message(texts, "en", {"games": 1, "wins": 0, "p": Span(1, 1)}) == "1 game, 0 wins; 1 player"
    assert format_message(texts, "en", {"games": 2, "wins": 1, "p": Span(2, 4)}) == "2 games, 1 win; 2–4 players"
    assert format_message(texts, "ja", {"games": 1, "wins": 1}) == "1戦 1勝"
    assert t("stats.avg_turn", "en", s=Duration(4542)) == "avg turn 1 h 16 min"
    assert t("stats.avg_turn", "ja", s=Duration(23424)) == "平均手番 6時間30分"


def test_the_lints_find_what_they_are_for():
    assert plural_problems("Combo of 1: 1 points") == ["1 points"]
    assert plural_problems("played by 1 players (you asked for 2)") == ["1 players"]
    assert plural_problems("This game needs 1 player; 1 are seated.") == ["1 are"]
    assert plural_problems("1 point, 2 points, 1 bonus, 11 cards, 1/3 cards, Bob wins 1 round") == []
    assert duration_problems("1 games, 1 wins · avg turn 4542 s") == ["4542 s"]
    assert duration_problems("平均手番 23424秒") == ["23424秒"] and duration_problems("90 min") == ["90 min"]
    assert duration_problems("45 s, 6 h 30 min, 6時間30分, 59秒, 10 symbols, 12:30") == []
    assert negative_problems("Aiko wins (HP -3 – -3 – 10)") == ["-3", "-3"]
    assert negative_problems("HP -2/15") == ["-2"] and negative_problems("（HP-1、紫陣営 HP12）") == ["-1"]
    assert negative_problems("-2 points, 得点 -1") == ["-2", "-1"]
    assert negative_problems("2–4 players, 0/15, 2 over, 12-30, UTC+9, 1～3, strength by −1, 0 or +1, -1 to P2") == []
    assert plural_problems("Showdown: use your 3 on Purple (1 card(s))") == ["d(s)"]


def _sample(name: str) -> object:
    """A placeholder's sample value: a count of one where the name counts something."""
    return "Name" if name in {"who", "users", "name", "player", "game", "path", "key", "window", "detail",
                              "reason", "options", "presets", "preset", "summary", "move", "label"} else 1


def test_every_catalogue_message_agrees_with_a_count_of_one_and_says_durations_in_words():
    bad = {}
    for key, texts in catalogue().items():
        for lang in ("en", "ja"):
            text = texts.get(lang, "")
            names = {field for _, field, _, _ in string.Formatter().parse(text) if field}
            found = []
            if lang == "en":
                found += plural_problems(format_message(texts, "en", {n: _sample(n) for n in names}))
            if re.search(r"\{\w+\} ?(?:s|sec|seconds|秒|min|minutes|分)(?![A-Za-z])", text):
                found.append("a number of seconds or minutes: pass a Duration")
            if found:
                bad[f"{key} ({lang})"] = found
    assert not bad, bad


def shown_texts(key: str, options: dict, players: int, seed: int, lang: str):
    """(where, text) for what a random game shows in `lang`: boards for every viewer, questions,
    options, events, the result and the rules summary."""
    game = registry.get(key)
    seats = [f"P{i}" for i in range(1, players + 1)]
    state = game.setup(seats, game.Options(**options), seed)
    rng = Rng(seed=seed)
    yield "rules", game.rules_summary(lang)
    for step in range(5000):
        prompts = game.prompts(state)
        if step % 3 == 0 or not prompts:
            for viewer in (None, *seats):
                yield "board", game.render(game.view(state, viewer), lang)
        if not prompts:
            break
        prompt = prompts[rng.below(len(prompts))]
        yield "question", prompt.text.get(lang)
        for option in prompt.options:
            yield "option", option.label.get(lang) + (f" — {option.detail.get(lang)}" if option.detail else "")
        state, events = game.apply(state, prompt.player, prompt.id, random_choice(prompt, rng))
        for event in events:
            yield "event", event.text.get(lang)
    outcome = game.outcome(state)
    if outcome is not None:
        yield "result", outcome.summary.get(lang)


CONFIGS = every_mode() + [("sutosute", {"civilizations": True}, 2), ("guns-and-steel", {"set": "mixed"}, 4)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=[f"{k}-{o}" for k, o, _ in CONFIGS])
def test_the_games_say_counts_durations_and_negative_values_in_words(key, options, players, lang):
    bad: dict[str, str] = {}
    for seed in range(property_games(3)):
        for where, text in shown_texts(key, options, players, seed, lang):
            for line in text.splitlines():
                found = ((plural_problems(line) if lang == "en" else []) + duration_problems(line)
                         + negative_problems(line))
                for problem in found:
                    bad.setdefault(f"{where}: {problem}", line)
    assert not bad, bad


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("key", "options", "players"), every_mode(), ids=[f"{k}-{o}" for k, o, _ in every_mode()])
def test_the_front_ends_say_them_in_words_too(key, options, players, lang, monkeypatch):
    """What the front ends compose around the games' texts: the terminal's whole output of a
    game (a scripted player), and Discord's result lines."""
    import io

    from test_local import ScriptedKeyboard

    import bot.local as local
    from bot.discord_ui.layouts import result_lines
    from bot.local import parse_args, play
    monkeypatch.setattr(local, "CPU_ITERATIONS", 10)
    args = [key, "--seed", "5", "--lang", lang, "--ai", "random",
            *(a for name, value in options.items() for a in ("--option", f"{name}={value}"))]
    if players > 1:
        args += ["--players", str(players)]
    out = io.StringIO()
    assert play(parse_args(args), ask=ScriptedKeyboard(out, seed=5), out=out) == 0
    game = registry.get(key)
    seats = [f"P{i}" for i in range(1, players + 1)]
    state = game.setup(seats, game.Options(**options), 5)
    rng = Rng(seed=5)
    while prompts := game.prompts(state):
        prompt = prompts[rng.below(len(prompts))]
        state, _ = game.apply(state, prompt.player, prompt.id, random_choice(prompt, rng))
    lines = out.getvalue().splitlines() + result_lines(game, game.outcome(state), {}, lang, options.get("mode") == "coop")
    bad = {p: line for line in lines
           for p in (plural_problems(line) if lang == "en" else []) + duration_problems(line) + negative_problems(line)}
    assert not bad, bad
