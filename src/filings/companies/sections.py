"""`sections`: a profile narrowed to some of its sections, so that a client (an agent above
all) asks for what it reads and no more."""

from __future__ import annotations

from typing import Any

from filings.companies.schemas import PROFILE_SECTIONS, ProfileResponse
from filings.core.misses import Miss, invalid_choice

# Keys that name the profile rather than hold a section: always kept.
_ABOUT = frozenset(
    {"company_name", "locale", "requested_locale", "locale_note", "source", "updated_at"}
)


def _section_of(key: str) -> str:
    """The section a key of the answer belongs to (`overview_full_text` to `overview`)."""
    return next((s for s in PROFILE_SECTIONS if key == s or key.startswith(f"{s}_")), key)


def only_sections(answer: ProfileResponse | Miss, sections: list[str]) -> ProfileResponse | Miss:
    """A profile with only the sections named (and their citations)."""
    if isinstance(answer, Miss):
        return answer
    for name in sections:
        if name not in PROFILE_SECTIONS:
            return invalid_choice("sections", name, PROFILE_SECTIONS)
    wanted = set(sections)
    data: dict[str, Any] = answer.model_dump()
    kept = {
        key: value
        for key, value in data.items()
        if key in _ABOUT or key == "citations" or _section_of(key) in wanted
    }
    if isinstance(kept.get("citations"), dict):
        kept["citations"] = {k: v for k, v in kept["citations"].items() if k in wanted}
    for field in ("overview", "strategy"):  # declared fields: present, null when not asked
        kept.setdefault(field, None)
    return ProfileResponse.model_validate(kept)
