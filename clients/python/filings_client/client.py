"""Clients of the filings API: `FilingsClient` (sync) and `AsyncFilingsClient`, one method per
endpoint over httpx.

Answers come back as the models of `filings_client.models`. A miss (a 200 answer that found
nothing, spec 7) comes back as a `Miss`, or is raised as `MissError` with `raise_on_miss=True`.
HTTP errors raise `FilingsHTTPError`. 429 and 5xx answers and dropped connections are retried
with backoff, waiting what `Retry-After` says; every POST carries an `Idempotency-Key`, the same
on each retry, so a retried POST is never counted or run twice.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel, ValidationError

from filings_client.models import (
    ANSWERS,
    CompareResponse,
    ContentSearchResponse,
    FilingSearchResponse,
    FinancialsResponse,
    Miss,
    ProfileResponse,
    QuarterlyNotAvailable,
    RevenueGeography,
    ScreenResponse,
    Snapshot,
    StatementResponse,
)

API = "/api/v1/data"
RETRYABLE = frozenset({429, 500, 502, 503, 504})
T = TypeVar("T", bound=BaseModel)


class FilingsHTTPError(Exception):
    """An HTTP error the service answered (after any retries): its status and envelope."""

    def __init__(self, status_code: int, body: Any):
        self.status_code = status_code
        self.body = body
        message = body.get("error") or body.get("detail") if isinstance(body, dict) else body
        super().__init__(f"HTTP {status_code}: {message}")


class MissError(Exception):
    """A miss, raised because the client was made with `raise_on_miss=True`."""

    def __init__(self, miss: Miss):
        self.miss = miss
        super().__init__(f"{miss.failure_kind or 'miss'}: {miss.error}")


@dataclass(frozen=True)
class _Call:
    operation: str
    method: str
    path: str
    params: dict[str, Any] = field(default_factory=dict)
    body: dict[str, Any] | None = None


def _query(**values: Any) -> dict[str, Any]:
    """The arguments given, dates as ISO text."""
    return {
        k: v.isoformat() if isinstance(v, date) else v for k, v in values.items() if v is not None
    }


def _segment(value: str) -> str:
    """A path segment, every reserved character encoded (`/`, `#`, `?`, `%`, spaces): a
    company named `AGCO CORP /DE` or `A&B #1?` reaches the server whole."""
    return quote(value, safe="")


def _parse(call: _Call, data: Any) -> BaseModel:
    """The answer as the one shape of the operation's answers that it validates as (the API
    document makes them exclusive: data shapes require their fields, a miss `error` and
    `failure_kind`)."""
    problems: list[ValidationError] = []
    for shape in ANSWERS[call.operation]:
        try:
            return shape.model_validate(data)
        except ValidationError as problem:
            problems.append(problem)
    raise problems[-1]


class _Endpoints:
    """The nine endpoints as calls; the clients send them."""

    def _search_filings(self, **body: Any) -> _Call:
        return _Call("search_filings", "POST", "/filings/search", body=_query(**body))

    def _content_search(self, **body: Any) -> _Call:
        return _Call("content_search", "POST", "/filings/content-search", body=_query(**body))

    def _snapshot(self, page_id: str, dpi: int) -> _Call:
        path = f"/filings/{_segment(page_id)}/snapshot"
        return _Call("get_snapshot", "GET", path, _query(dpi=dpi))

    def _financials(self, company: str, **params: Any) -> _Call:
        path = f"/companies/{_segment(company)}/financials"
        return _Call("get_financials", "GET", path, _query(**params))

    def _statement(self, company: str, **params: Any) -> _Call:
        path = f"/companies/{_segment(company)}/statement"
        return _Call("get_statement", "GET", path, _query(**params))

    def _profile(self, company: str, **params: Any) -> _Call:
        path = f"/companies/{_segment(company)}/profile"
        return _Call("get_profile", "GET", path, _query(**params))

    def _geography(self, company: str, year: int | None) -> _Call:
        path = f"/companies/{_segment(company)}/revenue-geography"
        return _Call("get_revenue_geography", "GET", path, _query(year=year))

    def _compare(self, companies: list[str], years: int, **options: Any) -> _Call:
        body = _query(companies=companies, years=years, **options)
        return _Call("compare_companies", "POST", "/companies/compare", body=body)

    def _screen(self, **body: Any) -> _Call:
        return _Call("screen_companies", "POST", "/companies/screen", body=_query(**body))


class _Settings:
    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        raise_on_miss: bool,
        max_retries: int,
        max_wait: float,
        backoff: float,
    ):
        self.base_url = base_url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {api_key}", "User-Agent": "filings-client"}
        self.raise_on_miss = raise_on_miss
        self.max_retries = max_retries
        self.max_wait = max_wait
        self.backoff = backoff

    def final(self, response: httpx.Response, attempt: int) -> bool:
        """Whether this answer is the call's last: not retryable, or no retry left."""
        return response.status_code not in RETRYABLE or attempt == self.max_retries

    def wait(self, attempt: int, response: httpx.Response | None) -> float:
        """Seconds before the next attempt: Retry-After when given, else exponential backoff."""
        if response is not None and (after := response.headers.get("Retry-After")):
            try:
                return min(float(after), self.max_wait)
            except ValueError:
                pass
        return min(self.backoff * 2**attempt, self.max_wait)

    def request(self, call: _Call, key: str | None) -> dict[str, Any]:
        headers = dict(self.headers)
        if key is not None:
            headers["Idempotency-Key"] = key
        return {
            "method": call.method,
            "url": f"{self.base_url}{API}{call.path}",
            "params": call.params,
            "json": call.body,
            "headers": headers,
        }

    def outcome(self, call: _Call, response: httpx.Response) -> BaseModel:
        data = response.json()
        if response.status_code != 200:
            raise FilingsHTTPError(response.status_code, data)
        answer = _parse(call, data)
        if isinstance(answer, Miss) and self.raise_on_miss:
            raise MissError(answer)
        return answer


class FilingsClient(_Endpoints):
    """The filings API, synchronously. Use it as a context manager, or call `close()`."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        raise_on_miss: bool = False,
        max_retries: int = 3,
        max_wait: float = 30.0,
        backoff: float = 0.5,
        timeout: float = 30.0,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self._settings = _Settings(
            base_url,
            api_key,
            raise_on_miss=raise_on_miss,
            max_retries=max_retries,
            max_wait=max_wait,
            backoff=backoff,
        )
        self._http = httpx.Client(timeout=timeout, transport=transport)
        self._sleep = sleep

    def __enter__(self) -> FilingsClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connections."""
        self._http.close()

    def _send(self, call: _Call) -> Any:
        key = str(uuid.uuid4()) if call.method == "POST" else None
        settings = self._settings
        for attempt in range(settings.max_retries + 1):
            response: httpx.Response | None = None
            try:
                response = self._http.request(**settings.request(call, key))
            except httpx.TransportError:
                if attempt == settings.max_retries:
                    raise
            if response is not None and settings.final(response, attempt):
                return settings.outcome(call, response)
            self._sleep(settings.wait(attempt, response))
        raise AssertionError("unreachable")  # pragma: no cover

    def search_filings(
        self,
        *,
        company: str | None = None,
        year_from: int | None = None,
        year_to: int | None = None,
        document_type: str | None = None,
        market: str | None = None,
        limit: int = 20,
    ) -> FilingSearchResponse | Miss:
        """POST /filings/search: filings by company, fiscal-year range, type and market."""
        return self._send(
            self._search_filings(
                company=company,
                year_from=year_from,
                year_to=year_to,
                document_type=document_type,
                market=market,
                limit=limit,
            )
        )

    def content_search(
        self,
        query: str,
        *,
        company: str | None = None,
        year: int | None = None,
        document_type: str | None = None,
        limit: int = 5,
    ) -> ContentSearchResponse | Miss:
        """POST /filings/content-search: passages that answer a question, each citable."""
        return self._send(
            self._content_search(
                query=query, company=company, year=year, document_type=document_type, limit=limit
            )
        )

    def get_snapshot(self, page_id: str, *, dpi: int = 150) -> Snapshot | Miss:
        """GET /filings/{page_id}/snapshot: a page's viewable source."""
        return self._send(self._snapshot(page_id, dpi))

    def get_financials(
        self,
        company: str,
        *,
        years: int = 5,
        market: str | None = None,
        period_type: str = "auto",
        year: int | None = None,
        quarter: int | None = None,
        as_of: date | None = None,
        fields: list[str] | None = None,
    ) -> FinancialsResponse | Miss:
        """GET /companies/{company}/financials: key figures by year and the latest period
        (as known on `as_of` when given; only the metrics of `fields` when given)."""
        return self._send(
            self._financials(
                company,
                years=years,
                market=market,
                period_type=period_type,
                year=year,
                quarter=quarter,
                as_of=as_of,
                fields=fields,
            )
        )

    def get_statement(
        self,
        company: str,
        *,
        statement: str = "income_statement",
        years: int = 10,
        market: str | None = None,
        period_type: str = "annual",
        year: int | None = None,
        quarter: int | None = None,
        as_of: date | None = None,
        fields: list[str] | None = None,
    ) -> StatementResponse | QuarterlyNotAvailable | Miss:
        """GET /companies/{company}/statement: a full statement, up to 25 periods (only the
        lines of `fields` when given)."""
        return self._send(
            self._statement(
                company,
                statement=statement,
                years=years,
                market=market,
                period_type=period_type,
                year=year,
                quarter=quarter,
                as_of=as_of,
                fields=fields,
            )
        )

    def get_profile(
        self,
        company: str,
        *,
        locale: str = "en",
        include_full_text: bool = False,
        sections: list[str] | None = None,
    ) -> ProfileResponse | Miss:
        """GET /companies/{company}/profile: a profile drawn from the filings, cited (only
        the `sections` named when given)."""
        return self._send(
            self._profile(
                company,
                locale=locale,
                include_full_text=include_full_text or None,
                sections=sections,
            )
        )

    def get_revenue_geography(
        self, company: str, *, year: int | None = None
    ) -> RevenueGeography | Miss:
        """GET /companies/{company}/revenue-geography: revenue by country and region."""
        return self._send(self._geography(company, year))

    def compare_companies(
        self,
        companies: list[str],
        *,
        years: int = 3,
        as_of: date | None = None,
        fields: list[str] | None = None,
    ) -> CompareResponse | Miss:
        """POST /companies/compare: key figures of 2 to 5 companies side by side."""
        return self._send(self._compare(companies, years, as_of=as_of, fields=fields))

    def screen_companies(
        self,
        *,
        metric: str = "revenue",
        mode: str = "growth",
        year: int | None = None,
        compare_years: int = 1,
        country: str | None = None,
        industry: str | None = None,
        tag_slugs: list[str] | None = None,
        top_n: int = 20,
        direction: str = "desc",
        min_value: float | None = None,
        currency: str | None = None,
        as_of: date | None = None,
    ) -> ScreenResponse | Miss:
        """POST /companies/screen: rank companies by a metric's growth or value."""
        return self._send(
            self._screen(
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
        )


class AsyncFilingsClient(_Endpoints):
    """The filings API, asynchronously: the same methods as `FilingsClient`, awaited."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        raise_on_miss: bool = False,
        max_retries: int = 3,
        max_wait: float = 30.0,
        backoff: float = 0.5,
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ):
        self._settings = _Settings(
            base_url,
            api_key,
            raise_on_miss=raise_on_miss,
            max_retries=max_retries,
            max_wait=max_wait,
            backoff=backoff,
        )
        self._http = httpx.AsyncClient(timeout=timeout, transport=transport)
        self._sleep = sleep

    async def __aenter__(self) -> AsyncFilingsClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connections."""
        await self._http.aclose()

    async def _send(self, call: _Call) -> Any:
        key = str(uuid.uuid4()) if call.method == "POST" else None
        settings = self._settings
        for attempt in range(settings.max_retries + 1):
            response: httpx.Response | None = None
            try:
                response = await self._http.request(**settings.request(call, key))
            except httpx.TransportError:
                if attempt == settings.max_retries:
                    raise
            if response is not None and settings.final(response, attempt):
                return settings.outcome(call, response)
            await self._sleep(settings.wait(attempt, response))
        raise AssertionError("unreachable")  # pragma: no cover

    async def search_filings(self, **options: Any) -> FilingSearchResponse | Miss:
        """See `FilingsClient.search_filings`."""
        return await self._send(self._search_filings(**options))

    async def content_search(self, query: str, **options: Any) -> ContentSearchResponse | Miss:
        """See `FilingsClient.content_search`."""
        return await self._send(self._content_search(query=query, **options))

    async def get_snapshot(self, page_id: str, *, dpi: int = 150) -> Snapshot | Miss:
        """See `FilingsClient.get_snapshot`."""
        return await self._send(self._snapshot(page_id, dpi))

    async def get_financials(self, company: str, **options: Any) -> FinancialsResponse | Miss:
        """See `FilingsClient.get_financials`."""
        return await self._send(self._financials(company, **options))

    async def get_statement(
        self, company: str, **options: Any
    ) -> StatementResponse | QuarterlyNotAvailable | Miss:
        """See `FilingsClient.get_statement`."""
        return await self._send(self._statement(company, **options))

    async def get_profile(self, company: str, **options: Any) -> ProfileResponse | Miss:
        """See `FilingsClient.get_profile`."""
        return await self._send(self._profile(company, **options))

    async def get_revenue_geography(
        self, company: str, *, year: int | None = None
    ) -> RevenueGeography | Miss:
        """See `FilingsClient.get_revenue_geography`."""
        return await self._send(self._geography(company, year))

    async def compare_companies(
        self,
        companies: list[str],
        *,
        years: int = 3,
        as_of: date | None = None,
        fields: list[str] | None = None,
    ) -> CompareResponse | Miss:
        """See `FilingsClient.compare_companies`."""
        return await self._send(self._compare(companies, years, as_of=as_of, fields=fields))

    async def screen_companies(self, **options: Any) -> ScreenResponse | Miss:
        """See `FilingsClient.screen_companies`."""
        return await self._send(self._screen(**options))
