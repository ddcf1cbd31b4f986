"""Company resolution: examples from decisions.md and properties that must hold for any input."""

from __future__ import annotations

import string
from dataclasses import replace

from hypothesis import assume, given
from hypothesis import strategies as st

from filings.companies.resolve import (
    CompanyIndex,
    CompanyRecord,
    Resolved,
    Unresolved,
    normalize_name,
    normalize_ticker,
)

APPLE = CompanyRecord(
    1, "aapl", "Apple Inc.", "Apple", "us", ("AAPL",), ("US0378331005",), "320193"
)
FISKARS = CompanyRecord(
    2, "fiskars", "Fiskars Oyj Abp", "Fiskars", "nordic", ("FSKRS",), ("FI0009000400",)
)
ATLAS_COPCO = CompanyRecord(
    3, "atlas-copco", "Atlas Copco AB", "Atlas Copco", "nordic", ("ATCO A", "ATCO B")
)
ATLAS_AIR = CompanyRecord(
    4, "aaww", "Atlas Air Worldwide Holdings, Inc.", "Atlas Air", "us", ("AAWW",)
)
ERICSSON = CompanyRecord(
    5, "ericsson", "Telefonaktiebolaget LM Ericsson", "Ericsson", "nordic", ("ERIC B",)
)
INDEX = CompanyIndex.build([APPLE, FISKARS, ATLAS_COPCO, ATLAS_AIR, ERICSSON])


def resolved_id(text: str, market: str | None = None) -> str | None:
    outcome = INDEX.resolve(text, market)
    return outcome.company.company_id if isinstance(outcome, Resolved) else None


def test_ticker_forms_from_decisions() -> None:
    assert resolved_id("FSKRS") == resolved_id("FSKRS.HE") == resolved_id("FSKRS HE") == "fiskars"
    assert resolved_id("fskrs") == "fiskars"


def test_share_classes_are_one_company() -> None:
    assert resolved_id("ATCO A") == resolved_id("atco-b") == "atlas-copco"


def test_isin_and_cik() -> None:
    assert resolved_id("FI0009000400") == "fiskars"
    assert resolved_id("us0378331005") == "aapl"
    assert (
        resolved_id("320193") == resolved_id("0000320193") == resolved_id("CIK0000320193") == "aapl"
    )


def test_exact_name_ignores_case_punctuation_and_legal_suffixes() -> None:
    for text in (
        "apple",
        "APPLE INC",
        "Apple, Inc.",
        "Fiskars Oyj",
        "fiskars",
        "Atlas Copco AB (publ)",
    ):
        assert resolved_id(text) is not None, text


def test_fuzzy_match_needs_one_dominant_candidate() -> None:
    assert resolved_id("Ericson") == "ericsson"
    outcome = INDEX.resolve("Atlas")
    assert isinstance(outcome, Unresolved) and outcome.reason == "ambiguous"
    assert {r.company_id for r in outcome.alternatives} == {"atlas-copco", "aaww"}


def test_an_exact_tie_goes_to_the_only_company_with_data() -> None:
    home = CompanyRecord(
        10, "atlas-copco", "Atlas Copco AB", "Atlas Copco", "nordic", ("ATCO A",), has_data=True
    )
    adr = CompanyRecord(11, "atlky", "ATLAS COPCO AB", "ATLAS COPCO AB", "us", ("ATLKY",))
    outcome = CompanyIndex.build([home, adr]).resolve("Atlas Copco")
    assert isinstance(outcome, Resolved) and outcome.company.company_id == "atlas-copco"
    assert CompanyIndex.build([home, adr]).resolve("Atlas Copco", "us") == Resolved(adr, "name")
    # Both held, or neither: still a tie.
    for pair in ([home, replace(adr, has_data=True)], [replace(home, has_data=False), adr]):
        tie = CompanyIndex.build(pair).resolve("Atlas Copco")
        assert isinstance(tie, Unresolved) and tie.reason == "ambiguous"


def test_not_found_offers_close_alternatives() -> None:
    outcome = INDEX.resolve("Fiskarz Group")  # close, but below the fuzzy threshold
    assert isinstance(outcome, Unresolved) and outcome.reason == "not_found"
    assert [r.company_id for r in outcome.alternatives] == ["fiskars"]


def test_market_narrows_resolution() -> None:
    assert resolved_id("AAPL", "us") == "aapl"
    assert resolved_id("AAPL", "nordic") is None
    assert resolved_id("Atlas", "nordic") == "atlas-copco"


def test_a_misspelt_ticker_puts_the_closest_ticker_first() -> None:
    apple = replace(APPLE, has_data=True)
    registry = [
        CompanyRecord(20 + i, t.lower(), f"{t} Holdings", t, "us", (t,))
        for i, t in enumerate(["APPF", "APPN", "APPS", "APLE"])
    ]
    index = CompanyIndex.build([*registry, apple, ATLAS_AIR])
    outcome = index.resolve("APPL")  # one edit from AAPL, APPF, APPN, APPS and APLE
    assert isinstance(outcome, Unresolved) and outcome.reason == "ambiguous"
    assert outcome.alternatives[0].company_id == "aapl"  # the one with data leads
    assert {r.company_id for r in outcome.alternatives} >= {"appf", "appn", "apps"}


def test_a_ticker_typo_resolves_only_when_one_candidate_dominates() -> None:
    outcome = INDEX.resolve("AAPK")  # one edit from AAPL only
    assert isinstance(outcome, Resolved) and outcome.matched_by == "ticker_typo"
    assert outcome.company.company_id == "aapl"
    assert INDEX.resolve("AAPK", "nordic") != outcome  # never across markets
    assert resolved_id("Ericson") == "ericsson"  # a name that resolves is not a ticker typo


def test_short_inputs_are_never_fuzzy() -> None:
    assert resolved_id("At") is None


names = st.text(alphabet=string.ascii_letters + " ", min_size=4, max_size=30).map(str.strip)
tickers = st.text(alphabet=string.ascii_uppercase + string.digits, min_size=1, max_size=6)


@given(
    ticker=tickers, suffix=st.sampled_from(["", ".HE", " HE", ".ST", " ST"]), lower=st.booleans()
)
def test_any_ticker_resolves_with_any_case_and_exchange_suffix(
    ticker: str, suffix: str, lower: bool
) -> None:
    record = CompanyRecord(1, "x", "Some Company", "Some Company", "nordic", (ticker,))
    text = ticker + suffix
    outcome = CompanyIndex.build([record]).resolve(text.lower() if lower else text)
    assert isinstance(outcome, Resolved) and outcome.company is record


@given(cik=st.integers(min_value=1, max_value=9_999_999_999), zeros=st.booleans())
def test_any_cik_resolves_with_or_without_leading_zeros(cik: int, zeros: bool) -> None:
    record = CompanyRecord(1, "x", "Filer", "Filer", "us", (), (), str(cik))
    text = str(cik).zfill(10) if zeros else str(cik)
    outcome = CompanyIndex.build([record]).resolve(text)
    assert isinstance(outcome, Resolved) and outcome.company is record


@given(name=names, suffix=st.sampled_from(["", " Oyj", " AB (publ)", ", Inc.", " Corp.", " ASA"]))
def test_any_name_resolves_exactly_with_a_legal_suffix(name: str, suffix: str) -> None:
    assume(len(normalize_name(name)) >= 1)
    record = CompanyRecord(1, "x", name + suffix, name, "us")
    outcome = CompanyIndex.build([record]).resolve(name.upper())
    assert isinstance(outcome, Resolved) and outcome.company is record


@given(name=names)
def test_two_companies_with_one_name_are_never_resolved(name: str) -> None:
    assume(normalize_name(name))
    twins = [CompanyRecord(i, f"c{i}", name, name, "us") for i in (1, 2)]
    outcome = CompanyIndex.build(twins).resolve(name)
    assert isinstance(outcome, Unresolved) and outcome.reason == "ambiguous"


@given(text=st.text(max_size=40), market=st.sampled_from([None, "us", "nordic"]))
def test_resolution_never_leaves_the_market(text: str, market: str | None) -> None:
    outcome = INDEX.resolve(text, market)
    if isinstance(outcome, Resolved) and market is not None:
        assert outcome.company.market == market
    if isinstance(outcome, Unresolved):
        assert all(market is None or r.market == market for r in outcome.alternatives)


@given(text=st.text(max_size=40))
def test_normalizers_are_idempotent(text: str) -> None:
    assert normalize_name(normalize_name(text)) == normalize_name(text)
    assert normalize_ticker(normalize_ticker(text)) == normalize_ticker(text)


def _named_index() -> CompanyIndex:
    def record(pk: int, name: str, display: str, has_data: bool = True) -> CompanyRecord:
        return CompanyRecord(pk, f"c{pk}", name, display, "us", has_data=has_data)

    return CompanyIndex.build(
        [
            record(1, "Apple Inc.", "Apple"),
            record(2, "Tesla, Inc.", "Tesla"),
            record(3, "Atlas Copco AB", "Atlas Copco"),
            record(4, "Tele2 AB (publ)", "Tele2"),
            record(5, "Telefonaktiebolaget LM Ericsson", "Ericsson"),
            record(6, "NET Inc.", "Net"),
            record(7, "Lifco AB", "Lifco", has_data=False),
        ]
    )


def test_a_company_named_in_a_question_with_its_genitive() -> None:
    index = _named_index()
    named = {
        "What was Atlas Copco's operating profit in the third quarter?": "Atlas Copco AB",
        "Atlas Copcon liikevoitto kolmannella neljänneksellä 2023": "Atlas Copco AB",
        "Teslan kokonaisliikevaihto 2024": "Tesla, Inc.",
        "Kuka vastaa Applen kyberturvallisuusriskien hallinnasta?": "Apple Inc.",
        "Hur växte Tele2:s tjänsteintäkter från slutkunder?": "Tele2 AB (publ)",
        "Ericssons bruttomarginal": "Telefonaktiebolaget LM Ericsson",
    }
    for question, name in named.items():
        found = index.mentioned(question)
        assert found is not None and found.company_name == name, question
    # no name; two companies; a name too short to tell from a word; a company without data
    for question in ("gross margin", "Apple and Tesla revenue", "Net sales", "Lifcon liikevaihto"):
        assert index.mentioned(question) is None, question


def test_the_words_naming_a_company_in_a_question() -> None:
    index = _named_index()
    assert index.words_naming("Tesla total revenues 2024", 2) == ["Tesla"]
    assert index.words_naming("What was Atlas Copco's operating profit?", 3) == [
        "Atlas",
        "Copco's",
    ]
    assert index.words_naming("Teslan kokonaisliikevaihto 2024", 2) == ["Teslan"]
    assert index.words_naming("Tesla total revenues 2024", 1) == []  # not Apple's
    assert index.words_naming("Net sales", 6) == []  # too short to tell from a word


def test_a_company_named_by_its_short_name_its_finnish_stem_or_with_an_ampersand() -> None:
    def record(pk: int, name: str) -> CompanyRecord:
        return CompanyRecord(pk, f"c{pk}", name, name, "nordic", has_data=True)

    index = CompanyIndex.build(
        [
            record(1, "Musti Group Oyj"),
            record(2, "Wihlborgs Fastigheter AB"),
            record(3, "Outokumpu Oyj"),
            record(4, "JOHNSON & JOHNSON"),
            record(5, "Sampo Oyj"),
            record(6, "Kesko Oyj"),
        ]
    )
    named = {
        "Mustin uusi osinkopolitiikka": 1,  # the name without its descriptive "Group"
        "Mustis bruttomarginal minskade": 1,
        "Wihlborgs hyresintäkter fjärde kvartalet": 2,
        "Outokummun osinkoehdotus": 3,  # the genitive's weak grade: kumpu, kummun
        "Sammon vakavaraisuus": 5,
        "Keskon liikevaihto": 6,  # no gradation to undo
        "Paljonko Johnson & Johnsonin myynti oli?": 4,
        "Johnson & Johnson international sales": 4,
    }
    for question, pk in named.items():
        found = index.mentioned(question)
        assert found is not None and found.pk == pk, question
    # a descriptive word alone is no name; an ampersand does not begin or end one
    for question in ("Group revenue by segment", "Holding company structure", "& Johnson"):
        assert index.mentioned(question) is None, question


TSMC = CompanyRecord(
    6, "tsm", "TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD", "Taiwan Semiconductor", "us", ("TSM",)
)
TSMX = CompanyRecord(7, "tsmx", "Tri-State Mining Exploration Inc", "Tri-State", "us", ("TSMX",))
SMC = CompanyRecord(8, "smc", "SMC Corp", "SMC", "us", ("SMC",))
IBM = CompanyRecord(9, "ibm", "INTERNATIONAL BUSINESS MACHINES CORP", "IBM Corp", "us", ("IBM",))
STORA_ENSO = CompanyRecord(
    10, "stora-enso", "Stora Enso Oyj", "Stora Enso", "nordic", ("STERV",), has_data=True
)
STORAGE = [
    CompanyRecord(11 + i, f"s{i}", name, name, "us", (ticker,))
    for i, (name, ticker) in enumerate(
        [("Public Storage", "PSA"), ("Extra Space Storage Inc.", "EXR"), ("Pure Storage", "PSTG")]
    )
]


def test_an_initialism_in_capitals_resolves_to_the_name_it_abbreviates() -> None:
    index = CompanyIndex.build([TSMC, TSMX, SMC, IBM, APPLE])
    tsmc = index.resolve("TSMC")  # one edit from TSM, TSMX and SMC: no longer ambiguous
    assert isinstance(tsmc, Resolved) and tsmc.company == TSMC and tsmc.matched_by == "acronym"
    assert index.resolve("T.S.M.C.") == tsmc
    ibm = index.resolve("IBM")  # its ticker comes first
    assert isinstance(ibm, Resolved) and ibm.matched_by == "ticker"
    lower = index.resolve("tsmc")  # initialisms are written in capitals
    assert not (isinstance(lower, Resolved) and lower.matched_by == "acronym")


def test_acronyms_follow_how_names_are_written() -> None:
    from filings.companies.resolve import acronyms

    assert acronyms("TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD") == {"tsm", "tsmc"}
    assert acronyms("International Business Machines Corp") == {"ibm", "ibmc"}
    assert acronyms("Bank of America Corp /DE/") == {"bac"}  # two words are too few: no "ba"
    assert acronyms("Apple Inc.") == set()  # one word has no initialism
    assert acronyms("GENMAB A/S") == set()  # A and S are a legal form, not words
    assert acronyms("Berry Corp (bry)") == set()  # nor what brackets add


def test_a_name_that_begins_with_the_input_wins_over_an_initialism() -> None:
    galicia = CompanyRecord(20, "ggal", "GRUPO FINANCIERO GALICIA SA", "Galicia", "us", ("GGAL",))
    gfg = CompanyRecord(21, "gfg", "GFG Resources Inc.", "GFG Resources", "us", ("GFGSF",))
    index = CompanyIndex.build([galicia, gfg])
    assert index.resolve("GFG") != Resolved(galicia, "acronym")
    assert CompanyIndex.build([galicia]).resolve("GFG") == Resolved(galicia, "acronym")


def test_leading_words_put_their_company_first() -> None:
    index = CompanyIndex.build([STORA_ENSO, *STORAGE, APPLE])
    outcome = index.resolve("Stora")
    assert isinstance(outcome, Unresolved)
    assert outcome.alternatives[0] == STORA_ENSO  # not a storage company: "Stora" is a word
    assert index.resolve("Stora Enso") == Resolved(STORA_ENSO, "name")
