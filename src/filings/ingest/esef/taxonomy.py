"""The extension taxonomy inside a report package: its concepts, their labels, and how ESEF
anchors them to the IFRS taxonomy.

ESEF requires every extension concept of the primary statements to be anchored, in the
extension's definition linkbase, with the arcrole `wider-narrower` (arcs always run from the
wider concept to the narrower): an extension narrower than an IFRS concept is the target of an
arc from it ("Flight equipment" under `ifrs-full:PropertyPlantAndEquipment`); an extension that
combines several IFRS concepts is the source of arcs to each of them. Only the package's own
files are read: a `loc` that points outside it (the IFRS taxonomy on xbrl.ifrs.org) is known by
its fragment (`ifrs-full_Revenue`), never fetched.
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from dataclasses import dataclass, field
from urllib.parse import urldefrag

from lxml import etree

from filings.core.errors import MalformedInput
from filings.ingest.xbrl.inline import parse_xml_without_dtd

WIDER_NARROWER = "http://www.esma.europa.eu/xbrl/esef/arcrole/wider-narrower"
STANDARD_LABEL = "http://www.xbrl.org/2003/role/label"
XS = "http://www.w3.org/2001/XMLSchema"
LINK = "http://www.xbrl.org/2003/linkbase"
XLINK = "http://www.w3.org/1999/xlink"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
IFRS_NAMESPACE = re.compile(r"^https?://xbrl\.ifrs\.org/taxonomy/[0-9-]+/ifrs-full$")
_IFRS_FRAGMENT = re.compile(r"^ifrs-full_([A-Za-z0-9_]+)$")


def concept_key(namespace: str, local: str) -> str:
    """How a concept is known here: `ifrs-full:Local` for the IFRS taxonomy (whatever its
    year), Clark notation `{namespace}Local` for any other."""
    if IFRS_NAMESPACE.match(namespace):
        return f"ifrs-full:{local}"
    return f"{{{namespace}}}{local}"


@dataclass
class Taxonomy:
    """An extension taxonomy: anchors, labels and the concepts it declares."""

    declared: set[str] = field(default_factory=set)  # concept keys of the extension
    wider: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    combines: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    labels: dict[str, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))
    abstract: set[str] = field(default_factory=set)

    def label(self, key: str, language: str | None) -> str | None:
        """The concept's standard label in `language`, else in any language."""
        found = self.labels.get(key, {})
        return found.get((language or "")[:2]) or next(iter(found.values()), None)


def _schema(root: etree._Element, path: str, ids: dict[str, str], taxonomy: Taxonomy) -> None:
    namespace = root.get("targetNamespace") or ""
    for element in root.iter(f"{{{XS}}}element"):
        name, element_id = element.get("name"), element.get("id")
        if not name:
            continue
        key = concept_key(namespace, name)
        taxonomy.declared.add(key)
        if element.get("abstract") == "true":
            taxonomy.abstract.add(key)
        if element_id:
            ids[f"{path}#{element_id}"] = key


def _resolve(href: str, base: str, ids: dict[str, str]) -> str | None:
    """The concept a locator's href points to: one of the package's schemas (by its path and
    element id), or an IFRS concept by its fragment; None for anything else."""
    document, fragment = urldefrag(href)
    if "://" in document or document.startswith("/"):
        match = _IFRS_FRAGMENT.match(fragment)
        return f"ifrs-full:{match.group(1)}" if match and "xbrl.ifrs.org" in document else None
    target = posixpath.normpath(posixpath.join(posixpath.dirname(base), document))
    return ids.get(f"{target}#{fragment}")


def _locators(link: etree._Element, base: str, ids: dict[str, str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for loc in link.iter(f"{{{LINK}}}loc"):
        concept = _resolve(loc.get(f"{{{XLINK}}}href", ""), base, ids)
        if concept is not None:
            found[loc.get(f"{{{XLINK}}}label", "")].append(concept)
    return found


def _anchors(root: etree._Element, base: str, ids: dict[str, str], taxonomy: Taxonomy) -> None:
    prohibited: set[tuple[str, str]] = set()
    arcs: list[tuple[str, str]] = []
    for link in root.iter(f"{{{LINK}}}definitionLink"):
        locators = _locators(link, base, ids)
        for arc in link.iter(f"{{{LINK}}}definitionArc"):
            if arc.get(f"{{{XLINK}}}arcrole") != WIDER_NARROWER:
                continue
            pairs = [
                (wide, narrow)
                for wide in locators.get(arc.get(f"{{{XLINK}}}from", ""), [])
                for narrow in locators.get(arc.get(f"{{{XLINK}}}to", ""), [])
            ]
            (prohibited.update if arc.get("use") == "prohibited" else arcs.extend)(pairs)
    for wide, narrow in arcs:
        if (wide, narrow) in prohibited:
            continue
        if wide.startswith("ifrs-full:") and not narrow.startswith("ifrs-full:"):
            taxonomy.wider[narrow].add(wide.removeprefix("ifrs-full:"))
        elif narrow.startswith("ifrs-full:") and not wide.startswith("ifrs-full:"):
            taxonomy.combines[wide].add(narrow.removeprefix("ifrs-full:"))


def _labels(root: etree._Element, base: str, ids: dict[str, str], taxonomy: Taxonomy) -> None:
    for link in root.iter(f"{{{LINK}}}labelLink"):
        locators = _locators(link, base, ids)
        texts: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for label in link.iter(f"{{{LINK}}}label"):
            if label.get(f"{{{XLINK}}}role", STANDARD_LABEL) == STANDARD_LABEL:
                text = " ".join("".join(label.itertext()).split())
                language = (label.get(XML_LANG) or "")[:2].lower()
                texts[label.get(f"{{{XLINK}}}label", "")].append((language, text))
        for arc in link.iter(f"{{{LINK}}}labelArc"):
            for concept in locators.get(arc.get(f"{{{XLINK}}}from", ""), []):
                for language, text in texts.get(arc.get(f"{{{XLINK}}}to", ""), []):
                    taxonomy.labels[concept].setdefault(language, text)


def read_taxonomy(files: dict[str, bytes]) -> tuple[Taxonomy, list[str]]:
    """The extension taxonomy of a package's schema and linkbase files, and the files passed
    over (not a schema or linkbase). MalformedInput when a file is not well-formed or
    declares a DTD."""
    taxonomy = Taxonomy()
    ids: dict[str, str] = {}
    roots: list[tuple[str, etree._Element]] = []
    passed: list[str] = []
    for path, content in sorted(files.items()):
        try:
            roots.append((path, parse_xml_without_dtd(content)))
        except MalformedInput as exc:
            raise MalformedInput(f"{path}: {exc}") from exc
    for path, root in roots:
        if root.tag == f"{{{XS}}}schema":
            _schema(root, path, ids, taxonomy)
    for path, root in roots:
        if root.tag == f"{{{LINK}}}linkbase":
            _anchors(root, path, ids, taxonomy)
            _labels(root, path, ids, taxonomy)
        elif root.tag != f"{{{XS}}}schema":
            passed.append(path)
    # Linkbases embedded in a schema's appinfo (allowed by XBRL 2.1) are read the same way.
    for path, root in roots:
        if root.tag == f"{{{XS}}}schema":
            for embedded in root.iter(f"{{{LINK}}}linkbase"):
                _anchors(embedded, path, ids, taxonomy)
                _labels(embedded, path, ids, taxonomy)
    return taxonomy, passed
