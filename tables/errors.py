"""The one error the table service raises: a refusal the front end shows to the user."""
from __future__ import annotations

from typing import Any

from .i18n import t

CODES = (
    "not_found", "channel_busy", "too_many_tables", "not_host", "not_seated", "already_seated", "table_full",
    "wrong_player_count", "not_lobby", "not_running", "out_of_date", "illegal", "no_random_seats",
    # additive (see docs/table-service.md)
    "unknown_game", "bad_option", "bad_setting", "channel_not_allowed", "not_admin", "not_finished", "not_cpu",
    "bad_level", "not_here", "undo_refused",
    # time away, private tables and following
    "away_refused", "private_table", "follow_refused",
    # tables in a DM or group DM between people: two seats at most
    "dm_two_players",
    # hints and guided games
    "hint_refused",
)


class TableError(Exception):
    """`key` is a catalogue key (tables/messages.json); `params` fill it.
    For `illegal`, `params["text"]` is the rules' own bilingual Text and `params["code"]`
    the IllegalAction code (e.g. "not_your_decision")."""

    def __init__(self, code: str, key: str | None = None, params: dict[str, Any] | None = None):
        assert code in CODES, code
        self.code = code
        self.key = key or f"service.error.{code}"
        self.params = dict(params or {})
        super().__init__(f"{code}: {self.message('en')}")

    def message(self, lang: str = "en") -> str:
        """The refusal in `lang`, ready to show."""
        text = self.params.get("text")
        if self.code == "illegal" and text is not None:
            return t(self.key, lang, reason=text.get(lang))
        return t(self.key, lang, **{k: v for k, v in self.params.items() if k != "text"})


def refuse(code: str, **params: Any) -> TableError:
    return TableError(code, params=params)
