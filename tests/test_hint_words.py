"""How a hint's reason reads (bot/hints.py), in both languages: the search's figures with
thousands separators, the one answer the rules allow, or the quick choice when the search had
no time to compare."""
from bot.hints import choice_text, reason
from games.kit import Option, Prompt, T
from games.kit.ai import Advice


def test_the_reason_gives_the_searchs_figures():
    advice = Advice("p", ["a"], simulations=1400, share=0.62, win=0.713)
    assert reason(advice, "en") == "chosen in 62 % of 1,400 simulations; expected to win 71 %"
    assert reason(advice, "ja") == "1,400回のシミュレーションのうち62%で選ばれ、勝つ見込みは71%です"
    assert "1 simulation;" in reason(Advice("p", ["a"], simulations=1, share=1.0, win=0.5), "en")


def test_one_answer_and_no_time_say_so():
    assert reason(Advice("p", ["a"], only=True), "en") == "the only answer the rules allow here"
    assert "no time" in reason(Advice("p", ["a"]), "en")
    assert "時間がありませんでした" in reason(Advice("p", ["a"]), "ja")


def test_the_choice_is_named_by_the_labels_on_the_controls():
    prompt = Prompt(id="p", player="u", text=T("Pick", "選ぶ"), min=0, max=2,
                    options=[Option(key="a", label=T("Apple", "りんご")), Option(key="b", label=T("Bean", "豆"))])
    assert choice_text([prompt], "p", ["a", "b"], "en") == "Apple, Bean"
    assert choice_text([prompt], "p", ["a", "b"], "ja") == "りんご、豆"
    assert choice_text([prompt], "p", [], "en") == "None"
