"""US filing documents: text extraction (pages, sections, tables as rows) and inline-XBRL facts,
next to a plain lxml parse of the same files in the same run."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

from lxml import html

from filings.ingest.sec.html_text import read_pages
from filings.ingest.sec.sections import text_units
from filings.ingest.xbrl.inline import read_inline

CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))
ROUNDS = 3
DOCUMENTS = {  # the mirror's inline-XBRL primary documents, by form
    "320193/000032019324000123/aapl-20240928.htm": "10-K",
    "1045810/000104581025000023/nvda-20250126.htm": "10-K",
    "1045810/000104581025000209/nvda-20250727.htm": "10-Q",
    "1045810/000104581026000024/nvda-20260302.htm": "8-K",
    "1318605/000162828025003063/tsla-20241231.htm": "10-K",
}


def _best_of(work: Callable[[], object]) -> float:
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    """Time each step over every document; print documents/s, MB/s and ratios."""
    folder = CORPUS / "sec/www.sec.gov/Archives/edgar/data"
    files = {folder / name: form for name, form in DOCUMENTS.items()}
    contents = {path: path.read_bytes() for path in files}
    megabytes = sum(len(c) for c in contents.values()) / 1e6

    def plain() -> None:
        for content in contents.values():
            html.document_fromstring(content)

    def text() -> None:
        for path, content in contents.items():
            text_units(read_pages(content), files[path])

    def facts() -> None:
        for content in contents.values():
            read_inline(content)

    timings = {"plain lxml.html parse": _best_of(plain)}
    timings["text: pages, sections, tables"] = _best_of(text)
    timings["inline-XBRL facts"] = _best_of(facts)
    base = timings["plain lxml.html parse"]
    print(f"\nUS filing documents: {len(files)} documents, {megabytes:.1f} MB, best of {ROUNDS}")
    print(f"{'step':32} {'docs/s':>8} {'MB/s':>8} {'x plain parse':>14}")
    for name, seconds in timings.items():
        print(
            f"{name:32} {len(files) / seconds:8.1f} {megabytes / seconds:8.1f} "
            f"{seconds / base:14.2f}"
        )


if __name__ == "__main__":
    main()
