"""Building and changing the engine's own pydantic models without pydantic's per-call work.

The hot path (playouts, search) builds a task, a prompt, a field card or a turn record and
sets a few state fields on nearly every action. The values are ones the engine made itself
with the right types, so validating them again buys nothing; these helpers give exactly
what pydantic would (the same `__dict__`, the same set of fields marked as set).
"""
from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
# pydantic's own slots, set through their descriptors (cheaper than a generic setattr).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def trusted(cls: type[M], fields: dict[str, Any], given: frozenset[str]) -> M:
    """A model from values the engine built itself (what `model_construct` does, minus its
    generic work). `fields` becomes the model's `__dict__`: every field, in declaration
    order; `given` is what a validated call would have marked as set."""
    obj = _new(cls)
    _set_dict(obj, fields)
    _set_fields_set(obj, set(given))
    _set_extra(obj, None)
    _set_private(obj, None)
    return obj


def put(model: BaseModel, name: str, value: Any) -> None:
    """`model.name = value` for a plain field of a model without assignment validation: what
    pydantic's own handler for that case does, without finding the handler first."""
    model.__dict__[name] = value
    model.__pydantic_fields_set__.add(name)
