"""What real clients rely on: entity tags and 304s outside the quota, the IETF rate-limit
fields, asking for less (`fields`, `sections`), company names with `/` in a path, and the
challenge of a 401."""

from __future__ import annotations

from urllib.parse import quote

from fastapi.testclient import TestClient

API = "/api/v1/data"


def _used(answer: object) -> int:
    return int(answer.headers["X-Quota-Used"])  # type: ignore[attr-defined]


def test_a_matching_if_none_match_is_a_304_that_costs_no_quota(sec_client: TestClient) -> None:
    path = f"{API}/companies/AAPL/financials"
    first = sec_client.get(path, params={"year": 2024})
    tag = first.headers["ETag"]
    assert first.status_code == 200 and tag.startswith('"') and len(tag) == 34
    again = sec_client.get(path, params={"year": 2024}, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["ETag"] == tag
    assert _used(again) == _used(first)  # the 304 is not counted...
    after = sec_client.get(path, params={"year": 2023})
    assert after.status_code == 200 and _used(after) == _used(first) + 1  # ...the next is
    assert after.headers["ETag"] != tag
    stale = sec_client.get(path, params={"year": 2023}, headers={"If-None-Match": tag})
    assert stale.status_code == 200 and _used(stale) == _used(after) + 1
    weak = sec_client.get(path, params={"year": 2024}, headers={"If-None-Match": f"W/{tag}"})
    assert weak.status_code == 304


def test_misses_and_csv_carry_their_own_tags(sec_client: TestClient) -> None:
    miss = sec_client.get(f"{API}/companies/NO SUCH CO ZZZ/financials")
    as_csv = sec_client.get(f"{API}/companies/AAPL/financials", params={"format": "csv"})
    as_json = sec_client.get(f"{API}/companies/AAPL/financials")
    tags = {miss.headers["ETag"], as_csv.headers["ETag"], as_json.headers["ETag"]}
    assert len(tags) == 3 and as_csv.headers["Vary"] == "Accept"
    assert "ETag" not in sec_client.post(f"{API}/filings/search", json={"limit": 1}).headers


def test_the_ietf_rate_limit_fields_beside_the_old_ones(sec_client: TestClient) -> None:
    answer = sec_client.get(f"{API}/companies/AAPL/profile")
    policy = answer.headers["RateLimit-Policy"]
    assert policy.startswith('"second";q=10000;w=1, "minute";q=1000000;w=60, "month";q=1000000;w=')
    minute, month = answer.headers["RateLimit"].split(", ")
    remaining = answer.headers["X-RateLimit-Remaining"]
    assert minute == f'"minute";r={remaining};t={answer.headers["X-RateLimit-Reset"]}'
    assert month.startswith(f'"month";r={answer.headers["X-Quota-Remaining"]};t=')
    assert 0 < int(month.rsplit("=", 1)[1]) <= 31 * 86400


def test_fields_keep_only_some_metrics(sec_client: TestClient) -> None:
    figures = sec_client.get(
        f"{API}/companies/AAPL/financials", params={"year": 2024, "fields": "sales,net_income"}
    ).json()
    assert set(figures["by_year"]["2024"]) == {"revenue", "net_income"}
    assert figures["by_year"]["2024"]["revenue"] == 391035000000
    assert set(figures["latest_period"]["metrics"]) == {"revenue", "net_income"}
    repeated = sec_client.get(
        f"{API}/companies/AAPL/financials",
        params=[("year", "2024"), ("fields", "revenue"), ("fields", "net_income")],
    ).json()
    assert repeated == figures
    statement = sec_client.get(
        f"{API}/companies/NVDA/statement", params={"years": 2, "fields": "revenue"}
    ).json()
    assert [set(p["metrics"]) for p in statement["periods"]] == [{"revenue"}, {"revenue"}]
    compared = sec_client.post(
        f"{API}/companies/compare", json={"companies": ["AAPL", "NVDA"], "fields": ["eps"]}
    ).json()
    assert compared["kpis"] == ["eps"]
    assert all(set(row) == {"eps"} for c in compared["companies"] for row in c["by_year"].values())
    wrong = sec_client.get(f"{API}/companies/AAPL/statement", params={"fields": "goodwill"}).json()
    assert wrong["failure_kind"] == "validation_error"  # a balance sheet line, not income's
    assert "revenue" in wrong["alternatives"]


def test_sections_keep_only_some_of_a_profile(sec_client: TestClient) -> None:
    whole = sec_client.get(f"{API}/companies/AAPL/profile").json()
    some = sec_client.get(f"{API}/companies/AAPL/profile", params={"sections": "risks"}).json()
    assert some["risks"] == whole["risks"] and some["company_name"] == whole["company_name"]
    assert some["overview"] is None and "customers" not in some
    assert set(some["citations"]) <= {"risks"}
    assert len(some) < len(whole)
    wrong = sec_client.get(f"{API}/companies/AAPL/profile", params={"sections": "gossip"}).json()
    assert wrong["failure_kind"] == "validation_error" and "overview" in wrong["alternatives"]


def test_a_company_name_with_a_slash_in_the_path(sec_client: TestClient) -> None:
    name = "COSTCO WHOLESALE CORP /NEW"  # servers decode %2F before routing
    for endpoint in ("profile", "financials", "statement", "revenue-geography"):
        answer = sec_client.get(f"{API}/companies/{quote(name, safe='')}/{endpoint}").json()
        assert answer.get("company_name", answer.get("resolved_name")) == name, answer
    figures = sec_client.get(f"{API}/companies/{quote(name, safe='')}/financials").json()
    assert figures["by_year"]  # Costco's figures, not a miss


def test_initialisms_and_leading_words(sec_client: TestClient) -> None:
    tsmc = sec_client.get(f"{API}/companies/TSMC/financials", params={"years": 1}).json()
    assert tsmc["company_name"] == "TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD"
    stora = sec_client.get(f"{API}/companies/Stora/financials").json()
    if "error" in stora:  # several companies' names are like it: Stora Enso first
        assert stora["alternatives"][0]["display_name"].startswith("Stora Enso"), stora
    else:  # the only name like it (the corpus has no Storage companies): resolved
        assert stora["company_name"].startswith("Stora Enso"), stora


def test_a_401_names_its_scheme(client: TestClient) -> None:
    for headers in ({}, {"Authorization": "Bearer svc_" + "x" * 43}):
        answer = TestClient(client.app).get(f"{API}/companies/AAPL/financials", headers=headers)
        assert answer.status_code == 401
        assert answer.headers["WWW-Authenticate"] == 'Bearer realm="filings"'
