"""custom_id scheme and prompt -> components rendering, without a Discord connection."""
from __future__ import annotations

import pytest

from bot.discord_ui import controls
from bot.discord_ui import items as ui
from bot.discord_ui.items import ActionButton, ActionSelect, ChainSelect, NoneButton
from games.kit import Option, Prompt, T


def prompt(n: int, lo: int = 1, hi: int = 1, ordered: bool = False, pid: str = "pick") -> Prompt:
    return Prompt(id=pid, player="1", text=T("Pick", "選ぶ"), min=lo, max=hi, ordered=ordered,
                  options=[Option(key=f"k{i}", label=T(f"Option {i}", f"選択{i}")) for i in range(n)])


def rows(items) -> list[int]:
    return [item.item.row for item in items]


def test_a_control_reads_back_what_it_was_built_with():
    """Each control class writes its custom_id and reads it back: a prompt id with ':' and '%'
    is escaped, an option key with ':' comes last and verbatim."""
    button = ui.OptionButton(123456, 78, "a:b%c", "key:with:colons", label="x")
    assert len(button.custom_id) <= ui.MAX_LEN
    again = ui.control_of(button.custom_id)
    assert isinstance(again, ui.OptionButton)
    assert (again.table, again.version, again.prompt_id, again.key) == (123456, 78, "a:b%c", "key:with:colons")
    lobby = ui.control_of(ui.LobbyButton(5, 0, "join").custom_id)
    assert isinstance(lobby, ui.LobbyButton) and (lobby.table, lobby.version, lobby.action) == (5, 0, "join")
    page = ui.control_of(ui.PageButton(1, 2, "p", 3, [0, 40], "next").custom_id)
    assert isinstance(page, ui.PageButton) and (page.page, page.picks, page.direction) == (3, [0, 40], "next")
    draft = ui.control_of(ui.DraftButton(1, 2, "p", [7], confirm=False).custom_id)
    assert isinstance(draft, ui.DraftButton) and (draft.picks, draft.confirm) == ([7], False)
    assert ui.control_of("something else") is None


def test_no_control_answers_what_the_bot_never_draws():
    assert ui.control_of("ct:\u0661:0:H") is None and ui.control_of("ct:1:\uff11:H") is None  # other digits
    assert ui.control_of(f"ct:{2**63}:0:H") is None and ui.control_of(f"ct:1:{2**64}:U") is None  # beyond 64 bits
    assert ui.control_of("ct:1:0:Z") is None and ui.control_of("ct:1:0:B:civ") is None  # no kind, cut short
    longest = "ct:1:2:B:" + "p" * 30 + ":" + "k" * 80  # an option button's shape, but over 100 characters
    assert len(longest) > ui.MAX_LEN and not ui.matches_any(longest) and ui.matches_any(longest[:100])
    assert not ui.matches_any("ct:1:0:N:a%b") and not ui.matches_any("ct:1:0:LV:50%")  # not escaped as drawn
    key = ui.control_of("ct:1:0:B:p:\u672d")  # an option key may be any text
    assert isinstance(key, ui.OptionButton) and key.key == "\u672d"


def test_every_kind_of_id_is_answered_by_exactly_one_control_class():
    """discord.py calls every class whose template matches: two would answer one click twice."""
    drawn = [c.custom_id for c in (
        ui.LobbyButton(1, 2, "cpu"), ui.LobbyOptionSelect(1, 2, "mode"), ui.LobbyMoreSelect(1, 2),
        ui.LobbyValueSelect(1, 2, "@turn_limit"), ui.HandButton(1), ui.OptionButton(1, 2, "p", "k"),
        ui.NoneButton(1, 2, "p"), ui.OptionSelect(1, 2, "p", 900), ui.PageButton(1, 2, "p", 0),
        ui.DraftButton(1, 2, "p", [], confirm=True), ui.DraftSelect(1, 2, "p", [3], 1),
        ui.ChainSelect(1, 2, "p"), ui.UndoButton(1, 2), ui.HintButton(1, 2), ui.LeaveGuidedButton(1),
        ui.RematchButton(1), ui.LogPageButton(1, 9), ui.MinePageButton(2), ui.FollowButton(1),
        ui.UnfollowButton(1), ui.BrowseJoinButton(1))]
    for custom_id in drawn:
        answering = [cls.__name__ for cls in ui.ALL if cls.__discord_ui_compiled_template__.fullmatch(custom_id)]
        assert len(answering) == 1, (custom_id, answering)


def test_picks_encoding_round_trips():
    assert ui.decode_picks(ui.encode_picks([0, 5, 35, 36, 1295])) == [0, 5, 35, 36, 1295]
    with pytest.raises(ValueError):
        ui.encode_picks([1296])


def test_longest_ids_fit_in_100_characters():
    assert len(ui.OptionButton(10**12, 10**7, "p" * 24, "k" * 40).custom_id) <= 100
    with pytest.raises(ValueError):
        ui.OptionButton(10**12, 10**7, "p" * 40, "k" * 40)


def test_few_options_become_buttons_with_their_labels():
    items = controls.build(1, 3, [prompt(4)], "en")
    assert all(isinstance(i, ActionButton) for i in items)
    assert [i.item.label for i in items] == ["Option 0", "Option 1", "Option 2", "Option 3"]
    assert [i.key for i in items] == ["k0", "k1", "k2", "k3"]


def test_optional_prompt_gets_a_none_button():
    items = controls.build(1, 3, [prompt(3, lo=0)], "ja")
    assert items[-1].item.label == "なし"
    assert isinstance(items[-1], NoneButton)


def test_many_options_page_through_selects_of_25():
    items = controls.build(1, 3, [prompt(60)], "en")
    selects = [i for i in items if isinstance(i, ActionSelect)]
    assert len(selects) == 1 and len(selects[0].item.options) == 25
    pager = [i for i in items if isinstance(i, ActionButton)]
    assert [b.item.label for b in pager] == ["◀", "▶"] and pager[0].item.disabled
    last = controls.build(1, 3, [prompt(60)], "en", controls.ControlState(pages={"pick": 2}))
    select = next(i for i in last if isinstance(i, ActionSelect))
    assert [o.value for o in select.item.options] == [f"k{i}" for i in range(50, 60)]


def test_multi_select_carries_min_and_max():
    items = controls.build(1, 3, [prompt(6, lo=2, hi=3)], "en")
    select = items[0].item
    assert (select.min_values, select.max_values) == (2, 3)


def test_ordered_prompt_drafts_one_pick_at_a_time():
    p = prompt(4, lo=2, hi=2, ordered=True)
    items = controls.build(1, 3, [p], "en", controls.ControlState(picks={"pick": [2]}))
    select = next(i for i in items if isinstance(i, ActionSelect)).item
    assert select.max_values == 1 and "k2" not in [o.value for o in select.options]
    confirm = next(i for i in items if isinstance(i, ActionButton) and i.item.label == "Confirm")
    assert confirm.item.disabled  # one of two picks made
    done = controls.build(1, 3, [p], "en", controls.ControlState(picks={"pick": [2, 0]}))
    confirm = next(i for i in done if isinstance(i, ActionButton) and i.item.label == "Confirm")
    assert not confirm.item.disabled
    assert controls.draft_summary(p, [2, 0], "en") == "Chosen so far: Option 2 → Option 0"


def test_several_prompts_share_five_rows():
    prompts = [prompt(30, pid=f"p{i}") for i in range(7)]
    items = controls.build(1, 3, prompts, "en")
    assert max(rows(items)) <= 4
    assert len(items) <= 25


def test_every_option_of_every_game_has_english_and_japanese_words():
    """A game owns its words: every option and every choice it offers has a label in both
    languages (and a line of help), so a Japanese lobby never shows a raw field name."""
    from games import registry
    from games.kit.options_words import missing_words
    missing = {game.key: missing_words(game.Options) for game in registry.all_games()}
    assert not any(missing.values()), f"word these in the game's options.py: {missing}"


def test_the_lobby_reads_each_game_its_own_words_in_both_languages():
    """Labels and help in the lobby are the game's own: Ganymede's `auto` is about player
    counts, and the Japanese lobby shows Japanese labels, never a field name."""
    from bot.discord_ui.option_specs import specs
    from games import registry
    ganymede = {s.name: s for s in specs(registry.get("ganymede").Options)}
    assert ganymede["mode"].value_label("auto", "en") == "by player count (2: duel, 3: three players)"
    assert ganymede["mode"].value_label("auto", "ja") == "人数で決める（2人：対戦、3人：3人用）"
    assert ganymede["coop_loss"].label("ja") == "協力戦の敗北条件" and ganymede["coop_loss"].help("ja")
    for game in registry.all_games():
        for spec in specs(game.Options):
            assert spec.label("ja") != spec.name and spec.label("en") != spec.name
            assert all(spec.value_label(c, "ja") for c in spec.choices)


def labelled(*labels: str, lo: int = 1, hi: int = 1) -> Prompt:
    return Prompt(id="pick", player="1", text=T("Pick", "選ぶ"), min=lo, max=hi,
                  options=[Option(key=f"k{i}", label=T(text, text)) for i, text in enumerate(labels)])


def test_options_that_read_the_same_are_numbered_apart():
    items = controls.build(1, 3, [labelled("iron — Warrior", "iron — Mining", "iron — Warrior")], "en")
    assert [i.item.label for i in items] == ["iron — Warrior (1)", "iron — Mining", "iron — Warrior (2)"]


def test_a_label_too_long_for_a_button_goes_into_a_select_whole():
    long_a = "Move a token from Leaning Tower of Pisa to Palace of Versailles (1/3 of yours, 3 VP)"
    long_b = "Move a token from Leaning Tower of Pisa to Palace of Versailles (1/3 of yours, 4 VP)"
    assert len(long_a) > 80
    items = controls.build(1, 3, [labelled(long_a, long_b, "Pass")], "en")
    assert len(items) == 1 and isinstance(items[0], ActionSelect)
    assert [o.label for o in items[0].item.options] == [long_a, long_b, "Pass"]


def test_labels_cut_short_in_a_select_stay_distinct():
    base = "x" * 120
    items = controls.build(1, 3, [labelled(base + "A", base + "B", "short", "other", "more", "six")], "en")
    labels = [o.label for o in items[0].item.options]
    assert len(set(labels)) == len(labels) and all(len(label) <= 100 for label in labels)


def test_a_number_that_stands_for_a_rule_reads_as_that_rule_in_the_lobby():
    """0 means "the rulebook's value" or "never" for some options: the lobby says so, not "0"."""
    from bot.discord_ui.lobby import option_lines
    from games import registry
    from persistence.models import Seat, Table

    def lines(key: str, lang: str) -> str:
        game = registry.get(key)
        table = Table(id=1, guild_id=1, channel_id=1, game=key, status="lobby", host="1",
                      seats=[Seat(user_id="1", display_name="a")], options=game.Options().model_dump(mode="json"),
                      created_at=0, updated_at=0)
        return "\n".join(option_lines(table, lang))

    assert "Starting HP: **rulebook (15)**" in lines("ganymede", "en")
    assert "**0**" not in lines("sutosute", "en")
    assert "**上限なし**" in lines("sutosute", "ja")


def test_a_chain_gets_a_select_of_its_own_row_naming_both_steps():
    from tables.chains import Chain
    first, then = prompt(7), prompt(2)
    chained = [Chain(first, o.key, then, p.key) for o in first.options for p in then.options]
    items = controls.build(1, 3, [first], "en", chained=chained)
    chain = items[-1]
    assert isinstance(chain, ActionSelect) and isinstance(chain, ChainSelect)
    assert chain.item.row > max(i.item.row for i in items[:-1])  # never shares a row with buttons
    assert len(chain.item.options) == 14 and chain.item.options[3].label == "Option 1 → Option 1"
    assert ChainSelect.read_value(chain.item.options[3].value) == (1, 1)
    with pytest.raises(ValueError):
        ChainSelect.read_value("1.x")


def test_a_single_chain_gets_no_select_that_repeats_the_button_above_it():
    """One chain in a select ("two steps at once (1 pair)") only repeats its first step's
    button: the player answers the two steps with the buttons."""
    from tables.chains import Chain
    first, then = prompt(2), prompt(1)
    items = controls.build(1, 3, [first], "en", chained=[Chain(first, first.options[0].key, then, then.options[0].key)])
    assert not any(isinstance(i, ChainSelect) for i in items)
    assert len(items) == 2


def test_a_chain_pair_says_what_its_card_does_under_its_label():
    """"Agriculture → Use the effect" carries the effect prompt's text (the card and what it
    does) as its description."""
    from tables.chains import Chain
    card = Prompt(id="progress", player="1", text=T("Play", "プレイ"), min=1, max=1, options=[
        Option(key="c1", label=T("Agriculture", "農業"), detail=T("Replenish 1 food.", "食料を1補充。")),
        Option(key="c2", label=T("Mining", "鉱業"), detail=T("Replenish 1 iron.", "鉄を1補充。"))])
    effect = Prompt(id="effect", player="1", text=T("Agriculture: Replenish 1 food.", "農業：食料を1補充。"), min=1, max=1, options=[
        Option(key="use", label=T("Use the effect", "効果を使う")),
        Option(key="skip", label=T("Do not use the effect", "効果を使わない"))])
    chained = [Chain(card, "c1", effect, "use"), Chain(card, "c1", effect, "skip"), Chain(card, "c2", effect, "use")]
    for lang, said in (("en", "Agriculture: Replenish 1 food."), ("ja", "農業：食料を1補充。")):
        select = controls.build(1, 3, [card], lang, chained=chained)[-1].item
        assert select.options[0].description == said
        assert select.options[2].label.endswith(("Use the effect", "効果を使う"))
        assert len(select.placeholder) <= 40  # read whole on a phone


def test_a_three_step_chain_names_each_step_and_comes_back_as_three_indices():
    from tables.chains import Chain
    first, then, third = prompt(3, pid="a"), prompt(2, pid="b"), prompt(2, pid="c")
    chained = [Chain(first, "k1", then, "k0", ((third, "k1"),)), Chain(first, "k2", then, "k1")]
    select = controls.build(1, 3, [first], "en", chained=chained)[-1].item
    assert select.options[0].label == "Option 1 → Option 0 → Option 1"
    assert ChainSelect.read_value(select.options[0].value) == (1, 0, 1)
    assert ChainSelect.read_value(select.options[1].value) == (2, 1)
    assert "three" in select.placeholder
    assert select.options[0].description == "Pick"  # the second step's prompt, its answer having no detail
    for bad in ("1", "1.2.3.4", "1..2", "-1.2"):
        with pytest.raises(ValueError):
            ChainSelect.read_value(bad)


def test_many_options_of_one_kind_share_one_select_instead_of_a_wall_of_buttons():
    """Fort of Gold's card × column: nine "Welcome mana: <card> → column <n>" buttons
    were nine full-width rows on a phone; they are one select (a pick answers at once), headed by
    what they share, and the options that explain themselves keep their own buttons."""
    welcome = [Option(key=f"w{c}{col}", label=T(f"Welcome mana: Card {c} → column {col}", f"マナを迎える：カード{c} → 列{col}"),
                      group="welcome") for c in "ABC" for col in (1, 2, 3)]
    gain = Option(key="g", label=T("Gain a treasure: Crown", "宝物を得る：王冠"), detail=T("Glow", "輝き"), group="gain")
    p = Prompt(id="turn", player="1", text=T("Choose an action", "行動を選ぶ"), options=[*welcome, gain])
    for lang, head in (("en", "Welcome mana…"), ("ja", "マナを迎える…")):
        items = controls.build(1, 2, [p], lang)
        selects = [i for i in items if isinstance(i, ActionSelect)]
        buttons = [i for i in items if isinstance(i, ActionButton)]
        assert len(selects) == 1 and len(buttons) == 1
        select = selects[0].item
        assert select.placeholder == head and select.max_values == 1
        assert [o.value for o in select.options] == [o.key for o in welcome]
        assert select.options[0].label == ("Card A → column 1" if lang == "en" else "カードA → 列1")
        assert (buttons[0].prompt_id, buttons[0].key) == ("turn", "g")


def test_whatever_a_template_matches_its_class_reads_without_failing():
    """discord.py drops a click silently when a class cannot be built from its id, so every id
    a template accepts must make a control again: escapes, leading zeros, picks, the longest."""
    shapes = ["ct:007:0012:B:a%25%3Ab:k:%", "ct:1:2:P:" + "%3A" * 26 + ":0:prev", "ct:1:2:P:p:12:zzzz:next",
              "ct:1:2:DS:p::0", "ct:1:2:LV:" + "%25" * 30, "ct:1:2:S:" + "x" * 80 + ":0", "ct:1:2:N:\n"]
    for custom_id in shapes:
        control = ui.control_of(custom_id)
        assert control is not None, custom_id
        assert ui.control_of(control.custom_id).custom_id == control.custom_id
