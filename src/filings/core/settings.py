"""Service settings: every knob the operator can turn, read once from `FILINGS_*` variables."""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

MEBIBYTE = 1024 * 1024
MIN_SECRET_LENGTH = 32
DEFAULT_SECRETS = frozenset({"change-me-snapshot-secret", "change-me-key-hash-secret"})


def _default_database_url() -> str:
    return f"sqlite:///{Path('var') / 'filings.db'}"


class Settings(BaseSettings):
    """Runtime configuration; build it once (`Settings()`) and pass it down."""

    model_config = SettingsConfigDict(
        env_prefix="FILINGS_", extra="forbid", frozen=True, validate_default=True
    )

    database_url: str = Field(
        default_factory=_default_database_url,
        description="SQLAlchemy URL of the database; SQLite file under ./var by default, "
        "postgresql+psycopg://... for scale-out.",
    )
    data_dir: Path = Field(
        default=Path("var"),
        description="Directory for service data: the SQLite file, rendered page PNGs, caches.",
    )
    corpus: Path = Field(
        default=Path("../shared/corpus"),
        description="Local corpus (SEC mirror and Nordic feed) ingested by `make run` "
        "when the database is empty.",
    )
    redis_url: str | None = Field(
        default=None,
        description="Redis URL for shared rate-limit, quota and idempotency state; "
        "unset means the SQL database holds them.",
    )
    redis_namespace: str = Field(
        default="filings",
        min_length=1,
        description="Prefix of every Redis key, so deployments can share one Redis.",
    )
    request_timeout: float = Field(
        default=30.0, gt=0, description="Seconds a request may run before the server answers 504."
    )
    idempotency_wait: float = Field(
        default=10.0,
        gt=0,
        description="Seconds a request waits for a running twin with the same Idempotency-Key "
        "before a 429 with Retry-After: 1 (never longer than 80 % of the request timeout).",
    )
    access_threads: int = Field(
        default=4,
        ge=1,
        description="Worker threads per process that run the access checks at once; more "
        "requests wait for one on the event loop. A few keep throughput and tail latency under "
        "load (many threads fight over the interpreter lock); the data work has its own.",
    )
    database_timeout: float = Field(
        default=3.0,
        gt=0,
        description="Seconds a database call waits for a lock (SQLite's busy timeout), a "
        "connection or a pooled connection before the store counts as unavailable.",
    )
    data_poll_seconds: float = Field(
        default=1.0,
        ge=0,
        description="Seconds between reads of the data generation: an ingestion shows in "
        "company resolution within this time; requests in between ask no store whether data "
        "changed.",
    )
    answer_cache_mb: int = Field(
        default=64,
        ge=0,
        description="Megabytes of finished answers each worker keeps while the data they were "
        "made from is unchanged (0: none).",
    )
    redis_timeout: float = Field(
        default=2.0,
        gt=0,
        description="Seconds to connect to Redis or wait for its answer before it counts as down.",
    )
    max_body_bytes: int = Field(
        default=2 * MEBIBYTE,
        gt=0,
        description="Largest request body accepted, in bytes (2 MB); larger bodies get 413.",
    )
    blocked_networks: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="Client networks refused with 403, comma-separated CIDR blocks "
        "(e.g. `203.0.113.0/24,2001:db8::/32`).",
    )
    maintenance: bool = Field(
        default=False, description="Maintenance mode: every API request answers 503."
    )
    maintenance_message: str = Field(
        default="The service is down for planned maintenance.",
        description="The `detail` of the 503 answer in maintenance mode.",
    )
    maintenance_retry_after: int = Field(
        default=300, ge=1, description="Seconds sent in `Retry-After` during maintenance."
    )
    snapshot_secret: SecretStr = Field(
        default=SecretStr("change-me-snapshot-secret"),
        description="Secret that signs the expiring page-snapshot links.",
    )
    api_key: SecretStr | None = Field(
        default=None,
        description="The API key `filings mcp` (MCP over stdio) calls the tools with; its plan, "
        "limits and quota apply as to HTTP requests.",
    )
    key_hash_secret: SecretStr = Field(
        default=SecretStr("change-me-key-hash-secret"),
        description="Server secret of the HMAC-SHA256 under which API keys are stored.",
    )
    index_vectors: bool = Field(
        default=True,
        description="Compute missing passage vectors in a background thread of the server; "
        "until they are complete, content search answers from full text (`mode: fulltext`).",
    )
    index_threads: int | None = Field(
        default=None,
        ge=1,
        description="Cores the passage indexer embeds on: `filings index` takes all of them by "
        "default, the server's background indexer one (leaving the others to requests).",
    )
    vector_cache: Path | None = Field(
        default=None,
        description="A `.npz` file or a folder where passage vectors are also kept by model and "
        "text hash, so re-ingesting or rebuilding a database embeds only texts never embedded "
        "before (`filings index` and the server's indexer read and add to it).",
    )
    dev_mode: bool = Field(
        default=False,
        description="Development mode (`make run` switches it on): the default secrets are "
        "allowed. Outside it the server refuses to start with a default or short secret.",
    )
    public_url: str = Field(
        default="http://127.0.0.1:8000",
        description="The service's address as clients reach it, for absolute links where no "
        "request names the host (the MCP tools over stdio, `filings mcp`).",
    )
    sec_user_agent: str | None = Field(
        default=None,
        description="User-Agent declared to the SEC (name and e-mail) for live EDGAR requests; "
        "live ingestion refuses to run without it.",
    )
    esef_user_agent: str | None = Field(
        default=None,
        description="User-Agent naming the operator (name and e-mail or URL) for requests to "
        "filings.xbrl.org (ESEF index and report packages); when unset the SEC one is used, and "
        "live ESEF requests refuse to run without either.",
    )

    @field_validator("blocked_networks", mode="before")
    @classmethod
    def _split_networks(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("blocked_networks")
    @classmethod
    def _check_networks(cls, value: list[str]) -> list[str]:
        for network in value:
            ipaddress.ip_network(network, strict=False)
        return value

    @classmethod
    def unknown_variables(cls, environ: Mapping[str, str]) -> list[str]:
        """`FILINGS_*` names in `environ` that are no setting (typos); test variables excepted."""
        known = {f"FILINGS_{name.upper()}" for name in cls.model_fields}
        return sorted(
            name
            for name in environ
            if name.upper().startswith("FILINGS_")
            and name.upper() not in known
            and not name.upper().startswith("FILINGS_TEST_")
        )

    def secret_problems(self) -> list[str]:
        """Why the secrets are not fit to serve with outside development mode (empty: fit)."""
        if self.dev_mode:
            return []
        problems = []
        for name in ("snapshot_secret", "key_hash_secret"):
            value = getattr(self, name).get_secret_value()
            variable = f"FILINGS_{name.upper()}"
            if value in DEFAULT_SECRETS:
                problems.append(f"{variable} is the development default")
            elif len(value) < MIN_SECRET_LENGTH:
                problems.append(f"{variable} is shorter than {MIN_SECRET_LENGTH} characters")
        return problems

    def effective_idempotency_wait(self) -> float:
        """How long a duplicate waits for its twin: the setting, below the request timeout."""
        return min(self.idempotency_wait, self.request_timeout * 0.8)

    @property
    def blocked_network_objects(self) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
        """The blocked networks parsed."""
        return [ipaddress.ip_network(n, strict=False) for n in self.blocked_networks]
