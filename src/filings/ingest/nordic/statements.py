"""Tables of a report page: where each starts (a header naming periods), its unit, its title,
its lines with the headings above them, and which statement it is.

A table's kind comes from its lines (an income statement has revenue, operating profit and
tax lines; a balance sheet total assets and equity; a cash-flow statement the three activity
totals), and its title says whether it is the group's statement (`Consolidated balance
sheet`), a key-figure table, or a table never to read figures from: the parent company's,
a segment's, a business area's, a note's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from filings.ingest.nordic.labels import lookup, normalize
from filings.ingest.nordic.periods import header_items, month_number
from filings.ingest.nordic.tables import (
    DASHES,
    Layout,
    Unit,
    clean_spaces,
    decimal_mark,
    find_unit,
    header_layout,
    line_tokens,
    split_row,
    to_decimal,
)
from filings.ingest.nordic.text_tables import CELL, HEADER_MARK

MAX_HEADER_LINES = 30
MAX_TITLE_LINES = 4
TITLE_LENGTH = 110
MAX_GAP = 3

INCOME, COMPREHENSIVE, BALANCE, CASH_FLOW = "income", "comprehensive", "balance", "cash_flow"
EQUITY_CHANGES, KEY_FIGURES, OTHER = "equity_changes", "key_figures", "other"

_EXCLUDED = re.compile(
    r"parent company|moderbolag|emoyhtiö|holding company|segment|business area|business line|"
    r"affärsområde|rörelsesegment|liiketoiminta-alue|liiketoiminta-alueet|division|divisions|"
    r"market area|per region|by region|by country|by market|per country|geographical|"
    r"operating segments|by product|by customer|by business|discontinued|avvecklad|lopetet",
    re.I,
)
_NOTE_TITLE = re.compile(r"^\s*(?:note|not|liitetieto|liite)\s+\d+(?![^.]*\.\s*$)", re.I)
_PARENT_PAGE = re.compile(
    r"^(?:the )?(?:parent company|moderbolaget|moderbolag|emoyhtiö|emoyhtiön)\b.{0,40}$", re.I
)
_GROUP_TITLE = re.compile(r"consolidated|group|koncern|konserni", re.I)
_STATEMENT = {
    INCOME: re.compile(
        r"income statement|statement of (?:comprehensive )?income|statement of profit or loss|"
        r"profit and loss statement|statement of profit and loss|resultaträkning|"
        r"totalresultat|tuloslaskelma",
        re.I,
    ),
    BALANCE: re.compile(
        r"balance sheet|statement of financial position|balansräkning|finansiell ställning|"
        r"\btase\b|taseen|konsernitase",
        re.I,
    ),
    CASH_FLOW: re.compile(
        r"cash[- ]?flow statement|statement of cash[- ]?flows?|statement of cash flow|"
        r"kassaflödesanalys|kassaflödesrapport|kassaflödesräkning|rahavirtalaskelma",
        re.I,
    ),
    EQUITY_CHANGES: re.compile(
        r"changes in (?:shareholders' )?equity|förändringar? i eget kapital|"
        r"oman pääoman muutos",
        re.I,
    ),
}
_NOT_STATEMENT = re.compile(
    r"analysis of|reconciliation|bridge|alternative performance|non-ifrs|apm|"
    r"excluding|adjusted|proforma|pro forma|by quarter|quarterly data",
    re.I,
)
_KEY_FIGURES = re.compile(
    r"key figures|key ratios|key financial|financial key|highlights|in brief|summary|"
    r"overview|nyckeltal|nyckeltalen|tunnusluvut|avainluvut|keskeiset|sammanfattning|"
    r"five[- ]year|multi[- ]year|ten[- ]year|group figures|the group|koncernen i sammandrag|"
    r"konserni lyhyesti|results? in brief|financial information|financial performance",
    re.I,
)
_RECONCILIATION = re.compile(
    r"alternative performance|non-ifrs|compared with (?:the )?financial statements|"
    r"reconciliation of|reconciliation to|avstämning|täsmäytys",
    re.I,
)
_CONTINUING = re.compile(r"continuing operations|kvarvarande verksamhet|jatkuvat toiminnot", re.I)
_HEADER_WORDS = re.compile(
    r"\b(?:notes?|not|liite|change|changes|chg|yoy|qoq|organic|growth|förändring|förändr|muutos|"
    r"isolated|quarters?|quarterly|group|koncernen|konserni|amounts|belopp|in|i|of|unaudited|"
    r"audited|reported|restated|million|millions|thousands?|sek|eur|nok|dkk|usd|msek|meur|"
    r"tsek|teur|ksek|mkr|tkr|euroa|milj|and|or|as|at|end|period|periods|months|ended|per|"
    r"ifrs|condensed|total|actual|outcome|utfall|kvartal|tot|ytd|m|bn|b|mn|euro|euros|"
    r"kronor|tusen|tuhatta|miljoner|miljoonaa|mdkr|jan|full|year|years|helår|koko|vuosi)\b",
    re.I,
)

_WORD = re.compile(r"[A-Za-zÅÄÖåäö]{3,}")
_HEADER_VOCABULARY = frozenset(
    [
        *re.findall(r"[a-zåäö]{3,}", _HEADER_WORDS.pattern.lower()),
        "note",
        "notes",
        "not",
        "liite",
        "full",
        "year",
        "helår",
        "helåret",
        "koko",
        "vuosi",
        "tilikausi",
        "rolling",
        "months",
        "month",
        "rullande",
        "liukuva",
        "ltm",
        "last",
        "twelve",
        "quarter",
        "quarters",
        "msek",
        "meur",
        "mnok",
        "tsek",
        "teur",
        "ksek",
        "sekm",
        "eurm",
        "nokm",
        "sekbn",
        "mkr",
        "tkr",
        "mdkr",
        "euroa",
        "milj",
        "miljoner",
        "miljoonaa",
        "tuhatta",
        "tusen",
        "thousand",
        "thousands",
        "billion",
        "billions",
        "miljarder",
        "mrd",
        "kronor",
        "euros",
    ]
)

HOME = {
    INCOME: frozenset(
        {
            "revenue",
            "cost_of_revenue",
            "gross_profit",
            "operating_income",
            "pretax_income",
            "income_tax",
            "net_income",
            "eps_basic",
            "eps_diluted",
            "research_and_development",
            "selling_general_and_administrative",
            "net_financial_items",
            "rental_income",
            "net_operating_income",
            "income_from_property_management",
            "property_value_changes",
        }
    ),
    BALANCE: frozenset(
        {
            "total_assets",
            "equity",
            "current_assets",
            "current_liabilities",
            "total_liabilities",
            "goodwill",
            "property_plant_equipment",
            "equity_to_parent",
            "investment_properties",
        }
    ),
    CASH_FLOW: frozenset({"operating_cash_flow", "investing_cash_flow", "financing_cash_flow"}),
}
_COMPREHENSIVE = re.compile(r"comprehensive income|totalresultat|laaja tulos", re.I)
_EQUITY_ROWS = re.compile(
    r"opening balance|closing balance|balance at|ingående|utgående|oma pääoma 1\.1|"
    r"oma pääoma 31\.12",
    re.I,
)
_CASH_ROWS = re.compile(
    r"cash and cash equivalents at (?:the )?(?:beginning|end)|cash and cash equivalents, "
    r"(?:beginning|end)|net (?:change|increase|decrease) in cash|cash flow for the (?:period|year)|"
    r"likvida medel vid periodens|rahavarat kauden",
    re.I,
)
_KNOWN_SECTIONS = re.compile(
    r"^(?:total )?(?:non-?current assets|fixed assets|current assets|equity|"
    r"shareholders' equity|non-?current liabilities|long-term liabilities|current liabilities|"
    r"short-term liabilities|anläggningstillgångar|omsättningstillgångar|eget kapital|"
    r"långfristiga skulder|kortfristiga skulder|pitkäaikaiset varat|lyhytaikaiset varat|"
    r"oma pääoma|pitkäaikaiset velat|lyhytaikaiset velat)$",
    re.I,
)


@dataclass
class Line:
    """A line of a table: its label (a heading's, for a subtotal printed without one), the
    printed value of each column, and the headings above it."""

    label: str
    values: list[str | None]
    headings: tuple[str, ...]
    position: int
    unlabelled: bool = False


@dataclass
class Table:
    """A table of a page."""

    page: int
    header: str
    layout: Layout
    unit: Unit | None
    titles: list[str]
    lines: list[Line] = field(default_factory=list)
    kind: str = OTHER
    statement: bool = False  # titled as the group's statement
    excluded: bool = False
    key_figures: bool = False
    continuing: bool = False
    reconciliation: bool = False  # an alternative performance measure's reconciliation

    @property
    def title(self) -> str:
        """The title lines above the header, joined."""
        return " / ".join(self.titles)


def page_lines(text: str) -> list[str]:
    """The non-empty lines of a page, spaces made plain."""
    out = []
    for line in text.split("\n"):
        cleaned = clean_spaces(line).replace("\ufffe", "").replace("\u00ad", "")
        if CELL not in cleaned:
            cleaned = re.sub(r" {2,}", " ", cleaned)
        if cleaned.strip():
            out.append(cleaned.rstrip() if CELL in cleaned else cleaned.strip())
    return out


def _header_like(line: str, start: bool = True) -> bool:
    """Whether a line holds only period labels, years, units and column words; a line that
    starts a header names a period or a unit, one that continues it may hold words alone."""
    if CELL in line or len(line) > 300:
        return False
    for word in _WORD.findall(line):  # a word no header prints: prose or a row label
        lowered = word.lower()
        if lowered not in _HEADER_VOCABULARY and month_number(lowered) is None:
            return False
    items = header_items(line)
    rest = line
    for item in sorted(items, key=lambda i: -i.position):
        rest = rest[: item.position] + " " + rest[item.end :]
    rest = _HEADER_WORDS.sub(" ", rest)
    if re.search(r"[A-Za-zÅÄÖåäö]{3,}", rest):
        return False
    if re.search(r"\d", rest):
        return False
    return bool(items) or find_unit(line) is not None or not start


def _is_row(line: str) -> bool:
    if CELL in line:
        return True
    tail = line_tokens(line)[1]
    return bool(tail) and any(t not in DASHES for t in tail)


def _titles(lines: list[str], start: int) -> list[str]:
    """Short lines right above a header, nearest last, up to the previous table's rows."""
    found: list[str] = []
    cursor = start - 1
    while cursor >= 0 and len(found) < MAX_TITLE_LINES:
        line = lines[cursor]
        if _is_row(line) and not _header_like(line):
            break
        if _prose(line):
            break  # prose above the table
        if not line.startswith(("•", "* ", "- ")):
            found.insert(0, line)
        cursor -= 1
    return found


_PROSE_END = re.compile(
    r"(?:\b(?:of|the|and|to|in|a|an|by|for|with|as|at|on|from|was|were|is)|,)$", re.I
)


def _prose(line: str) -> bool:
    """Whether a line is (part of) running text rather than a title."""
    text = line.strip()
    if (
        len(text) > TITLE_LENGTH
        or (text[:1].islower() and len(text) > 40)
        or _PROSE_END.search(text)
    ):
        return True
    if text.endswith((".", ";")) or re.search(r"\w\. [A-Z]", text):
        return True
    return bool(re.search(r"\(\s*[-−–]?\d|\d\s*%|\b(?:SEK|EUR|MSEK|MEUR) [-−–]?\d", text))


def find_tables(page: str, number: int, fallback_year: int | None) -> list[Table]:
    """Every table of a page whose header names periods."""
    lines = page_lines(page)
    parent_page = _parent_page(lines)
    tables: list[Table] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if HEADER_MARK in line:
            title, _, header = line.partition(HEADER_MARK)
            block_end = index + 1
            titles = [*_titles(lines, index), title]
        elif _header_like(line):
            block_end = _block_end(lines, index)
            index = _header_start(lines, index, block_end, fallback_year)
            header = " ".join(lines[index:block_end])
            titles = _titles(lines, index)
        else:
            index += 1
            continue
        layout = header_layout(header, fallback_year)
        if layout is None or not any(c is not None for c in layout.periods):
            index = max(block_end, index + 1)
            continue
        unit = find_unit(header) or _title_unit(titles)
        table = Table(number, header, layout, unit, titles)
        note_page = any(_NOTE_TITLE.match(line) for line in lines[:index])
        index = max(_read_lines(table, lines, block_end, fallback_year), index + 1)
        if table.lines:
            classify(table)
            if (parent_page or note_page) and not _GROUP_TITLE.search(table.title):
                table.excluded = True
            if note_page:
                table.excluded = True
            tables.append(table)
    return tables


def _parent_page(lines: list[str]) -> bool:
    """Whether a page is the parent company's: a heading saying so, on a line of its own or
    across the page's first lines."""
    if any(len(line) <= 60 and _PARENT_PAGE.match(line) for line in lines):
        return True
    opening = " ".join(lines[:4])
    return bool(
        re.search(r"^(?:\S+\s+){0,12}?(?:parent company|moderbolaget|emoyhtiö)\b", opening, re.I)
    ) and not _GROUP_TITLE.search(opening)


def _header_start(lines: list[str], start: int, end: int, fallback_year: int | None) -> int:
    """Where a header block really starts: a line of labels left over from the table above
    (its column labels printed after its rows) is not part of the next header."""
    for first in range(start, end):
        layout = header_layout(" ".join(lines[first:end]), fallback_year)
        if layout is not None and all(c is None or c.kind != "bare" for c in layout.periods):
            return first
    return start


def _title_unit(titles: list[str]) -> Unit | None:
    for title in reversed(titles):
        unit = find_unit(title)
        if unit is not None:
            return unit
    return None


_CONNECTOR = re.compile(r"(?:\b(?:to|and|of|for|from|in|on|the|och|av|ja|sekä)|[,\-–/(])$", re.I)


def _read_lines(table: Table, lines: list[str], start: int, year: int | None = None) -> int:
    """The lines of a table from `start`; the index of the first line after it."""
    columns = len(table.layout.periods)
    headings: list[str] = []
    pending = ""
    gap = 0
    cursor = start
    while cursor < len(lines):
        line = lines[cursor]
        if HEADER_MARK in line or (_header_like(line) and _starts_table(lines, cursor, year)):
            break
        row = _row(line, table.layout, columns)
        if row is None:
            text = line.strip()
            if line_tokens(line)[1]:
                cursor += 1  # a line of values this table's columns do not fit (percentages)
                continue
            if CELL in line or len(text) > TITLE_LENGTH or text.endswith((".", "!", "?")):
                gap += 1
                pending = ""
            else:
                if pending and (_CONNECTOR.search(pending) or text[:1].islower()):
                    if headings and headings[-1] == pending:
                        headings.pop()
                    pending = f"{pending} {text}"
                else:
                    pending = text
                    headings.append(text)
                gap += 1 if table.lines else 0
            if gap > MAX_GAP and table.lines:
                break
            cursor += 1
            continue
        gap = 0
        label, values = row
        unlabelled = not label
        if unlabelled and pending and not _KNOWN_SECTIONS.match(pending):
            label, unlabelled = pending, False  # the label was printed above its values
            if headings and headings[-1] == pending:
                headings.pop()
        elif unlabelled:
            label = _closed_section(table, headings, values)
        elif pending and (_CONNECTOR.search(pending) or label[:1].islower()):
            if headings and headings[-1] == pending:
                headings.pop()
            label = f"{pending} {label}"
        pending = ""
        if label:
            table.lines.append(
                Line(label, values, tuple(headings), len(table.lines), unlabelled=unlabelled)
            )
        cursor += 1
    return cursor


def _block_end(lines: list[str], index: int) -> int:
    """The end of a header block starting at `index`: lines of periods, units and column
    words (`YoY`, `change`)."""
    end = index + 1
    while (
        end < len(lines)
        and _header_like(lines[end], start=False)
        and end - index < MAX_HEADER_LINES
    ):
        end += 1
    return end


def _starts_table(lines: list[str], index: int, fallback_year: int | None = None) -> bool:
    """Whether a header block starts at `index` (or a line or two below it, after labels
    left over from the table above)."""
    end = _block_end(lines, index)
    for first in range(index, end):
        layout = header_layout(" ".join(lines[first:end]), fallback_year)
        if layout is not None and any(c is not None for c in layout.periods):
            return True
    return False


def _row(line: str, layout: Layout, columns: int) -> tuple[str, list[str | None]] | None:
    if CELL in line:
        label, *cells = line.split(CELL)
        row = split_row(label.strip(), layout, columns, cells=cells)
    else:
        row = split_row(line, layout, columns)
    if row is None:
        return None
    return row.label, row.values


def _closed_section(table: Table, headings: list[str], values: list[str | None]) -> str:
    """The heading whose lines an unlabelled subtotal adds up (`Current assets`), or ''.
    Only a known balance-sheet section counts; the heading is closed."""
    first = values[0]
    if first is None:
        return ""
    total = to_decimal(first)
    if total is None:
        return ""
    for depth in range(len(headings) - 1, -1, -1):
        heading = headings[depth]
        rows = [
            line
            for line in table.lines
            if not line.unlabelled and heading in line.headings and line.values[0] is not None
        ]
        added = sum((to_decimal(r.values[0] or "0") or Decimal(0) for r in rows), Decimal(0))
        if rows and abs(added - total) <= len(rows) and _KNOWN_SECTIONS.match(heading.strip()):
            del headings[depth:]
            return heading
    return ""


def _content(table: Table) -> dict[str, int]:
    counts = {INCOME: 0, BALANCE: 0, CASH_FLOW: 0, COMPREHENSIVE: 0, EQUITY_CHANGES: 0}
    for line in table.lines:
        key = lookup(normalize(line.label).text)
        for kind, keys in HOME.items():
            if key in keys:
                counts[kind] += 1
        if _COMPREHENSIVE.search(line.label):
            counts[COMPREHENSIVE] += 1
        if _EQUITY_ROWS.search(line.label):
            counts[EQUITY_CHANGES] += 1
        if _CASH_ROWS.search(line.label):
            counts[CASH_FLOW] += 1
    return counts


def classify(table: Table) -> None:
    """Set a table's kind from its lines, and from its title whether it is the group's
    statement, a key-figure table or one never read (parent company, segment, note)."""
    title = " ".join([*table.titles, table.header])
    table.excluded = bool(_EXCLUDED.search(" ".join(table.titles))) or any(
        _NOTE_TITLE.match(t) for t in table.titles
    )
    table.continuing = bool(_CONTINUING.search(" ".join(table.titles)))
    counts = _content(table)
    keys = {lookup(normalize(line.label).text) for line in table.lines}
    activities = len(keys & {"operating_cash_flow", "investing_cash_flow", "financing_cash_flow"})
    if counts[EQUITY_CHANGES] >= 2:
        table.kind = EQUITY_CHANGES
    elif activities >= 2 and counts[BALANCE] <= 1:
        table.kind = CASH_FLOW
    elif (
        "total_assets" in keys
        and keys & {"equity", "equity_to_parent", "current_assets"}
        and counts[INCOME] <= 1
    ):
        table.kind = BALANCE
    elif counts[COMPREHENSIVE] and counts[INCOME] < 3 and not counts[BALANCE]:
        table.kind = COMPREHENSIVE
    else:
        strong = [k for k in (INCOME, BALANCE, CASH_FLOW) if counts[k] >= 2]
        if len(strong) == 1 and all(
            counts[k] <= 1 for k in (INCOME, BALANCE, CASH_FLOW) if k != strong[0]
        ):
            table.kind = strong[0]
        elif sum(counts[k] > 0 for k in (INCOME, BALANCE, CASH_FLOW)) >= 2 or strong:
            table.kind = KEY_FIGURES
    named = [k for k, pattern in _STATEMENT.items() if pattern.search(title)]
    table.statement = (
        table.kind in named or (table.kind == COMPREHENSIVE and INCOME in named)
    ) and not _NOT_STATEMENT.search(title)
    table.key_figures = bool(_KEY_FIGURES.search(title)) or table.kind == KEY_FIGURES
    table.reconciliation = bool(_RECONCILIATION.search(title))


def claim_page_titles(tables: list[Table], page_text: str) -> None:
    """A PDF page's statement titles that no table sits right under (the text of a page is
    not always in reading order) go to the page's one table of that kind without a title."""
    lines = page_lines(page_text)
    if _parent_page(lines):
        return
    short = [line for line in lines if len(line) <= TITLE_LENGTH]
    texts = [" ".join(short[i : i + 4]) for i in range(len(short))]
    for kind, pattern in _STATEMENT.items():
        titled = [t for t in texts if pattern.search(t) and not _NOT_STATEMENT.search(t)]
        if not titled or any(t.statement and t.kind == kind for t in tables):
            continue
        candidates = [t for t in tables if t.kind == kind and not t.excluded]
        if len(candidates) == 1:
            candidates[0].statement = True


def comma_decimal(tables: list[Table], language: str | None) -> bool:
    """Whether the document writes decimals with a comma: its tables' numbers say so
    (`13,8`, `1.234,5`), else its language does when nothing says otherwise."""
    tokens = [v for t in tables for line in t.lines for v in line.values if v]
    mark = decimal_mark([t.replace(" ", "") for t in tokens])
    if mark is not None:
        return mark == ","
    return False
