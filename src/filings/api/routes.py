"""The HTTP routes of the operations, generated from their declarations: a GET's arguments
become path and query parameters, a POST's the JSON body; `max_retries` (and `format` where an
answer can be CSV) are the HTTP edge's own."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine, Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, Union

from fastapi import APIRouter, Path, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from filings.api.operation import Call, Operation
from filings.api.state import services_of
from filings.core.misses import Miss
from filings.web.deps import MaxRetries, answer_bytes, as_json, wants_csv
from filings.web.envelope import CSV_RESPONSE, ERROR_RESPONSES, POST_ERROR_RESPONSES

Endpoint = Callable[..., Coroutine[Any, Any, Response]]
_CONSTRAINTS = ("gt", "ge", "lt", "le", "min_length", "max_length", "pattern")
Format = Annotated[
    str | None,
    Query(
        pattern="^(json|csv)$",
        description="csv for a table to paste into a spreadsheet (also `Accept: text/csv`); "
        "a miss stays JSON.",
    ),
]
_KEYWORD = inspect.Parameter.KEYWORD_ONLY


def operation_router(operations: Sequence[Operation], prefix: str) -> APIRouter:  # type: ignore[type-arg]
    """One route per operation, under `prefix`."""
    router = APIRouter(prefix=prefix)
    for op in operations:
        responses = dict(POST_ERROR_RESPONSES if op.method == "POST" else ERROR_RESPONSES)
        if op.csv is not None:
            responses |= CSV_RESPONSE
        router.add_api_route(
            op.path,
            _endpoint(op),
            methods=[op.method],
            operation_id=op.name,
            response_model=Union[(*op.answers, Miss)],
            responses=responses,
            summary=op.summary,
            description=op.description,
            tags=[op.tag],
        )
    return router


async def answer(
    request: Request,
    op: Operation,  # type: ignore[type-arg]
    arguments: BaseModel,
    max_retries: int,
    format_: str | None = None,
) -> Response:
    """Run an operation for an HTTP request: from the answer cache when it holds the answer."""
    services = services_of(request.app)
    as_csv = op.csv is not None and wants_csv(request.headers.get("accept", ""), format_)
    call = Call(services, str(request.base_url).rstrip("/"), datetime.now(UTC))
    render = op.csv if as_csv and op.csv is not None else as_json
    body, media_type = await answer_bytes(
        services, op.question(arguments, as_csv), op.work(arguments, call), max_retries, render
    )
    return Response(body, media_type=media_type)


def _endpoint(op: Operation) -> Endpoint:  # type: ignore[type-arg]
    """The route function of an operation, with the signature FastAPI reads its parameters
    from."""
    edge = [inspect.Parameter("max_retries", _KEYWORD, annotation=MaxRetries, default=2)]
    if op.csv is not None:
        edge.append(inspect.Parameter("format", _KEYWORD, annotation=Format, default=None))
    if op.method == "POST":

        async def post(request: Request, body: BaseModel, **edge_values: Any) -> Response:
            return await answer(request, op, body, **_edge(edge_values))

        body = inspect.Parameter("body", _KEYWORD, annotation=op.arguments)
        post.__signature__ = _signature([body, *edge])  # type: ignore[attr-defined]
        return post

    async def get(request: Request, **values: Any) -> Response:
        edge_values: dict[str, Any] = {
            name: values.pop(name) for name in ("max_retries", "format") if name in values
        }
        try:
            arguments = op.arguments.model_validate(values)
        except ValidationError as invalid:
            raise RequestValidationError(_located(invalid, op.path_names)) from invalid
        return await answer(request, op, arguments, **_edge(edge_values))

    fields = op.arguments.model_fields.items()
    parameters = [_parameter(name, field, name in op.path_names) for name, field in fields]
    get.__signature__ = _signature([*parameters, *edge])  # type: ignore[attr-defined]
    return get


def _edge(values: dict[str, Any]) -> dict[str, Any]:
    return {"max_retries": values["max_retries"], "format_": values.get("format")}


def _signature(parameters: list[inspect.Parameter]) -> inspect.Signature:
    request = inspect.Parameter("request", _KEYWORD, annotation=Request)
    return inspect.Signature([request, *parameters], return_annotation=Response)


def _parameter(name: str, field: FieldInfo, in_path: bool) -> inspect.Parameter:
    """A path or query parameter with the field's description and bounds."""
    constraints = {
        attr: value
        for item in field.metadata
        for attr in _CONSTRAINTS
        if (value := getattr(item, attr, None)) is not None
    }
    where = Path if in_path else Query
    annotation = Annotated[field.annotation, where(description=field.description, **constraints)]  # type: ignore[name-defined]
    default = inspect.Parameter.empty if field.is_required() else field.default
    return inspect.Parameter(name, _KEYWORD, annotation=annotation, default=default)


def _located(invalid: ValidationError, path_names: list[str]) -> list[dict[str, Any]]:
    """Problems of the arguments model, located as FastAPI locates a parameter's."""
    problems = []
    for problem in invalid.errors():
        name = str(problem["loc"][0]) if problem["loc"] else ""
        where = "path" if name in path_names else "query"
        problems.append({**problem, "loc": (where, *problem["loc"])})
    return problems
