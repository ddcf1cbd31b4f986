"""The HTTP edge as plain ASGI layers: correlation ids, the 500 guard, blocked networks,
the server-side timeout, the body limit and maintenance mode.

Refusals made here never reach the API and carry detail-only bodies (spec 7.1).
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import logging
import re
import uuid
from collections.abc import Sequence
from typing import Any

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from filings.web.envelope import envelope_body

log = logging.getLogger("filings.web")

CORRELATION_HEADER = "X-Correlation-Id"
_REQUEST_ID_OK = re.compile(r"^[A-Za-z0-9._:\-]{1,128}$")


async def send_json(
    send: Send, status: int, body: dict[str, Any], headers: Sequence[tuple[str, str]] = ()
) -> None:
    """Send a complete JSON response."""
    payload = json.dumps(body, separators=(",", ":")).encode()
    raw_headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(payload)).encode()),
        *((k.lower().encode(), v.encode()) for k, v in headers),
    ]
    await send({"type": "http.response.start", "status": status, "headers": raw_headers})
    await send({"type": "http.response.body", "body": payload})


def correlation_id_of(scope: Scope) -> str:
    """The correlation id of the request being served."""
    return str(scope.get("state", {}).get("correlation_id", ""))


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return str(value.decode("latin-1"))
    return None


class CorrelationMiddleware:
    """Outermost layer: picks the correlation id, stamps it on every response, and turns any
    unhandled exception into the 500 envelope without a traceback."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        sent = _header(scope, b"x-request-id")
        correlation_id = sent if sent and _REQUEST_ID_OK.match(sent) else str(uuid.uuid4())
        scope.setdefault("state", {})["correlation_id"] = correlation_id
        started = False

        async def stamped_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [
                    h for h in message.get("headers", []) if h[0].lower() != b"x-correlation-id"
                ]
                headers.append((b"x-correlation-id", correlation_id.encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, stamped_send)
        except Exception:
            log.exception("unhandled error (correlation_id=%s)", correlation_id)
            if not started:
                body = envelope_body("Internal server error", 500, scope["path"], correlation_id)
                await send_json(stamped_send, 500, body)


class BlockedNetworkMiddleware:
    """Refuses clients whose address lies in a blocked network: 403 `Access denied.`"""

    def __init__(
        self, app: ASGIApp, networks: Sequence[ipaddress.IPv4Network | ipaddress.IPv6Network]
    ):
        self.app = app
        self.networks = list(networks)

    def _blocked(self, scope: Scope) -> bool:
        client = scope.get("client")
        if not self.networks or not client:
            return False
        try:
            address = ipaddress.ip_address(client[0])
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self._blocked(scope):
            await send_json(send, 403, {"detail": "Access denied."})
            return
        await self.app(scope, receive, send)


class TimeoutMiddleware:
    """Answers 504 when the response has not started within the server-side timeout."""

    def __init__(self, app: ASGIApp, seconds: float):
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            with anyio.fail_after(self.seconds):
                await self.app(scope, receive, watched_send)
        except TimeoutError:
            log.warning("request timed out (correlation_id=%s)", correlation_id_of(scope))
            if not started:
                await send_json(send, 504, {"detail": "Request timed out."})


class BodyTooLarge(Exception):
    """The request body passed the limit while it streamed in."""

    def __init__(self, more_body: bool):
        super().__init__("request body too large")
        self.more_body = more_body  # whether the client is still sending


LINGER_SECONDS = 5.0
LINGER_BYTES = 64 * 1024 * 1024


class BodyLimitMiddleware:
    """Reads the body as it streams in and answers 413 as soon as it passes the limit.

    After the 413 it reads and discards the rest of the body for a bounded time and amount
    (nginx's lingering close): a client that writes its whole body before reading the answer
    would otherwise meet a closed connection instead of the 413.
    """

    def __init__(self, app: ASGIApp, max_bytes: int):
        self.app = app
        self.max_bytes = max_bytes

    def _detail(self) -> dict[str, str]:
        return {"detail": f"Request body too large: the limit is {self.max_bytes} bytes."}

    async def _read(self, receive: Receive) -> list[Message]:
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                return messages
            size += len(message.get("body", b""))
            if size > self.max_bytes:
                raise BodyTooLarge(more_body=bool(message.get("more_body", False)))
            if not message.get("more_body", False):
                return messages

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, *, more_body: bool = True
    ) -> None:
        payload = json.dumps(self._detail(), separators=(",", ":")).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(payload)).encode()),
            (b"connection", b"close"),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": payload, "more_body": True})
        # Nothing is left to read when the body is in, or when the client waits for
        # 100-continue (it sends nothing unless asked).
        if more_body and _header(scope, b"expect") != "100-continue":
            await _discard_body(receive)
        await send({"type": "http.response.body", "body": b""})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _header(scope, b"content-length")
        if declared and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
        try:
            buffered = await self._read(receive)
        except BodyTooLarge as refused:
            await self._refuse(scope, receive, send, more_body=refused.more_body)
            return

        async def replay() -> Message:
            return buffered.pop(0) if buffered else await receive()

        await self.app(scope, replay, send)


async def _discard_body(receive: Receive) -> None:
    """Read and drop what is left of a request body, within LINGER_SECONDS and LINGER_BYTES."""
    discarded = 0
    with anyio.move_on_after(LINGER_SECONDS):
        while discarded <= LINGER_BYTES:
            message = await receive()
            if message["type"] != "http.request":
                return
            discarded += len(message.get("body", b""))
            if not message.get("more_body", False):
                return


class MaintenanceMiddleware:
    """In maintenance mode every API request answers 503 with `Retry-After`."""

    def __init__(self, app: ASGIApp, *, enabled: bool, message: str, retry_after: int):
        self.app = app
        self.enabled = enabled
        self.message = message
        self.retry_after = retry_after

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.enabled and scope["type"] == "http" and scope["path"].startswith("/api/"):
            body = {
                "error": "Service Unavailable",
                "detail": self.message,
                "maintenance": True,
                "retryable": True,
                "status_code": 503,
                "path": scope["path"],
                "correlation_id": correlation_id_of(scope),
            }
            await send_json(send, 503, body, [("Retry-After", str(self.retry_after))])
            return
        await self.app(scope, receive, send)


def entity_tag(body: bytes) -> str:
    """The strong entity tag of an answer's bytes."""
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def _matches(if_none_match: str, tag: str) -> bool:
    """Whether an If-None-Match value names `tag` (weak comparison, RFC 9110 13.1.2)."""
    held = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
    return "*" in held or tag in held


class EntityTagMiddleware:
    """An `ETag` on every 200 answer to a GET of the API, and a 304 without a body when the
    request's If-None-Match names it. Inside the access layer, which settles a 304 as a request
    that does not count against the quota."""

    def __init__(self, app: ASGIApp, prefix: str):
        self.app = app
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "GET"
            or not scope["path"].startswith(self.prefix)
        ):
            await self.app(scope, receive, send)
            return
        start: Message = {}
        chunks: list[bytes] = []

        async def tagged_send(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] != "http.response.body":
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                await self._answer(scope, start, b"".join(chunks), send)

        await self.app(scope, receive, tagged_send)

    @staticmethod
    async def _answer(scope: Scope, start: Message, body: bytes, send: Send) -> None:
        headers = list(start.get("headers", []))
        if start.get("status") != 200 or any(k.lower() == b"etag" for k, _ in headers):
            await send(start)
            await send({"type": "http.response.body", "body": body})
            return
        tag = entity_tag(body)
        headers += [(b"etag", tag.encode()), (b"vary", b"Accept")]
        if _matches(_header(scope, b"if-none-match") or "", tag):
            kept = [(k, v) for k, v in headers if k.lower() not in _NOT_ON_304]
            await send({"type": "http.response.start", "status": 304, "headers": kept})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({**start, "headers": headers})
        await send({"type": "http.response.body", "body": body})


_NOT_ON_304 = {b"content-type", b"content-length"}
