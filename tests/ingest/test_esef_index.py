"""The filings.xbrl.org index: its real responses (corpus), paging over a local HTTP server that
serves them, and a run that ingests the packages an index lists."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Callable, Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, select
from typer.testing import CliRunner

from filings.cli.main import app
from filings.core.errors import ConfigurationError, DataSourceUnavailable
from filings.db.engine import Database, make_engine
from filings.db.tables import companies, filings, metric_values
from filings.ingest import pacing
from filings.ingest.esef.index import read_index_page, reports_in_order
from filings.ingest.esef.pipeline import gather_offers, ingest_esef
from filings.ingest.esef.source import EsefHttp, Locations
from filings.ingest.nordic.pipeline import load_instruments
from tests.cli.test_errors import one_sentence, run
from tests.conftest import SavepointDatabase
from tests.ingest.esef_packages import (
    ENGLISH_DOT,
    KEMIRA,
    LIFCO,
    TR2,
    TR5,
    Edition,
    package,
    with_values,
)

API = "nordic/filings.xbrl.org/api"
AGENT = "filings tests (ops@example.test)"


def _page(corpus: Path, name: str) -> dict[str, Any]:
    return json.loads((corpus / API / name).read_text())


# --- the real responses -------------------------------------------------------------------------


def test_corpus_responses_read(corpus: Path) -> None:
    page = read_index_page((corpus / API / "fi-oldest3-with-entities.json").read_bytes())
    assert page.count == 755 and page.problems == []
    assert [(e.id, e.lei, e.entity_name, e.country) for e in page.entries] == [
        ("710", "743700EPLUWXE25HGM03", "Enento Group Oyj", "FI"),
        ("507", "549300UWB1AIR85BM957", "Oriola Oyj", "FI"),
        ("1495", "7437007N96FK4N3WHT09", "SSH Communications Security Oyj", "FI"),
    ]
    enento = page.entries[0]
    assert enento.period_end == date(2020, 12, 31) and enento.added == datetime(2021, 5, 18)
    assert enento.package_url == (
        "/743700EPLUWXE25HGM03/2020-12-31/ESEF/FI/0/ENENTO-2020-12-31_EN.zip"
    )
    assert page.next_url is not None and page.next_url.endswith("page%5Bnumber%5D=2")
    fortum = read_index_page((corpus / API / "fortum-2023-1-id12366.json").read_bytes())
    only = fortum.entries[0]
    # no `include=entity`: the LEI from the entity link, no name
    assert (only.lei, only.entity_name, only.sequence) == ("635400IUIZZIUJSAMF76", None, 1)


def test_editions_of_one_report_are_grouped_oldest_first(corpus: Path) -> None:
    names = ["upm-2021-1-id138.json", "upm-2021-0-id137.json", "upm-2022-0-id4455.json"]
    names += ["upm-2022-1-id4456.json", "kone-2022-1-id4144.json", "kone-2022-0-id4143.json"]
    entries = [e for n in names for e in read_index_page((corpus / API / n).read_bytes()).entries]
    groups = [[e.fxo_id for e in group] for group in reports_in_order(entries)]
    assert groups == [
        ["2138001CNF45JP5XZK38-2022-12-31-ESEF-FI-0", "2138001CNF45JP5XZK38-2022-12-31-ESEF-FI-1"],
        ["213800EC6PW5VU4J9U64-2021-12-31-ESEF-FI-0", "213800EC6PW5VU4J9U64-2021-12-31-ESEF-FI-1"],
        ["213800EC6PW5VU4J9U64-2022-12-31-ESEF-FI-0", "213800EC6PW5VU4J9U64-2022-12-31-ESEF-FI-1"],
    ]


def test_a_response_that_is_not_an_index_is_refused() -> None:
    from filings.core.errors import MalformedInput

    with pytest.raises(MalformedInput, match=r"not a filings\.xbrl\.org"):
        read_index_page(b'{"documents": []}')


# --- a local server ----------------------------------------------------------------------------


class Host:
    """A local HTTP server answering fixed paths (with their query), and what it was asked."""

    def __init__(self) -> None:
        self.routes: dict[str, bytes | Callable[[], tuple[int, dict[str, str], bytes]]] = {}
        self.asked: list[tuple[str, str]] = []
        host = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                host.asked.append((self.path, self.headers.get("User-Agent", "")))
                found = host.routes.get(self.path)
                status, headers, body = (
                    found() if callable(found) else (200, {}, found) if found else (404, {}, b"")
                )
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_: object) -> None:
                return

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        """Stop serving."""
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def host() -> Iterator[Host]:
    served = Host()
    yield served
    served.close()


def _path(url: str) -> str:
    return url.split("filings.xbrl.org", 1)[1]


def _serve_se_pages(host: Host, corpus: Path) -> str:
    """The four corpus pages of the Swedish listing, the last without a next link."""
    for number in range(1, 5):
        page = _page(corpus, f"se-page{number}.json")
        if number == 4:
            del page["links"]["next"]
        host.routes[_path(page["links"]["self"])] = json.dumps(page).encode()
    return host.origin + _path(_page(corpus, "se-page1.json")["links"]["self"])


def test_paging_follows_next_on_the_host_named(host: Host, corpus: Path, tmp_path: Path) -> None:
    first = _serve_se_pages(host, corpus)
    web = EsefHttp(user_agent=AGENT, cache_dir=tmp_path, per_second=1000)
    pages = list(web.index_pages(first))
    web.close()
    assert len(pages) == 4 and web.requests == 4
    assert {agent for _, agent in host.asked} == {AGENT}
    ids = [e.id for page in pages for e in page.entries]
    assert ids == ["2", "1", "2", "2240", "1", "2825", "2", "3461"]  # the index repeats some
    groups = reports_in_order([e for page in pages for e in page.entries])
    assert sorted(e.id for g in groups for e in g) == ["1", "2", "2240", "2825", "3461"]
    cloetta = next(g for g in groups if g[0].lei == "549300CSLHPO6Y1AZN37")
    assert [e.sequence for e in cloetta] == [0, 1]


def test_packages_the_host_does_not_have_are_skipped(
    host: Host, corpus: Path, tmp_path: Path, database: SavepointDatabase, connection: Connection
) -> None:
    first = _serve_se_pages(host, corpus)
    web = EsefHttp(user_agent=AGENT, cache_dir=tmp_path, per_second=1000)
    offers, problems = gather_offers(Locations(web), [], first)
    summary = ingest_esef(database, offers, Locations(web).package)
    web.close()
    assert problems == [] and len(offers) == 5 and summary.packages == 0
    assert all("not found" in reason for _, reason in summary.skipped)
    cloetta = [o.location for o in offers if o.lei == "549300CSLHPO6Y1AZN37"]
    assert cloetta == [
        f"{host.origin}/549300CSLHPO6Y1AZN37/2021-12-31/ESEF/SE/0/Cloetta-2021-12-31-en.zip",
        f"{host.origin}/549300CSLHPO6Y1AZN37/2021-12-31/ESEF/SE/1/549300CSLHPO6Y1AZN37-2021-12-31.zip",
    ]
    assert not connection.execute(select(filings)).all()


def test_retries_on_busy_answers_then_gives_up(host: Host, tmp_path: Path) -> None:
    answers = iter([(503, {}, b""), (429, {"Retry-After": "0"}, b""), (200, {}, b"at last")])
    host.routes["/x"] = lambda: next(answers)
    host.routes["/down"] = lambda: (500, {}, b"")
    web = EsefHttp(user_agent=AGENT, cache_dir=tmp_path, backoff_seconds=0, per_second=1000)
    assert web.get(f"{host.origin}/x") == b"at last" and web.requests == 3
    with pytest.raises(DataSourceUnavailable, match="gave up after 5 attempts"):
        web.get(f"{host.origin}/down")
    web.close()


def test_at_most_one_request_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    slept: list[float] = []
    monkeypatch.setattr(pacing.time, "monotonic", lambda: now[0])

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    monkeypatch.setattr(pacing.time, "sleep", sleep)
    pacer = pacing.Pacer(1.0)
    for _ in range(3):
        pacer.wait()
    assert slept == [0.0, 1.0, 1.0]


def test_live_requests_need_a_user_agent(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="FILINGS_ESEF_USER_AGENT"):
        EsefHttp(user_agent=" ", cache_dir=tmp_path)


# --- an index of test packages ----------------------------------------------------------------

FINNISH = Edition("fi", "comma", TR5, minus="\u2212", continued_name=True)
SWEDISH = Edition("sv", "comma", TR2, minus="\u2212")


def _item(
    number: int, lei: str, end: str, country: str, n: int, name: str, added: str
) -> dict[str, Any]:
    fxo = f"{lei}-{end}-ESEF-{country}-{n}"
    return {
        "type": "filing",
        "id": str(number),
        "attributes": {
            "country": country,
            "fxo_id": fxo,
            "period_end": end,
            "date_added": added,
            "package_url": f"/{lei}/{end}/ESEF/{country}/{n}/{name}",
            "error_count": 0,
        },
        "relationships": {
            "entity": {
                "links": {"related": f"/api/entities/{lei}"},
                "data": {"type": "entity", "id": lei[:6]},
            }
        },
        "links": {"self": f"/api/filings/{number}"},
    }


def _entity(lei: str, name: str) -> dict[str, Any]:
    return {"type": "entity", "id": lei[:6], "attributes": {"identifier": lei, "name": name}}


@pytest.fixture
def listed_index(host: Host) -> str:
    """Two index pages listing Kemira's FY2024 report (Finnish and English editions, then an
    English correction made by the test) and Lifco's 2019 report (Swedish and English)."""
    kemira, lifco = KEMIRA.lei, LIFCO.lei
    corrected = with_values(
        KEMIRA, {("ifrs-full:CashFlowsFromUsedInOperatingActivities", "current"): "484.9"}
    )
    items = [
        (_item(11, kemira, "2024-12-31", "FI", 0, "kemira-fi.zip", "2025-02-28 14:00:00.1"),
         package(KEMIRA, FINNISH)),
        (_item(12, kemira, "2024-12-31", "FI", 1, "kemira-en.zip", "2025-02-28 14:00:05.2"),
         package(KEMIRA, ENGLISH_DOT)),
        (_item(13, kemira, "2024-12-31", "FI", 2, "kemira-en.zip", "2025-04-15 10:00:00"),
         package(corrected, ENGLISH_DOT)),
        (_item(21, lifco, "2019-12-31", "SE", 0, "lifco-sv.xbri", "2020-03-20 08:00:00"),
         package(LIFCO, SWEDISH, layout="rp1")),
        (_item(22, lifco, "2019-12-31", "SE", 1, "lifco-en.xbri", "2020-03-20 08:00:10"),
         package(LIFCO, ENGLISH_DOT, layout="rp1", parts=2)),
    ]  # fmt: skip
    for item, content in items:
        host.routes[item["attributes"]["package_url"]] = content
    query = "/api/filings?page%5Bsize%5D=3&include=entity"
    entities = [_entity(kemira, "KEMIRA OYJ"), _entity(lifco, "Lifco AB (publ)")]
    pages = [
        {
            "data": [items[4][0], items[2][0], items[0][0]],
            "included": entities,
            "links": {"self": f"https://filings.xbrl.org{query}",
                      "next": f"https://filings.xbrl.org{query}&page%5Bnumber%5D=2"},
            "meta": {"count": 5},
        },
        {
            "data": [items[1][0], items[3][0]],
            "included": entities,
            "links": {"self": f"https://filings.xbrl.org{query}&page%5Bnumber%5D=2"},
            "meta": {"count": 5},
        },
    ]  # fmt: skip
    host.routes[query] = json.dumps(pages[0]).encode()
    host.routes[f"{query}&page%5Bnumber%5D=2"] = json.dumps(pages[1]).encode()
    return host.origin + query


def test_an_index_over_http_gives_one_filing_per_report(
    listed_index: str,
    host: Host,
    tmp_path: Path,
    database: SavepointDatabase,
    connection: Connection,
    corpus: Path,
    make_client: Callable[..., TestClient],
) -> None:
    listings = json.loads((corpus / "nordic/instruments/all-nordic-instruments.json").read_text())
    chosen = [i for i in listings["instruments"] if i["name"] in ("Kemira", "Lifco")]
    load_instruments(database, {"instruments": chosen})
    web = EsefHttp(user_agent=AGENT, cache_dir=tmp_path, per_second=1000)
    locations = Locations(web)
    offers, _ = gather_offers(locations, [], listed_index)
    assert [o.label[-4:] for o in offers] == ["FI-0", "FI-1", "FI-2", "SE-0", "SE-1"]
    summary = ingest_esef(database, offers, locations.package)
    assert (summary.packages, summary.skipped, summary.notes) == (5, [], [])
    rows = connection.execute(select(filings).where(filings.c.form == "ESEF")).all()
    by_year = {r.fiscal_year: r for r in rows}
    assert sorted(by_year) == [2019, 2024]
    assert (by_year[2019].language, by_year[2019].filed_date) == ("en", date(2020, 3, 20))
    # Kemira: the correction is current, from its own date.
    assert (by_year[2024].language, by_year[2024].filed_date) == ("en", date(2025, 4, 15))
    assert by_year[2024].source_url.endswith("/ESEF/FI/2/kemira-en.zip")
    figures = {
        (r.metric_key, r.period_key): r
        for r in connection.execute(
            select(metric_values)
            .join(companies, companies.c.id == metric_values.c.company_pk)
            .where(companies.c.company_id == "kemira")
        )
    }
    year = "2024-01-01..2024-12-31"
    assert figures[("operating_cash_flow", year)].value == "484900000"
    assert figures[("revenue", year)].metric_name == "Revenue"
    client = make_client()
    earlier = client.get(
        "/api/v1/data/companies/Kemira/financials", params={"year": 2024, "as_of": "2025-03-01"}
    ).json()
    assert earlier["by_year"]["2024"]["operating_cash_flow"] == 484600000
    # The packages are fetched once: a second run reads the cache and writes nothing.
    asked = len(host.asked)
    again = ingest_esef(database, gather_offers(locations, [], listed_index)[0], locations.package)
    web.close()
    assert again.unchanged == 5 and len(host.asked) == asked + 2  # the two index pages


def test_the_command_over_an_index(
    listed_index: str,
    tmp_path: Path,
    corpus: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = f"sqlite:///{tmp_path / 'esef.db'}"
    listings = json.loads((corpus / "nordic/instruments/all-nordic-instruments.json").read_text())
    subset = tmp_path / "instruments.json"
    chosen = [i for i in listings["instruments"] if i["name"] in ("Kemira", "Lifco")]
    subset.write_text(json.dumps({"instruments": chosen}))
    monkeypatch.setenv("FILINGS_DATABASE_URL", url)
    monkeypatch.setenv("FILINGS_DATA_DIR", str(tmp_path / "data"))
    runner = CliRunner()
    assert runner.invoke(app, ["db", "upgrade"]).exit_code == 0
    code, error = run(["ingest", "esef", "--index", listed_index], capsys, monkeypatch)
    assert code == 1 and "set FILINGS_ESEF_USER_AGENT" in one_sentence(error)
    monkeypatch.setenv("FILINGS_ESEF_USER_AGENT", AGENT)
    monkeypatch.setattr("filings.ingest.esef.source.MAX_REQUESTS_PER_SECOND", 1000.0)
    result = runner.invoke(
        app, ["ingest", "esef", "--index", listed_index, "--instruments", str(subset)]
    )
    assert result.exit_code == 0, result.output
    assert "packages: 5 (0 unchanged)" in result.output
    assert "matched KEMIRA OYJ to Kemira by name" in result.output
    again = runner.invoke(app, ["ingest", "esef", "--index", listed_index])
    assert "packages: 5 (5 unchanged)" in again.output
    db = Database(make_engine(url))
    with db.transaction() as conn:
        assert len(conn.execute(select(filings)).all()) == 2
    db.dispose()
    code, error = run(
        ["ingest", "esef", "--package", str(tmp_path / "no.zip")], capsys, monkeypatch
    )
    assert code == 1 and "no such file or directory" in one_sentence(error)
    code, error = run(["ingest", "esef"], capsys, monkeypatch)
    assert code == 1 and one_sentence(error) == "error: give --package or --index"


def test_an_index_saved_as_a_file_reads_its_page_and_fetches_from_its_host(
    listed_index: str, host: Host, tmp_path: Path
) -> None:
    first = json.loads(host.routes[listed_index.removeprefix(host.origin)])  # type: ignore[arg-type]
    first["links"]["self"] = listed_index  # as saved from that host
    saved = tmp_path / "filings.json"
    saved.write_text(json.dumps(first))
    web = EsefHttp(user_agent=AGENT, cache_dir=tmp_path, per_second=1000)
    offers, _ = gather_offers(Locations(web), [], str(saved))
    web.close()
    assert [o.label[-4:] for o in offers] == ["FI-0", "FI-2", "SE-1"]  # page 1 only
    assert all(o.location.startswith(host.origin + "/") for o in offers)
    assert not host.asked  # reading the file asked nothing
