"""Where SEC documents come from: a local mirror laid out as the SEC's hosts, or HTTP.

Paths are host + path, e.g. `data.sec.gov/submissions/CIK0000320193.json`, so the same ingester
reads `<mirror>/data.sec.gov/...`, `<base-url>/data.sec.gov/...` or `https://data.sec.gov/...`.
"""

from __future__ import annotations

import json
import time
from decimal import Decimal
from pathlib import Path
from typing import Any, Protocol

import httpx

from filings.core.errors import (
    ConfigurationError,
    DataSourceUnavailable,
    MalformedInput,
    SourceMissing,
)
from filings.ingest.pacing import Pacer

TICKERS_PATH = "www.sec.gov/files/company_tickers.json"
MAX_REQUESTS_PER_SECOND = 10
MAX_ATTEMPTS = 5
IMMUTABLE_PREFIX = "www.sec.gov/Archives/"


def parse_json(raw: bytes, path: str) -> Any:
    """JSON with decimals kept exact."""
    try:
        return json.loads(raw, parse_float=Decimal)
    except ValueError as exc:
        raise MalformedInput(f"{path}: not JSON ({exc})") from exc


class SecSource(Protocol):
    """Reads SEC documents by host + path."""

    def read(self, path: str) -> bytes:
        """The document's bytes; SourceMissing when it does not exist."""
        ...

    def describe(self, path: str) -> str:
        """Where `path` is read from, for messages: a file or a URL."""
        ...

    def known_ciks(self) -> list[str] | None:
        """The CIKs this source holds data for, when it can list them (a mirror can)."""
        ...

    def submission_texts(self, cik: str) -> list[str]:
        """Paths of the full submission `.txt` files held for a CIK (a mirror can list them;
        the live hosts are asked only for filings the submissions index names)."""
        ...

    def archive_folders(self, cik: str) -> dict[str, list[str]]:
        """The filing folders held for a CIK: accession number (with dashes) -> file names.
        A mirror can list them; the live hosts cannot (empty)."""
        ...


ARCHIVES = "www.sec.gov/Archives/edgar/data"
_ACCESSION_FOLDER = 18  # digits of an accession number without its dashes


def accession_of_folder(name: str) -> str | None:
    """`000032019324000123` -> `0000320193-24-000123`; None for a folder of another name."""
    if len(name) != _ACCESSION_FOLDER or not name.isdigit():
        return None
    return f"{name[:10]}-{name[10:12]}-{name[12:]}"


class MirrorSource:
    """A directory laid out as the SEC's servers."""

    def __init__(self, root: Path):
        if not root.is_dir():
            raise ConfigurationError(f"no SEC mirror at {root}")
        self.root = root

    def describe(self, path: str) -> str:
        """The file `path` is read from."""
        return str(self.root / path)

    def read(self, path: str) -> bytes:
        """The file's bytes."""
        file = self.root / path
        if not file.is_file():
            raise SourceMissing(path)
        return file.read_bytes()

    def submission_texts(self, cik: str) -> list[str]:
        """Paths of the full submission `.txt` files in the CIK's Archives folders."""
        folder = self.root / ARCHIVES / str(int(cik))
        found = sorted(folder.glob("*/??????????-??-??????.txt"))
        return [str(path.relative_to(self.root)) for path in found]

    def archive_folders(self, cik: str) -> dict[str, list[str]]:
        """The CIK's filing folders in the mirror and the files each holds."""
        out: dict[str, list[str]] = {}
        base = self.root / ARCHIVES / str(int(cik))
        for folder in sorted(base.iterdir()) if base.is_dir() else []:
            accession = accession_of_folder(folder.name)
            if accession is not None and folder.is_dir():
                out[accession] = sorted(f.name for f in folder.iterdir() if f.is_file())
        return out

    def known_ciks(self) -> list[str] | None:
        """CIKs with a submissions or companyfacts file, or a filing folder, in the mirror."""
        found = set()
        for listing in ("data.sec.gov/submissions", "data.sec.gov/api/xbrl/companyfacts"):
            for file in (self.root / listing).glob("CIK??????????.json"):
                found.add(file.stem[3:])
        archives = self.root / ARCHIVES
        for held in archives.iterdir() if archives.is_dir() else []:
            if held.name.isdigit() and any(held.iterdir()):
                found.add(held.name.zfill(10))
        return sorted(found)


class HttpSource:
    """The SEC's live hosts (or a base URL serving the same paths), under the fair-access rules:
    a declared User-Agent, at most 10 requests a second, backoff on 429 and 5xx, and immutable
    Archives files cached for good."""

    def __init__(
        self,
        *,
        user_agent: str | None,
        cache_dir: Path,
        base_url: str | None = None,
        transport: httpx.BaseTransport | None = None,
        backoff_seconds: float = 1.0,
    ):
        if not user_agent or not user_agent.strip():
            raise ConfigurationError(
                "set FILINGS_SEC_USER_AGENT (name and e-mail): the SEC requires a declared "
                "User-Agent"
            )
        self.base_url = base_url.rstrip("/") if base_url else None
        self.cache_dir = cache_dir
        self.backoff_seconds = backoff_seconds
        self.pacer = Pacer(MAX_REQUESTS_PER_SECOND)
        self.client = httpx.Client(
            headers={"User-Agent": user_agent, "Accept-Encoding": "gzip, deflate"},
            timeout=30,
            follow_redirects=True,
            transport=transport,
        )
        self.requests = 0

    def url(self, path: str) -> str:
        """Where `path` is fetched from."""
        return f"{self.base_url}/{path}" if self.base_url else f"https://{path}"

    def describe(self, path: str) -> str:
        """The URL `path` is fetched from."""
        return self.url(path)

    def read(self, path: str) -> bytes:
        """The document, from the cache for Archives files, else over HTTP."""
        cached = self.cache_dir / path
        if path.startswith(IMMUTABLE_PREFIX) and cached.is_file():
            return cached.read_bytes()
        body = self._fetch(path)
        if path.startswith(IMMUTABLE_PREFIX):
            cached.parent.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(cached.suffix + ".part")
            partial.write_bytes(body)
            partial.replace(cached)
        return body

    def _fetch(self, path: str) -> bytes:
        for attempt in range(MAX_ATTEMPTS):
            self.pacer.wait()
            self.requests += 1
            try:
                response = self.client.get(self.url(path))
            except httpx.TransportError as exc:
                error: Exception = exc
            else:
                if response.status_code == 404:
                    raise SourceMissing(path)
                if response.status_code < 400:
                    return response.content
                if response.status_code != 429 and response.status_code < 500:
                    raise MalformedInput(f"{path}: HTTP {response.status_code}")
                error = DataSourceUnavailable(f"{path}: HTTP {response.status_code}")
                retry_after = response.headers.get("Retry-After", "").strip()
                if retry_after.isdigit():
                    time.sleep(min(int(retry_after), 60))
                    continue
            time.sleep(self.backoff_seconds * 2**attempt)
        raise DataSourceUnavailable(f"{path}: gave up after {MAX_ATTEMPTS} attempts ({error})")

    def known_ciks(self) -> list[str] | None:
        """A live source cannot list its CIKs."""
        return None

    def submission_texts(self, cik: str) -> list[str]:
        """The live hosts are not listed: filings come from the submissions index."""
        return []

    def archive_folders(self, cik: str) -> dict[str, list[str]]:
        """The live hosts are not listed."""
        return {}

    def close(self) -> None:
        """Close the HTTP client."""
        self.client.close()
