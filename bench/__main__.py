"""`make bench`: every benchmark of the service, each printing its figures against a baseline
measured in the same run: endpoint throughput with wrk next to a bare FastAPI endpoint and the
scale check (`bench.speed`), ingestion next to plain parsing (`bench.ingest`), the Nordic
reader, US documents, content search and FinanceBench's page-level retrieval."""

from __future__ import annotations

from bench import datasets, documents, financebench, ingest, nordic, search, speed


def main() -> None:
    """Run every benchmark in turn."""
    speed.main()
    ingest.main()
    datasets.main()
    nordic.main()
    documents.main()
    search.main()
    financebench.main([])


if __name__ == "__main__":
    main()
