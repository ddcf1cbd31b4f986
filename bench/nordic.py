"""Nordic pages: text extraction and PNG rendering, cold and cached, next to raw pypdfium2 on
the same pages in the same run."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pypdfium2 as pdfium

from filings.documents.snapshots import render_page_png
from filings.ingest.nordic.documents import pdf_pages

CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))
RENDER_DPI = 150
RENDER_PAGES = 12


def _raw_text(paths: list[Path]) -> int:
    pages = 0
    for path in paths:
        pdf = pdfium.PdfDocument(str(path))
        for index in range(len(pdf)):
            pdf[index].get_textpage().get_text_range()
            pages += 1
        pdf.close()
    return pages


def _raw_render(path: Path, count: int, out: Path) -> None:
    pdf = pdfium.PdfDocument(str(path))
    for index in range(count):
        pdf[index].render(scale=RENDER_DPI / 72).to_pil().save(out / f"raw-{index}.png")
    pdf.close()


def _timed(work: object) -> float:
    started = time.perf_counter()
    work()  # type: ignore[operator]
    return time.perf_counter() - started


def main() -> None:
    """Measure and print pages/s with ratios against raw pypdfium2."""
    paths = sorted((CORPUS / "nordic/reports").glob("*/*.pdf"))
    raw_seconds = _timed(lambda: _raw_text(paths))
    started = time.perf_counter()
    pages = sum(len(pdf_pages(path.read_bytes())) for path in paths)
    ours_seconds = time.perf_counter() - started
    sample = paths[0]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        raw_render = _timed(lambda: _raw_render(sample, RENDER_PAGES, out))
        cold = _timed(
            lambda: [
                render_page_png(sample, n, RENDER_DPI, out / "c")
                for n in range(1, RENDER_PAGES + 1)
            ]
        )
        cached = _timed(
            lambda: [
                render_page_png(sample, n, RENDER_DPI, out / "c")
                for n in range(1, RENDER_PAGES + 1)
            ]
        )
    text_rate, raw_rate = pages / ours_seconds, pages / raw_seconds
    print(f"\nNordic text extraction: {pages} pages of {len(paths)} PDFs")
    print(f"raw pypdfium2: {raw_rate:,.0f} pages/s; ", end="")
    print(f"ingestion reader: {text_rate:,.0f} pages/s (x{text_rate / raw_rate:.2f} of raw)")
    n = RENDER_PAGES
    print(f"PNG at {RENDER_DPI} dpi, {n} pages: raw {n / raw_render:.1f} pages/s, ", end="")
    print(f"snapshot cold {n / cold:.1f} pages/s (x{raw_render / cold:.2f}), ", end="")
    print(f"cached {n / cached:,.0f} pages/s (x{raw_render / cached:,.0f})")
