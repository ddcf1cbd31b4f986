"""Reading XBRL instance documents (the .xml EDGAR extracts from an inline filing)."""

from __future__ import annotations

from decimal import Decimal

from filings.core.errors import MalformedInput
from filings.ingest.xbrl.inline import parse_xml, read_contexts, read_units
from filings.ingest.xbrl.model import LINK, XBRLI, XSI, XbrlFact

_NOT_FACTS = {
    f"{{{XBRLI}}}context",
    f"{{{XBRLI}}}unit",
    f"{{{LINK}}}schemaRef",
    f"{{{LINK}}}footnoteLink",
}


def read_instance(document: bytes) -> list[XbrlFact]:
    """Every top-level fact of an XBRL instance."""
    root = parse_xml(document)
    contexts, units = read_contexts(root), read_units(root)
    facts = []
    for element in root:
        if not isinstance(element.tag, str) or element.tag in _NOT_FACTS:
            continue
        context = contexts.get(element.get("contextRef", ""))
        if context is None:
            continue  # tuples and other non-fact elements
        namespace = element.tag[1:].split("}", 1)[0]
        prefix = next((p for p, ns in element.nsmap.items() if ns == namespace and p), "")
        unit = units.get(element.get("unitRef", "")) if element.get("unitRef") else None
        text = element.text or ""
        value: Decimal | str | None
        if element.get(f"{{{XSI}}}nil") == "true":
            value = None
        elif unit is not None:
            try:
                value = Decimal(text.strip())
            except ArithmeticError as exc:
                raise MalformedInput(f"bad number {text!r}") from exc
        else:
            value = " ".join(text.split())
        facts.append(XbrlFact(element.tag, prefix, context, unit, element.get("decimals"), value))
    return facts
