"""What an operation is: its name, its HTTP method and path, its arguments (one model), its
answers and the service work it runs. Everything else is derived from it."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import datetime
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel
from sqlalchemy import Connection

from filings.api.state import Services
from filings.web.deps import Render

Work = Callable[[Connection], BaseModel]
Q = TypeVar("Q", bound=BaseModel)


@dataclass(frozen=True)
class Call:
    """One call of an operation: the app's services, where the caller reached the service
    (`origin`, scheme://host[:port], for absolute links) and when."""

    services: Services
    origin: str
    now: datetime


@dataclass(frozen=True)
class Operation(Generic[Q]):
    """One operation of the API, declared once.

    `arguments` is the model of every argument (descriptions, bounds, defaults); the fields
    named in `path` are path parameters over HTTP, the others query parameters (GET) or the
    JSON body (POST). `answers` are the data shapes (a miss is always possible besides).
    `description` says what the operation answers and how large an answer is; it is the API
    document's description and the MCP tool's. `work` builds the service work for parsed
    arguments. `cached`: the answer depends only on the data and the arguments. `csv`: how
    the answer is written as CSV, when it can be.
    """

    name: str
    method: Literal["GET", "POST"]
    path: str
    tag: str
    arguments: type[Q]
    answers: tuple[type[BaseModel], ...]
    summary: str
    description: str
    work: Callable[[Q, Call], Work]
    cached: bool = True
    csv: Render | None = None

    @property
    def path_names(self) -> list[str]:
        """The arguments carried in the path."""
        return re.findall(r"{(\w+)", self.path)

    def question(self, arguments: Q, as_csv: bool) -> Hashable | None:
        """The answer cache's key: the operation, every argument and the format; None when
        the answer is not kept."""
        if not self.cached:
            return None
        return (self.name, arguments.model_dump_json(), as_csv)
