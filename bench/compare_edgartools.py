"""`make compare-edgartools`: the service's annual US figures next to edgartools' on the same
companyfacts files, agreement per company and every disagreement, so that the next change of the
concept mapping shows what it moved.

edgartools runs in an environment of its own (`EDGARTOOLS_PYTHON`, which `make` prepares under
var/); it is never a dependency of the service. Both sides read the mirror's companyfacts only
(no filing documents), offline.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import select

from filings.db.engine import Database, make_engine
from filings.db.migrate import upgrade
from filings.db.tables import companies, metric_values
from filings.ingest.sec.fetch import read_tickers
from filings.ingest.sec.pipeline import ingest_sec
from filings.ingest.sec.source import MirrorSource

CORPUS = Path(os.environ.get("FILINGS_CORPUS", "../shared/corpus"))
EDGARTOOLS_PYTHON = os.environ.get("EDGARTOOLS_PYTHON", "var/edgartools-venv/bin/python")
# Our metric key -> the edgartools accessor that means the same thing.
PAIRS = {
    "revenue": "get_revenue",
    "gross_profit": "get_gross_profit",
    "operating_income": "get_operating_income",
    "net_income_to_parent": "get_net_income",
    "total_assets": "get_total_assets",
    "total_liabilities": "get_total_liabilities",
    "equity_to_parent": "get_shareholders_equity",
}
TOLERANCE = Decimal("0.005")  # 0.5 %: the same figure, whatever its rounding

EDGARTOOLS_SIDE = """
import json, sys
from edgar.entity.parser import EntityFactsParser
pairs, wanted = json.loads(sys.argv[1]), json.loads(sys.argv[2])
out = {}
for cik, (path, years) in wanted.items():
    facts = EntityFactsParser.parse_company_facts(json.load(open(path)))
    out[cik] = {}
    for metric, accessor in pairs.items():
        for year in years:
            try:
                value = getattr(facts, accessor)(period=f"{year}-FY")
            except Exception:
                value = None
            if value is not None:
                out[cik].setdefault(metric, {})[str(year)] = str(value)
print(json.dumps(out))
"""


def service_side(
    directory: Path,
) -> tuple[dict[str, dict[str, dict[str, Decimal]]], dict[str, str]]:
    """Our annual values per CIK, metric and fiscal year; and the companies' names."""
    database = Database(make_engine(f"sqlite:///{directory / 'compare.db'}"))
    upgrade(database.engine)
    source = MirrorSource(CORPUS / "sec")
    facts_dir = CORPUS / "sec/data.sec.gov/api/xbrl/companyfacts"
    ciks = sorted(path.stem[3:] for path in facts_dir.glob("CIK*.json"))
    ingest_sec(database, source, ciks, read_tickers(source), documents=None)
    values: dict[str, dict[str, dict[str, Decimal]]] = defaultdict(lambda: defaultdict(dict))
    names: dict[str, str] = {}
    with database.transaction() as conn:
        rows = conn.execute(
            select(
                companies.c.cik,
                companies.c.display_name,
                metric_values.c.metric_key,
                metric_values.c.fiscal_year,
                metric_values.c.value,
            )
            .join(companies, companies.c.id == metric_values.c.company_pk)
            .where(
                metric_values.c.metric_key.in_(list(PAIRS)),
                metric_values.c.period_kind.in_(["annual", "instant"]),
                metric_values.c.fiscal_quarter.is_(None)
                | (metric_values.c.period_kind == "annual"),
            )
        )
        for row in rows:
            if row.cik in ciks:
                names[row.cik] = row.display_name
                values[row.cik][row.metric_key][str(row.fiscal_year)] = Decimal(row.value)
    database.dispose()
    return values, names


def edgartools_side(ours: dict[str, dict[str, dict[str, Decimal]]]) -> dict[str, Any]:
    """edgartools' values for the same companies and years, from its own environment."""
    facts_dir = CORPUS / "sec/data.sec.gov/api/xbrl/companyfacts"
    wanted = {
        cik: (
            str(facts_dir / f"CIK{cik}.json"),
            sorted({int(y) for series in metrics.values() for y in series}),
        )
        for cik, metrics in ours.items()
    }
    run = subprocess.run(
        [EDGARTOOLS_PYTHON, "-c", EDGARTOOLS_SIDE, json.dumps(PAIRS), json.dumps(wanted)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Compare every company and metric both sides produce; print agreement and differences."""
    with tempfile.TemporaryDirectory() as tmp:
        ours, names = service_side(Path(tmp))
    theirs = edgartools_side(ours)
    print(f"\nannual values, ours against edgartools {'(within 0.5 %)':>20}")
    total_agree = total_both = 0
    differences = []
    for cik in sorted(ours):
        agree = both = 0
        for metric, series in ours[cik].items():
            for year, value in series.items():
                other = theirs.get(cik, {}).get(metric, {}).get(year)
                if other is None:
                    continue
                both += 1
                expected = Decimal(other)
                if abs(value - expected) <= abs(expected) * TOLERANCE:
                    agree += 1
                else:
                    differences.append((names.get(cik, cik), metric, year, value, expected))
        total_agree, total_both = total_agree + agree, total_both + both
        share = f"{agree / both:.1%}" if both else "-"
        print(f"  {names.get(cik, cik)[:36]:36} {agree:5}/{both:<5} {share:>7}")
    print(f"  {'all':36} {total_agree:5}/{total_both:<5} {total_agree / max(total_both, 1):.1%}")
    print("\ndisagreements (company, metric, fiscal year, ours, edgartools):")
    for name, metric, year, value, expected in sorted(differences):
        print(f"  {name[:28]:28} {metric:22} {year} {value:>20} {expected:>20}")


if __name__ == "__main__":
    main()
