"""`TableService` is a facade over parts (docs/table-service.md): each public method is its
part's, with the same signature, and what a front end sets on the service reaches every part."""
import inspect

from tables import TableService
from tables.tables import _Part


def test_each_public_method_is_its_parts_with_the_same_signature(svc):
    handed_on = {name: attr for name, attr in vars(TableService).items() if isinstance(attr, _Part)}
    assert {"act", "open_lobby", "fire_due", "go_away", "hint", "undo", "stats", "settle", "read"} <= set(handed_on)
    for name, attr in handed_on.items():
        method = getattr(svc, name)
        assert method.__self__ is getattr(svc, attr.part), name
        assert inspect.signature(method) == inspect.signature(getattr(getattr(svc, attr.part), attr.name)), name


def test_what_a_front_end_sets_on_the_service_its_parts_see(svc):
    told = []
    svc.on_automatic = told.append
    svc.seed_source = lambda: 7
    svc.max_open_tables_per_user = 9
    assert svc._automatic.on_automatic == told.append and svc.on_automatic == told.append
    assert svc._core.seed_source() == 7 and svc._core.max_open_tables_per_user == 9


async def test_a_patched_method_on_the_service_is_the_one_called(svc):
    """A test may replace one of the service's methods on the instance (tests/bot do)."""
    async def nobody(channel_id):
        return "patched"
    svc.table_in_channel = nobody
    assert await svc.table_in_channel(5) == "patched"


async def test_a_wrapper_patched_onto_the_class_calls_the_original_as_a_plain_method(svc, monkeypatch):
    """A probe or a test wraps a method on the class and calls the original with the service
    first (bench/stalls.py times every act so), as it could when the methods were the class's own."""
    original = TableService.get
    seen = []

    async def timed_get(self, table_id):
        seen.append(table_id)
        return await original(self, table_id)
    monkeypatch.setattr(TableService, "get", timed_get)
    table = await svc.open_lobby(1, 77, "u1", "U1", "sutosute")
    assert (await svc.get(table.id)).id == table.id and seen == [table.id]
