"""The table reader: units, period headers in three languages, value slots, rows with every
Nordic number format, and line labels."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from filings.ingest.nordic.labels import metric_for_label, metrics_for_label, normalize
from filings.ingest.nordic.periods import Column, header_columns, read_columns
from filings.ingest.nordic.reading import finer_printing
from filings.ingest.nordic.tables import (
    Unit,
    find_unit,
    header_layout,
    split_row,
    to_decimal,
)


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("MSEK 2023 2022", Unit("SEK", 6)),
        ("SEK million Jul-Sep", Unit("SEK", 6)),
        ("SEK m", Unit("SEK", 6)),
        ("SEK b.", Unit("SEK", 9)),
        ("SEK bn", Unit("SEK", 9)),
        ("EUR million Oct-Dec", Unit("EUR", 6)),
        ("MEUR", Unit("EUR", 6)),
        ("SEKm 2019", Unit("SEK", 6)),
        ("TSEK", Unit("SEK", 3)),
        ("KSEK", Unit("SEK", 3)),
        ("tSEK", Unit("SEK", 3)),
        ("TEUR", Unit("EUR", 3)),
        ("EUR 1,000", Unit("EUR", 3)),
        ("EUR thousand", Unit("EUR", 3)),
        ("Milj. euroa", Unit("EUR", 6)),
        ("Belopp i Mkr", Unit("SEK", 6)),
        ("Tkr", Unit("SEK", 3)),
        ("Key figures, EUR million, or as indicated", Unit("EUR", 6)),
    ],
)
def test_units(text: str, unit: Unit) -> None:
    assert find_unit(text) == unit


def test_no_unit_in_plain_words() -> None:
    assert find_unit("Members of the Board met in Stockholm") is None
    assert find_unit("Earnings per share, SEK") is None


def _periods(header: str, year: int | None = 2025) -> list[tuple[str, str, str] | None]:
    return [
        (c.kind, str(c.start), str(c.end)) if c is not None else None
        for c in header_columns(header, year)
    ]


Q4_24, Q4_23 = ("quarter", "2024-10-01", "2024-12-31"), ("quarter", "2023-10-01", "2023-12-31")
FY24, FY23 = ("annual", "2024-01-01", "2024-12-31"), ("annual", "2023-01-01", "2023-12-31")


@pytest.mark.parametrize(
    "header",
    [
        "EUR million Oct-Dec 2024 Oct-Dec 2023 Jan-Dec 2024 Jan-Dec 2023",
        "EUR million Oct-Dec Oct-Dec Jan-Dec Jan-Dec 2024 2023 2024 2023",
        "EUR million 10–12/2024 10–12/2023 1–12/2024 1–12/2023",
        "EUR million 10-12/2024 10-12/2023 Change % 1-12/2024 1-12/2023",
        "MEUR Q4 2024 Q4 2023 2024 2023",  # bare years after labelled quarters
        "Q4/24 Q4/23 FY 2024 FY 2023",
        "Q4 Q4 Full year Full year 2024 2023 2024 2023",
        "MSEK okt-dec 2024 okt-dec 2023 jan-dec 2024 jan-dec 2023",
        "MSEK Okt–dec 2024 Okt–dec 2023 Helår 2024 Helår 2023",
        "Milj. euroa loka–joulukuu 2024 loka–joulukuu 2023 tammi–joulukuu 2024 tammi–joulukuu 2023",
        "October–December 2024 October–December 2023 January–December 2024 January–December 2023",
        "4Q24 4Q23 FY2024 FY2023",
        "1.10.–31.12.2024 1.10.–31.12.2023 1.1.–31.12.2024 1.1.–31.12.2023",
        # Roman quarters (Finnish), Swedish quarter words, ordinal quarters, days printed,
        # two-digit years after a space, month numbers without a slash, years before labels
        "EUR million IV/2024 IV/2023 I-IV/2024 I-IV/2023",
        "Milj. euroa IV/24 IV/23 I–IV/24 I–IV/23",
        "Mkr Kv 4 2024 Kv 4 2023 Helår 2024 Helår 2023",
        "MSEK Fjärde kvartalet 2024 Fjärde kvartalet 2023 Helåret 2024 Helåret 2023",
        "Fourth quarter 2024 Fourth quarter 2023 Full year 2024 Full year 2023",
        "EUR thousand 1 Oct–31 Dec 2024 1 Oct–31 Dec 2023 1 Jan–31 Dec 2024 1 Jan–31 Dec 2023",
        "MEUR Q4 24 Q4 23 FY 24 FY 23",
        "Mkr Okt-dec 24 Okt-dec 23 Jan-dec 24 Jan-dec 23",
        "MEUR 10–12 2024 10–12 2023 1–12 2024 1–12 2023",
        "Mkr 2024 okt–dec 2023 okt–dec 2024 jan–dec 2023 jan–dec",
        "MSEK 2024 Q4 2023 Q4 2024 Full-year 2023 Full-year",
        "MSEK 2024 2023 2024 2023 Oct-Dec Oct-Dec Jan-Dec Jan-Dec",
    ],
)
def test_year_end_headers_in_every_form(header: str) -> None:
    periods = _periods(header)
    if periods[2:] == [("bare", "2024-01-01", "2024-12-31"), ("bare", "2023-01-01", "2023-12-31")]:
        # years printed alone after the quarters: the document's period decides (figures.py)
        assert periods[:2] == [Q4_24, Q4_23]
        return
    assert periods == [Q4_24, Q4_23, FY24, FY23]


def test_columns_of_no_period_of_ours_are_no_year() -> None:
    """A second half (`H2 2024`), a rolling twelve months or a span that is not a whole
    month's is no column of ours: never read as the bare year it prints."""
    assert _periods("EUR million H2 2024 H2 2023 2024 2023")[:2] == [None, None]
    assert _periods("EUR million 7-12/2024 7-12/2023")[:2] == [None, None]
    assert _periods("MSEK Q4 2024 Q4 2023 R12 2024")[2] is None
    # "15 Oct–31 Dec" is not a quarter: no column is made of it
    assert ("quarter", "2024-10-01", "2024-12-31") not in _periods("15 Oct–31 Dec 2024")
    assert _periods("IV/2024 I-III/2024")[1] == ("ytd", "2024-01-01", "2024-09-30")


def test_interim_headers() -> None:
    assert _periods(
        "SEK million Jul-Sep 2025 Jul-Sep 2024 Jan-Sep 2025 Jan-Sep 2024 Full Year 2024"
    ) == [
        ("quarter", "2025-07-01", "2025-09-30"),
        ("quarter", "2024-07-01", "2024-09-30"),
        ("ytd", "2025-01-01", "2025-09-30"),
        ("ytd", "2024-01-01", "2024-09-30"),
        ("annual", "2024-01-01", "2024-12-31"),
    ]
    # one label over two years each (Ericsson: "Q3 Jan-Sep" over "2025 2024 2025 2024")
    assert _periods("Q3 Jan-Sep SEK million 2025 2024 2025 2024") == [
        ("quarter", "2025-07-01", "2025-09-30"),
        ("quarter", "2024-07-01", "2024-09-30"),
        ("ytd", "2025-01-01", "2025-09-30"),
        ("ytd", "2024-01-01", "2024-09-30"),
    ]
    # Swedish and Finnish nine months
    assert _periods("jul-sep 2025 jan-sep 2025")[1] == ("ytd", "2025-01-01", "2025-09-30")
    assert _periods("heinä–syyskuu 2025 tammi–syyskuu 2025")[0] == (
        "quarter",
        "2025-07-01",
        "2025-09-30",
    )
    assert _periods("7-9/2025 1-9/2025 H1 2025")[:2] == [
        ("quarter", "2025-07-01", "2025-09-30"),
        ("ytd", "2025-01-01", "2025-09-30"),
    ]


def test_isolated_quarters_step_back_a_year() -> None:
    quarters = _periods("Isolated quarters, SEK million Q3 Q2 Q1 Q4 Q3 Q2 Q1")
    assert [p[2] for p in quarters if p] == [
        "2025-09-30",
        "2025-06-30",
        "2025-03-31",
        "2024-12-31",
        "2024-09-30",
        "2024-06-30",
        "2024-03-31",
    ]
    # years printed under the run confirm it; an ascending run steps forward
    assert _periods("Q2 Q3 Q4 Q1 2024 2025", None)[-1] == ("quarter", "2025-01-01", "2025-03-31")
    # without years and without the document's year nothing is guessed
    assert header_columns("Q3 Q2 Q1 Q4", None) == []


def test_balance_dates() -> None:
    for header in (
        "MSEK Sep. 30, 2023 Sep. 30, 2022 Dec. 31, 2022",
        "SEK million 30 September 2023 30 September 2022 31 December 2022",
        "EUR million 30.9.2023 30.9.2022 31.12.2022",
        "2023-09-30 2022-09-30 2022-12-31",
        "MSEK 30 sep 2023 30 sep 2022 31 dec 2022",
        "Sep 30 Sep 30 Dec 31 SEK million Note 2023 2022 2022",
    ):
        assert [p[2] for p in _periods(header) if p] == [
            "2023-09-30",
            "2022-09-30",
            "2022-12-31",
        ], header
        assert all(p is not None and p[0] == "instant" for p in _periods(header))


def test_a_financial_year_across_calendar_years_and_rolling_columns() -> None:
    assert _periods("10–12/2024 10/2022–9/2023") == [
        Q4_24,
        ("annual", "2022-10-01", "2023-09-30"),
    ]
    # a fifteen-month extended year is no period a figure is kept for
    assert _periods("10/2023–12/2024") == [None]
    assert _periods("Oct-Dec 2024 Rolling 12 months") == [Q4_24, None]
    assert _periods("Q4 2024 LTM") == [Q4_24, None]


def test_partly_labelled_headers_leave_the_period_to_the_document() -> None:
    columns = read_columns("January - September MSEK 2023 2022 2023 2022")
    assert [c.kind for c in columns] == ["bare"] * 4


def test_change_and_note_slots() -> None:
    layout = header_layout(
        "SEK b. Q3 2025 Q3 2024 YoY change Q2 2025 QoQ change Jan-Sep 2025 Jan-Sep 2024 YoY change"
    )
    assert layout is not None
    assert layout.slots == (True, True, False, True, False, True, True, False)
    row = split_row("EBIT (loss) 15.2 5.8 162% 6.4 137% 27.5 -3.6 -", layout, 5)
    assert row is not None and row.label == "EBIT (loss)"
    assert row.values == ["15.2", "5.8", "6.4", "27.5", "-3.6"]
    noted = header_layout("SEK million Note 2025 2024 Change 2025 2024")
    assert noted is not None and noted.note
    # a note reference, the values, a change without a value ("-")
    row = split_row("Other operating income and expenses ²⁾ 10 7,715 4 - 7,790 680", noted, 4)
    assert row is not None and row.values == ["7,715", "4", "7,790", "680"]
    row = split_row("Net sales 2 56,239 61,794 -9% 167,396 174,967", noted, 4)
    assert row is not None and row.values == ["56,239", "61,794", "167,396", "174,967"]


@pytest.mark.parametrize(
    ("line", "columns", "values"),
    [
        (
            "Revenues 44 485 38 074 17% 127 710 101 271 26%",
            4,
            ["44485", "38074", "127710", "101271"],
        ),
        (
            "Cost of sales -25 413 -22 151 -72 271 -58 887",
            4,
            ["-25413", "-22151", "-72271", "-58887"],
        ),
        (
            "Revenue 7,442 7,390 21,851 21,800 29,583",
            5,
            ["7442", "7390", "21851", "21800", "29583"],
        ),
        ("Operating profit 7, 8, 9, 10, 11 2,059 1,902", 2, ["2059", "1902"]),
        ("Net sales 5 13,845 11,956", 2, ["13845", "11956"]),
        ("Earnings per share (SEK) 6 1.86 1.60 4.85 4.14", 4, ["1.86", "1.60", "4.85", "4.14"]),
        ("Net financial items -189 70 -396 18", 4, ["-189", "70", "-396", "18"]),
        ("Net sales 1 001.8 998.5", 2, ["1001.8", "998.5"]),
        ("Liikevaihto 1\u00a0001,8 998,5", 2, ["1001.8", "998.5"]),
        ("Rörelseresultat −53 (1 234)", 2, ["-53", "-1234"]),
        ("Net sales 12\u202f345 11\u2009987", 2, ["12345", "11987"]),
        ("Shares, millions 4 868.6 4 874.9", 2, ["4868.6", "4874.9"]),
    ],
)
def test_rows(line: str, columns: int, values: list[str]) -> None:
    comma = "," in line and "Liikevaihto" in line
    row = split_row(line, header_layout(" ".join(["2025"] * columns)), columns)
    assert row is not None
    assert [to_decimal(v or "", comma) for v in row.values] == [Decimal(v) for v in values]


def test_a_row_that_cannot_be_read_as_the_columns_is_no_row() -> None:
    layout = header_layout("2025 2024")
    # seven numbers for two columns: no reading of them is sure
    assert split_row("Restructuring 222 149 103 847 613 450 93", layout, 2) is None


def test_decimal_marks() -> None:
    assert to_decimal("13,8") == Decimal("13.8")  # a thousands group has three digits
    assert to_decimal("7,442") == Decimal("7442")
    assert to_decimal("7,442", comma_decimal=True) == Decimal("7.442")
    assert to_decimal("1.234,5", comma_decimal=True) == Decimal("1234.5")
    assert to_decimal("(1,234)") == Decimal("-1234")
    assert to_decimal("–") is None and to_decimal("n/m") is None


@given(st.lists(st.integers(min_value=1_000, max_value=9_999_999), min_size=2, max_size=5))
def test_space_separated_thousands_round_trip(numbers: list[int]) -> None:
    # Comparison figures of one row are of a similar size, as in reports.
    base = numbers[0]
    figures = [base + (n % max(base // 10, 1)) for n in numbers]
    line = "Revenues " + " ".join(f"{n:,}".replace(",", " ") for n in figures)
    row = split_row(line, header_layout(" ".join(["2024"] * len(figures))), len(figures))
    assert row is not None
    assert [to_decimal(v or "") for v in row.values] == [Decimal(n) for n in figures]


@pytest.mark.parametrize(
    ("label", "metric"),
    [
        ("Revenues", "revenue"),
        ("Net sales", "revenue"),
        ("Nettoomsättning", "revenue"),
        ("Liikevaihto", "revenue"),
        ("Rörelseresultat", "operating_income"),
        ("Liikevoitto", "operating_income"),
        ("EBIT (loss)", "operating_income"),
        ("Operating result (IFRS)", "operating_income"),
        ("Earnings (loss) before financial items and income tax (EBIT)", "operating_income"),
        ("Profit before tax", "pretax_income"),
        ("Resultat efter finansiella poster", "pretax_income"),
        ("Income (loss) after financial items", "pretax_income"),
        ("Profit for the period", "net_income"),
        ("Profit/loss for the period", "net_income"),
        ("Income after tax", "net_income"),
        ("Net profit for the year", "net_income"),
        ("Tilikauden tulos", "net_income"),
        ("Periodens resultat", "net_income"),
        ("Basic earnings per share, SEK", "eps_basic"),
        ("Earnings (loss) per share, basic (SEK) ³⁾", "eps_basic"),
        ("EPS (basic), EUR", "eps_basic"),
        ("EPS (diluted), EUR", "eps_diluted"),
        ("Earnings per share, after dilution (SEK)", "eps_diluted"),
        ("Research and development expenses ¹⁾", "research_and_development"),
        ("Depreciation, amortization and impairment (see below)", "depreciation_and_amortization"),
        ("Depreciation, amortization and impairment losses", "depreciation_and_amortization"),
        ("– Depreciation/amortisation and impairment", "depreciation_and_amortization"),
        ("Avskrivningar och nedskrivningar", "depreciation_and_amortization"),
        ("Selling and administrative expenses ¹⁾", "selling_general_and_administrative"),
        ("Cost of good sold", "cost_of_revenue"),  # a typo in a report
        ("Cash and cash equivalents", "cash_and_equivalents"),
        ("Likvida medel", "cash_and_equivalents"),
        ("Total current liabilities", "current_liabilities"),
        ("Lyhytaikaiset velat yhteensä", "current_liabilities"),
        ("Equity attributable to owners of the parent", "equity_to_parent"),
        ("Goodwill", "goodwill"),
        ("Liikearvo", "goodwill"),
        ("Property, plant & equipment", "property_plant_equipment"),
        ("Net cash from investing activities", "investing_cash_flow"),
        ("Kassaflöde från finansieringsverksamheten", "financing_cash_flow"),
        ("Cashflow from operating activities", "operating_cash_flow"),
        ("Annual dividends paid", "dividends_paid"),
        ("Repurchase of own shares", "share_repurchases"),
        ("Order book at end of period", "order_book"),
        ("Orders received", "order_intake"),
        ("Rental income", "rental_income"),
        ("Förvaltningsresultat", "income_from_property_management"),
        ("Profit for the period attributable to owners of the parent", "net_income_to_parent"),
        ("Katsauskauden tulos", "net_income"),
        ("Bruttovoitto", "gross_profit"),
        ("Immateriella tillgångar", "intangible_assets"),
        ("Tilauskertymä", "order_intake"),
        ("Rahoituserät, netto", "net_financial_items"),
        ("Utdelning till moderbolagets aktieägare", "dividends_paid"),
        ("Investoinnit aineellisiin ja aineettomiin hyödykkeisiin", None),  # intangibles too
        ("Operative EBITDA", None),
        ("Adjusted operating profit", None),
        ("EPS excl. FV, EUR", None),
        ("Operating cash flow", None),  # an APM of its own in Nordic reports
        ("– as a percentage of revenues", None),
        ("Investments in intangible assets", None),  # not "tangible": no fuzzy match
        ("Repurchase and sales of own shares", None),  # net of sales
        ("Gross margin, %", None),
    ],
)
def test_labels_in_three_languages(label: str, metric: str | None) -> None:
    assert metric_for_label(label) == metric


def test_continuing_and_total_operations() -> None:
    assert normalize("Net profit, continuing operations").continuing
    total = normalize("Net result for the period from all operations incl. discontinued operations")
    assert total.total_operations and total.text == "net result for the period"


def test_a_line_that_states_both_eps() -> None:
    assert metrics_for_label("Earnings per share before and after dilution, SEK") == (
        "eps_basic",
        "eps_diluted",
    )
    assert metrics_for_label("Earnings per share") == ("eps_basic",)


def test_column_dates() -> None:
    q3 = Column("quarter", 2025, 7, 9)
    assert (str(q3.start), str(q3.end), q3.quarter) == ("2025-07-01", "2025-09-30", 3)
    assert str(Column("ytd", 2024, 1, 2).end) == "2024-02-29"
    assert str(Column("annual", 2023, 10, 9).start) == "2022-10-01"


def test_a_finer_printing_of_the_same_line_wins_but_not_a_neighbouring_line() -> None:
    # Ericsson Q3 2025: EBIT 15,151 SEK million in the statement, "15.2 b." in the summary.
    assert finer_printing(Decimal("15151000000"), Decimal("15200000000"))
    assert not finer_printing(Decimal("15200000000"), Decimal("15151000000"))
    # Tele2: net profit 3,361 (incl. discontinued operations) and 3,360 (continuing) are two
    # lines, not one printed twice.
    assert not finer_printing(Decimal("3361000000"), Decimal("3360000000"))
    assert not finer_printing(Decimal("15251000000"), Decimal("15200000000"))  # rounds to 15.3 b.
