"""The kit's one module that steps around pydantic's validation, for the engine's hot paths.

Games write plain pydantic code: their state models derive from `StateModel` (`BaseState` does),
whose field assignment is a dict store, and they build their own models with their own
constructors. What they may take from here is the kit's constructors of the kit's own models
for values the rules made themselves (`trusted_prompt`, `trusted_option`, `trusted_event`,
`fresh_text`) and `clone`, a deep copy for rollouts. `trusted` itself does what
`model_construct` does, minus its generic work: every field with the right type, and the ones a
validated call would have marked as set (so `model_fields_set` and
`model_dump(exclude_unset=True)` match). tests/test_kit_confinement.py keeps it so."""
from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from .models import Event, Option, Prompt
from .text import Text

M = TypeVar("M", bound=BaseModel)

_set = object.__setattr__
# pydantic's own slots, set through their descriptors (cheaper than a generic setattr).
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


class StateModel(BaseModel):
    """The base of a game's mutable state models (`BaseState` is one). `model.field = value`
    stores the value in the instance's dict, as Python does for any object, instead of going
    through pydantic's __setattr__: that is a Python-level call, a few thousand machine
    instructions, and the rules set fields on every action. What pydantic would add is not
    needed here: these models neither validate assignments nor have private attributes, and
    nothing reads which of their fields count as set (their JSON holds every field). A name
    that is not a field is not refused on assignment; tests/test_state_fields.py plays random
    games of every game and mode and finds any such name in their states. Frozen models and
    models that validate assignments cannot use it (refused when the class is made)."""

    __setattr__ = object.__setattr__

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if cls.model_config.get("frozen") or cls.model_config.get("validate_assignment"):
            raise TypeError(f"{cls.__name__}: a StateModel is neither frozen nor validates assignments")
        if cls.__private_attributes__:
            raise TypeError(f"{cls.__name__}: a StateModel has no private attributes")


def trusted(cls: type[M], fields: dict[str, Any], given: frozenset[str]) -> M:
    """`cls(**fields)` for values already of the right types: `fields` holds every field
    (defaults too, in declaration order); `given` the ones the call would have passed."""
    obj = cls.__new__(cls)
    _set(obj, "__dict__", fields)
    _set_fields_set(obj, set(given))
    _set_extra(obj, None)
    _set_private(obj, None)
    return obj


_PROMPT_GIVEN = frozenset({"id", "player", "text", "options"})
_PROMPT_WINDOW = frozenset({"id", "player", "text", "options", "window"})


def trusted_prompt(prompt_id: str, player: str, text: Text, options: list[Option],
                   window: Text | None = None, public: bool = False, low: int = 1, high: int = 1) -> Prompt:
    """Prompt(id=…, player=…, text=…, options=…[, window=…][, public=…][, min=low, max=high])."""
    given = _PROMPT_GIVEN if window is None else _PROMPT_WINDOW
    if public:
        given = given | {"public"}
    if low != 1 or high != 1:
        given = given | {"min", "max"}
    return trusted(Prompt, {"id": prompt_id, "player": player, "text": text, "options": options,
                            "min": low, "max": high, "ordered": False, "window": window, "public": public}, given)


_EVENT_GIVEN = frozenset({"kind", "text", "to", "data"})


def trusted_event(kind: str, text: Text, to: list[str] | None, data: dict[str, Any]) -> Event:
    """Event(kind=…, text=…, to=…, data=…) for values the rules made themselves."""
    return trusted(Event, {"kind": kind, "text": text, "to": to, "data": data}, _EVENT_GIVEN)


_OPTION_GIVEN = frozenset({"key", "label", "detail", "group"})


def trusted_option(key: str, label: Text, detail: Text | None = None, group: str | None = None) -> Option:
    """Option(key=…, label=…, detail=…, group=…) for values the rules made themselves."""
    return trusted(Option, {"key": key, "label": label, "detail": detail, "group": group,
                            "passes": False, "goes_back": False}, _OPTION_GIVEN)


_TEXT_GIVEN = frozenset({"en", "ja"})


def fresh_text(en: str, ja: str) -> Text:
    """`Text(en=…, ja=…)` that is not kept in the shared cache of texts (`T`): for a sentence
    seldom said twice (a running total, a payment so far), which would only fill it up."""
    return trusted(Text, {"en": en, "ja": ja}, _TEXT_GIVEN)


_ATOMS = frozenset({str, int, float, bool, type(None)})


def clone(model: M) -> M:
    """A deep copy of `model` for search and rollouts, several times cheaper than
    `model_copy(deep=True)`: values are copied structurally (lists, dicts, tuples, nested
    models), strings and numbers and frozen models are shared; which fields count as set is
    kept. For game states: models made of plain values, containers and other models."""
    obj = type(model).__new__(type(model))
    _set(obj, "__dict__", {k: _copy(v) for k, v in model.__dict__.items()})
    _set_fields_set(obj, set(model.__pydantic_fields_set__))
    _set_extra(obj, None if model.__pydantic_extra__ is None else dict(model.__pydantic_extra__))
    _set_private(obj, None if model.__pydantic_private__ is None else dict(model.__pydantic_private__))
    return obj


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [v if type(v) in _ATOMS else _copy(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copy(v) for k, v in value.items()}
    if kind is tuple:
        return tuple([v if type(v) in _ATOMS else _copy(v) for v in value])
    if isinstance(value, BaseModel):
        return value if value.model_config.get("frozen") else clone(value)
    if kind is set:
        return set(value)
    raise TypeError(f"clone cannot copy a {kind.__name__}")
