"""Sector tags (`tag_slugs`) from SIC codes: the SIC division, and a theme where one is clear."""

from __future__ import annotations

DIVISIONS: list[tuple[int, int, str]] = [
    (100, 999, "agriculture"),
    (1000, 1499, "mining"),
    (1500, 1799, "construction"),
    (2000, 3999, "manufacturing"),
    (4000, 4999, "transportation-utilities"),
    (5000, 5199, "wholesale"),
    (5200, 5999, "retail"),
    (6000, 6799, "financials"),
    (7000, 8999, "services"),
    (9100, 9999, "public-administration"),
]
THEMES: list[tuple[int, int, str]] = [
    (3570, 3579, "technology"),
    (3600, 3699, "technology"),
    (7370, 7379, "technology"),
    (3674, 3674, "semiconductors"),
    (7370, 7379, "software"),
    (3570, 3579, "hardware"),
    (3711, 3716, "automotive"),
    (2833, 2836, "pharmaceuticals"),
    (1311, 1389, "energy"),
    (2911, 2911, "energy"),
    (4800, 4899, "telecommunications"),
    (4900, 4991, "utilities"),
    (6020, 6039, "banks"),
    (6300, 6411, "insurance"),
    (6500, 6798, "real-estate"),
]


def sector_tags(sic: str | None) -> list[str]:
    """The tags of a SIC code, division first."""
    if not sic or not sic.isdigit():
        return []
    code = int(sic)
    tags = [slug for low, high, slug in DIVISIONS + THEMES if low <= code <= high]
    return list(dict.fromkeys(tags))
