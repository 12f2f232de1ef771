"""The terminal's table: one in the table service, over an in-memory store, as the Discord
front end opens one. Seat 1 is the host, the other people at the keyboard join, the computer
seats are the service's own; the service deals, keeps the log, undoes and plays the computers.

Seats are shown as P1, P2, … in seat order: people sit as "P1"…, the service names its
computer seats "cpu:1"…, and `seat_names` gives each its number on screen."""
from __future__ import annotations

from pydantic import BaseModel

from games.kit import Game
from tables import Table, TableService

CHANNEL = 0  # the terminal's one channel (no guild: docs/table-service.md)
MEMORY_STORE = "sqlite:///:memory:"


def person(n: int) -> str:
    """The id (and name) of the n-th person at the keyboard."""
    return f"P{n}"


async def open_table(svc: TableService, game: Game, options: BaseModel, humans: int, computers: int, level: str,
                     learn: bool) -> Table:
    """A lobby with the game's options, `humans` people and `computers` computer seats at
    `level`, hints allowed (the terminal's `h`), ready to start."""
    host = person(1)
    table = await svc.open_lobby(None, CHANNEL, host, host, game.key)
    default = game.Options().model_dump(mode="json")
    for name, value in options.model_dump(mode="json").items():
        if value != default.get(name):
            table = await svc.set_option(table.id, host, name, value)
    for n in range(2, humans + 1):
        table = await svc.join(table.id, person(n), person(n))
    for _ in range(computers):
        table = await svc.add_cpu(table.id, host, level=level)
    return await svc.update_table_settings(table.id, host, False, hints=True, learn=learn)


def seat_names(table: Table) -> dict[str, str]:
    """Each seat's name on screen: P1, P2, … in seat order."""
    return {seat.user_id: person(n) for n, seat in enumerate(table.seats, 1)}
