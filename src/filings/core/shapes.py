"""The base of the API's data shapes."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class AnswerShape(BaseModel):
    """A data shape of an answer: every field is always written (null when empty), so the API
    document marks every field required, and a typed client tells data from a miss (which
    has none of them, and always `error`)."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)
