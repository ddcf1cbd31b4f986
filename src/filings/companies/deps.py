"""Request dependencies of the company-scoped routes."""

from __future__ import annotations

from fastapi import Request

from filings.companies.service import CompanyDirectory


async def company_directory(request: Request) -> CompanyDirectory:
    """The app's company directory (the cached resolution index)."""
    directory: CompanyDirectory = request.app.state.company_directory
    return directory
