"""The MCP tools, through the official SDK's own client over streamable HTTP: list them, call
each, get a miss, be refused with a bad key, and see the quota spent."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from mcp.client.streamable_http import streamable_http_client

from filings.access.plans import month_bucket
from mcp import Client

TOOLS = {
    "search_filings": {"company": "AAPL", "limit": 2},
    "content_search": {"query": "Lifco net sales 2019", "limit": 2},
    "get_snapshot": {"page_id": "0000320193-24-000123"},
    "get_financials": {"company": "AAPL", "year": 2024},
    "get_statement": {"company": "NVDA", "period_type": "quarterly", "years": 2},
    "get_profile": {"company": "AAPL"},
    "get_revenue_geography": {"company": "NVDA", "year": 2025},
    "compare_companies": {"companies": ["AAPL", "NVDA"], "years": 1},
    "screen_companies": {"metric": "revenue", "mode": "value", "year": 2024, "top_n": 3},
}


def session(app: Any, key: str | None) -> Client:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    http = httpx2.AsyncClient(
        transport=httpx2.ASGITransport(app=app), base_url="http://testserver", headers=headers
    )
    return Client(streamable_http_client("http://testserver/mcp", http_client=http))


def run(app: Any, work: Callable[[], Any]) -> Any:
    async def go() -> Any:
        async with app.router.lifespan_context(app):
            return await work()

    return asyncio.run(go())


def payload(result: Any) -> dict[str, Any]:
    assert not result.is_error, result
    if result.structured_content is not None:
        content = result.structured_content
        return content.get("result", content) if set(content) == {"result"} else content
    return json.loads(result.content[0].text)


API = "/api/v1/data"
# tool, its arguments, and the same question over HTTP: (method, path, query or body)
SAME_QUESTIONS: list[tuple[str, dict[str, Any], tuple[str, str, dict[str, Any]]]] = [
    (
        "search_filings",
        {"company": "AAPL", "limit": 2},
        ("POST", "/filings/search", {"company": "AAPL", "limit": 2}),
    ),
    (
        "search_filings",
        {"company": "NO SUCH CO ZZZ"},
        ("POST", "/filings/search", {"company": "NO SUCH CO ZZZ"}),
    ),
    (
        "content_search",
        {"query": "Lifco net sales 2019", "limit": 2},
        ("POST", "/filings/content-search", {"query": "Lifco net sales 2019", "limit": 2}),
    ),
    (
        "content_search",
        {"query": "net sales", "document_type": "brochure"},
        ("POST", "/filings/content-search", {"query": "net sales", "document_type": "brochure"}),
    ),
    (
        "get_snapshot",
        {"page_id": "0000320193-24-000123"},
        ("GET", "/filings/0000320193-24-000123/snapshot", {}),
    ),
    ("get_snapshot", {"page_id": "nope_1"}, ("GET", "/filings/nope_1/snapshot", {})),
    (
        "get_financials",
        {"company": "AAPL", "year": 2024, "fields": ["revenue", "net_income"]},
        ("GET", "/companies/AAPL/financials", {"year": 2024, "fields": "revenue,net_income"}),
    ),
    (
        "get_financials",
        {"company": "NO SUCH CO ZZZ"},
        ("GET", "/companies/NO SUCH CO ZZZ/financials", {}),
    ),
    (
        "get_statement",
        {"company": "NVDA", "period_type": "quarterly", "years": 2},
        ("GET", "/companies/NVDA/statement", {"period_type": "quarterly", "years": 2}),
    ),
    (
        "get_statement",
        {"company": "Lifco", "period_type": "quarterly"},
        ("GET", "/companies/Lifco/statement", {"period_type": "quarterly"}),
    ),
    (
        "get_profile",
        {"company": "AAPL", "sections": ["overview"]},
        ("GET", "/companies/AAPL/profile", {"sections": "overview"}),
    ),
    ("get_profile", {"company": "Sampo"}, ("GET", "/companies/Sampo/profile", {})),  # no document
    (
        "get_revenue_geography",
        {"company": "NVDA", "year": 2025},
        ("GET", "/companies/NVDA/revenue-geography", {"year": 2025}),
    ),
    (
        "get_revenue_geography",
        {"company": "AAPL", "year": 1990},
        ("GET", "/companies/AAPL/revenue-geography", {"year": 1990}),
    ),
    (
        "compare_companies",
        {"companies": ["AAPL", "NVDA"], "years": 1},
        ("POST", "/companies/compare", {"companies": ["AAPL", "NVDA"], "years": 1}),
    ),
    (
        "compare_companies",
        {"companies": ["AAPL", "NO SUCH CO ZZZ"], "fields": ["revenue"]},
        (
            "POST",
            "/companies/compare",
            {"companies": ["AAPL", "NO SUCH CO ZZZ"], "fields": ["revenue"]},
        ),
    ),
    (
        "screen_companies",
        {"metric": "revenue", "mode": "value", "year": 2024, "top_n": 3},
        (
            "POST",
            "/companies/screen",
            {"metric": "revenue", "mode": "value", "year": 2024, "top_n": 3},
        ),
    ),
    (
        "screen_companies",
        {"metric": "happiness"},
        ("POST", "/companies/screen", {"metric": "happiness"}),
    ),
]


def _http(client: TestClient, method: str, path: str, question: dict[str, Any]) -> Any:
    if method == "GET":
        return client.get(API + path, params=question)
    return client.post(API + path, json=question)


def test_every_tool_answers_as_the_http_endpoint(sec_client: TestClient) -> None:
    app, key = sec_client.app, sec_client.headers["Authorization"].removeprefix("Bearer ")

    async def work() -> list[Any]:
        async with session(app, key) as client:
            return [await client.call_tool(name, args) for name, args, _ in SAME_QUESTIONS]

    results = run(app, work)
    called = set()
    misses = 0
    for (name, args, (method, path, question)), result in zip(SAME_QUESTIONS, results, strict=True):
        http = _http(sec_client, method, path, question)
        assert http.status_code == 200, (name, http.text)
        assert payload(result) == http.json(), (name, args)  # the same JSON, misses included
        # once, compact: one text block, no structured copy, no indentation
        assert result.structured_content is None and len(result.content) == 1
        assert result.content[0].text == http.text, name
        called.add(name)
        misses += "error" in http.json()
    assert called == set(TOOLS)
    assert misses >= 7  # each tool's miss above but the snapshot's `available: false`


def test_the_tools_are_described_bounded_and_read_only(sec_client: TestClient) -> None:
    app, key = sec_client.app, sec_client.headers["Authorization"].removeprefix("Bearer ")

    async def work() -> Any:
        async with session(app, key) as client:
            return (await client.list_tools()).tools

    tools = {tool.name: tool for tool in run(app, work)}
    assert set(tools) == set(TOOLS)
    for tool in tools.values():
        assert tool.annotations.read_only_hint is True, tool.name
        assert tool.annotations.destructive_hint is False, tool.name
        assert "KB" in tool.description, tool.name  # says how large an answer is
        schema = tool.input_schema
        assert schema["additionalProperties"] is False, tool.name
        for argument, spec in schema["properties"].items():
            assert spec.get("description"), (tool.name, argument)
    limit = tools["search_filings"].input_schema["properties"]["limit"]
    assert (limit["minimum"], limit["maximum"], limit["default"]) == (1, 100, 20)
    metric = tools["screen_companies"].input_schema["properties"]["metric"]["description"]
    for key_name in ("revenue", "free_cash_flow", "equity_ratio", "order_intake"):
        assert key_name in metric
    assert "fields" in tools["get_statement"].input_schema["properties"]
    assert "sections" in tools["get_profile"].input_schema["properties"]


def test_unknown_arguments_are_refused(sec_client: TestClient) -> None:
    app, key = sec_client.app, sec_client.headers["Authorization"].removeprefix("Bearer ")

    async def work() -> Any:
        async with session(app, key) as client:
            return await client.call_tool("get_financials", {"company": "AAPL", "yaers": 2})

    result = run(app, work)
    assert result.is_error
    assert "yaers" in result.content[0].text and "xtra" in result.content[0].text


def test_a_snapshot_link_is_absolute_over_mcp(sec_client: TestClient) -> None:
    app, key = sec_client.app, sec_client.headers["Authorization"].removeprefix("Bearer ")
    hit = sec_client.post(
        f"{API}/filings/content-search", json={"query": "Lifco net sales 2019", "limit": 1}
    ).json()["results"][0]

    async def work() -> Any:
        async with session(app, key) as client:
            return await client.call_tool("get_snapshot", {"page_id": hit["page_id"]})

    snapshot = payload(run(app, work))
    assert snapshot["available"] is True
    assert snapshot["snapshot_url"].startswith("http://testserver/api/v1/snapshots/")


def test_a_miss_is_an_answer(sec_client: TestClient) -> None:
    app, key = sec_client.app, sec_client.headers["Authorization"].removeprefix("Bearer ")

    async def work() -> Any:
        async with session(app, key) as client:
            return await client.call_tool("get_financials", {"company": "NO SUCH CO ZZZ"})

    miss = payload(run(app, work))
    assert miss["failure_kind"] == "not_found" and miss["error"].startswith("Company not found")


def test_a_bad_key_is_refused_as_on_http(sec_client: TestClient) -> None:
    app = sec_client.app
    for key in (None, "svc_" + "x" * 43):

        async def work(key: str | None = key) -> Any:
            async with session(app, key) as client:
                return await client.list_tools()

        with pytest.raises(Exception, match="error"):  # the SDK's client gives up
            run(app, work)
        # what the client was answered: the HTTP API's 401 envelope
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        answer = TestClient(app).post(
            "/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers=headers
        )
        assert answer.status_code == 401
        assert answer.headers["WWW-Authenticate"] == 'Bearer realm="filings"'
        assert answer.json()["error"] in (
            "Invalid API key",
            "Missing API key: send Authorization: Bearer <API_KEY>",
        )


def test_each_tool_call_spends_a_request_of_the_quota(
    committed_database_url: str, tmp_path: Any
) -> None:
    # a database of its own: the SDK's client may send requests side by side, which a test's
    # single rolled-back connection cannot serve
    from filings.access import service
    from filings.access.store_sql import SqlAccessStore
    from filings.app import create_app
    from filings.core.settings import Settings
    from filings.db.engine import Database, make_engine

    database = Database(make_engine(committed_database_url))
    with database.transaction() as conn:
        account = service.create_account(conn, "mcp-user", plan="api", now=datetime.now(UTC))
        service.set_limits(conn, "mcp-user", monthly_quota=3)
        key = service.create_key(conn, "mcp-user", secret="mcp-secret", now=datetime.now(UTC))[1]
    app = create_app(
        Settings(
            database_url=committed_database_url,
            data_dir=tmp_path,
            key_hash_secret="mcp-secret",  # type: ignore[arg-type]
            index_vectors=False,
        ),
        database,
    )
    bucket = month_bucket(datetime.now(UTC))

    async def work() -> list[Any]:
        async with session(app, key) as mcp:
            await mcp.list_tools()  # listing is no request
            return [await mcp.call_tool("get_financials", {"company": "NOPE"}) for _ in range(4)]

    results = run(app, work)
    assert [r.is_error for r in results] == [False, False, False, True]  # quota of 3
    assert "429" in results[3].content[0].text
    store = SqlAccessStore(database)
    assert store.quota_used(account.pk, bucket) == 3
    assert store.used_by(account.pk, "mcp", bucket) == 3  # recorded as MCP use


def test_stdio_with_the_key_from_the_environment(
    sec_database_url: str, sec_client: TestClient, tmp_path: Any
) -> None:
    import os
    import sys
    from pathlib import Path

    from mcp import StdioServerParameters

    key = sec_client.headers["Authorization"].removeprefix("Bearer ")
    env = {
        "PATH": os.environ.get("PATH", ""),
        "FILINGS_DATABASE_URL": sec_database_url,
        "FILINGS_KEY_HASH_SECRET": "sec-tests",
        "FILINGS_API_KEY": key,
        "FILINGS_DATA_DIR": str(tmp_path),
        "FILINGS_INDEX_VECTORS": "false",
        "FILINGS_DEV_MODE": "true",
    }
    command = str(Path(sys.executable).with_name("filings"))
    server = StdioServerParameters(command=command, args=["mcp"], env=env)

    async def work() -> Any:
        async with Client(server) as client:
            return await client.call_tool("get_financials", {"company": "AAPL", "year": 2024})

    figures = payload(asyncio.run(work()))
    assert figures["by_year"]["2024"]["revenue"] == 391035000000


def test_tools_answer_as_of_a_day(sec_client: TestClient) -> None:
    app, key = sec_client.app, sec_client.headers["Authorization"].removeprefix("Bearer ")

    async def work() -> Any:
        async with session(app, key) as client:
            return await client.call_tool(
                "get_financials", {"company": "AAPL", "year": 2011, "as_of": "2012-01-15"}
            )

    figures = payload(run(app, work))
    assert figures["latest_period"]["metrics"]["eps_diluted"]["value"] == 27.68
