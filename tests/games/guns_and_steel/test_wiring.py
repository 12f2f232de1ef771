"""The one list of what the engine looks up by name (`wiring.py`) is complete and unambiguous:
every card's effect, every task the engine pushes and every set option has exactly one handler,
and every handler a module defines is listed (a forgotten one would leave a card without its
effect or a step that crashes mid-game)."""
import importlib
import pkgutil
import re
import typing
from pathlib import Path

import pytest

import games.guns_and_steel as package
from games.guns_and_steel import effects, effects_base, flow, sets, wiring
from games.guns_and_steel.cards import all_cards
from games.guns_and_steel.state import Options

SOURCE = Path(package.__file__).parent
MODULES = [importlib.import_module(f"{package.__name__}.{m.name}") for m in pkgutil.iter_modules([str(SOURCE)])]


def test_every_card_effect_resolves_to_a_listed_effect():
    missing = {c.id: c.effect_kind for c in all_cards().values() if c.effect_kind not in effects.EFFECTS}
    assert missing == {}
    assert {c.effect_kind for c in all_cards().values()} == set(effects.EFFECTS), "an effect no card uses"
    assert effects.effect_of("cannon") is not None


def test_nothing_is_listed_twice():
    for table in (wiring.TASKS, wiring.EFFECTS, wiring.RULE_SETS):
        names = [name for name, _ in table]
        assert len(names) == len(set(names))
    handlers = [h for _, h in wiring.TASKS]
    assert len({id(h) for h in handlers}) == len(handlers), "one handler under two kinds"
    assert len({cls for _, cls in wiring.EFFECTS}) == len(wiring.EFFECTS), "one effect under two kinds"


def test_install_refuses_a_kind_listed_twice(monkeypatch):
    monkeypatch.setattr(wiring, "EFFECTS", (*wiring.EFFECTS, ("basic", effects_base.Choice)))
    with pytest.raises(ValueError, match="basic"):
        wiring.install()
    assert isinstance(effects.EFFECTS["basic"], effects_base.Basic)   # the tables were left alone


def test_the_tables_are_exactly_the_lists():
    assert list(flow.TASKS) == [k for k, _ in wiring.TASKS]
    assert {k: type(e) for k, e in effects.EFFECTS.items()} == dict(wiring.EFFECTS)
    assert {k: type(r) for k, r in sets.RULES.items()} == dict(wiring.RULE_SETS)
    assert flow.NEXT_TURN == [wiring.NEXT_TURN]


def test_every_set_option_has_its_rules():
    assert set(typing.get_args(Options.model_fields["set"].annotation)) == set(sets.RULES)
    assert [sets.rules_for(k).key for k in sets.RULES] == list(sets.RULES)


def test_every_task_the_engine_pushes_has_a_handler():
    pushed = {kind for path in SOURCE.glob("*.py") for kind in re.findall(r'\btask\("(\w+)"', path.read_text())}
    assert pushed and pushed - set(flow.TASKS) == set()
    assert set(flow.TASKS) - pushed == set(), "a listed task nothing pushes"


def test_every_handler_a_module_defines_is_listed():
    defined = {id(v): f"{m.__name__}.{name}" for m in MODULES for name, v in vars(m).items()
               if isinstance(v, flow.TaskHandler)}
    listed = {id(h) for _, h in wiring.TASKS}
    assert sorted(name for i, name in defined.items() if i not in listed) == []

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)
    unlisted = set(subclasses(effects.Effect)) - {cls for _, cls in wiring.EFFECTS}
    assert unlisted == {effects_base.Attack}        # the shared base of attack effects, not a card's


def test_every_card_value_has_the_kits_provenance():
    """Guns & Steel spells provenance inline ({value, prov, ref}); each one is the kit's model,
    and every reconstruction gives its reason."""
    from games.guns_and_steel import cards
    from games.kit.provenance import Provenance

    found = []
    for item in [*cards.all_cards().values(), *cards.all_wonders().values()]:
        for name in type(item).model_fields:
            value = getattr(item, name)
            if hasattr(value, "provenance"):
                found.append(value.provenance)
    assert len(found) > 500 and all(isinstance(p, Provenance) for p in found)
    assert all(p.reason for p in found if p.status == "reconstructed")
    assert {p.status for p in found} >= {"seed", "reconstructed"}
