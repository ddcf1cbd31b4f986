"""ESEF report packages for the tests, built as the ESEF Reporting Manual and the Inline XBRL 1.1
specification lay them out (no real package is on this machine).

- An XHTML report: `ix:header` (hidden) with `ix:references` to the extension schema and
  `ix:resources` holding the contexts (entity identified by its LEI, scheme ISO 17442) and the
  units (`iso4217:EUR`, `iso4217:SEK`, per share `iso4217:SEK / xbrli:shares`); the statements
  as tables, each amount an `ix:nonFraction` with `format` from a transformation registry
  (registry 4 `num-dot-decimal`/`num-comma-decimal`/`fixed-zero`, registry 5, or registry 2's
  `numcommadecimal`/`zerodash`), `scale`, `decimals`, and `sign="-"` where the fact is negative;
  a minus printed for a cost stays outside the tag (the cost concept is positive); the entity's
  name and country as `ix:nonNumeric`, the name continued with `ix:continuation` in one
  edition; a dimensional fact (statement of changes in equity, `ComponentsOfEquityAxis`).
- An extension taxonomy: a schema declaring the company's concepts, a definition linkbase
  anchoring them with ESMA's `wider-narrower` arcrole, label linkbases in the report languages.
- Packages: the ESEF layout (one top folder, `META-INF/taxonomyPackage.xml` and `catalog.xml`,
  `reports/`, the taxonomy under the company's host name) and the Report Package 1.0 layout
  (`META-INF/reportPackage.json`, `.xbri`), with the report as one document or as an inline
  XBRL document set (a subfolder of `reports/` with two documents).

The figures are the issuers' own, read in the corpus: Kemira's FY2024 key figures from its
financial statements bulletin (`nordic/releases/kemira/...-2025-02-11.md`) and Lifco's 2019
group statements from its annual report (`nordic/reports/lifco/lifco-annual-report-2019.pdf`,
pages 48, 50, 51, 52 and 53). Every other identifier here is made for the tests: the LEIs carry
"TEST" in them and valid ISO 7064 check digits; no real entity has them.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from decimal import Decimal
from xml.sax.saxutils import escape

IFRS_NS = "https://xbrl.ifrs.org/taxonomy/2022-03-24/ifrs-full"
IFRS_SCHEMA = "https://xbrl.ifrs.org/taxonomy/2022-03-24/full_ifrs/full_ifrs-cor_2022-03-24.xsd"
ESEF_COR = "https://www.esma.europa.eu/taxonomy/2022-03-24/esef_cor.xsd"
WIDER_NARROWER = "http://www.esma.europa.eu/xbrl/esef/arcrole/wider-narrower"
TR = "http://www.xbrl.org/inlineXBRL/transformation/"
TR2, TR4, TR5 = f"{TR}2011-07-31", f"{TR}2020-02-12", f"{TR}2022-02-16"
REPORT_PACKAGE = "https://xbrl.org/report-package/2023/xbri"


def made_lei(stem: str) -> str:
    """An LEI made for the tests: 18 characters (with TEST in them) and ISO 7064 check digits."""
    base = stem.upper().ljust(18, "0")[:18]
    number = int("".join(str(int(ch, 36)) for ch in base + "00"))
    return f"{base}{98 - number % 97:02d}"


@dataclass(frozen=True)
class Line:
    """A statement line: its label per language, concept, and values as the English report
    prints them (`-2056` a printed minus, `0` a dash)."""

    labels: dict[str, str]
    concept: str
    current: str | None
    prior: str | None
    cost: bool = False  # the statement prints a minus; the concept is positive (costs)
    per_share: bool = False
    instant: bool = False
    member: str | None = None  # a column of the statement of changes in equity
    note: str = ""


@dataclass(frozen=True)
class Extension:
    """A concept of the company's extension taxonomy, with its anchor."""

    local: str
    labels: dict[str, str]
    wider: str | None  # the IFRS concept it is narrower than
    instant: bool = False


@dataclass(frozen=True)
class Company:
    """An issuer's report of one fiscal year."""

    prefix: str
    host: str
    lei: str
    names: dict[str, str]  # the entity's name as each edition prints it
    countries: dict[str, str]  # the country of incorporation as each edition prints it
    currency: str
    year_end: date
    prior_end: date
    scale: int
    decimals: int
    statements: list[tuple[dict[str, str], list[Line]]]
    extensions: list[Extension] = field(default_factory=list)

    @property
    def namespace(self) -> str:
        """The extension taxonomy's namespace."""
        return f"http://{self.host}/xbrl/{self.year_end.isoformat()}"

    @property
    def stem(self) -> str:
        """The file stem of the extension taxonomy: `kemira-2024-12-31`."""
        return f"{self.prefix}-{self.year_end.isoformat()}"


@dataclass(frozen=True)
class Edition:
    """One language edition of the report."""

    language: str
    number_format: str  # dot | comma
    registry: str
    minus: str = "-"
    continued_name: bool = False
    doctype: str = ""


ENGLISH_DOT = Edition("en", "dot", TR4)
NOTE_WORD = {"en": "Note", "sv": "Not", "fi": "Liite"}

# --- Kemira FY2024 (financial statements bulletin, 11 February 2025: key figures, EUR million)

_K = "kemira"
KEMIRA = Company(
    prefix=_K,
    host="www.kemira.com",
    lei=made_lei("TESTKEMIRA"),
    names={"en": "Kemira Oyj", "fi": "Kemira Oyj"},
    countries={"en": "Finland", "fi": "Suomi"},
    currency="EUR",
    year_end=date(2024, 12, 31),
    prior_end=date(2023, 12, 31),
    scale=6,
    decimals=-5,
    statements=[
        (
            {"en": "Consolidated income statement", "fi": "Konsernin tuloslaskelma"},
            [
                Line(
                    {"en": "Revenue", "fi": "Liikevaihto"}, "ifrs-full:Revenue", "2948.1", "3383.7"
                ),
                Line(
                    {"en": "Operative EBIT", "fi": "Operatiivinen liikevoitto"},
                    f"{_K}:OperativeEBIT",
                    "398.7",
                    "463.0",
                ),
                Line(
                    {"en": "EBIT", "fi": "Liikevoitto"},
                    "ifrs-full:ProfitLossFromOperatingActivities",
                    "363.2",
                    "336.4",
                ),
                Line(
                    {"en": "Net profit for the period", "fi": "Tilikauden voitto"},
                    "ifrs-full:ProfitLoss",
                    "262.7",
                    "211.3",
                ),
                Line(
                    {
                        "en": "Earnings per share, diluted, EUR",
                        "fi": "Osakekohtainen tulos, laimennettu, EUR",
                    },
                    "ifrs-full:DilutedEarningsLossPerShare",
                    "1.61",
                    "1.28",
                    per_share=True,
                ),
            ],
        ),
        (
            {"en": "Consolidated statement of cash flows", "fi": "Konsernin rahavirtalaskelma"},
            [
                Line(
                    {
                        "en": "Cash flow from operating activities",
                        "fi": "Liiketoiminnan rahavirta",
                    },
                    "ifrs-full:CashFlowsFromUsedInOperatingActivities",
                    "484.6",
                    "546.0",
                ),
            ],
        ),
    ],
    extensions=[
        Extension(
            "OperativeEBIT",
            {"en": "Operative EBIT", "fi": "Operatiivinen liikevoitto"},
            "ProfitLossFromOperatingActivities",
        )
    ],
)

# --- Lifco 2019 (annual report 2019: group statements, SEK million) -------------------------

_L = "lifco"
_SV = "Koncernens"
LIFCO = Company(
    prefix=_L,
    host="www.lifco.se",
    lei=made_lei("TESTLIFCO"),
    names={"en": "Lifco AB (publ)", "sv": "Lifco AB (publ)"},
    countries={"en": "Sweden", "sv": "Sverige"},
    currency="SEK",
    year_end=date(2019, 12, 31),
    prior_end=date(2018, 12, 31),
    scale=6,
    decimals=-6,
    statements=[
        (
            {"en": "Consolidated income statement", "sv": f"{_SV} resultaträkning"},
            [
                Line(
                    {"en": "Net sales", "sv": "Nettoomsättning"},
                    "ifrs-full:Revenue",
                    "13845",
                    "11956",
                    note="5",
                ),
                Line(
                    {"en": "Cost of goods sold", "sv": "Kostnad för sålda varor"},
                    "ifrs-full:CostOfSales",
                    "-8033",
                    "-6838",
                    cost=True,
                ),
                Line(
                    {"en": "Gross profit", "sv": "Bruttoresultat"},
                    "ifrs-full:GrossProfit",
                    "5812",
                    "5118",
                ),
                Line(
                    {"en": "Selling expenses", "sv": "Försäljningskostnader"},
                    "ifrs-full:DistributionCosts",
                    "-1600",
                    "-1315",
                    cost=True,
                ),
                Line(
                    {"en": "Administrative expenses", "sv": "Administrationskostnader"},
                    "ifrs-full:AdministrativeExpense",
                    "-1928",
                    "-1735",
                    cost=True,
                ),
                Line(
                    {
                        "en": "Research and development costs",
                        "sv": "Forsknings- och utvecklingskostnader",
                    },
                    "ifrs-full:ResearchAndDevelopmentExpense",
                    "-171",
                    "-144",
                    cost=True,
                ),
                Line(
                    {"en": "Other operating income", "sv": "Övriga rörelseintäkter"},
                    "ifrs-full:OtherOperatingIncome",
                    "47",
                    "29",
                    note="6",
                ),
                Line(
                    {"en": "Other operating expenses", "sv": "Övriga rörelsekostnader"},
                    "ifrs-full:OtherExpenseByFunction",
                    "-101",
                    "-51",
                    cost=True,
                    note="6",
                ),
                Line(
                    {"en": "Operating profit", "sv": "Rörelseresultat"},
                    "ifrs-full:ProfitLossFromOperatingActivities",
                    "2059",
                    "1902",
                    note="7, 8, 9, 10, 11",
                ),
                Line(
                    {"en": "Financial income", "sv": "Finansiella intäkter"},
                    "ifrs-full:FinanceIncome",
                    "4",
                    "2",
                    note="6, 12",
                ),
                Line(
                    {"en": "Financial expenses", "sv": "Finansiella kostnader"},
                    "ifrs-full:FinanceCosts",
                    "-67",
                    "-46",
                    cost=True,
                    note="6, 12",
                ),
                Line(
                    {"en": "Profit before tax", "sv": "Resultat före skatt"},
                    "ifrs-full:ProfitLossBeforeTax",
                    "1996",
                    "1858",
                ),
                Line(
                    {"en": "Tax on profit for the year", "sv": "Skatt på årets resultat"},
                    "ifrs-full:IncomeTaxExpenseContinuingOperations",
                    "-468",
                    "-438",
                    cost=True,
                    note="13",
                ),
                Line(
                    {"en": "Net profit for the year", "sv": "Årets resultat"},
                    "ifrs-full:ProfitLoss",
                    "1528",
                    "1420",
                ),
                Line(
                    {"en": "Parent Company shareholders", "sv": "Moderbolagets aktieägare"},
                    "ifrs-full:ProfitLossAttributableToOwnersOfParent",
                    "1505",
                    "1389",
                ),
                Line(
                    {
                        "en": "Non-controlling interests",
                        "sv": "Innehav utan bestämmande inflytande",
                    },
                    "ifrs-full:ProfitLossAttributableToNoncontrollingInterests",
                    "23",
                    "31",
                ),
                Line(
                    {
                        "en": "Earnings per share before and after dilution, SEK",
                        "sv": "Resultat per aktie före och efter utspädning, SEK",
                    },
                    "ifrs-full:BasicAndDilutedEarningsLossPerShare",
                    "16.57",
                    "15.29",
                    per_share=True,
                    note="32",
                ),
            ],
        ),
        (
            {"en": "Consolidated balance sheet", "sv": f"{_SV} balansräkning"},
            [
                Line(
                    {"en": "Intangible assets", "sv": "Immateriella tillgångar"},
                    "ifrs-full:IntangibleAssetsAndGoodwill",
                    "11209",
                    "9133",
                    instant=True,
                    note="14",
                ),
                Line(
                    {"en": "Total fixed assets", "sv": "Summa anläggningstillgångar"},
                    "ifrs-full:NoncurrentAssets",
                    "12894",
                    "9897",
                    instant=True,
                ),
                Line(
                    {"en": "Inventories", "sv": "Varulager"},
                    "ifrs-full:Inventories",
                    "1997",
                    "1710",
                    instant=True,
                    note="18",
                ),
                Line(
                    {"en": "Cash and cash equivalents", "sv": "Likvida medel"},
                    "ifrs-full:CashAndCashEquivalents",
                    "729",
                    "405",
                    instant=True,
                    note="16, 22",
                ),
                Line(
                    {"en": "Total current assets", "sv": "Summa omsättningstillgångar"},
                    "ifrs-full:CurrentAssets",
                    "4684",
                    "3926",
                    instant=True,
                ),
                Line(
                    {"en": "TOTAL ASSETS", "sv": "SUMMA TILLGÅNGAR"},
                    "ifrs-full:Assets",
                    "17578",
                    "13823",
                    instant=True,
                ),
                Line(
                    {
                        "en": "Equity attributable to Parent Company shareholders",
                        "sv": "Eget kapital hänförligt till moderbolagets aktieägare",
                    },
                    "ifrs-full:EquityAttributableToOwnersOfParent",
                    "7915",
                    "6685",
                    instant=True,
                ),
                Line(
                    {
                        "en": "Non-controlling interests",
                        "sv": "Innehav utan bestämmande inflytande",
                    },
                    "ifrs-full:NoncontrollingInterests",
                    "57",
                    "63",
                    instant=True,
                ),
                Line(
                    {"en": "Total equity", "sv": "Summa eget kapital"},
                    "ifrs-full:Equity",
                    "7972",
                    "6748",
                    instant=True,
                ),
                Line(
                    {
                        "en": "Non-current interest-bearing liabilities incl. lease liability",
                        "sv": "Långfristiga räntebärande skulder inkl. leasingskuld",
                    },
                    f"{_L}:NoncurrentInterestbearingLiabilitiesIncludingLeaseLiabilities",
                    "1634",
                    "1776",
                    instant=True,
                    note="16, 24",
                ),
                Line(
                    {"en": "Total non-current liabilities", "sv": "Summa långfristiga skulder"},
                    "ifrs-full:NoncurrentLiabilities",
                    "3660",
                    "3120",
                    instant=True,
                ),
                Line(
                    {"en": "Total current liabilities", "sv": "Summa kortfristiga skulder"},
                    "ifrs-full:CurrentLiabilities",
                    "5946",
                    "3955",
                    instant=True,
                ),
                Line(
                    {"en": "TOTAL EQUITY AND LIABILITIES", "sv": "SUMMA EGET KAPITAL OCH SKULDER"},
                    "ifrs-full:EquityAndLiabilities",
                    "17578",
                    "13823",
                    instant=True,
                ),
            ],
        ),
        (
            {
                "en": "Consolidated statement of changes in equity",
                "sv": f"{_SV} förändring i eget kapital",
            },
            [
                Line(
                    {
                        "en": "Net profit for the year, share capital",
                        "sv": "Årets resultat, aktiekapital",
                    },
                    "ifrs-full:ProfitLoss",
                    "0",
                    "0",
                    member="ifrs-full:IssuedCapitalMember",
                ),
            ],
        ),
        (
            {"en": "Consolidated cash flow statement", "sv": f"{_SV} kassaflödesanalys"},
            [
                Line(
                    {
                        "en": "Cash flow from operating activities",
                        "sv": "Kassaflöde från den löpande verksamheten",
                    },
                    "ifrs-full:CashFlowsFromUsedInOperatingActivities",
                    "1990",
                    "1533",
                ),
                Line(
                    {
                        "en": "Investments in tangible assets",
                        "sv": "Investeringar i materiella anläggningstillgångar",
                    },
                    "ifrs-full:PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities",
                    "-269",
                    "-162",
                    cost=True,
                ),
                Line(
                    {
                        "en": "Cash flow from investing activities",
                        "sv": "Kassaflöde från investeringsverksamheten",
                    },
                    "ifrs-full:CashFlowsFromUsedInInvestingActivities",
                    "-2056",
                    "-669",
                ),
                Line(
                    {"en": "Dividends paid", "sv": "Utbetald utdelning"},
                    "ifrs-full:DividendsPaidClassifiedAsFinancingActivities",
                    "-490",
                    "-383",
                    cost=True,
                ),
                Line(
                    {
                        "en": "Cash flow from financing activities",
                        "sv": "Kassaflöde från finansieringsverksamheten",
                    },
                    "ifrs-full:CashFlowsFromUsedInFinancingActivities",
                    "373",
                    "-799",
                ),
                Line(
                    {
                        "en": "Cash and cash equivalents at year-end",
                        "sv": "Likvida medel vid årets slut",
                    },
                    "ifrs-full:CashAndCashEquivalents",
                    "729",
                    "405",
                    instant=True,
                ),
            ],
        ),
    ],
    extensions=[
        Extension(
            "NoncurrentInterestbearingLiabilitiesIncludingLeaseLiabilities",
            {
                "en": "Non-current interest-bearing liabilities incl. lease liability",
                "sv": "Långfristiga räntebärande skulder inkl. leasingskuld",
            },
            "NoncurrentLiabilities",
            instant=True,
        )
    ],
)

# --- the XHTML report -------------------------------------------------------------------------


def printed(value: str, edition: Edition) -> str:
    """A number as the edition prints it, without its sign: `2,948.1` or `2 948,1`."""
    whole, _, fraction = value.lstrip("-").partition(".")
    groups = []
    while whole:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    if edition.number_format == "dot":
        return ",".join(groups) + (f".{fraction}" if fraction else "")
    return " ".join(groups) + (f",{fraction}" if fraction else "")


def _rule(edition: Edition, zero: bool) -> str:
    if edition.registry == TR2:
        return "ixt:zerodash" if zero else f"ixt:num{edition.number_format}decimal"
    return "ixt:fixed-zero" if zero else f"ixt:num-{edition.number_format}-decimal"


def _contexts(company: Company) -> str:
    out = []
    for end in (company.year_end, company.prior_end):
        start = date(end.year, 1, 1)
        entity = (
            f'<xbrli:entity><xbrli:identifier scheme="http://standards.iso.org/iso/17442">'
            f"{company.lei}</xbrli:identifier></xbrli:entity>"
        )
        out.append(
            f'<xbrli:context id="D{end.year}">{entity}<xbrli:period>'
            f"<xbrli:startDate>{start}</xbrli:startDate><xbrli:endDate>{end}</xbrli:endDate>"
            f"</xbrli:period></xbrli:context>"
        )
        out.append(
            f'<xbrli:context id="I{end.year}">{entity}<xbrli:period>'
            f"<xbrli:instant>{end}</xbrli:instant></xbrli:period></xbrli:context>"
        )
        out.append(
            f'<xbrli:context id="D{end.year}_capital">{entity}<xbrli:period>'
            f"<xbrli:startDate>{start}</xbrli:startDate><xbrli:endDate>{end}</xbrli:endDate>"
            f"</xbrli:period><xbrli:scenario>"
            f'<xbrldi:explicitMember dimension="ifrs-full:ComponentsOfEquityAxis">'
            f"ifrs-full:IssuedCapitalMember</xbrldi:explicitMember></xbrli:scenario></xbrli:context>"
        )
    currency = company.currency
    out.append(
        f'<xbrli:unit id="{currency}"><xbrli:measure>iso4217:{currency}</xbrli:measure>'
        "</xbrli:unit>"
    )
    out.append(
        f'<xbrli:unit id="{currency}_shares"><xbrli:divide><xbrli:unitNumerator>'
        f"<xbrli:measure>iso4217:{currency}</xbrli:measure></xbrli:unitNumerator>"
        f"<xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure>"
        f"</xbrli:unitDenominator></xbrli:divide></xbrli:unit>"
    )
    return "".join(out)


def _cell(
    company: Company, line: Line, value: str | None, end: date, edition: Edition, n: str
) -> str:
    if value is None:
        return "<td></td>"
    amount = Decimal(value)
    context = f"{'I' if line.instant else 'D'}{end.year}" + ("_capital" if line.member else "")
    unit = f"{company.currency}_shares" if line.per_share else company.currency
    zero = amount == 0
    negative_fact = amount < 0 and not line.cost
    attributes = [
        f'name="{line.concept}"',
        f'contextRef="{context}"',
        f'unitRef="{unit}"',
        f'id="f{n}"',
        f'format="{_rule(edition, zero)}"',
        f'decimals="{2 if line.per_share else company.decimals}"',
    ]
    if not line.per_share:
        attributes.append(f'scale="{company.scale}"')
    if negative_fact:
        attributes.append('sign="-"')
    shown = "\u2013" if zero else printed(value, edition)
    minus = edition.minus if amount < 0 else ""
    return f"<td>{minus}<ix:nonFraction {' '.join(attributes)}>{shown}</ix:nonFraction></td>"


def _statement(
    company: Company, title: dict[str, str], lines: list[Line], edition: Edition, n: list[int]
) -> str:
    heading = f"{company.currency} million" if edition.language == "en" else f"M{company.currency}"
    rows = [
        f"<tr><th>{escape(heading)}</th><th>{NOTE_WORD[edition.language]}</th>"
        f"<th>{company.year_end.year}</th>"
        f"<th>{company.prior_end.year}</th></tr>"
    ]
    for line in lines:
        cells = []
        for value, end in ((line.current, company.year_end), (line.prior, company.prior_end)):
            n[0] += 1
            cells.append(_cell(company, line, value, end, edition, str(n[0])))
        rows.append(
            f"<tr><td>{escape(line.labels[edition.language])}</td><td>{line.note}</td>"
            f"{''.join(cells)}</tr>"
        )
    return (
        f'<div class="page"><h2>{escape(title[edition.language])}</h2>'
        f"<table>{''.join(rows)}</table></div>"
    )


def _cover(company: Company, edition: Edition) -> str:
    name = company.names[edition.language]
    context = f"D{company.year_end.year}"
    if edition.continued_name:
        first, _, rest = name.partition(" ")
        named = (
            f'<p><ix:nonNumeric name="ifrs-full:NameOfReportingEntityOrOtherMeansOfIdentification" '
            f'contextRef="{context}" id="name" continuedAt="name2">{escape(first)}</ix:nonNumeric>'
            f'</p><p><ix:continuation id="name2">{escape(rest)}</ix:continuation></p>'
        )
    else:
        named = (
            f'<p><ix:nonNumeric name="ifrs-full:NameOfReportingEntityOrOtherMeansOfIdentification" '
            f'contextRef="{context}" id="name">{escape(name)}</ix:nonNumeric></p>'
        )
    country = (
        f'<p><ix:nonNumeric name="ifrs-full:CountryOfIncorporation" contextRef="{context}" '
        f'id="country">{escape(company.countries[edition.language])}</ix:nonNumeric></p>'
    )
    return f'<div class="page">{named}{country}</div>'


def _html_open(company: Company, edition: Edition) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f"{edition.doctype}"
        '<html xmlns="http://www.w3.org/1999/xhtml" '
        'xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" '
        f'xmlns:ixt="{edition.registry}" '
        'xmlns:xbrli="http://www.xbrl.org/2003/instance" '
        'xmlns:xbrldi="http://xbrl.org/2006/xbrldi" '
        'xmlns:link="http://www.xbrl.org/2003/linkbase" '
        'xmlns:xlink="http://www.w3.org/1999/xlink" '
        'xmlns:iso4217="http://www.xbrl.org/2003/iso4217" '
        f'xmlns:ifrs-full="{IFRS_NS}" xmlns:{company.prefix}="{company.namespace}" '
        f'xml:lang="{edition.language}">'
    )


def _header(company: Company, schema_href: str) -> str:
    return (
        '<div style="display:none"><ix:header><ix:references>'
        f'<link:schemaRef xlink:type="simple" xlink:href="{schema_href}"/>'
        f"</ix:references><ix:resources>{_contexts(company)}</ix:resources></ix:header></div>"
    )


def report_documents(
    company: Company, edition: Edition, schema_href: str, parts: int = 1
) -> list[bytes]:
    """The report as `parts` XHTML documents (an inline XBRL document set when more than one);
    the header with the contexts and units is in the first."""
    counter = [0]
    bodies = [_cover(company, edition)] + [
        _statement(company, title, lines, edition, counter) for title, lines in company.statements
    ]
    size = -(-len(bodies) // parts)
    documents = []
    for index in range(parts):
        header = _header(company, schema_href) if index == 0 else ""
        title = f"{company.names[edition.language]} {company.year_end.year}"
        chunk = "".join(bodies[index * size : (index + 1) * size])
        documents.append(
            (
                _html_open(company, edition)
                + f"<head><title>{escape(title)}</title></head><body>{header}{chunk}</body></html>"
            ).encode()
        )
    return documents


# --- the extension taxonomy -------------------------------------------------------------------


def taxonomy_files(company: Company, languages: tuple[str, ...]) -> dict[str, bytes]:
    """The schema, definition linkbase (anchors) and label linkbases, by file name."""
    stem, prefix = company.stem, company.prefix
    elements = "".join(
        f'<xs:element id="{prefix}_{e.local}" name="{e.local}" type="xbrli:monetaryItemType" '
        f'substitutionGroup="xbrli:item" '
        f'xbrli:periodType="{"instant" if e.instant else "duration"}" '
        f'abstract="false" nillable="true"/>'
        for e in company.extensions
    )
    refs = "".join(
        f'<link:linkbaseRef xlink:type="simple" xlink:href="{stem}_{kind}.xml" '
        f'xlink:arcrole="http://www.w3.org/1999/xlink/properties/linkbase"/>'
        for kind in ("def", *(f"lab-{lang}" for lang in languages))
    )
    schema = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" '
        'xmlns:xbrli="http://www.xbrl.org/2003/instance" '
        'xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'targetNamespace="{company.namespace}" elementFormDefault="qualified">'
        f"<xs:annotation><xs:appinfo>{refs}</xs:appinfo></xs:annotation>"
        f'<xs:import namespace="http://www.esma.europa.eu/taxonomy/2022-03-24/esef_cor" '
        f'schemaLocation="{ESEF_COR}"/>{elements}</xs:schema>'
    )
    locs, arcs = [], []
    for e in company.extensions:
        if e.wider is None:
            continue
        locs.append(
            f'<link:loc xlink:type="locator" xlink:label="ifrs_{e.wider}" '
            f'xlink:href="{IFRS_SCHEMA}#ifrs-full_{e.wider}"/>'
            f'<link:loc xlink:type="locator" xlink:label="{prefix}_{e.local}" '
            f'xlink:href="{stem}.xsd#{prefix}_{e.local}"/>'
        )
        arcs.append(
            f'<link:definitionArc xlink:type="arc" xlink:arcrole="{WIDER_NARROWER}" '
            f'xlink:from="ifrs_{e.wider}" xlink:to="{prefix}_{e.local}"/>'
        )
    linkbase_open = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<link:linkbase xmlns:link="http://www.xbrl.org/2003/linkbase" '
        'xmlns:xlink="http://www.w3.org/1999/xlink">'
    )
    definition = (
        f'{linkbase_open}<link:arcroleRef arcroleURI="{WIDER_NARROWER}" xlink:type="simple" '
        'xlink:href="http://www.xbrl.org/lrr/arcrole/esma-arcrole-2018-11-21.xsd#wider-narrower"/>'
        '<link:definitionLink xlink:type="extended" '
        'xlink:role="http://www.esma.europa.eu/xbrl/role/cor/esef_role-999999">'
        f"{''.join(locs)}{''.join(arcs)}</link:definitionLink></link:linkbase>"
    )
    files = {f"{stem}.xsd": schema.encode(), f"{stem}_def.xml": definition.encode()}
    for language in languages:
        parts = []
        for e in company.extensions:
            parts.append(
                f'<link:loc xlink:type="locator" xlink:label="loc_{e.local}" '
                f'xlink:href="{stem}.xsd#{prefix}_{e.local}"/>'
                f'<link:label xlink:type="resource" xlink:label="label_{e.local}" '
                f'xlink:role="http://www.xbrl.org/2003/role/label" xml:lang="{language}">'
                f"{escape(e.labels[language])}</link:label>"
                f'<link:labelArc xlink:type="arc" '
                f'xlink:arcrole="http://www.xbrl.org/2003/arcrole/concept-label" '
                f'xlink:from="loc_{e.local}" xlink:to="label_{e.local}"/>'
            )
        files[f"{stem}_lab-{language}.xml"] = (
            f'{linkbase_open}<link:labelLink xlink:type="extended" '
            f'xlink:role="http://www.xbrl.org/2003/role/link">{"".join(parts)}'
            "</link:labelLink></link:linkbase>"
        ).encode()
    return files


# --- packages ---------------------------------------------------------------------------------


def _taxonomy_package(company: Company) -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<tp:taxonomyPackage xmlns:tp="http://xbrl.org/2016/taxonomy-package" xml:lang="en">'
        f"<tp:identifier>http://{company.host}/xbrl/{company.year_end}</tp:identifier>"
        f"<tp:name>{escape(company.names['en'])} {company.year_end.year}</tp:name>"
        f"<tp:version>{company.year_end}</tp:version><tp:entryPoints><tp:entryPoint>"
        f"<tp:name>{company.stem}</tp:name><tp:entryPointDocument "
        f'href="{company.namespace}/{company.stem}.xsd"/></tp:entryPoint></tp:entryPoints>'
        "</tp:taxonomyPackage>"
    ).encode()


def _catalog(company: Company) -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">'
        f'<rewriteURI uriStartString="http://{company.host}/xbrl/{company.year_end}/" '
        f'rewritePrefix="../{company.host}/xbrl/{company.year_end}/"/></catalog>'
    ).encode()


def package(
    company: Company,
    edition: Edition,
    *,
    layout: str = "esef",
    parts: int = 1,
    when: datetime = datetime(2025, 3, 1, 9, 0),
    languages: tuple[str, ...] | None = None,
) -> bytes:
    """A report package: `esef` (META-INF/taxonomyPackage.xml and catalog.xml) or `rp1`
    (Report Package 1.0: META-INF/reportPackage.json); every entry time-stamped `when`."""
    top = f"{company.stem}-{edition.language}"
    folder = f"{company.host}/xbrl/{company.year_end}"
    languages = languages or tuple(company.names)
    entries: dict[str, bytes] = {f"{top}/META-INF/taxonomyPackage.xml": _taxonomy_package(company)}
    if layout == "rp1":
        entries[f"{top}/META-INF/reportPackage.json"] = json.dumps(
            {"documentInfo": {"documentType": REPORT_PACKAGE}}
        ).encode()
    else:
        entries[f"{top}/META-INF/catalog.xml"] = _catalog(company)
    for name, content in taxonomy_files(company, languages).items():
        entries[f"{top}/{folder}/{name}"] = content
    href = f"../{folder}/{company.stem}.xsd" if parts == 1 else f"../../{folder}/{company.stem}.xsd"
    documents = report_documents(company, edition, href, parts)
    report = f"{company.stem}-{edition.language}"
    if parts == 1:
        entries[f"{top}/reports/{report}.xhtml"] = documents[0]
    else:
        for number, document in enumerate(documents, start=1):
            entries[f"{top}/reports/{report}/{report}-{number}.xhtml"] = document
    return zip_entries(entries, when)


def zip_entries(entries: dict[str, bytes], when: datetime) -> bytes:
    """A zip of `entries`, each stamped `when`."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in entries.items():
            info = zipfile.ZipInfo(name, date_time=when.timetuple()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, content)
    return buffer.getvalue()


def with_values(company: Company, changes: dict[tuple[str, str], str]) -> Company:
    """The company's report with some values changed: (concept, `current`|`prior`) -> value."""
    statements = []
    for title, lines in company.statements:
        changed = []
        for line in lines:
            for (concept, which), value in changes.items():
                if line.concept == concept and line.member is None:
                    line = replace(line, **{which: value})
            changed.append(line)
        statements.append((title, changed))
    return replace(company, statements=statements)


def edited(content: bytes, suffix: str, change: Callable[[bytes], bytes]) -> bytes:
    """A package with the entries ending in `suffix` changed, as they are, time stamps kept."""
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        infos = archive.infolist()
        entries = {i.filename: archive.read(i) for i in infos}
    when = datetime(*infos[0].date_time)
    return zip_entries(
        {n: change(c) if n.endswith(suffix) else c for n, c in entries.items()}, when
    )
