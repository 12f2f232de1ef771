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


class Cited(BaseModel):
    """The same provenance spelled inline beside a value (`{value, prov, ref}`), for data files
    with hundreds of values (Guns & Steel): `prov` is the status, and a reconstruction's `ref`
    carries its reason. `provenance` gives the one model above."""

    prov: Status
    ref: str = ""

    @model_validator(mode="after")
    def _reason_for_inline_reconstructions(self) -> Cited:
        if self.prov == "reconstructed" and not self.ref:
            raise ValueError("a reconstructed value needs a reason in its ref")
        return self

    @property
    def provenance(self) -> Provenance:
        reason = self.ref if self.prov == "reconstructed" else None
        return Provenance(status=self.prov, ref=self.ref or "-", reason=reason)


class Valued(BaseModel):
    """One number of the rules and where it comes from."""

    value: int
    provenance: Provenance
