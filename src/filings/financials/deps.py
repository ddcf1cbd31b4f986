"""Request dependencies of the figures routes."""

from __future__ import annotations

from fastapi import Request

from filings.financials.queries import PeriodCache


async def period_cache(request: Request) -> PeriodCache:
    """The app's cache of companies' periods."""
    cache: PeriodCache = request.app.state.period_cache
    return cache
