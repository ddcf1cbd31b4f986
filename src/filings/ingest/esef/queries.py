"""The SQL of ESEF ingestion: one function per question, each a single statement."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, and_, delete, func, insert, or_, select, update

from filings.core.markets import NORDIC
from filings.db.tables import (
    companies,
    company_aliases,
    company_identifiers,
    filings,
    metric_history,
    metric_values,
    xbrl_facts,
)
from filings.ingest.esef.figures import FORM, KeptFact, StoredFact

LEI = "lei"


def company_by_lei(conn: Connection, lei: str) -> Any:
    """The company holding an LEI, or None."""
    return conn.execute(
        select(companies.c.id, companies.c.company_name)
        .join(company_identifiers, company_identifiers.c.company_pk == companies.c.id)
        .where(company_identifiers.c.kind == LEI, company_identifiers.c.normalized == lei)
        .limit(1)
    ).first()


def nordic_names(conn: Connection, countries: Iterable[str]) -> dict[int, tuple[str, list[str]]]:
    """The listed Nordic companies of `countries`: pk -> (name, every name it answers to)."""
    out: dict[int, tuple[str, list[str]]] = {}
    rows = conn.execute(
        select(
            companies.c.id,
            companies.c.company_name,
            companies.c.display_name,
            company_aliases.c.alias,
        )
        .outerjoin(company_aliases, company_aliases.c.company_pk == companies.c.id)
        .where(companies.c.market == NORDIC.key, companies.c.country.in_(sorted(countries)))
    )
    for pk, name, display, alias in rows:
        held = out.setdefault(pk, (name, [name, display]))
        if alias:
            held[1].append(alias)
    return out


def keep_lei(conn: Connection, company_pk: int, lei: str) -> bool:
    """Record the company's LEI (column and identifier); whether anything was written."""
    changed = False
    stored = conn.execute(select(companies.c.lei).where(companies.c.id == company_pk)).scalar()
    if stored != lei:
        conn.execute(update(companies).where(companies.c.id == company_pk).values(lei=lei))
        changed = True
    held = conn.execute(
        select(company_identifiers.c.id).where(
            company_identifiers.c.company_pk == company_pk,
            company_identifiers.c.kind == LEI,
            company_identifiers.c.normalized == lei,
        )
    ).first()
    if held is None:
        conn.execute(
            insert(company_identifiers).values(
                company_pk=company_pk, kind=LEI, value=lei, normalized=lei
            )
        )
        changed = True
    return changed


def company_currency(conn: Connection, company_pk: int) -> str | None:
    """The company's reporting currency as stored."""
    return conn.execute(select(companies.c.currency).where(companies.c.id == company_pk)).scalar()


def set_currency(conn: Connection, company_pk: int, currency: str) -> None:
    """Store the reporting currency of a company that had none."""
    conn.execute(update(companies).where(companies.c.id == company_pk).values(currency=currency))


def filing_by_docid(conn: Connection, docid: str) -> Any:
    """The stored filing with this docid, or None."""
    return conn.execute(select(filings).where(filings.c.docid == docid)).first()


def set_filed_date(conn: Connection, filing_pk: int, filed: date) -> None:
    """Move a filing's date (an edition in another language known earlier)."""
    conn.execute(
        update(filings).where(filings.c.id == filing_pk).values(filed_date=filed, listed_date=filed)
    )


def _fact_row(filing_pk: int, submitted: date, fact: KeptFact) -> dict[str, Any]:
    return {
        "filing_pk": filing_pk,
        "concept": fact.concept,
        "unit": fact.unit,
        "period_start": fact.start,
        "period_end": fact.end,
        "value": format(fact.value, "f"),
        "decimals": fact.decimals,
        "dimensions": [],
        "label": fact.label,
        "anchor": fact.anchor,
        "submitted": submitted,
    }


def _kept(row: Any) -> KeptFact:
    return KeptFact(
        concept=row.concept,
        unit=row.unit,
        start=row.period_start,
        end=row.period_end,
        value=Decimal(row.value),
        decimals=row.decimals,
        label=row.label,
        anchor=row.anchor,
    )


def submissions(conn: Connection, filing_pk: int) -> dict[date, list[KeptFact]]:
    """The facts stored with one filing, by the date of the submission that stated them."""
    out: dict[date, list[KeptFact]] = defaultdict(list)
    for row in conn.execute(select(xbrl_facts).where(xbrl_facts.c.filing_pk == filing_pk)):
        out[row.submitted].append(_kept(row))
    return dict(sorted(out.items()))


def replace_submission(
    conn: Connection, filing_pk: int, submitted: date, facts: list[KeptFact]
) -> bool:
    """Make one submission's stored facts exactly `facts`; whether anything changed."""
    wanted = [_fact_row(filing_pk, submitted, f) for f in facts]
    held = [
        _fact_row(filing_pk, submitted, f) for f in submissions(conn, filing_pk).get(submitted, [])
    ]
    key = lambda row: json.dumps(row, sort_keys=True, default=str)  # noqa: E731
    if sorted(map(key, wanted)) == sorted(map(key, held)):
        return False
    conn.execute(
        delete(xbrl_facts).where(
            xbrl_facts.c.filing_pk == filing_pk, xbrl_facts.c.submitted == submitted
        )
    )
    if wanted:
        conn.execute(insert(xbrl_facts), wanted)
    return True


def move_submission(conn: Connection, filing_pk: int, old: date, new: date) -> None:
    """Date a submission's facts earlier: an edition that agrees with them was known then."""
    conn.execute(
        update(xbrl_facts)
        .where(xbrl_facts.c.filing_pk == filing_pk, xbrl_facts.c.submitted == old)
        .values(submitted=new)
    )


def esef_filings(conn: Connection, company_pk: int) -> dict[str, int]:
    """The company's ESEF filings: docid -> pk."""
    rows = conn.execute(
        select(filings.c.docid, filings.c.id).where(
            filings.c.company_pk == company_pk, filings.c.form == FORM
        )
    )
    return {docid: int(pk) for docid, pk in rows}


def stored_facts(conn: Connection, company_pk: int, lei: str) -> list[StoredFact]:
    """Every fact stored from the company's ESEF filings, with its filing."""
    rows = conn.execute(
        select(
            xbrl_facts,
            filings.c.docid,
            filings.c.filed_date,
            filings.c.period_end.label("report_end"),
        )
        .join(filings, filings.c.id == xbrl_facts.c.filing_pk)
        .where(filings.c.company_pk == company_pk, filings.c.form == FORM)
    )
    return [
        StoredFact(
            fact=_kept(row),
            docid=row.docid,
            filed=row.submitted or row.filed_date,
            filing=f"{FORM} {lei}-{row.report_end.isoformat()}",
        )
        for row in rows
    ]


def rows_at(
    conn: Connection, company_pk: int, keys: set[tuple[str, str]], *, esef: bool
) -> list[Any]:
    """The company's stored figure rows for (metric, period) keys: those of its ESEF filings
    (`esef`), or those of every other source."""
    if not keys:
        return []
    by_metric: dict[str, list[str]] = defaultdict(list)
    for metric, period in keys:
        by_metric[metric].append(period)
    others = or_(filings.c.id.is_(None), filings.c.form.is_(None), filings.c.form != FORM)
    which = filings.c.form == FORM if esef else others
    return list(
        conn.execute(
            select(metric_values)
            .outerjoin(filings, filings.c.id == metric_values.c.filing_pk)
            .where(
                metric_values.c.company_pk == company_pk,
                which,
                or_(
                    *(
                        and_(
                            metric_values.c.metric_key == metric,
                            metric_values.c.period_key.in_(periods),
                        )
                        for metric, periods in by_metric.items()
                    )
                ),
            )
        )
    )


def delete_rows(conn: Connection, ids: list[int]) -> None:
    """Delete figure rows by id."""
    if ids:
        conn.execute(delete(metric_values).where(metric_values.c.id.in_(ids)))


Printed = dict[tuple[date | None, date, str], str | None]


def esef_decimals(conn: Connection, company_pk: int) -> Printed:
    """The `decimals` of the company's ESEF facts, by period and value: how precisely a value
    was printed, which its trailing zeros cannot tell (2,950.0 million)."""
    rows = conn.execute(
        select(
            xbrl_facts.c.period_start,
            xbrl_facts.c.period_end,
            xbrl_facts.c.value,
            xbrl_facts.c.decimals,
        )
        .join(filings, filings.c.id == xbrl_facts.c.filing_pk)
        .where(filings.c.company_pk == company_pk, filings.c.form == FORM)
    )
    return {(start, end, value): decimals for start, end, value, decimals in rows}


def esef_history(conn: Connection, company_pk: int, docids: Iterable[str]) -> list[Any]:
    """The company's stored versions of its ESEF figures (their accession is a report's docid)."""
    return list(
        conn.execute(
            select(metric_history).where(
                metric_history.c.company_pk == company_pk,
                metric_history.c.accession_number.in_(sorted(docids)),
            )
        )
    )


def esef_figure_count(conn: Connection, company_pks: set[int]) -> int:
    """How many figure rows the companies' ESEF filings give."""
    return int(
        conn.execute(
            select(func.count())
            .select_from(metric_values)
            .join(filings, filings.c.id == metric_values.c.filing_pk)
            .where(metric_values.c.company_pk.in_(sorted(company_pks)), filings.c.form == FORM)
        ).scalar_one()
    )
