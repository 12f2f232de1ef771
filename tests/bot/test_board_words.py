"""What the channel reads on the board and in a result, and what /game stats says:
the board names whose turn it is for everyone ("@Ben's turn", 「@ベンの手番」, never "Your turn")
and states the phase once; a result writes each score once, in the game's words, without a
minus sign; a stats line agrees with its counts and says a duration as a person does."""
from __future__ import annotations

from types import SimpleNamespace

from bot.discord_ui.info_commands import _stat_line
from bot.discord_ui.layouts import result_lines, status_lines
from bot.discord_ui.presenters import names_of
from games import registry
from games.kit import Outcome, T
from tables.models import Seat, Table
from tables.read_model import read

BEN, AIKO = "111111111111111111", "222222222222222222"


def table(game: str, seats: list[tuple[str, str]]) -> Table:
    return Table(id=1, guild_id=1, channel_id=2, game=game, status="running", host=seats[0][0], created_at=0.0,
                 updated_at=0.0, seats=[Seat(user_id=u, display_name=n) for u, n in seats])


def sutosute_at_combo():
    """A Sutosute game played until its combo question (one player's, with the window "combo")."""
    from games.kit import Rng
    from games.kit.playout import random_choice
    game = registry.get("sutosute")
    state, rng = game.setup([BEN, AIKO], game.Options(), 3), Rng(seed=3)
    for _ in range(2000):
        prompts = game.prompts(state)
        if prompts and prompts[0].id.startswith("combo"):
            return game, state
        prompt = prompts[rng.below(len(prompts))]
        state, _ = game.apply(state, prompt.player, prompt.id, random_choice(prompt, rng))
    raise AssertionError("no combo reached")


def test_the_board_says_whose_turn_it_is_to_everyone_and_the_phase_once():
    game, state = sutosute_at_combo()
    owner = game.prompts(state)[0].player
    t = table("sutosute", [(BEN, "Ben"), (AIKO, "Aiko")])
    seen = read(t.model_copy(update={"state_json": state.model_dump_json()}))
    en, ja = status_lines(seen, "en"), status_lines(seen, "ja")
    assert en == [f"🎯 **<@{owner}>'s turn** — combo"] and ja == [f"🎯 **<@{owner}>の手番** — コンボ"]
    assert not any("Your turn" in line or "手番です" in line for line in en + ja)


def test_a_choice_made_at_the_same_time_names_everyone_once():
    game = registry.get("sutosute")
    state = game.setup([BEN, AIKO], game.Options(), 1)
    assert {p.player for p in game.prompts(state)} == {BEN, AIKO}
    t = table("sutosute", [(BEN, "Ben"), (AIKO, "Aiko")])
    lines = status_lines(read(t.model_copy(update={"state_json": state.model_dump_json()})), "en")
    assert lines[0].startswith(f"⏳ **<@{BEN}>, <@{AIKO}> choose at the same time**")
    assert len(lines) == 1 or all(line.count("<@") == 1 for line in lines[1:])


def test_a_result_writes_each_score_once_in_the_games_words():
    game = registry.get("guns-and-steel")
    t = table("guns-and-steel", [(BEN, "Ben"), (AIKO, "Aiko")])
    outcome = Outcome(winners=[AIKO], ranking=[[AIKO], [BEN]], scores={AIKO: 22.0, BEN: 18.0},
                      summary=T(f"{AIKO} wins (the last space-era card was bought).", f"{AIKO}の勝利（宇宙）。"),
                      detail={"cards": {AIKO: 15, BEN: 1}})
    en = result_lines(game, outcome, names_of(t, "en"), "en", False)
    assert en == ["Aiko wins (the last space-era card was bought).", "🥇 **Aiko** — 22 VP (15 cards)",
                  "🥈 **Ben** — 18 VP (1 card)"]
    ja = result_lines(game, outcome, names_of(t, "ja"), "ja", False)
    assert ja[1:] == ["🥇 **Aiko** — 22点（15枚）", "🥈 **Ben** — 18点（1枚）"]
    assert sum(line.count("22") for line in en) == 1


def test_a_result_says_hp_below_zero_and_one_point_in_words():
    t = table("ganymede", [(BEN, "Ben"), (AIKO, "Aiko")])
    outcome = Outcome(winners=[AIKO], ranking=[[AIKO], [BEN]], scores={AIKO: 10.0, BEN: -3.0},
                      summary=T(f"{AIKO} (green) wins", f"{AIKO}（緑）の勝利"))
    en = result_lines(registry.get("ganymede"), outcome, names_of(t, "en"), "en", False)
    ja = result_lines(registry.get("ganymede"), outcome, names_of(t, "ja"), "ja", False)
    assert en[1:] == ["🥇 **Aiko** — HP 10", "🥈 **Ben** — HP 0 (3 over)"]
    assert ja[2] == "🥈 **Ben** — HP 0（3点超過）" and "-3" not in "".join(en + ja)
    sutosute = Outcome(winners=[AIKO], ranking=[[AIKO], [BEN]], scores={AIKO: 20.0, BEN: 1.0}, summary=T("x"))
    assert result_lines(registry.get("sutosute"), sutosute, names_of(t, "en"), "en", False)[2] == "🥈 **Ben** — 1 point"


def test_a_stats_line_agrees_with_its_counts_and_says_the_average_turn_in_hours_and_minutes():
    line = SimpleNamespace(games=1, wins=1, avg_turn_s=4542.0, rating=None)
    assert _stat_line(line, "en") == "1 game, 1 win · avg turn 1 h 16 min"
    line = SimpleNamespace(games=1, wins=0, avg_turn_s=23424.0, rating=1484.2)
    assert _stat_line(line, "ja") == "1戦 0勝 · 平均手番 6時間30分 · レーティング 1484"
    assert _stat_line(SimpleNamespace(games=3, wins=2, avg_turn_s=45, rating=None), "en") == "3 games, 2 wins · avg turn 45 s"
