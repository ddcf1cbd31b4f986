"""Reading an ESEF report: the inline-XBRL documents of one report (one XHTML file, or an
inline XBRL document set), with the project's inline-XBRL reader.

What is kept: every numeric fact (value exact as Decimal, after the transformation rule of its
registry, `scale` and `sign`), with its period, unit, `decimals`, whether it has dimensions, and
the label the issuer printed on its row; the reporting entity (the LEI of the contexts'
identifier, the mandatory name and country facts), the report's language and title. A fact
whose value cannot be read is left out and named in `problems`; a document that is not
well-formed XHTML or declares a DTD refuses the whole report.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from lxml import etree

from filings.core.errors import MalformedInput
from filings.core.ids import normalize_lei
from filings.ingest.esef.taxonomy import concept_key
from filings.ingest.esef.vocabulary import country_of
from filings.ingest.xbrl.inline import (
    nonfraction_value,
    nonnumeric_text,
    parse_xml_without_dtd,
    read_contexts,
    read_units,
    resolve_name,
)
from filings.ingest.xbrl.model import IX, XBRLI, XSI, Context
from filings.ingest.xbrl.transforms import registry_rule

XHTML = "http://www.w3.org/1999/xhtml"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
LEI_SCHEME = "http://standards.iso.org/iso/17442"
NAME_CONCEPT = "ifrs-full:NameOfReportingEntityOrOtherMeansOfIdentification"
COUNTRY_CONCEPTS = ("ifrs-full:CountryOfIncorporation", "ifrs-full:DomicileOfEntity")
_CELLS = (f"{{{XHTML}}}td", f"{{{XHTML}}}th")
_LETTER = re.compile(r"[^\W\d_]")
MAX_LABEL = 300


@dataclass(frozen=True)
class ReportFact:
    """One numeric fact of the report."""

    concept: str  # `ifrs-full:Revenue`, or `{namespace}Local` for an extension
    name: str  # as the document wrote it: `kemira:OperativeEBIT`
    unit: str  # EUR, EUR/shares, shares
    start: date | None  # None for an instant
    end: date
    value: Decimal
    decimals: str | None
    label: str | None  # the row label printed beside it, where it stands in a table
    dimensional: bool


@dataclass
class Report:
    """What one report says, as far as the figures need it."""

    lei: str | None = None
    entity_name: str | None = None
    country: str | None = None
    language: str | None = None
    title: str | None = None
    facts: list[ReportFact] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def period_end(self) -> date | None:
        """The end of the report's financial year: the latest end of a year-long period of a
        fact without dimensions."""
        ends = [
            f.end
            for f in self.facts
            if f.start is not None and not f.dimensional and 350 <= (f.end - f.start).days <= 380
        ]
        return max(ends) if ends else None


def _text(element: etree._Element) -> str:
    return " ".join("".join(element.itertext()).split())


def printed_label(element: etree._Element) -> str | None:
    """The label of the table row a fact stands in: the text, with letters, of the row's cells
    before the fact's own cell (note numbers and other values are passed over)."""
    row = next(element.iterancestors(f"{{{XHTML}}}tr"), None)
    if row is None:
        return None
    ancestors = set(element.iterancestors())
    words = []
    for cell in row:
        if cell.tag not in _CELLS:
            continue
        if cell in ancestors:
            break
        text = _text(cell)
        if _LETTER.search(text) and not cell.findall(f".//{{{IX}}}nonFraction"):
            words.append(text)
    return " ".join(words)[:MAX_LABEL] or None


def _rule(element: etree._Element) -> str | None:
    written = element.get("format")
    if not written:
        return None
    prefix, _, local = written.rpartition(":")
    namespace = element.nsmap.get(prefix or None)
    if namespace is None:
        raise MalformedInput(f"undeclared prefix in format {written!r}")
    return registry_rule(namespace, local)


def _entity(roots: list[etree._Element]) -> tuple[str | None, list[str]]:
    """The LEI the contexts identify the entity by, and any other identifiers they use."""
    found: Counter[tuple[str, str]] = Counter()
    for root in roots:
        for identifier in root.iter(f"{{{XBRLI}}}identifier"):
            found[(identifier.get("scheme", ""), (identifier.text or "").strip())] += 1
    leis = {v for (scheme, v) in found if scheme == LEI_SCHEME and normalize_lei(v)}
    others = sorted({f"{scheme} {v}" for (scheme, v) in found if scheme != LEI_SCHEME})
    if len(leis) > 1:
        raise MalformedInput(f"contexts name several entities: {', '.join(sorted(leis))}")
    return (normalize_lei(next(iter(leis))) if leis else None), others


def _numeric_fact(
    element: etree._Element, contexts: dict[str, Context], units: dict[str, str]
) -> ReportFact | None:
    """The fact of an ix:nonFraction; None when nil; MalformedInput when unreadable."""
    clark, _ = resolve_name(element, element.get("name", ""))
    namespace, local = clark[1:].split("}", 1)
    context = contexts.get(element.get("contextRef", ""))
    unit = units.get(element.get("unitRef", ""))
    if context is None or context.end is None or unit is None:
        raise MalformedInput("a context or unit that the report does not define")
    value = nonfraction_value(element, _rule(element))
    if value is None:
        return None
    return ReportFact(
        concept=concept_key(namespace, local),
        name=element.get("name", ""),
        unit=unit,
        start=None if context.instant else context.start,
        end=context.end,
        value=value,
        decimals=element.get("decimals"),
        label=printed_label(element),
        dimensional=bool(context.dimensions),
    )


def _parse(documents: tuple[tuple[str, bytes], ...]) -> list[etree._Element]:
    roots = []
    for name, content in documents:
        try:
            root = parse_xml_without_dtd(content, xhtml_doctype=True)
        except MalformedInput as exc:
            raise MalformedInput(f"{name}: {exc}") from exc
        if root.tag != f"{{{XHTML}}}html":
            raise MalformedInput(f"{name}: not an XHTML document")
        roots.append(root)
    return roots


def _nonnumeric(roots: list[etree._Element], concepts: tuple[str, ...]) -> list[str]:
    """The texts of the report's ix:nonNumeric facts of `concepts`, continuations followed."""
    by_id = {
        e.get("id"): e for root in roots for e in root.iter(f"{{{IX}}}continuation") if e.get("id")
    }
    found = []
    for root in roots:
        for element in root.iter(f"{{{IX}}}nonNumeric"):
            try:
                clark, _ = resolve_name(element, element.get("name", ""))
            except MalformedInput:
                continue
            namespace, local = clark[1:].split("}", 1)
            text = " ".join(nonnumeric_text(element, by_id).split())
            if concept_key(namespace, local) in concepts and text:
                found.append(text)
    return found


def read_report(documents: tuple[tuple[str, bytes], ...]) -> Report:
    """The report of one inline XBRL document or document set; MalformedInput when a document
    is not well-formed XHTML, declares a DTD, or names more than one entity."""
    roots = _parse(documents)
    contexts: dict[str, Context] = {}
    units: dict[str, str] = {}
    for root in roots:
        contexts.update(read_contexts(root))
        units.update(read_units(root))
    report = Report()
    report.lei, others = _entity(roots)
    if report.lei is None:
        report.problems.append(f"no LEI identifies the entity ({'; '.join(others) or 'none'})")
    first = roots[0]
    report.language = (first.get(XML_LANG) or first.get("lang") or "").lower()[:2] or None
    title = first.find(f"{{{XHTML}}}head/{{{XHTML}}}title")
    report.title = _text(title) if title is not None and _text(title) else None
    names = _nonnumeric(roots, (NAME_CONCEPT,))
    report.entity_name = names[0] if names else None
    report.country = next(filter(None, map(country_of, _nonnumeric(roots, COUNTRY_CONCEPTS))), None)
    for root in roots:
        for element in root.iter(f"{{{IX}}}nonFraction"):
            try:
                fact = _numeric_fact(element, contexts, units)
            except MalformedInput as exc:
                where = element.get("id") or element.get("name")
                report.problems.append(f"fact {where} left out: {exc}")
                continue
            if fact is not None and element.get(f"{{{XSI}}}nil") != "true":
                report.facts.append(fact)
    if not report.facts:
        raise MalformedInput("no numeric fact in the report")
    return report
