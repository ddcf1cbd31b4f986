"""A US annual report's key figures read from its printed income statement: revenue, operating
income and net income of its fiscal year, for the profile's overview where no figures are
stored for the company (a 10-K in PDF added by manifest: EDGAR's filings and inline-XBRL reports
give tagged figures, Nordic reports their own reader's).

The statement is found by its caption as a line of its own ("CONSOLIDATED STATEMENTS OF
OPERATIONS", "Consolidated Statements of Earnings", "... of Income", "... of Operations and
Comprehensive Income", with the issuer's name or a colon after it), never the index's line with
its page number nor a sentence naming it. Under the caption, within a few lines: the unit ("in
thousands", "dollars in millions", "$ and shares in millions") and the years, one per value
column ("2017 2016 2015"; "January 28, 2023 January 29, 2022 ..."). Then its rows: revenue
(the total where the statement prints parts first: "Total Operating Revenues"), operating
income ("Operating income", "Income from operations", "Operating profit") and net income
("Net income", "Net earnings", else the line attributable to the issuer). The value is the
column of the filing's fiscal year. A statement without a unit in dollars, without a year per
column or without that year, or whose rows do not have one value per year, gives nothing: the
figure is left out, never guessed. An unlabelled line under a heading without values totals it
(MGM's revenues). Of several statements read (a five-year summary in Item 6 and the statement
in Item 8; a subgroup's in the notes), the one giving most figures, then the largest revenue,
then the later.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from filings.companies.geography_periods import YEAR
from filings.companies.geography_tables import DocumentLine, document_lines, unglued, value_row

_CAPTION = re.compile(
    r"^(the\s+)?consolidated\s+statements?\s+of\s+(operations|income|earnings)"
    r"(\s+and\s+comprehensive\s+(income|loss|earnings))?(\s*\((loss|income)\))?\s*:?"
    r"(?P<rest>.*)$",
    re.IGNORECASE,
)
_UNIT = re.compile(r"\bin\s+(thousands|millions|billions)\b", re.IGNORECASE)
_SCALE = {"thousands": 3, "millions": 6, "billions": 9}
HEADER_LINES = 12  # header lines under the caption (AMD: a date and a year a line each)
STATEMENT_LINES = 45  # the rows read under the header
# "income", "(loss)", "(loss)/income", "earnings (loss)": a result however it is signed
_RESULT = r"(\(?(income|earnings|loss|profit)\)?(\s*/\s*|\s+)?)+"
_METRICS = {
    "revenue": re.compile(
        r"^(total\s+)?(net\s+)?(operating\s+)?(revenues?|sales)(,?\s+net)?$", re.IGNORECASE
    ),
    "operating_income": re.compile(
        rf"^(total\s+)?(operating\s+{_RESULT}|{_RESULT}from\s+operations)$", re.IGNORECASE
    ),
    "net_income": re.compile(
        rf"^(consolidated\s+)?net\s+{_RESULT}(attributable\s+to\s+(?P<to>.+))?$|"
        # the group's, named with what it includes ("Net earnings, including earnings
        # attributable to redeemable and noncontrolling interests")
        r"^net\s+(income|earnings),?\s+including\b.*\b(non-?controlling|minority)\b.*$",
        re.IGNORECASE,
    ),
}
_ATTRIBUTED = ("net income attributable", "net earnings attributable", "net loss attributable")
_NONCONTROLLING = re.compile(r"non-?controlling|minority", re.IGNORECASE)


@dataclass(frozen=True)
class StatementFigure:
    """A key figure as the income statement prints it, in units of its currency."""

    metric_key: str
    name: str  # the line as printed
    fiscal_year: int
    value: Decimal
    currency: str
    page_id: str
    page_number: int | None


def read_statement_figures(
    pages: list[tuple[str, int | None, str]], fiscal_year: int | None
) -> list[StatementFigure]:
    """The key figures of a report's income statement for `fiscal_year` (else the newest year
    it prints), in the order revenue, operating income, net income; none where unsure."""
    lines = [part for line in document_lines(pages) for part in unglued(line)]
    best: list[StatementFigure] = []
    for index, line in enumerate(lines):
        caption = _CAPTION.match(line.text)
        if caption is None or (caption["rest"].strip() and not _caption_rest(caption["rest"])):
            continue
        found = _statement(lines, index, fiscal_year)
        if found and _rank(found) >= _rank(best):
            best = found
    return best


def _rank(found: list[StatementFigure]) -> tuple[int, Decimal]:
    """Most figures, then the largest revenue: the whole group's statement, not a subgroup's
    (Amcor's Deed of Cross Guarantee group) printed later."""
    revenue = next((f.value for f in found if f.metric_key == "revenue"), Decimal(0))
    return len(found), revenue


def _caption_rest(rest: str) -> bool:
    """What may follow a caption on its line: the issuer's name in capitals, a unit in brackets
    ("(in millions, except per share data)"), never a page number or prose."""
    text = rest.strip()
    return bool(re.fullmatch(r"[A-Z0-9 ,.&'\u2019\-]+", text) or re.fullmatch(r"\(.*\)", text))


def _statement(
    lines: list[DocumentLine], caption: int, fiscal_year: int | None
) -> list[StatementFigure]:
    header: list[str] = [lines[caption].text]
    start = caption + 1
    while start < min(len(lines), caption + 1 + HEADER_LINES):
        row = value_row(lines[start])
        if row is not None and row.label:
            break
        header.append(lines[start].text)
        start += 1
    else:
        return []
    heading = " ".join(header)
    unit = _UNIT.search(heading) or _UNIT.search(lines[caption - 1].text if caption else "")
    years = [int(y) for y in YEAR.findall(" ".join(header[1:]) or heading)]
    if unit is None or not years or len(set(years)) != len(years):
        return []
    wanted = fiscal_year if fiscal_year is not None else max(years)
    if wanted not in years:
        return []
    column = years.index(wanted)
    rows = []
    # a line naming the rows below it ("Revenues"), the header's last where it is no header's
    last = header[-1]
    heading_line = None if YEAR.search(last) or _UNIT.search(last) else last.strip().rstrip(":")
    for line in lines[start : start + STATEMENT_LINES]:
        if _CAPTION.match(line.text):
            break
        row = value_row(line)
        if row is None:
            heading_line = line.text.strip().rstrip(":")
            continue
        label = row.label or heading_line  # an unlabelled line totals the rows under a heading
        if row.label[:1].islower() and heading_line:
            label = f"{heading_line} {row.label}"  # a label wrapped onto the line of its values
        if not row.label or row.label[:1].islower():
            heading_line = None
        if not label or len(row.tokens) != len(years):
            continue
        rows.append((label, row.tokens[column], line, row.dollars))
    in_dollars = "$" in heading or "dollar" in heading.lower()
    if not in_dollars and not any(dollars for _, _, _, dollars in rows):
        return []
    scale = _SCALE[unit.group(1).lower()]
    out = []
    for key, pattern in _METRICS.items():
        matched = [r for r in rows if (m := pattern.match(r[0])) and not _excluded(key, m)]
        chosen = _chosen(key, matched)
        if chosen is None:
            continue
        label, token, line, _ = chosen
        value = _amount(token)
        if value is None:
            continue
        out.append(
            StatementFigure(
                key, label, wanted, value.scaleb(scale), "USD", line.page_id, line.page_number
            )
        )
    return out


def _excluded(key: str, match: re.Match[str]) -> bool:
    return key == "net_income" and bool(match["to"] and _NONCONTROLLING.search(match["to"]))


def _chosen(
    key: str, matched: list[tuple[str, str, DocumentLine, bool]]
) -> tuple[str, str, DocumentLine, bool] | None:
    """The statement's line of a metric: revenue's total where it prints one, the first net
    income not attributed to anyone (the whole group's), else the first."""
    if not matched:
        return None
    if key == "revenue":
        totals = [r for r in matched if r[0].lower().startswith("total")]
        return (totals or matched)[0]
    if key == "net_income":
        whole = [r for r in matched if not r[0].lower().startswith(_ATTRIBUTED)]
        return (whole or matched)[0]
    return matched[0]


def _amount(token: str) -> Decimal | None:
    """A printed amount: "1,419", "(35)" negative, a dash none."""
    text = token.replace(",", "").replace("$", "")
    negative = text.startswith("(") and text.endswith(")")
    text = text.strip("()")
    if not re.fullmatch(r"-?\d+(\.\d+)?", text):
        return None
    value = Decimal(text)
    return -value if negative else value
