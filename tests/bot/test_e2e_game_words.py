"""A game owns its words: a toy game registered here, and nowhere in `bot/`, is offered by the
terminal's help, played to its result in the terminal, and shown in a Discord lobby with its
own option labels in English and Japanese, then started, played and posted."""
from __future__ import annotations

import io

import pytest
from simdriver import channel_texts, controls, kind, lobby_button, set_lobby_option, texts_of

from bot.local import parse_args, play
from games import registry

# (question, answer typed) for every toy question, in order; the third is 2–4 of 30, the fourth optional
TYPED = ["7", "3 1 2", "1 5", "", "2 4"]


@pytest.fixture
def toy(monkeypatch):
    """The toy game in the registry for this test only."""
    monkeypatch.setitem(registry._MODULES, "toy", "toy_game")
    monkeypatch.setattr(registry, "KEYS", (*registry.KEYS, "toy"))
    return registry.get("toy")


def play_in_terminal(args: list[str]) -> str:
    out = io.StringIO()
    typed = iter(TYPED)
    assert play(parse_args(["toy", "--humans", "2", "--seed", "1", *args]), ask=lambda _: next(typed), out=out) == 0
    return out.getvalue()


def test_the_terminal_offers_and_plays_a_game_it_has_never_heard_of(toy, capsys):
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    shown = capsys.readouterr().out
    assert "toy" in shown.split("positional arguments")[0], "the game list is the registry's"
    assert "toy: auto, short" in " ".join(shown.split()), "--mode help names the toy's modes"

    every = play_in_terminal([])
    assert every.count("\n[P") == 5 and every.rstrip().endswith("Result: The first player wins.")
    short = play_in_terminal(["--mode", "short", "--lang", "ja"])
    assert short.count("\n[P") == 2 and short.rstrip().endswith("結果：後手の勝ち。")


@pytest.mark.parametrize(("lang", "label", "every", "short", "result"), [
    ("en", "Questions", "all five, one of each shape", "only the first two", "The second player wins."),
    ("ja", "質問", "全5問（形ごとに1問）", "最初の2問だけ", "後手の勝ち。"),
])
async def test_a_lobby_shows_the_toys_own_words_and_plays_it_to_the_result(world, toy, lang, label, every, short,
                                                                            result):
    if lang == "ja":
        await world.admin.slash(world.channel, "gameadmin settings", language="ja")
    alice, bob = world.alice, world.bob
    table = await world.bot.service.open_lobby(world.guild.id, world.channel.id, str(alice.id), "alice", "toy")
    lobby = (await alice.slash(world.channel, "game board")).response
    mode = next(c for c in controls(lobby) if kind(c) == "LO")
    sep = "：" if lang == "ja" else ": "
    assert [o["label"] for o in mode["options"]] == [f"{label}{sep}{every}", f"{label}{sep}{short}"]
    def chosen(lobby) -> str:  # the mode select shows the chosen mode (the text lists no default)
        return next(o["label"] for c in controls(lobby) if kind(c) == "LO" for o in c["options"] if o.get("default"))

    assert chosen(lobby) == f"{label}{sep}{every}"
    assert "player count" not in texts_of(lobby) and "人数" not in texts_of(lobby), "not Ganymede's `auto`"

    lobby = await set_lobby_option(world, alice, lobby, "mode", "short")
    assert chosen(lobby) == f"{label}{sep}{short}"
    await bob.click(lobby, custom_id=lobby_button(lobby, "join"))
    assert (await alice.click(lobby, custom_id=lobby_button(lobby, "start"))).acknowledged

    # the short toy: alice picks one of 60, bob three of 8 in order; bob answered last and wins
    hand = (await alice.slash(world.channel, "game hand")).response
    assert (await alice.select(hand, ["s0o3"], custom_id=next(c for c in controls(hand) if kind(c) == "S")
                               ["custom_id"])).acknowledged
    hand = (await bob.slash(world.channel, "game hand")).response
    for value in ("s1o5", "s1o2", "s1o7"):
        hand = (await bob.select(hand, [value], custom_id=next(c for c in controls(hand) if kind(c) == "DS")
                                 ["custom_id"])).response
    confirm = next(c for c in controls(hand) if c.get("label") == "Confirm")  # bob's own language: en-US
    assert (await bob.click(hand, custom_id=confirm["custom_id"])).acknowledged

    final = await world.bot.service.get(table.id)
    assert final.status == "finished" and final.state(toy).answers[1] == ["s1o5", "s1o2", "s1o7"]
    posted = [text for text in channel_texts(world, world.outsider) if f"#{table.id}" in text and result in text]
    assert posted, "the result names the toy's own winner"
