"""A Python client of the filings API (sync and async, over httpx)."""

from filings_client import models
from filings_client.client import AsyncFilingsClient, FilingsClient, FilingsHTTPError, MissError
from filings_client.models import Miss

__all__ = [
    "AsyncFilingsClient",
    "FilingsClient",
    "FilingsHTTPError",
    "Miss",
    "MissError",
    "models",
]
