"""Page snapshots: PNG renderings of report pages, cached under the data directory, handed out
as signed links that expire (no bearer key needed to fetch them)."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import pypdfium2 as pdfium

from filings.core.errors import MalformedInput
from filings.core.settings import Settings

LINK_LIFETIME = timedelta(hours=1)
CLOCK_SKEW = timedelta(minutes=1)  # hosts behind one secret may disagree on the time a little
POINTS_PER_INCH = 72


def render_page_png(pdf_path: Path, page_number: int, dpi: int, cache_dir: Path) -> Path:
    """The PNG of one page (counted from 1) at `dpi`, rendered once and then served from cache."""
    target = cache_dir / f"{page_number}@{dpi}.png"
    if target.is_file():
        return target
    try:
        pdf = pdfium.PdfDocument(str(pdf_path))
    except (pdfium.PdfiumError, OSError) as exc:
        raise MalformedInput(f"cannot open {pdf_path.name}: {exc}") from exc
    try:
        if not 1 <= page_number <= len(pdf):
            raise MalformedInput(f"{pdf_path.name} has no page {page_number}")
        bitmap = pdf[page_number - 1].render(scale=dpi / POINTS_PER_INCH)
        image = bitmap.to_pil()
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".part")
        image.save(partial, format="PNG", dpi=(dpi, dpi))
        partial.replace(target)
        return target
    finally:
        pdf.close()


@dataclass(frozen=True)
class SnapshotLinks:
    """Signs and checks snapshot links: HMAC-SHA256 over page id, dpi and expiry."""

    secret: str
    data_dir: Path

    @classmethod
    def of(cls, settings: Settings) -> SnapshotLinks:
        """The signer the settings configure."""
        return cls(secret=settings.snapshot_secret.get_secret_value(), data_dir=settings.data_dir)

    def _signature(self, page_id: str, dpi: int, expires: int) -> str:
        message = f"{page_id}:{dpi}:{expires}".encode()
        return hmac.new(self.secret.encode(), message, hashlib.sha256).hexdigest()

    def query(self, page_id: str, dpi: int, now: datetime) -> dict[str, str]:
        """The query string of a link valid for an hour from `now`."""
        expires = int((now + LINK_LIFETIME).timestamp())
        return {
            "dpi": str(dpi),
            "expires": str(expires),
            "signature": self._signature(page_id, dpi, expires),
        }

    def valid(self, page_id: str, dpi: int, expires: int, signature: str, now: datetime) -> bool:
        """Whether a link is genuine, not expired, and expires no later than a link made now.

        The last check refuses a link that lives longer than the service hands out, whatever
        its signature (one forged with a leaked or default secret cannot last for ever).
        """
        latest = (now + LINK_LIFETIME + CLOCK_SKEW).timestamp()
        if not now.timestamp() < expires <= latest:
            return False
        return hmac.compare_digest(self._signature(page_id, dpi, expires), signature)

    def cache_dir(self, docid: str) -> Path:
        """Where a document's page images are kept."""
        return self.data_dir / "snapshots" / docid
