"""Full text in the passage's language (stems in Finnish and Swedish), the period and the
company a question names (boosts, not filters), and a failing full-text index answered as
`search_upstream`: on each backend, in full-text mode (no vectors)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import Connection, text

from filings.db.fulltext import full_text
from filings.db.stemming import stems, variants
from filings.ingest.passages import PassageText, PlacedPassage, sync_passages
from filings.search.periods import named_period
from tests.factories import add_company, add_filing, add_page

SEARCH = "/api/v1/data/filings/content-search"


def _passage(
    connection: Connection,
    company: int,
    docid: str,
    body: str,
    *,
    language: str = "en",
    year: int | None = 2024,
    quarter: int | None = None,
) -> str:
    filing = add_filing(
        connection,
        company,
        market="nordic",
        document_format="text",
        docid=docid,
        document_type="interim_report" if quarter else "annual_report",
        fiscal_year=year,
        fiscal_quarter=quarter,
        language=language,
    )
    page_id = add_page(connection, filing, docid, 1, body)
    placed = [PlacedPassage(page_id, 1, PassageText(None, body))]
    sync_passages(connection, filing, company, language, placed)
    return page_id


def test_stems_meet_across_inflections() -> None:
    assert stems("fi", "Kemiran liikevaihto") == "kemir liikevaihto"
    assert stems("fi", "Kemira") == "kemir"
    assert stems("sv", "Nettoomsättningen ökade") == "nettoomsättning ökad"
    assert "kemir" in variants("Kemiran") and "nettoomsättning" in variants("nettoomsättningen")
    assert variants("2025") == ("2025",)


def test_finnish_and_swedish_passages_are_found_by_inflected_words(connection: Connection) -> None:
    kemira = add_company(connection, "kemira", "Kemira Oyj", market="nordic", country="FI")
    finnish = _passage(
        connection,
        kemira,
        "0000000000000f01",
        "Kemira lyhyesti. Konsernin liikevaihto oli 2 950 miljoonaa euroa vuonna 2024 ja "
        "operatiivinen käyttökate parani selvästi edellisestä vuodesta.",
        language="fi",
    )
    swedish = _passage(
        connection,
        kemira,
        "0000000000000f02",
        "Nettoomsättningen ökade med 4 procent under året, främst tack vare högre volymer "
        "inom vattenrening och stabila priser.",
        language="sv",
    )
    _passage(
        connection,
        kemira,
        "0000000000000f03",
        "The outlook for water treatment chemicals remains stable, with demand supported by "
        "municipal customers across Europe.",
    )
    ids = dict(connection.execute(text("SELECT page_id, id FROM passages")).all())
    found = full_text(connection, "Kemiran liikevaihto", 5)
    assert found.known_share == 1.0 and found.ranked[0][0] == ids[finnish]
    found = full_text(connection, "nettoomsättning", 5)
    assert [i for i, _ in found.ranked] == [ids[swedish]]


def test_a_named_period_and_company_rise_without_filtering(
    client: TestClient, connection: Connection
) -> None:
    acme = add_company(connection, "acme", "Acme Industri AB", market="nordic")
    other = add_company(connection, "borealis", "Borealis Verken AB", market="nordic")
    body = "In the quarter order intake for compressors grew and the operating margin improved."
    q3_2023 = _passage(connection, acme, "00000000000000a1", body, year=2023, quarter=3)
    q3_2025 = _passage(connection, acme, "00000000000000a2", body, year=2025, quarter=3)
    q2_2025 = _passage(connection, acme, "00000000000000a3", body, year=2025, quarter=2)
    theirs = _passage(connection, other, "00000000000000b1", body, year=2025, quarter=3)

    def pages(query: str) -> list[str]:
        answer = client.post(SEARCH, json={"query": query, "limit": 5}).json()
        assert answer["mode"] == "fulltext"
        return [hit["page_id"] for hit in answer["results"]]

    assert pages("order intake for compressors in Q3 2025")[:2] in (
        [q3_2025, theirs],
        [theirs, q3_2025],
    )
    assert pages("order intake for compressors in Q3 2023")[0] == q3_2023
    assert pages("tilauskertymä toisella neljänneksellä 2025 compressors")[0] == q2_2025
    assert pages("Acme Industri order intake tredje kvartalet 2025")[0] == q3_2025
    assert pages("Borealis Verkens order intake")[0] == theirs
    # A boost, not a filter: the other periods and companies are still answered.
    assert len(pages("order intake for compressors in Q3 2023")) == 4


def test_named_periods_in_three_languages() -> None:
    assert named_period("Atlas Copco revenues third quarter 2023").quarter == 3
    assert named_period("Q3 2025") == named_period("tredje kvartalet 2025")
    assert named_period("kolmannella neljänneksellä 2025").quarter == 3
    assert named_period("toisella neljänneksellä 2025").years == {2025}
    assert named_period("Wihlborgsin vuokratuotot neljännellä neljänneksellä").quarter == 4
    assert named_period("fourth-quarter order intake").quarter == 4
    assert named_period("Q3/2024").years == {2024}
    assert not named_period("revenues of MSEK 6 515 and EUR 2.5 billion")


def test_a_failing_full_text_index_is_search_upstream(
    client: TestClient, connection: Connection
) -> None:
    acme = add_company(connection, "acme", "Acme Industri AB", market="nordic")
    _passage(connection, acme, "00000000000000c1", "Order intake grew in all regions.")
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql("DROP TRIGGER passages_fts_insert")
        connection.exec_driver_sql("DROP TRIGGER passages_fts_delete")
        connection.exec_driver_sql("DROP TRIGGER passages_fts_update")
        connection.exec_driver_sql("DROP TABLE passages_fts")
    else:
        connection.exec_driver_sql("DROP INDEX ix_passages_search_vector")
        connection.exec_driver_sql("ALTER TABLE passages DROP COLUMN search_vector")
    answer = client.post(SEARCH, json={"query": "order intake"}).json()
    assert answer["failure_kind"] == "search_upstream", answer
    assert "results" not in answer or not answer["results"]


def test_names_of_statements_and_ratios_bring_the_captions_statements_print() -> None:
    from filings.search.glossary import for_full_text, statement_words, translated

    asked = "Based on the statement of financial position, what is the FY2020 quick ratio?"
    words = statement_words(asked)
    assert {"total", "assets", "current", "liabilities"} <= set(words)
    assert len(words) == len(set(words))  # each once
    searched = for_full_text(asked)
    assert searched.startswith(" ".join(words)) and searched.endswith(asked)  # first: kept
    assert statement_words("What did the company say about its strategy?") == []
    assert translated(asked) == asked  # the dense side embeds the question as asked
    assert "capital" in statement_words("capex as a % of revenue")
    assert "capital" not in statement_words("capexes")  # a word, not a part of one


def test_finnish_and_swedish_report_words_bring_their_english_ones() -> None:
    from filings.search.glossary import english_words

    asked = {
        "Teslan liiketoiminnan rahavirta tammi-kesäkuussa 2025": {"operating", "cash", "June"},
        "Rörelseresultat januari-juli": {"operating", "January", "July"},
        "Montako osaketta Apple osti takaisin yhdeksän kuukauden aikana": {"repurchased", "nine"},
        "Industrial Techniques rörelsemarginal justerad för omstruktureringskostnader": {
            "restructuring",
            "adjusted",
        },
        "Lifcos utdelningspolicy och utdelningsandel": {"dividend", "policy", "payout", "ratio"},
        "Efterfrågan på utrustning från halvledarindustrin": {"demand", "equipment"},
    }
    for question, expected in asked.items():
        assert expected <= set(english_words(question)), question
    # an English word that begins like a Nordic one brings no other word
    for question in ("major usage of junior kinase", "Mars programs by segment policy"):
        assert set(english_words(question)) <= set(question.split()), question


def test_a_named_year_the_company_has_no_filing_of_still_raises_the_company(
    client: TestClient, connection: Connection
) -> None:
    acme = add_company(connection, "acme", "Acme Industri AB", market="nordic")
    other = add_company(connection, "borealis", "Borealis Verken AB", market="nordic")
    body = "Capital expenditure for 2025 is planned at EUR 160 million, mainly for maintenance."
    # the plans for 2025 are in Acme's 2024 report; Borealis has a 2025 one saying the same
    _passage(connection, other, "00000000000000b1", body, year=2025)
    ours = _passage(connection, acme, "00000000000000a1", body, year=2024)
    answer = client.post(SEARCH, json={"query": "Acme Industrin investoinnit 2025"}).json()
    assert answer["results"][0]["page_id"] == ours, answer


def test_full_text_counts_the_words_it_understands_through_the_glossary() -> None:
    from filings.search.periods import period_words
    from filings.search.service import understood_share

    known = frozenset({"dividend", "policy", "payout", "ratio", "cash", "surplus", "operating"})
    asked = "Lifcos utdelningspolicy och utdelningsandel"
    searched = f"{asked} dividend policy payout ratio"
    # `och` says nothing; the two compounds are understood through their English words; the
    # genitive name only when it names the company the question is about
    assert understood_share(searched, asked, known) == 2 / 3
    assert understood_share(searched, asked, known, {"lifcos"}) == 1.0
    assert understood_share(searched, asked, frozenset()) == 0.0
    asked = "Atlas Copcon liiketoiminnan kassaylijäämä kolmannella neljänneksellä 2023"
    names = {"atlas", "copcon"} | period_words(asked)
    assert period_words(asked) == {"kolmannella", "neljänneksellä"}
    assert understood_share(f"{asked} operating cash surplus", asked, known, names) == 1.0
    assert understood_share("2023", "2023", known) == 1.0  # numbers alone: nothing to weigh


def test_a_question_without_words_names_no_period() -> None:
    # `{` (as a fuzzer sent it) once broke the pairing of each word with the next
    from filings.search.glossary import english_words
    from filings.search.periods import named_period, period_words

    assert period_words("{") == set() and not named_period("{")
    assert english_words("{") == []
