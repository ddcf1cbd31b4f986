"""Revenue by product line and by segment as a report's own tables print it: a PDF 10-K's
"Revenue by product category" or "Sales by major product", a Nordic report's "Net sales by
business area" (nettoomsättning per affärsområde, liikevaihto segmenteittäin), for the documents
with no tagged facts to give it (`revenue_segments` reads those).

A table is a title that names revenue by products or segments, its header (the unit and the
periods, read as the geography tables' are), then rows: a label and values. Rows may come in
groups, each under a line naming it ("Domestic:") and closed by the group's total ("Total
Domestic revenue"); a column of segment names between the labels and the values ("Segment 2023
2022") is left out of the rows' names. The fiscal year's column is read. A segment note may
print its segments as columns over their total instead (`_column_table`).

A value the reader is unsure of is left out, never guessed: a table is kept only when its rows
add up to its printed total (each group's to the group's total), within the rounding of the
printed values; a table without a printed total, a unit, its year's column or two named rows is
not read, nor one whose rows are all places (revenue geography reads those).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal

from filings.companies.geography import classify, of_which
from filings.companies.geography_periods import YEAR, Period, read_periods
from filings.companies.geography_tables import (
    DASHES,
    LEAD_IN_WORDS,
    REVENUE_WORDS,
    TOTAL_LABEL,
    DocumentContext,
    DocumentLine,
    RowBlock,
    TableReader,
    ValueRow,
    cell_value,
    comma_decimal,
    decimals_of,
    percent_block,
    table_reading,
    unit_above,
)
from filings.companies.profile_vocabulary import PRODUCT_TABLE, SEGMENT_TABLE

PRODUCTS, SEGMENTS = "products", "segments"
# "Sales by major product were:", which neither title names
_MAJOR_PRODUCTS = re.compile(
    r"\b(net sales|net revenues?|revenues?|sales)\s+by\s+major\s+products?\b", re.IGNORECASE
)
_PRODUCT_WORDS = re.compile(
    r"\bproduct|categor|type of (income|revenue)|revenue stream|produkt|tuote", re.IGNORECASE
)
_SENTENCE_END = re.compile(r"(?<=[a-z0-9)])\.\s+(?=[A-Z])")
_AFTER_TITLE = 4  # header and group lines between a title and its first rows, at most
# a column of segment names between the labels and the values ("($ in millions) Segment 2023")
_SEGMENT_COLUMN = re.compile(r"\b(segments?|segment\w*|affärsområde|liiketoiminta-alue)\b", re.I)
# a line naming a measure other than revenue over rows: the next table, not a group of rows
_NOT_A_GROUP = re.compile(
    r"income|profit|loss|assets|liabilit|expen|depreciation|amortization|earnings|ebit|margin|"
    r"cash|employees|orders|resultat|rörelse|tillgång|tulos|varat|kassaflöde|investering",
    re.IGNORECASE,
)
_FOOTNOTE_MARK = re.compile(r"\s*\(\w{1,2}\)$")
_MEASURE_FIRST = re.compile(
    r"^(net sales|net revenues?|revenues?|sales|nettoomsättning|omsättning|intäkter|liikevaihto)"
    r"\s*:\s*(?P<name>\S.*)$",
    re.IGNORECASE,
)
# A sentence leading into a table of the segments: "The following table presents information
# about reportable segments", "The following tables present financial information by segment".
_SEGMENT_LEAD_IN = re.compile(
    r"\bthe following tables?\b[^.]{0,80}?\b(by|about|for|of)\b[^.]{0,40}?\bsegments?\b[^.]*|"
    # "Sales and operating profit for each of our business segments were as follows"
    r"^[^.]{0,60}\b(for|of) each of (our|its|the) (\w+\s+)?segments\b[^.]{0,20}\bas follows\b[^.]*",
    re.IGNORECASE,
)
# a lead-in naming revenue whole as its measure ("a detail by segment of net revenues"), not a
# part of it ("Fios revenues", "Wireless service revenue", "Intersegment sales")
_NAMES_REVENUE = re.compile(
    r"\b(of|and|for|presents?|provides?|shows?|summari[sz]es?)\s+(our\s+|the\s+)?(total\s+)?"
    rf"(net\s+)?({REVENUE_WORDS})\b",
    re.IGNORECASE,
)
_REVENUE_TOTAL = re.compile(
    rf"^(total\s+)?(segment\s+)?(net\s+)?(operating\s+)?({REVENUE_WORDS})\b", re.IGNORECASE
)
# a title of a note's data by segment, whatever its measures ("Summary of Business Segment
# Data", "Segment Information", "Financial information by segment")
_SEGMENT_DATA = re.compile(
    r"\bsegments?\s+(data|information|results)\b|\binformation\s+(by|about)\s+"
    r"(reportable\s+|business\s+|operating\s+)?segments?\b",
    re.IGNORECASE,
)
# a line naming revenue alone, over the rows of revenue ("Revenues:", "Net sales:", "Revenue from
# external customers", extern nettoomsättning, ulkoinen liikevaihto)
_MEASURE_LINE = re.compile(
    rf"^((total\s+)?(net\s+)?(operating\s+)?({REVENUE_WORDS})(\s+(from|to)\s+external\s+"
    r"(customers|parties)|\s+från\s+externa\s+kunder|\s+ulkoisille\s+asiakkaille)?|"
    rf"(external|extern|ulkoinen)\s+(net\s+)?({REVENUE_WORDS}))\s*:?$",
    re.IGNORECASE,
)
_MOST_WORDS = 8  # a row's label longer than this is a sentence with numbers, not a row


@dataclass
class SegmentLine:
    """A row of a table: its name as printed, its amount, and the group it is part of."""

    name: str
    value: Decimal
    page_id: str
    part_of: str | None = None


@dataclass
class SegmentTable:
    """One fiscal year's revenue by product line or by segment, as a table prints it."""

    axis: str  # products | segments
    title: str
    page_id: str
    page_number: int | None
    period: Period
    currency: str | None
    lines: list[SegmentLine] = field(default_factory=list)  # groups' totals, then their rows
    total: Decimal = Decimal(0)  # the printed total, in the currency's units


def read_segment_tables(
    pages: list[tuple[str, int | None, str]], context: DocumentContext
) -> list[SegmentTable]:
    """Every table of revenue by product line or segment that prints the document's fiscal year
    (a report of the year, a release with the year's columns) and adds up to its printed total,
    that year's column read, in reading order."""
    return segment_tables_of(*table_reading(pages, context))


def segment_tables_of(lines: list[DocumentLine], context: DocumentContext) -> list[SegmentTable]:
    """`read_segment_tables` of a document's lines as `table_reading` gives them (read once for
    every reader of its tables)."""
    if context.fiscal_year is None:
        return []
    # a title's footnote mark ("Revenue by product category (1)") is no value of a row
    lines = [
        replace(line, text=_FOOTNOTE_MARK.sub("", line.text)) if _axis(line.text) else line
        for line in lines
    ]
    reader = TableReader(lines, context)
    labels = {row.label for block in reader.blocks for row in block.rows if row.label}
    named = _segment_names(lines)
    out: list[SegmentTable] = []
    taken: set[int] = set()
    for number, block in enumerate(reader.blocks):
        if number in taken or block.places or percent_block(block.rows):
            continue
        titled = _title(reader, number, named)
        if titled is None:
            continue
        title, axis, after = titled
        table = _read(reader, number, title, axis, after, labels, taken)
        if table is not None:
            out.append(table)
    if len(named) >= 2:
        out += [
            table
            for number in range(len(reader.blocks))
            if number not in taken and (table := _column_table(reader, number, named)) is not None
        ]
    return out


def _axis(text: str) -> str | None:
    if PRODUCT_TABLE.search(text) or _MAJOR_PRODUCTS.search(text):
        return PRODUCTS
    found = SEGMENT_TABLE.search(text)
    if found is None:
        return None
    return PRODUCTS if _PRODUCT_WORDS.search(found.group(0)) else SEGMENTS


def _title(reader: TableReader, number: int, named: list[str]) -> tuple[str, str, list[str]] | None:
    """The title over a block (a line naming revenue by products or segments, a heading or a
    lead-in ending in a colon, at most `_AFTER_TITLE` header lines above the rows; a title of
    segment data, or rows of named segments, under the measure's line; a lead-in of segments),
    its axis, and the lines between it and the rows."""
    above = reader.preamble(number)
    for back, text in enumerate(reversed(above[-(_AFTER_TITLE + 1) :])):
        words = text.split()
        sentence = text.rstrip().endswith(".")
        axis = _axis(text)
        if axis is not None and not sentence and len(words) <= LEAD_IN_WORDS:
            # of a line that runs on into the next sentence ("... for 2015, 2014 and 2013.
            # The"), the sentence naming the table
            named_in = next(
                (part for part in _SENTENCE_END.split(text.strip()) if _axis(part)), text
            )
            return named_in.strip().rstrip(":"), axis, above[len(above) - back :]
    # a title of the segments' data over the measure's line ("Summary of Business Segment Data"
    # / "(Dollars in millions)" / "Years ended ..." / "Revenues:" / "Commercial Airplanes
    # $25,867 ..."): the rows under the measure, the measure no group of them
    if above and _MEASURE_LINE.match(above[-1].strip()):
        for text in reversed(above[-(_AFTER_TITLE + 1) : -1]):
            if _SEGMENT_DATA.search(text) and not text.rstrip().endswith("."):
                return text.strip().rstrip(":"), SEGMENTS, above[above.index(text) + 1 : -1]
        # or rows that are the segments the text names ("Revenue from external customers" /
        # "Dental 4,393 ..." / "Demolition & Tools ..." / "Total 13,845"; Lifco's segment note)
        if _rows_are_segments(reader.blocks[number].rows, named):
            return above[-1].strip().rstrip(":"), SEGMENTS, above[-(_AFTER_TITLE + 1) : -1]
    # the measure before the first row's name, under a lead-in of segments ("Our operating
    # segment results were as follows:" / "Net sales: North America Retail $ 11,572.0 ...")
    first = reader.blocks[number].rows[0]
    measure = _MEASURE_FIRST.match(first.label)
    lead_in = reader.lead_in(number)
    if measure is not None and _SEGMENT_COLUMN.search(lead_in):
        first.label = measure["name"]
        return lead_in.strip().rstrip(":"), SEGMENTS, above[above.index(lead_in) + 1 :]
    # a sentence that leads into a table of segments ("The following table presents information
    # about reportable segments."), the rows closed by revenue ("Net sales $ 14,694 ...")
    for back, text in enumerate(reversed(above[-(_AFTER_TITLE + 1) :])):
        lead = _SEGMENT_LEAD_IN.search(text)
        # the rows closed by revenue, or the lead-in naming it ("The following table presents a
        # detail by segment of net revenues:"; MGM's groups close with unlabelled totals)
        if lead is not None and (
            _closed_by_revenue(reader.blocks[number].rows) or _NAMES_REVENUE.search(lead.group(0))
        ):
            return lead.group(0).rstrip(" .:"), SEGMENTS, above[len(above) - back :]
    return None


def _rows_are_segments(rows: list[ValueRow], named: list[str]) -> bool:
    """Whether a block's rows up to its total are two or more segments the text names."""
    names = {n.lower() for n in named}
    labels = []
    for row in rows:
        if TOTAL_LABEL.match(row.label):
            break
        labels.append(_FOOTNOTE_MARK.sub("", row.label).strip(" :").lower())
    return len(labels) >= 2 and all(label in names for label in labels)


def _closed_by_revenue(rows: list[ValueRow]) -> bool:
    """Whether the first total among a block's rows is revenue's ("Net sales", "Total
    revenues"), not another measure's."""
    total = next((r.label for r in rows if TOTAL_LABEL.match(r.label)), "")
    return bool(_REVENUE_TOTAL.match(total))


def _group_name(text: str) -> str | None:
    """A line that names the group of rows under it ("Domestic:", "International"): a few words,
    no values, not a sentence."""
    name = text.strip().rstrip(":").strip()
    words = name.split()
    if not 1 <= len(words) <= 6 or not name[:1].isupper() or name.endswith((".", ",")):
        return None
    if YEAR.search(name) or re.search(r"\d|\$|€|£|\(in\b|millions?|thousands?", name, re.I):
        return None
    return name


def _read(
    reader: TableReader,
    number: int,
    title: str,
    axis: str,
    after: list[str],
    labels: set[str],
    taken: set[int],
) -> SegmentTable | None:
    block = reader.blocks[number]
    labelled = [r for r in block.rows if r.label]
    found = reader.columns_of(number, labelled)
    if found is None:
        return None
    columns, width = found
    positions = [
        (position, period)
        for position, period in columns.pick(width).items()
        if period.year == reader.context.fiscal_year and period.kind == "annual"
    ]
    if len(positions) != 1:
        return None
    position, period = positions[0]
    before = reader.lines[max(0, block.start - 80) : block.start]
    dollars = any(r.dollars for r in block.rows)
    unit = unit_above(before, after, dollars, reader.context.default_currency)
    if unit is None:
        return None
    segment_column = any(_SEGMENT_COLUMN.search(t) and YEAR.search(t) for t in after)
    table = SegmentTable(
        axis,
        " ".join(title.split()),  # a PDF's no-break spaces as spaces
        labelled[0].line.page_id,
        labelled[0].line.page_number,
        period,
        unit.currency,
    )
    groups = _groups(reader, number, after)
    rounding = Decimal(0)
    totals: list[Decimal] = []
    rows_read: list[SegmentLine] = []
    for index, (group, rows) in enumerate(groups):
        comma = comma_decimal(rows)
        rounding = max(rounding, Decimal(5).scaleb(-decimals_of(rows, comma) - 1))
        read = _rows(rows, position, width, comma, group, rounding)
        if read is None:
            return None
        parts, total = read
        if group is not None and total is None:
            return None  # a group's rows without its total: unsure where they end
        for label, value, row in parts:
            name = _named(label, segment_column, labels)
            rows_read.append(
                SegmentLine(name, value.scaleb(unit.exponent), row.line.page_id, group)
            )
            table.lines.append(rows_read[-1])
        if group is not None and total is not None:
            totals.append(total)
            table.lines.insert(
                len(table.lines) - len(parts),
                SegmentLine(group, total.scaleb(unit.exponent), rows[0].line.page_id),
            )
        elif total is not None:
            totals.append(total)
        taken.add(number + index)
    if len(totals) != 1 and not all(g is not None for g, _ in groups):
        return None
    if len(set(totals)) < len(totals) or any(TOTAL_LABEL.match(g or "") for g, _ in groups):
        return None  # groups of one total each ("Net sales by contract type"): breakdowns of it
    table.total = sum(totals, Decimal(0)).scaleb(unit.exponent)
    if len(rows_read) < 2 or all(classify(line.name) is not None for line in rows_read):
        return None  # one line, or places: geography's
    return table


def _groups(
    reader: TableReader, number: int, after: list[str]
) -> list[tuple[str | None, list[ValueRow]]]:
    """The groups of rows of a table from its first block on: each block under a line naming its
    group, for as long as blocks follow one another with only such a line between; a table of
    one block without a group line is its one group."""
    first = after[-1] if after else ""
    # a line naming the measure ("Net revenue:") heads the rows of revenue, no group of them
    measure = bool(_MEASURE_LINE.match(first.strip()))
    group = _group_name(first) if after and not _axis(first) and not measure else None
    if group is None:
        return [(None, reader.blocks[number].rows)]
    out: list[tuple[str | None, list[ValueRow]]] = [(group, reader.blocks[number].rows)]
    following: RowBlock
    for following in reader.blocks[number + 1 :]:
        between = reader.lines[reader.blocks[number + len(out) - 1].end : following.start]
        name = _group_name(between[0].text) if len(between) == 1 else None
        if name is None or following.places or _NOT_A_GROUP.search(name):
            break  # another table's measure ("Operating income"), or rows of places
        out.append((name, following.rows))
    return out


def _is_total(label: str, group: str | None) -> bool:
    return bool(TOTAL_LABEL.match(label)) or (
        group is not None and group.lower() in label.lower() and "total" in label.lower()
    )


def _rows(
    rows: list[ValueRow],
    position: int,
    width: int,
    comma: bool,
    group: str | None,
    rounding: Decimal,
) -> tuple[list[tuple[str, Decimal, ValueRow]], Decimal | None] | None:
    """A group's rows up to its total: (label, value, row) each, and the total; None when a
    total does not add up or a row has no value in the column."""
    parts: list[tuple[str, Decimal, ValueRow]] = []
    for row in rows:
        # a group's rows may close with its total unlabelled ("Las Vegas Strip Resorts" /
        # "Casino $ 2,104,096 ..." / ... / "8,398,372 ...")
        closing = not row.label and group is not None and len(parts) >= 2
        if (not row.label and not closing) or of_which(row.label):
            continue
        label = _FOOTNOTE_MARK.sub("", row.label).strip(" :")
        if len(label.split()) > _MOST_WORDS:
            break  # a sentence with numbers in it, not a row
        value = cell_value(row, position, width, comma)
        if value is None and len(row.tokens) == width and row.tokens[position] in DASHES:
            value = Decimal(0)  # a dash: nothing that year ("Other — — —")
        if value is None:
            return None
        if (closing or _is_total(label, group)) and parts:
            summed = sum((v for _, v, _ in parts), Decimal(0))
            if len(parts) >= 2 and abs(summed - value) <= rounding * (len(parts) + 1):
                return parts, value
            return None
        parts.append((label, value, row))
    return parts, None


def _named(label: str, segment_column: bool, labels: set[str]) -> str:
    """A row's name, without the segment a column of segment names prints after it: the longest
    ending of its label (three words at most) that is another row's label in the document
    ("Films and other flexible products Flexibles" is Flexibles' films)."""
    if not segment_column:
        return label
    words = label.split()
    for size in (3, 2, 1):
        if len(words) > size + 1 and " ".join(words[-size:]) in labels:
            return " ".join(words[:-size])
    return label


# --- segments as columns ------------------------------------------------------------------------
# A 10-K's segment note may print its segments as columns, their total last: "Consumer Business
# Total Reportable Segments" over "Total Operating Revenues 103,506 31,072 134,578" (Verizon),
# "Domestic Streaming International Streaming Domestic DVD Consolidated" over "Revenues $
# 6,153,025 ..." (Netflix). The header's words are split into the segments the document names
# elsewhere ("our Consumer segment", "the Domestic streaming segment"), the total's column after
# them; a PDF prints each column's words on lines of their own, so the header is read as one run
# of words.

# a name a sentence gives a segment: up to four words before "segment" ("the Demolition & Tools
# operating segment")
_NAMED_SEGMENT = re.compile(r"((?:[\w&’'-]+\s+){0,3}[\w&’'-]+)\s+segment\b")
# words that open no segment's name ("the Domestic ...", "each reportable", "Total Reportable")
_NOT_A_NAME = re.compile(
    r"^(the|our|its|each|this|that|these|those|a|an|both|other|all|any|one|two|three|four|five|"
    r"per|by|of|in|for|and|or|to|total|reportable|operating|business\s+\w|which|new|same|"
    r"single|such)\b",
    re.IGNORECASE,
)
_TOTAL_COLUMN = (
    r"(?:consolidated|total(?:\s+reportable)?(?:\s+segments)?|totalt|koncernen|group|konserni|"
    r"yhteensä)"
)
_FOLLOWING = re.compile(r"\bthe following tables?\b", re.IGNORECASE)
_HEADER_LINES = 12  # how far above a block its column header is looked for


def _segment_names(lines: list[DocumentLine]) -> list[str]:
    """The names the document gives its segments in sentences ("our Consumer segment", "the
    Dental operating segment", "our Aeronautics business segment"): each ending of up to four
    words before "segment" that opens with a capital and no article or measure, longest
    first."""
    names: set[str] = set()
    # each line that says "segment" with the line before it: a sentence runs over lines ("...
    # arising from the Dental operating" / "segment is ...")
    texts = [
        f"{lines[index - 1].text if index else ''} {line.text}"
        for index, line in enumerate(lines)
        if "segment" in line.text.lower()
    ]
    for match in (m for text in texts for m in _NAMED_SEGMENT.finditer(text)):
        words = match.group(1).split()
        while words and words[-1] in ("operating", "reportable", "business"):
            words.pop()
        for size in range(1, len(words) + 1):
            name = " ".join(words[-size:])
            if name[:1].isupper() and not _NOT_A_NAME.match(name) and not re.search(r"\d", name):
                names.add(name)
    return sorted(names, key=lambda n: (-len(n), n))


def _column_table(reader: TableReader, number: int, names: list[str]) -> SegmentTable | None:
    """A block under a header of segments as columns and their total: the fiscal year's revenue
    row read per segment, kept when the segments add up to the total's column."""
    block = reader.blocks[number]
    floor = reader.blocks[number - 1].end if number else 0
    above = reader.lines[max(floor, block.start - _HEADER_LINES) : block.start]
    header = " ".join(line.text for line in above)
    alternatives = "|".join(r"\s+".join(map(re.escape, n.split())) for n in names)
    columns = re.search(
        rf"(?<!\w)((?:(?:{alternatives})\s+){{2,}}){_TOTAL_COLUMN}(?!\w)", header, re.IGNORECASE
    )
    if columns is None:
        return None
    segments = [
        " ".join(m.group(0).split())
        for m in re.finditer(rf"(?<!\w)(?:{alternatives})(?!\w)", columns.group(1), re.IGNORECASE)
    ]
    period = _one_period(reader, above)
    if period is None:
        return None
    width = len(segments) + 1
    row = next(
        (
            r
            for r in block.rows
            if _REVENUE_TOTAL.match(_FOOTNOTE_MARK.sub("", r.label)) and len(r.tokens) == width
        ),
        None,
    )
    if row is None:
        return None
    comma = comma_decimal([row])
    values = [
        Decimal(0) if token in DASHES else cell_value(row, position, width, comma)
        for position, token in enumerate(row.tokens)
    ]
    if any(value is None for value in values[:-1]) or values[-1] is None:
        return None
    *parts, total = [v for v in values if v is not None]
    rounding = Decimal(5).scaleb(-decimals_of([row], comma) - 1) * width
    if len(parts) != len(segments) or abs(sum(parts, Decimal(0)) - total) > rounding:
        return None
    before = reader.lines[max(0, block.start - 80) : block.start]
    unit = unit_above(before, [], row.dollars, reader.context.default_currency)
    if unit is None:
        return None
    title = reader.lead_in(number).strip().rstrip(":") or next(
        (
            line.text.split(":")[0].strip()
            for line in reversed(above)
            if _FOLLOWING.search(line.text)
        ),
        _FOOTNOTE_MARK.sub("", row.label),
    )
    table = SegmentTable(
        SEGMENTS,
        " ".join(title.split()),
        row.line.page_id,
        row.line.page_number,
        period,
        unit.currency,
    )
    table.lines = [
        SegmentLine(name, value.scaleb(unit.exponent), row.line.page_id)
        for name, value in zip(segments, parts, strict=True)
    ]
    table.total = total.scaleb(unit.exponent)
    if all(classify(line.name) is not None for line in table.lines):
        return None  # places: geography's
    return table


def _one_period(reader: TableReader, above: list[DocumentLine]) -> Period | None:
    """The one fiscal year a header prints (a year of its own, or "Year ended December 31,
    2017"), the document's; None for another year's table or a header of several."""
    context = reader.context
    years = {int(y) for line in above for y in YEAR.findall(line.text)}
    if years != {context.fiscal_year}:
        return None
    found = {
        period
        for line in above
        if YEAR.search(line.text)
        for period in read_periods(line.text, context.fiscal_year, True, context.year_end)
    }
    annual = [p for p in found if p.kind == "annual" and p.year == context.fiscal_year]
    return annual[0] if len(annual) == 1 else None
