"""Reading inline XBRL (iXBRL) documents with lxml: every ix:nonFraction and ix:nonNumeric fact,
with its context, unit, decimals, scale, sign and transformation applied, exact as Decimal."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from lxml import etree

from filings.core.errors import MalformedInput
from filings.ingest.xbrl.model import IX, XBRLDI, XBRLI, XHTML, XSI, Context, XbrlFact
from filings.ingest.xbrl.text_transforms import text_value
from filings.ingest.xbrl.transforms import numeric_value

_PARSER = etree.XMLParser(huge_tree=True, resolve_entities=False, no_network=True, load_dtd=False)
# The W3C's own XHTML document types: a reference to one names the vocabulary and is never read.
XHTML_PUBLIC_IDS = frozenset(
    {
        "-//W3C//DTD XHTML 1.0 Strict//EN",
        "-//W3C//DTD XHTML 1.0 Transitional//EN",
        "-//W3C//DTD XHTML 1.1//EN",
    }
)


def is_inline(document: bytes) -> bool:
    """Whether a document is inline XBRL: it declares the inline namespace near its start."""
    return IX.encode() in document[:20000]


def parse_xml(document: bytes) -> etree._Element:
    """An XML tree; MalformedInput when the bytes are not XML. Entities are never expanded,
    and no DTD or other resource is loaded, from the network or from disk."""
    try:
        return etree.fromstring(document, _PARSER)
    except etree.XMLSyntaxError as exc:
        raise MalformedInput(f"not XML: {exc}") from exc


def parse_xml_without_dtd(document: bytes, *, xhtml_doctype: bool = False) -> etree._Element:
    """An XML tree from an untrusted source, refusing any DTD: declarations inside the document
    (entities, elements) or a reference to an outside one. With `xhtml_doctype`, a bare
    `<!DOCTYPE html>` or the W3C's XHTML document type, which declare nothing, are allowed."""
    root = parse_xml(document)
    info = root.getroottree().docinfo
    declared = info.internalDTD
    if declared is not None and (list(declared.iterentities()) or list(declared.iterelements())):
        raise MalformedInput("the XML declares a DTD of its own (entities or elements)")
    public, system = info.public_id, info.system_url
    if (public or system) and not (xhtml_doctype and public in XHTML_PUBLIC_IDS):
        raise MalformedInput(f"the XML refers to an outside DTD ({system or public})")
    if info.doctype and not xhtml_doctype:
        raise MalformedInput("the XML has a document type declaration")
    if any(isinstance(node, etree._Entity) for node in root.iter()):
        raise MalformedInput("the XML refers to an entity")
    return root


def _date(text: str | None) -> date | None:
    return date.fromisoformat(text.strip()[:10]) if text and text.strip() else None


def read_contexts(root: etree._Element) -> dict[str, Context]:
    """Every xbrli:context under `root`, by id."""
    contexts = {}
    for element in root.iter(f"{{{XBRLI}}}context"):
        instant = element.findtext(f".//{{{XBRLI}}}instant")
        dimensions = tuple(  # the order of members carries no meaning
            sorted(
                [
                    *(
                        (member.get("dimension", ""), (member.text or "").strip())
                        for member in element.iter(f"{{{XBRLDI}}}explicitMember")
                    ),
                    # a typed member's value is the text of its one child (a date, an id)
                    *(
                        (member.get("dimension", ""), "".join(member.itertext()).strip())
                        for member in element.iter(f"{{{XBRLDI}}}typedMember")
                    ),
                ]
            )
        )
        contexts[element.get("id", "")] = Context(
            id=element.get("id", ""),
            entity=(element.findtext(f".//{{{XBRLI}}}identifier") or "").strip(),
            start=_date(element.findtext(f".//{{{XBRLI}}}startDate")),
            end=_date(instant) or _date(element.findtext(f".//{{{XBRLI}}}endDate")),
            instant=instant is not None,
            dimensions=dimensions,
        )
    return contexts


def _measure(element: etree._Element) -> str:
    return ((element.text or "").strip().rsplit(":", 1))[-1]


def read_units(root: etree._Element) -> dict[str, str]:
    """Every xbrli:unit under `root`, by id, as `USD`, `shares` or `USD/shares`."""
    units = {}
    for element in root.iter(f"{{{XBRLI}}}unit"):
        numerator = element.find(f".//{{{XBRLI}}}unitNumerator")
        denominator = element.find(f".//{{{XBRLI}}}unitDenominator")
        if numerator is not None and denominator is not None:
            top = "*".join(_measure(m) for m in numerator.iter(f"{{{XBRLI}}}measure"))
            bottom = "*".join(_measure(m) for m in denominator.iter(f"{{{XBRLI}}}measure"))
            units[element.get("id", "")] = f"{top}/{bottom}"
        else:
            units[element.get("id", "")] = "*".join(
                _measure(m) for m in element.iter(f"{{{XBRLI}}}measure")
            )
    return units


def resolve_name(element: etree._Element, qname: str) -> tuple[str, str]:
    """(Clark name, prefix) of a `prefix:Local` name as the element's namespaces define it."""
    prefix, _, local = qname.partition(":")
    namespace = element.nsmap.get(prefix)
    if namespace is None:
        raise MalformedInput(f"undeclared prefix in {qname!r}")
    return f"{{{namespace}}}{local}", prefix


def _rule(element: etree._Element) -> str | None:
    fmt = element.get("format")
    return fmt.rsplit(":", 1)[-1] if fmt else None


def nonnumeric_text(element: etree._Element, by_id: dict[str, etree._Element]) -> str:
    """The text of an ix:nonNumeric, followed through its ix:continuation chain (`by_id`:
    the continuations by id), without ix:exclude parts."""
    parts = ["".join(_visible_text(element))]
    seen: set[str] = set()
    next_id = element.get("continuedAt")
    while next_id and next_id not in seen and next_id in by_id:
        seen.add(next_id)
        parts.append("".join(_visible_text(by_id[next_id])))
        next_id = by_id[next_id].get("continuedAt")
    return " ".join(parts)


def _visible_text(element: etree._Element) -> list[str]:
    """Text of an element without its ix:exclude parts."""
    out = [element.text or ""]
    for child in element:
        if child.tag != f"{{{IX}}}exclude":
            out.extend(_visible_text(child))
        out.append(child.tail or "")
    return out


def nonfraction_value(element: etree._Element, rule: str | None = None) -> Decimal | None:
    """The value of an ix:nonFraction: its text under its format (or `rule` when given),
    scaled and signed; None when nil."""
    if element.get(f"{{{XSI}}}nil") == "true":
        return None
    value = numeric_value("".join(element.itertext()), rule or _rule(element))
    scale = int(element.get("scale") or 0)
    if scale:
        value = value.scaleb(scale)
        if value == value.to_integral_value():
            value = value.quantize(Decimal(1))  # 1.30497E+11 -> 130497000000
    return -value if element.get("sign") == "-" else value


def _table_of(element: etree._Element, tables: dict[etree._Element, int]) -> int | None:
    """The number of the HTML table that holds `element` (its statement or note), if any."""
    for ancestor in element.iterancestors(f"{{{XHTML}}}table"):
        return tables.get(ancestor)
    return None


def read_inline(document: bytes) -> list[XbrlFact]:
    """Every fact of an inline XBRL document, each with the table that holds it."""
    return inline_facts(parse_xml(document))


def inline_facts(root: etree._Element) -> list[XbrlFact]:
    """Every fact of a parsed inline XBRL document, each with the table that holds it."""
    contexts, units = read_contexts(root), read_units(root)
    by_id = {e.get("id"): e for e in root.iter(f"{{{IX}}}continuation") if e.get("id")}
    tables = {table: number for number, table in enumerate(root.iter(f"{{{XHTML}}}table"))}
    facts = []
    for element in root.iter(f"{{{IX}}}nonFraction", f"{{{IX}}}nonNumeric"):
        concept, prefix = resolve_name(element, element.get("name", ""))
        context = contexts.get(element.get("contextRef", ""))
        if context is None:
            raise MalformedInput(f"{prefix} fact with unknown context {element.get('contextRef')}")
        numeric = element.tag == f"{{{IX}}}nonFraction"
        value: Decimal | str | None
        if numeric:
            value = nonfraction_value(element)
        elif element.get(f"{{{XSI}}}nil") == "true":
            value = None
        else:
            try:
                value = text_value(nonnumeric_text(element, by_id), _rule(element))
            except MalformedInput:
                continue  # a text fact its format cannot read is left out, not the document
        unit = units.get(element.get("unitRef", "")) if numeric else None
        facts.append(
            XbrlFact(
                concept,
                prefix,
                context,
                unit,
                element.get("decimals"),
                value,
                _table_of(element, tables),
            )
        )
    return facts
