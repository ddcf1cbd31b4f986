"""The table reader: units, period headers, rows with every kind of thousands separator."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from filings.ingest.nordic.labels import metric_for_label, metrics_for_label
from filings.ingest.nordic.tables import (
    Column,
    Unit,
    find_unit,
    read_columns,
    read_slots,
    split_row,
)


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("MSEK 2023 2022", Unit("SEK", 6)),
        ("SEK million Jul-Sep", Unit("SEK", 6)),
        ("SEK b.", Unit("SEK", 9)),
        ("EUR million Oct-Dec", Unit("EUR", 6)),
        ("MEUR", Unit("EUR", 6)),
        ("SEKm 2019", Unit("SEK", 6)),
        ("TSEK", Unit("SEK", 3)),
    ],
)
def test_units(text: str, unit: Unit) -> None:
    assert find_unit(text) == unit


def test_labelled_headers_pair_labels_with_years() -> None:
    tele2 = read_columns(
        "SEK million Jul-Sep 2025 Jul-Sep 2024 Jan-Sep 2025 Jan-Sep 2024 Full Year 2024"
    )
    assert [(c.kind, c.year, c.quarter) for c in tele2] == [
        ("quarter", 2025, 3),
        ("quarter", 2024, 3),
        ("ytd", 2025, 3),
        ("ytd", 2024, 3),
        ("annual", 2024, 4),
    ]
    kemira = read_columns("EUR million Oct-Dec Oct-Dec Jan-Dec Jan-Dec 2024 2023 2024 2023")
    assert [(c.kind, c.year) for c in kemira] == [
        ("quarter", 2024),
        ("quarter", 2023),
        ("annual", 2024),
        ("annual", 2023),
    ]
    balance = read_columns("MSEK Sep. 30, 2023 Sep. 30, 2022 Dec. 31, 2022")
    assert [(c.kind, str(c.end)) for c in balance] == [
        ("instant", "2023-09-30"),
        ("instant", "2022-09-30"),
        ("instant", "2022-12-31"),
    ]


def test_partly_labelled_headers_leave_the_period_to_the_document() -> None:
    columns = read_columns("January - September MSEK 2023 2022 2023 2022")
    assert [c.kind for c in columns] == ["bare"] * 4


def test_change_columns_are_slots_to_skip() -> None:
    header = (
        "SEK b. Q3 2025 Q3 2024 YoY change Q2 2025 QoQ change Jan-Sep 2025 Jan-Sep 2024 YoY change"
    )
    slots = read_slots(header)
    assert slots == [True, True, False, True, False, True, True, False]
    label, values = split_row("EBIT (loss) 15.2 5.8 162% 6.4 137% 27.5 -3.6 -", 5, slots=slots) or (
        "",
        [],
    )
    assert label == "EBIT (loss)"
    assert values == [
        Decimal("15.2"),
        Decimal("5.8"),
        Decimal("6.4"),
        Decimal("27.5"),
        Decimal("-3.6"),
    ]


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
    ],
)
def test_rows(line: str, columns: int, values: list[str]) -> None:
    parsed = split_row(line, columns)
    assert parsed is not None
    assert parsed[1] == [Decimal(v) for v in values]


@given(st.lists(st.integers(min_value=1_000, max_value=9_999_999), min_size=2, max_size=5))
def test_space_separated_thousands_round_trip(numbers: list[int]) -> None:
    # Comparison figures of one row are of a similar size, as in reports.
    base = numbers[0]
    figures = [base + (n % max(base // 10, 1)) for n in numbers]
    line = "Revenues " + " ".join(f"{n:,}".replace(",", " ") for n in figures)
    parsed = split_row(line, len(figures))
    assert parsed is not None and parsed[1] == [Decimal(n) for n in figures]


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
        ("Profit before tax", "pretax_income"),
        ("Resultat efter finansiella poster", "pretax_income"),
        ("Profit for the period", "net_income"),
        ("Net profit for the year", "net_income"),
        ("Basic earnings per share, SEK", "eps_basic"),
        ("Earnings per share, after dilution (SEK)", "eps_diluted"),
        ("Orders received", "order_intake"),
        ("Total assets", "total_assets"),
        ("Operative EBITDA", None),
        ("Adjusted operating profit", None),
        ("– as a percentage of revenues", None),
    ],
)
def test_labels_in_three_languages(label: str, metric: str | None) -> None:
    assert metric_for_label(label) == metric


def test_a_line_that_states_both_eps() -> None:
    assert metrics_for_label("Earnings per share before and after dilution, SEK") == (
        "eps_basic",
        "eps_diluted",
    )
    assert metrics_for_label("Earnings per share") == ("eps_basic",)
    assert metrics_for_label("Owners of the Parent Company") == ("net_income_to_parent",)


def test_column_dates() -> None:
    q3 = Column("quarter", 2025, 7, 9)
    assert (str(q3.start), str(q3.end), q3.quarter) == ("2025-07-01", "2025-09-30", 3)
    assert str(Column("ytd", 2024, 1, 2).end) == "2024-02-29"


def test_a_finer_printing_of_the_same_line_wins_but_not_a_neighbouring_line() -> None:
    from decimal import Decimal

    from filings.ingest.nordic.figures import finer_printing

    # Ericsson Q3 2025: EBIT 15,151 SEK million in the statement, "15.2 b." in the summary.
    assert finer_printing(Decimal("15151000000"), Decimal("15200000000"))
    assert not finer_printing(Decimal("15200000000"), Decimal("15151000000"))
    # Tele2: net profit 3,361 (incl. discontinued operations) and 3,360 (continuing) are two
    # lines, not one printed twice.
    assert not finer_printing(Decimal("3361000000"), Decimal("3360000000"))
    assert not finer_printing(Decimal("15251000000"), Decimal("15200000000"))  # rounds to 15.3 b.
