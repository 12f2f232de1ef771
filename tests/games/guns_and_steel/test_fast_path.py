"""The per-action shortcuts build exactly what the validated models would: a task, prompt or
event from `flow` equals (and dumps like) one built with validation, shared objects are only
those nothing changes, and the memoised pyramid offers follow each game's own cards."""
from games.guns_and_steel import GAME, flow, pyramid
from games.guns_and_steel.state import Task
from games.kit import Event, Option, Prompt, T


def _same(fast, slow) -> None:
    assert fast == slow
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.model_dump(exclude_unset=True) == slow.model_dump(exclude_unset=True)
    assert fast.model_dump_json() == slow.model_dump_json()


def test_tasks_prompts_and_events_equal_validated_ones():
    _same(flow.task("pay", "a", src="c01"), Task(kind="pay", player="a", data={"src": "c01"}))
    _same(flow.task("end", "a"), Task(kind="end", player="a", data={}))
    options = [Option(key="x", label=T("X", "エックス"))]
    text = T("Pick", "選択")
    _same(flow.make_prompt(flow.task("deplete", "b"), text, options, 0, 1, window=T("w", "窓")),
          Prompt(id="deplete", player="b", text=text, options=options, min=0, max=1, window=T("w", "窓")))
    events: list[Event] = []
    flow.say(events, "buy", "a buys", "aは購入", card="cannon")
    flow.say_text(events, "turn", text, to=["a"])
    _same(events[0], Event(kind="buy", text=T("a buys", "aは購入"), to=None, data={"card": "cannon"}))
    _same(events[1], Event(kind="turn", text=text, to=["a"], data={}))


def test_a_prompt_owns_its_option_list():
    options = [Option(key="x", label=T("X", "X"))]
    prompt = flow.make_prompt(flow.task("deplete", "b"), T("t", "t"), options)
    options.append(Option(key="y", label=T("Y", "Y")))
    assert [o.key for o in prompt.options] == ["x"]


def test_tasks_of_plain_values_are_shared_and_others_built_fresh():
    assert flow.task("end", "a") is flow.task("end", "a")
    assert flow.task("pay", "a", src="c01") is flow.task("pay", "a", src="c01")
    assert flow.task("pay", "a", src="c01") is not flow.task("pay", "b", src="c01")
    assert flow.task("pay", "a", ids=["c01"]) is not flow.task("pay", "a", ids=["c01"])   # a list: fresh
    one, true = flow.task("gain", "a", n=1), flow.task("gain", "a", n=True)               # equal, not the same
    assert one.model_dump_json() != true.model_dump_json()
    _same(one, Task(kind="gain", player="a", data={"n": 1}))
    _same(true, Task(kind="gain", player="a", data={"n": True}))


def test_no_rule_changes_a_task_once_pushed():
    """Shared tasks are safe only while nothing changes a task: random games of every set and
    player count, each task seen on the stack compared at the end with how it was pushed."""
    from games.kit import Rng
    from games.kit.playout import random_choice
    for seed in range(3):
        for options in ({"set": "base"}, {"set": "renaissance"}, {"set": "mixed"}):
            for players in (2, 3, 4):
                state = GAME.setup([f"p{i}" for i in range(players)], options, seed)
                rng, seen = Rng(seed=seed), {}
                prompts = GAME.prompts(state)
                while prompts:
                    for t in state.tasks:
                        seen.setdefault(id(t), (t, t.model_dump_json()))
                    prompt = prompts[rng.below(len(prompts))]
                    prompts = GAME.play_offered(state, prompt, random_choice(prompt, rng))
                assert seen and all(t.model_dump_json() == pushed for t, pushed in seen.values())


def test_memoised_offers_follow_each_games_cards():
    a = GAME.setup(["p0", "p1", "p2"], {"set": "base"}, 1)
    b = a.model_copy(deep=True)
    ids = [c for row in b.pyramid.values() for c in row if c]
    keys = [b.cards[c] for c in ids]
    b.cards.update(zip(ids, keys[1:] + keys[:1], strict=True))     # the same ids dealt to other cards
    offers_a = {s.key: s.card for s in pyramid.pyramid_sources(a)}
    offers_b = {s.key: s.card for s in pyramid.pyramid_sources(b)}
    assert offers_a.keys() == offers_b.keys()
    assert all(offers_a[k] == a.cards[k] for k in offers_a) and all(offers_b[k] == b.cards[k] for k in offers_b)
    assert offers_a != offers_b


def test_offered_cards_are_exactly_the_payable_ones():
    """The purchase prompt's shortcuts (too few units, a pool that covers the cost) offer the
    same cards as asking the payment search of every card."""
    from games.guns_and_steel import payment, purchase
    from games.kit import Rng
    rng = Rng(seed=7)
    for seed in range(4):
        state = GAME.setup(["p0", "p1", "p2"], {"set": ("base", "renaissance", "mixed")[seed % 3]}, seed)
        offers = purchase._offers(state)
        for _ in range(150):
            pool = tuple(rng.below(4) if rng.below(2) else 0 for _ in range(7))
            got = purchase._payable_offers(pool, offers)
            want = tuple(s for s in offers.sources if payment.payable(pool, purchase._cost(s.card), s.extra))
            assert got == want, pool


def test_automatic_payment_is_the_best_of_every_choice():
    """The automatic payment (fewest cards, then cheapest kinds, then fewest conversions) found
    by stopping at the first card count that pays equals the best over every choice."""
    from itertools import product

    from games.guns_and_steel import payment
    from games.kit import Rng
    rng = Rng(seed=3)
    for _ in range(300):
        base = tuple(rng.below(3) if rng.below(3) == 0 else 0 for _ in range(7))
        held = tuple(rng.below(4) if rng.below(2) else 0 for _ in range(7))
        need = tuple(rng.below(3) if rng.below(3) == 0 else 0 for _ in range(7))
        extra = rng.below(3)
        best = None
        for counts in product(*(range(n + 1) for n in held)):
            pool = tuple(b + c for b, c in zip(base, counts, strict=True))
            conv = payment.min_conversions(pool, need, extra)
            if conv is not None:
                key = (sum(counts), sum(n * (i + 1) for i, n in enumerate(counts)), conv)
                if best is None or key < best[0]:
                    best = (key, {k: n for k, n in zip(payment.ENERGIES, counts, strict=True) if n})
        plan = payment.planned(base, held, need, extra)
        assert (plan is None) == (best is None)
        if plan is not None:
            assert (dict(plan[0]), plan[1]) == (best[1], best[0][2])


def test_connected_below_counts_match_a_walk_down_the_pyramid():
    from games.kit import Rng
    rng = Rng(seed=5)
    for _ in range(300):
        shape = tuple(tuple(rng.below(5) < 3 for _ in range(n)) for n in (7, 6, 5, 4, 3))
        for r, row in enumerate(shape):
            for i in range(len(row)):
                seen, frontier = set(), [(r, i)]
                while frontier:
                    rr, ii = frontier.pop()
                    for j in (ii, ii + 1):
                        if rr > 0 and j < len(shape[rr - 1]) and shape[rr - 1][j] and (rr - 1, j) not in seen:
                            seen.add((rr - 1, j))
                            frontier.append((rr - 1, j))
                assert pyramid._extras(shape)[r][i] == len(seen)


def test_the_kept_offers_always_match_offers_computed_afresh():
    """`purchase._offers` keeps the last table's offers and checks them against the state it is
    asked about. Over random games of every set, with two games asked about in turn (so the
    kept entry keeps changing hands), every purchase prompt equals the one built with nothing
    kept, and the kept offers equal the set rules' own."""
    from games.guns_and_steel import purchase
    from games.guns_and_steel.sets import rules_for
    from games.kit import Rng, random_choice
    for seed, set_key in enumerate(("base", "renaissance", "mixed")):
        games = [GAME.setup(["p0", "p1", "p2"], {"set": set_key}, seed * 10 + k) for k in range(2)]
        rngs = [Rng(seed=seed * 10 + k) for k in range(2)]
        for step in range(400):
            state, rng = games[step % 2], rngs[step % 2]
            prompts = GAME.prompts(state)
            if not prompts:
                continue
            assert purchase._offers(state).sources == rules_for(state).sources(state)
            kept = prompts
            purchase._LAST[0] = None                    # nothing kept: computed afresh
            assert GAME.prompts(state) == kept, (set_key, step)
            p = prompts[0]
            GAME.step(state, p.player, p.id, random_choice(p, rng))


def test_the_kept_offers_notice_a_table_changed_in_place():
    """A change made to the state itself, not through the rules (a test, a resample), is
    noticed: a card bought off the pyramid, and ids dealt to other cards."""
    from games.guns_and_steel import purchase
    from games.guns_and_steel.sets import rules_for
    state = GAME.setup(["p0", "p1", "p2"], {"set": "mixed"}, 3)
    first = purchase._offers(state).sources
    cid = next(c for c in state.pyramid["horse"] if c)
    pyramid.remove(state, cid)                                  # the same list, changed in place
    assert cid not in purchase._offers(state).by_key
    assert purchase._offers(state).sources == rules_for(state).sources(state) != first
    offered = [s.key for s in purchase._offers(state).sources]
    a, b = offered[0], offered[1]
    state.cards[a], state.cards[b] = state.cards[b], state.cards[a]  # two offered ids swap cards
    assert purchase._offers(state).sources == rules_for(state).sources(state)
    assert purchase._offers(state).by_key[a].card == state.cards[a]
    top = state.piles["gunpowder"][0]
    state.piles["gunpowder"].pop(0)                             # a research pile's top taken
    assert top not in purchase._offers(state).by_key
    assert purchase._offers(state).sources == rules_for(state).sources(state)


def test_paying_without_conversion_is_what_the_search_finds():
    """The shortcut the purchase prompt and the automatic payment take before the payment
    search: wherever it says "no conversion needed", the search finds 0 conversions."""
    from games.guns_and_steel import payment
    from games.kit import Rng
    rng = Rng(seed=11)
    said = 0
    for _ in range(20000):
        pool = tuple(rng.below(4) if rng.below(2) else 0 for _ in range(7))
        need = tuple(rng.below(3) if rng.below(3) == 0 else 0 for _ in range(7))
        extra = rng.below(4)
        if payment.paid_without_conversion(pool, need, extra):
            said += 1
            assert payment.min_conversions(pool, need, extra) == 0, (pool, need, extra)
    assert said > 1000
