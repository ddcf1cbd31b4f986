"""The filings.xbrl.org index (`/api/filings`, JSON:API): one entry per submitted package.

An entry gives the package's path on the host (`package_url`), the period end, the country, the
date the index added it, its `fxo_id` (`<LEI>-<period end>-ESEF-<country>-<n>`: n counts the
submissions of that report, language editions and corrections alike) and, with
`include=entity`, the entity's LEI and name. Entries of one report (LEI and period end) are
taken oldest first, so a correction comes after what it corrects. Pages can repeat an entry
(the index's sort is not stable on equal dates); an entry is taken once.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from urllib.parse import urljoin, urlsplit, urlunsplit

from filings.core.errors import MalformedInput
from filings.core.ids import normalize_lei


@dataclass(frozen=True)
class IndexEntry:
    """One package the index lists."""

    id: str
    fxo_id: str
    lei: str | None
    entity_name: str | None
    country: str | None
    period_end: date | None
    package_url: str
    added: datetime | None
    sha256: str | None

    @property
    def sequence(self) -> int:
        """The submission's number within its report (the last part of `fxo_id`)."""
        tail = self.fxo_id.rsplit("-", 1)[-1]
        return int(tail) if tail.isdigit() else 0


@dataclass(frozen=True)
class IndexPage:
    """The entries of one response, and the next page's URL."""

    entries: list[IndexEntry]
    next_url: str | None
    self_url: str | None
    count: int | None
    problems: list[str]


def _moment(text: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(str(text)) if text else None
    except ValueError:
        return None


def _entity_lei(item: dict[str, Any], fxo_id: str) -> str | None:
    related = (((item.get("relationships") or {}).get("entity") or {}).get("links") or {}).get(
        "related"
    )
    candidate = str(related).rstrip("/").rsplit("/", 1)[-1] if related else fxo_id[:20]
    return normalize_lei(candidate)


def _entry(item: dict[str, Any], names: dict[str, str]) -> IndexEntry:
    attributes = item["attributes"]
    fxo_id = str(attributes.get("fxo_id") or "")
    package = attributes.get("package_url")
    if not package:
        raise MalformedInput(f"filing {item.get('id')}: no package_url")
    entity = (((item.get("relationships") or {}).get("entity") or {}).get("data")) or {}
    period = attributes.get("period_end")
    return IndexEntry(
        id=str(item["id"]),
        fxo_id=fxo_id,
        lei=_entity_lei(item, fxo_id),
        entity_name=names.get(str(entity.get("id"))) if entity else None,
        country=str(attributes.get("country") or "").upper() or None,
        period_end=date.fromisoformat(str(period)) if period else None,
        package_url=str(package),
        added=_moment(attributes.get("date_added")),
        sha256=attributes.get("sha256"),
    )


def read_index_page(content: bytes) -> IndexPage:
    """The entries of one `/api/filings` response; MalformedInput when it is not one."""
    try:
        document = json.loads(content)
        items = document["data"]
        if not isinstance(items, list):
            raise TypeError("data is not a list")
    except (ValueError, KeyError, TypeError) as exc:
        raise MalformedInput(f"not a filings.xbrl.org /api/filings response ({exc})") from exc
    names = {
        str(inc.get("id")): str((inc.get("attributes") or {}).get("name"))
        for inc in document.get("included") or []
        if inc.get("type") == "entity" and (inc.get("attributes") or {}).get("name")
    }
    entries, problems = [], []
    for item in items:
        if not isinstance(item, dict) or item.get("type") != "filing":
            continue
        try:
            entries.append(_entry(item, names))
        except (MalformedInput, KeyError, TypeError, ValueError) as exc:
            problems.append(f"index entry {item.get('id')}: {exc}")
    links = document.get("links") or {}
    count = (document.get("meta") or {}).get("count")
    return IndexPage(
        entries, links.get("next"), links.get("self"), int(count) if count else None, problems
    )


def on_origin(url: str, origin: str) -> str:
    """`url` (absolute or a path) on the scheme and host of `origin`: the index's own links
    name filings.xbrl.org, and are followed on the host the operator named (a mirror)."""
    parts, base = urlsplit(urljoin(origin, url)), urlsplit(origin)
    return urlunsplit((base.scheme, base.netloc, parts.path, parts.query, ""))


def reports_in_order(entries: list[IndexEntry]) -> list[list[IndexEntry]]:
    """The entries grouped by report (LEI and period end), each group oldest first; an entry
    listed twice is taken once."""
    unique = {entry.id: entry for entry in entries}
    groups: dict[tuple[str, str], list[IndexEntry]] = defaultdict(list)
    for entry in unique.values():
        key = (entry.lei or entry.fxo_id, entry.period_end.isoformat() if entry.period_end else "")
        groups[key].append(entry)
    earliest = datetime.min
    return [
        sorted(group, key=lambda e: (e.added or earliest, e.sequence, e.id))
        for _, group in sorted(groups.items())
    ]
