"""The issuer's labels from a filing's own XBRL linkbases: the label linkbase (`_lab.xml`), the
presentation linkbase (`_pre.xml`) and the schema that names its roles (`.xsd`).

A concept presented in a primary statement's role takes the label its presentation arc prefers
there (`terseLabel` "Net sales", `totalLabel` "Total current assets", `negatedLabel` "Payments
for acquisition of property, plant and equipment"); otherwise its preferred label in another role
(a note's), else its terse label. The standard label (`label`) of a taxonomy's concept is the
taxonomy's name for it, not the issuer's, and is never taken.
"""

from __future__ import annotations

from collections import defaultdict

from lxml import etree

from filings.core.errors import MalformedInput
from filings.ingest.xbrl.inline import parse_xml
from filings.ingest.xbrl.model import LINK
from filings.ingest.xbrl.presentation import (
    OTHER_TABLE,
    STATEMENT,
    PrintedLabel,
    clean_label,
    statement_placement,
)

XLINK = "http://www.w3.org/1999/xlink"
_HREF, _LABEL, _ROLE = f"{{{XLINK}}}href", f"{{{XLINK}}}label", f"{{{XLINK}}}role"
_FROM, _TO = f"{{{XLINK}}}from", f"{{{XLINK}}}to"
_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
ROLE = "http://www.xbrl.org/2003/role/"
STANDARD_LABEL = ROLE + "label"
TERSE_LABEL = ROLE + "terseLabel"


def concept_of(href: str) -> str | None:
    """`us-gaap:Revenues` from a locator's `...us-gaap-2024.xsd#us-gaap_Revenues`."""
    fragment = href.rpartition("#")[2]
    prefix, _, local = fragment.partition("_")
    return f"{prefix}:{local}" if prefix and local else None


def _parse(document: bytes, what: str) -> etree._Element:
    try:
        return parse_xml(document)
    except MalformedInput as exc:
        raise MalformedInput(f"{what}: {exc}") from exc


def _locators(link: etree._Element) -> dict[str, str]:
    """A link's locators: xlink label -> concept."""
    out = {}
    for loc in link.iter(f"{{{LINK}}}loc"):
        concept = concept_of(loc.get(_HREF, ""))
        if concept:
            out[loc.get(_LABEL, "")] = concept
    return out


def read_label_linkbase(document: bytes) -> dict[str, dict[str, str]]:
    """concept -> label role -> English text, from a label linkbase."""
    root = _parse(document, "label linkbase")
    out: dict[str, dict[str, str]] = defaultdict(dict)
    for link in root.iter(f"{{{LINK}}}labelLink"):
        concepts = _locators(link)
        resources: dict[str, list[etree._Element]] = defaultdict(list)
        for label in link.iter(f"{{{LINK}}}label"):
            if str(label.get(_LANG, "en")).lower().startswith("en"):
                resources[label.get(_LABEL, "")].append(label)
        for arc in link.iter(f"{{{LINK}}}labelArc"):
            concept = concepts.get(arc.get(_FROM, ""))
            for label in resources.get(arc.get(_TO, ""), ()):
                text = clean_label("".join(label.itertext()))
                if concept and text:
                    out[concept].setdefault(label.get(_ROLE, STANDARD_LABEL), text)
    return dict(out)


def read_role_titles(schema: bytes) -> dict[str, str]:
    """role URI -> its definition (`9952151 - Statement - CONSOLIDATED BALANCE SHEETS`)."""
    root = _parse(schema, "schema")
    return {
        role.get("roleURI", ""): (role.findtext(f"{{{LINK}}}definition") or "").strip()
        for role in root.iter(f"{{{LINK}}}roleType")
    }


def role_placement(definition: str) -> int:
    """STATEMENT for a primary statement's role (the schema calls it a Statement and titles it
    as one), EQUITY_STATEMENT for the statement of equity, else OTHER_TABLE."""
    parts = [part.strip() for part in definition.split(" - ", 2)]
    if len(parts) < 3 or parts[1].lower() != "statement" or "parenthetical" in parts[2].lower():
        return OTHER_TABLE
    placement = statement_placement(parts[2])
    return OTHER_TABLE if placement is None else placement


def read_presentation(document: bytes) -> list[tuple[str, str, str | None]]:
    """(role URI, concept, preferred label role or None) of every presentation arc, in order."""
    root = _parse(document, "presentation linkbase")
    out = []
    for link in root.iter(f"{{{LINK}}}presentationLink"):
        concepts = _locators(link)
        for arc in link.iter(f"{{{LINK}}}presentationArc"):
            concept = concepts.get(arc.get(_TO, ""))
            if concept:
                out.append((link.get(_ROLE, ""), concept, arc.get("preferredLabel")))
    return out


def linkbase_labels(
    labels: bytes, presentation: bytes | None = None, schema: bytes | None = None
) -> dict[str, PrintedLabel]:
    """Each concept's label as the filing's linkbases give it, with where it is presented."""
    texts = read_label_linkbase(labels)
    titles = read_role_titles(schema) if schema else {}
    found: dict[str, PrintedLabel] = {}
    for role, concept, preferred in read_presentation(presentation) if presentation else []:
        text = texts.get(concept, {}).get(preferred or "")
        if not text or preferred == STANDARD_LABEL:
            continue
        placement = role_placement(titles.get(role, ""))
        held = found.get(concept)
        if held is None or placement < held.placement:
            found[concept] = PrintedLabel(text, placement)
    for concept, by_role in texts.items():
        if concept not in found and TERSE_LABEL in by_role:
            found[concept] = PrintedLabel(by_role[TERSE_LABEL], OTHER_TABLE)
    return found


__all__ = ["STATEMENT", "linkbase_labels"]
