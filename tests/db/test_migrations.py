"""The migrations build exactly the tables the code declares, down and up again, on each backend."""

from __future__ import annotations

from alembic import command
from sqlalchemy import Engine, insert, inspect, select

from filings.db.migrate import alembic_config, downgrade, upgrade
from filings.db.tables import metadata


def test_migrated_schema_matches_the_tables(engine: Engine) -> None:
    command.check(alembic_config(engine))  # raises when the tables and migrations differ
    assert set(metadata.tables) <= set(inspect(engine).get_table_names())


def test_downgrade_and_upgrade_round_trip(database_url: str, tmp_path_factory: object) -> None:
    from filings.db.engine import make_engine

    engine = make_engine(database_url)
    try:
        downgrade(engine, "base")
        assert not set(metadata.tables) & set(inspect(engine).get_table_names())
        upgrade(engine)
        assert set(metadata.tables) <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_0021_joins_the_ligatures_of_stored_pdf_texts(committed_database_url: str) -> None:
    """A PDF filing stored before 0021 with `af ect` in a page and a passage: after it, both read
    `affect` (the page before writes it whole) and the passage's hash is of its new text."""
    from filings.db.engine import make_engine
    from filings.db.tables import pages, passages
    from filings.ingest.passages import PassageText as Passage
    from tests.factories import add_company, add_filing, add_page

    engine = make_engine(committed_database_url)
    broken, whole = "Risks that could adversely af ect us.", "Prices may affect our sales."
    try:
        downgrade(engine, "0020")
        with engine.begin() as conn:
            company = add_company(conn, "ampl", "Example", market="nordic")
            filing = add_filing(conn, company, market="nordic", docid="ab12", page_count=2)
            add_page(conn, filing, "ab12", 1, whole)
            add_page(conn, filing, "ab12", 2, broken)
            stale = Passage(title=None, content=broken).text_hash
            conn.execute(
                insert(passages).values(
                    filing_pk=filing,
                    company_pk=company,
                    position=0,
                    page_id="ab12_2",
                    page_number=2,
                    content=broken,
                    language="en",
                    text_hash=stale,
                )
            )
        upgrade(engine)
        with engine.connect() as conn:
            texts = conn.execute(select(pages.c.text).order_by(pages.c.page_number)).scalars()
            passage = conn.execute(select(passages.c.content, passages.c.text_hash)).one()
        fixed = "Risks that could adversely affect us."
        assert list(texts) == [whole, fixed]
        assert passage.content == fixed
        assert passage.text_hash == Passage(title=None, content=fixed).text_hash != stale
    finally:
        engine.dispose()
