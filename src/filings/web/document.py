"""The API document (OpenAPI 3.1) as clients, generators and validators read it: the framework's
document plus what the edge adds (key schemes, Idempotency-Key, the refusals routing makes, the
headers of an answer), answers that tell a miss from data (`oneOf`), examples, and text that
validators accept."""

from __future__ import annotations

from typing import Any

from filings.web.examples import add_examples

NONCHARACTERS = ("\ufffe", "\uffff")  # hyphenation marks of some PDF text; never valid text
MISS_SCHEMAS = ("Miss", "QuarterlyNotAvailable")  # the 200 answers that carry `error`

SECURITY_SCHEMES = {
    "bearer": {"type": "http", "scheme": "bearer", "description": "svc_... API key"},
    "apiKeyHeader": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
}
IDEMPOTENCY_PARAMETER = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "At most 200 characters (longer: 400). The same key with the same body "
    "replays the first answer without spending quota; with another body: 422. Kept 24 hours.",
    "schema": {"type": "string", "maxLength": 200},
}
IF_NONE_MATCH_PARAMETER = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "description": "The ETag of an answer held: when the answer is still the same, 304 "
    "without a body, and the request is not counted against the monthly quota.",
    "schema": {"type": "string"},
}
_STRING = {"schema": {"type": "string"}}
ANSWER_HEADERS = {
    "ETag": {**_STRING, "description": "The answer's entity tag (GET), for If-None-Match."},
    "RateLimit-Policy": {
        **_STRING,
        "description": 'The key\'s limits (draft-ietf-httpapi-ratelimit-headers): "second", '
        '"minute" and "month" policies with their quota `q` and window `w` in seconds.',
    },
    "RateLimit": {
        **_STRING,
        "description": 'What is left: `r` requests of the "minute" and "month" policies, '
        "reset in `t` seconds.",
    },
    "X-RateLimit-Remaining": {**_STRING, "description": "Requests left in this minute."},
    "X-Quota-Remaining": {**_STRING, "description": "Requests left this month."},
}
DETAIL_ONLY = {"$ref": "#/components/schemas/DetailOnly"}
ROUTING_RESPONSES = {
    "404": {
        "description": "No such path (a company with `/` in its name is sent with `%2F`)",
        "content": {
            "application/json": {"schema": DETAIL_ONLY, "example": {"detail": "Not Found"}}
        },
    },
    "405": {
        "description": "Method not allowed on this path",
        "content": {
            "application/json": {
                "schema": DETAIL_ONLY,
                "example": {"detail": "Method Not Allowed"},
            }
        },
    },
}
NOT_MODIFIED = {
    "description": "Not modified: the answer's ETag matches If-None-Match; not counted against "
    "the monthly quota",
    "headers": {"ETag": ANSWER_HEADERS["ETag"]},
}
UNAUTHORIZED_HEADERS = {
    "WWW-Authenticate": {**_STRING, "description": 'The scheme to use: `Bearer realm="filings"`.'}
}


def complete(document: dict[str, Any], prefix: str) -> dict[str, Any]:
    """Add to the framework's document what the edge does, then clean its text."""
    document.setdefault("components", {})["securitySchemes"] = SECURITY_SCHEMES
    document["servers"] = [{"url": "/", "description": "The server that serves this document"}]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if path.startswith(prefix):
                _api_operation(method, operation)
            else:
                operation["security"] = []  # health: no key
    _tell_misses_from_data(document)
    add_examples(document, prefix)
    cleaned: dict[str, Any] = clean(document)
    return cleaned


def _api_operation(method: str, operation: dict[str, Any]) -> None:
    operation["security"] = [{"bearer": []}, {"apiKeyHeader": []}]
    responses = operation["responses"]
    if method == "post":
        operation.setdefault("parameters", []).append(IDEMPOTENCY_PARAMETER)
    else:
        operation.setdefault("parameters", []).append(IF_NONE_MATCH_PARAMETER)
        responses["304"] = NOT_MODIFIED
    responses["200"]["headers"] = ANSWER_HEADERS
    responses["401"]["headers"] = UNAUTHORIZED_HEADERS
    for status, response in ROUTING_RESPONSES.items():
        responses.setdefault(status, response)


def _tell_misses_from_data(document: dict[str, Any]) -> None:
    """Each 200 JSON answer is `oneOf` its data shapes and the miss: a data shape never has
    `error`, the miss always has it (with `failure_kind`), the quarterly answer has `error`
    without `failure_kind`; so exactly one shape fits any answer."""
    schemas = document["components"]["schemas"]
    for operations in document["paths"].values():
        for operation in operations.values():
            content = operation["responses"].get("200", {}).get("content", {})
            schema = content.get("application/json", {}).get("schema", {})
            if "anyOf" not in schema:
                continue
            schema["oneOf"] = schema.pop("anyOf")
            for ref in schema["oneOf"]:
                name = ref["$ref"].rsplit("/", 1)[-1]
                if name == "QuarterlyNotAvailable":
                    schemas[name]["not"] = {"required": ["failure_kind"]}
                elif name not in MISS_SCHEMAS:
                    schemas[name]["not"] = {"required": ["error"]}


def clean(value: Any) -> Any:
    """The document without Unicode noncharacters (U+FFFE marks hyphenation in some PDF text;
    validators refuse the document that holds one)."""
    if isinstance(value, str):
        for character in NONCHARACTERS:
            value = value.replace(character, "")
        return value
    if isinstance(value, list):
        return [clean(item) for item in value]
    if isinstance(value, dict):
        return {clean(k): clean(v) for k, v in value.items()}
    return value
