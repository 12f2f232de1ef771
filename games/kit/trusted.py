"""Models built from values the engine made itself, without validating them again.

Random playouts and search build a prompt, a round record or a state field per action;
pydantic's validation (and its `model_construct`, slower still here) is most of that cost.
`trusted` does what `model_construct` does, minus its generic work: the caller passes every
field with the right type, and names the ones a validated call would have marked as set (so
`model_fields_set` and `model_dump(exclude_unset=True)` match).
Every game's engine uses these (one copy, here)."""
from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from .models import Option, Prompt
from .text import Text

M = TypeVar("M", bound=BaseModel)

_set = object.__setattr__
# pydantic's own slots, set through their descriptors (cheaper than a generic setattr).
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


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
                   window: Text | None = None, public: bool = False) -> Prompt:
    """Prompt(id=…, player=…, text=…, options=…[, window=…][, public=…]) for a one-option answer."""
    given = _PROMPT_GIVEN if window is None else _PROMPT_WINDOW
    return trusted(Prompt, {"id": prompt_id, "player": player, "text": text, "options": options,
                            "min": 1, "max": 1, "ordered": False, "window": window, "public": public},
                   given | {"public"} if public else given)


_TEXT_GIVEN = frozenset({"en", "ja"})


def fresh_text(en: str, ja: str) -> Text:
    """`Text(en=…, ja=…)` that is not kept in the shared cache of texts (`T`): for a sentence
    seldom said twice (a running total, a payment so far), which would only fill it up."""
    return trusted(Text, {"en": en, "ja": ja}, _TEXT_GIVEN)


def assign(model: BaseModel, values: dict[str, Any]) -> None:
    """`model.<name> = value` for each entry, as pydantic's __setattr__ does for a plain field
    (no assignment validation: store it, mark it set), in one step: a round that resets eight
    fields pays for one call instead of eight."""
    model.__dict__.update(values)
    model.__pydantic_fields_set__.update(values)


def put(model: BaseModel, name: str, value: Any) -> None:
    """`model.name = value` for a plain field of a model without assignment validation: what
    pydantic's own handler for that case does, without finding the handler first."""
    model.__dict__[name] = value
    model.__pydantic_fields_set__.add(name)


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
