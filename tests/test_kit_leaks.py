"""The kit's hidden-information check (games/kit/leaks.py) catches each way a game can give a
hidden card away without ever naming it: a window asked only of those who can answer, a log
line that only some hands produce, a step that shows in the public view."""
import pytest
from pydantic import BaseModel

from games.kit import BaseState, Event, Game, Option, Outcome, Prompt, T
from games.kit.leaks import check_hidden_info
from games.kit.redeal import deal_within


class SecretState(BaseState):
    cards: dict[str, str]                  # id -> "spy" | "plain"
    hands: dict[str, list[str]]
    deck: list[str]
    played: list[str] = []
    asked: bool = False                    # the counter window for this turn is done


class SecretView(BaseModel):
    hand: list[str] | None
    hand_sizes: dict[str, int]
    played: list[str]


class Secret(Game[SecretState]):
    """Two players play three cards each; before each play the other player may 'counter'
    with a spy. This version asks everyone who holds a card (fair)."""

    key = "secret"
    names = {"en": "Secret", "ja": "秘密"}
    min_players = max_players = 2
    State = SecretState

    def _setup(self, players, options, rng):
        kinds = ["spy", "plain", "plain", "spy", "plain", "plain", "plain", "spy"]
        ids = [f"k{i}" for i in range(len(kinds))]
        rng.shuffle(kinds)
        cards = dict(zip(ids, kinds, strict=True))
        return SecretState(game=self.key, players=players, seed=rng.seed, rng=rng, cards=cards,
                           hands={players[0]: ids[:3], players[1]: ids[3:6]}, deck=ids[6:])

    def active(self, state):
        return state.players[len(state.played) % 2]

    def other(self, state):
        return state.players[(len(state.played) + 1) % 2]

    def window_open(self, state):
        return bool(state.hands[self.other(state)])

    def prompts(self, state):
        if not state.hands[self.active(state)]:
            return []
        if not state.asked and self.window_open(state):
            o = self.other(state)
            spies = [c for c in state.hands[o] if state.cards[c] == "spy"]
            return [Prompt(id="counter", player=o, text=T("Counter window: counter?"),
                           options=[*(Option(key=c, label=T("Spy")) for c in spies[:1]),
                                    Option(key="none", label=T("No"), passes=True)])]
        p = self.active(state)
        return [Prompt(id="play", player=p, text=T("Play a card."),
                       options=[Option(key=c, label=T(state.cards[c])) for c in state.hands[p]])]

    def _apply(self, state, prompt, choice):
        if prompt.id == "counter":
            state.asked = True
            if choice[0] == "none":
                return [Event(kind="counter", text=T(f"{prompt.player} does not counter."))]
            state.hands[prompt.player].remove(choice[0])
            state.played.append(choice[0])
            return [Event(kind="counter", text=T(f"{prompt.player} counters with a spy."))]
        state.hands[prompt.player].remove(choice[0])
        state.played.append(choice[0])
        state.asked = False
        return [Event(kind="play", text=T(f"{prompt.player} plays {state.cards[choice[0]]}."))]

    def view(self, state, viewer):
        return SecretView(hand=state.hands.get(viewer), hand_sizes={p: len(h) for p, h in state.hands.items()},
                          played=[state.cards[c] for c in state.played])

    def hidden_ids(self, state, viewer):
        return {c for p, h in state.hands.items() if p != viewer for c in h} | set(state.deck)

    def resample(self, state, viewer, rng, keep=frozenset()):
        alt = state.model_copy(deep=True)
        alt.cards.update(deal_within([sorted(self.hidden_ids(state, viewer))], state.cards.get, rng, keep=keep))
        return alt

    def outcome(self, state):
        if self.prompts(state):
            return None
        return Outcome(winners=[], ranking=[list(state.players)], summary=T("Done."))

    def render(self, view, lang="en"):
        return str(view)


class AsksOnlySpies(Secret):
    """A bug seen before: the window opened only for a player who held a spy."""

    def window_open(self, state):
        return any(state.cards[c] == "spy" for c in state.hands[self.other(state)])


class LogsNoSpy(Secret):
    """A log line that only some hands produce."""

    def _apply(self, state, prompt, choice):
        events = super()._apply(state, prompt, choice)
        if prompt.id == "play" and not any(state.cards[c] == "spy" for c in state.hands[prompt.player]):
            events.append(Event(kind="note", text=T(f"{prompt.player} has no spy left.")))
        return events


class ShowsSpyCount(Secret):
    """The public view counts everyone's spies (a number, never a card id)."""

    def view(self, state, viewer):
        v = super().view(state, viewer)
        v.hand_sizes = {p: sum(state.cards[c] == "spy" for c in h) for p, h in state.hands.items()}
        return v


def test_a_fair_game_passes():
    for seed in range(20):
        check_hidden_info(Secret(), ["a", "b"], None, seed, samples=2)


@pytest.mark.parametrize("leaky,words", [(AsksOnlySpies, "prompts"), (LogsNoSpy, "events"),
                                         (ShowsSpyCount, "view")])
def test_each_way_of_giving_a_card_away_is_caught(leaky, words):
    with pytest.raises(AssertionError) as e:
        for seed in range(20):
            check_hidden_info(leaky(), ["a", "b"], None, seed, samples=2)
    assert words in str(e.value)


def test_a_game_that_hides_cards_must_say_how_to_resample_them():
    class NoResampler(Secret):
        resample = Game.resample
    with pytest.raises(NotImplementedError):
        check_hidden_info(NoResampler(), ["a", "b"], None, 1)


class OffersTheirCard(Secret):
    """The play prompt also offers to play the other player's first hand card, by its id."""

    def prompts(self, state):
        out = super().prompts(state)
        theirs = state.hands[self.other(state)]
        if out and out[0].id == "play" and theirs:
            out[0] = out[0].model_copy(update={"options": [*out[0].options, Option(key=theirs[0], label=T("Theirs"))]})
        return out


def test_the_property_check_scans_prompts_for_hidden_card_ids():
    from games.kit.checks import check_random_game
    check_random_game(Secret(), ["a", "b"], None, seed=1)  # the fair game passes
    with pytest.raises(AssertionError, match="prompt play shows"):
        check_random_game(OffersTheirCard(), ["a", "b"], None, seed=1)
