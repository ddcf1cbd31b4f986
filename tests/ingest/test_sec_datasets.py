"""The SEC's Financial Statement Data Sets (2009 Q3 in the mirror): values read from the zip
itself, labels from pre.txt, companies created from sub.txt, reruns that change nothing."""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from filings.companies.revenue_geography import us_geography
from filings.companies.service import CompanyDirectory, resolve_company
from filings.core.concepts import revenue_concepts
from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.db.tables import (
    companies,
    company_aliases,
    company_identifiers,
    company_tags,
    filings,
    metric_values,
    xbrl_facts,
)
from filings.ingest.sec import datasets
from filings.ingest.sec.datasets import DatasetSummary, ingest_datasets
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.facts import merge_facts
from tests.conftest import new_database

ZIP = "sec/www.sec.gov/files/dera/data/financial-statement-data-sets/2009q3.zip"


@pytest.fixture(scope="module")
def loaded(
    corpus: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Database, DatasetSummary]]:
    with new_database(tmp_path_factory.mktemp("datasets")) as url:
        database = Database(make_engine(url))
        upgrade(database.engine)
        summary = ingest_datasets(database, [corpus / ZIP])
        yield database, summary
        database.dispose()


def figure(database: Database, cik: str, metric: str, end: date, kind: str) -> tuple[str, str]:
    with database.transaction() as conn:
        directory = CompanyDirectory()
        company = resolve_company(conn, directory, cik)
        row = conn.execute(
            select(metric_values.c.value, metric_values.c.metric_name).where(
                metric_values.c.company_pk == company.pk,  # type: ignore[union-attr]
                metric_values.c.metric_key == metric,
                metric_values.c.period_end == end,
                metric_values.c.period_kind == kind,
            )
        ).one()
    return str(row.value), str(row.metric_name)


def test_the_quarter_is_read(loaded: tuple[Database, DatasetSummary]) -> None:
    _, summary = loaded
    assert summary.zips == 1 and summary.companies > 400 and summary.filings > 400
    assert summary.values > 20_000 and not summary.skipped


def test_a_company_that_no_longer_files(loaded: tuple[Database, DatasetSummary]) -> None:
    database, _ = loaded
    # Constellation Energy Group (acquired in 2012), 10-Q for 2009 Q2, values as in num.txt
    end = date(2009, 6, 30)
    assert figure(database, "1004440", "revenue", end, "quarter") == (
        "3864100000",
        "Total revenues",
    )
    assert figure(database, "0001004440", "total_assets", end, "instant") == (
        "19998400000",
        "Total Assets",
    )
    assert figure(database, "1004440", "eps_diluted", end, "quarter")[0] == "0.04"
    with database.transaction() as conn:
        by_name = resolve_company(conn, CompanyDirectory(), "Constellation Energy Group Inc")
    assert not isinstance(by_name, type(None)) and getattr(by_name, "cik", None) == "0001004440"


def test_companies_keep_their_business_address_country(
    loaded: tuple[Database, DatasetSummary],
) -> None:
    """sub.txt's countryba: Tyco International's business address is in Bermuda (BM), Franklin
    Resources' in the United States; `country` is the market's for both."""
    database, _ = loaded
    with database.transaction() as conn:
        rows = dict(
            conn.execute(
                select(
                    companies.c.cik, companies.c.business_country + "/" + companies.c.country
                ).where(companies.c.cik.in_(["0000833444", "0000038777"]))
            ).all()
        )
        countries = conn.execute(
            select(companies.c.business_country, func.count()).group_by(
                companies.c.business_country
            )
        ).all()
    assert rows == {"0000833444": "BM/US", "0000038777": "US/US"}
    # the companies with 10-Q or 10-K filings in sub.txt, by countryba (Teva's and Fresenius's
    # 6-Ks, the German and Israeli addresses, make no company)
    assert dict(countries) == {
        "US": 413,
        "BM": 5,
        "CA": 3,
        "IE": 2,
        "CH": 1,
        "GB": 1,
        "SG": 1,
    }


def test_values_and_labels_of_other_companies(loaded: tuple[Database, DatasetSummary]) -> None:
    database, _ = loaded
    end = date(2009, 6, 30)
    assert figure(database, "816284", "revenue", end, "quarter") == ("628666000", "Total revenue")
    assert figure(database, "816284", "net_income", end, "quarter") == (
        "142835000",
        "Net income (loss)",
    )
    assert figure(database, "816284", "total_assets", end, "instant")[0] == "4749268000"
    assert figure(database, "930835", "total_assets", end, "instant") == (
        "9532000000",
        "Total Assets",
    )


def test_segment_values_are_never_totals(loaded: tuple[Database, DatasetSummary]) -> None:
    database, _ = loaded
    # Celgene's num.txt has Revenues by segment too; only the consolidated line is a figure
    with database.transaction() as conn:
        company = resolve_company(conn, CompanyDirectory(), "816284")
        values = conn.execute(
            select(metric_values.c.value).where(
                metric_values.c.company_pk == company.pk,  # type: ignore[union-attr]
                metric_values.c.metric_key == "revenue",
                metric_values.c.period_end == date(2009, 6, 30),
                metric_values.c.period_kind == "quarter",
            )
        ).scalars()
        assert list(values) == ["628666000"]


def test_a_rerun_changes_nothing(corpus: Path, loaded: tuple[Database, DatasetSummary]) -> None:
    database, first = loaded

    def counts() -> tuple[int, ...]:
        with database.transaction() as conn:
            return tuple(
                conn.execute(select(func.count()).select_from(table)).scalar_one()
                for table in (filings, metric_values, xbrl_facts, company_tags)
            )

    before = counts()
    again = ingest_datasets(database, [corpus / ZIP])
    assert counts() == before and again.figures == first.figures


def test_a_bad_row_is_reported_and_skipped(corpus: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(corpus / ZIP) as original:
        members = {name: original.read(name) for name in ("sub.txt", "pre.txt", "tag.txt")}
        lines = original.read("num.txt").split(b"\n")
    bad = lines[1].split(b"\t")
    bad[0] = b"0001047469-09-007384"  # Constellation's 10-Q
    bad[1], bad[2], bad[3], bad[4] = b"Revenues", b"us-gaap/2009", b"2009-06-31", b"1"
    bad[6] = b""  # no segments: a total, with a date that is no date
    broken = tmp_path / "broken.zip"
    with zipfile.ZipFile(broken, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        archive.writestr("num.txt", b"\n".join([*lines[:200], b"\t".join(bad)]) + b"\n")
    with new_database(tmp_path) as url:
        database = Database(make_engine(url))
        upgrade(database.engine)
        summary = ingest_datasets(database, [broken, tmp_path / "missing.zip"])
        database.dispose()
    reasons = dict(summary.skipped)
    assert reasons["num.txt line 201"] == "malformed value, date or qtrs"
    assert reasons[str(tmp_path / "missing.zip")].startswith("not a zip")
    assert summary.zips == 1 and summary.companies > 400


def test_a_company_that_fails_is_skipped_alone(
    corpus: Path,
    loaded: tuple[Database, DatasetSummary],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A company whose figures cannot be computed fails its batch, which is loaded again company
    by company (on PostgreSQL beside another batch in flight): only that company is skipped."""
    _, full = loaded
    standardized = datasets._standardized

    def failing(company: Any, facts: list[Fact]) -> Any:
        if company.cik == "0000816284":
            raise ArithmeticError("a figure that cannot be computed")
        return standardized(company, facts)

    monkeypatch.setattr(datasets, "_standardized", failing)
    with new_database(tmp_path) as url:
        database = Database(make_engine(url))
        upgrade(database.engine)
        summary = ingest_datasets(database, [corpus / ZIP])
        with database.transaction() as conn:
            stored = set(conn.execute(select(companies.c.cik)).scalars())
        database.dispose()
    assert summary.skipped == [("CIK 0000816284", "a figure that cannot be computed")]
    assert summary.companies == full.companies - 1
    assert len(stored) == full.companies - 1 and "0000816284" not in stored
    assert summary.figures > 0


OPEN_TEXT_10K = "0001193125-09-179839"  # fiscal 2009, to June 30; revenues 785,665,000


@pytest.mark.parametrize("together", [True, False], ids=["new companies together", "one by one"])
def test_revenue_by_place_is_kept_for_geography_never_as_a_total(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, together: bool
) -> None:
    """2009 Q3 has no geographic segments, so this zip adds some to Open Text's 10-K in the
    sets' own notation; the segments the real quarter holds (equity components, business
    segments) are read alongside."""
    if not together:
        monkeypatch.setattr(datasets, "_create_companies", lambda conn, ciks, *_: ([], ciks))
    with zipfile.ZipFile(corpus / ZIP) as original:
        members = {name: original.read(name) for name in ("sub.txt", "pre.txt", "tag.txt")}
        num = original.read("num.txt").rstrip(b"\n")
    added = [
        ("Geographical=US;", "400000000.0000"),
        ("Geographical=CA;", "150000000.0000"),
        ("Geographical=EuropeMiddleEastAndAfrica;", "235665000.0000"),
        ("Geographical=US;BusinessSegments=License;", "1.0000"),  # two axes: never kept
    ]
    rows = [
        f"{OPEN_TEXT_10K}\tRevenues\tus-gaap/2008\t20090630\t4\tUSD\t{segments}\t\t{value}\t"
        for segments, value in added
    ]
    path = tmp_path / "segments.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        archive.writestr("num.txt", num + b"\n" + "\n".join(rows).encode() + b"\n")
    with new_database(tmp_path) as url:
        database = Database(make_engine(url))
        upgrade(database.engine)
        summary = ingest_datasets(database, [path])
        assert summary.segment_values > 3  # ours, and the quarter's own single-axis revenue
        assert figure(database, "1002638", "revenue", date(2009, 6, 30), "annual")[0] == (
            "785665000"
        )
        with database.transaction() as conn:
            company = resolve_company(conn, CompanyDirectory(), "1002638")
            years = us_geography(conn, company.pk, revenue_concepts())  # type: ignore[union-attr]
        database.dispose()
    year = years[2009]
    assert {(c.iso_alpha2, c.revenue, c.page_id) for c in year.countries} == {
        ("US", Decimal(400000000), OPEN_TEXT_10K),
        ("CA", Decimal(150000000), OPEN_TEXT_10K),
    }
    assert [(r.name, r.revenue) for r in year.regions + year.other] == [
        ("Europe Middle East and Africa", Decimal(235665000))
    ]


def test_a_start_the_sets_do_not_give_takes_companyfacts_exact_one() -> None:
    def fact(start: date, source: str) -> Fact:
        return Fact(
            "us-gaap",
            "Revenues",
            "Revenues",
            "USD",
            start,
            date(2009, 6, 27),
            Decimal(1),
            source,
            "10-Q",
            date(2009, 7, 22),
        )

    exact = fact(date(2009, 3, 29), "0000000000-09-000001")
    approximate = fact(date(2009, 3, 28), "0000000000-09-000002")  # a day off, as the sets make it
    merged = merge_facts([exact], [approximate])
    assert [f.start for f in merged] == [date(2009, 3, 29), date(2009, 3, 29)]


def _contents(database: Database) -> dict[str, list[tuple[object, ...]]]:
    """What a load stored, without the keys the database assigned."""
    queries = {
        "companies": select(
            companies.c.company_id,
            companies.c.company_name,
            companies.c.cik,
            companies.c.industry,
            companies.c.currency,
            companies.c.fiscal_year_end,
            companies.c.business_country,
        ),
        "identifiers": select(
            companies.c.cik, company_identifiers.c.kind, company_identifiers.c.value
        ).join(companies, companies.c.id == company_identifiers.c.company_pk),
        "aliases": select(companies.c.cik, company_aliases.c.alias).join(
            companies, companies.c.id == company_aliases.c.company_pk
        ),
        "tags": select(companies.c.cik, company_tags.c.slug).join(
            companies, companies.c.id == company_tags.c.company_pk
        ),
        "filings": select(
            filings.c.accession_number,
            companies.c.cik,
            filings.c.document_type,
            filings.c.filed_date,
        ).join(companies, companies.c.id == filings.c.company_pk),
        "facts": select(
            filings.c.accession_number,
            xbrl_facts.c.concept,
            xbrl_facts.c.period_start,
            xbrl_facts.c.period_end,
            xbrl_facts.c.value,
            xbrl_facts.c.dimensions,
            xbrl_facts.c.label,
        ).join(filings, filings.c.id == xbrl_facts.c.filing_pk),
        "figures": select(
            companies.c.cik,
            filings.c.accession_number,
            *(c for c in metric_values.c if c.name not in ("id", "company_pk", "filing_pk")),
        )
        .join(companies, companies.c.id == metric_values.c.company_pk)
        .outerjoin(filings, filings.c.id == metric_values.c.filing_pk),
    }
    with database.transaction() as conn:
        return {
            name: sorted((tuple(r) for r in conn.execute(q)), key=repr)
            for name, q in queries.items()
        }


def test_new_companies_together_store_what_one_by_one_does(
    corpus: Path,
    loaded: tuple[Database, DatasetSummary],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    database, summary = loaded
    # every company through the one-by-one path, as when a batch fails
    monkeypatch.setattr(datasets, "_create_companies", lambda conn, ciks, *_: ([], ciks))
    with new_database(tmp_path) as url:
        alone = Database(make_engine(url))
        upgrade(alone.engine)
        again = ingest_datasets(alone, [corpus / ZIP])
        assert (again.companies, again.figures) == (summary.companies, summary.figures)
        theirs, ours = _contents(alone), _contents(database)
        alone.dispose()
    assert [name for name in ours if not ours[name]] == [], "an empty table proves nothing"
    for name in ours:
        assert ours[name] == theirs[name], name


SETS = "sec/www.sec.gov/files/dera/data/financial-statement-data-sets"


@pytest.fixture(scope="module")
def loaded_2010(
    corpus: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Database, DatasetSummary]]:
    """2010 Q1 in the old layout (num.txt without a `segments` column) and 2010 Q2 re-issued
    (with it), oldest first."""
    with new_database(tmp_path_factory.mktemp("datasets2010")) as url:
        database = Database(make_engine(url))
        upgrade(database.engine)
        zips = [corpus / SETS / "2010q1.zip", corpus / SETS / "2010q2.zip"]
        summary = ingest_datasets(database, zips)
        yield database, summary
        database.dispose()


def test_the_old_layout_without_segments(loaded_2010: tuple[Database, DatasetSummary]) -> None:
    # 2010q1.zip num.txt (adsh tag version coreg ddate qtrs uom value footnote): Adobe's 10-K
    # 0000796343-10-000003, Revenues 2945853000.0000 and NetIncomeLoss 386508000.0000 for four
    # quarters to 20091130.
    database, _ = loaded_2010
    assert figure(database, "796343", "revenue", date(2009, 11, 30), "annual")[0] == "2945853000"
    assert figure(database, "796343", "net_income", date(2009, 11, 30), "annual")[0] == (
        "386508000"
    )


def test_the_reissued_layout_and_a_value_left_empty(
    loaded_2010: tuple[Database, DatasetSummary],
) -> None:
    # 2010q2.zip: Nike's 10-Q 0001193125-10-078534, SalesRevenueNet 4733000000.0000 for the
    # quarter to 20100228 (Nike's fiscal year ends in May: Q3 of fiscal 2010). Goldman Sachs'
    # CommonStockDividendsPerShareDeclared for the quarter to 20090331 is left empty, a footnote
    # saying why (num.txt line 131789): skipped, and said so.
    database, summary = loaded_2010
    assert figure(database, "320187", "revenue", date(2010, 2, 28), "quarter")[0] == "4733000000"
    with database.transaction() as conn:
        nike = conn.execute(
            select(metric_values.c.fiscal_year, metric_values.c.fiscal_quarter)
            .join(companies, companies.c.id == metric_values.c.company_pk)
            .where(
                companies.c.cik == "0000320187",
                metric_values.c.metric_key == "revenue",
                metric_values.c.period_end == date(2010, 2, 28),
            )
        ).one()
    assert tuple(nike) == (2010, 3)
    assert ("num.txt line 131789", "no value (nil)") in summary.skipped
    assert summary.segment_values == 64
