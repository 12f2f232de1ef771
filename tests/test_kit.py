"""The rules kit: seeded RNG stability and the generic choice validation."""
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from games.kit import BaseState, Event, Game, IllegalAction, Option, Outcome, Prompt, Rng, T
from games.kit.checks import check_random_game
from games.kit.playout import random_choice


def test_rng_known_values():
    # Frozen golden values: stored games replay only while these stay the same.
    rng = Rng(seed=42)
    assert [rng.below(100) for _ in range(8)] == [80, 15, 4, 79, 21, 65, 45, 14]
    deck = list(range(10))
    Rng(seed=1).shuffle(deck)
    assert deck == [8, 7, 6, 5, 3, 9, 2, 4, 1, 0]
    a, b = Rng(seed=7), Rng(seed=7)
    items_a, items_b = list(range(20)), list(range(20))
    a.shuffle(items_a)
    b.shuffle(items_b)
    assert items_a == items_b and sorted(items_a) == list(range(20)) and items_a != list(range(20))


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=1, max_value=1000))
def test_rng_below_in_range_and_state_round_trips(seed, n):
    rng = Rng(seed=seed)
    rng.below(n)
    copy = Rng.model_validate_json(rng.model_dump_json())
    assert [copy.below(n) for _ in range(5)] == [rng.below(n) for _ in range(5)]
    assert all(0 <= rng.below(n) < n for _ in range(20))


def test_rng_fork_is_independent_of_parent_draws():
    a = Rng(seed=3)
    f1 = a.fork(1)
    a.below(10)
    assert a.fork(1) == f1


def test_random_choice_respects_bounds():
    prompt = Prompt(id="p", player="u1", text=T("x"), min=1, max=3,
                    options=[Option(key=str(i), label=T(str(i))) for i in range(6)])
    rng = Rng(seed=5)
    for _ in range(200):
        c = random_choice(prompt, rng)
        assert 1 <= len(c) <= 3 and len(set(c)) == len(c)


def test_illegal_action_carries_both_languages():
    e = IllegalAction("not_offered", T("Not offered.", "選択肢にありません。"))
    assert e.message("ja") == "選択肢にありません。" and e.message("en") == "Not offered."


def test_a_refused_choice_names_its_reason_and_changes_nothing():
    """Every way of answering wrongly is refused with its own code, in both languages."""
    from games import registry

    game = registry.get("sutosute")
    state = game.setup(["a", "b"], None, seed=1)
    before = state.model_dump_json()
    p = game.prompts(state)[0]
    other = "b" if p.player == "a" else "a"
    key = p.options[0].key
    cases = {
        "not_offered": (p.player, p.id, ["no-such-key"]),
        "duplicate_choice": (p.player, p.id, [key, key]),
        "no_such_prompt": (p.player, "no-such-prompt", [key]),
        "malformed": (p.player, p.id, [1]),
    }
    if not any(q.player == other and q.id == p.id for q in game.prompts(state)):
        cases["not_your_decision"] = (other, p.id, [key])
    for code, (player, prompt_id, choice) in cases.items():
        with pytest.raises(IllegalAction) as refused:
            game.apply(state, player, prompt_id, choice)
        assert refused.value.code == code
        assert refused.value.message("en") and refused.value.message("ja") != refused.value.message("en")
    assert state.model_dump_json() == before


# ---- the property checks catch what they promise to catch ----------------------------------

class ToyState(BaseState):
    hands: dict[str, list[str]]
    played: list[str] = []
    turn: int = 0


class ToyView(BaseModel):
    hand: list[str] | None
    played: list[str]


class Toy(Game[ToyState]):
    """Two players, two cards each, play one card per turn in order until 4 are played."""

    key = "toy"
    names = {"en": "Toy", "ja": "おもちゃ"}
    min_players = max_players = 2
    State = ToyState

    def _setup(self, players, options, rng):
        deck = [f"c{i}" for i in range(6)]
        rng.shuffle(deck)
        return ToyState(game=self.key, players=players, seed=rng.seed, rng=rng,
                        hands={players[0]: deck[:2], players[1]: deck[2:4]})

    def prompts(self, state):
        if len(state.played) >= 4:
            return []
        p = state.players[state.turn % 2]
        return [Prompt(id="play", player=p, text=T("Play a card."),
                       options=[Option(key=c, label=T(c)) for c in state.hands[p]])]

    def _apply(self, state, prompt, choice):
        state.hands[prompt.player].remove(choice[0])
        state.played.append(choice[0])
        state.turn += 1
        return [Event(kind="play", text=T(f"{prompt.player} plays."), data={"card": choice[0]})]

    def view(self, state, viewer):
        return ToyView(hand=state.hands.get(viewer), played=state.played)

    def hidden_ids(self, state, viewer):
        return {c for p, h in state.hands.items() if p != viewer for c in h}

    def outcome(self, state):
        if len(state.played) < 4:
            return None
        return Outcome(winners=[], ranking=[list(state.players)], summary=T("Done."))

    def render(self, view, lang="en"):
        return str(view.played)


class MutatesInput(Toy):
    """Draws from the input's RNG instead of the copy's: a realistic slip."""

    def apply(self, state, player, prompt_id, choice):
        new, events = super().apply(state, player, prompt_id, choice)
        state.rng.next64()
        return new, events


class ShowsAllHands(Toy):
    def view(self, state, viewer):
        return ToyView(hand=sum(state.hands.values(), []), played=state.played)


class TellsEveryoneTheDraw(Toy):
    def _apply(self, state, prompt, choice):
        events = super()._apply(state, prompt, choice)
        other = next(p for p in state.players if p != prompt.player)
        return events + [Event(kind="peek", text=T("Look."), data={"hand": state.hands[other]})]


class OffersABrokenOption(Toy):
    def prompts(self, state):
        return [p.model_copy(update={"options": [*p.options, Option(key="boom", label=T("boom"))]})
                for p in super().prompts(state)]

    def _apply(self, state, prompt, choice):
        if choice == ["boom"]:
            raise IllegalAction("boom", T("Boom.", "ドカン。"))
        return super()._apply(state, prompt, choice)


class StallsOnAnOption(Toy):
    def prompts(self, state):
        if state.turn < 0:
            return []
        return [p.model_copy(update={"options": [*p.options, Option(key="stall", label=T("stall"))]})
                for p in super().prompts(state)]

    def _apply(self, state, prompt, choice):
        if choice == ["stall"]:
            state.turn = -1
            return []
        return super()._apply(state, prompt, choice)


class AcceptsAnyone(Toy):
    def _find_prompt(self, state, player, prompt_id, prompts=None):
        return self.prompts(state)[0]


class DependsOnACounter(Toy):
    calls = 0

    def _apply(self, state, prompt, choice):
        DependsOnACounter.calls += 1
        events = super()._apply(state, prompt, choice)
        return events + [Event(kind="n", text=T(str(DependsOnACounter.calls)))]


def test_a_correct_game_passes_every_check():
    state, actions = check_random_game(Toy(), ["a", "b"], None, seed=3)
    assert len(actions) == 4 and Toy().outcome(state) is not None


@pytest.mark.parametrize("broken,message", [
    (MutatesInput, "mutated"),
    (ShowsAllHands, "hidden ids"),
    (TellsEveryoneTheDraw, "public event peek shows hidden ids"),
    (OffersABrokenOption, "offered choice ['boom']"),
    (StallsOnAnOption, "no prompts and no outcome"),
    (AcceptsAnyone, "accepted an illegal action"),
    (DependsOnACounter, "not deterministic"),
])
def test_the_checks_catch_a_broken_game(broken, message):
    with pytest.raises(AssertionError, match=re.escape(message)):
        check_random_game(broken(), ["a", "b"], None, seed=3)


def test_an_option_offered_to_someone_else_is_refused():
    game = Toy()
    state = game.setup(["a", "b"], None, 1)
    with pytest.raises(IllegalAction) as e:
        game.apply(state, "a", "play", [state.hands["b"][0]])
    assert e.value.code == "not_offered"
    with pytest.raises(IllegalAction) as e:
        game.apply(state, "b", "play", [state.hands["a"][0]])
    assert e.value.code == "not_your_decision"


def test_step_matches_apply_and_validates_first():
    """The fast path gives the same state as the copying `apply`, and a refused choice leaves
    the caller's state untouched."""
    from games import registry
    from games.kit import IllegalAction
    from games.kit.playout import random_choice
    from games.kit.rng import Rng

    for key in registry.KEYS:
        game = registry.get(key)
        low = game.player_range(game.Options())[0]
        players = [f"p{i}" for i in range(low)]
        copied = game.setup(players, None, seed=3)
        owned = game.setup(players, None, seed=3)
        rng = Rng(seed=5)
        for _ in range(40):
            prompts = game.prompts(owned)
            if not prompts:
                break
            p = prompts[0]
            before = owned.model_dump_json()
            with pytest.raises(IllegalAction):
                game.step(owned, p.player, p.id, ["no-such-option"], prompts)
            assert owned.model_dump_json() == before
            choice = random_choice(p, rng)
            copied, _ = game.apply(copied, p.player, p.id, choice)
            game.step(owned, p.player, p.id, choice, prompts)
            assert owned.model_dump_json() == copied.model_dump_json()


def test_one_option_per_identical_card_keeps_the_first_copy_of_each_in_order():
    from games.kit import one_per_identical
    cards = {"a": "trade", "b": "grow", "c": "trade", "d": "build", "e": "grow"}
    assert one_per_identical(["c", "a", "b", "e", "d"], cards.__getitem__) == ["c", "b", "d"]
    assert one_per_identical([], cards.__getitem__) == []


class CardMapState(BaseState):
    cards: dict[str, str]              # id -> kind, as most games keep them
    hands: dict[str, list[str]]


class CardsInHands(Game[CardMapState]):
    """Says only which cards a viewer sees (their hand); the kit derives what is hidden."""

    def visible_ids(self, state, viewer):
        return set(state.hands.get(viewer, []))


class OpenCards(Game[CardMapState]):
    """Says nothing about visibility: every card is visible to everyone."""


def test_hidden_ids_default_to_every_card_a_viewer_does_not_see():
    state = CardMapState(game="toy", players=["a", "b"], seed=0, rng=Rng(seed=0),
                         cards={"x": "spy", "y": "plain", "z": "plain"}, hands={"a": ["x"], "b": ["y"]})
    assert CardsInHands().hidden_ids(state, "a") == {"y", "z"}
    assert CardsInHands().hidden_ids(state, None) == {"x", "y", "z"}
    assert OpenCards().hidden_ids(state, "a") == set()
    assert OpenCards().resample(state, "a", Rng(seed=1)) is None  # nothing to redeal


def test_card_data_provenance_needs_a_reason_for_a_reconstruction():
    from pydantic import ValidationError

    from games.kit.provenance import Provenance
    assert Provenance(status="seed", ref="rulebook p. 2").reason is None
    with pytest.raises(ValidationError, match="needs a reason"):
        Provenance(status="reconstructed", ref="notes §3.3")
