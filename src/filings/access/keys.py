"""API keys: `svc_` and 43 random URL-safe characters, stored only as an HMAC-SHA256."""

from __future__ import annotations

import hashlib
import hmac
import secrets

KEY_PREFIX = "svc_"
RANDOM_BYTES = 32  # 43 URL-safe characters
DISPLAY_CHARS = 8


def generate_key() -> str:
    """A new secret API key."""
    return KEY_PREFIX + secrets.token_urlsafe(RANDOM_BYTES)


def hash_key(key: str, secret: str) -> str:
    """The keyed hash under which a key is stored and looked up."""
    return hmac.new(secret.encode(), key.encode(), hashlib.sha256).hexdigest()


def hashes_match(stored: str, computed: str) -> bool:
    """Compare two key hashes in constant time."""
    return hmac.compare_digest(stored.encode(), computed.encode())


def display_prefix(key: str) -> str:
    """The part of a key safe to show in listings: `svc_` and 8 characters."""
    return key[: len(KEY_PREFIX) + DISPLAY_CHARS]


def looks_like_key(text: str) -> bool:
    """Whether `text` has the shape of one of our keys (cheap pre-check before hashing)."""
    return text.startswith(KEY_PREFIX) and 40 <= len(text) - len(KEY_PREFIX) <= 200
