"""Everything the Guns & Steel engine looks up by name, in one list: task kinds, effect kinds,
rule sets and the step that starts a turn.

The engine finds a task's handler by its kind (`flow.TASKS`), a card's effect by its
`effect.kind` (`effects.EFFECTS`; default the card id) and a set's rules by the `set` option
(`sets.RULES`). Modules only define handlers; nothing registers itself when imported.
`install()` (called once by `game.py`) copies these lists into those tables and refuses a name
listed twice. A new card effect, task or set is added here (see EXTENDING.md).
"""
from __future__ import annotations

from collections.abc import Callable

from . import (
    attack,
    effects,
    effects_base,
    effects_renaissance,
    effects_renaissance_others,
    flow,
    mixed_rules,
    purchase,
    rules_renaissance,
    sets,
    turn,
    wonders_base,
)
from .flow import Events, TaskHandler
from .state import State

# Task kind (the prompt id, ≤ 24 characters) -> handler, grouped by the module that defines it.
TASKS: tuple[tuple[str, TaskHandler], ...] = (
    # the turn: phases, end phase, recollection (turn.py)
    ("initial_resource", turn.INITIAL_RESOURCE_HANDLER),
    ("resource", turn.RESOURCE_HANDLER),
    ("progress", turn.PROGRESS_HANDLER),
    ("end", turn.END_HANDLER),
    ("turn_end", turn.TURN_END_HANDLER),
    ("recollect", turn.RECOLLECT_HANDLER),
    ("take_back", turn.TAKE_BACK_HANDLER),
    # purchase and payment (purchase.py)
    ("purchase", purchase.PURCHASE_HANDLER),
    ("pay", purchase.PAY_HANDLER),
    ("pay_pick", purchase.PAY_PICK_HANDLER),
    # attacks (attack.py)
    ("counter", attack.COUNTER_HANDLER),
    ("compare", attack.COMPARE_HANDLER),
    ("defend", attack.DEFEND_HANDLER),
    ("attack_end", attack.ATTACK_END_HANDLER),
    ("give_wonder", attack.GIVE_WONDER_HANDLER),
    # steps shared by effects (effects.py)
    ("effect", effects.EFFECT_HANDLER),
    ("replenish", effects.REPLENISH_HANDLER),
    ("deplete", effects.DEPLETE_HANDLER),
    ("play_more", effects.PLAY_MORE_HANDLER),
    ("pick_unit", effects.PICK_UNIT_HANDLER),
    # base effects' own steps (effects_base.py) and base wonders (wonders_base.py)
    ("ambush", effects_base.AMBUSH_HANDLER),
    ("pick_tech", effects_base.PICK_TECH_HANDLER),
    ("wonders", wonders_base.WONDERS_HANDLER),
    # Renaissance effects' steps (effects_renaissance.py, effects_renaissance_others.py)
    ("ren_replenish1", effects_renaissance.REN_REPLENISH1_HANDLER),
    ("ren_own_part", effects_renaissance.REN_OWN_PART_HANDLER),
    ("ren_film_take", effects_renaissance.REN_FILM_TAKE_HANDLER),
    ("ren_tribute", effects_renaissance_others.REN_TRIBUTE_HANDLER),
    ("ren_spy", effects_renaissance_others.REN_SPY_HANDLER),
    ("ren_press", effects_renaissance_others.REN_PRESS_HANDLER),
    ("ren_coup", effects_renaissance_others.REN_COUP_HANDLER),
    ("ren_exile", effects_renaissance_others.REN_EXILE_HANDLER),
    # the Renaissance honor check (rules_renaissance.py)
    ("ren_honor", rules_renaissance.REN_HONOR_HANDLER),
)

# Effect kind (a card's `effect.kind` in the data, default its id) -> effect class.
EFFECTS: tuple[tuple[str, type[effects.Effect]], ...] = (
    # base set and starting cards (effects_base.py)
    ("basic", effects_base.Basic),
    ("choice", effects_base.Choice),
    ("deplete_generate", effects_base.DepleteGenerate),
    ("attack_deplete", effects_base.AttackDeplete),
    ("attack_wonder", effects_base.AttackWonder),
    ("play_more", effects_base.PlayMore),
    ("reapply_unit", effects_base.ReapplyUnit),
    ("ambush", effects_base.Ambush),
    ("apply_tech", effects_base.ApplyTech),
    # Renaissance (effects_renaissance.py)
    ("ren_choice", effects_renaissance.RenChoice),
    ("share", effects_renaissance.Share),
    ("nationalism", effects_renaissance.Nationalism),
    ("space_race", effects_renaissance.SpaceRace),
    ("ceasefire", effects_renaissance.Ceasefire),
    ("film", effects_renaissance.Film),
    ("attack_vp", effects_renaissance.AttackVp),
    ("attack_deplete_vp", effects_renaissance.AttackDepleteVp),
    # Renaissance effects that pick another player's card (effects_renaissance_others.py)
    ("tribute", effects_renaissance_others.Tribute),
    ("espionage", effects_renaissance_others.Espionage),
    ("printing_press", effects_renaissance_others.PrintingPress),
    ("coup", effects_renaissance_others.Coup),
    ("exile", effects_renaissance_others.Exile),
)

# The `set` option -> its rules.
RULE_SETS: tuple[tuple[str, type[sets.BaseRules]], ...] = (
    ("base", sets.BaseRules),
    ("renaissance", rules_renaissance.RenaissanceRules),
    ("mixed", mixed_rules.MixedRules),
)

# Runs when the task stack is empty: the next player's turn.
NEXT_TURN: Callable[[State, Events], None] = turn.start_turn


def _unique(kind: str, names: list[str]) -> None:
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"guns-and-steel: {kind} listed twice: {', '.join(repeated)}")


def install() -> None:
    """Fill the engine's lookup tables from the lists above (again: the same result)."""
    _unique("task kinds", [k for k, _ in TASKS])
    _unique("effect kinds", [k for k, _ in EFFECTS])
    _unique("rule sets", [k for k, _ in RULE_SETS])
    too_long = [k for k, _ in TASKS if len(k) > 24]
    if too_long:
        raise ValueError(f"guns-and-steel: task kinds longer than 24 characters: {too_long}")
    flow.TASKS.clear()
    flow.TASKS.update(TASKS)
    flow.NEXT_TURN[:] = [NEXT_TURN]
    effects.EFFECTS.clear()
    effects.EFFECTS.update((k, cls()) for k, cls in EFFECTS)
    sets.RULES.clear()
    sets.RULES.update((k, cls()) for k, cls in RULE_SETS)
    for key, rules in sets.RULES.items():
        if rules.key != key:
            raise ValueError(f"guns-and-steel: rule set {key!r} says its key is {rules.key!r}")
