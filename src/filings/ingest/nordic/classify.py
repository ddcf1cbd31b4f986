"""What a Nordic document is: its type, fiscal year and quarter, and language, from the feed's
category and headline and the document's own first page."""

from __future__ import annotations

import re
from datetime import date

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_Q_PATTERNS = [
    re.compile(r"\b(first|second|third|fourth)[\s\-]+quarter(?:\s+report)?\s+(\d{4})", re.I),
    re.compile(r"\binterim\s+report\s+(first|second|third|fourth)\s+quarter\s+(\d{4})", re.I),
    re.compile(r"\bQ([1-4])\s*/?\s*(\d{4})\b", re.I),
    re.compile(r"\b(?:January|Jan)\s*[-–]\s*(March|June|September|December)\s+(\d{4})", re.I),
    # a span of months to a quarter's end, in English, Swedish or Finnish: `July–September
    # 2025`, `januari–september 2025`, `heinä–syyskuu 2025`
    re.compile(
        r"\b(?:january|jan|januari|tammi|april|apr|huhti|july|jul|juli|heinä|october|oct|oktober|"
        r"okt|loka)\w*\.?\s*[-–—]+\s*(march|mars|maalis|june|juni|kesä|september|sept|syys|"
        r"december|joulu)\w*\.?\s+(\d{4})",
        re.I,
    ),
]
_PERIOD_END_QUARTER = {
    "march": 1,
    "june": 2,
    "september": 3,
    "december": 4,
    "mars": 1,
    "juni": 2,
    "sept": 3,
    "maalis": 1,
    "kesä": 2,
    "syys": 3,
    "joulu": 4,
}
_ANNUAL = re.compile(
    r"\b(?:annual\s+report|financial\s+statements?\s+(?:bulletin|release)|"
    r"årsredovisning|tilinpäätöstiedote|vuosikertomus)\s+(\d{4})\b",
    re.I,
)
# A report of a whole fiscal year, whatever it is called: the year it names is its fiscal year
# (a year-end report published in February 2025 is fiscal year 2024).
_M = r"\s*[-–—]+\s*"
_YEAR_END = [
    re.compile(
        rf"\b(?:year[- ]end|full[- ]year|annual)\s+report(?:\s+for)?"
        rf"(?:\s+(?:january|jan)\.?{_M}(?:december|dec)\.?)?,?\s+(\d{{4}})\b",
        re.I,
    ),
    re.compile(r"\b(\d{4})\s+(?:year[- ]end|full[- ]year)\s+report\b", re.I),
    re.compile(rf"\bbokslutskommunik[ée](?:\s+januari{_M}december)?\s+(\d{{4}})\b", re.I),
    re.compile(rf"\btilinpäätöstiedote(?:\s+tammi{_M}joulukuu)?\s+(\d{{4}})\b", re.I),
    re.compile(
        rf"\bfinancial\s+statements?\s+(?:bulletin|release|review)(?:\s+for)?\s+"
        rf"(?:(?:1\s+)?january(?:\s+1)?,?{_M}(?:31\s+)?december(?:\s+31)?,?\s+)?(\d{{4}})\b",
        re.I,
    ),
    re.compile(
        rf"\b(?:interim\s+report|report|delårsrapport|osavuosikatsaus)\s+"
        rf"(?:october|oct|oktober|okt|loka){_M}(?:december|dec|joulukuu)\s+(\d{{4}})\b",
        re.I,
    ),
    re.compile(
        rf"\b(?:january|jan|januari|tammi){_M}(?:december|dec|joulukuu)\s+(\d{{4}})\b", re.I
    ),
    re.compile(r"\b1\.1\.\s*[-–—]+\s*31\.12\.\s*(\d{4})\b"),
    re.compile(
        r"\b(?:fourth[\s-]+quarter|Q4)(?:\s+(?:and|&)\s+(?:the\s+)?(?:full[\s-]+year|year[\s-]+end))?"
        r"(?:\s+(?:report|results|of|for))*\s*/?\s*(\d{4})\b",
        re.I,
    ),
    # Swedish and Finnish names of a year's report: Årsbokslut, Bokslutsrapport, Helårsrapport,
    # Fjärde kvartalet 2024, Neljännen neljänneksen tulos 2024
    re.compile(r"\b(?:årsbokslut|bokslutsrapport|helårsrapport)\s+(\d{4})\b", re.I),
    re.compile(
        r"\b(?:fjärde\s+kvartalet|neljännen\s+(?:vuosi)?neljänneksen(?:\s+\w+)?)\s+(\d{4})\b",
        re.I,
    ),
    # a span of months to December, whatever names the report (`loka–joulukuu 2024`)
    re.compile(
        rf"\b(?:october|oct|oktober|okt|loka|july|jul|juli|heinä|january|jan|januari|tammi)"
        rf"\w*\.?{_M}(?:december|dec|joulu)\w*\.?\s+(\d{{4}})\b",
        re.I,
    ),
    re.compile(r"\bfinancial\s+statements\s+(\d{4})\b", re.I),
    # "Interim Report 1 October 2023 - 31 December 2024": a report to a year's last day
    re.compile(
        rf"\b(?:report|release|bulletin|rapport|katsaus|tiedote)\s+\d{{1,2}}\.?\s+\w+(?:\s+\d{{4}})?"
        rf"{_M}31\.?\s+(?:december|dec|joulukuuta)\s+(\d{{4}})\b",
        re.I,
    ),
]
_YEAR = re.compile(r"\b(20\d{2}|19\d{2})\b")
_WORDS = {
    "sv": {"och", "att", "för", "med", "som", "av", "är", "rörelseresultat", "nettoomsättning"},
    "fi": {"ja", "on", "liikevaihto", "liikevoitto", "vuonna", "yhtiön", "oli", "että"},
    "en": {"and", "the", "of", "to", "in", "for", "with", "revenue", "profit"},
}


def quarter_in(text: str) -> tuple[int, int] | None:
    """(fiscal year, quarter) named in a text: `Third-quarter report 2023` -> (2023, 3)."""
    for pattern in _Q_PATTERNS:
        match = pattern.search(text)
        if match:
            label, year = match.group(1).lower(), int(match.group(2))
            quarter = ORDINALS.get(label) or _PERIOD_END_QUARTER.get(label) or int(label)
            return year, quarter
    return None


def year_end_in(text: str) -> int | None:
    """The fiscal year a year-end report or financial statements release names: `Year-end
    report 2024`, `2024 Year-end report`, `Tilinpäätöstiedote 2024`, `Bokslutskommuniké
    2024`, `Financial Statement Bulletin January 1 - December 31, 2024`, `Interim Report
    October-December 2024`, `Q4 2024`."""
    for pattern in _YEAR_END:
        match = pattern.search(text[:1500])
        if match:
            return int(match.group(1))
    return None


def document_type(kind: str, category: str, headline: str, first_page: str) -> str:
    """annual_report, interim_report or stock_exchange_release."""
    if kind == "release":
        return "stock_exchange_release"
    text = f"{category}\n{headline}\n{first_page[:1500]}".lower()
    if "interim report" in text or "quarter report" in text or "quarterly report" in text:
        return "interim_report"
    if "annual report" in text or "annual financial" in text or "årsredovisning" in text:
        return "annual_report"
    return "stock_exchange_release"


def fiscal_period(
    doc_type: str, headline: str, first_page: str, published: date | None
) -> tuple[int | None, int | None]:
    """(fiscal year, quarter); a quarter only for interim reports."""
    for text in (headline, first_page[:3000]):
        if doc_type == "interim_report" and (found := quarter_in(text)):
            return found
        if (annual := _ANNUAL.search(text)) is not None:
            return int(annual.group(1)), None
        if doc_type != "interim_report" and (year := year_end_in(text)) is not None:
            return year, None
    if doc_type == "stock_exchange_release" and published is not None:
        return published.year, None
    years = [int(y) for y in _YEAR.findall(f"{headline}\n{first_page[:3000]}")]
    return (max(years), None) if years else (published.year if published else None, None)


def reporting_quarter(doc_type: str, headline: str, first_page: str) -> int | None:
    """The quarter a document reports on, for reading its tables: an interim report's, or an
    interim report published as a release ("Interim report January-September 2025"); None
    for a year-end report or any other release."""
    for text in (headline, first_page[:3000]):
        if year_end_in(text) is not None or _ANNUAL.search(text):
            return None
        found = quarter_in(text)
        if found is not None and (doc_type == "interim_report" or found[1] < 4):
            return found[1]
    return None


def detect_language(text: str, declared: str | None) -> str:
    """The feed's language, else the one whose common words the text uses most."""
    if declared:
        return declared.lower()[:2]
    words = re.findall(r"[a-zåäö]+", text.lower())
    scores = {lang: sum(w in vocab for w in words) for lang, vocab in _WORDS.items()}
    return max(scores, key=lambda lang: scores[lang])
