"""The words a game gives its options (games/kit/options_words.py): what a front end reads for
a label, a value and help, and what `missing_words` refuses."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.kit import T
from games.kit.options_words import Words, missing_words, mode_option, option_words


class Worded(BaseModel):
    mode: Annotated[Literal["auto", "fast"], Words(
        T("Speed", "速さ"), mode=True, help=T("How fast.", "どれだけ速いか。"),
        values={"auto": T("by the table", "卓で決める"), "fast": T("fast", "速い")})] = "auto"
    limit: Annotated[int, Words(T("Limit", "上限"), help=T("A cap.", "上限。"),
                                values={0: T("none", "なし")})] = Field(0, ge=0, le=9)
    extra: Annotated[bool, Words(T("Extra", "追加"), help=T("More.", "追加する。"))] = True
    cap: Annotated[int | None, Words(T("Cap", "上限"), help=T("A cap.", "上限。"),
                                     values={None: T("off", "オフ")})] = None


class HalfWorded(BaseModel):
    mode: Annotated[Literal["auto", "slow"], Words(T("Speed", "速さ"), help=T("How fast.", "どれだけ速いか。"),
                                                   values={"auto": T("auto", "")})] = "auto"
    bare_switch: bool = False


def test_a_field_reads_its_own_words_in_each_language():
    mode = option_words(Worded, "mode")
    assert (mode.label("en"), mode.label("ja")) == ("Speed", "速さ")
    assert (mode.value("auto", "en"), mode.value("auto", "ja")) == ("by the table", "卓で決める")
    assert mode.help("ja") == "どれだけ速いか。" and mode.help("fr") == "How fast."  # other languages: English
    limit = option_words(Worded, "limit")
    assert [limit.value(v, "ja") for v in (0, 1, 9)] == ["なし", "1", "9"]
    assert option_words(Worded, "extra").value(True, "ja") == "オン" and option_words(Worded, "extra").value(False, "en") == "off"
    assert option_words(Worded, "cap").value(None, "ja") == "オフ" and option_words(Worded, "cap").value(30, "ja") == "30"


def test_a_switch_and_a_number_do_not_share_words():
    """True == 1 in Python: the words of the number 1 must not label a switch's "on"."""
    class Mixed(BaseModel):
        n: Annotated[int, Words(T("N", "N"), values={1: T("one", "一つ")})] = 1
        b: Annotated[bool, Words(T("B", "B"), values={1: T("one", "一つ")})] = True
    assert option_words(Mixed, "n").value(1, "en") == "one"
    assert option_words(Mixed, "b").value(True, "en") == "on"


def test_missing_words_names_every_gap():
    assert missing_words(Worded) == []
    assert missing_words(HalfWorded) == ["mode", "mode=auto", "mode=slow", "bare_switch"]
    assert option_words(HalfWorded, "bare_switch").label("ja") == "Bare switch"  # never shown: the tests refuse it


def test_the_mode_option_is_the_one_marked():
    assert mode_option(Worded) == ("mode", ("auto", "fast"))
    assert mode_option(HalfWorded) is None
