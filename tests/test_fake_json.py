"""The fake Discord's JSON: compact like Discord's, and copies that share nothing."""

from __future__ import annotations

import json

from tests.fakediscord.json_text import copy_json, dumps, loads


def test_dumps_is_compact_json_with_the_standard_librarys_meaning():
    data = {"id": "123", "n": 5, "x": 1.5, "ok": True, "none": None, "list": [1, "é", {}]}
    text = dumps(data)
    assert json.loads(text) == data
    assert b" " not in text.replace(b"\xc3\xa9", b"")   # no spaces between tokens
    assert loads(text) == data


def test_dumps_takes_integer_keys_and_integers_beyond_64_bits():
    assert json.loads(dumps({1: "a"})) == {"1": "a"}
    assert json.loads(dumps({"big": 2 ** 70})) == {"big": 2 ** 70}


def test_copy_json_is_deep():
    components = [{"type": 17, "components": [{"type": 10, "content": "hi"}]}]
    copied = copy_json(components)
    assert copied == components
    copied[0]["components"][0]["id"] = 1
    assert "id" not in components[0]["components"][0]
