"""What a front end draws of one table version, worked out once: the read model.

A front end never parses a table's state, asks the rules for prompts or views, or knows which
game it shows: it asks `read(table)` and draws what that hands back. The state JSON of a table
version is parsed once and its open prompts, outcome and chains are worked out once, however
many hands, boards, pictures and alt texts a move redraws (a move used to parse it three times
or more and ask for the prompts again for every hand). A view is worked out afresh for each
caller, who may change the one it is given.

Hidden information stays with its viewer: the read model hands out one viewer's view, the
decisions that viewer owes and the lines the game says to them (`Sight`), and of everyone
else's decisions only what the table shows anyway: who owes one, its id and its public
window name (`Decision`), and the prompts the game marks public. The state itself is never
handed out.

What the table's log and clock add to a version (`Latest`: the last moves as the channel sees
them, whether a viewer may take their move back, the turn deadlines) comes with the read the
service builds (`TableService.read`), so a redraw after a move asks the service once; a bare
`read(table)` knows none of it.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from threading import Lock
from typing import Any

from pydantic import BaseModel

from games import registry
from games.kit import Game, Outcome, Prompt, Text
from games.kit.alt import board_alt, hand_alt
from persistence.models import GivenHint, LogEntry, Table

from .chains import Chain, chains
from .hints import current_hint

KEEP = 256  # table versions whose parsed state is kept (the tables being played now)
RECENT = 3  # the last moves a board or hand shows


@dataclass(frozen=True)
class Decision:
    """One open decision as everyone at the table may know it: whose it is, which kind (the
    prompt id) and the window's public name. Its text and options are its owner's alone (a
    prompt may count its owner's face-down cards)."""

    player: str
    prompt_id: str
    window: Text | None
    public: bool


@dataclass(frozen=True)
class Sight:
    """What one viewer sees and owes at one table version (viewer None: the public channel,
    which owes nothing): their view, their open decisions, and the game's lines for them beside
    the board (`Game.status_lines`, `Game.notes`)."""

    viewer: str | None
    view: BaseModel
    owed: list[Prompt]
    status: list[Text]
    notes: list[Text]


@dataclass(frozen=True)
class Latest:
    """What the table's log and clock add to a version, as everyone may know it: the last
    moves as the public channel sees them (events hidden from it dropped, choices blanked),
    the move in play that made this version without its choice and events, the one person who
    may take that move back (None: nobody), and each seat's turn deadline (epoch seconds)."""

    recent: tuple[LogEntry, ...] = ()
    last: LogEntry | None = None
    undoer: str | None = None
    deadlines: dict[str, float] = field(default_factory=dict)


NOTHING_LATER = Latest()


@dataclass(eq=False)
class _Parsed:
    """One stored state, parsed, with what has been worked out from it so far."""

    game: Game[Any, Any]
    state: Any
    _prompts: list[Prompt] | None = None
    _outcome: tuple[Outcome | None] | None = None
    _chains: dict[str, list[Chain]] = field(default_factory=dict)
    _alts: dict[tuple[str | None, str], str] = field(default_factory=dict)

    def prompts(self) -> list[Prompt]:
        if self._prompts is None:
            self._prompts = self.game.prompts(self.state)
        return self._prompts

    def outcome(self) -> Outcome | None:
        if self._outcome is None:
            self._outcome = (self.game.outcome(self.state),)
        return self._outcome[0]

    def view(self, viewer: str | None) -> BaseModel:
        """A fresh view each time: a view handed out is the caller's own (a picture drawn from
        a view that another draw had changed went wrong), so views are not shared."""
        return self.game.view(self.state, viewer)

    def alt(self, viewer: str | None, lang: str) -> str:
        """The alt text of `viewer`'s picture (None: the board's), worked out once per version:
        the board and a hand are redrawn, and their alt texts asked for, many times a version."""
        found = self._alts.get((viewer, lang))
        if found is None:
            found = self._alts[(viewer, lang)] = (board_alt(self.game, self.state, lang) if viewer is None
                                                  else hand_alt(self.game, self.state, viewer, lang))
        return found

    def chains(self, player: str) -> list[Chain]:
        found = self._chains.get(player)
        if found is None:
            found = self._chains[player] = chains(self.game, self.state, player)
        return found


_parsed: OrderedDict[tuple[str, str], _Parsed] = OrderedDict()
_lock = Lock()  # pictures are drawn on other threads


def _parse(game: Game[Any, Any], state_json: str) -> _Parsed:
    """The parsed state of this JSON (the same string object while the service holds the table,
    so the key's hash is computed once), from the cache when it was parsed before."""
    key = (game.key, state_json)
    with _lock:
        found = _parsed.get(key)
        if found is not None:
            _parsed.move_to_end(key)
            return found
    found = _Parsed(game, game.load_state(state_json))
    with _lock:
        _parsed[key] = found
        while len(_parsed) > KEEP:
            _parsed.popitem(last=False)
    return found


class TableRead:
    """The read model of one table version: built by `read(table)`."""

    __slots__ = ("table", "game", "_parsed", "latest")

    def __init__(self, table: Table, game: Game[Any, Any], parsed: _Parsed | None,
                 latest: Latest = NOTHING_LATER) -> None:
        self.table = table
        self.game = game
        self._parsed = parsed
        self.latest = latest

    @property
    def recent(self) -> list[LogEntry]:
        """The last moves, oldest first, as the public channel sees them: events hidden from
        it dropped and every choice blanked (a choice key may name a face-down card)."""
        return list(self.latest.recent)

    @property
    def last_move(self) -> LogEntry | None:
        """The move in play that made this version, without its choice and events (whose it
        was, its place in the log, whether the rules let it be taken back); None before the
        first move, or when the log has moved past this version."""
        return self.latest.last

    def undo_offered(self, viewer: str | None) -> bool:
        """Whether `viewer` may take back the move that made this version (what
        `TableService.undo_offer` says while the table is at it): whether their hand drawn for
        this version shows an Undo button."""
        return viewer is not None and viewer == self.latest.undoer

    @property
    def deadlines(self) -> dict[str, float]:
        """Each seat's turn deadline (epoch seconds); a seat without one is not listed."""
        return dict(self.latest.deadlines)

    def deadline(self, players: list[str] | None = None) -> float | None:
        """The soonest turn deadline of `players` (default: everyone who owes a decision now),
        None when none of them has one."""
        who = self.owing if players is None else players
        return min((self.latest.deadlines[p] for p in who if p in self.latest.deadlines), default=None)

    @property
    def has_state(self) -> bool:
        """Whether the game has started (a lobby has no state; a finished game keeps its last)."""
        return self._parsed is not None

    @property
    def running(self) -> bool:
        """Whether moves are taken now: a running table, its game not over."""
        return self._parsed is not None and self.table.status == "running" and self.outcome is None

    @property
    def outcome(self) -> Outcome | None:
        """The game's result by its rules, once it ended so (None while it runs, and for a table
        that never started)."""
        return self._parsed.outcome() if self._parsed is not None else None

    def _open(self) -> list[Prompt]:
        if self._parsed is None or self.table.status != "running":
            return []
        return self._parsed.prompts()

    @property
    def decisions(self) -> list[Decision]:
        """Every open decision, as the table may know it (none unless the table runs)."""
        return [Decision(p.player, p.id, p.window, p.public) for p in self._open()]

    @property
    def owing(self) -> list[str]:
        """Who owes a decision now, in the order the rules ask them."""
        seen: list[str] = []
        for p in self._open():
            if p.player not in seen:
                seen.append(p.player)
        return seen

    def owed(self, viewer: str) -> list[Prompt]:
        """The decisions `viewer` owes now (none at a table that does not run)."""
        return [p for p in self._open() if p.player == viewer]

    def board_prompts(self) -> list[Prompt]:
        """The open decisions the public board may carry: all of one person's, each one the
        game marks public (`Prompt.public`: asking it and what it offers follow from what
        everyone sees). A hidden decision, a computer's, or several people's at once: none."""
        prompts = self._open()
        if not prompts or len({p.player for p in prompts}) != 1 or prompts[0].player.startswith("cpu:"):
            return []
        return list(prompts) if all(p.public for p in prompts) else []

    def view_of(self, viewer: str | None) -> BaseModel:
        """What `viewer` may see (None: the public board). Only for a started table."""
        assert self._parsed is not None, "a lobby has no view"
        return self._parsed.view(viewer)

    def seen_by(self, viewer: str | None) -> Sight:
        """Everything one viewer is shown: their view, what they owe and the game's lines."""
        view = self.view_of(viewer)
        return Sight(viewer, view, self.owed(viewer) if viewer is not None else [],
                     self.game.status_lines(view, viewer), self.game.notes(view, viewer))

    def chains(self, viewer: str) -> list[Chain]:
        """The decision `viewer` owes with the same person's next ones, to answer in one pick
        (`tables/chains.py`); none unless they owe the one decision open."""
        if self._parsed is None or not self.owed(viewer):
            return []
        return self._parsed.chains(viewer)

    def hint(self, viewer: str) -> GivenHint | None:
        """The hint `viewer` was given for the decision they owe now, if any."""
        if self._parsed is None or self.table.status != "running":
            return None
        return current_hint(self.table, viewer, self.game, self._parsed.state)

    def board_alt(self, lang: str) -> str | None:
        """The public board picture's alt text (None before the game starts)."""
        return self._parsed.alt(None, lang) if self._parsed is not None else None

    def hand_alt(self, viewer: str, lang: str) -> str | None:
        """`viewer`'s own picture's alt text: their cards and what they must decide."""
        return self._parsed.alt(viewer, lang) if self._parsed is not None else None


def read(table: Table, latest: Latest = NOTHING_LATER) -> TableRead:
    """The read model of `table` as it is (its state parsed once per version, however often
    this is asked), with `latest` from its log and clock when the service read them."""
    game = registry.get(table.game)
    parsed = _parse(game, table.state_json) if table.state_json is not None else None
    return TableRead(table, game, parsed, latest)


__all__ = ["RECENT", "Decision", "Latest", "Sight", "TableRead", "read"]
