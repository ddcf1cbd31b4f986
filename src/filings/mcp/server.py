"""The API as MCP tools, over the same operations as the HTTP endpoints (official `mcp` SDK).

One tool per operation of `filings.api.operations`, derived from its declaration: the tool's
JSON schema is the operation's arguments model (every argument described, bounded, defaulted;
unknown arguments refused), its description the operation's (with the answer's size), and it is
marked read-only. A tool answers the JSON the HTTP endpoint answers, misses included, once, as
compact text. Every call is admitted by the same access gate as an HTTP request (key, plan, rate
limits, quota) and counted as one request. Over streamable HTTP (`/mcp`, mounted in the app) the
key is the request's bearer key, and a request whose key does not authenticate is refused with
the HTTP envelope (and `WWW-Authenticate: Bearer`) before any MCP processing; over stdio
(`filings mcp`) it is `FILINGS_API_KEY`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools.base import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import create_model

from filings.access.gate import AccessGate
from filings.access.middleware import bearer_key
from filings.access.store import StoredResponse
from filings.api.operation import Call, Operation
from filings.api.operations import OPERATIONS
from filings.api.state import Services
from filings.core.errors import ApiError
from filings.web.deps import answer_bytes, as_json
from filings.web.envelope import api_error_body
from filings.web.middleware import correlation_id_of, send_json

INSTRUCTIONS = """Company financial filings of Helsinki-, Stockholm- and SEC-registered issuers:
find filings, search inside them and cite the page, and read comparable figures. Every answer is
the compact JSON of the HTTP API. An answer with `error` is a miss: `failure_kind` says why,
`hint` what to try (for example another spelling of the company, from `alternatives`). Ask for
less with `fields` (financials, statement, compare), `years` and `sections` (profile)."""

KeySource = Callable[[Context], str | None]
READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)


class ToolRunner:
    """What the tools need: the app's services and where a call's key comes from."""

    def __init__(self, services: Services, key_of: KeySource):
        self.services, self.key_of = services, key_of

    def origin(self, ctx: Context) -> str:
        """Where the caller reached the service: the HTTP request's base URL, else (stdio) the
        configured public URL."""
        request = getattr(ctx.request_context, "request", None) if _has_request(ctx) else None
        base_url = getattr(request, "base_url", None)
        if base_url is not None:
            return str(base_url).rstrip("/")
        return self.services.settings.public_url.rstrip("/")

    async def run(self, op: Operation, ctx: Context, arguments: dict[str, Any]) -> CallToolResult:  # type: ignore[type-arg]
        """Admit the call as a request, run the operation, settle, and answer its JSON."""
        gate: AccessGate = self.services.gate
        try:
            admission = await gate.in_thread(gate.admit, self.key_of(ctx), None, "")
            await gate.in_thread(gate.record_use, admission, "mcp")
        except ApiError as refused:
            raise ToolError(f"{refused.status_code}: {refused.message}") from refused
        parsed = op.arguments.model_validate(arguments)
        call = Call(self.services, self.origin(ctx), datetime.now(UTC))
        body, _ = await answer_bytes(
            self.services, op.question(parsed, False), op.work(parsed, call), 2, as_json
        )
        settled = StoredResponse(200, [("content-type", "application/json")], body)
        await gate.in_thread(gate.finish, admission, settled)
        return CallToolResult(content=[TextContent(type="text", text=body.decode())])


def _has_request(ctx: Context) -> bool:
    try:
        ctx.request_context  # noqa: B018 - raises outside a request
    except ValueError:
        return False
    return True


def operation_tool(op: Operation, runner: ToolRunner) -> Tool:  # type: ignore[type-arg]
    """The MCP tool of an operation: its arguments model as the input schema."""
    model = create_model(f"{op.name}_arguments", __base__=(op.arguments, ArgModelBase))

    async def tool(ctx: Context, **arguments: Any) -> CallToolResult:
        return await runner.run(op, ctx, arguments)

    return Tool(
        fn=tool,
        name=op.name,
        title=op.summary,
        description=op.description,
        parameters=model.model_json_schema(),
        fn_metadata=FuncMetadata(arg_model=model),
        is_async=True,
        context_kwarg="ctx",
        annotations=READ_ONLY,
    )


def build_mcp(services: Services, key_of: KeySource) -> MCPServer:
    """The MCP server with one tool per operation."""
    runner = ToolRunner(services, key_of)
    tools = [operation_tool(op, runner) for op in OPERATIONS]
    return MCPServer("filings", instructions=INSTRUCTIONS, tools=tools)


def http_key(ctx: Context) -> str | None:
    """The bearer key of the HTTP request carrying a tool call."""
    headers: Mapping[str, str] = ctx.headers or {}
    return bearer_key({k.lower(): v for k, v in headers.items()})


class KeyCheck:
    """The MCP endpoint behind the API's keys: a request whose key does not authenticate gets
    the HTTP API's 401 (or 402) envelope and never reaches MCP."""

    def __init__(self, app: Any, gate: AccessGate):
        self.app, self.gate = app, gate

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = {
                k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]
            }
            try:
                await self.gate.in_thread(self.gate.check_key, bearer_key(headers))
            except ApiError as refused:
                body = api_error_body(refused, scope["path"], correlation_id_of(scope))
                await send_json(send, refused.status_code, body, list(refused.headers.items()))
                return
        await self.app(scope, receive, send)
