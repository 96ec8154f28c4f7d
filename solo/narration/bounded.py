"""A model server's reply, read to a bound.

The SDK would read whatever a server sends: a gzip reply of 400 KB that opens to gigabytes, or
one line of 200 MB that its event reader holds whole. Every client solo makes reads the body
through :func:`bound_reply` (an ``httpx`` response hook): the body is decompressed here, a
piece at a time with a cap on what each piece may open to, and the reply ends in
:class:`ReplyTooLarge` the moment it passes :data:`MAX_REPLY_BYTES`. A narrated beat's reply
is a few kilobytes (a Test's prose, with the stream's framing, stays under 300 KB even at a
thousand tokens); the cap is well above that and far below what would hurt."""

from __future__ import annotations

import zlib
from collections.abc import Iterator

try:  # the HTTP client the openai SDK is built on
    import httpx2
except ImportError:  # pragma: no cover - an SDK before httpx2
    import httpx as httpx2

#: The most a reply's body may hold once decompressed.
MAX_REPLY_BYTES = 2_000_000
#: Encodings read here (any other is refused: solo asks for none).
_ZLIB = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}


class ReplyTooLarge(ValueError):
    """A reply from a model server that passed the bound (or came in an encoding not read)."""


class _Bounded(httpx2.SyncByteStream):
    """The body, decompressed here and counted."""

    def __init__(self, raw, encoding: str, limit: int) -> None:
        self.raw, self.encoding, self.limit = raw, encoding, limit
        self.read = 0

    def _count(self, data: bytes) -> bytes:
        self.read += len(data)
        if self.read > self.limit:
            raise ReplyTooLarge(f"the model server's reply passed {self.limit:,} bytes; it was cut off there")
        return data

    def __iter__(self) -> Iterator[bytes]:
        if self.encoding in ("", "identity"):
            for piece in self.raw:
                yield self._count(piece[:self.limit - self.read + 1])  # no more handed on than the bound
            return
        wbits = _ZLIB[self.encoding]
        opener = zlib.decompressobj(wbits)
        first = True
        for piece in self.raw:
            if first and self.encoding == "deflate":  # some servers send raw deflate, no zlib header
                first = False
                try:
                    probe = zlib.decompressobj(wbits)
                    probe.decompress(piece, 1)
                except zlib.error:
                    opener = zlib.decompressobj(-zlib.MAX_WBITS)
            data = piece
            while data:
                try:
                    out = opener.decompress(data, self.limit - self.read + 1)
                except zlib.error as exc:
                    raise ReplyTooLarge(f"the model server's reply is not valid {self.encoding} ({exc})") from None
                yield self._count(out)
                data = opener.unconsumed_tail
            if opener.eof:
                return
        yield self._count(opener.flush())

    def close(self) -> None:
        close = getattr(self.raw, "close", None)
        if close is not None:
            close()


def bound_reply(response, limit: int | None = None) -> None:
    """An ``httpx`` response hook: the body is read through :class:`_Bounded` (decompressed
    here, counted, cut at ``limit``); an encoding other than gzip or deflate is refused."""
    encoding = response.headers.get("content-encoding", "").strip().lower()
    if "," in encoding:  # stacked encodings: not read
        encoding = "stacked"
    if encoding not in ("", "identity") and encoding not in _ZLIB:
        response.close()
        raise ReplyTooLarge(f"the model server's reply is encoded as {encoding[:40]!r}, which solo does not read")
    if not isinstance(response.stream, httpx2.SyncByteStream):
        return  # an async stream, or a body already read: not ours
    response.stream = _Bounded(response.stream, encoding, MAX_REPLY_BYTES if limit is None else limit)
    if encoding:
        del response.headers["content-encoding"]  # decoded here, not again


#: What solo tells a server it reads.
HEADERS = {"Accept-Encoding": "gzip, deflate"}
