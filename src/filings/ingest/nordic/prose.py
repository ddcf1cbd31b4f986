"""Figures stated in the bullet lists of a report's highlights ("Net sales totaled EUR 56.8
(59.7) million", "Orders received reached MSEK 40 517 (42 080)") and a board's dividend
proposal, where they are unambiguous.

A bullet is read when the heading above it names its period (`Q4 2024`, `Third quarter`,
`January-December 2024`, `Year 2024`), its subject is a metric's label with nothing that
qualifies it (adjusted, excluding ...), and one amount with a currency or unit follows, with
the comparison period's amount in parentheses. Anything else is left out: an outlook, a
target, a change in per cent, two amounts for one subject.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from filings.core.metrics import BALANCE_KEYS, PER_SHARE_KEYS, metric_unit
from filings.ingest.nordic.classify import year_end_in
from filings.ingest.nordic.documents import DocumentText
from filings.ingest.nordic.labels import metrics_for_label
from filings.ingest.nordic.periods import (
    ORDINAL_QUARTERS,
    Column,
    header_items,
    quarter_column,
    span_column,
)
from filings.ingest.nordic.tables import Unit, clean_spaces, to_decimal
from filings.ingest.standardize.rows import MetricRow

BALANCES = BALANCE_KEYS | {"order_book", "investment_properties"}
HIGHLIGHT_PAGES = 4  # a report's highlights and the dividend proposal open it
_BULLET = re.compile(r"^\s*(?:[•·▪●◦■*\-–]|\d\)|\(\w\))\s+")
_QUARTER_WORDS = re.compile(
    r"\b(first|second|third|fourth|första|andra|tredje|fjärde|ensimmäinen|toinen|kolmas|"
    r"neljäs)\s+(?:quarter|kvartalet|kvartal|vuosineljännes|neljännes)",
    re.I,
)
_NOT_ACTUAL = re.compile(
    r"outlook|guidance|target|forecast|expect|utsikter|prognos|framtid|näkymät|ohjeistus|"
    r"tavoite|events after|after the (?:end|period)|efter periodens|katsauskauden jälkeen|"
    r"strategy|ambition|proposal|dividend",
    re.I,
)
_NUMBER = r"[-−–]?\(?\d[\d\s]*(?:[.,]\d+)*\)?"
_CUR = r"(?:MSEK|MEUR|MNOK|TSEK|TEUR|KSEK|SEK|EUR|NOK|DKK|USD|€)"
_SCALE = (
    r"(?:million|millions|billion|bn|thousand|miljoner|miljarder|miljoonaa|milj\.|"
    r"miljardia|tuhatta|m|b\.?)"
)
_AFTER = r"(?:MSEK|MEUR|Mkr|mkr|Mdkr|TSEK|TEUR|tkr|Tkr|SEK|EUR|NOK|DKK|€|euros?|euroa|kronor)"
_AMOUNT = re.compile(
    rf"(?P<cur1>{_CUR})\s*(?P<value>{_NUMBER})\s*(?P<scale1>{_SCALE})?\s*(?:{_CUR}\s*)?"
    rf"(?:\(\s*(?:{_CUR})?\s*(?P<prior>{_NUMBER})\s*(?P<scale2>{_SCALE})?\s*(?:{_CUR})?\s*\))?"
    rf"\s*(?P<scale3>{_SCALE}(?:\s+(?:euros?|euroa|kronor))?)?"
    rf"|(?P<value2>{_NUMBER})\s*(?P<scale4>{_SCALE})?\s*(?P<cur2>{_AFTER})"
    rf"\s*(?:\(\s*(?P<prior2>{_NUMBER})\s*(?:{_AFTER})?\s*\))?"
    rf"|(?P<value3>{_NUMBER})\s*\(\s*(?P<prior3>{_NUMBER})\s*\)\s*(?P<scale5>{_SCALE})?\s*"
    rf"(?P<cur3>{_AFTER})",
    re.I,
)
_VERBS = re.compile(
    r"\s+(?:was|were|is|are|amounted|totall?ed|totaling|reached|stood|came|landed|"
    r"increased|decreased|rose|fell|grew|declined|improved|weakened|strengthened|dropped|"
    r"climbed|remained|uppgick|ökade|minskade|steg|sjönk|var|blev|landade|förbättrades|"
    r"försämrades|oli|nousi|laski|kasvoi|parani|heikkeni|vahvistui|väheni|at|of)\b.*$",
    re.I,
)
_DIVIDEND = re.compile(
    r"propos\w*.{0,80}?dividend|dividend.{0,40}?propos\w*|föresl\w*.{0,60}?utdelning|"
    r"ehdott\w*.{0,60}?osinko",
    re.I,
)
_DIVIDEND_FIRST = re.compile(
    rf"dividend per share[:,]?\s*(?:of\s+)?(?P<cur>{_CUR})\s*(?P<value>\d+[.,]\d+)"
    rf"(?:\s*\(\s*(?:{_CUR})?\s*(?P<prior>\d+[.,]\d+)\s*\))?",
    re.I,
)
_DIVIDEND_AMOUNT = re.compile(
    rf"(?:(?P<cur>{_CUR})\s*(?P<value>\d+[.,]\d+)|(?P<value2>\d+[.,]\d+)\s*(?P<cur2>{_CUR}|euros?|"
    rf"euroa|kronor|kr))\s*(?:\(\s*(?:{_CUR})?\s*(?P<prior>\d+[.,]\d+)\s*(?:{_CUR})?\s*\)\s*)?"
    r"(?:per share|a share|per aktie|osakkeelta|per osake)"
    rf"(?:\s*\(\s*(?:{_CUR})?\s*(?P<prior2>\d+[.,]\d+)\s*(?:{_CUR})?\s*\))?",
    re.I,
)
_FOR_YEAR = re.compile(
    r"for (?:the )?(?:financial |fiscal )?year (\d{4})|för (?:räkenskapsåret|verksamhetsåret) "
    r"(\d{4})|tilikaudelta (\d{4})|for (\d{4})",
    re.I,
)


@dataclass(frozen=True)
class Style:
    """How a document prints its numbers: a decimal comma, and points that group thousands
    ("SEK 4.174 million" for SEK 4,174 million)."""

    comma: bool = False
    point_groups: bool = False


def _currency(text: str) -> str:
    lowered = text.lower()
    if "eur" in lowered or lowered in ("€", "euro", "euros", "euroa"):
        return "EUR"
    if lowered in ("kronor", "kr", "mkr", "mdkr", "tkr") or "sek" in lowered:
        return "SEK"
    return lowered[-3:].upper()


def _exponent(currency: str, scale: str | None) -> int:
    prefixed = currency.upper()
    if prefixed in ("MSEK", "MEUR", "MNOK", "MKR"):
        return 6
    if prefixed in ("TSEK", "TEUR", "KSEK", "TKR"):
        return 3
    if prefixed == "MDKR":
        return 9
    word = (scale or "").lower().split()[0] if scale and scale.strip() else ""
    if word.startswith(("miljard", "billion", "bn")) or word in ("b", "b."):
        return 9
    if word.startswith(("million", "miljon", "miljoon", "milj")) or word == "m":
        return 6
    if word.startswith(("thousand", "tuhat")):
        return 3
    return 0


def _number(text: str, comma: bool, point_groups: bool = False) -> Decimal | None:
    digits = text.strip()
    if point_groups and re.fullmatch(r"[-−–]?\d{1,3}(?:\.\d{3})+", digits):
        digits = digits.replace(".", "")  # "4.174" in a document that groups by points
    if not comma and re.fullmatch(r"[-−–]?\d+,\d{1,2}", digits):
        comma = True  # "56,8" in Finnish or Swedish prose
    if comma and re.fullmatch(r"[-−–]?\d{1,3}(?:,\d{3})+", digits):
        comma = False
    return to_decimal(digits.replace(" ", ""), comma)


def heading_period(text: str, year: int, quarter: int | None) -> Column | None:
    """The period a highlights heading names, or None."""
    if _NOT_ACTUAL.search(text) or len(text) > 90:
        return None
    years = [int(y) for y in re.findall(r"\b(20\d\d|19\d\d)\b", text)]
    if len(set(years)) > 1:
        return None
    the_year = years[0] if years else year
    ordinal = _QUARTER_WORDS.search(text)
    if ordinal:
        return quarter_column(ORDINAL_QUARTERS[ordinal.group(1).lower()], the_year)
    for item in header_items(text):
        column = item.column
        if column is None or item.skip or column.kind == "instant":
            continue
        if column.kind in ("quarter", "ytd", "annual"):
            return Column(
                column.kind, column.year or the_year, column.first_month, column.last_month
            )
    lowered = text.lower()
    if re.search(r"\bnine months|jan\w*[-–]\s?sep", lowered):
        return span_column(1, 9, the_year)
    if re.search(r"\bthe quarter\b|kvartalet i korthet|neljännes lyhyesti", lowered) and quarter:
        return quarter_column(quarter, the_year)
    if re.search(r"\b(?:full[- ]year|the year|year|helåret|vuosi|koko vuosi)\b", lowered) or (
        years
        and re.fullmatch(r"[\W\d]*(?:highlights|in|of|year|helår|vuosi|\s)*\d{4}[\W]*", lowered)
    ):
        return Column("annual", the_year)
    return None


_APPROXIMATE = re.compile(
    r"\b(?:approximately|approx\.|about|around|roughly|some|over|more than|less than|almost|"
    r"nearly|cirka|ca\.|omkring|drygt|nästan|noin|yli|lähes|runsaat)\b",
    re.I,
)
_YEAR_WORDS = re.compile(
    r"\b(?:full[- ]year|for the year|the year|annual|helåret|helår|koko vuoden|vuonna|"
    r"tilikaudella)\b",
    re.I,
)
_PART_WORDS = re.compile(
    r"\b(?:quarter|q[1-4]|kvartal\w*|neljännes\w*|nine months|first half|half[- ]year|"
    r"niomånaders|ensimmäisellä|toisella|kolmannella|neljännellä)\b",
    re.I,
)


def _other_period(clause: str, column: Column) -> bool:
    """Whether a clause names a period other than its heading's (a year's figure under a
    quarter's heading, another year)."""
    years = {int(y) for y in re.findall(r"\b(20\d\d|19\d\d)\b", clause)}
    if years - {column.year, column.year - 1}:
        return True
    if column.kind == "annual":
        return bool(_PART_WORDS.search(clause))
    return bool(_YEAR_WORDS.search(clause))


def _subject(clause: str) -> str:
    subject = _VERBS.sub("", clause).strip(" ,:;")
    subject = re.sub(r"^(?:the|group's|group|koncernens|konsernin)\s+", "", subject, flags=re.I)
    return subject


def _bullet_rows(
    clause: str, column: Column, style: Style, docid: str
) -> Iterator[tuple[str, Decimal, Column, Unit]]:
    match = _AMOUNT.search(clause)
    if match is None or clause[: match.start()].count("(") != clause[: match.start()].count(")"):
        return
    label = _subject(clause[: match.start()])
    if _APPROXIMATE.search(clause[: match.start() + 12]) or _other_period(clause, column):
        return
    keys = metrics_for_label(label)
    if len(keys) != 1 or re.search(r"\d", label):
        return
    if len(_AMOUNT.findall(clause[match.end() :].split(" and ")[0])) > 0:
        return  # a second amount for the same subject: not unambiguous
    groups = match.groupdict()
    currency_text = groups["cur1"] or groups["cur2"] or groups["cur3"] or ""
    currency = _currency(currency_text)
    scales = ("scale1", "scale3", "scale4", "scale5", "scale2")
    scale = next((groups[g] for g in scales if groups[g]), None)
    exponent = _exponent(currency_text, scale)
    printed = groups["value"] or groups["value2"] or groups["value3"] or ""
    value = _number(printed, style.comma, style.point_groups)
    prior_text = groups["prior"] or groups["prior2"] or groups["prior3"]
    key = keys[0]
    if key in PER_SHARE_KEYS:
        exponent = 0
    elif exponent == 0:
        return  # an amount with no scale: not a key figure's printing
    elif re.fullmatch(r"[-−–]?\d{1,3}\.\d{3}", printed.strip()) and not style.point_groups:
        return  # "SEK 4.174 million": a thousands separator or three decimals, unsure
    unit = Unit(currency, exponent)
    previous = Column(column.kind, column.year - 1, column.first_month, column.last_month)
    if key in BALANCES:  # a balance at the end of the period (and of the one before)
        column, previous = _instant(column), _instant(previous)
    if value is not None:
        yield key, value, column, unit
    prior = _number(prior_text, style.comma, style.point_groups) if prior_text else None
    if prior is not None:
        yield key, prior, previous, unit


def _instant(column: Column) -> Column:
    end = column.end
    return Column("instant", end.year, last_month=end.month, day=end.day)


def _row(
    key: str, label: str, value: Decimal, column: Column, unit: Unit, docid: str, line: str
) -> MetricRow:
    scaled = value if key in PER_SHARE_KEYS else value.scaleb(unit.exponent)
    if scaled == scaled.to_integral_value():
        scaled = scaled.quantize(Decimal(1))
    source = f"{docid} page 1 (text: {line[:80].strip()})"
    if unit.rounded:
        source = f"{docid} page 1 (rounded: printed in {unit.currency} billions)"
    return MetricRow(
        metric_key=key,
        period_kind=column.kind,
        period_start=column.start,
        period_end=column.end,
        fiscal_year=column.end.year,
        fiscal_quarter=None if column.kind == "annual" else column.quarter,
        value=scaled,
        unit=metric_unit(key, unit.currency),
        currency=unit.currency,
        metric_name=label,
        source=source,
        page_id=f"{docid}_1",
    )


def _pages(text: DocumentText) -> list[tuple[int, str]]:
    if text.kind == "release":
        return [(1, text.pages[0])]
    return list(enumerate(text.pages[:HIGHLIGHT_PAGES], start=1))


_CLAUSES = re.compile(
    r"(?<=[)\d%a-z])[.;]\s+|,\s+(?=and\s)|\s+and\s+(?=[A-Za-z])|"
    r",?\s+(?=(?:which\s+)?(?:corresponds?|corresponding|equivalent)\s+to\s)"
)
_PER_SHARE = re.compile(
    rf"(?:(?:which\s+)?(?:corresponds?|corresponding|equivalent)\s+to\s+)?"
    rf"(?:{_CUR})?\s*(?P<value>[-−–]?\d+[.,]\d+)\s*(?:{_CUR})?\s*"
    rf"(?:\(\s*(?:{_CUR})?\s*(?P<prior>[-−–]?\d+[.,]\d+)\s*(?:{_CUR})?\s*\))?\s*"
    r"(?P<what>per share(?:,?\s*(?:before|after) dilution|,?\s*(?:basic|diluted))?|"
    r"(?:before|after) dilution)",
    re.I,
)
# "earnings per share of SEK 5.55 (-0.09)": the words first, then the amount
_PER_SHARE_NAMED = re.compile(
    r"(?P<what>(?:earnings|profit|result)\s+per\s+share(?:,?\s*(?:basic|diluted|(?:before|after)"
    rf"\s+dilution))?)\s*(?:of|was|were|amounted\s+to|totall?ed|:)?\s*(?:{_CUR})\s*"
    rf"(?P<value>[-−–]?\d+[.,]\d+)\s*(?:\(\s*(?:{_CUR})?\s*(?P<prior>[-−–]?\d+[.,]\d+)\s*\))?",
    re.I,
)
_HEADING = re.compile(r"^(?:\*\*|#)")


def title_period(title: str | None, year: int) -> Column | None:
    """The quarter a release's title names (`Interim Report October-December 2024`, `Q4
    2024`), for the bullets printed before any heading; a year-end report's title does not
    say whether its first bullets are the quarter or the year."""
    if not title:
        return None
    column = heading_period(title, year, None)
    return column if column is not None and column.kind == "quarter" else None


_MILLIONS = re.compile(
    rf"(?:{_CUR})\s*(\d[\d.,]*)\s*(?:million|miljoner|miljoonaa|milj\.)|"
    r"\b(?:MSEK|MEUR|MNOK)\s*(\d[\d.,]*)|(\d[\d.,]*)\s*(?:MSEK|MEUR|Mkr|mkr)\b",
    re.I,
)


def number_style(text: DocumentText, comma: bool) -> Style:
    """A document groups thousands with points when its amounts in millions that have a point
    all have three digits after it, and it also prints whole millions without a separator
    ("SEK 452 million"): a writer who printed millions to three decimals would not print
    others as whole numbers. A single decimal anywhere ("SEK 56.8 million") says the point
    is a decimal point, and then "4.174" stays unsure."""
    if comma:
        return Style(comma=True)
    grouped = decimal = whole = 0
    for match in _MILLIONS.finditer("\n".join(text.pages)):
        digits = next(g for g in match.groups() if g).rstrip(".,")
        if re.fullmatch(r"\d{1,3}(?:\.\d{3})+", digits):
            grouped += 1
        elif re.fullmatch(r"\d+[.,]\d{1,2}", digits):
            decimal += 1
        elif re.fullmatch(r"\d{2,}", digits):
            whole += 1
    return Style(point_groups=grouped > 0 and decimal == 0 and whole > 0)


def prose_figures(
    text: DocumentText, year: int, quarter: int | None, comma: bool = False
) -> list[MetricRow]:
    """Figures of the highlights' bullet lists and the dividend proposal."""
    style = number_style(text, comma)
    rows: list[MetricRow] = []
    lead: list[str] = []  # a year-end report's first bullets, under no heading
    year_end = quarter is None and year_end_in(text.title or text.pages[0][:1500]) == year
    for number, page in _pages(text):
        period = title_period(text.title, year) if number == 1 else None
        leading = number == 1 and period is None and year_end
        from_heading = False
        for raw in page.split("\n"):
            line = clean_spaces(raw).replace("\\*", "*").strip()
            if not line:
                continue
            if not _BULLET.match(line):
                plain = line.replace("**", "").strip()
                if len(plain) <= 90 and not plain.endswith("."):
                    named = heading_period(plain, year, quarter)
                    if named is not None:
                        period, from_heading, leading = named, True, False
                    elif from_heading or _HEADING.match(line):
                        period, leading = None, leading and not lead
                rows.extend(_dividends(plain, text.docid, number, year, quarter))
                continue
            body = _BULLET.sub("", line).replace("**", "")
            rows.extend(_dividends(body, text.docid, number, year, quarter))
            if period is not None:
                rows.extend(_bullet(body, period, style, text.docid, number))
            elif leading:
                lead.append(body)
    if lead:
        found = _lead_period(lead, text, year, style, rows)
        if found is not None:
            for body in lead:
                rows.extend(_bullet(body, found, style, text.docid, 1))
    return rows


_M = r"\s*[-–—]\s*"
_STATED_PERIOD = re.compile(
    r"\s*\b(?:for|in|during|of|under|i|för)?\s*(?:the\s+)?(?P<what>"
    r"(?P<q>(?:fourth|fjärde|neljännen|neljäs)\s+(?:quarter|kvartalet|vuosineljänneksen|"
    rf"vuosineljännes|neljänneksen)|Q4|(?:october|oktober|loka){_M}(?:december|joulukuu)\w*)|"
    r"(?:first|second|third|första|andra|tredje|ensimmäisen|toisen|kolmannen)\s+(?:quarter|"
    r"kvartalet|vuosineljänneksen)|Q[1-3]|"
    r"(?P<y>full[- ]year|whole year|helåret|koko vuoden|koko vuonna|"
    rf"(?:january|januari|tammi){_M}(?:december|joulukuu)\w*))"
    r"(?:\s+(?:of\s+)?(?P<year>20\d\d))?\b",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])[\"”’]?\s+(?=[\"“”A-ZÅÄÖ])")


def _lead_period(
    lead: list[str], text: DocumentText, year: int, style: Style, headed: list[MetricRow]
) -> Column | None:
    """Whether a year-end report's first bullets, which no heading dates, are the fourth
    quarter or the year, from what the document states elsewhere with a period named ("Rental
    income for the fourth quarter amounted to SEK 1.059 million", a "Full year" heading's
    bullets): a figure stated for the quarter that the bullet repeats makes them the
    quarter's, one that differs makes them the year's (and the other way round for the year).
    Every such comparison must agree; with none, the bullets are left unread."""
    fourth, annual = quarter_column(4, year), Column("annual", year)
    read = {
        key: (value, unit)
        for body in lead
        for clause in _CLAUSES.split(body)
        for key, value, column, unit in _bullet_rows(clause, annual, style, text.docid)
        if column == annual and key not in BALANCES
    }
    stated = [
        (row.metric_key, Decimal(row.value), row.period_start, row.period_end)
        for row in headed
        if row.metric_key in read and row.metric_key != "dividend_per_share"
    ]
    lead_lines = set(lead)
    for page in text.pages:
        for raw in page.split("\n"):
            line = _BULLET.sub("", clean_spaces(raw).replace("**", "")).strip()
            if not line or line in lead_lines:
                continue
            for sentence in _SENTENCE.split(line):
                stated.extend(_stated(sentence, year, style, text.docid, fourth, annual))
    votes = set()
    for key, value, start, end in stated:
        if key not in read:
            continue
        printed, unit = read[key]
        scaled = printed if key in PER_SHARE_KEYS else printed.scaleb(unit.exponent)
        precision = Decimal(1).scaleb(int(printed.as_tuple().exponent) + unit.exponent)
        same = (
            abs(scaled - value) <= precision / 2 if key not in PER_SHARE_KEYS else (scaled == value)
        )
        is_quarter = (start, end) == (fourth.start, fourth.end)
        votes.add(fourth if same == is_quarter else annual)
    return votes.pop() if len(votes) == 1 else None


def _stated(
    sentence: str, year: int, style: Style, docid: str, fourth: Column, annual: Column
) -> Iterator[tuple[str, Decimal, date | None, date]]:
    """The figures a sentence states for a period it names (the quarter or the year)."""
    match = _STATED_PERIOD.search(sentence)
    if match is None or (match.group("year") and int(match.group("year")) != year):
        return
    if match.group("y"):
        column = annual
    elif match.group("q"):
        column = fourth
    else:
        return  # another quarter: nothing to compare a year-end report's bullets with
    clause_text = (sentence[: match.start()] + sentence[match.end() :]).strip('"“”’ ')
    for clause in _CLAUSES.split(clause_text):
        for key, value, found, unit in _bullet_rows(clause, column, style, docid):
            if found == column:
                scaled = value if key in PER_SHARE_KEYS else value.scaleb(unit.exponent)
                yield key, scaled, column.start, column.end


def _bullet(body: str, period: Column, style: Style, docid: str, page: int) -> list[MetricRow]:
    """The figures of one bullet: each clause's subject and amount; an amount per share that
    a profit clause "corresponds to" is its earnings per share."""
    out: list[MetricRow] = []
    subject_key: str | None = None
    for clause in _CLAUSES.split(body):
        if re.match(
            r"^(?:which\s+)?(?:corresponds?|corresponding|equivalent)\s+to\b|^(?:and\s+)?[A-Z]{3}\s*[-−–]?\d",
            clause,
        ):
            if subject_key in ("net_income", "net_income_to_parent"):
                out.extend(_earnings_per_share(clause, period, docid, page, body))
            continue
        found = list(_bullet_rows(clause, period, style, docid))
        for key, value, column, unit in found:
            subject_key = key
            row = _row(key, _subject(clause), value, column, unit, docid, body)
            out.append(_on_page(row, docid, page))
        if (
            not found
            and re.search(r"dilution|per share", clause, re.I)
            and subject_key
            in (
                "net_income",
                "net_income_to_parent",
            )
        ):
            out.extend(_earnings_per_share(clause, period, docid, page, body))
    return out


def _earnings_per_share(
    clause: str, period: Column, docid: str, page: int, body: str
) -> list[MetricRow]:
    out: list[MetricRow] = []
    matches = list(_PER_SHARE.finditer(clause)) or list(_PER_SHARE_NAMED.finditer(clause))
    for match in matches:
        what = match.group("what").lower()
        key = "eps_diluted" if re.search(r"after dilution|diluted", what) else "eps_basic"
        currency = re.search(r"\b(SEK|EUR|NOK|DKK|USD)\b", clause) or re.search(
            r"\b(SEK|EUR|NOK|DKK|USD)\b", body
        )
        if currency is None:
            continue
        unit = Unit(currency.group(1), 0)
        for text_value, column in (
            (match.group("value"), period),
            (
                match.group("prior"),
                Column(period.kind, period.year - 1, period.first_month, period.last_month),
            ),
        ):
            value = _number(text_value, False) if text_value else None
            if value is not None:
                row = _row(key, "Earnings per share", value, column, unit, docid, body)
                out.append(_on_page(row, docid, page))
    return out


def _on_page(row: MetricRow, docid: str, page: int) -> MetricRow:
    from dataclasses import replace

    return replace(
        row, page_id=f"{docid}_{page}", source=row.source.replace("page 1", f"page {page}")
    )


def _dividends(
    sentence: str, docid: str, page: int, year: int, quarter: int | None
) -> Iterator[MetricRow]:
    """A board's proposed ordinary dividend per share for a fiscal year (and the year
    before's, in parentheses)."""
    if (quarter is not None and quarter < 4) or not _DIVIDEND.search(sentence):
        return
    if re.search(r"extra|additional|special|extraordinary", sentence, re.I):
        return
    amounts = list(_DIVIDEND_AMOUNT.finditer(sentence)) or list(_DIVIDEND_FIRST.finditer(sentence))
    if len(amounts) > 1:  # "an increase of SEK 0.25 per share to SEK 3.75 per share"
        amounts = [a for a in amounts if re.search(r"\bto\s*$", sentence[: a.start()])]
    if len(amounts) != 1:
        return
    match = amounts[0]
    for_year = _FOR_YEAR.search(sentence)
    fiscal = int(next(g for g in for_year.groups() if g)) if for_year else year
    groups = match.groupdict()
    currency = _currency(groups.get("cur") or groups.get("cur2") or "")
    value = _number(groups.get("value") or groups.get("value2") or "", False)
    prior_text = groups.get("prior") or groups.get("prior2")
    unit = Unit(currency, 0)
    if value is not None:
        row = _row(
            "dividend_per_share",
            "Dividend per share (proposed)",
            value,
            Column("annual", fiscal),
            unit,
            docid,
            sentence,
        )
        yield _on_page(row, docid, page)
    prior = _number(prior_text, False) if prior_text else None
    if prior is not None:
        row = _row(
            "dividend_per_share",
            "Dividend per share",
            prior,
            Column("annual", fiscal - 1),
            unit,
            docid,
            sentence,
        )
        yield _on_page(row, docid, page)
