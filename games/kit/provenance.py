"""Where a card-data value comes from: one model for every game's cards.json.

The rulebooks do not print everything, so every value says how we know it: `seed` (printed in
the rulebook), `source` (read off a card or another published source) or `reconstructed`
(inferred or designed; `reason` then says why it reads so). `ref` names the passage, card or
notes section. An owner of the physical cards corrects the data file, not the code.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, model_validator

Status = Literal["seed", "source", "reconstructed"]


class Provenance(BaseModel):
    status: Status
    ref: str
    reason: str | None = None

    @model_validator(mode="after")
    def _reason_for_reconstructions(self) -> Provenance:
        if self.status == "reconstructed" and not self.reason:
            raise ValueError("a reconstructed value needs a reason")
        return self


class Valued(BaseModel):
    """One number of the rules and where it comes from."""

    value: int
    provenance: Provenance
