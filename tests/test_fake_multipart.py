"""The fake Discord's multipart reader: its quick path reads what discord.py sends exactly
as the standard library's MIME parser does, and leaves anything else to that parser."""

from __future__ import annotations

import json

import aiohttp
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fakediscord.routes import _parse_multipart, split_multipart


class _Sink:
    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data += chunk


async def _body(payload: dict, files: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    """A body built as discord.py builds one (aiohttp.FormData, quote_fields=False)."""
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps(payload), content_type="application/json")
    for i, (name, data) in enumerate(files):
        form.add_field(f"files[{i}]", data, filename=name,
                       content_type="application/octet-stream")
    writer = form()
    sink = _Sink()
    await writer.write(sink)  # type: ignore[arg-type]
    return writer.headers["Content-Type"], bytes(sink.data)


def _boundary(content_type: str) -> str:
    return content_type.split("boundary=", 1)[1].strip('"')


async def test_a_discord_py_body_reads_the_same_on_both_paths() -> None:
    png = bytes(range(256)) * 40 + b"\r\n--not-a-boundary\r\n"
    ctype, raw = await _body({"content": "Hi", "attachments": [{"id": 0}]},
                             [("hand.png", png), ("table.png", b"\x89PNG")])
    quick = split_multipart(raw, _boundary(ctype))
    assert quick is not None
    assert quick == _parse_multipart(ctype, raw)
    payload, files = quick
    assert payload == {"content": "Hi", "attachments": [{"id": 0}]}
    assert [(f.filename, f.data) for f in files] == [("hand.png", png), ("table.png", b"\x89PNG")]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.from_regex(r"[a-z0-9_]{1,12}\.png", fullmatch=True),
                          st.binary(max_size=300)), max_size=3),
       st.text(max_size=40))
async def test_random_bodies_read_the_same_on_both_paths(files: list[tuple[str, bytes]],
                                                         text: str) -> None:
    ctype, raw = await _body({"content": text}, files)
    assert split_multipart(raw, _boundary(ctype)) == _parse_multipart(ctype, raw)


def test_anything_unusual_is_left_to_the_full_parser() -> None:
    boundary = "b0"
    extended = (b'--b0\r\nContent-Disposition: form-data; name="files[0]"; '
                b"filename*=utf-8''h%C3%A9.png\r\n\r\nDATA\r\n--b0--\r\n")
    assert split_multipart(extended, boundary) is None
    assert split_multipart(b"garbage", boundary) is None
    files = _parse_multipart(f"multipart/form-data; boundary={boundary}", extended)[1]
    assert [(f.filename, f.data) for f in files] == [("hé.png", b"DATA")]
