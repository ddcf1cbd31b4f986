"""Reading ESEF report packages: layouts, number formats, languages, anchors, and the packages
that must be refused (values from Kemira's and Lifco's own statements, see esef_packages)."""

from __future__ import annotations

import io
import zipfile
from datetime import date, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from filings.core.errors import MalformedInput
from filings.core.ids import normalize_lei
from filings.ingest.esef.figures import KeptFact, select_facts
from filings.ingest.esef.package import open_package
from filings.ingest.esef.precedence import beyond_rounding, printing_unit
from filings.ingest.esef.report import Report, read_report
from filings.ingest.esef.taxonomy import read_taxonomy
from filings.ingest.esef.vocabulary import is_adjusted_measure
from filings.ingest.xbrl.transforms import numeric_value, registry_rule
from tests.ingest.esef_packages import (
    ENGLISH_DOT,
    KEMIRA,
    LIFCO,
    TR2,
    TR4,
    TR5,
    Company,
    Edition,
    Extension,
    Line,
    made_lei,
    package,
    report_documents,
    zip_entries,
)

FINNISH = Edition("fi", "comma", TR5, minus="\u2212", continued_name=True)
SWEDISH = Edition("sv", "comma", TR2, minus="\u2212")


def _kept(content: bytes, name: str = "package.zip") -> tuple[list[KeptFact], list[str], Report]:
    opened = open_package(content, name)
    taxonomy, _ = read_taxonomy(opened.taxonomy)
    report = read_report(opened.documents)
    kept, notes = select_facts(report, taxonomy)
    return kept, notes, report


def _value(kept: list[KeptFact], concept: str, end: date, instant: bool = False) -> Decimal:
    found = [
        f.value
        for f in kept
        if f.concept == concept and f.end == end and (f.start is None) == instant
    ]
    assert len(found) == 1, (concept, end, found)
    return found[0]


# --- transformation rules -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rule", "value"),
    [
        ("2,948.1", "num-dot-decimal", Decimal("2948.1")),
        ("2 948,1", "num-comma-decimal", Decimal("2948.1")),
        ("2\u00a0948,1", "num-comma-decimal", Decimal("2948.1")),
        ("13 845", "numcommadecimal", Decimal("13845")),
        ("16,57", "numcommadecimal", Decimal("16.57")),
        ("13,845", "numdotdecimal", Decimal("13845")),
        ("\u2013", "zerodash", Decimal(0)),
        ("anything", "fixed-zero", Decimal(0)),
        ("1'234.5", "num-dot-decimal-apos", Decimal("1234.5")),
        ("1.234.567", "numdotcomma", Decimal("1234567")),
        ("5 euro 30", "num-unit-decimal", Decimal("5.30")),
    ],
)
def test_registry_rules(text: str, rule: str, value: Decimal) -> None:
    assert numeric_value(text, rule) == value


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("1.234,5", "num-dot-decimal"),  # a comma-decimal number is not read as dot-decimal
        ("2,948.1", "num-comma-decimal"),
        ("12,34,5", "numdotdecimal"),
        ("x", "zerodash"),
        ("", "num-dot-decimal"),
    ],
)
def test_text_a_rule_does_not_describe_is_refused(text: str, rule: str) -> None:
    with pytest.raises(MalformedInput):
        numeric_value(text, rule)


def test_a_rule_belongs_to_its_registry() -> None:
    assert registry_rule(TR4, "num-dot-decimal") == "num-dot-decimal"
    assert registry_rule(TR2, "numcommadecimal") == "numcommadecimal"
    with pytest.raises(MalformedInput):
        registry_rule(TR2, "num-dot-decimal")  # registry 4's name under registry 2
    with pytest.raises(MalformedInput):
        registry_rule(TR4, "numdotdecimal")


@given(st.decimals(min_value=0, max_value=10**12, places=2, allow_nan=False))
def test_comma_and_dot_printings_read_back_the_same(value: Decimal) -> None:
    from tests.ingest.esef_packages import printed

    text = format(value, "f")
    comma = printed(text, Edition("fi", "comma", TR4))
    dot = printed(text, ENGLISH_DOT)
    assert numeric_value(comma, "num-comma-decimal") == value
    assert numeric_value(dot, "num-dot-decimal") == value


# --- identifiers and vocabulary -----------------------------------------------------------------


def test_lei_check_digits() -> None:
    # LEIs of real issuers, as filings.xbrl.org's index lists them (corpus)
    assert normalize_lei("2138001CNF45JP5XZK38") == "2138001CNF45JP5XZK38"  # KONE
    assert normalize_lei("213800ec6pw5vu4j9u64") == "213800EC6PW5VU4J9U64"  # UPM
    assert normalize_lei("2138001CNF45JP5XZK39") is None  # a check digit off
    assert normalize_lei("2138001CNF45JP5XZK3") is None
    assert normalize_lei(made_lei("TESTKEMIRA")) is not None


@pytest.mark.parametrize(
    ("texts", "adjusted"),
    [
        (("ComparableOperatingProfit",), True),
        (("OperativeEBIT", "Operative EBIT"), True),
        (("OperatingProfitLoss", "Vertailukelpoinen liikevoitto"), True),
        (("X", "Justerat rörelseresultat"), True),
        (("X", "Rörelseresultat före jämförelsestörande poster"), True),
        (("NetSales", "Net sales"), False),
        (("OperatingProfitIncludingShareOfProfitOfAssociates", "Liikevoitto"), False),
    ],
)
def test_adjusted_measures_by_name_and_label(texts: tuple[str, ...], adjusted: bool) -> None:
    assert is_adjusted_measure(*texts) is adjusted


def test_rounding_tolerance() -> None:
    assert printing_unit(Decimal("2948100000")) == Decimal(100000)
    assert printing_unit(Decimal("1.61")) == Decimal("0.01")
    assert not beyond_rounding(Decimal("15151000000"), Decimal("15200000000"))  # 15.2 b.
    assert not beyond_rounding(Decimal("2948123000"), Decimal("2948100000"))
    assert beyond_rounding(Decimal("2948100000"), Decimal("2949000000"))
    assert beyond_rounding(Decimal("1.61"), Decimal("1.62"))


# --- the layouts, formats and languages ---------------------------------------------------------


def test_kemira_english_esef_layout() -> None:
    content = package(KEMIRA, ENGLISH_DOT)
    opened = open_package(content, "kemira.zip")
    assert opened.layout == "ESEF (taxonomy package with reports/)"
    assert opened.newest_entry == datetime(2025, 3, 1, 9, 0)
    kept, _, report = _kept(content)
    assert report.lei == KEMIRA.lei and report.language == "en"
    assert report.entity_name == "Kemira Oyj" and report.country == "FI"
    fy24, fy23 = date(2024, 12, 31), date(2023, 12, 31)
    # Key figures of the FY2024 bulletin: revenue 2,948.1 (3,383.7), EBIT 363.2 (336.4) ...
    assert _value(kept, "ifrs-full:Revenue", fy24) == Decimal("2948100000")
    assert _value(kept, "ifrs-full:Revenue", fy23) == Decimal("3383700000")
    assert _value(kept, "ifrs-full:ProfitLossFromOperatingActivities", fy24) == 363200000
    assert _value(kept, "ifrs-full:DilutedEarningsLossPerShare", fy24) == Decimal("1.61")
    assert _value(kept, "ifrs-full:CashFlowsFromUsedInOperatingActivities", fy23) == 546000000
    # Operative EBIT (398.7) is anchored to operating profit, which the report states itself.
    assert not [f for f in kept if "OperativeEBIT" in f.concept]
    labels = {f.concept: f.label for f in kept}
    assert labels["ifrs-full:Revenue"] == "Revenue"
    assert labels["ifrs-full:ProfitLoss"] == "Net profit for the period"


def test_kemira_finnish_edition_comma_decimals_and_a_continued_name() -> None:
    kept, _, report = _kept(package(KEMIRA, FINNISH))
    assert report.language == "fi" and report.entity_name == "Kemira Oyj"
    assert report.country == "FI"  # "Suomi"
    fy24 = date(2024, 12, 31)
    assert _value(kept, "ifrs-full:Revenue", fy24) == Decimal("2948100000")  # "2 948,1"
    assert _value(kept, "ifrs-full:DilutedEarningsLossPerShare", fy24) == Decimal("1.61")
    labels = {f.concept: f.label for f in kept}
    assert labels["ifrs-full:Revenue"] == "Liikevaihto"


def test_lifco_report_package_document_set_in_english() -> None:
    content = package(LIFCO, ENGLISH_DOT, layout="rp1", parts=2)
    opened = open_package(content, "lifco.xbri")
    assert opened.layout == "Report Package 1.0 (inline)" and len(opened.documents) == 2
    kept, notes, report = _kept(content)
    fy19, fy18 = date(2019, 12, 31), date(2018, 12, 31)
    # Consolidated income statement, annual report 2019 page 48
    assert _value(kept, "ifrs-full:Revenue", fy19) == 13845000000
    assert _value(kept, "ifrs-full:CostOfSales", fy19) == 8033000000  # printed -8,033
    assert _value(kept, "ifrs-full:IncomeTaxExpenseContinuingOperations", fy18) == 438000000
    assert _value(kept, "ifrs-full:BasicAndDilutedEarningsLossPerShare", fy19) == Decimal("16.57")
    # Balance sheet, pages 50-51
    assert _value(kept, "ifrs-full:Assets", fy19, instant=True) == 17578000000
    assert _value(kept, "ifrs-full:Equity", fy18, instant=True) == 6748000000
    # Cash flow, page 53: -2,056 is a negative fact (sign="-"); -269 a positive payment
    assert _value(kept, "ifrs-full:CashFlowsFromUsedInInvestingActivities", fy19) == -2056000000
    assert _value(kept, "ifrs-full:CashFlowsFromUsedInFinancingActivities", fy18) == -799000000
    purchase = "ifrs-full:PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities"
    assert _value(kept, purchase, fy19) == 269000000
    # Cash at year-end stated twice (balance sheet and cash flow) counts once.
    assert _value(kept, "ifrs-full:CashAndCashEquivalents", fy19, instant=True) == 729000000
    # The extension anchored to non-current liabilities maps to no metric; the changes in
    # equity's dimensional zero is no total.
    assert not [f for f in kept if f.anchor or "Interestbearing" in f.concept]
    zero = [f for f in report.facts if f.dimensional]
    assert {f.value for f in zero} == {Decimal(0)} and len(zero) == 2
    assert not notes


def test_lifco_swedish_edition_with_registry_2() -> None:
    kept, _, report = _kept(package(LIFCO, SWEDISH, layout="rp1"))
    assert report.language == "sv" and report.country == "SE"
    fy19 = date(2019, 12, 31)
    assert _value(kept, "ifrs-full:Revenue", fy19) == 13845000000  # "13 845"
    assert _value(kept, "ifrs-full:BasicAndDilutedEarningsLossPerShare", fy19) == Decimal("16.57")
    assert {f.label for f in kept if f.concept == "ifrs-full:Revenue"} == {"Nettoomsättning"}


def test_a_bare_xhtml_report() -> None:
    document = report_documents(KEMIRA, ENGLISH_DOT, "kemira-2024-12-31.xsd")[0]
    opened = open_package(document, "kemira-2024-12-31-en.xhtml")
    assert opened.layout == "inline XBRL document" and not opened.taxonomy
    kept, _, _ = _kept(document, "kemira-2024-12-31-en.xhtml")
    assert _value(kept, "ifrs-full:Revenue", date(2024, 12, 31)) == 2948100000


def test_xhtml_document_type_declarations() -> None:
    xhtml11 = (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" '
        '"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">'
    )
    for doctype in ("<!DOCTYPE html>", xhtml11):  # declare nothing: allowed
        edition = Edition("en", "dot", TR4, doctype=doctype)
        kept, _, _ = _kept(package(KEMIRA, edition))
        assert kept
    for doctype, why in (
        ('<!DOCTYPE html SYSTEM "file:///etc/passwd">', "outside DTD"),
        ('<!DOCTYPE html [<!ENTITY lol "lol">]>', "DTD of its own"),
    ):
        with pytest.raises(MalformedInput, match=why):
            _kept(package(KEMIRA, Edition("en", "dot", TR4, doctype=doctype)))


# --- extensions: counted only through their anchor -------------------------------------------

_NS = "http://www.example-issuer.test/xbrl/2019-12-31"


def _issuer(line_concept: str, extensions: list[Extension], *extra: Line) -> Company:
    """Lifco's 2019 income statement lines with its net sales tagged by an extension."""
    lines = [
        Line({"en": "Net sales"}, line_concept, "13845", "11956"),
        Line(
            {"en": "Operating profit"},
            "ifrs-full:ProfitLossFromOperatingActivities",
            "2059",
            "1902",
        ),
        *extra,
    ]
    return Company(
        prefix="lifco",
        host="www.lifco.se",
        lei=LIFCO.lei,
        names={"en": "Lifco AB (publ)"},
        countries={"en": "Sweden"},
        currency="SEK",
        year_end=date(2019, 12, 31),
        prior_end=date(2018, 12, 31),
        scale=6,
        decimals=-6,
        statements=[({"en": "Consolidated income statement"}, lines)],
        extensions=extensions,
    )


def test_an_extension_stands_in_for_its_anchor_when_the_report_has_no_standard_line() -> None:
    company = _issuer("lifco:NetSales", [Extension("NetSales", {"en": "Net sales"}, "Revenue")])
    kept, _, _ = _kept(package(company, ENGLISH_DOT, languages=("en",)))
    sales = [f for f in kept if f.concept == "lifco:NetSales"]
    assert {(f.value, f.anchor) for f in sales} == {
        (Decimal(13845000000), "ifrs-full:Revenue"),
        (Decimal(11956000000), "ifrs-full:Revenue"),
    }


def test_an_unanchored_extension_never_counts() -> None:
    company = _issuer("lifco:NetSales", [Extension("NetSales", {"en": "Net sales"}, None)])
    kept, _, _ = _kept(package(company, ENGLISH_DOT, languages=("en",)))
    assert not [f for f in kept if f.concept == "lifco:NetSales"]


def test_an_extension_never_replaces_a_standard_line() -> None:
    comparable = Line(
        {"en": "Comparable operating profit"}, "lifco:OperatingProfitBeforeItems", "2194", "1915"
    )
    company = _issuer(
        "ifrs-full:Revenue",
        [
            Extension(
                "OperatingProfitBeforeItems", {"en": "EBITA"}, "ProfitLossFromOperatingActivities"
            )
        ],
        comparable,
    )
    kept, _, _ = _kept(package(company, ENGLISH_DOT, languages=("en",)))
    operating = [
        f for f in kept if (f.anchor or f.concept).endswith("ProfitLossFromOperatingActivities")
    ]
    assert {f.value for f in operating} == {Decimal(2059000000), Decimal(1902000000)}


def test_an_adjusted_measure_is_not_the_ifrs_line_even_alone() -> None:
    lines = [
        Line({"en": "Net sales"}, "ifrs-full:Revenue", "13845", "11956"),
        Line(
            {"en": "Comparable operating profit"}, "lifco:ComparableOperatingProfit", "2194", "1915"
        ),
    ]
    company = _issuer(
        "ifrs-full:Revenue",
        [
            Extension(
                "ComparableOperatingProfit",
                {"en": "Comparable operating profit"},
                "ProfitLossFromOperatingActivities",
            )
        ],
    )
    company = Company(**{**company.__dict__, "statements": [({"en": "Income statement"}, lines)]})
    kept, notes, _ = _kept(package(company, ENGLISH_DOT, languages=("en",)))
    assert not [f for f in kept if "Comparable" in f.concept]
    assert any("adjusted measure" in n for n in notes)


def test_two_extensions_under_one_anchor_are_both_left_out() -> None:
    company = _issuer(
        "lifco:GoodsSales",
        [
            Extension("GoodsSales", {"en": "Sales of goods"}, "Revenue"),
            Extension("ServiceSales", {"en": "Sales of services"}, "Revenue"),
        ],
        Line({"en": "Sales of services"}, "lifco:ServiceSales", "100", "90"),
    )
    kept, notes, _ = _kept(package(company, ENGLISH_DOT, languages=("en",)))
    assert not [f for f in kept if f.anchor]
    assert any("several extensions" in n for n in notes)


def test_inconsistent_duplicates_are_left_out_with_a_reason() -> None:
    company = _issuer(
        "ifrs-full:Revenue",
        [],
        Line({"en": "Net sales (again)"}, "ifrs-full:Revenue", "13846", "11956"),
    )
    kept, notes, _ = _kept(package(company, ENGLISH_DOT, languages=("en",)))
    revenue = {f.end: f.value for f in kept if f.concept == "ifrs-full:Revenue"}
    assert revenue == {date(2018, 12, 31): Decimal(11956000000)}  # 2019: 13,845 and 13,846
    assert any("13845000000, 13846000000" in n for n in notes)


# --- packages refused ---------------------------------------------------------------------------


def _broken_zip(name: str, content: bytes = b"<html/>", **info: object) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        entry = zipfile.ZipInfo(name)
        entry.compress_type = zipfile.ZIP_DEFLATED
        for key, value in info.items():
            setattr(entry, key, value)
        archive.writestr(entry, content)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (package(KEMIRA, ENGLISH_DOT)[:-200], "not a readable zip"),
        (b"PK\x03\x04" + b"\x00" * 64, "not a readable zip"),
        (_broken_zip("../evil/reports/a.xhtml"), "leaves the package folder"),
        (_broken_zip("/etc/reports/a.xhtml"), "leaves the package folder"),
        (_broken_zip("top\\reports\\a.xhtml"), "leaves the package folder"),
        (_broken_zip("C:/top/reports/a.xhtml"), "leaves the package folder"),
        (_broken_zip("top/reports/a.xhtml", external_attr=(0o120777 << 16)), "is a link"),
        (_broken_zip("top/reports/bomb.xhtml", b"\x00" * (4 * 1024 * 1024)), "expands"),
        (zip_entries({"top/readme.txt": b"no report"}, datetime(2025, 1, 1)), "no inline XBRL"),
        (
            zip_entries({"a/reports/x.xhtml": b"", "b/reports/y.xhtml": b""}, datetime(2025, 1, 1)),
            "no single top folder",
        ),
        (b"%PDF-1.7 a PDF, not a report", "neither a report package"),
    ],
)
def test_broken_packages_are_refused(content: bytes, why: str) -> None:
    with pytest.raises(MalformedInput, match=why):
        open_package(content, "package")


def test_xhtml_that_is_not_well_formed_is_refused() -> None:
    document = report_documents(KEMIRA, ENGLISH_DOT, "k.xsd")[0].replace(b"</table>", b"", 1)
    top = "kemira-2024-12-31-en"
    content = zip_entries({f"{top}/reports/k.xhtml": document}, datetime(2025, 1, 1))
    opened = open_package(content, "k.zip")
    with pytest.raises(MalformedInput, match="not XML"):
        read_report(opened.documents)


def test_two_separate_reports_in_one_package_are_refused() -> None:
    document = report_documents(KEMIRA, ENGLISH_DOT, "k.xsd")[0]
    entries = {"top/reports/a.xhtml": document, "top/reports/b.xhtml": document}
    with pytest.raises(MalformedInput, match="separate reports"):
        open_package(zip_entries(entries, datetime(2025, 1, 1)), "two.zip")


def test_a_report_package_of_xbrl_xml_reports_is_refused() -> None:
    entries = {
        "top/META-INF/reportPackage.json": b'{"documentInfo": {"documentType": '
        b'"https://xbrl.org/report-package/2023/xbr"}}',
        "top/reports/r.xbrl": b"<xbrl/>",
    }
    with pytest.raises(MalformedInput, match="XBRL-XML"):
        open_package(zip_entries(entries, datetime(2025, 1, 1)), "r.xbr")


def test_a_linkbase_with_an_external_entity_refuses_the_package() -> None:
    hostile = (
        b'<?xml version="1.0"?><!DOCTYPE linkbase [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<link:linkbase xmlns:link="http://www.xbrl.org/2003/linkbase">&x;</link:linkbase>'
    )
    with pytest.raises(MalformedInput, match="DTD"):
        read_taxonomy({"top/x/evil_def.xml": hostile})


def test_the_concept_table_in_the_decisions_is_the_code() -> None:
    from pathlib import Path

    from filings.core.concepts import IFRS

    text = (Path(__file__).parents[2] / "docs/decisions.md").read_text()
    section = text.split("## ESEF (Nordic annual reports)", 1)[1].split("\n## ", 1)[0]
    rows = {
        cells[0].strip("` "): tuple(c.strip("` ") for c in cells[1].split(","))
        for line in section.splitlines()
        if line.startswith("| `") and (cells := line.strip("|").split("|"))
    }
    assert rows == IFRS


def test_a_typed_dimension_is_a_dimension() -> None:
    document = report_documents(LIFCO, ENGLISH_DOT, "lifco.xsd")[0]
    explicit = (
        b'<xbrldi:explicitMember dimension="ifrs-full:ComponentsOfEquityAxis">'
        b"ifrs-full:IssuedCapitalMember</xbrldi:explicitMember>"
    )
    typed = (
        b'<xbrldi:typedMember dimension="lifco:ComponentAxis">'
        b"<lifco:Component>capital</lifco:Component></xbrldi:typedMember>"
    )
    assert explicit in document
    kept, notes, _ = _kept(document.replace(explicit, typed), "lifco-2019-12-31-en.xhtml")
    # The share-capital column's 0 is not a second, inconsistent, net profit for the year.
    assert _value(kept, "ifrs-full:ProfitLoss", date(2019, 12, 31)) == 1528000000
    assert not notes
