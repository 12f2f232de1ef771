"""Errors the store raises, the same for every backend."""
from __future__ import annotations


class StoreError(Exception):
    """Base of every store error."""


class Conflict(StoreError):
    """A uniqueness rule of the schema refused a write (e.g. a second open table in a channel)."""


class StaleWrite(StoreError):
    """A compare-and-set lost: the row changed since it was read. The caller's view is out of date."""


class SchemaTooNew(StoreError):
    """The database was migrated by newer code than this one; refuse to touch it."""

    def __init__(self, found: int, known: int):
        super().__init__(f"database schema version {found} is newer than this code knows ({known}); "
                         "upgrade the bot before starting it on this database")
        self.found = found
        self.known = known


class Unavailable(StoreError):
    """The database could not be reached (down, restarting, connection dropped twice): the
    transaction did not happen, so nothing was changed and the caller may try again later."""
