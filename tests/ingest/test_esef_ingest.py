"""ESEF ingestion into the database: companies matched to the listings, figures in the metric
vocabulary with their sources and versions, language editions and corrections, precedence over
the PDF and release reader, and broken packages reported and skipped."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, func, select

from filings.core.errors import MalformedInput, SourceMissing
from filings.db.tables import (
    companies,
    company_identifiers,
    data_state,
    filings,
    metric_history,
    metric_values,
)
from filings.ingest.esef.companies import match_company
from filings.ingest.esef.load import report_docid
from filings.ingest.esef.pipeline import EsefSummary, Offer, ingest_esef
from filings.ingest.nordic.pipeline import ingest_nordic, load_instruments
from tests.conftest import SavepointDatabase
from tests.ingest.esef_packages import (
    ENGLISH_DOT,
    KEMIRA,
    LIFCO,
    TR2,
    TR5,
    Company,
    Edition,
    Line,
    edited,
    package,
    with_values,
)

FINNISH = Edition("fi", "comma", TR5, minus="\u2212", continued_name=True)
SWEDISH = Edition("sv", "comma", TR2, minus="\u2212")
LISTED = ("Kemira", "Lifco", "KONE", "Konecranes", "UPM-Kymmene", "Enento", "Oriola")


@pytest.fixture
def instruments(corpus: Path) -> dict[str, Any]:
    """The corpus's instruments list."""
    return json.loads((corpus / "nordic/instruments/all-nordic-instruments.json").read_text())


@pytest.fixture
def listed(database: SavepointDatabase, instruments: dict[str, Any]) -> SavepointDatabase:
    """A database with some of the corpus's Helsinki and Stockholm listings."""
    chosen = [i for i in instruments["instruments"] if i["name"] in LISTED]
    load_instruments(database, {"instruments": chosen})
    return database


def _run(database: SavepointDatabase, packages: dict[str, bytes], **offers: Any) -> EsefSummary:
    def fetch(location: str) -> bytes:
        if location not in packages:
            raise SourceMissing(f"{location}: not found")
        return packages[location]

    listed = [Offer(name, name, **offers) for name in packages]
    return ingest_esef(database, listed, fetch)


def _figures(conn: Connection, company_id: str) -> dict[tuple[str, str], Any]:
    rows = conn.execute(
        select(metric_values)
        .join(companies, companies.c.id == metric_values.c.company_pk)
        .where(companies.c.company_id == company_id)
    )
    return {(r.metric_key, r.period_key): r for r in rows}


def _generation(conn: Connection) -> int:
    return int(conn.execute(select(data_state.c.generation)).scalar_one())


FY24, FY23 = "2024-01-01..2024-12-31", "2023-01-01..2023-12-31"


def test_kemira_report_gives_annual_figures_with_sources(
    listed: SavepointDatabase, connection: Connection
) -> None:
    summary = _run(listed, {"kemira-en.zip": package(KEMIRA, ENGLISH_DOT)})
    assert (summary.packages, summary.skipped, summary.disagreements) == (1, [], [])
    assert summary.matched == [("Kemira Oyj", "Kemira", "name")]
    figures = _figures(connection, "kemira")
    docid = report_docid(KEMIRA.lei, date(2024, 12, 31))
    revenue = figures[("revenue", FY24)]
    assert (revenue.value, revenue.currency, revenue.metric_name) == (
        "2948100000",
        "EUR",
        "Revenue",
    )
    assert revenue.source == f"ifrs-full:Revenue ESEF {KEMIRA.lei}-2024-12-31"
    assert revenue.accession_number == docid and revenue.page_id is None
    assert figures[("revenue", FY23)].value == "3383700000"  # the prior-year comparative
    # EBIT, not Kemira's operative EBIT (398.7), is operating income.
    assert figures[("operating_income", FY24)].value == "363200000"
    assert figures[("net_income", FY24)].value == "262700000"
    assert figures[("eps_diluted", FY24)].value == "1.61"
    assert figures[("eps", FY24)].value == "1.61"
    assert figures[("operating_cash_flow", FY23)].value == "546000000"
    assert figures[("operating_margin", FY24)].value == "12.32"  # 363.2 / 2,948.1
    assert {k[1] for k in figures} == {FY24, FY23}
    filing = connection.execute(select(filings).where(filings.c.docid == docid)).one()
    assert (filing.form, filing.document_type, filing.language) == ("ESEF", "annual_report", "en")
    assert (filing.fiscal_year, filing.period_end) == (2024, date(2024, 12, 31))
    assert filing.filed_date == date(2025, 3, 1)  # the package's time stamps
    kemira = connection.execute(select(companies).where(companies.c.company_id == "kemira")).one()
    assert kemira.lei == KEMIRA.lei
    kinds = connection.execute(
        select(company_identifiers.c.kind, company_identifiers.c.value).where(
            company_identifiers.c.company_pk == kemira.id
        )
    ).all()
    assert ("lei", KEMIRA.lei) in kinds and ("isin", "FI0009004824") in kinds
    versions = connection.execute(
        select(func.count()).where(metric_history.c.company_pk == kemira.id)
    ).scalar_one()
    assert versions == len(figures)  # one version each: one filing


def test_rerunning_writes_nothing(listed: SavepointDatabase, connection: Connection) -> None:
    packages = {
        "kemira-en.zip": package(KEMIRA, ENGLISH_DOT),
        "kemira-fi.zip": package(KEMIRA, FINNISH, when=datetime(2025, 2, 28)),
    }
    first = _run(listed, packages)
    assert first.packages == 2 and first.unchanged == 0
    before = _generation(connection)
    second = _run(listed, packages)
    assert (second.packages, second.unchanged) == (2, 2)
    assert _generation(connection) == before


def test_language_editions_are_one_filing_labelled_in_english(
    listed: SavepointDatabase, connection: Connection
) -> None:
    finnish = package(KEMIRA, FINNISH, when=datetime(2025, 2, 28, 8, 0))
    _run(listed, {"kemira-fi.zip": finnish})
    figures = _figures(connection, "kemira")
    assert figures[("revenue", FY24)].metric_name == "Liikevaihto"
    english = package(KEMIRA, ENGLISH_DOT, when=datetime(2025, 3, 1, 9, 0))
    summary = _run(listed, {"kemira-en.zip": english})
    assert summary.notes == [] and summary.unchanged == 0
    rows = connection.execute(select(filings).where(filings.c.form == "ESEF")).all()
    assert len(rows) == 1 and rows[0].language == "en"
    # The editions agree: the figures were known from the first one's date.
    assert rows[0].filed_date == date(2025, 2, 28)
    figures = _figures(connection, "kemira")
    assert figures[("revenue", FY24)].metric_name == "Revenue"
    assert figures[("revenue", FY24)].value == "2948100000"
    # Offered again, the Finnish edition changes nothing.
    assert _run(listed, {"kemira-fi.zip": finnish}).unchanged == 1


def test_editions_that_disagree_are_noted(listed: SavepointDatabase) -> None:
    _run(listed, {"en.zip": package(KEMIRA, ENGLISH_DOT)})
    differing = with_values(KEMIRA, {("ifrs-full:Revenue", "current"): "2949.1"})
    summary = _run(listed, {"fi.zip": package(differing, FINNISH)})
    assert summary.notes == [
        (
            "fi.zip",
            "differs from the submission of 2025-03-01 kept for this report, not used: "
            "ifrs-full:Revenue 2024-01-01..2024-12-31: 2948100000 / 2949100000",
        )
    ]


def test_a_correction_replaces_the_report_and_as_of_sees_both(
    listed: SavepointDatabase, connection: Connection, make_client: Callable[..., TestClient]
) -> None:
    original = package(KEMIRA, ENGLISH_DOT, when=datetime(2025, 3, 1))
    # A correction made by the test (not Kemira's): operating cash flow 2024 of 484.9.
    corrected = with_values(
        KEMIRA, {("ifrs-full:CashFlowsFromUsedInOperatingActivities", "current"): "484.9"}
    )
    correction = package(corrected, ENGLISH_DOT, when=datetime(2025, 4, 15))
    _run(listed, {"original.zip": original})
    _run(listed, {"correction.zip": correction})
    again = _run(listed, {"original.zip": original, "correction.zip": correction})
    assert (again.unchanged, again.notes) == (2, [])
    figures = _figures(connection, "kemira")
    assert figures[("operating_cash_flow", FY24)].value == "484900000"
    assert len(connection.execute(select(filings).where(filings.c.form == "ESEF")).all()) == 1
    client = make_client()
    path = f"/api/v1/data/companies/{KEMIRA.lei}/financials"
    known = lambda day: client.get(path, params={"year": 2024, "as_of": day}).json()  # noqa: E731
    assert known("2025-03-20")["by_year"]["2024"]["operating_cash_flow"] == 484600000
    assert known("2025-04-20")["by_year"]["2024"]["operating_cash_flow"] == 484900000
    assert "error" in known("2025-02-01")  # nothing was known yet


def _state(connection: Connection) -> tuple[object, ...]:
    current = sorted(
        (r.metric_key, r.period_key, r.value, r.source)
        for r in connection.execute(select(metric_values))
    )
    history = sorted(
        (r.metric_key, r.period_key, r.value, r.known_from, r.known_until)
        for r in connection.execute(select(metric_history))
    )
    return current, history


def test_the_order_packages_come_in_does_not_change_the_figures(
    listed: SavepointDatabase, connection: Connection
) -> None:
    corrected = with_values(
        KEMIRA, {("ifrs-full:CashFlowsFromUsedInOperatingActivities", "current"): "484.9"}
    )
    packages = {
        "fi.zip": package(KEMIRA, FINNISH, when=datetime(2025, 2, 28)),
        "en.zip": package(KEMIRA, ENGLISH_DOT, when=datetime(2025, 3, 1)),
        "correction.zip": package(corrected, ENGLISH_DOT, when=datetime(2025, 4, 15)),
    }
    states = []
    for order in (["fi.zip", "en.zip", "correction.zip"], ["correction.zip", "en.zip", "fi.zip"]):
        savepoint = connection.begin_nested()
        for name in order:
            _run(listed, {name: packages[name]})
        states.append(_state(connection))
        savepoint.rollback()
    assert states[0] == states[1]
    current, history = states[0]
    assert ("operating_cash_flow", FY24, "484900000") in [c[:3] for c in current]
    flows = [h for h in history if h[:2] == ("operating_cash_flow", FY24)]
    assert flows == [
        ("operating_cash_flow", FY24, "484600000", date(2025, 2, 28), date(2025, 4, 15)),
        ("operating_cash_flow", FY24, "484900000", date(2025, 4, 15), None),
    ]


# Lifco's 2018 report as its 2019 (2018) and 2017 (2017) annual reports print the income
# statement: 2019 annual report page 48, 2017 annual report page 42.
LIFCO_2018 = Company(
    **{
        **LIFCO.__dict__,
        "year_end": date(2018, 12, 31),
        "prior_end": date(2017, 12, 31),
        "statements": [
            (
                {"en": "Consolidated income statement", "sv": "Koncernens resultaträkning"},
                [
                    Line(
                        {"en": "Net sales", "sv": "Nettoomsättning"},
                        "ifrs-full:Revenue",
                        "11956",
                        "10030",
                    ),
                    Line(
                        {"en": "Operating profit", "sv": "Rörelseresultat"},
                        "ifrs-full:ProfitLossFromOperatingActivities",
                        "1902",
                        "1519",
                    ),
                    Line(
                        {"en": "Net profit for the year", "sv": "Årets resultat"},
                        "ifrs-full:ProfitLoss",
                        "1420",
                        "1107",
                    ),
                    Line(
                        {
                            "en": "Earnings per share before and after dilution, SEK",
                            "sv": "Resultat per aktie, SEK",
                        },
                        "ifrs-full:BasicAndDilutedEarningsLossPerShare",
                        "15.29",
                        "11.94",
                        per_share=True,
                    ),
                ],
            )
        ],
        "extensions": [],
    }
)


def test_reports_of_several_years_and_a_restated_comparative(
    listed: SavepointDatabase, connection: Connection, make_client: Callable[..., TestClient]
) -> None:
    report_2018 = package(LIFCO_2018, ENGLISH_DOT, layout="rp1", when=datetime(2019, 3, 20))
    # The 2019 report with its 2018 net sales restated by the test (11,960, not Lifco's 11,956).
    restated = with_values(LIFCO, {("ifrs-full:Revenue", "prior"): "11960"})
    report_2019 = package(restated, SWEDISH, layout="rp1", when=datetime(2020, 3, 20))
    summary = _run(listed, {"2018.zip": report_2018, "2019.zip": report_2019})
    assert summary.skipped == [] and summary.matched[0][1] == "Lifco"
    figures = _figures(connection, "lifco")
    assert figures[("revenue", "2017-01-01..2017-12-31")].value == "10030000000"
    assert figures[("revenue", "2018-01-01..2018-12-31")].value == "11960000000"
    assert figures[("revenue", "2019-01-01..2019-12-31")].value == "13845000000"
    assert figures[("total_assets", "@2019-12-31")].value == "17578000000"
    assert figures[("free_cash_flow", "2019-01-01..2019-12-31")].value == "1721000000"
    assert figures[("capital_expenditure", "2019-01-01..2019-12-31")].value == "269000000"
    client = make_client()
    path = "/api/v1/data/companies/Lifco/financials"

    def revenue(year: int, day: str) -> object:
        answer = client.get(path, params={"year": year, "as_of": day}).json()
        return answer["by_year"][str(year)]["revenue"]

    assert revenue(2018, "2019-06-30") == 11956000000  # as first reported
    assert revenue(2018, "2020-06-30") == 11960000000  # restated by the 2019 report
    assert revenue(2019, "2020-06-30") == 13845000000
    statement = client.get(
        f"/api/v1/data/companies/{LIFCO.lei}/statement",
        params={"statement": "income_statement", "years": 2},
    ).json()
    assert statement["company_name"] == "Lifco"


def test_resolving_the_company_by_its_lei(
    listed: SavepointDatabase, make_client: Callable[..., TestClient]
) -> None:
    _run(listed, {"lifco.zip": package(LIFCO, ENGLISH_DOT, layout="rp1", parts=2)})
    answer = make_client().get(f"/api/v1/data/companies/{LIFCO.lei}/financials").json()
    assert answer["display_name"] == "Lifco" and answer["currency"] == "SEK"
    year = answer["by_year"]["2019"]
    assert year["revenue"] == 13845000000 and year["net_income"] == 1528000000
    assert year["eps"] == 16.57 and year["operating_cash_flow"] == 1990000000


def test_broken_packages_are_skipped_and_nothing_of_them_is_written(
    listed: SavepointDatabase, connection: Connection
) -> None:
    lifco = package(LIFCO, ENGLISH_DOT)
    not_well_formed = edited(lifco, ".xhtml", lambda xhtml: xhtml.replace(b"</table>", b"", 1))
    entity = edited(
        lifco,
        ".xhtml",
        lambda xhtml: xhtml.replace(
            b"<html", b'<!DOCTYPE html [<!ENTITY x SYSTEM "file:///etc/hostname">]><html', 1
        ).replace(b"Net sales", b"Net sales &x;", 1),
    )
    summary = _run(
        listed,
        {
            "truncated.zip": lifco[:-300],
            "not-well-formed.zip": not_well_formed,
            "entity.zip": entity,
            "missing.zip": b"",
            "kemira.zip": package(KEMIRA, ENGLISH_DOT),
        },
    )
    skipped = dict(summary.skipped)
    assert sorted(skipped) == ["entity.zip", "missing.zip", "not-well-formed.zip", "truncated.zip"]
    assert "not a readable zip" in skipped["truncated.zip"]
    assert "not XML" in skipped["not-well-formed.zip"]
    assert "DTD" in skipped["entity.zip"]
    assert summary.packages == 1
    esef = connection.execute(select(filings.c.docid).where(filings.c.form == "ESEF")).all()
    assert len(esef) == 1
    lifco_row = connection.execute(select(companies).where(companies.c.company_id == "lifco")).one()
    assert lifco_row.lei is None and not _figures(connection, "lifco")


def test_a_filer_no_listing_matches_is_skipped(listed: SavepointDatabase) -> None:
    unknown = Company(**{**LIFCO.__dict__, "names": {"en": "Nordic Widgets AB"}})
    summary = _run(listed, {"widgets.zip": package(unknown, ENGLISH_DOT, layout="rp1")})
    assert summary.packages == 0
    assert "no listed company in SE has this name" in summary.skipped[0][1]


# --- precedence over the release reader ----------------------------------------------------------


@pytest.fixture
def kemira_feed(corpus: Path, tmp_path: Path) -> Path:
    """A feed of one document: Kemira's FY2024 financial statements bulletin."""
    name = "kemira-fy2024-financial-statements-bulletin-2025-02-11.md"
    shutil.copy(corpus / "nordic/releases/kemira" / name, tmp_path / name)
    record = {
        "path": name,
        "issuer_name": "Kemira Oyj",
        "issuer_isin": "FI0009004824",
        "published": "2025-02-11",
        "category": "Financial statements release",
        "headline": "Kemira Oyj's Financial Statements Bulletin 2024",
        "language": "en",
    }
    (tmp_path / "feed.json").write_text(json.dumps({"documents": [record]}))
    return tmp_path / "feed.json"


RELEASE_PAGE = "49b29910f7e905af_1"


def test_esef_wins_over_the_release_for_annual_figures(
    listed: SavepointDatabase, connection: Connection, kemira_feed: Path
) -> None:
    nordic = ingest_nordic(listed, kemira_feed)
    assert nordic.documents == 1
    before = _figures(connection, "kemira")
    assert before[("revenue", FY24)].page_id == RELEASE_PAGE
    summary = _run(listed, {"kemira.zip": package(KEMIRA, ENGLISH_DOT)})
    assert summary.disagreements == []  # the bulletin prints what the report tags
    after = _figures(connection, "kemira")
    for key in (("revenue", FY24), ("operating_income", FY23), ("eps_diluted", FY24)):
        assert after[key].page_id is None and after[key].source.startswith("ifrs-full:")
        assert after[key].value == before[key].value
    # What only the bulletin states stays: the fourth quarter, EBITDA, the proposed dividend.
    assert after[("revenue", "2024-10-01..2024-12-31")].page_id == RELEASE_PAGE
    assert after[("ebitda", FY24)].value == "550700000"
    assert after[("dividend_per_share", FY24)].page_id == RELEASE_PAGE
    # Re-reading the bulletin keeps the ESEF figures and writes nothing.
    again = ingest_nordic(listed, kemira_feed)
    assert again.unchanged == 1 and again.disagreements == []
    assert _figures(connection, "kemira")[("revenue", FY24)].page_id is None


def _versions(conn: Connection, metric: str, period: str) -> list[tuple[Any, Any, bool]]:
    """Kemira's versions of one line: (known from, known until, from the ESEF report)."""
    rows = conn.execute(
        select(metric_history)
        .join(companies, companies.c.id == metric_history.c.company_pk)
        .where(
            companies.c.company_id == "kemira",
            metric_history.c.metric_key == metric,
            metric_history.c.period_key == period,
        )
        .order_by(metric_history.c.known_from)
    )
    return [(r.known_from, r.known_until, r.page_id is None) for r in rows]


def test_as_of_chains_the_release_and_the_esef_report_by_their_dates(
    listed: SavepointDatabase, connection: Connection, kemira_feed: Path
) -> None:
    release, report = date(2025, 2, 11), datetime(2025, 3, 5, tzinfo=UTC)
    ingest_nordic(listed, kemira_feed)
    _run(listed, {"kemira.zip": package(KEMIRA, ENGLISH_DOT)}, filed=report)
    # the bulletin's revenue until the annual report's, which is known from then on
    assert _versions(connection, "revenue", FY24) == [
        (release, report.date(), False),
        (report.date(), None, True),
    ]
    # what only the bulletin prints keeps its own version
    assert _versions(connection, "dividend_per_share", FY24) == [(release, None, False)]


def test_a_later_printing_never_displaces_the_esef_figure(
    listed: SavepointDatabase, connection: Connection, kemira_feed: Path
) -> None:
    release, report = date(2025, 2, 11), datetime(2025, 2, 1, tzinfo=UTC)
    _run(listed, {"kemira.zip": package(KEMIRA, ENGLISH_DOT)}, filed=report)
    ingest_nordic(listed, kemira_feed)  # the bulletin, published after the report was known
    assert _versions(connection, "revenue", FY24) == [
        (report.date(), None, True),
        (release, release, False),  # kept as printed, never the known one
    ]


def test_a_disagreement_is_reported_whichever_comes_first(
    listed: SavepointDatabase, connection: Connection, kemira_feed: Path
) -> None:
    # A report whose revenue the test changed (2,950.0 against the bulletin's 2,948.1).
    differing = package(
        with_values(KEMIRA, {("ifrs-full:Revenue", "current"): "2950.0"}), ENGLISH_DOT
    )
    ingest_nordic(listed, kemira_feed)
    summary = _run(listed, {"kemira.zip": differing})
    assert [
        (d.metric_key, d.period_key, str(d.esef_value), str(d.other_value))
        for d in summary.disagreements
    ] == [("revenue", FY24, "2950000000", "2948100000")]
    found = summary.disagreements[0]
    assert found.other_page_id == RELEASE_PAGE and "ESEF" in found.describe()
    assert _figures(connection, "kemira")[("revenue", FY24)].value == "2950000000"
    # The bulletin read again: the ESEF figure stays, the disagreement is reported again.
    nordic = ingest_nordic(listed, kemira_feed)
    assert [(d.metric_key, str(d.other_value)) for d in nordic.disagreements] == [
        ("revenue", "2948100000")
    ]
    assert _figures(connection, "kemira")[("revenue", FY24)].value == "2950000000"


# --- matching filers to the listings: the index's real entity names -------------------------------


MATCHES = [  # the index's entity names (corpus responses), and two more
    ("KONE OYJ", "FI", "KONE", "name"),  # not Konecranes
    ("UPM-KYMMENE OYJ", "FI", "UPM-Kymmene", "name"),
    ("Oriola Oyj", "FI", "Oriola", "name"),
    ("Enento Group Oyj", "FI", "Enento", "name contained"),
    ("SSH Communications Security Oyj", "FI", "SSH Communications", "name contained"),
    ("Tecnotree Oyj", "FI", "Tecnotree", "name"),
    ("Telefonaktiebolaget LM Ericsson (publ)", "SE", "Ericsson", "name contained"),
    ("Cloetta AB (publ)", "SE", "Cloetta", "name"),
]


def test_index_entities_match_the_corpus_listings(
    database: SavepointDatabase, connection: Connection, instruments: dict[str, Any]
) -> None:
    load_instruments(database, instruments)  # every Helsinki and Stockholm issuer
    found = [
        (name, country, (m := match_company(connection, None, name, country)).company_name, m.how)
        for name, country, _, _ in MATCHES
    ]
    assert found == MATCHES
    with pytest.raises(MalformedInput, match="several listings in SE match"):
        match_company(connection, None, "Investment AB", "SE")


def test_unmatched_and_foreign_filers_are_refused(
    listed: SavepointDatabase, connection: Connection
) -> None:
    with pytest.raises(MalformedInput, match="no listed company in FI"):
        match_company(connection, None, "Tecnotree Oyj", "FI")  # not loaded in this test
    with pytest.raises(MalformedInput, match="a country without listings"):
        match_company(connection, None, "Equinor ASA", "NO")


def test_the_report_is_listed_by_filing_search(
    listed: SavepointDatabase, make_client: Callable[..., TestClient]
) -> None:
    _run(listed, {"kemira.zip": package(KEMIRA, ENGLISH_DOT)})
    answer = (
        make_client()
        .post("/api/v1/data/filings/search", json={"company": KEMIRA.lei, "limit": 5})
        .json()
    )
    docid = report_docid(KEMIRA.lei, date(2024, 12, 31))
    (item,) = answer["filings"]
    assert (item["docid"], item["document_type"], item["fiscal_year"]) == (
        docid,
        "annual_report",
        "2024",
    )
    assert item["citation_label"] == f"Kemira, Annual report 2024 (ESEF), docid {docid}"
    assert "page_count" not in item
