"""The API as MCP tools, over the same services as the HTTP endpoints (official `mcp` SDK).

Nine tools with the endpoints' arguments, bounds and defaults; each answers the JSON the HTTP
endpoint answers, misses included. Every tool call is admitted by the same access gate as an
HTTP request (key, plan, rate limits, quota) and counted as one request. Over streamable HTTP
(`/mcp`, mounted in the app) the key is the request's bearer key, and a request whose key does
not authenticate is refused with the HTTP envelope before any MCP processing; over stdio
(`filings mcp`) it is `FILINGS_API_KEY`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, Field
from sqlalchemy import Connection

from filings.access.gate import AccessGate
from filings.access.middleware import bearer_key
from filings.access.store import StoredResponse
from filings.companies import service as company_service
from filings.companies.service import CompanyDirectory
from filings.core.errors import ApiError
from filings.documents import service as filings
from filings.documents.schemas import FilingSearchRequest
from filings.financials import service as financials
from filings.financials.queries import PeriodCache
from filings.financials.schemas import CompareRequest, ScreenRequest
from filings.search import service as search
from filings.search.schemas import ContentSearchRequest
from filings.search.service import SearchEngine
from filings.web.deps import AppState, run_service
from filings.web.envelope import api_error_body
from filings.web.middleware import correlation_id_of, send_json

INSTRUCTIONS = """Company financial filings of Helsinki-, Stockholm- and SEC-registered issuers:
find filings, search inside them and cite the page, and read comparable figures. Every answer is
the JSON of the HTTP API. An answer with `error` is a miss: `failure_kind` says why, `hint` what
to try (for example another spelling of the company, from `alternatives`)."""

KeySource = Callable[[Context], str | None]
Company = Annotated[str, Field(min_length=1, description="Name, ticker, ISIN or CIK.")]


class Services:
    """What the tools need: the app's state, caches and gate."""

    def __init__(
        self,
        state: AppState,
        directory: CompanyDirectory,
        periods: PeriodCache,
        engine: SearchEngine,
        gate: AccessGate,
        key_of: KeySource,
    ):
        self.state, self.directory, self.periods, self.engine = state, directory, periods, engine
        self.gate, self.key_of = gate, key_of

    async def answer(self, ctx: Context, work: Callable[[Connection], BaseModel]) -> dict[str, Any]:
        """Admit the call as a request, run the service, settle, and answer its JSON."""
        key = self.key_of(ctx)
        try:
            admission = await self.gate.in_thread(self.gate.admit, key, None, "")
            await self.gate.in_thread(self.gate.record_use, admission, "mcp")
        except ApiError as refused:
            raise ToolError(f"{refused.status_code}: {refused.message}") from refused
        answer = await run_service(self.state, work, 2)
        body = answer.model_dump_json().encode()
        settled = StoredResponse(200, [("content-type", "application/json")], body)
        await self.gate.in_thread(self.gate.finish, admission, settled)
        data: dict[str, Any] = json.loads(body)
        return data


def build_mcp(services: Services) -> MCPServer:
    """The MCP server with the nine tools."""
    server = MCPServer("filings", instructions=INSTRUCTIONS)
    s = services

    @server.tool(
        description="Search filings by company, fiscal-year range, document type and market, "
        "newest filed first. Returns `filings` with citation labels and `has_more`."
    )
    async def search_filings(
        ctx: Context,
        company: Company | None = None,
        year_from: Annotated[int | None, Field(ge=1990, le=2100)] = None,
        year_to: Annotated[int | None, Field(ge=1990, le=2100)] = None,
        document_type: Annotated[
            str | None,
            Field(description="annual_report, interim_report, stock_exchange_release, 10-K ..."),
        ] = None,
        market: Annotated[str | None, Field(description="nordic or us.")] = None,
        limit: Annotated[int, Field(ge=1, le=100)] = 20,
    ) -> dict[str, Any]:
        request = FilingSearchRequest(
            company=company,
            year_from=year_from,
            year_to=year_to,
            document_type=document_type,
            market=market,
            limit=limit,
        )
        return await s.answer(ctx, lambda c: filings.search_filings(c, s.directory, request))

    @server.tool(
        description="Find passages inside filings that answer a question (English, Finnish or "
        "Swedish), best first; each hit has its page_id to cite and open."
    )
    async def content_search(
        ctx: Context,
        query: Annotated[str, Field(min_length=1, description="The question or keywords.")],
        company: Company | None = None,
        year: int | None = None,
        document_type: str | None = None,
        limit: Annotated[int, Field(ge=1, le=20)] = 5,
    ) -> dict[str, Any]:
        request = ContentSearchRequest(
            query=query, company=company, year=year, document_type=document_type, limit=limit
        )
        return await s.answer(
            ctx, lambda c: search.content_search(c, s.directory, request, s.engine)
        )

    @server.tool(
        description="Resolve a page id (`<docid>_<page>` of a Nordic document, or a US "
        "accession number) to a viewable source: a signed link to the page, or the filing on "
        "the SEC's site."
    )
    async def get_snapshot(
        ctx: Context,
        page_id: Annotated[str, Field(min_length=1)],
        dpi: Annotated[int, Field(ge=72, le=300)] = 150,
    ) -> dict[str, Any]:
        from filings.documents.router import snapshot_links

        links, now = snapshot_links(s.state), datetime.now(UTC)
        return await s.answer(ctx, lambda c: filings.snapshot(c, page_id, dpi, links, now))

    @server.tool(
        description="Key figures of a company: by_year for the newest `years` fiscal years and "
        "latest_period with every metric, each value with its unit and source."
    )
    async def get_financials(
        ctx: Context,
        company: Company,
        years: Annotated[int, Field(ge=1, le=10)] = 5,
        market: str | None = None,
        period_type: Annotated[str, Field(description="auto, annual or quarterly.")] = "auto",
        year: int | None = None,
        quarter: Annotated[int | None, Field(ge=1, le=4)] = None,
        as_of: Annotated[
            date | None,
            Field(description="The figures as known on this day (YYYY-MM-DD); omit for today's."),
        ] = None,
    ) -> dict[str, Any]:
        return await s.answer(
            ctx,
            lambda c: financials.financials(
                c,
                s.directory,
                s.periods,
                company=company,
                years=years,
                market=market,
                period_type=period_type,
                year=year,
                quarter=quarter,
                as_of=as_of,
            ),
        )

    @server.tool(
        description="A full income statement, balance sheet or cash flow statement, up to 25 "
        "periods newest first, each line with the issuer's own label and its source."
    )
    async def get_statement(
        ctx: Context,
        company: Company,
        statement: Annotated[
            str, Field(description="income_statement, balance_sheet or cash_flow.")
        ] = "income_statement",
        years: Annotated[int, Field(ge=1, le=25)] = 10,
        market: str | None = None,
        period_type: Annotated[str, Field(description="annual, quarterly or auto.")] = "annual",
        year: int | None = None,
        quarter: Annotated[int | None, Field(ge=1, le=4)] = None,
        as_of: Annotated[
            date | None,
            Field(description="The figures as known on this day (YYYY-MM-DD); omit for today's."),
        ] = None,
    ) -> dict[str, Any]:
        return await s.answer(
            ctx,
            lambda c: financials.statement(
                c,
                s.directory,
                s.periods,
                company=company,
                statement=statement,
                years=years,
                market=market,
                period_type=period_type,
                year=year,
                quarter=quarter,
                as_of=as_of,
            ),
        )

    @server.tool(
        description="A company profile drawn from its filings: overview, strategy and more, "
        "every sentence cited to its page."
    )
    async def get_profile(
        ctx: Context,
        company: Company,
        locale: Annotated[str, Field(pattern="^(en|fi)$")] = "en",
        include_full_text: bool = False,
    ) -> dict[str, Any]:
        return await s.answer(
            ctx,
            lambda c: company_service.profile(
                c, s.directory, company=company, locale=locale, include_full_text=include_full_text
            ),
        )

    @server.tool(
        description="Revenue by country and region for one fiscal year (the newest with "
        "geography by default)."
    )
    async def get_revenue_geography(
        ctx: Context, company: Company, year: int | None = None
    ) -> dict[str, Any]:
        return await s.answer(
            ctx,
            lambda c: company_service.revenue_geography(c, s.directory, company=company, year=year),
        )

    @server.tool(description="Key figures of 2 to 5 companies side by side, Nordic and US mixed.")
    async def compare_companies(
        ctx: Context,
        companies: Annotated[
            list[str], Field(min_length=2, max_length=5, description="Names or tickers.")
        ],
        years: Annotated[int, Field(ge=1, le=10)] = 3,
        as_of: Annotated[
            date | None,
            Field(description="The figures as known on this day (YYYY-MM-DD); omit for today's."),
        ] = None,
    ) -> dict[str, Any]:
        request = CompareRequest(companies=companies, years=years, as_of=as_of)
        return await s.answer(ctx, lambda c: financials.compare(c, s.directory, s.periods, request))

    @server.tool(
        description="Rank companies by a metric's compound annual growth or its value; values "
        "are never converted between currencies (see `currencies` and `warning`)."
    )
    async def screen_companies(
        ctx: Context,
        metric: str = "revenue",
        mode: Annotated[str, Field(description="growth or value.")] = "growth",
        year: int | None = None,
        compare_years: Annotated[int, Field(ge=1, le=10)] = 1,
        country: Annotated[str | None, Field(description="FI, SE or US.")] = None,
        industry: str | None = None,
        tag_slugs: list[str] | None = None,
        top_n: Annotated[int, Field(ge=1, le=100)] = 20,
        direction: Annotated[str, Field(description="desc or asc.")] = "desc",
        min_value: float | None = None,
        currency: Annotated[str | None, Field(pattern="^[A-Za-z]{3}$")] = None,
        as_of: Annotated[
            date | None,
            Field(description="The figures as known on this day (YYYY-MM-DD); omit for today's."),
        ] = None,
    ) -> dict[str, Any]:
        request = ScreenRequest(
            metric=metric,
            mode=mode,
            year=year,
            compare_years=compare_years,
            country=country,
            industry=industry,
            tag_slugs=tag_slugs,
            top_n=top_n,
            direction=direction,
            min_value=min_value,
            currency=currency,
            as_of=as_of,
        )
        return await s.answer(ctx, lambda c: financials.screen(c, request))

    return server


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
