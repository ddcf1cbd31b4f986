"""The one error tree of the service.

Each class either carries its HTTP status (`ApiError`, rendered as the contract's envelope) or
names the miss it becomes (`TransientFailure`, retried `max_retries` times and then answered as an
HTTP-200 miss with its `failure_kind`). Refusals before the API proper (403, 413, 504) are written
as detail-only bodies by the ASGI layers in `filings.web.middleware`.
"""

from __future__ import annotations

from collections.abc import Mapping

from filings.core.misses import FailureKind

STORE_RETRY_AFTER = 5  # seconds a client is asked to wait when a store did not answer


class FilingsError(Exception):
    """Base of every error the service raises on purpose."""


class NotMigrated(FilingsError):
    """The database's schema is not at the migration the code needs."""


class ConfigurationError(FilingsError):
    """The service is configured in a way it cannot run with."""


class ApiError(FilingsError):
    """An HTTP error answered with the envelope `{error, status_code, path, correlation_id}`."""

    status_code = 500
    message = "Internal server error"

    def __init__(self, message: str | None = None, *, headers: Mapping[str, str] | None = None):
        super().__init__(message or self.message)
        self.message = message or self.message
        self.headers = dict(headers or {})


class BadRequest(ApiError):
    """400: a header the contract bounds, such as Idempotency-Key, is out of bounds."""

    status_code = 400
    message = "Bad request"


class Unauthorized(ApiError):
    """401: missing, unknown, revoked or expired API key; the answer names the scheme to use
    (`WWW-Authenticate: Bearer`, RFC 6750), as HTTP clients and the MCP SDK expect."""

    status_code = 401
    message = "Invalid or missing API key"

    def __init__(self, message: str | None = None, *, headers: Mapping[str, str] | None = None):
        challenge = {"WWW-Authenticate": 'Bearer realm="filings"'}
        super().__init__(message, headers={**challenge, **(headers or {})})


class PaymentRequired(ApiError):
    """402: the key's account has no active plan or trial with API access."""

    status_code = 402
    message = "No active plan with API access"


class Forbidden(ApiError):
    """403 from the API itself, e.g. a forged or expired snapshot link."""

    status_code = 403
    message = "Forbidden"


class NotFound(ApiError):
    """404 from the API itself, e.g. a signed link to a page that no longer renders."""

    status_code = 404
    message = "Not found"


class UnprocessableRequest(ApiError):
    """422 outside schema validation, e.g. an Idempotency-Key reused with another body.

    Rendered like every 422: `error` is "Validation error" and the problem is in `details`.
    """

    status_code = 422
    message = "Validation error"

    def __init__(self, problem: str, *, location: str, kind: str):
        super().__init__("Validation error")
        self.problem = f"{location}: {problem} ({kind})"


class TooManyRequests(ApiError):
    """429: the per-key rate limit or the monthly quota is spent."""

    status_code = 429
    message = "Too many requests"

    def __init__(self, message: str, *, retry_after: int, headers: Mapping[str, str] | None = None):
        merged = {"Retry-After": str(retry_after), **(headers or {})}
        super().__init__(message, headers=merged)
        self.retry_after = retry_after


class ServiceUnavailable(ApiError):
    """503: a store the access layer needs (the database, Redis) did not answer in time.

    Rendered like the maintenance 503 with `maintenance: false`; `Retry-After` says when to try.
    """

    status_code = 503
    message = "Service Unavailable"

    def __init__(self, detail: str, *, retry_after: int = STORE_RETRY_AFTER):
        super().__init__(headers={"Retry-After": str(retry_after)})
        self.detail = detail
        self.retry_after = retry_after


class TransientFailure(FilingsError):
    """A data source failed in a way a retry may cure; after the retries it becomes a miss."""

    failure_kind = FailureKind.INVOCATION_ERROR
    error = "An internal step failed while building the answer"


class DataSourceUnavailable(TransientFailure):
    """The database or another data source behind an endpoint did not answer."""

    failure_kind = FailureKind.UPSTREAM_UNAVAILABLE
    error = "A data source behind this endpoint is unavailable"


class SearchBackendError(TransientFailure):
    """The full-text search's own statement failed in the store (its index missing or damaged,
    the statement refused or cancelled), raised by `db/fulltext.py`; a store out of reach is
    `DataSourceUnavailable` instead. The vector side runs in process and fails as a bug."""

    failure_kind = FailureKind.SEARCH_UPSTREAM
    error = "The search backend returned an error"


class DependencyUnavailable(TransientFailure):
    """A server-side component (cache, renderer) needed for the answer is unavailable."""

    failure_kind = FailureKind.MISSING_DEPENDENCY
    error = "A server-side component needed for this answer is unavailable"


class MalformedInput(FilingsError):
    """An input file or record cannot be read; ingestion reports and skips it."""


class RecordNotFound(FilingsError):
    """An account, key or other record named by an operator does not exist."""


class Conflict(FilingsError):
    """An operator's request conflicts with what is stored (a duplicate name, a full key ring)."""


class SourceMissing(FilingsError):
    """A document the source does not have (a 404, or a file absent from a mirror)."""
