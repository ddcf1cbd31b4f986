"""The SEC's Financial Statement Data Sets: every XBRL filing's numbers of a quarter in one zip
(`sub.txt` filings, `num.txt` values, `pre.txt` where each value sits and its printed label,
`tag.txt` the tags).

`num.txt` is streamed row by row and only the values of mapped concepts are kept. A value with
segments or a co-registrant is never a company total and is skipped. Periods come from `ddate`
(the end) and `qtrs` (0: an instant; n: n quarters, whose start the sets do not give: it is
taken as n x 91 days before the end, and aligned with an exact start from companyfacts or a
document whenever one ends on the same day). Per-share tags (`perShare` in tag.txt) get the
unit `<currency>/shares`, as companyfacts writes it.

Each filing's values are stored with their filings (as `xbrl_facts`, with the issuer's label
from pre.txt), in one transaction per company. A company new to the service, or without figures
yet, gets its figures computed from all its stored values at once; one that already has figures
(from its companyfacts) keeps them, and the sets' values join them at its next companyfacts run,
where the newest-filing rule applies across all three sources.
"""

from __future__ import annotations

import csv
import io
import json
import operator
import re
import zipfile
from collections import defaultdict, deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, func, insert, select

from filings.companies.extraction import extract_company_dimensions
from filings.companies.queries import company_pks_by_cik
from filings.core.collector import as_bulk_work
from filings.core.concepts import (
    GEOGRAPHIC_AXIS,
    PERIODIC_FORMS,
    mapped_concepts,
    revenue_concepts,
)
from filings.core.errors import FilingsError, MalformedInput
from filings.core.markets import EDGAR, US
from filings.db.engine import Database
from filings.db.generation import bump_generation
from filings.db.tables import companies, company_tags, filings, metric_values, xbrl_facts
from filings.ingest.load import (
    CompanyIn,
    find_company,
    insert_many,
    insert_new_companies,
    insert_new_metrics,
    sync_filings,
    sync_metrics,
    touch_company,
    upsert_company,
)
from filings.ingest.sec.documents_load import stored_document_facts
from filings.ingest.sec.labels_load import dataset_labels, stored_labels
from filings.ingest.sec.sectors import sector_tags
from filings.ingest.standardize.fact import Fact
from filings.ingest.standardize.facts import (
    fiscal_year_end,
    reporting_currency,
    spaced_label,
    standardize,
)
from filings.ingest.standardize.labels import SeenLabel, company_labels, relabel
from filings.ingest.standardize.rows import MetricRow

DAYS_PER_QUARTER = 91
BATCH = 100  # companies per transaction
BATCHES_IN_FLIGHT = 2  # on PostgreSQL
TAXONOMY_OF = {"us-gaap": "us-gaap", "ifrs": "ifrs-full"}
FORM_TYPES = {"10-K": "10-K", "10-Q": "10-Q", "20-F": "10-K", "40-F": "10-K"}
csv.field_size_limit(1 << 24)  # pre.txt labels and tag.txt documentation can be long


@dataclass(frozen=True)
class Submission:
    """One filing of sub.txt."""

    adsh: str
    cik: str
    name: str
    sic: str | None
    country: str | None
    fye: str | None
    form: str
    period: date | None
    fiscal_year: int | None
    fiscal_period: str | None
    filed: date
    former: str | None


@dataclass
class DatasetSummary:
    """What a run did."""

    zips: int = 0
    filings: int = 0
    values: int = 0
    companies: int = 0
    companies_with_figures: int = 0
    figures: int = 0
    segment_values: int = 0  # revenue by one segment (for revenue geography)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def _date(text: str) -> date | None:
    text = text.strip()
    if len(text) != 8 or not text.isdigit():
        return None
    return date(int(text[:4]), int(text[4:6]), int(text[6:8]))


def _rows(archive: zipfile.ZipFile, name: str) -> Iterator[dict[str, str]]:
    """A tab-separated member as dicts, streamed."""
    with archive.open(name) as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8", errors="replace", newline="")
        yield from csv.DictReader(text, delimiter="\t", quoting=csv.QUOTE_NONE)


NUM_COLUMNS = ("adsh", "tag", "version", "ddate", "qtrs", "uom", "segments", "coreg", "value")


def _columns(
    archive: zipfile.ZipFile, name: str, names: tuple[str, ...], tags: set[str]
) -> Iterator[tuple[int, Any]]:
    """The named columns of a large member (num.txt, pre.txt) in the rows whose `tag` is one of
    `tags`, streamed: (line number, a tuple in `names`' order, "" for a column the member or the
    row lacks). Most rows are some other tag, dropped before anything else is done with them."""
    with archive.open(name) as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8", errors="replace", newline="")
        reader = csv.reader(text, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, [])
        width = len(header)  # position `width` of a row is always "" (appended below)
        pick = operator.itemgetter(*(header.index(n) if n in header else width for n in names))
        tag = header.index("tag") if "tag" in header else None
        for number, values in enumerate(reader, start=2):
            if tag is not None and (tag >= len(values) or values[tag] not in tags):
                continue
            if len(values) == width:
                values.append("")
            elif len(values) < width:
                values.extend([""] * (width + 1 - len(values)))
            yield number, pick(values)


def read_submissions(archive: zipfile.ZipFile) -> dict[str, Submission]:
    """sub.txt by accession number."""
    out: dict[str, Submission] = {}
    for row in _rows(archive, "sub.txt"):
        filed = _date(row.get("filed", ""))
        if not row.get("adsh") or not row.get("cik") or filed is None:
            continue
        fy = row.get("fy", "").strip()
        out[row["adsh"]] = Submission(
            adsh=row["adsh"],
            cik=row["cik"].strip().zfill(10),
            name=row.get("name", "").strip(),
            sic=(row.get("sic") or "").strip() or None,
            country=(row.get("countryba") or "").strip() or None,
            fye=(row.get("fye") or "").strip().zfill(4) or None,
            form=row.get("form", "").strip(),
            period=_date(row.get("period", "")),
            fiscal_year=int(fy) if fy.isdigit() else None,
            fiscal_period=(row.get("fp") or "").strip() or None,
            filed=filed,
            former=(row.get("former") or "").strip() or None,
        )
    return out


def _wanted() -> dict[str, set[str]]:
    return mapped_concepts()


def read_labels(
    archive: zipfile.ZipFile, wanted: dict[str, set[str]]
) -> dict[tuple[str, str], str]:
    """(accession, tag) -> the line label the issuer printed (pre.txt), for mapped tags."""
    tags = set().union(*wanted.values())
    out: dict[tuple[str, str], str] = {}
    for _, (adsh, tag, label) in _columns(archive, "pre.txt", ("adsh", "tag", "plabel"), tags):
        if label:
            out.setdefault((adsh, tag), label.strip())
    return out


def read_per_share(archive: zipfile.ZipFile) -> set[str]:
    """Tags whose values are per share (tag.txt datatype perShare)."""
    return {row["tag"] for row in _rows(archive, "tag.txt") if row.get("datatype") == "perShare"}


def read_values(
    archive: zipfile.ZipFile,
    submissions: dict[str, Submission],
    labels: dict[tuple[str, str], str],
    per_share: set[str],
    wanted: dict[str, set[str]],
    skipped: list[tuple[str, str]],
    segments: dict[str, list[Segmented]] | None = None,
) -> dict[str, list[Fact]]:
    """Company totals of mapped concepts, by CIK, streamed from num.txt; revenue by a single
    segment (an axis and its member) goes to `segments`, never among the totals."""
    out: dict[str, list[Fact]] = defaultdict(list)
    revenue = {c.split(":", 1)[1] for c in revenue_concepts()}
    tags = set().union(*wanted.values())
    rows = _columns(archive, "num.txt", NUM_COLUMNS, tags)  # most rows: a tag no metric reads
    for number, (adsh, tag, version, ddate, qtrs, uom, segment, coreg, amount) in rows:
        taxonomy = TAXONOMY_OF.get(version.split("/", 1)[0])
        if taxonomy is None or tag not in wanted.get(taxonomy, ()):
            continue  # a custom tag (its version is the accession) or one no metric reads
        if coreg.strip():
            continue  # a co-registrant's value, not the company's
        dimension = _dimension(segment.strip())
        if dimension is None or (dimension and (segments is None or tag not in revenue)):
            continue  # a segment's value, not the company's total (only revenue's are kept)
        submission = submissions.get(adsh)
        if submission is None or submission.form not in PERIODIC_FORMS:
            continue
        if not amount.strip():  # a value left empty (nil), a footnote saying why
            skipped.append((f"num.txt line {number}", "no value (nil)"))
            continue
        try:
            end = _date(ddate)
            quarters = int(qtrs)
            value = Decimal(amount)
        except (ValueError, InvalidOperation):
            skipped.append((f"num.txt line {number}", "malformed value, date or qtrs"))
            continue
        if end is None or not value.is_finite() or quarters < 0:
            skipped.append((f"num.txt line {number}", "malformed value, date or qtrs"))
            continue
        start = None if quarters == 0 else end - timedelta(days=quarters * DAYS_PER_QUARTER - 1)
        unit = uom.strip()
        if tag in per_share:
            unit = f"{unit}/shares"
        fact = Fact(
            taxonomy=taxonomy,
            concept=tag,
            label=labels.get((submission.adsh, tag)) or spaced_label(tag),
            unit=unit,
            start=start,
            end=end,
            value=_plain(value),
            accession=submission.adsh,
            form=submission.form,
            filed=submission.filed,
        )
        if dimension and segments is not None:
            segments[submission.cik].append(Segmented(fact, dimension))
        else:
            out[submission.cik].append(fact)
    return out


@dataclass(frozen=True)
class Segmented:
    """A value of one segment (revenue by region, say): kept with its filing for revenue
    geography, never a company total."""

    fact: Fact
    dimension: tuple[str, str]  # (axis, member) as the documents' facts write them


_COUNTRY_CODE = re.compile(r"^[A-Z]{2}$")


def _dimension(segments: str) -> tuple[str, str] | tuple[()] | None:
    """num.txt's `segments` (`Geographical=US;`: the axis without its prefix, `Statement` and
    `Axis`, the member without its prefix and `Member`) as the documents' (axis, member):
    () for none, None for more than one (never kept). The geographic axis gets its full name
    (`srt:StatementGeographicalAxis`) and a country code member `country:US`, as inline XBRL
    names them; other axes and members keep the sets' short names."""
    if not segments:
        return ()
    pairs = [p for p in segments.split(";") if p.strip()]
    if not pairs:
        return ()
    if len(pairs) > 1 or "=" not in pairs[0]:
        return None
    axis, member = (part.strip() for part in pairs[0].split("=", 1))
    if axis == "Geographical":
        axis = GEOGRAPHIC_AXIS
        if _COUNTRY_CODE.match(member):
            member = f"country:{member}"
    return axis, member


def _plain(value: Decimal) -> Decimal:
    """`1645300000.0000` as 1645300000, `0.3300` as 0.33: no trailing zeros, no exponent."""
    value = value.normalize()
    exponent = value.as_tuple().exponent
    return value.quantize(Decimal(1)) if isinstance(exponent, int) and exponent > 0 else value


def _company(submission: Submission, currency: str | None, fye: str | None) -> CompanyIn:
    return CompanyIn(
        company_id=f"cik{int(submission.cik)}",
        company_name=submission.name,
        display_name=submission.name,
        market=US.key,
        country="US",  # decisions.md: the market's country for every SEC registrant
        business_country=submission.country
        if submission.country and _COUNTRY_CODE.match(submission.country)
        else None,
        cik=submission.cik,
        industry=f"SIC {submission.sic}" if submission.sic else None,
        currency=currency,
        fiscal_year_end=submission.fye or fye,
        aliases=tuple(a for a in (submission.former,) if a),
        tags=tuple(sector_tags(submission.sic)),
    )


def _filing_values(submission: Submission) -> dict[str, Any]:
    form = submission.form
    quarter = submission.fiscal_period
    return {
        "market": US.key,
        "document_format": EDGAR.key,
        "accession_number": submission.adsh,
        "document_type": FORM_TYPES.get(form.removesuffix("/A"), form),
        "form": form,
        "fiscal_year": submission.fiscal_year,
        "fiscal_quarter": int(quarter[1]) if quarter and quarter[:1] == "Q" else None,
        "period_end": submission.period,
        "filed_date": submission.filed,
        "listed_date": submission.filed,
        "source_url": (
            f"https://www.sec.gov/Archives/edgar/data/{int(submission.cik)}/"
            f"{submission.adsh.replace('-', '')}/{submission.adsh}-index.htm"
        ),
    }


def _fact_row(fact: Fact, filing_pk: int) -> dict[str, Any]:
    return {
        "filing_pk": filing_pk,
        "concept": f"{fact.taxonomy}:{fact.concept}",
        "unit": fact.unit,
        "period_start": fact.start,
        "period_end": fact.end,
        "value": format(fact.value, "f"),
        "decimals": None,
        "dimensions": [],
        "label": fact.label,
    }


def _segment_row(segmented: Segmented, filing_pk: int) -> dict[str, Any]:
    return {**_fact_row(segmented.fact, filing_pk), "dimensions": [list(segmented.dimension)]}


def _store_values(
    conn: Connection,
    facts: list[Fact],
    filing_pks: dict[str, int],
    segments: Sequence[Segmented] = (),
) -> None:
    """The values of each filing with their labels (pre.txt's, else the tag's words; a label
    marks a value of the sets), and its segments' values, replacing what an earlier run stored
    for it."""
    by_filing: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for fact in facts:
        filing_pk = filing_pks[fact.accession]
        by_filing[filing_pk].append(_fact_row(fact, filing_pk))
    for segmented in segments:
        filing_pk = filing_pks[segmented.fact.accession]
        by_filing[filing_pk].append(_segment_row(segmented, filing_pk))
    for filing_pk, rows in by_filing.items():
        conn.execute(xbrl_facts.delete().where(xbrl_facts.c.filing_pk == filing_pk))
        conn.execute(insert(xbrl_facts), rows)


def _load_company(
    conn: Connection,
    facts: list[Fact],
    filed: list[Submission],
    now: datetime,
    segments: Sequence[Segmented] = (),
) -> tuple[bool, int, bool]:
    """One company's filings and values; its figures when it has none from elsewhere:
    (whether its figures were computed, how many, whether anything changed). The data
    generation is left to the caller, to move last in its transaction: another batch in flight
    waits for its row until this one commits."""
    newest = max(filed, key=lambda s: (s.filed, s.adsh))
    existing = find_company(conn, _company(newest, None, None))
    company = _company(newest, reporting_currency(facts), None)
    if existing is not None:
        # a company known already keeps its name as listed and its currency
        company = CompanyIn(
            **{
                **company.__dict__,
                "company_name": existing.company_name,
                "display_name": existing.display_name,
                "company_id": existing.company_id,
                "currency": existing.currency or company.currency,
                "industry": existing.industry or company.industry,
                "tags": _stored_tags(conn, int(existing.id)) or company.tags,
            }
        )
    pk, changed = upsert_company(conn, company, now, bump=False)
    filing_pks, filings_changed = sync_filings(conn, pk, [_filing_values(s) for s in filed], now)
    changed |= filings_changed
    _store_values(conn, facts, filing_pks, segments)
    has_figures = conn.execute(
        select(func.count())
        .select_from(metric_values)
        .where(metric_values.c.company_pk == pk, metric_values.c.page_id.is_(None))
    ).scalar_one()
    if has_figures and existing is not None and not _only_datasets(conn, pk, filing_pks):
        return False, 0, changed
    # a company new to the service has no facts but these; else all it has stored
    if existing is None:
        rows = _standardized(company, facts)
    else:
        stored = stored_document_facts(conn, newest.cik, set(), {})
        rows = _standardized(company, stored, stored_labels(conn, newest.cik, (), stored))
    scope = metric_values.c.page_id.is_(None)
    counts = sync_metrics(conn, pk, rows, scope, _all_filing_pks(conn, pk))
    if counts.changed and not changed:
        touch_company(conn, pk, now, bump=False)
    return True, len(rows), changed or counts.changed


def _standardized(
    company: CompanyIn, facts: list[Fact], labels: list[SeenLabel] | None = None
) -> list[MetricRow]:
    """The company's figures from its facts, its fiscal year ending where sub.txt says (else
    where its newest annual facts end), named by the issuer's labels: those its filings give
    (`labels`), else those pre.txt gave the facts."""
    facts = relabel(
        facts, company_labels(facts, dataset_labels(facts) if labels is None else labels)
    )
    fye_text = company.fiscal_year_end
    fye = (
        (int(fye_text[:2]), int(fye_text[2:]))
        if fye_text and fye_text.isdigit()
        else fiscal_year_end(facts)
    )
    return standardize(facts, fye) if facts else []


def _stored_tags(conn: Connection, company_pk: int) -> tuple[str, ...]:
    """A known company's tags, which the sets leave as they are."""
    return tuple(
        conn.execute(
            select(company_tags.c.slug)
            .where(company_tags.c.company_pk == company_pk)
            .order_by(company_tags.c.slug)
        ).scalars()
    )


def _only_datasets(conn: Connection, company_pk: int, ours: dict[str, int]) -> bool:
    """Whether every figure row of the company comes from the sets' filings (a previous run
    of the sets computed them), so that they may be computed again."""
    accessions = conn.execute(
        select(metric_values.c.accession_number)
        .distinct()
        .where(metric_values.c.company_pk == company_pk, metric_values.c.page_id.is_(None))
    ).scalars()
    dataset_filings = set(
        conn.execute(
            select(filings.c.accession_number)
            .join(xbrl_facts, xbrl_facts.c.filing_pk == filings.c.id)
            .where(filings.c.company_pk == company_pk, xbrl_facts.c.label.is_not(None))
            .distinct()
        ).scalars()
    ) | set(ours)
    return all(a in dataset_filings for a in accessions if a)


def _all_filing_pks(conn: Connection, company_pk: int) -> dict[str, int]:
    return {
        a: int(pk)
        for a, pk in conn.execute(
            select(filings.c.accession_number, filings.c.id).where(
                filings.c.company_pk == company_pk
            )
        )
    }


LOADING_ERRORS = (FilingsError, MalformedInput, ValueError, ArithmeticError)


@dataclass
class _Quarter:
    """What one zip holds, by CIK."""

    filed: dict[str, list[Submission]]  # periodic filings
    values: dict[str, list[Fact]]  # company totals
    segments: dict[str, list[Segmented]]  # revenue by one segment


def _create_companies(
    conn: Connection, ciks: list[str], quarter: _Quarter, now: datetime
) -> tuple[list[tuple[str, tuple[bool, int]]], list[str]]:
    """Companies new to the service, with their filings, values and figures, in a few statements
    for all of them (what `_load_company` does one by one): (done, ciks left for that path, whose
    company id is taken or one of whose filings is stored already)."""
    newest = {cik: max(quarter.filed[cik], key=lambda s: (s.filed, s.adsh)) for cik in ciks}
    wanted = {
        cik: _company(newest[cik], reporting_currency(quarter.values.get(cik, [])), None)
        for cik in ciks
    }
    taken = _existing(conn, companies.c.company_id, [c.company_id for c in wanted.values()])
    stored = _existing(
        conn, filings.c.accession_number, [s.adsh for cik in ciks for s in quarter.filed[cik]]
    )
    left = [
        cik
        for cik in ciks
        if wanted[cik].company_id in taken or any(s.adsh in stored for s in quarter.filed[cik])
    ]
    ciks = [cik for cik in ciks if cik not in left]
    pks = insert_new_companies(conn, [wanted[cik] for cik in ciks], now, bump=False)
    company_pk = {cik: pks[wanted[cik].company_id] for cik in ciks}
    rows = [
        {"company_pk": company_pk[cik], "ingested_at": now, **_filing_values(s)}
        for cik in ciks
        for s in quarter.filed[cik]
    ]
    filing_pks: dict[str, int] = {}
    if rows:
        made = conn.execute(
            insert(filings).returning(filings.c.id, filings.c.accession_number), rows
        )
        filing_pks = {accession: int(pk) for pk, accession in made}
    # written as the driver takes them: the JSON column as its text
    rows = [
        {**_fact_row(f, filing_pks[f.accession]), "dimensions": "[]"}
        for cik in ciks
        for f in quarter.values.get(cik, [])
    ]
    rows += [
        {
            **_fact_row(s.fact, filing_pks[s.fact.accession]),
            "dimensions": json.dumps([list(s.dimension)]),
        }
        for cik in ciks
        for s in quarter.segments.get(cik, [])
    ]
    if rows:
        insert_many(conn, xbrl_facts, rows)
    figures = {
        company_pk[cik]: _standardized(wanted[cik], quarter.values.get(cik, [])) for cik in ciks
    }
    insert_new_metrics(conn, figures, filing_pks)
    return [(cik, (True, len(figures[company_pk[cik]]))) for cik in ciks], left


def _existing(conn: Connection, column: Any, values: list[str]) -> set[str]:
    """Which of the values the column holds already (asked 500 at a time)."""
    found: set[str] = set()
    for start in range(0, len(values), 500):
        chunk = values[start : start + 500]
        found.update(conn.execute(select(column).where(column.in_(chunk))).scalars())
    return found


def _load(conn: Connection, cik: str, quarter: _Quarter, now: datetime) -> tuple[bool, int, bool]:
    """`_load_company` for a CIK of the quarter."""
    values, segments = quarter.values.get(cik, []), quarter.segments.get(cik, [])
    return _load_company(conn, values, quarter.filed[cik], now, segments)


def _store_dimensions(conn: Connection, ciks: list[str]) -> bool:
    """Revenue geography from the companies' segment values, stored once (only companies with
    segments in the quarter: one read of their facts each); whether any changed."""
    changed = False
    for company_pk in company_pks_by_cik(conn, ciks).values():
        changed |= extract_company_dimensions(conn, company_pk)
    return changed


def _load_batch(
    database: Database, ciks: list[str], quarter: _Quarter, now: datetime
) -> list[tuple[str, tuple[bool, int] | str]]:
    """Companies in one transaction (a commit per company costs more than its work), the new
    ones created together; when one fails, each again in its own, so that only the bad one is
    skipped."""
    try:
        with database.transaction(write=True) as conn:
            known = _existing(conn, companies.c.cik, ciks)
            done, left = _create_companies(conn, [c for c in ciks if c not in known], quarter, now)
            out: list[tuple[str, tuple[bool, int] | str]] = list(done)
            changed = bool(done)
            for cik in [c for c in ciks if c in known] + left:
                computed, count, touched = _load(conn, cik, quarter, now)
                out.append((cik, (computed, count)))
                changed |= touched
            changed |= _store_dimensions(conn, [c for c in ciks if quarter.segments.get(c)])
            if changed:
                bump_generation(conn)  # last: another batch's transaction waits for its row
            return out
    except LOADING_ERRORS:
        pass
    out = []
    for cik in ciks:
        try:
            with database.transaction(write=True) as conn:
                computed, count, touched = _load(conn, cik, quarter, now)
                touched |= _store_dimensions(conn, [cik] if quarter.segments.get(cik) else [])
                if touched:
                    bump_generation(conn)
            out.append((cik, (computed, count)))
        except LOADING_ERRORS as exc:
            out.append((cik, str(exc)))
    return out


def _batches(
    database: Database, quarter: _Quarter, now: datetime
) -> Iterator[list[tuple[str, tuple[bool, int] | str]]]:
    """The quarter's companies loaded a batch at a time, each batch's outcomes in order. On
    PostgreSQL two batches are in flight, each in a transaction of its own on a thread: while
    the server checks one batch's keys and fills its indexes, the other is read and computed
    (on SQLite writers take turns, so one at a time). Batches hold different companies and
    filings; the data generation is moved last in each, so they never wait for each other."""
    ciks = list(quarter.filed)
    batches = [ciks[start : start + BATCH] for start in range(0, len(ciks), BATCH)]
    in_flight = BATCHES_IN_FLIGHT if database.engine.dialect.name == "postgresql" else 1
    with ThreadPoolExecutor(in_flight, thread_name_prefix="datasets") as pool:
        running: deque[Future[list[tuple[str, tuple[bool, int] | str]]]] = deque()
        for batch in batches:
            running.append(pool.submit(_load_batch, database, batch, quarter, now))
            if len(running) >= in_flight:
                yield running.popleft().result()
        while running:
            yield running.popleft().result()


def dataset_zips(location: Path) -> list[Path]:
    """A zip, or every zip of a directory (oldest quarter first)."""
    if location.is_file():
        return [location]
    if location.is_dir():
        return sorted(location.glob("*.zip"))
    raise FilingsError(f"no Financial Statement Data Sets at {location}: give a zip or a folder")


@as_bulk_work
def ingest_datasets(
    database: Database,
    zips: list[Path],
    progress: Callable[[str, int, int], None] = lambda *_: None,
) -> DatasetSummary:
    """Ingest each zip: companies' filings, values and (where they are their only source)
    figures, a batch of companies per transaction (a company that fails is retried alone and
    skipped); a bad row is reported and skipped."""
    summary = DatasetSummary()
    wanted = _wanted()
    now = datetime.now(UTC)
    for path in zips:
        try:
            archive = zipfile.ZipFile(path)
        except (OSError, zipfile.BadZipFile) as exc:
            summary.skipped.append((str(path), f"not a zip: {exc}"))
            continue
        with archive:
            try:
                submissions = read_submissions(archive)
                labels = read_labels(archive, wanted)
                per_share = read_per_share(archive)
                segments: dict[str, list[Segmented]] = defaultdict(list)
                by_company = read_values(
                    archive, submissions, labels, per_share, wanted, summary.skipped, segments
                )
            except (KeyError, UnicodeError, csv.Error) as exc:
                summary.skipped.append((str(path), f"not a data sets zip: {exc}"))
                continue
        summary.zips += 1
        quarter = _Quarter(defaultdict(list), by_company, segments)
        for submission in submissions.values():
            if submission.form in PERIODIC_FORMS:
                quarter.filed[submission.cik].append(submission)
        done = 0
        for loaded in _batches(database, quarter, now):
            for cik, outcome in loaded:
                done += 1
                progress(path.name, done, len(quarter.filed))
                if isinstance(outcome, str):
                    summary.skipped.append((f"CIK {cik}", outcome))
                    continue
                computed, count = outcome
                summary.companies += 1
                summary.filings += len(quarter.filed[cik])
                summary.values += len(by_company.get(cik, []))
                summary.segment_values += len(segments.get(cik, []))
                summary.companies_with_figures += int(computed)
                summary.figures += count
    return summary
