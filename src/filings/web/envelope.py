"""The contract's error bodies (spec 7.1) and the exception handlers that produce them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from filings.core.errors import ApiError, ServiceUnavailable, UnprocessableRequest


class ErrorEnvelope(BaseModel):
    """Body of every HTTP error the API itself produces."""

    error: str = Field(description="Message; 'Internal server error' on 500.")
    status_code: int = Field(description="The HTTP status, repeated.")
    path: str = Field(description="The request path.")
    correlation_id: str = Field(description="Also sent as the X-Correlation-Id header.")


class ValidationEnvelope(ErrorEnvelope):
    """Body of a 422: the envelope plus every problem, joined and as a list."""

    detail: str = Field(description="All problems joined with '; '.")
    details: list[str] = Field(description="One entry per problem: `location: message (type)`.")


class DetailOnly(BaseModel):
    """Body of a refusal made before the API (404, 405, 413, 403, 504)."""

    detail: str = Field(description="What went wrong, for people.")


class MaintenanceBody(ErrorEnvelope):
    """Body of a 503: the envelope plus the spec's maintenance keys (false when a store is down)."""

    detail: str = Field(description="What is going on, for people.")
    maintenance: bool = Field(default=True, description="True while the service is in maintenance.")
    retryable: bool = Field(default=True, description="Whether the same request may succeed later.")


def envelope_body(message: str, status: int, path: str, correlation_id: str) -> dict[str, Any]:
    """The 7.1 envelope as a dict."""
    return {"error": message, "status_code": status, "path": path, "correlation_id": correlation_id}


def format_problem(problem: dict[str, Any]) -> str:
    """One validation problem as `body.query: Field required (missing)`."""
    location = ".".join(str(part) for part in problem.get("loc", ())) or "request"
    return (
        f"{location}: {problem.get('msg', 'Invalid value')} ({problem.get('type', 'value_error')})"
    )


def validation_body(
    problems: Sequence[dict[str, Any]], path: str, correlation_id: str
) -> dict[str, Any]:
    """The 422 body for a list of problems."""
    details = [format_problem(p) for p in problems]
    body = envelope_body("Validation error", 422, path, correlation_id)
    return {**body, "detail": "; ".join(details), "details": details}


def _correlation_id(request: Request) -> str:
    return str(getattr(request.state, "correlation_id", ""))


async def _on_validation(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)  # noqa: S101 - registered for this type
    body = validation_body(list(exc.errors()), request.url.path, _correlation_id(request))
    return JSONResponse(body, status_code=422)


def api_error_body(error: ApiError, path: str, correlation_id: str) -> dict[str, Any]:
    """The body of an ApiError: the envelope, and for a 422 its problem as detail/details."""
    if isinstance(error, UnprocessableRequest):
        body = envelope_body("Validation error", 422, path, correlation_id)
        return {**body, "detail": error.problem, "details": [error.problem]}
    if isinstance(error, ServiceUnavailable):
        body = envelope_body(error.message, 503, path, correlation_id)
        return {**body, "detail": error.detail, "maintenance": False, "retryable": True}
    return envelope_body(error.message, error.status_code, path, correlation_id)


async def _on_api_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)  # noqa: S101
    body = api_error_body(exc, request.url.path, _correlation_id(request))
    return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)


def _unreadable_body_problem(cause: BaseException | None) -> dict[str, Any]:
    """The 422 problem for a body that could not be parsed as JSON at all."""
    if isinstance(cause, UnicodeDecodeError):
        reason = "it is not valid UTF-8"
    elif isinstance(cause, RecursionError):
        reason = "it is nested too deeply"
    elif isinstance(cause, ValueError):
        reason = f"a value could not be read ({cause})"
    else:
        reason = "it could not be parsed"
    return {"loc": ("body",), "msg": f"Invalid JSON body: {reason}", "type": "json_invalid"}


async def _on_http(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)  # noqa: S101
    if exc.status_code == 400:
        # The framework's one 400: a body it could not parse (invalid UTF-8, a number of
        # thousands of digits, nesting past the parser's depth). Answered like any invalid JSON.
        problem = _unreadable_body_problem(exc.__cause__)
        body = validation_body([problem], request.url.path, _correlation_id(request))
        return JSONResponse(body, status_code=422)
    # Routing refusals (unknown path or version: 404, wrong method: 405) are detail-only.
    return JSONResponse(
        {"detail": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers
    )


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers that turn the error tree into the contract's bodies."""
    app.add_exception_handler(RequestValidationError, _on_validation)
    app.add_exception_handler(ApiError, _on_api_error)
    app.add_exception_handler(StarletteHTTPException, _on_http)


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorEnvelope, "description": "Missing, unknown, revoked or expired API key"},
    402: {"model": ErrorEnvelope, "description": "No active plan or trial with API access"},
    403: {"model": DetailOnly, "description": "Client address blocked ('Access denied.')"},
    413: {"model": DetailOnly, "description": "Body over 2 MB"},
    422: {
        "model": ValidationEnvelope,
        "description": "Validation failed, or the body is not JSON that can be parsed "
        "(invalid UTF-8, nesting too deep, a number of too many digits: `json_invalid`)",
    },
    429: {"model": ErrorEnvelope, "description": "Rate limit or monthly quota exceeded"},
    500: {"model": ErrorEnvelope, "description": "Internal server error"},
    503: {
        "model": MaintenanceBody,
        "description": "Planned maintenance (`maintenance: true`), or a store the access "
        "checks need did not answer (`maintenance: false`); honour `Retry-After`",
    },
    504: {"model": DetailOnly, "description": "Request ran longer than the server allows"},
}

POST_ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    **ERROR_RESPONSES,
    400: {"model": ErrorEnvelope, "description": "Idempotency-Key longer than 200 characters"},
}

CSV_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {
            "text/csv": {
                "schema": {"type": "string"},
                "example": "metric,2025,2024\r\nrevenue,416161000000,391035000000\r\n",
            }
        },
        "description": "The answer; as CSV with `format=csv` or `Accept: text/csv` (a miss "
        "stays JSON).",
    }
}
