"""Storing one ESEF report, inside the caller's transaction.

A report is one filing whatever the number of its editions: its docid is made from the LEI and
the fiscal year's end, so the English and Finnish (or Swedish) editions, and a corrected
resubmission, are the same filing. Its facts are kept by submission date:
- the first package seen is the first submission;
- a package whose figures agree with the submission in effect at its date is another edition
  of it: when its language comes earlier in the preference (English, Swedish, Finnish) it
  gives the labels; when it is older than the first submission, the figures were known from its
  date, and the submission is dated so;
- a package whose figures differ is a submission of its own, from its date: the latest one is
  current (a correction replaces what it corrects from its date; `as_of` before it still sees
  the corrected figures); one of the same day as a kept submission replaces it when it came
  later (the index's order), else it is noted and not used.
The result does not depend on the order the packages come in. Then the company's figures are
made again from all its ESEF filings: rows, their versions, and the precedence over other
sources.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Connection

from filings.core.markets import ESEF, NORDIC
from filings.core.periods import fiscal_year_of
from filings.db.tables import metric_values
from filings.ingest.esef.figures import FORM, KeptFact, StoredFact, esef_figures
from filings.ingest.esef.precedence import Disagreement, beyond_rounding, give_way
from filings.ingest.esef.queries import (
    company_currency,
    esef_filings,
    esef_history,
    filing_by_docid,
    keep_lei,
    move_submission,
    replace_submission,
    set_currency,
    set_filed_date,
    stored_facts,
    submissions,
)
from filings.ingest.esef.vocabulary import language_rank
from filings.ingest.load import sync_filing, sync_metrics, touch_company
from filings.ingest.versions import replace_printings

_SEQUENCE = re.compile(r"/ESEF/[A-Z]{2}/([0-9]+)/")


def report_docid(lei: str, period_end: date) -> str:
    """The docid of a report: 16 hex digits of the SHA-256 of its LEI and fiscal year end."""
    return hashlib.sha256(f"esef:{lei}:{period_end.isoformat()}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Edition:
    """One package of a report: its language and where and when it was published."""

    language: str | None
    filed: date
    published: datetime  # orders submissions of one language: the later corrects
    sha256: str
    location: str
    title: str | None

    @property
    def sequence(self) -> int:
        """The submission's number in filings.xbrl.org's paths (`/ESEF/FI/1/`), else 0."""
        match = _SEQUENCE.search(self.location)
        return int(match.group(1)) if match else 0


@dataclass
class Stored:
    """What storing one report did."""

    changed: bool = False
    docid: str = ""
    notes: list[str] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)


def _filing_values(edition: Edition, lei: str, period_end: date) -> dict[str, Any]:
    url = edition.location if edition.location.startswith(("http://", "https://")) else None
    return {
        "market": NORDIC.key,
        "document_format": ESEF.key,
        "docid": report_docid(lei, period_end),
        "document_type": "annual_report",
        "form": FORM,
        "fiscal_year": fiscal_year_of(period_end),
        "fiscal_quarter": None,
        "period_end": period_end,
        "filed_date": edition.filed,
        "published_at": edition.published,
        "listed_date": edition.filed,
        "language": edition.language,
        "title": edition.title,
        "source_url": url,
        "file_path": None if url else edition.location,
        "sha256": edition.sha256,
    }


def _fact_key(fact: KeptFact) -> tuple[object, ...]:
    return (fact.anchor or fact.concept, fact.unit, fact.start, fact.end)


def _differences(kept: list[KeptFact], other: list[KeptFact]) -> list[str]:
    """What two packages of a report state differently: values beyond rounding, and facts
    only one of them states (by concept, unit and period)."""
    held = {_fact_key(f): f for f in kept}
    offered = {_fact_key(f): f for f in other}
    out = []
    for key, fact in offered.items():
        mine = held.get(key)
        where = f"{fact.concept} {fact.start or ''}..{fact.end}"
        if mine is None:
            out.append(f"{where}: only in this package ({fact.value})")
        elif beyond_rounding(mine.value, fact.value):
            out.append(f"{where}: {mine.value} / {fact.value}")
    out += [
        f"{f.concept} {f.start or ''}..{f.end}: not in this package ({f.value})"
        for key, f in held.items()
        if key not in offered
    ]
    return out


def _published(row: Any) -> datetime:
    moment: datetime = row.published_at or datetime(*row.filed_date.timetuple()[:3])
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _later(edition: Edition, existing: Any, latest: date) -> bool:
    """Whether an edition was submitted after the kept submission (a correction)."""
    if edition.filed != latest:
        return edition.filed > latest
    return (edition.published, edition.sequence) > (_published(existing), _sequence_of(existing))


def _store_edition(
    conn: Connection, company_pk: int, edition: Edition, lei: str, period_end: date,
    facts: list[KeptFact], now: datetime, stored: Stored,
) -> bool:  # fmt: skip
    """Store the edition as the module's rules say; whether anything changed."""
    values = _filing_values(edition, lei, period_end)
    existing = filing_by_docid(conn, values["docid"])
    if existing is None:
        filing_pk, _ = sync_filing(conn, company_pk, values, now)
        replace_submission(conn, filing_pk, edition.filed, facts)
        return True
    if existing.sha256 == edition.sha256:
        return False
    pk = int(existing.id)
    held = submissions(conn, pk)
    dates = list(held)
    in_effect = max((d for d in dates if d <= edition.filed), default=dates[0])
    differences = _differences(held[in_effect], facts)
    if differences and (edition.filed not in held or _later(edition, existing, dates[-1])):
        # a submission of its own: a correction when it is the latest
        if edition.filed >= dates[-1]:
            sync_filing(conn, company_pk, values, now)
        return replace_submission(conn, pk, edition.filed, facts) or True
    if differences:
        stored.notes.append(
            f"differs from the submission of {in_effect} kept for this report, not used: "
            + "; ".join(differences)
        )
        return False
    changed = False
    if in_effect == dates[-1] and language_rank(edition.language) < language_rank(
        existing.language
    ):  # the same figures, labelled in a preferred language
        dated = {"filed_date": existing.filed_date, "listed_date": existing.filed_date}
        sync_filing(conn, company_pk, {**values, **dated}, now)
        replace_submission(conn, pk, in_effect, facts)
        changed = True
    if edition.filed < in_effect == dates[0]:  # the figures were known earlier
        move_submission(conn, pk, in_effect, edition.filed)
        if in_effect == dates[-1]:
            set_filed_date(conn, pk, edition.filed)
        changed = True
    return changed


def _sequence_of(row: Any) -> int:
    match = _SEQUENCE.search(row.source_url or row.file_path or "")
    return int(match.group(1)) if match else 0


def _currency(facts: list[StoredFact]) -> str | None:
    """The currency most of the money facts are in."""
    units = Counter(s.fact.unit for s in facts if len(s.fact.unit) == 3 and s.fact.unit.isupper())
    return units.most_common(1)[0][0] if units else None


def _history_changed(stored: list[Any], versions: list[Any]) -> bool:
    wanted = {
        (row.metric_key, row.period_key, format(row.value, "f"), row.source, since)
        for row, since, _ in versions
    }
    held = {(r.metric_key, r.period_key, r.value, r.source, r.known_from) for r in stored}
    return held != wanted or len(stored) != len(versions)


def refresh_figures(
    conn: Connection, company_pk: int, company: str, lei: str
) -> tuple[int, list[Disagreement], bool]:
    """Make the company's ESEF figures and their versions again from its stored ESEF
    filings; (rows, disagreements with other sources, whether anything changed)."""
    facts = stored_facts(conn, company_pk, lei)
    rows, versions = esef_figures(facts)
    disagreements = give_way(conn, company_pk, company, rows)
    filing_pks = esef_filings(conn, company_pk)
    scope = metric_values.c.filing_pk.in_(list(filing_pks.values()))
    counts = sync_metrics(conn, company_pk, rows, scope, filing_pks)
    changed = counts.changed or bool(disagreements)
    stored = esef_history(conn, company_pk, filing_pks)
    if _history_changed(stored, versions):
        # its own versions only: the company's other printings stay, chained with them
        printed = [(row, since) for row, since, _ in versions]
        replace_printings(conn, company_pk, stored, printed, set(filing_pks))
        changed = True
    if company_currency(conn, company_pk) is None and (currency := _currency(facts)):
        set_currency(conn, company_pk, currency)
        changed = True
    return len(rows), disagreements, changed


def store_report(
    conn: Connection,
    company_pk: int,
    company: str,
    edition: Edition,
    lei: str,
    period_end: date,
    facts: list[KeptFact],
    now: datetime,
) -> Stored:
    """Store one edition of a report for a matched company, and the company's figures."""
    stored = Stored(docid=report_docid(lei, period_end))
    written = _store_edition(conn, company_pk, edition, lei, period_end, facts, now, stored)
    written |= keep_lei(conn, company_pk, lei)
    if written:
        _, stored.disagreements, _ = refresh_figures(conn, company_pk, company, lei)
        touch_company(conn, company_pk, now)
    stored.changed = written
    return stored
