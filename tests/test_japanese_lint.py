"""Japanese as a careful reader expects it, checked over the whole catalogue
(tables/messages.json and bot/i18n/messages/*.json), over the words each game gives its options
and over the games' texts in random games:
one bracket width per text, 、 between listed items (never ", "), no "2～2" for a fixed count,
手番 (not a bare 番) for a player's turn, and no name said twice in a log line ("Bob: Bobが…").
Next to a Japanese character a colon or a bracket is full-width (：（）), there and in every
game's card data ("ドローフェイズで引いたとき：…", "+2（10の枚数ごと）"); a command, a URL,
a port or a time (12:30) keeps its own half-width marks.

The pictures are held to more (they are drawn, not copied, so nothing forces a half-width
character): every label of every renderer's label tables and every text a Japanese picture
actually draws in sample games of every game and mode uses full-width brackets and colons only,
lists names with 、, and leaves no English word in Japanese (the rulebooks' HP and VP aside).

No text the project ships (code, data, catalogues, docs) holds mojibake: UTF-8 read as Latin-1
or Windows-1252 (「公開しますか」 followed by the three characters ？ becomes in Latin-1), found by
decoding it back, so every such sequence is caught, not only the ones seen once."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from every_game import every_mode
from picture_texts import TABLES as PICTURE_TABLES
from picture_texts import drawn_texts
from property_runs import property_games

from bot.i18n import catalogue
from games import registry
from games.kit import Rng
from games.kit.playout import random_choice
from pictures.samples import PLAYERS

HALF = re.compile(r"[()\[\]]")
FULL = re.compile(r"[（）［］]")
PLACEHOLDER = re.compile(r"\{\w*\}")
RANGE_OF_PLACEHOLDERS = re.compile(r"(\{\w+\}|\d)\s*[～〜~–-]\s*\{\w+\}|\{\w+\}\s*[～〜~–-]\s*\d")
SAME_BOUNDS = re.compile(r"(?<![\d.])(\d+)[～〜](\1)(?![\d.])")  # "HP 2 – 2 – 0" lists scores: not a range
BARE_TURN = re.compile(r"(?<![手順一何])番(?![号目組])")
NAME_PLACEHOLDERS = ("users", "who", "name", "player", "players_names")


def problems(ja: str, whole: str | None = None) -> list[str]:
    """What is wrong with one line of Japanese (its placeholders ignored); bracket widths are
    judged over the `whole` text the line belongs to (a board is one text)."""
    text = PLACEHOLDER.sub("", ja)
    found = []
    whole = PLACEHOLDER.sub("", whole if whole is not None else ja)
    if HALF.search(text) and FULL.search(whole) or FULL.search(text) and HALF.search(whole):
        found.append("mixed bracket widths")
    if ", " in text:
        found.append("', ' between listed items (use 、)")
    if SAME_BOUNDS.search(text):
        found.append("a range with equal ends (N～N)")
    if BARE_TURN.search(text):
        found.append("番 for a turn (use 手番)")
    if mojibake(text):
        found.append(f"mojibake (UTF-8 read as Latin-1): {mojibake(text)}")
    return found


HALF_IN_JAPANESE = re.compile(r"[()\[\]?!·]|(?<!\d):|:(?!\d)")      # 12:30 is a time, not a colon
ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
RULEBOOK_WORDS = {"HP", "VP"}          # the Japanese rulebooks' own abbreviations (勝利点（VP）)


def picture_problems(ja: str, names: tuple[str, ...] = ()) -> list[str]:
    """What is wrong with a Japanese text a picture draws, on top of problems(): a half-width
    bracket or colon, an English word (player names aside), names listed without 、."""
    text = PLACEHOLDER.sub("", ja)
    found = problems(ja)
    if HALF_IN_JAPANESE.search(text):
        found.append("half-width bracket, colon, ?/! or · in Japanese (use （）「」：？！・)")
    words = text
    for name in sorted(names, key=len, reverse=True):
        words = words.replace(name, " ")
    english = [w for w in ENGLISH_WORD.findall(words) if w not in RULEBOOK_WORDS]
    if english:
        found.append(f"English left in Japanese: {english}")
    for a in names:
        for b in names:
            if a != b and re.search(re.escape(a) + r"\s*(?:[,，/／・]\s*|\s+)" + re.escape(b), text):
                found.append("names listed without 、")
    return found


JAPANESE = r"[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]"   # kana, kanji, 、。「」《》, full-width forms
HALF_BY_JAPANESE = re.compile(rf"{JAPANESE} ?[()]|[()] ?{JAPANESE}|{JAPANESE} ?:(?!\d+/|//)|: ?{JAPANESE}")


def half_width_by_japanese(ja: str) -> list[str]:
    """A half-width ':', '(' or ')' touching a Japanese character (one space between counts);
    placeholders are left out; a URL's colons (ホスト:5432/, sqlite:///) and a time's (12:30) stay."""
    found = HALF_BY_JAPANESE.findall(PLACEHOLDER.sub("", ja))
    return [f"half-width ':' or '()' next to Japanese (use ：（）): {found}"] if found else []


# A run of characters that UTF-8 bytes become when read as Latin-1 / Windows-1252: a lead byte
# (U+00C2-U+00EF: the first byte of a 2- or 3-byte sequence) followed by continuation bytes
# (0x80-0xBF, which Windows-1252 shows as punctuation like the euro sign and curly quotes, and
# Latin-1 as C1 controls or U+00A0-U+00BF).
CONTINUATION = "\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122"
MOJIBAKE_RUN = re.compile(f"[\u00c2-\u00ef][{CONTINUATION}]{{1,2}}")


def mojibake(text: str) -> list[str]:
    """Every sequence in `text` that is UTF-8 mis-read as Latin-1 or Windows-1252: it encodes
    back to bytes that decode as UTF-8 (！ read as Latin-1 is "\\u00ef\\u00bc\\u0081", — read as
    Windows-1252 is "\\u00e2\\u20ac\\u201d")."""
    found = []
    for match in MOJIBAKE_RUN.finditer(text):
        for codec in ("cp1252", "latin-1"):
            try:
                match[0].encode(codec).decode("utf-8")
            except (UnicodeEncodeError, UnicodeDecodeError):
                continue
            found.append(match[0])
            break
    return found


def shipped_text_files() -> list[Path]:
    """Every file the repository tracks that is text (code, data, catalogues, docs, config)."""
    root = Path(__file__).resolve().parent.parent
    names = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
    files = []
    for name in names.decode().split("\0"):
        path = root / name
        if name and path.is_file() and b"\0" not in path.read_bytes()[:8192]:
            files.append(path)
    return files


def test_the_mojibake_lint_finds_utf8_read_as_latin1():
    for meant in ("公開しますか？", "勝利！", "赤、青", "「手番」", "Fort — of Gold", "it’s “here”", "café", "×2・★"):
        assert mojibake(meant) == []
        for codec in ("latin-1", "cp1252"):
            broken = meant.encode("utf-8").decode(codec, errors="ignore")
            if broken != meant:
                assert mojibake(broken), (meant, codec, broken)
    assert mojibake("コンボ：繋がるカードを公開しますか\u00ef\u00bc\u009f") == ["\u00ef\u00bc\u009f"]
    assert mojibake("Alice\u00e2\u20ac\u201dBob") == ["\u00e2\u20ac\u201d"]
    assert mojibake("Ça coûte 5 € · naïve façade") == []


def test_no_shipped_text_holds_mojibake():
    """Code, data, catalogues and docs: the same strings reach Discord, the terminal and the
    pictures, so a mis-decoded one anywhere is one a player reads."""
    files = shipped_text_files()
    assert any(f.name == "prompts.py" for f in files) and any(f.suffix == ".md" for f in files)
    bad = {}
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if found := mojibake(line):
                bad[f"{path.name}:{number}"] = found
    assert not bad, bad


def test_the_lint_finds_what_it_is_for():
    assert half_width_by_japanese("ドローフェイズで引いたとき:表向きにして") != []
    assert half_width_by_japanese("相手の《強さ》を+2(10の枚数ごと)。") != []
    assert half_width_by_japanese("場: 黒7") != [] and half_width_by_japanese("Bob (赤)") != []
    assert half_width_by_japanese("4の効果:2枚をどの順番で戻しますか") != []
    assert half_width_by_japanese("ドローフェイズ：合計12（2/3枚引いた）。") == []
    assert half_width_by_japanese("postgresql://ユーザー@ホスト:5432/データベース、-5:30、/game replay table:{id}") == []
    assert picture_problems("コンボ (建設)") == ["half-width bracket, colon, ?/! or · in Japanese (use （）「」：？！・)"]
    assert picture_problems("ボブのコンボ: 1枚") == ["half-width bracket, colon, ?/! or · in Japanese (use （）「」：？！・)"]
    assert picture_problems("ラウンド22・第85手番、12:30") == []
    assert picture_problems("Alice 16 vs Carol 4", ("Alice", "Carol")) == ["English left in Japanese: ['vs']"]
    assert picture_problems("勝者：Alice ボブ", ("Alice", "ボブ")) == ["names listed without 、"]
    assert picture_problems("勝者：Alice、ボブ（3VP、HP 12）", ("Alice", "ボブ")) == []
    assert problems("鋼鉄と火薬 (基本セット) — 第1手番（ラウンド1）") == ["mixed bracket widths"]
    assert problems("手札: 建設, 征服") == ["', ' between listed items (use 、)"]
    assert problems("このゲームは2～2人で遊びます") == ["a range with equal ends (N～N)"]
    assert problems("{users}さん、あなたの番です。") == ["番 for a turn (use 手番)"]
    assert problems("あなたの手番です。番号を入力、順番、2番目") == []
    assert RANGE_OF_PLACEHOLDERS.search("{min}～{max}人") and RANGE_OF_PLACEHOLDERS.search("1～{count}")


def test_the_catalogue_reads_well_in_japanese():
    bad = {}
    for key, texts in catalogue().items():
        found = problems(texts.get("ja", "")) + half_width_by_japanese(texts.get("ja", ""))
        if RANGE_OF_PLACEHOLDERS.search(texts.get("ja", "")) or RANGE_OF_PLACEHOLDERS.search(texts.get("en", "")):
            found.append("a range between placeholders (use one placeholder filled by Span: never 2～2)")
        for name in NAME_PLACEHOLDERS:
            if texts.get("ja", "").count("{" + name + "}") > 1:
                found.append(f"{{{name}}} twice")
        if found:
            bad[key] = found
    assert not bad, bad


def test_every_games_option_words_read_well_in_japanese():
    from games.kit.options_words import all_texts
    bad = {}
    for game in registry.all_games():
        for text in all_texts(game.Options):
            found = problems(text.ja) + half_width_by_japanese(text.ja)
            if HALF.search(text.ja):
                found.append("half-width brackets (use （）)")
            if found:
                bad[f"{game.key}: {text.ja}"] = found
    assert not bad, bad


def data_texts(value, key: str = "") -> list[str]:
    """Every Japanese text in a game's data file: the values of "ja" and "…_ja" keys (where a
    value comes from, "ref" and "reason", quotes the rulebooks as they are and is no player's text)."""
    if isinstance(value, dict):
        return [text for k, v in value.items() for text in data_texts(v, k)]
    if isinstance(value, list):
        return [text for v in value for text in data_texts(v, key)]
    return [value] if isinstance(value, str) and (key == "ja" or key.endswith("_ja")) else []


def test_every_games_japanese_card_data_reads_well():
    import json
    from pathlib import Path

    import games
    files = sorted(Path(games.__file__).parent.glob("**/*.json"))
    assert {f.parent.name for f in files} >= {"ganymede", "sutosute", "fort_of_gold", "data"}
    bad = {}
    for path in files:
        for text in data_texts(json.loads(path.read_text(encoding="utf-8"))):
            if found := problems(text) + half_width_by_japanese(text):
                bad[f"{path.parent.name}/{path.name}: {text}"] = found
    assert not bad, bad


def test_every_games_rules_summary_reads_well_in_japanese():
    bad = {}
    for game in registry.all_games():
        text = game.rules_summary("ja")
        for line in text.splitlines():
            if found := problems(line, text) + half_width_by_japanese(line):
                bad[f"{game.key}: {line}"] = found
    assert not bad, bad


CONFIGS = every_mode() + [("sutosute", {"civilizations": True}, 2), ("guns-and-steel", {"set": "mixed"}, 4),
                          ("sutosute", {"draw_rule": "v2"}, 2)]   # ver.2's draw asks for a face-down discard


def japanese_texts(key: str, options: dict, count: int, seed: int):
    """(where, text) for every Japanese text a random game shows: boards for every viewer and
    the game's lines beside them, questions, options, events and the result, plus the log lines the Discord log shows."""
    from bot.discord_ui.presenters import log_embed
    from persistence.models import LogEntry, Seat, Table
    game = registry.get(key)
    players = [f"14560744439808000{i:02d}" for i in range(1, count + 1)]  # as Discord numbers them
    names = ["Bob", "Aiko", "Chen", "Dana"][:count]
    state = game.setup(players, game.Options(**options), seed)
    rng = Rng(seed=seed)
    table = Table(id=1, guild_id=1, channel_id=1, game=key, status="running", host="P1", created_at=0, updated_at=0,
                  seats=[Seat(user_id=p, display_name=n) for p, n in zip(players, names, strict=True)])
    entries = []
    for step in range(5000):
        prompts = game.prompts(state)
        if step % 5 == 0 or not prompts:
            for viewer in (None, *players):
                view = game.view(state, viewer)
                yield "board", game.render(view, "ja")
                for line in [*game.status_lines(view, viewer), *game.notes(view, viewer)]:
                    yield "beside the board", line.get("ja")
        if not prompts:
            break
        prompt = prompts[rng.below(len(prompts))]
        yield "question", prompt.text.get("ja")
        for option in prompt.options:
            yield "option", option.label.get("ja") + (f" — {option.detail.get('ja')}" if option.detail else "")
        state, events = game.apply(state, prompt.player, prompt.id, random_choice(prompt, rng))
        for event in events:
            yield "event", event.text.get("ja")
        entries.append(LogEntry(seq=state.version, player=prompt.player, prompt_id=prompt.id, choice=[],
                                created_at=0, events=events))
    outcome = game.outcome(state)
    if outcome is not None:
        yield "result", outcome.summary.get("ja")
    for page in range(0, len(entries), 10):
        for line in log_embed(game, table, entries[page:page + 10], "ja", "").description.splitlines():
            if match := re.match(r"`\s*\d+` \*\*(.+?)\*\*(?: ⏱)?: (.*)", line):
                if match[2].startswith(match[1]):
                    yield "log line", f"name repeated: {line}"


@pytest.mark.parametrize(("key", "options", "count"), CONFIGS, ids=[f"{k}-{o}" for k, o, _ in CONFIGS])
def test_the_games_japanese_texts_read_well_in_random_games(key, options, count):
    bad: dict[str, str] = {}
    for seed in range(property_games(2)):
        for where, text in japanese_texts(key, options, count, seed):
            for line in text.splitlines():
                found = (problems(line, text) + half_width_by_japanese(line)
                         + (["name repeated"] if line.startswith("name repeated") else []))
                for problem in found:
                    bad.setdefault(f"{where}: {problem}", line)
    assert not bad, bad


def renderer_label_tables() -> dict[str, dict[str, tuple[str, str]]]:
    """Every module-level table of (English, Japanese) labels in every renderer module (a renderer
    that is a package: in each of its modules)."""
    import importlib
    import pkgutil

    from pictures import RENDERERS, renderer
    tables = {}
    for key in RENDERERS:
        module = renderer(key)
        modules = [module]
        if hasattr(module, "__path__"):
            modules += [importlib.import_module(f"{module.__name__}.{m.name}") for m in pkgutil.iter_modules(module.__path__)]
        for m in modules:
            for name, value in vars(m).items():
                if isinstance(value, dict) and value and all(
                        isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, str) for x in v)
                        and not v[1].startswith("#") for v in value.values()):   # not a table of colours
                    tables[f"{m.__name__}.{name}"] = value
    return tables


def test_every_picture_label_reads_well_in_japanese():
    tables = renderer_label_tables()
    assert {"pictures.ganymede.LABELS", "pictures.sutosute.LABELS", "pictures.fort_of_gold.LABELS",
            "pictures.guns_and_steel.labels.WORDS", "pictures.guns_and_steel.labels.DECIDING"} <= set(tables)
    bad = {f"{table}[{key}]": (ja, found) for table, labels in tables.items() for key, (_, ja) in labels.items()
           if (found := picture_problems(ja))}
    assert not bad, bad


@pytest.mark.parametrize(("key", "options", "count"), PICTURE_TABLES, ids=[f"{k}-{o}-{n}" for k, o, n in PICTURE_TABLES])
def test_every_text_a_japanese_picture_draws_reads_well(key, options, count):
    """What the pictures draw, composed lines and card data included (the labels alone would miss
    "ボブのコンボ: 1枚 (建設)", which a renderer puts together)."""
    bad: dict[str, str] = {}
    for kind, text, _ in drawn_texts(key, options, count, "ja"):
        for problem in picture_problems(text, tuple(PLAYERS[:count])):
            bad.setdefault(f"{kind}: {problem}", text)
    assert not bad, bad
