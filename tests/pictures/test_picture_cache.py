"""The picture cache: one render per (table, version, language, viewer), least recently used out."""
from __future__ import annotations

from pictures import cache
from pictures.cache import PictureCache


def test_a_cached_picture_is_made_once_per_key() -> None:
    c = PictureCache(capacity=8)
    calls = []

    def make(tag: str):
        def _make() -> bytes:
            calls.append(tag)
            return tag.encode()
        return _make

    assert c.get_or_make(("board", 1, 5, "en", None), make("a")) == b"a"
    assert c.get_or_make(("board", 1, 5, "en", None), make("b")) == b"a"
    assert c.get_or_make(("board", 1, 5, "ja", None), make("c")) == b"c"   # another language
    assert c.get_or_make(("board", 1, 6, "en", None), make("d")) == b"d"   # a newer version
    assert c.get_or_make(("hand", 1, 6, "en", "u1"), make("e")) == b"e"    # a viewer's hand
    assert calls == ["a", "c", "d", "e"]
    assert (c.hits, c.misses) == (1, 4)


def test_the_least_recently_used_picture_goes_first() -> None:
    c = PictureCache(capacity=2)
    c.get_or_make(("board", 1, 1, "en", None), lambda: b"1")
    c.get_or_make(("board", 1, 2, "en", None), lambda: b"2")
    c.get_or_make(("board", 1, 1, "en", None), lambda: b"x")  # touch 1
    c.get_or_make(("board", 1, 3, "en", None), lambda: b"3")  # evicts 2
    assert len(c) == 2
    assert c.get_or_make(("board", 1, 1, "en", None), lambda: b"new") == b"1"
    assert c.get_or_make(("board", 1, 2, "en", None), lambda: b"new") == b"new"


def test_forgetting_a_table_drops_only_its_pictures() -> None:
    calls = []
    cache.cached_board(("t-forget", 1, "en", None), lambda: calls.append(1) or b"a")
    cache.cached_hand(("t-forget", 1, "en", "u1"), lambda: calls.append(2) or b"b")
    cache.cached_board(("t-other", 1, "en", None), lambda: calls.append(3) or b"c")
    cache.forget_table("t-forget")
    cache.cached_board(("t-forget", 1, "en", None), lambda: calls.append(4) or b"a")
    cache.cached_board(("t-other", 1, "en", None), lambda: calls.append(5) or b"c")
    assert calls == [1, 2, 3, 4]
