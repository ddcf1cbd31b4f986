"""The schema, as SQLAlchemy Core tables; Alembic migrations create exactly these."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

# --- companies -------------------------------------------------------------------------------

companies = Table(
    "companies",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("company_id", String(80), nullable=False, unique=True),  # stable slug: aapl
    Column("company_name", String(300), nullable=False),  # as filed
    Column("display_name", String(300), nullable=False),
    Column("market", String(10), nullable=False),  # nordic | us
    Column("country", String(2), nullable=False),  # FI | SE | US
    Column("business_country", String(2)),  # ISO alpha-2 of the business address, where known
    Column("exchange", String(10)),  # XHEL, XSTO, XNAS, XNYS
    Column("isin", String(12)),
    Column("cik", String(10)),
    Column("lei", String(20)),
    Column("industry", String(300)),
    Column("currency", String(3)),  # reporting currency
    Column("fiscal_year_end", String(4)),  # MMDD
    Column("listing_date", Date),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_companies_market", "market"),
    Index("ix_companies_cik", "cik"),
)

company_identifiers = Table(
    "company_identifiers",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), nullable=False),
    Column("kind", String(10), nullable=False),  # ticker | isin | cik | lei
    Column("value", String(40), nullable=False),  # as published
    Column("normalized", String(40), nullable=False),  # as matched
    UniqueConstraint("company_pk", "kind", "normalized", name="uq_company_identifiers_key"),
    Index("ix_company_identifiers_lookup", "kind", "normalized"),
)

company_aliases = Table(
    "company_aliases",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), nullable=False),
    Column("alias", String(300), nullable=False),
    Column("normalized", String(300), nullable=False),
    Column("kind", String(20), nullable=False),  # name | former_name | short_name
    UniqueConstraint("company_pk", "normalized", name="uq_company_aliases_key"),
    Index("ix_company_aliases_normalized", "normalized"),
)

company_tags = Table(
    "company_tags",
    metadata,
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), primary_key=True),
    Column("slug", String(80), primary_key=True),
)

# --- filings, documents and pages --------------------------------------------------------------

filings = Table(
    "filings",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), nullable=False),
    Column("market", String(10), nullable=False),
    Column("docid", String(16), unique=True),  # Nordic: first 16 hex of the file's SHA-256
    Column("accession_number", String(20), unique=True),  # US
    Column("document_type", String(40), nullable=False),  # annual_report ... 10-K, 10-Q, 8-K
    # how its pages are shown: pdf | text | edgar (core/markets.py DOCUMENT_FORMATS)
    Column("document_format", String(10), nullable=False),
    Column("form", String(20)),  # as filed: 10-K/A, 20-F ...
    Column("fiscal_year", Integer),
    Column("fiscal_quarter", Integer),
    Column("period_end", Date),
    Column("filed_date", Date),
    Column("published_at", DateTime(timezone=True)),
    Column("listed_date", Date),  # orders listings: the filed date, or a Nordic publication date
    Column("language", String(8)),
    Column("title", Text),
    Column("headline", Text),
    Column("page_count", Integer),
    Column("primary_document", String(300)),
    Column("source_url", Text),
    Column("sha256", String(64)),
    Column("file_path", Text),
    Column("ingested_at", DateTime(timezone=True), nullable=False),
    Index("ix_filings_company_year", "company_pk", "fiscal_year"),
    Index("ix_filings_market_listed", "market", "listed_date"),
    Index("ix_filings_company_listed", "company_pk", "listed_date"),
    Index("ix_filings_listed", "listed_date"),
    Index("ix_filings_type_year", "document_type", "fiscal_year", "market"),
    Index("ix_filings_type_listed", "document_type", "listed_date", "fiscal_year", "market"),
    Index("ix_filings_filter", "id", "fiscal_year", "document_type"),  # content search's filters
)

pages = Table(
    "pages",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("filing_pk", ForeignKey("filings.id", ondelete="CASCADE"), nullable=False),
    Column("page_number", Integer, nullable=False),
    Column("page_id", String(40), nullable=False, unique=True),
    Column("text", Text, nullable=False),
    Column("document", String(300)),  # US: the file the page is in (nvda-20250126.htm)
    Column("printed_page", String(20)),  # US: the number printed in the page footer
    UniqueConstraint("filing_pk", "page_number", name="uq_pages_filing_page"),
)

# A US filing's documents as text: each section's text on each page, in reading order.
filing_texts = Table(
    "filing_texts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("filing_pk", ForeignKey("filings.id", ondelete="CASCADE"), nullable=False),
    Column("position", Integer, nullable=False),  # reading order within the filing
    Column("document", String(300), nullable=False),  # file name: nvda-20250126.htm
    Column("document_type", String(40), nullable=False),  # 10-K, EX-99.1, earnings_release
    Column("section", String(80), nullable=False),  # item_1a, part1_item2, item_8/note_3
    Column("heading_path", Text, nullable=False),  # Part I > Item 1A. Risk Factors
    Column("page_number", Integer, nullable=False),  # counted from the document's first page
    Column("printed_page", String(20)),  # the number printed in the page footer
    Column("text", Text, nullable=False),
    UniqueConstraint("filing_pk", "position", name="uq_filing_texts_filing_position"),
    Index("ix_filing_texts_filing_section", "filing_pk", "section"),
)

# The numeric inline-XBRL facts of a US filing's documents, dimensions kept; of an ESEF report,
# the facts its figures are read from.
xbrl_facts = Table(
    "xbrl_facts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("filing_pk", ForeignKey("filings.id", ondelete="CASCADE"), nullable=False),
    Column("concept", String(200), nullable=False),  # us-gaap:Revenues
    Column("unit", String(40)),
    Column("period_start", Date),  # None for an instant
    Column("period_end", Date, nullable=False),
    Column("value", String(60), nullable=False),  # exact decimal text
    Column("decimals", String(10)),
    Column("dimensions", JSON, nullable=False),  # [[axis, member], ...], [] for none
    Column("label", Text),  # the issuer's line label, where the source gives it (pre.txt)
    # ESEF: the ifrs-full concept an extension concept stands in for (its wider anchor)
    Column("anchor", String(200)),
    # ESEF: the date of the submission that stated the fact (a correction adds a submission)
    Column("submitted", Date),
    Column("statement", String(20)),  # the primary statement its document places it on: cash_flow
    Index("ix_xbrl_facts_filing_concept", "filing_pk", "concept"),
)

# The figures a results release prints (a US 8-K's EX-99 earnings release), read at ingestion:
# preliminary until the periodic report that states their period arrives.
release_figures = Table(
    "release_figures",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("filing_pk", ForeignKey("filings.id", ondelete="CASCADE"), nullable=False),
    Column("document", String(300), nullable=False),  # the release's file: adbeex991q123.htm
    Column("document_type", String(20), nullable=False),  # EX-99.1
    Column("metric_key", String(60), nullable=False),
    Column("period_kind", String(10), nullable=False),  # quarter | annual
    Column("period_end", Date, nullable=False),
    Column("period_days", Integer),  # where the release counts the weeks
    Column("value", String(60), nullable=False),  # exact decimal text, scaled to units
    Column("currency", String(3)),  # from the money sign the release prints
    Column("label", Text, nullable=False),  # as printed
    Column("page_number", Integer, nullable=False),  # the release's page that prints it
    Index("ix_release_figures_filing", "filing_pk"),
)

# The issuer's own label of each concept in a US filing, read from its documents (the row of
# its tables that prints the concept's value, or its label linkbase): the name of figure lines.
concept_labels = Table(
    "concept_labels",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("filing_pk", ForeignKey("filings.id", ondelete="CASCADE"), nullable=False),
    Column("concept", String(200), nullable=False),  # us-gaap:Revenues
    Column("label", Text, nullable=False),  # Total net sales
    Column("placement", String(20), nullable=False),  # statement | equity_statement | other
    UniqueConstraint("filing_pk", "concept", name="uq_concept_labels_filing_concept"),
)

# Passages of every document, the unit of content search: never across a page. The full-text
# index beside it is the backend's own (SQLite FTS5 `passages_fts`, PostgreSQL `search_vector`),
# kept in step by the database in the same transaction.
passages = Table(
    "passages",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("filing_pk", ForeignKey("filings.id", ondelete="CASCADE"), nullable=False),
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), nullable=False),
    Column("position", Integer, nullable=False),  # reading order within the filing
    Column("page_id", String(40), nullable=False),  # <docid>_<page>; US <accession>_<page>
    Column("page_number", Integer),  # where known
    Column("content_title", Text),
    Column("content", Text, nullable=False),
    Column("language", String(8), nullable=False),  # en | fi | sv
    Column("text_hash", String(64), nullable=False),  # SHA-256 of what is embedded
    UniqueConstraint("filing_pk", "position", name="uq_passages_filing_position"),
    Index("ix_passages_text_hash", "text_hash"),
    Index("ix_passages_company", "company_pk"),
    Index("ix_passages_filter", "id", "company_pk", "filing_pk"),  # content search's filters
)

# A passage text's embedding, computed once per text (keyed by its hash) and kept.
passage_vectors = Table(
    "passage_vectors",
    metadata,
    Column("text_hash", String(64), primary_key=True),
    Column("model", String(60), nullable=False),
    Column("vector", LargeBinary, nullable=False),  # float32, little-endian, normalized
)

# --- what ingestion reads out of documents for profiles and revenue geography -----------------

# A profile section as one filing answers it, chosen at ingestion by the section's own rules
# (companies/profile_rules.py); `reason` says why a section is empty.
profile_sections = Table(
    "profile_sections",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("filing_pk", ForeignKey("filings.id", ondelete="CASCADE"), nullable=False),
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), nullable=False),
    Column("section", String(30), nullable=False),  # overview | products_services | ...
    Column("language", String(8), nullable=False),  # en | fi | sv: the document's
    Column("source_heading", Text),  # where in the document: Item 1. Business > Products
    Column("items", JSON, nullable=False),  # the issuer's own list: [{name, page_id, page_number}]
    Column("full_text", Text),  # the section's source text (include_full_text), bounded
    Column("reason", Text),  # why nothing was found, when nothing was
    UniqueConstraint("filing_pk", "section", name="uq_profile_sections_filing_section"),
    Index("ix_profile_sections_company", "company_pk", "section"),
)

# The sentences a section shows, in the order they are shown, each on the page it cites.
profile_sentences = Table(
    "profile_sentences",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("section_pk", ForeignKey("profile_sections.id", ondelete="CASCADE"), nullable=False),
    Column("position", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("page_id", String(40), nullable=False),
    Column("page_number", Integer),
    Column("about", Text),  # the segment it speaks of without naming it, if one
    UniqueConstraint("section_pk", "position", name="uq_profile_sentences_section_position"),
)

# A breakdown of revenue by place for one period: a report's table (amounts, or shares of a
# printed total turned into amounts), tagged facts (US dimensional XBRL, ESEF), as found.
revenue_geography_tables = Table(
    "revenue_geography_tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), nullable=False),
    Column("filing_pk", ForeignKey("filings.id", ondelete="CASCADE"), nullable=False),
    Column("source", String(20), nullable=False),  # report_table | xbrl_dimensions | esef
    Column("position", Integer, nullable=False),  # order within what the filing gave
    Column("fiscal_year", Integer, nullable=False),
    Column("period_kind", String(10), nullable=False),  # annual | ytd | quarter
    Column("period_start", Date),
    Column("period_end", Date),
    Column("period_label", String(60)),  # as printed: Jan-Sep 2025
    Column("title", Text),  # the table's heading as printed
    Column("page_id", String(40)),  # where the table is (a report's page; a US accession)
    Column("page_number", Integer),
    Column("currency", String(3)),
    Column("basis", String(20), nullable=False),  # amounts | shares_of_total
    Column("share_base", String(60)),  # the total the shares were applied to, exact decimal
    Column("share_base_source", Text),  # where that total is printed
    Column("printed_total", String(60)),  # the table's own total line, exact decimal
    Column("adds_up", Boolean),  # lines (not "of which") = total within rounding; None: no total
    Index("ix_revenue_geography_tables_company", "company_pk", "fiscal_year"),
    Index("ix_revenue_geography_tables_filing", "filing_pk"),
)

revenue_geography_lines = Table(
    "revenue_geography_lines",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "table_pk",
        ForeignKey("revenue_geography_tables.id", ondelete="CASCADE"),
        nullable=False,
    ),
    Column("position", Integer, nullable=False),
    Column("list", String(10), nullable=False),  # countries | regions | other
    Column("name", Text, nullable=False),  # as printed
    Column("iso_alpha2", String(2)),
    Column("entity_type", String(20), nullable=False),  # country | multi_region | other
    Column("revenue", String(60)),  # exact decimal, absolute units of the currency
    Column("share", String(20)),  # percent of the table's total, where the table prints shares
    Column("included_in", Text),  # an "of which" line: the lines it is part of (not summed)
    Column("page_id", String(40)),
    UniqueConstraint("table_pk", "position", name="uq_revenue_geography_lines_table_position"),
)

# Revenue by product line or by segment for one fiscal year, as a 10-K tags it (one dimension on
# a product or segment axis), read at ingestion for the profile's products section.
revenue_segments = Table(
    "revenue_segments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), nullable=False),
    Column("filing_pk", ForeignKey("filings.id", ondelete="CASCADE"), nullable=False),
    Column("fiscal_year", Integer, nullable=False),
    Column("axis", String(20), nullable=False),  # products | segments
    Column("source", String(20), nullable=False),  # xbrl_dimensions | report_table
    Column("period_start", Date),
    Column("period_end", Date),
    Column("page_id", String(40)),  # the accession (a 10-K by manifest: its docid)
    Column("total", String(60)),  # the year's revenue, exact decimal
    Column("adds_up", Boolean),  # the lines not part of another = total within rounding
    Column("lines", JSON, nullable=False),  # [{name, member, revenue, part_of}] in tagged order
    Column("currency", String(3)),  # a table's unit's (tagged facts: the company's)
    Column("title", Text),  # a table's title as printed (tagged facts: none)
    Index("ix_revenue_segments_company", "company_pk", "fiscal_year"),
)

# A US annual report's key figures as its printed income statement gives them (a 10-K in PDF by
# manifest, which has no tagged facts), for the profile's overview.
statement_figures = Table(
    "statement_figures",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("filing_pk", ForeignKey("filings.id", ondelete="CASCADE"), nullable=False),
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), nullable=False),
    Column("metric_key", String(60), nullable=False),  # revenue | operating_income | net_income
    Column("name", Text, nullable=False),  # the line as printed
    Column("fiscal_year", Integer, nullable=False),
    Column("value", String(60), nullable=False),  # exact decimal, units of the currency
    Column("currency", String(3), nullable=False),
    Column("page_id", String(40), nullable=False),
    Column("page_number", Integer),
    UniqueConstraint("filing_pk", "metric_key", name="uq_statement_figures_filing_metric"),
    Index("ix_statement_figures_company", "company_pk", "fiscal_year"),
)

# --- figures ----------------------------------------------------------------------------------

metric_values = Table(
    "metric_values",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), nullable=False),
    Column("filing_pk", ForeignKey("filings.id", ondelete="SET NULL")),
    Column("metric_key", String(60), nullable=False),
    Column("period_kind", String(10), nullable=False),  # annual | quarter | ytd | instant
    Column("period_key", String(40), nullable=False),  # start..end or @end: one row per period
    Column("period_start", Date),
    Column("period_end", Date, nullable=False),
    Column("fiscal_year", Integer, nullable=False),
    Column("fiscal_quarter", Integer),
    Column("value", String(60), nullable=False),  # exact decimal text, never a float
    Column("unit", String(20)),
    Column("currency", String(3)),
    Column("metric_name", Text),  # label as the issuer printed it
    Column("source", Text, nullable=False),  # concept + accession, or docid + page
    Column("accession_number", String(20)),
    Column("page_id", String(40)),
    Column("derived", String(40)),  # how a derived value was made (q4_from_annual, ebitda ...)
    Column("filed_date", Date),
    # an earnings release's figure, until the periodic report that states the period arrives
    Column("preliminary", Boolean, nullable=False, server_default=false()),
    UniqueConstraint("company_pk", "metric_key", "period_key", name="uq_metric_values_period"),
    Index("ix_metric_values_lookup", "company_pk", "metric_key", "fiscal_year"),
    # the screen: one metric's values of one fiscal year across the universe, read from the
    # index alone
    Index(
        "ix_metric_values_metric_year",
        "metric_key",
        "fiscal_year",
        "period_kind",
        "fiscal_quarter",
        "company_pk",
        "period_end",
        "value",
        "currency",
    ),
)

# Every version of every figure row, with the days it was the known one: `known_from` (the
# filing date that made it) until `known_until` (the one that changed it; None while current).
# Kept for companies ingested with history (`filings ingest sec --history`) and for the annual
# figures of ESEF reports (`filings ingest esef`): `as_of` reads it.
metric_history = Table(
    "metric_history",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("company_pk", ForeignKey("companies.id", ondelete="CASCADE"), nullable=False),
    Column("metric_key", String(60), nullable=False),
    Column("period_kind", String(10), nullable=False),
    Column("period_key", String(40), nullable=False),
    Column("period_start", Date),
    Column("period_end", Date, nullable=False),
    Column("fiscal_year", Integer, nullable=False),
    Column("fiscal_quarter", Integer),
    Column("value", String(60), nullable=False),
    Column("unit", String(20)),
    Column("currency", String(3)),
    Column("metric_name", Text),
    Column("source", Text, nullable=False),
    Column("accession_number", String(20)),
    Column("page_id", String(40)),
    Column("derived", String(40)),
    Column("filed_date", Date),
    Column("preliminary", Boolean, nullable=False, server_default=false()),
    Column("known_from", Date, nullable=False),
    Column("known_until", Date),
    Index("ix_metric_history_company", "company_pk", "metric_key", "fiscal_year"),
    Index("ix_metric_history_metric_year", "metric_key", "fiscal_year"),
)

# One row: a number every ingestion that changes data moves, so that readers learn of a change
# by reading it now and then, never by counting the universe.
data_state = Table(
    "data_state",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("generation", Integer, nullable=False),
)

# --- access -----------------------------------------------------------------------------------

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(120), nullable=False, unique=True),
    Column("plan", String(20), nullable=False),  # free | trial | pro | api | custom
    Column("plan_until", DateTime(timezone=True)),  # active while now < plan_until (None: open)
    Column("monthly_quota", BigInteger),  # per-account override
    Column("rate_per_second", Integer),  # per-account override of the per-key limits
    Column("rate_per_minute", Integer),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("password_hash", String(200)),  # argon2; the account page's sign-in (None: none)
)

api_keys = Table(
    "api_keys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("account_pk", ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("key_hash", String(64), nullable=False, unique=True),  # HMAC-SHA256 hex
    Column("prefix", String(16), nullable=False),  # display prefix, e.g. svc_AbC1
    Column("name", String(120)),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("last_used_at", DateTime(timezone=True)),
    Column("expires_at", DateTime(timezone=True)),
    Column("revoked_at", DateTime(timezone=True)),
    Index("ix_api_keys_account", "account_pk"),
)

usage_counters = Table(
    "usage_counters",
    metadata,
    Column("scope", String(80), primary_key=True),  # quota:<account> | rate:<key>:s | rate:<key>:m
    Column("bucket", String(20), primary_key=True),  # 2026-11 | epoch second | epoch minute
    Column("count", BigInteger, nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

idempotency_records = Table(
    "idempotency_records",
    metadata,
    Column("account_pk", ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("key", String(200), primary_key=True),
    Column("request_hash", String(64), nullable=False),
    Column("state", String(10), nullable=False),  # running | done
    Column("status_code", Integer),
    Column("headers", JSON),
    Column("body", LargeBinary),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)
