"""Opening an ESEF report package safely: a zip in the ESEF layout (one top folder with
`META-INF/taxonomyPackage.xml`, `reports/` and the extension taxonomy) or the Report Package
1.0 layout (`META-INF/reportPackage.json`), or a bare inline-XBRL `.xhtml`/`.html` document.

A package is refused whole, before anything is stored, when it cannot be trusted: a zip that is
truncated or not a zip, an entry whose name leaves the package folder (`..`, an absolute path,
a drive, a backslash) or is a link, an encrypted entry, too many entries, an entry larger than
the limits or expanding more than `MAX_RATIO` times (a zip bomb), or no report in the place the
layouts define. Only the report's documents and the extension taxonomy's schemas and linkbases
are read; images, fonts and styles are never decompressed.
"""

from __future__ import annotations

import hashlib
import io
import json
import stat
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import PurePosixPath

from filings.core.errors import MalformedInput

MAX_ENTRIES = 20_000
MAX_ENTRY_BYTES = 256 * 1024 * 1024  # one report document or linkbase, decompressed
MAX_TOTAL_BYTES = 1024 * 1024 * 1024  # all that is read of one package
MAX_RATIO = 200  # decompressed / compressed size of an entry; XHTML reaches about 20
RATIO_FLOOR = 1024 * 1024  # smaller entries are too small to matter, whatever their ratio
MAX_TAXONOMY_FILES = 500
CHUNK = 1024 * 1024

INLINE_SUFFIXES = frozenset({".xhtml", ".html", ".htm"})
TAXONOMY_SUFFIXES = frozenset({".xsd", ".xml"})
REPORT_PACKAGE_TYPES = {
    "https://xbrl.org/report-package/2023": "Report Package 1.0",
    "https://xbrl.org/report-package/2023/xbri": "Report Package 1.0 (inline)",
}
NON_INLINE_PACKAGE = "https://xbrl.org/report-package/2023/xbr"
_INLINE_MARK = b"http://www.xbrl.org/2013/inlineXBRL"


@dataclass(frozen=True)
class ReportPackage:
    """What is read of one package: the report's inline-XBRL documents (an inline XBRL
    document set when several), the extension taxonomy's files, and where it all came from."""

    name: str
    layout: str
    sha256: str
    documents: tuple[tuple[str, bytes], ...]
    taxonomy: dict[str, bytes] = field(default_factory=dict)
    newest_entry: datetime | None = None  # the newest time stamp of the report's zip entries


def _check_name(info: zipfile.ZipInfo) -> PurePosixPath:
    name = info.filename
    path = PurePosixPath(name)
    if (
        not name
        or "\\" in name
        or "\x00" in name
        or name.startswith("/")
        or (len(name) > 1 and name[1] == ":")
        or any(part in ("..", ".") for part in path.parts)
    ):
        raise MalformedInput(f"a zip entry leaves the package folder: {name!r}")
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise MalformedInput(f"a zip entry is a link: {name!r}")
    if info.flag_bits & 0x1:
        raise MalformedInput(f"a zip entry is encrypted: {name!r}")
    if info.file_size > MAX_ENTRY_BYTES:
        raise MalformedInput(f"a zip entry is too large ({info.file_size} bytes): {name!r}")
    if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
        raise MalformedInput(
            f"a zip entry expands {info.file_size // max(info.compress_size, 1)} times: {name!r}"
        )
    return path


class _Reader:
    """Reads entries of an open zip within the size limits, whatever the headers claim."""

    def __init__(self, archive: zipfile.ZipFile):
        self.archive = archive
        self.total = 0

    def read(self, info: zipfile.ZipInfo) -> bytes:
        out = io.BytesIO()
        try:
            with self.archive.open(info) as stream:
                while chunk := stream.read(CHUNK):
                    out.write(chunk)
                    self.total += len(chunk)
                    if out.tell() > info.file_size or out.tell() > MAX_ENTRY_BYTES:
                        raise MalformedInput(f"a zip entry expands past its size: {info.filename}")
                    if self.total > MAX_TOTAL_BYTES:
                        raise MalformedInput("the package expands past the limit of what is read")
        except (zipfile.BadZipFile, EOFError, OSError, ValueError) as exc:
            raise MalformedInput(f"a broken zip entry {info.filename}: {exc}") from exc
        return out.getvalue()


def _top_folder(paths: list[PurePosixPath]) -> str:
    """The package's single top folder ('' when META-INF/ and reports/ sit at the root)."""
    tops = {p.parts[0] for p in paths if len(p.parts) > 1}
    loose = [p for p in paths if len(p.parts) == 1]
    if len(tops) == 1 and not loose:
        return next(iter(tops))
    if "reports" in tops:
        return ""
    raise MalformedInput("not a report package: no single top folder holding reports/")


def _inside(path: PurePosixPath, top: str) -> tuple[str, ...]:
    return path.parts[1:] if top else path.parts


def _report_entries(
    infos: list[tuple[zipfile.ZipInfo, PurePosixPath]], top: str, reader: _Reader
) -> list[tuple[zipfile.ZipInfo, bytes]]:
    """The report's documents: one inline document directly in reports/, or the documents of
    one subfolder of reports/ (an inline XBRL document set)."""
    direct: list[zipfile.ZipInfo] = []
    by_folder: dict[str, list[zipfile.ZipInfo]] = {}
    for info, path in infos:
        parts = _inside(path, top)
        if len(parts) < 2 or parts[0] != "reports" or path.suffix.lower() not in INLINE_SUFFIXES:
            continue
        if len(parts) == 2:
            direct.append(info)
        elif len(parts) == 3:
            by_folder.setdefault(parts[1], []).append(info)
    candidates = [direct] if direct else list(by_folder.values())
    read = [[(i, reader.read(i)) for i in sorted(c, key=lambda i: i.filename)] for c in candidates]
    inline = [[(i, d) for i, d in group if _INLINE_MARK in d] for group in read]
    inline = [group for group in inline if group]
    if direct and len(inline[0] if inline else []) > 1:
        raise MalformedInput(f"{len(inline[0])} separate reports in one package: expected one")
    if not inline:
        raise MalformedInput("no inline XBRL report in the package's reports/ folder")
    if len(inline) > 1:
        raise MalformedInput(f"{len(inline)} report folders in one package: expected one")
    return inline[0]


def _package_type(
    infos: list[tuple[zipfile.ZipInfo, PurePosixPath]], top: str, reader: _Reader
) -> str:
    names = {_inside(path, top): info for info, path in infos}
    manifest = names.get(("META-INF", "reportPackage.json"))
    if manifest is None:
        if ("META-INF", "taxonomyPackage.xml") in names:
            return "ESEF (taxonomy package with reports/)"
        return "reports/ folder"
    try:
        document = json.loads(reader.read(manifest))
        kind = document["documentInfo"]["documentType"]
    except (ValueError, KeyError, TypeError) as exc:
        raise MalformedInput(f"META-INF/reportPackage.json is not readable: {exc}") from exc
    if kind == NON_INLINE_PACKAGE:
        raise MalformedInput("a report package of XBRL-XML reports (.xbr): no inline XBRL")
    if kind not in REPORT_PACKAGE_TYPES:
        raise MalformedInput(f"unknown report package type {kind!r}")
    return REPORT_PACKAGE_TYPES[kind]


def _open_zip(content: bytes, name: str, sha256: str) -> ReportPackage:
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
        infos_all = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError) as exc:
        raise MalformedInput(f"{name}: not a readable zip ({exc})") from exc
    with archive:
        if len(infos_all) > MAX_ENTRIES:
            raise MalformedInput(f"{name}: {len(infos_all)} entries, more than {MAX_ENTRIES}")
        seen: set[str] = set()
        infos = []
        for info in infos_all:
            path = _check_name(info)
            if info.filename in seen:
                raise MalformedInput(f"{name}: the entry {info.filename!r} appears twice")
            seen.add(info.filename)
            if not info.is_dir():
                infos.append((info, path))
        reader = _Reader(archive)
        top = _top_folder([path for _, path in infos])
        layout = _package_type(infos, top, reader)
        documents = _report_entries(infos, top, reader)
        taxonomy = [
            (info, path)
            for info, path in infos
            if path.suffix.lower() in TAXONOMY_SUFFIXES
            and _inside(path, top)[:1] not in (("META-INF",), ("reports",))
        ]
        if len(taxonomy) > MAX_TAXONOMY_FILES:
            raise MalformedInput(f"{name}: {len(taxonomy)} taxonomy files, too many to read")
        return ReportPackage(
            name=name,
            layout=layout,
            sha256=sha256,
            documents=tuple((info.filename, data) for info, data in documents),
            taxonomy={info.filename: reader.read(info) for info, _ in taxonomy},
            newest_entry=max(datetime(*info.date_time) for info, _ in documents),
        )


def open_package(content: bytes, name: str) -> ReportPackage:
    """A report package, or a bare inline-XBRL document, from its bytes; MalformedInput says
    why it cannot be read."""
    sha256 = hashlib.sha256(content).hexdigest()
    if content[:4] in (b"PK\x03\x04", b"PK\x05\x06") or name.lower().endswith((".zip", ".xbri")):
        return _open_zip(content, name, sha256)
    if PurePosixPath(name).suffix.lower() in INLINE_SUFFIXES or content.lstrip()[:1] == b"<":
        if _INLINE_MARK not in content:
            raise MalformedInput(f"{name}: not an inline XBRL document")
        return ReportPackage(name, "inline XBRL document", sha256, ((name, content),))
    raise MalformedInput(f"{name}: neither a report package (zip) nor an inline XBRL document")
