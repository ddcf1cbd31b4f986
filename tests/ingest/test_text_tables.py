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
        ("2024", "2024"),  # a year alone: its period is the document's to say
        ("FY 2024", "FY 2024"),
        ("1-12/2024", "FY 2024"),
        ("10-12/24", "Oct-Dec 2024"),
        ("7-9/2025", "Jul-Sep 2025"),
        ("Change % Q4/24--Q4/23", None),
        ("10/2022–9/2023", "10/2022-9/2023"),
        ("Oct-Dec 2024", "Q4 2024"),
        ("31.12.2024", "2024-12-31"),
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
    assert header == "EUR million\t\tQ4 2024 2024 2023"  # title, then the periods
    assert rows == [  # a row's cells stay apart
        "Sales\t2,322\t9,049\t9,396",
        "Net result for the period\t-379\t-183\t-",
        "Adjusted EBIT margin\t5.2%\t6.6%\t3.6%",
    ]
    assert [(c.kind, c.year, c.quarter) for c in read_columns(header.split("\t\t")[1])] == [
        ("quarter", 2024, 4),
        ("bare", 2024, 4),
        ("bare", 2023, 4),
    ]


def test_a_new_column_rule_starts_a_new_table() -> None:
    lines = [line for line in flatten_text_tables(TWO_TABLES) if line]
    assert lines == [
        "By segment EUR million\t\tQ4 2024 2024",
        "Europe\t-32\t58",
        "Group EUR million\t\tQ4 2024 2024",
        "Total EBITDA\t-12\t162",
    ]


def test_a_simple_table_has_a_row_per_line() -> None:
    lines = [line for line in flatten_text_tables(SIMPLE) if line]
    assert lines == [
        "EUR million\t\tFY 2024 Oct-Dec 2024",
        "Sales\t5,942\t1,405",
        "EBITDA\t162\t-12",
    ]


PIPE = """| EUR million | 10–12/2024 | 10–12/2023 | Change% | 10/2023–12/2024 | 10/2022–9/2023 |
| --- | --- | --- | --- | --- | --- |
| Net sales | 122.2 | 115.7 | 5.6% | 560.6 | 425.7 |
| Cash flow from operating activities | 3.5 | 13,8 | -74.8% |  | 16.3 |
"""

YEARS_BELOW = """| EUR million | Oct-Dec | Oct-Dec | Jan-Dec | Jan-Dec |
| --- | --- | --- | --- | --- |
| 2024 | 2023 | 2024 | 2023 |
| Revenue | 723.7 | 808.8 | 2,948.1 | 3,383.7 |
"""


def test_a_pipe_table_keeps_period_columns_only() -> None:
    lines = [line for line in flatten_text_tables(PIPE) if line]
    # the change column and the fifteen-month year go; the financial year to September stays
    assert lines[0] == "EUR million\t\tQ4 2024 Q4 2023 10/2022-9/2023"
    assert lines[1:] == [
        "Net sales\t122.2\t115.7\t425.7",
        "Cash flow from operating activities\t3.5\t13,8\t16.3",
    ]


def test_a_row_of_years_completes_the_labels_above_it() -> None:
    lines = [line for line in flatten_text_tables(YEARS_BELOW) if line]
    assert lines == [
        "EUR million\t\tQ4 2024 Q4 2023 FY 2024 FY 2023",
        "Revenue\t723.7\t808.8\t2,948.1\t3,383.7",
    ]


def test_text_outside_fences_and_fenced_prose_pass_through() -> None:
    text = "Intro line\n```\njust code, no table\n```\nOutro"
    assert flatten_text_tables(text) == ["Intro line", "just code, no table", "Outro"]
