"""Before the vectors are computed, content search answers from full text and says so; once
every passage has its vector it fuses both rankings."""

from __future__ import annotations

import numpy as np
from fastapi.testclient import TestClient
from sqlalchemy import Connection, select

from filings.api.state import services_of
from filings.db.tables import passages
from filings.ingest.passages import PlacedPassage, split_passages, sync_passages
from filings.search.vectors import VectorIndex, embed_missing
from tests.conftest import SavepointDatabase
from tests.factories import add_company, add_filing, add_page

SEARCH = "/api/v1/data/filings/content-search"
TEXT = (
    "Lifco offers secure, long-term ownership for small and medium-sized companies. "
    "Net sales increased by 15.8 per cent in 2019 to SEK 13,845 million, driven by "
    "acquisitions, organic growth and foreign exchange gains."
)


class KeywordEmbedder:
    """A tiny stand-in embedder: one dimension per word of a fixed vocabulary."""

    model = "keywords"
    words = ["sales", "ownership", "acquisitions", "weather"]

    def _vector(self, text: str) -> np.ndarray:
        vector = np.array([text.lower().count(w) for w in self.words], dtype=np.float32) + 0.01
        return vector / np.linalg.norm(vector)

    def passages(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._vector(t) for t in texts])

    def query(self, text: str) -> np.ndarray:
        return self._vector(text)


def _document(connection: Connection) -> str:
    company = add_company(connection, "lifco", "Lifco AB", market="nordic", tickers=("LIFCO B",))
    filing = add_filing(
        connection,
        company,
        market="nordic",
        docid="00000000000000aa",
        document_type="annual_report",
        fiscal_year=2019,
        language="en",
    )
    page_id = add_page(connection, filing, "00000000000000aa", 1, TEXT)
    placed = [PlacedPassage(page_id, 1, p) for p in split_passages(TEXT, "Highlights")]
    sync_passages(connection, filing, company, "en", placed)
    return page_id


def test_full_text_first_then_hybrid(
    client: TestClient, connection: Connection, database: SavepointDatabase
) -> None:
    page_id = _document(connection)
    engine = services_of(client.app).engine
    engine.index = VectorIndex(refresh_seconds=0)  # look at the store on every request
    before = client.post(SEARCH, json={"query": "net sales 2019"}).json()
    assert before["mode"] == "fulltext"
    assert before["index"] == {"passages": 1, "with_vectors": 0}
    (hit,) = before["results"]
    assert hit["page_id"] == page_id and hit["content_title"] == "Highlights"
    assert hit["score"] == 1.0 and hit["year"] == "2019" and hit["page_number"] == 1

    engine.embedder = KeywordEmbedder()
    assert embed_missing(database, engine.embedder) == 1
    after = client.post(SEARCH, json={"query": "sales"}).json()
    assert after["mode"] == "hybrid" and after["index"]["with_vectors"] == 1
    assert after["results"][0]["page_id"] == page_id

    # Re-ingested while the index in memory still holds the old passage ids: no error, and the
    # answer holds only passages that exist.
    engine.index.refresh_seconds = 3600
    filing = connection.execute(select(passages.c.filing_pk)).scalar_one()
    company = connection.execute(select(passages.c.company_pk)).scalar_one()
    other = add_filing(connection, company, market="nordic", docid="00000000000000cc")
    note = [PlacedPassage("00000000000000cc_1", 1, p) for p in split_passages(TEXT + " A note.")]
    sync_passages(connection, other, company, "en", note)  # so that no passage id is reused
    replaced = [PlacedPassage(page_id, 1, p) for p in split_passages(TEXT + " More sales.")]
    sync_passages(connection, filing, company, "en", replaced)
    again = client.post(SEARCH, json={"query": "sales"})
    assert again.status_code == 200 and again.json()["results"][0]["page_id"] == page_id
