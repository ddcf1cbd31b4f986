"""The access layer on the HTTP edge: every request that matches an API route passes the gate.

Requests for unknown paths or with a wrong method pass through untouched, so routing answers
them (404/405) before any key is asked for.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from urllib.parse import parse_qsl, urlencode

import anyio
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from filings.access.gate import AccessGate, Admission
from filings.access.store import StoredResponse
from filings.access.waiters import FIRST_POLL_SECONDS, MAX_POLL_SECONDS, TwinWaiters
from filings.core.errors import ApiError, TooManyRequests
from filings.web.envelope import api_error_body
from filings.web.middleware import correlation_id_of, send_json

log = logging.getLogger("filings.access")
REPLAY_HEADER = "Idempotent-Replayed"
_NOT_STORED = {b"content-length", b"x-correlation-id", b"date", b"server"}


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def bearer_key(headers: dict[str, str]) -> str | None:
    """The API key of a request: `Authorization: Bearer`, else `X-API-Key`."""
    authorization = headers.get("authorization")
    if authorization:
        scheme, _, token = authorization.partition(" ")
        return token.strip() if scheme.lower() == "bearer" and token.strip() else ""
    return headers.get("x-api-key")


def request_hash(scope: Scope, body: bytes) -> str:
    """A hash of what makes two requests the same: method, path, query and canonical body."""
    query = urlencode(sorted(parse_qsl(scope.get("query_string", b"").decode("latin-1"))))
    try:
        canonical = json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")).encode()
    except (ValueError, RecursionError):  # not JSON, or too deep to canonicalize: as sent
        canonical = body
    digest = hashlib.sha256()
    for part in (scope["method"].encode(), scope["path"].encode(), query.encode(), canonical):
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()


async def _read_body(receive: Receive) -> tuple[bytes, list[Message]]:
    messages: list[Message] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body", False):
            break
    return b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request"), messages


class AccessMiddleware:
    """Authenticates, rate-limits, meters and deduplicates requests to the API routes."""

    def __init__(
        self,
        app: ASGIApp,
        gate: AccessGate,
        routes: Sequence[BaseRoute],
        prefix: str,
        waiters: TwinWaiters,
    ):
        self.app = app
        self.gate = gate
        self.routes = routes  # the app's live route list
        self.prefix = prefix.rstrip("/") + "/"
        self.waiters = waiters

    def _is_api_call(self, scope: Scope) -> bool:
        if not scope["path"].startswith(self.prefix):
            return False
        return any(route.matches(scope)[0] is Match.FULL for route in self.routes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self._is_api_call(scope):
            await self.app(scope, receive, send)
            return
        body, messages = await _read_body(receive)
        headers = _headers(scope)
        idempotency_key = headers.get("idempotency-key") if scope["method"] == "POST" else None
        fingerprint = request_hash(scope, body) if idempotency_key is not None else ""
        try:
            admission = await self.gate.in_thread(
                self.gate.admit, bearer_key(headers), idempotency_key, fingerprint
            )
            admission = await self._await_twin(admission, fingerprint)
        except ApiError as error:
            envelope = api_error_body(error, scope["path"], correlation_id_of(scope))
            await send_json(send, error.status_code, envelope, list(error.headers.items()))
            return
        if admission.replay is not None:
            await self._replay(admission, admission.replay, send)
            return

        async def replay_receive() -> Message:
            return messages.pop(0) if messages else await receive()

        await self._run(admission, scope, replay_receive, send)

    async def _await_twin(self, admission: Admission, fingerprint: str) -> Admission:
        """Wait, off the worker threads and within the gate's bound, for a running twin."""
        deadline = anyio.current_time() + self.gate.wait_seconds
        delay = FIRST_POLL_SECONDS
        while admission.pending:
            remaining = deadline - anyio.current_time()
            if remaining <= 0:
                raise TooManyRequests(
                    "A request with this Idempotency-Key is still running; retry to get its answer",
                    retry_after=1,
                )
            account_pk, key = admission.caller.account.pk, str(admission.idempotency_key)
            await self.waiters.wait(account_pk, key, min(delay, remaining))
            delay = min(delay * 2, MAX_POLL_SECONDS)
            admission = await self.gate.in_thread(self.gate.claim_again, admission, fingerprint)
        return admission

    async def _settle(self, admission: Admission, response: StoredResponse | None) -> None:
        """Settle with the gate, then wake this process's duplicates of the request."""
        if not self.gate.has_work(admission, response):
            return
        try:
            with anyio.CancelScope(shield=True):
                await self.gate.in_thread(self.gate.finish, admission, response)
        except ApiError as error:  # the answer is out already; the store is the operator's worry
            log.warning("could not settle a request: %s", error.message)
        finally:
            if admission.idempotency_key is not None:
                self.waiters.wake(admission.caller.account.pk, admission.idempotency_key)

    async def _replay(self, admission: Admission, stored: StoredResponse, send: Send) -> None:
        extra = {**admission.limit_headers(stored.status), REPLAY_HEADER: "true"}
        raw = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in stored.headers]
        raw += [(k.lower().encode(), v.encode()) for k, v in extra.items()]
        raw.append((b"content-length", str(len(stored.body)).encode()))
        await send({"type": "http.response.start", "status": stored.status, "headers": raw})
        await send({"type": "http.response.body", "body": stored.body})

    async def _run(self, admission: Admission, scope: Scope, receive: Receive, send: Send) -> None:
        status = 500
        kept: list[tuple[str, str]] = []
        chunks: list[bytes] = []
        finished = False

        async def metered_send(message: Message) -> None:
            nonlocal status, finished
            if message["type"] == "http.response.start":
                status = int(message["status"])
                kept.extend(
                    (k.decode("latin-1"), v.decode("latin-1"))
                    for k, v in message.get("headers", [])
                    if k.lower() not in _NOT_STORED
                )
                extra = admission.limit_headers(status)
                headers = [*message.get("headers", [])]
                headers += [(k.lower().encode(), v.encode()) for k, v in extra.items()]
                message = {**message, "headers": headers}
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                finished = not message.get("more_body", False)
            await send(message)

        try:
            await self.app(scope, receive, metered_send)
        finally:
            response = StoredResponse(status, kept, b"".join(chunks)) if finished else None
            await self._settle(admission, response)
