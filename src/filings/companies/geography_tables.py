"""Reading revenue by place out of a report's text: every table of countries, market areas or
regions, in English, Swedish or Finnish, with amounts or with shares of a total.

A table starts at a title that names revenue (net sales, revenues, nettoomsättning, intäkter,
liikevaihto ...) and places (geographic market, market area, region, country, geografisk,
marknad, maantieteellinen, markkina-alue ...), or revenue by segment when every segment is a
place. Below the title come blocks: header lines (the unit, `MSEK`, `SEK million`; the periods,
`Jul-Sep 2025`, `Q3 Q2 Q1 Q4`, `Jan-Dec`, `10-12/2024`, years; the measures and groups of a
table with several columns per period) and rows (a label, then values). A row is a place (see
`geography.classify`), a catch-all, an adjustment (eliminations, internal sales), an "of which"
line (part of the lines above, never summed), or a total; percent-change blocks are passed over.

A table that prints shares (its header or title says %, or its total line is 100) gives shares;
the caller turns them into amounts with the period's printed revenue. A header line that names
places and their share of revenue ("Country, percentage of net sales") starts one whatever its
title, its percent values shares; without a total and short of 100 it is `partial` (the largest
countries only), which the caller adds to the period's amounts. Periods: labels pair with
years in order; newest first, a label whose period ends no earlier than the previous one's starts
an older year (`Q3 Q2 Q1 Q4 Q3`, `Jan-Sep Jan-Jun Jan-Mar Jan-Dec`); without years the document's
fiscal year is the first. Bare years are fiscal years only in a report of a whole year. A value
the reader is unsure of is left out: a table without a unit, or with columns it cannot pair with
periods, is not read.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from itertools import pairwise

from filings.companies.geography import Place, classify, clean_name, of_which
from filings.companies.geography_periods import PERIOD_LABEL, YEAR, Period, read_periods
from filings.ingest.nordic.periods import MONTH_WORDS
from filings.ingest.nordic.tables import Unit, find_unit, split_row, to_decimal

# revenue's names in a table's title, row or lead-in, en/sv/fi
REVENUE_WORDS = (
    r"net\s+sales|sales|revenues?|turnover|nettoomsättning(en)?|omsättning(en)?|intäkter(na)?|"
    r"försäljning(en)?|liikevaihto|myynti"
)
_GEOGRAPHIC = re.compile(
    r"geograph\w*|market\s+areas?|\bregions?\b|\bcountr(y|ies)\b|by\s+market\b|per\s+market\b|"
    r"by\s+destination|location\s+of\s+(the\s+)?customers?|geografisk\w*|marknad(er|sområden?)?\b|"
    r"\bländer\b|per\s+land\b|maantieteellis\w*|markkina-alue\w*|alueittain|maittain|"
    r"markkinoittain|(customer|billing)\s+location",
    re.IGNORECASE,
)
_REVENUE_TITLE = re.compile(
    rf"^(the\s+)?(group('s)?\s+|total\s+|koncernens\s+|konsernin\s+)?({REVENUE_WORDS})\b",
    re.IGNORECASE,
)
_REVENUE_ANYWHERE = re.compile(rf"\b({REVENUE_WORDS})\b", re.IGNORECASE)
_SEGMENTS = re.compile(
    r"\b(by|per)\s+(operating\s+|reportable\s+)?(segments?|business\s+areas?|divisions?)\b|"
    r"\b(per\s+)?(segment|affärsområde)\b|segmenteittäin|liiketoiminta-alueittain",
    re.IGNORECASE,
)
_NOT_A_LEVEL = re.compile(
    r"growth|change|percent|tillväxt|förändring|kasvu|muutos|\.{4,}|internal|intern\b|sisäi|"
    r"adjusted\s+for|justerad|oikaist",
    re.IGNORECASE,
)
_SHARE_WORDS = re.compile(r"%|\bshare\b|\bper\s*cent\b|\bandel\b|\bosuus\b", re.IGNORECASE)
# a header that names places and their share of revenue over its periods ("Country, percentage of
# net sales Q3 Q2", "Land, andel av nettoomsättningen", "Maa, osuus liikevaihdosta"): it starts a
# table of shares whatever its title; Finnish declines revenue ("liikevaihdosta", "myynnistä")
_PLACE_COLUMN = re.compile(
    r"^(markets?|land|länder|maa|maat|alue(et)?|markkina\w*)\b", re.IGNORECASE
)
_SHARE_OF_REVENUE = re.compile(
    r"(%|\bpercentage|\bper\s*cent|\bshare|\bandel|\bosuus)\s+"
    r"(of\s+|av\s+)?(the\s+)?(group('s)?\s+|total\s+|koncernens\s+|konsernin\s+)?"
    rf"({REVENUE_WORDS}|liikevaihdo\w*|myynni\w*)",
    re.IGNORECASE,
)
_CHANGE = re.compile(r"growth|change|tillväxt|förändring|kasvu|muutos", re.IGNORECASE)
TOTAL_LABEL = re.compile(
    r"^(total|totalt|summa|yhteensä|group\s+total|koncernen\s+totalt|konserni\s+yhteensä|"
    r"consolidated|"
    r"net\s+sales|(net\s+)?(operating\s+)?revenues?|nettoomsättning|liikevaihto)\b",
    re.IGNORECASE,
)
_SUBTOTAL = re.compile(
    r"\b(including|incl\.?|inkl\.?|sisältäen|before|före|ennen)\b|"
    r"\b(non-?u\.?\s?s\.?|international|foreign|outside)\b",  # "Total non-U.S. revenues"
    re.IGNORECASE,
)
# a line that reconciles segments or places to the group's total, no part of it ("Eliminations",
# "Unallocated items", "Corporate and other"; not a business named after its clients,
# "Corporate & Investment Bank")
ADJUSTMENT = re.compile(
    r"eliminat\w*|internal\s+sales|intra-?group|inter-?segment|unallocated|group\s+items|"
    r"corporate(?!\s+(&|and)\s+investment)|eliminering\w*|koncerngemensam\w*|koncernintern\w*|eliminoin\w*|"
    r"konsernin\s+sisäi\w*|kohdistamattom\w*",
    re.IGNORECASE,
)
_FOOTNOTE = re.compile(r"\(\d\)")
PERIOD_LINES = 8  # how far above the segments' names their period is looked for
HEADER_LINES = 8  # how far above a block its header's lines are looked for a header of shares
_TOTAL_WORD = re.compile(r"total|totalt|summa|yhteensä", re.IGNORECASE)
_STOP = re.compile(r"^(share\s+of\s+total|andel\s+av|osuus)\b", re.IGNORECASE)
_NUMBER = re.compile(r"^\(?[-−–+]?\d[\d,.]*\)?%?$")
DASHES = {"-", "–", "—", "n/a", "n.a."}  # a cell with nothing in it
_MEASURES = re.compile(
    r"orders\s+received|order\s+intake|orderingång|tilauskertymä|saadut\s+tilaukset|"
    rf"(?P<revenue>{REVENUE_WORDS})",
    re.IGNORECASE,
)
# A US filing's unit: "(In millions)", "(Dollars in millions, except per share data)", "($ in
# thousands)", "(amounts in millions)"; its currency is the dollar the values or the line
# print, else the document's
_US_UNIT = re.compile(
    r"\(\s*(?:(?:u\.?s\.?\s+)?(?:amounts|dollars|\$|usd)\s+)?in\s+(millions|thousands|billions)\b"
    r"|(?-i:\bIn\s+(Millions|Thousands|Billions)\b)",  # a header's "In Millions 2019 2018"
    re.I,
)
_US_SCALE = {"thousands": 3, "millions": 6, "billions": 9}
_CURRENCY_SIGN = re.compile(r"^[$€£]|^US\$")
_GROUP = re.compile(r"\b(group|koncern\w*|konserni\w*|total|totalt|summa|yhteensä)\b", re.I)
MAX_BLOCKS = 8
NOTES_UNIT_LINES = 4  # how far under the notes' heading their unit is looked for
_NOTES_HEADING = re.compile(r"^notes\s+to\s+(the\s+)?consolidated\s+financial\s+statements$", re.I)
YEAR_END_LINES = 120  # the lines of a document's start where its cover states its year's end
_FISCAL_YEAR_ENDED = re.compile(
    r"\b(?:fiscal|financial)\s+year\s+ended\s+(january|february|march|april|may|june|july|"
    r"august|september|october|november|december)\s+\d{1,2}\b",
    re.IGNORECASE,
)
LEAD_IN_WORDS = 40  # the longest sentence ending in a colon taken as a table's title
_LEAD_IN_START = re.compile(r"^.*[.;]\s+(?=[A-Z])")  # the end of the sentence before it
MAX_LINES = 90


@dataclass(frozen=True)
class DocumentLine:
    """A line of a document's text and the page it is on."""

    text: str
    page_id: str
    page_number: int | None
    rendered: bool = False  # a row of an HTML table as the EDGAR reader renders it


@dataclass
class GeoLine:
    """A row of a table: the place, its value (an amount, or a share in percent)."""

    place: Place
    value: Decimal
    page_id: str
    included_in: str | None = None  # an "of which" line: the lines it is part of


@dataclass
class GeoTable:
    """One period's breakdown as a table prints it."""

    title: str
    page_id: str
    page_number: int | None
    period: Period
    basis: str  # amounts | shares_of_total
    currency: str | None
    lines: list[GeoLine] = field(default_factory=list)
    total: Decimal | None = None  # the printed total (absolute amount, or percent)
    decimals: int = 0  # digits after the point of the printed values (for the rounding check)
    exponent: int = 0  # the power of ten the printed amounts were scaled by
    # shares of only the largest places: no total, and short of 100 (a "top 5 countries" table)
    partial: bool = False

    def adds_up(self) -> bool | None:
        """Whether the lines that are not "of which" lines add up to the printed total, within
        the rounding of the printed values (half a unit of the last digit each); None without a
        total."""
        if self.total is None:
            return None
        return abs(self._summed() - self.total) <= self._rounding()

    def falls_short(self) -> bool:
        """Whether a table of shares without a total lists only part of the whole: its lines
        add up to less than 100, beyond the rounding of the printed values."""
        if self.basis != "shares_of_total" or self.total is not None:
            return False
        return self._summed() < 100 - self._rounding()

    def _summed(self) -> Decimal:
        return sum((line.value for line in self.lines if not line.included_in), Decimal(0))

    def _rounding(self) -> Decimal:
        """Half a unit of the last printed digit for each line and the total."""
        return Decimal(5).scaleb(self.exponent - self.decimals - 1) * (len(self.lines) + 1)


@dataclass
class ValueRow:
    label: str
    tokens: list[str]
    line: DocumentLine
    dollars: bool = False  # its values print a dollar sign ("$ 984", "$8,393")


def _is_title(text: str) -> bool:
    words = text.split()
    # a heading, or the sentence that leads into a table ("Revenues ... are reported by
    # customer location and consisted of the following:")
    longest = LEAD_IN_WORDS if text.rstrip().endswith(":") else 16
    if not 2 <= len(words) <= longest or text.rstrip().endswith(".") or _NOT_A_LEVEL.search(text):
        return False
    if sum(bool(_NUMBER.match(w)) and not YEAR.fullmatch(w) for w in words) > 1:
        return False
    revenue = _REVENUE_TITLE.search(text) or (
        _REVENUE_ANYWHERE.search(text) and _GEOGRAPHIC.search(text)
    )
    return bool(revenue and (_GEOGRAPHIC.search(text) or _SEGMENTS.search(text)))


def value_row(line: DocumentLine) -> ValueRow | None:
    """A line as a label and its trailing values, or None when it has no values."""
    tokens = line.text.replace("|", " ").split()
    tail: list[str] = []
    signs = False
    while tokens:
        # a currency sign before a value, apart or attached ("$ 984", "$8,393", "$(498)")
        token = _CURRENCY_SIGN.sub("", tokens[-1])
        if token != tokens[-1] and (not token or _NUMBER.match(token)):
            signs = True
            if not token:
                tokens.pop()
                continue
        if not (_NUMBER.match(token) or token in DASHES):
            break
        tail.insert(0, token)
        tokens.pop()
    label = " ".join(tokens)
    if not tail or (label and not re.search(r"[A-Za-zÅÄÖåäöÜü]", label)):
        return None
    if all(YEAR.fullmatch(t) or re.fullmatch(r"\d{1,2},", t) for t in tail):
        return None  # a header: "SEK million 2024 2023", "2025", "December 31, 2022 2021"
    return ValueRow(clean_name(label), tail, line, signs)


def _revenue_lead_in(text: str) -> bool:
    """A sentence that introduces a table of revenues and ends in a colon."""
    return (
        text.rstrip().endswith(":")
        and len(text.split()) <= LEAD_IN_WORDS
        and bool(_REVENUE_ANYWHERE.search(text))
    )


def share_header(text: str) -> bool:
    """A header line that names places and their share of revenue ("Country, percentage of net
    sales Q3 Q2 Q1"), not its change."""
    return (
        _is_header(text)
        and bool(_GEOGRAPHIC.search(text) or _PLACE_COLUMN.search(text))
        and bool(_SHARE_OF_REVENUE.search(text))
        and not _CHANGE.search(text)
    )


def _header_content(text: str) -> bool:
    """Whether a line names periods, years, a unit or measures."""
    return bool(
        PERIOD_LABEL.search(text) or YEAR.search(text) or find_unit(text) or _MEASURES.search(text)
    )


def _is_header(text: str) -> bool:
    """A line of a header: periods, a unit, measures; no prose, no values but years."""
    if text.rstrip().endswith(".") or len(text.split()) > 24:
        return False
    numbers = [w.strip("(),") for w in text.split() if _NUMBER.match(w)]
    return all(YEAR.fullmatch(w) or len(w) <= 2 for w in numbers)  # years, days


@dataclass
class _Columns:
    periods: list[Period]
    measures: list[str]  # per value column, where the header names measures
    groups: list[str]  # per group of measures, where a line names them
    total_column: bool = False  # columns of segments, the last their total, for one period

    def pick(self, width: int) -> dict[int, Period]:
        """The value position to read for each fiscal year: the group's (the company total)
        revenue column of each year's longest period."""
        if self.total_column:
            return {width - 1: self.periods[0]}
        if len(self.periods) == width:
            positions = list(range(width))
            period_of = dict(enumerate(self.periods))
        elif len(self.periods) == 1 and self.measures and len(self.measures) == width:
            positions = [i for i, m in enumerate(self.measures) if m == "revenue"]
            if self.groups and len(positions) == len(self.groups):
                named = [i for i, g in enumerate(self.groups) if _GROUP.search(g)]
                positions = [positions[named[0] if named else -1]]
            elif len(positions) > 1:
                return {}
            period_of = {i: self.periods[0] for i in positions}
        else:
            return {}
        best: dict[int, int] = {}
        for position in positions:
            period = period_of[position]
            kept = best.get(period.year)
            if kept is None or period.rank() > period_of[kept].rank():
                best[period.year] = position
        return {position: period_of[position] for position in best.values()}


def _measures(header: str) -> list[str]:
    return ["revenue" if m.group("revenue") else "other" for m in _MEASURES.finditer(header)]


def _groups(lines: list[str]) -> list[str]:
    """Names of column groups, as a line after a share table prints them: `A, % B, % Group, %`."""
    for text in lines:
        parts = [p.strip() for p in re.split(r",?\s*%", text) if p.strip()]
        if len(parts) >= 2 and text.rstrip().endswith("%"):
            return parts
    return []


@dataclass
class DocumentContext:
    """What the reader knows of the document: its fiscal year, and whether it reports a whole
    year (an annual report, a year-end release), where bare year columns are fiscal years."""

    fiscal_year: int | None
    whole_year: bool
    default_currency: str | None = None
    year_end: int = 12  # the month its fiscal years end in


def unit_above(
    before: list[DocumentLine], header: list[str], dollars: bool, default: str | None
) -> Unit | None:
    texts = [line.text for line in before]
    # a US unit may be broken over two lines ("... were as follows (in" / "millions):")
    broken = [*(f"{text} {after}" for text, after in pairwise(texts)), *texts[-1:]]
    for text, joined in [
        *((h, h) for h in reversed(header)),
        *zip(reversed(texts), reversed(broken), strict=True),
    ]:
        unit = find_unit(text)
        if unit is not None:
            return unit
        us = _US_UNIT.search(text) or _US_UNIT.search(joined)
        if us is not None:
            named = dollars or "$" in joined or "dollar" in joined.lower()
            currency = "USD" if named else default
            scale = _US_SCALE[(us.group(1) or us.group(2)).lower()]
            return Unit(currency, scale) if currency else None
    return None


def comma_decimal(rows: list[ValueRow]) -> bool:
    tokens = [t for row in rows for t in row.tokens]
    return any(re.search(r"\d,\d{1,2}%?$", t) for t in tokens) and not any(
        re.search(r"\d,\d{3}(?!\d)", t) for t in tokens
    )


def decimals_of(rows: list[ValueRow], comma: bool) -> int:
    mark = "," if comma else "."
    found = [len(t.rstrip("%)").rsplit(mark, 1)[1]) for r in rows for t in r.tokens if mark in t]
    return max(found, default=0)


def _titleish(text: str) -> bool:
    """A line that could head a table of its own: a few words, no values, no sentence."""
    words = text.split()
    return (
        0 < len(words) <= 12
        and text[0].isalpha()
        and text[0].isupper()
        and not text.rstrip().endswith((".", ","))
        and not _header_content(text)
        and not any(_NUMBER.match(w) for w in words)
    )


@dataclass
class RowBlock:
    rows: list[ValueRow]
    start: int  # index of its first line
    end: int  # index after its last line
    places: bool  # whether its labels are places
    measure: str | None = None  # what its first label names before a colon ("Net sales: ...")


def _blocks(lines: list[DocumentLine]) -> list[RowBlock]:
    """Runs of consecutive value rows."""
    found: list[RowBlock] = []
    index = 0
    while index < len(lines):
        rows = []
        start = index
        while index < len(lines) and (row := value_row(lines[index])) is not None:
            rows.append(row)
            index += 1
        if rows:
            _without_footnote_marks(rows)
            measure = _measure_before_places(rows)
            found.append(RowBlock(rows, start, index, _place_rows(rows), measure))
        else:
            index += 1
    return found


def _without_footnote_marks(rows: list[ValueRow]) -> None:
    """A footnote mark after a label ("EMEA (1) 897 692 ...") is no value: a row with one value
    more than the block's rows without a mark (most of them, or only its total when every place
    has one), the first a digit in brackets, loses it."""
    bare = [r for r in rows if not _FOOTNOTE.fullmatch(r.tokens[0])]
    widths = Counter(len(r.tokens) for r in bare or rows)
    common = widths.most_common(1)[0][0]
    for row in rows:
        if len(row.tokens) == common + 1 and _FOOTNOTE.fullmatch(row.tokens[0]):
            row.tokens = row.tokens[1:]


def _without_percent_signs(rows: list[ValueRow]) -> None:
    """A table of shares prints its values as percents ("43%"): the numbers are the shares."""
    for row in rows:
        row.tokens = [token.removesuffix("%") for token in row.tokens]


def _measure_before_places(rows: list[ValueRow]) -> str | None:
    """A US table names its measure before its first place ("Net sales: United States $ 12,462.8
    ..."; "Cash and cash equivalents: United States ..."): the row keeps the place, and the
    measure ("revenue" or "other") is returned."""
    first = rows[0]
    measure, colon, place = first.label.partition(":")
    if not colon or classify(place.strip()) is None:
        return None
    first.label = place.strip()
    return "revenue" if _REVENUE_TITLE.fullmatch(measure.strip()) else "other"


def _enough_places(places: Sequence[Place | None]) -> bool:
    """Two places or more, or one place and the rest of the world ("United States" and
    "Non-United States", "International" or "Other"; an elimination is not the rest)."""
    named = [p for p in places if p is not None and p.kind != "other"]
    rest = [p for p in places if p is not None and p.kind == "other" and classify(p.name)]
    return len(named) >= 2 or (len(named) == 1 and bool(rest))


def _place_rows(rows: list[ValueRow]) -> bool:
    return _enough_places([classify(r.label) for r in rows if r.label and not of_which(r.label)])


def percent_block(rows: list[ValueRow]) -> bool:
    return sum(t.endswith("%") for r in rows for t in r.tokens) > len(rows)


class TableReader:
    """Reads a document's blocks of value rows: those of places that are revenue by place
    (`read`); its titles, headers, periods and units serve the tables of revenue by segment
    (segment_tables) too."""

    def __init__(self, lines: list[DocumentLine], context: DocumentContext):
        self.lines = lines
        self.context = context
        self.blocks = _blocks(lines)
        self.notes_units = _notes_units(lines, context.default_currency)

    def preamble(self, number: int) -> list[str]:
        """The lines between a block and the block before it (at most 30), nearest last."""
        block = self.blocks[number]
        floor = self.blocks[number - 1].end if number else 0
        return [line.text for line in self.lines[max(floor, block.start - 30) : block.start]]

    def title(self, number: int) -> str | None:
        """The geography title a block stands under: in the lines just above it, or above the
        blocks of places before it with no other title between."""
        while number >= 0 and self.blocks[number].places:
            above = self.preamble(number)
            titles = [(i, t) for i, t in enumerate(above) if _is_title(t)]
            for i, (first, second) in enumerate(pairwise(above), start=1):
                # a geography heading over the sentence that leads into a table of revenues
                # ("Geographic Data" / "The following table provides information related to
                # our net operating revenues (in millions):")
                if _titleish(first) and _GEOGRAPHIC.search(first) and _revenue_lead_in(second):
                    titles.append((i, second))
                # a lead-in wrapped over two lines ("The following tables disaggregate net
                # sales information by geography ... or selling" / "operations:")
                wrapped = f"{first} {second}"
                if (
                    second.rstrip().endswith(":")
                    and not first.rstrip().endswith((".", ":"))
                    and not _titleish(first)
                    and not _is_title(second)
                    and _is_title(wrapped)
                ):
                    titles.append((i, wrapped))
            if titles:
                return max(titles)[1]
            # another table's heading, or the line that introduces it ("Change in deferred
            # revenues:"), above the block's own header (from the line naming its period on:
            # "Year Ended June 30, 2022 / ($ in millions) Flexibles / Rigid / Packaging Total")
            dated = [i for i, t in enumerate(above) if YEAR.search(t) and _is_header(t)]
            if any(
                _titleish(t) or t.rstrip().endswith(":")
                for t in above[: max(dated, default=len(above))]
            ):
                return None
            if number == 0 or self.blocks[number - 1].end != self.blocks[number].start - len(above):
                return None
            number -= 1
        return None

    def header(self, number: int, width: int) -> _Columns | None:
        """The columns of a block, from the header lines just above it, nearest first, taken
        until they name a period for each value (or one period and a measure for each)."""
        above = self.preamble(number)
        taken: list[str] = []
        for text in reversed(above):
            if not _is_header(text) or (_titleish(text) and taken and _is_title(text)):
                break
            taken.insert(0, text)
            columns = self._columns(" ".join(taken), width)
            if columns is not None:
                earlier = above[len(above) - len(taken) - 1] if len(taken) < len(above) else ""
                if earlier and _only_years(earlier):  # the years printed over the labels
                    wider = self._columns(" ".join([earlier, *taken]), width)
                    columns = wider or columns
                return columns
        return None

    def _columns(self, text: str, width: int) -> _Columns | None:
        periods = read_periods(
            text, self.context.fiscal_year, self.context.whole_year, self.context.year_end
        )
        columns = _Columns(periods, _measures(text), [])
        consistent = len(periods) == width or (len(periods) == 1 and len(columns.measures) == width)
        return columns if consistent and periods else None

    def lead_in(self, number: int) -> str:
        """The sentence that introduces a block's table ("The following table presents our
        geographic information in fiscal 2019 ... ($ in millions):"), for its name."""
        above = self.preamble(number)
        return next(
            (t for t in reversed(above) if t.rstrip().endswith(":") and len(t.split()) >= 4), ""
        )

    def nearest_title(self, block: RowBlock) -> str:
        """The nearest geography title above a block (within 80 lines), for its name."""
        above = self.lines[max(0, block.start - 80) : block.start]
        return next((line.text for line in reversed(above) if _is_title(line.text)), "")

    def years_above(self, number: int, width: int) -> _Columns | None:
        """A whole-year report's note prints its years once, over several tables: the nearest
        line above with years and nothing else."""
        start = self.blocks[number].start
        for line in reversed(self.lines[max(0, start - 80) : start]):
            if (
                YEAR.search(line.text)
                and _is_header(line.text)
                and not PERIOD_LABEL.search(line.text)
            ):
                return self._columns(line.text, width)
        return None

    def columns_of(self, number: int, labelled: list[ValueRow]) -> tuple[_Columns, int] | None:
        """A block's columns and how many values each row has: one per token, or fewer when
        spaces group thousands (`1 200 1 100` is two values)."""
        tokens = max((len(r.tokens) for r in labelled), default=0)
        comma = comma_decimal(labelled)
        for width in range(tokens, 0, -1):
            if width < tokens and not all(
                cell_value(row, 0, width, comma) is not None for row in labelled
            ):
                continue
            columns = self.header(number, width) or self.years_above(number, width)
            if columns is not None:
                return columns, width
        if labelled and all(len(r.tokens) == tokens for r in labelled):
            columns = self.total_column(number)
            if columns is not None:
                return columns, tokens
        return None

    def total_column(self, number: int) -> _Columns | None:
        """Columns of segments ending in their total, under one period (a US note's
        "Aeronautics MFC RMS Space Total" under "2022", each a line of its own above the
        table's title): the total column of that period."""
        start = self.blocks[number].start
        above = self.lines[max(0, start - 30) : start]
        for index in range(len(above) - 1, -1, -1):
            words = above[index].text.split()
            if (
                len(words) >= 2
                and _TOTAL_WORD.fullmatch(words[-1])
                and _is_header(above[index].text)
            ):
                if any(_NUMBER.match(w) and not _FOOTNOTE.fullmatch(w) for w in words):
                    return None
                # the period over the segments' names, which may take a line each
                for line in reversed(above[max(0, index - PERIOD_LINES) : index]):
                    if value_row(line) is not None:
                        return None
                    periods = read_periods(
                        line.text,
                        self.context.fiscal_year,
                        self.context.whole_year,
                        self.context.year_end,
                    )
                    if periods:
                        return _Columns(periods[:1], [], [], True) if len(periods) == 1 else None
                return None
        return None

    def shares_header(self, block: RowBlock) -> str | None:
        """The header line over a block that names places and their share of revenue (see
        `share_header`), among the header lines just above it; None without one."""
        above = self.lines[max(0, block.start - HEADER_LINES) : block.start]
        for line in reversed(above):
            if not _is_header(line.text) or value_row(line) is not None:
                return None
            if share_header(line.text):
                return line.text
        return None

    def read(self) -> list[GeoTable]:
        """Every table of revenue by place, one per fiscal year and block."""
        out: list[GeoTable] = []
        for number, block in enumerate(self.blocks):
            if not block.places or block.measure == "other":
                continue
            # percent values are shares only under a header that says so, else changes
            shares = self.shares_header(block)
            if percent_block(block.rows) and shares is None:
                continue
            if shares is not None:
                _without_percent_signs(block.rows)
            labelled = [r for r in block.rows if r.label]
            found = self.columns_of(number, labelled)
            if found is None:
                continue
            columns, width = found
            title = self.title(number)
            if columns.measures and "revenue" not in columns.measures:
                continue  # a table of orders, of employees ...
            if title is None and not shares and "revenue" not in [*columns.measures, block.measure]:
                continue
            following = [line.text for line in self.lines[block.end : block.end + 3]]
            columns.groups = _groups(following)
            named = title or _label_of(shares) or self.lead_in(number) or self.nearest_title(block)
            out += self._tables(named, block, columns, width, following, shares is not None)
        return out

    def _tables(
        self,
        title: str,
        block: RowBlock,
        columns: _Columns,
        width: int,
        following: list[str],
        shares_header: bool = False,
    ) -> list[GeoTable]:
        rows = block.rows
        above = " ".join(self.preamble(self.blocks.index(block)))
        # the line after the table may name its columns' shares ("A, % B, %"), never a sentence
        after = [t for t in following[:1] if len(t.split()) <= 12 and not t.rstrip().endswith(".")]
        share = shares_header or bool(_SHARE_WORDS.search(" ".join([title, *after])))
        share = share or any(set(r.tokens) == {"100"} for r in rows if not r.label)
        before = self.lines[max(0, block.start - 80) : block.start]
        dollars = any(r.dollars for r in rows)
        unit = unit_above(before, [above], dollars, self.context.default_currency)
        if unit is None and dollars:  # the unit the notes state at their head, for them all
            unit = next((u for i, u in reversed(self.notes_units) if i < block.start), None)
        if not share and unit is None:
            return []
        comma = comma_decimal(rows)
        tables = []
        for position, period in columns.pick(width).items():
            table = GeoTable(
                title=_LEAD_IN_START.sub("", " ".join(title.split())).rstrip(":"),
                page_id=rows[0].line.page_id,
                page_number=rows[0].line.page_number,
                period=period,
                basis="shares_of_total" if share else "amounts",
                currency=unit.currency if unit else None,
                decimals=decimals_of(rows, comma),
                exponent=unit.exponent if unit and not share else 0,
            )
            # a table read from an HTML table's rendered rows is kept only when it adds up to
            # its printed total: the rendered header can hide what tells columns apart (an
            # amount and its share under one year), so one that does not is likely misread
            rendered = any(r.line.rendered for r in rows)
            if _fill(table, rows, position, width, comma, unit) and (
                not rendered or table.adds_up() is True
            ):
                table.partial = shares_header and table.falls_short()
                tables.append(table)
        return tables


def _notes_units(lines: list[DocumentLine], default: str | None) -> list[tuple[int, Unit]]:
    """Where a US report's notes begin ("Notes to the Consolidated Financial Statements") and
    the unit stated just under that heading ("(Dollars in millions, except otherwise stated)"):
    the unit of every table of the notes that states none of its own. The PDF's text may break
    the unit into a line a word ("(Dollars" / "in" / "millions)"), so the lines are read
    together."""
    found = []
    for index, line in enumerate(lines):
        if _NOTES_HEADING.match(line.text):
            below = " ".join(b.text for b in lines[index + 1 : index + 1 + NOTES_UNIT_LINES])
            unit = unit_above([], [below], False, default)
            if unit is not None:
                found.append((index, unit))
    return found


def _label_of(header: str | None) -> str:
    """What a header line says before its periods ("Country, percentage of net sales"), for a
    table's name."""
    if header is None:
        return ""
    cut = [m.start() for m in (PERIOD_LABEL.search(header), YEAR.search(header)) if m]
    return header[: min(cut, default=len(header))].rstrip(" ¹²³⁴⁵⁶⁷⁸⁹⁰⁾)(*")


def _only_years(text: str) -> bool:
    return bool(YEAR.search(text)) and not re.sub(r"[¹²³⁴⁵⁶⁷⁸⁹⁰⁾()\d\s*]", "", YEAR.sub("", text))


def cell_value(row: ValueRow, position: int, width: int, comma: bool) -> Decimal | None:
    split = split_row(" ".join(["x", *row.tokens]), None, width)
    if split is None:
        return None
    printed = split.values[position]
    return None if printed is None else to_decimal(printed, comma)


def _fill(
    table: GeoTable, rows: list[ValueRow], position: int, width: int, comma: bool, unit: Unit | None
) -> bool:
    """Read the rows into the table; whether it is a table of places."""
    exponent = unit.exponent if unit and table.basis == "amounts" else 0
    places: list[Place] = []
    marked: dict[str, list[str]] = {}
    for index, row in enumerate(rows):
        value = cell_value(row, position, width, comma)
        if value is None:
            continue
        amount = value.scaleb(exponent)
        if _STOP.match(row.label):
            break
        nested = of_which(row.label)
        if nested is not None:
            place = classify(nested)
            if place is not None:
                table.lines.append(
                    GeoLine(place, amount, row.line.page_id, _parents(row, marked, table))
                )
            continue
        if len(row.label.split()) > 10:
            break  # a sentence with numbers in it, not a row
        if not row.label or (TOTAL_LABEL.match(row.label) and not classify(row.label)):
            if _SUBTOTAL.search(row.label):
                continue
            if table.total is not None:
                break
            table.total = amount
            continue
        place = classify(row.label)
        reconciles = (
            place is None
            and bool(places)
            and _total_next(rows[index + 1 :], position, width, comma)
        )
        if place is None and (ADJUSTMENT.search(row.label) or reconciles):
            if table.total is not None and table.lines:
                break  # after the total: what leads to another total ("segment revenues")
            place = Place("other", row.label)
        if place is None:
            if any(p.kind != "other" for p in places):
                break  # the table of places ended
            return False
        places.append(place)
        for mark in re.findall(r"[¹²³⁴⁵⁶⁷⁸⁹]", _raw_label(row)):
            marked.setdefault(mark, []).append(place.name)
        table.lines.append(GeoLine(place, amount, row.line.page_id))
        if table.total is not None:
            break
    return _enough_places(places)


def _total_next(rows: list[ValueRow], position: int, width: int, comma: bool) -> bool:
    """Whether the next row with a value is the table's total: a line between the places and
    their total that names no place reconciles them to it, as an adjustment does ("Estimated
    potential concessions and other considerations to 737 MAX customers", Boeing's revenue by
    customer location)."""
    for row in rows:
        if cell_value(row, position, width, comma) is None:
            continue
        return (
            bool(TOTAL_LABEL.match(row.label))
            and not _SUBTOTAL.search(row.label)
            and (classify(row.label) is None)
        )
    return False


def _raw_label(row: ValueRow) -> str:
    tokens = row.line.text.replace("|", " ").split()
    return " ".join(tokens[: len(tokens) - len(row.tokens)])


def _parents(row: ValueRow, marked: dict[str, list[str]], table: GeoTable) -> str:
    """The lines an "of which" line is part of: those carrying its footnote mark, else the line
    just above it."""
    mark = next(iter(re.findall(r"[¹²³⁴⁵⁶⁷⁸⁹]", _raw_label(row))), None)
    if mark and mark in marked:
        return "; ".join(marked[mark])
    plain = [line.place.name for line in table.lines if not line.included_in]
    return plain[-1] if plain else ""


# A table row as the EDGAR reader renders an HTML table (an HTML document added by manifest):
# `label: heading value; heading value`, each cell its column's heading and its value.
_RENDERED = re.compile(r"^(?P<label>[^:;]{1,150}?):\s+(?P<cells>[^:]+)$")
_RENDERED_CELL = re.compile(
    r"^(?P<heading>.*?)\s*(?P<value>[$€£]?\s?\(?[-−–]?\d[\d,.]*\)?%?|[-–—])$"
)


def _rendered_row(line: str) -> tuple[str, list[str], list[str]] | None:
    """A rendered table row as (label, its cells' headings, its values), or None for any other
    line (prose with a colon: its parts do not each end in a value)."""
    found = _RENDERED.match(line)
    if found is None:
        return None
    cells = [_RENDERED_CELL.match(cell.strip()) for cell in found["cells"].split("; ")]
    if not all(cells) or not re.search(r"[A-Za-zÅÄÖåäöÜü]", found["label"]):
        return None
    headings = [c["heading"] for c in cells if c]
    if any(len(h.split()) > 12 for h in headings):
        return None
    if len(cells) == 1 and not YEAR.search(headings[0]):
        return None  # "Revenue: up 5%" is prose
    return found["label"], headings, [c["value"].replace(" ", "") for c in cells if c]


def _header_of(headings: list[str]) -> str:
    """One header line for a rendered table's columns: the words their headings share first,
    then what tells each apart ("Year Ended December 31, 2022 2023 2024")."""
    split = [h.split() for h in headings]
    shared = 0
    while all(len(w) > shared + 1 and w[shared] == split[0][shared] for w in split):
        shared += 1
    return " ".join([*split[0][:shared], *(" ".join(w[shared:]) for w in split)])


def _rendered_lines(line: DocumentLine, before: str | None) -> list[DocumentLine]:
    """A rendered table row as a label and its values, after a header naming its columns when
    it is the first row of its table (the line before is no such row); any other line as it
    is."""
    row = _rendered_row(line.text)
    if row is None:
        return [line]
    label, headings, values = row
    lines = [replace(line, text=" ".join([label, *values]), rendered=True)]
    if any(headings) and (before is None or _rendered_row(before) is None):
        lines.insert(0, replace(line, text=_header_of(headings)))
    return lines


def document_lines(pages: list[tuple[str, int | None, str]]) -> list[DocumentLine]:
    """The lines of a document's pages (page id, number, text) in reading order; a release's
    markdown tables become rows of cells, their rule lines dropped; an HTML table's rendered
    rows become a header and rows of values, as a PDF prints them."""
    out: list[DocumentLine] = []
    for page_id, number, text in pages:
        raws = [raw.strip() for raw in text.splitlines() if raw.strip()]
        for index, line in enumerate(raws):
            if re.fullmatch(r"\|?[\s:|-]+\|?", line):
                continue
            if index in (0, len(raws) - 1) and re.fullmatch(r"\d{1,3}", line):
                continue  # the page's number, above or below its text
            if line.startswith("|"):
                line = " ".join(cell.strip() for cell in line.strip("|").split("|"))
            line = re.sub(r"\*\*|__|^#+\s*", "", line).strip()
            if line:
                before = raws[index - 1] if index else None
                out += _rendered_lines(DocumentLine(line, page_id, number), before)
    return out


def unglued(line: DocumentLine) -> list[DocumentLine]:
    """A PDF line that holds several rows of a table, each a label and the same number of values
    ("In Millions 2022 2021 2020 Net sales: United States $ 14,691.2 $ 13,496.9 $ 13,364.5
    Non-United States 4,301.6 4,630.1 4,262.1"; its years may open it bare: "2022 2021 2020 Net
    sales $ 18,992.8 ..."), as one line per row; any other line as it is."""
    parts: list[tuple[list[str], list[str]]] = []  # (label words, values)
    for token in line.text.split():
        value = _CURRENCY_SIGN.sub("", token)
        if token in ("$", "€", "£") or _NUMBER.match(value) or token in DASHES:
            if not parts:
                if not YEAR.fullmatch(token):
                    return [line]
                parts.append(([], []))  # the header's years, before the first row
            parts[-1][1].append(token)
        elif parts and not parts[-1][1]:
            parts[-1][0].append(token)
        else:
            parts.append(([token], []))
    counts = {sum(not re.fullmatch(r"[$€£]", t) for t in values) for _, values in parts}
    if len(parts) < 2 or len(counts) != 1 or counts.pop() < 2:
        return [line]
    bare_years = not parts[0][0] and all(YEAR.fullmatch(t) for t in parts[0][1])
    named = parts[1:] if bare_years else parts
    if not all(re.search(r"[A-Za-zÅÄÖåäö]", " ".join(label)) for label, _ in named):
        return [line]
    return [replace(line, text=" ".join([*label, *values])) for label, values in parts]


def read_geography_tables(
    pages: list[tuple[str, int | None, str]], context: DocumentContext
) -> list[GeoTable]:
    """Every revenue-by-place table of a document, one per period read, in reading order."""
    return TableReader(*table_reading(pages, context)).read()


def geography_tables_of(lines: list[DocumentLine], context: DocumentContext) -> list[GeoTable]:
    """`read_geography_tables` of a document's lines as `table_reading` gives them (read once
    for every reader of its tables)."""
    return TableReader(lines, context).read()


def table_reading(
    pages: list[tuple[str, int | None, str]], context: DocumentContext
) -> tuple[list[DocumentLine], DocumentContext]:
    """A document's lines as its tables are read (rows glued on one line apart), and its context
    with the month its fiscal year ends as its cover says it."""
    lines = [part for line in document_lines(pages) for part in unglued(line)]
    year_end = _year_end(lines[:YEAR_END_LINES])
    if year_end is not None and context.whole_year:
        context = replace(context, year_end=year_end)
    return lines, context


def _year_end(lines: list[DocumentLine]) -> int | None:
    """The month a document's fiscal year ends in, as its cover says it ("For the fiscal year
    ended January 28, 2023"), or None."""
    texts = [line.text for line in lines]
    # the date may take the next line ("FOR THE FISCAL YEAR ENDED" / "May 26, 2019")
    for joined in [*(f"{text} {after}" for text, after in pairwise(texts)), *texts[-1:]]:
        found = _FISCAL_YEAR_ENDED.search(joined)
        if found is not None:
            return MONTH_WORDS.get(found.group(1).lower()[:3])
    return None
