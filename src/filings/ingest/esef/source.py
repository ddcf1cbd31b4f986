"""Where ESEF packages and index pages come from: local files, or HTTP under the rules a
non-profit's host deserves (as the SEC side does for EDGAR): a User-Agent naming the operator
(it refuses to run without one), at most one request a second, retries with exponential
backoff (and `Retry-After`) on 429 and 5xx, downloads capped in size, and packages cached for
good under the data directory (a package's path never changes content: a correction is a new
submission with a path of its own).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from filings.core.errors import (
    ConfigurationError,
    DataSourceUnavailable,
    MalformedInput,
    SourceMissing,
)
from filings.ingest.esef.index import IndexPage, on_origin, read_index_page
from filings.ingest.pacing import Pacer

MAX_REQUESTS_PER_SECOND = 1.0
MAX_ATTEMPTS = 5
MAX_PACKAGE_BYTES = 512 * 1024 * 1024
MAX_INDEX_BYTES = 64 * 1024 * 1024
MAX_PAGES = 10_000


def is_url(location: str) -> bool:
    """Whether a location is an HTTP(S) URL rather than a file."""
    return location.startswith(("http://", "https://"))


def read_file(location: str, limit: int = MAX_PACKAGE_BYTES) -> bytes:
    """A local file's bytes, refused past `limit`."""
    path = Path(location)
    if not path.is_file():
        raise SourceMissing(f"no such file: {location}")
    if path.stat().st_size > limit:
        raise MalformedInput(f"{location}: larger than {limit} bytes")
    return path.read_bytes()


class EsefHttp:
    """filings.xbrl.org (or a host serving the same paths) over HTTP."""

    def __init__(
        self,
        *,
        user_agent: str | None,
        cache_dir: Path,
        transport: httpx.BaseTransport | None = None,
        backoff_seconds: float = 1.0,
        per_second: float | None = None,
    ):
        if not user_agent or not user_agent.strip():
            raise ConfigurationError(
                "set FILINGS_ESEF_USER_AGENT (or FILINGS_SEC_USER_AGENT) to your name and e-mail "
                "or URL: filings.xbrl.org is asked to know who is calling"
            )
        self.cache_dir = cache_dir
        self.backoff_seconds = backoff_seconds
        self.pacer = Pacer(per_second or MAX_REQUESTS_PER_SECOND)
        self.client = httpx.Client(
            headers={"User-Agent": user_agent.strip()},
            timeout=60,
            follow_redirects=True,
            transport=transport,
        )
        self.requests = 0

    def _attempt(self, url: str, limit: int) -> bytes | float:
        """The body, or how long to wait before trying again."""
        self.pacer.wait()
        self.requests += 1
        with self.client.stream("GET", url) as response:
            if response.status_code == 404:
                raise SourceMissing(f"{url}: not found")
            if response.status_code == 429 or response.status_code >= 500:
                retry_after = response.headers.get("Retry-After", "").strip()
                return float(min(int(retry_after), 60)) if retry_after.isdigit() else -1.0
            if response.status_code >= 400:
                raise MalformedInput(f"{url}: HTTP {response.status_code}")
            body = bytearray()
            for chunk in response.iter_bytes():
                body.extend(chunk)
                if len(body) > limit:
                    raise MalformedInput(f"{url}: larger than {limit} bytes")
            return bytes(body)

    def get(self, url: str, limit: int = MAX_INDEX_BYTES) -> bytes:
        """A URL's body, paced and retried; SourceMissing on 404."""
        error = "no answer"
        for attempt in range(MAX_ATTEMPTS):
            try:
                found = self._attempt(url, limit)
            except httpx.TransportError as exc:
                error, found = str(exc), -1.0
            if isinstance(found, bytes):
                return found
            error = error if error != "no answer" else "HTTP 429 or 5xx"
            time.sleep(found if found >= 0 else self.backoff_seconds * 2**attempt)
        raise DataSourceUnavailable(f"{url}: gave up after {MAX_ATTEMPTS} attempts ({error})")

    def package(self, url: str) -> bytes:
        """A package's bytes, from the cache when fetched before."""
        cached = self.cache_dir / f"{hashlib.sha256(url.encode()).hexdigest()}.bin"
        if cached.is_file():
            return cached.read_bytes()
        body = self.get(url, MAX_PACKAGE_BYTES)
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".part")
        partial.write_bytes(body)
        partial.replace(cached)
        return body

    def index_pages(self, first: str) -> Iterator[IndexPage]:
        """Every page of an index listing, following `links.next` on the host of `first`."""
        url: str | None = first
        seen: set[str] = set()
        while url and url not in seen and len(seen) < MAX_PAGES:
            seen.add(url)
            page = read_index_page(self.get(url))
            yield page
            url = on_origin(page.next_url, first) if page.next_url else None

    def close(self) -> None:
        """Close the HTTP client."""
        self.client.close()


class Locations:
    """Packages and index pages from files, or from URLs through `http` (None: files only)."""

    def __init__(self, http: EsefHttp | None):
        self.http = http

    def _web(self, location: str) -> EsefHttp:
        if self.http is None:
            raise ConfigurationError(f"{location}: a URL, but no HTTP client was set up")
        return self.http

    def package(self, location: str) -> bytes:
        """A package's bytes."""
        return self._web(location).package(location) if is_url(location) else read_file(location)

    def index(self, location: str) -> tuple[list[IndexPage], str | None]:
        """The pages of an index listing (a URL: all, following `links.next`; a file: its one
        page), and the URL it was read from (None for a file)."""
        if is_url(location):
            return list(self._web(location).index_pages(location)), location
        return [read_index_page(read_file(location, MAX_INDEX_BYTES))], None
