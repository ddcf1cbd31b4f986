"""Plain-text (pandoc) tables of wire releases, flattened for the figure reader."""

from __future__ import annotations

import pytest

from filings.ingest.nordic.tables import read_columns
from filings.ingest.nordic.text_tables import flatten_text_tables, period_header

MULTILINE = """Key figures

```
EUR                Change %
million     Q4/24  Q4/24--Q4/23  2024    2023
----------  -----  ------------  ------  ------
Sales       2,322  6.8 %         9,049   9,396
----------  -----  ------------  ------  ------
Net result
 for the
 period      -379  -16.5 %       -183    --
----------  -----  ------------  ------  ------
Adjusted
 EBIT
 margin     5.2 %                6.6 %   3.6 %
----------  -----  ------------  ------  ------
```
"""

TWO_TABLES = """```
By segment EUR million   Q4/24  2024
-----------------------  -----  ----
Europe                     -32    58
-----------------------  -----  ----

Group EUR million                Q4/24  2024
-------------------------------  -----  ----
Total EBITDA                       -12   162
-------------------------------  -----  ----
```"""

SIMPLE = """```
EUR million  1-12/2024  10-12/2024
-----------  ---------  ----------
Sales            5,942       1,405
EBITDA             162         -12
```"""


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("Q4/24", "Q4 2024"),
        ("Q3/2025", "Q3 2025"),
        ("2024", "FY 2024"),
        ("1-12/2024", "FY 2024"),
        ("10-12/24", "Oct-Dec 2024"),
        ("7-9/2025", "Jul-Sep 2025"),
        ("Change % Q4/24--Q4/23", None),
        ("Change %", None),
        ("12-1/2024", None),
        ("", None),
    ],
)
def test_period_headers(cell: str, expected: str | None) -> None:
    assert period_header(cell) == expected


def test_a_multiline_table_drops_change_columns_and_joins_wrapped_labels() -> None:
    lines = flatten_text_tables(MULTILINE)
    assert lines[0] == "Key figures"
    header, *rows = [line for line in lines[1:] if line]
    assert header == "EUR million Q4 2024 FY 2024 FY 2023"
    assert rows == [
        "Sales 2,322 9,049 9,396",
        "Net result for the period -379 -183 -",
        "Adjusted EBIT margin 5.2% 6.6% 3.6%",
    ]
    assert [(c.kind, c.year, c.quarter) for c in read_columns(header)] == [
        ("quarter", 2024, 4),
        ("annual", 2024, 4),
        ("annual", 2023, 4),
    ]


def test_a_new_column_rule_starts_a_new_table() -> None:
    lines = [line for line in flatten_text_tables(TWO_TABLES) if line]
    assert lines == [
        "By segment EUR million Q4 2024 FY 2024",
        "Europe -32 58",
        "Group EUR million Q4 2024 FY 2024",
        "Total EBITDA -12 162",
    ]


def test_a_simple_table_has_a_row_per_line() -> None:
    lines = [line for line in flatten_text_tables(SIMPLE) if line]
    assert lines == [
        "EUR million FY 2024 Oct-Dec 2024",
        "Sales 5,942 1,405",
        "EBITDA 162 -12",
    ]


def test_text_outside_fences_and_fenced_prose_pass_through() -> None:
    text = "Intro line\n```\njust code, no table\n```\nOutro"
    assert flatten_text_tables(text) == ["Intro line", "just code, no table", "Outro"]
