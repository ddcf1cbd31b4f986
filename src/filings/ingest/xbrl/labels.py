"""The issuer's label of each concept in one filing, from what the filing itself gives: the rows
of its inline document's tables (`presentation.py`) and, where they came with the document, its
label and presentation linkbases (`linkbase.py`).

A primary statement's label beats the statement of equity's, which beats a note's; at the same
placement the row as printed beats the linkbase's label, which is the issuer's label for the
XBRL rendering and may differ from the line printed ("Net sales" for the line Apple prints as
"Total net sales", "Basic (in dollars per share)" for "Basic" under "Earnings per share:").
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from filings.core.errors import MalformedInput
from filings.ingest.xbrl.inline import read_contexts
from filings.ingest.xbrl.linkbase import linkbase_labels
from filings.ingest.xbrl.presentation import PrintedLabel, printed_labels

_KINDS = {"_lab.xml": "labels", "_pre.xml": "presentation", ".xsd": "schema"}


def _linkbase_files(files: Sequence[tuple[str, bytes]]) -> dict[str, bytes]:
    """The first label linkbase, presentation linkbase and schema among a filing's files."""
    found: dict[str, bytes] = {}
    for name, content in files:
        for suffix, kind in _KINDS.items():
            if name.lower().endswith(suffix):
                found.setdefault(kind, content)
    return found


def filed_linkbase_labels(files: Sequence[tuple[str, bytes]]) -> dict[str, PrintedLabel]:
    """The labels a filing's linkbase files give; none when there is no label linkbase or it
    cannot be read (the labels are then the printed rows', and the document's facts stay)."""
    found = _linkbase_files(files)
    if "labels" not in found:
        return {}
    try:
        return linkbase_labels(found["labels"], found.get("presentation"), found.get("schema"))
    except MalformedInput:
        return {}


def best_labels(*sources: dict[str, PrintedLabel]) -> dict[str, PrintedLabel]:
    """Per concept, the label of the best placement; at the same placement the earlier
    source's."""
    out: dict[str, PrintedLabel] = {}
    for source in sources:
        for concept, label in source.items():
            held = out.get(concept)
            if held is None or label.placement < held.placement:
                out[concept] = label
    return out


def issuer_labels(
    root: etree._Element | None, linkbases: Sequence[tuple[str, bytes]] = ()
) -> dict[str, PrintedLabel]:
    """concept (`us-gaap:Revenues`) -> the issuer's label in one document of a filing: the row
    printed in its tables (`root`, an inline XBRL document) or the label its linkbases give."""
    printed = printed_labels(root, read_contexts(root)) if root is not None else {}
    return best_labels(printed, filed_linkbase_labels(linkbases))
